"""When to say «Да» or «Нет»: a learned gate over the written situations near a yes/no question
(`bot.lookup.verdicts`).

The hand-made gates of `Situations.hand_verdict` are sure but shy: on questions from new writers they said a verdict
for one situation question in five. Each of their tests (how close the nearest situation is, how much nearer than
the nearest with the other verdict, whether both name the same things and say the same deciding words …) is kept
here as a signal (`FEATURES`), with the hand gates' own decision among them, and a logistic model learned from every
labelled situation question of the question sets but the holdout (`tests/train_verdicts.py`) gives the probability
that a near situation's verdict is the question's (`Situations.candidates`: the nearest, the nearest about the same
things, the hand gates' choice). The surest one's verdict is said when that probability reaches the threshold the
training chose by leaving one set out at a time: the lowest at which the verdicts said to the sets left out were
right at least `PRECISION` of the time (a wrong «Нет» misleads a table more than no verdict).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

WEIGHTS_FILE = Path(__file__).with_name("verdict_weights.json")
# the verdicts said to the sets left out are right at least this often: 0.975, not 0.95, since at 0.95 (threshold
# 0.5) the first holdout measured after the situations had grown by a third got 5 wrong verdicts of 18 said, and
# none from 0.85 up
PRECISION = 0.975
FEATURES = (
    "closeness",  # of the nearest situation in the question's mood (of an answered section, or near enough)
    "margin",  # ... less that of the nearest with the other verdict in the question's mood
    "covered",  # the share of its subject the question has
    "names_apart",  # 1 when it or the question names a thing of the game the other does not
    "says_enough",  # 1 when the question says its counts and turns only what it turns
    "agree",  # 1 when the question's deciding words side with it against its rival
    "decides",  # 1 when the question says a deciding word that tells it from its rival
    "section_place",  # 1 / (1 + the place of its section among the sections found)
    "first_section",  # 1 when its section is the first found
    "flips_apart",  # how many deciding words one of the question and the situation says and the other does not
    "flips_asked",  # ... that the question alone says
    "flips_own",  # ... that the situation alone says
    "outspoken",  # 1 when a close rival says a deciding word of the question that it does not
    "same",  # 1 when it is so close that it is the question's own (`verdicts.SAME`)
    "fitting",  # the closeness of the nearest situation that passes the hand gates' tests of things and words
    "fitting_is_it",  # 1 when that is this situation
    "fitting_agrees",  # 1 when that one has the same verdict
    "agreement",  # the closeness-weighted share of the three nearest that have its verdict
    "negated",  # 1 when the question says «не» or «без»
    "hand",  # 1 when it is the one whose verdict the hand gates say (`Situations.hand_verdict`)
    "nearest",  # 1 when it is the nearest in the question's mood
)


@dataclass(frozen=True)
class Candidate:
    """A situation near a yes/no question, with its signals (`Situations.candidates`)."""

    situation: int  # its index among the situations
    closeness: float
    row: np.ndarray  # its `FEATURES`


@dataclass(frozen=True)
class Gate:
    """A logistic model over standardised `FEATURES` and the probability it must reach."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    threshold: float

    def probability(self, row: np.ndarray) -> float:
        """The probability that a candidate with these features has the question's verdict."""
        z = float(((row - self.mean) / self.scale) @ self.weights + self.bias)
        return 1.0 / (1.0 + np.exp(-z))

    def to_json(self, **about: object) -> str:
        data = {"features": list(FEATURES), "threshold": self.threshold, "bias": round(self.bias, 6),
                "mean": _rounded(self.mean), "scale": _rounded(self.scale), "weights": _rounded(self.weights),
                **about}
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def load(cls, path: Path = WEIGHTS_FILE) -> Gate:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["features"] != list(FEATURES):
            raise ValueError(f"{path.name} was learned with other features: run tests/train_verdicts.py")
        return cls(np.array(data["mean"]), np.array(data["scale"]), np.array(data["weights"]), float(data["bias"]),
                   float(data["threshold"]))


def _rounded(values: np.ndarray) -> list[float]:
    return [round(float(v), 6) for v in values]


def fit(rows: np.ndarray, right: np.ndarray, l2: float, threshold: float = 0.5) -> Gate:
    """A logistic model of `right` (1 when the candidate's verdict was the question's) on standardised features,
    fitted by Newton's method with an L2 penalty `l2` on the weights (not the bias): exact, so the shipped weights
    are reproduced by training again."""
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([(rows - mean) / scale, np.ones((len(rows), 1))])
    penalty = np.full(z.shape[1], l2)
    penalty[-1] = 0.0
    w = np.zeros(z.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        gradient = z.T @ (p - right) + penalty * w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return Gate(mean, scale, w[:-1], float(w[-1]), threshold)

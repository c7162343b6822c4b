"""A learned re-ranking of the rule search's best candidates (`RuleBook.rank`): the hand-weighted score orders all
the sections, then the first `Reranker.depth` of them are scored by the hand score's logarithm plus a
linear model of their signals, kept apart (`FEATURES`: each signal the score adds up, the meaning's cosine to the
section's nearest sentence and nearest asked question, the share of the question the section explains, how much
of its title the question covers, the probability the trained question model gives it (`bot.lookup.model`) and
its place among the candidates by it, the share of the nearest labelled questions it answers
(`bot.lookup.labelled`), ...).

The weights (`rerank_weights.json`, made by `tests/train_rerank.py` from every labelled question set but the
holdout) are fitted by a listwise logistic loss (the softmax of the candidates' scores should put its mass on the
right sections) with an L2 penalty that pulls them to 0, that is to the hand order; the penalty and the depth were
chosen by leave-one-set-out cross-validation. The model features of a set's questions come from a question model
trained without that set, since the shipped one knows them too well, and its labelled features from the other sets'
questions (its own would be its nearest). The weights were learned with the word vectors, the question model and the
labelled questions: without any of them the book keeps the hand order.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from bot.lookup.labelled import Labelled
    from bot.lookup.model import SectionModel
    from bot.lookup.rulebook import HandOrder, RuleBook

WEIGHTS_FILE = Path(__file__).with_name("rerank_weights.json")
SIGNALS = ("bm25", "title", "phrase", "pair", "sentence", "asked")  # the additive parts of `RuleBook._score`
FEATURES = (
    "log_ratio",  # log of the hand score over the first one's
    "first",  # 1 for the hand order's first candidate
    "position",  # 1 / (1 + the place in the hand order)
    *(f"log_{name}" for name in SIGNALS),  # log(1 + the signal)
    "cosine",  # the meaning's cosine to the nearest of the section's texts (`Meaning.closeness` for the others)
    "cosine_sentence",  # ... to the nearest of its sentences alone
    "cosine_asked",  # ... to the nearest of its asked questions alone
    "cosine_asked3",  # ... to its three nearest asked questions, on average
    "cosine_whole",  # ... to the mean of its sentences
    "neighbours",  # the share of the question's ten nearest asked questions that are the section's
    "affinity",  # the section's game's share of the question's game evidence, over the leading game's (0..1)
    "covered",  # the share of the question's content weight the section has (body, title or asked questions)
    "in_texts",  # ... in its body or title alone
    "title_covered",  # the share of the title's weight the question has
    "title_share",  # the share of the question's weight that is in the title
    "length",  # log of the body's length over the average (BM25's norm)
    "same_game",  # of the hand order's first candidate's game
    "model",  # the log of the section's probability by the trained model (`bot.lookup.model`), at least MODEL_FLOOR
    "model_gap",  # ... less the best of the candidates' (0 for the model's choice among them)
    "model_asking",  # the log of its probability by the model for the sentence that asks alone (`asking_words`)
    "model_rank",  # 1 / (1 + its place among the candidates by the model's probability)
    "model_share",  # its share of the candidates' probability mass by the model
    "model_top",  # 1 for the model's choice among the candidates
    "labelled_share",  # the share of the question's nearest labelled questions it answers (`bot.lookup.labelled`)
    "labelled_cosine",  # the cosine of the nearest of them it answers
)
MODEL_COLUMNS = 6  # the features from the model, before the labelled questions': filled apart (`model_columns`)
LABELLED_COLUMNS = 2  # the last features, from the labelled questions: filled apart (`labelled_columns`)
MODEL_FLOOR = -20.0
MODEL_SLICE = slice(len(FEATURES) - MODEL_COLUMNS - LABELLED_COLUMNS, len(FEATURES) - LABELLED_COLUMNS)


def features(book: RuleBook, hand: HandOrder, depth: int) -> np.ndarray:
    """The feature rows (`FEATURES`, in order) of the first `depth` candidates of the hand order."""
    index = book.index
    query, scores, parts = hand.query, hand.scores, hand.parts
    candidates = hand.order[:depth]
    n = len(candidates)
    best = scores[candidates[0]]
    if book.meaning is not None:
        close = book.meaning.closeness(hand.words, candidates)
    else:
        close = {name: [0.0] * n for name in ("sentence", "asked", "asked3", "whole", "neighbours")}
    content = {t: w * index.idf[t] for t, w in query.content.items() if t in index.idf}
    weights = {**query.cues, **query.content}
    mass = sum(w * index.idf[t] for t, w in weights.items() if t in index.idf) or 1.0
    total = sum(content.values()) or 1.0
    rows = []
    for place, i in enumerate(candidates):
        texts = sum(m for t, m in content.items() if i in index.body.get(t, {}) or t in index.title_terms[i])
        covered = texts + sum(
            m for t, m in content.items()
            if not (i in index.body.get(t, {}) or t in index.title_terms[i]) and book.asked.uses(i, t)
        )
        titled = [t for t in weights if t in index.title_terms[i] and t in index.idf]
        title_mass = sum(index.idf[t] for t in titled)
        rows.append([
            math.log(scores[i] / best),
            float(place == 0),
            1.0 / (1 + place),
            *(math.log1p(parts.get(name, {}).get(i, 0.0)) for name in SIGNALS),
            parts.get("cosine", {}).get(i, 0.0),
            *(close[name][place] for name in ("sentence", "asked", "asked3", "whole", "neighbours")),
            parts.get("affinity", {}).get(i, 1.0),
            covered / total,
            texts / total,
            title_mass / index.title_mass[i] if index.title_mass[i] else 0.0,
            sum(weights[t] * index.idf[t] for t in titled) / mass,
            math.log(index.norm[i]),
            float(index.sections[i].game == index.sections[candidates[0]].game),
            *([0.0] * (MODEL_COLUMNS + LABELLED_COLUMNS)),
        ])
    found = np.array(rows, dtype=np.float64)
    if book.model is not None and n:
        found[:, MODEL_SLICE] = model_columns(book, hand, candidates, book.model)
    if book.labelled is not None and n:
        found[:, -LABELLED_COLUMNS:] = labelled_columns(book, hand, candidates, book.labelled)
    return found


def model_columns(book: RuleBook, hand: HandOrder, candidates: list[int], model: SectionModel) -> np.ndarray:
    """The `model...` features of the candidates (a section the model does not know gets the floor): apart, so
    that the training can fill them from a model that did not learn the question."""

    def probabilities(words: list[str]) -> np.ndarray:
        vector = book.meaning.text_vector(words) if book.meaning is not None else None
        logs = model.log_probabilities(words, vector)
        return np.array([max(logs.get(book.index.sections[i].id, MODEL_FLOOR), MODEL_FLOOR) for i in candidates])

    values = probabilities(hand.words)
    asking = probabilities(hand.asking) if hand.asking and hand.asking != hand.words else values
    place = np.empty(len(values))
    place[np.argsort(-values, kind="stable")] = np.arange(len(values))
    share = np.exp(values - values.max())
    return np.column_stack([values, values - values.max(), asking, 1 / (1 + place), share / share.sum(), place == 0])


def labelled_columns(book: RuleBook, hand: HandOrder, candidates: list[int], labelled: Labelled) -> np.ndarray:
    """The `labelled_share` and `labelled_cosine` features of the candidates: apart, so that the training can fill
    them from the labelled questions of the other sets."""
    vector = book.meaning.text_vector(hand.words) if book.meaning is not None else None
    return labelled.columns(vector, [book.index.sections[i].id for i in candidates])


@dataclass(frozen=True)
class Reranker:
    """A linear model over standardised features, added to the logarithm of the hand score."""

    weights: np.ndarray
    mean: np.ndarray
    scale: np.ndarray
    depth: int  # how many of the hand order's first candidates are re-ranked

    def score(self, rows: np.ndarray) -> np.ndarray:
        return rows[:, 0] + ((rows - self.mean) / self.scale) @ self.weights

    def order(self, book: RuleBook, hand: HandOrder) -> list[int]:
        """The hand order with the best of its first `depth` candidates by the model put first (a tie keeps the
        hand's first). Only the first moves: the model was trained to choose it, and the alternatives shown
        under the answer keep the hand order (moving them all lost right sections from the top three)."""
        head = hand.order[: self.depth]
        if len(head) < 2:
            return hand.order
        learned = self.score(features(book, hand, self.depth))
        best = max(range(len(head)), key=lambda k: (learned[k], -k))
        return [head[best]] + [i for k, i in enumerate(hand.order) if k != best]

    def to_json(self, **notes: object) -> str:
        data = {
            "features": list(FEATURES),
            "depth": self.depth,
            "weights": [round(float(v), 6) for v in self.weights],
            "mean": [round(float(v), 6) for v in self.mean],
            "scale": [round(float(v), 6) for v in self.scale],
            **notes,
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def load(path: Path = WEIGHTS_FILE) -> Reranker | None:
    """The shipped weights; None when the file is missing or was learned over other features."""
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("features") != list(FEATURES):
        return None
    return Reranker(np.array(data["weights"]), np.array(data["mean"]), np.array(data["scale"]), int(data["depth"]))


def fit(lists: list[np.ndarray], right: list[np.ndarray], l2: float, depth: int, steps: int = 500) -> Reranker:
    """Weights that put the right candidates first: `lists` are the feature rows of each question's candidates
    (hand order, at least `depth` of them when there are), `right` the masks of its right ones. Minimises the mean
    of -log(the softmax mass of the right ones) plus `l2` times the squared weights, by gradient descent with a
    backtracking step from 0 (the hand order): deterministic. Questions without a right candidate among the
    first `depth`, or with one candidate, teach nothing."""
    kept = [(x[:depth], r[:depth]) for x, r in zip(lists, right, strict=True) if r[:depth].any() and len(x) > 1]
    stacked = np.vstack([x for x, _ in kept])
    mean = stacked.mean(axis=0)
    scale = stacked.std(axis=0)
    scale[scale < 1e-9] = 1.0
    count, width = len(kept), stacked.shape[1]
    z = np.zeros((count, depth, width))
    base = np.full((count, depth), -np.inf)  # padding never gets any mass
    good = np.zeros((count, depth), dtype=bool)
    for k, (x, r) in enumerate(kept):
        z[k, : len(x)] = (x - mean) / scale
        base[k, : len(x)] = x[:, 0]
        good[k, : len(x)] = r

    def loss_and_gradient(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = base + z @ w
        s = s - s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        q = np.where(good, p, 0.0)
        mass = q.sum(axis=1)
        loss = -float(np.log(mass).mean()) + l2 * float(w @ w)
        gradient = np.einsum("qc,qcf->f", p - q / mass[:, None], z) / count + 2 * l2 * w
        return loss, gradient

    w = np.zeros(width)
    loss, gradient = loss_and_gradient(w)
    step = 1.0
    for _ in range(steps):
        while step > 1e-10:
            trial = w - step * gradient
            trial_loss, trial_gradient = loss_and_gradient(trial)
            if trial_loss <= loss - 0.5 * step * float(gradient @ gradient):
                break
            step /= 2
        else:
            break
        w, loss, gradient = trial, trial_loss, trial_gradient
        step *= 2
        if float(gradient @ gradient) < 1e-14:
            break
    return Reranker(w, mean, scale, depth)

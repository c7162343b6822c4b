"""The questions of the labelled sets, kept as their meaning vectors (`Meaning.text_vector`) and the sections that
answer them, for one signal of the learned re-ranking (`bot.lookup.rerank`): which sections the nearest labelled
questions were answered by.

Why beside the question model (`bot.lookup.model`), which learned the same questions: a model of a few hundred
sections averages what it learned into one vector per section, so a rare wording of a section is outvoted by
its common ones; the nearest questions keep every wording apart, and a player who asks the way one of the sets
asked finds that question's section. Why beside the asked questions (`Meaning.closeness`): those were written by
us, the sets by people who did not know the references, in the players' words. The file (`labelled.npz`) is
written by `tests/train_model.py` from the same sets as the model (never the holdout).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

LABELLED_FILE = Path(__file__).with_name("labelled.npz")
NEAREST = 5  # how many of the nearest labelled questions vote (chosen by leave-one-set-out cross-validation)


@dataclass(frozen=True)
class Labelled:
    """The labelled questions' unit meaning vectors and which sections answer each."""

    sections: tuple[str, ...]  # section ids, in the order of `answers`' columns
    vectors: np.ndarray  # questions x dims, float32 values that float16 holds exactly (as the file keeps them)
    answers: np.ndarray  # questions x sections, bool: the section answers the question

    @classmethod
    def of(cls, sections: tuple[str, ...], vectors: np.ndarray, answers: np.ndarray) -> Labelled:
        """Labelled questions from their vectors (a row of zeros, a question without one, is left out), rounded
        as the file keeps them, so that a training sees the numbers the answers will."""
        kept = np.linalg.norm(vectors, axis=1) > 0
        return cls(sections, vectors[kept].astype(np.float16).astype(np.float32), answers[kept].astype(bool))

    def columns(self, vector: np.ndarray | None, candidates: list[str]) -> np.ndarray:
        """For each candidate section: the share of the question's `NEAREST` labelled questions it answers, and
        the cosine of the nearest of them it answers (0 for none, and for a question without a vector)."""
        found = np.zeros((len(candidates), 2))
        if vector is None or not len(self.vectors):
            return found
        cosines = self.vectors @ vector.astype(np.float32)
        nearest = np.argsort(-cosines, kind="stable")[:NEAREST]
        column = {sid: k for k, sid in enumerate(self.sections)}
        for j, sid in enumerate(candidates):
            if sid not in column:
                continue
            hits = nearest[self.answers[nearest, column[sid]]]
            found[j] = (len(hits) / NEAREST, float(cosines[hits].max()) if len(hits) else 0.0)
        return found

    def save(self, path: Path = LABELLED_FILE) -> None:
        """Writes the questions; the same ones always give the same bytes (no time stamps in the archive)."""
        meta = json.dumps({"sections": list(self.sections)}, ensure_ascii=False)
        rows, cols = np.nonzero(self.answers)
        with path.open("wb") as file:
            np.savez_compressed(
                file,
                meta=np.frombuffer(meta.encode("utf-8"), dtype=np.uint8),
                vectors=self.vectors.astype(np.float16),
                answers=np.column_stack([rows, cols]).astype(np.int32),
            )

    def digest(self) -> str:
        """A short hash of what the file keeps, to compare two trainings."""
        h = hashlib.sha256(repr(self.sections).encode())
        h.update(np.ascontiguousarray(self.vectors.astype(np.float16)).tobytes())
        h.update(np.packbits(self.answers).tobytes())
        return h.hexdigest()[:16]


def load(path: Path = LABELLED_FILE) -> Labelled | None:
    """The shipped labelled questions; None when the file is missing."""
    if not path.exists():
        return None
    with np.load(path) as data:
        sections = tuple(json.loads(data["meta"].tobytes().decode("utf-8"))["sections"])
        vectors = data["vectors"].astype(np.float32)
        answers = np.zeros((len(vectors), len(sections)), dtype=bool)
        pairs = data["answers"]
        answers[pairs[:, 0], pairs[:, 1]] = True
        return Labelled(sections, vectors, answers)

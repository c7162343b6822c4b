"""A small model of which section a question asks about, trained on our own texts (`tests/train_model.py`): the
asked questions of every section, its sentences, and the labelled question sets. It is one signal of the learned
re-ranking (`bot.lookup.rerank`), not a search of its own.

Why beside the word vectors' cosines (`bot.lookup.meaning`): those compare a question with each text alone and
weigh every word by its rarity, so a chatty question full of the table's words lands near whatever shares them. A
model trained to tell the sections apart learns which words and wordings point to which section, from the ways
players actually asked.

The model is of the fastText kind: a question is the mean of the learned vectors of its features (each word's
dictionary form, and the character 3- to 5-grams of each word that is not a stop word, so that a typo or a slang
form shares most of its pieces with the word), joined to its navec meaning vector (`Meaning.text_vector`), and a
linear layer gives a score per section; a softmax of the scores is the section's probability. The vocabulary
holds the features seen in at least two training texts; the file (`model.npz`) keeps the vectors as float16.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.lookup.terms import is_stop, lemma

MODEL_FILE = Path(__file__).with_name("model.npz")
GRAMS = (3, 4, 5)  # the lengths of a word's character pieces


@functools.lru_cache(maxsize=1024)  # ~1.3 KB of pieces a word, cheap to make again: a small cache
def word_features(word: str) -> tuple[str, ...]:
    """A normalised word's features: its dictionary form, and its character pieces unless it is a stop word."""
    found = ["w:" + lemma(word)]
    if not word.isdigit() and not is_stop(word):
        padded = f"<{word}>"
        found += [padded[i : i + n] for n in GRAMS for i in range(len(padded) - n + 1)]
    return tuple(found)


def features(words: list[str]) -> list[str]:
    """The features of a text's normalised words, each as often as it occurs."""
    return [f for word in words for f in word_features(word)]


@dataclass(frozen=True)
class SectionModel:
    """The learned vectors of the features, the linear layer over [mean of them, meaning vector], the sections."""

    sections: tuple[str, ...]  # section ids, in the order of the layer's columns
    vocabulary: dict[str, int]  # feature -> its row of `embeddings`
    embeddings: np.ndarray  # features x dims
    weights: np.ndarray  # (dims + meaning dims) x sections
    bias: np.ndarray  # sections
    fingerprint: str = ""  # of the training data (`tests/train_model.py`), to see that the file is current

    @property
    def dims(self) -> int:
        return self.embeddings.shape[1]

    def hidden(self, words: list[str], meaning: np.ndarray | None) -> np.ndarray:
        """The question's input to the linear layer: its features' mean vector and its meaning vector (0 when it
        has none, or when the model was trained without them)."""
        rows = [self.vocabulary[f] for f in features(words) if f in self.vocabulary]
        mean = self.embeddings[rows].mean(axis=0) if rows else np.zeros(self.dims, dtype=np.float32)
        extra = self.weights.shape[0] - self.dims
        if meaning is None or not extra:
            return np.concatenate([mean, np.zeros(extra, dtype=np.float32)])
        return np.concatenate([mean, meaning.astype(np.float32)])

    def log_probabilities(self, words: list[str], meaning: np.ndarray | None) -> dict[str, float]:
        """Section id -> the log of its probability for the question."""
        scores = self.hidden(words, meaning) @ self.weights + self.bias
        scores = scores - scores.max()
        logs = scores - np.log(np.exp(scores).sum())
        return dict(zip(self.sections, (float(v) for v in logs), strict=True))

    def save(self, path: Path = MODEL_FILE) -> None:
        """Writes the model; the same model always gives the same bytes (no time stamps in the archive)."""
        words = sorted(self.vocabulary, key=self.vocabulary.__getitem__)
        meta = json.dumps({"sections": list(self.sections), "fingerprint": self.fingerprint}, ensure_ascii=False)
        with path.open("wb") as file:
            np.savez_compressed(
                file,
                meta=np.frombuffer(meta.encode("utf-8"), dtype=np.uint8),
                vocabulary=np.frombuffer("\n".join(words).encode("utf-8"), dtype=np.uint8),
                embeddings=self.embeddings.astype(np.float16),
                weights=self.weights.astype(np.float16),
                bias=self.bias.astype(np.float32),
            )

    def digest(self) -> str:
        """A short hash of the model's numbers as they are stored, to compare two trainings."""
        h = hashlib.sha256()
        for array in (self.embeddings.astype(np.float16), self.weights.astype(np.float16), self.bias):
            h.update(np.ascontiguousarray(array).tobytes())
        return h.hexdigest()[:16]


def load(path: Path = MODEL_FILE) -> SectionModel | None:
    """The shipped model; None when the file is missing."""
    if not path.exists():
        return None
    with np.load(path) as data:
        meta = json.loads(data["meta"].tobytes().decode("utf-8"))
        words = data["vocabulary"].tobytes().decode("utf-8").split("\n")
        return SectionModel(
            tuple(meta["sections"]),
            {w: k for k, w in enumerate(words)},
            data["embeddings"].astype(np.float32),
            data["weights"].astype(np.float32),
            data["bias"].astype(np.float32),
            meta["fingerprint"],
        )


@dataclass(frozen=True)
class Settings:
    """How the model is trained (chosen by leave-one-set-out cross-validation, `tests/train_model.py`)."""

    dims: int = 32  # the features' vector length
    steps: int = 60  # full-batch Adam steps
    rate: float = 0.1  # Adam's step size
    l2: float = 1e-5  # the penalty on the squared weights, per example
    min_count: int = 2  # a feature must be in this many training texts to be learned
    meaning: bool = True  # whether the navec meaning vector joins the features' mean
    seed: int = 1


def fit(
    texts: list[list[str]],
    targets: np.ndarray,
    meanings: np.ndarray,
    sections: tuple[str, ...],
    settings: Settings = Settings(),
    example_weights: np.ndarray | None = None,
) -> SectionModel:
    """A model trained on normalised texts and their target distributions over the sections (texts x sections,
    each row summing to 1), by full-batch Adam on the weighted mean cross-entropy from a seeded start:
    deterministic. `meanings` holds each text's navec vector (a row of zeros for none)."""
    counts: dict[str, int] = {}
    per_text = [features(words) for words in texts]
    for found in per_text:
        for f in set(found):
            counts[f] = counts.get(f, 0) + 1
    vocabulary = {f: k for k, f in enumerate(sorted(f for f, c in counts.items() if c >= settings.min_count))}
    rows = [np.array([vocabulary[f] for f in found if f in vocabulary], dtype=np.int64) for found in per_text]
    kept = [k for k, r in enumerate(rows) if len(r)]
    rows = [rows[k] for k in kept]
    target = targets[kept].astype(np.float32)
    dense = meanings[kept].astype(np.float32) if settings.meaning else np.zeros((len(kept), 0), np.float32)
    weight = np.ones(len(kept)) if example_weights is None else example_weights[kept].astype(np.float64)
    weight = (weight / weight.sum()).astype(np.float32)
    flat = np.concatenate(rows)
    lengths = np.array([len(r) for r in rows])
    inverse = (1.0 / lengths)[:, None].astype(np.float32)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    by_feature = np.argsort(flat, kind="stable")
    owner_by_feature = np.repeat(np.arange(len(rows)), lengths)[by_feature]
    used, feature_starts = np.unique(flat[by_feature], return_index=True)

    rng = np.random.default_rng(settings.seed)
    count, width = len(sections), settings.dims + dense.shape[1]
    params = {
        "embeddings": rng.normal(0.0, 0.1, (len(vocabulary), settings.dims)).astype(np.float32),
        "weights": rng.normal(0.0, 0.1, (width, count)).astype(np.float32),
        "bias": np.zeros(count, dtype=np.float32),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    for step in range(1, settings.steps + 1):
        e, w, b = params["embeddings"], params["weights"], params["bias"]
        mean = np.add.reduceat(e[flat], starts, axis=0) * inverse
        hidden = np.hstack([mean, dense])
        scores = hidden @ w + b
        scores -= scores.max(axis=1, keepdims=True)
        p = np.exp(scores)
        p /= p.sum(axis=1, keepdims=True)
        d_scores = (p - target) * weight[:, None]
        d_hidden = d_scores @ w.T
        d_mean = d_hidden[:, : settings.dims] * inverse
        d_embeddings = np.zeros_like(e)
        d_embeddings[used] = np.add.reduceat(d_mean[owner_by_feature], feature_starts, axis=0)
        gradients = {
            "embeddings": d_embeddings + 2 * settings.l2 * e,
            "weights": hidden.T @ d_scores + 2 * settings.l2 * w,
            "bias": d_scores.sum(axis=0),
        }
        for key, g in gradients.items():
            m, v = moments[key]
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            params[key] = params[key] - settings.rate * (m / (1 - 0.9**step)) / (
                np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return SectionModel(
        sections, vocabulary, params["embeddings"].astype(np.float32), params["weights"].astype(np.float32),
        params["bias"].astype(np.float32))

"""What a question means, from Russian word vectors (`bot.lookup.vectors`), beside the words it shares with the
texts: a question is also the idf-weighted mean of its words' vectors, compared with the same mean of every asked
question and every sentence of every section (`Meaning.similar`: the nearest one per section), so that "where do
I keep three emeralds" comes near «на телегу помещается ...» without a word in common.

A word of a question that neither the texts nor a typo match know may be a player's word for one of the texts'
words: `Meaning.nearest` finds the word of the texts whose vector is closest ("самородок" -> "золото").
"""

from __future__ import annotations

import numpy as np

from bot.lookup.index import SENTENCE, Index
from bot.lookup.terms import CYRILLIC, is_stop, lemma, normalise
from bot.lookup.vectors import Vectors


class Meaning:
    """The mean vectors of the sections' sentences and asked questions, and the texts' words by their vectors."""

    def __init__(self, index: Index, asked: dict[int, list[str]], vectors: Vectors) -> None:
        self.index = index
        self.vectors = vectors
        self._default_idf = float(np.median(list(index.idf.values()))) if index.idf else 1.0
        owners: list[int] = []
        rows: list[np.ndarray] = []
        kinds: list[bool] = []  # whether a row is an asked question (else a sentence of the section)
        for i, section in enumerate(index.sections):
            texts = [section.title + ". " + piece for piece in SENTENCE.split(section.text) if piece.strip()]
            for k, text in enumerate(texts + asked.get(i, [])):
                vector = self.text_vector(normalise(text))
                if vector is not None:
                    owners.append(i)
                    rows.append(vector)
                    kinds.append(k >= len(texts))
        self._owners = np.array(owners, dtype=np.int32)
        self._asked_rows = np.array(kinds, dtype=bool)
        self._whole = np.zeros((len(index.sections), vectors.dim), dtype=np.float32)  # a section's sentences' mean
        for i, vector, is_asked in zip(owners, rows, kinds, strict=True):
            if not is_asked:
                self._whole[i] += vector
        self._whole /= np.maximum(np.linalg.norm(self._whole, axis=1, keepdims=True), 1e-9)
        self._matrix = np.vstack(rows).astype(np.float32) if rows else np.zeros((0, vectors.dim), np.float32)
        self._build_known_words()

    def _build_known_words(self) -> None:
        """The lemmas of the texts (the index's terms) that have vectors, as a matrix for `nearest`."""
        known = sorted(t for t in self.index.idf if CYRILLIC.search(t) and len(t) >= 3 and not is_stop(t))
        found = [(t, v) for t in known if (v := self.vectors.vector(t)) is not None]
        self._known_words = [t for t, _ in found]
        self._known = np.vstack([v for _, v in found]).astype(np.float32) if found else None

    def word_vector(self, word: str) -> np.ndarray | None:
        """A word's vector: of its dictionary form, else of the word as typed."""
        vector = self.vectors.vector(lemma(word))
        return vector if vector is not None else self.vectors.vector(word)

    def text_vector(self, words: list[str]) -> np.ndarray | None:
        """The idf-weighted mean of the vectors of a text's words (stop words and digits left out), length 1;
        None when no word has a vector."""
        total = np.zeros(self.vectors.dim, dtype=np.float32)
        found = False
        for word in words:
            if word.isdigit() or is_stop(word):
                continue
            vector = self.word_vector(word)
            if vector is None:
                continue
            total += self.index.idf.get(lemma(word), self._default_idf) * vector
            found = True
        length = float(np.linalg.norm(total))
        return total / length if found and length else None

    def similar(self, words: list[str]) -> dict[int, float]:
        """Section index -> the cosine of the question's mean vector and the nearest of the section's texts."""
        vector = self.text_vector(words)
        if vector is None or not len(self._owners):
            return {}
        best = np.full(len(self.index.sections), -1.0, dtype=np.float32)
        np.maximum.at(best, self._owners, self._matrix @ vector)
        return {i: float(c) for i, c in enumerate(best) if c > -1.0}

    def closeness(self, words: list[str], sections: list[int]) -> dict[str, list[float]]:
        """For each of these sections, how close the question's mean vector is to it, several ways (0 for none),
        for the learned re-ranking (`bot.lookup.rerank`): the cosine to the nearest of its sentences
        (`sentence`), of its asked questions (`asked`), the mean of its three nearest asked questions (`asked3`),
        to the mean of its sentences (`whole`), and the share of the question's ten nearest asked questions (of
        all sections) that are its own (`neighbours`)."""
        names = ("sentence", "asked", "asked3", "whole", "neighbours")
        vector = self.text_vector(words)
        if vector is None or not len(self._owners):
            return {name: [0.0] * len(sections) for name in names}
        cosines = self._matrix @ vector
        found: dict[str, list[float]] = {}
        for name, rows in (("sentence", ~self._asked_rows), ("asked", self._asked_rows)):
            best = np.zeros(len(self.index.sections), dtype=np.float32)
            np.maximum.at(best, self._owners[rows], cosines[rows])
            found[name] = [float(best[i]) for i in sections]
        asked_cosines, asked_owners = cosines[self._asked_rows], self._owners[self._asked_rows]
        found["asked3"] = [float(np.sort(asked_cosines[asked_owners == i])[-3:].mean()) if (asked_owners == i).any()
                           else 0.0 for i in sections]
        found["whole"] = [float(self._whole[i] @ vector) for i in sections]
        nearest = asked_owners[np.argsort(-asked_cosines, kind="stable")[:10]]
        found["neighbours"] = [float((nearest == i).mean()) if len(nearest) else 0.0 for i in sections]
        return found

    def nearest(self, word: str) -> tuple[str, float] | None:
        """The lemma of the texts whose vector is closest to a word's, and the cosine; None for a word without a
        vector."""
        vector = self.word_vector(word)
        if vector is None or self._known is None:
            return None
        cosines = self._known @ vector
        k = int(np.argmax(cosines))
        return self._known_words[k], float(cosines[k])

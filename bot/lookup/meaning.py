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
        for i, section in enumerate(index.sections):
            texts = [section.title + ". " + piece for piece in SENTENCE.split(section.text) if piece.strip()]
            for text in texts + asked.get(i, []):
                vector = self.text_vector(normalise(text))
                if vector is not None:
                    owners.append(i)
                    rows.append(vector)
        self._owners = np.array(owners, dtype=np.int32)
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

    def nearest(self, word: str) -> tuple[str, float] | None:
        """The lemma of the texts whose vector is closest to a word's, and the cosine; None for a word without a
        vector."""
        vector = self.word_vector(word)
        if vector is None or self._known is None:
            return None
        cosines = self._known @ vector
        k = int(np.argmax(cosines))
        return self._known_words[k], float(cosines[k])

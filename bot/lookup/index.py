"""The rules search's index of the reference sections, built once at start: the terms of each body (BM25 counts and
length norms), the concepts of each title, neighbouring words, the terms of each sentence, idf, how many sections
of each game use a term, and the words of the texts for typo matching (`Index.typo`). A section's extra texts (the
questions players would ask, `bot.lookup.asked`) add only words: the idf and games of terms the texts lack, and
words for typo matching."""

from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict

from bot.lookup.reference import Section
from bot.lookup.synonyms import Synonyms
from bot.lookup.terms import (
    CYRILLIC,
    NUMBER,
    NUMERALS,
    PREPOSITIONS,
    STOP_WORDS,
    edit_distance,
    is_stop,
    known_word,
    lemma,
    lemmas,
    normalise,
    padded_trigrams,
)

B = 0.75  # BM25 length normalisation of the section bodies
TITLE_IGNORED = frozenset({"игра"})  # every section is about the game: «Состав игры» is about «состав»

SENTENCE = re.compile(r"[.!?;\n•]+\s*")  # where the index splits a text into sentences


def phrases(text: str) -> set[tuple[str, str]]:
    """The lemmas of neighbouring words of a text, prepositions left out but question words kept ("как
    получить"; "очки за деревья" -> очко, дерево), and no two question words side by side."""
    words = [w for w in lemmas(text) if w not in PREPOSITIONS]
    return {(a, b) for a, b in zip(words, words[1:], strict=False) if not (a in STOP_WORDS and b in STOP_WORDS)}


_WORD = re.compile(r"[а-яё]+", re.IGNORECASE)


class Index:
    """Term statistics of a list of sections (`Index.sections`, numbered by position)."""

    def __init__(self, sections: list[Section], synonyms: Synonyms, extra: dict[int, list[str]] | None = None) -> None:
        self.sections = list(sections)
        self.extra = extra or {}  # section index -> its extra texts
        self.synonyms = synonyms
        self.body: dict[str, dict[int, int]] = defaultdict(dict)  # term -> section -> count
        self.pairs: dict[tuple[str, str], set[int]] = defaultdict(set)
        self.sentences: dict[str, list[tuple[int, int]]] = defaultdict(list)  # term -> (section, sentence)
        self.title_terms: list[frozenset[str]] = []
        self.title_phrases: dict[tuple[str, str], set[int]] = defaultdict(set)
        self.titled: dict[str, list[int]] = defaultdict(list)
        documents: dict[str, set[int]] = defaultdict(set)  # term -> the sections using it, title or body
        lengths = []
        for i, s in enumerate(self.sections):
            body = self.terms(s.text)
            for term, count in Counter(body).items():
                self.body[term][i] = count
            for term in {*body, *self.terms(s.title)}:
                documents[term].add(i)
            lengths.append(len(body))
            for pair in self.pairs_of(s.title + "\n" + s.text):
                self.pairs[pair].add(i)
            for k, sentence in enumerate(SENTENCE.split(s.text)):
                for term in set(self.terms(sentence)):
                    self.sentences[term].append((i, k))
            self.title_terms.append(self._title_concepts(s.title))
            for phrase in phrases(s.title):
                self.title_phrases[phrase].add(i)
            for term in self.title_terms[i]:
                self.titled[term].append(i)
        self._build_statistics(documents, lengths)
        self._build_extra_words()
        self._build_typos()

    def _title_concepts(self, title: str) -> frozenset[str]:
        """What a title is about: its words' concepts (synonym groups, else lemmas), stop words and "игра" left
        out ("Состав игры" -> the group of "состав")."""
        words = [lemma(w) for w in normalise(title) if not is_stop(w)]
        return frozenset({t for _, _, terms in self.synonyms.concepts(words) for t in terms} - TITLE_IGNORED)

    def _build_statistics(self, documents: dict[str, set[int]], lengths: list[int]) -> None:
        """BM25's length norms, idf, and for each term how many sections of each game use it."""
        average = sum(lengths) / len(lengths) if lengths else 1.0
        self.norm = [1 - B + B * n / average for n in lengths]
        n = len(self.sections)
        self.idf = {term: math.log(1 + (n - len(d) + 0.5) / (len(d) + 0.5)) for term, d in documents.items()}
        self.rarest = math.log(1 + (n + 0.5) / 0.5)
        self.title_mass = [sum(self.idf[t] for t in terms) for terms in self.title_terms]
        self.game_df = {term: Counter(self.sections[i].game for i in found) for term, found in documents.items()}

    def _build_extra_words(self) -> None:
        """The terms only the extra texts use get an idf and games of their own, from the sections whose extra
        texts use them; the texts' own terms keep theirs."""
        found: dict[str, set[int]] = defaultdict(set)
        for i, texts in self.extra.items():
            for text in texts:
                for term in self.terms(text):
                    if term not in self.idf:
                        found[term].add(i)
        for term, sections in found.items():
            self.idf[term] = self.rarity(sections)
            self.game_df[term] = Counter(self.sections[i].game for i in sections)

    def _build_typos(self) -> None:
        """The Cyrillic words of the texts and of the synonym groups (word -> how often the texts use it), and
        their trigrams, for `typo`."""
        surface: Counter[str] = Counter()
        for s in self.sections:
            surface.update(normalise(s.title + " " + s.text))
        for members in self.synonyms.groups:
            for member in members:
                surface.update(w for w in normalise(member) if w not in surface)
        for texts in self.extra.values():
            for text in texts:
                surface.update(w for w in normalise(text) if w not in surface)
        self._surface = {w: count for w, count in surface.items() if len(w) >= 3 and CYRILLIC.search(w)}
        self._trigram_words: dict[str, list[str]] = defaultdict(list)
        for word in self._surface:
            for gram in padded_trigrams(word):
                self._trigram_words[gram].append(word)

    def in_texts(self, term: str) -> bool:
        """Whether a section's title or text uses a term (not only the questions players would ask)."""
        return term in self.body or term in self.titled

    def rarity(self, found: set[int]) -> float:
        """The idf of something (a pair of words, a title phrase) found in these sections."""
        return math.log(1 + (len(self.sections) - len(found) + 0.5) / (len(found) + 0.5))

    def pairs_of(self, text: str) -> set[tuple[str, str]]:
        """The concepts of neighbouring words of a text, stop words left out ("карты местности" -> карта,
        местность), numbers as NUMBER ("9 верхушек" -> NUMBER, верхушка)."""
        words = [lemma(w) for w in normalise(text) if not is_stop(w)]
        words = [NUMBER if w.isdigit() or w in NUMERALS else self.synonyms.concept(w) for w in words]
        return set(zip(words, words[1:], strict=False))

    def terms(self, text: str) -> list[str]:
        """The terms a text is indexed under: its lemmas, a `syn<N>` per synonym group occurrence, a NUMBER per
        number."""
        words = lemmas(text)
        return words + [f"syn{g}" for g in self.synonyms.hits(words)] + [NUMBER for w in words if w.isdigit()]

    def rejoined(self, text: str) -> str:
        """A text with the words that speech recognition split in two put back together: «прево сходство» ->
        «превосходство», when the first half is no dictionary word and the two joined are a word of the texts."""
        pieces, end, out = list(_WORD.finditer(text)), 0, []
        for first, second in zip(pieces, pieces[1:], strict=False):
            joined = (first.group() + second.group()).lower()
            if (first.end() >= end and text[first.end():second.start()] == " " and joined in self._surface
                    and not known_word(first.group().lower())):
                out.append(text[end:first.start()] + first.group() + second.group())
                end = second.end()
        return "".join(out) + text[end:]

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - the index lives as long as the process
    def typo(self, word: str, autocorrected: bool = False) -> str | None:
        """The word of the texts a word not in the dictionary most likely misspells: within one edit (two for
        words over five letters), the fewest edits and then the most used word winning; None if none is close.
        `autocorrected`: a dictionary word of five letters or more that a phone put for a word of the texts one
        edit away («топот» for «топор»)."""
        if len(word) < (5 if autocorrected else 4) or not CYRILLIC.search(word) or known_word(word) != autocorrected:
            return None
        limit = 1 if len(word) <= 5 or autocorrected else 2
        candidates = {w for gram in padded_trigrams(word) for w in self._trigram_words.get(gram, ())}
        best: tuple[int, int, str] | None = None
        for candidate in candidates:
            distance = edit_distance(word, candidate, limit)
            if distance <= limit:
                key = (distance, -self._surface[candidate], candidate)
                best = key if best is None or key < best else best
        return best[2] if best else None

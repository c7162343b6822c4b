"""The questions players would ask whose answer is a section (`rules/<game>/asked.txt`, our own writing, from the
rulebooks and the sections' texts): the search reads them as extra, lighter text of their section, so that a new
question close to any of them finds it ("сколько серебра у первого игрока" is near «сколько серебра у первого
игрока на старте», a question of «Подготовка к игре», though the section says «монеты»).

A file holds one question a line, `section-id: question`; blank lines and `#` comments are skipped.

>>> read_asked_text("# ours\\nvaldora.setup: откуда все стартуют\\n\\nvaldora.silver: где взять серебро")
{'valdora.setup': ['откуда все стартуют'], 'valdora.silver': ['где взять серебро']}
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from bot.lookup.index import Index
from bot.lookup.question import Query, read_question
from bot.lookup.terms import normalise

FILE_NAME = "asked.txt"  # next to a game's reference.md


def read_asked_text(text: str) -> dict[str, list[str]]:
    """Section id -> its questions, in file order."""
    asked: dict[str, list[str]] = defaultdict(list)
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        section, sep, question = line.partition(":")
        if not sep or not question.strip():
            raise ValueError(f"not a «section-id: question» line: {line!r}")
        asked[section.strip()].append(question.strip())
    return dict(asked)


def read_asked(folder: Path, games: list[str]) -> dict[str, list[str]]:
    """The questions of every game's `asked.txt` in a rules folder (a game without one has none)."""
    asked: dict[str, list[str]] = {}
    for game in games:
        path = Path(folder) / game / FILE_NAME
        if path.exists():
            for section, questions in read_asked_text(path.read_text(encoding="utf-8")).items():
                asked.setdefault(section, []).extend(questions)
    return asked


class AskedIndex:
    """The asked questions read as queries are (`read_question`: synonyms, typos, intent cues), each a weighted
    set of terms, with an inverted list from a term to the questions using it."""

    def __init__(self, index: Index, asked: dict[int, list[str]]) -> None:
        self.index = index
        self.owner: list[int] = []  # question number -> its section's index
        self.mass: list[float] = []  # question number -> the sum of its terms' weight times idf
        self.postings: dict[str, list[tuple[int, float]]] = defaultdict(list)  # term -> (question, weight)
        self.terms_of: dict[int, set[str]] = defaultdict(set)  # section index -> the terms of its questions
        for section, questions in asked.items():
            for question in questions:
                weights = self._weights(read_question(index, normalise(question)))
                if not weights:
                    continue
                number = len(self.owner)
                self.owner.append(section)
                self.mass.append(sum(w * index.idf[t] for t, w in weights.items()))
                for term, weight in weights.items():
                    self.postings[term].append((number, weight))
                self.terms_of[section].update(t for t, w in weights.items() if w >= 1.0)

    @staticmethod
    def _weights(query: Query) -> dict[str, float]:
        return {**query.cues, **query.content}

    def similar(self, query: Query) -> dict[int, float]:
        """Section index -> how close the question is to the closest of the section's asked questions: the
        weight (times idf) the two share, times the share of the asked question it makes up and the square of
        the share of the question (a question that shares one word of several with a short asked one is not
        close to it: «стоять вдвоём на одной клетке» is not «играть вдвоём»); none shared, no entry."""
        shared: dict[int, float] = defaultdict(float)
        mass = 0.0
        for term, weight in self._weights(query).items():
            idf = self.index.idf.get(term)
            if idf is None:
                continue
            mass += weight * idf
            for number, theirs in self.postings.get(term, ()):
                shared[number] += min(weight, theirs) * idf
        best: dict[int, float] = {}
        for number, found in shared.items():
            value = found * (found / self.mass[number]) * (found / mass) ** 2
            section = self.owner[number]
            if value > best.get(section, 0.0):
                best[section] = value
        return best

    def uses(self, section: int, term: str) -> bool:
        """Whether the section's asked questions use a term (as a content word)."""
        return term in self.terms_of.get(section, ())

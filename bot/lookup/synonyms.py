"""The synonym groups of `rules/synonyms.txt` as the rules search uses them: one group per line, each member a
word or a phrase ("серебро", "без денег", "кто начинает"). A member found in a question or a text stands for its
group (a `syn<N>` term), so a group counts as one concept however many of its members a text uses.

>>> groups = Synonyms([["ход", "кто ходит"], ["начинать", "ходить первым"]])
>>> [terms for _, _, terms in groups.concepts(["кто", "ходить", "первый"])]
[['кто'], ['syn1']]
"""

from __future__ import annotations

from pathlib import Path

from bot.lookup.terms import lemma, lemmas


def read_groups(path: Path) -> list[list[str]]:
    """The groups of a synonyms file: comma-separated members, one group a line; blank lines and # comments
    skipped. No file, no groups."""
    if not path.exists():
        return []
    groups = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            groups.append([m.strip() for m in line.split(",") if m.strip()])
    return groups


class Synonyms:
    """The members' lemma sequences and the groups they belong to (a word may be in several)."""

    def __init__(self, groups: list[list[str]]) -> None:
        self.groups = groups
        # lemma sequence of a member ("мост" -> ("мост",), "конец игры" -> ("конец", "игра")) -> its groups' numbers
        self.group_of: dict[tuple[str, ...], set[int]] = {}
        for index, members in enumerate(groups):
            for member in members:
                seq = tuple(lemmas(member))
                if seq:
                    self.group_of.setdefault(seq, set()).add(index)
        self._longest: dict[str, int] = {}  # a lemma -> the longest member starting with it
        for seq in self.group_of:
            self._longest[seq[0]] = max(self._longest.get(seq[0], 0), len(seq))

    def concept(self, term: str) -> str:
        """A lemma as one concept: its (first) synonym group, else itself."""
        groups = self.group_of.get((term,))
        return f"syn{min(groups)}" if groups else term

    def word_terms(self, word: str) -> list[str]:
        """The terms one word is searched under: its synonym groups, or its lemma."""
        term = lemma(word)
        groups = self.group_of.get((term,), ())
        return [f"syn{g}" for g in sorted(groups)] if groups else [term]

    def phrase_at(self, word_lemmas: list[str], i: int) -> int:
        """The number of words of the longest member starting at a word of a lemma sequence, 0 if none."""
        if not word_lemmas[i]:
            return 0
        for n in range(min(self._longest.get(word_lemmas[i], 0), len(word_lemmas) - i), 0, -1):
            if tuple(word_lemmas[i : i + n]) in self.group_of:
                return n
        return 0

    def concepts(self, word_lemmas: list[str]) -> list[tuple[int, int, list[str]]]:
        """(start, end, terms) for each concept of a lemma sequence, left to right: the longest member starting at
        a word (its group terms), unless a longer one starts inside it ("кто ходит первым" is "ходить первым",
        not "кто ходит"), else the word's lemma. Blank words are skipped."""
        found: list[tuple[int, int, list[str]]] = []
        lengths = [self.phrase_at(word_lemmas, k) for k in range(len(word_lemmas))]
        i = 0
        while i < len(word_lemmas):
            if not word_lemmas[i]:
                i += 1
                continue
            n = lengths[i]
            if n and not any(k + lengths[k] > i + n for k in range(i + 1, i + n)):
                found.append((i, i + n, [f"syn{g}" for g in sorted(self.group_of[tuple(word_lemmas[i : i + n])])]))
                i += n
            else:
                found.append((i, i + 1, [word_lemmas[i]]))
                i += 1
        return found

    def hits(self, words: list[str]) -> list[int]:
        """The groups found in a lemma sequence, once per occurrence (single words and phrases, overlaps too)."""
        found: list[int] = []
        for i in range(len(words)):
            for n in range(1, min(self._longest.get(words[i], 0), len(words) - i) + 1):
                found += self.group_of.get(tuple(words[i : i + n]), ())
        return found

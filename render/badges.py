"""The marks on the players' colour chips: one or two letters per seat, different for every seat of a game.

A name's own word gives the mark: the first word that no other name at the table also has (the bots are all
«Бот …», so a bot is marked by its own name). One letter when no other seat's mark starts the same; else the
colliding seats get two letters of that word (Борис «Бо», Бот Барсук «Ба»), and a seat whose two letters are
all taken gets its letter and its seat number.

>>> badges({0: "Борис", 1: "Аня", 2: "Бот Филин", 3: "Бот Барсук"})
{0: 'Бо', 1: 'А', 2: 'Ф', 3: 'Ба'}
>>> badges({0: "Аня", 1: "Аня", 2: "🚀"})
{0: 'А1', 1: 'А2', 2: '?'}
"""

from __future__ import annotations

from collections import Counter

from render.common import clean


def _words(name: str) -> list[str]:
    """The words of a name made of letters and digits only (punctuation and emoji dropped)."""
    out = []
    for raw in clean(name).split(" "):
        word = "".join(ch for ch in raw if ch.isalnum())
        if word:
            out.append(word)
    return out


def _key_word(words: list[str], shared: Counter) -> str:
    for w in words:
        if shared[w.lower()] < 2:
            return w
    return words[0] if words else ""


def _candidates(word: str) -> list[str]:
    """The marks a word offers, best first: its first letter, then that letter with each later one."""
    if not word:
        return []
    first = word[0].upper()
    out = [first]
    for ch in word[1:]:
        mark = first + ch.lower()
        if mark not in out:
            out.append(mark)
    return out


def badges(names: dict[int, str]) -> dict[int, str]:
    """seat -> a mark of one or two characters, unique among the seats (see the module doc); "?" for a name
    with no letter or digit at all (when there are several such, "?" and the seat number)."""
    words = {seat: _words(name) for seat, name in names.items()}
    shared = Counter(w.lower() for ws in words.values() for w in set(ws))
    options = {seat: _candidates(_key_word(ws, shared)) for seat, ws in words.items()}
    firsts = Counter(opts[0] if opts else "?" for opts in options.values())
    out: dict[int, str] = {}
    for seat, opts in options.items():  # a first letter no one else starts with is kept as it is
        mark = opts[0] if opts else "?"
        if firsts[mark] == 1:
            out[seat] = mark
    taken = set(out.values())
    same = Counter(" ".join(ws).lower() for ws in words.values())
    for seat in sorted(options):
        if seat in out:
            continue
        opts = options[seat]
        first = opts[0] if opts else "?"
        mark = None
        if same[" ".join(words[seat]).lower()] < 2:  # one name twice: only the seat number tells them apart
            mark = next((m for m in opts[1:] if m not in taken), None)
        if mark is None or mark in taken:
            mark = f"{first}{seat + 1}"
        out[seat] = mark
        taken.add(mark)
    return {seat: out[seat] for seat in names}

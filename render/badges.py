"""The marks on the players' colour chips: one or two letters per seat, different for every seat of a game.

A name's own word gives the mark: the first word that no other name at the table also has (the bots are all
«Бот …», so a bot is marked by its own name). One letter when no other seat's mark starts the same. Of seats
that would share a letter, the one with the shortest name keeps it, and each other takes the first of its
name's other marks that is free: the initial of another word (a lone «Бот Филин» next to Борис: «Ф»), the
initials of two words («АП» for Анна Петрова), the letter with a later one of the word (Бот Барсук «Ба»); the
letter and the seat number when none is. Seats with the very same name are told apart by seat number.

>>> badges({0: "Борис", 1: "Аня", 2: "Бот Филин", 3: "Бот Барсук"})
{0: 'Б', 1: 'А', 2: 'Ф', 3: 'Ба'}
>>> badges({0: "Борис", 1: "Бот Филин"}), badges({0: "Алексей", 1: "Анна Петрова"})
({0: 'Б', 1: 'Ф'}, {0: 'А', 1: 'П'})
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


def _alternatives(words: list[str], key: str) -> list[str]:
    """The marks a name offers when its first letter is taken, best first (see the module doc)."""
    first = key[0].upper()
    out = [w[0].upper() for w in words if w is not key and w[0].upper() != first]
    initials = [w[0].upper() for w in words]
    for i in range(len(initials) - 1):
        if initials[i] != initials[i + 1]:
            out.append(initials[i] + initials[i + 1])
    out += [first + ch.lower() for ch in key[1:]]
    return list(dict.fromkeys(out))


def badges(names: dict[int, str]) -> dict[int, str]:
    """seat -> a mark of one or two characters, unique among the seats (see the module doc); "?" for a name
    with no letter or digit at all (and the seat number when there are several such)."""
    words = {seat: _words(name) for seat, name in names.items()}
    shared = Counter(w.lower() for ws in words.values() for w in set(ws))
    keys = {seat: _key_word(ws, shared) for seat, ws in words.items()}
    firsts = {seat: key[0].upper() if key else "?" for seat, key in keys.items()}
    spelled = Counter(" ".join(ws).lower() for ws in words.values())
    groups: dict[str, list[int]] = {}
    for seat in sorted(names):
        groups.setdefault(firsts[seat], []).append(seat)
    out: dict[int, str] = {}
    for letter, seats in groups.items():  # the seat with the shortest name keeps the letter
        keeper = min(seats, key=lambda s: (len(words[s]), s))
        if len(seats) == 1 or (keys[keeper] and spelled[" ".join(words[keeper]).lower()] < 2):
            out[keeper] = letter
    taken = set(out.values())
    for seat in sorted(names):
        if seat in out:
            continue
        mark = None
        if keys[seat] and spelled[" ".join(words[seat]).lower()] < 2:
            mark = next((m for m in _alternatives(words[seat], keys[seat]) if m not in taken), None)
        out[seat] = mark or f"{firsts[seat]}{seat + 1}"
        taken.add(out[seat])
    return {seat: out[seat] for seat in names}

"""Questions written partly in Latin letters, the two ways players do it: English words of the English edition and
its videos in a Russian sentence («у меня paddock, могу jump через чужой хаус?»: `rules/english.txt` says them in
our reference's words, as typed in Latin or in Cyrillic), and Russian typed in Latin letters («a toporik v zodchih
mozhno», read in Cyrillic). The games' Latin names stay as typed.

>>> from_latin("у меня paddock, могу jump через чужой хаус?")
'у меня пастбище, могу передвинуть через чужой поселение?'
>>> from_latin("a toporik v zodchih mozhno")
'а топорик в зодчих можно'
"""

from __future__ import annotations

import re
from functools import cache

import cyrtranslit

from bot.lookup.terms import known_word, lemma

GLOSSARY_FILE = "english.txt"
LATIN_NAMES = frozenset("kingdom builder kb valdora sylvan dale builders of".split())  # the games' own names
# a word, with a case ending a player tacks on after an apostrophe («tavern'ом», «owner'у») or an English «'s»
WORD = re.compile(r"([A-Za-zА-Яа-яЁё]+)(?:['’`][A-Za-zА-Яа-яЁё]+)?")
LATIN = re.compile(r"[A-Za-z]")
LONGEST = 4  # words in the longest phrase of the glossary


@cache
def glossary() -> dict[tuple[str, ...], str]:
    """English words and phrases (lower case, «ё» as «е») -> our reference's word (`rules/english.txt`)."""
    from bot.lookup.rulebook import RULES_FOLDER

    found: dict[tuple[str, ...], str] = {}
    for line in (RULES_FOLDER / GLOSSARY_FILE).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        russian, english = (part.strip() for part in line.split("|"))
        for phrase in english.split(","):
            key = tuple(_folded(phrase).split())
            if key in found:
                raise ValueError(f"«{phrase.strip()}» twice in {GLOSSARY_FILE}")
            found[key] = russian
    return found


def _folded(text: str) -> str:
    return text.lower().replace("ё", "е")


def _forms(word: str) -> tuple[str, ...]:
    """A word as the glossary may hold it: as typed, and an English plural without its «s» or «es», or a word in
    Cyrillic in its dictionary form («джема» -> «джем»)."""
    if not LATIN.match(word):
        return (word, _folded(lemma(word)))
    return (word, word[:-1], word[:-2]) if word.endswith("es") else (word, word[:-1]) if word.endswith("s") else (word,)


def translated(text: str) -> str:
    """A text with the glossary's English words and phrases in our reference's words, longest phrase first."""
    words = list(WORD.finditer(text))
    out, last, i = [], 0, 0
    entries = glossary()
    while i < len(words):
        for size in range(min(LONGEST, len(words) - i), 0, -1):
            run = words[i:i + size]
            if any(not re.fullmatch(r"\s+", text[a.end():b.start()]) for a, b in zip(run, run[1:], strict=False)):
                continue  # a phrase's words stand side by side
            *head, tail = (_folded(m.group(1)) for m in run)
            russian = next((entries[key] for form in _forms(tail) if (key := (*head, form)) in entries), None)
            if russian is not None:
                out += [text[last:run[0].start()], russian]
                last, i = run[-1].end(), i + size
                break
        else:
            i += 1
    return "".join(out) + text[last:]


def from_latin(text: str) -> str:
    """A question with English words said in our reference's words (`translated`), and the rest typed in Latin
    letters read in Cyrillic when it is Russian so typed: when no English word of the glossary is in it, at least two
    such words are and at least half of the longer ones read as Russian words («skolko zolota»); an English «can I»
    or «ok» stays as typed."""
    said = translated(text)
    if said != text:  # a player who writes English words writes the rest in English too («can I сдать?»)
        return said
    left = [m.group(1) for m in WORD.finditer(text) if LATIN.match(m.group(1)) and m.group(1).lower() not in
            LATIN_NAMES]
    longer = [w for w in left if len(w) >= 3]
    russian = [w for w in longer if known_word(_folded(cyrtranslit.to_cyrillic(w, "ru")))]
    if len(left) < 2 or len(russian) * 2 < len(longer):
        return text
    return WORD.sub(lambda m: m.group() if not LATIN.match(m.group(1)) or m.group(1).lower() in LATIN_NAMES
                    else cyrtranslit.to_cyrillic(m.group(), "ru"), text)

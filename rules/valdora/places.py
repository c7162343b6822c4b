"""Reading a place of the board in what players type: «д9», «d9», «фиол», «к белому», «город с», «port», and the
normalised text every reading starts from. `notation` reads moves with it; the position answers of `/rules` ask
whether a question's word is a place.
"""

from __future__ import annotations

import re

from rules.leftover import ignorable
from rules.text import POLITE_WORDS as SHARED_POLITE
from rules.valdora.board import SPACES

# polite and filler words that never change what a move means: «давай /move д9, пожалуйста»
POLITE_WORDS = SHARED_POLITE


def normalise(text: str) -> str:
    """Lower case, ё -> е, no leading "/" or "@botname", no polite words, punctuation or emoji, single spaces.

    >>> normalise("  /Move@ValdoraBot   Жёлтый ")
    'move желтый'
    >>> normalise("Давай, /move Д9, пожалуйста!"), normalise("плиз конец")
    ('move д9', 'конец')
    """
    text = text.strip().lower().replace("ё", "е")
    text = re.sub(r"[,;!?.]+", " ", text)
    words = [w for w in text.split() if w not in POLITE_WORDS and not ignorable(w)]
    text = " ".join(words).lstrip("/")
    text = re.sub(r"^(\S+?)@\S+", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


# --- spaces --------------------------------------------------------------------------------------------

_SPACE_KEYS = {normalise(s.name): s.name for s in SPACES}
_OTHER_NAMES = {
    # the towns' Latin letters typed on a Russian keyboard (D as Д: a road is always Д and a number);
    # б and г: the towns' names before they followed the rulebook (Б was a catalogue, Г a contract book)
    "а": "A", "в": "B", "с": "C", "д": "D", "б": "B", "г": "D", "v": "B",
    "port": "Порт", "gavan": "Гавань", "harbour": "Гавань",
    "harbor": "Гавань", "pristan": "Пристань", "grey": "Серый", "gray": "Серый", "yellow": "Жёлтый",
    "white": "Белый", "purple": "Фиолетовый", "red": "Красный", "blue": "Синий", "green": "Зелёный",
}
TOWN_WORDS = {"город", "города", "городе", "town"}  # «иду в город с»
# Latin letters that look like Cyrillic ones, for names typed on a Latin keyboard layout by habit
_LOOKALIKE = str.maketrans({"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "k": "к", "m": "м",
                            "t": "т", "h": "н", "b": "в", "y": "у"})


PLACE_PREPOSITIONS = ("на", "в", "во", "к", "ко", "до", "у", "to")


def space_candidates(text: str) -> list[str]:
    """Space names meant by a typed text: exact names first, then Latin forms, then unique prefixes.

    >>> space_candidates("d5"), space_candidates("фиол"), space_candidates("д"), space_candidates("д1")
    (['Д5'], ['Фиолетовый'], ['D'], ['Д1'])
    >>> space_candidates("город с"), space_candidates("c"), space_candidates("в")
    (['C'], ['C'], ['B'])
    """
    key = "".join(w for w in normalise(text).split(" ") if w not in TOWN_WORDS)
    if not key:
        return []
    if key in _SPACE_KEYS:
        return [_SPACE_KEYS[key]]
    if key in _OTHER_NAMES:
        return [_OTHER_NAMES[key]]
    m = re.fullmatch(r"(?:d|д)(\d{1,2})", key)
    if m and "д" + m.group(1) in _SPACE_KEYS:
        return [_SPACE_KEYS["д" + m.group(1)]]
    m = re.fullmatch(r"(?:sh|s|w|m|ш)(\d)", key)
    if m and "ш" + m.group(1) in _SPACE_KEYS:
        return [_SPACE_KEYS["ш" + m.group(1)]]
    cyr = key.translate(_LOOKALIKE)
    if cyr in _SPACE_KEYS:
        return [_SPACE_KEYS[cyr]]
    prefixed = [name for k, name in _SPACE_KEYS.items() if k.startswith(key) or k.startswith(cyr)]
    if prefixed:
        return prefixed
    # house names are adjectives, typed in any case form: "к белому", "до зелёного"
    stem = _ADJECTIVE_ENDING.sub("", key)
    return [name for k, name in _SPACE_KEYS.items() if len(stem) >= 3 and _ADJECTIVE_ENDING.sub("", k) == stem]


_ADJECTIVE_ENDING = re.compile(r"(ому|ему|ого|его|ым|им|ом|ем|ый|ий|ой|ая|яя|ую|юю)$")

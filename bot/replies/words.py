"""Russian word forms for the bot's sentences, from a morphology dictionary (pymorphy3) rather than endings
written by hand: a game's title declined where the sentence needs another case.

>>> declined("Валдора", "gent"), declined("Валдора", "accs"), declined("Валдора", "loct")
('Валдоры', 'Валдору', 'Валдоре')
>>> declined("Зодчие Волшебной Долины", "gent"), declined("Kingdom Builder", "loct")
('Зодчих Волшебной Долины', 'Kingdom Builder')
"""

from __future__ import annotations

import functools
import re

import pymorphy3

CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё-]+")


@functools.cache
def morph() -> pymorphy3.MorphAnalyzer:
    """The analyser with its Russian dictionary (loaded once, in about 50 ms)."""
    return pymorphy3.MorphAnalyzer()


@functools.lru_cache(maxsize=256)
def declined(title: str, case: str) -> str:
    """`title` in a grammatical case ("gent", "datv", "accs", "ablt", "loct"). The first word carries the case
    (a noun, or an adjective used as one: «Зодчие»); the words after it are its genitive attribute and stay as
    they are («Волшебной Долины»). A title that is not Russian (Kingdom Builder) is not declined."""
    first, space, rest = title.partition(" ")
    if not CYRILLIC_WORD.fullmatch(first):
        return title
    parses = morph().parse(first.lower())
    noun = next((p for p in parses if p.tag.POS == "NOUN" and p.tag.case == "nomn"), parses[0])
    form = noun.inflect({case})
    if form is None:
        return title
    word = form.word.capitalize() if first[:1].isupper() else form.word
    return word + space + rest

"""Words of a typed move that its game could not place, shared by the three games' `notation.parse`.

A move is taken only when every word of it was read: «/buy zzz» or «/end Щ99» is never half-understood into
«buy right» or «end». Each game reads its own words; what none of its readings placed is refused here, named,
with the game's hint of what may be sent now. Tokens without a letter or a digit (punctuation, an arrow, an
emoji) never change a move and are no word to refuse.

>>> ignorable("🙂"), ignorable("->"), ignorable("—"), ignorable("zzz"), ignorable("б²")
(True, True, True, False, False)
>>> not_understood(["zzz"], "/buy zzz", "Сейчас можно: /end.", "valdora.turn").message
'Не понял «zzz» в «/buy zzz». Ход не сделан. Сейчас можно: /end.'
>>> not_understood(["щ99", "qq"], "конец щ99 qq", "", "kingdom.turn").message
'Не понял «щ99» и «qq» в «конец щ99 qq». Ход не сделан.'
>>> not_understood(["щ99"], "/end Щ99", "", "valdora.turn").message
'Не понял «Щ99» в «/end Щ99». Ход не сделан.'
"""

from __future__ import annotations

import re

from rules.protocol import RuleError
from rules.text import count, join_names, typed

_WORDLIKE = re.compile(r"[^\W_]")  # a letter or a digit of any script («²» and «١» count: they are no emoji)
NAMED_AT_MOST = 3  # unknown words quoted one by one; beyond them, how many more
WORD_LIMIT = 20  # characters of one unknown word quoted back


def ignorable(token: str) -> bool:
    """A token with no letter or digit: punctuation, a dash or an arrow, an emoji."""
    return not _WORDLIKE.search(token)


def as_typed(word: str, text: str) -> str:
    """A word of the normalised text (lower case, «е» for «ё») as it stands in what was typed.

    >>> as_typed("щ99", "/buy Щ99"), as_typed("еж", "Ёж"), as_typed("qq", "zz")
    ('Щ99', 'Ёж', 'qq')
    """
    pattern = "".join("[её]" if char == "е" else re.escape(char) for char in word)
    found = re.search(pattern, text, re.IGNORECASE)
    return found.group(0) if found else word


def not_understood(words: list[str], text: str, hint: str, section: str) -> RuleError:
    """The refusal of a move with words its game could not place: which words, in what text, and that nothing
    was done (the hint says what may be sent instead). The text is quoted as typed, when it is more than the
    word itself."""
    unique = list(dict.fromkeys(words))
    quoted = [f"«{typed(as_typed(word, text), WORD_LIMIT)}»" for word in unique[:NAMED_AT_MOST]]
    if len(unique) > NAMED_AT_MOST:
        quoted.append("ещё " + count(len(unique) - NAMED_AT_MOST, "слово", "слова", "слов"))
    where = f" в «{typed(text)}»" if len(text.split()) > 1 else ""
    return RuleError(f"Не понял {join_names(quoted)}{where}. Ход не сделан. {hint}".strip(), section)

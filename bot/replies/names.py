"""People's names as the bot shows them: a name is the player's, never a part of the bot's own line.

A Telegram name is whatever its owner typed: direction overrides (U+202E turns the rest of the line around),
invisible characters (three «Аня» that differ by a zero-width joiner), piles of combining marks, a hundred
characters, or something Telegram turns into a live link of its own: «/new valdora», «t.me/x», «@admin». A name
is made safe once, where a user enters the service (`clean_name`, called by `replies.User` itself): stored seats,
game texts, captions, buttons and private notes all get the clean name. Two seats of a table that would read the
same are told apart at the moment the later one sits down (`distinct_name`), and a player is named at a table by
the name they sat down with, whatever they call themselves now (`as_seated`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from bot.storage.base import GameRow


class Person(Protocol):
    """What `as_seated` needs of a user (`replies.User`, which imports this module to clean its name)."""

    id: int
    name: str
    username: str


P = TypeVar("P", bound=Person)

NAME_LIMIT = 32  # characters a name shows, «…» included
MARKS_PER_LETTER = 3  # combining marks kept on one letter (Thai and Hebrew use two or three; «Zalgo» dozens)
WORD_JOINER = "\u2060"  # invisible, and no part of a command, a mention, a hashtag or a domain for Telegram
LTR_MARK = "\u200e"  # put around a right-to-left name: the bot's line keeps its own direction
ZWJ = "\u200d"
# characters that look like nothing at all, or like a space: Hangul fillers, the braille blank, Mongolian's
# vowel separator; they count as spaces (a name made only of them is empty)
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
USERNAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{3,31}")
# what Telegram turns into a command, a mention, a hashtag or a cashtag: the sign right before a word character
SIGN_BEFORE_WORD = re.compile(r"([/@#$])(?=\w)")
# a dot inside a word (a domain's), or a CJK full stop, which a domain name (IDNA) reads as a dot
DOT_IN_WORD = re.compile(r"(?<=\S)([.\u3002\uff0e\uff61])(?=\S)")
SCHEME = re.compile(r":(?=//)")  # «tg://…», «http://…»
DIGITS = re.compile(r"\d[\d \-]{11,}\d")  # a long run of digits: a bank card number for Telegram
# look-alike letters read as one: Cyrillic and Greek letters that look Latin, and the digits and «l» that look
# like letters (after casefolding and NFKC)
SKELETON = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "һ": "h", "ӏ": "i", "ԛ": "q", "ԝ": "w",
    "ү": "y", "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ı": "i", "l": "i", "1": "i", "|": "i", "0": "o",
})


def clean_name(raw: str, user_id: int) -> str:
    """The name as the bot keeps and shows it: invisible characters and direction controls gone, combining marks
    capped, NFC, spaces collapsed, at most NAME_LIMIT characters; what Telegram would make a link or a command of
    is broken by an invisible WORD JOINER, and a right-to-left name is put between left-to-right marks. A name
    that comes out empty becomes «Игрок» and a short number. The same name cleaned again stays as it is.

    >>> clean_name("Аня\\u202eвеки", 1), clean_name(" Аня\\u200d ", 1), clean_name("\\u3164\\u200b", 31337)
    ('Анявеки', 'Аня', 'Игрок 1337')
    >>> clean_name("/new valdora", 1) == "/\\u2060new valdora", clean_name("Я" * 40, 1) == "Я" * 31 + "…"
    (True, True)
    """
    text = _visible(raw)
    if not text:
        return f"Игрок {abs(user_id) % 10_000}"
    return _guarded(_shortened(text, NAME_LIMIT))


def shown(name: str) -> str:
    """A stored name as a text shows it: what `clean_name` does but the length cap, so that a seat stored before
    names were cleaned cannot steer or link a text either; a clean name comes out as it is.

    >>> shown("Аня"), shown("\u202eАня @admin") == "Аня @\u2060admin"
    ('Аня', True)
    """
    return _guarded(_visible(name))


def clean_title(raw: str) -> str:
    """A chat's or a forum topic's title, made safe as names are (no length cap: Telegram's own is short).

    >>> clean_title("Друзья\\u202e t.me/x") == "Друзья t\\u2060.\\u2060me/\\u2060x"
    True
    """
    return shown(raw)


def skeleton(name: str) -> str:
    """What a name reads as: case, width, accents, invisible characters and look-alike letters aside; two names
    with the same skeleton cannot be told apart at a glance.

    >>> skeleton("Аня") == skeleton("аня\\u200d"), skeleton("Anya") == skeleton("Аnуа"), skeleton("Ая") == skeleton("Я")
    (True, True, False)
    >>> skeleton("Алёна") == skeleton("Алена"), skeleton("ＢＯＲＩＳ") == skeleton("Вoris")
    (True, True)
    """
    text = unicodedata.normalize("NFKD", _visible(name).casefold())
    text = "".join(c for c in text if not unicodedata.category(c).startswith("M"))
    return unicodedata.normalize("NFKC", text).translate(SKELETON)


def distinct_name(name: str, username: str, taken: list[str]) -> str:
    """`name` for a new seat next to seats named `taken`: as it is unless it reads like one of them; else with
    the person's @username («Аня (@anya2)») where they have one, or a number («Аня 2»).

    >>> distinct_name("Аня", "", ["Аня", "Аня 2"]), distinct_name("Вера", "", ["Аня"])
    ('Аня 3', 'Вера')
    >>> distinct_name("Аня\\u200d", "anya2", ["Аня"]) == "Аня (@\\u2060anya2)"
    True
    """
    name = clean_name(name, 0)
    seen = {skeleton(other) for other in taken}
    if skeleton(name) not in seen:
        return name
    base = _visible(name)
    if USERNAME.fullmatch(username or ""):
        tagged = f"{base} (@{username})"
        if len(tagged) <= NAME_LIMIT and skeleton(tagged) not in seen:
            return _guarded(tagged)
    number = 2
    while True:
        numbered = f"{_shortened(base, NAME_LIMIT - len(str(number)) - 1)} {number}"
        if skeleton(numbered) not in seen:
            return _guarded(numbered)
        number += 1


def as_seated(user: P, row: GameRow | None) -> P:
    """The user as the table at `row` names them: a seated player by the name they sat down with (they may have
    renamed themselves since, even to another player's name); anyone else told apart from the seats' names."""
    if row is None:
        return user
    index = row.seat_of(user.id)
    if index is not None:
        seat_name = row.seats[index].name
        return user if seat_name == user.name else replace(user, name=seat_name)
    named = distinct_name(user.name, user.username, [seat.name for seat in row.seats])
    return user if named == user.name else replace(user, name=named)


def comparable(name: str) -> str:
    """A name as typed text is matched against it: lower case, «ё» as «е», nothing invisible.

    >>> comparable("t\\u2060.\\u2060Me Ёлкин")
    't.me елкин'
    """
    return _visible(name).lower().replace("ё", "е")


def _visible(raw: str) -> str:
    """`raw` without anything that is not seen or that steers the text (NFC, spaces collapsed, marks capped)."""
    chars: list[str] = []
    for i, char in enumerate(raw):
        kind = unicodedata.category(char)
        if char.isspace() or char in BLANKS or kind in ("Zl", "Zp"):
            chars.append(" ")
        elif char == ZWJ and chars and _pictograph(chars[-1]) and _pictograph(raw[i + 1:i + 2]):
            chars.append(char)  # inside an emoji sequence («👨‍👩‍👧»): it draws one picture, not a gap
        elif kind not in ("Cc", "Cf", "Cs"):
            chars.append(char)
    return " ".join(_capped_marks(unicodedata.normalize("NFC", "".join(chars))).split())


def _pictograph(char: str) -> bool:
    return bool(char) and (unicodedata.category(char) in ("So", "Sk") or char == "\ufe0f")


def _capped_marks(text: str) -> str:
    """At most MARKS_PER_LETTER combining marks on a letter; none at the very start or on a space."""
    out: list[str] = []
    marks = MARKS_PER_LETTER  # at the start there is no letter to carry a mark
    for char in text:
        if unicodedata.category(char) in ("Mn", "Me"):
            if marks < MARKS_PER_LETTER:
                out.append(char)
                marks += 1
            continue
        out.append(char)
        marks = MARKS_PER_LETTER if char.isspace() else 0
    return "".join(out)


def _shortened(text: str, limit: int) -> str:
    """`text` whole if it fits in `limit` characters; else cut with «…», never between a letter and its marks."""
    if len(text) <= limit:
        return text
    cut = limit - 1
    while cut > 0 and (unicodedata.category(text[cut]).startswith("M") or text[cut] in (ZWJ, "\ufe0f")):
        cut -= 1
    return text[:cut].rstrip(" " + ZWJ) + "…"


def _guarded(text: str) -> str:
    """A visible name as it is shown in plain text: nothing in it that Telegram would make a command, a mention,
    a hashtag, a link or a card number of (WORD JOINERs break them unseen), and a right-to-left name fenced by
    left-to-right marks, so that neither the line's direction nor its punctuation move."""
    text = SIGN_BEFORE_WORD.sub(r"\1" + WORD_JOINER, text)
    text = DOT_IN_WORD.sub(WORD_JOINER + r"\1" + WORD_JOINER, text)
    text = SCHEME.sub(":" + WORD_JOINER, text)
    text = DIGITS.sub(lambda m: WORD_JOINER.join(m.group()) if sum(c.isdigit() for c in m.group()) >= 13
                      else m.group(), text)
    if any(unicodedata.bidirectional(char) in ("R", "AL") for char in text):
        text = f"{LTR_MARK}{text}{LTR_MARK}"
    return text


def plain(name: str) -> str:
    """A person's name in a text: escaped, and nothing in it steers the line or becomes a link (`shown`)."""
    return escape(shown(name))

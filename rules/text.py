"""Small Russian text helpers shared by all games.

>>> plural(1, "монета", "монеты", "монет"), plural(3, "монета", "монеты", "монет")
('монета', 'монеты')
>>> count(5, "монета", "монеты", "монет")
'5 монет'
>>> join_names(["Аня", "Борис", "Вера"])
'Аня, Борис и Вера'
>>> typed("  иду\\n на \\u202eд9 ")
'иду на д9'
"""

from __future__ import annotations


def plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian plural form for n: 1, 21, 101 -> one; 2-4, 22-24 -> few; 0, 5-20, 11-14 -> many.

    >>> [plural(n, "монета", "монеты", "монет") for n in (0, 1, 2, 5, 11, 12, 21, 22, 25, 111)]
    ['монет', 'монета', 'монеты', 'монет', 'монет', 'монет', 'монета', 'монеты', 'монет', 'монет']
    """
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def count(n: int, one: str, few: str, many: str) -> str:
    """The number followed by its noun in the right form: "2 монеты"."""
    return f"{n} {plural(n, one, few, many)}"


def coins(n: int) -> str:
    """ "1 монета", "3 монеты", "6 монет" — used by every game that has coins."""
    return count(n, "монета", "монеты", "монет")


def coins_acc(n: int) -> str:
    """Accusative, after "стоит", "за", "требует": "1 монету", "2 монеты", "5 монет"."""
    return count(n, "монету", "монеты", "монет")


def points(n: int) -> str:
    """ "1 очко", "2 очка", "10 очков"."""
    return count(n, "очко", "очка", "очков")


# Unicode direction controls: echoed unbalanced, they would turn the rest of our sentence right-to-left
_DIRECTION_CONTROLS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
TYPED_LIMIT = 40  # characters of a player's text quoted back in a refusal


def typed(text: str, limit: int = TYPED_LIMIT) -> str:
    """What a player typed, to quote back in a refusal («Не понимаю «…»»): one line, without direction controls,
    at most `limit` characters (a pasted page must not become a reply longer than Telegram allows).

    >>> typed("ж" * 100) == "ж" * 39 + "…"
    True
    """
    flat = " ".join(text.translate(_DIRECTION_CONTROLS).split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def join_names(names: list[str]) -> str:
    """A Russian list: "Аня", "Аня и Борис", "Аня, Борис и Вера"."""
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " и " + names[-1]


# Politeness and talk that people add to a typed move; they never change what the move is. Every game's
# `parse` ignores them (adding words of its own), so a refusal still quotes what was typed.
POLITE_WORDS = frozenset("""
пожалуйста пожалуй пожалста пжл пжлст пж плиз плз please pls спасибо спс давай давайте ну ладно ок окей ok
так вот тогда теперь сейчас можно хочу я мне
""".split())

"""What Telegram would make live of a plain text on its own, with no markup asking for it: bot commands, @mentions,
#hashtags, $cashtags, URLs (with or without a scheme; tg:// too), e-mail addresses and bank card numbers. Telegram
finds them in every message, parse_mode HTML or not; the patterns follow its rules closely enough to tell whether a
name in a text would become one (a sign or a dot joined to a word character; an invisible WORD JOINER is neither a
word character nor a part of a domain, so it breaks them).

>>> [found for _, found in auto_links("Аня: /new valdora, t.me/evil, @admin #тег $USD, mail@ex.com")]
['/new', 't.me/evil', '@admin', '#тег', '$USD', 'mail@ex.com']
>>> auto_links("/\\u2060new t\\u2060.\\u2060me/\\u2060evil @\\u2060admin Аня. Вера.")
[]
>>> name_spans("Ходит t\\u2060.\\u2060me!", "t.me")
[(6, 12)]
"""

from __future__ import annotations

import re

try:
    from tests.telegram_html import visible
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from telegram_html import visible

DOMAIN_PART = r"[^\W_]|[\-~_]"
PATTERNS = {
    "bot_command": re.compile(r"(?<![\w/<>])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\w/<>])"),
    "mention": re.compile(r"(?<!\w)@[A-Za-z0-9_]{2,32}(?!\w)"),
    "hashtag": re.compile(r"(?<![\w\u200c])#(?=[\w\u200c]*[^\W\d_])[\w\u200c]++(?!#)"),
    "cashtag": re.compile(r"(?<![\w$])\$[A-Z]{1,8}(?![\w$])"),
    "email": re.compile(rf"(?<![\w.+-])[\w.+-]+@(?:{DOMAIN_PART})+(?:[.\u3002\uff0e\uff61](?:{DOMAIN_PART})+)+"),
    "url": re.compile(rf"(?<![\w/#@])(?:(?:https?|ftp)://)?(?:{DOMAIN_PART})+(?:[.\u3002\uff0e\uff61](?:{DOMAIN_PART})+)+"
                      r"(?::\d{1,5})?(?:[/?#][^\s<>\"«»]*)?"),
    "tg_url": re.compile(r"(?i)\b(?:tg|ton)://[a-z0-9_-]+"),
    "bank_card": re.compile(r"(?<![\w+.,-])\d(?:[\d -]*\d){12,18}(?![\w-])"),
}
# what a domain-like word must end in to be taken for a domain rather than «Аня.Вера» or «т.е»
TOP_LEVEL = re.compile(r"[.\u3002\uff0e\uff61]([A-Za-z]{2,}|рф|рус)(?=[/?#:]|$)", re.IGNORECASE)
GUARDS = "\u2060\u200e"  # what the bot puts into a name: neither is seen
# what steers the direction of a line, and what cannot be seen at all (the WORD JOINER the bot itself puts into a
# name is allowed: it is what keeps a name from being a link)
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
INVISIBLE = set("\u200b\u200c\u200d\u2061\u2062\u2063\u2064\ufeff\u180e\u3164\u115f\u1160\uffa0\u2800")


def auto_links(text: str) -> list[tuple[str, str]]:
    """(kind, text) of everything Telegram would turn into a live command, mention, hashtag or link in `text`."""
    return [(kind, value) for _, _, kind, value in _found(text)]


def links_in(text: str, start: int, end: int) -> list[tuple[str, str]]:
    """What Telegram would make live in `text` that touches the characters start…end (a name shown there)."""
    return [(kind, value) for first, last, kind, value in _found(text) if first < end and last > start]


def _found(text: str) -> list[tuple[int, int, str, str]]:
    found = []
    for kind, pattern in PATTERNS.items():
        for match in pattern.finditer(text):
            value = match.group().rstrip(".:;,('?!`") if kind == "url" else match.group()
            host = value.split("/", 3)[2] if "://" in value else re.split(r"[/?#:]", value)[0]
            if kind == "url" and TOP_LEVEL.search(host) is None:
                continue
            if kind == "bank_card" and sum(c.isdigit() for c in value) < 13:
                continue
            found.append((match.start(), match.start() + len(value), kind, value))
    return sorted(found)


def name_spans(text: str, name: str) -> list[tuple[int, int]]:
    """Where `name` (as its owner sees it) shows in `text`, whatever invisible characters the bot put into it."""
    seen = "".join(c for c in name if c not in GUARDS)
    if not seen:
        return []
    pattern = f"[{GUARDS}]*".join(re.escape(c) for c in seen)
    return [(m.start(), m.end()) for m in re.finditer(pattern, text)]


def live_in_names(text: str, names: list[str]) -> list[tuple[str, str, str]]:
    """(name, kind, text) of each live command or link that one of `names` makes in `text`: none is allowed."""
    return [(name, *link) for name in names for start, end in name_spans(text, name)
            for link in links_in(text, start, end)]


def problems(read: list[tuple[str, bool]], names: list[str]) -> list[str]:
    """What is wrong in the texts: a direction or invisible character, or a live command or link from a name."""
    out = []
    for text, html in read:
        if BIDI & set(text) or INVISIBLE & set(text):
            out.append(f"a hidden character in {text!r}")
        if not html:  # a button's label, a toast: never parsed for entities
            continue
        # Telegram finds nothing inside <code> (where the bot quotes its own commands: «/new valdora»)
        shown = visible(re.sub(r"<code>.*?</code>", "", text, flags=re.S))
        live = live_in_names(shown, names)
        if live:
            out.append(f"{live} in {shown!r}")
    return out

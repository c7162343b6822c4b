"""What a person reads of a Telegram HTML text: the text after Telegram has parsed it (parse_mode HTML).

Only the tags Telegram knows become formatting (entities) and vanish from what is read; the character references
(&lt; &amp; &quot; &#39; …) become their characters. What is left is what the chat shows, and it must show no
markup at all: a tag, an entity or a `tg://` link still visible there means a text was escaped twice (or a caption
was sent back as plain text), which Telegram accepts without a word.

>>> visible('Ходит <a href="tg://user?id=3">Вера</a> &amp; Co.')
'Ходит Вера & Co.'
>>> leftovers(visible('Ходит &lt;a href=&quot;tg://user?id=3&quot;&gt;Вера&lt;/a&gt;.'))
['<a href="tg://user?id=3">', '</a>', 'tg://']
>>> leftovers(visible("Счёт &amp;amp; очки")), leftovers("Монеты: 3 < 5 & 7 > 2")
(['&amp;'], [])
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Telegram's HTML parse mode: the tags that become entities (https://core.telegram.org/bots/api#html-style)
TELEGRAM_TAGS = frozenset({"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre", "a",
                           "tg-spoiler", "tg-emoji", "blockquote", "span"})
# what must never be read: a tag, a character reference, a tg:// link
TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?>")
REFERENCE = re.compile(r"&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
TG_LINK = re.compile(r"tg://")


class UnknownTag(ValueError):
    """A tag Telegram refuses (the message would not be sent at all)."""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag not in TELEGRAM_TAGS:
            raise UnknownTag(f"<{tag}> is not Telegram HTML")

    def handle_endtag(self, tag: str) -> None:
        if tag not in TELEGRAM_TAGS:
            raise UnknownTag(f"</{tag}> is not Telegram HTML")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def visible(html: str) -> str:
    """The text a person reads of `html` sent with parse_mode HTML."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return "".join(reader.parts)


def leftovers(text: str) -> list[str]:
    """The markup still showing in a text as read: tags, character references, tg:// links (empty: clean)."""
    return [m.group() for pattern in (TAG, REFERENCE, TG_LINK) for m in pattern.finditer(text)]

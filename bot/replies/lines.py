"""One-line texts as a reply shows them: a name, a step or a section cut after a whole word, a score's parts."""

from __future__ import annotations

from html import escape


def shortened_text(text: str, limit: int) -> str:
    """`text` on one line, whole if it fits in `limit` characters; else cut after its last whole word that fits, with
    «…». A word is never cut: a text without a space to cut at stays whole.

    >>> shortened_text("Аня берёт карту и строит дом.", 16), shortened_text("Аня берёт карту.", 16)
    ('Аня берёт карту…', 'Аня берёт карту.')
    >>> shortened_text("Аня строит: дом, сарай", 18), shortened_text("Длинноеслово", 5)
    ('Аня строит: дом…', 'Длинноеслово')
    """
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    head = flat[:limit]  # the «…» takes the place of the space cut at
    space = head.rfind(" ")
    if space <= 0:
        return flat
    return head[:space].rstrip(" ,;:—–-") + "…"


def breakdown(game, parts: dict[str, int], html: bool = True) -> str:
    """A score's parts as «<name>: <value>» joined by «; », the empty ones left out: «мастера: 6; бонусы: 3»
    (`html`: escaped for a message; False: for a toast, which is plain text)."""
    names = {key: game.score_names.get(key, key) for key in parts}
    return "; ".join(f"{escape(names[k]) if html else names[k]}: {v}" for k, v in parts.items() if v)

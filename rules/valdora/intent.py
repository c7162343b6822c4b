"""What a typed text asks for, as `notation.read_intent` understood it: shared by `notation` (which reads it)
and `refusals` / `refusals_books` (which explain why it cannot be played), so that neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Intent:
    """What a typed text asks for, before checking it against the rules."""

    kind: str  # move, pass, flip, buy, return, mine, deliver, refill, provisions, end
    text: str = ""  # the raw argument (move: the typed place)
    side: str | None = None
    direction: str | None = None
    number: int | None = None
    gem: str | None = None
    equipment: list[str] = field(default_factory=list)
    book: str | None = None  # buy: the kind of book named ("contracts" or "equipment")
    client: str | None = None  # buy, deliver: the colour of the contract named
    unread: list[str] = field(default_factory=list)  # words that name nothing this action takes: refused

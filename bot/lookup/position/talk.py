"""What a game tells the position answers (`bot.lookup.position.core`) about itself: which typed words its
notation reads as a move, which legal moves a named thing stands for, how its next turn begins for a seat that
is waiting, and which answers use a seat's hidden things. One small module per game implements it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules.protocol import Game, RuleError


@dataclass
class Answer:
    """A position answer before it is sent: its lines (HTML), the rule it cites, and whether it uses the asker's
    hidden things (then only the asker sees it)."""

    lines: list[str]
    section: str | None = None
    private: bool = False
    extra: list[str] = field(default_factory=list)  # lines after the rule (a caveat)


class Talk(Protocol):
    """A game's side of the position answers."""

    def understood(self, state: Any, text: str) -> bool:
        """Whether the game's notation reads every word of `text` as (part of) a move: only then is a refusal of
        `parse` a refusal by the rules rather than a word it does not know."""

    def options(self, state: Any, text: str) -> list[str] | None:
        """The current seat's legal actions that `text` names (a kind of move, a place, a token), best guess
        first; [] when it names something that is not possible now; None when it names nothing the game knows."""

    def special(self, game: Game, state: Any, seat: int, kind: str, text: str) -> Answer | None:
        """A question the game answers on its own (Валдора's «пройти через город»), or None."""

    def next_turn(self, state: Any, seat: int, text: str) -> Any | None:
        """A copy of the state at the start of `seat`'s turn with the board as it is now (what `seat` could do
        there about `text` if the others changed nothing), or None when the game cannot tell."""

    def private(self, state: Any, seat: int, text: str, waiting: bool) -> bool:
        """Whether answering about `text` uses what only `seat` may see (its hand, its terrain card); `waiting`:
        the answer is worked out for its next turn."""

    def section(self, action: str) -> str:
        """The rule-reference section of a legal action (its kind of move)."""

    def outlook(self, state: Any, seat: int) -> dict[str, int]:
        """Score parts that the game counts only later (a round's end) as they would be if it came now; {} when
        the game's own `scores` already count everything."""


def copy_state(game: Game, state: Any) -> Any:
    """An independent copy to try an action on (`GameBase.copy` where a game has one)."""
    copy = getattr(game, "copy", None)
    return copy(state) if copy is not None else game.load(game.dump(state))


def exact(parse: Callable[[Any, str], str], state: Any, text: str) -> list[str]:
    """The one action `text` names exactly, by the game's own `parse`; [] when the game does not read it as one."""
    try:
        return [parse(state, text)]
    except RuleError:
        return []

"""The common base of the games: every protocol call that only hands the work on to a game's modules.

A game is a package of modules with agreed functions, which its game object is built from:

- `state`: `new_game(players, seed, options)`, `dump(state)`, `load(data)`;
- `engine`: `legal_actions(state)`, `is_legal(state, action)`, `execute(state, action)`, `skip(state)`;
- `notation`: `parse(state, text)`, `label(state, action)`, `menu_path(state, action)`, `command(state, action)`;
- `scoring`: `final_scores(state)`, `winners(state)`;
- `view`: `view(state, seat, focus)`;
- `autopilot`: `choose(state)`, `revealed(state, action)` (the action may be `rules.protocol.SKIP`).

The state has `current` (the seat to act, None when the game is over) and `phase` ("over" at the end).
A game's class derives from `GameBase`, sets its own names and data (the class attributes of
`rules.protocol.Game`, and `played_in`), overrides only the calls that really differ, and its one object
is made with its modules: `GAME = MyGame(state, engine, notation, scoring, view, autopilot)`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from rules.protocol import Event, RuleError


class GameBase:
    """Delegation of the `rules.protocol.Game` calls to a game's modules (see the module's text)."""

    name: str
    title: str
    aliases: tuple[str, ...] = ()
    min_players: int
    max_players: int
    commands: tuple[tuple[str, str], ...] = ()
    score_names: dict[str, str]
    score_unit: tuple[str, str, str] = ("очко", "очка", "очков")
    secret_score_parts: tuple[str, ...] = ()
    secret_button: str | None = None
    about: str
    played_in: str  # the start of «… играют от 2 до 4 игроков»: "В Валдору", "В «Зодчих»"
    nothing_to_skip = "Партия окончена: пропускать нечего."  # the refusal of `skip` after the end

    def __init__(self, state: ModuleType, engine: ModuleType, notation: ModuleType, scoring: ModuleType,
                 view: ModuleType, autopilot: ModuleType) -> None:
        self._state, self._engine, self._notation = state, engine, notation
        self._scoring, self._view, self._autopilot = scoring, view, autopilot

    # --- a game's course ---

    def new(self, players: list[str], seed: int, options: dict | None = None) -> Any:
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError(f"{self.played_in} играют от {self.min_players} до {self.max_players} игроков, "
                            f"а собралось {len(players)}.", f"{self.name}.players")
        return self._state.new_game(list(players), seed, options)

    def current_seat(self, st: Any) -> int | None:
        return st.current

    def legal_actions(self, st: Any) -> list[str]:
        return list(self._engine.legal_actions(st))

    def is_legal(self, st: Any, action: str) -> bool:
        return self._engine.is_legal(st, action)

    def parse(self, st: Any, text: str) -> str:
        return self._notation.parse(st, text)

    def canonical(self, st: Any, action: str) -> str:
        """The legal canonical action that `apply` is to play for `action`: itself when it is one, else what
        `parse` makes of it (RuleError when nothing). A game whose old logs hold notations that are no longer
        canonical reads them here."""
        return action if self.is_legal(st, action) else self.parse(st, action)

    def apply(self, st: Any, action: str) -> list[Event]:
        """Play one action of the current seat; RuleError and no change at all when it is illegal.
        `action` is canonical, but anything `parse` understands is accepted too."""
        return self._engine.execute(st, self.canonical(st, action))  # `canonical` raises before any change

    def is_over(self, st: Any) -> bool:
        return st.phase == "over"

    def skip(self, st: Any) -> list[Event]:
        """The current turn ends at once (the player is away): see the engine's `skip`."""
        if self.is_over(st) or st.current is None:
            raise RuleError(self.nothing_to_skip, f"{self.name}.end")
        return self._engine.skip(st)

    def autopilot(self, st: Any) -> str:
        return self._autopilot.choose(st)

    def reveals(self, st: Any, action: str) -> bool:
        return self.revealed(st, action) is not None

    def revealed(self, st: Any, action: str) -> str | None:
        return self._autopilot.revealed(st, action)

    # --- how actions are shown ---

    def label(self, st: Any, action: str) -> str:
        return self._notation.label(st, action)

    def command(self, st: Any, action: str) -> str:
        return self._notation.command(st, action)

    def menu_path(self, st: Any, action: str) -> tuple[str, ...]:
        return self._notation.menu_path(st, action)

    def targets(self, st: Any, action: str) -> tuple[str, ...]:
        return self._notation.targets(st, action)

    def private_choice(self, st: Any, action: str) -> bool:
        return False  # no button reveals a secret unless a game says so

    def secret(self, st: Any, seat: int) -> str | None:
        return None  # nothing hidden unless a game says so

    # --- what is seen and counted ---

    def view(self, st: Any, seat: int | None = None, focus: list[str] | None = None) -> dict[str, Any]:
        return self._view.view(st, seat, focus)

    def breakdowns(self, st: Any) -> list[dict]:
        """Each seat's score by category, in seat order."""
        return [dict(s["breakdown"]) for s in self.scores(st)]

    def final_view(self, st: Any) -> dict[str, Any]:
        """The final public view and each seat's score breakdown."""
        return {"view": self.view(st), "breakdown": self.breakdowns(st)}

    def scores(self, st: Any) -> list[dict]:
        return self._scoring.final_scores(st)

    def winners(self, st: Any) -> list[int]:
        return self._scoring.winners(st)

    def options(self, st: Any) -> dict:
        return {}

    def rule_notes(self, st: Any) -> dict[str, str]:
        return {}

    def dump(self, st: Any) -> dict:
        return self._state.dump(st)

    # --- what the stronger bot levels look ahead with (`rules.levels`) ---

    def copy(self, st: Any) -> Any:
        """An independent copy of the state to try actions on."""
        return self.load(self.dump(st))

    def ratings(self, st: Any) -> dict[str, float]:
        """Every legal action of the current seat -> its `standing` one step ahead (higher is better); a game
        with a faster way of rating its actions (the autopilot's) overrides it. An action that draws is rated
        with what it draws in this state, so the bot levels call it on determinized copies only."""
        seat = st.current
        out = {}
        for action in self.legal_actions(st):
            trial = self.copy(st)
            self.apply(trial, action)
            out[action] = self.standing(trial, seat)
        return out

    def determinize(self, st: Any, seat: int, rng: Any) -> Any:
        """A copy of the state in which everything `seat` cannot see is drawn anew from `rng`, consistently
        with what it can see (its view stays the same); the same visible state and `rng` give the same copy,
        whatever the hidden things were."""
        raise NotImplementedError(f"{self.name} cannot resample its hidden information")

    def standing(self, st: Any, seat: int) -> float:
        """The seat's final score once the game is over, before that the game's estimate of its prospects,
        in the same unit (the estimate the autopilot plays by)."""
        raise NotImplementedError(f"{self.name} has no estimate of a seat's prospects")

    def load(self, data: dict) -> Any:
        return self._state.load(data)

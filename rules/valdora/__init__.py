"""Valdora (Валдора), 3-5 players: the rules engine behind the `rules.protocol.Game` interface.

>>> state = GAME.new(["Аня", "Борис", "Вера"], seed=3)
>>> GAME.current_seat(state) == state.first_seat
True
>>> GAME.apply(state, GAME.parse(state, "д9"))[0].text.endswith("идёт на Д9.")
True
"""

from __future__ import annotations

from typing import Any

from rules.protocol import Event, RuleError
from rules.valdora import actions, autopilot, engine, hints, labels, notation, scoring, state, view
from rules.valdora.board import LEGACY_TOWNS
from rules.valdora.data import SECTIONS

__all__ = ["GAME", "SECTIONS", "Valdora"]

LEGACY_MOVES = {f"move {old}": f"move {new}" for old, new in LEGACY_TOWNS.items()}


class Valdora:
    """The game object (stateless); the state is a `rules.valdora.state.State`."""

    name = "valdora"
    title = "Валдора"
    aliases = ("valdora", "валдору")
    min_players = 3
    max_players = 5
    sections = SECTIONS
    # move commands for Telegram's command menu (/move Д5 ...), in the order of a turn
    commands = (
        ("move", "Куда идти: /move Д5"),
        ("flip", "Листать книгу: /flip вперёд или назад"),
        ("buy", "Купить: /buy левую, /buy правую или /buy долото"),
        ("return", "Вернуть контракт: /return 2 влево"),
        ("mine", "Добыть: /mine рубин"),
        ("deliver", "Сдать контракт: /deliver 1"),
        ("refill", "Пополнить серебро (на шахте)"),
        ("provisions", "Взять провиант (в городе)"),
        ("end", "Закончить ход"),
    )
    # score categories in Russian, and those hidden while the game runs (delivered contracts lie face
    # down under the adventurer card until the end: rulebook)
    score_names = {"contracts": "контракты", "masters": "мастера", "workshops": "мастерские",
                   "bonuses": "бонусы", "gems": "драгоценности"}
    secret_score_parts = ("contracts",)
    score_unit = ("очко", "очка", "очков")  # rulebook: победные очки
    secret_button = None  # the hidden contracts are shown by the bot's own score button
    about = ("гномы-ремесленники ходят по городам и рудникам, покупают снаряжение и контракты, добывают камни "
             "и нанимают мастеров. За столом — около часа; в чате — обычно несколько дней.")

    def menu_path(self, st: state.State, action: str) -> tuple[str, ...]:
        return labels.menu_paths(st).get(action, ())

    def secret(self, st: state.State, seat: int) -> str | None:
        return None

    def private_choice(self, st: state.State, action: str) -> bool:
        return False

    def new(self, players: list[str], seed: int, options: dict | None = None) -> state.State:
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError(f"В Валдору играют от {self.min_players} до {self.max_players} игроков, "
                            f"а собралось {len(players)}.", "valdora.players")
        return state.new_game(list(players), seed, options)

    def current_seat(self, st: state.State) -> int | None:
        return st.current

    def legal_actions(self, st: state.State) -> list[str]:
        return actions.legal_actions(st)

    def parse(self, st: state.State, text: str) -> str:
        return notation.parse(st, text)

    def apply(self, st: state.State, action: str) -> list[Event]:
        """Play one action of the current seat; RuleError and no change at all when it is illegal.
        `action` is canonical, but anything `parse` understands is accepted too. A canonical move to a town
        under its name before the towns took the rulebook's letters (`move В`, logged then for today's C) is
        read as it was meant, so that logs of games begun then replay exactly."""
        legal = actions.legal_actions(st)
        if action not in legal:
            action = LEGACY_MOVES.get(action, action)
        if action not in legal:
            action = notation.parse(st, action)  # raises before anything changes
        return engine.execute(st, action)

    def command(self, st: state.State, action: str) -> str:
        return hints.command(action)

    def label(self, st: state.State, action: str) -> str:
        return labels.label(st, action)

    def view(self, st: state.State, seat: int | None = None, focus: list[str] | None = None) -> dict[str, Any]:
        return view.view(st, seat, focus)

    def final_view(self, st: state.State) -> dict[str, Any]:
        """The final public view (every delivered contract shown) and each seat's score breakdown."""
        return {"view": view.view(st, None), "breakdown": [dict(s["breakdown"]) for s in scoring.final_scores(st)]}

    def scores(self, st: state.State) -> list[dict]:
        return scoring.final_scores(st)

    def winners(self, st: state.State) -> list[int]:
        return scoring.winners(st)

    def is_over(self, st: state.State) -> bool:
        return st.phase == "over"

    def autopilot(self, st: state.State) -> str:
        """The current seat's action when its player is away: the best one step ahead by `autopilot.estimate`
        (revealing actions valued by their public effect only)."""
        return autopilot.choose(st)

    def skip(self, st: state.State) -> list[Event]:
        """The current turn ends at once (the player is away): see `engine.skip`."""
        if st.phase == "over" or st.current is None:
            raise RuleError("Игра уже закончилась — пропускать нечего.", "valdora.end")
        return engine.skip(st)

    def reveals(self, st: state.State, action: str) -> bool:
        """True for flips, a buy that uncovers a page, and a step that ends the game while contracts lie delivered
        face down (see `autopilot.reveals`)."""
        return autopilot.reveals(st, action)

    def dump(self, st: state.State) -> dict:
        return state.dump(st)

    def load(self, data: dict) -> state.State:
        return state.load(data)


GAME = Valdora()

"""Valdora (Валдора), 3-5 players: the rules engine behind the `rules.protocol.Game` interface.

>>> state = GAME.new(["Аня", "Борис", "Вера"], seed=3)
>>> GAME.current_seat(state) == state.first_seat
True
>>> GAME.apply(state, GAME.parse(state, "д9"))[0].text.endswith("идёт на Д9.")
True
"""

from __future__ import annotations

from typing import Any

from rules.base import GameBase
from rules.valdora import autopilot, engine, hints, labels, lookahead, notation, scoring, state, view
from rules.valdora.board import LEGACY_TOWNS
from rules.valdora.data import SECTIONS

__all__ = ["GAME", "SECTIONS", "Valdora"]

LEGACY_MOVES = {f"move {old}": f"move {new}" for old, new in LEGACY_TOWNS.items()}


class Valdora(GameBase):
    """The game object (stateless); the state is a `rules.valdora.state.State`."""

    name = "valdora"
    title = "Валдора"
    aliases = ("valdora", "валдору")
    min_players, max_players = 3, 5
    played_in = "В Валдору"
    nothing_to_skip = "Игра уже закончилась — пропускать нечего."
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

    def canonical(self, st: state.State, action: str) -> str:
        """A canonical move to a town under its name before the towns took the rulebook's letters (`move В`,
        logged then for today's C) is read as it was meant, so that logs of games begun then replay exactly."""
        if not self.is_legal(st, action):
            action = LEGACY_MOVES.get(action, action)
        return super().canonical(st, action)

    def command(self, st: state.State, action: str) -> str:
        return hints.command(action)

    def label(self, st: state.State, action: str) -> str:
        return labels.label(st, action)

    def menu_path(self, st: state.State, action: str) -> tuple[str, ...]:
        return labels.menu_paths(st).get(action, ())

    def copy(self, st: state.State) -> state.State:
        return autopilot.clone(st)

    def determinize(self, st: state.State, seat: int, rng: Any) -> state.State:
        return lookahead.determinize(st, seat, rng)

    def standing(self, st: state.State, seat: int) -> float:
        return lookahead.standing(st, seat)


GAME = Valdora(state, engine, notation, scoring, view, autopilot)

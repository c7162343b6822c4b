"""Builders of Sylvan Dale (Зодчие Волшебной Долины), 2-4 players: the rules engine behind the
`rules.protocol.Game` interface. See `engine.py` for the notation and the steps of a turn, `data.py` for the
components and the board (trees are named like "Б3": a column letter А-Д and a row number).

>>> state = GAME.new(["Аня", "Борис"], seed=3, options={"first_seat": 0})
>>> GAME.current_seat(state), GAME.private_choice(state, GAME.legal_actions(state)[0])
(0, True)
>>> len(GAME.secret(state, 0)) < 200, GAME.secret(state, 5)
(True, None)
"""

from __future__ import annotations

from typing import Any

from rules.base import GameBase
from rules.sylvan import autopilot, engine, lookahead, notation, scoring, state, view
from rules.sylvan.data import SECTIONS

__all__ = ["GAME", "SECTIONS", "SylvanDale"]


class SylvanDale(GameBase):
    """The game object (stateless); the state is a `rules.sylvan.state.State`."""

    name = "sylvan"
    title = "Зодчие Волшебной Долины"
    aliases = ("зодчие", "builders of sylvan dale", "sylvan dale")
    min_players, max_players = 2, 4
    played_in = "В «Зодчих»"
    sections = SECTIONS
    # move commands for Telegram's command menu, in the order of a turn
    commands = (
        ("play", "Сыграть карту: /play грибной-топор"),
        ("redraw", "Нет подходящей карты: сбросить руку, взять 3"),
        ("pass", "Строить нечем: пропустить стройку"),
        ("place", "Поставить жилище: /place Б3"),
        ("flag", "Прикрепить флаг к новому жилищу (+5)"),
        ("noflag", "Не прикреплять флаг"),
        ("set", "Обменять набор из 3 карт: /set мост"),
        ("axe", "Топор: срубить верхнее жилище /axe Б3"),
        ("hammer", "Молоток: перенести своё жилище /hammer Б3 В4"),
        ("bridge", "Мост между соседями: /bridge Б3 В3"),
        ("top", "Верхушка: закрыть дерево /top Б3"),
        ("take", "Взять карту: /take колода или открытую /take 1…3"),
        ("refresh", "Обновить 3 похожие открытые карты"),
        ("end", "Закончить ход, когда брать нечего"),
    )
    # read as «<name>: <value>» entries joined by «; »: «флаги: 10; деревья в 1-м раунде: 15»
    score_names = {"flags": "флаги", "bridges": "мосты", "trees_1": "деревья в 1-м раунде",
                   "regions_1": "области в 1-м раунде", "trees_2": "деревья во 2-м раунде",
                   "regions_2": "области во 2-м раунде"}
    secret_score_parts: tuple[str, ...] = ()  # all fame is public
    score_unit = ("очко славы", "очка славы", "очков славы")  # rulebook: очки славы
    secret_button = "🂠 Моя рука"
    about = ("строим жилища ярусами на волшебных деревьях, ставим флаги и спорим за деревья и области. Два "
             "раунда; за столом — около часа, в чате — по 16 ходов на игрока.")

    def is_over(self, st: state.State) -> bool:
        return st.step == "over"

    def private_choice(self, st: state.State, action: str) -> bool:
        """True when showing the action to the group would reveal a card of the hand."""
        return action.startswith("play ")

    def command(self, st: state.State, action: str) -> str:
        return f"/{action}"  # the notation is what players type

    def secret(self, st: state.State, seat: int) -> str | None:
        return view.secret(st, seat)

    def final_view(self, st: state.State) -> dict[str, Any]:
        """One line of `selfplay --final-views`: the final public view and the fame of every round."""
        return view.final_view(st)

    def determinize(self, st: state.State, seat: int, rng: Any) -> state.State:
        return lookahead.determinize(st, seat, rng)

    def standing(self, st: state.State, seat: int) -> float:
        return lookahead.standing(st, seat)


GAME = SylvanDale(state, engine, notation, scoring, view, autopilot)

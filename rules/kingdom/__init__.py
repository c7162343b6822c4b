"""Kingdom Builder, 2-4 players: the rules engine behind the `rules.protocol.Game` interface.

>>> state = GAME.new(["Аня", "Борис"], seed=3, options={"first": 0})
>>> GAME.current_seat(state)
0
>>> action = GAME.legal_actions(state)[0]
>>> GAME.apply(state, GAME.parse(state, action.lower()))[0].text == f"Аня строит поселение на {action[6:]}."
True
"""

from __future__ import annotations

from typing import Any

from rules.base import GameBase
from rules.kingdom import autopilot, engine, lookahead, notation, scoring, state, view
from rules.kingdom.data import CARD_ORDER, CARD_TITLES, PLAYERS, SECTIONS, terrain_told
from rules.protocol import Event

__all__ = ["GAME", "SECTIONS", "KingdomBuilder"]


class KingdomBuilder(GameBase):
    """The game object (stateless); the state is a `rules.kingdom.state.State`."""

    name = "kingdom"
    title = "Kingdom Builder"
    aliases = ("kingdom builder", "kb", "кб", "кингдом", "кингдом билдер", "создатель королевства")
    min_players, max_players = PLAYERS
    played_in = "В Kingdom Builder"
    sections = SECTIONS
    commands = (
        ("build", "Построить: /build K12"),
        ("oracle", "Оракул: /oracle K12"),
        ("farm", "Ферма: /farm K12"),
        ("oasis", "Оазис: /oasis K12"),
        ("tower", "Башня: /tower K12"),
        ("tavern", "Таверна: /tavern K12"),
        ("barn", "Амбар, переставить: /barn K12 L5"),
        ("harbor", "Гавань, на воду: /harbor K12 L5"),
        ("paddock", "Пастбище, на 2 гекса: /paddock K12 K14"),
        ("discard", "Какой из двух жетонов вернуть: /discard сыгранный"),
        ("end", "Закончить ход"),
    )
    score_names = {**{c: CARD_TITLES[c].lower() for c in CARD_ORDER}, "castles": "замки"}
    secret_score_parts: tuple[str, ...] = ()
    score_unit = ("золото", "золота", "золота")  # rulebook: "3 золота", "12 золота"
    secret_button = "🂠 Моя карта"
    about = ("строим поселения на поле из четырёх секторов и добываем золото по трём картам, которые в каждой "
             "партии свои. За столом — около 45 минут; в чате — примерно 10–14 ходов на игрока.")

    def new(self, players: list[str], seed: int, options: dict | None = None) -> state.State:
        st = super().new(players, seed, options)
        engine.start_game(st)
        return st

    def apply(self, st: state.State, action: str) -> list[Event]:
        """As `GameBase.apply`; besides, a log from before players were asked which tile goes back replays with
        the engine's old choice made first, then the action."""
        if st.pending and not engine.is_legal(st, action):
            trial = state.load(state.dump(st))
            engine.settle_pending(trial)
            engine.settle(trial)
            if engine.is_legal(trial, action):
                events = engine.settle_pending(st)
                events += engine.settle(st)
                return events + engine.execute(st, action)
        return super().apply(st, action)

    def options(self, st: state.State) -> dict:
        return {"one_per_kind": True} if st.one_per_kind else {}

    def rule_notes(self, st: state.State) -> dict[str, str]:
        if st.one_per_kind:
            note = ("За этим столом играют по русской коробке: действие жетона одного вида — раз за ход, даже если "
                    "таких жетонов два.")
        else:
            note = ("За этим столом каждый жетон действует раз за ход, так что два одинаковых жетона дают два "
                    "действия (так читают правила авторы).")
        return {"kingdom.extra-actions": note}

    def secret(self, st: state.State, seat: int) -> str | None:
        if not isinstance(seat, int) or not 0 <= seat < len(st.players) or st.phase == "over":
            return None
        card = st.players[seat].card
        if card is None:
            return None
        if seat == st.current:
            return f"Ваша карта местности — {terrain_told(card)}; она уже открыта: сейчас ваш ход."
        return f"Ваша карта местности: {terrain_told(card)}. Её увидят все, когда начнётся ваш ход."

    def final_view(self, st: state.State) -> dict[str, Any]:
        """The finished board for an outside checker: {"terrain", "owners", "cards", "breakdown"} (README)."""
        public = view.view(st)
        return {"terrain": public["terrain"], "owners": public["owners"],
                "cards": [card["id"] for card in public["cards"]], "breakdown": self.breakdowns(st)}

    def ratings(self, st: state.State) -> dict[str, float]:
        return dict(autopilot.ratings(st))  # in hundredths of gold: only the order counts

    def determinize(self, st: state.State, seat: int, rng: Any) -> state.State:
        return lookahead.determinize(st, seat, rng)

    def standing(self, st: state.State, seat: int) -> float:
        return lookahead.standing(st, seat)


GAME = KingdomBuilder(state, engine, notation, scoring, view, autopilot)

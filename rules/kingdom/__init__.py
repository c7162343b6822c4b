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

from rules.kingdom import autopilot, engine, notation, scoring, state, view
from rules.kingdom.data import CARD_ORDER, CARD_TITLES, PLAYERS, SECTIONS, TERRAIN_NAMES
from rules.protocol import Event, RuleError

__all__ = ["GAME", "SECTIONS", "KingdomBuilder"]


class KingdomBuilder:
    """The game object (stateless); the state is a `rules.kingdom.state.State`."""

    name = "kingdom"
    title = "Kingdom Builder"
    aliases = ("kingdom builder", "kb", "кб", "кингдом", "кингдом билдер", "создатель королевства")
    min_players, max_players = PLAYERS
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
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError(f"В Kingdom Builder играют от {self.min_players} до {self.max_players} игроков, "
                            f"а собралось {len(players)}.", "kingdom.players")
        st = state.new_game(list(players), seed, options)
        engine.start_game(st)
        return st

    def current_seat(self, st: state.State) -> int | None:
        return st.current

    def legal_actions(self, st: state.State) -> list[str]:
        return list(engine.legal_actions(st))

    def parse(self, st: state.State, text: str) -> str:
        return notation.parse(st, text)

    def apply(self, st: state.State, action: str) -> list[Event]:
        """Play one action of the current seat; RuleError and no change at all when it is illegal.
        `action` is canonical, but anything `parse` understands is accepted too."""
        if st.pending and not engine.is_legal(st, action):
            # a log from before players were asked which tile goes back: the engine's old choice, then the action
            trial = state.load(state.dump(st))
            engine.settle_pending(trial)
            engine.settle(trial)
            if engine.is_legal(trial, action):
                events = engine.settle_pending(st)
                events += engine.settle(st)
                return events + engine.execute(st, action)
        if not engine.is_legal(st, action):
            action = notation.parse(st, action)  # raises before anything changes
        return engine.execute(st, action)

    def command(self, st: state.State, action: str) -> str:
        return notation.command(st, action)

    def label(self, st: state.State, action: str) -> str:
        return notation.label(st, action)

    def menu_path(self, st: state.State, action: str) -> tuple[str, ...]:
        return notation.menu_path(st, action)

    def private_choice(self, st: state.State, action: str) -> bool:
        return False  # the only secret is the card in hand, and no action reveals it before it is played

    def secret(self, st: state.State, seat: int) -> str | None:
        if not isinstance(seat, int) or not 0 <= seat < len(st.players) or st.phase == "over":
            return None
        card = st.players[seat].card
        if card is None:
            return None
        if seat == st.current:
            return f"Ваша карта местности — {TERRAIN_NAMES[card]}; она уже открыта: сейчас ваш ход."
        return f"Ваша карта местности: {TERRAIN_NAMES[card]}. Её увидят все, когда начнётся ваш ход."

    def view(self, st: state.State, seat: int | None = None, focus: list[str] | None = None) -> dict[str, Any]:
        return view.view(st, seat, focus)

    def final_view(self, st: state.State) -> dict[str, Any]:
        """The finished board for an outside checker: {"terrain", "owners", "cards", "breakdown"} (README)."""
        public = view.view(st)
        return {"terrain": public["terrain"], "owners": public["owners"],
                "cards": [card["id"] for card in public["cards"]],
                "breakdown": [dict(s["breakdown"]) for s in scoring.final_scores(st)]}

    def scores(self, st: state.State) -> list[dict]:
        return scoring.final_scores(st)

    def winners(self, st: state.State) -> list[int]:
        return scoring.winners(st)

    def is_over(self, st: state.State) -> bool:
        return st.phase == "over"

    def autopilot(self, st: state.State) -> str:
        """The best legal action one step ahead by `autopilot.prospects` (gold now plus small positional
        terms); never looks at the deck or at hidden cards."""
        return autopilot.autopilot(st)

    def skip(self, st: state.State) -> list[Event]:
        if st.current is None:
            raise RuleError("Партия окончена: пропускать нечего.", "kingdom.end")
        return engine.skip(st)

    def reveals(self, st: state.State, action: str) -> bool:
        """Whether the action draws a terrain card: it ends the turn (the next player's card is shown), or it
        takes the last free hex of the card's terrain before the three are built (a new card is drawn)."""
        return autopilot.reveals(st, action)

    def dump(self, st: state.State) -> dict:
        return state.dump(st)

    def load(self, data: dict) -> state.State:
        return state.load(data)


GAME = KingdomBuilder()

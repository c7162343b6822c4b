"""What every action tells the chat: a real sentence for the log (never an empty step), why a turn ended by
itself, and a «Ходит …» event whenever a new turn begins."""

from __future__ import annotations

import random

import pytest

from rules.valdora import GAME
from rules.valdora.state import State

NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина"]


def _step(state: State, rng: random.Random) -> tuple[str, list]:
    """One step of a random game: mostly a random legal action, sometimes the autopilot's or a skip."""
    roll = rng.random()
    if roll < 0.05:
        return "skip", GAME.skip(state)
    action = GAME.autopilot(state) if roll < 0.4 else rng.choice(GAME.legal_actions(state))
    return action, GAME.apply(state, action)


@pytest.mark.parametrize("seed", range(12))
def test_every_action_says_what_happened_and_every_new_turn_is_announced(seed):
    rng = random.Random(seed)
    state = GAME.new(NAMES[: 3 + seed % 3], seed=seed)
    for _ in range(4000):
        if GAME.is_over(state):
            break
        seat = GAME.current_seat(state)
        action, events = _step(state, rng)
        told = [e.text for e in events if e.kind not in ("turn", "end")]
        assert told and all(t.strip() for t in told), (action, [e.text for e in events])
        turns = [e for e in events if e.kind == "turn"]
        now = GAME.current_seat(state)
        if now is not None and now != seat:
            assert len(turns) == 1 and turns[0].data["seat"] == now, (action, [e.text for e in events])
            assert turns[0].text == f"Ходит {state.players[now].name}."
        else:
            assert not turns, (action, [e.text for e in events])
        if now != seat and action not in ("end", "pass", "skip"):
            # the turn ended by itself: the player is told why, and who moves now
            reasons = [e for e in events if e.kind == "auto_end"]
            assert len(reasons) == 1 and reasons[0].data["seat"] == seat
            assert "делать нечего — " in reasons[0].text
            if now is not None:
                assert reasons[0].text.endswith("— ход окончен.")
            else:
                assert reasons[0].text.endswith("на этом партия заканчивается.")
    assert GAME.is_over(state)


def test_end_is_told_in_the_log():
    state = GAME.new(NAMES[:3], seed=1, options={"first_seat": 0})
    GAME.apply(state, "move Д9")
    if GAME.current_seat(state) == 0:
        events = GAME.apply(state, "end")
        assert events[0].text == "Аня заканчивает ход." and events[0].kind == "end_turn"
        assert events[-1].text == "Ходит Борис." and events[-1].kind == "turn"

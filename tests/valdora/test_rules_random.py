"""Random legal play: games end, nothing is created or lost, limits hold, dump/load and replay are exact,
every legal action parses to itself and has a label; and the selfplay command line works."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.__main__ import selfplay
from rules.valdora import GAME
from rules.valdora.data import BONUS_CARDS, GEMS, MASTERS
from rules.valdora.state import State

NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина"]
ROOT = Path(__file__).resolve().parents[2]


def check_invariants(state: State) -> None:
    players = state.players
    # gems: roads + discard + equipment, per kind
    for gem, total in GEMS.items():
        on_roads = sum(pile[gem] for pile in state.roads.values())
        carried = sum(1 for p in players for g in p.equipment.values() if g == gem)
        assert on_roads + state.discard[gem] + carried == total, gem
    assert all(n >= 0 for pile in state.roads.values() for n in pile.values())
    # coins
    assert state.bank + sum(p.coins for p in players) == 30
    assert state.bank >= 0 and all(0 <= p.coins <= 6 for p in players)
    # contracts and equipment limits
    assert all(len(p.contracts) <= 3 for p in players)
    assert all(len(p.equipment) <= 7 and "pan" in p.equipment for p in players)
    # cards: every card is in a book, in a hand, delivered or bought
    contract_cards = sum(len(b.left) + len(b.right) for b in state.books if b.kind == "contracts")
    contract_cards += sum(len(p.contracts) + len(p.delivered) for p in players)
    assert contract_cards == 54
    equipment_cards = sum(len(b.left) + len(b.right) for b in state.books if b.kind == "equipment")
    equipment_cards += sum(len(p.equipment) - 1 for p in players)
    assert equipment_cards == 36
    # masters, workshops, bonuses
    masters_total = sum(MASTERS.values()) - (4 if len(players) == 3 else 0)
    assert sum(state.masters.values()) + sum(sum(p.masters.values()) for p in players) == masters_total
    assert all(n >= 0 for n in state.masters.values())
    for colour, owner in state.workshops.items():
        holders = [s for s, p in enumerate(players) if colour in p.workshops]
        assert holders == ([] if owner is None else [owner])
    assert state.bonuses_left + sum(p.bonuses for p in players) == BONUS_CARDS
    # turn
    assert (state.current is None) == (state.phase == "over")


def play(players: int, seed: int, *, thorough: bool = False, every: int = 1) -> tuple[State, list[str]]:
    """A random game; checks invariants after every action. With `thorough`, every `every`-th step also
    checks dump/load, parse identity and labels for all legal actions."""
    state = GAME.new(NAMES[:players], seed=seed)
    chooser = random.Random(seed)
    log: list[str] = []
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        if state.phase == "act":
            assert legal[-1] == "end" and len(legal) >= 2  # a lone "end" is pressed by the engine
        if thorough and len(log) % every == 0:
            data = GAME.dump(state)
            assert GAME.load(json.loads(json.dumps(data))) == state
            for action in legal:
                assert GAME.parse(state, action) == action
                label = GAME.label(state, action)
                assert label and len(label) <= 42, label  # what a full-width button on a phone shows
        action = chooser.choice(legal)
        events = GAME.apply(state, action)
        assert events and all(e.text for e in events)
        log.append(action)
        check_invariants(state)
        assert len(log) < 100_000, "endless game"
    return state, log


def test_random_games_terminate_and_conserve_everything():
    for players in (3, 4, 5):
        state, log = play(players, seed=100 + players)
        assert GAME.winners(state)
        scores = GAME.scores(state)
        assert len(scores) == players
        assert all(s["total"] == sum(s["breakdown"].values()) for s in scores)
        # the game ended after a full round: the last seat to play sits just before the first seat
        assert state.final_round
        assert sum(1 for n in state.masters.values() if n > 0) <= 1


def test_thorough_random_games_roundtrip_parse_and_label():
    for players in (3, 4, 5):
        play(players, seed=7 + players, thorough=True, every=7)


def test_replay_from_seed_and_log_is_identical():
    state, log = play(4, seed=42)
    again = GAME.new(NAMES[:4], seed=42)
    for action in log:
        GAME.apply(again, action)
    assert GAME.dump(again) == GAME.dump(state)
    assert json.dumps(GAME.dump(state))  # plain JSON


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(3, 5))
def test_hypothesis_random_games(seed: int, players: int):
    state, _ = play(players, seed)
    view = GAME.view(state, None)
    assert view["over"] and view["winners"] == GAME.winners(state)
    assert all(p["delivered_contracts"] is not None for p in view["players"])


def test_selfplay_cli_prints_json():
    command = [sys.executable, "-m", "rules", "selfplay", "valdora", "--games", "3", "--seed", "5"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=120)
    result = json.loads(out.stdout)
    assert set(result) >= {"game", "games", "actions", "seconds", "actions_per_second", "winners", "scores"}
    assert result["game"] == "valdora" and result["games"] == 3
    assert len(result["winners"]) == 3 and len(result["scores"]) == 3
    assert [len(s) for s in result["scores"]] == [3, 4, 5]
    entry = result["scores"][0][0]
    assert set(entry) == {"seat", "total", "breakdown"}
    assert result["actions"] > 0


def test_selfplay_final_views_give_the_final_view_and_breakdowns():
    out = io.StringIO()
    result = selfplay("valdora", games=1, seed=4, players=3, final_views=out)
    line = json.loads(out.getvalue())
    assert line["view"]["phase"] == "over" and len(line["breakdown"]) == 3
    assert [sum(b.values()) for b in line["breakdown"]] == [s["total"] for s in result["scores"][0]]

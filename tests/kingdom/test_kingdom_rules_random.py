"""Random legal play over many seeds and 2-4 players: games end, settlements and location tiles are never
created or lost, dump/load and replay are exact, every legal action parses to itself and has a label and a
keyboard place, anything illegal changes nothing; and the selfplay command line with --final-views."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kb_positions import english

from rules.kingdom import GAME
from rules.kingdom.layout import NAMES as HEX_NAMES
from rules.kingdom.state import State
from rules.protocol import RuleError

NAMES = ["Аня", "Борис", "Вера", "Глеб"]
ROOT = Path(__file__).resolve().parents[2]


def check_invariants(state: State) -> None:
    n = len(state.players)
    for seat, p in enumerate(state.players):
        on_board = sum(1 for o in state.owners if o == seat)
        assert on_board + p.settlements == 40 and p.settlements >= 0
        origins = [t.origin for t in p.tiles]
        assert len(origins) == len(set(origins)) and set(origins) <= set(p.taken)
        assert all(state.layout.locations[t.origin] == t.type for t in p.tiles)
        assert len(p.taken) == len(set(p.taken))
    for loc in state.layout.locations:
        held = sum(1 for p in state.players for t in p.tiles if t.origin == loc)
        lost = sum(1 for t in state.lost if t.origin == loc)
        assert state.tiles_left[loc] + held + lost == 2 and state.tiles_left[loc] >= 0
        # a tile is held only while a settlement of its owner stands next to its location
        for seat, p in enumerate(state.players):
            if any(t.origin == loc for t in p.tiles) and loc not in state.pending:  # not while choosing
                assert any(state.owners[x] == seat for x in state.layout.nbrs[loc])
    cards = Counter(state.deck) + Counter(state.discard) + Counter(p.card for p in state.players if p.card)
    assert cards == Counter({t: 5 for t in "GSDBF"})  # the last player's card went to the discard at the end
    if state.phase != "over":
        assert state.current is not None and 0 <= state.current < n
        assert state.phase in ("start", "building", "after")
        assert all(p.card for p in state.players)
    else:
        assert state.current is None and sum(1 for p in state.players if not p.card) == 1
    for i, o in enumerate(state.owners):
        if o is not None:
            assert state.layout.terrain[i] in "GSDBFW"
    # only the current player may have used or new tiles
    for seat, p in enumerate(state.players):
        if seat != state.current:
            assert all(t.state == "usable" for t in p.tiles)


def level_sizes(paths: list[tuple[str, ...]]) -> list[int]:
    prefixes = {p[:i] for p in paths for i in range(len(p) + 1)}
    return [len({p[len(q)] if len(p) > len(q) else ("action", i) for i, p in enumerate(paths) if p[:len(q)] == q})
            for q in prefixes]


ILLEGAL_SAMPLES = ["build A1", "build T20", "oracle K12", "farm A1", "barn A1 B1", "harbor K12 F1", "paddock A1 C1",
                   "end", "tower A1", "tavern B2", "к12", "амбар K12 L5", "оракул", "xyz", ""]


def play(players: int, seed: int, *, every: int = 0, illegal: bool = False) -> tuple[State, list[str]]:
    """A random game checking invariants after every action; with `every`, every `every`-th position also
    checks dump/load, parse, labels and the keyboard; with `illegal`, refused actions change nothing."""
    state = GAME.new(NAMES[:players], seed=seed)
    chooser = random.Random(seed)
    log: list[str] = []
    check_invariants(state)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        if "end" in legal:
            assert legal[-1] == "end" and len(legal) >= 2 and state.phase == "after"
        if state.pending:
            assert all(a.startswith("discard ") for a in legal) and len(legal) == 2
        elif state.phase in ("start", "building"):
            assert any(a.startswith("build ") for a in legal)
        if every and len(log) % every == 0:
            data = GAME.dump(state)
            copy = GAME.load(json.loads(json.dumps(data)))
            assert GAME.dump(copy) == data and copy == state and GAME.legal_actions(copy) == legal
            paths = []
            for action in legal:
                assert GAME.parse(state, action) == action
                assert GAME.parse(state, action.lower()) == action
                label = GAME.label(state, action)
                assert label and len(label) <= 24, label
                paths.append(GAME.menu_path(state, action))
            assert max(level_sizes(paths)) < 30
            view = GAME.view(state, state.current)
            assert json.loads(json.dumps(view)) == view
            assert set(view["highlight"]) == {a[6:] for a in legal if a.startswith("build ")}
        if illegal and len(log) % 7 == 0:
            before = json.dumps(GAME.dump(state), sort_keys=True)
            for text in ILLEGAL_SAMPLES:
                if text in legal:
                    continue
                try:
                    parsed = GAME.parse(state, text)
                except RuleError:
                    with pytest.raises(RuleError):
                        GAME.apply(state, text)
                    assert json.dumps(GAME.dump(state), sort_keys=True) == before
                else:
                    assert parsed in legal
        action = chooser.choice(legal)
        events = GAME.apply(state, action)
        assert events and all(e.text and not english(e.text) for e in events)
        log.append(action)
        check_invariants(state)
        assert len(log) < 5000, "endless game"
    assert GAME.winners(state) and GAME.legal_actions(state) == []
    return state, log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_and_keep_the_invariants(players):
    for seed in range(20):
        state, log = play(players, 100 * players + seed)
        assert any(p.settlements == 0 for p in state.players)
        # replay from the seed and the action log gives the same game
        again = GAME.new(NAMES[:players], seed=100 * players + seed)
        for action in log:
            GAME.apply(again, action)
        assert GAME.dump(again) == GAME.dump(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_thoroughly(players):
    for seed in range(6):
        play(players, 7 + seed, every=2, illegal=True)


@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=2, max_value=4),
       st.integers(min_value=0, max_value=200))
@settings(max_examples=25, deadline=None)
def test_dump_load_mid_game_continues_identically(seed, players, steps):
    state = GAME.new(NAMES[:players], seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    copy = GAME.load(json.loads(json.dumps(GAME.dump(state))))
    for _ in range(60):  # the random source continues identically: the same cards are drawn
        if GAME.is_over(state):
            break
        action = chooser.choice(GAME.legal_actions(state))
        assert texts(GAME.apply(state, action)) == texts(GAME.apply(copy, action))
    assert GAME.dump(copy) == GAME.dump(state)


def texts(events):
    return [e.text for e in events]


def test_events_use_the_turn_and_end_kinds():
    state = GAME.new(NAMES[:2], seed=5)
    chooser = random.Random(5)
    kinds = Counter()
    while not GAME.is_over(state):
        for e in GAME.apply(state, chooser.choice(GAME.legal_actions(state))):
            kinds[e.kind] += 1
            if e.kind == "turn":
                assert e.text.startswith("Ходит ") and e.text.endswith(".")
    assert kinds["end"] == 1 and kinds["turn"] > 10 and kinds["build"] > 40 and kinds["reveal"] >= kinds["turn"]


def test_last_turn_marks_the_hexes_of_the_previous_turn():
    state = GAME.new(NAMES[:2], seed=9, options={"first": 0})
    built = []
    while state.current == 0:
        action = GAME.legal_actions(state)[0]
        GAME.apply(state, action)
        if action.startswith("build "):
            built.append(action[6:])
    assert GAME.view(state)["last_turn"] == built
    action = GAME.legal_actions(state)[0]
    GAME.apply(state, action)
    assert GAME.view(state)["last_turn"] == [action[6:]]  # the current turn so far


# --- the selfplay command line ------------------------------------------------------------------------------


def test_selfplay_writes_final_views(tmp_path):
    out = tmp_path / "views.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "rules", "selfplay", "kingdom", "--games", "4", "--seed", "3", "--final-views",
         str(out)], capture_output=True, text=True, cwd=ROOT, check=True, timeout=120)
    summary = json.loads(result.stdout)
    assert summary["game"] == "kingdom" and summary["games"] == 4 and len(summary["winners"]) == 4
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    for i, line in enumerate(lines):
        data = json.loads(line)
        assert list(data) == ["terrain", "owners", "cards", "breakdown"]
        assert len(data["terrain"]) == 20 and all(len(r) == 20 and set(r) <= set("GSDBFWMCT") for r in data["terrain"])
        assert len(data["owners"]) == 20 and all(len(r) == 20 for r in data["owners"])
        players = 2 + i % 3
        assert {o for r in data["owners"] for o in r} <= set(range(players)) | {None}
        assert len(data["cards"]) == 3 and len(data["breakdown"]) == players
        assert all(list(b) == data["cards"] + ["castles"] for b in data["breakdown"])
        assert [sum(b.values()) for b in data["breakdown"]] == [s["total"] for s in summary["scores"][i]]
        owned = Counter(o for r in data["owners"] for o in r if o is not None)
        assert max(owned.values()) == 40  # someone placed all 40


def test_selfplay_without_final_views_still_works():
    from rules.__main__ import selfplay
    result = selfplay("kingdom", 2, 1, 4)
    assert result["games"] == 2 and all(len(s) == 4 for s in result["scores"])


def test_hex_names_round_trip():
    from rules.kingdom.board import parse_hex
    assert all(parse_hex(name) == (i // 20, i % 20) for i, name in enumerate(HEX_NAMES))

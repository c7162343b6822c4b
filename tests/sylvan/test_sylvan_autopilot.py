"""The Sylvan Dale autopilot and `reveals`: the autopilot picks a legal action, always the same one, without
changing the state or looking at hidden cards; it prefers what clearly scores more, finishes a turn in a few
steps, plays whole games to the end and beats random play. `reveals` is True exactly for the actions that draw
from the deck (checked against the engine's `draw`), and a game replays identically from its seed and log."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sylvan_positions import NAMES, at_step, clear_board, face_up, fresh, hand, key, played, snapshot, top_tiles, tree

from rules.sylvan import GAME, engine
from rules.sylvan.autopilot import MAX_REDRAWS
from rules.sylvan.data import CARDS
from rules.sylvan.engine import CARD_KEY
from rules.sylvan.state import State

MUSH_AXE = key("mushroom", "axe")
FLOWER_AXE = key("flower", "axe")
NUT_AXE = key("nut", "axe")
MUSH_DUAL = key("mushroom", "bridge", "treetop")
LEAF_HAMMER = key("leaf", "hammer")


def random_position(players: int, seed: int, steps: int) -> State:
    """A game after up to `steps` random legal actions (fewer when it ends first)."""
    state = GAME.new(list(NAMES[:players]), seed=seed)
    chooser = random.Random(seed * 7 + steps)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return state


def copy_of(state: State) -> State:
    return GAME.load(json.loads(json.dumps(GAME.dump(state))))


def finish_turn(state: State, limit: int = 20) -> list[str]:
    """Autopilot actions until the seat's turn is over; fails after `limit` actions."""
    seat = state.current
    actions = []
    while not GAME.is_over(state) and state.current == seat:
        assert len(actions) < limit, f"the turn does not end: {actions}"
        action = GAME.autopilot(state)
        actions.append(action)
        GAME.apply(state, action)
    return actions


def play_game(players: int, seed: int, auto: set[int]) -> tuple[State, list[str]]:
    """A whole game: the seats in `auto` by the autopilot, the others at random."""
    state = GAME.new(list(NAMES[:players]), seed=seed)
    chooser = random.Random(seed)
    log = []
    while not GAME.is_over(state):
        if state.current in auto:
            action = GAME.autopilot(state)
        else:
            action = chooser.choice(GAME.legal_actions(state))
        GAME.apply(state, action)
        log.append(action)
        assert len(log) < 2000, "endless game"
    return state, log


# --- legal, deterministic, no peeking ----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 260))
def test_autopilot_is_legal_deterministic_and_changes_nothing(players, seed, steps):
    state = random_position(players, seed, steps)
    if GAME.is_over(state):
        return
    before = snapshot(state)
    action = GAME.autopilot(state)
    assert action in GAME.legal_actions(state)
    assert snapshot(state) == before
    assert GAME.autopilot(state) == action
    assert GAME.autopilot(copy_of(state)) == action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_autopilot_ignores_the_deck_order_and_the_other_hands_and_stacks(players):
    """Shuffling everything the seat cannot see (the deck, the other hands, the other stacks) never changes
    its choice."""
    checked = 0
    for seed in range(12):
        state = random_position(players, seed, 7 * seed + 3)
        if GAME.is_over(state):
            continue
        action = GAME.autopilot(state)
        mixer = random.Random(seed)
        for _ in range(3):
            other = copy_of(state)
            hidden = list(other.deck)
            for s, p in enumerate(other.players):
                if s != other.current:
                    hidden += p.hand
            mixer.shuffle(hidden)
            for s, p in enumerate(other.players):
                if s != other.current:
                    p.hand = [hidden.pop() for _ in p.hand]
                    for stack in p.stacks:
                        mixer.shuffle(stack)
            other.deck = hidden
            other.rng.seed(mixer.random())
            assert GAME.autopilot(other) == action
            checked += 1
    assert checked >= 20


# --- clear choices -------------------------------------------------------------------------------------------------


def test_builds_where_a_flag_can_go_and_attaches_it():
    state = fresh(2)
    clear_board(state, "leaf")
    tree(state, "А1", "mushroom")
    tree(state, "Б3", "mushroom", [(1, "mushroom")])
    top_tiles(state, 0, ["mushroom"])
    at_step(state, "place", card=MUSH_AXE)
    assert GAME.legal_actions(state) == ["place А1", "place Б3"]
    assert GAME.autopilot(state) == "place Б3"  # height 3, the advantage on the tie, and a flag (+5)
    GAME.apply(state, "place Б3")
    assert GAME.autopilot(state) == "flag"


def test_plays_the_card_that_leads_to_the_better_building():
    state = fresh(2)
    clear_board(state, "leaf")
    tree(state, "А1", "flower", [(1, "flower")])
    tree(state, "Б3", "mushroom")
    top_tiles(state, 0, ["flower"])
    hand(state, 0, [FLOWER_AXE, MUSH_AXE])
    assert GAME.legal_actions(state) == [f"play {MUSH_AXE}", f"play {FLOWER_AXE}"]
    assert GAME.autopilot(state) == f"play {FLOWER_AXE}"  # the flower tile goes on А1 with a flag


def test_builds_the_bridge_worth_the_most():
    state = fresh(2)
    clear_board(state, "leaf")
    tree(state, "А1", "leaf", [(0, "nut"), (0, "nut"), (1, "nut")])  # seat 0 ahead, height 4
    tree(state, "Б1", "leaf", [(0, "nut"), (0, "nut")])  # seat 0, height 3
    tree(state, "А2", "leaf", [(1, "nut")])  # seat 1
    state.players[0].items["bridge"] = 1
    at_step(state, "act")
    legal = GAME.legal_actions(state)
    assert "bridge А1 Б1" in legal and "bridge А1 А2" in legal
    assert GAME.autopilot(state) == "bridge А1 Б1"  # 4 + 3 fame at once
    GAME.apply(state, "bridge А1 Б1")
    assert state.players[0].fame[0]["bridges"] == 7
    assert GAME.autopilot(state).startswith("take ")


def test_axes_the_tile_that_takes_a_tall_tree_from_a_rival():
    state = fresh(2)
    clear_board(state, "leaf")
    tree(state, "Б3", "leaf", [(1, "nut"), (0, "nut"), (1, "nut"), (0, "nut"), (1, "nut")])  # seat 1, height 6
    state.players[0].items["axe"] = 1
    at_step(state, "act")
    assert GAME.autopilot(state) == "axe Б3"  # the tree goes to seat 0: 5 fame for it, 6 fewer for seat 1


def test_takes_the_face_up_card_that_fits_the_board():
    state = fresh(2)
    clear_board(state, "leaf")
    for t in state.trees.values():
        t.treetop = True
    tree(state, "Б3", "mushroom")
    face_up(state, [FLOWER_AXE, MUSH_DUAL, NUT_AXE])
    at_step(state, "act")
    assert GAME.autopilot(state) == "take 2"


def test_keeps_an_item_early_when_using_it_gains_nothing():
    state = fresh(2)
    clear_board(state, "leaf")
    state.players[0].items["axe"] = 1
    tree(state, "Б3", "leaf", [(0, "nut")])  # the only tile on the board is seat 0's own
    at_step(state, "act")
    assert GAME.autopilot(state).startswith("take ")


def test_redraws_a_few_times_then_gives_up_building():
    """No mushroom card can ever come (they all lie in seat 1's played row) and only mushroom trees are open:
    the autopilot redraws MAX_REDRAWS times, then passes, then takes a card."""
    state = fresh(2)
    clear_board(state, "leaf")
    for t in state.trees.values():
        t.treetop = True
    tree(state, "Б3", "mushroom")
    mushrooms = [CARD_KEY[c.id] for c in CARDS if c.style == "mushroom"]
    hand(state, 0, [FLOWER_AXE, NUT_AXE, LEAF_HAMMER])
    hand(state, 1, [FLOWER_AXE, NUT_AXE, LEAF_HAMMER, LEAF_HAMMER])
    played(state, 1, mushrooms)
    face_up(state, [FLOWER_AXE, NUT_AXE, LEAF_HAMMER])
    actions = finish_turn(state)
    assert actions[:MAX_REDRAWS + 1] == ["redraw"] * MAX_REDRAWS + ["pass"]
    assert actions[-1].startswith("take ") and len(actions) <= MAX_REDRAWS + 4


# --- turns and whole games ---------------------------------------------------------------------------------------


def test_repeated_calls_finish_the_turn_from_any_step():
    steps_seen = set()
    for players in (2, 3, 4):
        for seed in range(15):
            state = random_position(players, seed, 11 * seed + players)
            if GAME.is_over(state):
                continue
            steps_seen.add(state.step)
            finish_turn(state, limit=MAX_REDRAWS + 12)
    assert steps_seen >= {"play", "place", "act"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_of_autopilots_ends(players):
    state, log = play_game(players, seed=40 + players, auto=set(range(players)))
    assert GAME.is_over(state) and GAME.winners(state)
    assert sum(1 for a in log if a.startswith("take") or a == "end") == 16 * players
    assert len(log) <= 16 * players * (MAX_REDRAWS + 12)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_autopilot_beats_random_players(players):
    auto_total = random_total = 0.0
    wins = 0
    games = 4
    for seed in range(games):
        seat = seed % players
        state, _ = play_game(players, seed=200 + seed, auto={seat})
        totals = [s["total"] for s in GAME.scores(state)]
        auto_total += totals[seat]
        random_total += (sum(totals) - totals[seat]) / (players - 1)
        wins += seat in GAME.winners(state)
    assert auto_total > 1.5 * random_total, (auto_total, random_total)
    assert wins >= games - 1


# --- reveals -------------------------------------------------------------------------------------------------------


def hidden_part(state: State) -> tuple:
    """What nobody sees: the deck's order and the random source; and how many cards the deck and discard hold."""
    return list(state.deck), state.rng.getstate(), len(state.deck) + len(state.discard)


def kind(action: str) -> str:
    """The verb, with "take колода" and "take k" (a face-up card) told apart."""
    if action.startswith("take "):
        return action if action == "take колода" else "take k"
    return action.split(" ")[0]


def check_reveals(state: State, monkeypatch) -> set[str]:
    """For every legal action: `reveals` is True exactly when applying it makes the engine draw a card, and
    exactly when the hidden part changes. Returns the verbs that revealed."""
    drawn = []
    real_draw = engine.draw

    def counting_draw(st):
        card = real_draw(st)
        if card is not None:
            drawn.append(card)
        return card

    monkeypatch.setattr(engine, "draw", counting_draw)
    verbs = set()
    for action in GAME.legal_actions(state):
        copy = copy_of(state)
        deck, rng, cards = hidden_part(copy)
        drawn.clear()
        expected = GAME.reveals(state, action)
        GAME.apply(copy, action)
        after_deck, after_rng, after_cards = hidden_part(copy)
        changed = after_deck != deck or after_rng != rng or after_cards < cards
        assert expected == bool(drawn) == changed, (action, expected, drawn, changed)
        if expected:
            verbs.add(kind(action))
    monkeypatch.undo()
    return verbs


def test_reveals_matches_the_engine_on_random_positions(monkeypatch):
    verbs = set()
    for players in (2, 3, 4):
        for seed in range(8):
            for steps in (0, 30, 95, 170, 240):
                state = random_position(players, 300 + seed, steps)
                if not GAME.is_over(state):
                    verbs |= check_reveals(state, monkeypatch)
    assert verbs >= {"take колода", "take k"}


def test_reveals_redraw_refresh_and_the_empty_deck(monkeypatch):
    state = fresh(2)
    clear_board(state, "leaf")
    hand(state, 0, [FLOWER_AXE, NUT_AXE])
    assert GAME.legal_actions(state) == ["redraw"]
    assert check_reveals(state, monkeypatch) == {"redraw"}
    face_up(state, [MUSH_AXE, FLOWER_AXE, NUT_AXE])  # all with an axe: they may be refreshed
    at_step(state, "act")
    assert "refresh" in GAME.legal_actions(state)
    assert check_reveals(state, monkeypatch) == {"refresh", "take колода", "take k"}
    # the deck runs out with the discard empty: taking a face-up card leaves its place empty, nothing is drawn
    first, second = state.face_up[0], state.face_up[1]
    state.deck, state.discard = [], []
    assert check_reveals(state, monkeypatch) == {"refresh"}  # the 3 cards are discarded and reshuffled
    assert not GAME.reveals(state, "take 1")
    state.face_up = [None, None, None]
    assert GAME.legal_actions(state) == ["end"] and not GAME.reveals(state, "end")
    # one card in the discard and an empty deck: the reshuffle of a single card is still a draw
    state.face_up = [first, None, None]
    state.discard = [second]
    assert GAME.reveals(state, "take колода") and GAME.reveals(state, "take 1")
    assert check_reveals(state, monkeypatch) == {"take колода", "take k"}


def test_only_drawing_verbs_reveal():
    for players in (2, 4):
        for steps in (0, 50, 120):
            state = random_position(players, 11, steps)
            for action in GAME.legal_actions(state):
                if action.split(" ")[0] not in ("redraw", "refresh", "take"):
                    assert not GAME.reveals(state, action), action


# --- replay ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_an_autopilot_game_replays_from_its_seed_and_log(players):
    state, log = play_game(players, seed=900 + players, auto=set(range(1, players)))
    again = GAME.new(list(NAMES[:players]), seed=900 + players)
    for action in log:
        GAME.apply(again, action)
    assert GAME.dump(again) == GAME.dump(state)

"""The autopilot (a sensible action for a player who is away) and `reveals` (which actions draw or show a
terrain card, so that a turn can no longer be taken back).

The autopilot looks one step ahead by `prospects`: gold by the three cards and the castles as if the game
ended now, plus small terms for tiles held, settlements on the board and building options. It must play
legal actions only, the same action for the same state, never be swayed by hidden cards, finish a turn in
a bounded number of steps, and play clearly better than chance."""

from __future__ import annotations

import json
import random

import pytest
from kb_positions import fresh, give, h, put, turn

from rules.kingdom import GAME
from rules.kingdom.autopilot import prospects, ratings
from rules.kingdom.layout import NBRS
from rules.kingdom.state import State
from rules.protocol import RuleError
from rules.registry import GAMES

NAMES = ["Аня", "Борис", "Вера", "Глеб"]


def snapshot(state: State) -> str:
    return json.dumps(GAME.dump(state), sort_keys=True)


def copy(state: State) -> State:
    return GAME.load(GAME.dump(state))


def random_positions(games: int = 6, every: int = 7, seed: int = 40):
    """Positions of random games (2-4 players), every few actions, with the seat to act."""
    for i in range(games):
        players = 2 + i % 3
        state = GAME.new(NAMES[:players], seed=seed + i)
        chooser = random.Random(seed + i)
        step = 0
        while not GAME.is_over(state):
            if step % every == 0:
                yield state
            GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
            step += 1


def finish_turn(state: State) -> list[str]:
    """Let the autopilot play the current seat's turn to its end; the actions it chose."""
    seat, played = state.current, []
    while state.current == seat and not GAME.is_over(state):
        action = GAME.autopilot(state)
        played.append(action)
        GAME.apply(state, action)
        assert len(played) <= 20, played
    return played


# --- the protocol ---------------------------------------------------------------------------------------------


def test_the_registered_game_offers_autopilot_and_reveals():
    game = GAMES["kingdom"]
    state = game.new(NAMES[:3], seed=5)
    action = game.autopilot(state)
    assert action in game.legal_actions(state)
    assert game.reveals(state, action) in (True, False)


def test_autopilot_plays_a_legal_action_changes_nothing_and_is_the_same_for_the_same_state():
    for state in random_positions():
        before = snapshot(state)
        action = GAME.autopilot(state)
        assert action in GAME.legal_actions(state)
        assert snapshot(state) == before
        assert GAME.autopilot(GAME.load(json.loads(before))) == action  # a reloaded state: the same choice


def test_autopilot_never_looks_at_the_deck_or_at_hidden_cards():
    for state in random_positions(games=3, every=11):
        chosen = GAME.autopilot(state)
        other = copy(state)
        random.Random(len(other.deck)).shuffle(other.deck)
        for seat, player in enumerate(other.players):  # everyone else's secret card is different now
            if seat != other.current:
                player.card = "F" if player.card != "F" else "G"
        other.discard.reverse()
        other.touch()
        assert GAME.autopilot(other) == chosen


def test_the_ratings_are_what_playing_each_action_really_leaves():
    """`ratings` works the board out without playing; the engine playing each action must agree."""
    checked = 0
    for state in random_positions(games=4, every=9):
        seat = state.current
        rated = ratings(state)
        assert list(rated) == GAME.legal_actions(state)
        for action, value in rated.items():
            trial = copy(state)
            GAME.apply(trial, action)
            assert prospects(trial, seat) == value, action
            checked += 1
        assert GAME.autopilot(state) in [a for a, v in rated.items() if v == max(rated.values())]
    assert checked > 500


def test_autopilot_finishes_every_turn_within_its_builds_and_tiles():
    for state in random_positions(games=4, every=5):
        trial = copy(state)
        usable = sum(1 for t in trial.player().tiles if t.state == "usable")
        bound = trial.builds_left + usable + 1  # each build, each tile once, then `end`
        played = finish_turn(trial)
        assert len(played) <= bound, played
        assert "end" not in played[:-1]


def test_games_played_by_the_autopilot_alone_end():
    for players in (2, 3, 4):
        state = GAME.new(NAMES[:players], seed=players)
        turns = 0
        while not GAME.is_over(state):
            finish_turn(state)
            turns += 1
            assert turns <= 200
        assert GAME.winners(state)
        with pytest.raises(RuleError) as info:
            GAME.autopilot(state)
        assert info.value.message == "Партия окончена: ходить некому." and info.value.section == "kingdom.end"


def test_the_autopilot_beats_random_players():
    wins, games = 0, 12
    for i in range(games):
        players = 2 + i % 3
        state = GAME.new(NAMES[:players], seed=200 + i)
        pilot = i % players
        chooser = random.Random(200 + i)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            GAME.apply(state, GAME.autopilot(state) if state.current == pilot else chooser.choice(legal))
        wins += pilot in GAME.winners(state)
    assert wins >= 9, wins  # 10 of these 12 games today; random players still win now and then


# --- what it prefers ----------------------------------------------------------------------------------------


def test_it_builds_next_to_a_location_and_takes_its_tile():
    state = turn(fresh(), 0, "B")  # flowers: G4 and N6 lie next to the oracle H4 and the farm M6
    action = GAME.autopilot(state)
    assert action in ("build G4", "build N6")
    assert [e.kind for e in GAME.apply(state, action)] == ["build", "tile"]


def test_with_no_tiles_left_it_builds_next_to_a_castle():
    state = fresh(cards=["hermits", "citizens", "discoverers"])  # any first settlement: 1 + 0 + 1 gold
    for loc in state.tiles_left:
        state.tiles_left[loc] = 0
    turn(state, 0, "G")
    action = GAME.autopilot(state)
    assert any(state.layout.terrain[n] == "C" for n in NBRS[h(action.split()[1])]), action
    GAME.apply(state, action)
    assert GAME.scores(state)[0]["breakdown"]["castles"] == 3


def test_it_uses_a_building_tile_before_ending_the_turn():
    state = fresh(cards=["citizens", "knights", "miners"])
    put(state, 0, "J8", "K8")
    give(state, 0, "H4")  # the oracle
    turn(state, 0, "G", builds=0, phase="after")
    action = GAME.autopilot(state)
    assert action.startswith("oracle "), action
    GAME.apply(state, action)
    assert state.current == 1  # nothing was left to do: the turn ended by itself


def test_it_does_not_move_its_settlement_away_from_a_location_and_lose_the_tile():
    state = fresh(cards=["citizens", "knights", "miners"])
    put(state, 0, "G4", "J8", "K8")
    give(state, 0, "H4", tile_state="used")  # the oracle, already played this turn
    give(state, 0, "G18")  # the harbor: moving G4 onto water would lose the oracle
    for loc in state.tiles_left:  # and there is no tile to win back elsewhere
        state.tiles_left[loc] = 0
    turn(state, 0, "G", builds=0, phase="after")
    assert "harbor G4 B18" in GAME.legal_actions(state)  # legal, and it would lose the oracle
    action = GAME.autopilot(state)
    GAME.apply(state, action)
    assert [t.type for t in state.players[0].tiles] == ["oracle", "harbor"], action


# --- reveals ------------------------------------------------------------------------------------------------


def test_a_build_inside_the_turn_reveals_nothing_and_changes_nothing():
    state = turn(fresh(), 0, "B")
    before = snapshot(state)
    assert GAME.reveals(state, "build G4") is False
    assert snapshot(state) == before


def test_ending_the_turn_reveals_the_next_card():
    state = turn(fresh(), 0, "G", builds=0, phase="after")
    give(state, 0, "H4")
    assert "end" in GAME.legal_actions(state)
    assert GAME.reveals(state, "end") is True
    assert GAME.reveals(state, "END") is True  # a typed form is read like `apply` reads it


def test_the_last_mandatory_build_reveals_when_the_turn_then_ends_by_itself():
    state = turn(fresh(), 0, "B", builds=1, phase="building")
    put(state, 0, "C3")
    assert GAME.reveals(state, "build B3") is True  # no tile to use: the turn ends with it
    with_tile = turn(fresh(), 0, "B", builds=1, phase="building")
    put(with_tile, 0, "C3")
    give(with_tile, 0, "H4")  # the oracle is still to be used after the build
    assert GAME.reveals(with_tile, "build B3") is False


def test_an_illegal_action_reveals_nothing():
    state = turn(fresh(), 0, "B")
    assert GAME.reveals(state, "build A1") is False
    assert GAME.reveals(state, "что-то") is False


def test_reveals_says_exactly_when_a_card_is_drawn_or_shown_and_never_at_the_end_of_the_game():
    seen = {True: 0, False: 0}
    for players in (2, 3):
        state = GAME.new(NAMES[:players], seed=10 + players)
        chooser = random.Random(players)
        while not GAME.is_over(state):
            action = chooser.choice(GAME.legal_actions(state))
            said = GAME.reveals(state, action)
            hidden = (state.current, list(state.deck), list(state.discard), [p.card for p in state.players])
            GAME.apply(state, action)
            drawn = (state.current, list(state.deck), list(state.discard), [p.card for p in state.players]) != hidden
            if GAME.is_over(state):
                assert said is False  # the game ends: no card is drawn, and nothing hidden is shown
            else:
                assert said is drawn, action
            seen[said] += 1
    assert seen[True] > 20 and seen[False] > 50

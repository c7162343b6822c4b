"""The Valdora autopilot and `reveals`: legal, deterministic, blind to hidden pages, sensible in clear
positions, finishing turns and whole games, better than random play; `reveals` exactly for the actions that
show a hidden page or the face-down delivered contracts; replay from the seed is exact."""

from __future__ import annotations

import json
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import NAMES, card, fresh, stand

from rules.valdora import GAME
from rules.valdora.autopilot import clone
from rules.valdora.data import CONTRACT_FACES
from rules.valdora.state import Book, State, no_gems

PLAYERS = (3, 4, 5)
MAX_TURN_STEPS = 25  # a move, then at most 7 flips, a few buys, returns, loads or deliveries, then end
OTHER_KIND = {"ruby": "sapphire", "sapphire": "amethyst", "amethyst": "emerald", "emerald": "cart",
              "cart": "horse", "horse": "ruby"}


def other_face(face: int | str) -> int | str:
    """A face that looks different: an equipment card of another kind, or a contract of another client
    (contract faces of one client are fewer than 10 consecutive indices)."""
    if isinstance(face, str):
        return OTHER_KIND[face]
    other = (face + 10) % len(CONTRACT_FACES)
    assert CONTRACT_FACES[other].client != CONTRACT_FACES[face].client
    return other


def disguise(state: State, keep: int | None = None) -> State:
    """A copy in which everything hidden looks different: the back of every page, every page under a top
    page, the back of every held contract and the delivered contracts (except those of seat `keep`)."""
    out = clone(state)
    for book in out.books:
        for stack in (book.left, book.right):
            for i, (up, down) in enumerate(stack):
                top = i == len(stack) - 1
                stack[i] = [up if top else other_face(up), other_face(down)]
    for seat, player in enumerate(out.players):
        player.contracts = [[held, other_face(back)] for held, back in player.contracts]
        if seat != keep:
            player.delivered = [other_face(face) for face in player.delivered]
    return out


def public(state: State) -> str:
    return json.dumps(GAME.view(state, None), sort_keys=True)


def random_positions(players: int, seed: int, every: int) -> list[State]:
    """Positions of a random game: every `every`-th one, all of the final round, and the end."""
    state = GAME.new(NAMES[:players], seed=seed)
    chooser = random.Random(seed)
    out = []
    while not GAME.is_over(state):
        if state.actions % every == 0 or state.final_round:
            out.append(GAME.load(GAME.dump(state)))
        GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return [*out, state]


@pytest.fixture(scope="module")
def positions() -> list[State]:
    return [s for n in PLAYERS for s in random_positions(n, seed=20 + n, every=97)]


def autopilot_game(players: int, seed: int, autopilots: set[int] | None = None) -> tuple[State, list[str]]:
    """A whole game where the seats in `autopilots` (all by default) play by the autopilot, the others at
    random. Checks that every autopilot turn takes a bounded number of steps."""
    autopilots = set(range(players)) if autopilots is None else autopilots
    state = GAME.new(NAMES[:players], seed=seed)
    chooser = random.Random(seed)
    log: list[str] = []
    seat, steps = state.current, 0
    while not GAME.is_over(state):
        if state.current in autopilots:
            action = GAME.autopilot(state)
        else:
            action = chooser.choice(GAME.legal_actions(state))
        GAME.apply(state, action)
        log.append(action)
        steps = steps + 1 if state.current == seat else 0
        seat = state.current
        assert steps <= MAX_TURN_STEPS
        assert len(log) < 20_000, "endless game"
    return state, log


@pytest.fixture(scope="module")
def autopilot_games() -> dict[int, tuple[State, list[str]]]:
    return {n: autopilot_game(n, seed=40 + n) for n in PLAYERS}


# --- the autopilot ----------------------------------------------------------------------------------------


def test_autopilot_is_legal_deterministic_and_changes_nothing(positions):
    for state in positions:
        if GAME.is_over(state):
            continue
        before = GAME.dump(state)
        action = GAME.autopilot(state)
        assert action in GAME.legal_actions(state)
        assert GAME.dump(state) == before
        assert GAME.autopilot(GAME.load(before)) == action


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(3, 5), steps=st.integers(0, 400))
def test_hypothesis_autopilot_after_random_play(seed: int, players: int, steps: int):
    state = GAME.new(NAMES[:players], seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            return
        GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    if not GAME.is_over(state):
        action = GAME.autopilot(state)
        assert action in GAME.legal_actions(state) and GAME.autopilot(state) == action


def test_autopilot_does_not_look_at_hidden_pages_or_other_seats_contracts(positions):
    for state in positions:
        if GAME.is_over(state):
            continue
        assert GAME.autopilot(disguise(state, keep=state.current)) == GAME.autopilot(state)


def test_autopilot_finishes_a_turn_in_bounded_steps(positions):
    for state in positions[::3]:
        state = clone(state)
        seat = state.current
        for _ in range(MAX_TURN_STEPS):
            if GAME.is_over(state) or state.current != seat:
                break
            GAME.apply(state, GAME.autopilot(state))
        assert GAME.is_over(state) or state.current != seat


def test_autopilot_walks_to_the_client_and_delivers():
    state = fresh(3, seed=2)
    stand(state, "Д3", phase="move")  # the red house is two spaces away, past the harbour
    player = state.players[0]
    player.contracts = [card("red")]
    player.equipment = {"pan": None, "ruby": "ruby"}
    assert GAME.autopilot(state) == "move Красный"
    GAME.apply(state, "move Красный")
    assert GAME.autopilot(state) == "deliver 1"
    GAME.apply(state, "deliver 1")
    assert player.masters == {"red": 1} and state.current == 1


def test_autopilot_mines_free_gold_instead_of_ending_the_turn():
    state = fresh(3, seed=2)
    stand(state, "Д1")
    state.roads["Д1"] = {**no_gems(), "gold": 1}
    assert GAME.autopilot(state) == "mine золото лоток"


def test_autopilot_spends_coins_on_a_useless_gem_only_in_the_last_round():
    state = fresh(3, seed=2)
    stand(state, "Д1")
    state.roads["Д1"] = {**no_gems(), "ruby": 2}
    state.players[0].equipment = {"pan": None, "cart": None}
    state.players[0].coins = 3
    assert GAME.legal_actions(state) == ["mine рубин телега", "end"]
    assert GAME.autopilot(state) == "end"  # 2 coins for a gem no contract wants: not worth it mid-game
    state.final_round = True
    assert GAME.autopilot(state) == "mine рубин телега"  # in the last round only points count


def test_autopilot_games_end(autopilot_games):
    for players, (state, _) in autopilot_games.items():
        assert GAME.is_over(state) and GAME.winners(state)
        assert len(GAME.scores(state)) == players
        assert sum(len(p.delivered) for p in state.players) >= 20  # the game ended by delivering


def test_autopilot_scores_far_more_than_random_play():
    """Autopilots and random players at one table (autopilots score 100-250, random players under 50)."""
    auto, rand = [], []
    for players, seats in ((3, {2}), (4, {1, 3}), (5, {0, 3})):
        state, _ = autopilot_game(players, seed=60 + players, autopilots=seats)
        scores = [s["total"] for s in GAME.scores(state)]
        auto.extend(scores[s] for s in seats)
        rand.extend(scores[s] for s in range(players) if s not in seats)
    assert min(auto) > max(rand)
    assert statistics.mean(auto) > statistics.mean(rand) + 50


# --- reveals ------------------------------------------------------------------------------------------------


def test_reveals_exactly_when_something_hidden_becomes_public(positions):
    """Apply every legal action to a position and to its disguise (everything hidden looks different):
    the public views after it differ exactly when `reveals` says so."""
    seen = {True: set(), False: set()}
    for state in positions:
        if GAME.is_over(state):
            continue
        disguised = disguise(state)
        assert public(disguised) == public(state)
        for action in GAME.legal_actions(state):
            a, b = clone(state), clone(disguised)
            GAME.apply(a, action)
            GAME.apply(b, action)
            shown = public(a) != public(b)
            assert GAME.reveals(state, action) == shown, action
            seen[shown].add(action.split(" ")[0])
    assert {"flip", "buy", "end"} <= seen[True]
    assert {"move", "buy", "mine", "deliver", "refill", "provisions", "end"} <= seen[False]


def test_reveals_in_a_contract_town():
    state = fresh(3, seed=2)
    stand(state, "C")
    book = state.book_at("C")
    state.books[state.books.index(book)] = Book("C", "contracts", left=[card("red")],
                                                right=[card("blue"), card("green")])
    player = state.players[0]
    player.coins = 3
    assert GAME.legal_actions(state) == ["flip next", "flip back", "buy left", "buy right", "provisions", "end"]
    assert [GAME.reveals(state, a) for a in GAME.legal_actions(state)] == [True, True, False, True, False, False]
    player.contracts = [card("grey"), card("yellow"), card("white")]
    assert not any(GAME.reveals(state, a) for a in GAME.legal_actions(state) if a.startswith("return"))


def test_reveals_the_end_of_the_game_only():
    state = fresh(3, seed=2)
    state.players[1].delivered = [card("red")[0]]
    state.final_round = True
    stand(state, "Д1", seat=1)
    state.roads["Д1"] = no_gems()
    assert GAME.legal_actions(state) == ["end"]
    assert not GAME.reveals(state, "end")  # seat 2 still plays its last turn
    stand(state, "Д1", seat=2)
    assert GAME.reveals(state, "end")
    GAME.apply(state, "end")
    assert GAME.is_over(state)


def test_the_end_of_a_game_with_nothing_delivered_reveals_nothing():
    state = fresh(3, seed=2)
    state.final_round = True
    stand(state, "Д1", seat=2)
    state.roads["Д1"] = no_gems()
    assert GAME.legal_actions(state) == ["end"] and not any(p.delivered for p in state.players)
    assert not GAME.reveals(state, "end")
    disguised = disguise(state)
    GAME.apply(state, "end")
    GAME.apply(disguised, "end")
    assert GAME.is_over(state) and public(state) == public(disguised)


# --- replay ---------------------------------------------------------------------------------------------------


def test_replaying_an_autopilot_game_from_its_seed_is_identical(autopilot_games):
    for players, (state, log) in autopilot_games.items():
        again = GAME.new(NAMES[:players], seed=40 + players)
        for action in log:
            GAME.apply(again, action)
        assert GAME.dump(again) == GAME.dump(state)


def test_clone_is_an_equal_independent_copy(positions):
    for state in positions[::5]:
        copy = clone(state)
        assert copy == state
        if not GAME.is_over(copy):
            before = GAME.dump(state)
            GAME.apply(copy, GAME.legal_actions(copy)[0])
            assert GAME.dump(state) == before and copy != state

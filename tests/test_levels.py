"""Bot levels (`rules.levels`) and what they need from each game (`determinize`, `standing`): legal whole games
at every level, determinism, and no peeking at what the seat to move cannot see."""

from __future__ import annotations

import doctest
import random
from collections import Counter

import pytest

import rules.levels as levels
from rules.kingdom import lookahead as kingdom_lookahead
from rules.levels import BUDGETS, DEFAULT_LEVEL, LEVELS, Budget, choose
from rules.registry import GAMES
from rules.sylvan import lookahead as sylvan_lookahead
from rules.valdora import lookahead as valdora_lookahead

NAMES = ("Аня", "Борис", "Вера")
SEATS = {"valdora": 3, "sylvan": 2, "kingdom": 2}
SMALL = Budget(worlds=2, candidates=2, turns=1, ranked=3)  # enough to run every part of the look-ahead, cheap
GAME_NAMES = ("valdora", "sylvan", "kingdom")
# autopilot actions into a seeded game: its start, its middle and near its end (whole games take about
# 360 actions in Valdora, 120 in «Зодчие», 80 in Kingdom Builder)
STAGES = {"valdora": (0, 150, 320), "sylvan": (0, 50, 100), "kingdom": (0, 30, 66)}


def midgame(name: str, steps: int, seed: int = 11):
    """A game of `name` after `steps` autopilot actions (or at its end)."""
    game = GAMES[name]
    state = game.new(list(NAMES[:SEATS[name]]), seed=seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        game.apply(state, game.autopilot(state))
    return game, state


def test_doctests():
    for module in (levels, kingdom_lookahead, sylvan_lookahead, valdora_lookahead):
        assert doctest.testmod(module).failed == 0


def test_interface_is_kept():
    assert LEVELS == ("лёгкий", "средний", "сильный") and DEFAULT_LEVEL == "средний"
    assert set(BUDGETS) == {"средний", "сильный"}
    for level in BUDGETS:
        assert set(BUDGETS[level]) == set(GAME_NAMES)
    game, state = midgame("kingdom", 3)
    with pytest.raises(ValueError):
        choose(game, state, "гроссмейстер", 1)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_easy_is_the_autopilot(name):
    game, state = midgame(name, 7)
    assert choose(game, state, "лёгкий", 5) == game.autopilot(state)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_stronger_levels_look_further_than_the_autopilot(name):
    """Somewhere in a game the look-ahead plays another action than the autopilot (it is not autopilot)."""
    game = GAMES[name]
    state = game.new(list(NAMES[:SEATS[name]]), seed=4)
    differs = 0
    for step in range(60):
        if game.is_over(state):
            break
        if choose(game, state, "средний", step, SMALL) != game.autopilot(state):
            differs += 1
        game.apply(state, game.autopilot(state))
    assert differs > 0


@pytest.mark.parametrize("name", GAME_NAMES)
def test_whole_games_are_legal_at_every_level(name):
    """Every seat at a different level (small budgets, the real ones are timed by the benchmark): each
    choice is legal and the game ends."""
    game = GAMES[name]
    seats = SEATS[name]
    state = game.new(list(NAMES[:seats]), seed=21)
    seat_levels = ["средний", "сильный", "лёгкий"][:seats]
    small = {"средний": SMALL, "сильный": Budget(worlds=2, candidates=3, turns=2, ranked=4)}
    for step in range(3000):
        if game.is_over(state):
            break
        level = seat_levels[game.current_seat(state)]
        action = choose(game, state, level, step, small.get(level))
        assert action in game.legal_actions(state)
        game.apply(state, action)
    assert game.is_over(state) and game.winners(state)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("level", ["средний", "сильный"])
def test_real_budgets_choose_legal_actions(name, level):
    game, state = midgame(name, 12)
    action = choose(game, state, level, 3)
    assert action in game.legal_actions(state)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_deterministic_and_pure(name):
    game, state = midgame(name, 9)
    before = game.dump(state)
    first = choose(game, state, "средний", 42, SMALL)
    assert game.dump(state) == before  # the state is not touched
    assert all(choose(game, game.load(before), "средний", 42, SMALL) == first for _ in range(3))


# --- determinize: consistent with what the seat sees, and blind to what it does not -----------------------------


def hidden_kingdom(state, seat):
    cards = [p.card for s, p in enumerate(state.players) if s not in (seat, state.current)]
    return Counter(state.deck + cards)


def hidden_sylvan(state, seat):
    others = [p for s, p in enumerate(state.players) if s != seat]
    return (Counter(state.deck + [c for p in others for c in p.hand]),
            [Counter(t for stack in p.stacks for t in stack) for p in others])


def hidden_valdora(state, seat):
    """Each book's cards, either side up, and the number of contracts each seat delivered."""
    return ([Counter(tuple(sorted(card)) for card in b.left + b.right) for b in state.books],
            [len(p.delivered) for p in state.players])


HIDDEN = {"kingdom": hidden_kingdom, "sylvan": hidden_sylvan, "valdora": hidden_valdora}


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("stage", [0, 1, 2])
def test_determinized_state_keeps_what_the_seat_sees(name, stage):
    game, state = midgame(name, STAGES[name][stage])
    if game.is_over(state):
        pytest.skip("the game is over by then")
    seat = game.current_seat(state)
    before = game.dump(state)
    world = game.determinize(state, seat, random.Random(3))
    assert game.dump(state) == before  # the real state is untouched
    assert game.dump(world) != before  # something hidden was drawn anew
    assert game.view(world, seat) == game.view(state, seat)
    assert game.legal_actions(world) == game.legal_actions(state)
    assert HIDDEN[name](world, seat) == HIDDEN[name](state, seat)
    for _ in range(3000):  # and the world is a game that plays on to its end
        if game.is_over(world):
            break
        game.apply(world, game.autopilot(world))
    assert game.is_over(world)


def test_valdora_worlds_keep_the_cards_of_the_books_and_delivered_contracts():
    game, state = midgame("valdora", 160)
    delivered = [len(p.delivered) for p in state.players]
    assert sum(delivered) > 0
    seat = game.current_seat(state)
    world = game.determinize(state, seat, random.Random(8))
    assert [len(p.delivered) for p in world.players] == delivered
    assert world.players[seat].delivered == state.players[seat].delivered  # its own it sees
    assert [(b.town, len(b.left), len(b.right)) for b in world.books] == [
        (b.town, len(b.left), len(b.right)) for b in state.books]
    under = {face for b in state.books if b.kind == "contracts" for card in b.left[:-1] + b.right[:-1] for face in card}
    assert all(f in under for s, p in enumerate(world.players) if s != seat for f in p.delivered)
    assert any(world.players[s].delivered != state.players[s].delivered for s in range(3) if s != seat)


def other_hidden(game, state, seat, seed):
    """The same position with what `seat` cannot see drawn anew: a state a peeking bot would play otherwise."""
    other = game.determinize(state, seat, random.Random(seed))
    assert game.view(other, seat) == game.view(state, seat) and game.dump(other) != game.dump(state)
    return other


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("stage", [0, 1, 2])
def test_no_peeking(name, stage):
    """Two states that differ only in what the seat to move cannot see get the same worlds and the same
    choice for the same seed."""
    game, state = midgame(name, STAGES[name][stage] + 1)
    if game.is_over(state):
        pytest.skip("the game is over by then")
    seat = game.current_seat(state)
    other = other_hidden(game, state, seat, 77)
    for seed in (1, 2):
        assert game.dump(game.determinize(state, seat, random.Random(seed))) == game.dump(
            game.determinize(other, seat, random.Random(seed)))
    assert choose(game, state, "средний", 5, SMALL) == choose(game, other, "средний", 5, SMALL)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_rollouts_stop_at_their_turns_or_their_work(name):
    game, state = midgame(name, 20)
    seat = game.current_seat(state)
    world = game.determinize(state, seat, random.Random(2))
    one = game.copy(world)
    work = levels.Work()
    levels.rollout(game, one, seat, 0, work, limit=1)  # one autopilot action, then judged
    assert game.dump(one) == game.dump(_after_autopilot(game, world, 1)) and work.done == len(game.legal_actions(world))
    turn = game.copy(world)
    levels.rollout(game, turn, seat, 1)  # the rest of the seat's turn only
    assert game.current_seat(turn) != seat or game.is_over(turn)
    whole = game.copy(world)
    levels.rollout(game, whole, seat, 0)
    assert game.is_over(whole)


def _after_autopilot(game, state, steps):
    copy = game.copy(state)
    for _ in range(steps):
        game.apply(copy, game.autopilot(copy))
    return copy

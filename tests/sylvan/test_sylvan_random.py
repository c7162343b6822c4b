"""Random legal play over many seeds and 2-4 players: games end, nothing is created or lost, dump/load and
replay are exact, every legal action parses to itself and has a short label, keyboards stay small, refusals
change nothing, and the round scoring agrees with a naive second implementation written here."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from sylvan_positions import NAMES, snapshot

from rules.protocol import RuleError
from rules.sylvan import GAME
from rules.sylvan.data import CARDS, SIDES, STYLES, SUPPLY, adjacent
from rules.sylvan.state import State

PIECE_TOTALS = dict(SUPPLY)


def check_invariants(state: State) -> None:
    players = state.players
    # cards: deck + face-up + discard + hands + played rows = 80
    cards = list(state.deck) + [c for c in state.face_up if c is not None] + list(state.discard)
    for p in players:
        cards += p.hand + p.played
        assert len(p.hand) <= 4
    assert sorted(cards) == list(range(len(CARDS)))
    # dwellings: each player's 16 are in the stacks, on trees or in the box, 4 of each style
    for seat, p in enumerate(players):
        where = list(p.stacks[0]) + list(p.stacks[1])
        where += [style for t in state.trees.values() for s, style in t.tiles if s == seat]
        where += [style for s, style in state.boxed if s == seat]
        assert Counter(where) == {style: 4 for style in STYLES}, seat
    # flags: in hand + on dwellings + on bridges = 16; one own flag per tree; 5 fame per flag on a dwelling
    for seat, p in enumerate(players):
        on_trees = sum(1 for t in state.trees.values() for s, _ in t.flags if s == seat)
        on_bridges = sum(1 for b in state.bridges if b.seat == seat)
        assert p.flags_left + on_trees + on_bridges == 16 and p.flags_left >= 0
        assert all(sum(1 for s, _ in t.flags if s == seat) <= 1 for t in state.trees.values())
        assert p.fame[0]["flags"] + p.fame[1]["flags"] == 5 * on_trees
    # items: supply + held (+ on the board for bridges and treetops) = the totals
    held = {item: sum(p.items[item] for p in players) for item in PIECE_TOTALS}
    assert state.supply["axe"] + held["axe"] == PIECE_TOTALS["axe"]
    assert state.supply["hammer"] + held["hammer"] == PIECE_TOTALS["hammer"]
    assert state.supply["bridge"] + held["bridge"] + len(state.bridges) == PIECE_TOTALS["bridge"]
    tops = sum(1 for t in state.trees.values() if t.treetop)
    assert state.supply["treetop"] + held["treetop"] + tops == PIECE_TOTALS["treetop"]
    assert all(n >= 0 for n in state.supply.values()) and all(n >= 0 for n in held.values())
    # trees and bridges
    for t in state.trees.values():
        assert 1 <= t.height <= 6
        assert all(0 <= lv <= len(t.tiles) for _, lv in t.flags)
    pairs = set()
    for b in state.bridges:
        assert adjacent(b.a, b.b) and 0 <= b.level_a <= len(state.trees[b.a].tiles)
        assert 0 <= b.level_b <= len(state.trees[b.b].tiles)
        assert (b.seat, b.a, b.b) not in pairs
        pairs.add((b.seat, b.a, b.b))
    assert (state.current is None) == (state.step == "over")


# --- a naive second scoring ----------------------------------------------------------------------------------


def naive_owner(tiles: list[list]) -> int | None:
    best, owner = None, None
    for seat in {s for s, _ in tiles}:
        key = (sum(1 for s, _ in tiles if s == seat), max(i for i, (s, _) in enumerate(tiles) if s == seat))
        if best is None or key > best:
            best, owner = key, seat
    return owner


def naive_round(state: State) -> tuple[list[int], list[int]]:
    n = len(state.players)
    trees, regions = [0] * n, [0] * n
    owner = {}
    for name, t in state.trees.items():
        owner[name] = naive_owner(t.tiles)
        if owner[name] is not None:
            trees[owner[name]] += 1 + len(t.tiles)
    for region in SIDES[state.side].regions:
        names = [t for t in region.trees if t in state.trees]
        counts = [sum(1 for t in names if owner[t] == s) for s in range(n)]
        top = max(counts)
        if top == 0:
            continue
        leaders = [s for s in range(n) if counts[s] == top]
        for s in leaders:
            regions[s] += (2 if len(leaders) == 1 else 1) * len(names)
    return trees, regions


# --- playing ---------------------------------------------------------------------------------------------------


ILLEGAL_TRIES = ["place Б3", "axe А1", "hammer А1 Б1", "bridge А1 Б1", "top Д1", "take deck", "take 3", "flag",
                 "noflag", "refresh", "redraw", "pass", "end", "set мост", "play грибной-топор", "place Е9",
                 "bridge Б3 В4", "молоток а1 а1", "беру 7", "set"]


WORDS = ["играю", "ставлю", "на", "флаг", "без", "топор", "молоток", "мост", "верхушку", "беру", "колоду", "набор",
         "грибной", "цветочный", "ореховый", "лиственный", "двойную", "А1", "Б3", "б4", "Г1", "Д2", "d1", "1", "2",
         "3", "²", "нет", "да", "сбросить", "руку", "обновить", "пас", "конец", "take", "place", "bridge", "hammer"]


def play(players: int, seed: int, *, thorough: bool = False, every: int = 5) -> tuple[State, list[str]]:
    state = GAME.new(list(NAMES[:players]), seed=seed)
    chooser = random.Random(seed)
    log: list[str] = []
    rounds_seen = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        if thorough and len(log) % every == 0:
            data = json.loads(json.dumps(GAME.dump(state)))
            assert GAME.dump(GAME.load(data)) == GAME.dump(state)
            for seat in [None, *range(players)]:
                view = GAME.view(state, seat)
                assert json.loads(json.dumps(view)) == view
            if state.step == "place":
                assert GAME.view(state)["highlight"] == [a.split(" ")[1] for a in legal]
            for action in legal:
                assert GAME.parse(state, action) == action
                assert GAME.parse(state, action.upper()) == action
                label = GAME.label(state, action)
                assert label and len(label) <= 24, label
                assert GAME.private_choice(state, action) == action.startswith("play ")
            check_menus(state, legal)
            salad = " ".join(chooser.choice(WORDS) for _ in range(chooser.randint(1, 4)))
            for text in chooser.sample(ILLEGAL_TRIES, 4) + [salad]:
                before = snapshot(state)
                try:
                    parsed = GAME.parse(state, text)
                except RuleError as err:
                    assert err.section and err.section.startswith("sylvan."), err.section
                    assert snapshot(state) == before
                    with pytest.raises(RuleError):
                        GAME.apply(state, text)
                    assert snapshot(state) == before
                else:
                    assert parsed in legal
        action = chooser.choice(legal)
        events = GAME.apply(state, action)
        assert events and all(e.text for e in events)
        log.append(action)
        check_invariants(state)
        if len(state.round_results) > rounds_seen:
            rounds_seen = len(state.round_results)
            result = state.round_results[-1]
            assert (result["trees"], result["regions"]) == naive_round(state)
        assert len(log) < 5000, "endless game"
    assert rounds_seen == 2
    return state, log


def check_menus(state: State, legal: list[str]) -> None:
    """No keyboard level holds more than 24 buttons."""
    levels: dict[tuple[str, ...], set[str]] = {}
    for action in legal:
        path = GAME.menu_path(state, action)
        for depth in range(len(path) + 1):
            prefix = path[:depth]
            child = path[depth] if depth < len(path) else action
            levels.setdefault(prefix, set()).add(child)
    assert all(len(children) <= 24 for children in levels.values()), {k: len(v) for k, v in levels.items()}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_and_keep_every_invariant(players):
    for seed in range(80):
        state, log = play(players, seed)
        # every player built or skipped 16 times: all stacks are empty
        assert all(not p.stacks[0] and not p.stacks[1] for p in state.players)
        assert sum(1 for a in log if a.startswith("take") or a == "end") == 16 * players
        scores = GAME.scores(state)
        assert [s["total"] for s in scores] == [p.total for p in state.players]
        assert all(sum(s["breakdown"].values()) == s["total"] for s in scores)
        assert GAME.winners(state)


@pytest.mark.parametrize(("players", "seed"), [(2, 101), (2, 105), (3, 102), (3, 106), (4, 103), (4, 104)])
def test_thorough_random_games(players, seed):
    play(players, seed, thorough=True, every=2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_from_seed_and_log_gives_the_same_dump(players):
    state, log = play(players, 500 + players)
    again = GAME.new(list(NAMES[:players]), seed=500 + players)
    for action in log:
        GAME.apply(again, action)
    assert GAME.dump(again) == GAME.dump(state)


def test_dump_load_round_trip_keeps_the_random_source():
    state = GAME.new(list(NAMES[:3]), seed=77)
    chooser = random.Random(1)
    for _ in range(40):
        GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    copy = GAME.load(json.loads(json.dumps(GAME.dump(state))))
    chooser2 = random.Random(2)
    while not GAME.is_over(state):
        action = chooser2.choice(GAME.legal_actions(state))
        GAME.apply(state, action)
        GAME.apply(copy, action)
    assert GAME.dump(copy) == GAME.dump(state)



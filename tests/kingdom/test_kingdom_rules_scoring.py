"""Scoring: the rulebook's statements about the ten Kingdom Builder cards and the castles as examples, and
the engine checked against a deliberately naive second implementation (its own neighbours and flood fill
over the 20 x 20 grid) on hundreds of random positions and on the final positions of random games."""

from __future__ import annotations

import random

import pytest
from kb_positions import CARDS, fresh, put

from rules.__main__ import play_random
from rules.kingdom import GAME
from rules.kingdom.board import SECTORS, Board
from rules.kingdom.data import CARD_ORDER

SIZE = 20

# --- the naive implementation -------------------------------------------------------------------------------


def naive_neighbours(r: int, c: int) -> list[tuple[int, int]]:
    """Pointy-top hexes, odd rows shifted right (the published boards)."""
    if r % 2 == 0:
        deltas = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    else:
        deltas = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    return [(r + dr, c + dc) for dr, dc in deltas if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE]


def naive_groups(mine: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    left = set(mine)
    out = []
    while left:
        start = left.pop()
        group, frontier = {start}, [start]
        while frontier:
            nxt = []
            for x in frontier:
                for n in naive_neighbours(*x):
                    if n in left:
                        left.discard(n)
                        group.add(n)
                        nxt.append(n)
            frontier = nxt
        out.append(group)
    return out


def naive_scores(terrain: list[str], owners: list[list], cards: list[str], players: int) -> list[dict]:
    def letter(x):
        return terrain[x[0]][x[1]]

    def near(x, letters):
        return any(letter(n) in letters for n in naive_neighbours(*x))

    settled = {seat: {(r, c) for r in range(SIZE) for c in range(SIZE) if owners[r][c] == seat}
               for seat in range(players)}
    quarter = {seat: [sum(1 for (r, c) in settled[seat] if (r // 10) * 2 + c // 10 == q) for q in range(4)]
               for seat in range(players)}
    lords = [0] * players
    for q in range(4):
        counts = sorted({quarter[s][q] for s in range(players) if quarter[s][q] > 0}, reverse=True)
        for s in range(players):
            if counts and quarter[s][q] == counts[0]:
                lords[s] += 12
            elif len(counts) > 1 and quarter[s][q] == counts[1]:
                lords[s] += 6
    out = []
    for seat in range(players):
        mine = settled[seat]
        groups = naive_groups(mine)
        rows = [sum(1 for (r, _) in mine if r == row) for row in range(SIZE)]
        linked = set()
        for g in groups:
            touched = {n for x in g for n in naive_neighbours(*x) if letter(n) in "CT"}
            if len(touched) > 1:
                linked |= touched
        gold = {
            "fishermen": sum(1 for x in mine if letter(x) != "W" and near(x, "W")),
            "miners": sum(1 for x in mine if near(x, "M")),
            "merchants": 4 * len(linked),
            "workers": sum(1 for x in mine if near(x, "CT")),
            "discoverers": sum(1 for n in rows if n),
            "knights": 2 * max(rows),
            "hermits": len(groups),
            "lords": lords[seat],
            "citizens": max((len(g) for g in groups), default=0) // 2,
            "farmers": 3 * min(quarter[seat]),
        }
        breakdown = {card: gold[card] for card in cards}
        breakdown["castles"] = 3 * sum(
            1 for r in range(SIZE) for c in range(SIZE)
            if terrain[r][c] == "C" and any(n in mine for n in naive_neighbours(r, c)))
        out.append(breakdown)
    return out


def engine_breakdowns(state) -> list[dict]:
    return [s["breakdown"] for s in GAME.scores(state)]


# --- the rulebook's statements -------------------------------------------------------------------------------


def score(state, seat: int = 0) -> dict:
    return GAME.scores(state)[seat]["breakdown"]


def test_several_settlements_at_one_castle_still_3_gold_and_one_castle_pays_everyone():
    state = put(fresh(), 0, "C2", "E2")  # both next to the castle on D2
    assert score(state)["castles"] == 3
    put(state, 0, "K2")  # next to the castle on L2 too
    put(state, 1, "D3")
    assert score(state)["castles"] == 6 and score(state, 1)["castles"] == 3


def test_knights_only_the_best_row_discoverers_every_row_hermits_every_group():
    state = fresh(cards=["knights", "discoverers", "hermits"])
    put(state, 0, "A1", "B1", "C1", "A3", "B3", "A5")
    assert score(state) == {"knights": 6, "discoverers": 3, "hermits": 3, "castles": 0}


def test_citizens_half_of_the_largest_group_rounded_down():
    state = fresh(cards=["citizens", "knights", "hermits"])
    put(state, 0, *[f"{col}1" for col in "ABCDEGHIJKLMNOP"])  # F1 is water: 5 + 10
    assert score(state)["citizens"] == 10 // 2 and score(state)["hermits"] == 2
    state = fresh(cards=["citizens", "knights", "hermits"])
    put(state, 0, *[f"{col}11" for col in "ABCDEFGHIJ"], *[f"{col}12" for col in "ABCDE"])
    assert score(state)["citizens"] == 7  # the rulebook's example: a group of 15 gives 7


def test_farmers_the_weakest_sector_and_nothing_with_an_empty_sector():
    state = put(fresh(), 0, "A1", "B1", "K1", "A11", "B11", "C11")
    assert score(state)["farmers"] == 0
    put(state, 0, "K11", "L11", "M11", "N11")
    assert score(state)["farmers"] == 3 * 1


def test_lords_ties_share_first_and_second_place():
    state = fresh(3)
    put(state, 0, "A1", "B1", "C1", "K1", "L1")
    put(state, 1, "A2", "B2", "C2", "M1")
    put(state, 2, "D1", "N1", "A11")
    assert [score(state, s)["lords"] for s in range(3)] == [12 + 12, 12 + 6, 6 + 6 + 12]
    two = fresh(2)
    put(two, 0, "A1", "B1")
    put(two, 1, "C1")
    assert [score(two, s)["lords"] for s in range(2)] == [12, 6]
    put(two, 1, "A2")
    assert [score(two, s)["lords"] for s in range(2)] == [12, 12]  # a tie for first: no second place


def test_merchants_one_group_touching_three_locations_and_castles_is_12():
    state = fresh(cards=["merchants", "workers", "miners"])
    chain = ["M17", "N17", "O17", "P17", "Q17", "Q16", "R15", "R14"]  # paddock L17, castle P18, paddock S13
    put(state, 0, *chain)
    put(state, 0, "G4")  # a group touching only the oracle: links nothing
    assert score(state)["merchants"] == 12
    assert score(state)["workers"] == 5  # M17, P17, Q17 and R14 touch a location or castle, and G4
    put(state, 1, "N18")
    assert score(state, 1)["merchants"] == 0


def test_fishermen_settlements_next_to_water_but_never_on_it():
    state = fresh(cards=CARDS)
    put(state, 0, "E1", "F1", "G1", "A1")  # F1 is water (moved there by a harbor)
    assert score(state)["fishermen"] == 2  # E1 and G1
    assert score(state)["lords"] == 12  # the settlement on water counts for everything else


def test_miners_one_gold_per_settlement_however_many_mountains():
    state = fresh(cards=["miners", "workers", "hermits"])
    put(state, 0, "B5", "A1")  # B5 touches A6 and B6, both mountains
    assert score(state)["miners"] == 1


def test_scores_are_available_mid_game_and_winners_only_at_the_end():
    state = put(fresh(), 0, "A1")
    assert GAME.scores(state)[0]["total"] > 0 and GAME.winners(state) == []
    assert GAME.scores(state)[0]["name"] == "Аня" and GAME.view(state)["scores"] is None


# --- the naive implementation agrees --------------------------------------------------------------------------

ALL_CARDS = [list(CARD_ORDER[i:i + 3]) for i in (0, 3, 6)] + [["farmers", "fishermen", "merchants"]]


def random_position(rng: random.Random):
    names = rng.sample(sorted(SECTORS), 4)
    sectors = [(n, rng.random() < 0.5) for n in names]
    players = rng.choice([2, 3, 4])
    board = Board.build(sectors)
    density = rng.choice([0.05, 0.2, 0.5, 0.9])
    owners = [[None] * SIZE for _ in range(SIZE)]
    for r in range(SIZE):
        for c in range(SIZE):
            if board.terrain[r][c] in "GSDBFW" and rng.random() < density:
                owners[r][c] = rng.randrange(players)
    return sectors, players, board, owners


@pytest.mark.parametrize("chunk", range(4))
def test_engine_scoring_matches_the_naive_one_on_random_positions(chunk):
    rng = random.Random(1000 + chunk)
    for _ in range(75):
        sectors, players, board, owners = random_position(rng)
        for cards in ALL_CARDS:
            state = GAME.new(["А", "Б", "В", "Г"][:players], seed=1, options={"sectors": sectors, "cards": cards})
            state.owners = [owners[r][c] for r in range(SIZE) for c in range(SIZE)]
            state.touch()
            assert engine_breakdowns(state) == naive_scores(list(board.terrain), owners, cards, players)


def test_engine_scoring_matches_the_naive_one_on_final_positions_of_random_games():
    for seed in range(60):
        state, _ = play_random(GAME, 2 + seed % 3, seed)
        view = GAME.view(state)
        cards = [c["id"] for c in view["cards"]]
        expected = naive_scores(view["terrain"], view["owners"], cards, len(view["players"]))
        assert engine_breakdowns(state) == expected
        assert [s["breakdown"] for s in view["scores"]] == expected
        assert [s["total"] for s in view["scores"]] == [sum(b.values()) for b in expected]
        best = max(sum(b.values()) for b in expected)
        assert GAME.winners(state) == [s for s, b in enumerate(expected) if sum(b.values()) == best]

"""Every worked example of the rulebook, and the scoring rules they illustrate (advantage, trees, bridges,
regions, the tie-breaks), played through the engine where the rulebook describes a move."""

from __future__ import annotations

from sylvan_positions import at_step, clear_board, fresh, played, tree

from rules.sylvan import GAME
from rules.sylvan.scoring import advantage, round_scoring, winners
from rules.sylvan.state import Tree

RED, BLUE, YELLOW = 0, 1, 2


def test_two_dwellings_each_the_higher_tile_wins_the_advantage():
    # rulebook: red and yellow have 2 dwellings each; yellow's is higher, so yellow has the advantage
    t = Tree("Б3", "nut", tiles=[[RED, "nut"], [YELLOW, "leaf"], [RED, "flower"], [YELLOW, "nut"]])
    assert advantage(t) == YELLOW
    t = Tree("Б3", "nut", tiles=[[YELLOW, "nut"], [RED, "leaf"], [YELLOW, "flower"], [RED, "nut"]])
    assert advantage(t) == RED
    # the most dwellings win even when lower; a third player's top tile does not break a tie between others
    t = Tree("Б3", "nut", tiles=[[RED, "nut"], [RED, "leaf"], [BLUE, "flower"]])
    assert advantage(t) == RED
    t = Tree("Б3", "nut", tiles=[[RED, "nut"], [YELLOW, "nut"], [RED, "nut"], [YELLOW, "nut"], [BLUE, "nut"]])
    assert advantage(t) == YELLOW
    assert advantage(Tree("Б3", "nut")) is None


def test_the_five_point_tree():
    # rulebook: red has the most dwellings on a tree of a base and 4 dwellings: 5 fame; blue gets nothing
    state = fresh(2)
    clear_board(state)
    tree(state, "Б3", "nut", [(RED, "nut"), (BLUE, "leaf"), (RED, "flower"), (RED, "nut")])
    result = round_scoring(state)
    assert result["trees"] == {RED: 5, BLUE: 0}


def test_the_five_point_tree_at_the_end_of_a_round_through_the_engine():
    state = fresh(2)
    clear_board(state)
    tree(state, "Б3", "nut", [(RED, "nut"), (BLUE, "leaf"), (RED, "flower"), (RED, "nut")])
    state.players[RED].stacks[0] = []
    state.players[BLUE].stacks[0] = ["mushroom"]
    at_step(state, "place", seat=BLUE, card="грибной-топор")
    tree(state, "Д2", "mushroom")
    GAME.apply(state, "place Д2")
    events = GAME.apply(state, "take deck")
    assert [e.kind for e in events] == ["info", "score", "turn"]
    assert state.players[RED].fame[0]["trees"] == 5
    assert state.players[BLUE].fame[0]["trees"] == 2  # Д2: the base and Борис's dwelling
    assert state.round == 2 and state.current == BLUE


def test_the_seven_point_bridge():
    # rulebook: red builds a bridge between neighbours of 4 and 3 levels, with the advantage on both: 7 fame
    state = fresh(2)
    clear_board(state)
    tree(state, "А3", "nut", [(RED, "nut"), (RED, "leaf"), (BLUE, "flower")])  # 4 levels
    tree(state, "Б3", "leaf", [(RED, "leaf"), (BLUE, "nut")])  # 3 levels, tie: blue's is higher
    state.players[RED].items["bridge"] = 1
    state.supply["bridge"] -= 1
    at_step(state, "act", seat=RED)
    assert GAME.label(state, "bridge А3 Б3") == "🌉 А3 — Б3 (+4)"
    tree(state, "Б3", "leaf", [(BLUE, "nut"), (RED, "leaf")])  # now red's is higher
    assert GAME.label(state, "bridge А3 Б3") == "🌉 А3 — Б3 (+7)"
    events = GAME.apply(state, "bridge А3 Б3")
    assert state.players[RED].fame[0]["bridges"] == 7 and "7 очков" in events[0].text
    assert state.players[RED].flags_left == 15 and state.players[RED].fame[0]["flags"] == 0
    bridge = state.bridges[0]
    assert (bridge.a, bridge.b, bridge.seat, bridge.level_a, bridge.level_b) == ("А3", "Б3", RED, 3, 2)


def test_the_eight_point_region():
    # rulebook: in a region of 4 trees red has the advantage on 2, blue on 1, the 4th is empty: red gets 8
    state = fresh(4)
    clear_board(state)
    tree(state, "А1", "nut", [(RED, "nut")])
    tree(state, "Б1", "nut", [(RED, "nut"), (RED, "leaf"), (BLUE, "leaf")])
    tree(state, "А2", "nut", [(BLUE, "nut")])  # Б2 stays empty; А1 Б1 А2 Б2 is the pine region
    result = round_scoring(state)
    assert result["regions"] == {RED: 8, BLUE: 0, 2: 0, 3: 0}
    assert result["region_winners"]["pine"] == [RED]


def test_a_region_tie_gives_one_per_tree_to_each_and_an_empty_region_nothing():
    state = fresh(4)
    clear_board(state)
    tree(state, "А1", "nut", [(RED, "nut")])
    tree(state, "Б1", "nut", [(BLUE, "nut")])
    tree(state, "Г4", "nut", [(YELLOW, "nut")])  # spruce region: 3 trees
    result = round_scoring(state)
    assert result["regions"] == {RED: 4, BLUE: 4, YELLOW: 6, 3: 0}
    assert result["region_winners"]["oak"] == [] and result["region_winners"]["pine"] == [RED, BLUE]


def test_the_bridge_set_example():
    # rulebook: a player with 3 bridge cards in front of them discards them and takes a bridge tile
    state = fresh(3)
    cards = list(played(state, 0, ["грибной-мост", "ореховый-мост", "лиственный-мост"]))
    at_step(state, "act")
    GAME.apply(state, "set мост")
    assert state.players[0].items["bridge"] == 1 and state.supply["bridge"] == 11
    assert state.discard == cards and state.players[0].played == []


def test_two_player_region_scoring_has_no_glade():
    state = fresh(2)
    clear_board(state)
    tree(state, "А1", "nut", [(RED, "nut")])
    result = round_scoring(state)
    assert "glade" not in result["region_winners"]
    assert result["regions"][RED] == 6  # the pine region of the small side has 3 trees


def over_with(state, totals, trees, flags):
    """A finished game with the given fame totals, trees with advantage (one tree each) and flags placed."""
    clear_board(state)
    names = list(state.trees)
    i = 0
    for seat, p in enumerate(state.players):
        p.fame = [{"flags": 0, "bridges": 0, "trees": totals[seat], "regions": 0},
                  {"flags": 0, "bridges": 0, "trees": 0, "regions": 0}]
        p.flags_left = 16 - flags[seat]
        for _ in range(trees[seat]):
            tree(state, names[i], "nut", [(seat, "nut")])
            i += 1
    state.step, state.current = "over", None


def test_winners_and_the_tie_breaks():
    state = fresh(3)
    assert winners(state) == []
    over_with(state, [30, 31, 29], [1, 1, 1], [0, 0, 0])
    assert GAME.winners(state) == [1]
    over_with(state, [31, 31, 29], [2, 3, 5], [0, 0, 0])
    assert GAME.winners(state) == [1]  # more trees with the advantage
    over_with(state, [31, 31, 29], [3, 3, 5], [4, 2, 9])
    assert GAME.winners(state) == [0]  # then more flags placed (bridge flags too)
    over_with(state, [31, 31, 29], [3, 3, 5], [4, 4, 9])
    assert GAME.winners(state) == [0, 1]  # still tied: they share the win

"""One test (at least) per Sylvan Dale rule: allowed when the rules allow, refused with a precise Russian
message and the right section otherwise, and a refusal never changes the state."""

from __future__ import annotations

from collections import Counter

import pytest
from sylvan_positions import (
    NAMES,
    at_step,
    clear_board,
    deck_top,
    face_up,
    fresh,
    hand,
    key,
    played,
    refused,
    snapshot,
    top_tiles,
    tree,
)

from rules.protocol import RuleError
from rules.sylvan import GAME
from rules.sylvan.data import SIDES
from rules.sylvan.engine import CARD_KEY

MUSH_AXE = key("mushroom", "axe")
MUSH_BRIDGE = key("mushroom", "bridge")
FLOWER_AXE = key("flower", "axe")
FLOWER_HAMMER = key("flower", "hammer")
NUT_TOP = key("nut", "treetop")
LEAF_HAMMER = key("leaf", "hammer")
LEAF_BRIDGE = key("leaf", "bridge")
NUT_DUAL = key("nut", "bridge", "treetop")


# --- setup -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "side", "trees"), [(4, "big", 20), (3, "small", 16), (2, "small", 13)])
def test_setup_by_player_count(players, side, trees):
    state = GAME.new(list(NAMES[:players]), seed=11)
    assert state.side == side and len(state.trees) == trees
    bases = Counter(t.base for t in state.trees.values())
    assert sum(bases.values()) == trees and max(bases.values()) <= 5
    for p in state.players:
        assert [len(s) for s in p.stacks] == [8, 8]
        assert Counter(p.stacks[0] + p.stacks[1]) == {"mushroom": 4, "flower": 4, "nut": 4, "leaf": 4}
        assert len(p.hand) == 4 and p.flags_left == 16 and p.played == []
    assert len([c for c in state.face_up if c is not None]) == 3
    assert len(state.deck) == 80 - 4 * players - 3 and state.discard == []
    cards = state.deck + [c for c in state.face_up if c is not None] + [c for p in state.players for c in p.hand]
    assert sorted(cards) == list(range(80))
    assert state.step == "play" and state.round == 1 and state.current == state.first_seat


def test_two_players_leave_the_glade_empty_and_the_second_gets_a_treetop():
    state = fresh(2)
    glade = next(r for r in SIDES["small"].regions if r.glade)
    assert not set(glade.trees) & set(state.trees)
    assert state.players[1].items["treetop"] == 1 and state.players[0].items["treetop"] == 0
    assert state.supply == {"axe": 6, "hammer": 6, "bridge": 12, "treetop": 8}
    three = fresh(3)
    assert set(glade.trees) <= set(three.trees)
    assert all(p.items["treetop"] == 0 for p in three.players) and three.supply["treetop"] == 9
    second = GAME.new(["Аня", "Борис"], seed=5, options={"first_seat": 1})
    assert second.players[0].items["treetop"] == 1 and second.players[1].items["treetop"] == 0


def test_first_player_by_seeded_lot_and_setup_is_deterministic():
    firsts = {GAME.new(list(NAMES), seed=s).first_seat for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert snapshot(GAME.new(list(NAMES[:3]), seed=9)) == snapshot(GAME.new(list(NAMES[:3]), seed=9))
    assert snapshot(GAME.new(list(NAMES[:3]), seed=9)) != snapshot(GAME.new(list(NAMES[:3]), seed=10))


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_is_checked(players):
    with pytest.raises(RuleError) as err:
        GAME.new(["Игрок"] * players, seed=1)
    assert err.value.section == "sylvan.players" and "от 2 до 4 игроков" in err.value.message


# --- playing a card and building ----------------------------------------------------------------------------------


def board_with_one_mushroom_top(state):
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom")


def only_mushroom_open(state):
    """Every tree closed by a treetop but Б3, a bare mushroom base."""
    clear_board(state, "leaf")
    for t in state.trees.values():
        t.treetop = True
    tree(state, "Б3", "mushroom")


def test_play_a_card_from_the_hand_then_place_on_a_matching_tree():
    state = fresh()
    board_with_one_mushroom_top(state)
    hand(state, 0, [MUSH_AXE, LEAF_HAMMER, FLOWER_AXE, NUT_TOP])
    legal = GAME.legal_actions(state)
    assert f"play {MUSH_AXE}" in legal and f"play {LEAF_HAMMER}" in legal
    refused(state, f"play {FLOWER_AXE}", "эту карту сейчас не сыграть", "sylvan.place")
    refused(state, f"play {MUSH_BRIDGE}", "нет такой карты", "sylvan.play-card")
    refused(state, "place Б3", "Сначала сыграйте карту", "sylvan.play-card")
    card = state.players[0].hand[0]
    GAME.apply(state, f"play {MUSH_AXE}")
    assert state.step == "place" and state.turn.card == card and state.players[0].played == [card]
    assert len(state.players[0].hand) == 3
    assert GAME.legal_actions(state) == ["place Б3"]
    refused(state, f"play {LEAF_HAMMER}", "уже сыграна", "sylvan.turn")
    refused(state, "place А1", "Верхнее жилище А1", "sylvan.place")
    state.trees["А1"].treetop = True  # closed and of another style: both said, the style in words
    message = refused(state, "place А1", "А1 закрыто верхушкой", "sylvan.treetop")
    assert "Кроме того, верхнее жилище А1 — " in message and not set(message) & set("🍄🌸🌰🍃")


def test_the_top_tile_of_the_stack_is_placed_in_order():
    state = fresh()
    board_with_one_mushroom_top(state)
    top_tiles(state, 0, ["flower", "nut"])
    at_step(state, "place", card=MUSH_AXE)
    GAME.apply(state, "place Б3")
    assert state.trees["Б3"].tiles == [[0, "flower"]] and state.stack(0)[0] == "nut"
    assert len(state.stack(0)) == 7 and state.step == "act"
    refused(state, "place Б3", "уже поставлено", "sylvan.turn")


def test_no_tile_on_a_treetop_or_above_six_levels():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "А1", "mushroom", treetop=True)
    tree(state, "Б1", "leaf", [(0, "nut"), (1, "nut"), (0, "nut"), (1, "nut"), (0, "mushroom")])
    tree(state, "Б3", "mushroom", [(0, "mushroom")])
    at_step(state, "place", card=MUSH_AXE)
    assert GAME.legal_actions(state) == ["place Б3"]
    refused(state, "place А1", "закрыто верхушкой", "sylvan.treetop")
    refused(state, "place Б1", "6 уровней", "sylvan.trees")


def test_no_playable_card_redraw_three_and_the_hand_stays_at_three():
    state = fresh()
    only_mushroom_open(state)
    hand(state, 0, [FLOWER_AXE, LEAF_HAMMER, NUT_TOP, FLOWER_HAMMER])
    old = list(state.players[0].hand)
    deck_top(state, [LEAF_BRIDGE, MUSH_AXE, NUT_DUAL])
    assert GAME.legal_actions(state) == ["redraw"]
    refused(state, "pass", "redraw", "sylvan.no-fit")
    events = GAME.apply(state, "сбросить руку")
    assert "уходит в сброс" in events[0].text and events[0].data["shown"] == old  # the hand is shown
    assert state.discard == old and [CARD_KEY[c] for c in state.players[0].hand] == [LEAF_BRIDGE, MUSH_AXE, NUT_DUAL]
    assert GAME.legal_actions(state) == [f"play {MUSH_AXE}"]
    refused(state, "redraw", "ни одна карта в ней не подходит", "sylvan.no-fit")
    refused(state, "pass", "Строить обязательно", "sylvan.place")
    GAME.apply(state, f"play {MUSH_AXE}")
    GAME.apply(state, "place Б3")
    if state.step == "flag":
        GAME.apply(state, "noflag")
    GAME.apply(state, "take deck")
    assert len(state.players[0].hand) == 3  # rulebook: 3 cards drawn, one played, one taken


def test_redraw_again_or_skip_the_build_when_still_nothing_fits():
    state = fresh()
    only_mushroom_open(state)
    hand(state, 0, [FLOWER_AXE, LEAF_HAMMER, NUT_TOP, FLOWER_HAMMER])
    deck_top(state, [LEAF_BRIDGE, FLOWER_AXE, NUT_DUAL])
    GAME.apply(state, "redraw")
    assert GAME.legal_actions(state) == ["redraw", "pass"]
    top = state.stack(0)[0]
    GAME.apply(state, "пропускаю")
    assert state.turn.skipped and state.boxed == [[0, top]] and len(state.stack(0)) == 7
    assert state.step == "act" and state.trees["Б3"].tiles == []
    refused(state, "place Б3", "стройка пропущена", "sylvan.no-fit")
    refused(state, "флаг", "ничего не построили", "sylvan.flags")


def test_a_board_with_no_open_tree_can_only_be_passed():
    state = fresh()
    clear_board(state, "leaf")
    for t in state.trees.values():
        t.treetop = True
    assert GAME.legal_actions(state) == ["pass"]
    refused(state, "redraw", "пропустите стройку", "sylvan.no-fit")


# --- flags -----------------------------------------------------------------------------------------------------


def placed(state, name, tile, card=MUSH_AXE, seat=0):
    top_tiles(state, seat, [tile])
    at_step(state, "place", seat=seat, card=card)
    return GAME.apply(state, f"place {name}")


def test_flag_when_the_tree_already_had_two_of_the_tile_style_with_the_base():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "mushroom")])
    placed(state, "Б3", "mushroom")
    assert state.step == "flag" and GAME.legal_actions(state) == ["flag", "noflag"]
    refused(state, "take deck", "Сначала решите с флагом", "sylvan.flags")
    refused(state, "set топор", "Сначала решите с флагом", "sylvan.flags")
    events = GAME.apply(state, "ставлю флаг")
    assert "5 очков" in events[0].text
    assert state.trees["Б3"].flags == [[0, 2]] and state.players[0].flags_left == 15
    assert state.players[0].fame[0]["flags"] == 5 and state.step == "act"


def test_no_flag_with_only_one_before_the_new_dwelling():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom")
    placed(state, "Б3", "mushroom")  # base + the new one: 2, but only 1 was there before
    assert state.step == "act"
    refused(state, "flag", "уже было 2 или больше грибных жилищ", "sylvan.flags")


def test_the_style_of_the_placed_dwelling_counts_not_the_card():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "flower"), (1, "nut"), (1, "flower")])  # flower on top
    placed(state, "Б3", "mushroom", card=FLOWER_AXE)  # flower card; 1 mushroom (the base) before
    assert state.step == "act"
    state2 = fresh()
    clear_board(state2, "leaf")
    tree(state2, "Б3", "nut", [(1, "flower"), (1, "nut"), (1, "flower")])
    placed(state2, "Б3", "nut", card=FLOWER_AXE)  # 2 nut dwellings before (base and one tile)
    assert state2.step == "flag"
    state3 = fresh()
    clear_board(state3, "leaf")
    tree(state3, "Б3", "flower", [(1, "flower"), (1, "flower")])
    placed(state3, "Б3", "nut", card=FLOWER_AXE)  # 3 flowers before, but the new dwelling is nut
    assert state3.step == "act"


def test_one_own_flag_per_tree_but_rival_flags_are_no_obstacle():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "mushroom")], flags=[(1, 1)])
    placed(state, "Б3", "mushroom")
    assert state.step == "flag"  # Борис's flag does not matter
    GAME.apply(state, "flag")
    assert sorted(map(tuple, state.trees["Б3"].flags)) == [(0, 2), (1, 1)]
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(0, "mushroom")], flags=[(0, 1)])
    placed(state, "Б3", "mushroom")
    assert state.step == "act"
    refused(state, "flag", "уже есть флаг на Б3", "sylvan.flag-limit")


def test_no_flag_without_flags_left_and_noflag_gives_nothing():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "mushroom")])
    state.players[0].flags_left = 0
    placed(state, "Б3", "mushroom")
    assert state.step == "act"
    refused(state, "flag", "Флаги кончились", "sylvan.supply")
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "mushroom")])
    placed(state, "Б3", "mushroom")
    GAME.apply(state, "без флага")
    assert state.step == "act" and state.trees["Б3"].flags == [] and state.players[0].total == 0
    refused(state, "flag", "теперь уже поздно", "sylvan.flags")


def test_flag_is_decided_at_build_time_not_before():
    state = fresh()
    refused(state, "flag", "сначала сыграйте карту и постройте", "sylvan.flags")


# --- sets of played cards -----------------------------------------------------------------------------------------


def test_three_cards_with_a_symbol_give_the_item_and_go_to_the_discard():
    state = fresh()
    cards = list(played(state, 0, [MUSH_AXE, FLOWER_AXE, key("nut", "axe")]))
    at_step(state, "act")
    assert "set топор" in GAME.legal_actions(state)
    events = GAME.apply(state, "набор топор")
    assert "топор" in events[0].text
    assert state.players[0].items["axe"] == 1 and state.supply["axe"] == 5
    assert state.players[0].played == [] and state.discard == cards


def test_a_set_needs_three_and_the_supply_must_have_the_item():
    state = fresh()
    played(state, 0, [MUSH_AXE, FLOWER_AXE])
    at_step(state, "act")
    refused(state, "set топор", "нужны 3 разыгранные карты", "sylvan.items")
    played(state, 0, [MUSH_AXE, FLOWER_AXE, key("nut", "axe")])
    state.supply["axe"] = 0
    assert "set топор" not in GAME.legal_actions(state)
    refused(state, "set топор", "В запасе не осталось топоров", "sylvan.supply")


def test_a_set_must_name_its_symbol_when_several_are_ready():
    state = fresh()
    played(state, 0, [MUSH_AXE, FLOWER_AXE, key("nut", "axe"), MUSH_BRIDGE, LEAF_BRIDGE, NUT_DUAL])
    at_step(state, "act")
    refused(state, "set", "Какой набор", "sylvan.items")
    assert GAME.parse(state, "набор топоров") == "set топор"


def test_redraw_and_pass_belong_to_the_start_of_the_turn():
    state = fresh()
    at_step(state, "act")
    refused(state, "redraw", "только в начале хода", "sylvan.no-fit")
    refused(state, "pass", "только в начале хода", "sylvan.no-fit")
    at_step(state, "place", card=MUSH_AXE)
    refused(state, "redraw", "только в начале хода", "sylvan.no-fit")
    refused(state, "axe Б3", "только после того, как поставлено жилище", "sylvan.item-timing")


def test_sets_are_claimed_after_building():
    state = fresh()
    played(state, 0, [MUSH_AXE, FLOWER_AXE, key("nut", "axe")])
    refused(state, "set топор", "после того, как поставлено жилище", "sylvan.items")


def test_a_two_symbol_card_counts_for_either_set_single_cards_first():
    state = fresh()
    dual = key("flower", "bridge", "treetop")
    played(state, 0, [MUSH_BRIDGE, LEAF_BRIDGE, dual, NUT_TOP, key("leaf", "treetop")])
    at_step(state, "act")
    legal = GAME.legal_actions(state)
    assert "set мост" in legal and "set верхушка" in legal
    GAME.apply(state, "set верхушка")  # uses the dual card with the two treetops
    assert [CARD_KEY[c] for c in state.players[0].played] == [MUSH_BRIDGE, LEAF_BRIDGE]
    state = fresh()
    played(state, 0, [MUSH_BRIDGE, dual, LEAF_BRIDGE, key("nut", "bridge")])
    at_step(state, "act")
    GAME.apply(state, "set мост")  # three single bridges: the dual card stays free
    assert [CARD_KEY[c] for c in state.players[0].played] == [dual]


def test_an_item_can_be_used_the_turn_it_is_gained():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "leaf", [(1, "nut")])
    played(state, 0, [MUSH_AXE, FLOWER_AXE, key("nut", "axe")])
    at_step(state, "act")
    GAME.apply(state, "set топор")
    assert "axe Б3" in GAME.legal_actions(state)
    GAME.apply(state, "топор б3")
    assert state.trees["Б3"].tiles == []


# --- special items ------------------------------------------------------------------------------------------------


def armed(item: str, players: int = 2):
    state = fresh(players)
    clear_board(state, "leaf")
    state.players[0].items[item] += 1
    state.supply[item] -= 1
    at_step(state, "act")
    return state


def test_items_only_after_building_and_only_if_held():
    state = fresh()
    state.players[0].items["axe"] = 1
    refused(state, "axe Б3", "только после того, как поставлено жилище", "sylvan.item-timing")
    at_step(state, "act")
    refused(state, "молоток б3 а3", "У вас нет молотка", "sylvan.items")


def test_one_item_per_turn():
    state = armed("axe")
    state.players[0].items["hammer"] = 1
    tree(state, "Б3", "leaf", [(1, "nut"), (0, "nut")])
    GAME.apply(state, "axe Б3")
    assert not any(a.split(" ")[0] in ("axe", "hammer", "bridge", "top") for a in GAME.legal_actions(state))
    refused(state, "hammer Б3 А3", "только один особый предмет", "sylvan.item-timing")


def test_axe_removes_the_top_dwelling_and_moves_flags_and_bridges_down():
    state = armed("axe")
    tree(state, "Б3", "nut", [(0, "nut"), (1, "nut")], flags=[(1, 2), (0, 1)])
    tree(state, "Б4", "leaf", [(1, "leaf")])
    from rules.sylvan.state import Bridge
    state.bridges = [Bridge("Б3", "Б4", 1, 2, 1)]
    GAME.apply(state, "axe Б3")
    t = state.trees["Б3"]
    assert t.tiles == [[0, "nut"]] and state.boxed == [[1, "nut"]]
    assert sorted(map(tuple, t.flags)) == [(0, 1), (1, 1)]  # the flag stays on the tree, a level lower
    assert (state.bridges[0].level_a, state.bridges[0].level_b) == (1, 1)
    assert state.supply["axe"] == 6 and state.players[0].items["axe"] == 0  # back to the supply


def test_axe_cannot_touch_a_treetop_tree_or_a_bare_base():
    state = armed("axe")
    tree(state, "Б3", "nut", [(1, "nut")], treetop=True)
    tree(state, "А3", "nut")
    refused(state, "axe Б3", "закрыто верхушкой", "sylvan.treetop")
    refused(state, "axe А3", "только основание", "sylvan.axe")
    refused(state, "axe Е7", "Дерева Е7 нет на поле", "sylvan.board")
    refused(state, "axe В2", "вдвоём отметки светлой поляны", "sylvan.players")


def test_hammer_moves_an_own_top_dwelling_to_another_tree_of_any_style():
    state = armed("hammer")
    tree(state, "Б3", "nut", [(1, "nut"), (0, "flower")], flags=[(0, 2)])
    tree(state, "А1", "mushroom", [(1, "leaf")])  # top style leaf: no match with the tile is needed
    GAME.apply(state, "hammer Б3 А1")
    assert state.trees["А1"].tiles == [[1, "leaf"], [0, "flower"]]
    assert state.trees["Б3"].tiles == [[1, "nut"]] and state.trees["Б3"].flags == [[0, 1]]
    assert state.supply["hammer"] == 6 and state.step == "act"


def test_hammer_refusals():
    state = armed("hammer")
    tree(state, "Б3", "nut", [(1, "nut")])
    tree(state, "Б4", "nut", [(0, "nut")])
    tree(state, "А1", "nut", treetop=True)
    tree(state, "А3", "nut", [(0, "nut")] * 5)
    tree(state, "Д1", "nut", [(0, "nut")], treetop=True)
    refused(state, "hammer Б3 Б4", "не ваше (Борис)", "sylvan.hammer")
    refused(state, "hammer Б4 Б4", "на другое дерево", "sylvan.hammer")
    refused(state, "hammer Б4 А1", "закрыто верхушкой", "sylvan.treetop")
    refused(state, "hammer Д1 Б4", "закрыто верхушкой", "sylvan.treetop")
    refused(state, "hammer Б4 А3", "6 уровней", "sylvan.trees")
    refused(state, "hammer Г4 Б4", "нет жилищ", "sylvan.hammer")
    refused(state, "hammer Б4", "Укажите два дерева", "sylvan.hammer")


def test_hammer_may_earn_a_flag():
    state = armed("hammer")
    tree(state, "Б3", "leaf", [(0, "mushroom")])
    tree(state, "А1", "mushroom", [(1, "mushroom")])
    GAME.apply(state, "hammer Б3 А1")
    assert state.step == "flag"
    GAME.apply(state, "flag")
    assert state.trees["А1"].flags == [[0, 2]] and state.players[0].fame[0]["flags"] == 5


def test_treetop_closes_a_tree_of_any_height_and_is_not_a_level():
    state = armed("treetop")
    tree(state, "Б3", "mushroom")
    supply = state.supply["treetop"]
    GAME.apply(state, "верхушка б3")
    t = state.trees["Б3"]
    assert t.treetop and t.height == 1 and state.supply["treetop"] == supply  # stays on the board
    at_step(state, "place", card=MUSH_AXE)
    assert "place Б3" not in GAME.legal_actions(state)
    state.players[0].items["treetop"] = 1
    at_step(state, "act")
    refused(state, "top Б3", "уже стоит верхушка", "sylvan.treetop")


def test_bridge_joins_orthogonal_neighbours_once_per_player_with_a_flag():
    state = armed("bridge")
    state.players[0].items["bridge"] = 2
    refused(state, "bridge Б3 А4", "по диагонали", "sylvan.bridge")
    refused(state, "bridge А1 Д1", "не соседи", "sylvan.bridge")
    refused(state, "bridge А1 А1", "два разных", "sylvan.bridge")
    from rules.sylvan.state import Bridge
    state.bridges = [Bridge("А3", "Б3", 1, 0, 0)]  # Борис's bridge is no obstacle
    GAME.apply(state, "мост б3 а3")  # any order: canonical is board order
    assert [(b.a, b.b, b.seat) for b in state.bridges] == [("А3", "Б3", 1), ("А3", "Б3", 0)]
    assert state.players[0].flags_left == 15 and state.players[0].fame[0]["flags"] == 0
    assert state.supply["bridge"] == 11  # the bridge stays on the board
    state.turn.item = None
    refused(state, "bridge А3 Б3", "уже есть мост между А3 и Б3", "sylvan.bridge")
    state.players[0].flags_left = 0
    refused(state, "bridge А1 Б1", "не осталось флагов", "sylvan.supply")


def test_bridge_without_advantage_gives_no_fame():
    state = armed("bridge")
    tree(state, "А3", "nut", [(1, "nut")])
    events = GAME.apply(state, "bridge А3 Б3")
    assert state.players[0].total == 0
    assert events[0].text == ("Аня строит мост А3 — Б3, но славы не получает: на А3 преимущество держит Борис, "
                              "а на Б3 жилищ нет.")


# --- taking a card -------------------------------------------------------------------------------------------------


def test_take_the_deck_top_or_a_face_up_card_which_is_refilled():
    state = fresh()
    at_step(state, "act")
    top = state.deck[-1]
    GAME.apply(state, "беру колоду")
    assert state.players[0].hand[-1] == top and state.current == 1 and state.step == "play"
    at_step(state, "act", seat=1)
    second, next_top = state.face_up[1], state.deck[-1]
    events = GAME.apply(state, "беру 2")
    assert state.players[1].hand[-1] == second and state.face_up[1] == next_top
    assert "открытую карту" in events[0].text and events[-1].kind == "turn"


def test_refresh_only_when_the_three_share_a_style_or_a_symbol():
    state = fresh()
    at_step(state, "act")
    face_up(state, [MUSH_AXE, FLOWER_HAMMER, NUT_TOP])
    refused(state, "refresh", "один стиль жилища или общий символ", "sylvan.refresh")
    face_up(state, [MUSH_AXE, key("mushroom", "hammer"), key("mushroom", "treetop")])
    assert "refresh" in GAME.legal_actions(state)
    face_up(state, [MUSH_BRIDGE, key("flower", "bridge", "treetop"), LEAF_BRIDGE])  # the bridge symbol
    old = list(state.face_up)
    GAME.apply(state, "обновить открытые")
    assert state.discard == old and all(c is not None and c not in old for c in state.face_up)
    assert state.step == "act" and state.current == 0  # still a card to take


def test_refresh_is_part_of_taking_a_card():
    state = fresh()
    face_up(state, [MUSH_AXE, key("mushroom", "hammer"), key("mushroom", "treetop")])
    refused(state, "refresh", "в конце хода", "sylvan.refresh")


def test_empty_deck_reshuffles_the_discard_and_without_cards_the_turn_just_ends():
    state = fresh()
    at_step(state, "act")
    state.discard, state.deck = state.deck[:5], state.deck[5:]
    moved = list(state.deck)
    state.deck = []
    state.players[1].played = moved  # keep the count: the cards lie in front of Борис
    GAME.apply(state, "take deck")
    assert len(state.deck) == 4 and state.discard == []
    at_step(state, "act", seat=1)
    state.players[1].played += state.deck
    state.deck = []
    refused(state, "take deck", "Колода и сброс пусты", "sylvan.deck")
    slot = state.face_up[0]
    GAME.apply(state, "take 1")
    assert state.face_up[0] is None and slot in state.players[1].hand
    at_step(state, "act")
    refused(state, "take 1", "Открытой карты на месте 1 сейчас нет", "sylvan.deck")
    refused(state, "end", "берёте карту", "sylvan.draw")
    state.players[0].played += [c for c in state.face_up if c is not None]
    state.face_up = [None, None, None]
    assert GAME.legal_actions(state) == ["end"]
    GAME.apply(state, "конец")
    assert state.current == 1 and state.face_up == [None, None, None]
    at_step(state, "act", seat=1)
    state.discard = state.players[1].played[-5:]
    del state.players[1].played[-5:]
    GAME.apply(state, "take deck")  # cards again: the empty places are filled at the end of the turn
    assert None not in state.face_up and len(state.deck) == 1 and state.discard == []


def test_take_refusals():
    state = fresh()
    refused(state, "take deck", "в конце хода", "sylvan.draw")
    at_step(state, "act")
    refused(state, "take 4", "Открытых карт три", "sylvan.draw")
    refused(state, "take", "Откуда брать", "sylvan.draw")


# --- rounds and the end -------------------------------------------------------------------------------------------


def finish_turn(state):
    """Play the current player's turn with the first legal choices, no items and no sets."""
    while True:
        legal = [a for a in GAME.legal_actions(state) if a.split(" ")[0] not in
                 ("set", "axe", "hammer", "bridge", "top", "refresh")]
        action = "noflag" if "noflag" in legal else legal[0]
        events = GAME.apply(state, action)
        if action.startswith("take") or action == "end":
            return events


def test_rounds_order_and_the_end():
    state = fresh(3)
    order = []
    for _ in range(24):
        order.append(state.current)
        finish_turn(state)
    assert order == [0, 1, 2] * 8
    assert state.round == 2 and state.direction == -1 and len(state.round_results) == 1
    assert all(len(p.stacks[0]) == 0 and len(p.stacks[1]) == 8 for p in state.players)
    # rulebook: the last player of round 1 starts round 2, then counter-clockwise
    order = []
    for _ in range(24):
        order.append(state.current)
        events = finish_turn(state)
    assert order == [2, 1, 0] * 8
    assert GAME.is_over(state) and state.current is None and GAME.legal_actions(state) == []
    assert events[-1].kind == "end" and len(state.round_results) == 2
    with pytest.raises(RuleError) as err:
        GAME.apply(state, "take deck")
    assert err.value.section == "sylvan.end"


def test_sets_and_items_carry_over_into_round_two():
    state = fresh(2)
    for _ in range(15):
        finish_turn(state)
    seat = state.current
    state.players[seat].items["axe"] = 1
    state.supply["axe"] -= 1
    row = list(state.players[seat].played)
    finish_turn(state)
    assert state.round == 2 and state.current == seat  # the same player begins round 2
    assert state.players[seat].items["axe"] == 1
    assert state.players[seat].played[:len(row)] == row


def test_round_scoring_adds_trees_and_regions_once_per_round():
    state = fresh(2)
    for _ in range(16):
        finish_turn(state)
    result = state.round_results[0]
    for seat, p in enumerate(state.players):
        assert p.fame[0]["trees"] == result["trees"][seat] and p.fame[0]["regions"] == result["regions"][seat]
        assert p.fame[1] == {"flags": 0, "bridges": 0, "trees": 0, "regions": 0}


# --- a skipped turn (our house rule for an absent player) ---------------------------------------------------------


def tally(state):
    """Check that all 80 cards are somewhere (deck, discard, face up, hands, played rows); return each seat's
    dwellings in its stacks, on trees and in the box (16 in a game played from the start)."""
    cards = state.deck + state.discard + [c for c in state.face_up if c is not None]
    cards += [c for p in state.players for c in p.hand + p.played]
    assert sorted(cards) == list(range(80))
    on_trees = Counter(s for t in state.trees.values() for s, _ in t.tiles)
    boxed = Counter(s for s, _ in state.boxed)
    return [len(p.stacks[0]) + len(p.stacks[1]) + on_trees[seat] + boxed[seat] for seat, p in enumerate(state.players)]


def built(state, seat=0):
    return [t.name for t in state.trees.values() for s, _ in t.tiles if s == seat]


def test_skip_at_play_boxes_the_top_dwelling_and_keeps_the_hand():
    state = fresh()
    hand_before, top, deck = list(state.players[0].hand), state.stack(0)[0], len(state.deck)
    dwellings = tally(state)
    assert dwellings == [16, 16]
    events = GAME.skip(state)
    assert events[0].text.startswith("Аня пропускает ход: карта не сыграна, верхнее")
    assert "в коробку" in events[0].text and events[-1].kind == "turn"
    assert state.players[0].hand == hand_before and len(state.deck) == deck  # nothing played, nothing taken
    assert len(state.stack(0)) == 7 and state.boxed == [[0, top]] and built(state) == []
    assert state.current == 1 and state.step == "play" and state.turns == 1
    assert tally(state) == dwellings


def test_skip_at_place_boxes_the_top_dwelling_and_replaces_the_played_card():
    state = fresh()
    GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.step == "place"
    card, top, deck = state.turn.card, state.stack(0)[0], len(state.deck)
    dwellings = tally(state)
    events = GAME.skip(state)
    assert events[0].text.startswith("Аня пропускает ход: жилище не построено, верхнее")
    assert events[1].text == "Аня берёт карту из колоды."
    assert len(state.players[0].hand) == 4 and len(state.deck) == deck - 1
    assert state.players[0].played == [card]  # the card stays played
    assert len(state.stack(0)) == 7 and state.boxed == [[0, top]] and built(state) == []
    assert state.current == 1 and state.step == "play"
    assert tally(state) == dwellings


def test_skip_at_flag_attaches_no_flag():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "mushroom")])
    top_tiles(state, 0, ["mushroom"])
    hand(state, 0, [MUSH_AXE, LEAF_HAMMER, LEAF_BRIDGE, FLOWER_AXE])
    GAME.apply(state, f"play {MUSH_AXE}")
    GAME.apply(state, "place Б3")
    assert state.step == "flag"
    dwellings = tally(state)
    events = GAME.skip(state)
    assert events[0].text == "Аня пропускает ход: флаг на Б3 не прикреплён."
    assert state.trees["Б3"].flags == [] and state.players[0].flags_left == 16
    assert state.players[0].fame[0]["flags"] == 0
    assert len(state.stack(0)) == 7 and state.boxed == [] and built(state) == ["Б3"]  # the build stands
    assert len(state.players[0].hand) == 4 and state.current == 1 and state.turn.flag_tree is None
    assert tally(state) == dwellings


def test_skip_at_act_does_nothing_more_and_takes_the_deck_top():
    state = fresh()
    played(state, 0, [MUSH_AXE, FLOWER_AXE, key("leaf", "axe")])  # a set of axes is ready
    GAME.apply(state, GAME.legal_actions(state)[0])
    GAME.apply(state, GAME.legal_actions(state)[0])
    if state.step == "flag":
        GAME.apply(state, "noflag")
    assert state.step == "act" and "set топор" in GAME.legal_actions(state)
    top = state.deck[-1]
    dwellings = tally(state)
    events = GAME.skip(state)
    assert events[0].text == "Аня пропускает ход: наборы и предметы в этот ход больше не используются."
    assert state.players[0].items["axe"] == 0 and len(state.players[0].played) == 4  # no set claimed
    assert top in state.players[0].hand and len(state.players[0].hand) == 4
    assert len(state.stack(0)) == 7 and state.boxed == [] and len(built(state)) == 1
    assert state.current == 1
    assert tally(state) == dwellings


def test_skip_after_a_pass_boxes_nothing_more_and_keeps_the_hand():
    state = fresh()
    only_mushroom_open(state)
    hand(state, 0, [FLOWER_AXE, LEAF_HAMMER, NUT_TOP, FLOWER_HAMMER])
    deck_top(state, [LEAF_BRIDGE, FLOWER_AXE, NUT_DUAL])
    GAME.apply(state, "redraw")
    GAME.apply(state, "pass")
    assert state.step == "act" and len(state.stack(0)) == 7
    kept, dwellings = list(state.players[0].hand), tally(state)
    GAME.skip(state)
    assert state.players[0].hand == kept and len(kept) == 3  # nothing was played: nothing is taken
    assert len(state.stack(0)) == 7 and len(state.boxed) == 1 and state.current == 1
    assert tally(state) == dwellings


def test_skip_after_a_redraw_at_play_boxes_the_dwelling_and_keeps_the_three_cards():
    state = fresh()
    only_mushroom_open(state)
    hand(state, 0, [FLOWER_AXE, LEAF_HAMMER, NUT_TOP, FLOWER_HAMMER])
    deck_top(state, [MUSH_AXE, FLOWER_AXE, NUT_DUAL])
    GAME.apply(state, "redraw")
    assert state.step == "play" and len(state.players[0].hand) == 3
    GAME.skip(state)
    assert len(state.players[0].hand) == 3 and len(state.stack(0)) == 7 and len(state.boxed) == 1


def test_skip_with_no_card_left_to_take_just_ends_the_turn():
    state = fresh()
    GAME.apply(state, GAME.legal_actions(state)[0])
    state.players[1].played = state.deck + state.discard  # keep the count: the cards lie in front of Борис
    state.deck, state.discard = [], []
    dwellings = tally(state)
    events = GAME.skip(state)
    assert len(state.players[0].hand) == 3 and state.current == 1
    assert not any("берёт карту" in e.text for e in events)
    assert tally(state) == dwellings


def test_a_seat_skipped_every_turn_still_lets_the_game_end():
    state = fresh(3, seed=4)
    kept = list(state.players[1].hand)
    for _ in range(2000):
        if GAME.is_over(state):
            break
        if GAME.current_seat(state) == 1:
            GAME.skip(state)  # Борис is away: skipped at the start of every turn
        else:
            GAME.apply(state, GAME.autopilot(state))
    assert GAME.is_over(state) and len(state.round_results) == 2 and GAME.winners(state)
    assert built(state, 1) == [] and sum(1 for s, _ in state.boxed if s == 1) == 16
    assert state.players[1].hand == kept and state.players[1].played == []
    assert tally(state) == [16, 16, 16]
    with pytest.raises(RuleError) as err:
        GAME.skip(state)
    assert err.value.section == "sylvan.end"


def test_skips_at_every_step_keep_the_game_consistent_and_replay_from_the_seed():
    first = fresh(2, seed=9)
    log, steps = [], set()
    while not GAME.is_over(first):
        if len(log) % 5 == 3:
            seat, step, stack, turns = first.current, first.step, first.stack(first.current), first.turns
            size, tiles = len(stack), sum(len(t.tiles) for t in first.trees.values())
            steps.add(step)
            GAME.skip(first)
            log.append(None)
            assert len(stack) == size - (step in ("play", "place"))  # the top dwelling boxed when none was built
            assert sum(len(t.tiles) for t in first.trees.values()) == tiles  # nothing built
            assert len(first.players[seat].hand) <= 4 and first.turns == turns + 1
            assert first.step in ("play", "over") and first.turn.card is None  # the next turn (or the end)
            assert tally(first) == [16, 16]
        else:
            action = GAME.autopilot(first)
            GAME.apply(first, action)
            log.append(action)
    assert {"play", "place", "act"} <= steps
    again = fresh(2, seed=9)
    for action in log:
        GAME.skip(again) if action is None else GAME.apply(again, action)
    assert GAME.dump(again) == GAME.dump(first)

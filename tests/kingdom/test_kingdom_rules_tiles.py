"""Location tiles: taking them, when they may be used, the eight actions with their targets and refusals,
and losing a tile by moving the last settlement away."""

from __future__ import annotations

import pytest
from kb_positions import fresh, give, h, owners_of, put, refused, texts, turn

from rules.kingdom import GAME
from rules.protocol import RuleError


def actions(state, kind: str) -> list[str]:
    return [a for a in GAME.legal_actions(state) if a.startswith(kind + " ")]


def after(state, seat: int = 0, card: str = "G"):
    """`seat`'s turn with the mandatory builds done."""
    return turn(state, seat, card, builds=0, phase="after")


# --- taking tiles --------------------------------------------------------------------------------------------


def test_building_next_to_a_location_gives_one_of_its_tiles_face_down():
    state = turn(fresh(), 0, "B")
    events = GAME.apply(state, "build G4")  # next to the oracle on H4
    assert texts(events) == ["Аня строит поселение на G4.", "Аня получает жетон «Оракул» с H4."]
    assert state.tiles_left[h("H4")] == 1
    view = GAME.view(state)
    assert view["players"][0]["tiles"] == [{"type": "oracle", "title": "Оракул", "from": "H4", "state": "new"}]
    assert [loc["tiles"] for loc in view["locations"] if loc["hex"] == "H4"] == [1]


def test_one_tile_per_location_hex_and_player_the_second_goes_to_another_player():
    state = turn(fresh(3), 0, "B")
    GAME.apply(state, "build G4")
    GAME.apply(state, "build H5")  # next to H4 again: no second tile from the same location
    assert len(state.players[0].tiles) == 1 and state.tiles_left[h("H4")] == 1
    turn(state, 1, "G")
    assert "Борис получает жетон «Оракул» с H4." in texts(GAME.apply(state, "build H3"))
    turn(state, 2, "G")
    assert texts(GAME.apply(state, "build I3")) == ["Вера строит поселение на I3."]  # none left
    assert state.tiles_left[h("H4")] == 0 and state.players[2].tiles == []


def test_two_tiles_of_a_kind_come_from_two_different_location_hexes():
    state = turn(fresh(), 0, "G")
    give(state, 0, "M6")
    events = GAME.apply(state, "build S2")  # next to the farm on R2
    assert "Аня получает жетон «Ферма» с R2." in texts(events)
    assert [(t.type, t.state) for t in state.players[0].tiles] == [("farm", "usable"), ("farm", "new")]


def test_a_refusal_gives_every_reason_a_new_tile_between_the_three_builds():
    state = turn(fresh(), 0, "B")
    GAME.apply(state, "build G4")  # next to the oracle on H4: the tile is new, and two builds are owed
    error = refused(state, "oracle H5", "kingdom.extra-actions", "Посреди обязательных построек",
                    "ещё 2 поселения")
    assert "Кроме того, жетон «Оракул» получен в этом ходу и действует только со следующего хода, даже после "\
           "трёх обязательных поселений." in error.message


def test_a_refusal_gives_every_reason_a_used_tile_and_a_wrong_hex():
    state = after(put(fresh(), 0, "A1"), 0, "G")
    give(state, 0, "M6", "used")  # a farm used this turn
    error = refused(state, "farm E1", "kingdom.extra-actions", "уже использован в этом ходу")
    assert "Кроме того, «Ферма» строит только на равнине, а E1 — лес (тёмно-зелёный)." in error.message


def test_a_refusal_gives_every_reason_an_occupied_hex_of_another_terrain():
    state = turn(put(fresh(), 1, "D1"), 0, "G")
    error = refused(state, "build D1", "kingdom.building", "D1 уже занят")
    assert "Кроме того, ваша карта — равнина (светло-зелёная), а D1 — лес (тёмно-зелёный)." in error.message


def test_a_new_tile_works_only_from_the_next_turn():
    state = turn(fresh(), 0, "B")
    give(state, 0, "M6")  # a farm, usable
    GAME.apply(state, "farm H3")  # the farm builds next to the oracle: the oracle tile is new
    assert [t.state for t in state.players[0].tiles] == ["used", "new"]
    assert not actions(state, "oracle")
    refused(state, "oracle G4", "kingdom.location-tiles", "Жетон «Оракул» получен в этом ходу",
            "со следующего хода")
    for hex_ in ("G4", "H5", "G5"):
        GAME.apply(state, f"build {hex_}")
    assert state.current == 1  # nothing usable left: the turn ended; tiles turn face up
    assert [t.state for t in state.players[0].tiles] == ["usable", "usable"]
    after(state, 0, "B")
    assert actions(state, "oracle")


def test_tiles_before_or_after_the_three_but_not_between_them():
    state = turn(put(fresh(), 0, "A1"), 0, "G")
    give(state, 0, "H4")  # an oracle
    assert actions(state, "oracle") == ["oracle B1", "oracle A2"]  # before the three
    GAME.apply(state, "build B1")
    assert not actions(state, "oracle") and state.phase == "building"
    assert GAME.view(state)["phase"] == "building"
    refused(state, "oracle A2", "kingdom.extra-actions", "Посреди обязательных построек", "ещё 2 поселения")
    GAME.apply(state, "build A2")
    GAME.apply(state, "build C1")
    assert state.phase == "after" and actions(state, "oracle")  # after the three
    GAME.apply(state, "oracle B2")
    assert state.current == 1


def test_a_tile_once_per_turn_two_tiles_of_a_kind_twice():
    state = after(put(fresh(), 0, "A1"))
    give(state, 0, "M6")
    give(state, 0, "S13")  # a paddock keeps the turn open
    GAME.apply(state, "farm A2")
    refused(state, "farm B1", "kingdom.extra-actions", "Жетон «Ферма» уже использован в этом ходу")
    state = after(put(fresh(), 0, "A1"))
    give(state, 0, "M6")
    give(state, 0, "R2")
    GAME.apply(state, "farm A2")
    assert state.current == 0 and actions(state, "farm")
    GAME.apply(state, "farm B1")
    assert state.current == 1  # both used, nothing left: the turn ended and both turned face up
    assert [t.state for t in state.players[0].tiles] == ["usable", "usable"]


def test_the_russian_box_s_reading_one_action_per_kind_a_turn():
    state = after(put(fresh(), 0, "A1"))
    state.one_per_kind = True
    give(state, 0, "M6")
    give(state, 0, "R2")
    give(state, 0, "S13")  # a paddock keeps the turn open
    GAME.apply(state, "farm A2")
    assert state.current == 0 and not actions(state, "farm") and actions(state, "paddock")
    refused(state, "farm B1", "kingdom.extra-actions", "За этим столом играют по русской коробке",
            "действие «Ферма» — раз за ход")
    assert [t.state for t in state.players[0].tiles if t.type == "farm"] == ["used", "usable"]
    GAME.apply(state, "end")
    turn(state, 0, "G", builds=0, phase="after")  # the next turn: each farm may act again, one of them
    assert actions(state, "farm")


def test_the_box_s_reading_is_an_option_of_the_game_kept_through_dump_and_replay():
    state = GAME.new(["Аня", "Борис"], seed=4, options={"one_per_kind": True})
    assert state.one_per_kind and GAME.options(state) == {"one_per_kind": True}
    again = GAME.load(GAME.dump(state))
    assert again.one_per_kind and GAME.dump(again) == GAME.dump(state)
    plain = GAME.new(["Аня", "Борис"], seed=4)
    assert GAME.options(plain) == {} and "one_per_kind" not in GAME.dump(plain)  # old dumps look as they did
    assert "по русской коробке" in GAME.rule_notes(state)["kingdom.extra-actions"]
    assert "два действия" in GAME.rule_notes(plain)["kingdom.extra-actions"]


def test_a_tile_one_does_not_have():
    state = after(put(fresh(), 0, "A1"))
    give(state, 0, "M6")
    refused(state, "oracle A2", "kingdom.location-tiles", "У вас нет жетона «Оракул»")
    refused(state, "гавань A1 A9", "kingdom.location-tiles", "У вас нет жетона «Гавань»")


def test_a_building_tile_needs_a_settlement_in_supply():
    state = after(put(fresh(), 0, "A1"))
    give(state, 0, "M6")
    give(state, 0, "S13")  # a paddock keeps the turn open
    state.players[0].settlements = 0
    state.touch()
    assert not actions(state, "farm") and actions(state, "paddock")
    refused(state, "farm A2", "kingdom.extra-actions", "В запасе не осталось поселений")


# --- the eight actions -------------------------------------------------------------------------------------


def test_oracle_builds_on_the_card_terrain_next_to_own_when_possible():
    state = after(put(fresh(), 0, "A1"), card="G")
    give(state, 0, "H4")
    assert actions(state, "oracle") == ["oracle B1", "oracle A2"]
    refused(state, "oracle C1", "kingdom.adjacency", "C1 не рядом с вашими поселениями", "например B1")
    refused(state, "oracle D1", "kingdom.oracle", "«Оракул» строит только на местности вашей карты — равнина",
            "D1 — лес (тёмно-зелёный)")
    events = GAME.apply(state, "oracle A2")
    assert texts(events)[0] == "Аня строит поселение на A2 (жетон «Оракул»)."
    assert state.players[0].settlements == 38


def test_oracle_and_barn_are_not_offered_without_a_free_hex_of_the_card():
    state = after(put(fresh(), 0, "A1"), card="G")
    give(state, 0, "H4")
    give(state, 0, "S13")  # a paddock keeps the turn open
    for i in state.layout.by_letter["G"]:
        if state.owners[i] is None:
            state.owners[i] = 1
    state.touch()
    assert not actions(state, "oracle")
    refused(state, "oracle B1", "kingdom.building", "B1 уже занят")


def test_farm_and_oasis():
    state = after(put(fresh(), 0, "D1"), card="F")
    give(state, 0, "M6")
    assert actions(state, "farm") == ["farm C1", "farm C2"]  # grass next to D1, whatever the card
    refused(state, "farm E1", "kingdom.farm", "«Ферма» строит только на равнине, а E1 — лес (тёмно-зелёный)")
    state = after(put(fresh(), 0, "A1"), card="F")
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "oasis"  # an oasis tile (this board has no oasis sector)
    state.touch()
    assert len(actions(state, "oasis")) == len(state.layout.by_letter["D"])  # no desert next to A1
    refused(state, "oasis B1", "kingdom.oasis", "«Оазис» строит только в пустыне, а B1 — равнина (светло-зелёная)")
    GAME.apply(state, "оазис K1")
    assert state.owners[h("K1")] == 0


def test_tower_builds_on_the_outer_edge_next_to_own_among_edge_hexes():
    state = after(put(fresh(), 0, "B2"))
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "tower"
    state.touch()
    assert actions(state, "tower") == ["tower B1", "tower C1", "tower A2"]
    refused(state, "tower C3", "kingdom.tower", "C3 не на краю поля")
    refused(state, "tower T20", "kingdom.tower", "T20 не рядом с вашими поселениями", "например B1")
    refused(state, "tower F1", "kingdom.terrain", "F1 — вода")
    state = after(put(fresh(), 0, "K10"))  # not next to the edge: any buildable edge hex
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "tower"
    state.touch()
    edge = [a[6:] for a in actions(state, "tower")]
    assert len(edge) == len(state.layout.edge_buildable) and "A1" in edge and "T20" in edge
    assert all(x[0] in "AT" or x[1:] in ("1", "20") for x in edge)


def test_tavern_extends_a_line_of_three_at_either_end_on_any_axis():
    state = after(put(fresh(), 0, "A1", "B1"))
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "tavern"
    give(state, 0, "S13")  # a paddock keeps the turn open
    state.touch()
    assert not actions(state, "tavern")  # two in a row are not enough
    refused(state, "tavern C1", "kingdom.tavern", "C1 не продолжает прямую линию", "Такой линии у вас пока нет")
    put(state, 0, "C1")
    assert actions(state, "tavern") == ["tavern D1"]  # the west end is off the board
    refused(state, "tavern A2", "kingdom.tavern", "A2 не продолжает прямую линию", "например, D1")
    state = after(put(fresh(), 0, "A1", "A2", "B3"))  # a line going south-east
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "tavern"
    state.touch()
    assert actions(state, "tavern") == ["tavern B4"]
    state = after(put(fresh(), 0, "D1", "E1", "F3"))  # not a straight line
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "tavern"
    give(state, 0, "S13")
    state.touch()
    assert not actions(state, "tavern")
    put(state, 0, "E5", "E7")
    state.touch()
    assert actions(state, "tavern") == []  # E1-E5-... is not one line either


def test_tavern_at_both_ends_and_a_longer_line():
    state = after(put(fresh(), 0, "B1", "C1", "D1", "E1"))
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "tavern"
    state.touch()
    assert actions(state, "tavern") == ["tavern A1"]  # F1 is water
    put(state, 1, "A1")
    assert not actions(state, "tavern")


def test_barn_moves_to_the_card_terrain_next_to_the_other_settlements():
    state = after(put(fresh(), 0, "A1", "H2"), card="G")
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "barn"
    state.touch()
    moves = actions(state, "barn")
    # moving A1: grass next to H2 only (B1 and A2 touch just A1 itself)
    assert [m for m in moves if m.startswith("barn A1 ")] == ["barn A1 G2", "barn A1 H3", "barn A1 I3"]
    # moving H2: grass next to A1 only
    assert [m for m in moves if m.startswith("barn H2 ")] == ["barn H2 B1", "barn H2 A2"]
    refused(state, "barn A1 B1", "kingdom.adjacency", "B1 не рядом с другими вашими поселениями", "например G2",
            "без переставляемого поселения")
    refused(state, "barn H2 G2", "kingdom.adjacency", "например B1")
    refused(state, "barn A1 D1", "kingdom.barn", "только на местность вашей карты — равнина", "D1 — лес")
    refused(state, "barn A1 F1", "kingdom.terrain", "F1 — вода")
    refused(state, "barn B1 C1", "kingdom.barn", "На B1 нет поселения")
    refused(state, "barn A1 A1", "kingdom.barn", "и так стоит на A1")
    events = GAME.apply(state, "амбар а1 г2".replace("г", "g"))
    assert texts(events)[0] == "Аня переставляет поселение с A1 на G2 (жетон «Амбар»)."
    assert owners_of(state, 0) == ["G2", "H2"] and state.players[0].settlements == 38


def test_barn_alone_moves_anywhere_on_the_card_terrain():
    state = after(put(fresh(), 0, "A1"), card="G")
    give(state, 0, "M6")
    state.players[0].tiles[0].type = "barn"
    state.touch()
    assert len(actions(state, "barn")) == 62 - 1


def test_harbor_moves_onto_water_the_only_way_there():
    state = after(put(fresh(), 0, "A1", "E1"))
    give(state, 0, "G18")
    assert [m for m in actions(state, "harbor") if m.startswith("harbor A1 ")] == ["harbor A1 F1"]
    assert len([m for m in actions(state, "harbor") if m.startswith("harbor E1 ")]) == 74  # any water
    refused(state, "harbor A1 A9", "kingdom.adjacency", "например F1")
    refused(state, "harbor A1 B1", "kingdom.harbor", "«Гавань» переставляет поселение только на воду",
            "B1 — равнина (светло-зелёная)")
    refused(state, "harbor C1 F1", "kingdom.harbor", "На C1 нет поселения")
    put(state, 1, "C1")
    refused(state, "harbor C1 F1", "kingdom.harbor", "На C1 поселение игрока Борис")
    GAME.apply(state, "гавань A1 F1")
    assert state.owners[h("F1")] == 0 and state.owners[h("A1")] is None


def test_paddock_exactly_two_hexes_in_a_straight_line_jumping_anything():
    state = after(put(fresh(), 0, "H3"))
    give(state, 0, "S13")
    put(state, 1, "I3")
    assert actions(state, "paddock") == ["paddock H3 G1", "paddock H3 I1", "paddock H3 F3", "paddock H3 J3",
                                         "paddock H3 G5"]  # over water (G3) and Борис (I3); I5 is water
    refused(state, "paddock H3 I5", "kingdom.paddock", "I5 — вода (синяя)", "только на свободную равнину, луг")
    refused(state, "paddock H3 H5", "kingdom.paddock", "ровно на 2 гекса по прямой", "Из H3 можно на G1, I1")
    refused(state, "paddock H3 H4", "kingdom.paddock", "ровно на 2 гекса",
            "Кроме того, H4 — локация: «Пастбище» ставит поселение только на свободную равнину")  # every reason
    error = refused(state, "paddock I3 I5", "kingdom.paddock", "На I3 поселение игрока Борис",
                    "Кроме того, «Пастбище» передвигает", "К тому же I5 — вода (синяя): «Пастбище» ставит")
    assert error.message.count("Кроме того") == 1  # three reasons, each joined its own way
    GAME.apply(state, "пастбище H3 J3")
    assert state.owners[h("J3")] == 0


def test_paddock_jumps_over_mountains_and_own_settlements():
    state = after(put(fresh(), 0, "A5", "A7"))
    give(state, 0, "S13")
    moves = actions(state, "paddock")
    assert "paddock A5 B7" in moves  # over the mountain on A6
    state = after(put(fresh(), 0, "H3", "G2"))
    give(state, 0, "S13")
    assert "paddock H3 G1" in actions(state, "paddock")  # over the own settlement on G2


def test_farm_needs_a_free_grass_hex():
    state = after(put(fresh(), 0, "D1"), card="F")
    give(state, 0, "M6")
    give(state, 0, "S13")  # a paddock keeps the turn open
    for i in state.layout.by_letter["G"]:
        if state.owners[i] is None:
            state.owners[i] = 1
    state.touch()
    assert not actions(state, "farm")
    refused(state, "farm E1", "kingdom.farm", "Свободных гексов местности «равнина (светло-зелёная)» не осталось")
    refused(state, "farm C1", "kingdom.building", "C1 уже занят")


def test_paddock_ignores_the_adjacency_rule_and_needs_a_buildable_target():
    state = after(put(fresh(), 0, "A1", "B2", "T20"))
    give(state, 0, "S13")
    moves = actions(state, "paddock")
    assert "paddock A1 C1" in moves and "paddock T20 R20" in moves and "paddock T20 S18" in moves
    refused(state, "paddock B2 D2", "kingdom.paddock", "D2 — замок")
    put(state, 1, "C1")
    refused(state, "paddock A1 C1", "kingdom.building", "C1 уже занят")


# --- losing tiles ------------------------------------------------------------------------------------------


def test_moving_the_last_settlement_away_loses_the_tile_for_good():
    state = after(put(fresh(), 0, "G4"), card="B")
    give(state, 0, "H4", "used")  # even a tile used this turn is lost
    give(state, 0, "S13")
    events = GAME.apply(state, "paddock G4 E4")
    assert "Аня уводит последнее поселение от локации H4 и теряет её жетон «Оракул»." in texts(events)
    assert [t.type for t in state.players[0].tiles] == ["paddock"]
    assert [(t.type, t.origin) for t in state.lost] == [("oracle", h("H4"))]
    assert state.tiles_left[h("H4")] == 1  # not returned to the board
    # and never taken again from that hex
    turn(state, 0, "B")
    assert texts(GAME.apply(state, "build G5")) == ["Аня строит поселение на G5."]
    assert [t.type for t in state.players[0].tiles] == ["paddock"]


def test_no_loss_while_another_settlement_stays_next_to_the_location():
    state = after(put(fresh(), 0, "G4", "H3"), card="B")
    give(state, 0, "H4")
    give(state, 0, "S13")
    GAME.apply(state, "paddock G4 E4")
    assert sorted(t.type for t in state.players[0].tiles) == ["oracle", "paddock"] and state.lost == []


def test_the_moving_tile_itself_can_be_given_back_the_other_of_a_pair_stays_usable():
    state = after(put(fresh(), 0, "R14", "A1"), card="B")  # R14 is next to the paddock on S13
    give(state, 0, "S13")
    give(state, 0, "L17")
    GAME.apply(state, "paddock R14 Q16")
    # official FAQ: the player picks which of the two goes back, the one just used included
    assert GAME.legal_actions(state) == ["discard paddock used", "discard paddock usable"]
    GAME.apply(state, "discard paddock used")
    tiles = state.players[0].tiles
    assert [(t.origin, t.state) for t in tiles] == [(h("L17"), "usable")]  # the lost one did the move
    assert actions(state, "paddock")
    GAME.apply(state, "paddock A1 C1")
    assert state.current == 1


def test_moving_next_to_a_location_takes_a_tile():
    state = after(put(fresh(), 0, "E4"), card="B")
    give(state, 0, "S13")
    give(state, 0, "M6")  # a farm keeps the turn open
    events = GAME.apply(state, "paddock E4 G4")
    assert "Аня получает жетон «Оракул» с H4." in texts(events)
    assert [(t.type, t.state) for t in state.players[0].tiles] == [("paddock", "used"), ("farm", "usable"),
                                                                   ("oracle", "new")]
    assert GAME.view(state)["last_turn"] == ["G4"]


# --- two tiles of one kind: which one goes back (official FAQ) -------------------------------------------------


def two_farms(first: str = "usable", second: str = "used"):
    """Аня next to both farms (M5 by M6, S2 by R2), M6's farm `first`, R2's farm `second`, a paddock ready."""
    state = after(put(fresh(), 0, "M5", "S2"), 0, "G")
    give(state, 0, "M6", first)
    give(state, 0, "R2", second)
    give(state, 0, "S13")  # a paddock
    return state


def test_moving_away_from_one_of_two_farms_asks_which_farm_goes_back():
    state = two_farms()
    events = GAME.apply(state, "paddock M5 K5")
    assert texts(events)[-1] == ("Аня уводит последнее поселение от локации M6: надо вернуть один из двух жетонов "
                                 "«Ферма» — несыгранный или сыгранный в этом ходу.")
    assert state.current == 0 and GAME.legal_actions(state) == ["discard farm used", "discard farm usable"]
    assert [GAME.label(state, a) for a in GAME.legal_actions(state)] == ["📤 Отдать сыгранный", "📤 Отдать несыгранный"]
    assert GAME.command(state, "discard farm used") == "/discard сыгранный"
    view = GAME.view(state)
    assert view["choosing"] == "какой жетон «Ферма» вернуть" and view["returning"] == "Ферма"
    assert GAME.parse(state, "/discard сыгранный") == "discard farm used"
    assert GAME.parse(state, "отдаю несыгранную ферму пожалуйста") == "discard farm usable"
    refused(state, "end", "kingdom.lose-tile", "Сначала решите, какой из двух жетонов «Ферма» вернуть",
            "«/discard сыгранный» или «/discard несыгранный»")
    assert GAME.load(GAME.dump(state)).pending == [h("M6")] and GAME.load(GAME.dump(state)) == state
    events = GAME.apply(state, "discard farm used")
    assert texts(events) == ["Аня возвращает сыгранный в этом ходу жетон «Ферма»: он выбывает из игры."]
    # the farm kept can still act this turn, and now stands for R2, where Аня still is
    assert [(t.type, t.origin, t.state) for t in state.players[0].tiles if t.type == "farm"] == [
        ("farm", h("R2"), "usable")]
    assert actions(state, "farm") and [t.type for t in state.lost] == ["farm"]


def test_giving_back_the_unused_farm_keeps_the_used_one():
    state = two_farms()
    GAME.apply(state, "paddock M5 K5")
    GAME.apply(state, "/discard несыгранный")
    # the used farm is kept: nothing is left to do, and the turn ends by itself
    assert [t.origin for t in state.players[0].tiles if t.type == "farm"] == [h("R2")] and state.current == 1


def test_no_question_when_both_tiles_are_alike():
    state = two_farms("usable", "usable")
    events = GAME.apply(state, "paddock M5 K5")
    assert "Аня уводит последнее поселение от локации M6 и теряет её жетон «Ферма»." in texts(events)
    assert not state.pending and not any(a.startswith("discard ") for a in GAME.legal_actions(state))
    refused(state, "/discard сыгранный", "kingdom.lose-tile", "Возвращать жетон сейчас не нужно")


def test_a_skipped_turn_settles_an_open_choice():
    state = two_farms()
    GAME.apply(state, "paddock M5 K5")
    GAME.skip(state)
    assert not state.pending and [t.type for t in state.players[0].tiles].count("farm") == 1
    assert state.current == 1


def test_the_autopilot_gives_back_the_tile_that_is_out_for_this_turn():
    state = two_farms()
    GAME.apply(state, "paddock M5 K5")
    assert GAME.autopilot(state) == "discard farm used" and not GAME.reveals(state, "discard farm used")


def test_the_reference_explains_why_two_tiles_of_a_kind_act_twice():
    from pathlib import Path

    import rules.kingdom

    text = (Path(rules.kingdom.__file__).parent / "reference.md").read_text(encoding="utf-8")
    section = text[text.index("{#kingdom.extra-actions}"):text.index("{#kingdom.location-tiles}")]
    assert "русская коробка" in section and "это два действия" in section  # both readings
    assert "/settings жетоны коробка" in section
    lose = text[text.index("{#kingdom.lose-tile}"):text.index("{#kingdom.oracle}")]
    assert "вы сами выбираете, какой из них вернуть" in lose and "/discard сыгранный" in lose
    no_terrain = text[text.index("{#kingdom.no-terrain}"):text.index("{#kingdom.extra-actions}")]
    assert "То же и посреди тройки" in no_terrain and "просто не ставятся" not in no_terrain


def test_an_old_log_without_the_choice_still_replays():
    """Before players were asked, the engine gave back the abandoned location's tile and went on: a stored log
    goes straight from the move to the next action, and `apply` (what the undo replay calls) accepts it."""
    state = two_farms()
    assert "pending" not in GAME.dump(state)  # dumps look as before unless a choice is open
    GAME.apply(state, "paddock M5 K5")
    old = GAME.load(GAME.dump(state))
    old.pending = []  # as the old engine left it: M6's farm lost, the turn over (nothing else to do)
    old.players[0].tiles = [t for t in old.players[0].tiles if t.origin != h("M6")]
    from rules.kingdom.engine import settle
    settle(old)
    assert old.current == 1
    following = GAME.legal_actions(old)[0]
    with pytest.raises(RuleError):
        GAME.parse(state, following)  # a player is asked first
    events = GAME.apply(state, following)
    assert "Аня уводит последнее поселение от локации M6 и теряет её жетон «Ферма»." in texts(events)
    assert state.current == 1 and [t.origin for t in state.players[0].tiles] == [h("R2"), h("S13")]

"""Setup, the mandatory three settlements and the building rules, the terrain deck, turn passing and the end
of the game, each rule with its refusal text and section."""

from __future__ import annotations

from collections import Counter

import pytest
from kb_positions import SECTORS, fresh, give, h, owners_of, put, refused, texts, turn

from rules.kingdom import GAME
from rules.kingdom.board import SECTORS as ALL_SECTORS
from rules.kingdom.data import CARD_ORDER
from rules.protocol import RuleError

# --- setup ------------------------------------------------------------------------------------------------


def all_cards(state) -> Counter:
    return Counter(state.deck) + Counter(state.discard) + Counter(p.card for p in state.players if p.card)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_follows_the_rulebook(players):
    state = GAME.new(["Аня", "Борис", "Вера", "Глеб"][:players], seed=11)
    assert len(state.sectors) == 4 and len({s for s, _ in state.sectors}) == 4
    assert all(s in ALL_SECTORS for s, _ in state.sectors)
    assert len(state.cards) == 3 and len(set(state.cards)) == 3 and set(state.cards) <= set(CARD_ORDER)
    assert all(n == 2 for n in state.tiles_left.values()) and set(state.tiles_left) == set(state.layout.locations)
    assert all(p.settlements == 40 and p.tiles == [] for p in state.players)
    assert all(p.card in "GSDBF" for p in state.players)  # one secret terrain card each
    assert all_cards(state) == Counter({t: 5 for t in "GSDBF"})
    assert state.current == state.first and state.phase == "start" and state.builds_left == 3
    assert all(o is None for o in state.owners)


def test_setup_is_drawn_by_lot_from_the_seed():
    states = [GAME.new(["Аня", "Борис", "Вера"], seed=s) for s in range(40)]
    assert len({tuple(s.sectors) for s in states}) > 30
    assert {t for s in states for _, t in s.sectors} == {True, False}  # turned by 180 degrees half the time
    assert {s.first for s in states} == {0, 1, 2}
    assert len({tuple(s.cards) for s in states}) > 30
    again = GAME.new(["Аня", "Борис", "Вера"], seed=7)
    assert GAME.dump(again) == GAME.dump(GAME.new(["Аня", "Борис", "Вера"], seed=7))


def test_options_fix_sectors_cards_and_first_player():
    state = fresh(3, first=2, cards=["knights", "hermits", "citizens"])
    assert state.sectors == SECTORS and state.cards == ["knights", "hermits", "citizens"] and state.current == 2
    with pytest.raises(ValueError):
        fresh(cards=["knights", "knights", "citizens"])
    with pytest.raises(ValueError):
        fresh(sectors=[("oracle", False)] * 4)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(RuleError) as info:
        GAME.new(["Аня", "Борис", "Вера", "Глеб", "Дина"][:players], seed=1)
    assert info.value.section == "kingdom.players" and "от 2 до 4" in info.value.message


def test_game_object_attributes():
    assert (GAME.name, GAME.title, GAME.min_players, GAME.max_players) == ("kingdom", "Kingdom Builder", 2, 4)
    assert GAME.secret_button == "🂠 Моя карта" and GAME.secret_score_parts == ()
    assert GAME.score_names["castles"] == "замки" and GAME.score_names["lords"] == "лорды"
    assert set(GAME.score_names) == set(CARD_ORDER) | {"castles"}
    assert [c for c, _ in GAME.commands] == ["build", "oracle", "farm", "oasis", "tower", "tavern", "barn", "harbor",
                                             "paddock", "discard", "end"]
    assert dict(GAME.commands)["build"] == "Построить: /build K12"


def test_secret_card():
    state = fresh(3)
    assert GAME.secret(state, 0).startswith("Ваша карта местности — ") and "уже открыта" in GAME.secret(state, 0)
    card = {"G": "равнина (светло-зелёная)", "S": "каньон (коричневый)", "D": "пустыня (песочная)",
            "B": "луг (жёлтый)", "F": "лес (тёмно-зелёный)"}[state.players[1].card]
    assert GAME.secret(state, 1) == f"Ваша карта местности: {card}. Её увидят все, когда начнётся ваш ход."
    assert GAME.secret(state, 3) is None and GAME.secret(state, -1) is None
    assert all(len(GAME.secret(state, s)) < 200 for s in range(3))


# --- the mandatory three settlements and the building rules -------------------------------------------------


def test_first_settlement_anywhere_on_the_card_terrain():
    state = turn(fresh(), 0, "G")
    builds = [a for a in GAME.legal_actions(state) if a.startswith("build ")]
    assert len(builds) == len(state.layout.by_letter["G"]) == 62
    assert GAME.view(state)["highlight"] == [a[6:] for a in builds]


def test_three_settlements_one_at_a_time_the_new_one_counts_at_once():
    state = turn(fresh(), 0, "G")
    assert texts(GAME.apply(state, "build A1")) == ["Аня строит поселение на A1."]
    assert state.phase == "building" and state.builds_left == 2
    assert sorted(a for a in GAME.legal_actions(state)) == ["build A2", "build B1"]
    GAME.apply(state, "build B1")
    assert sorted(GAME.legal_actions(state)) == ["build A2", "build B2", "build C1"]
    GAME.apply(state, "build C1")
    assert owners_of(state, 0) == ["A1", "B1", "C1"] and state.players[0].settlements == 37


def test_wrong_terrain_is_refused():
    state = turn(fresh(), 0, "G")
    refused(state, "build D1", "kingdom.building", "Ваша карта — равнина (светло-зелёная)", "D1 — лес (тёмно-зелёный)",
            "Стройте на равнине")
    turn(state, 0, "B")
    refused(state, "build A1", "kingdom.building", "Ваша карта — луг (жёлтый)", "Стройте на лугу")


def test_one_settlement_per_hex():
    state = put(turn(fresh(), 0, "G"), 1, "A1")
    refused(state, "build A1", "kingdom.building", "A1 уже занят", "поселение игрока Борис")
    put(state, 0, "C1")
    refused(state, "build C1", "kingdom.building", "там ваше поселение")


@pytest.mark.parametrize(("text", "section", "fragment"), [
    ("build F1", "kingdom.terrain", "F1 — вода"),
    ("build A6", "kingdom.terrain", "A6 — гора"),
    ("build D2", "kingdom.castles", "D2 — замок"),
    ("build H4", "kingdom.terrain", "H4 — локация «Оракул»"),
])
def test_water_mountains_castles_and_locations_are_not_built_on(text, section, fragment):
    refused(turn(fresh(), 0, "G"), text, section, fragment)


def test_next_to_own_settlements_when_possible():
    state = turn(put(fresh(), 0, "A1"), 0, "G")
    assert sorted(GAME.legal_actions(state)) == ["build A2", "build B1"]
    refused(state, "build C1", "kingdom.adjacency", "C1 не рядом с вашими поселениями", "например B1",
            "на равнине")
    # another player's settlements do not count as neighbours
    put(state, 1, "B1", "A2")
    builds = GAME.legal_actions(state)
    assert len(builds) == 62 - 3 and "build C1" in builds  # nowhere next to Аня: anywhere on grass


def test_no_free_hex_next_to_own_means_anywhere():
    state = turn(put(fresh(), 0, "A1"), 0, "F")
    assert len(GAME.legal_actions(state)) == len(state.layout.by_letter["F"])


def test_end_before_the_mandatory_builds_is_refused():
    state = turn(fresh(), 0, "G")
    refused(state, "end", "kingdom.turn", "осталось поставить ещё 3 поселения на равнине")
    refused(state, "конец", "kingdom.turn", "ещё 3 поселения")
    GAME.apply(state, "build A1")
    refused(state, "end", "kingdom.turn", "ещё 2 поселения")


def test_a_turn_ends_by_itself_when_nothing_is_left_and_the_card_goes_to_the_discard():
    state = turn(fresh(), 0, "G")
    state.deck.append("S")  # the card Аня draws
    deck = len(state.deck)
    GAME.apply(state, "build A1")
    GAME.apply(state, "build B1")
    events = GAME.apply(state, "build C1")
    kinds = [e.kind for e in events]
    assert "turn" in kinds and "reveal" in kinds
    assert texts(events)[kinds.index("turn")] == "Ходит Борис."
    assert state.current == 1 and state.phase == "start" and state.builds_left == 3
    assert state.discard == ["G"] and state.players[0].card == "S" and len(state.deck) == deck - 1
    assert GAME.view(state)["last_turn"] == ["A1", "B1", "C1"]  # the previous player's settlements


def test_end_is_needed_while_a_tile_could_still_be_used():
    state = turn(fresh(), 0, "G")
    give(state, 0, "M6")  # a farm
    for hex_ in ("A1", "B1", "C1"):
        GAME.apply(state, f"build {hex_}")
    assert state.current == 0 and state.phase == "after"
    assert GAME.legal_actions(state)[-1] == "end" and any(a.startswith("farm ") for a in GAME.legal_actions(state))
    refused(state, "build A2", "kingdom.turn", "Три обязательных поселения в этом ходу уже построены")
    events = GAME.apply(state, "закончить")
    assert texts(events)[0] == "Аня заканчивает ход." and state.current == 1


def test_the_card_is_revealed_at_the_start_of_the_turn():
    state = turn(fresh(3), 0, "G")
    state.players[1].card = "D"
    view = GAME.view(state)
    assert view["players"][0]["card"] == "G" and view["players"][1]["card"] is None and view["hand"] is None
    assert GAME.view(state, 1)["hand"] == "D" and GAME.view(state, 1)["players"][1]["card"] == "D"
    assert GAME.view(state, 1)["players"][2]["card"] is None
    events = [GAME.apply(state, f"build {x}") for x in ("A1", "B1", "C1")][-1]
    assert "Борис открывает карту местности: пустыня (песочная)." in texts(events)
    assert GAME.view(state)["players"][1]["card"] == "D"


def test_no_free_hex_of_the_terrain_discard_and_draw_again():
    state = fresh()
    for i in state.layout.by_letter["G"]:
        state.owners[i] = 1  # all grass taken
    state.players[0].card = "G"
    turn(state, 1, "F", builds=0, phase="after")
    state.deck = ["D", "G", "S"]  # Борис draws S, Аня's G goes, she draws G (still no room) and then D
    events = GAME.apply(state, "end")
    assert texts(events) == [
        "Борис заканчивает ход.", "Ходит Аня.", "Аня открывает карту местности: равнина (светло-зелёная).",
        "Свободных гексов местности «равнина (светло-зелёная)» нет: Аня сбрасывает карту и тянет новую.",
        "Аня открывает карту местности: равнина (светло-зелёная).",
        "Свободных гексов местности «равнина (светло-зелёная)» нет: Аня сбрасывает карту и тянет новую.",
        "Аня открывает карту местности: пустыня (песочная)."]
    assert state.players[0].card == "D" and state.discard == ["F", "G", "G"] and state.deck == []


def test_an_empty_deck_is_made_again_from_the_shuffled_discard():
    state = turn(fresh(), 1, "F", builds=0, phase="after")
    state.deck, state.discard = [], ["B", "B"]
    events = GAME.apply(state, "end")
    assert "Колода карт местности кончилась: сброс перемешан и стал новой колодой." in texts(events)
    assert state.players[1].card in ("B", "F") and len(state.deck) == 2 and state.discard == []
    assert all_cards(state) == Counter({"B": 2, "F": 1}) + Counter([state.players[0].card])


def test_terrain_running_out_mid_turn_draws_a_new_card_and_the_three_are_still_built():
    # rulebook "Правила строительства", exception, and the official FAQ: the player still builds three
    state = fresh()
    for i in state.layout.by_letter["G"]:
        if i not in (h("A1"), h("B1")):
            state.owners[i] = 1
    turn(state, 0, "G")
    state.deck = ["D", "G", "F"]  # F comes first: Аня can build in the forest
    GAME.apply(state, "build A1")
    assert GAME.legal_actions(state) == ["build B1"]
    assert GAME.reveals(state, "build B1")  # the last grass: a card will be drawn
    events = GAME.apply(state, "build B1")
    assert texts(events) == [
        "Аня строит поселение на B1.",
        "Свободных гексов местности «равнина (светло-зелёная)» больше нет, а построить надо ещё 1 обязательное "
        "поселение: Аня сбрасывает карту и тянет новую.",
        "Аня открывает карту местности: лес (тёмно-зелёный)."]
    assert [e.kind for e in events][1:] == ["no_terrain", "reveal"]
    assert state.current == 0 and state.players[0].card == "F" and state.builds_left == 1
    assert state.discard == ["G"] and state.deck == ["D", "G"]
    assert GAME.legal_actions(state)[0] == "build D1"  # no forest next to A1 and B1: any forest
    GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.current == 1 and state.discard == ["G", "F"]  # three built: the turn ended


def test_terrain_running_out_after_the_first_build_redraws_until_a_terrain_with_room():
    state = fresh()
    for i in state.layout.by_letter["G"]:
        if i != h("A1"):
            state.owners[i] = 1
    turn(state, 0, "G")
    state.deck = ["D", "G"]  # G (still no room) and then D
    events = GAME.apply(state, "build A1")
    assert [e.kind for e in events] == ["build", "no_terrain", "reveal", "no_terrain", "reveal"]
    assert "построить надо ещё 2 обязательных поселения" in events[1].text
    assert state.players[0].card == "D" and state.builds_left == 2 and state.discard == ["G", "G"]
    assert all(a.startswith("build ") for a in GAME.legal_actions(state))


def test_mandatory_builds_lapse_only_when_no_buildable_hex_is_left_at_all():
    state = fresh()
    buildable = [i for i, ok in enumerate(state.layout.is_buildable) if ok]
    for i in buildable:
        if i not in (h("A1"), h("B1")):
            state.owners[i] = 1
    turn(state, 0, "G")
    state.final_round, state.first = True, 1  # Аня's turn is the last of the game (a full board never ends)
    GAME.apply(state, "build A1")
    events = GAME.apply(state, "build B1")
    assert ("На поле не осталось свободных гексов, где можно строить: Аня не может построить ещё 1 "
            "обязательное поселение.") in texts(events)
    assert state.current is None and state.discard == ["G"]  # no card was drawn in vain; the game ended


def test_fewer_than_three_settlements_left_build_what_you_have():
    state = turn(fresh(), 1, "F", builds=0, phase="after")
    state.players[0].settlements = 2
    state.deck.append("G")
    GAME.apply(state, "end")
    state.players[0].card = "G"  # whatever was drawn, the test wants grass
    state.touch()
    assert state.current == 0 and state.builds_left == 2 and GAME.view(state)["builds_left"] == 2
    GAME.apply(state, "build A1")
    events = GAME.apply(state, "build B1")
    assert ("Аня выставляет последнее поселение из запаса: круг доигрывается, последним ходит Борис."
            in texts(events))
    assert state.final_round and state.current == 1 and state.players[0].settlements == 0


def test_the_last_settlement_does_not_end_the_turn_moving_tiles_still_work():
    state = turn(put(fresh(), 0, "A1"), 0, "G")
    give(state, 0, "S13")  # a paddock
    state.players[0].settlements = 3
    for hex_ in ("B1", "C1", "A2"):
        GAME.apply(state, f"build {hex_}")
    assert state.players[0].settlements == 0 and state.current == 0
    assert any(a.startswith("paddock ") for a in GAME.legal_actions(state))
    GAME.apply(state, "paddock A1 B3")
    assert state.current == 1  # nothing left: the turn ended by itself


# --- the end of the game -------------------------------------------------------------------------------


def play_turn(state) -> list[str]:
    """The current player builds whatever is first in the list until the turn passes; the actions."""
    seat, done = state.current, []
    while state.current == seat:
        action = GAME.legal_actions(state)[0]
        GAME.apply(state, action)
        done.append(action)
    return done


def test_the_round_is_completed_the_player_right_of_the_first_acts_last():
    state = fresh(3, first=1)
    turn(state, 2, "G")
    state.players[2].settlements = 3
    for hex_ in ("A1", "B1"):
        GAME.apply(state, f"build {hex_}")
    events = GAME.apply(state, "build C1")
    assert "Вера выставляет последнее поселение из запаса: круг доигрывается, последним ходит Аня." in texts(events)
    assert state.final_round and state.current == 0 and not GAME.is_over(state)
    assert GAME.view(state)["final_round"] is True
    play_turn(state)
    assert GAME.is_over(state) and state.current is None and GAME.current_seat(state) is None
    assert GAME.legal_actions(state) == [] and state.phase == "over"
    assert state.players[1].settlements == 40  # the first player did not get another turn


def test_the_game_ends_at_once_when_the_last_seat_of_the_round_runs_out():
    state = fresh(3, first=1)
    turn(state, 0, "G")
    state.players[0].settlements = 3
    GAME.apply(state, "build A1")
    GAME.apply(state, "build B1")
    events = GAME.apply(state, "build C1")
    assert "Аня выставляет последнее поселение из запаса: этот ход — последний в игре." in texts(events)
    assert GAME.is_over(state)
    end = [e for e in events if e.kind == "end"]
    assert len(end) == 1 and end[0].text.startswith("Партия окончена. ")
    view = GAME.view(state)
    assert view["phase"] == "over" and view["current"] is None and view["highlight"] == []
    assert [s["seat"] for s in view["scores"]] == [0, 1, 2]
    assert list(view["scores"][0]["breakdown"]) == ["lords", "farmers", "fishermen", "castles"]
    assert view["winners"] == GAME.winners(state) and GAME.winners(state)
    with pytest.raises(RuleError) as info:
        GAME.apply(state, "build A2")
    assert info.value.section == "kingdom.end" and "закончилась" in info.value.message
    assert GAME.secret(state, 1) is None


def test_a_tie_shares_the_win():
    state = fresh(3, first=1, cards=["knights", "hermits", "citizens"])
    turn(state, 0, "G")
    state.players[0].settlements = 3
    for hex_ in ("A1", "B1", "C1"):
        GAME.apply(state, f"build {hex_}")
    # Аня: knights 2 * 3, hermits 1, citizens 1; the others nothing
    assert GAME.winners(state) == [0]
    state2 = fresh(2, first=0, cards=["knights", "hermits", "citizens"])
    turn(state2, 1, "G")
    put(state2, 0, "T20")
    put(state2, 1, "A20")
    state2.players[1].settlements = 0
    state2.final_round, state2.phase, state2.builds_left = True, "after", 0
    state2.touch()
    events = GAME.apply(state2, "end")
    assert GAME.is_over(state2) and GAME.winners(state2) == [0, 1]
    assert texts(events)[-1] == "Партия окончена. Ничья: Аня и Борис — по 3 золота."
    assert [s["total"] for s in GAME.scores(state2)] == [3, 3]


# --- a skipped turn (our house rule for an absent player) ----------------------------------------------------


def test_a_skipped_turn_builds_nothing_draws_the_next_card_and_passes_the_turn():
    state = GAME.new(["Аня", "Борис", "Вера"], seed=21, options={"first": 0})
    GAME.apply(state, GAME.legal_actions(state)[0])  # one of the three builds made, two left
    before = [p.settlements for p in state.players]
    cards = all_cards(state)
    events = GAME.skip(state)
    assert GAME.current_seat(state) == 1
    assert events[0].text == "Аня пропускает ход: ещё 2 обязательных поселения так и не построены."
    assert [p.settlements for p in state.players] == before  # the builds left are lost
    assert state.players[0].card is not None and all_cards(state) == cards  # a new card, none lost or made
    assert state.builds_left == 3 and state.players[1].card is not None  # Борис's turn begins as usual


def test_skipping_every_turn_ends_the_game_once_a_settlement_supply_runs_out():
    state = GAME.new(["Аня", "Борис"], seed=5, options={"first": 0})
    while not GAME.is_over(state):
        if GAME.current_seat(state) == 0:
            GAME.apply(state, GAME.autopilot(state))  # Аня plays on; Борис is away and skipped
        else:
            GAME.skip(state)
    assert state.players[1].settlements == 40 and GAME.winners(state)
    with pytest.raises(RuleError):
        GAME.skip(state)


def test_a_game_with_skipped_turns_replays_from_its_seed():
    first = GAME.new(["Аня", "Борис"], seed=8)
    log = []
    for step in range(40):
        if step % 5 == 4:
            GAME.skip(first)
            log.append(None)
        else:
            action = GAME.legal_actions(first)[step % len(GAME.legal_actions(first))]
            GAME.apply(first, action)
            log.append(action)
    again = GAME.new(["Аня", "Борис"], seed=8)
    for action in log:
        GAME.skip(again) if action is None else GAME.apply(again, action)
    assert GAME.dump(again) == GAME.dump(first)


def test_move_commands_do_not_clash_with_other_games():
    """The bot shows one command menu for all games: a shared name would carry one game's description."""
    from rules.registry import GAMES

    ours = {c for c, _ in GAME.commands}
    for other in GAMES.values():
        if other.name != GAME.name:
            assert ours & {c for c, _ in other.commands} <= {"end"}, other.name

"""What a playtest found: texts that could be false, «Сейчас ход Аня», English in hints and in the canonical
notation, unreadable score lists, identical cards shown as one, the round change, «Игра окончена»."""

from __future__ import annotations

import re

import pytest
from sylvan_positions import at_step, clear_board, face_up, fresh, hand, key, played, pull, tree

from rules.protocol import RuleError
from rules.sylvan import GAME
from rules.sylvan.engine import end_turn, legal_actions

MUSH_AXE = key("mushroom", "axe")
MUSH_BRIDGE = key("mushroom", "bridge")
NUT_DUAL = key("nut", "bridge", "treetop")
FLOWER_DUAL = key("flower", "bridge", "treetop")


def bridge_position():
    state = fresh()
    clear_board(state, "leaf")
    state.players[0].items["bridge"] = 1
    state.supply["bridge"] -= 1
    at_step(state, "act")
    return state


# --- 1. a bridge says whose advantage it is ---------------------------------------------------------------------


def test_bridge_names_who_holds_the_advantage_on_both_trees():
    state = bridge_position()
    tree(state, "А3", "nut", [(1, "nut")])
    tree(state, "Б3", "nut", [(0, "nut"), (1, "leaf"), (1, "leaf")])
    events = GAME.apply(state, "bridge А3 Б3")
    assert events[0].text == "Аня строит мост А3 — Б3, но славы не получает: на А3 и Б3 преимущество держит Борис."
    assert state.players[0].total == 0


def test_bridge_with_the_advantage_on_one_tree_says_where_the_fame_comes_from():
    state = bridge_position()
    tree(state, "А3", "nut", [(0, "nut"), (0, "nut")])  # height 3, Аня
    tree(state, "Б3", "nut", [(1, "nut")])
    events = GAME.apply(state, "bridge А3 Б3")
    assert events[0].text == ("Аня строит мост А3 — Б3 и получает 3 очка славы за преимущество на А3 "
                              "(на Б3 преимущество держит Борис).")
    assert state.players[0].total == 3


def test_bridge_with_the_advantage_on_both_trees():
    state = bridge_position()
    tree(state, "А3", "nut", [(0, "nut")])
    tree(state, "Б3", "nut", [(0, "nut")])
    events = GAME.apply(state, "bridge А3 Б3")
    assert events[0].text == "Аня строит мост А3 — Б3 и получает 4 очка славы за преимущество на А3 и Б3."


def test_a_treetop_refusal_uses_the_feminine_pronoun():
    state = bridge_position()
    with pytest.raises(RuleError) as err:
        GAME.apply(state, "top Б3")
    assert "У вас нет верхушки: её дают" in err.value.message


def test_redraw_refusal_with_no_card_anywhere_does_not_claim_the_trees_are_closed():
    state = fresh()
    clear_board(state, "leaf")
    hand(state, 0, [])
    state.discard, state.deck = state.discard + state.deck, []
    state.discard = []
    at_step(state, "play")
    assert legal_actions(state) == ["pass"]
    with pytest.raises(RuleError) as err:
        GAME.apply(state, "redraw")
    assert "не построить" not in err.value.message and "карт не осталось" in err.value.message


def test_redraw_and_pass_texts_read_well_with_any_number_of_cards():
    state = fresh()
    clear_board(state, "mushroom")
    hand(state, 0, [FLOWER_DUAL, key("leaf", "axe")])
    state.deck, state.discard = [pull(state, key("nut", "axe"))], []
    at_step(state, "play")
    events = GAME.apply(state, "redraw")
    assert events[0].text.endswith("уходит в сброс; новая рука — 3 карты.")  # the discard is reshuffled
    assert "взято" not in events[0].text
    assert legal_actions(state) == ["redraw", "pass"]
    events = GAME.apply(state, "pass")
    assert events[0].text.startswith("Аня пропускает стройку:")


def test_taking_before_building_names_both_ways_to_finish_the_build():
    state = fresh()
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "беру колоду")
    assert err.value.message == "Новую карту берут в конце хода: после стройки жилища (или её пропуска)."


# --- 2. «Сейчас ходит Аня» -----------------------------------------------------------------------------------------


def test_hint_says_who_moves_without_a_case():
    state = fresh()
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "абракадабра")
    assert "Сейчас ходит Аня:" in err.value.message and "Сейчас ход " not in err.value.message


# --- 3. Russian canonical notation, hints with commands -------------------------------------------------------


def act_position():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "nut")])
    state.players[0].items["axe"] = 1
    played(state, 0, [MUSH_BRIDGE, key("leaf", "bridge"), key("flower", "bridge")])
    face_up(state, [MUSH_AXE, key("flower", "hammer"), NUT_DUAL])
    at_step(state, "act")
    return state


def test_taking_the_deck_is_canonical_in_russian():
    state = act_position()
    legal = legal_actions(state)
    assert "take колода" in legal and "take deck" not in legal
    assert GAME.command(state, "take колода") == "/take колода"
    assert GAME.parse(state, "/take колода") == "take колода"
    assert not any(re.search(r"[a-z]", a.split(" ", 1)[1]) for a in legal if " " in a)


def test_an_old_log_with_take_deck_still_replays():
    state = act_position()
    top = state.deck[-1]
    GAME.apply(state, "take deck")
    assert state.players[0].hand[-1] == top and state.current == 1


def test_hints_show_commands_with_russian_words():
    state = act_position()
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "абракадабра")
    text = err.value.message
    assert "«/take колода»" in text and "«беру колоду»" in text and "«/take 1»" in text
    assert "«/set мост»" in text and "«/axe " in text
    assert "deck" not in text and "«take" not in text
    assert "«/hammer" not in text and "«/bridge" not in text  # only the items the player holds


def test_no_hint_or_refusal_quotes_a_bare_english_command():
    for where in ("play", "place", "flag", "act"):
        state = act_position()
        if where == "place":
            tree(state, "А3", "mushroom")
            at_step(state, "place", card=MUSH_AXE)
        elif where == "flag":
            tree(state, "А3", "mushroom", [(1, "mushroom")])
            state.stack(0)[0] = "mushroom"
            at_step(state, "place", card=MUSH_AXE)
            GAME.apply(state, "place А3")
        elif where == "play":
            at_step(state, "play")
        for typed in ("абракадабра", "flag", "take", "set", "bridge", "place Д9", "end", "redraw", "pass"):
            try:
                GAME.parse(state, typed)
            except RuleError as err:
                text = err.message.replace(f"«{typed}»", "")  # the echo of what was typed
                assert not re.search(r"«[a-z]", text), text
                assert "deck" not in text, text


def test_take_command_description_is_russian():
    description = dict(GAME.commands)["take"]
    assert "/take колода" in description and "deck" not in description


def test_parse_accepts_a_leading_slash_and_echoes_the_refused_text():
    state = fresh()
    hand(state, 0, [MUSH_AXE, NUT_DUAL])
    clear_board(state, "mushroom")
    assert GAME.parse(state, "/play грибной-топор") == "play грибной-топор"
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "/play дракон")
    assert "«/play дракон»" in err.value.message


@pytest.mark.parametrize("text, action", [
    ("беру колоду, пожалуйста", "take колода"),
    ("давай возьму вторую", "take 2"),
    ("ну тогда /take 1 спасибо", "take 1"),
    ("я пожалуй срублю б3", "axe Б3"),
    ("так, беру наверное колоду", "take колода"),
])
def test_polite_words_never_break_a_move(text, action):
    assert GAME.parse(act_position(), text) == action


# --- 4. score names read as «<name>: <value>» ---------------------------------------------------------------------


def test_score_names_read_well_as_name_colon_value():
    names = GAME.score_names
    assert names["trees_1"] == "деревья в 1-м раунде" and names["regions_2"] == "области во 2-м раунде"
    assert all("," not in n for n in names.values())


# --- 5. identical cards of a hand ---------------------------------------------------------------------------------


def test_label_counts_identical_cards_of_the_hand():
    state = fresh()
    clear_board(state, "mushroom")
    tree(state, "А1", "flower")
    hand(state, 0, [MUSH_AXE, MUSH_AXE, FLOWER_DUAL, FLOWER_DUAL])
    plays = legal_actions(state)
    assert plays == ["play грибной-топор", "play цветочный-мост+верхушка"]
    # two copies of a card, in words: «×2» next to a treetop read as two treetops
    assert GAME.label(state, plays[0]) == "🍄 Грибной 🪓 (2 карты)"
    assert GAME.label(state, plays[1]) == "🌸 Цветочный 🌉/🌲 (2 шт.)"
    hand(state, 0, [MUSH_AXE, FLOWER_DUAL])
    assert GAME.label(state, "play грибной-топор") == "🍄 Грибной 🪓 топор"
    hand(state, 0, [key("flower", "treetop")] * 3)
    label = GAME.label(state, "play цветочный-верхушка")
    assert label == "🌸 Цветочный 🌲 (3 карты)" and "×" not in label and len(label) <= 24


# --- 6. the round change ------------------------------------------------------------------------------------------


def test_round_end_emits_score_then_turn_even_for_the_same_player():
    state = fresh()
    for p in state.players:
        p.stacks[0] = []
    state.current, state.step = 1, "act"
    events = end_turn(state)
    assert [e.kind for e in events] == ["score", "turn"]
    assert events[1].data["seat"] == 1 == state.current and all(e.text for e in events)
    view = GAME.view(state)
    assert view["round_scores"]["round"] == 1 and view["round_scores"] == view["round_results"][-1]


def test_view_has_no_round_scores_before_the_first_scoring():
    assert GAME.view(fresh())["round_scores"] is None


# --- 8. «Партия окончена» ------------------------------------------------------------------------------------------


def test_the_end_is_called_partiya_okonchena():
    state = fresh()
    for p in state.players:
        p.stacks = [[], []]
    state.round, state.step = 2, "act"
    events = end_turn(state)
    assert events[-1].kind == "end" and events[-1].text.startswith("Партия окончена")
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "беру колоду")
    assert err.value.message.startswith("Партия окончена")
    with pytest.raises(RuleError) as err:
        GAME.skip(state)
    assert "Игра окончена" not in err.value.message

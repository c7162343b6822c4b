"""Reading what players type (canonical notation, Russian verbs and word forms, Latin tree names), refusals
for what is understood but illegal, fuzzing (only RuleError, whatever the text), labels and menus."""

from __future__ import annotations

import doctest
import importlib
import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sylvan_positions import at_step, clear_board, face_up, fresh, hand, key, played, tree

from rules.protocol import RuleError
from rules.sylvan import GAME, SECTIONS
from rules.sylvan.notation import MAX_BUTTONS, normalise

SYLVAN = Path(__file__).resolve().parents[2] / "rules" / "sylvan"

MUSH_AXE = key("mushroom", "axe")
MUSH_BRIDGE = key("mushroom", "bridge")
NUT_DUAL = key("nut", "bridge", "treetop")
LEAF_HAMMER = key("leaf", "hammer")


def play_position():
    state = fresh()
    clear_board(state, "mushroom")
    tree(state, "А1", "nut")
    hand(state, 0, [MUSH_AXE, MUSH_BRIDGE, NUT_DUAL, LEAF_HAMMER])
    return state


def place_position():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom")
    tree(state, "А3", "mushroom", [(1, "mushroom")])
    at_step(state, "place", card=MUSH_AXE)
    return state


def act_position():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "nut"), (0, "leaf")])
    tree(state, "А3", "nut", [(1, "nut")])
    for item in ("axe", "hammer", "bridge", "treetop"):
        state.players[0].items[item] = 1
    played(state, 0, [MUSH_BRIDGE, key("leaf", "bridge"), key("flower", "bridge")])
    face_up(state, [MUSH_AXE, key("flower", "hammer"), NUT_DUAL])
    at_step(state, "act")
    return state


def flag_position():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "mushroom", [(1, "mushroom")])
    state.stack(0)[0] = "mushroom"
    at_step(state, "place", card=MUSH_AXE)
    GAME.apply(state, "place Б3")
    assert state.step == "flag"
    return state


POSITIONS = {"play": play_position, "place": place_position, "flag": flag_position, "act": act_position}


@pytest.mark.parametrize(("where", "text", "action"), [
    ("play", "play грибной-топор", "play грибной-топор"),
    ("play", "Играю грибной топор", "play грибной-топор"),
    ("play", "/play@SylvanBot ГРИБНОЙ-ТОПОР", "play грибной-топор"),
    ("play", "сыграть грибную с топором", "play грибной-топор"),
    ("play", "грибной мост", "play грибной-мост"),
    ("play", "play mush axe", "play грибной-топор"),
    ("play", "играю ореховую двойную", "play ореховый-мост+верхушка"),
    ("play", "ореховый мост верхушка", "play ореховый-мост+верхушка"),
    ("play", "ореховый-мост+верхушка", "play ореховый-мост+верхушка"),
    ("play", "играю ореховую", "play ореховый-мост+верхушка"),
    ("place", "ставлю на б3", "place Б3"),
    ("place", "строю Б3", "place Б3"),
    ("place", "place b3", "place Б3"),
    ("place", "б-3", "place Б3"),
    ("place", "  PLACE   Б3 ", "place Б3"),
    ("place", "на а3", "place А3"),
    ("flag", "флаг", "flag"),
    ("flag", "Ставлю флаг!", "flag"),
    ("flag", "да", "flag"),
    ("flag", "флажок", "flag"),
    ("flag", "без флага", "noflag"),
    ("flag", "не ставлю флаг", "noflag"),
    ("flag", "нет", "noflag"),
    ("flag", "/noflag", "noflag"),
    ("act", "топор б3", "axe Б3"),
    ("act", "рублю Б3", "axe Б3"),
    ("act", "молоток б3 а3", "hammer Б3 А3"),
    ("act", "переношу с б3 на а3", "hammer Б3 А3"),
    ("act", "мост б3 а3", "bridge А3 Б3"),
    ("act", "bridge a3 b3", "bridge А3 Б3"),
    ("act", "верхушка б3", "top Б3"),
    ("act", "ставлю верхушку на б3", "top Б3"),
    ("act", "беру колоду", "take колода"),
    ("act", "беру из колоды", "take колода"),
    ("act", "колода", "take колода"),
    ("act", "беру 2", "take 2"),
    ("act", "беру вторую", "take 2"),
    ("act", "3", "take 3"),
    ("act", "беру грибной топор", "take 1"),
    ("act", "набор мост", "set мост"),
    ("act", "set", "set мост"),
    ("act", "собираю мосты", "set мост"),
    ("act", "беру мост", "set мост"),
])
def test_forgiving_forms(where, text, action):
    state = POSITIONS[where]()
    assert GAME.parse(state, text) == action
    assert GAME.parse(state, action) == action


def test_redraw_and_pass_words():
    state = fresh()
    clear_board(state, "leaf")
    for t in state.trees.values():
        t.treetop = True
    tree(state, "Б3", "mushroom")
    hand(state, 0, [key("flower", "axe"), key("nut", "axe"), key("leaf", "axe"), key("flower", "hammer")])
    assert GAME.parse(state, "сбросить руку") == "redraw"
    assert GAME.parse(state, "Сбрасываю руку") == "redraw"
    GAME.apply(state, "redraw")
    if "pass" in GAME.legal_actions(state):
        assert GAME.parse(state, "пас") == "pass"
        assert GAME.parse(state, "пропускаю") == "pass"


@pytest.mark.parametrize(("where", "text", "fragment", "section"), [
    ("play", "играю грибной", "Назовите карту точнее", "sylvan.play-card"),
    ("play", "играю цветочный топор", "нет такой карты", "sylvan.play-card"),
    ("play", "играю лиственный молоток", "эту карту сейчас не сыграть", "sylvan.place"),
    ("play", "абракадабра", "Не понимаю", "sylvan.turn"),
    ("play", "   ", "Пустая команда", "sylvan.turn"),
    ("play", "ставлю на б²", "Не понял «б²»", "sylvan.turn"),  # the word not understood, named
    ("place", "place", "Укажите дерево", "sylvan.place"),
    ("place", "place Ж1", "Дерева Ж1 нет на поле", "sylvan.board"),
    ("place", "place Д5", "Дерева Д5 нет на поле", "sylvan.board"),
    ("act", "set топор", "нужны 3 разыгранные карты", "sylvan.items"),
    ("act", "беру мост+верхушку", "Назовите один символ", "sylvan.items"),
    ("act", "axe", "Укажите дерево", "sylvan.axe"),
    ("act", "мост б3", "Укажите два дерева", "sylvan.bridge"),
    ("act", "верхушка", "Укажите дерево", "sylvan.treetop"),
    ("act", "беру лиственный", "Среди открытых карт такой нет", "sylvan.draw"),
    ("act", "б3", "Жилище в этот ход уже поставлено", "sylvan.turn"),
    ("flag", "take deck", "Сначала решите с флагом", "sylvan.flags"),
])
def test_understood_but_refused(where, text, fragment, section):
    state = POSITIONS[where]()
    with pytest.raises(RuleError) as err:
        GAME.parse(state, text)
    assert fragment in err.value.message, err.value.message
    assert err.value.section == section


def test_refusals_never_name_the_cards_of_the_hand():
    state = play_position()
    for text in ("take deck", "place Б3", "абракадабра", "играю грибной", "flag", "axe Б3", ""):
        with pytest.raises(RuleError) as err:
            GAME.parse(state, text)
        examples = err.value.message.replace("«/play грибной-топор»", "").replace("«играю грибной топор»", "")
        # the item typed («axe Б3») is public, whether one has it or not: «у вас нет топора», «топором не срубить»
        examples = examples.replace("нет топора", "").replace("топором", "")
        assert "топор" not in examples, err.value.message
        assert "ореховый" not in err.value.message


def test_an_item_refusal_gives_every_reason_that_applies():
    """/axe before building, by a player with no axe, on a bare tree: too early, no axe, and no dwelling to
    cut, each said once, each joined its own way; an item the player has, used too early: only the moment."""
    state = play_position()
    player = state.players[state.current]
    player.items["axe"] = 0
    bare = next(name for name, tree in state.trees.items() if not tree.tiles and not tree.treetop)
    with pytest.raises(RuleError) as err:
        GAME.parse(state, f"/axe {bare}")
    message = err.value.message
    assert message.startswith("Особый предмет применяют только после того, как поставлено жилище.")
    assert "Кроме того, у вас нет топора" in message and f"К тому же на {bare} только основание" in message
    assert message.count("Кроме того") == 1 and err.value.section == "sylvan.item-timing"
    player.items["axe"] = 1
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "/axe")
    assert err.value.message == "Особый предмет применяют только после того, как поставлено жилище."
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "/set топор")
    assert "Наборы карт меняют на предметы после того" in err.value.message
    assert "Кроме того, для набора нужны 3 разыгранные карты" in err.value.message


def test_normalise():
    assert normalise("  /Take@SylvanBot   КОЛОДУ, ёлки! ") == "take колоду елки"


VOCABULARY = ["play", "place", "flag", "noflag", "set", "axe", "hammer", "bridge", "top", "take", "refresh", "end",
              "redraw", "pass", "deck", "играю", "ставлю", "на", "флаг", "без", "топор", "молоток", "мост",
              "верхушка", "беру", "колоду", "набор", "грибной", "цветочный", "ореховый", "лиственный", "двойную",
              "Б3", "А3", "а1", "d2", "Ж9", "б-3", "1", "2", "3", "0", "99", "²", "¹", "٣", "+", "-", "/", "ё", "—",
              "1-ю", "вторую", "нет", "да", "сбросить", "руку", "открытые", "обновить", "пас", "конец", "@bot"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(POSITIONS)), st.text(alphabet=string.printable + "абвгдежзБВГДЁё²³¹⁴٣١𝟑", max_size=30))
def test_fuzz_parse_raises_only_rule_errors(where, text):
    state = POSITIONS[where]()
    try:
        action = GAME.parse(state, text)
    except RuleError as err:
        assert err.message and err.section.startswith("sylvan.")
    else:
        assert action in GAME.legal_actions(state)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(POSITIONS)), st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=4))
def test_fuzz_parse_of_word_salads(where, words):
    state = POSITIONS[where]()
    try:
        action = GAME.parse(state, " ".join(words))
    except RuleError as err:
        assert err.message and err.section.startswith("sylvan.")
    else:
        assert action in GAME.legal_actions(state)


def test_labels_are_short_and_menus_small_with_every_bridge_open():
    state = fresh(4)
    clear_board(state, "leaf")
    state.players[0].items.update({"axe": 1, "hammer": 1, "bridge": 1, "treetop": 1})
    for name in list(state.trees)[:8]:
        tree(state, name, "leaf", [(0, "nut")])
    at_step(state, "act")
    legal = GAME.legal_actions(state)
    bridges = [a for a in legal if a.startswith("bridge ")]
    assert len(bridges) == 26 > MAX_BUTTONS  # the big side has 26 neighbouring pairs
    assert GAME.menu_path(state, "bridge А1 Б1") == ("🌉 Мост", "От А1")
    assert GAME.menu_path(state, "hammer А1 Д5") == ("🔨 Молоток", "С А1")
    assert GAME.menu_path(state, "axe А1") == ("🪓 Топор",)
    assert GAME.menu_path(state, "take deck") == ()
    groups: dict[tuple, set] = {}
    for action in legal:
        assert len(GAME.label(state, action)) <= 24
        path = GAME.menu_path(state, action)
        for depth in range(len(path) + 1):
            groups.setdefault(path[:depth], set()).add(path[depth] if depth < len(path) else action)
    assert max(len(v) for v in groups.values()) <= MAX_BUTTONS
    state.bridges = []
    state.players[0].flags_left = 16


def test_labels():
    state = act_position()
    assert GAME.label(state, "take deck") == "🂠 Из колоды"
    assert GAME.label(state, "take 1") == "1) 🍄 Грибной · 🪓"
    assert GAME.label(state, "set мост") == "🌉 Набор → мост"
    assert GAME.label(state, "axe Б3") == "🪓 Снять жилище с Б3"
    assert GAME.label(state, "hammer Б3 А3") == "🔨 Б3 → А3"
    assert GAME.label(state, "top Б3") == "🌲 Верхушка на Б3"
    assert GAME.label(play_position(), "play грибной-топор") == "🍄 Грибной 🪓 топор"
    assert GAME.label(play_position(), "play ореховый-мост+верхушка") == "🌰 Ореховый 🌉/🌲"
    assert GAME.menu_path(play_position(), "play грибной-топор") == ("🂠 Сыграть карту",)


def test_private_choice_only_for_cards_of_the_hand():
    state = play_position()
    assert all(GAME.private_choice(state, a) for a in GAME.legal_actions(state))
    state = act_position()
    assert not any(GAME.private_choice(state, a) for a in GAME.legal_actions(state))
    assert not GAME.private_choice(state, "redraw")


@pytest.mark.parametrize("module", ["rules.sylvan", "rules.sylvan.data", "rules.sylvan.state", "rules.sylvan.engine",
                                    "rules.sylvan.notation", "rules.sylvan.refusals", "rules.sylvan.scoring",
                                    "rules.sylvan.view"])
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_every_cited_section_exists_in_the_reference():
    reference = (SYLVAN / "reference.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"\{#(sylvan\.[a-z0-9-]+)\}", reference))
    cited = set()
    for path in SYLVAN.glob("*.py"):
        cited |= set(re.findall(r'"(sylvan\.[a-z0-9-]+)"', path.read_text(encoding="utf-8")))
    assert cited and cited <= ids, cited - ids
    assert set(SECTIONS) <= ids

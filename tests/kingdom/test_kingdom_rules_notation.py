"""What people type, button labels, keyboard groups, the view schema, and the modules' doctests."""

from __future__ import annotations

import doctest
import importlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kb_positions import english, fresh, give, put, turn

from rules.kingdom import GAME
from rules.protocol import RuleError


@pytest.mark.parametrize("module", [
    "rules.kingdom.board", "rules.kingdom.data", "rules.kingdom.layout", "rules.kingdom.state",
    "rules.kingdom.building", "rules.kingdom.engine", "rules.kingdom.notation", "rules.kingdom.scoring",
    "rules.kingdom.view", "rules.kingdom",
])
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def building_state():
    return turn(put(fresh(), 0, "A1"), 0, "G")


@pytest.mark.parametrize(("text", "action"), [
    ("build B1", "build B1"),
    ("строю b1", "build B1"),
    ("строю В1", "build B1"),  # Cyrillic В
    ("построить b1", "build B1"),
    ("/build@KingdomBot B1", "build B1"),
    ("B1", "build B1"),
    ("в1", "build B1"),
    ("1B", "build B1"),
    ("b 1", "build B1"),
    ("  Ставлю   поселение на B1! ", "build B1"),
    ("а2", "build A2"),  # Cyrillic а
    ("б1", "build B1"),  # Cyrillic letters that sound like the column letter
])
def test_parse_builds(text, action):
    assert GAME.parse(building_state(), text) == action


def tile_state():
    state = turn(put(fresh(), 0, "A1", "H3"), 0, "G", builds=0, phase="after")
    for location in ("H4", "M6", "S13", "L17", "G18"):
        give(state, 0, location)
    state.players[0].tiles[2].type = "barn"  # S13: a barn for the test
    give(state, 0, "R2").type = "tower"
    state.touch()
    return state


@pytest.mark.parametrize(("text", "action"), [
    ("оракул в1", "oracle B1"),
    ("Оракулом B1", "oracle B1"),
    ("oracle b1", "oracle B1"),
    ("ферма A2", "farm A2"),
    ("ферму а2", "farm A2"),
    ("башня B1", "tower B1"),
    ("башней b1", "tower B1"),
    ("амбар A1 G2", "barn A1 G2"),
    ("barn a1 g2", "barn A1 G2"),
    ("пастбище A1 C1", "paddock A1 C1"),
    ("пастбищем а1 → с1", "paddock A1 C1"),
    ("/paddock A1->C1", "paddock A1 C1"),
    ("использую пастбище: A1 на C1", "paddock A1 C1"),
    ("гавань H3 G3", "harbor H3 G3"),
    ("гаванью h3 g3", "harbor H3 G3"),
    ("конец", "end"),
    ("Закончить", "end"),
    ("end", "end"),
    ("всё", "end"),
    ("конец хода", "end"),
])
def test_parse_tiles_and_end(text, action):
    assert GAME.parse(tile_state(), text) == action


def test_parse_oasis_and_tavern():
    state = turn(put(fresh(), 0, "A1", "B1", "C1"), 0, "G", builds=0, phase="after")
    give(state, 0, "M6").type = "oasis"
    give(state, 0, "R2").type = "tavern"
    state.touch()
    assert GAME.parse(state, "таверна д1") == GAME.parse(state, "Таверну D1") == "tavern D1"
    assert GAME.parse(state, "оазис K1") == "oasis K1"


@pytest.mark.parametrize(("text", "section", "fragment"), [
    ("", "kingdom.turn", "Пустой ход"),
    ("   ", "kingdom.turn", "Пустой ход"),
    ("привет", "kingdom.turn", "Не понял «привет»"),
    ("build", "kingdom.building", "Укажите один гекс"),
    ("build B1 A2", "kingdom.building", "Укажите один гекс"),
    ("Z9", "kingdom.board", "Нет такого гекса: «Z9»"),
    ("K25", "kingdom.board", "Нет такого гекса: «K25»"),
    ("K1²", "kingdom.turn", "Не понял"),
    ("B1 A2", "kingdom.extra-actions", "назовите жетон: амбар, гавань или пастбище"),
    ("оракул ферма B1", "kingdom.extra-actions", "одно действие"),
    ("конец B1", "kingdom.turn", "без гексов"),
    ("амбар A1", "kingdom.location-tiles", "У вас нет жетона «Амбар»"),  # before what the hexes lack
])
def test_garbage_is_refused_with_what_was_not_understood(text, section, fragment):
    with pytest.raises(RuleError) as info:
        GAME.parse(building_state(), text)
    assert info.value.section == section and fragment in info.value.message, info.value.message


@pytest.mark.parametrize("text", ["построй B1 пожалуйста", "/build B1 плиз", "ну давай B1", "строй-ка B1 пж",
                                  "/build B1", "пожалуйста, поставь на B1"])
def test_politeness_never_breaks_a_move(text):
    state = building_state()
    state.players[0].card = "G"
    assert GAME.parse(state, text) == "build B1"


@pytest.mark.parametrize("text", ["", "привет", "строю", "амбар A1", "B1 A2 C1", "оракул", "K1²"])
def test_hints_show_what_a_player_can_send_and_no_english(text):
    with pytest.raises(RuleError) as info:
        GAME.parse(building_state(), text)
    assert not english(info.value.message), info.value.message
    assert "build K12" not in info.value.message.replace("/build K12", "")


def test_a_refusal_quotes_what_was_typed():
    with pytest.raises(RuleError) as info:
        GAME.parse(building_state(), "/build B1 абракадабра")
    assert info.value.message.startswith("Не понял «абракадабра» в «/build B1 абракадабра». ")
    assert "Пишите, например: «/build B1» или «строю B1»." in info.value.message  # allowed now, B1 the only one


def test_game_texts_have_no_english():
    texts = [GAME.about, GAME.secret_button, *GAME.score_names.values(), *GAME.score_unit]
    texts += [description for _, description in GAME.commands]
    state = tile_state()
    texts += [GAME.label(state, a) for a in GAME.legal_actions(state)]
    texts += [part for a in GAME.legal_actions(state) for part in GAME.menu_path(state, a)]
    texts += [GAME.secret(state, 0), GAME.secret(state, 1)]
    for text in texts:
        assert not english(text), text


def test_a_bare_hex_after_the_mandatory_builds():
    state = tile_state()
    with pytest.raises(RuleError) as info:
        GAME.parse(state, "B1")
    assert info.value.section == "kingdom.turn"
    assert "уже сделаны" in info.value.message and "«оракул B1», «ферма B1» или «башня B1»" in info.value.message


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_text_parses_to_a_legal_action_or_a_rule_error(text):
    for state in (building_state(), tile_state()):
        try:
            action = GAME.parse(state, text)
        except RuleError as error:
            assert error.message and error.section and error.section.startswith("kingdom.")
        else:
            assert action in GAME.legal_actions(state)


@given(st.lists(st.sampled_from(["build", "оракул", "амбар", "пастбище", "гавань", "конец", "к12", "B1", "A1",
                                 "C1", "²", "1", "к", "T20", "00", "A0", "→", "на", "12к", "٣", "Ⅻ", "K١٢"]),
                max_size=5))
@settings(max_examples=300, deadline=None)
def test_word_salads_never_raise_anything_but_rule_errors(words):
    state = tile_state()
    text = " ".join(words)
    try:
        action = GAME.parse(state, text)
    except RuleError:
        return
    assert action in GAME.legal_actions(state)


def test_labels():
    state = tile_state()
    assert GAME.label(state, "build K12") == "🏠 K12"
    assert [GAME.label(state, f"{k} K12") for k in ("oracle", "farm", "oasis", "tower", "tavern")] == [
        "🔮 K12", "🌾 K12", "🐪 K12", "🗼 K12", "🍺 K12"]
    assert GAME.label(state, "barn K12 L5") == "🛖 K12→L5"
    assert GAME.label(state, "harbor K12 L5") == "⚓ K12→L5"
    assert GAME.label(state, "paddock K12 K14") == "🐎 K12→K14"
    assert GAME.label(state, "end") == "✅ Закончить ход"


# --- keyboard groups --------------------------------------------------------------------------------------------


def level_sizes(paths: list[tuple[str, ...]]) -> list[int]:
    """The number of buttons at every level of the keyboard tree (actions and groups, before merging)."""
    prefixes = {p[:i] for p in paths for i in range(len(p) + 1)}
    sizes = []
    for prefix in prefixes:
        entries = {p[len(prefix)] if len(p) > len(prefix) else ("action", i)
                   for i, p in enumerate(paths) if p[:len(prefix)] == prefix}
        sizes.append(len(entries))
    return sizes


def paths_of(state):
    return {a: GAME.menu_path(state, a) for a in GAME.legal_actions(state)}


def test_few_builds_on_the_first_keyboard_many_by_row():
    state = building_state()
    assert set(paths_of(state).values()) == {()}
    state = turn(fresh(), 0, "G")
    paths = paths_of(state)
    assert paths["build A1"] == ("Ряд 1",) and paths["build G11"] == ("Ряд 11",)
    assert all(len(p) == 1 and p[0] == f"Ряд {a.split()[1][1:]}" for a, p in paths.items())
    assert max(level_sizes(list(paths.values()))) < 30


def test_tile_groups():
    state = tile_state()
    paths = paths_of(state)
    assert paths["end"] == ()
    assert paths["oracle B1"] == ("🔮 Оракул",)
    assert paths["paddock A1 C1"] == ("🐎 Пастбище", "из A1")
    assert paths["harbor H3 G3"] == ("⚓ Гавань", "из H3", "Ряд 3")  # any water: 74 targets by row
    assert paths["harbor A1 G3"] == ("⚓ Гавань", "из A1")  # only the water next to H3
    assert paths["barn A1 G2"] == ("🛖 Амбар", "из A1")
    # a tower far from everything: every edge hex, grouped by row
    state = turn(put(fresh(), 0, "K10"), 0, "G", builds=0, phase="after")
    give(state, 0, "R2").type = "tower"
    state.touch()
    paths = paths_of(state)
    assert paths["tower A1"] == ("🗼 Башня", "Ряд 1") and paths["tower T20"] == ("🗼 Башня", "Ряд 20")
    assert max(level_sizes(list(paths.values()))) < 30


def test_moving_tiles_group_by_origin_and_by_row_when_many():
    state = turn(put(fresh(), 0, "A1"), 0, "G", builds=0, phase="after")
    give(state, 0, "S13").type = "barn"
    state.touch()
    paths = paths_of(state)
    assert paths["barn A1 B1"] == ("🛖 Амбар", "из A1", "Ряд 1")  # 61 targets from one origin
    assert paths["barn A1 K20"] == ("🛖 Амбар", "из A1", "Ряд 20")
    many = [f"{col}{row}" for row in (1, 3) for col in "ABCDEGHIJKLMNOPQRS"]  # 36 settlements in two rows
    state = turn(put(fresh(), 0, *many), 0, "G", builds=0, phase="after")
    give(state, 0, "G18")
    state.touch()
    paths = paths_of(state)
    harbor = {a: p for a, p in paths.items() if a.startswith("harbor ")}
    assert len({a.split()[1] for a in harbor}) > 20
    assert all(p[:3] == ("⚓ Гавань", f"Ряд {a.split()[1][1:]}", f"из {a.split()[1]}") for a, p in harbor.items())
    assert max(level_sizes(list(paths.values()))) < 30


# --- the view ------------------------------------------------------------------------------------------------

VIEW_KEYS = ["game", "terrain", "sectors", "locations", "owners", "cards", "players", "current", "first",
             "builds_left", "phase", "highlight", "last_turn", "choosing", "moving", "returning", "deck", "discard",
             "final_round", "seat", "hand",
             "scores", "winners"]


def test_view_schema():
    state = tile_state()
    state.players[1].card = "D"
    view = GAME.view(state, 1)
    assert list(view) == VIEW_KEYS
    assert json.loads(json.dumps(view)) == view
    assert view["game"] == "kingdom" and len(view["terrain"]) == 20 and all(len(r) == 20 for r in view["terrain"])
    assert all(set(row) <= set("GSDBFWMCT") for row in view["terrain"])
    assert view["sectors"] == [{"name": "oracle", "title": "Оракул", "turned": False},
                               {"name": "farm", "title": "Ферма", "turned": False},
                               {"name": "harbor", "title": "Гавань", "turned": False},
                               {"name": "paddock", "title": "Пастбище", "turned": False}]
    assert view["locations"][0] == {"hex": "R2", "row": 1, "col": 17, "type": "farm", "title": "Ферма", "tiles": 1}
    assert [loc["hex"] for loc in view["locations"]] == ["R2", "H4", "M6", "S13", "L17", "G18"]
    assert len(view["owners"]) == 20 and all(len(r) == 20 for r in view["owners"])
    assert view["owners"][0][0] == 0 and view["owners"][2][7] == 0 and view["owners"][0][1] is None
    assert view["cards"] == [
        {"id": "lords", "title": "Лорды", "hint": "в каждом секторе: больше всех поселений — 12 золота, вторые "
                                                  "— 6"},
        {"id": "farmers", "title": "Фермеры", "hint": "3 золота за каждое поселение в секторе, где у вас их меньше "
                                                      "всего"},
        {"id": "fishermen", "title": "Рыбаки", "hint": "1 золото за каждое поселение рядом с водой (не на воде)"}]
    p0 = view["players"][0]
    assert list(p0) == ["seat", "name", "settlements_left", "gold", "gold_parts", "card", "tiles"]
    assert p0["settlements_left"] == 38 and p0["card"] == "G"
    assert p0["tiles"][0] == {"type": "oracle", "title": "Оракул", "from": "H4", "state": "usable"}
    assert view["players"][1]["card"] == "D" and view["hand"] == "D" and view["seat"] == 1
    assert (view["current"], view["first"], view["builds_left"], view["phase"]) == (0, 0, 0, "after")
    assert view["highlight"] == [] and view["scores"] is None and view["winners"] == []
    assert view["deck"] == len(state.deck) and view["discard"] == 0 and view["final_round"] is False
    public = GAME.view(state)
    assert public["players"][1]["card"] is None and public["hand"] is None and public["seat"] is None
    assert "deck_order" not in json.dumps(public) and GAME.view(state, 7)["seat"] is None


def test_view_says_what_is_being_chosen_and_which_settlement_moves():
    state = building_state()
    view = GAME.view(state)
    assert (view["choosing"], view["moving"], view["returning"]) == ("поставить поселение", None, None)
    state = tile_state()
    assert GAME.view(state)["choosing"] == "сыграть жетон или закончить ход"
    barn = [a for a in GAME.legal_actions(state) if a.startswith("barn ")]
    view = GAME.view(state, focus=barn)  # the barn's group: which settlement to move
    assert view["choosing"] == "какое поселение переставить" and view["moving"] is None
    assert view["highlight"] == ["A1", "H3"]
    from_h3 = [a for a in barn if a.split()[1] == "H3"]
    view = GAME.view(state, focus=from_h3)  # one settlement chosen: where to
    assert view["choosing"] == "куда переставить поселение с H3" and view["moving"] == "H3"
    assert view["highlight"] == [a.split()[2] for a in from_h3]
    oracle = [a for a in GAME.legal_actions(state) if a.startswith("oracle ")]
    assert GAME.view(state, focus=oracle)["choosing"] == "поставить поселение жетоном «Оракул»"
    assert GAME.view(GAME.new(["Аня", "Борис"], seed=1))["choosing"] == "поставить поселение"


def test_view_never_shows_the_deck_or_other_hands():
    state = fresh(4)
    for seat in range(4):
        view = json.dumps(GAME.view(state, seat))
        hidden = [p.card for s, p in enumerate(state.players) if s not in (seat, state.current)]
        shown = [c for c in (p["card"] for p in json.loads(view)["players"]) if c]
        assert len(shown) == (1 if seat == state.current else 2) and len(hidden) == 4 - len(shown)
        assert '"deck": ' + str(len(state.deck)) in view


def test_every_cited_section_exists_in_the_reference():
    import re
    from pathlib import Path

    from rules.kingdom import SECTIONS
    folder = Path(__file__).resolve().parents[2] / "rules" / "kingdom"
    reference = set(re.findall(r"\{#(kingdom\.[a-z0-9-]+)\}", (folder / "reference.md").read_text(encoding="utf-8")))
    assert set(SECTIONS) == reference
    cited = set()
    for module in folder.glob("*.py"):
        cited |= set(re.findall(r'"(kingdom\.[a-z0-9-]+)"', module.read_text(encoding="utf-8")))
    cited |= {f"kingdom.{kind}" for kind in ("oracle", "farm", "oasis", "tower", "tavern", "barn", "harbor", "paddock")}
    assert cited and cited <= reference, cited - reference

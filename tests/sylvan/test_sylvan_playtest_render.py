"""What a playtest found in the picture: the round's scoring as its own picture, face-up cards cut short, two
drawings of a tree's height, region names only in tables, the hammer not showing which dwelling moves, and the
header form «Ходит Вера — поставить жилище»."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops
from sylvan_positions import at_step, clear_board, fresh, tree

import render.common
from render import sylvan
from render.registry import ROUND_RENDERERS
from rules.sylvan import GAME
from rules.sylvan.autopilot import choose

NAMES = ["Аня", "Борис", "Вера", "Глеб"]


def decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im.convert("RGB")


def changed(a: Image.Image, b: Image.Image, box) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


@pytest.fixture
def drawn(monkeypatch):
    """Every string the picture draws, after fitting (a cut string ends with "…")."""
    seen: list[str] = []
    fit = render.common.fit

    def recording(value, size, max_width, bold=False, min_size=None):
        out = fit(value, size, max_width, bold, min_size)
        seen.append(out[0])
        return out

    monkeypatch.setattr(render.common, "fit", recording)
    original = render.common.ImageDraw.ImageDraw.text

    def text(self, xy, value, *args, **kwargs):
        seen.append(value)
        return original(self, xy, value, *args, **kwargs)

    monkeypatch.setattr(render.common.ImageDraw.ImageDraw, "text", text)
    return seen


def round_one_over(players: int = 4):
    state = GAME.new(NAMES[:players], seed=5, options={"first_seat": 0})
    while state.round == 1:
        GAME.apply(state, choose(state))
    return state


# --- 6. the round's picture -------------------------------------------------------------------------------------


def test_round_renderer_is_registered_and_draws_a_phone_picture(drawn):
    state = round_one_over()
    view = GAME.view(state)
    png = ROUND_RENDERERS["sylvan"](view)
    im = decode(png)
    assert im.width == 800 and 600 < im.height <= 1280
    assert "Итоги 1-го раунда" in drawn
    result = view["round_scores"]
    for seat, name in enumerate(NAMES):
        assert name in drawn
        assert f"+{result['trees'][seat] + result['regions'][seat]}" in drawn
    for r in view["regions"]:
        assert r["name"] in drawn
    owned = [t for t, s in result["tree_owners"].items() if s is not None]
    assert any(f"+{result['heights'][t]}" in drawn for t in owned)


def test_round_picture_shows_the_owner_of_each_tree_on_its_map():
    state = round_one_over()
    view = GAME.view(state)
    im = decode(sylvan.render_round(view))
    result = view["round_scores"]
    name, seat = next((t, s) for t, s in result["tree_owners"].items() if s is not None)
    other = dict(view, round_scores=dict(result, tree_owners={**result["tree_owners"], name: None}))
    assert ImageChops.difference(im, decode(sylvan.render_round(other))).getbbox() is not None


def test_round_picture_survives_odd_views():
    for view in ({}, {"round_scores": {"round": 2, "trees": None, "region_winners": {"pine": [0, "x"]}}},
                 GAME.view(fresh())):
        assert decode(sylvan.render_round(view)).width == 800


# --- 7. the face-up cards, the height, the region names, the hammer ------------------------------------------------


def test_face_up_cards_print_every_symbol_in_full(drawn):
    state = fresh()
    view = GAME.view(state)
    view["face_up"] = [GAME.view(state)["face_up"][0]] * 3
    dual = {"id": 0, "key": "ореховый-мост+верхушка", "style": "nut", "style_name": "ореховый", "emoji": "🌰",
            "inhabitant": "белки", "symbols": ["bridge", "treetop"], "symbol_names": ["мост", "верхушка"]}
    view["face_up"] = [dual, dual, dual]
    sylvan.render(view)
    assert "верхушка" in drawn and "мост" in drawn and "ореховый" in drawn
    assert not any(isinstance(s, str) and s.endswith("…") for s in drawn), [s for s in drawn if s.endswith("…")]


def test_the_height_of_every_tree_is_the_same_crown():
    plain = sylvan.crown_sprite(1, None).getchannel("A")
    owned = sylvan.crown_sprite(1, sylvan.OWNER_RGB["blue"]).getchannel("A")
    diff = ImageChops.difference(plain.point(lambda a: 255 if a > 128 else 0),
                                 owned.point(lambda a: 255 if a > 128 else 0))
    assert sum(diff.histogram()[128:]) < 10  # the same outline, only the colour differs


def test_region_names_are_on_the_map(drawn):
    view = GAME.view(fresh(4))
    im = sylvan.render(view)
    for r in view["regions"]:
        assert r["name"] in drawn or any(r["name"].startswith(s) for s in drawn if isinstance(s, str) and s)
    blank = dict(view, regions=[dict(r, name="") for r in view["regions"]])
    first = view["regions"][0]["trees"][0]
    x0, y0, x1, _ = sylvan.cell_box(first)
    assert changed(im, sylvan.render(blank), (x0 + sylvan.CROWN_W, y0 + 6, x1 - 6, y0 + 50))


def hammer_position():
    state = fresh()
    clear_board(state, "leaf")
    tree(state, "Б3", "leaf", [(1, "nut"), (0, "leaf")])
    tree(state, "А1", "leaf", [(0, "nut")])
    state.players[0].items["hammer"] = 1
    at_step(state, "act")
    return state


def test_hammer_focus_marks_the_moving_dwelling_and_says_what_is_chosen(drawn):
    state = hammer_position()
    hammers = [a for a in GAME.legal_actions(state) if a.startswith("hammer ")]
    from_b3 = [a for a in hammers if a.startswith("hammer Б3 ")]
    view = GAME.view(state, focus=from_b3)
    assert view["moving"] == ["Б3"] and view["choosing"] == "выбрать, куда перенести жилище с Б3"
    assert "Б3" not in view["highlight"] and "А3" in view["highlight"]  # where it may go
    both = GAME.view(state, focus=hammers)
    assert sorted(both["moving"]) == ["А1", "Б3"] and sorted(both["highlight"]) == ["А1", "Б3"]
    assert both["choosing"] == "выбрать, какое жилище перенести молотком"
    plain = GAME.view(state)
    im, before = sylvan.render(view), sylvan.render(dict(view, moving=[]))
    x0, y0, x1, y1 = sylvan.level_box("Б3", 2)
    ring = (x0 - 6, y0 - 6, x1 + 6, y1 + 6)
    assert changed(im, before, ring)
    assert "Ходит Аня — выбрать, куда перенести жилище с Б3" in drawn
    drawn.clear()
    sylvan.render(plain)
    assert "Ходит Аня — взять карту" in drawn


# --- 8. the header form and the end --------------------------------------------------------------------------------


def test_header_is_player_dash_infinitive_and_the_end_is_partiya_okonchena(drawn):
    state = fresh()
    sylvan.render(GAME.view(state))
    assert "Ходит Аня — сыграть карту" in drawn
    for p in state.players:
        p.stacks = [[], []]
    state.round, state.step = 2, "act"
    from rules.sylvan.engine import end_turn
    end_turn(state)
    drawn.clear()
    sylvan.render(GAME.view(state))
    assert "Партия окончена" in drawn and "Игра окончена" not in drawn

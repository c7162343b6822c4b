"""The «Зодчие» picture read on a phone (430 px wide), in a 4-seat game with two bots: every seat has its own
chip mark, region names never cover a crown or a stack however tall the trees grow, the round's tables put the
leader on top and never cut a name or a tie's fame, and the panel's text is at least 9 px at 430 px."""

from __future__ import annotations

import copy
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import render.common
from render import sylvan
from render.badges import badges
from rules.sylvan import GAME
from rules.sylvan.autopilot import choose

NAMES = ["Борис", "Аня", "Бот Филин", "Бот Барсук"]  # three seats whose names all begin with «Б»
PHONE = 430


@lru_cache(maxsize=1)
def game_views() -> dict[str, dict]:
    """Public views of one autopilot game at its start, middle, round end, late in round 2 and at the end."""
    state = GAME.new(NAMES, seed=11, options={"first_seat": 0})
    views = {"start": GAME.view(state)}
    moves = 0
    while not GAME.is_over(state):
        GAME.apply(state, choose(state))
        moves += 1
        if moves == 60:
            views["mid"] = GAME.view(state, 1)
        if state.round == 2 and state.step == "place" and "roundend" not in views:
            views["roundend"] = GAME.view(state)
        if state.round == 2 and state.step == "place" and max(len(p.stacks[1]) for p in state.players) <= 2:
            views.setdefault("late", GAME.view(state, 2))
    views["final"] = GAME.view(state)
    return views


def all_views() -> list[dict]:
    return [copy.deepcopy(v) for v in game_views().values()]


@pytest.fixture
def drawn(monkeypatch):
    """(text, font size, y) of every string the picture draws."""
    seen: list[tuple[str, int, float]] = []
    original = render.common.ImageDraw.ImageDraw.text

    def text(self, xy, value, *args, **kwargs):
        f = kwargs.get("font")
        seen.append((value, getattr(f, "size", 0), xy[1]))
        return original(self, xy, value, *args, **kwargs)

    monkeypatch.setattr(render.common.ImageDraw.ImageDraw, "text", text)
    return seen


# ---------------------------------------------------------------- the chips' marks


def test_three_seats_starting_with_the_same_letter_get_distinct_marks(drawn):
    view = game_views()["mid"]
    marks = sylvan.marks(view)
    assert marks == {0: "Б", 1: "А", 2: "Ф", 3: "Ба"}  # not «Б» three times
    sylvan.render(copy.deepcopy(view))
    board_h = sylvan.board_height(view["rows"])
    chips = [t for t, _, y in drawn if y > board_h and t in marks.values()]
    assert sorted(set(chips)) == sorted(marks.values())  # each mark is drawn in the panel
    assert chips.count("Б") == 1  # on Борис's row only (the current player's chip is Аня's «А»)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="БбАВоаиртФилнс Бот🚀-", max_size=14), min_size=1, max_size=5))
def test_marks_are_unique_and_short_for_any_names(names):
    marks = badges(dict(enumerate(names)))
    assert set(marks) == set(range(len(names)))
    assert len(set(marks.values())) == len(names)
    assert all(1 <= len(m) <= 2 for m in marks.values())


def test_marks_prefer_the_name_s_own_word():
    assert badges({0: "Бот Ёж", 1: "Бот Енот", 2: "Вера"}) == {0: "Ё", 1: "Е", 2: "В"}
    assert badges({0: "Борис", 1: "Бот Филин"}) == {0: "Б", 1: "Ф"}
    assert badges({0: "Анна Петрова", 1: "Алла Петрова", 2: "Аня"}) == {0: "П", 1: "АП", 2: "А"}
    assert badges({0: "Аня", 1: "Аня"}) == {0: "А1", 1: "А2"}  # one name twice: told apart by seat


# ---------------------------------------------------------------- region names on the board


def grown(view: dict) -> dict:
    """Every tree five dwellings high with a treetop and a flag on top: no top band is left anywhere."""
    view = copy.deepcopy(view)
    for i, t in enumerate(view["trees"]):
        t["tiles"] = [{"seat": (i + j) % 4, "style": sylvan.STYLES[(i + j) % 4]} for j in range(5)]
        t["height"], t["treetop"], t["advantage"] = 7, True, i % 4
        t["flags"] = [{"seat": i % 4, "level": 5}]
    return view


def assert_labels_clear(view: dict) -> dict:
    labels = sylvan.region_labels(view)
    trees = [t for t in view["trees"] if sylvan.parse_name(t["name"])]
    crowns = [sylvan.crown_box(t["name"]) for t in trees]
    stacks = [sylvan.stack_box(t) for t in trees]
    boxes = [box for _, box, _ in labels.values()]
    for rid, (_, box, _) in labels.items():
        assert not any(sylvan.overlaps(box, c) for c in crowns), rid
        assert not any(sylvan.overlaps(box, s) for s in stacks), rid
        assert 0 <= box[0] and box[2] <= sylvan.WIDTH and 0 <= box[1]
        assert box[3] <= sylvan.board_height(view["rows"])
    for i, a in enumerate(boxes):
        assert not any(sylvan.overlaps(a, b) for b in boxes[i + 1:])
    assert set(labels) == {r["id"] for r in view["regions"]}  # every region is named
    return labels


@pytest.mark.parametrize("moment", ["start", "mid", "roundend", "late", "final"])
def test_region_names_never_cover_a_crown_or_a_stack(moment):
    assert_labels_clear(game_views()[moment])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_region_names_find_room_on_a_board_of_full_trees(players):
    view = grown(GAME.view(GAME.new(NAMES[:players], seed=3, options={"first_seat": 0})))
    labels = assert_labels_clear(view)
    unused = {sylvan.parse_name(n) for n in view["empty_spots"]}  # the glade with 2 players: no trees there
    regioned = {sylvan.parse_name(n) for r in view["regions"] for n in r["trees"]}
    for rid, (lines, box, pond) in labels.items():
        region = next(r for r in view["regions"] if r["id"] == rid)
        if not pond:  # no tree has room left: only a spot without a tree does
            assert {sylvan.parse_name(n) for n in region["trees"]} <= unused, rid
            continue
        # else it stands in a pond next to its region, with an arrow towards it
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        col, row = int((cx - sylvan.MX) // sylvan.CELL_W), int((cy - sylvan.MY) // sylvan.CELL_H)
        assert (col, row) not in regioned
        assert any(a in " ".join(lines) for a in sylvan.ARROWS.values())
        near = {sylvan.parse_name(n) for n in region["trees"]}
        assert any(abs(col - c) + abs(row - r) == 1 for c, r in near), rid


def test_a_short_tree_keeps_its_region_name_in_its_own_cell():
    view = grown(GAME.view(GAME.new(NAMES, seed=3, options={"first_seat": 0})))
    low = next(t for t in view["trees"] if t["name"] == "Б1")
    low.update(tiles=low["tiles"][:1], height=2, treetop=False, flags=[])
    lines, box, pond = sylvan.region_labels(view)["pine"]
    x0, y0, x1, y1 = sylvan.cell_box("Б1")
    assert not pond and x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1


def test_the_drawn_names_sit_where_the_layout_says():
    view = grown(game_views()["final"])
    plain = copy.deepcopy(view)
    for r in plain["regions"]:
        r["name"] = ""
    a, b = sylvan.render(view), sylvan.render(plain)
    boxes = [tuple(round(v) for v in box) for _, box, _ in sylvan.region_labels(view).values()]
    for box in boxes:
        assert a.crop(box).tobytes() != b.crop(box).tobytes()  # the plate and the name are there
    hidden = Image.new("L", a.size, 0)
    for x0, y0, x1, y1 in boxes:
        hidden.paste(255, (x0 - 1, y0 - 1, x1 + 1, y1 + 1))
    a.paste((0, 0, 0), mask=hidden)
    b.paste((0, 0, 0), mask=hidden)
    board = (0, 0, sylvan.WIDTH, sylvan.board_height(view["rows"]))  # (the panel's regions line names them too)
    assert a.crop(board).tobytes() == b.crop(board).tobytes()  # and nothing of them is drawn elsewhere on the map


# ---------------------------------------------------------------- the round's tables


def round_end_view() -> dict:
    view = copy.deepcopy(game_views()["roundend"])
    assert sylvan.round_end_result(view) is not None
    return view


def test_round_order_puts_the_leader_on_top():
    view = round_end_view()
    result = view["round_results"][-1]
    order = sylvan.round_order(view, result)
    fame = {p["seat"]: p["fame"] for p in view["players"]}
    assert [fame[s] for s in order] == sorted(fame.values(), reverse=True)
    points = {s: result["trees"][s] + result["regions"][s] for s in fame}
    assert order != sorted(fame, key=lambda s: -points[s]) or fame == points  # not by the round's points


@pytest.mark.parametrize("picture", ["board", "round"])
def test_round_tables_draw_names_top_down_by_total(picture, drawn):
    view = round_end_view()
    (sylvan.render if picture == "board" else sylvan.render_round_image)(view)
    names = {p["seat"]: p["name"] for p in view["players"]}
    board_h = sylvan.board_height(view["rows"]) if picture == "board" else 0
    table_end = board_h + sylvan.HEADER_H + sylvan.layout(view)["round"] if picture == "board" else 400
    ys = {}
    for t, _, y in drawn:
        if board_h < y < table_end and t in names.values():
            ys.setdefault(t, y)
    order = sylvan.round_order(view, view["round_results"][-1])
    assert [names[s] for s in order] == sorted(ys, key=ys.get)
    assert "всего" in [t for t, _, _ in drawn]


def tie(view: dict, seats: list[int]) -> dict:
    view["round_scores"] = copy.deepcopy(view["round_results"][-1])
    for rid in view["round_scores"]["region_winners"]:
        view["round_scores"]["region_winners"][rid] = seats
    return view


@pytest.mark.parametrize("seats", [[2, 3], [0, 2, 3], [0, 1, 2, 3]])
def test_round_picture_keeps_whole_names_and_every_tie_s_fame(seats, drawn):
    view = tie(round_end_view(), seats)
    im = sylvan.render_round_image(view)
    strings = [t for t, _, _ in drawn]
    assert not any(t.endswith("…") for t in strings), [t for t in strings if t.endswith("…")]
    for s in seats:
        assert strings.count(view["players"][s]["name"]) >= len(view["regions"])  # in every region's row
    assert sum(1 for t in strings if t.startswith("+") and t[1:].isdigit()) >= len(view["regions"]) * len(seats)
    assert im.height == sylvan.round_layout(view)["total"]
    assert im.height <= 1280  # even with a tie in every region


def test_the_board_round_table_keeps_long_bot_names(monkeypatch):
    view = round_end_view()
    seen = []
    fit = render.common.fit

    def recording(value, size, max_width, bold=False, min_size=None):
        out = fit(value, size, max_width, bold, min_size)
        seen.append((value, out))
        return out

    monkeypatch.setattr(render.common, "fit", recording)
    sylvan.render(view)
    for name in NAMES:
        fitted = [out for value, out in seen if value == name]
        assert len(fitted) >= 2 and all(t == name and size >= 17 for t, size in fitted), (name, fitted)


# ---------------------------------------------------------------- text size at phone width


@pytest.mark.parametrize("moment", ["start", "mid", "roundend", "late", "final"])
def test_panel_text_is_readable_at_phone_width(moment, drawn):
    view = copy.deepcopy(game_views()[moment])
    im = sylvan.render(view)
    board_h = sylvan.board_height(view["rows"])
    scale = PHONE / im.width
    panel = [(t, size) for t, size, y in drawn if y > board_h and t.strip()]
    assert panel
    small = [(t, size) for t, size in panel if size * scale < 8]
    assert not small, small  # nothing under 8 px; the least a fitted name may shrink to
    stock = [(t, size) for t, size in panel if t.startswith("жилищ")]
    if moment != "final":
        assert len(stock) == len(view["players"])
        assert all(size * scale >= 9 for _, size in stock), stock  # the second line, «жилищ 8+8 · флагов 16 …»
    regions = [(t, size) for t, size in panel if t in {r["name"] for r in view["regions"]}]
    assert all(size * scale >= 8 for _, size in regions)

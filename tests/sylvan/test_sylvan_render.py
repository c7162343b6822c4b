"""The Sylvan Dale picture: decodes, fits a phone, draws trees as stacks in their owners' colours with flags,
bridges, treetops, crowns and highlights where they belong, keeps hands out of the public picture, draws the
round and final tables, reuses its cached board, and survives every view of random games and odd values."""

from __future__ import annotations

import ast
import copy
import doctest
import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import sylvan
from render.__main__ import main as cli_main
from render.common import WHITE, WIN, font
from render.registry import RENDERERS
from render.sylvan import access, geometry
from rules.sylvan import GAME

FIXTURES = Path(__file__).with_name("fixtures")
VIEW_FILES = sorted(FIXTURES.glob("sylvan_view_*.json"))
NAMES = ["Аня", "Борис", "Вера", "Глеб"]


def decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def close(a, b, tolerance: int = 4) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def count_colour(im: Image.Image, box: tuple[int, int, int, int], rgb, tolerance: int = 6) -> int:
    crop = im.crop(box).convert("RGB")
    diff = ImageChops.difference(crop, Image.new("RGB", crop.size, tuple(rgb)))
    r, g, b = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)  # the largest channel difference per pixel
    return sum(worst.histogram()[:tolerance + 1])


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / f"sylvan_view_{name}.json").read_text(encoding="utf-8"))


def bare_view(players: int = 4, seed: int = 1) -> dict:
    """A fresh engine view with every tree a bare base of its own style, nothing highlighted."""
    view = GAME.view(GAME.new(NAMES[:players], seed=seed, options={"first_seat": 0}))
    view["highlight"] = []
    return view


def tree(view: dict, name: str) -> dict:
    return next(t for t in view["trees"] if t["name"] == name)


def build(view: dict, name: str, tiles: list[tuple[int, str]], flags=(), treetop: bool = False,
          advantage: int | None = None) -> dict:
    t = tree(view, name)
    t["tiles"] = [{"seat": s, "style": st} for s, st in tiles]
    t["height"] = 1 + len(tiles)
    t["top_style"] = tiles[-1][1] if tiles else t["base"]
    t["flags"] = [{"seat": s, "level": lv} for s, lv in flags]
    t["treetop"] = treetop
    t["advantage"] = advantage
    return t


def colour_of(view: dict, seat: int):
    return sylvan.OWNER_RGB[view["players"][seat]["colour"]]


def stack_top(im: Image.Image, plain: Image.Image, name: str) -> int:
    """The highest row (smallest y) of the cell where the stack's column differs from the bare board."""
    _, _, x1, y1 = sylvan.level_box(name, 1)
    x = x1 - 12
    cy0 = sylvan.cell_box(name)[1]
    for y in range(cy0 + 2, y1):
        if im.getpixel((x, y)) != plain.getpixel((x, y)):
            return y
    return y1


# ---------------------------------------------------------------- files, sizes, registry, cache


@pytest.mark.parametrize("path", VIEW_FILES, ids=lambda p: p.stem)
def test_fixture_renders_to_a_phone_sized_png(path):
    png = sylvan.draw(json.loads(path.read_text(encoding="utf-8")))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    im = decode(png)
    assert im.format == "PNG"
    assert max(im.size) <= 1280
    assert im.width == sylvan.WIDTH < im.height  # portrait: board on top, panel below


def test_fixtures_cover_the_moments_of_a_game():
    assert {p.stem for p in VIEW_FILES} >= {"sylvan_view_start2", "sylvan_view_mid4", "sylvan_view_mid3_seat",
                                           "sylvan_view_roundend4", "sylvan_view_final4"}
    mid = fixture("mid4")
    assert mid["bridges"] and mid["highlight"] and mid["step"] == "place"
    assert any(t["treetop"] for t in mid["trees"]) and any(t["flags"] for t in mid["trees"])
    assert fixture("final4")["step"] == "over" and fixture("mid3_seat")["hand"]


def test_registry_knows_sylvan():
    assert RENDERERS["sylvan"] is sylvan.draw


def test_same_view_same_bytes():
    view = fixture("mid4")
    first = sylvan.draw(view)
    sylvan.draw(fixture("final4"))
    sylvan.draw(fixture("start2"))
    assert sylvan.draw(copy.deepcopy(view)) == first


def test_board_is_drawn_once_per_layout_and_never_drawn_on():
    view = fixture("mid4")
    board = sylvan.background(view)
    pristine = board.plain.copy()
    hits = sylvan.cached_board.cache_info().hits
    sylvan.draw(view)
    sylvan.draw(fixture("final4"))  # the same game later: same trees and bases
    assert sylvan.background(fixture("roundend4")) is board
    assert sylvan.cached_board.cache_info().hits >= hits + 3
    assert ImageChops.difference(pristine, board.plain).getbbox() is None
    assert sylvan.background(fixture("start2")) is not board  # the other side of the board
    other = copy.deepcopy(view)
    tree(other, "Б3")["base"] = "nut" if tree(view, "Б3")["base"] != "nut" else "leaf"
    assert sylvan.background(other) is not board  # the bases are on the board picture


# ---------------------------------------------------------------- geometry


def test_tree_center_follows_the_grid():
    view = bare_view(4)
    ax, ay = sylvan.tree_center(view, "А1")
    bx, by = sylvan.tree_center(view, "Б1")
    cx, cy = sylvan.tree_center(view, "А2")
    assert by == ay and bx - ax == pytest.approx(sylvan.CELL_W, abs=1)
    assert cx == ax and cy - ay == sylvan.CELL_H
    im = sylvan.render(view)
    for t in view["trees"]:
        x, y = sylvan.tree_center(view, t["name"])
        assert 0 < x < im.width and 0 < y < sylvan.board_height(5)
        box = (x - sylvan.BASE_W // 2 + 2, y - 10, x + sylvan.BASE_W // 2 - 2, y + 10)
        assert count_colour(im, box, sylvan.WOOD, 3) > 100, t["name"]  # the wooden base with the name
    with pytest.raises(ValueError):
        sylvan.tree_center(view, "Z9")


# ---------------------------------------------------------------- pieces on the board


@pytest.mark.parametrize("seat", range(4))
def test_tile_has_its_owner_colour(seat):
    view = bare_view(4)
    styles = ["mushroom", "flower", "nut", "leaf"]
    build(view, "Б3", [(seat, s) for s in styles] + [((seat + 1) % 4, "nut")], advantage=seat)
    im = sylvan.render(view)
    for level in range(1, 6):
        x0, y0, x1, y1 = sylvan.level_box("Б3", level)
        owner = seat if level < 5 else (seat + 1) % 4
        pixel = im.getpixel((x1 - 20, (y0 + y1) // 2 + 2))
        assert close(pixel, colour_of(view, owner)), (level, pixel)
        others = [colour_of(view, s) for s in range(4) if s != owner]
        colour_part = (x0 + sylvan.SWATCH + 4, y0, x1, y1)  # right of the style glyph
        assert all(count_colour(im, colour_part, c, 10) < 5 for c in others)


def test_styles_are_different_shapes_on_the_tiles():
    view = bare_view(4)
    build(view, "Б3", [(0, "mushroom"), (0, "flower"), (0, "nut"), (0, "leaf")])
    im = sylvan.render(view)
    swatches = []
    for level in range(1, 5):
        x0, y0, _, y1 = sylvan.level_box("Б3", level)
        swatches.append(im.crop((x0 + 3, y0 + 2, x0 + 3 + sylvan.SWATCH - 2, y1 - 2)).convert("L"))
    masks = [s.point(lambda v: 255 if v < 200 else 0) for s in swatches]  # the glyph's silhouette
    for i in range(4):
        for j in range(i + 1, 4):
            diff = ImageChops.difference(masks[i], masks[j])
            assert sum(1 for v in diff.tobytes() if v) > 25, (i, j)  # shapes differ, not only colours


def test_taller_trees_draw_taller_stacks():
    view = bare_view(4)
    for r in view["regions"]:  # a region's name sits over its lowest tree, so it moves as trees grow: not drawn
        r["name"] = ""
    plain = sylvan.render(view)
    build(view, "А1", [(0, "leaf")])
    build(view, "Б1", [(1, "leaf"), (1, "nut"), (2, "flower"), (1, "mushroom")])
    build(view, "Г1", [(2, "leaf")] * 5)
    im = sylvan.render(view)
    tops = {name: stack_top(im, plain, name) for name in ("А1", "Б1", "Г1")}
    assert tops["А1"] - tops["Б1"] == pytest.approx(3 * sylvan.LEVEL_H, abs=2)
    assert tops["Б1"] - tops["Г1"] == pytest.approx(1 * sylvan.LEVEL_H, abs=2)
    assert stack_top(im, plain, "Д1") == sylvan.level_box("Д1", 1)[3]  # a bare base: nothing above it


def test_treetop_sits_on_the_top_dwelling():
    view = bare_view(4)
    build(view, "В3", [(0, "leaf"), (1, "nut")])
    before = sylvan.render(view)
    tree(view, "В3")["treetop"] = True
    after = sylvan.render(view)
    x0, y0, x1, _ = sylvan.level_box("В3", 2)
    above = (x0, y0 - sylvan.TOP_H, x1, y0)
    assert changed(before, after, above)
    assert count_colour(after, above, sylvan.TREETOP, 12) > 40
    assert not changed(before, after, sylvan.level_box("В3", 1))
    assert not changed(before, after, sylvan.cell_box("Г3"))


def test_bridges_hang_between_neighbours_at_their_levels():
    view = bare_view(4)
    build(view, "А1", [(0, "leaf"), (0, "nut")])
    build(view, "Б1", [(1, "leaf"), (0, "nut"), (1, "leaf")])
    build(view, "А2", [(3, "leaf")])
    before = sylvan.render(view)
    view["bridges"] = [{"a": "А1", "b": "Б1", "seat": 2, "level_a": 2, "level_b": 2},
                       {"a": "А1", "b": "А2", "seat": 3, "level_a": 1, "level_b": 0}]
    after = sylvan.render(view)
    # side by side: between the right edge of А1 and the left edge of Б1, at level 2
    _, y0, right, y1 = sylvan.level_box("А1", 2)
    left = sylvan.level_box("Б1", 2)[0]
    mid = ((right + left) // 2, (y0 + y1) // 2)
    assert close(after.getpixel(mid), colour_of(view, 2))
    assert not close(before.getpixel(mid), colour_of(view, 2))
    below = (mid[0], mid[1] + sylvan.LEVEL_H)  # not at level 1
    assert after.getpixel(below) == before.getpixel(below)
    # one above the other: down the right side of the stacks
    path = sylvan.bridge_path((0, 0, 1), (0, 1, 0))
    (xv, ya), (_, yb) = path[1], path[2]
    assert close(after.getpixel((round(xv), round((ya + yb) / 2))), colour_of(view, 3))
    assert not changed(before, after, sylvan.cell_box("Г3"))


def test_flag_is_drawn_on_its_level_in_its_owner_colour():
    view = bare_view(4)
    build(view, "В3", [(0, "leaf"), (0, "leaf"), (0, "leaf")])
    before = sylvan.render(view)
    tree(view, "В3")["flags"] = [{"seat": 1, "level": 2}]
    after = sylvan.render(view)
    assert changed(before, after, sylvan.level_box("В3", 2))
    assert count_colour(after, sylvan.level_box("В3", 2), colour_of(view, 1), 16) > 20
    assert not changed(before, after, sylvan.level_box("В3", 1))
    assert not changed(before, after, sylvan.level_box("В3", 3))


def test_style_glyphs_fill_the_tile_height():
    """A phone shows the picture 430 px wide: the glyph fills its plate, and the plate the tile's height."""
    assert sylvan.SWATCH >= sylvan.LEVEL_H
    for style in sylvan.STYLES:
        g = sylvan.glyph_sprite(style, sylvan.SWATCH)
        flat = Image.new("RGB", g.size, (255, 255, 255))
        flat.paste(g, (0, 0), g)
        inside = flat.convert("L").crop((2, 2, g.width - 2, g.height - 2))  # within the plate's rim
        x0, y0, x1, y1 = inside.point(lambda v: 255 if v < 230 else 0).getbbox()
        assert min(x1 - x0, y1 - y0) >= 18, style


@pytest.mark.parametrize("level,owner", [(0, 0), (2, 1), (2, 2)])  # on the base; another's tile; his own tile
def test_flag_is_a_banner_in_its_owner_colour_readable_at_phone_width(level, owner):
    """The flag's banner is its owner's colour (not a white badge with a coloured tick), rimmed in white so it
    shows on a tile of the same colour, and still a patch of that colour when a phone shows 430 px."""
    view = bare_view(4)
    build(view, "В3", [(1, "leaf"), (2, "nut")])
    before = sylvan.render(view)
    tree(view, "В3")["flags"] = [{"seat": owner, "level": level}]
    after = sylvan.render(view)
    x0, y0, x1, y1 = sylvan.level_box("В3", level)
    right = (x1 - sylvan.FLAG_W - 3, y0, x1, y1)  # the flag stands at the right end of its level
    colour = colour_of(view, owner)
    if level == 0 or owner != 2:  # on another colour: the banner adds its owner's colour
        assert count_colour(after, right, colour, 12) - count_colour(before, right, colour, 12) > 70
    assert count_colour(after, right, WHITE, 10) - count_colour(before, right, WHITE, 10) > 20  # rim
    assert changed(before, after, right)
    for other in (level - 1, level + 1):
        if 0 <= other <= 2:
            assert not changed(before, after, sylvan.level_box("В3", other))
    banner = sylvan.flag_sprite(colour)
    flat = Image.new("RGB", banner.size, (0, 0, 0))
    flat.paste(banner, (0, 0), banner)
    assert count_colour(flat, (0, 0, *banner.size), colour, 12) > 70  # the sprite: three times the old pennant
    small = after.resize((430, round(after.height * 430 / after.width)), Image.LANCZOS)  # what a phone shows
    f = 430 / after.width
    box = (round(right[0] * f), round(y0 * f), round(x1 * f), round(y1 * f))
    if level == 0 or owner != 2:
        assert count_colour(small, box, colour, 40) >= 20  # the old pennant left about 7 such pixels


@pytest.mark.parametrize("name", ["Г1", "Б3"])  # under the board's frame; under a river (Б2 is another region)
def test_treetop_of_a_full_tree_stays_clear_of_the_river_and_frame(name):
    view = bare_view(4)
    build(view, name, [(0, "leaf"), (1, "nut"), (2, "flower"), (3, "mushroom"), (0, "leaf")])
    before = sylvan.render(view)
    tree(view, name)["treetop"] = True
    after = sylvan.render(view)
    x0, y0, x1, _ = sylvan.level_box(name, 5)
    assert count_colour(after, (x0, y0 - sylvan.TOP_H, x1, y0), sylvan.TREETOP, 12) > 40  # it is drawn
    cx0, cy0, cx1, _ = sylvan.cell_box(name)
    edge = (cx0, max(0, cy0 - 8), cx1, cy0 + 8)  # the frame or river band along the cell's top, and 2 px more
    assert not changed(before, after, edge)


def test_crown_shows_the_advantage_holder():
    view = bare_view(4)
    build(view, "Б3", [(0, "leaf"), (2, "nut"), (2, "leaf")], advantage=2)
    build(view, "В3", [(0, "leaf"), (1, "nut")], advantage=None)
    im = sylvan.render(view)

    def crown(name):
        x, y = sylvan.crown_center(name)
        return x - sylvan.CROWN_W // 2, y - sylvan.CROWN_H // 2, x + sylvan.CROWN_W // 2, y + sylvan.CROWN_H // 2

    assert count_colour(im, crown("Б3"), colour_of(view, 2)) > 80
    for seat in range(4):
        assert count_colour(im, crown("В3"), colour_of(view, seat)) == 0
    tree(view, "Б3")["advantage"] = 0
    assert count_colour(sylvan.render(view), crown("Б3"), colour_of(view, 0)) > 80
    # the height is in the crown: another height, other pixels
    a = sylvan.render(view)
    tree(view, "Б3")["height"] = 5
    assert changed(a, sylvan.render(view), crown("Б3"))


def test_highlighted_tree_is_marked():
    view = bare_view(4)
    build(view, "Б3", [(0, "leaf")])
    before = sylvan.render(view)
    view["highlight"] = ["Б3"]
    after = sylvan.render(view)
    box = sylvan.cell_box("Б3")
    assert changed(before, after, box)
    assert count_colour(after, box, sylvan.HL_RING, 10) > 300  # a thick frame round the cell
    assert count_colour(before, box, sylvan.HL_RING, 10) == 0
    for other in ("В3", "Б2", "А4"):
        assert not changed(before, after, sylvan.cell_box(other))


def test_empty_spots_of_the_glade_are_marked_with_two_players():
    view = bare_view(2)
    assert view["empty_spots"] == ["Б2", "В2", "Г2"]
    im = sylvan.render(view)
    for name in view["empty_spots"]:
        x, y = sylvan.tree_center(view, name)
        assert count_colour(im, (x - 60, y - 14, x + 60, y + 14), sylvan.WOOD, 3) == 0  # no base
        assert count_colour(im, (x - 60, y - 14, x + 60, y + 14), (150, 150, 140), 20) > 80  # greyed name


def test_rivers_run_between_regions():
    view = bare_view(4)
    im = sylvan.render(view)
    # А1 (pine) and А2 (pine) share a region; Б2 (pine) and В2 (oak) do not
    def water(x, y):
        r, _, b = im.getpixel((x, y))
        return b > r + 50

    _, _, right_b2, y1 = sylvan.cell_box("Б2")
    assert all(water(right_b2 + dx, y1 - 20) for dx in (-4, 0, 4))
    _, _, _, bottom_a1 = sylvan.cell_box("А1")
    assert not any(water(sylvan.cell_box("А1")[0] + 10, bottom_a1 + dy) for dy in (-4, 0, 4))


# ---------------------------------------------------------------- panel: secrets, tables


def test_public_view_does_not_depend_on_hands():
    state = GAME.new(NAMES[:3], seed=4, options={"first_seat": 0})
    public = sylvan.draw(GAME.view(state))
    # other cards in every hand and another order of the stacks: the same public picture
    for p in state.players:
        for j in range(len(p.hand)):  # swap with cards of the deck: the deck keeps its size
            k = -1 - j - 4 * state.players.index(p)
            p.hand[j], state.deck[k] = state.deck[k], p.hand[j]
        p.stacks = [list(reversed(s)) for s in p.stacks]
    assert sylvan.draw(GAME.view(state)) == public
    # a public view that somehow carries a hand still never draws it
    leaky = GAME.view(state)
    mine = GAME.view(state, 0)
    leaky["hand"], leaky["stacks"] = mine["hand"], mine["stacks"]
    assert sylvan.draw(leaky) == public


def test_private_view_draws_the_seat_hand_and_stacks():
    state = GAME.new(NAMES[:3], seed=4, options={"first_seat": 0})
    public = sylvan.render(GAME.view(state))
    mine = sylvan.render(GAME.view(state, 1))
    assert mine.height == public.height + sylvan.PRIVATE_H
    strip = (0, public.height, sylvan.WIDTH, mine.height)
    assert count_colour(mine, strip, sylvan.PRIVATE_BG, 2) > 5000
    other = GAME.view(state, 1)
    other["hand"] = other["hand"][:1]
    assert changed(mine, sylvan.render(other), strip)
    board_h = sylvan.board_height(GAME.view(state)["rows"])
    assert not changed(mine, public, (0, 0, sylvan.WIDTH, board_h))  # the board is the same for everyone


def test_panel_shows_whose_turn_and_step():
    view = fixture("mid4")
    a = sylvan.render(view)
    board_h = sylvan.board_height(view["rows"])
    for change in ({"current": (view["current"] + 1) % 4}, {"step": "act"}, {"step": "play"}):
        other = dict(view, **change)
        b = sylvan.render(other)
        assert changed(a, b, (0, board_h, sylvan.WIDTH, board_h + sylvan.HEADER_H))
        assert not changed(a, b, (0, 0, sylvan.WIDTH, board_h - 2))


def test_played_cards_and_items_show_in_the_player_row():
    view = bare_view(2)
    a = sylvan.render(view)
    card = {"id": 0, "style": "mushroom", "symbols": ["axe"]}
    view["players"][1]["played"] = [card, card]
    b = sylvan.render(view)
    view["players"][1]["items"]["hammer"] = 2
    c = sylvan.render(view)
    rows_y = sylvan.board_height(view["rows"]) + 2 + sylvan.HEADER_H + sylvan.CARDS_H
    rows_y += sylvan.layout(view)["players_head"]
    first_row = (0, rows_y, sylvan.WIDTH, rows_y + sylvan.ROW_H - 4)
    second_row = (0, rows_y + sylvan.ROW_H, sylvan.WIDTH, rows_y + 2 * sylvan.ROW_H - 4)
    assert changed(a, b, second_row) and changed(b, c, second_row)
    assert not changed(a, c, first_row)


def test_round_end_draws_the_round_table():
    view = fixture("roundend4")
    assert view["round"] == 2 and view["round_results"]
    table = sylvan.render(view)
    plain = copy.deepcopy(view)
    plain["round_results"] = []
    cards = sylvan.render(plain)
    board_h = sylvan.board_height(view["rows"])
    assert changed(table, cards, (0, board_h + sylvan.HEADER_H, sylvan.WIDTH, table.height))
    assert max(table.size) <= 1280
    # the regions line: each region's tint appears in the panel
    panel = (0, board_h + sylvan.HEADER_H, sylvan.WIDTH, table.height)
    for region in view["regions"]:
        assert count_colour(table, panel, sylvan.region_tint(region["id"]), 1) > 200, region["id"]
        assert count_colour(cards, panel, sylvan.region_tint(region["id"]), 1) < 50
    # once round 2 has a dwelling, the face-up cards are back
    later = copy.deepcopy(view)
    later["players"][0]["stack_sizes"] = [0, 7]
    cards_row = (0, board_h + 2 + sylvan.HEADER_H, sylvan.WIDTH, board_h + 2 + sylvan.HEADER_H + sylvan.CARDS_H)
    assert not changed(sylvan.render(later), cards, cards_row)


def test_round_end_with_a_private_strip_still_fits():
    view = fixture("roundend4")
    view["seat"], view["hand"] = 1, [{"style": "nut", "symbols": ["axe"]}] * 4
    view["stacks"] = [[], ["nut", "leaf", "flower", "mushroom"] * 2]
    im = sylvan.render(view)
    assert im.height <= 1280
    strip = (0, im.height - sylvan.PRIVATE_H + 4, sylvan.WIDTH, im.height - 6)
    assert count_colour(im, strip, sylvan.PRIVATE_BG, 2) > 20000  # the whole strip is in the picture
    assert sylvan.layout(view)["row"] >= 40
    panel = (0, sylvan.board_height(5) + sylvan.HEADER_H, sylvan.WIDTH, im.height)
    for region in view["regions"]:  # no room for the regions line: it is left out, not drawn under the rows
        assert count_colour(im, panel, sylvan.region_tint(region["id"]), 1) < 50, region["id"]


def test_final_view_draws_the_score_table():
    over = fixture("final4")
    running = copy.deepcopy(over)
    running.update(step="act", current=0, winners=[])
    a, b = sylvan.render(running), sylvan.render(over)
    board_h = sylvan.board_height(over["rows"])
    assert changed(a, b, (0, board_h, sylvan.WIDTH, min(a.height, b.height)))
    winners = over["winners"]
    assert winners
    ys = range(board_h + sylvan.HEADER_H + sylvan.FINAL_HEAD, b.height)
    green = sum(1 for y in ys if close(b.getpixel((sylvan.PAD + 1, y)), WIN, 20))
    assert green > 20
    # each total is printed: another total, other pixels in the table
    other = copy.deepcopy(over)
    other["scores"][0]["total"] += 7
    assert changed(b, sylvan.render(other), (0, board_h + sylvan.HEADER_H, sylvan.WIDTH, b.height))


def test_every_text_has_cyrillic_glyphs():
    """No tofu: every character of every string literal in the package exists in the bundled fonts."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in Path(sylvan.__file__).parent.glob("*.py")]
    strings = [n.value for t in trees for n in ast.walk(t) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    chars = {ch for s in strings for ch in s if not ch.isspace() and ord(ch) > 127}
    assert {"↻", "↺", "—", "×", "★", "←", "ё"} <= chars  # the literals were found
    assert all(ord(ch) <= 0xFFFF for ch in chars)  # no emoji: DejaVu has none, styles are drawn as shapes

    def picture(ch: str, bold: bool) -> bytes:
        im = Image.new("L", (40, 40))
        ImageDraw.Draw(im).text((5, 5), ch, font=font(20, bold), fill=255)
        return im.tobytes()

    for bold in (False, True):
        tofu = picture("\ue000", bold)
        missing = {ch for ch in chars | set("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя")
                   if picture(ch, bold) == tofu}
        assert not missing, missing
    assert picture("\ue000", True) != picture("Ж", True)  # the check itself can see a glyph


# ---------------------------------------------------------------- odd values and real games


def test_doctests():
    results = [doctest.testmod(module) for module in (access, geometry)]
    assert sum(r.attempted for r in results) >= 2 and not any(r.failed for r in results)


def test_missing_and_odd_fields_still_draw():
    view = fixture("mid4")
    for key in ("highlight", "bridges", "round_results", "scores", "winners", "deck", "discard", "face_up",
                "turn", "hand", "stacks", "seat", "regions", "empty_spots"):
        view.pop(key)
    decode(sylvan.draw(view))
    odd = fixture("mid3_seat")
    odd["highlight"] = ["Z9", "Б3", 5, None, "б3", ""]
    odd["bridges"] = [{"a": "А1", "b": "Д4", "seat": 1}, {"a": "А1"}, "bridge", {"a": "А1", "b": "А2", "seat": 9,
                      "level_a": 40, "level_b": -3}]
    odd["trees"][0]["tiles"] = [{"seat": 7, "style": "banana"}, "tile", {"seat": None}] * 4
    odd["trees"][1]["flags"] = [{"seat": 0, "level": 99}, {"level": "x"}, None]
    odd["trees"][2]["height"] = "tall"
    odd["trees"][3]["advantage"] = 12
    odd["trees"].append({"name": "Ж9"})
    odd["trees"].append({"name": odd["trees"][0]["name"]})
    odd["players"][0]["colour"] = "purple"
    odd["players"][1]["played"] = [{"symbols": ["laser"]}, None, {"style": "x"}]
    odd["players"][1]["items"] = {"axe": "many", "hammer": -2}
    odd["players"][2]["stack_sizes"] = None
    odd["players"].append({"seat": None})
    odd["face_up"] = [None, {"style": "nut"}, "card", {"style": "leaf", "symbols": ["bridge", "treetop", "axe"]}]
    odd["hand"] = [None, {"style": "banana"}]
    odd["stacks"] = [["nut", 5], None]
    odd["current"] = 9
    odd["step"] = "dance"
    odd["turn"] = {"card": "x", "flag_tree": 5}
    odd["round_results"] = [{"round": "one", "trees": None, "region_winners": {"pine": [0, "x"]}}]
    decode(sylvan.draw(odd))
    over = fixture("final4")
    over["scores"][0]["breakdown"] = None
    over["scores"].append({"seat": 7})
    over["scores"].append("score")
    over["winners"] = [7, "nobody"]
    decode(sylvan.draw(over))
    for weird in ({}, {"game": "sylvan", "trees": None, "players": None, "rows": 99, "columns": -1}, [], None):
        assert max(decode(sylvan.draw(weird)).size) <= 1280


def test_long_names_and_emoji_fit():
    view = fixture("mid3_seat")
    names = ["Александра Константиновна Длинноимённая-Преображенская", "🚀🔥", "x" * 300]
    for p, n in zip(view["players"], names, strict=True):
        p["name"] = n
    assert max(decode(sylvan.draw(view)).size) <= 1280


def _play(seed: int, players: int):
    """Random legal play of a seeded engine game; yields the state after every action and at the start."""
    state = GAME.new(NAMES[:players], seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        yield state
        if GAME.is_over(state):
            return
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    raise AssertionError("random game did not end")


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (8, 4)])
def test_random_play_draws_through_the_whole_game(seed, players):
    drawn, seen_round_end = 0, False
    for i, state in enumerate(_play(seed, players)):
        if i % 4 and state.step != "place" and not GAME.is_over(state):
            continue
        seat = None if i % 3 else state.current
        view = GAME.view(state, seat)
        im = sylvan.render(view)
        assert max(im.size) <= 1280 and im.width == sylvan.WIDTH
        plain = sylvan.background(view).plain
        for name in view["highlight"]:  # every tree the player may build on is framed
            assert count_colour(im, sylvan.cell_box(name), sylvan.HL_RING, 10) > 300, name
        for t in view["trees"]:
            for level, tile in enumerate(t["tiles"], start=1):
                x0, y0, x1, y1 = sylvan.level_box(t["name"], level)
                if not any(f["level"] == level for f in t["flags"]):
                    assert close(im.getpixel((x1 - 20, (y0 + y1) // 2 + 2)), colour_of(view, tile["seat"])), \
                        (t["name"], level)
        seen_round_end |= sylvan.round_end_result(view) is not None
        assert plain.size == (sylvan.WIDTH, sylvan.board_height(view["rows"]))
        drawn += 1
    assert GAME.is_over(state) and view["scores"] and drawn > 20
    assert seen_round_end  # the place step of round 2's first turn is always drawn
    decode(sylvan.draw(GAME.view(state)))


def test_cli_draws_a_random_game(tmp_path):
    out = tmp_path / "board.png"
    assert cli_main(["sylvan", "--seed", "3", "--moves", "80", "--players", "3", "--out", str(out)]) == 0
    assert max(decode(out.read_bytes()).size) <= 1280
    view_out = tmp_path / "view.png"
    assert cli_main(["sylvan", "--view", str(FIXTURES / "sylvan_view_mid4.json"), "--out", str(view_out)]) == 0

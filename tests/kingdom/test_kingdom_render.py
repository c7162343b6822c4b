"""The Kingdom Builder picture: decodes, fits a phone, shows settlements, highlights, tiles and scores,
and reuses its cached board."""

from __future__ import annotations

import copy
import io
import json
import math
import random
from pathlib import Path

import pytest
from kingdom_render_views import grown_view, odd_views, over_view, start_view
from PIL import Image, ImageChops

from render import kingdom
from render.__main__ import main as cli_main
from render.common import PLAYER_COLOURS
from render.kingdom import png_board, png_panel, reading
from render.registry import RENDERERS
from rules.kingdom.board import SIZE, name, neighbours, parse_hex

FIXTURES = Path(__file__).with_name("fixtures")
VIEW_FILES = sorted(FIXTURES.glob("kingdom_view_*.json"))


def decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def around(row: int, col: int, r: int = 12) -> tuple[int, int, int, int]:
    x, y = kingdom.hex_center(row, col)
    return x - r, y - r, x + r, y + r


def close(a, b, tolerance: int = 4) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def empty_hex(view: dict, letter: str) -> tuple[int, int]:
    """A hex of this terrain with no settlement, not highlighted, with no settlement next to it."""
    lit = set(view.get("highlight") or [])
    for r in range(SIZE):
        for c in range(SIZE):
            if view["terrain"][r][c] != letter or name(r, c) in lit or view["owners"][r][c] is not None:
                continue
            if all(view["owners"][nr][nc] is None for nr, nc in neighbours(r, c)):
                return r, c
    raise AssertionError(f"no free {letter} hex")


@pytest.mark.parametrize("path", VIEW_FILES, ids=lambda p: p.stem)
def test_fixture_renders_to_a_phone_sized_png(path):
    png = kingdom.draw(json.loads(path.read_text(encoding="utf-8")))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    im = decode(png)
    assert im.format == "PNG"
    assert max(im.size) <= 1280
    assert im.width == kingdom.WIDTH < im.height  # portrait: board on top, panel below


def test_three_fixtures_exist():
    assert {p.stem for p in VIEW_FILES} >= {"kingdom_view_start3", "kingdom_view_mid4", "kingdom_view_over4"}


def test_registry_knows_kingdom():
    assert RENDERERS["kingdom"] is kingdom.draw


def test_same_view_same_bytes():
    view = grown_view()
    first = kingdom.draw(view)
    kingdom.draw(over_view())
    kingdom.draw(start_view(2, sectors=[("barn", True), ("paddock", False), ("oasis", False), ("tower", True)]))
    assert kingdom.draw(copy.deepcopy(view)) == first


def test_board_is_drawn_once_per_board_and_never_drawn_on():
    view = grown_view()
    board = kingdom.background(view)
    pristine = board.plain.copy()
    hits = png_board._board.cache_info().hits
    kingdom.draw(view)
    kingdom.draw(over_view())
    assert kingdom.background(start_view(3)) is board  # same sectors, other pieces: the same pictures
    assert png_board._board.cache_info().hits >= hits + 3
    assert ImageChops.difference(pristine, board.plain).getbbox() is None
    other = start_view(3, sectors=[("barn", True), ("paddock", False), ("oasis", False), ("tower", True)])
    assert kingdom.background(other) is not board
    turned = start_view(3, sectors=[("tavern", True), ("oracle", True), ("farm", False), ("harbor", False)])
    assert kingdom.background(turned) is not board


def test_hex_center_follows_the_board_geometry():
    for r, c in [(0, 0), (1, 0), (9, 9), (10, 10), (19, 19), (12, 7)]:
        x, y = kingdom.hex_center(r, c)
        for nr, nc in neighbours(r, c):  # six equal neighbours, one hex width away
            nx, ny = kingdom.hex_center(nr, nc)
            assert math.dist((x, y), (nx, ny)) == pytest.approx(kingdom.HEX_W, abs=1.5)
    assert kingdom.hex_center(1, 0)[0] > kingdom.hex_center(0, 0)[0]  # odd rows shifted right
    assert kingdom.hex_center(0, 1)[1] == kingdom.hex_center(0, 0)[1]
    x, y = kingdom.hex_center(SIZE - 1, SIZE - 1)
    assert x < kingdom.WIDTH and y < kingdom.BOARD_H


def test_terrain_colour_at_hex_centres():
    view = start_view(3)
    im = kingdom.render(view)
    for letter in "GSDBFW":
        r, c = empty_hex(view, letter)
        x, y = kingdom.hex_center(r, c)
        assert close(im.getpixel((x, y)), kingdom.terrain_rgb(letter), 2), letter


def test_highlighted_hex_is_marked():
    view = grown_view()
    r, c = empty_hex(view, "F")
    before = kingdom.render(view)
    view["highlight"] = view["highlight"] + [name(r, c)]
    after = kingdom.render(view)
    x, y = kingdom.hex_center(r, c)
    top = [(x, yy) for yy in range(round(y - kingdom.HEX_S), round(y - kingdom.HEX_S) + 9)]
    assert any(close(after.getpixel(p), kingdom.HL_RING, 25) for p in top)
    assert not any(close(before.getpixel(p), kingdom.HL_RING, 25) for p in top)
    assert changed(before, after, around(r, c, 18))
    far = empty_hex(view, "D")
    assert not changed(before, after, around(*far, 18))


def test_highlight_reads_on_every_terrain_and_leaves_the_terrain_in_view():
    """A legal hex keeps its terrain's colour (that is what one builds on) and is ringed in red, its name small
    in the middle: a hex of each buildable terrain and water."""
    view = start_view(3)
    plain = kingdom.render(view)
    hexes = {letter: empty_hex(view, letter) for letter in "GSDBFW"}
    view["highlight"] = [name(*h) for h in hexes.values()]
    lit = kingdom.render(view)
    for letter, (r, c) in hexes.items():
        x, y = kingdom.hex_center(r, c)
        for spot in ((x, y + 14), (x - 10, y + 13), (x + 8, y - 13)):  # around the name: the terrain as it is
            assert close(lit.getpixel(spot), plain.getpixel(spot), 6), (letter, spot)
        assert close(lit.getpixel((x, y + 14)), kingdom.terrain_rgb(letter), 6), letter
        ring = [lit.getpixel((x, yy)) for yy in range(round(y - kingdom.HEX_S), round(y - kingdom.HEX_S) + 9)]
        assert any(close(p, kingdom.HL_RING, 25) for p in ring), (letter, ring)
        middle = [(xx, yy) for xx in range(x - 20, x + 21) for yy in range(y - 20, y + 21)
                  if math.dist((xx, yy), (x, y)) < 0.75 * kingdom.HEX_S]
        kept = sum(close(lit.getpixel(p), plain.getpixel(p), 30) for p in middle) / len(middle)
        assert kept > 0.35, (letter, kept)  # the terrain shows around the name (a lightened hex with a big name: 0)


@pytest.mark.parametrize("seat", range(len(PLAYER_COLOURS)))
def test_settlement_has_the_player_colour(seat):
    view = start_view(3)
    view["players"].append({"seat": 3, "name": "Глеб"})
    view["players"].append({"seat": 4, "name": "Дина"})
    for letter in "GSDBFW":  # black on forest and orange on canyon too
        r, c = empty_hex(view, letter)
        view["owners"][r][c] = seat
        x, y = kingdom.hex_center(r, c)
        im = kingdom.render(view)
        assert close(im.getpixel((x - 6, y + 2)), PLAYER_COLOURS[seat]), letter
        # the house has a light rim: somewhere between the body and the terrain it is near white
        rim = [im.getpixel((x, yy)) for yy in range(y - 20, y - 8)]
        assert any(min(p) > 200 for p in rim), letter


def test_settlement_changes_only_its_hex():
    view = grown_view()
    before = kingdom.render(view)
    r, c = empty_hex(view, "G")
    view["owners"][r][c] = 2
    after = kingdom.render(view)
    assert changed(before, after, around(r, c))
    assert not changed(before, after, around(*empty_hex(view, "D")))


def test_location_tiles_left_are_visible():
    view = start_view(3)
    loc = view["locations"][0]
    full = kingdom.render(view)
    loc["tiles"] = 0
    empty = kingdom.render(view)
    loc["tiles"] = 1
    one = kingdom.render(view)
    box = around(loc["row"], loc["col"], 18)
    assert changed(full, empty, box)
    assert changed(full, one, box) and changed(one, empty, box)
    other = view["locations"][1]
    assert not changed(full, empty, around(other["row"], other["col"], 18))

    def gold(im):  # the gold of the tile pips in the lower half of the hex
        x0, y0, x1, y1 = box
        return sum(1 for x in range(x0, x1) for y in range((y0 + y1) // 2, y1)
                   if close(im.getpixel((x, y)), (250, 196, 30), 30))

    assert gold(full) > gold(one) > gold(empty) == 0


def test_last_turn_is_marked():
    view = grown_view()
    r, c = empty_hex(view, "G")
    view["owners"][r][c] = 0
    before = kingdom.render(view)
    view["last_turn"] = [name(r, c)]
    after = kingdom.render(view)
    assert changed(before, after, around(r, c, 20))


def test_final_view_draws_a_score_table():
    running = over_view()
    running["scores"], running["phase"], running["winners"] = None, "building", []
    running["current"] = 0
    over = over_view()
    a, b = kingdom.render(running), kingdom.render(over)
    panel = (0, kingdom.BOARD_H, kingdom.WIDTH, min(a.height, b.height))
    assert changed(a, b, panel)
    assert b.height >= a.height
    # a table row per player under the cards: winners in green
    winners = over["winners"]
    assert winners
    ys = range(kingdom.BOARD_H + kingdom.HEADER_H + kingdom.LEGEND_H + kingdom.CARDS_H, b.height)
    green = sum(1 for y in ys if close(b.getpixel((kingdom.PAD + 1, y)), (40, 140, 60), 20))
    assert green > 20


def test_panel_shows_whose_turn_it_is():
    view = grown_view()
    other = copy.deepcopy(view)
    other["current"] = 2
    a, b = kingdom.render(view), kingdom.render(other)
    assert changed(a, b, (0, kingdom.BOARD_H, kingdom.WIDTH, a.height))
    assert not changed(a, b, (0, 0, kingdom.WIDTH, kingdom.BOARD_H - 2))


def test_tile_states_look_different():
    view = grown_view()
    view["players"] = view["players"][:1]
    tile = {"type": "oracle", "title": "Оракул", "from": "K12", "state": "usable"}
    pictures = []
    for state in ("usable", "used", "new"):
        view["players"][0]["tiles"] = [dict(tile, state=state)]
        pictures.append(kingdom.render(view))
    panel = (0, kingdom.BOARD_H, kingdom.WIDTH, pictures[0].height)
    assert changed(pictures[0], pictures[1], panel)
    assert changed(pictures[0], pictures[2], panel)
    assert changed(pictures[1], pictures[2], panel)


def test_missing_and_odd_fields_still_draw():
    for view in odd_views():
        assert max(decode(kingdom.draw(view)).size) <= 1280


def test_private_view_shows_own_card():
    view = grown_view()
    view["seat"], view["hand"] = 2, "B"
    public = grown_view()
    assert changed(kingdom.render(view), kingdom.render(public), (0, kingdom.BOARD_H, kingdom.WIDTH, 1280))


def test_long_names_emoji_and_five_players_fit():
    view = grown_view(4)
    view["players"].append({"seat": 4, "name": "Дина", "settlements_left": 40, "card": None, "tiles": []})
    names = ["Александра Константиновна Длинноимённая-Преображенская", "🚀🔥", "", "x" * 300, "Ёжик 👨‍👩‍👧"]
    for p, n in zip(view["players"], names, strict=True):
        p["name"] = n
    view["players"][0]["tiles"] = [{"type": "oracle", "state": "new"}] * 12
    im = decode(kingdom.draw(view))
    assert max(im.size) <= 1280
    over = over_view(4)
    over["players"].append({"seat": 4, "name": "Дина"})
    over["scores"].append({"seat": 4, "total": 1, "breakdown": {"lords": 1}})
    assert max(decode(kingdom.draw(over)).size) <= 1280


def test_cli_draws_a_view_file(tmp_path):
    out = tmp_path / "board.png"
    assert cli_main(["kingdom", "--view", str(FIXTURES / "kingdom_view_mid4.json"), "--out", str(out)]) == 0
    assert max(decode(out.read_bytes()).size) <= 1280


def _play(seed: int, players: int):
    """Random legal play from a seeded engine game; yields (step, state) every step."""
    from rules.registry import GAMES

    game = GAMES["kingdom"]
    state = game.new(["Аня", "Борис", "Вера", "Глеб"][:players], seed=seed)
    rng = random.Random(seed)
    for step in range(3000):
        yield game, step, state
        if game.is_over(state):
            return
        game.apply(state, rng.choice(game.legal_actions(state)))
    raise AssertionError("random game did not end")


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (8, 4)])
def test_random_play_renders_every_few_moves(seed, players):
    drawn = 0
    for game, step, state in _play(seed, players):
        if step % 25 == 0 or game.is_over(state):
            view = game.view(state, step % players if step % 50 else None)
            im = kingdom.render(view)
            assert max(im.size) <= 1280 and im.width == kingdom.WIDTH
            plain = kingdom.background(view).plain
            for hex_name in view["highlight"]:  # every hex the player may build on is marked
                assert changed(im, plain, around(*parse_hex(hex_name), 14)), hex_name
            for r, row in enumerate(view["owners"]):
                for c, seat in enumerate(row):
                    if seat is not None:
                        x, y = kingdom.hex_center(r, c)
                        assert close(im.getpixel((x - 6, y + 2)), PLAYER_COLOURS[seat])
            drawn += 1
    assert game.is_over(state) and view["scores"]
    assert drawn >= 3
    decode(kingdom.draw(view))


def test_cli_plays_random_moves(tmp_path):
    out = tmp_path / "board.png"
    assert cli_main(["kingdom", "--seed", "3", "--moves", "40", "--out", str(out), "--seat", "1"]) == 0
    assert max(decode(out.read_bytes()).size) <= 1280


# --- what a player reads on a phone ---------------------------------------------------------------------------


def drawn_texts(view: dict, monkeypatch) -> list[str]:
    """Every string the panel draws for this view."""
    seen: list[str] = []
    original = png_panel.text

    def spy(draw, xy, value, *args, **kwargs):
        seen.append(value)
        return original(draw, xy, value, *args, **kwargs)

    monkeypatch.setattr(png_panel, "text", spy)
    kingdom.render(view)
    return seen


def test_header_says_who_moves_and_what_is_being_chosen(monkeypatch):
    view = grown_view()
    view["current"], view["choosing"] = 2, "поставить поселение"
    assert "Ходит Вера — поставить поселение" in drawn_texts(view, monkeypatch)
    view["choosing"] = "куда переставить поселение с K12"
    assert "Ходит Вера — куда переставить поселение с K12" in drawn_texts(view, monkeypatch)
    view.pop("choosing")  # an older view: the mandatory build is the default
    assert "Ходит Вера — поставить поселение" in drawn_texts(view, monkeypatch)
    over = drawn_texts(over_view(), monkeypatch)
    assert "Партия окончена" in over and "Игра окончена" not in over


def test_no_cryptic_marks_the_first_player_is_named(monkeypatch):
    view = grown_view()
    view["sectors"][1]["turned"] = True
    texts = drawn_texts(view, monkeypatch)
    assert not any("⟲" in t or "1-й" in t for t in texts)
    assert any(t.endswith("· первый игрок") for t in texts)


def test_the_settlement_that_moves_is_ringed():
    view = grown_view()
    r, c = next((r, c) for r in range(SIZE) for c in range(SIZE) if view["owners"][r][c] == 1)
    before = kingdom.render(view)
    view["moving"] = name(r, c)
    after = kingdom.render(view)
    x, y = kingdom.hex_center(r, c)
    ring = [after.getpixel((x, yy)) for yy in range(round(y - kingdom.HEX_S - 6), round(y - kingdom.HEX_S + 4))]
    assert any(close(p, kingdom.HL_RING, 30) for p in ring) and changed(before, after, around(r, c, 26))


def test_the_highlight_is_far_from_every_player_colour():
    """In hue, the thing the eye matches first (the old magenta was 5 degrees from the pink player)."""
    import colorsys

    def hue(rgb):
        h, _, s = colorsys.rgb_to_hls(*(x / 255 for x in rgb))
        return h * 360, s

    ring, _ = hue(kingdom.HL_RING)
    for colour in PLAYER_COLOURS[:4]:  # Kingdom Builder seats at most 4
        h, saturation = hue(colour)
        if saturation > 0.2:  # black has no hue to confuse
            assert min(abs(ring - h), 360 - abs(ring - h)) >= 30, colour


def test_hex_names_in_highlights_are_tall_enough_for_a_phone():
    view = start_view(3)
    r, c = empty_hex(view, "G")
    view["highlight"] = [name(r, c)]
    im = kingdom.render(view).convert("L")
    x, y = kingdom.hex_center(r, c)
    dark_rows = [yy for yy in range(y - 14, y + 15) if any(im.getpixel((xx, yy)) < 70 for xx in range(x - 10, x + 11))]
    assert dark_rows and dark_rows[-1] - dark_rows[0] >= 12  # the glyphs of an older label were 8 px tall
    small = im.resize((430, round(im.height * 430 / im.width)))  # as a phone shows it: still a visible mark
    sx, sy = round(x * 430 / im.width), round(y * 430 / im.width)
    assert min(small.getpixel((xx, sy)) for xx in range(sx - 5, sx + 6)) < 90


def test_card_texts_fit_three_lines_in_a_readable_size():
    from rules.kingdom.data import CARD_HINTS

    assert kingdom.CARD_TEXT >= 20
    cw = (kingdom.WIDTH - 2 * kingdom.PAD - 16) / 3
    for card, hint in CARD_HINTS.items():
        lines = reading.wrap(hint, kingdom.CARD_TEXT, cw - 12, 3)
        assert not lines[-1].endswith("…"), (card, lines)


# --- the gold now, and each person's own colour --------------------------------------------------------------------


def _engine_view(seed: int = 3, players: int = 4, steps: int = 60) -> dict:
    for game, step, state in _play(seed, players):
        if step == steps:
            return game.view(state, None)
    raise AssertionError("the game ended too early")


def test_the_view_tells_each_player_s_gold_now():
    from rules.kingdom.scoring import breakdowns

    for game, step, state in _play(2, 3):
        if step in (0, 30, 70):
            view = game.view(state, None)
            parts = breakdowns(state)
            for p in view["players"]:
                assert p["gold_parts"] == parts[p["seat"]]
                assert p["gold"] == sum(parts[p["seat"]].values())
    assert any(p["gold"] > 0 for p in view["players"])


def test_each_player_s_gold_is_drawn_in_total_and_by_every_card(monkeypatch):
    view = _engine_view()
    seen = drawn_texts(view, monkeypatch)
    for p in view["players"]:
        assert str(p["gold"]) in seen
    cards = [c["id"] for c in view["cards"]]
    assert len(cards) == 3
    for card in cards:  # the card's band lists each player's figure, in seat order
        golds = kingdom.card_gold(view, card)
        assert [seat for seat, _ in golds] == [p["seat"] for p in view["players"]]
        assert all(str(g) in seen for _, g in golds)
    assert seen.count("золото") == len(view["players"])


def test_gold_changes_the_picture_where_it_is_written():
    view = _engine_view()
    richer = copy.deepcopy(view)
    richer["players"][0]["gold"] += 10
    before, after = kingdom.render(view), kingdom.render(richer)
    _, row_h = kingdom.layout(view)
    top = kingdom.BOARD_H + 2 + kingdom.HEADER_H + kingdom.LEGEND_H + kingdom.CARDS_H
    assert changed(before, after, (kingdom.WIDTH - 80, round(top), kingdom.WIDTH, round(top + row_h)))
    assert not changed(before, after, (0, 0, kingdom.WIDTH, kingdom.BOARD_H))


def test_an_older_view_without_gold_still_draws(monkeypatch):
    view = grown_view()
    assert "золото" not in drawn_texts(view, monkeypatch)


def test_a_settlement_has_its_person_s_colour_not_its_seat_s():
    view = start_view(3)
    r, c = empty_hex(view, "G")
    view["owners"][r][c] = 0
    for p, colour in zip(view["players"], (2, 0, 1), strict=True):  # as a rematch after two rotations keeps them
        p["colour_index"] = colour
    im = kingdom.render(view)
    x, y = kingdom.hex_center(r, c)
    assert close(im.getpixel((x - 6, y + 2)), PLAYER_COLOURS[2])
    view["players"][0]["colour_index"] = "red"  # an odd value: the seat's own colour
    assert close(kingdom.render(view).getpixel((x - 6, y + 2)), PLAYER_COLOURS[0])

"""Board pictures are palette PNGs (`render.common.to_png`): mode "P", decodable, clearly smaller than the RGB
encoding, and the renderers' own colours (the ones their pixel tests check) come out exactly."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from render import common, kingdom, sylvan, valdora
from render.__main__ import random_view
from rules.kingdom.board import SIZE, name, neighbours

RENDERERS = {"valdora": valdora, "kingdom": kingdom, "sylvan": sylvan}
MIN_PIXELS = 30  # a colour drawn as a fill, not only as a few pixels inside an anti-aliased sprite


def decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def board(game: str, seed: int, seat: int | None = None) -> tuple[dict, Image.Image]:
    """A 4-player view after 60 random moves, and its picture before encoding."""
    view, _ = random_view(game, seed, 60, 4, seat)
    return view, RENDERERS[game].render(view)


def named_colours(*modules: object) -> set[tuple[int, int, int]]:
    """Every RGB triple among the modules' constants (PLAYER_COLOURS, TERRAIN, OWNER_RGB, HL_RING, ...)."""
    found: set[tuple[int, int, int]] = set()

    def walk(value: object) -> None:
        if isinstance(value, tuple) and len(value) == 3 and all(type(v) is int and 0 <= v <= 255 for v in value):
            found.add(value)
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    for module in modules:
        for constant, value in vars(module).items():
            if constant.isupper():
                walk(value)
    return found


def where(im: Image.Image, rgb: tuple[int, int, int]) -> Image.Image:
    """A mask (255) of the pixels that are exactly `rgb`."""
    r, g, b = ImageChops.difference(im, Image.new("RGB", im.size, rgb)).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v == 0 else 0)


def worst_channel(a: Image.Image, b: Image.Image) -> list[int]:
    """Histogram of the largest channel difference per pixel."""
    r, g, bl = ImageChops.difference(a, b).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), bl).histogram()


@pytest.mark.parametrize("game", RENDERERS)
def test_board_png_is_palette_mode_and_decodes(game):
    view, picture = board(game, 2)
    png = RENDERERS[game].draw(view)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    im = decode(png)
    assert im.format == "PNG" and im.mode == "P"
    assert im.size == picture.size
    assert len(im.getpalette()) <= 3 * 256
    assert im.convert("RGB").getcolors(256) is not None  # at most 256 colours after decoding


@pytest.mark.parametrize("seat", [None, 0], ids=["public", "private"])
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", RENDERERS)
def test_the_renderers_colours_come_out_exactly(game, seed, seat):
    """Wherever the picture has one of the renderer's named colours, the decoded PNG has that very colour."""
    _, picture = board(game, seed, seat)
    back = decode(common.to_png(picture)).convert("RGB")
    counts = {colour: n for n, colour in picture.getcolors(1 << 16)}
    checked = [c for c in named_colours(RENDERERS[game], common) if counts.get(c, 0) >= MIN_PIXELS]
    assert len(checked) >= 12, checked  # player colours, terrain or owners, panels, ink
    for colour in checked:
        lost = ImageChops.subtract(where(picture, colour), where(back, colour)).histogram()[255]
        assert lost == 0, f"{colour}: {lost} of {counts[colour]} pixels changed"


@pytest.mark.parametrize("game", RENDERERS)
def test_the_players_colours_on_the_board_are_exact(game):
    """The pixel tests' own checks, on the decoded PNG: seat colours (Kingdom Builder's houses, Valdora's
    pawns, Sylvan's owner tiles) and a terrain fill at a hex centre."""
    view, picture = board(game, 3)
    back = decode(RENDERERS[game].draw(view)).convert("RGB")
    colours = {colour for _, colour in back.getcolors(256)}
    if game == "sylvan":
        wanted = {sylvan.OWNER_RGB[p["colour"]] for p in view["players"]}
    else:
        wanted = {common.player_colour(p["seat"]) for p in view["players"]}
    assert wanted <= colours
    if game == "kingdom":
        lit = set(view.get("highlight") or [])
        row, col = next((r, c) for r in range(SIZE) for c in range(SIZE)
                        if view["terrain"][r][c] == "W" and name(r, c) not in lit
                        and all(view["owners"][nr][nc] is None for nr, nc in [(r, c), *neighbours(r, c)]))
        xy = kingdom.hex_center(row, col)
        assert back.getpixel(xy) == picture.getpixel(xy) == kingdom.terrain_rgb("W")


@pytest.mark.parametrize("game", RENDERERS)
def test_the_picture_stays_close_to_the_drawing(game):
    """Only anti-aliased edge pixels move, and those only a little."""
    _, picture = board(game, 2)
    back = decode(common.to_png(picture)).convert("RGB")
    histogram = worst_channel(picture, back)
    pixels = sum(histogram)
    assert histogram[0] / pixels > 0.9
    assert sum(histogram[:9]) / pixels > 0.98


@pytest.mark.parametrize("game", RENDERERS)
def test_smaller_than_the_rgb_encoding(game):
    _, picture = board(game, 2)
    palette, rgb = common.to_png(picture), common.to_png(picture, palette=False)
    assert decode(rgb).mode == "RGB"
    assert len(palette) < 0.7 * len(rgb), (len(palette), len(rgb))


def test_a_colour_is_not_taken_by_a_near_one():
    """Pillow's colour cache looks a pixel up at the corner of its 4 x 4 x 4 cell, (252, 252, 252) for white,
    which is nearer to (250, 250, 250) than to white: with both in the palette white would come out grey.
    Of two colours that collide like that, the commoner keeps its exact colour."""
    both = Image.new("P", (1, 1))
    both.putpalette([250, 250, 250, 255, 255, 255] * 128)
    assert Image.new("RGB", (1, 1), (255, 255, 255)).quantize(palette=both).convert("RGB").getpixel((0, 0)) \
        == (250, 250, 250)  # the trap

    im = Image.new("RGB", (100, 20), (255, 255, 255))  # 1000 white pixels
    im.paste((250, 250, 250), (0, 0, 20, 20))  # 400 grey
    im.paste((245, 130, 20), (60, 0, 80, 20))
    im.paste((246, 131, 21), (80, 0, 85, 20))  # in the orange's cache cell, rarer
    im.paste((0, 150, 150), (85, 0, 90, 20))
    back = decode(common.to_png(im)).convert("RGB")
    assert back.getpixel((40, 10)) == (255, 255, 255)
    assert back.getpixel((70, 10)) == (245, 130, 20)
    assert back.getpixel((82, 10)) == (245, 130, 20)  # the rarer neighbour merges into it
    assert back.getpixel((87, 10)) == (0, 150, 150)
    grey = back.getpixel((10, 10))
    assert max(abs(a - b) for a, b in zip(grey, (250, 250, 250), strict=True)) <= 5
    # every colour of a real board's palette maps onto itself
    colours = common.palette_colours(board("kingdom", 2)[1])
    probe = Image.new("RGB", (len(colours), 1))
    probe.putdata(colours)
    assert list(decode(common.to_png(probe)).convert("RGB").get_flattened_data()) == colours


def test_other_modes_and_photos():
    rgba = Image.new("RGBA", (8, 8), (10, 20, 30, 128))
    assert decode(common.to_png(rgba)).mode == "RGBA"  # transparency kept, not quantised
    grey = Image.new("L", (8, 8), 77)
    assert decode(common.to_png(grey)).mode == "L"
    # more distinct colours than a board ever has: the octree fallback, still a palette PNG
    photo = Image.new("RGB", (512, 256))
    photo.putdata([(x % 256, y, (x // 256) * 128 + (x * y) % 128) for y in range(256) for x in range(512)])
    assert photo.getcolors(1 << 16) is None
    im = decode(common.to_png(photo))
    assert im.mode == "P" and im.size == photo.size

"""Drawing helpers shared by every game's renderer: fonts, text fitting, colours, PNG encoding.

Pillow's built-in font has no Cyrillic, so all text goes through the bundled DejaVu Sans
(`render/fonts/`, licence in LICENSE-DejaVu.txt).

>>> f = font(20, bold=True)
>>> fit("Борис Константинопольский", 20, 120, bold=True)[0].endswith("…")
True
"""

from __future__ import annotations

import heapq
import io
import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

RGB = tuple[int, int, int]

# How many boards a renderer keeps drawn (their static background): one per game being played, so that a
# bot running many chats does not redraw a board for every picture. A board costs about 5 MB.
BOARD_CACHE = 32
# Behind them, more boards kept packed (zlib, about 0.3 MB each): unpacking one takes a few milliseconds,
# drawing it again a hundred.
PACKED_CACHE = 256


@dataclass(frozen=True)
class Packed:
    """An image kept compressed: `pack` and `unpack` in a few milliseconds, a tenth of its memory."""

    mode: str
    size: tuple[int, int]
    data: bytes


def pack(image: Image.Image) -> Packed:
    return Packed(image.mode, image.size, zlib.compress(image.tobytes(), 1))


def unpack(packed: Packed) -> Image.Image:
    return Image.frombytes(packed.mode, packed.size, zlib.decompress(packed.data))

# Colours that are not specific to one game.
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (34, 30, 26)  # near-black text
MUTED: RGB = (110, 102, 92)  # secondary text
PAPER: RGB = (250, 246, 236)  # panel background
PANEL_EDGE: RGB = (190, 178, 158)
HIGHLIGHT: RGB = (230, 120, 0)  # whose turn it is
HIGHLIGHT_SOFT: RGB = (255, 236, 200)
COIN: RGB = (200, 200, 210)  # silver coin
COIN_EDGE: RGB = (120, 120, 135)
WIN: RGB = (40, 140, 60)

# Pawn colours by seat. Chosen to stay apart from the usual piece colours of our games (red, blue,
# green, yellow, purple, white, grey): orange, black, pink, teal, brown.
PLAYER_COLOURS: tuple[RGB, ...] = (
    (245, 130, 20),  # orange
    (25, 25, 25),  # black
    (240, 110, 190),  # pink
    (0, 150, 150),  # teal
    (130, 80, 40),  # brown
)
PLAYER_COLOUR_NAMES: tuple[str, ...] = ("оранжевый", "чёрный", "розовый", "бирюзовый", "коричневый")


def player_colour(seat: object) -> RGB:
    """The pawn colour of a seat (0-based); any odd value gets the first colour rather than an error."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS) if isinstance(seat, int) else 0]


def seat_colours(players: object) -> dict[object, RGB]:
    """Seat -> pawn colour for a view's players: a player's `colour_index` (into PLAYER_COLOURS; the table keeps
    one for each person, so that the same people keep their colours in a rematch), else the seat's own.

    >>> seat_colours([{"seat": 0, "colour_index": 3}, {"seat": 1}, "odd"]) == {0: PLAYER_COLOURS[3],
    ...                                                                     1: PLAYER_COLOURS[1]}
    True
    """
    out: dict[object, RGB] = {}
    for p in players if isinstance(players, list | tuple) else ():
        if isinstance(p, dict):
            colour = p.get("colour_index")
            known = isinstance(colour, int) and not isinstance(colour, bool) and 0 <= colour < len(PLAYER_COLOURS)
            out[p.get("seat")] = PLAYER_COLOURS[colour] if known else player_colour(p.get("seat"))
    return out


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at `size` pixels, loaded once per (size, weight)."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def contrast(fill: RGB) -> RGB:
    """Black or white, whichever reads better on `fill`."""
    r, g, b = fill[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


@lru_cache(maxsize=1024)
def clean(text: str) -> str:
    """Text the bundled font can draw: drops emoji (outside the Basic Multilingual Plane), joiners,
    variation selectors and control characters, and squeezes spaces."""
    kept = []
    for ch in str(text):
        if ord(ch) > 0xFFFF or ch in "\u200d\ufe0e\ufe0f":
            continue
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co"):
            continue
        kept.append(ch)
    return " ".join("".join(kept).split())


def width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def truncate(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """`text` cut with "…" so that it fits `max_width` at `size`."""
    if width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits together with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


@lru_cache(maxsize=2048)
def fit(
    text: str, size: int, max_width: float, bold: bool = False, min_size: int | None = None
) -> tuple[str, int]:
    """(text, size) that fits `max_width`: first shrinks the font down to `min_size`, then truncates."""
    text = clean(text)
    min_size = min_size or size
    for s in range(size, min_size - 1, -1):
        if width(text, s, bold) <= max_width:
            return text, s
    return truncate(text, min_size, max_width, bold), min_size


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "la",
    max_width: float | None = None,
    min_size: int | None = None,
    stroke: RGB | None = None,
) -> float:
    """Draws `value` (fitted to `max_width` if given) and returns the width it took."""
    if max_width is not None:
        value, size = fit(value, size, max_width, bold, min_size)
    else:
        value = clean(value)
    f = font(size, bold)
    if stroke is not None:
        draw.text(xy, value, font=f, fill=fill, anchor=anchor, stroke_width=2, stroke_fill=stroke)
    else:
        draw.text(xy, value, font=f, fill=fill, anchor=anchor)
    return f.getlength(value)


def initial(name: str) -> str:
    """The first letter or digit of a player's name, upper case, for a pawn; "?" when there is none."""
    for ch in clean(name):
        if ch.isalnum():
            return ch.upper()
    return "?"


def token(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, label: str = "",
          size: int | None = None, outline: RGB = WHITE) -> None:
    """A disc with a centred label (pawns, counters)."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=max(2, int(r // 6)))
    if label:
        draw.text((cx, cy), label, font=font(size or int(r * 1.15), True), fill=contrast(fill), anchor="mm")


def coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, label: str = "") -> None:
    """A silver coin, optionally with a number on it."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=COIN, outline=COIN_EDGE, width=max(2, int(r // 5)))
    if label:
        draw.text((cx, cy), label, font=font(int(r * 1.2), True), fill=INK, anchor="mm")


# Palette PNGs. A board is mostly flat fills (terrain, panels, player colours) plus anti-aliased edges
# between them: a few thousand distinct colours, of which the most frequent few hundred cover nearly
# every pixel. So the palette is those colours themselves, exactly, not cluster averages (Pillow's octree
# and median cut move a flat colour by a few units, which the pixel tests and a player's eye for "my
# colour" should not have to tolerate). Measured on 4-player boards: half the file size and about a
# third less CPU than RGB encoding (tests/benchmark.py reports both on the machine it runs on).
PALETTE_SIZE = 256
PALETTE_CANDIDATES = 512  # the most frequent colours considered for the palette
MAX_DISTINCT = 1 << 16  # more distinct colours than this (a photo, not a board): octree instead
PALETTE_REFILLS = 3  # rounds that replace dropped colours with the next most frequent ones
PALETTE_ROUNDS = 40


def _palette_image(colours: list[RGB]) -> Image.Image:
    flat = [v for c in colours for v in c]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (PALETTE_SIZE - len(colours)))  # padded with a repeat, never black
    return palette


def palette_colours(image: Image.Image) -> list[RGB] | None:
    """The palette for an RGB `image`: its most frequent colours, each of which maps onto itself; None
    when the image has more than MAX_DISTINCT colours.

    Pillow maps a pixel through a colour cache of 64 x 64 x 64 cells, each holding the entry nearest to
    the cell's corner; so of two entries a few units apart one can take the other's pixels (white is lost
    to a frequent (252, 252, 252) of anti-aliased text). The palette is therefore mapped through itself,
    and of each pair that collides the less frequent colour is dropped, until every colour finds itself.
    A dropped colour's pixels go to the near colour that took them.

    >>> im = Image.new("RGB", (4, 1), (245, 130, 20)); im.putpixel((0, 0), (0, 150, 150))
    >>> palette_colours(im)
    [(245, 130, 20), (0, 150, 150)]
    """
    counts = image.getcolors(MAX_DISTINCT)
    if counts is None:
        return None
    ranked, cells = [], set()
    for _, colour in heapq.nlargest(PALETTE_CANDIDATES, counts):
        cell = (colour[0] >> 2, colour[1] >> 2, colour[2] >> 2)
        if cell not in cells:  # one colour per cache cell: the commonest collisions, found without a probe
            cells.add(cell)
            ranked.append(colour)
    chosen, spare = ranked[:PALETTE_SIZE], ranked[PALETTE_SIZE:]
    for round_ in range(PALETTE_ROUNDS):
        probe = Image.new("RGB", (len(chosen), 1))
        probe.putdata(chosen)
        found = probe.quantize(palette=_palette_image(chosen), dither=Image.Dither.NONE).tobytes()
        drop = {max(i, j) for i, j in enumerate(found) if i != j}  # the later one is the less frequent
        if not drop:
            break
        chosen = [c for i, c in enumerate(chosen) if i not in drop]
        if round_ < PALETTE_REFILLS:
            chosen += spare[: len(drop)]
            spare = spare[len(drop):]
    return chosen


def quantise(image: Image.Image) -> Image.Image:
    """`image` in palette mode ("P", 256 colours, no dithering) when it is RGB; other modes unchanged.

    >>> quantise(Image.new("RGB", (8, 8), (0, 150, 150))).mode
    'P'
    """
    if image.mode != "RGB" or not image.width * image.height:
        return image
    colours = palette_colours(image)
    if colours is None:
        return image.quantize(PALETTE_SIZE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=_palette_image(colours), dither=Image.Dither.NONE)


def to_png(image: Image.Image, compress_level: int = 3, palette: bool = True) -> bytes:
    """PNG bytes, in palette mode unless `palette` is False (see `quantise`); a low compression level
    because speed matters more than a few kilobytes."""
    out = io.BytesIO()
    (quantise(image) if palette else image).save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()

"""The Valdora board as a PNG for the chat: the ground is painted once per board and player count into a cached
picture; each call copies it and paints the pieces (about 20 ms, plus the palette PNG encoding)."""

from __future__ import annotations

from PIL import Image

from render.common import BOARD_CACHE, to_png
from render.valdora.canvas import PngCanvas
from render.valdora.layout import BOARD_BG, WIDTH, Layout, Spot, books_of, edges_of, layout, space_spots, spaces_of
from render.valdora.sheet import paint_ground, paint_pieces


class Background:
    """The cached picture of everything static, plus where each space is."""

    def __init__(self, image: Image.Image, spots: dict[str, Spot], lay: Layout):
        self.image = image
        self.spots = spots
        self.layout = lay

    @property
    def anchors(self) -> dict[str, tuple[str, float, float, float]]:
        """Space name -> (kind, centre x, centre y, y where pawns stand)."""
        return {name: (s.kind, s.cx, s.cy, s.pawn_y) for name, s in self.spots.items()}


_BACKGROUNDS: dict[tuple, Background] = {}


def _static_key(view: dict) -> tuple:
    spaces = tuple(
        (str(s.get("name")), s.get("kind"), s.get("x"), s.get("y"), s.get("ships"), s.get("book"), s.get("client"))
        for s in spaces_of(view)
    )
    edges = tuple(tuple(map(str, e)) for e in edges_of(view))
    books = tuple((str(b.get("town")), b.get("kind")) for b in books_of(view))
    return (WIDTH, layout(view), spaces, edges, books)


def background(view: dict) -> Background:
    """The static picture for this board and player count, drawn once and cached."""
    key = _static_key(view)
    bg = _BACKGROUNDS.get(key)
    if bg is None:
        if len(_BACKGROUNDS) >= BOARD_CACHE:  # never grow without bound
            _BACKGROUNDS.pop(next(iter(_BACKGROUNDS)))
        lay, spots = layout(view), space_spots(view)
        im = Image.new("RGB", (WIDTH, lay.height), BOARD_BG)
        paint_ground(PngCanvas(im), view, lay, spots)
        bg = _BACKGROUNDS[key] = Background(im, spots, lay)
    return bg


def render(view: dict) -> Image.Image:
    """The picture as a Pillow image (see `draw` for PNG bytes)."""
    bg = background(view)
    im = bg.image.copy()
    paint_pieces(PngCanvas(im), view, bg.layout, bg.spots)
    return im


def draw(view: dict) -> bytes:
    """PNG bytes of the map and everyone's holdings for a Valdora view."""
    return to_png(render(view))

"""The panel under the Kingdom Builder board: its bands' heights and where each card, player row, tile and score
column goes. Pure functions of the view, shared by both writers (`png`, `svg`).

>>> layout({"players": [{}, {}]})
(1197, 56)
>>> [round(x) for x, _ in card_boxes(3)]
[10, 326, 642]
"""

from __future__ import annotations

from render.kingdom.geometry import BOARD_H, HEX_W, WIDTH
from render.kingdom.reading import cards, players, scored, scores
from render.kingdom.style import card_title

PAD = 10
HEADER_H = 62
LEGEND_H = 40
CARDS_H = 150  # a card: title, 3 lines of its hint, each player's gold by it now
CARD_TEXT = 21  # the card hints: 3 lines that read on a phone (~9 px at 430 px wide)
CARD_LINE = 26  # between the hint's lines
CARD_GAP = 8
GOLD_H = 28  # the line of each player's gold under a card's hint
SMALL_HOUSE = 20
HOUSE = round(HEX_W * 0.64)  # a settlement on the board
ROW_H = 56  # one player, or one score row
SCORE_HEAD = 24  # column titles of the score table
MAX_HEIGHT = 1280
NAME_W = 200  # a player's name in their row
CARD_X = PAD + 300  # a player's terrain card in their row
TILES_X = PAD + 505  # a player's location tiles in their row
TILE_W, TILE_H = 38, 28
SCORE_NAME_W, SCORE_TAIL_W = 220, 100  # score table: the player; castles and total


def layout(view: dict) -> tuple[int, float]:
    """(picture height, height of one player or score row) for this many players."""
    n = max(1, len(players(view)), len(scores(view)))
    fixed = BOARD_H + HEADER_H + LEGEND_H + CARDS_H + PAD + (SCORE_HEAD if scored(view) else 0)
    row = min(ROW_H, (MAX_HEIGHT - fixed) / n)
    return round(fixed + n * row), row


def bands() -> tuple[float, float, float, float]:
    """The top of the header, of the sector legend, of the cards and of the player rows."""
    y = BOARD_H + 2
    return y, y + HEADER_H, y + HEADER_H + LEGEND_H, y + HEADER_H + LEGEND_H + CARDS_H


def card_boxes(n: int) -> list[tuple[float, float]]:
    """(left, width) of each of `n` cards side by side."""
    n = max(1, n)
    cw = (WIDTH - 2 * PAD - (n - 1) * CARD_GAP) / n
    return [(PAD + i * (cw + CARD_GAP), cw) for i in range(n)]


def sector_width(n: int) -> float:
    return (WIDTH - 2 * PAD) / max(1, n)


def gold_right(row_h: float) -> tuple[float, float]:
    """(radius, centre x) of the gold coin at the right end of a player row."""
    r = min(19, (row_h - 8) / 2)
    return r, WIDTH - PAD - 8 - r


def tile_step(count: int, right: float) -> float:
    """The distance between a player's tiles, squeezed to end before `right`."""
    return min(46, (right - TILES_X) / max(1, count))


def stripes(x: float, y: float, w: float, h: float, gap: int = 7) -> list[tuple[tuple[float, float], ...]]:
    """The diagonal stripes of a new tile in the box (x, y, w, h), each clipped to it: (start, end)."""
    out = []
    for t in range(-round(h), round(w), gap):
        u0, u1 = max(0, -t), min(h, w - t)
        out.append(((x + t + u0, y + h - u0), (x + t + u1, y + h - u1)))
    return out


def score_columns(view: dict) -> tuple[list[tuple[str, str, float]], float]:
    """The score table's columns: (key, title, centre x) of each card, castles and total; and a card's width."""
    cols = [(c.get("id"), card_title(c)) for c in cards(view)]
    cols += [("castles", "замки"), ("total", "итого")]
    cw = (WIDTH - 2 * PAD - SCORE_NAME_W - 2 * SCORE_TAIL_W) / max(1, len(cols) - 2)
    xs = [PAD + SCORE_NAME_W + (i + 0.5) * cw for i in range(len(cols) - 2)]
    xs += [WIDTH - PAD - 1.5 * SCORE_TAIL_W, WIDTH - PAD - 0.5 * SCORE_TAIL_W]
    return [(key, title, x) for (key, title), x in zip(cols, xs, strict=True)], cw


def ranked(view: dict) -> list[dict]:
    """The score rows, highest total first."""
    return sorted(scores(view), key=lambda s: -(s.get("total") if isinstance(s.get("total"), int) else 0))

"""The heights and columns of the panel under the board and of the round's picture, as functions of the view
(shared by the PNG and the SVG)."""

from __future__ import annotations

from render.common import width
from render.sylvan.access import (
    as_dicts,
    as_int,
    grid_size,
    has_secrets,
    is_over,
    players_of,
    region_points,
    round_end_result,
    scored_round,
    seat_names,
    trees_of,
)
from render.sylvan.geometry import MAX_HEIGHT, WIDTH, board_height
from render.sylvan.palette import SYMBOLS

PAD = 10
HEADER_H = 92
CARDS_H = 88
ROW_H = 66
PRIVATE_H = 74
ROUND_HEAD = 30
ROUND_ROW = 25
REGIONS_H = 34
FINAL_HEAD = 30


NAME_X = PAD + 52  # right of the colour chip
NAME_W = 288  # the name, and under it «жилищ 8+8 · флагов 16 · карт 4»
FAME_X = NAME_X + NAME_W + 32  # the centre of the fame column
SETS_X = FAME_X + 36  # one column per symbol: its icon with the cards towards a set, the items held under it
SETS_W = (WIDTH - PAD - 4 - SETS_X) / len(SYMBOLS)
PLAYERS_HEAD = 24
PANEL_FONT = 17  # the least size of any text in the panel: 9 px when a phone shows the picture 430 px wide

# the final table's columns: (key of a score's breakdown, heading)
FINAL_COLUMNS = (("flags", "флаги"), ("bridges", "мосты"), ("trees_1", "дер. 1"), ("regions_1", "обл. 1"),
                 ("trees_2", "дер. 2"), ("regions_2", "обл. 2"))


def layout(view: dict) -> dict[str, float]:
    """Heights of the parts of the picture for this view: board, header, cards, round, rows (each), private,
    final (each row), and the total."""
    _, rows = grid_size(view)
    n = max(1, len(players_of(view)))
    parts = {"board": board_height(rows), "header": HEADER_H, "cards": 0, "round": 0, "row": 0, "private": 0,
             "final_row": 0}
    if is_over(view):
        scores = max(1, len([s for s in as_dicts(view.get("scores")) if as_int(s.get("seat")) is not None]))
        parts["final_head"] = FINAL_HEAD
        parts["final_row"] = 58
        extra = REGIONS_H + 28 if as_dicts(view.get("round_results")) else 0
        fixed = parts["board"] + 2 + HEADER_H + FINAL_HEAD + extra + PAD
        parts["final_row"] = min(58, (MAX_HEIGHT - fixed) / scores)
        parts["regions"] = extra
        parts["total"] = fixed + scores * parts["final_row"]
        return parts
    private = PRIVATE_H if has_secrets(view) else 0
    parts["private"] = private
    base = parts["board"] + 2 + HEADER_H + private + PAD
    parts["regions_line"] = 0
    if round_end_result(view) is not None:
        parts["round"] = ROUND_HEAD + ROUND_ROW * n + 6
        # the regions line when it leaves room for the rows; else the tinted board shows the regions
        if base + parts["round"] + REGIONS_H + PLAYERS_HEAD + n * 42 <= MAX_HEIGHT:
            parts["round"] += REGIONS_H
            parts["regions_line"] = 1
    else:
        parts["cards"] = CARDS_H
    fixed = base + parts["cards"] + parts["round"]
    parts["players_head"] = PLAYERS_HEAD if fixed + PLAYERS_HEAD + n * 40 <= MAX_HEIGHT else 0
    fixed += parts["players_head"]
    parts["row"] = max(40, min(ROW_H, (MAX_HEIGHT - fixed) / n))
    parts["total"] = min(MAX_HEIGHT, fixed + n * parts["row"])
    return parts


ROUND_W = 800
ROUND_TITLE_H = 70
ROUND_TABLE_HEAD = 40
ROUND_TABLE_ROW = 58
ROUND_REGION_ROW = 46
MAP_CELL_W, MAP_CELL_H = 152, 84


WINNERS_X = PAD + 300  # where the winners of a region start in its row
WINNER_FONT = 22
WINNER_GAP = 20
WINNER_LINE = 32  # each further line of winners (a tie that does not fit one line)


def winner_lines(names: dict[int, str], seats: list[int], each: int) -> list[list[tuple[int, str, float]]]:
    """The winners of a region as lines of (seat, name, room for the name): as many on a line as fit whole,
    the fame «+N» always whole; a name is shrunk or cut only when it does not fit a line of its own."""
    room = ROUND_W - PAD - 10 - WINNERS_X
    tail = width(f"+{each}", WINNER_FONT, True) + 38 + 6 + 6 + WINNER_GAP  # chip, gaps, the fame
    lines: list[list[tuple[int, str, float]]] = []
    used = room
    for s in seats[:4]:
        name = names.get(s, "?")
        need = width(name, WINNER_FONT) + tail
        if not lines or used + need > room:
            lines.append([])
            used = 0
        lines[-1].append((s, name, max(20.0, room - used - tail)))
        used += need
    return lines or [[]]


def round_layout(view: dict) -> dict[str, float]:
    """Heights of the parts of the round's picture: title, table, regions, map, and the total."""
    n = max(1, len(players_of(view)))
    cols, rows = grid_size(view)
    result = scored_round(view) or {}
    trees = {t["name"]: t for t in trees_of(view)}
    names = seat_names(view)
    region_rows = sum(ROUND_REGION_ROW + (len(winner_lines(names, seats, each)) - 1) * WINNER_LINE
                      for _, seats, each in region_points(view, result, trees))
    parts = {"title": ROUND_TITLE_H, "table": ROUND_TABLE_HEAD + n * ROUND_TABLE_ROW + 14,
             "regions": 40 + region_rows + 10, "map": 40 + rows * MAP_CELL_H + 16}
    parts["total"] = sum(parts.values())
    return parts

"""Forgiving access to a Sylvan Dale view: odd or missing values read as neutral instead of raising."""

from __future__ import annotations

from typing import Any

from render.badges import badges
from render.common import RGB, clean, player_colour
from render.sylvan.palette import NEUTRAL_OWNER, OWNER_RGB, STYLES, SYMBOLS

COLUMN_LETTERS = "АБВГД"


def as_int(value: Any, default: int | None = None) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_list(value: Any) -> list:
    return list(value) if isinstance(value, list | tuple) else []


def as_dicts(value: Any) -> list[dict]:
    return [x for x in as_list(value) if isinstance(x, dict)]


def parse_name(name: Any) -> tuple[int, int] | None:
    """(column, row) from 0 of a tree name: "Б3" -> (1, 2); None for anything else.

    >>> parse_name("Б3"), parse_name("Z9"), parse_name(5)
    ((1, 2), None, None)
    """
    if not isinstance(name, str) or len(name) < 2 or name[0] not in COLUMN_LETTERS:
        return None
    number = name[1:]
    if not (number.isascii() and number.isdigit()):
        return None
    return COLUMN_LETTERS.index(name[0]), int(number) - 1


def grid_size(view: dict) -> tuple[int, int]:
    """(columns, rows) of the board, 1..5 each."""
    cols = as_int(view.get("columns"), 5) or 5
    rows = as_int(view.get("rows"))
    if rows is None:
        rows = 5 if view.get("side") != "small" else 4
    return max(1, min(5, cols)), max(1, min(5, rows))


def trees_of(view: dict) -> list[dict]:
    """The trees of the view with a valid spot on the grid (first one wins on a duplicate)."""
    cols, rows = grid_size(view)
    out, seen = [], set()
    for t in as_dicts(view.get("trees")):
        spot = parse_name(t.get("name"))
        if spot is None or spot in seen or not (spot[0] < cols and spot[1] < rows):
            continue
        seen.add(spot)
        out.append(t)
    return out


def players_of(view: dict) -> list[dict]:
    return as_dicts(view.get("players"))


def display_name(p: dict) -> str:
    seat = as_int(p.get("seat"))
    return clean(str(p.get("name", ""))) or (f"Игрок {seat + 1}" if seat is not None else "Игрок")


def seat_colours(view: dict) -> dict[int, RGB]:
    """seat -> RGB from each player's "colour" (a name); unknown names get the shared pawn colours."""
    out = {}
    for p in players_of(view):
        seat = as_int(p.get("seat"))
        if seat is not None:
            out[seat] = OWNER_RGB.get(p.get("colour"), player_colour(seat))
    return out


def owner_rgb(view: dict, seat: Any) -> RGB:
    """The colour of a seat's tiles, flags and bridges in this view."""
    seat = as_int(seat)
    if seat is None:
        return NEUTRAL_OWNER
    return seat_colours(view).get(seat, player_colour(seat))


def style_of(value: Any) -> str | None:
    return value if value in STYLES else None


def seat_names(view: dict) -> dict[int, str]:
    return {s: display_name(p) for p in players_of(view) if (s := as_int(p.get("seat"))) is not None}


def marks(view: dict) -> dict[int, str]:
    """seat -> the letters on its colour chip, different for every seat (`render.badges`)."""
    return badges(seat_names(view))


def is_over(view: dict) -> bool:
    return view.get("step") == "over"


def round_end_result(view: dict) -> dict | None:
    """The scoring of round 1 while round 2 has not yet seen a dwelling (every round-2 stack full)."""
    results = as_dicts(view.get("round_results"))
    if is_over(view) or view.get("round") != 2 or not results:
        return None
    for p in players_of(view):
        sizes = as_list(p.get("stack_sizes"))
        if len(sizes) < 2 or sizes[1] != 8:
            return None
    return results[-1]


def stock_line(view: dict, p: dict) -> str:
    """What a player has left: «жилищ 8+8 · флагов 16 · карт 4» (both stacks in round 1)."""
    sizes = [as_int(s, 0) for s in as_list(p.get("stack_sizes"))]
    rnd = as_int(view.get("round"), 1)
    if len(sizes) >= 2 and rnd == 1:
        stack = f"жилищ {sizes[0]}+{sizes[1]}"
    elif sizes:
        stack = f"жилищ {sizes[min(len(sizes), max(1, rnd or 1)) - 1]}"
    else:
        stack = "жилищ ?"
    return f"{stack} · флагов {as_int(p.get('flags_left'), '?')} · карт {as_int(p.get('hand_size'), '?')}"


def round_order(view: dict, result: dict) -> list[int]:
    """The seats as a round's tables list them: by fame so far (the leader on top), then by the round's fame,
    then by seat."""
    trees, regions = seat_values(result, "trees"), seat_values(result, "regions")
    fame = {s: as_int(p.get("fame"), 0) or 0 for p in players_of(view) if (s := as_int(p.get("seat"))) is not None}
    return sorted(seat_names(view), key=lambda s: (-fame.get(s, 0), -(trees.get(s, 0) + regions.get(s, 0)), s))


def has_secrets(view: dict) -> bool:
    """A seat's own view with its hand or stacks (never the public view of the group)."""
    return as_int(view.get("seat")) is not None and not is_over(view) and (
        isinstance(view.get("hand"), list) or isinstance(view.get("stacks"), list))


def highlighted_trees(view: dict, trees: dict[str, dict]) -> list[str]:
    return [n for n in dict.fromkeys(x for x in as_list(view.get("highlight")) if isinstance(x, str)) if n in trees]


def tree_tiles(view: dict, t: dict) -> list[tuple[Any, str | None]]:
    return [(x.get("seat"), style_of(x.get("style"))) for x in as_dicts(t.get("tiles"))]


def moving_trees(view: dict) -> list[str]:
    """Trees whose top dwelling an opened hammer menu would move (`moving` in the view)."""
    return [n for n in dict.fromkeys(x for x in as_list(view.get("moving")) if isinstance(x, str))
            if parse_name(n) is not None]


def scored_round(view: dict) -> dict | None:
    """The scoring to draw: `round_scores` of the view, else the last of `round_results`."""
    scores = view.get("round_scores")
    if isinstance(scores, dict):
        return scores
    results = as_dicts(view.get("round_results"))
    return results[-1] if results else None


def seat_values(result: dict, key: str) -> dict[int, int]:
    values = result.get(key)
    if isinstance(values, dict):
        pairs = [(as_int(k) if not isinstance(k, str) or not k.isdigit() else int(k), v) for k, v in values.items()]
    else:
        pairs = list(enumerate(as_list(values)))
    return {s: (as_int(v, 0) or 0) for s, v in pairs if s is not None}


def region_points(view: dict, result: dict, trees: dict[str, dict]) -> list[tuple[dict, list[int], int]]:
    """(region, winners, fame each) for every region in play: 2 per tree for a sole winner, 1 each on a tie."""
    winners = result.get("region_winners") if isinstance(result.get("region_winners"), dict) else {}
    out = []
    for i, r in enumerate(as_dicts(view.get("regions"))):
        if not r.get("in_play", True):
            continue
        rid = str(r.get("id", i))
        seats = [s for s in (as_int(x) for x in as_list(winners.get(rid))) if s is not None]
        n = len([t for t in as_list(r.get("trees")) if t in trees])
        out.append((r, seats, (2 if len(seats) == 1 else 1) * n if seats else 0))
    return out


def board_key(view: dict) -> tuple:
    """What the board's background depends on: (columns, rows, regions as (id, trees, glade), trees as
    (name, base style), unused spots); the same for every view of a game."""
    cols, rows = grid_size(view)
    regions = []
    for i, r in enumerate(as_dicts(view.get("regions"))):
        names = tuple(n for n in as_list(r.get("trees")) if parse_name(n) is not None)
        regions.append((str(r.get("id", i)), names, bool(r.get("glade"))))
    trees = tuple((t["name"], style_of(t.get("base"))) for t in trees_of(view))
    empty = tuple(n for n in as_list(view.get("empty_spots")) if parse_name(n) is not None)
    return cols, rows, tuple(regions), trees, empty


def set_progress(p: dict) -> tuple[dict[str, int], dict[str, int]]:
    """A player's played cards towards each symbol's set of 3: (cards with that symbol only, two-symbol cards
    with it, which count for either set)."""
    single = dict.fromkeys(SYMBOLS, 0)
    double = dict.fromkeys(SYMBOLS, 0)
    for c in as_dicts(p.get("played")):
        symbols = [s for s in as_list(c.get("symbols")) if s in SYMBOLS]
        for s in symbols:
            if len(symbols) == 1:
                single[s] += 1
            else:
                double[s] += 1
    return single, double


def region_winners(view: dict, result: dict) -> list[tuple[dict, list]]:
    """(region, the seats that won it, at most 4) for every region in play, from a round's scoring."""
    winners = result.get("region_winners") if isinstance(result.get("region_winners"), dict) else {}
    regions = [r for r in as_dicts(view.get("regions")) if r.get("in_play", True)]
    return [(r, [s for s in as_list(winners.get(str(r.get("id", i)))) if as_int(s) is not None][:4])
            for i, r in enumerate(regions)]

"""Reading a Kingdom Builder view (schema in `rules/kingdom/view.py`) forgivingly, and the words the panel
says about it: missing or odd values read as neutral rather than raising. Both writers read the view only here.

>>> header({"current": 0, "players": [{"seat": 0, "name": "Аня", "card": "F"}], "builds_left": 2}).title
'Ходит Аня — поставить поселение'
>>> player_note({"settlements_left": 31, "seat": 0}, {"first": 0})
'в запасе 31 · первый игрок'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from render.common import RGB, clean, fit, player_colour, seat_colours, width
from render.kingdom.geometry import SIZE, parse
from render.kingdom.style import TERRAIN


def terrain(view: dict) -> tuple[str, ...]:
    """The 20 rows of terrain letters, "?" where the view has none."""
    rows = view.get("terrain")
    if not isinstance(rows, list | tuple):
        rows = []
    out = []
    for r in range(SIZE):
        row = rows[r] if r < len(rows) and isinstance(rows[r], str) else ""
        out.append((row + "?" * SIZE)[:SIZE])
    return tuple(out)


def locations(view: dict) -> list[dict]:
    """The location hexes on the board, each with its "row" and "col"."""
    out = []
    for loc in view.get("locations") or []:
        if not isinstance(loc, dict):
            continue
        r, c = loc.get("row"), loc.get("col")
        if not (isinstance(r, int) and isinstance(c, int)) and isinstance(loc.get("hex"), str):
            r, c = parse(loc["hex"]) or (None, None)
        if isinstance(r, int) and isinstance(c, int) and 0 <= r < SIZE and 0 <= c < SIZE:
            out.append({**loc, "row": r, "col": c})
    return out


def tiles_left(loc: dict) -> int:
    """How many tiles (0..2) still lie on a location hex."""
    tiles = loc.get("tiles")
    return max(0, min(2, tiles)) if isinstance(tiles, int) else 0


def hexes(view: dict, key: str) -> list[tuple[int, int]]:
    """The (row, col) of each hex named in a list of the view ("highlight", "last_turn"), once each."""
    value = view.get(key)
    if not isinstance(value, list | tuple):
        return []
    return list(dict.fromkeys(h for h in (parse(x) for x in value) if h is not None))


def owners(view: dict) -> list[tuple[int, int, Any]]:
    """(row, col, seat) of every settlement on the board."""
    rows = view.get("owners")
    if not isinstance(rows, list | tuple):
        return []
    out = []
    for r, row in enumerate(rows[:SIZE]):
        if isinstance(row, list | tuple):
            out.extend((r, c, seat) for c, seat in enumerate(row[:SIZE]) if seat is not None)
    return out


def players(view: dict) -> list[dict]:
    return [p for p in view.get("players") or [] if isinstance(p, dict)]


def colour(view: dict, seat: Any) -> RGB:
    """The colour of a seat's settlements: the person's own (kept across a rematch), else the seat's."""
    return seat_colours(view.get("players")).get(seat) or player_colour(seat)


def display_name(p: dict) -> str:
    seat = p.get("seat")
    return clean(str(p.get("name", ""))) or (f"Игрок {seat + 1}" if isinstance(seat, int) else "Игрок")


def names(view: dict) -> dict[Any, str]:
    return {p.get("seat"): display_name(p) for p in players(view)}


def over(view: dict) -> bool:
    return view.get("phase") == "over" or bool(view.get("scores"))


def scores(view: dict) -> list[dict]:
    return [s for s in view.get("scores") or [] if isinstance(s, dict)]


def scored(view: dict) -> bool:
    return bool(scores(view))


def cards(view: dict) -> list[dict]:
    """The three Kingdom Builder cards of the game."""
    return [c for c in view.get("cards") or [] if isinstance(c, dict)][:3]


def sectors(view: dict) -> list[dict]:
    """The four board parts, in the order of the quarters ↖ ↗ ↙ ↘."""
    return [s for s in view.get("sectors") or [] if isinstance(s, dict)][:4]


def tiles(p: dict) -> list[dict]:
    return [t for t in p.get("tiles") or [] if isinstance(t, dict)]


def number(value: Any) -> int | None:
    """An int that is not a bool, else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def card_gold(view: dict, card: Any) -> list[tuple[Any, int]]:
    """(seat, gold) of every player by one card now, in seat order; players without the figure are left out."""
    out = []
    for p in players(view):
        parts = p.get("gold_parts")
        gold = number(parts.get(card)) if isinstance(parts, dict) else None
        if gold is not None:
            out.append((p.get("seat"), gold))
    return out


@dataclass(frozen=True)
class Header:
    """What the panel's header says: a title line, and below it the card, a note, the deck."""

    title: str
    seat: Any = None  # whose house leads the title (None: no house)
    card: str | None = None  # the terrain card of the player to move, when shown
    note: str = ""  # "осталось построить 2 из 3 · последний круг!", or who won
    alarm: bool = False  # the note warns of the final round
    won: bool = False  # the note names the winners
    deck: str = ""


def header(view: dict) -> Header:
    """ "Ходит Вера — поставить поселение" (who, a dash, what is being chosen), or "Партия окончена" and who won;
    below, the card, how many of the three builds are left, and the deck."""
    deck = f"колода {view.get('deck', '?')} · сброс {view.get('discard', '?')}"
    if over(view):
        winners = [names(view).get(s, str(s)) for s in view.get("winners") or []]
        note = (("Победа: " if len(winners) == 1 else "Победили: ") + ", ".join(winners)) if winners else ""
        return Header("Партия окончена", note=note, won=True, deck=deck)
    seat = view.get("current")
    if seat is None:
        return Header("Ждём начала хода", deck=deck)
    who = names(view).get(seat, f"Игрок {seat + 1}" if isinstance(seat, int) else "Игрок")
    what = clean(str(view.get("choosing") or "")) or "поставить поселение"
    card = ({p.get("seat"): p for p in players(view)}.get(seat) or {}).get("card")
    left = view.get("builds_left")
    if view.get("phase") == "after" or left == 0:
        note = "обязательные поселения построены"
    elif isinstance(left, int):
        note = f"осталось построить {left} из 3"
    else:
        note = ""
    if view.get("final_round"):
        note = (note + " · " if note else "") + "последний круг!"
    return Header(f"Ходит {who} — {what}", seat=seat, card=card if card in TERRAIN else None, note=note,
                  alarm=bool(view.get("final_round")), deck=deck)


def player_title(view: dict, p: dict) -> str:
    """A player's name, "(вы)" after it in the view made for that seat."""
    own = view.get("seat") is not None and view.get("seat") == p.get("seat")
    return display_name(p) + (" (вы)" if own else "")


def player_note(p: dict, view: dict) -> str:
    """ "в запасе 31 · первый игрок": the settlements a player has left to build."""
    left = p.get("settlements_left")
    note = f"в запасе {left if left is not None else '?'}"
    if p.get("seat") == view.get("first") and p.get("seat") is not None:
        note += " · первый игрок"
    return note


def shown_card(view: dict, p: dict) -> tuple[str | None, bool]:
    """(terrain letter, whether it is the seat's own secret hand) of the card shown in a player's row: the
    card played this turn (public), else, in the view made for that seat, the card in their hand."""
    card = p.get("card")
    if card in TERRAIN:
        return card, False
    hand = view.get("hand") if view.get("seat") == p.get("seat") else None
    if isinstance(hand, dict):
        hand = hand.get("terrain") or hand.get("card")
    if isinstance(hand, list | tuple):
        hand = hand[0] if hand else None
    return (hand, True) if hand in TERRAIN else (None, False)


TILE_NOTES = {"new": "нов.", "used": "сыгран"}  # under a tile: got this turn, or played this turn
READY = "usable"  # a tile in this state can act this turn (rules/kingdom/engine.READY)


def tile_target(view: dict, p: dict, tile: dict) -> str | None:
    """The tap id of a tile in a player's row (`rules.kingdom.notation.targets`), None if it is not tapped now:
    while the player to move gives a tile back, each tile of that type by its state ("farm-used"); else each
    ready tile of theirs by its type ("oracle")."""
    kind, state = tile.get("type"), tile.get("state")
    if p.get("seat") is None or p.get("seat") != view.get("current") or not isinstance(kind, str):
        return None
    if view.get("returning"):
        return f"{kind}-{state}" if tile.get("title") == view["returning"] and isinstance(state, str) else None
    return kind if state == READY else None


def wrap(value: str, size: int, max_width: float, lines: int) -> list[str]:
    """`value` broken into at most `lines` lines of `max_width` at `size`, the last one ending "…" if cut."""
    words, out, line = clean(value).split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if width(candidate, size) <= max_width or not line:
            line = candidate
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " …", size, max_width)[0] if width(out[-1] + " …", size) > max_width \
            else out[-1] + " …"
    return [fit(x, size, max_width)[0] for x in out]

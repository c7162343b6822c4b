"""The JSON-safe view the renderer and the bot read. The deck order and other players' hidden cards never
appear: a terrain card is shown for the current player (it is revealed at the start of the turn) and,
to a viewing seat, its own card.

>>> from rules.kingdom.state import new_game
>>> from rules.kingdom.engine import start_game
>>> state = new_game(["Аня", "Борис"], seed=1, options={"first": 0})
>>> _ = start_game(state)
>>> v = view(state, seat=1)
>>> v["game"], len(v["terrain"]), v["players"][0]["card"] == state.players[0].card, v["hand"] is not None
('kingdom', 20, True, True)
>>> view(state)["players"][1]["card"] is None
True

Each player's `gold` is what they would score if the game ended now (the objective cards and the castles),
`gold_parts` the same per card id and "castles".
"""

from __future__ import annotations

from typing import Any

from rules.kingdom.board import SIZE
from rules.kingdom.building import build_targets
from rules.kingdom.data import BUILDING_TILES, CARD_HINTS, CARD_TITLES, MOVING_TILES, SECTOR_TITLES, TILE_TITLES
from rules.kingdom.layout import NAMES
from rules.kingdom.scoring import breakdowns, final_scores, winners
from rules.kingdom.state import State


def focus_hexes(focus: list[str]) -> list[str]:
    """Where the given actions lead: the last hex each names (`build K12` -> K12, `harbor K12 L5` -> L5),
    in order, once each; `end` leads nowhere. Moving actions from several settlements lead first to the
    choice of the settlement: their origins.

    >>> focus_hexes(["build K12", "harbor K12 L5", "harbor A1 L5", "end"])
    ['K12', 'L5']
    >>> focus_hexes(["barn K12 L5", "barn A1 L5", "barn A1 B2"])
    ['K12', 'A1']
    """
    origins = moving_origins(focus)
    if len(origins) > 1:
        return origins
    return list(dict.fromkeys(words[-1] for words in map(str.split, focus) if len(words) > 1))


def moving_origins(focus: list[str] | None) -> list[str]:
    """The settlements that the given actions move, when every one of them moves a settlement (else [])."""
    words = [a.split() for a in focus or [] if a != "end"]
    if not words or any(w[0] not in MOVING_TILES or len(w) != 3 for w in words):
        return []
    return list(dict.fromkeys(w[1] for w in words))


def choosing(state: State, focus: list[str] | None) -> str:
    """What the player to move is choosing now, in the infinitive, for the picture's header ("поставить
    поселение", "куда переставить поселение"); "" when the game is over."""
    if state.current is None:
        return ""
    if state.pending:
        return f"какой жетон «{TILE_TITLES[state.layout.locations[state.pending[0]]]}» вернуть"
    origins = moving_origins(focus)
    if len(origins) > 1:
        return "какое поселение переставить"
    if origins:
        return f"куда переставить поселение с {origins[0]}"
    kinds = {a.split()[0] for a in focus or [] if a != "end"}
    if len(kinds) == 1 and (kind := kinds.pop()) in BUILDING_TILES:
        return f"поставить поселение жетоном «{TILE_TITLES[kind]}»"
    if state.phase in ("start", "building"):
        return "поставить поселение"
    return "сыграть жетон или закончить ход"


def view(state: State, seat: int | None = None, focus: list[str] | None = None) -> dict[str, Any]:
    """The view of the bot and the renderer; `focus` (actions of an opened menu group) replaces the
    highlight of the mandatory builds with the hexes those actions lead to."""
    lay = state.layout
    over = state.phase == "over"
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state.players)):
        seat = None
    players = []
    gold = breakdowns(state)  # the gold each would have if the game ended now, as Board Game Arena shows it
    for s, p in enumerate(state.players):
        public = s == state.current or s == seat
        players.append({
            "seat": s,
            "name": p.name,
            "settlements_left": p.settlements,
            "gold": sum(gold[s].values()),
            "gold_parts": gold[s],
            "card": p.card if public else None,
            "tiles": [{"type": t.type, "title": TILE_TITLES[t.type], "from": NAMES[t.origin], "state": t.state}
                      for t in p.tiles],
        })
    owners = state.owners
    origins = moving_origins(focus)
    scores = None
    if over:
        scores = [{"seat": s["seat"], "total": s["total"], "breakdown": dict(s["breakdown"])}
                  for s in final_scores(state)]
    return {
        "game": "kingdom",
        "terrain": list(lay.board.terrain),
        "sectors": [{"name": name, "title": SECTOR_TITLES[name], "turned": bool(turned)}
                    for name, turned in state.sectors],
        "locations": [{"hex": NAMES[h], "row": h // SIZE, "col": h % SIZE, "type": kind, "title": TILE_TITLES[kind],
                       "tiles": state.tiles_left[h]} for h, kind in lay.locations.items()],
        "owners": [list(owners[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)],
        "cards": [{"id": c, "title": CARD_TITLES[c], "hint": CARD_HINTS[c]} for c in state.cards],
        "players": players,
        "current": state.current,
        "first": state.first,
        "builds_left": state.builds_left if state.phase in ("start", "building") else 0,
        "phase": state.phase,
        "highlight": focus_hexes(focus) if focus is not None else [NAMES[h] for h in build_targets(state)],
        "last_turn": [NAMES[h] for h in (state.turn_placed or state.prev_placed)],
        "choosing": choosing(state, focus),
        "moving": origins[0] if len(origins) == 1 else None,
        "returning": (TILE_TITLES[lay.locations[state.pending[0]]] if state.pending else None),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "final_round": state.final_round,
        "seat": seat,
        "hand": state.players[seat].card if seat is not None else None,
        "scores": scores,
        "winners": winners(state),
    }

"""The JSON-safe view the renderer and the bot read. Deck order and hidden card backs never appear;
delivered contracts are shown only to their owner, and to everyone once the game is over.

While the current player is choosing where to go (phase "move"), `reachable` lists every legal destination
with what stopping there costs (coins paid to the pawns met, provisions spent to pass a town), as the
movement rules compute it; `highlight` names the spaces the picture marks: the reachable ones, or the
destinations of the `focus` actions (the buttons the player is choosing among) when a focus is given.

>>> from rules.valdora.state import new_game
>>> v = view(new_game(["Аня", "Борис", "Вера"], seed=1), seat=0)
>>> v["phase"], v["players"][0]["equipment"][0]["name"], len(v["board"]["spaces"])
('move', 'Лоток', 30)
>>> sorted(v["reachable"][0]), v["highlight"] == [r["space"] for r in v["reachable"]]
(['pay', 'provisions', 'space'], True)
"""

from __future__ import annotations

from typing import Any

from rules.valdora.board import EDGES, ROAD, SPACE_BY_NAME, SPACES
from rules.valdora.books import visible
from rules.valdora.data import (
    COLOURS,
    CONTRACT_FACES,
    EQUIPMENT_COST,
    EQUIPMENT_NAMES,
    GEM_ORDER,
    KIND_ORDER,
    WORKSHOPS,
)
from rules.valdora.movement import move_options
from rules.valdora.scoring import final_scores, winners
from rules.valdora.state import State


def gem_counts(pile: dict[str, int]) -> dict[str, int]:
    """Only the non-zero entries, in gem order."""
    return {gem: pile[gem] for gem in GEM_ORDER if pile.get(gem, 0)}


def equipment_face(kind: str) -> dict[str, Any]:
    return {"type": "equipment", "kind": kind, "name": EQUIPMENT_NAMES[kind], "cost": EQUIPMENT_COST[kind]}


def contract_face(face: int) -> dict[str, Any]:
    contract = CONTRACT_FACES[face]
    return {"type": "contract", "client": contract.client, "wants": dict(contract.wants),
            "points": contract.points}


def face_view(kind: str, face: Any) -> dict[str, Any] | None:
    if face is None:
        return None
    return equipment_face(face) if kind == "equipment" else contract_face(face)


MOVE_VERB = "move"  # the verb of a move action ("move Д5"): the only actions that lead to a space


def reachable(state: State) -> list[dict[str, Any]]:
    """Where the current pawn may stop, in board order, while its player is in the move phase (else
    nothing): `pay` coins go to the pawns met there, `provisions` is spent passing a town on the way.
    Computed by `movement.move_options`, from public information only."""
    if state.phase != "move" or state.current is None:
        return []
    player = state.players[state.current]
    positions = [p.position for p in state.players]
    options = move_options(positions, state.current, player.provisions, player.coins)
    return [{"space": o.dest, "pay": len(o.payees), "provisions": o.spends_provisions} for o in options]


def focus_spaces(focus: list[str]) -> list[str]:
    """The spaces the `focus` actions move to, in order, once each; other actions lead to no space.

    >>> focus_spaces(["move Д5", "move Д9", "move Д5", "end", "move Марс"])
    ['Д5', 'Д9']
    """
    found = []
    for action in focus:
        verb, _, dest = str(action).partition(" ")
        if verb == MOVE_VERB and dest in SPACE_BY_NAME and dest not in found:
            found.append(dest)
    return found


def view(state: State, seat: int | None = None, focus: list[str] | None = None) -> dict[str, Any]:
    """The public view (plus `seat`'s own delivered contracts); `focus` replaces the highlight of every
    reachable space with the spaces its actions lead to."""
    over = state.phase == "over"
    players = []
    for s, p in enumerate(state.players):
        secret_visible = over or s == seat
        players.append({
            "seat": s,
            "name": p.name,
            "coins": p.coins,
            "provisions": p.provisions,
            "position": p.position,
            "equipment": [
                {"kind": k, "name": EQUIPMENT_NAMES[k], "gem": p.equipment[k], "cost": EQUIPMENT_COST[k]}
                for k in KIND_ORDER if k in p.equipment
            ],
            "contracts": [contract_face(card[0]) for card in p.contracts],
            "delivered": len(p.delivered),
            "delivered_contracts": [contract_face(f) for f in p.delivered] if secret_visible else None,
            "contract_points": sum(CONTRACT_FACES[f].points for f in p.delivered) if secret_visible else None,
            "masters": {c: p.masters[c] for c in COLOURS if p.masters.get(c, 0)},
            "workshops": [c for c in COLOURS if c in p.workshops],
            "bonuses": p.bonuses,
        })
    spaces = [
        {"name": sp.name, "kind": sp.kind, "x": sp.x, "y": sp.y, "ships": sp.ships, "book": sp.book,
         "client": sp.client, "gems": gem_counts(state.roads[sp.name]) if sp.kind == ROAD else {}}
        for sp in SPACES
    ]
    moves = reachable(state)
    books = []
    for book in state.books:
        left, right = visible(book)
        books.append({"town": book.town, "kind": book.kind, "left": face_view(book.kind, left),
                      "right": face_view(book.kind, right), "left_count": len(book.left),
                      "right_count": len(book.right)})
    return {
        "game": "valdora",
        "seat": seat,
        "players": players,
        "current_seat": state.current,
        "first_seat": state.first_seat,
        "round": state.round,
        "phase": state.phase,
        "turn": {"flips": state.turn.flips,
                 "action": state.turn.action if state.turn.action in ("buy", "mine", "deliver") else None,
                 "mined": state.turn.mined},
        "final_round": state.final_round,
        "reachable": moves,
        "highlight": focus_spaces(focus) if focus is not None else [m["space"] for m in moves],
        "over": over,
        "board": {"spaces": spaces, "edges": [list(e) for e in EDGES]},
        "discard": gem_counts(state.discard),
        "bank": state.bank,
        "books": books,
        "masters": [{"colour": c, "left": state.masters[c]} for c in COLOURS],
        "workshops": [
            {"colour": w.colour, "need": w.need, "points": w.points, "owner": state.workshops[w.colour]}
            for w in WORKSHOPS
        ],
        "bonuses_left": state.bonuses_left,
        "scores": final_scores(state) if over else None,
        "winners": winners(state) if over else None,
    }

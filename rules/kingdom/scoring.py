"""Gold (rulebook "Конец игры и подсчёт очков" and "Карты строителей королевств"): for every player the
three Kingdom Builder cards of the game, then 3 gold per castle with at least one own settlement next
to it. Valid at any time; final once the game is over. Ties share the win.

>>> from rules.kingdom.state import new_game
>>> state = new_game(["Аня", "Борис"], seed=1, options={"cards": ["lords", "farmers", "hermits"]})
>>> final_scores(state)[0]["breakdown"]
{'lords': 0, 'farmers': 0, 'hermits': 0, 'castles': 0}
"""

from __future__ import annotations

from rules.kingdom.board import SIZE, WATER
from rules.kingdom.data import (
    CASTLE_GOLD,
    FARMERS_GOLD,
    KNIGHTS_GOLD,
    LORDS_FIRST,
    LORDS_SECOND,
    MERCHANTS_GOLD,
)
from rules.kingdom.layout import NBRS, ROW, SECTOR, Layout
from rules.kingdom.state import State


def own_hexes(owners: list[int | None], seat: int) -> list[int]:
    """The hexes of a seat's settlements, in index order."""
    return [h for h, o in enumerate(owners) if o == seat]


def groups(owners: list[int | None], seat: int, own: list[int] | None = None) -> list[list[int]]:
    """The connected groups of a seat's settlements (flood fill over neighbours); `own`: its hexes, when
    the caller has them already."""
    seen: set[int] = set()
    out = []
    for h in own_hexes(owners, seat) if own is None else own:
        if h in seen:
            continue
        seen.add(h)
        group, stack = [], [h]
        while stack:
            x = stack.pop()
            group.append(x)
            for n in NBRS[x]:
                if owners[n] == seat and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(group)
    return out


def sector_counts(owners: list[int | None], seat: int, own: list[int] | None = None) -> list[int]:
    counts = [0, 0, 0, 0]
    for h in own_hexes(owners, seat) if own is None else own:
        counts[SECTOR[h]] += 1
    return counts


def lords(owners: list[int | None], players: int) -> list[int]:
    """Per seat: in each sector, everyone tied for the most settlements gets 12, everyone tied for the
    next lower count gets 6; no settlements in a sector, no gold there."""
    gold = [0] * players
    counts = [[0, 0, 0, 0] for _ in range(players)]
    for h, o in enumerate(owners):  # one pass for all seats
        if o is not None:
            counts[o][SECTOR[h]] += 1
    for sector in range(4):
        present = sorted({counts[s][sector] for s in range(players) if counts[s][sector] > 0}, reverse=True)
        for s in range(players):
            n = counts[s][sector]
            if present and n == present[0]:
                gold[s] += lord_gold(1)
            elif len(present) > 1 and n == present[1]:
                gold[s] += lord_gold(2)
    return gold


def lord_gold(place: int) -> int:
    """Lords' gold in one sector for a place there (1: the most settlements, 2: the next lower count, else none);
    a pure formula, so the rules answers compute a player's sum with the card's own numbers."""
    return {1: LORDS_FIRST, 2: LORDS_SECOND}.get(place, 0)


def gold_for(card: str, counted: int) -> int:
    """The gold of a Kingdom Builder card (Lords aside: `lord_gold`) from the one number it counts: settlements
    (Fishermen, Miners, Workers; Knights in the best row, Citizens in the largest group, Farmers in the weakest
    sector), rows (Discoverers), groups (Hermits), or linked locations and castles (Merchants). `card_gold`
    counts on a board and calls this; the rules answers call it with a player's own count."""
    if card == "citizens":
        return counted // 2  # 1 per 2 settlements, the odd one left over
    return {"knights": KNIGHTS_GOLD, "farmers": FARMERS_GOLD, "merchants": MERCHANTS_GOLD}.get(card, 1) * counted


def castles_gold(castles: int) -> int:
    """The gold for castles with at least one own settlement next to them."""
    return CASTLE_GOLD * castles


def card_gold(card: str, lay: Layout, owners: list[int | None], seat: int, own: list[int] | None = None) -> int:
    """The gold one Kingdom Builder card gives one seat (Lords: see `lords`); `own`: the seat's hexes
    (`own_hexes`), when the caller has them already."""
    if own is None:
        own = own_hexes(owners, seat)
    terrain = lay.terrain
    if card == "fishermen":  # a settlement on water never counts (official rules)
        counted = sum(1 for h in own if lay.near_water[h] and terrain[h] != WATER)
    elif card == "miners":
        counted = sum(1 for h in own if lay.near_mountain[h])
    elif card == "workers":
        counted = sum(1 for h in own if lay.near_special[h])
    elif card == "discoverers":
        counted = len({ROW[h] for h in own})
    elif card == "knights":
        rows = [0] * SIZE
        for h in own:
            rows[ROW[h]] += 1
        counted = max(rows)
    elif card == "hermits":
        counted = len(groups(owners, seat, own))
    elif card == "citizens":
        counted = max((len(g) for g in groups(owners, seat, own)), default=0)
    elif card == "farmers":
        counted = min(sector_counts(owners, seat, own))
    elif card == "merchants":
        linked: set[int] = set()
        for g in groups(owners, seat, own):
            touched = {x for h in g for x in lay.near_special[h]}
            if len(touched) >= 2:
                linked |= touched
        counted = len(linked)
    else:
        raise ValueError(card)
    return gold_for(card, counted)


def castle_gold(lay: Layout, owners: list[int | None], seat: int) -> int:
    """3 gold per castle with at least one own settlement next to it (several settlements: still 3)."""
    return castles_gold(sum(1 for c in lay.castles if any(owners[n] == seat for n in NBRS[c])))


def breakdowns(state: State) -> list[dict[str, int]]:
    """Per seat: card id -> gold in the order of the game's cards, then "castles"."""
    lay, owners, n = state.layout, state.owners, len(state.players)
    lord_gold = lords(owners, n) if "lords" in state.cards else None
    out = []
    for seat in range(n):
        parts = {}
        for card in state.cards:
            parts[card] = lord_gold[seat] if card == "lords" else card_gold(card, lay, owners, seat)
        parts["castles"] = castle_gold(lay, owners, seat)
        out.append(parts)
    return out


def final_scores(state: State) -> list[dict]:
    """Per seat: seat, name, total and the breakdown."""
    return [{"seat": seat, "name": p.name, "total": sum(parts.values()), "breakdown": parts}
            for seat, (p, parts) in enumerate(zip(state.players, breakdowns(state), strict=True))]


def winners(state: State) -> list[int]:
    """The seats with the most gold (several on a tie); empty while the game is running."""
    if state.phase != "over":
        return []
    scores = final_scores(state)
    best = max(s["total"] for s in scores)
    return [s["seat"] for s in scores if s["total"] == best]

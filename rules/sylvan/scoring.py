"""Advantage on a tree, fame for bridges, the end-of-round scoring of trees and regions, the final scores and
the winners with the rulebook's tie-breaks.

>>> from rules.sylvan.state import Tree
>>> advantage(Tree("Б3", "nut", tiles=[[0, "nut"], [1, "leaf"], [0, "nut"], [1, "leaf"]]))  # tie: higher tile
1
>>> advantage(Tree("Б3", "nut")) is None
True
"""

from __future__ import annotations

from typing import Any

from rules.sylvan.data import FLAG_FAME, FLAGS_PER_PLAYER, SIDES
from rules.sylvan.state import FAME_PARTS, State, Tree

ROUND_PARTS = ("trees", "regions")


def advantage(tree: Tree) -> int | None:
    """The seat with the most dwellings on the tree; a tie goes to whoever of the tied has the highest
    dwelling; None on a tree without dwellings (rulebook)."""
    tiles = tree.tiles
    if not tiles:
        return None
    counts: dict[int, int] = {}
    for seat, _ in tiles:
        counts[seat] = counts.get(seat, 0) + 1
    best = max(counts.values())
    tied = [seat for seat, n in counts.items() if n == best]
    if len(tied) == 1:
        return tied[0]
    for seat, _ in reversed(tiles):
        if counts[seat] == best:
            return seat
    raise AssertionError("unreachable")


def tree_fame(height: int) -> int:
    """rulebook: a tree with the advantage gives 1 fame per level (the base and every dwelling) at a round's end."""
    return height


def region_fame(trees: int, leaders: int) -> int:
    """The fame each leader of a region gets: 2 per tree of the region, 1 per tree each when several tie."""
    return (2 if leaders == 1 else 1) * trees


def heights_fame(heights: list[int]) -> int:
    """A bridge's fame from the heights of the joined trees on which the builder has the advantage."""
    return sum(tree_fame(h) for h in heights)


def flags_fame(flags: int) -> int:
    """Flags fixed to dwellings (a flag on a bridge gives nothing)."""
    return FLAG_FAME * flags


def bridge_fame(state: State, seat: int, a: str, b: str) -> int:
    """rulebook: 1 fame per level of each joined tree on which the builder has the advantage."""
    return heights_fame([state.trees[name].height for name in (a, b) if advantage(state.trees[name]) == seat])


def region_trees(state: State) -> list[tuple[str, str, list[str]]]:
    """(region id, name, trees in play) for every region that has trees in this game."""
    out = []
    for region in SIDES[state.side].regions:
        trees = [t for t in region.trees if t in state.trees]
        if trees:
            out.append((region.id, region.name, trees))
    return out


def round_scoring(state: State) -> dict[str, Any]:
    """Fame for trees and regions at the end of a round, without changing the state:
    {"trees": {seat: fame}, "regions": {seat: fame}, "tree_owners": {tree: seat|None},
     "region_winners": {region: [seats]}} (seats as ints)."""
    n = len(state.players)
    owners = {name: advantage(tree) for name, tree in state.trees.items()}
    trees = dict.fromkeys(range(n), 0)
    for name, seat in owners.items():
        if seat is not None:
            trees[seat] += tree_fame(state.trees[name].height)  # rulebook: 1 per level, the base included
    regions = dict.fromkeys(range(n), 0)
    region_winners: dict[str, list[int]] = {}
    for rid, _, names in region_trees(state):
        held = dict.fromkeys(range(n), 0)
        for name in names:
            if owners[name] is not None:
                held[owners[name]] += 1
        best = max(held.values())
        if best == 0:  # nobody has the advantage on any tree here: nobody scores the region
            region_winners[rid] = []
            continue
        leaders = [seat for seat, k in held.items() if k == best]
        region_winners[rid] = leaders
        for seat in leaders:  # rulebook: 2 per tree, 1 per tree each on a tie
            regions[seat] += region_fame(len(names), len(leaders))
    return {"trees": trees, "regions": regions, "tree_owners": owners, "region_winners": region_winners}


def trees_with_advantage(state: State, seat: int) -> int:
    return sum(1 for tree in state.trees.values() if advantage(tree) == seat)


def flags_placed(state: State, seat: int) -> int:
    """Flag markers on the board, on dwellings and on bridges."""
    return FLAGS_PER_PLAYER - state.players[seat].flags_left


def breakdown(state: State, seat: int) -> dict[str, int]:
    fame = state.players[seat].fame
    return {
        "flags": fame[0]["flags"] + fame[1]["flags"],
        "bridges": fame[0]["bridges"] + fame[1]["bridges"],
        "trees_1": fame[0]["trees"],
        "regions_1": fame[0]["regions"],
        "trees_2": fame[1]["trees"],
        "regions_2": fame[1]["regions"],
    }


def final_scores(state: State) -> list[dict[str, Any]]:
    """Per seat: {"seat", "name", "total", "breakdown", "trees", "flags"} (the last two break ties)."""
    out = []
    for seat, player in enumerate(state.players):
        parts = breakdown(state, seat)
        out.append({"seat": seat, "name": player.name, "total": sum(parts.values()), "breakdown": parts,
                    "trees": trees_with_advantage(state, seat), "flags": flags_placed(state, seat)})
    return out


def winners(state: State) -> list[int]:
    """rulebook: most fame; then the advantage on more trees; then more flags placed. Still tied: all of them."""
    if not state.over:
        return []
    rows = final_scores(state)
    best = max((r["total"], r["trees"], r["flags"]) for r in rows)
    return [r["seat"] for r in rows if (r["total"], r["trees"], r["flags"]) == best]


def round_rows(state: State) -> list[dict[str, Any]]:
    """Fame per round and seat: [{"round": 1, "seats": [{"seat", "name", flags, bridges, trees, regions}]}]."""
    rows = []
    for r in range(2):
        seats = [{"seat": s, "name": p.name, **{part: p.fame[r][part] for part in FAME_PARTS}}
                 for s, p in enumerate(state.players)]
        rows.append({"round": r + 1, "seats": seats})
    return rows

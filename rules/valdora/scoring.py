"""Final scoring and winners (rulebook "Подсчет очков"): delivered contracts, 10 per master colour,
workshops, 10 per bonus card, 1 per gem on equipment; open contracts score nothing. Ties go to the
player with more coins; if still tied, it is a draw.

>>> from rules.valdora.state import new_game
>>> state = new_game(["Аня", "Борис", "Вера"], seed=1)
>>> final_scores(state)[0]["breakdown"]
{'contracts': 0, 'masters': 0, 'workshops': 0, 'bonuses': 0, 'gems': 0}
"""

from __future__ import annotations

from rules.valdora.data import (
    BONUS_POINTS,
    CONTRACT_FACES,
    GEM_POINTS,
    MASTER_COLOUR_POINTS,
    WORKSHOP_BY_COLOUR,
)
from rules.valdora.state import Player, State


def contracts_points(faces_points: list[int]) -> int:
    """Delivered contracts: the points printed on each."""
    return sum(faces_points)


def masters_points(colours: int) -> int:
    """10 per colour of which the player has at least one master, however many masters of it."""
    return MASTER_COLOUR_POINTS * colours


def workshops_points(colours: list[str]) -> int:
    """The points printed on each workshop the player holds (by its colour)."""
    return sum(WORKSHOP_BY_COLOUR[c].points for c in colours)


def bonuses_points(cards: int) -> int:
    return BONUS_POINTS * cards


def gems_points(gems: int) -> int:
    """1 per gem still on the player's equipment at the end."""
    return GEM_POINTS * gems


def breakdown(player: Player) -> dict[str, int]:
    """The end score by part; each part's formula is a small function of its own, which the rules answers call
    with a player's own counts («мастера двух цветов»)."""
    return {
        "contracts": contracts_points([CONTRACT_FACES[face].points for face in player.delivered]),
        "masters": masters_points(sum(1 for n in player.masters.values() if n > 0)),
        "workshops": workshops_points(list(player.workshops)),
        "bonuses": bonuses_points(player.bonuses),
        "gems": gems_points(sum(1 for gem in player.equipment.values() if gem is not None)),
    }


def final_scores(state: State) -> list[dict]:
    """Per seat: seat, name, total, coins and the breakdown (computed at any time; final at the end)."""
    out = []
    for seat, player in enumerate(state.players):
        parts = breakdown(player)
        out.append({"seat": seat, "name": player.name, "total": sum(parts.values()), "coins": player.coins,
                    "breakdown": parts})
    return out


def winners(state: State) -> list[int]:
    """Most points, then most coins; several seats on a draw. Empty while the game is running."""
    if state.phase != "over":
        return []
    return ranking_winners(final_scores(state))


def ranking_winners(scores: list[dict]) -> list[int]:
    best = max((s["total"], s["coins"]) for s in scores)
    return [s["seat"] for s in scores if (s["total"], s["coins"]) == best]

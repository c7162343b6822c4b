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


def breakdown(player: Player) -> dict[str, int]:
    return {
        "contracts": sum(CONTRACT_FACES[face].points for face in player.delivered),
        "masters": MASTER_COLOUR_POINTS * sum(1 for n in player.masters.values() if n > 0),
        "workshops": sum(WORKSHOP_BY_COLOUR[c].points for c in player.workshops),
        "bonuses": BONUS_POINTS * player.bonuses,
        "gems": GEM_POINTS * sum(1 for gem in player.equipment.values() if gem is not None),
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

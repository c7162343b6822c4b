"""Bot players' levels: how a seat played by the bot picks its action.

`choose(game, state, level, seed)` is pure and deterministic: the same state, level and seed always give the
same legal action. It may only use what the seat to move can see.

лёгкий is the game's own autopilot (the best action one step ahead). средний and сильный are being built
(issue 16); until then they play as лёгкий.
"""

from __future__ import annotations

from typing import Any

LEVELS = ("лёгкий", "средний", "сильный")
DEFAULT_LEVEL = "средний"


def choose(game: Any, state: Any, level: str, seed: int) -> str:
    """The action a bot of `level` plays now for the current seat of `state` (a legal canonical action)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return game.autopilot(state)

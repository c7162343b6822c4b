"""Bot players' levels: how a seat played by the bot picks its action.

`choose(game, state, level, seed)` is pure and deterministic: the same state, level and seed always give the
same legal action. It uses only what the seat to move can see.

* лёгкий is the game's own autopilot: the best action one step ahead by the game's estimate.
* средний and сильный look further ahead by Monte Carlo over the hidden information. Each of a few
  "worlds" is the state with everything the seat cannot see drawn anew (`game.determinize`: the decks,
  the other hands, the face-down cards, the random source), so the choice depends on what the seat sees and on
  the seed, never on the real hidden cards. The legal actions are first ranked in one world by where the
  rest of the turn leads (the action, then the autopilot until the turn passes, judged by `margin`); the
  best few (the autopilot's own choice always among them) are then played in every world, each followed
  by all seats playing on as the autopilot does for a number of turns (or to the end), and judged there. The
  action with the best average wins; ties go to the better ranked one.
* `margin` is the seat's standing (`game.standing`: the final score at the end, the game's estimate of its
  prospects before) minus the best standing among the other seats, plus a point for a won game.

The work is counted, not timed (so the choice never depends on the machine): `Budget` fixes the worlds, the
actions tried in them and the turns a rollout plays, per level and game, so that a сильный action takes
under 2 s of CPU here (`tests/benchmark_levels.py` measures it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

LEVELS = ("лёгкий", "средний", "сильный")
DEFAULT_LEVEL = "средний"

WIN = 1.0  # added to the margin of a rollout that ends with the seat among the winners
ROLLOUT_ACTIONS = 2000  # a guard: no rollout plays more actions than this


@dataclass(frozen=True)
class Budget:
    """How much a level looks ahead: `worlds` resampled states, the `candidates` best ranked actions tried in
    each, rollouts of `turns` turns after the action (0: to the end of the game)."""

    worlds: int
    candidates: int
    turns: int


BUDGETS: dict[str, dict[str, Budget]] = {
    "средний": {
        "valdora": Budget(worlds=4, candidates=3, turns=3),
        "sylvan": Budget(worlds=6, candidates=3, turns=4),
        "kingdom": Budget(worlds=6, candidates=4, turns=4),
    },
    "сильный": {
        "valdora": Budget(worlds=8, candidates=5, turns=6),
        "sylvan": Budget(worlds=12, candidates=5, turns=0),
        "kingdom": Budget(worlds=12, candidates=6, turns=0),
    },
}


def choose(game: Any, state: Any, level: str, seed: int, budget: Budget | None = None) -> str:
    """The action a bot of `level` plays now for the current seat of `state` (a legal canonical action).
    `budget` replaces the level's own (tests use small ones)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    if level == "лёгкий":
        return game.autopilot(state)
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    return look_ahead(game, state, budget or BUDGETS[level][game.name], seed)


def look_ahead(game: Any, state: Any, budget: Budget, seed: int) -> str:
    """The action with the best average margin over `budget.worlds` worlds (see the module's text)."""
    seat = game.current_seat(state)
    rng = random.Random(seed)
    worlds = [game.determinize(state, seat, rng) for _ in range(max(1, budget.worlds))]
    ranked = rank(game, worlds[0], seat)[:max(1, budget.candidates)]
    if len(ranked) == 1:
        return ranked[0]
    totals = [0.0] * len(ranked)
    for world in worlds:
        for i, action in enumerate(ranked):
            trial = game.copy(world)
            game.apply(trial, action)
            totals[i] += rollout(game, trial, seat, budget.turns)
    best = max(range(len(ranked)), key=lambda i: (totals[i], -i))
    return ranked[best]


def rank(game: Any, world: Any, seat: int) -> list[str]:
    """The legal actions, best first: the autopilot's choice, then the others by the margin after the rest of
    the turn played by the autopilot; ties keep the legal order."""
    first = game.autopilot(world)
    scored = []
    for i, action in enumerate(game.legal_actions(world)):
        if action == first:
            continue
        trial = game.copy(world)
        game.apply(trial, action)
        scored.append((-rollout(game, trial, seat, 1), i, action))
    return [first] + [action for _, _, action in sorted(scored)]


def rollout(game: Any, state: Any, seat: int, turns: int) -> float:
    """Play `state`, in which `seat` has just acted, on with the autopilot for every seat until `turns` turns
    have passed, the seat's own counted (0: to the end of the game), and return the seat's `margin` there.
    Changes `state`."""
    current, passed = seat, 0
    for _ in range(ROLLOUT_ACTIONS):
        if game.is_over(state):
            break
        now = game.current_seat(state)
        if now != current:
            passed, current = passed + 1, now
            if turns and passed >= turns:
                break
        game.apply(state, game.autopilot(state))
    return margin(game, state, seat)


def margin(game: Any, state: Any, seat: int) -> float:
    """The seat's standing minus the best of the other seats', plus `WIN` when the game is over and it won."""
    standings = [game.standing(state, s) for s in range(len(state.players))]
    value = standings[seat] - max(v for s, v in enumerate(standings) if s != seat)
    if game.is_over(state) and seat in game.winners(state):
        value += WIN
    return value

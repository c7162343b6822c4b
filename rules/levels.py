"""Bot players' levels: how a seat played by the bot picks its action.

`choose(game, state, level, seed)` is pure and deterministic: the same state, level and seed always give the
same legal action. It uses only what the seat to move can see.

* лёгкий is the game's own autopilot: the best action one step ahead by the game's estimate.
* средний and сильный look further ahead by Monte Carlo over the hidden information. Each of a few
  "worlds" is the state with everything the seat cannot see drawn anew (`game.determinize`: the decks,
  the other hands, the face-down cards, the random source), so the choice depends on what the seat sees and on
  the seed, never on the real hidden cards. The legal actions are first ranked in one world: one step ahead
  by the game's own `ratings`, then the best of them by where the rest of the turn leads (the action, then
  the autopilot until the turn passes, judged by `margin`); the best few (the autopilot's own choice always
  among them) are then played in every world, each followed by all seats playing on as the autopilot does
  for a number of turns (or to the end), and judged there. The action with the best total wins; ties go to
  the better ranked one.
* `margin` is the seat's standing (`game.standing`: the final score at the end, the game's estimate of its
  prospects before) minus the best standing among the other seats, plus a point for a won game.

The work is counted, not timed (so the choice never depends on the machine): `Budget` fixes the worlds, the
actions tried in them, the turns a rollout plays and the most work, per level and game, so that a сильный
action takes under 2 s of CPU here (`tests/benchmark_levels.py` measures it).
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
    """How much a level looks ahead. The legal actions are judged one step ahead (the game's `ratings`), the
    best `ranked` of them by the rest of the turn; the `candidates` best are then played in up to `worlds`
    resampled states, each followed by a rollout of `turns` turns (0: to the end of the game). `work` caps
    the effort: once the autopilot has rated that many legal actions in the look-ahead (its cost, counted
    so that the choice stays the same on every machine), no more worlds are begun, and a single rollout stops
    (and is judged where it is) after half of it over the candidates, so that two worlds always fit (0: no
    cap)."""

    worlds: int
    candidates: int
    turns: int
    ranked: int = 8
    work: int = 0


# Per level and game; the work caps keep a сильный action under 2 s of CPU here, and under 1 s but in Валдора
# (an autopilot's rated action costs about 0.03 ms in Kingdom Builder, 0.07 ms in «Зодчие», 0.18 ms in Валдора).
BUDGETS: dict[str, dict[str, Budget]] = {
    "средний": {
        "valdora": Budget(worlds=4, candidates=3, turns=4, ranked=8, work=1500),
        "sylvan": Budget(worlds=6, candidates=3, turns=4, ranked=6, work=2500),
        "kingdom": Budget(worlds=6, candidates=3, turns=4, ranked=6, work=4000),
    },
    "сильный": {
        "valdora": Budget(worlds=8, candidates=4, turns=6, ranked=10, work=5000),
        "sylvan": Budget(worlds=16, candidates=3, turns=4, ranked=8, work=12000),
        "kingdom": Budget(worlds=10, candidates=5, turns=6, ranked=10, work=10000),
    },
}


class Work:
    """Legal actions the autopilot has rated so far in one look-ahead."""

    def __init__(self) -> None:
        self.done = 0


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
    """The action with the best average margin over the worlds (see the module's text)."""
    seat = game.current_seat(state)
    rng = random.Random(seed)
    work = Work()
    first = game.determinize(state, seat, rng)
    candidates = max(1, budget.candidates)
    limit = budget.work // (2 * candidates) if budget.work else 0  # so that at least two worlds fit
    ranked = rank(game, first, seat, max(1, budget.ranked), work, limit)[:candidates]
    if len(ranked) == 1:
        return ranked[0]
    totals = [0.0] * len(ranked)
    for w in range(max(1, budget.worlds)):
        if w and budget.work and work.done >= budget.work:
            break
        world = first if w == 0 else game.determinize(state, seat, rng)
        for i, action in enumerate(ranked):
            trial = game.copy(world)
            game.apply(trial, action)
            totals[i] += rollout(game, trial, seat, budget.turns, work, limit)
    best = max(range(len(ranked)), key=lambda i: (totals[i], -i))
    return ranked[best]


def rank(game: Any, world: Any, seat: int, keep: int, work: Work, limit: int = 0) -> list[str]:
    """The legal actions, best first: the autopilot's choice, then the `keep` best by the game's one-step
    `ratings`, ordered by the margin after the rest of the turn played by the autopilot (each rollout rating
    at most `limit` actions); ties keep the order."""
    first = game.autopilot(world)
    legal = game.legal_actions(world)
    if len(legal) > keep:
        quick = game.ratings(world)
        order = sorted(range(len(legal)), key=lambda i: (-quick[legal[i]], i))
        legal = [legal[i] for i in sorted(order[:keep])]
    scored = []
    for i, action in enumerate(legal):
        if action == first:
            continue
        trial = game.copy(world)
        game.apply(trial, action)
        scored.append((-rollout(game, trial, seat, 1, work, limit), i, action))
    return [first] + [action for _, _, action in sorted(scored)]


def rollout(game: Any, state: Any, seat: int, turns: int, work: Work | None = None, limit: int = 0) -> float:
    """Play `state`, in which `seat` has just acted, on with the autopilot for every seat until `turns` turns
    have passed, the seat's own counted (0: to the end of the game), or until the autopilot has rated `limit`
    legal actions (0: no limit), and return the seat's `margin` there. Changes `state`; adds the legal
    actions the autopilot rated to `work`."""
    current, passed, rated = seat, 0, 0
    for _ in range(ROLLOUT_ACTIONS):
        if game.is_over(state):
            break
        now = game.current_seat(state)
        if now != current:
            passed, current = passed + 1, now
            if turns and passed >= turns:
                break
        if limit and rated >= limit:
            break
        count = len(game.legal_actions(state))
        rated += count
        if work is not None:
            work.done += count
        game.apply(state, game.autopilot(state))
    return margin(game, state, seat)


def margin(game: Any, state: Any, seat: int) -> float:
    """The seat's standing minus the best of the other seats', plus `WIN` when the game is over and it won."""
    standings = [game.standing(state, s) for s in range(len(state.players))]
    value = standings[seat] - max(v for s, v in enumerate(standings) if s != seat)
    if game.is_over(state) and seat in game.winners(state):
        value += WIN
    return value

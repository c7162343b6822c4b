"""What the stronger bot levels (`rules.levels`) need from Sylvan Dale: a state resampled from what one seat
may know (`determinize`) and a seat's standing in fame (`standing`).

Hidden from a seat: the order of the deck, the other seats' hands, the other seats' dwelling stacks (their
order, and which tiles are in which round's stack) and the random source that will reshuffle the discard.
Played cards, the face-up cards and the discard (every card in it was shown on its way there) stay. The
deck and the other hands are gathered, sorted (their order is what is hidden) and shuffled by `rng`, then
dealt back in the same sizes; so are each other seat's two stacks. The result depends only on what the seat
can see and on `rng`.

>>> from rules.sylvan.state import new_game
>>> from rules.sylvan.view import view
>>> state = new_game(["Аня", "Борис"], seed=3, options={"first_seat": 0})
>>> other = determinize(state, 0, random.Random(1))
>>> view(other, 0) == view(state, 0), other.players[1].hand == state.players[1].hand
(True, False)
"""

from __future__ import annotations

import random

from rules.sylvan.autopilot import prospects
from rules.sylvan.scoring import round_scoring
from rules.sylvan.state import State, dump, load


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy of `state` in which everything `seat` cannot see is drawn anew by `rng` (see the module)."""
    copy = load(dump(state))
    others = [p for s, p in enumerate(copy.players) if s != seat]
    pool = sorted(copy.deck + [card for p in others for card in p.hand])
    rng.shuffle(pool)
    for p in others:
        p.hand = [pool.pop() for _ in p.hand]
    copy.deck = pool
    for p in others:
        tiles = sorted(style for stack in p.stacks for style in stack)
        rng.shuffle(tiles)
        p.stacks = [[tiles.pop() for _ in stack] for stack in p.stacks]
    copy.rng = random.Random(rng.getrandbits(64))
    return copy


def standing(state: State, seat: int) -> float:
    """The seat's final fame once the game is over; before that the autopilot's estimate of its prospects
    (`autopilot.prospects`, its hand counted), in fame."""
    if state.over:
        return float(state.players[seat].total)
    return prospects(state, seat, round_scoring(state), with_hand=True)

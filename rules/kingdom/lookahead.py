"""What the stronger bot levels (`rules.levels`) need from Kingdom Builder: a state resampled from what one seat
may know (`determinize`) and a seat's standing in gold (`standing`).

Hidden in Kingdom Builder: the order of the terrain deck, the terrain card of every player whose turn it is
not, and the random source that will reshuffle the discard. The discard lies face up and every card in it
was shown when it was played, so it stays as it is. The cards the seat cannot see (the deck and the other
hidden hands) are gathered, put in a fixed order (sorted: their order is what is hidden) and shuffled by
`rng`, then dealt back: a hidden hand gets one, the rest is the deck, as long as before. The result depends
only on what the seat can see and on `rng`.

>>> import random
>>> from rules.kingdom.state import new_game
>>> from rules.kingdom.engine import start_game
>>> from rules.kingdom.view import view
>>> state = new_game(["Аня", "Борис"], seed=3, options={"first": 0})
>>> _ = start_game(state)
>>> other = determinize(state, 0, random.Random(1))
>>> view(other, 0) == view(state, 0), sorted(other.deck + [other.players[1].card]) == sorted(
...     state.deck + [state.players[1].card])
(True, True)
"""

from __future__ import annotations

import random

from rules.kingdom.autopilot import prospects
from rules.kingdom.scoring import final_scores
from rules.kingdom.state import State, dump, load


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy of `state` in which everything `seat` cannot see is drawn anew by `rng` (see the module)."""
    copy = load(dump(state))
    hidden = [s for s, p in enumerate(copy.players) if s not in (seat, copy.current) and p.card is not None]
    pool = sorted(copy.deck + [copy.players[s].card for s in hidden])  # type: ignore[misc]
    rng.shuffle(pool)
    for s in hidden:
        copy.players[s].card = pool.pop()
    copy.deck = pool
    copy.rng = random.Random(rng.getrandbits(64))
    return copy


def standing(state: State, seat: int) -> float:
    """The seat's final gold once the game is over; before that the autopilot's estimate of its prospects
    (`autopilot.prospects`), in gold."""
    if state.phase == "over":
        return float(final_scores(state)[seat]["total"])
    return prospects(state, seat) / 100

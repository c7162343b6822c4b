"""The autopilot: a sensible action for a player who is away, and which actions reveal something hidden.

The autopilot looks one step ahead. For every legal action it works out the board that action leaves (a
settlement put on a hex, or moved, and the location tiles gained or lost on the way), rates it with
`prospects` — the seat's gold by the game's three cards and the castles as if the game ended now, plus a
few small positional terms — and plays the best; on a tie `end`, then the first in the legal order. It
never looks at hidden things (the deck, anyone's card but the one already face up on this turn), so it
plays the same whatever the deck holds, and the same state always gets the same action.

Each action but `end` uses a mandatory build or turns a tile face down, and a tile taken this turn works
only from the next one, so called again and again it ends the turn within 3 + (tiles held) + 1 steps.

Values are integers in hundredths of gold, so that rating is exact and the same on every machine.

>>> from rules.kingdom.state import new_game
>>> from rules.kingdom.engine import start_game, legal_actions
>>> state = new_game(["Аня", "Борис"], seed=3, options={"first": 0})
>>> _ = start_game(state)
>>> choose(state) in legal_actions(state), reveals(state, choose(state))
(True, False)
"""

from __future__ import annotations

from bisect import insort

from rules.kingdom.data import BUILDING_TILES
from rules.kingdom.engine import abandoned_locations, execute, is_legal, legal_actions, skip
from rules.kingdom.layout import INDEX_OF_NAME, NBRS
from rules.kingdom.notation import parse
from rules.kingdom.scoring import card_gold, castle_gold, lords, own_hexes
from rules.kingdom.state import State, dump, load
from rules.protocol import SKIP, RuleError

# Weights of the positional terms, in hundredths of gold (our own estimates, not from the rulebook).
GOLD = 100  # one gold of the score as if the game ended now
TILE = 500  # a location tile held: one more settlement or move on every later turn, worth more than a castle
SETTLEMENT = 40  # a settlement on the board: what the cards pay grows with settlements, the supply shrinks
TERRAIN_OPTION = 20  # per terrain with a free hex next to own settlements: later cards build on here
LOCATION_OPTION = 60  # per location still offering this seat a tile, one build away from own settlements


class _After:
    """What an action leaves that `prospects` looks at, for one seat: the board, the seat's settlements (in
    index order), how many tiles it holds and which location hexes it has ever taken a tile from."""

    __slots__ = ("owners", "own", "held", "taken")

    def __init__(self, owners: list[int | None], own: list[int], held: int, taken: set[int]):
        self.owners, self.own, self.held, self.taken = owners, own, held, taken


def _now(state: State, seat: int) -> _After:
    player = state.players[seat]
    owners = list(state.owners)
    return _After(owners, own_hexes(owners, seat), len(player.tiles), set(player.taken))


def _outcome(state: State, action: str, now: _After) -> _After:
    """`now` after the current seat plays `action`, worked out as the engine plays it (`engine._place`,
    `engine._move`, `engine._gain_tiles`) without changing the state."""
    verb, *args = action.split(" ")
    if verb == "end":
        return now
    if verb == "discard":  # one of two tiles goes back: one tile fewer either way
        return _After(now.owners, now.own, now.held - 1, now.taken)
    player = state.player()
    owners, own, held = list(now.owners), list(now.own), now.held
    if verb == "build" or verb in BUILDING_TILES:
        target = INDEX_OF_NAME[args[0]]
    else:
        origin, target = INDEX_OF_NAME[args[0]], INDEX_OF_NAME[args[1]]
        abandoned = abandoned_locations(state, origin, target)
        held -= sum(1 for tile in player.tiles if tile.origin in abandoned)
        owners[origin] = None
        own.remove(origin)
    owners[target] = state.current
    insort(own, target)
    gained = {loc for loc in state.layout.near_locations[target]
              if state.tiles_left.get(loc, 0) > 0 and loc not in now.taken}
    return _After(owners, own, held + len(gained), now.taken | gained)


def _rate(state: State, seat: int, after: _After) -> int:
    lay = state.layout
    owners, own = after.owners, after.own
    gold = castle_gold(lay, owners, seat)
    for card in state.cards:  # the same sums as scoring.breakdowns, for one seat and a board not played yet
        gold += lords(owners, len(state.players))[seat] if card == "lords" else card_gold(card, lay, owners, seat, own)
    frontier = {n for h in own for n in NBRS[h] if owners[n] is None and lay.is_buildable[n]}
    terrains = {lay.terrain[n] for n in frontier}
    # a location whose tile this seat can still get by building on a free hex next to its settlements
    offering = {loc for n in frontier for loc in lay.near_locations[n]
                if state.tiles_left.get(loc, 0) > 0 and loc not in after.taken}
    return (GOLD * gold + TILE * after.held + SETTLEMENT * len(own) + TERRAIN_OPTION * len(terrains)
            + LOCATION_OPTION * len(offering))


def prospects(state: State, seat: int) -> int:
    """The game's estimate of a seat's prospects now, in hundredths of gold: its gold by the cards and
    castles as if the game ended now, plus small terms for the tiles it holds, its settlements on the board,
    the terrains it can build on next to them and the locations whose tiles it can reach in one build."""
    return _rate(state, seat, _now(state, seat))


def ratings(state: State) -> dict[str, int]:
    """Every legal action of the current seat -> `prospects` of that seat after it (one step ahead)."""
    seat = state.current
    if seat is None:
        return {}
    now = _now(state, seat)
    return {action: _rate(state, seat, _outcome(state, action, now)) for action in legal_actions(state)}


def choose(state: State) -> str:
    """The legal action with the best rating; on a tie `end`, then the first in the legal order. RuleError
    once the game is over: nobody is to act."""
    rated = ratings(state)
    if not rated:
        raise RuleError("Партия окончена: ходить некому.", "kingdom.end")
    best = max(rated.values())
    if rated.get("end") == best:
        return "end"
    return next(action for action, value in rated.items() if value == best)


def reveals(state: State, action: str) -> bool:
    """Whether playing this legal action ends the turn with a terrain card drawn or the next player's card
    shown: `end`, or the last thing the player could do (the turn then ends by itself). The step that ends
    the game draws and shows nothing, nor does anything inside a turn: the turn can still be taken back."""
    return revealed(state, action) is not None


def revealed(state: State, action: str) -> str | None:
    """What the legal `action` (or `SKIP`, the turn skipped) shows, for a refused undo: a new terrain card
    drawn and shown at the turn's end, after the discard was reshuffled into a new deck perhaps; None when
    nothing (see `reveals`)."""
    if state.current is None:
        return None
    trial = load(dump(state))
    if action == SKIP:
        events = skip(trial)
    else:
        if not is_legal(state, action):
            try:
                action = parse(state, action)
            except RuleError:
                return None  # an illegal action is never played, so it shows nothing
        events = execute(trial, action)
    kinds = {e.kind for e in events}
    if "reshuffle" in kinds:
        return "перемешали сброс карт местности и открыли из него новую карту"
    if kinds & {"turn", "reveal", "no_terrain"}:
        return "открыли новую карту местности"
    return None

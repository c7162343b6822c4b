"""Building Kingdom Builder positions for the rules tests: a fixed board, settlements put by hand, a turn
with a chosen terrain card, tiles given by hand, and a check that a refused action changed nothing.

The fixed board (`SECTORS`), rows 1-20 top to bottom, columns A-T (even rows are shifted right):

         A B C D E F G H I J K L M N O P Q R S T
      1  G G G F F W G F F F D D S W W F F F G G
      2   G G G C F W G F F F D C S W F F F T G G
      3  G B B G F F W G G F S S S B B B F S B B
      4   B B S G F W B T F F S S B B W D D S S B
      5  B B B S S W B B W W S G G W B B D D S S
      6   M M S G G W W W D D G G T B W B W D D S
      7  S S S M G B B B D D G G G F B B W W D D
      8   S S C D M D B B S S G G F F M W W W D W
      9  W W W D D D D M S S G M F F W W W W W W
     10   W W W W D D D D D S F F F W W W W W W W
     11  G G F F F W G F F B S S S D D W D D D D
     12   G B F F W G F F B B M M S D D W D D D D
     13  G B B F W G G B B B M M S M M W D D T B
     14   B B F F W G M B D D M S M M W M D B B B
     15  S B C F W G D D D D S S F F W M M S B B
     16   S S F W G G M M D D S F F W S S S M B B
     17  S S W W W G D D D S S T F F W B B B B B
     18   W W G G W W T S M S G G F W G C G B G F
     19  W D C G W M W S S S G G F F W G G G G F
     20   W D D W W W W S S S G G F F W G G G F F

Locations: R2 farm, H4 oracle, M6 farm, S13 paddock, L17 paddock, G18 harbor.
Castles: D2, L2, C8, C15, P18, C19.
"""

from __future__ import annotations

import json
import re

import pytest

from rules.kingdom import GAME
from rules.kingdom.layout import INDEX_OF_NAME
from rules.kingdom.state import State, Tile
from rules.protocol import RuleError

NAMES = ("Аня", "Борис", "Вера", "Глеб")
SECTORS = [("oracle", False), ("farm", False), ("harbor", False), ("paddock", False)]
CARDS = ["lords", "farmers", "fishermen"]


def h(name: str) -> int:
    return INDEX_OF_NAME[name]


def fresh(players: int = 2, seed: int = 1, first: int = 0, cards=CARDS, sectors=SECTORS) -> State:
    return GAME.new(list(NAMES[:players]), seed=seed,
                    options={"sectors": sectors, "cards": list(cards), "first": first})


def turn(state: State, seat: int, card: str, builds: int = 3, phase: str = "start") -> State:
    """Make it `seat`'s turn with `card` revealed, before its mandatory builds (or as given)."""
    state.current = seat
    state.players[seat].card = card
    state.builds_left = builds
    state.phase = phase
    state.touch()
    return state


def put(state: State, seat: int, *hexes: str) -> State:
    """Settlements of `seat` from its supply on these hexes (no tiles are taken)."""
    for name in hexes:
        assert state.owners[h(name)] is None, name
        state.owners[h(name)] = seat
        state.players[seat].settlements -= 1
    state.touch()
    return state


def give(state: State, seat: int, location: str, tile_state: str = "usable") -> Tile:
    """A tile of the location on hex `location`, taken from it by `seat` earlier."""
    loc = h(location)
    tile = Tile(state.layout.locations[loc], loc, tile_state)
    state.tiles_left[loc] -= 1
    state.players[seat].taken.append(loc)
    state.players[seat].tiles.append(tile)
    state.touch()
    return tile


def owners_of(state: State, seat: int) -> list[str]:
    from rules.kingdom.layout import NAMES as HEX_NAMES
    return sorted(HEX_NAMES[i] for i, o in enumerate(state.owners) if o == seat)


def refused(state: State, text: str, section: str, *fragments: str) -> RuleError:
    """`text` is refused with this section and these fragments in its message, and changes nothing."""
    before = json.dumps(GAME.dump(state), sort_keys=True)
    with pytest.raises(RuleError) as info:
        GAME.apply(state, text)
    error = info.value
    assert error.section == section, (error.section, error.message)
    for fragment in fragments:
        assert fragment in error.message, (fragment, error.message)
    assert json.dumps(GAME.dump(state), sort_keys=True) == before
    with pytest.raises(RuleError) as again:
        GAME.parse(state, text)
    assert again.value.message == error.message
    return error


def texts(events) -> list[str]:
    return [e.text for e in events]


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english(message: str) -> list[str]:
    """Latin words a player would read: not inside a command (/build K12), not a hex, not the game's name."""
    message = re.sub(r"/[a-z]+(?: [A-T][0-9]{1,2}){0,2}", "", message).replace("Kingdom Builder", "")
    return LATIN_WORD.findall(message)

"""Building Sylvan Dale positions for rules tests: a fresh game with seat 0 to move, trees set by hand, cards
moved from the deck into a hand or the played row, the top of a stack, a turn put at a given step.

Card moves keep all 80 cards in play (a card leaves the deck only to replace one that goes back)."""

from __future__ import annotations

import json

import pytest

from rules.protocol import RuleError
from rules.sylvan import GAME
from rules.sylvan.data import CARDS
from rules.sylvan.engine import CARD_KEY
from rules.sylvan.state import State, Turn

NAMES = ("Аня", "Борис", "Вера", "Глеб")


def fresh(players: int = 2, seed: int = 1) -> State:
    return GAME.new(list(NAMES[:players]), seed=seed, options={"first_seat": 0})


def snapshot(state: State) -> str:
    return json.dumps(GAME.dump(state), sort_keys=True, ensure_ascii=False)


def refused(state: State, text: str, fragment: str, section: str) -> str:
    """Apply `text`, expect a refusal containing `fragment` with `section`, and no change at all."""
    before = snapshot(state)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, text)
    assert fragment in err.value.message, err.value.message
    assert err.value.section == section, (err.value.section, err.value.message)
    assert snapshot(state) == before
    return err.value.message


def clear_board(state: State, base: str = "leaf") -> None:
    """Every tree back to a bare base of `base` style, no bridges."""
    for tree in state.trees.values():
        tree.base, tree.tiles, tree.treetop, tree.flags = base, [], False, []
    state.bridges = []


def tree(state: State, name: str, base: str, tiles: list[tuple[int, str]] = (), treetop: bool = False,
         flags: list[tuple[int, int]] = ()) -> None:
    t = state.trees[name]
    t.base, t.tiles, t.treetop = base, [[s, style] for s, style in tiles], treetop
    t.flags = [[s, lv] for s, lv in flags]


def pull(state: State, key: str) -> int:
    """Take a card with face `key` ("грибной-топор") out of the deck (or the discard)."""
    for pile in (state.deck, state.discard):
        for card in reversed(pile):
            if CARD_KEY[card] == key:
                pile.remove(card)
                return card
    raise LookupError(key)


def hand(state: State, seat: int, keys: list[str]) -> list[int]:
    """Give `seat` exactly these cards; its old hand goes back under the deck."""
    player = state.players[seat]
    state.deck[:0] = player.hand
    player.hand = [pull(state, k) for k in keys]
    return player.hand


def played(state: State, seat: int, keys: list[str]) -> list[int]:
    """Put these cards face up in front of `seat` (its played row), from the deck."""
    player = state.players[seat]
    state.deck[:0] = player.played
    player.played = [pull(state, k) for k in keys]
    return player.played


def face_up(state: State, keys: list[str]) -> None:
    state.deck[:0] = [c for c in state.face_up if c is not None]
    state.face_up = [pull(state, k) for k in keys]


def deck_top(state: State, keys: list[str]) -> None:
    """The next cards drawn from the deck, in order."""
    cards = [pull(state, k) for k in keys]
    state.deck.extend(reversed(cards))


def top_tiles(state: State, seat: int, styles: list[str]) -> None:
    """The top of `seat`'s current stack (the rest of the stack stays)."""
    stack = state.stack(seat)
    stack[:len(styles)] = styles


def at_step(state: State, step: str, seat: int = 0, card: str | None = None) -> None:
    """Seat to act at `step`; with `card` (a face key) that card was played this turn."""
    state.current = seat
    state.step = step
    state.turn = Turn()
    if card is not None:
        c = pull(state, card)
        state.players[seat].played.append(c)
        state.turn.card = c


def key(style: str, *symbols: str) -> str:
    """A face key from English names: key("mushroom", "axe") == "грибной-топор"."""
    return next(CARD_KEY[c.id] for c in CARDS if c.style == style and c.symbols == tuple(symbols))

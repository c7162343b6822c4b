"""The autopilot of Sylvan Dale (a sensible move for a seat whose player is away) and `reveals` (which actions
show a hidden or random card).

The estimate of a seat's prospects (`prospects`) is its fame as if the game were scored now plus what its
position is worth:

* fame already won (flags, bridges, the rounds already scored);
* the trees and regions it would score if the round ended now (`round_scoring`), weighted 1.5 in round 1
  because the board stays for round 2 and is scored again there, and 1 in round 2;
* a small bonus for trees it holds under a treetop (no axe or hammer can take them any more), which is what
  makes a treetop worth using;
* its special items, and its progress towards sets (every played card, and every card in its own hand, is a
  quarter of the item its symbol gives); items are worth less as the seat's last turns come, since each
  turn can use only one, and nothing once it has no turn left;
* for the seat itself only, the cards of its hand: a card of a style some open tree has on top can be played
  next turn; otherwise it is worth less.

`estimate` is the seat's prospects minus the average prospects of the other seats (without their hands,
which the seat cannot see): hurting a rival with an axe counts as much as helping oneself.

The autopilot (`choose`) plays the current seat's turn one action at a time:

* play: the card whose best building (with the flag, if one may be attached) gives the best estimate; the
  seat may look at its own stack, so the tile it builds is known;
* no card fits: discard the hand and draw 3, at most `MAX_REDRAWS` times a turn, then give up building;
* place / flag: the tree (and the flag decision) with the best estimate;
* act: a set or a special item when it raises the estimate (a moved dwelling's flag is counted with it);
  otherwise the card to take: a face-up card by its value, the deck by the average value of the cards the
  seat has not seen (the draw itself is never looked at). Refreshing the face-up cards is never chosen (its
  worth is a guess and it could repeat).

Moves are tried on a copy (`public_copy`) that holds only what the seat may know: the deck is empty and the
other seats' hands and stacks are blanked, so no choice can depend on them. Ties go to the first action in
`legal_actions` order, so the same state always gets the same action. A turn takes at most
`MAX_REDRAWS` redraws, one build, one flag, a few sets, one item (with its flag) and one take.

>>> from rules.sylvan.state import new_game
>>> state = new_game(["Аня", "Борис"], seed=1, options={"first_seat": 0})
>>> choose(state) in legal_actions(state)
True
>>> reveals(state, "take колода"), reveals(state, "place Б3")
(True, False)
"""

from __future__ import annotations

from dataclasses import replace

from rules.protocol import SKIP
from rules.sylvan.data import CARDS, SYMBOLS
from rules.sylvan.engine import DECK, execute, is_open, legal_actions, skip
from rules.sylvan.scoring import round_scoring
from rules.sylvan.state import Bridge, Player, State, Tree, dump, load

ITEM_VALUE = {"axe": 3.0, "hammer": 3.0, "bridge": 4.0, "treetop": 2.5}  # fame an item is expected to bring
SET_SHARE = 0.25  # a card's share of its item: under 1/3, so that trading 3 cards for the item gains
BOARD_WEIGHT = {1: 1.5, 2: 1.0}  # the board as scored now, per round (round 1's board is scored twice)
LOCK_BONUS = {1: 0.6, 2: 0.3}  # per level of a tree the seat holds under a treetop
ITEM_TURNS = 3  # items are worth full value with this many own turns left, less with fewer
PLAYABLE_CARD = 1.0  # a card of a style some open tree has on top
UNPLAYABLE_CARD = 0.4  # a card no open tree takes now (the board may change)
MAX_REDRAWS = 3  # hands discarded in one turn before the autopilot gives up building
EPSILON = 1e-9
ENDING = ("take", "end", "refresh")  # act-step verbs that end the turn (or, for refresh, lead to the take)


# --- reveals -------------------------------------------------------------------------------------------------


def reveals(state: State, action: str) -> bool:
    """Whether the legal `action` draws from the deck (the engine's `draw`, which reshuffles the discard
    into an empty deck): the redraw (the hand is also shown), taking the top of the deck, taking a face-up
    card (its place is refilled from the deck, when cards are left), refreshing the face-up cards. Every
    other action, the end of a turn and the scoring of a round use nothing hidden or random."""
    verb, *args = action.split(" ")
    if verb in ("redraw", "refresh"):
        return True  # the hand, or the 3 face-up cards, go to the discard first, so there is always a card
    if verb == "take":
        return args[0] == DECK or bool(state.deck or state.discard)
    return False


# what a refused undo says each drawing verb showed (`revealed`)
DRAWN = {"redraw": "сбросили руку и взяли новые карты из колоды", "refresh": "открыли новые карты из колоды",
         DECK: "взяли карту из колоды", "take": "выложили на место взятой карты новую из колоды"}


def revealed(state: State, action: str) -> str | None:
    """What the legal `action` (or `SKIP`: the turn skipped, a card played this turn replaced from the deck)
    shows from the deck, for a refused undo; None when it draws nothing (see `reveals`)."""
    if action == SKIP:
        trial = load(dump(state))
        skip(trial)
        drew = trial.deck != state.deck or trial.rng.getstate() != state.rng.getstate()
        return DRAWN[DECK] if drew else None
    if not reveals(state, action):
        return None
    verb, *args = action.split(" ")
    return DRAWN[DECK if args[:1] == [DECK] else verb]


# --- the estimate ----------------------------------------------------------------------------------------------


def turns_left(state: State, seat: int) -> int:
    """Builds the seat still has: the tiles left in its stacks for this round and the next."""
    stacks = state.players[seat].stacks
    return sum(len(stacks[r]) for r in range(state.round - 1, len(stacks)))


def item_factor(state: State, seat: int) -> float:
    """How much of an item's value is still to be had: one item per turn, none after the last turn."""
    return min(1.0, turns_left(state, seat) / ITEM_TURNS)


def symbol_value(state: State, seat: int) -> dict[str, float]:
    """What one card with each symbol adds towards a set (nothing when the supply has no such item)."""
    factor = item_factor(state, seat) * SET_SHARE
    return {s: ITEM_VALUE[s] * factor if state.supply[s] > 0 else 0.0 for s in SYMBOLS}


def card_value(state: State, seat: int, card: int, symbols: dict[str, float], styles: set[str]) -> float:
    """A card in the seat's hand: can it be played on an open tree, and what its symbols add to sets."""
    c = CARDS[card]
    base = PLAYABLE_CARD if c.style in styles else UNPLAYABLE_CARD
    return base + sum(symbols[s] for s in c.symbols)


def open_tops(state: State) -> set[str]:
    return {t.top_style for t in state.trees.values() if is_open(t)}


def hand_value(state: State, seat: int) -> float:
    symbols, styles = symbol_value(state, seat), open_tops(state)
    return sum(card_value(state, seat, c, symbols, styles) for c in state.players[seat].hand)


def prospects(state: State, seat: int, board: dict, with_hand: bool) -> float:
    """The seat's fame as if scored now plus the worth of its position (see the module docstring).
    `board` is `round_scoring(state)`; the hand counts only with `with_hand` (the seat's own)."""
    player = state.players[seat]
    value = float(player.total)
    if state.over:
        return value
    value += BOARD_WEIGHT[state.round] * (board["trees"][seat] + board["regions"][seat])
    value += LOCK_BONUS[state.round] * sum(t.height for t in state.trees.values()
                                           if t.treetop and board["tree_owners"][t.name] == seat)
    factor = item_factor(state, seat)
    value += sum(ITEM_VALUE[item] * n for item, n in player.items.items()) * factor
    symbols = symbol_value(state, seat)
    value += sum(symbols[s] for c in player.played for s in CARDS[c].symbols)
    if with_hand:
        value += hand_value(state, seat)
    return value


def estimate(state: State, seat: int) -> float:
    """The seat's prospects minus the average of the other seats' (their hands unseen)."""
    board = round_scoring(state)
    own = prospects(state, seat, board, with_hand=True)
    others = [prospects(state, s, board, with_hand=False) for s in range(len(state.players)) if s != seat]
    return own - sum(others) / len(others)


def unseen_value(state: State, seat: int) -> float:
    """The average worth of the top card of the deck to the seat: over the cards it has not seen (the deck and
    the other hands, which it cannot tell apart), or over the discard that an empty deck is made of."""
    if state.deck:
        seen = set(state.discard) | {c for c in state.face_up if c is not None} | set(state.players[seat].hand)
        for p in state.players:
            seen.update(p.played)
        pool = [c for c in range(len(CARDS)) if c not in seen]
    else:
        pool = list(state.discard)
    if not pool:
        return 0.0
    symbols, styles = symbol_value(state, seat), open_tops(state)
    return sum(card_value(state, seat, c, symbols, styles) for c in pool) / len(pool)


# --- trying moves on a copy --------------------------------------------------------------------------------------


def public_copy(state: State) -> State:
    """A copy of what the current seat may know: its own hand and stacks, everything public; the deck is
    empty, the other seats' hands are empty and their stacks blank, and there is no random source. Only
    actions that draw nothing (see `reveals`) are tried on it."""
    seat = state.current
    players = []
    for s, p in enumerate(state.players):
        own = s == seat
        players.append(Player(
            name=p.name, colour=p.colour, hand=list(p.hand) if own else [],
            stacks=[list(x) if own else ["?"] * len(x) for x in p.stacks], played=list(p.played),
            items=dict(p.items), flags_left=p.flags_left, fame=[dict(f) for f in p.fame]))
    return State(
        seed=0, rng=None, side=state.side, players=players, first_seat=state.first_seat,  # type: ignore[arg-type]
        current=seat, step=state.step, round=state.round, direction=state.direction,
        trees={n: Tree(n, t.base, [list(x) for x in t.tiles], t.treetop, [list(f) for f in t.flags])
               for n, t in state.trees.items()},
        bridges=[Bridge(b.a, b.b, b.seat, b.level_a, b.level_b) for b in state.bridges],
        deck=[], face_up=list(state.face_up), discard=list(state.discard), supply=dict(state.supply),
        boxed=[list(x) for x in state.boxed], turn=replace(state.turn), turns=state.turns, actions=state.actions,
        round_results=state.round_results)


def settle(state: State, seat: int) -> float:
    """The best estimate the seat can reach from here by building and deciding on a flag (the steps that draw
    nothing and belong to this part of the turn)."""
    if state.current != seat or state.step not in ("place", "flag"):
        return estimate(state, seat)
    return max(after(state, seat, action) for action in legal_actions(state))


def after(state: State, seat: int, action: str) -> float:
    """The estimate after a non-drawing action, the build and flag that follow it included."""
    copy = public_copy(state)
    execute(copy, action)
    return settle(copy, seat)


def best(candidates: list[tuple[str, float]]) -> tuple[str, float]:
    """The highest value; on a tie the first candidate."""
    top = candidates[0]
    for candidate in candidates[1:]:
        if candidate[1] > top[1] + EPSILON:
            top = candidate
    return top


# --- choosing ----------------------------------------------------------------------------------------------------


def choose(state: State) -> str:
    """The autopilot's action for the current seat (see the module docstring)."""
    legal = legal_actions(state)
    if not legal:
        raise ValueError("the game is over")
    seat = state.current
    assert seat is not None
    if state.step == "play":
        return choose_play(state, seat, legal)
    if state.step == "act":
        return choose_act(state, seat, legal)
    return best([(a, after(state, seat, a)) for a in legal])[0]


def choose_play(state: State, seat: int, legal: list[str]) -> str:
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        return best([(a, after(state, seat, a)) for a in plays])[0]
    if "redraw" in legal and ("pass" not in legal or state.turn.redraws < MAX_REDRAWS):
        return "redraw"
    return "pass"


def choose_act(state: State, seat: int, legal: list[str]) -> str:
    """A set or an item when it raises the estimate, else the best card to take."""
    now = estimate(state, seat)
    moves = [(a, after(state, seat, a)) for a in legal if a.split(" ")[0] not in ENDING]
    if moves:
        action, value = best(moves)
        if value > now + EPSILON:
            return action
    takes = [(a, take_value(state, seat, a, now)) for a in legal if a.startswith("take ") or a == "end"]
    return best(takes)[0]


def take_value(state: State, seat: int, action: str, now: float) -> float:
    """The estimate after taking a card, counting only the card: a face-up one by its worth, the deck's top by
    the average worth of the cards it may be."""
    if action == "end":
        return now
    arg = action.split(" ")[1]
    if arg == DECK:
        return now + unseen_value(state, seat)
    card = state.face_up[int(arg) - 1]
    assert card is not None
    return now + card_value(state, seat, card, symbol_value(state, seat), open_tops(state))


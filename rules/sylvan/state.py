"""The state of a Sylvan Dale game as plain dataclasses, its setup, and dump/load to JSON-safe data.

A card is its index into `data.CARDS`. A dwelling tile on a tree is [owner seat, style]; a stack is a list of
styles, top first. Levels of a tree count from 0 (the base) up; a flag or a bridge end sits on a level.
The seeded random.Random lives in the state, so a game replays exactly from its seed and actions.

>>> state = new_game(["Аня", "Борис"], seed=7)
>>> len(state.trees), [len(p.hand) for p in state.players], len(state.deck)
(13, [4, 4], 69)
>>> dump(load(dump(state))) == dump(state)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.sylvan.data import (
    BASES,
    CARDS,
    FACE_UP,
    FLAGS_PER_PLAYER,
    HAND_SIZE,
    PLAYER_COLOURS,
    PLAYER_TILES,
    STACK_SIZE,
    SUPPLY,
    SYMBOLS,
    playable_spots,
    side_for,
)

FAME_PARTS = ("flags", "bridges", "trees", "regions")


def no_fame() -> dict[str, int]:
    return {part: 0 for part in FAME_PARTS}


@dataclass
class Tree:
    name: str
    base: str  # the style of the dwelling painted on the base
    tiles: list[list[Any]] = field(default_factory=list)  # [seat, style], bottom first
    treetop: bool = False
    flags: list[list[int]] = field(default_factory=list)  # [seat, level], level 0 is the base

    @property
    def height(self) -> int:
        """Levels: the base and the dwellings (a treetop is not a level)."""
        return 1 + len(self.tiles)

    @property
    def top_style(self) -> str:
        return self.tiles[-1][1] if self.tiles else self.base

    def styles(self) -> list[str]:
        return [self.base] + [style for _, style in self.tiles]

    def has_flag(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.flags)


@dataclass
class Bridge:
    a: str  # the tree named first in board order
    b: str
    seat: int  # the builder, whose flag is on it
    level_a: int  # the level of each tree it hangs on (moves down when the dwelling under it goes)
    level_b: int


@dataclass
class Player:
    name: str
    colour: str
    hand: list[int] = field(default_factory=list)
    stacks: list[list[str]] = field(default_factory=list)  # [round 1, round 2], each top first
    played: list[int] = field(default_factory=list)  # played cards lying face up, oldest first
    items: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SYMBOLS})
    flags_left: int = FLAGS_PER_PLAYER
    fame: list[dict[str, int]] = field(default_factory=lambda: [no_fame(), no_fame()])  # per round

    @property
    def total(self) -> int:
        return sum(sum(part.values()) for part in self.fame)


@dataclass
class Turn:
    card: int | None = None  # the card played this turn
    placed: str | None = None  # the tree that got this turn's dwelling
    skipped: bool = False  # no dwelling could be built: the top tile went to the box
    flag_tree: str | None = None  # in the flag step: the tree whose new dwelling may get a flag
    item: str | None = None  # the special item used this turn
    redraws: int = 0  # hands discarded this turn for want of a playable card
    built: str | None = None  # the tree that last got a dwelling this turn (built or moved by the hammer)
    built_style: str | None = None  # the style of that dwelling


@dataclass
class State:
    seed: int
    rng: random.Random
    side: str  # "big" or "small"
    players: list[Player]
    first_seat: int
    current: int | None
    step: str  # "play", "place", "flag", "act" or "over"
    round: int  # 1 or 2
    direction: int  # +1 clockwise (round 1), -1 counter-clockwise (round 2)
    trees: dict[str, Tree]  # board order
    bridges: list[Bridge] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)  # the last card is the top
    face_up: list[int | None] = field(default_factory=list)  # FACE_UP slots; None when nothing was left
    discard: list[int] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=lambda: dict(SUPPLY))
    boxed: list[list[Any]] = field(default_factory=list)  # dwellings out of the game: [seat, style]
    turn: Turn = field(default_factory=Turn)
    turns: int = 0  # turns finished so far
    actions: int = 0  # actions applied so far
    round_results: list[dict[str, Any]] = field(default_factory=list)  # what each round's scoring gave

    @property
    def over(self) -> bool:
        return self.step == "over"

    def player(self) -> Player:
        assert self.current is not None
        return self.players[self.current]

    def stack(self, seat: int) -> list[str]:
        """The stack `seat` builds from now (the round-2 stack after round 1)."""
        return self.players[seat].stacks[self.round - 1]


def new_game(players: list[str], seed: int, options: dict | None = None) -> State:
    """Set up a game; all randomness is drawn from random.Random(seed), kept in the state.

    options: {"first_seat": k} fixes the first player (tests and replays of real games).
    """
    options = options or {}
    rng = random.Random(seed)
    n = len(players)
    first = rng.randrange(n)  # the bot draws lots for the first player
    if "first_seat" in options:
        first = int(options["first_seat"]) % n
    spots = playable_spots(n)
    bases = list(BASES)
    rng.shuffle(bases)  # rulebook: bases go on the spots in random order
    trees = {spot: Tree(spot, bases[i]) for i, spot in enumerate(spots)}
    seated = []
    for seat, name in enumerate(players):
        tiles = list(PLAYER_TILES)
        rng.shuffle(tiles)  # rulebook: shuffle your 16 dwellings into two stacks of 8
        seated.append(Player(name=name, colour=PLAYER_COLOURS[seat],
                             stacks=[tiles[:STACK_SIZE], tiles[STACK_SIZE:]]))
    deck = list(range(len(CARDS)))
    rng.shuffle(deck)
    for i in range(n):
        player = seated[(first + i) % n]
        player.hand = [deck.pop() for _ in range(HAND_SIZE)]
    face_up: list[int | None] = [deck.pop() for _ in range(FACE_UP)]
    state = State(seed=seed, rng=rng, side=side_for(n), players=seated, first_seat=first, current=first,
                  step="play", round=1, direction=1, trees=trees, deck=deck, face_up=face_up)
    if n == 2:  # rulebook: the second player starts with a treetop from the supply
        second = (first + 1) % n
        seated[second].items["treetop"] += 1
        state.supply["treetop"] -= 1
    return state


# --- dump and load ------------------------------------------------------------------------------------------


def dump_rng(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def load_rng(data: list[Any]) -> random.Random:
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def dump(state: State) -> dict[str, Any]:
    """Plain JSON-safe data (dicts, lists, str, int, bool, None)."""
    t = state.turn
    return {
        "seed": state.seed,
        "rng": dump_rng(state.rng),
        "side": state.side,
        "players": [{"name": p.name, "colour": p.colour, "hand": list(p.hand), "stacks": [list(s) for s in p.stacks],
                     "played": list(p.played), "items": dict(p.items), "flags_left": p.flags_left,
                     "fame": [dict(f) for f in p.fame]} for p in state.players],
        "first_seat": state.first_seat,
        "current": state.current,
        "step": state.step,
        "round": state.round,
        "direction": state.direction,
        "trees": [{"name": tr.name, "base": tr.base, "tiles": [list(x) for x in tr.tiles], "treetop": tr.treetop,
                   "flags": [list(f) for f in tr.flags]} for tr in state.trees.values()],
        "bridges": [{"a": b.a, "b": b.b, "seat": b.seat, "level_a": b.level_a, "level_b": b.level_b}
                    for b in state.bridges],
        "deck": list(state.deck),
        "face_up": list(state.face_up),
        "discard": list(state.discard),
        "supply": dict(state.supply),
        "boxed": [list(x) for x in state.boxed],
        "turn": {"card": t.card, "placed": t.placed, "skipped": t.skipped, "flag_tree": t.flag_tree,
                 "item": t.item, "redraws": t.redraws, "built": t.built, "built_style": t.built_style},
        "turns": state.turns,
        "actions": state.actions,
        "round_results": _copy(state.round_results),
    }


def _copy(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data


def load(data: dict[str, Any]) -> State:
    """Rebuild a state from `dump` output (copies everything, so the data may be reused)."""
    return State(
        seed=data["seed"],
        rng=load_rng(data["rng"]),
        side=data["side"],
        players=[Player(name=p["name"], colour=p["colour"], hand=list(p["hand"]),
                        stacks=[list(s) for s in p["stacks"]], played=list(p["played"]), items=dict(p["items"]),
                        flags_left=p["flags_left"], fame=[dict(f) for f in p["fame"]]) for p in data["players"]],
        first_seat=data["first_seat"],
        current=data["current"],
        step=data["step"],
        round=data["round"],
        direction=data["direction"],
        trees={t["name"]: Tree(name=t["name"], base=t["base"], tiles=[list(x) for x in t["tiles"]],
                               treetop=t["treetop"], flags=[list(f) for f in t["flags"]]) for t in data["trees"]},
        bridges=[Bridge(b["a"], b["b"], b["seat"], b["level_a"], b["level_b"]) for b in data["bridges"]],
        deck=list(data["deck"]),
        face_up=list(data["face_up"]),
        discard=list(data["discard"]),
        supply=dict(data["supply"]),
        boxed=[list(x) for x in data["boxed"]],
        turn=Turn(**data["turn"]),
        turns=data["turns"],
        actions=data["actions"],
        round_results=_copy(data["round_results"]),
    )

"""The state of a Kingdom Builder game, its setup, and dump/load to JSON-safe data.

Hexes are flat indices (row * 20 + col, see `layout.py`); terrain cards are their terrain letters. The
seeded random source lives in the state, and its exact internal state is dumped, so a game replays
exactly from (seed, actions) and from any dump.

>>> state = new_game(["Аня", "Борис"], seed=7)
>>> [p.settlements for p in state.players], len(state.deck)
([40, 40], 23)
>>> sum(state.tiles_left.values()) == 2 * len(state.layout.locations)
True
>>> dump(load(dump(state))) == dump(state)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.kingdom.board import SECTORS
from rules.kingdom.data import (
    CARD_ORDER,
    CARDS_IN_PLAY,
    DECK_COUNTS,
    SECTORS_IN_PLAY,
    SETTLEMENTS,
    TERRAIN_ORDER,
    TILES_PER_LOCATION,
)
from rules.kingdom.layout import HEXES, Layout, layout

SECTOR_NAMES = tuple(SECTORS)  # the 8 sectors in a fixed order, for the seeded draw


@dataclass
class Tile:
    type: str  # "oracle" ...
    origin: int  # the location hex it was taken from
    state: str = "new"  # "usable", "used" (this turn) or "new" (taken this turn)


@dataclass
class Player:
    name: str
    settlements: int = SETTLEMENTS  # left in supply
    card: str | None = None  # the terrain card in hand (public while it is this player's turn)
    tiles: list[Tile] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)  # location hexes this player ever took a tile from


@dataclass
class State:
    seed: int
    players: list[Player]
    sectors: list[tuple[str, bool]]  # top-left, top-right, bottom-left, bottom-right
    cards: list[str]  # the 3 Kingdom Builder cards of this game
    owners: list[int | None]  # per hex: the seat whose settlement stands there
    tiles_left: dict[int, int]  # location hex -> tiles still lying on it
    lost: list[Tile]  # tiles out of the game (lost by moving the last settlement away)
    deck: list[str]  # terrain cards, the top is the end of the list
    discard: list[str]
    first: int
    current: int | None
    phase: str  # "start", "building", "after" or "over"
    builds_left: int  # mandatory builds still to place this turn
    final_round: bool = False
    turn_placed: list[int] = field(default_factory=list)  # hexes built on or moved to this turn
    prev_placed: list[int] = field(default_factory=list)  # the same for the previous turn
    actions: int = 0  # actions applied so far
    pending: list[int] = field(default_factory=list)  # abandoned location hexes whose tile the player must pick
    # The Russian box's reading: one action per kind of tile a turn («не может совершить действие фермы дважды»),
    # so a second tile of a kind waits; by default each tile acts once a turn (the designers' FAQ)
    one_per_kind: bool = False
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def layout(self) -> Layout:
        return layout(tuple((s, bool(t)) for s, t in self.sectors))

    def player(self) -> Player:
        """The player whose turn it is."""
        assert self.current is not None
        return self.players[self.current]

    def touch(self) -> None:
        """Forget what was computed for the position (call after changing the state by hand)."""
        self.cache.clear()


def new_game(names: list[str], seed: int, options: dict | None = None) -> State:
    """Set up a game (rulebook "Подготовка к игре"), drawing everything from random.Random(seed).

    options: "sectors" [(name, turned)] * 4 and "cards" [3 ids] fix the board and the cards;
    "first" fixes the first player (tests and replays of real games); "one_per_kind" plays the Russian box's
    reading of location tiles (one action per kind of tile a turn).
    """
    options = options or {}
    rng = random.Random(seed)
    drawn = rng.sample(SECTOR_NAMES, SECTORS_IN_PLAY)
    sectors = [(s, rng.random() < 0.5) for s in drawn]
    if options.get("sectors"):
        sectors = [(str(s), bool(t)) for s, t in options["sectors"]]
    if len(sectors) != SECTORS_IN_PLAY or len({s for s, _ in sectors}) != SECTORS_IN_PLAY or any(
            s not in SECTORS for s, _ in sectors):
        raise ValueError(f"four different sectors are needed, got {sectors}")
    cards = rng.sample(CARD_ORDER, CARDS_IN_PLAY)
    if options.get("cards"):
        cards = [str(c) for c in options["cards"]]
    if len(cards) != CARDS_IN_PLAY or len(set(cards)) != CARDS_IN_PLAY or any(c not in CARD_ORDER for c in cards):
        raise ValueError(f"three different Kingdom Builder cards are needed, got {cards}")
    deck = [t for t in TERRAIN_ORDER for _ in range(DECK_COUNTS[t])]
    rng.shuffle(deck)
    players = [Player(name=n) for n in names]
    for p in players:
        p.card = deck.pop()
    first = rng.randrange(len(players))
    if "first" in options:
        first = int(options["first"]) % len(players)
    lay = layout(tuple(sectors))
    return State(
        seed=seed, players=players, sectors=sectors, cards=cards, owners=[None] * HEXES,
        tiles_left={h: TILES_PER_LOCATION for h in lay.locations}, lost=[], deck=deck, discard=[],
        first=first, current=first, phase="start", builds_left=0, rng=rng,
        one_per_kind=bool(options.get("one_per_kind")),
    )


def _tile(t: Tile) -> dict:
    return {"type": t.type, "origin": t.origin, "state": t.state}


def dump(state: State) -> dict:
    """Plain JSON-safe data (dicts, lists, str, int, bool, None), including the random source."""
    version, internal, gauss = state.rng.getstate()
    data = {
        "seed": state.seed,
        "players": [{"name": p.name, "settlements": p.settlements, "card": p.card,
                     "tiles": [_tile(t) for t in p.tiles], "taken": list(p.taken)} for p in state.players],
        "sectors": [[s, t] for s, t in state.sectors],
        "cards": list(state.cards),
        "owners": list(state.owners),
        "tiles_left": [[h, n] for h, n in state.tiles_left.items()],
        "lost": [_tile(t) for t in state.lost],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "first": state.first,
        "current": state.current,
        "phase": state.phase,
        "builds_left": state.builds_left,
        "final_round": state.final_round,
        "turn_placed": list(state.turn_placed),
        "prev_placed": list(state.prev_placed),
        "actions": state.actions,
        "rng": [version, list(internal), gauss],
    }
    if state.pending:  # only while a choice is open, so that dumps of games before it look as they did
        data["pending"] = list(state.pending)
    if state.one_per_kind:  # likewise only for a game that plays the box's reading
        data["one_per_kind"] = True
    return data


def _load_tile(d: dict) -> Tile:
    return Tile(type=d["type"], origin=int(d["origin"]), state=d["state"])


def load(data: dict) -> State:
    """Rebuild a state from `dump` output (copies everything, so the data may be reused)."""
    rng = random.Random()
    version, internal, gauss = data["rng"]
    rng.setstate((version, tuple(internal), gauss))
    return State(
        seed=data["seed"],
        players=[Player(name=p["name"], settlements=p["settlements"], card=p["card"],
                        tiles=[_load_tile(t) for t in p["tiles"]], taken=list(p["taken"]))
                 for p in data["players"]],
        sectors=[(s, bool(t)) for s, t in data["sectors"]],
        cards=list(data["cards"]),
        owners=list(data["owners"]),
        tiles_left={int(h): int(n) for h, n in data["tiles_left"]},
        lost=[_load_tile(t) for t in data["lost"]],
        deck=list(data["deck"]),
        discard=list(data["discard"]),
        first=data["first"],
        current=data["current"],
        phase=data["phase"],
        builds_left=data["builds_left"],
        final_round=data["final_round"],
        turn_placed=list(data["turn_placed"]),
        prev_placed=list(data["prev_placed"]),
        actions=data["actions"],
        pending=[int(h) for h in data.get("pending", ())],
        one_per_kind=bool(data.get("one_per_kind")),
        rng=rng,
    )

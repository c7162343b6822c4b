"""The state of a Valdora game as plain dataclasses, its setup, and dump/load to JSON-safe data.

Faces: an equipment face is its kind ("cart"); a contract face is its index into CONTRACT_FACES.
A card is a two-item list [up face, down face]. Books are two stacks of cards, bottom first.

>>> state = new_game(["Аня", "Борис", "Вера"], seed=7)
>>> [p.coins for p in state.players][state.first_seat]
1
>>> load(dump(state)) == state
True
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from rules.valdora.board import LEGACY_TOWNS, ROAD, SPACES, START
from rules.valdora.data import (
    BONUS_CARDS,
    COINS_TOTAL,
    CONTRACT_CARDS,
    EQUIPMENT_CARDS,
    GEM_ORDER,
    GEMS,
    GEMS_PER_ROAD,
    WORKSHOPS,
    masters_for,
    start_coins,
)


def no_gems() -> dict[str, int]:
    return {gem: 0 for gem in GEM_ORDER}


@dataclass
class Player:
    name: str
    coins: int
    position: str = START
    provisions: bool = False
    # owned equipment kind -> the gem on it (None when empty); everyone starts with the pan
    equipment: dict[str, str | None] = field(default_factory=lambda: {"pan": None})
    # open contracts in hand order, each the whole card [held face, other face] so it can go back
    contracts: list[list[int]] = field(default_factory=list)
    delivered: list[int] = field(default_factory=list)  # contract faces under the adventurer card
    masters: dict[str, int] = field(default_factory=dict)  # colour -> count (only colours owned)
    workshops: list[str] = field(default_factory=list)
    bonuses: int = 0


@dataclass
class Book:
    town: str
    kind: str  # "equipment" or "contracts"
    left: list[list[Any]] = field(default_factory=list)  # bottom..top; the top's up face is the left page
    right: list[list[Any]] = field(default_factory=list)  # bottom..top; the top's up face is the right page


@dataclass
class Turn:
    flips: int = 0  # flips made this turn (the first is free)
    action: str | None = None  # the one action chosen: buy, mine, deliver, refill, provisions
    mined: int = 0  # gems taken this turn (harbours allow as many as they have ships)


@dataclass
class State:
    seed: int
    players: list[Player]
    first_seat: int
    current: int | None
    phase: str  # "move", "act" or "over"
    round: int
    turn: Turn
    final_round: bool
    roads: dict[str, dict[str, int]]  # road space -> gem -> count
    discard: dict[str, int]
    bank: int
    books: list[Book]
    masters: dict[str, int]  # colour -> masters left beside the board
    workshops: dict[str, int | None]  # colour -> owner seat, None while in the reserve
    bonuses_left: int
    actions: int = 0  # actions applied so far (a guard against endless games and a handy counter)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def player(self) -> Player:
        """The player whose turn it is."""
        assert self.current is not None
        return self.players[self.current]

    def book_at(self, town: str) -> Book | None:
        for book in self.books:
            if book.town == town:
                return book
        return None


def new_game(players: list[str], seed: int, options: dict | None = None) -> State:
    """Set up a game: all randomness is drawn here from random.Random(seed).

    options: {"first_seat": k} fixes the first player (for tests and replays of real games).
    """
    options = options or {}
    rng = random.Random(seed)
    n = len(players)
    first = rng.randrange(n)
    if "first_seat" in options:
        first = int(options["first_seat"]) % n
    seated = [Player(name=name, coins=0) for name in players]
    bank = COINS_TOTAL
    for i, coins in enumerate(start_coins(n)):  # from the first player clockwise
        seated[(first + i) % n].coins = coins
        bank -= coins

    bag = [gem for gem in GEM_ORDER for _ in range(GEMS[gem])]
    rng.shuffle(bag)
    roads: dict[str, dict[str, int]] = {}
    for space in SPACES:
        if space.kind == ROAD:
            pile = no_gems()
            for _ in range(GEMS_PER_ROAD):
                pile[bag.pop()] += 1
            roads[space.name] = pile

    books = []
    for space in SPACES:
        if space.book:
            deck = EQUIPMENT_CARDS if space.book == "equipment" else CONTRACT_CARDS
            cards = [list(card) for card in deck]
            rng.shuffle(cards)
            books.append(Book(town=space.name, kind=space.book, left=[], right=cards))

    masters = masters_for(n)

    return State(
        seed=seed,
        players=seated,
        first_seat=first,
        current=first,
        phase="move",
        round=1,
        turn=Turn(),
        final_round=False,
        roads=roads,
        discard=no_gems(),
        bank=bank,
        books=books,
        masters=masters,
        workshops={w.colour: None for w in WORKSHOPS},
        bonuses_left=BONUS_CARDS,
    )


def dump(state: State) -> dict:
    """Plain JSON-safe data (dicts, lists, str, int, bool, None)."""
    return asdict(state)


def load(data: dict) -> State:
    """Rebuild a state from `dump` output (deep-copies, so the data may be reused). A state saved before the
    towns took the rulebook's letters gets today's names (`board.LEGACY_TOWNS`); its turn's old `loaded` list
    (a one-load-per-turn limit the rulebook does not have) is dropped.

    >>> old = dump(new_game(["Аня", "Борис", "Вера"], seed=7))
    >>> old["players"][0]["position"], old["books"][2]["town"] = "Г", "В"
    >>> state = load(old)
    >>> state.players[0].position, state.books[2].town
    ('D', 'C')
    """
    return State(
        seed=data["seed"],
        players=[
            Player(
                name=p["name"],
                coins=p["coins"],
                position=LEGACY_TOWNS.get(p["position"], p["position"]),
                provisions=p["provisions"],
                equipment=dict(p["equipment"]),
                contracts=[list(c) for c in p["contracts"]],
                delivered=list(p["delivered"]),
                masters=dict(p["masters"]),
                workshops=list(p["workshops"]),
                bonuses=p["bonuses"],
            )
            for p in data["players"]
        ],
        first_seat=data["first_seat"],
        current=data["current"],
        phase=data["phase"],
        round=data["round"],
        turn=Turn(
            flips=data["turn"]["flips"],
            action=data["turn"]["action"],
            mined=data["turn"]["mined"],
        ),
        final_round=data["final_round"],
        roads={name: dict(pile) for name, pile in data["roads"].items()},
        discard=dict(data["discard"]),
        bank=data["bank"],
        books=[
            Book(town=LEGACY_TOWNS.get(b["town"], b["town"]), kind=b["kind"], left=[list(c) for c in b["left"]],
                 right=[list(c) for c in b["right"]])
            for b in data["books"]
        ],
        masters=dict(data["masters"]),
        workshops=dict(data["workshops"]),
        bonuses_left=data["bonuses_left"],
        actions=data.get("actions", 0),
    )

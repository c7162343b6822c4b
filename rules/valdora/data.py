"""Valdora's components: gems, colours, equipment, the two decks, masters, workshops, rule sections.

The rulebook prints counts but not the card faces, so most values here are our estimates; each one
says so. Every estimate fits what the rulebook and the review state:

>>> len(EQUIPMENT_CARDS), len(CONTRACT_CARDS), len(CONTRACT_FACES)
(18, 27, 54)
>>> sum(MASTERS.values()), sum(GEMS.values())
(39, 78)
"""

from __future__ import annotations

from dataclasses import dataclass

# --- gems -------------------------------------------------------------------------------------------

GEM_ORDER: tuple[str, ...] = ("ruby", "sapphire", "amethyst", "emerald", "gold")
GEMS: dict[str, int] = {  # rulebook: 78 gems in the bag
    "ruby": 13,  # rulebook
    "sapphire": 13,  # rulebook
    "amethyst": 15,  # rulebook
    "emerald": 15,  # rulebook
    "gold": 22,  # rulebook
}
GEMS_PER_ROAD = 6  # rulebook
GEM_NAMES = {
    "ruby": "рубин", "sapphire": "сапфир", "amethyst": "аметист", "emerald": "изумруд", "gold": "золото",
}
# plural forms (1, 2, 5) for counting gems in messages
GEM_FORMS = {
    "ruby": ("рубин", "рубина", "рубинов"),
    "sapphire": ("сапфир", "сапфира", "сапфиров"),
    "amethyst": ("аметист", "аметиста", "аметистов"),
    "emerald": ("изумруд", "изумруда", "изумрудов"),
    "gold": ("золото", "золота", "золота"),
}
GEM_EMOJI = {"ruby": "🔴", "sapphire": "🔵", "amethyst": "🟣", "emerald": "🟢", "gold": "🟡"}

# --- colours of clients, masters and workshops -----------------------------------------------------

# estimate: the clockwise order around the masters' board. It agrees with both rulebook examples:
# red empty -> blue, then green; purple and red empty -> blue.
COLOURS: tuple[str, ...] = ("grey", "yellow", "white", "purple", "red", "blue", "green")
GEM_COLOUR = {"gold": "yellow", "ruby": "red", "sapphire": "blue", "amethyst": "purple", "emerald": "green"}
COLOUR_NAMES = {  # masculine: "серый клиент", "серый мастер"
    "grey": "серый", "yellow": "жёлтый", "white": "белый", "purple": "фиолетовый",
    "red": "красный", "blue": "синий", "green": "зелёный",
}
COLOUR_NAMES_FEM = {  # feminine: "серая мастерская"
    "grey": "серая", "yellow": "жёлтая", "white": "белая", "purple": "фиолетовая",
    "red": "красная", "blue": "синяя", "green": "зелёная",
}
COLOUR_NAMES_GEN = {  # genitive: "дом серого клиента"
    "grey": "серого", "yellow": "жёлтого", "white": "белого", "purple": "фиолетового",
    "red": "красного", "blue": "синего", "green": "зелёного",
}
COLOUR_NAMES_DAT = {  # dative: "идёт к серому клиенту"
    "grey": "серому", "yellow": "жёлтому", "white": "белому", "purple": "фиолетовому",
    "red": "красному", "blue": "синему", "green": "зелёному",
}
COLOUR_NAMES_FEM_ACC = {  # feminine accusative: "открывает серую мастерскую"
    "grey": "серую", "yellow": "жёлтую", "white": "белую", "purple": "фиолетовую",
    "red": "красную", "blue": "синюю", "green": "зелёную",
}
COLOUR_NAMES_PL_GEN = {  # genitive plural: "красных мастеров нет"
    "grey": "серых", "yellow": "жёлтых", "white": "белых", "purple": "фиолетовых",
    "red": "красных", "blue": "синих", "green": "зелёных",
}
# --- equipment ---------------------------------------------------------------------------------------

KIND_ORDER: tuple[str, ...] = ("pan", "ruby", "sapphire", "amethyst", "emerald", "cart", "horse")
EQUIPMENT_NAMES = {  # rulebook: лоток (start card), four tools, телега, лошадь
    "pan": "Лоток", "ruby": "Кирка", "sapphire": "Долото", "amethyst": "Молот",
    "emerald": "Лопата", "cart": "Телега", "horse": "Лошадь",
}
EQUIPMENT_ACC = {  # accusative: "положить на кирку"
    "pan": "лоток", "ruby": "кирку", "sapphire": "долото", "amethyst": "молот",
    "emerald": "лопату", "cart": "телегу", "horse": "лошадь",
}
EQUIPMENT_GEN = {  # genitive: "у вас нет телеги", "золото с лотка"
    "pan": "лотка", "ruby": "кирки", "sapphire": "долота", "amethyst": "молота",
    "emerald": "лопаты", "cart": "телеги", "horse": "лошади",
}
EQUIPMENT_PREP = {  # prepositional: "на кирке"
    "pan": "лотке", "ruby": "кирке", "sapphire": "долоте", "amethyst": "молоте",
    "emerald": "лопате", "cart": "телеге", "horse": "лошади",
}
# Which gem a tool takes; cart and horse take any gem (None). Rulebook: the pan takes gold, each tool one
# colour; the tool-to-gem pairing of кирка/долото/лопата is our estimate, the hammer holds an amethyst
# in the rulebook's Берни example.
EQUIPMENT_GEM: dict[str, str | None] = {
    "pan": "gold", "ruby": "ruby", "sapphire": "sapphire", "amethyst": "amethyst",
    "emerald": "emerald", "cart": None, "horse": None,
}
EQUIPMENT_COST = {  # coins paid to the bank per loaded gem
    "pan": 0, "ruby": 0, "sapphire": 0, "amethyst": 0, "emerald": 0,  # rulebook: tools are free
    "cart": 2,  # rulebook example and review: 2 coins
    "horse": 3,  # review: 3 coins
}
EQUIPMENT_PRICE_GOLD = 1  # rulebook: every equipment card costs 1 gold

# estimate: the 18 two-sided cards of one catalogue (the rulebook gives only the count). Each of the six
# buyable kinds is on 6 faces; the two faces of a card are always different kinds: the 15 pairs of
# different kinds plus three more pairs so that every kind appears exactly six times.
_BUYABLE = ("ruby", "sapphire", "amethyst", "emerald", "cart", "horse")
EQUIPMENT_CARDS: tuple[tuple[str, str], ...] = tuple(
    (a, b) for i, a in enumerate(_BUYABLE) for b in _BUYABLE[i + 1:]
) + (("ruby", "cart"), ("sapphire", "horse"), ("amethyst", "emerald"))


# --- contracts ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contract:
    """One contract face: the client colour, what the client wants, and its points.

    `wants` is a tuple of (what, count) pairs, where what is a gem id or "coins"; gems come in GEM_ORDER
    (this is "the contract's gem order" used in delivery notation).
    """

    client: str
    wants: tuple[tuple[str, int], ...]
    points: int

    def gems(self) -> list[str]:
        """The gems the client wants, one entry per gem, in GEM_ORDER."""
        return [what for what, n in self.wants if what != "coins" for _ in range(n)]

    def coins(self) -> int:
        return sum(n for what, n in self.wants if what == "coins")


def _c(client: str, points: int, **wants: int) -> Contract:
    order = {g: i for i, g in enumerate((*GEM_ORDER, "coins"))}
    return Contract(client, tuple(sorted(wants.items(), key=lambda kv: order[kv[0]])), points)


# estimate: the 54 contract faces (the rulebook prints none). Counts per colour: grey 10, yellow 10,
# white 6, purple/red/blue/green 7 each — more contracts than masters in every colour (rulebook tip:
# 9 grey, 9 yellow, 5 white, 4 of each gem colour). Grey wants coins (rulebook: "серебряная монета"),
# yellow gold, gem colours one gem of their colour, white three different gems (rulebook). Points are
# our estimate: the harder to fulfil, the more points; white the most.
CONTRACT_FACES: tuple[Contract, ...] = (
    # grey: 1-3 coins (estimate), 2-4 points (estimate)
    _c("grey", 2, coins=1), _c("grey", 2, coins=1), _c("grey", 2, coins=1),
    _c("grey", 3, coins=2), _c("grey", 3, coins=2), _c("grey", 3, coins=2), _c("grey", 3, coins=2),
    _c("grey", 4, coins=3), _c("grey", 4, coins=3), _c("grey", 4, coins=3),
    # yellow: 1 gold, 3-5 points (estimate)
    *(_c("yellow", p, gold=1) for p in (3, 3, 3, 3, 4, 4, 4, 4, 5, 5)),
    # white: three different gems (rulebook), 10 points with gold, 12 without (estimate)
    _c("white", 10, ruby=1, sapphire=1, gold=1),
    _c("white", 10, amethyst=1, emerald=1, gold=1),
    _c("white", 10, ruby=1, emerald=1, gold=1),
    _c("white", 10, sapphire=1, amethyst=1, gold=1),
    _c("white", 12, ruby=1, sapphire=1, amethyst=1),
    _c("white", 12, sapphire=1, amethyst=1, emerald=1),
    # gem colours: one gem of the colour, 4-6 points (estimate)
    *(_c("purple", p, amethyst=1) for p in (4, 4, 5, 5, 5, 6, 6)),
    *(_c("red", p, ruby=1) for p in (4, 4, 5, 5, 5, 6, 6)),
    *(_c("blue", p, sapphire=1) for p in (4, 4, 5, 5, 5, 6, 6)),
    *(_c("green", p, emerald=1) for p in (4, 4, 5, 5, 5, 6, 6)),
)
# estimate: face i and face i + 27 share a card, so both faces of a card always have different clients.
CONTRACT_CARDS: tuple[tuple[int, int], ...] = tuple((i, i + 27) for i in range(27))

# --- masters, workshops, bonuses ---------------------------------------------------------------------

MASTERS: dict[str, int] = {  # rulebook: 39 masters
    "grey": 9, "yellow": 9, "white": 5, "purple": 4, "red": 4, "blue": 4, "green": 4,
}
MASTERS_REMOVED_FOR_3 = ("purple", "red", "blue", "green")  # rulebook: one of each with 3 players


def masters_for(players: int) -> dict[str, int]:
    """The masters in play by colour for a number of players: all 39, one fewer of each gem colour with 3."""
    masters = dict(MASTERS)
    if players == 3:
        for colour in MASTERS_REMOVED_FOR_3:
            masters[colour] -= 1
    return masters


MASTER_COLOUR_POINTS = 10  # rulebook: 10 points per colour of masters owned


@dataclass(frozen=True)
class Workshop:
    colour: str
    need: int  # masters of this colour to open it
    points: int


WORKSHOPS: tuple[Workshop, ...] = (
    Workshop("grey", 4, 15),  # estimate (9 masters: a bigger threshold, more points)
    Workshop("yellow", 4, 15),  # estimate
    Workshop("white", 3, 15),  # estimate (5 masters)
    Workshop("purple", 2, 10),  # need: rulebook (Берни's second purple master opens it); points: estimate
    Workshop("red", 2, 10),  # estimate
    Workshop("blue", 2, 10),  # need: rulebook (Берни's second blue master opens it); points: estimate
    Workshop("green", 2, 10),  # estimate
)
WORKSHOP_BY_COLOUR = {w.colour: w for w in WORKSHOPS}
BONUS_CARDS = 13  # rulebook
BONUS_POINTS = 10  # rulebook
GEM_POINTS = 1  # rulebook: 1 point per gem on equipment

# --- coins, contracts --------------------------------------------------------------------------------

COINS_TOTAL = 30  # rulebook


def start_coins(players: int) -> list[int]:
    """rulebook: the first player gets 1 coin, the next clockwise 2, then 3, ...: coins by place from the first."""
    return [place + 1 for place in range(players)]


MAX_COINS = 6  # rulebook
MAX_CONTRACTS = 3  # rulebook
CONTRACT_PRICE = 1  # rulebook: 1 coin to the bank
FLIP_PRICE = 1  # rulebook: every flip after the first of the turn

# --- rule sections (ids used by RuleError and the rule reference) ------------------------------------

SECTIONS: tuple[str, ...] = (
    "valdora.setup", "valdora.players", "valdora.board", "valdora.turn", "valdora.movement",
    "valdora.provisions", "valdora.meeting", "valdora.one-action", "valdora.buy", "valdora.flip",
    "valdora.equipment", "valdora.tools", "valdora.cart-horse", "valdora.contracts", "valdora.return",
    "valdora.contract-types", "valdora.grey-contracts", "valdora.mining", "valdora.harbour",
    "valdora.deliver", "valdora.masters", "valdora.workshops", "valdora.bonus", "valdora.silver",
    "valdora.coins", "valdora.empty-book", "valdora.end", "valdora.scoring",
)


def next_master_colour(stacks: dict[str, int], colour: str) -> str | None:
    """The colour of the master to take for a contract of `colour`: that one, else the next non-empty
    stack clockwise; None when no masters are left.

    >>> next_master_colour({"grey": 0, "yellow": 0, "white": 0, "purple": 0, "red": 0, "blue": 1,
    ...                     "green": 1}, "red")
    'blue'
    """
    start = COLOURS.index(colour)
    for step in range(len(COLOURS)):
        c = COLOURS[(start + step) % len(COLOURS)]
        if stacks.get(c, 0) > 0:
            return c
    return None

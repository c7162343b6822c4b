"""Legal actions of the current player, as canonical notation strings in a stable order.

Move phase: `move <space>` for every legal destination (board order), or `pass` when there is none.
Action phase: flips, purchases, returns, mining, deliveries, refill, provisions — those the pawn's
space allows and that fit the one action already begun this turn — and finally `end`.

>>> from rules.valdora.state import new_game
>>> state = new_game(["Аня", "Борис", "Вера"], seed=1)
>>> legal_actions(state)[:3]
['move A', 'move B', 'move C']
"""

from __future__ import annotations

from itertools import product

from rules.valdora.board import HOUSE, MINE, ROAD, SPACE_BY_NAME, TOWN, Space
from rules.valdora.books import visible
from rules.valdora.data import (
    CONTRACT_FACES,
    CONTRACT_PRICE,
    EQUIPMENT_COST,
    EQUIPMENT_GEM,
    EQUIPMENT_NAMES,
    FLIP_PRICE,
    GEM_NAMES,
    GEM_ORDER,
    KIND_ORDER,
    MAX_COINS,
    MAX_CONTRACTS,
    Contract,
)
from rules.valdora.movement import MoveOption, move_options
from rules.valdora.state import Player, State

SIDES = ("left", "right")
SIDE_NAMES = {"left": "слева", "right": "справа"}
# which action of the turn each kind of step belongs to (rulebook: one action per turn)
STEP_ACTION = {"flip": "buy", "buy": "buy", "return": "buy", "mine": "mine", "deliver": "deliver",
               "refill": "refill", "provisions": "provisions"}


def kind_word(kind: str) -> str:
    """The lower-case Russian word used in notation: "телега"."""
    return EQUIPMENT_NAMES[kind].lower()


KIND_BY_WORD = {kind_word(k): k for k in KIND_ORDER}
GEM_BY_WORD = {name: gem for gem, name in GEM_NAMES.items()}


def here(state: State) -> Space:
    return SPACE_BY_NAME[state.player().position]


def may_begin(state: State, step: str) -> bool:
    """Whether a step of this kind fits the action already begun this turn (if any)."""
    action = state.turn.action
    return action is None or (action == STEP_ACTION[step] and step not in ("refill", "provisions"))


def moves(state: State) -> list[MoveOption]:
    player = state.player()
    positions = [p.position for p in state.players]
    return move_options(positions, state.current, player.provisions, player.coins)


# --- buying --------------------------------------------------------------------------------------------


def flip_cost(state: State) -> int:
    """The first flip of a turn is free, every further one costs a coin (rulebook)."""
    return 0 if state.turn.flips == 0 else FLIP_PRICE


def flip_actions(state: State) -> list[str]:
    book = state.book_at(state.player().position)
    if book is None or not may_begin(state, "flip") or state.player().coins < flip_cost(state):
        return []
    out = []
    if book.right:
        out.append("flip next")
    if book.left:
        out.append("flip back")
    return out


def gold_sources(player: Player) -> list[str]:
    """Equipment carrying gold that could pay for new equipment, in kind order."""
    return [k for k in KIND_ORDER if player.equipment.get(k, None) == "gold"]


def buy_actions(state: State) -> list[str]:
    player = state.player()
    book = state.book_at(player.position)
    if book is None or not may_begin(state, "buy"):
        return []
    out = []
    for side, face in zip(SIDES, visible(book), strict=True):
        if face is None:
            continue
        if book.kind == "equipment":
            if face in player.equipment:
                continue  # rulebook: only one card of each kind
            sources = gold_sources(player)
            if len(sources) == 1:
                out.append(f"buy {side}")
            else:
                out.extend(f"buy {side} {kind_word(k)}" for k in sources)
        elif len(player.contracts) < MAX_CONTRACTS and player.coins >= CONTRACT_PRICE:
            out.append(f"buy {side}")
    return out


def return_actions(state: State) -> list[str]:
    player = state.player()
    book = state.book_at(player.position)
    if book is None or book.kind != "contracts" or not may_begin(state, "return"):
        return []
    if len(player.contracts) < MAX_CONTRACTS or player.coins < CONTRACT_PRICE:
        return []  # rulebook: a contract goes back only to make room for a new one, so the coin for it is needed
    return [f"return {n} {side}" for n in range(1, len(player.contracts) + 1) for side in SIDES]


# --- mining --------------------------------------------------------------------------------------------


def mine_source(state: State) -> dict[str, int] | None:
    """The gems the current player could take here: the road's pile, or the discard in a harbour
    (as long as ships are left this turn); None where nothing can be mined."""
    space = here(state)
    if space.kind == ROAD:
        return state.roads[space.name]
    if space.ships:
        return state.discard if state.turn.mined < space.ships else {}
    return None


def fits(player: Player, kind: str, gem: str) -> bool:
    """Whether `gem` may be loaded on the player's `kind` now (ignoring coins). A cart or horse may be loaded
    again and again in a turn, each time dumping what it carries and paying again (rulebook: no other limit)."""
    if kind not in player.equipment:
        return False
    wanted = EQUIPMENT_GEM[kind]
    if wanted is not None:
        return wanted == gem and player.equipment[kind] is None  # tools cannot be dumped (rulebook)
    return True  # cart and horse take any gem, dumping what they carry


def mine_options(state: State) -> list[tuple[str, str]]:
    """(gem, equipment kind) pairs that may be mined now."""
    player = state.player()
    pile = mine_source(state)
    if not pile or not may_begin(state, "mine"):
        return []
    out = []
    for gem in GEM_ORDER:
        if pile.get(gem, 0) <= 0:
            continue
        for kind in KIND_ORDER:
            if not fits(player, kind, gem):
                continue
            if player.coins < EQUIPMENT_COST[kind]:
                continue
            out.append((gem, kind))
    return out


def mine_actions(state: State) -> list[str]:
    return [f"mine {GEM_NAMES[gem]} {kind_word(kind)}" for gem, kind in mine_options(state)]


# --- delivering ----------------------------------------------------------------------------------------


def contract_of(card: list[int]) -> Contract:
    return CONTRACT_FACES[card[0]]


def payment_choices(player: Player, contract: Contract) -> list[tuple[str, ...]]:
    """Every way to pay a contract's gems from the equipment: one equipment kind per wanted gem (in the
    contract's gem order). [()] for a contract that wants no gems, [] when it cannot be paid."""
    holders = [[k for k in KIND_ORDER if player.equipment.get(k) == gem] for gem in contract.gems()]
    return [combo for combo in product(*holders) if len(set(combo)) == len(combo)]


def deliver_actions(state: State) -> list[str]:
    player = state.player()
    space = here(state)
    if space.kind != HOUSE or not may_begin(state, "deliver"):
        return []
    out = []
    for n, card in enumerate(player.contracts, start=1):
        contract = contract_of(card)
        if contract.client != space.client or player.coins < contract.coins():
            continue
        choices = payment_choices(player, contract)
        if len(choices) == 1:
            out.append(f"deliver {n}")
        else:
            out.extend(f"deliver {n} " + "+".join(kind_word(k) for k in combo) for combo in choices)
    return out


# --- refill, provisions, everything ------------------------------------------------------------------


def refill_actions(state: State) -> list[str]:
    player = state.player()
    if here(state).kind == MINE and may_begin(state, "refill") and player.coins < MAX_COINS and state.bank:
        return ["refill"]
    return []


def provisions_actions(state: State) -> list[str]:
    if here(state).kind == TOWN and may_begin(state, "provisions") and not state.player().provisions:
        return ["provisions"]
    return []


def real_actions(state: State) -> list[str]:
    """The action-phase actions other than `end`."""
    return (flip_actions(state) + buy_actions(state) + return_actions(state) + mine_actions(state)
            + deliver_actions(state) + refill_actions(state) + provisions_actions(state))


def legal_actions(state: State) -> list[str]:
    if state.phase == "over":
        return []
    if state.phase == "move":
        options = moves(state)
        return [f"move {o.dest}" for o in options] if options else ["pass"]
    return real_actions(state) + ["end"]

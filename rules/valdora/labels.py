"""Short Russian button labels for legal actions (phone buttons: about 24 characters where possible).

A label that concerns a contract says which one: its client's colour and what the client wants
(«📜 Сдать 🔴 рубин»), never just its number in the hand; two alike contracts in a hand get their number too.

>>> from rules.valdora.state import new_game
>>> state = new_game(["Аня", "Борис", "Вера"], seed=1, options={"first_seat": 0})
>>> label(state, "move Д9"), label(state, "move C")
('➡️ Д9', '➡️ C')
"""

from __future__ import annotations

from rules.text import coins, coins_acc
from rules.valdora.actions import GEM_BY_WORD, KIND_BY_WORD, flip_cost, legal_actions, moves
from rules.valdora.board import HARBOUR, HOUSE, MINE, ROAD, SPACE_BY_NAME, TOWN
from rules.valdora.books import visible
from rules.valdora.data import (
    COLOUR_EMOJI,
    CONTRACT_FACES,
    EQUIPMENT_COST,
    EQUIPMENT_NAMES,
    GEM_EMOJI,
    GEM_NAMES,
)
from rules.valdora.movement import MoveOption
from rules.valdora.state import Player, State

SIDE_TITLES = {"left": "Слева", "right": "Справа"}
RETURN_SIGN = "📤"  # a contract given back to the book: its own sign (↩️ is the undo's)


def contract_icons(face: int) -> str:
    """ "🔴 рубин", "⚪ заказ 2 монеты", "⬜ 🔴🔵🟡": the client's colour and what it orders. The coins a grey
    client orders are called «заказ», so that they never read as the price of the contract."""
    contract = CONTRACT_FACES[face]
    icon = COLOUR_EMOJI[contract.client]
    if contract.coins():
        return f"{icon} заказ {coins(contract.coins())}"
    gems = contract.gems()
    if len(gems) == 1:
        return f"{icon} {GEM_NAMES[gems[0]]}"
    return f"{icon} " + "".join(GEM_EMOJI[g] for g in gems)


def held_contract(player: Player, n: int) -> str:
    """The n-th (1-based) contract in hand as icons, with its number when another held one looks the same."""
    icons = contract_icons(player.contracts[n - 1][0])
    alike = sum(1 for card in player.contracts if contract_icons(card[0]) == icons)
    return f"{icons} №{n}" if alike > 1 else icons


def label(state: State, action: str, option: MoveOption | None = None) -> str:
    """A short Russian button text for a legal action."""
    verb, *args = action.split(" ")
    player = state.player() if state.current is not None else None
    if verb == "move":
        dest = " ".join(args)
        opt = option or next((o for o in moves(state) if o.dest == dest), None)
        text = f"➡️ {dest}"
        if opt and opt.spends_provisions:
            text += " 🍞"  # the provisions get spent on the way
        if opt and opt.payees:
            text += f" −{coins(len(opt.payees))}"  # meeting other pawns costs a coin each
        return text
    if verb == "pass":
        return "⏭ Пропустить ход"
    if verb == "flip":
        cost = flip_cost(state)
        way = "вперёд" if args[0] == "next" else "назад"
        return f"📖 Листать {way} ({coins(cost) if cost else 'бесплатно'})"
    if verb == "buy":
        book = state.book_at(player.position)
        face = visible(book)[0 if args[0] == "left" else 1]
        where = SIDE_TITLES[args[0]]
        if book.kind == "contracts":
            return f"🛒 {where}: {contract_icons(face)}"
        if len(args) > 1:  # which card pays the gold
            return f"🛒 {where}: {EQUIPMENT_NAMES[face]} (🟡 {args[1]})"
        return f"🛒 {where}: {EQUIPMENT_NAMES[face]}"
    if verb == "return":
        way = "влево" if args[1] == "left" else "вправо"
        text = f"{RETURN_SIGN} Вернуть {held_contract(player, int(args[0]))} {way}"
        return text if len(text) <= 32 else text.replace(way, "←" if args[1] == "left" else "→")  # a phone row
    if verb == "mine":
        gem, kind_name = args
        kind = KIND_BY_WORD[kind_name]
        text = f"⛏ {gem.capitalize()} → {kind_name}"
        carried = player.equipment.get(kind)
        if carried is not None:  # the gem on the cart or horse goes to the discard; gems as their discs, to fit
            text = f"⛏ {GEM_EMOJI[GEM_BY_WORD[gem]]} → {kind_name} вместо {GEM_EMOJI[carried]}"
        cost = EQUIPMENT_COST[kind]
        if cost:
            text += f" ({coins(cost)})"
        return text
    if verb == "deliver":
        if len(args) == 1:  # a grey contract is delivered by paying what it orders: «📜 Сдать ⚪ за 1 монету»
            ordered = CONTRACT_FACES[player.contracts[int(args[0]) - 1][0]].coins()
            held = held_contract(player, int(args[0]))
            return f"📜 Сдать {held.replace(f' заказ {coins(ordered)}', f' за {coins_acc(ordered)}')}"
        # which equipment gives the gems; a white contract is told by its colour alone, to keep the button short
        held = held_contract(player, int(args[0]))
        if "+" in args[1]:
            held = held.split(" ")[0] + ("" if "№" not in held else " " + held.split(" ")[-1])
        return f"📜 {held} ← {args[1]}"
    if verb == "refill":
        return "💰 Пополнить серебро"
    if verb == "provisions":
        return "🍞 Взять провиант"
    if verb == "end":
        return "✅ Конец хода"
    return action


# --- keyboard groups ---------------------------------------------------------------------------------

FLAT = 10  # this many legal actions fit one phone keyboard; beyond it they go into groups
ROADS_FLAT = 8  # reachable roads beyond this are split into the outer ring and the inner roads
OUTER_ROADS = {f"Д{n}" for n in range(1, 9)}  # the ring of roads between the corner towns
MOVE_GROUPS = {TOWN: "🏘 Города и гавани", HARBOUR: "🏘 Города и гавани", ROAD: "🛤 Дороги",
               HOUSE: "🏠 Дома клиентов", MINE: "🪙 Серебряные шахты"}
STEP_GROUPS = {"deliver": "📜 Сдать контракт", "return": f"{RETURN_SIGN} Вернуть контракт", "buy": "🛒 Купить"}


def menu_paths(state: State) -> dict[str, tuple[str, ...]]:
    """The keyboard group of every legal action (see `rules.protocol.Game.menu_path`): one keyboard while the
    actions fit it; beyond that destinations go by the kind of place (roads split into the outer ring and
    the inner roads when many), mining by the gem, deliveries, returns and paid-for buys each into a group.

    >>> from rules.valdora.state import new_game
    >>> state = new_game(["Аня", "Борис", "Вера"], seed=1, options={"first_seat": 0})
    >>> paths = menu_paths(state)  # 13 destinations from the Port
    >>> paths["move Д9"], paths["move A"], paths["move Ш3"]
    (('🛤 Дороги',), ('🏘 Города и гавани',), ('🪙 Серебряные шахты',))
    >>> state.players[0].provisions = True  # 29 destinations: the 13 roads split in two
    >>> paths = menu_paths(state)
    >>> paths["move Д9"], paths["move Д1"]
    (('🛤 Дороги', 'Д9–Д13'), ('🛤 Дороги', 'Д1–Д8'))
    """
    legal = legal_actions(state)
    if len(legal) <= FLAT:
        return {a: () for a in legal}
    paths: dict[str, tuple[str, ...]] = {}
    roads = [a for a in legal if a.startswith("move ") and SPACE_BY_NAME[a[5:]].kind == ROAD]
    for action in legal:
        verb, *args = action.split(" ")
        if verb == "move":
            dest = " ".join(args)
            path: tuple[str, ...] = (MOVE_GROUPS[SPACE_BY_NAME[dest].kind],)
            if action in roads and len(roads) > ROADS_FLAT:
                path += ("Д1–Д8" if dest in OUTER_ROADS else "Д9–Д13",)
        elif verb == "mine":
            path = (f"⛏ {args[0].capitalize()}",)
        elif verb in STEP_GROUPS and (verb != "buy" or len(args) > 1):
            path = (STEP_GROUPS[verb],)
        else:
            path = ()
        paths[action] = path
    return paths

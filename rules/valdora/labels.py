"""Short Russian button labels for legal actions: a full-width phone button holds about LABEL_LIMIT characters,
and a longer label gets the short words (the gems of a white contract, «мон.» for a price).

A label that concerns a contract says which one in words: its client's colour and what the client orders
(«📜 Сдать красный (рубин)», «🛒 Слева: белый (рубин, сапфир, золото)»), never a row of coloured emoji, and
never just its number in the hand; two alike contracts in a hand get their number too.

>>> from rules.valdora.state import new_game
>>> state = new_game(["Аня", "Борис", "Вера"], seed=1, options={"first_seat": 0})
>>> label(state, "move Д9"), label(state, "move C")
('➡️ Д9', '➡️ C')
"""

from __future__ import annotations

from collections.abc import Callable

from rules.text import coins, coins_acc
from rules.valdora.actions import KIND_BY_WORD, flip_cost, legal_actions, moves
from rules.valdora.board import HARBOUR, HOUSE, MINE, ROAD, SPACE_BY_NAME, TOWN
from rules.valdora.books import visible
from rules.valdora.data import (
    COLOUR_NAMES,
    CONTRACT_FACES,
    EQUIPMENT_COST,
    EQUIPMENT_GEN,
    EQUIPMENT_NAMES,
    GEM_FORMS,
    GEM_NAMES,
)
from rules.valdora.movement import MoveOption
from rules.valdora.state import Player, State

SIDE_TITLES = {"left": "Слева", "right": "Справа"}
LABEL_LIMIT = 42  # characters: a label past this gets the short words
# the gems of a white contract, shortened only when the whole label would not fit a phone button
GEM_SHORT = {"ruby": "рубин", "sapphire": "сапф.", "amethyst": "амет.", "emerald": "изум.", "gold": "зол."}
RETURN_SIGN = "📤"  # a contract given back to the book: its own sign (↩️ is the undo's)


def contract_words(face: int, short: bool = False) -> str:
    """ "красный (рубин)", "серый (заказ 2 монеты)", "белый (рубин, сапфир, золото)": the client's colour and what
    it orders, in words. The coins a grey client orders are called «заказ», so that they never read as the price
    of the contract; `short` shortens the gems of a white contract («белый (рубин, сапф., зол.)»).

    >>> [contract_words(f) for f in (0, 10, 20)]
    ['серый (заказ 1 монета)', 'жёлтый (золото)', 'белый (рубин, сапфир, золото)']
    """
    contract = CONTRACT_FACES[face]
    colour = COLOUR_NAMES[contract.client]
    if contract.coins():
        return f"{colour} (заказ {coins(contract.coins())})"
    names = GEM_SHORT if short else GEM_NAMES
    return f"{colour} ({', '.join(names[g] for g in contract.gems())})"


def held_contract(player: Player, n: int, short: bool = False) -> str:
    """The n-th (1-based) contract in hand in words, with its number when another held one looks the same."""
    words = contract_words(player.contracts[n - 1][0], short)
    alike = sum(1 for card in player.contracts if contract_words(card[0], short) == words)
    return f"{words} №{n}" if alike > 1 else words


def fitted(build: Callable[[bool], str]) -> str:
    """The label `build(short)` makes, with the short words only when the full ones do not fit."""
    text = build(False)
    return text if len(text) <= LABEL_LIMIT else build(True)


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
            return fitted(lambda short: f"🛒 {where}: {contract_words(face, short)}")
        if len(args) > 1:  # which card pays the gold: «(золото с лотка)»
            return f"🛒 {where}: {EQUIPMENT_NAMES[face]} (золото с {EQUIPMENT_GEN[KIND_BY_WORD[args[1]]]})"
        return f"🛒 {where}: {EQUIPMENT_NAMES[face]}"
    if verb == "return":
        way = "влево" if args[1] == "left" else "вправо"
        text = fitted(lambda short: f"{RETURN_SIGN} Вернуть {held_contract(player, int(args[0]), short)} {way}")
        return text if len(text) <= LABEL_LIMIT else text.replace(way, "←" if args[1] == "left" else "→")
    if verb == "mine":
        gem, kind_name = args
        kind = KIND_BY_WORD[kind_name]
        text = f"⛏ {gem.capitalize()} → {kind_name}"
        carried = player.equipment.get(kind)
        if carried is not None:  # the gem on the cart or horse goes to the discard
            text = f"⛏ {gem.capitalize()} → {kind_name} вместо {GEM_FORMS[carried][1]}"
        cost = EQUIPMENT_COST[kind]
        if not cost:
            return text
        return fitted(lambda short: f"{text}, {cost} мон." if short else f"{text} ({coins(cost)})")
    if verb == "deliver":
        number = int(args[0])
        if len(args) == 1:  # a grey contract is delivered by paying what it orders: «📜 Сдать серый за 2 монеты»
            wants = CONTRACT_FACES[player.contracts[number - 1][0]].coins()
            if wants:
                held = held_contract(player, number)
                return f"📜 Сдать {held.replace(f' (заказ {coins(wants)})', f' за {coins_acc(wants)}')}"
            return fitted(lambda short: f"📜 Сдать {held_contract(player, number, short)}")
        if "+" in args[1]:  # several pieces give the gems: the contract by its colour alone, to keep the button short
            held = held_contract(player, number)
            colour = held.split(" (")[0] + (f" №{number}" if "№" in held else "")
            return f"📜 {colour} ← {args[1]}"
        return fitted(lambda short: f"📜 {held_contract(player, number, short)} ← {args[1]}")
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

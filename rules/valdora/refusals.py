"""Why an action is not allowed: friendly Russian explanations, each with the most exact rule section.

Every function here raises RuleError; `explain` looks at the intent and the state and names the first rule
that stands in the way. Every hint names a command the player can send in a group chat (`hints.command`):
`/move Д5`, `/buy левую`, `/end`. The refusals of buying and returning are in `refusals_books.py`.
"""

from __future__ import annotations

from typing import NoReturn

from rules.reasons import gather
from rules.text import coins, coins_acc, count, join_names, typed
from rules.valdora import refusals_books
from rules.valdora.actions import (
    contract_of,
    flip_cost,
    here,
    legal_actions,
    mine_source,
    moves,
    payment_choices,
)
from rules.valdora.board import HOUSE, MINE, ROAD, SPACE_BY_NAME, SPACES, TOWN, at, to
from rules.valdora.data import (
    COLOUR_NAMES_GEN,
    EQUIPMENT_ACC,
    EQUIPMENT_COST,
    EQUIPMENT_GEM,
    EQUIPMENT_GEN,
    EQUIPMENT_NAMES,
    EQUIPMENT_PREP,
    GEM_FORMS,
    GEM_NAMES,
    KIND_ORDER,
    MAX_COINS,
)
from rules.valdora.hints import command, either
from rules.valdora.intent import Intent
from rules.valdora.movement import meeting_payees, routes
from rules.valdora.rule_errors import cap, contracts_count, fail, one_action
from rules.valdora.state import State

BOOK_TOWNS = [s.name for s in SPACES if s.book]
MINES = [s.name for s in SPACES if s.kind == MINE]
HOUSES = [s.name for s in SPACES if s.kind == HOUSE]


def some_moves(state: State, n: int = 2) -> str:
    """ "/move Д1 или /move Д9": a few legal moves of the current player (a roadside first)."""
    dests = [o.dest for o in moves(state)]
    roads = [d for d in dests if SPACE_BY_NAME[d].kind == ROAD]
    shown = (roads[:1] + [d for d in dests if d not in roads[:1]])[:n]
    return either([f"move {d}" for d in shown]) if shown else command("end")


# --- the turn and the move ------------------------------------------------------------------------------


def must_move_first(state: State, kind: str) -> NoReturn:
    if kind == "end":
        fail(f"Закончить ход, не сходив, нельзя: сначала передвиньте фишку, например {some_moves(state)}.",
             "valdora.turn")
    fail("Сначала нужно передвинуть фишку: в начале хода вы обязательно ходите, а действие — потом. "
         f"Например: {some_moves(state)}.", "valdora.turn")


def already_moved(state: State) -> NoReturn:
    fail(f"Вы уже сходили в этот ход (вы {at(state.player().position)}). Теперь одно действие здесь "
         f"или {command('end')}.", "valdora.turn")


def cannot_pass(state: State, legal: list[str]) -> NoReturn:
    fail(f"Пропустить ход нельзя: сходить есть куда, например {some_moves(state)}.", "valdora.movement")


def space_examples(state: State) -> str:
    """ "/move Д9, /move Порт или /move Синий": places the current player may go to now, a road, a town and a
    client's house first (a hint offers only what is allowed now); "/end" when there is nowhere to go."""
    dests = [o.dest for o in moves(state)] if state.phase == "move" else []
    by_kind: dict[str, str] = {}
    for dest in dests:
        by_kind.setdefault(SPACE_BY_NAME[dest].kind, dest)
    shown = list(dict.fromkeys([*by_kind.values(), *dests]))[:3]
    return either([f"move {d}" for d in shown]) if shown else command("end")


def unknown_space(state: State, text: str) -> NoReturn:
    if not text:
        fail(f"Куда идти? Назовите место, как на карте: например {space_examples(state)}.", "valdora.board")
    fail(f"Не знаю места «{typed(text)}». Назовите его как на карте: например {space_examples(state)}.",
         "valdora.board")


def ambiguous_space(text: str, names: list[str]) -> NoReturn:
    fail(f"«{typed(text)}» подходит к нескольким местам: {join_names(names)}. Уточните, например "
         f"{command('move ' + names[0])}.", "valdora.board")


def cannot_move(state: State, dest: str) -> NoReturn:
    """Why the current player may not end the move on `dest`."""
    player = state.player()
    start = player.position
    if dest == start:
        fail(f"Остаться на месте ({start}) нельзя: ход нужно закончить не там, где вы его начали.",
             "valdora.movement")
    gather(lambda: _route_open(state, dest), lambda: _meeting_paid(state, dest))  # every reason at once
    fail(f"Сейчас {to(dest)} пойти нельзя.", "valdora.movement")


def _route_open(state: State, dest: str) -> None:
    """Refuse a destination behind a town the player may not pass."""
    player = state.player()
    route = routes(player.position).get(dest)
    towns = route.towns if route else ()
    if len(towns) == 1 and not player.provisions:
        fail(f"Через город {towns[0]} без провианта не пройти: город останавливает движение.",
             "valdora.movement")
    if len(towns) >= 2:
        listed = join_names(list(towns))
        if player.provisions:
            fail(f"{cap(to(dest))} не дойти: по пути города {listed}, а провианта хватает только на один "
                 "город.", "valdora.provisions")
        fail(f"{cap(to(dest))} не дойти: по пути города {listed}, а город останавливает движение. "
             "Даже с провиантом можно пройти только один город.", "valdora.movement")


def _meeting_paid(state: State, dest: str) -> None:
    """Refuse a destination where the player cannot pay every pawn met there."""
    player = state.player()
    payees = meeting_payees([p.position for p in state.players], state.current, dest)
    if len(payees) > player.coins:
        names = join_names([state.players[s].name for s in payees])
        fail(f"Не хватает монет: встреча {at(dest)} стоит {coins_acc(len(payees))} ({names}), "
             f"а у вас {coins(player.coins)}.", "valdora.meeting")


# --- the action ------------------------------------------------------------------------------------------


def explain(state: State, intent: Intent) -> NoReturn:
    """Name the rule that forbids the intent (after the caller found it is not legal)."""
    {
        "flip": _flip, "buy": refusals_books.buy, "return": refusals_books.give_back, "mine": _mine,
        "deliver": _deliver, "refill": _refill, "provisions": _provisions,
    }[intent.kind](state, intent)
    fail("Так сейчас нельзя.", "valdora.turn")


def _flip(state: State, intent: Intent) -> None:
    player = state.player()
    book = state.book_at(player.position)
    if book is None:
        gather(lambda: fail(f"Листать книгу можно только в городе с книгой ({join_names(BOOK_TOWNS)}), а вы "
                            f"{at(player.position)}.", "valdora.flip"),
               lambda: one_action(state, "flip"))
    gather(lambda: one_action(state, "flip"), lambda: _pages(book, intent), lambda: _flip_paid(state))


def _pages(book, intent: Intent) -> None:
    """Refuse a flip the book has no page for (in that direction)."""
    if not book.left and not book.right:
        fail(f"Книга в городе {book.town} пуста — листать нечего. Провиант здесь взять можно: "
             f"{command('provisions')}.", "valdora.empty-book")
    if intent.direction == "next" and not book.right:
        fail(f"Справа страниц больше нет — листать вперёд некуда. Назад можно: {command('flip back')}.",
             "valdora.flip")
    if intent.direction == "back" and not book.left:
        fail(f"Слева страниц нет — листать назад некуда. Вперёд можно: {command('flip next')}.", "valdora.flip")


def _flip_paid(state: State) -> None:
    cost = flip_cost(state)
    if state.player().coins < cost:
        fail(f"Первое перелистывание за ход бесплатное, а каждое следующее стоит {coins_acc(cost)} — "
             "у вас монет нет.", "valdora.flip")


def kind_refusal(state: State, gem: str, kind: str) -> tuple[str, str] | None:
    """Why `gem` cannot go on `kind` now (a lower-case clause and its rule section), or None if it can."""
    player = state.player()
    if kind not in player.equipment:
        return f"у вас нет {EQUIPMENT_GEN[kind]}", "valdora.equipment"
    wanted = EQUIPMENT_GEM[kind]
    if wanted is not None and wanted != gem:
        return f"{EQUIPMENT_NAMES[kind].lower()} годится только для {GEM_FORMS[wanted][2]}", "valdora.tools"
    if wanted is not None and player.equipment[kind] is not None:
        return (f"на {EQUIPMENT_PREP[kind]} уже лежит {GEM_NAMES[player.equipment[kind]]}, а с инструмента "
                "драгоценность не выбросить — только с телеги или лошади", "valdora.tools")
    cost = EQUIPMENT_COST[kind]
    if player.coins < cost:
        return (f"погрузка на {EQUIPMENT_ACC[kind]} стоит {coins_acc(cost)}, а у вас {coins(player.coins)}",
                "valdora.cart-horse")
    return None


def _mine(state: State, intent: Intent) -> None:
    space = here(state)
    if space.kind != ROAD and not space.ships:
        fail(f"Добывать можно на дороге (Д1–Д13), в гавани (Гавань, Пристань) или в Порту, а вы "
             f"{at(space.name)}.", "valdora.mining")
    one_action(state, "mine")
    harbour = space.kind != ROAD
    section = "valdora.harbour" if harbour else "valdora.mining"
    if harbour and state.turn.mined >= space.ships:
        fail(f"Здесь {count(space.ships, 'корабль', 'корабля', 'кораблей')}, поэтому за ход можно взять "
             f"из сброса только {count(space.ships, 'драгоценность', 'драгоценности', 'драгоценностей')}.",
             "valdora.harbour")
    pile = mine_source(state) or {}
    if harbour and not any(pile.values()):
        fail("Сброс пуст — в гавани пока нечего взять.", "valdora.harbour")
    if not harbour and not any(pile.values()):
        fail(f"{cap(at(space.name))} драгоценностей не осталось.", "valdora.mining")
    if intent.gem is None:  # the examples are moves allowed now, one per gem
        firsts = {a.split(" ")[1]: a for a in reversed(legal_actions(state)) if a.startswith("mine ")}
        hint = f" Например: {either(list(reversed(firsts.values()))[:3])}." if firsts else ""
        fail("Какую драгоценность добыть?" + hint, section)
    if pile.get(intent.gem, 0) <= 0:
        where = "В сбросе" if harbour else cap(at(space.name))
        fail(f"{where} нет {GEM_FORMS[intent.gem][2]}.", section)
    if intent.equipment:
        reason = kind_refusal(state, intent.gem, intent.equipment[0])
        if reason:
            fail(cap(reason[0]) + ".", reason[1])
    kinds = [k for k in _holders(intent.gem) if kind_refusal(state, intent.gem, k)]
    reasons = _no_room(state, intent.gem, kinds)
    sections = {kind_refusal(state, intent.gem, k)[1] for k in kinds}
    fail(f"{cap(GEM_NAMES[intent.gem])} некуда положить: {reasons}.",
         sections.pop() if len(sections) == 1 else "valdora.mining")


def neither(names: list[str]) -> str:
    """A negated list of genitives: "кирки", "ни кирки, ни телеги", "ни кирки, ни телеги, ни лошади"."""
    return names[0] if len(names) == 1 else ", ".join(f"ни {n}" for n in names)


def _no_room(state: State, gem: str, kinds: list[str]) -> str:
    """Why none of `kinds` (each refused by `kind_refusal`) takes `gem`, as one clause per reason:
    «на кирке уже лежит рубин…; у вас нет ни телеги, ни лошади», «у вас нет ни кирки, ни телеги; погрузка на
    лошадь стоит 3 монеты, а у вас 1 монета»."""
    player = state.player()
    missing = [k for k in kinds if k not in player.equipment]
    dear = [k for k in kinds if k in player.equipment and EQUIPMENT_COST[k] > player.coins]
    clauses = [kind_refusal(state, gem, k)[0] for k in kinds if k not in missing and k not in dear]
    if missing:
        clauses.append(f"у вас нет {neither([EQUIPMENT_GEN[k] for k in missing])}")
    if dear:
        loads = [f"на {EQUIPMENT_ACC[k]} — {coins_acc(EQUIPMENT_COST[k])}" for k in dear]
        loads[0] = f"погрузка {loads[0].replace(' — ', ' стоит ', 1)}"
        clauses.append(f"{', '.join(loads)}, а у вас {coins(player.coins)}")
    return "; ".join(clauses)


def only_by_dumping(state: State, gem: str, kinds: list[str]) -> NoReturn:
    """A gem asked for without naming equipment, and only a cart or horse carrying another gem could take it:
    a gem is thrown away only when the player chooses so by name."""
    player = state.player()
    held = [f"на {EQUIPMENT_PREP[k]} {GEM_NAMES[player.equipment[k]]}" for k in kinds]
    choices = [f"{command(f'mine {GEM_NAMES[gem]} {EQUIPMENT_NAMES[k].lower()}')} — "
               f"{GEM_NAMES[player.equipment[k]]} с {EQUIPMENT_GEN[k]} уйдёт в сброс, погрузка стоит "
               f"{coins_acc(EQUIPMENT_COST[k])}" for k in kinds]
    fail(f"Свободного места для {GEM_FORMS[gem][1]} нет ({join_names(held)}). Сам бот драгоценность не "
         "выбрасывает; если хотите выбросить, скажите это явно: " + "; ".join(choices) + ".",
         "valdora.cart-horse")


def _holders(gem: str) -> list[str]:
    """Equipment kinds that can ever carry `gem`: its tool (or the pan), the cart, the horse."""
    return [k for k in KIND_ORDER if EQUIPMENT_GEM[k] in (gem, None)]


def _deliver(state: State, intent: Intent) -> None:
    player = state.player()
    space = here(state)
    if space.kind != HOUSE:
        fail(f"Контракты сдают в доме клиента ({join_names(HOUSES)}), а вы {at(space.name)}.",
             "valdora.deliver")
    one_action(state, "deliver")
    n = len(player.contracts)
    if n == 0:
        fail("У вас нет открытых контрактов, а доставить что-то клиенту можно только по контракту.",
             "valdora.deliver")
    if intent.number is None:
        delivers = [a for a in legal_actions(state) if a.startswith("deliver ")]
        if delivers:  # an example allowed now
            fail(f"Какой контракт сдать? Назовите номер, например {command(delivers[0])}.", "valdora.deliver")
        fail(f"Сдать здесь нечего: ни один из ваших контрактов сейчас не выполнить (сдают контракт "
             f"{COLOUR_NAMES_GEN[space.client]} клиента, имея всё, что он заказывает).", "valdora.deliver")
    if not 1 <= intent.number <= n:
        fail(f"У вас нет контракта номер {intent.number}: открыто {contracts_count(n)}.", "valdora.deliver")
    contract = contract_of(player.contracts[intent.number - 1])
    # every reason at once: the wrong house, and what the contract asks that the player has not got
    gather(lambda: _right_house(intent.number, contract.client, space.client),
           lambda: _contract_paid(state, intent.number, contract))


def _right_house(number: int, client: str, house: str) -> None:
    if client != house:
        fail(f"Контракт {number} — для {COLOUR_NAMES_GEN[client]} клиента, а это дом "
             f"{COLOUR_NAMES_GEN[house]} клиента.", "valdora.contract-types")


def _contract_paid(state: State, number: int, contract) -> None:
    """Refuse a contract whose coins or gems the player has not got."""
    player = state.player()
    if player.coins < contract.coins():
        fail(f"Контракт {number} требует {coins_acc(contract.coins())}, а у вас {coins(player.coins)}.",
             "valdora.grey-contracts")
    if not payment_choices(player, contract):
        carried = list(player.equipment.values())
        missing = []
        for gem in contract.gems():
            if gem in carried:
                carried.remove(gem)
            else:
                missing.append(GEM_FORMS[gem][1])  # genitive: «не хватает рубина и золота»
        fail(f"Для контракта {number} не хватает {join_names(missing)}. Драгоценности должны лежать "
             "на вашем снаряжении.", "valdora.deliver")


def bad_sources(state: State, intent: Intent, options: list[str]) -> NoReturn:
    contract = contract_of(state.player().contracts[intent.number - 1])
    gems = join_names([GEM_NAMES[g] for g in contract.gems()])
    fail(f"Так сдать нельзя: нужно {gems} — по одной драгоценности с карты снаряжения, в этом порядке. "
         f"Можно так: {either(options)}.", "valdora.deliver")


def _refill(state: State, intent: Intent) -> None:
    player = state.player()

    def at_mine() -> None:
        if here(state).kind != MINE:
            fail(f"Пополнить серебро можно только на серебряной шахте ({join_names(MINES)}), а вы "
                 f"{at(player.position)}.", "valdora.silver")

    def room() -> None:
        if player.coins >= MAX_COINS:
            fail(f"У вас уже {coins(MAX_COINS)} — больше не бывает.", "valdora.coins")
        if state.bank <= 0:
            fail("В банке не осталось монет.", "valdora.silver")

    gather(at_mine, lambda: one_action(state, "refill"), room)  # every reason at once


def _provisions(state: State, intent: Intent) -> None:
    player = state.player()

    def in_town() -> None:
        if SPACE_BY_NAME[player.position].kind != TOWN:
            fail(f"Провиант можно взять только в городе, а вы {at(player.position)}.", "valdora.provisions")

    def none_yet() -> None:
        if player.provisions:
            fail("У вас уже есть провиант.", "valdora.provisions")

    gather(in_town, lambda: one_action(state, "provisions"), none_yet)  # every reason at once

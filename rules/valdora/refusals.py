"""Why an action is not allowed: friendly Russian explanations, each with its rule section.

Every function here raises RuleError; `explain` looks at the intent and the state and names the
first rule that stands in the way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from rules.protocol import RuleError
from rules.text import coins, coins_acc, count, join_names, typed
from rules.valdora.actions import (
    STEP_ACTION,
    contract_of,
    flip_cost,
    gold_sources,
    here,
    mine_source,
    payment_choices,
)
from rules.valdora.board import HOUSE, MINE, ROAD, SPACE_BY_NAME, SPACES, TOWN, at
from rules.valdora.books import visible
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
    MAX_CONTRACTS,
)
from rules.valdora.movement import meeting_payees, routes
from rules.valdora.state import State

if TYPE_CHECKING:
    from rules.valdora.notation import Intent

BOOK_TOWNS = [s.name for s in SPACES if s.book]
CONTRACT_TOWNS = [s.name for s in SPACES if s.book == "contracts"]
MINES = [s.name for s in SPACES if s.kind == MINE]
HOUSES = [s.name for s in SPACES if s.kind == HOUSE]
DONE = {  # what the player already did this turn, for the one-action rule
    "buy": "В этот ход вы уже листали книгу или покупали",
    "mine": "В этот ход вы уже добывали драгоценности",
    "deliver": "В этот ход вы уже сдавали контракты",
    "refill": "В этот ход вы уже пополнили серебро",
    "provisions": "В этот ход вы уже взяли провиант",
}
ACTION_NAMES = {"buy": "покупка", "mine": "добыча", "deliver": "сдача контрактов"}


def fail(message: str, section: str) -> NoReturn:
    raise RuleError(message, section)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def contracts_count(n: int) -> str:
    return count(n, "контракт", "контракта", "контрактов")


def examples(state: State, legal: list[str]) -> str:
    """A hint listing what can be typed now."""
    if state.phase == "move":
        return "Сейчас нужно сходить: например «д5», «иду порт» или «move Д9»."
    shown = ", ".join(f"«{a}»" for a in legal[:4])
    return f"Сейчас можно: {shown}."


def must_move_first(state: State, kind: str) -> NoReturn:
    if kind == "end":
        fail("Закончить ход, не сходив, нельзя: сначала передвиньте фишку.", "valdora.turn")
    fail("Сначала нужно передвинуть фишку: в начале хода вы обязательно ходите, а действие — потом.",
         "valdora.turn")


def already_moved(state: State) -> NoReturn:
    fail(f"Вы уже сходили в этот ход (вы {at(state.player().position)}). Теперь одно действие здесь "
         "или «конец».", "valdora.turn")


def cannot_pass(state: State, legal: list[str]) -> NoReturn:
    first = legal[0].split(" ", 1)[1] if legal and legal[0].startswith("move ") else "другое место"
    fail(f"Пропустить ход нельзя: сходить есть куда, например: {first}.", "valdora.movement")


def unknown_space(text: str) -> NoReturn:
    if not text:
        fail("Куда идти? Назовите место, например «д5», «порт» или «фиолетовый».", "valdora.movement")
    fail(f"Не знаю места «{typed(text)}». Назовите его как на карте: например Д5, Порт, Гавань или Фиолетовый.",
         "valdora.movement")


def ambiguous_space(text: str, names: list[str]) -> NoReturn:
    fail(f"«{typed(text)}» подходит к нескольким местам: {join_names(names)}. Уточните, пожалуйста.",
         "valdora.movement")


def cannot_move(state: State, dest: str) -> NoReturn:
    """Why the current player may not end the move on `dest`."""
    player = state.player()
    start = player.position
    if dest == start:
        fail(f"Остаться на месте ({start}) нельзя: ход нужно закончить не там, где вы его начали.",
             "valdora.movement")
    route = routes(start).get(dest)
    towns = route.towns if route else ()
    if len(towns) == 1 and not player.provisions:
        fail(f"Через город {towns[0]} без провианта не пройти: город останавливает движение.",
             "valdora.movement")
    if len(towns) >= 2:
        listed = join_names(list(towns))
        if player.provisions:
            fail(f"До места {dest} не дойти: по пути города {listed}, а провианта хватает только на один "
                 "город.", "valdora.provisions")
        fail(f"До места {dest} не дойти: по пути города {listed}, а город останавливает движение. "
             "Даже с провиантом можно пройти только один город.", "valdora.movement")
    payees = meeting_payees([p.position for p in state.players], state.current, dest)
    if len(payees) > player.coins:
        names = join_names([state.players[s].name for s in payees])
        fail(f"Не хватает монет: встреча {at(dest)} стоит {coins_acc(len(payees))} ({names}), "
             f"а у вас {coins(player.coins)}.", "valdora.meeting")
    fail(f"Сейчас сюда ({dest}) пойти нельзя.", "valdora.movement")


def one_action(state: State, wanted: str) -> None:
    """Refuse a step that does not belong to the action already begun this turn."""
    done = state.turn.action
    if done is not None and done != STEP_ACTION[wanted]:
        fail(f"{DONE[done]}, а действие за ход только одно. Можно продолжить его или закончить ход «конец».",
             "valdora.one-action")


def explain(state: State, intent: Intent) -> NoReturn:
    """Name the rule that forbids the intent (after the caller found it is not legal)."""
    {
        "flip": _flip, "buy": _buy, "return": _return, "mine": _mine, "deliver": _deliver,
        "refill": _refill, "provisions": _provisions,
    }[intent.kind](state, intent)
    fail("Так сейчас нельзя.", "valdora.turn")


def _flip(state: State, intent: Intent) -> None:
    player = state.player()
    book = state.book_at(player.position)
    if book is None:
        fail(f"Листать книгу можно только в городе с книгой ({join_names(BOOK_TOWNS)}), а вы "
             f"{at(player.position)}.", "valdora.flip")
    one_action(state, "flip")
    if intent.direction == "next" and not book.right:
        fail("Справа страниц больше нет — листать вперёд некуда.", "valdora.flip")
    if intent.direction == "back" and not book.left:
        fail("Слева страниц нет — листать назад некуда.", "valdora.flip")
    cost = flip_cost(state)
    if player.coins < cost:
        fail(f"Первое перелистывание за ход бесплатное, а каждое следующее стоит {coins_acc(cost)} — "
             "у вас монет нет.", "valdora.flip")


def _buy(state: State, intent: Intent) -> None:
    player = state.player()
    book = state.book_at(player.position)
    if book is None:
        fail(f"Покупать можно только в городе с книгой ({join_names(BOOK_TOWNS)}), а вы "
             f"{at(player.position)}.", "valdora.buy")
    one_action(state, "buy")
    if intent.side is None:
        fail("Какую страницу купить? Скажите «купить слева» или «купить справа».", "valdora.buy")
    face = visible(book)[0 if intent.side == "left" else 1]
    if face is None:
        where = "Слева" if intent.side == "left" else "Справа"
        fail(f"{where} в книге нет страницы — покупать нечего.", "valdora.buy")
    if book.kind == "equipment":
        if face in player.equipment:
            fail(f"У вас уже есть {EQUIPMENT_NAMES[face].lower()}: каждого вида снаряжения можно иметь "
                 "только одно.", "valdora.equipment")
        sources = gold_sources(player)
        if not sources:
            fail("Снаряжение стоит 1 золото, а на вашем снаряжении золота нет. Сначала добудьте золото "
                 "(например, лотком на дороге).", "valdora.equipment")
        if intent.equipment:
            kind = intent.equipment[0]
            if kind not in player.equipment:
                fail(f"У вас нет {EQUIPMENT_GEN[kind]}.", "valdora.equipment")
            fail(f"На {EQUIPMENT_PREP[kind]} нет золота, а снаряжение оплачивают золотом.",
                 "valdora.equipment")
        return
    if len(player.contracts) >= MAX_CONTRACTS:
        fail(f"У вас уже {contracts_count(len(player.contracts))} — больше трёх не бывает. Сначала верните "
             "один в эту книгу, например «вернуть 1 влево».", "valdora.contracts")
    if player.coins < 1:
        fail("Контракт стоит 1 монету, а у вас монет нет.", "valdora.contracts")


def _return(state: State, intent: Intent) -> None:
    player = state.player()
    book = state.book_at(player.position)
    if book is None or book.kind != "contracts":
        fail(f"Вернуть контракт можно только в книгу контрактов ({join_names(CONTRACT_TOWNS)}), а вы "
             f"{at(player.position)}.", "valdora.contracts")
    one_action(state, "return")
    n = len(player.contracts)
    if n < MAX_CONTRACTS:
        fail(f"Возвращают контракт, только чтобы освободить место для нового, когда их уже три, а у вас "
             f"{contracts_count(n)}.", "valdora.contracts")
    if intent.number is None or not 1 <= intent.number <= n:
        which = f"номер {intent.number}" if intent.number is not None else "с таким номером"
        fail(f"У вас нет контракта {which}: откройте номер от 1 до {n}, например «вернуть 1 влево».",
             "valdora.contracts")
    if intent.side is None:
        fail("На какую сторону книги вернуть контракт? Скажите «влево» или «вправо».", "valdora.contracts")


def kind_refusal(state: State, gem: str, kind: str) -> str | None:
    """Why `gem` cannot go on `kind` now (a lower-case clause), or None if it can."""
    player = state.player()
    if kind not in player.equipment:
        return f"у вас нет {EQUIPMENT_GEN[kind]}"
    wanted = EQUIPMENT_GEM[kind]
    if wanted is not None and wanted != gem:
        return f"{EQUIPMENT_NAMES[kind].lower()} годится только для {GEM_FORMS[wanted][2]}"
    if kind in state.turn.loaded:
        return f"на {EQUIPMENT_ACC[kind]} в этот ход уже положили драгоценность (одна за ход)"
    if wanted is not None and player.equipment[kind] is not None:
        return (f"на {EQUIPMENT_PREP[kind]} уже лежит {GEM_NAMES[player.equipment[kind]]}, а с инструмента "
                "драгоценность не выбросить — только с телеги или лошади")
    cost = EQUIPMENT_COST[kind]
    if player.coins < cost:
        return f"погрузка на {EQUIPMENT_ACC[kind]} стоит {coins_acc(cost)}, а у вас {coins(player.coins)}"
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
    if intent.gem is None:
        fail("Какую драгоценность добыть? Например: «добыть рубин» или «mine золото лоток».", section)
    if pile.get(intent.gem, 0) <= 0:
        where = "В сбросе" if harbour else cap(at(space.name))
        fail(f"{where} нет {GEM_FORMS[intent.gem][2]}.", section)
    if intent.equipment:
        reason = kind_refusal(state, intent.gem, intent.equipment[0])
        if reason:
            fail(reason[0].upper() + reason[1:] + ".", "valdora.mining")
    reasons = [r for k in _holders(intent.gem) if (r := kind_refusal(state, intent.gem, k))]
    name = GEM_NAMES[intent.gem]
    fail(f"{name.capitalize()} некуда положить: " + "; ".join(reasons) + ".", "valdora.mining")


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
        fail("Какой контракт сдать? Назовите номер, например «сдать 1».", "valdora.deliver")
    if not 1 <= intent.number <= n:
        fail(f"У вас нет контракта номер {intent.number}: открыто {contracts_count(n)}.", "valdora.deliver")
    contract = contract_of(player.contracts[intent.number - 1])
    if contract.client != space.client:
        fail(f"Контракт {intent.number} — для {COLOUR_NAMES_GEN[contract.client]} клиента, а это дом "
             f"{COLOUR_NAMES_GEN[space.client]} клиента.", "valdora.deliver")
    if player.coins < contract.coins():
        fail(f"Контракт {intent.number} требует {coins_acc(contract.coins())}, "
             f"а у вас {coins(player.coins)}.",
             "valdora.deliver")
    if not payment_choices(player, contract):
        carried = list(player.equipment.values())
        missing = []
        for gem in contract.gems():
            if gem in carried:
                carried.remove(gem)
            else:
                missing.append(GEM_NAMES[gem])
        fail(f"Для контракта {intent.number} не хватает: {', '.join(missing)}. Драгоценности должны лежать "
             "на вашем снаряжении.", "valdora.deliver")


def bad_sources(state: State, intent: Intent, options: list[str]) -> NoReturn:
    contract = contract_of(state.player().contracts[intent.number - 1])
    gems = " + ".join(GEM_NAMES[g] for g in contract.gems())
    choices = ", ".join(f"«{a}»" for a in options)
    fail(f"Так сдать нельзя: нужно {gems}, по одной драгоценности с карты снаряжения в этом порядке. "
         f"Можно так: {choices}.", "valdora.deliver")


def _refill(state: State, intent: Intent) -> None:
    player = state.player()
    if here(state).kind != MINE:
        fail(f"Пополнить серебро можно только на серебряной шахте ({join_names(MINES)}), а вы "
             f"{at(player.position)}.", "valdora.silver")
    one_action(state, "refill")
    if player.coins >= MAX_COINS:
        fail(f"У вас уже {coins(MAX_COINS)} — больше не бывает.", "valdora.silver")
    if state.bank <= 0:
        fail("В банке не осталось монет.", "valdora.silver")


def _provisions(state: State, intent: Intent) -> None:
    player = state.player()
    if SPACE_BY_NAME[player.position].kind != TOWN:
        fail(f"Провиант можно взять только в городе, а вы {at(player.position)}.", "valdora.provisions")
    one_action(state, "provisions")
    if player.provisions:
        fail("У вас уже есть провиант.", "valdora.provisions")


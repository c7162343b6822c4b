"""Why a buy or a return is not allowed (the towns with books), each with the most exact rule section.

A buy that names a kind of card («купить контракт», «купить снаряжение», «/buy долото», «/buy красный») is
checked against the book of the town: a buy of the wrong kind is refused by the rule, never made as a buy of
the other kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NoReturn

from rules.reasons import gather
from rules.text import coins, coins_acc, join_names
from rules.valdora.actions import gold_sources, legal_actions
from rules.valdora.board import SPACES, at
from rules.valdora.books import visible
from rules.valdora.data import (
    COLOUR_NAMES_GEN,
    CONTRACT_FACES,
    CONTRACT_PRICE,
    EQUIPMENT_ACC,
    EQUIPMENT_GEN,
    EQUIPMENT_NAMES,
    EQUIPMENT_PREP,
    MAX_CONTRACTS,
)
from rules.valdora.hints import command, either
from rules.valdora.intent import Intent
from rules.valdora.rule_errors import contracts_count, fail, one_action
from rules.valdora.state import State

BOOK_TOWNS = [s.name for s in SPACES if s.book]
TOWNS_OF = {kind: [s.name for s in SPACES if s.book == kind] for kind in ("equipment", "contracts")}
BOOK_NAMES = {"equipment": "каталог снаряжения", "contracts": "книга контрактов"}
SOLD = {"equipment": "снаряжение", "contracts": "контракты"}  # what a book sells, nominative
SIDE_WHERE = {"left": "Слева", "right": "Справа"}
PAGE_NAMES = {"left": "левая", "right": "правая"}  # nominative: «открыта левая страница»


def _card_name(kind: str | None, client: str | None) -> str:
    """The card a buy named, in the genitive: "долота", "контракта красного клиента"."""
    return EQUIPMENT_GEN[kind] if kind else f"контракта {COLOUR_NAMES_GEN[client]} клиента"


def _pages(state: State) -> str:
    """What the open pages show: "слева Телега, справа Кирка"."""
    book = state.book_at(state.player().position)
    shown = []
    for side, face in zip(("слева", "справа"), visible(book), strict=True):
        if face is None:
            continue
        if book.kind == "equipment":
            shown.append(f"{side} {EQUIPMENT_NAMES[face].lower()}")
        else:
            contract = CONTRACT_FACES[face]
            shown.append(f"{side} контракт {COLOUR_NAMES_GEN[contract.client]} клиента")
    return join_names(shown) if shown else "открытых страниц нет"


def wrong_book(state: State, named: str) -> NoReturn:
    """A buy named a kind of card that this town's book does not sell."""
    book = state.book_at(state.player().position)
    towns = " и ".join(TOWNS_OF[named])
    fail(f"В городе {book.town} — {BOOK_NAMES[book.kind]}: здесь продают только {SOLD[book.kind]}, а "
         f"{SOLD[named]} — в городах {towns}.", "valdora.buy")


def not_visible(state: State, kind: str | None, client: str | None) -> NoReturn:
    book = state.book_at(state.player().position)
    flips = [a for a, stack in (("flip next", book.right), ("flip back", book.left)) if stack]
    hint = f" Полистайте книгу: {either(flips)}." if flips else ""
    fail(f"На открытых страницах нет {_card_name(kind, client)}: {_pages(state)}. Купить можно только открытую "
         f"страницу.{hint}", "valdora.buy")


def not_on_side(state: State, side: str, kind: str | None, client: str | None) -> NoReturn:
    page = "левой" if side == "left" else "правой"
    fail(f"На {page} странице нет {_card_name(kind, client)}: {_pages(state)}.", "valdora.buy")


def on_both_sides(state: State, kind: str | None, client: str | None) -> NoReturn:
    what = EQUIPMENT_NAMES[kind].lower() if kind else f"контракт {COLOUR_NAMES_GEN[client]} клиента"
    fail(f"И слева, и справа {what}. Какую страницу купить: {either(['buy left', 'buy right'])}?", "valdora.buy")


def buy(state: State, intent: Intent) -> None:
    """Why the buy is refused (the caller found it is not legal)."""
    player = state.player()
    book = state.book_at(player.position)
    if book is None:
        fail(f"Покупать можно только в городе с книгой ({join_names(BOOK_TOWNS)}), а вы "
             f"{at(player.position)}.", "valdora.buy")
    one_action(state, "buy")
    if not book.left and not book.right:
        fail(f"Книга в городе {book.town} пуста — купить здесь нечего. Провиант взять можно: "
             f"{command('provisions')}.", "valdora.empty-book")
    buyable = [side for side in ("left", "right") if _may_buy(state, side)]
    if intent.side is None:
        if buyable:  # a hint offers only what is allowed now
            fail(f"Какую страницу купить? {either([f'buy {side}' for side in buyable])}.", "valdora.buy")
        sides = [side for side, face in zip(("left", "right"), visible(book), strict=True) if face is not None]
        gather(*(lambda side=side: buy(state, replace(intent, side=side)) for side in sides))
    face = visible(book)[0 if intent.side == "left" else 1]
    if face is None:
        other = "right" if intent.side == "left" else "left"
        offer = f": {command('buy ' + other)}" if other in buyable else ", но и её сейчас не купить"
        fail(f"{SIDE_WHERE[intent.side]} в книге нет страницы — покупать нечего. Открыта "
             f"{PAGE_NAMES[other]} страница{offer}.", "valdora.buy")
    if book.kind == "equipment":
        _buy_equipment(state, intent, face)
    else:
        _buy_contract(state)


def _may_buy(state: State, side: str) -> bool:
    """Whether some purchase of this page is allowed now (with any way of paying)."""
    return any(a == f"buy {side}" or a.startswith(f"buy {side} ") for a in legal_actions(state))


def _buy_equipment(state: State, intent: Intent, face: str) -> None:
    player = state.player()
    if face in player.equipment:
        fail(f"У вас уже есть {EQUIPMENT_NAMES[face].lower()}: каждого вида снаряжения можно иметь только одно.",
             "valdora.equipment")
    if not gold_sources(player):
        fail(f"Снаряжение стоит 1 золото, а на вашем снаряжении золота нет: купить {EQUIPMENT_ACC[face]} не на "
             "что. Сначала добудьте золото (например, лотком на дороге).", "valdora.equipment")
    if intent.equipment:
        kind = intent.equipment[0]
        if kind not in player.equipment:
            fail(f"У вас нет {EQUIPMENT_GEN[kind]}.", "valdora.equipment")
        fail(f"На {EQUIPMENT_PREP[kind]} нет золота, а снаряжение оплачивают золотом.", "valdora.equipment")


def _buy_contract(state: State) -> None:
    """Every reason at once (three contracts held, no coin); a return is suggested only when it is allowed,
    that is with the coin for the new contract (see `actions.return_actions`)."""
    player = state.player()
    full = len(player.contracts) >= MAX_CONTRACTS
    poor = player.coins < CONTRACT_PRICE
    if full and not poor:
        fail(f"У вас уже {contracts_count(len(player.contracts))} — больше трёх не бывает. Чтобы купить новый, "
             f"сначала верните один в эту книгу, например {command('return 1 left')}.", "valdora.contracts")
    if full:
        fail(f"У вас уже {contracts_count(len(player.contracts))} — больше трёх не бывает, и новый купить не на "
             f"что: контракт стоит {coins_acc(CONTRACT_PRICE)}, а у вас монет нет. Вернуть контракт можно, "
             "только чтобы купить вместо него новый.", "valdora.contracts")
    if poor:
        fail(f"Контракт стоит {coins_acc(CONTRACT_PRICE)}, а у вас монет нет.", "valdora.contracts")


def give_back(state: State, intent: Intent) -> None:
    """Why returning a contract is refused (rulebook: only in a contract town, only to make room for a new
    contract, so with three held and a coin to buy the new one)."""
    player = state.player()
    book = state.book_at(player.position)
    if book is None or book.kind != "contracts":
        fail(f"Вернуть контракт можно только в книгу контрактов ({join_names(TOWNS_OF['contracts'])}), а вы "
             f"{at(player.position)}.", "valdora.return")
    one_action(state, "return")
    n = len(player.contracts)
    if n < MAX_CONTRACTS:
        fail(f"Контракт возвращают, только чтобы освободить место для нового, когда их уже три, а у вас "
             f"{contracts_count(n)}.", "valdora.return")
    if player.coins < CONTRACT_PRICE:
        fail(f"Контракт возвращают, только чтобы купить вместо него новый, а новый стоит {coins_acc(CONTRACT_PRICE)}"
             f" — у вас {coins(player.coins)}.", "valdora.return")
    if intent.number is None:
        fail(f"Какой контракт вернуть? Назовите номер от 1 до {n}, например {command('return 1 left')}.",
             "valdora.return")
    if not 1 <= intent.number <= n:
        fail(f"У вас нет контракта номер {intent.number}: назовите номер от 1 до {n}, например "
             f"{command('return 1 left')}.", "valdora.return")
    if intent.side is None:
        fail(f"На какую сторону книги вернуть контракт? "
             f"{either([f'return {intent.number} left', f'return {intent.number} right'])}.", "valdora.return")

"""What a move costs in Валдора, worked out from the game's own prices (`rules.valdora.data`) in players' words:
flips past the first, contracts and equipment bought, gems loaded on the cart and the horse, the pawns met where one
stops, the silver mine's refill; what is left of a player's coins. The other games charge nothing."""

from __future__ import annotations

import re

import pytest

from bot.lookup.answers import question_reply
from bot.lookup.rulebook import RuleBook
from bot.lookup.worked import worked
from rules.valdora.data import CONTRACT_PRICE, EQUIPMENT_COST, EQUIPMENT_PRICE_GOLD, FLIP_PRICE, MAX_COINS

CART, HORSE = EQUIPMENT_COST["cart"], EQUIPMENT_COST["horse"]


def paid(question: str) -> int:
    answer = worked("valdora", question)
    assert answer is not None, question
    found = re.search(r"<b>\D*(\d+)", answer.text)
    assert found, answer.text
    return int(found.group(1))


COSTS = [
    ("листнул книгу 3 раза, потом купил контракт — сколько монет заплатил?", 2 * FLIP_PRICE + CONTRACT_PRICE),
    ("пролистал 4 страницы, сколько это стоит", 3 * FLIP_PRICE),
    ("купил 2 контракта, сколько серебра отдам", 2 * CONTRACT_PRICE),
    ("положил рубин на лошадь и сапфир на телегу, сколько монет уйдёт", CART + HORSE),
    ("дважды гружу камни на телегу за ход, сколько денег потрачу", 2 * CART),
    ("почём погрузить 2 камня на лошадь", 2 * HORSE),
    ("у меня 4 монеты, остановился в городе, где стоят две чужие фишки. сколько у меня останется", 4 - 2),
    ("встаю на дорогу, где стоят трое соперников, сколько надо заплатить", 3),
    ("на шахте стоят двое, я туда встаю, сколько платить", 0),
    ("у меня 3 монеты, на шахте сколько доберу", MAX_COINS - 3),
]


@pytest.mark.parametrize(("question", "expected"), COSTS)
def test_costs_by_the_games_prices(question: str, expected: int) -> None:
    assert paid(question) == expected


def test_equipment_is_paid_in_gold_not_coins() -> None:
    text = worked("valdora", "купил кирку и телегу, сколько это стоит").text
    assert f"<b>{2 * EQUIPMENT_PRICE_GOLD} золота</b>" in text and "не за монеты" in text


def test_too_few_coins_to_pay_everyone_met() -> None:
    text = worked("valdora", "у меня 1 монета, хочу встать где стоят три чужие фишки, сколько останется").text
    assert text.startswith("<b>Не хватает</b>") and "нельзя" in text


@pytest.mark.parametrize(("question", "section"), [
    ("перелистнул 6 страниц, сколько монет отдал", "valdora.flip"),
    ("гружу один камень на телегу, сколько серебра уйдёт", "valdora.cart-horse"),
    ("у меня 2 монеты, встаю где одна чужая фишка, сколько останется", "valdora.meeting"),
])
def test_the_cost_leads_with_its_section(question: str, section: str) -> None:
    book = RuleBook.load()
    reply = question_reply(book, question, "valdora")
    shown = re.search(r"📖 <b>(.+?)</b>", reply.text)
    assert reply.text.startswith("<b>") and shown and shown.group(1) == book.section(section).title


@pytest.mark.parametrize(("game", "question"), [
    ("valdora", "сколько монет стоит листнуть книгу"),  # no count given: the section answers
    ("valdora", "у меня одна монетка, на дороге стоят двое. могу там остановиться?"),  # a yes/no question
    ("kingdom", "сколько стоит поставить 3 домика"),
    ("sylvan", "сколько стоит поставить 2 флага"),
])
def test_no_cost_without_counts_or_in_games_without_prices(game: str, question: str) -> None:
    answer = worked(game, question)
    assert answer is None or "монет" not in answer.text


@pytest.mark.parametrize(("question", "start"), [
    ("зашёл на шахту с 2 монетами, сколько серебра нафармлю?", "<b>4 монеты из банка</b>"),  # «с 2 монетами»: held
    ("я вот на дорогу встал где три чужих фишки, у меня было 5 монет, сколько осталось?", "<b>Останется 2 монеты</b>"),
])
def test_what_a_player_holds_and_has_left(question: str, start: str) -> None:
    assert worked("valdora", question).text.startswith(start)

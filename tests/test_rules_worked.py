"""Worked answers (bot/lookup/worked): sums by the games' own scoring functions and set-up counts from their data,
asked in players' words; what is missing is asked for; plain questions with numbers stay section answers."""

from __future__ import annotations

import re

import pytest

from bot.lookup.answers import question_reply
from bot.lookup.rulebook import RuleBook
from bot.lookup.worked import worked
from rules.kingdom import scoring as kb
from rules.kingdom.data import SETTLEMENTS
from rules.sylvan import scoring as sy
from rules.sylvan.data import FLAGS_PER_PLAYER, HAND_SIZE, playable_spots
from rules.valdora import scoring as vd
from rules.valdora.data import COINS_TOTAL, WORKSHOP_BY_COLOUR, masters_for, start_coins


def first_number(game: str, question: str) -> int:
    """The bold result of a worked answer (the first number in bold)."""
    answer = worked(game, question)
    assert answer is not None, question
    return int(re.search(r"<b>\D*(\d+)", answer.text).group(1))


KINGDOM_SUMS = [
    ("шахтёры: 7 поселений у гор — сколько золота?", kb.gold_for("miners", 7)),
    ("шахтеры семь поселений возле гор сколько получу", kb.gold_for("miners", 7)),
    ("рыбаки, у воды 6 поселений, сколько золота", kb.gold_for("fishermen", 6)),
    ("рыбаки: шесть домиков у реки - скока золота", kb.gold_for("fishermen", 6)),
    ("отшельники: мои поселения в 5 отдельных областях — сколько?", kb.gold_for("hermits", 5)),
    ("сколько золота дадут отшельники за пять отдельных групп", kb.gold_for("hermits", 5)),
    ("рабочие: 4 поселения рядом с локациями и замками, сколько золота", kb.gold_for("workers", 4)),
    ("работники 9 поселений сколько золота", kb.gold_for("workers", 9)),
    ("первооткрыватели: поселения в 11 рядах, сколько золота", kb.gold_for("discoverers", 11)),
    ("исследователи, мои поселения в двенадцати рядах сколько получу", kb.gold_for("discoverers", 12)),
    ("рыцари, в лучшем ряду 5 поселений - сколько", kb.gold_for("knights", 5)),
    ("рыцыри 5 поселений в одном ряду сколько золота", kb.gold_for("knights", 5)),
    ("горожане: самая большая группа 15 поселений, сколько золота", 7),  # the rulebook's own example
    ("граждане группа из девяти поселений сколько золота", kb.gold_for("citizens", 9)),
    ("фермеры: в самом слабом секторе 4 поселения, сколько золота", kb.gold_for("farmers", 4)),
    ("фермеры четыре поселения в худшем секторе сколько получу", kb.gold_for("farmers", 4)),
    ("купцы: одна группа связывает 3 объекта, сколько золота", 12),  # the rulebook's own example
    ("торговцы связал 2 замка и локацию, 3 объекта всего, сколько золота", kb.gold_for("merchants", 3)),
    ("у меня поселения у 2 замков сколько золота", kb.castles_gold(2)),
    ("замки: рядом с тремя замками мои поселения, сколько золота", kb.castles_gold(3)),
    ("лорды: я первый в двух секторах и второй в одном, сколько золота?", 2 * kb.lord_gold(1) + kb.lord_gold(2)),
    ("лорды больше всех в 3 секторах, сколько золота", 3 * kb.lord_gold(1)),
]


@pytest.mark.parametrize(("question", "expected"), KINGDOM_SUMS)
def test_kingdom_sums(question: str, expected: int) -> None:
    assert first_number("kingdom", question) == expected


VALDORA_SUMS = [
    ("у меня сданы контракты на 4 и 10, мастера двух цветов, мастерская — сколько всего?",
     vd.contracts_points([4, 10]) + vd.masters_points(2) + max(w.points for w in WORKSHOP_BY_COLOUR.values())),
    ("сдал контракты на 5, 6 и 3 сколько очков", vd.contracts_points([5, 6, 3])),
    ("3 контракта по 5 очков — сколько всего", vd.contracts_points([5, 5, 5])),
    ("мастера трёх цветов сколько очков", vd.masters_points(3)),
    ("серые и жёлтые мастера сколько очков дают", vd.masters_points(2)),
    ("у меня мастера всех цветов, сколько очков", vd.masters_points(7)),
    ("синяя мастерская сколько очков", vd.workshops_points(["blue"])),
    ("серая и белая мастерские сколько очков", vd.workshops_points(["grey", "white"])),
    ("сколько очков за 3 бонуса", vd.bonuses_points(3)),
    ("бонусных карт две, скока очков", vd.bonuses_points(2)),
    ("5 камней на снаряжении в конце сколько очков", vd.gems_points(5)),
    ("сколько очков дают семь драгоценностей на снаряжении", vd.gems_points(7)),
    ("сколько очков дают 4 монеты в конце", 0),
    ("серые и жёлтые мастера, синяя мастерская, 3 контракта по 5 очков — сколько всего",
     vd.masters_points(2) + vd.workshops_points(["blue"]) + vd.contracts_points([5, 5, 5])),
]


@pytest.mark.parametrize(("question", "expected"), VALDORA_SUMS)
def test_valdora_sums(question: str, expected: int) -> None:
    assert first_number("valdora", question) == expected


def test_a_workshop_of_no_colour_gives_every_case() -> None:
    text = worked("valdora", "мастерская сколько очков даёт").text
    for points in {w.points for w in WORKSHOP_BY_COLOUR.values()}:
        assert str(points) in text
    assert "оценка" in text  # the data marks the workshops' points as our estimate


SYLVAN_SUMS = [
    ("мост между деревьями высотой 4 и 3 с преимуществом сколько славы", 7),  # the rulebook's own example
    ("мост на деревья 5 и 2, преимущество на обоих, сколько очков", sy.heights_fame([5, 2])),
    ("превосходство в области из 4 деревьев сколько очков", 8),  # the rulebook's own example
    ("область из пяти деревьев, ничья, сколько славы каждому", sy.region_fame(5, 2)),
    ("дерево из основания и 4 жилищ с преимуществом сколько славы", 5),  # the rulebook's own example
    ("преимущество на деревьях высотой 4, 3 и 2 — сколько очков", sy.tree_fame(4) + sy.tree_fame(3) + sy.tree_fame(2)),
    ("поставил 3 флага сколько очков", sy.flags_fame(3)),
    ("сколько славы за два флага", sy.flags_fame(2)),
    ("сколько очков за два раунда даст дерево высотой 5 с преимуществом", 2 * sy.tree_fame(5)),
]


@pytest.mark.parametrize(("question", "expected"), SYLVAN_SUMS)
def test_sylvan_sums(question: str, expected: int) -> None:
    assert first_number("sylvan", question) == expected


def test_a_bridge_without_the_advantage_named_gives_every_case() -> None:
    text = worked("sylvan", "мост между деревьями 4 и 3 сколько очков").text
    for value in (sy.heights_fame([4, 3]), sy.heights_fame([4]), sy.heights_fame([3]), sy.heights_fame([])):
        assert str(value) in text


@pytest.mark.parametrize(("game", "question", "asked"), [
    ("kingdom", "сколько золота за шахтёров?", "Сколько поселений у гор?"),
    ("kingdom", "сколько золота дают лорды", "В скольких секторах"),
    ("kingdom", "сколько золота за замки", "Сколько замков"),
    ("valdora", "сколько очков за бонусы", "Сколько у вас бонусных карт?"),
    ("valdora", "у меня 5 мастеров, сколько очков", "Сколько разных цветов"),
    ("valdora", "сдал 3 контракта сколько очков", "Сколько очков на ваших сданных контрактах (их 3)?"),
    ("sylvan", "сколько славы за флаги", "Сколько флагов на жилищах?"),
    ("sylvan", "сколько очков за превосходство в области", "Сколько деревьев в области?"),
])
def test_a_missing_number_is_asked_for(game: str, question: str, asked: str) -> None:
    text = worked(game, question).text
    assert asked in text and "Напишите" in text and "<b>" not in text


@pytest.mark.parametrize(("game", "question"), [
    ("valdora", "сколько монет стоит листнуть книгу"),
    ("valdora", "игра на 3"),
    ("kingdom", "игра на 3"),
    ("kingdom", "сколько поселений строить за ход"),
    ("valdora", "можно ли держать 7 монет"),
    ("valdora", "сколько контрактов можно держать"),
    ("sylvan", "что делает топор"),
    ("sylvan", "можно ли поставить 2 флага за ход"),
    ("kingdom", "что даёт гавань"),
    ("kingdom", "можно строить рядом с 2 замками сразу?"),
    ("kingdom", "купцы за что 4 золота"),
    ("sylvan", "флаг на мосту дает 5 очков?"),
    ("valdora", "бонусную карту когда дают"),
    ("kingdom", "лорды ничья в секторе кто получает"),
    ("sylvan", "одинаково жилищ на дереве у двоих у кого преимущество"),
    ("valdora", "монеты в конце дают очки?"),
])
def test_plain_questions_are_not_sums(game: str, question: str) -> None:
    assert worked(game, question) is None


@pytest.mark.parametrize("question", ["сколько монет у каждого в начале на пятерых?", "стартовые монеты впятером",
                                      "сколько денег в начале на 5 игроков"])
def test_valdora_start_coins_of_every_seat(question: str) -> None:
    text = worked("valdora", question).text
    for place, coins in enumerate(start_coins(5), 1):
        assert f"{place}-й — {coins} монет" in text
    assert f"остаётся {COINS_TOTAL - sum(start_coins(5))}" in text


def test_valdora_start_coins_for_every_count_when_none_is_named() -> None:
    text = worked("valdora", "сколько монет в начале у каждого").text
    assert text.count("<b>На ") == 3 and "пятерых" in text and "троих" in text


@pytest.mark.parametrize("question", ["каких мастеров убирают на троих?", "втроём сколько мастеров",
                                      "мастера на 3 игрока убирают?"])
def test_valdora_masters_for_three(question: str) -> None:
    text = worked("valdora", question).text
    assert f"остаётся {sum(masters_for(3).values())}" in text and "фиолетовых" in text


@pytest.mark.parametrize(("question", "players"), [("сколько деревьев на троих?", 3), ("деревьев вдвоём сколько", 2),
                                                   ("сколько оснований деревьев на четверых", 4),
                                                   ("нас трое. сколько пней на поле ставить?", 3)])
def test_sylvan_trees(question: str, players: int) -> None:
    assert first_number("sylvan", question) == len(playable_spots(players))


def test_valdora_deals_no_hand_but_two_start_cards() -> None:
    for question in ("сколько карт каждому раздавать в начале?", "сколько карт в руке в начале"):
        assert worked("valdora", question).text.startswith("<b>2 карты у каждого в начале"), question
    # the equipment among them is its own count, said once; what a start card is for is no count at all
    text = worked("valdora", "сколько карт снаряжения у каждого в начале").text
    assert text.startswith("<b>1 карта снаряжения") and text.count("<b>") == 1
    assert worked("valdora", "для чего нужна карточка, которую каждому дают в самом начале?") is None
    # «сколько карточек мастеров убрать»: the masters, not the cards the word «карточек» might name
    assert "мастер" in worked("valdora", "втроём сколько карточек мастеров нужно убрать?").text


def test_sylvan_other_set_up_facts() -> None:
    assert f"{HAND_SIZE} карты" in worked("sylvan", "сколько карт раздают в начале").text
    assert f"{FLAGS_PER_PLAYER} флагов" in worked("sylvan", "сколько флагов у каждого").text
    assert "оценка" in worked("sylvan", "сколько жилищ у каждого в начале").text


@pytest.mark.parametrize("question", ["сколько поселений у каждого", "сколько домиков на троих",
                                      "по скольку поселений у каждого игрока в начале"])
def test_kingdom_settlements(question: str) -> None:
    assert first_number("kingdom", question) == SETTLEMENTS


def test_a_count_of_players_the_game_has_not() -> None:
    assert "от 3 до 5" in worked("valdora", "на двоих сколько монет в начале").text


@pytest.mark.parametrize(("game", "question", "form"), [
    ("sylvan", "поставил 1 флаг сколько очков", "5 очков славы"),
    ("valdora", "сколько очков за 1 бонус", "10 очков"),
    ("valdora", "1 камень на снаряжении в конце сколько очков", "<b>1 очко</b>"),
    ("valdora", "2 камня на снаряжении в конце сколько очков", "<b>2 очка</b>"),
    ("kingdom", "шахтёры: 1 поселение у гор — сколько золота?", "<b>1 золото</b>"),
    ("kingdom", "шахтёры: 2 поселения у гор — сколько золота?", "<b>2 золота</b>"),
    ("valdora", "сколько монет у каждого в начале вчетвером", "1-й — 1 монета, 2-й — 2 монеты"),
])
def test_plural_forms(game: str, question: str, form: str) -> None:
    assert form in worked(game, question).text


def test_the_reply_puts_the_sum_before_the_section() -> None:
    reply = question_reply(RuleBook.load(), "шахтёры: 7 поселений у гор — сколько золота?", "kingdom")
    assert reply.text.startswith(f"<b>{kb.gold_for('miners', 7)} золота</b>") and "📖" in reply.text
    assert len(reply.text) < 4096


def test_plain_reply_unchanged() -> None:
    book = RuleBook.load()
    reply = question_reply(book, "сколько монет стоит листнуть книгу", "valdora")
    assert reply.text.startswith("📖")


def test_turning_pages_over_is_flipping_them_when_a_book_is_named() -> None:
    text = worked("valdora", "сколько монет заплатить, если за один ход перевернуть страницу в книге пять раз?").text
    assert text.startswith("<b>4 монеты</b>")
    assert worked("valdora", "перевернул искателя 2 раза, сколько монет") is None  # a card turned over, not a page


@pytest.mark.parametrize("question", ["вдвоём можно? на скольких она вообще", "вдвоём можна?"])
def test_whether_a_number_can_play_asked_short(question: str) -> None:
    assert worked("valdora", question).text.startswith("<b>Вдвоём не сыграть</b>")


def test_two_pawns_on_a_space_are_not_a_number_of_players() -> None:
    assert worked("valdora", "можно ли стоять вдвоём на одной клетке") is None


def test_a_count_in_the_list_of_masters_colours_is_no_other_count() -> None:
    """«мастера — красный, синий и два серых»: three colours; the «два» is not two bonus cards."""
    question = ("итог в Валдоре: контракты на 4, 4, 6 и 10 очков; мастера — красный, синий и два серых; одна карта "
                "бонуса; на снаряжении три камня. Мастерских нет.")
    expected = vd.contracts_points([4, 4, 6, 10]) + vd.masters_points(3) + vd.bonuses_points(1) + vd.gems_points(3)
    assert first_number("valdora", question) == expected


def test_a_fortress_is_a_castle_and_playing_asked_in_any_form() -> None:
    assert first_number("kingdom", "по шахтёрам 6 хат у гор и ещё касаюсь двух крепостей, сколько голды в сумме") == (
        kb.gold_for("miners", 6) + kb.castles_gold(2))
    assert worked("valdora", "валдора вдвоём играется? сколько минимум надо").text.startswith("<b>Вдвоём не сыграть")

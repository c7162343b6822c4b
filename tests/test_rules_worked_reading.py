"""Worked answers read what each number counts (bot/lookup/worked/counted.py): a count of things («4 закрытых
контракта»), a value («контракт на 7»), a place («в двух секторах первый»), a height («высотой 5»), delivered or
not, on equipment or not; several categories at once; a missing number named, never guessed. Expected values come
from the games' own scoring functions and data."""

from __future__ import annotations

import pytest
from worked_answers import bold

from bot.lookup.answers import question_reply
from bot.lookup.rulebook import RuleBook
from bot.lookup.worked import worked
from bot.lookup.worked.counted import read_numbers
from bot.lookup.worked.kingdom import VOCABULARY as KINGDOM_WORDS
from bot.lookup.worked.reading import read
from bot.lookup.worked.valdora import VOCABULARY as VALDORA_WORDS
from rules.kingdom import scoring as kb
from rules.kingdom.board import LOCATION, SECTORS
from rules.kingdom.data import CARDS_IN_PLAY, DECK_COUNTS, SECTORS_IN_PLAY, SETTLEMENTS, TILES_PER_LOCATION
from rules.sylvan import scoring as sy
from rules.sylvan.data import FACE_UP, FLAGS_PER_PLAYER, STACK_SIZE, SUPPLY
from rules.valdora import scoring as vd
from rules.valdora.data import BONUS_CARDS, COINS_TOTAL, CONTRACT_CARDS, MASTERS, masters_for


def counted(vocabulary: dict, question: str) -> list[tuple[int, str | None, str | None]]:
    return [(n.value, n.counts, n.of) for n in read_numbers(read(question), vocabulary)]


def test_a_number_counts_the_noun_after_it_or_values_the_noun_before() -> None:
    assert counted(VALDORA_WORDS, "сдал 4 закрытых контракта") == [(4, "contract", None)]
    assert counted(VALDORA_WORDS, "контракт на 7") == [(7, None, "contract")]
    assert counted(VALDORA_WORDS, "выполнил пять заказов на 3, 4 и 6") == [
        (5, "contract", None), (3, None, "contract"), (4, None, "contract"), (6, None, "contract")]
    assert counted(VALDORA_WORDS, "2 бонусные карты") == [(2, "bonus", None)]
    assert counted(VALDORA_WORDS, "три карточки бонуса") == [(3, "bonus", None)]
    assert counted(KINGDOM_WORDS, "20 хат в 6 кучках") == [(20, "settlement", None), (6, "group", None)]


VALDORA = [
    # counts vs values of contracts, delivered or not
    ("выполнил заказы на 6 и 9, сколько очков", vd.contracts_points([6, 9])),
    ("сдал четыре контракта по 5 очков, скока будет", vd.contracts_points([5] * 4)),
    ("у меня сданы контракты 4, 5 и 6 а ещё один на 8 не сдан. сколько за контракты",
     vd.contracts_points([4, 5, 6])),
    ("контракты на 5 и 6 выполнены, контракт на 9 лежит на руке — сколько очков", vd.contracts_points([5, 6])),
    # masters: colours, not masters
    ("нанял 6 мастеров трёх разных цветов, сколько очков", vd.masters_points(3)),
    ("работяги: серый, белый, два синих. сколько очков за них", vd.masters_points(3)),
    ("мастера пяти цветов скока", vd.masters_points(5)),
    # gems on equipment
    ("на кирке 2 рубина и на телеге три изумруда, сколько очков в конце", vd.gems_points(5)),
    ("осталось 4 камушка на снаряге, это сколько очков", vd.gems_points(4)),
    # several categories
    ("сдал заказы на 4 7 и 10, мастера 3 цветов, 2 бонуса и 3 камня на лопате. итого?",
     vd.contracts_points([4, 7, 10]) + vd.masters_points(3) + vd.bonuses_points(2) + vd.gems_points(3)),
    ("2 плашки бонуса и контракт на 6 — сколько всего", vd.bonuses_points(2) + vd.contracts_points([6])),
    # bonus cards from a workshop and contracts of its colour
    ("открыл синюю мастерскую, потом сдал 2 синих заказа. сколько бонусных очков", vd.bonuses_points(2)),
]


@pytest.mark.parametrize(("question", "expected"), VALDORA)
def test_valdora(question: str, expected: int) -> None:
    assert bold("valdora", question) == expected


KINGDOM = [
    ("рыцари: в самой длинной линии 7 домиков, сколько золота", kb.gold_for("knights", 7)),
    ("кб рыцыри в лучшем ряду восемь хат", kb.gold_for("knights", 8)),
    ("отшельники, 25 поселений в 4 отдельных группах, скока золота", kb.gold_for("hermits", 4)),
    ("отшельники: у меня три острова из домиков", kb.gold_for("hermits", 3)),
    ("фермеры: в секторах 7, 4, 9 и 6 поселений", kb.gold_for("farmers", 4)),
    ("фермеры, во всех четырех секторах по 5 домов, сколько", kb.gold_for("farmers", 5)),
    ("лорды: в одном секторе я первый, в двух — второй", kb.lord_gold(1) + 2 * kb.lord_gold(2)),
    ("лорды — первое место в трёх секторах", 3 * kb.lord_gold(1)),
    ("горожане: крупнейшая группа из 11 домиков", kb.gold_for("citizens", 11)),
    ("шахтеры: 5 домов у гор и ещё 3 замка рядом с моими домами, сколько всего золота",
     kb.gold_for("miners", 5) + kb.castles_gold(3)),
    ("рыбаки 6 поселений у воды, рыцари 4 в лучшем ряду, сколько золота всего",
     kb.gold_for("fishermen", 6) + kb.gold_for("knights", 4)),
    ("первооткрыватели: мои дома есть в 9 рядах", kb.gold_for("discoverers", 9)),
    ("мои поселения касаются трёх замков, сколько золота", kb.castles_gold(3)),
]


@pytest.mark.parametrize(("question", "expected"), KINGDOM)
def test_kingdom(question: str, expected: int) -> None:
    assert bold("kingdom", question) == expected


SYLVAN = [
    ("дерево: основание и 3 жилища, моё преимущество. сколько очков", sy.tree_fame(4)),
    ("пенек и два домика, у меня перевес, скока славы", sy.tree_fame(3)),
    ("у меня преимущество на деревьях высотой 2, 4 и 5", sy.heights_fame([2, 4, 5])),
    ("превосходство в зоне из 6 деревьев и преимущество на дереве высотой 3, сколько всего",
     sy.region_fame(6, 1) + sy.tree_fame(3)),
    ("повесил два флажка и у меня превосходство в области на 3 дерева, итого?",
     sy.flags_fame(2) + sy.region_fame(3, 1)),
    ("мост между деревом в 5 уровней с моим преимуществом и деревом в 2, где преимущество у противника. скока",
     sy.heights_fame([5])),
]


@pytest.mark.parametrize(("question", "expected"), SYLVAN)
def test_sylvan(question: str, expected: int) -> None:
    assert bold("sylvan", question) == expected


@pytest.mark.parametrize(("game", "question", "asked"), [
    ("kingdom", "рыцари: всего у меня 25 поселений, сколько золота", "лучшем ряду"),
    ("kingdom", "кб рыцари 12 домиков", "лучшем ряду"),
    ("kingdom", "фермеры: в двух секторах у меня по 4", "остальных 2 секторах"),
    ("kingdom", "фермеры — 3, 5 и 7 поселений по секторам", "четвёртом секторе"),
    ("kingdom", "отшельники: у меня 30 домиков, сколько золота", "отдельных групп"),
    ("kingdom", "горожане, у меня 20 поселений", "самой большой группе"),
    ("valdora", "сдал пять заказов и мастера двух цветов, сколько всего", "сданных контрактах"),
    ("valdora", "у меня 7 мастеров, сколько очков", "цветов"),
    ("sylvan", "сколько очков за мост", "Какой высоты"),
])
def test_a_number_of_something_else_is_not_used(game: str, question: str, asked: str) -> None:
    text = worked(game, question).text
    assert asked in text and "Напишите" in text


def test_a_sum_of_several_categories_shows_the_scoring_section() -> None:
    book = RuleBook.load()
    reply = question_reply(book, "контракты на 4 и 6, мастера двух цветов, сколько всего очков", "valdora")
    assert reply.text.split("📖 <b>")[1].startswith(book.section("valdora.scoring").title)
    single = question_reply(book, "рыцари: в лучшем ряду 6 поселений, сколько золота", "kingdom")
    assert single.text.split("📖 <b>")[1].startswith(book.section("kingdom.knights").title)


def _tokens(tile: str) -> int:
    return sum(row.count(LOCATION) for row in SECTORS[tile]) * TILES_PER_LOCATION


SETUP = [
    ("valdora", "сколько монет всего в коробке", COINS_TOTAL),
    ("valdora", "сколько карт в книге контрактов", len(CONTRACT_CARDS)),
    ("valdora", "сколько желтых мастеров в игре", MASTERS["yellow"]),
    ("valdora", "сколько бонусов в коробке", None),
    ("valdora", "вчетвером сколько красных мастеров", masters_for(4)["red"]),
    ("sylvan", "сколько флажков дают каждому", FLAGS_PER_PLAYER),
    ("sylvan", "сколько жилищ в одной стопке", STACK_SIZE),
    ("sylvan", "сколько карт открыто рядом с колодой", FACE_UP),
    ("sylvan", "сколько топоров в запасе всего", SUPPLY["axe"]),
    ("kingdom", "сколько домиков у каждого игрока", SETTLEMENTS),
    ("kingdom", "сколько карт местности всего в колоде", sum(DECK_COUNTS.values())),
    ("kingdom", "сколько карт кб открывают на партию", CARDS_IN_PLAY),
    ("kingdom", "из скольких частей собирают поле", SECTORS_IN_PLAY),
    ("kingdom", "сколько жетонов гавани в коробке", _tokens("harbor")),
    ("kingdom", "сколько жетонов кладут на каждую локацию", TILES_PER_LOCATION),
]


@pytest.mark.parametrize(("game", "question", "expected"), SETUP)
def test_set_up_counts(game: str, question: str, expected: int | None) -> None:
    text = worked(game, question).text
    if expected is None:
        assert str(BONUS_CARDS) in text
    else:
        assert bold(game, question) == expected
    assert "очк" not in text.split("</b>")[0]


def test_masters_removed_for_three_say_the_total() -> None:
    text = worked("valdora", "втроем сколько мастеров убирают").text
    removed = sum(MASTERS.values()) - sum(masters_for(3).values())
    assert f"убирают {removed} мастера" in text


@pytest.mark.parametrize(("game", "question"), [
    ("kingdom", "можно ли строить 2 поселения рядом с замком"),
    ("kingdom", "сколько поселений нужно поставить за ход, 3?"),
    ("valdora", "могу я держать 4 контракта?"),
    ("valdora", "в городе 2 книги, можно листать обе?"),
    ("valdora", "у меня 6 монет, что делать на шахте"),
    ("sylvan", "можно ли поставить 2 жилища на одно дерево за ход"),
    ("sylvan", "что если у двух игроков по 3 жилища на дереве"),
    ("kingdom", "почему рыцари дают 2 золота"),
])
def test_numbers_that_are_not_sums(game: str, question: str) -> None:
    """No computed total (a query for a missing number may stay: it names the rule)."""
    answer = worked(game, question)
    assert answer is None or "<b>" not in answer.text or "Всего" not in answer.text and "×" not in answer.text


@pytest.mark.parametrize(("game", "question"), [
    ("kingdom", "отшельники если у меня 2 кучки рядом"),
    ("kingdom", "шахтеры а если возле дома две горы"),
    ("sylvan", "у меня 3 жилища на дереве, у синего тоже 3, чьё дерево?"),
    ("valdora", "остались одни белые мастера, игра кончилась?"),
    ("valdora", "у меня два заказа, хочу третий, че делать"),
    ("valdora", "у меня уже 3 контракта а в книге нужный"),
])
def test_statements_and_yes_no_questions_get_no_sum(game: str, question: str) -> None:
    assert worked(game, question) is None


def test_the_numbers_of_a_numbered_list_are_not_counts() -> None:
    """«1) … 2) …»: the items' numbers are no values; a lone «2)» closing a bracket still is one."""
    words = read("мост 1) дерево А основа и 3 домика 2) дерево Б основа и 5 домиков 3) на обоих я главный")
    assert [w.value for w in words if w.value is not None] == [3, 5]
    assert bold("sylvan", "мост 1) дерево А основа и 3 домика 2) дерево Б основа и 5 домиков 3) на обоих я главный. "
                          "сколько славы получу?") == sy.heights_fame([4, 6])
    assert [w.value for w in read("контракты (на 2) и на 5")] == [None, None, 2, None, None, 5]

"""Worked answers read the kinds of wording two newer question sets brought (written by other people): ordinals in
digits («1-е место», «во 2-м ряду»), a question asked by «?», «сумма?» or «итого монет?» alone, a number someone does
not remember («сколько-то», «несколько»), whose trees a number counts inside one clause, a share of a count («3 из
них мои»), the category the asking words name among several, a component counted in the box rather than scored, a
threshold asked («сколько надо»), a value written on a card («на ней написано 12»), «за ход» as the time of a score,
the meeting's coin going to the bank, players' words for components («ослик», «белые челы», «инструмент») — and
counts that must not answer a question that asks none. The phrasings are our own; every value comes from the games'
code."""

from __future__ import annotations

import re

import pytest
from worked_answers import bold, numbers

from bot.lookup.worked import worked
from rules.kingdom import scoring as kb
from rules.kingdom.data import SETTLEMENTS
from rules.sylvan import scoring as sy
from rules.sylvan.data import FLAGS_PER_PLAYER
from rules.valdora import scoring as vd
from rules.valdora.data import BONUS_CARDS, EQUIPMENT_COST, MASTERS, masters_for

SUMS = [
    # ordinals written in digits are places and rows, not counts
    ("kingdom", "лорды: 1-е место в двух секторах и 2-е в одном, сколько золота?", 2 * kb.lord_gold(1) +
     kb.lord_gold(2)),
    ("kingdom", "лорды. 1е место в 3 секторах, 2е в последнем. скок", 3 * kb.lord_gold(1) + kb.lord_gold(2)),
    ("kingdom", "рыцари: в 1-м ряду 5 домиков, во 2-м ряду 7. сколько золота?", kb.gold_for("knights", 7)),
    # sectors numbered in digits one by one are which sector, not how many
    ("kingdom", "по лордам: в 1 секторе первый, во 2 второй, в 3 первый, в 4 ничего. сколько", 2 * kb.lord_gold(1) +
     kb.lord_gold(2)),
    ("kingdom", "лорды: в 1 секторе первый, в 2 секторах второй. сколько", kb.lord_gold(1) + 2 * kb.lord_gold(2)),
    ("sylvan", "во 2-м раунде у меня преимущество на дереве высотой 4. сколько славы за него?", sy.tree_fame(4)),
    # asked by «?», «сумма?», «в сумме?» after the numbers
    ("kingdom", "фермеры: в секторах 7, 4, 5 и 6 -> ?", kb.gold_for("farmers", 4)),
    ("valdora", "контракты 4 и 9, мастера трёх цветов = ?", vd.contracts_points([4, 9]) + vd.masters_points(3)),
    ("sylvan", "мои деревья высотой 2 и 5 + превосходство в зоне из 4 деревьев. сумма?",
     sy.heights_fame([2, 5]) + sy.region_fame(4, 1)),
    ("kingdom", "шахтёры: у гор 6 домиков. в сумме?", kb.gold_for("miners", 6)),
    ("sylvan", "флаги: 4 шт -> ?", sy.flags_fame(4)),
    # whose trees a number counts, inside one clause; a tie said of one tree is not the region's tie
    ("sylvan", "в области 5 деревьев, у синего перевес на двух и у меня на двух. скока каждому?",
     sy.region_fame(5, 2)),
    ("sylvan", "область из 4 деревьев: у меня преимущество на 2, у жёлтого на 1, одно ничьё. сколько мне?",
     sy.region_fame(4, 1)),
    ("sylvan", "на одном дереве ничья, а в остальном в зоне из 3 деревьев у меня перевес на двух, у мамы на нуле. "
     "сколько мне за зону?", sy.region_fame(3, 1)),
    # a share of a count («3 из них мои») is the advantage, not another tree
    ("sylvan", "дерево: основание и 3 домика, 2 из них мои. сколько славы мне в конце раунда?", sy.tree_fame(4)),
    ("sylvan", "на дереве пень и 5 жилищ, из них 3 мои. сколько мне за дерево дадут?", sy.tree_fame(6)),
    # the category the asking words name, among several named in one breath
    ("valdora", "у меня жёлтая мастерская и 4 жёлтых мастера сколько очков даёт мастерская", vd.workshops_points(
        ["yellow"])),
    ("sylvan", "у меня 2 флага и мост между деревьями 4 и 5 с моим преимуществом сколько даёт мост",
     sy.heights_fame([4, 5])),
    # a gem «на картах» is on equipment; a value written on a card; «, и 3 бонуса» is a count of its own
    ("valdora", "итог: контракты 5 и 6, 2 бонуса, 4 камня на картах. сколько всего?", vd.contracts_points([5, 6]) +
     vd.bonuses_points(2) + vd.gems_points(4)),
    ("valdora", "мастерская, на ней написано 12, и 3 бонуса. сколько всего?", 12 + vd.bonuses_points(3)),
    ("valdora", "на моей мастерской нарисовано 15, ещё 2 бонуса, сколько очков?", 15 + vd.bonuses_points(2)),
    # «за ход»: when it was scored, not a question about a move
    ("sylvan", "за ход повесил 2 флага, сколько очков?", sy.flags_fame(2)),
    ("sylvan", "в этот ход поставила 3 флажка. скока славы получила?", sy.flags_fame(3)),
    # a card's description naming castles with locations is the card's count
    ("kingdom", "рабочие: у локаций и замков 6 домиков, сколько золота?", kb.gold_for("workers", 6)),
    ("kingdom", "рабочие + рыбаки. у воды 2, у локаций/замков 5. итого?", kb.gold_for("workers", 5) +
     kb.gold_for("fishermen", 2)),
    # a count said of another category's thing («у одного замка три моих дома»), «ни одной» is none, players' words
    ("kingdom", "рыбаки: 4 дома у воды. ещё мои дома стоят у 2 замков, у одного замка аж три дома. сколько за рыбаков "
     "и замки?", kb.gold_for("fishermen", 4) + kb.castles_gold(2)),
    ("valdora", "итог: квесты на 5 и 9 сданы, мастерских ни одной, мастера двух цветов. сколько очков?",
     vd.contracts_points([5, 9]) + vd.masters_points(2)),
    # «я и сестра по 2» is a tie; «преимущество на двух» counts trees, not a height; flags «на своих мостах»
    ("sylvan", "в районе 5 деревьев, мы с сестрой по 2 дерева с перевесом. сколько каждому за район?",
     sy.region_fame(5, 2)),
    ("sylvan", "область из 4 деревьев, у меня перевес на двух, высота 3 и 6. сколько всего за деревья и область?",
     sy.heights_fame([3, 6]) + sy.region_fame(4, 1)),
    ("sylvan", "повесил три флага на жилища и один на своём мосту. сколько всего очков за флаги?", sy.flags_fame(3)),
    # costs asked by «итого», components by players' words
    ("valdora", "встал на дорогу, там двое чужих, и погрузил камень на телегу. итого монет?",
     2 + EQUIPMENT_COST["cart"]),
    ("valdora", "гружу камень на ослика, скок денежек отдать?", EQUIPMENT_COST["horse"]),
    ("valdora", "кладу камень на лошадь, сколько денег отдать?", EQUIPMENT_COST["horse"]),
    ("valdora", "перелистнула книгу контрактов три раза и купила один контракт, сколько монет ушло?", 2 + 1),
]


@pytest.mark.parametrize(("game", "question", "expected"), SUMS)
def test_sums_in_newer_wording(game: str, question: str, expected: int) -> None:
    assert bold(game, question) == expected


@pytest.mark.parametrize(("game", "question", "section"), [
    ("valdora", "у меня жёлтая мастерская и 4 жёлтых мастера сколько очков даёт мастерская", "valdora.workshops"),
    ("sylvan", "в области 5 деревьев, у синего перевес на двух и у меня на двух. скока каждому?", "sylvan.region-tie"),
    ("sylvan", "область из 4 деревьев: у меня преимущество на 2, у жёлтого на 1, одно ничьё. сколько мне?",
     "sylvan.regions"),
    ("valdora", "перелистнула книгу контрактов три раза и купила один контракт, сколько монет ушло?", "valdora.flip"),
])
def test_the_section_of_what_is_asked(game: str, question: str, section: str) -> None:
    answer = worked(game, question)
    assert answer is not None and answer.section == section


def test_buying_contracts_is_not_buying_equipment() -> None:
    answer = worked("valdora", "в городе с контрактами листаю 4 раза и беру 2 контракта. сколько монет отдам?")
    assert answer is not None and "снаряжени" not in answer.text


@pytest.mark.parametrize(("game", "question"), [
    ("kingdom", "рыбаки: у воды 3 домика и ещё сколько-то у озера, не помню. сколько золота?"),
    ("valdora", "контракты на 5 и 8 и ещё несколько бонусов, сколько всего очков?"),
    ("sylvan", "флагов повесил скок-то, не помню уже, сколько славы за них?"),
    ("kingdom", "по рабочим 3 домика у локаций и какое-то количество у замка, забыл. скока золота?"),
    # all of a player's settlements over several rows are not the best row's
    ("kingdom", "рыцари: 17 домиков разбросаны по шести рядам. сколько по рыцарям?"),
    # fewer values than the things counted
    ("valdora", "у меня 3 контракта на 5, 6 и ещё какой-то, не помню на сколько. сколько очков за контракты?"),
    # a player's own trees in a region are not the region's size
    ("sylvan", "дочка главная в районе, у неё там 3 дерева. сколько ей за район?"),
])
def test_a_number_not_known_is_asked_for(game: str, question: str) -> None:
    answer = worked(game, question)
    assert answer is not None and "Напишите" in answer.text, answer and answer.text


def test_a_meeting_coin_to_a_full_purse_goes_to_the_bank() -> None:
    answer = worked("valdora", "встал в город где 2 чужие фишки, у одного из них уже 6 монет. сколько я плачу и "
                               "сколько уйдёт в банк?")
    assert answer is not None and answer.section == "valdora.meeting"
    assert re.search(r"<b>2 монеты</b>", answer.text) and "1 монета уходит в банк" in answer.text


SETUP = [
    ("valdora", "сколько всего бонусных карточек по 10 очков в игре?", {BONUS_CARDS}, "valdora.components"),
    ("valdora", "скок бонусок по +10 в коробке?", {BONUS_CARDS}, "valdora.components"),
    ("valdora", "сколько инструментов дают каждому в начале?", {1}, "valdora.setup"),
    ("valdora", "синих челов на троих сколько?", {masters_for(3)["blue"]}, "valdora.players"),
    ("valdora", "красных человечков сколько в игре?", {MASTERS["red"]}, "valdora.masters"),
    ("kingdom", "играем вдвоём, сколько домиков каждому и сколько остаётся в коробке?", {SETTLEMENTS, SETTLEMENTS * 2},
     "kingdom.players"),
    ("sylvan", "хватит ли флагов на всю игру, сколько их у каждого?", {FLAGS_PER_PLAYER}, "sylvan.supply"),
    ("sylvan", "сколько раундов в зодчих?", {2}, "sylvan.rounds"),
    ("valdora", "сколько ремесленников в коробке и сколько из них белых?", {MASTERS["white"]}, "valdora.masters"),
    ("valdora", "а инструмент какой-нибудь есть у каждого с начала?", {1}, "valdora.setup"),
    ("sylvan", "игра сколько раундов идёт и когда кончается раунд — у всех домики кончились или у первого?", {2},
     "sylvan.rounds"),
]


@pytest.mark.parametrize(("game", "question", "expected", "section"), SETUP)
def test_setup_in_newer_wording(game: str, question: str, expected: set[int], section: str) -> None:
    assert expected <= numbers(game, question)
    answer = worked(game, question)
    assert answer is not None and answer.section == section


@pytest.mark.parametrize(("game", "question"), [
    # what a card or a word means, how a thing is won, a threshold: no count
    ("kingdom", "на карте рыцари какие-то ряды нарисованы, это что вообще?"),
    ("valdora", "сколько надо мастеров одного цвета, чтобы забрать мастерскую?"),
    ("valdora", "мастерскую кто забирает — первый, кто набрал сколько нужно мастеров одного цвета?"),
    ("kingdom", "сколько нужно домиков у воды, чтобы рыбаки что-то дали?"),
    # rounds and moves of a game that has no rounds; a score question is no set-up count
    ("valdora", "сколько раундов в валдоре?"),
    # a word that only describes a card («за локации»), «один перевернул», a figure about a rule, a picture
    ("kingdom", "жетоны, которые за локации дают: один перевернул, другой нет. как отмечать, что жетон сыгран?"),
    ("kingdom", "у нас ферму зовут хутором, на картинке поле. петя говорит хутор ставит на одну клетку. куда ставить?"),
    ("sylvan", "сколько мне за него дадут в конце раунда, если я там главный?"),
])
def test_no_count_for_a_question_that_asks_none(game: str, question: str) -> None:
    answer = worked(game, question)
    assert answer is None or "Напишите" in answer.text and "<b>" not in answer.text, answer.text


def test_pawns_met_are_not_a_number_of_players() -> None:
    answer = worked("valdora", "встаю в город, где двое стоят. итого монет отдаю?")
    assert answer is not None and "не рассчитаны" not in answer.text and bold(
        "valdora", "встаю в город, где двое стоят. итого монет отдаю?") == 2


def test_a_rate_that_describes_the_count_is_not_another_count() -> None:
    answer = worked("kingdom", "сколько жетонов локаций всего в коробке, по 2 на гекс?")
    assert answer is not None and len(answer.lines) == 1 and "в одном секторе" not in answer.text, answer.text


def test_a_cost_asked_is_the_move_asked_not_the_story_before_it() -> None:
    question = "наконец купил пони. сосед говорит, за погрузку надо платить. сколько монет стоит закинуть камень на "\
                "пони?"
    answer = worked("valdora", question)
    assert answer is not None and answer.section == "valdora.cart-horse" and "снаряжени" not in answer.text
    assert bold("valdora", question) == EQUIPMENT_COST["horse"]

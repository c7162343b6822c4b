"""Worked answers read the kinds of wording a third fresh set brought (holdout 8), each in all three games where it
can be said: a count said of «neither» or «none» («в двух других ни то ни то», «у других ни на одном»), a region's
size said after the trees held («оба в области из четырёх деревьев»), a number missing when fewer heights than trees
are given, colour names cut short («2 желт 1 сер»), number words of every kind, «one … the other» that names no count
(«одна на 15, вторая на 20»), and set-up questions that ask several counts at once or carry an aside with words of a
move («я думала по три, как домиков за ход»). The phrasings are our own; every expected value comes from the games'
code and data."""

from __future__ import annotations

import pytest
from worked_answers import bold, numbers

from bot.lookup.worked import worked
from rules.kingdom import scoring as kb
from rules.kingdom.board import LOCATION, SECTORS
from rules.kingdom.data import SETTLEMENTS, TILE_ORDER, TILES_PER_LOCATION
from rules.sylvan import scoring as sy
from rules.sylvan.data import CARDS, FACE_UP, SUPPLY
from rules.valdora import scoring as vd
from rules.valdora.data import BONUS_CARDS, CONTRACT_CARDS, CONTRACT_PRICE, EQUIPMENT_CARDS, FLIP_PRICE, start_coins

SUMS = [
    # the other tree of a bridge named by whose it is, after what is said of the first
    ("sylvan", "мост между деревом где 5 этажей и у меня там больше всех домиков и чужим деревом где 3 этажа. "
     "сколько за мост", sy.heights_fame([5])),
    # a contract and a gem by other names than the box's
    ("valdora", "перелистнула книгу 3 раза и купила одно задание, сколько монет отдала?",
     2 * FLIP_PRICE + CONTRACT_PRICE),
    ("valdora", "в конце лежат 2 джема на снаряжении, сколько за них очков", vd.gems_points(2)),
    # neither place in a sector, no advantage for the others: counts of nothing
    ("kingdom", "лорды: в одном секторе я первый, в другом второй, в двух оставшихся ни то ни другое. скок золота",
     kb.lord_gold(1) + kb.lord_gold(2)),
    ("kingdom", "лорды — в двух секторах больше всех у меня, в одном я второй, ещё в одном ни первый ни второй",
     2 * kb.lord_gold(1) + kb.lord_gold(2)),
    ("kingdom", "лорды: в трёх секторах я нигде, в одном первый. сколько?", kb.lord_gold(1)),
    ("sylvan", "в районе из пяти деревьев у меня перевес на двух, у остальных ни на одном. сколько за район?",
     sy.region_fame(5, 1)),
    # a region's size after the trees held in it
    ("sylvan", "у меня преимущество на двух деревьях высотой 3 и 5, оба в области из шести деревьев, у соперников "
     "преимущества нет. сколько славы всего?", sy.heights_fame([3, 5]) + sy.region_fame(6, 1)),
    ("sylvan", "перевес на одном дереве высотой 4, оно в зоне из трёх деревьев, у других перевеса нигде нет. сколько "
     "всего очков?", sy.tree_fame(4) + sy.region_fame(3, 1)),
    # colour names cut short
    ("valdora", "мастера 2 зел 1 син скок за них очков", vd.masters_points(2)),
    ("valdora", "мастера: фиол, бел и два сер. сколько за мастеров", vd.masters_points(3)),
    ("valdora", "мастеров 3 желт 2 красн 1 бел скок очков", vd.masters_points(3)),
    # number words
    ("kingdom", "рыбаки: у воды двадцать одно поселение. сколько золота?", kb.gold_for("fishermen", 21)),
    ("sylvan", "у меня преимущество на деревьях высотой семь и пять, сколько славы?", sy.heights_fame([7, 5])),
    ("valdora", "сдал контракты на семь и девять очков, сколько за них?", vd.contracts_points([7, 9])),
    # «one … the other» names the things, it counts nothing; «один замок» does count
    ("valdora", "две мастерские, одна на 12, вторая на 18, сколько за них очков", 12 + 18),
    ("valdora", "у меня две мастерские одна на десять другая на пятнадцать и два бонуса сколько вместе",
     10 + 15 + vd.bonuses_points(2)),
    ("sylvan", "на одном дереве два домика и основание, на другом пять домиков и основание, и ещё одно, где один "
     "мой домик на основании. везде перевес мой. сколько славы?", sy.heights_fame([3, 6, 2])),
    ("sylvan", "повесил два флага, а ещё преимущество на двух деревьях, одно пять уровней другое три. сколько всего "
     "очков за раунд", sy.flags_fame(2) + sy.heights_fame([5, 3])),
    ("kingdom", "купцы: цепочка связала две локации и один замок, сколько золота?", kb.gold_for("merchants", 3)),
    # «что мне за …?» asks what a thing brings; «я держу 2» says whose trees
    ("sylvan", "в синей зоне 4 дерева, я лидирую на трёх, саша на одном. что мне за зону?", sy.region_fame(4, 1)),
    ("kingdom", "шахтёры: у гор 6 моих домиков, что мне за это?", kb.gold_for("miners", 6)),
    ("valdora", "мастера трёх цветов, что мне за них в конце?", vd.masters_points(3)),
    # a tree told by its base and dwellings
    ("sylvan", "дерево: пень и четыре домика, сверху шапка. сколько очков за это дерево?", sy.tree_fame(5)),
    # a bridge's trees, the advantage said before each height
    ("sylvan", "построил мост: на первом дереве у меня перевес, там 4 уровня, на втором тоже я главный, 2 уровня. "
     "сколько за мост?", sy.heights_fame([4, 2])),
    ("sylvan", "мост: на одном дереве 3 уровня, больше синих, на другом 5 уровней, там моё преимущество. сколько за "
     "мост?", sy.heights_fame([5])),
    # a count placed by its description («в самом длинном ряду») beside another card's
    ("kingdom", "рыцари и горожане: в самом длинном ряду 7 домов, самая большая группа 12. сколько всего?",
     kb.gold_for("knights", 7) + kb.gold_for("citizens", 12)),
    # what players call the things scored: contracts as «задания»
    ("valdora", "сдала задания на 4 и 9 очков, мастера одного цвета. сколько всего?",
     vd.contracts_points([4, 9]) + vd.masters_points(1)),
]


@pytest.mark.parametrize(("game", "question", "expected"), SUMS)
def test_third_wording_of_sums(game: str, question: str, expected: int) -> None:
    assert bold(game, question) == expected


MISSING = [
    # more trees held than heights given
    ("sylvan", "в области четыре дерева, у меня перевес на трёх; на одном моём дереве основание и два домика. "
     "сколько всего за деревья и область?"),
    # the trees held but not the region's size
    ("sylvan", "у меня перевес на двух деревьях в этой зоне, у соперника на одном. сколько даст превосходство?"),
    ("sylvan", "у пети превосходство в жёлтой области. сколько за неё дают?"),
    # contracts counted without their points, asked as «сколько» or as who wins
    ("valdora", "у оли сдано три контракта и мастера двух цветов, больше ничего. сколько у неё?"),
    ("valdora", "кто победил? у пети сдано два контракта и мастера четырёх цветов, у вани 40 очков"),
]


@pytest.mark.parametrize(("game", "question"), MISSING)
def test_a_missing_number_is_asked_for(game: str, question: str) -> None:
    answer = worked(game, question)
    assert answer is not None and "Напишите" in answer.text, question


def _tiles_in_box() -> int:
    return sum(sum(row.count(LOCATION) for row in SECTORS[t]) for t in TILE_ORDER) * TILES_PER_LOCATION


SETUP = [
    # an aside with a word of a move, after the question
    ("kingdom", "сколько карт местности дают каждому в начале? брат говорит можно держать две", {1}),
    ("valdora", "я третий по ходу, сколько монет мне на старт?", {start_coins(5)[2]}),
    # two players said as a duel
    ("kingdom", "дуэль один на один — сколько домиков у каждого?", {SETTLEMENTS}),
    # a seat named in a question of the silver coins (the box's count): that seat's own
    ("valdora", "впятером сколько серебряных монет получает четвёртый игрок в начале игры?", {start_coins(5)[3]}),
    # several counts in one question
    ("valdora", "сколько в коробке карт снаряжения и карт контрактов и на сколько стопок их делят перед игрой?",
     {2 * len(EQUIPMENT_CARDS), 2 * len(CONTRACT_CARDS), 4}),
    ("sylvan", "сколько карт открыто рядом с колодой в начале и сколько карт вообще в игре?", {FACE_UP, len(CARDS)}),
    # a generic word before the thing counted
    ("sylvan", "сколько всего тайлов мостов в коробке?", {SUPPLY["bridge"]}),
    # the thing asked after a place and a verb, with a count of what is missing beside it
    ("valdora", "сколько в коробке должно лежать бонусных карт? у нас вроде двух не хватает", {BONUS_CARDS}),
    ("kingdom", "сколько в коробке должно быть жетонов локаций? одного вроде нет", {_tiles_in_box()}),
    # every seat asked, from the first
    ("valdora", "играем впятером, сколько монет у каждого на старте, начиная с первого игрока?",
     set(start_coins(5))),
]



@pytest.mark.parametrize(("game", "question", "expected"), SETUP)
def test_third_wording_of_setup(game: str, question: str, expected: set[int]) -> None:
    assert expected <= numbers(game, question)


def test_a_generic_word_names_the_thing_after_it() -> None:
    answer = worked("sylvan", "сколько всего тайлов мостов в коробке?")
    assert answer is not None and answer.section == "sylvan.supply" and "жилищ" not in answer.lines[0]


@pytest.mark.parametrize(("game", "question"), [
    ("kingdom", "сколько поселений можно строить за ход? в начале вроде три"),  # a move, asked in the question
    ("valdora", "кто ходит пятым, если играем впятером?"),  # a seat, not a count
    ("sylvan", "кто раздаёт карты в начале?"),
    ("kingdom", "мои дома у двух замков. за замок платят один раз? сколько всего за замки в коробке"),  # a score
    ("valdora", "листаю книжку туда-сюда сколько угодно раз, это бесплатно? разве нет платы?"),  # any number
])
def test_no_count_where_none_is_asked(game: str, question: str) -> None:
    answer = worked(game, question)
    assert answer is None or not any(ch.isdigit() for ch in answer.lines[0]), answer and answer.text

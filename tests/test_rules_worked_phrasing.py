"""Worked sums in players' own words (none of them from the question sets): quantities described instead of counted
(«самая большая кучка», «соединяет замок, таверну и оазис», places sector by sector, lone settlements), a tree's
base under its dwellings, the ends of a bridge, a tie in a region, flags on bridges, masters by colour, several
categories at once; and a number that counts something else is never used: what is missing is asked for."""

from __future__ import annotations

import re

import pytest

from bot.lookup.worked import worked
from rules.kingdom import scoring as kb
from rules.sylvan import scoring as sy
from rules.valdora import scoring as vd


def result(game: str, question: str) -> int:
    """The bold result of a worked answer."""
    answer = worked(game, question)
    assert answer is not None, question
    found = re.search(r"<b>\D*(\d+)", answer.text)
    assert found, answer.text
    return int(found.group(1))


KINGDOM = [
    ("горожане: в самой крупной группе у меня 13 поселений, сколько золота", kb.gold_for("citizens", 13)),
    ("у меня самая большая кучка из 21 хаты, горожане сколько дадут", kb.gold_for("citizens", 21)),
    ("горожане, крупнейшая группа у меня — 19 поселений, сколько золота", kb.gold_for("citizens", 19)),
    ("фермеры: в трёх секторах по 8, в четвёртом 5, сколько золота", kb.gold_for("farmers", 5)),
    ("купцы: мои поселения связывают оракул, два замка и ферму — сколько золота", kb.gold_for("merchants", 4)),
    ("торговцы. цепочка моих домов тянется от башни до гавани, сколько получу", kb.gold_for("merchants", 2)),
    ("лорды: в верхнем левом секторе я первый, в нижнем правом тоже, в верхнем правом второй, сколько золота",
     2 * kb.lord_gold(1) + kb.lord_gold(2)),
    ("лорды. в правом нижнем у меня меньше всех, в левом нижнем я второй, в левом верхнем первый. сколько мне",
     kb.lord_gold(1) + kb.lord_gold(2)),
    ("лорды: в верхнем левом я первый, в нижнем правом тоже первый, в остальных двух вторым. сколько золота",
     2 * kb.lord_gold(1) + 2 * kb.lord_gold(2)),
    ("отшельники: 2 большие группы и 3 одиночных домика, сколько золота", kb.gold_for("hermits", 5)),
    ("отшельники, у меня 4 кучки, ещё 2 дома стоят отдельно сами по себе. сколько золота", kb.gold_for("hermits", 6)),
    ("первооткрыватели: мои домики есть на 9 горизонталях, сколько золота", kb.gold_for("discoverers", 9)),
    ("шахтёры: 5 домов рядом с горами, ещё касаюсь 3 замков, сколько всего золота",
     kb.gold_for("miners", 5) + kb.castles_gold(3)),
    ("рыбаки и рабочие: у воды стоит 7 моих домиков, у локаций 4. сколько по двум картам вместе",
     kb.gold_for("fishermen", 7) + kb.gold_for("workers", 4)),
]


@pytest.mark.parametrize(("question", "expected"), KINGDOM)
def test_kingdom_described_counts(question: str, expected: int) -> None:
    assert result("kingdom", question) == expected


SYLVAN = [
    ("дерево: основа плюс 3 жилища, на нём я главный. сколько славы", sy.tree_fame(4)),
    ("на моём дереве 5 домиков и верхушка, сколько очков в конце раунда", sy.tree_fame(6)),
    ("поставил мост: на одном дереве основание + 4 домика и там больше моих, на другом основание + 1, там больше "
     "красных. сколько славы", sy.heights_fame([5])),
    ("мост между деревьями, я главный на обоих: на одном 3 домика, на другом 1 домик. сколько очков",
     sy.heights_fame([4, 2])),
    ("в регионе из 6 деревьев ничья: у меня и у соседа по 3 дерева. сколько каждому", sy.region_fame(6, 2)),
    ("у меня 2 флага на деревьях и 2 на мостах, сколько славы за флаги", sy.flags_fame(2)),
    ("сколько славы за 4 флага, один из них на мосту", sy.flags_fame(3)),
    ("я главный на трёх деревьях: одно 2 уровня, второе 3, третье 5. сколько очков", sy.heights_fame([2, 3, 5])),
]


@pytest.mark.parametrize(("question", "expected"), SYLVAN)
def test_sylvan_described_counts(question: str, expected: int) -> None:
    assert result("sylvan", question) == expected


VALDORA = [
    ("у меня 4 мастера: 2 красных, синий и зелёный. сколько очков за мастеров", vd.masters_points(3)),
    ("в конце: контракты на 3, 5 и 6, мастера серый и белый, 3 камня на снаряжении, 1 бонус. сколько итого",
     vd.contracts_points([3, 5, 6]) + vd.masters_points(2) + vd.gems_points(3) + vd.bonuses_points(1)),
    ("мастерская на 15 и контракты на 4 и 4, сколько очков", 15 + vd.contracts_points([4, 4])),
    ("на снаряге 2 камня, на телеге ещё 1, плюс бонусная карта. сколько очков", vd.gems_points(3)
     + vd.bonuses_points(1)),
]


@pytest.mark.parametrize(("question", "expected"), VALDORA)
def test_valdora_described_counts(question: str, expected: int) -> None:
    assert result("valdora", question) == expected


@pytest.mark.parametrize(("game", "question"), [
    ("kingdom", "горожане: у меня 24 домика в двух группах, сколько золота"),
    ("kingdom", "лорды: в нижнем левом секторе у меня 7 домиков, сколько золота"),
    ("kingdom", "рыцари: у меня всего 35 поселений на поле, сколько золота"),
    ("sylvan", "у меня превосходство в области, сколько славы мне"),
    ("valdora", "сдал два контракта, мастера одного цвета, сколько очков"),
])
def test_a_number_of_something_else_leaves_the_count_missing(game: str, question: str) -> None:
    text = worked(game, question).text
    assert "Напишите" in text


def test_a_workshop_by_colour_is_our_estimate_and_asks_for_the_card() -> None:
    text = worked("valdora", "жёлтая мастерская и контракт на 6, сколько всего очков").text
    assert "оценка" in text and "Напишите" in text

"""Worked answers read the kinds of wording a fresh question set brought (holdout 4): a list ending «… и 9», places
and sectors named by ordinals («в третьем я второй»), several cards in one sentence each with its own numbers, castles
asked with a card, places or gems named one by one instead of a number, a top-up rather than a total, a tree's height
as «основание и 4 домика», and set-up counts for the whole table, per board piece, the whole deck and a number of
players a game does not allow. The phrasings are our own; every expected value comes from the games' code."""

from __future__ import annotations

import pytest
from worked_answers import bold, numbers

from bot.lookup.worked import worked
from rules.kingdom import scoring as kb
from rules.kingdom.board import SECTORS
from rules.kingdom.data import PLAYERS, SECTORS_IN_PLAY, SETTLEMENTS
from rules.sylvan import scoring as sy
from rules.sylvan.data import CARDS
from rules.valdora import scoring as vd
from rules.valdora.data import MAX_COINS

SUMS = [
    # a list of values whose last one comes after «и» or «плюс», with the score's unit after it
    ("valdora", "закрыл контракты на 3, 5 и 8 очков. сколько за них очков?", vd.contracts_points([3, 5, 8])),
    ("valdora", "контракты на 2 и 7 очков и ещё мастера четырёх цветов, сколько всего?",
     vd.contracts_points([2, 7]) + vd.masters_points(4)),
    ("sylvan", "у меня преимущество на деревьях высотой 3, 5 и 2 уровня, сколько славы?", sy.heights_fame([3, 5, 2])),
    ("kingdom", "рыбаки: у воды 4, 3 и 2 поселения в разных местах, сколько золота?", kb.gold_for("fishermen", 9)),
    # places and sectors in words
    ("kingdom", "лорды: в трёх секторах у меня больше всех, в четвёртом я второй. сколько золота?",
     3 * kb.lord_gold(1) + kb.lord_gold(2)),
    ("kingdom", "лорды: в первом секторе я на втором месте, во втором тоже второй, в третьем больше всех, в "
     "последнем меня нет. скока золота", 2 * kb.lord_gold(2) + kb.lord_gold(1)),
    # several cards in one sentence, each with its own numbers
    ("kingdom", "шахтеры, рыбаки и горожане: 5 домов у гор, 7 у воды, а самая крупная группа из 13. сколько всего?",
     kb.gold_for("miners", 5) + kb.gold_for("fishermen", 7) + kb.gold_for("citizens", 13)),
    ("kingdom", "рыцари плюс первооткрыватели: дома в 9 рядах, в самом длинном ряду 6. сколько за обе карты?",
     kb.gold_for("knights", 6) + kb.gold_for("discoverers", 9)),
    # castles with a card; a total among a card's numbers
    ("kingdom", "у одного замка мои дома, у другого тоже, всего рядом с локациями и замками 7 домов. сколько за "
     "рабочих и замки?", kb.gold_for("workers", 7) + kb.castles_gold(2)),
    # places linked named one by one, in chains
    ("kingdom", "купцы: цепочкой связаны замок и гавань, а другой цепочкой башня, ферма и оазис. сколько по купцам?",
     kb.gold_for("merchants", 5)),
    # gems named one by one; an undelivered contract scores nothing
    ("valdora", "конец игры, на снаряжении рубин, аметист и золото, и висит несданный контракт на 5. сколько очков?",
     vd.gems_points(3)),
    # a workshop's printed points said as «на ней»
    ("valdora", "белая мастерская (на ней 9), три бонуса. сколько очков вместе?", 9 + vd.bonuses_points(3)),
    # Sylvan: a tree as «основание и N домиков», a bare count beside dwellings, points scored during the round
    ("sylvan", "дерево: основание и 3 домика, я там главный. сколько за него в конце раунда?", sy.tree_fame(4)),
    ("sylvan", "мост между деревьями: на первом 2 домика, на втором 5, на обоих преимущество моё. сколько славы за "
     "мост?", sy.heights_fame([3, 6])),
    ("sylvan", "за этот раунд повесил 2 флага и построил мост между деревьями в 4 и 3 уровня, оба мои. сколько уже "
     "есть?", sy.flags_fame(2) + sy.heights_fame([4, 3])),
    ("sylvan", "в районе из 4 деревьев у меня преимущество на двух, у соперника на двух. сколько славы за район?",
     sy.region_fame(4, 2)),
    # a change rather than a total
    ("valdora", "было 4 монеты, встал на серебряную шахту. сколько добавится?", MAX_COINS - 4),
]


@pytest.mark.parametrize(("game", "question", "expected"), SUMS)
def test_fresh_wording_of_sums(game: str, question: str, expected: int) -> None:
    assert bold(game, question) == expected


def test_each_card_named_gets_its_own_line() -> None:
    answer = worked("kingdom", "рыбаки и шахтеры: 3 у воды и 8 у гор, сколько?")
    assert answer is not None
    assert "Рыбаки" in answer.text and "Шахтёры" in answer.text
    assert bold("kingdom", "рыбаки и шахтеры: 3 у воды и 8 у гор, сколько?") == kb.gold_for(
        "fishermen", 3) + kb.gold_for("miners", 8)


def test_castles_asked_with_a_card_ask_their_count() -> None:
    answer = worked("kingdom", "отшельники и замки: у меня 6 отдельных групп, сколько вместе?")
    assert answer is not None and "Напишите" in answer.text and "замк" in answer.text.lower()


def test_contracts_counted_by_colour_ask_their_points() -> None:
    answer = worked("valdora", "сдал три контракта: два белых и один серый. сколько очков за контракты?")
    assert answer is not None and "Напишите" in answer.text


SETUP = [
    ("kingdom", "нас четверо, сколько всего домиков на всех?", {SETTLEMENTS * 4}),
    ("kingdom", "сколько гексов в одном секторе поля?", {sum(len(row) for row in next(iter(SECTORS.values())))}),
    ("kingdom", "сколько клеток на всём поле?", {sum(len(row) for row in next(iter(SECTORS.values()))) *
                                                 SECTORS_IN_PLAY}),
    ("sylvan", "а всего карт в колоде сколько?", {len(CARDS)}),
    ("valdora", "в валдору вшестером можно сыграть?", {3, 5}),
    ("kingdom", "в кингдом билдер впятером сыграем?", {PLAYERS[0], PLAYERS[1]}),
    ("sylvan", "зодчих впятером можно?", {2, 4}),
]


@pytest.mark.parametrize(("game", "question", "expected"), SETUP)
def test_fresh_wording_of_setup(game: str, question: str, expected: set[int]) -> None:
    assert expected <= numbers(game, question)


def test_a_game_for_too_many_says_it_is_not_played() -> None:
    answer = worked("valdora", "в валдору вдвоём можно?")
    assert answer is not None and "не сыграть" in answer.text and answer.section == "valdora.players"
    allowed = worked("sylvan", "можно вчетвером сыграть?")
    assert allowed is not None and "Можно" in allowed.text


@pytest.mark.parametrize(("game", "question"), [
    ("valdora", "на троих можно брать 2 монеты?"),
    ("kingdom", "игра на 3"),
    ("sylvan", "сколько домиков раздают каждому и как делить на раунды?"),
])
def test_not_a_question_of_players_allowed(game: str, question: str) -> None:
    answer = worked(game, question)
    assert answer is None or "сыграть" not in answer.text and "Можно" not in answer.text

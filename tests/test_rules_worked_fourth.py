"""Worked answers read the kinds of wording a fourth fresh set brought (holdout 9), each in all three games where it
can be said: a figure claimed with no one saying it («это вроде 12 золота выходит?», «то это десять очков,
правильно?», «сто один получается?»), a claimed total after the parts it sums («это 12 и ещё 3, итого 15?»), and
things named one by one by «одно … второе … третье», words that label, not numbers. The phrasings are our own;
every expected value comes from the games' code."""

from __future__ import annotations

import re

import pytest
from worked_answers import bold, numbers

from bot.lookup.worked import CALCULATORS, worked
from bot.lookup.worked.reading import read
from rules.kingdom import scoring as kb
from rules.sylvan import scoring as sy
from rules.valdora import scoring as vd
from rules.valdora.data import COINS_TOTAL, EQUIPMENT_COST, start_coins

# (game, question, the value, the figure claimed)
CLAIMED = [
    ("kingdom", "шахтёры: у гор 7 моих домиков, это примерно 14 золота выходит?", kb.gold_for("miners", 7), "14"),
    ("kingdom", "рыбаки, у воды девять поселений, это вроде девять золота?", kb.gold_for("fishermen", 9), "9"),
    ("sylvan", "если у меня перевес в зоне из трёх деревьев то это шесть очков, правильно?", sy.region_fame(3, 1),
     "6"),
    ("sylvan", "на дереве высотой 4 у меня преимущество, это вроде 8 славы получается?", sy.tree_fame(4), "8"),
    ("valdora", "контракты на 6 и 9, мастера двух цветов. сорок пять получается?",
     vd.contracts_points([6, 9]) + vd.masters_points(2), "45"),
    ("valdora", "мастера четырёх цветов, это вроде сто очков?", vd.masters_points(4), "100"),
]


@pytest.mark.parametrize(("game", "question", "expected", "claimed"), CLAIMED)
def test_a_figure_claimed_without_a_speaker_is_checked(game: str, question: str, expected: int, claimed: str) -> None:
    answer = worked(game, question)
    assert answer is not None and answer.claimed, question
    assert bold(game, question) == expected
    line = re.sub(r"<[^>]+>", "", answer.lines[0])
    assert (f"не {claimed}" in line) == (int(claimed) != expected), line


def test_the_total_claimed_is_the_one_judged() -> None:
    """«это 12 и ещё 3, итого 15?»: the parts are the player's working, the total after «итого» is the claim."""
    question = "рыбаки и шахтёры: у воды 4 домика, у гор 3. я считаю это 4 и ещё 3, итого 7?"
    expected = kb.gold_for("fishermen", 4) + kb.gold_for("miners", 3)
    assert bold("kingdom", question) == expected
    line = re.sub(r"<[^>]+>", "", worked("kingdom", question).lines[0])
    assert "не 4" not in line and ("не 7" in line) == (expected != 7), line


def test_number_words_in_hundreds_are_one_number() -> None:
    assert [w.value for w in read("сто один") if w.value is not None] == [101]
    assert [w.value for w in read("двести двадцать пять очков") if w.value is not None] == [225]


SUMS = [
    ("sylvan", "перевес на трёх деревьях: одно высотой три уровня, второе пять, третье два. сколько славы?",
     sy.heights_fame([3, 5, 2])),
    ("sylvan", "у меня преимущество на двух деревьях одно высотой шесть второе четыре сколько за деревья",
     sy.heights_fame([6, 4])),
    ("valdora", "сдал три контракта: один на 5 очков, второй на семь, третий на 10. сколько за контракты?",
     vd.contracts_points([5, 7, 10])),
]


@pytest.mark.parametrize(("game", "question", "expected"), SUMS)
def test_one_second_third_label_the_things(game: str, question: str, expected: int) -> None:
    assert bold(game, question) == expected


# (game, question, the value, the other person's figure, the asker's figure after «а я» / «а у меня»)
ARGUED = [
    ("kingdom", "рыбаки: у воды 6 домиков. вова насчитал 12, а я 6. сколько?", kb.gold_for("fishermen", 6), "12", "6"),
    ("sylvan", "у меня перевес на дереве высотой 5. даша насчитала 10 а у меня 5. кто прав?", sy.tree_fame(5), "10",
     "5"),
    ("valdora", "мастера двух цветов. паша посчитал 40 а я 20. сколько?", vd.masters_points(2), "40", "20"),
]


@pytest.mark.parametrize(("game", "question", "expected", "theirs", "mine"), ARGUED)
def test_the_askers_own_figure_after_a_is_a_claim_of_its_own(game: str, question: str, expected: int, theirs: str,
                                                               mine: str) -> None:
    assert bold(game, question) == expected
    line = re.sub(r"<[^>]+>", "", worked(game, question).lines[0])
    assert (int(mine) == expected) == ("правы вы" in line), line
    assert f"не {mine}" not in line or int(mine) != expected, line


def test_each_height_of_a_bridge_by_po() -> None:
    """«мост между двумя деревьями по три уровня»: both trees are 3 high."""
    question = "построил мост между двумя деревьями по четыре уровня, на обоих у меня перевес. сколько за мост?"
    assert bold("sylvan", question) == sy.heights_fame([4, 4])


def test_an_argued_cost_is_computed_and_judged() -> None:
    """«… останется 4, я говорю 3. кто прав»: the cost argued about, with the verdict on both figures."""
    question = "у меня 6 монет, встал на клетку где две чужие фишки. миша говорит останется 5, я говорю 4. кто прав"
    answer = worked("valdora", question)
    assert answer is not None and answer.claimed
    left = 6 - 2 * 1  # a coin to the owner of each pawn met
    assert bold("valdora", question) == left
    assert "Правы вы, не Миша" in answer.text, answer.text


def test_the_cart_as_players_call_it() -> None:
    """«тележка» is the cart: a gem on it and one on the horse are both paid."""
    question = "кладу рубин на тележку и аметист на лошадь. сколько монет плачу?"
    assert bold("valdora", question) == EQUIPMENT_COST["cart"] + EQUIPMENT_COST["horse"]


def _allowed(game: str) -> range:
    return CALCULATORS[game].ALLOWED


@pytest.mark.parametrize(("game", "question", "asked"), [
    ("kingdom", "кингдом вроде на двоих-четверых? впятером же нельзя или путаю", 5),
    ("sylvan", "зодчие на двоих-четверых вроде? а вшестером нельзя же", 6),
    ("valdora", "валдора на троих-пятерых? вдвоём нельзя, да?", 2),
])
def test_a_range_of_players_checked_by_the_number_said_with_nelzya(game: str, question: str, asked: int) -> None:
    answer = worked(game, question)
    assert answer is not None, question
    allowed = _allowed(game)
    head = re.sub(r"<[^>]+>", "", answer.lines[0])
    assert f"от {allowed.start} до {allowed.stop - 1}" in head, head
    assert ("не сыграть" in head) == (asked not in allowed), head


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_bank_left_after_the_deal(players: int) -> None:
    word = {3: "втроём", 4: "вчетвером", 5: "впятером"}[players]
    question = f"{word} играем, после раздачи в банке монеты ещё останутся? в коробке их всего {COINS_TOTAL} вроде"
    assert COINS_TOTAL - sum(start_coins(players)) in numbers("valdora", question)


# dictated: number words, no punctuation, several things in one breath
DICTATED = [
    ("kingdom", "рабочие и отшельники у меня пять домиков рядом с локациями три отдельные кучки и стою рядом с тремя "
     "замками сколько всего золота",
     kb.gold_for("workers", 5) + kb.gold_for("hermits", 3) + kb.castles_gold(3)),
    ("sylvan", "у меня перевес на двух деревьях одно пять уровней другое два жителей там нет сколько славы за деревья",
     sy.heights_fame([5, 2])),
    ("valdora", "контракты на четыре и семь мастера двух цветов сколько всего очков",
     vd.contracts_points([4, 7]) + vd.masters_points(2)),
]


@pytest.mark.parametrize(("game", "question", "expected"), DICTATED)
def test_dictated_sums(game: str, question: str, expected: int) -> None:
    assert bold(game, question) == expected


@pytest.mark.parametrize(("game", "question"), [
    ("kingdom", "рыцари: у меня домики в четырёх разных рядах, это вроде восемь золота?"),
    ("sylvan", "флаги: повесил их на двух разных деревьях, это вроде 10 славы?"),
    ("valdora", "контракты: сдал три штуки, это вроде двадцать очков?"),
])
def test_a_claim_with_a_count_the_card_cannot_use_asks_for_its_number(game: str, question: str) -> None:
    answer = worked(game, question)
    assert answer is not None and "Напишите" in answer.text, answer and answer.text
    assert not re.search(r"<b>\D*\d", answer.lines[0]), answer.text  # nothing computed from the wrong count


PIECES = [  # «N штук» counts the thing named before it, not a thing after a preposition
    ("kingdom", "шахтёры: поселения у гор, 6 штук. сколько золота?", kb.gold_for("miners", 6)),
    ("sylvan", "флажки на жилищах, три штуки, сколько славы за них?", sy.flags_fame(3)),
    ("valdora", "в конце камни на снаряжении, 4 штуки. сколько за них очков?", vd.gems_points(4)),
]


@pytest.mark.parametrize(("game", "question", "expected"), PIECES)
def test_pieces_count_the_thing_before(game: str, question: str, expected: int) -> None:
    assert bold(game, question) == expected


@pytest.mark.parametrize(("game", "question"), [
    ("sylvan", "на дереве одна моя хижина и основание моего цвета, это считается за два?"),
    ("kingdom", "рыцари: мой домик стоит на краю поля у гор, это считается за два?"),
    ("valdora", "контракты: серый контракт без камней, только монеты, это считается за два?"),
])
def test_a_claim_with_no_score_asks_no_count(game: str, question: str) -> None:
    """«это считается за два?» asks a rule, not a sum: no worked count and no number asked for."""
    answer = worked(game, question)
    assert answer is None or "Напишите" not in answer.text and not re.search(r"<b>\D*\d", answer.text), answer.text

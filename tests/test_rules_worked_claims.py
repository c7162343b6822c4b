"""Claims at the table, in our own words (none from the question sets): a player quotes a figure someone says, or
their own, and asks who is right. The figure is never computed with: the answer is the game's own value, first,
and a verdict on the claim that agrees with it; the same for set-up counts, with the number of players said
«вдвоём», «втроём», «на троих». Also the classes of the fifth set's misses: bonus cards called «плюс 10», a category
said to be missing, castles beside a card, lone settlements, a tie in a region from each player's trees."""

from __future__ import annotations

import re

import pytest

from bot.lookup import answers
from bot.lookup.rulebook import RuleBook
from bot.lookup.worked import worked
from rules.kingdom import scoring as kb
from rules.kingdom.data import DECK_COUNTS, SETTLEMENTS
from rules.sylvan import scoring as sy
from rules.sylvan.data import FLAGS_PER_PLAYER, HAND_SIZE, playable_spots
from rules.valdora import scoring as vd
from rules.valdora.data import BONUS_CARDS


def first_line(game: str, question: str) -> str:
    answer = worked(game, question)
    assert answer is not None, question
    return re.sub(r"<[^>]+>", "", answer.lines[0])


def value(line: str) -> int:
    return int(re.match(r"\D*?(\d+)", line).group(1))


# (game, question, the value, the claimed figures, whether the claim that counts — the other person's — is right)
SUMS = [
    ("kingdom", "шахтёры: у гор 9 моих домиков, вадим насчитал 18. сколько на самом деле?",
     kb.gold_for("miners", 9), "18", False),
    ("kingdom", "рыбаки: у воды у меня 11 поселений, оля говорит одиннадцать золота, верно?",
     kb.gold_for("fishermen", 11), "11", True),
    ("kingdom", "лорды: я первый в трёх секторах. дима насчитал тридцать, а у меня выходит 36. кто прав?",
     3 * kb.lord_gold(1), "30", False),
    ("kingdom", "горожане: самая крупная кучка у меня 17 домиков. лена считает 9, а я думаю 8",
     kb.gold_for("citizens", 17), "9", False),
    ("sylvan", "дерево высотой 6, у меня на нём перевес. кирилл говорит это 12 славы, так?",
     sy.tree_fame(6), "12", False),
    ("sylvan", "в области 4 дерева, превосходство моё. маша насчитала восемь. сколько правильно?",
     sy.region_fame(4, 1), "8", True),
    ("sylvan", "повесил 2 флага на жилища, петя уверяет что за это 6 очков. сколько?",
     sy.flags_fame(2), "6", False),
    ("valdora", "сдал контракты на 6 и 11, вера насчитала 17. так?", vd.contracts_points([6, 11]), "17", True),
    ("valdora", "у меня две плюс десятки и 4 камня на снаряжении, гоша насчитал 28. сколько?",
     vd.bonuses_points(2) + vd.gems_points(4), "28", False),
    ("valdora", "мастера трёх цветов, таня говорит 20 очков, а у меня получается тридцать. кто прав",
     vd.masters_points(3), "20", False),
]


@pytest.mark.parametrize(("game", "question", "expected", "claimed", "right"), SUMS)
def test_a_claimed_sum_is_checked_not_computed_with(game: str, question: str, expected: int, claimed: str,
                                                    right: bool) -> None:
    line = first_line(game, question)
    assert value(line) == expected, line
    verdict = line.split(" — ", 1)[1].split(":", 1)[0] if " — " in line else ""
    if right:
        assert f"не {claimed}" not in verdict and ("да" in verdict or "прав" in verdict), line
    else:
        assert f"не {claimed}" in verdict or verdict.startswith("правы вы, не "), line


def test_the_asker_right_against_a_friend() -> None:
    line = first_line("kingdom", "лорды: первый в одном секторе, второй в двух. света насчитала 30, а у меня выходит "
                                 "24. сколько?")
    assert value(line) == kb.lord_gold(1) + 2 * kb.lord_gold(2)
    assert "правы вы, не Света" in line


def test_a_friend_right_against_the_asker() -> None:
    expected = kb.gold_for("citizens", 13)
    line = first_line("kingdom", f"горожане: самая большая группа 13 домиков. костя говорит {expected}, а я говорю "
                                 f"{expected + 1}. кто прав")
    assert value(line) == expected
    assert "Костя прав" in line and f"у вас не {expected + 1}" in line


def test_a_claim_with_a_count_missing_asks_for_it() -> None:
    answer = worked("kingdom", "фермеры: в двух секторах 7 и 9 домиков. рита говорит это 14, так?")
    assert answer is not None and answer.claimed
    assert "Проверить 14" in answer.text and "Напишите" in answer.text


@pytest.mark.parametrize(("game", "question", "asked"), [
    # a card named while its count is only described («целая цепочка»): its number is asked for, the claim unjudged
    ("kingdom", "у лизы вдоль гор целая цепочка домиков, шахтёры на столе, плюс два замка. федя говорит у неё 6. "
                "сколько у неё?", "Сколько поселений у гор?"),
    # a bridge with the advantage on both trees and the height of one
    ("sylvan", "марина поставила мост между двумя деревьями, преимущество у неё на обоих, одно дерево пять уровней. "
               "стас говорит ей 5 очков. сколько ей положено?", "какой высоты второе?"),
])
def test_a_claim_is_never_confirmed_while_a_number_is_missing(game: str, question: str, asked: str) -> None:
    answer = worked(game, question)
    assert answer is not None and asked in answer.text and "прав" not in answer.text
    assert answer.text.startswith("Проверить ") and "Всего" not in answer.text  # a part is not the whole


def test_asked_to_count_is_no_claim() -> None:
    """«посчитайте: …» asks for the sum; «юля посчитала 36» is a claim."""
    text = worked("sylvan", "посчитайте: повесил 3 флага, мост между деревьями высотой 2 и 3, оба мои. сколько всего "
                            "за это?").text
    assert text.startswith(f"<b>Всего {sy.flags_fame(3) + sy.heights_fame([2, 3])} ") and "Нет, не" not in text
    assert "Юля ошибается" in worked("kingdom", "шахтеры 5 поселений у гор, юля посчитала 36, кто прав").text
    # «помогите посчитать:» asks too: its numbers are counts, not a figure someone said
    helped = worked("kingdom", "помогите посчитать: рыбаки 4 домика у воды, отшельники 3 группы. всего сколько")
    assert helped.text.startswith(f"<b>Всего {4 + 3} ") and "Нет, не" not in helped.text


def test_the_claimed_number_never_enters_the_sum() -> None:
    """The same sum with and without a friend's figure: the same value."""
    plain = first_line("valdora", "контракты на 3, 5 и 12, мастера двух цветов. сколько очков?")
    argued = first_line("valdora", "контракты на 3, 5 и 12, мастера двух цветов. саша насчитал 45. сколько очков?")
    assert value(plain) == value(argued) == vd.contracts_points([3, 5, 12]) + vd.masters_points(2)


def test_a_yes_no_claim_gets_no_second_verdict() -> None:
    """The claim's own «да»/«нет» stands; the situations' verdict is not put before it."""
    reply = answers.question_reply(RuleBook.load(), "у меня 5 домиков у гор, шахтёры. коля говорит это 10 золота, "
                                                    "правда?", "kingdom")
    head = re.sub(r"<[^>]+>", "", reply.text.split("📖", 1)[0]).strip()
    assert head.startswith(str(kb.gold_for("miners", 5))), head


# set-up counts in the argument form: (game, question, the count that must be stated, a wrong figure claimed)
SETUP = [
    ("kingdom", "играем втроём, лиза говорит что поселений у каждого по 30. сколько их?", SETTLEMENTS, "30"),
    ("kingdom", "миша уверяет что в колоде местности по 4 карты каждого вида. сколько там всего?",
     sum(DECK_COUNTS.values()), "4"),
    ("sylvan", "на троих садимся, дима говорит ставим 20 деревьев. сколько надо?", len(playable_spots(3)), "20"),
    ("sylvan", "вдвоём играем, катя уверяет что флажков у каждого 12. сколько на самом деле?", FLAGS_PER_PLAYER, "12"),
    ("sylvan", "юра говорит что в начале раздают по 5 карт каждому. сколько карт в руку?", HAND_SIZE, "5"),
    ("valdora", "гена говорит что бонусных карт 20 штук. сколько их в игре?", BONUS_CARDS, "20"),
]


@pytest.mark.parametrize(("game", "question", "expected", "claimed"), SETUP)
def test_a_claimed_setup_count_is_answered_and_judged(game: str, question: str, expected: int, claimed: str) -> None:
    answer = worked(game, question)
    assert answer is not None, question
    text = re.sub(r"<[^>]+>", "", answer.text)
    assert str(expected) in re.findall(r"\d+", text.split("\n")[0]), text
    assert f"не {claimed}" in text, text


def test_a_right_setup_claim_is_confirmed() -> None:
    text = worked("sylvan", f"вчетвером, олег говорит флагов у каждого {FLAGS_PER_PLAYER}. так сколько?").text
    assert "Олег прав" in text


def test_players_in_a_claim_are_not_the_table() -> None:
    """«как на четверых» in what someone says is not the number of players at the table («вдвоём»)."""
    text = worked("sylvan", "играем вдвоём, вова говорит ставим деревья как на четверых. сколько деревьев?").text
    assert str(len(playable_spots(2))) in text and str(len(playable_spots(4))) not in text.split("\n")[0]


def test_bonus_cards_called_by_their_points() -> None:
    for said in ("3 карты плюс 10", "три плюс десятки", "3 карточки +10"):
        line = first_line("valdora", f"{said} и 2 камня на снаряжении, сколько очков")
        assert value(line) == vd.bonuses_points(3) + vd.gems_points(2), line


def test_a_category_said_to_be_missing_adds_nothing() -> None:
    line = first_line("valdora", "контракты на 4 и 9, мастерских нет, камней на картах нет, сколько очков")
    assert value(line) == vd.contracts_points([4, 9]), line


def test_castles_count_the_castles_not_the_settlements_at_one() -> None:
    line = first_line("kingdom", "рыбаки: 6 домиков у воды, ещё мои рядом с 2 замками, у одного замка 3 моих. скока "
                                 "всего")
    assert value(line) == kb.gold_for("fishermen", 6) + kb.castles_gold(2), line


def test_a_tie_in_a_region_from_each_players_trees() -> None:
    line = first_line("sylvan", "в области 6 деревьев, у меня перевес на трёх, у лёши тоже на трёх. сколько мне?")
    assert value(line) == sy.region_fame(6, 2), line
    fewer = first_line("sylvan", "в области 6 деревьев, у меня перевес на одном, у лёши на трёх. сколько мне?")
    assert value(fewer) == 0, fewer


@pytest.mark.parametrize(("game", "question"), [
    ("sylvan", "флаг который на мост вешаешь тоже +5 даёт?"),
    ("sylvan", "за флаг на мосту тоже 5 очков дают?"),
    ("kingdom", "лорды дают 12 золота за первое место?"),
])
def test_a_yes_no_question_with_a_figure_is_not_worked_as_a_sum(game, question):
    found = worked(game, question)
    assert found is None or "×" not in found.text, found.text
    assert worked("sylvan", "повесил 3 флага, сколько очков?") is not None  # with «сколько» it is one


def test_the_asker_s_own_figure_before_the_verb_is_checked() -> None:
    """«это 6 получается?»: the asker's figure said before «получается», checked and never added in."""
    assert worked("kingdom", "шахтёры, у меня 6 домиков у гор, это 6 получается?").text.startswith(
        f"<b>{kb.gold_for('miners', 6)} золота</b> — да, у вас верно")
    text = worked("kingdom", "шахтёры, у меня 6 домиков у гор, это 7 выходит?").text
    assert text.startswith(f"<b>{kb.gold_for('miners', 6)} золота</b> — нет") and "6 + 7" not in text


@pytest.mark.parametrize(("game", "question", "expected"), [
    # the rule as the player remembers it («за флаг вроде 5», «по монетке за дом») is no count
    ("sylvan", "я в один ход повесил флаг на домик, а потом положил мост между этим деревом и соседним, на обоих у "
               "меня перевес, там 3 и 4 уровня. за флаг вроде 5, а сколько всего вышло за ход?",
     sy.flags_fame(1) + sy.heights_fame([3, 4])),
    ("kingdom", "кажется шахтёры дают по 1 за дом у гор. у меня 6 домиков у гор, сколько золота?",
     kb.gold_for("miners", 6)),
    # a thing named once in the singular beside numbers of others is one; on the bridge it scores nothing
    ("sylvan", "этим ходом повесил флаг, потом кинул мост между деревьями в 4 и в 3 уровня, на обоих у меня больше "
               "всех. сколько всего очков за ход", sy.flags_fame(1) + sy.heights_fame([4, 3])),
    ("sylvan", "поставил мост между деревьями в 5 и 3 уровня, на обоих я лидирую, и повесил на мост свой флаг. "
               "сколько всего?", sy.heights_fame([5, 3])),
])
def test_a_remembered_rate_and_a_single_thing(game: str, question: str, expected: int) -> None:
    assert value(first_line(game, question)) == expected

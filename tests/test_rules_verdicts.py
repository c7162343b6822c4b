"""«Да» or «Нет» first for a yes/no question about a situation (`bot.lookup.verdicts`, `rules/<game>/verdicts.txt`)."""

from __future__ import annotations

import doctest
import re

import pytest

from bot.lookup import answers, deciding, verdicts, yes_no
from bot.lookup.rulebook import RULES_FOLDER, RuleBook
from bot.lookup.verdicts import VERDICTS, read_situations, read_situations_text, verdict
from bot.lookup.yes_no import asking_clause, asks_yes_no


@pytest.fixture(scope="module")
def book():
    return RuleBook.load()


def said(book: RuleBook, question: str, current: str | None = None) -> bool | None:
    """The verdict the answer to a question gives: True («Да»), False («Нет») or None."""
    _, words, found = answers.lookup(book, question, current)
    found_verdict = verdict(book, words, found)
    return None if found_verdict is None else found_verdict.situation.yes


def test_every_line_names_an_existing_section_of_its_game_and_a_verdict(book):
    for game in book.games:
        path = RULES_FOLDER / game / verdicts.FILE_NAME
        lines = [line for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith("#")]
        assert len(lines) >= 40, game  # every rule a yes/no question can ask, in pairs
        for line in lines:
            section, word, situation, reason = (part.strip() for part in line.split("|"))
            assert section.startswith(game + ".") and book.section(section) is not None, line
            assert word in VERDICTS and situation and reason.endswith("."), line


def test_the_files_hold_both_verdicts_and_no_situation_twice(book):
    situations = read_situations(RULES_FOLDER, list(book.games))
    for game in book.games:
        mine = [s for s in situations if s.section.startswith(game + ".")]
        assert {s.yes for s in mine} >= {True, False}, game
    texts = [s.text.lower() for s in situations]
    assert len(set(texts)) == len(texts)


def test_a_malformed_line_is_refused():
    with pytest.raises(ValueError):
        read_situations_text("sylvan.axe | может быть | можно топором? | Не знаю.")
    with pytest.raises(ValueError):
        read_situations_text("sylvan.axe | нет | можно топором снять основание?")


@pytest.mark.parametrize(("question", "current", "yes"), [
    ("у меня два поселения в линию, сработает таверна?", None, False),
    ("у меня три поселения в линию, таверной можно продолжить?", None, True),
    ("можно сыграть ферму дважды за один ход?", None, False),
    ("разные жетоны, ферма и оазис, можно оба за ход?", None, True),
    ("новый жетон можно сыграть сразу?", None, False),
    ("жетон полученный в прошлый ход можно сыграть сейчас?", None, True),
    ("мост по диагонали можно?", None, False),
    ("мост через реку можно?", None, True),
    ("можно поставить домик на дерево где стоит верхушка?", None, False),
    ("можно поставить верхушку на дерево высотой 6?", None, True),
    ("можно ли ставить второй свой флаг на одно дерево?", None, False),
    ("можно ли молотком переносить своё верхнее жилище на другое дерево?", None, True),
    ("топором можно снять основание?", None, False),
    # pairs that read almost alike, told apart by the words that decide
    ("у меня провиант, за один ход можно пройти сквозь два города?", "valdora", False),
    ("у меня провиант, за один ход можно пройти сквозь один город?", "valdora", True),
    ("без еды могу проскочить через город?", "valdora", False),
    ("у меня нет денег, можно встать на серебряную шахту к чужой фишке?", "valdora", True),
    ("у меня одна монета, а на месте стоят двое чужих, можно остановиться?", "valdora", False),
    # the setting a question adds does not keep its situation from it
    ("я на дороге с изумрудами, свободна только телега и 1 монета, можно положить изумруд на телегу?", "valdora",
     False),
    # the partner of a situation in the next section found
    ("у меня 6 монет, пришёл на шахту, можно добрать ещё?", "valdora", False),
    ("во втором раунде ходят против часовой стрелки?", None, True),
    ("рабочие дают золото за поселение рядом с замком?", None, True),
])
def test_minimal_pairs_get_their_verdicts_both_ways(book, question, current, yes):
    assert said(book, question, current) is yes


@pytest.mark.parametrize("question", [
    "сколько стоит телега",
    "что делает топор",
    "ферма строит на равнине или на лугу",
    "куда мне идти без денег",
    "я в центральном городе стою, что тут можно сделать",
    "на какое дерево можно ставить домик, на любое?",
])
def test_a_question_that_is_not_a_yes_no_question_gets_none(book, question):
    assert not asks_yes_no(question)
    assert said(book, question) is None


@pytest.mark.parametrize("question", [
    "можно ли держать карты снаряжения справа от искателя?",
    "можно ли играть в валдору на улице?",
    "у меня два жетона фермы с двух локаций, можно оба за ход?",  # the table's reading decides: «спорно»
    "на дороге два золота лежат а у меня только лоток, оба не взять?",  # «не»: a «Нет» would answer it ambiguously
])
def test_a_question_close_to_no_written_situation_gets_none(book, question):
    assert asks_yes_no(question)
    assert said(book, question) is None


def test_a_question_that_turns_its_situation_gets_no_verdict_of_it(book):
    """«против часовой» against «по часовой», «без» against «с»: the nearest situation must say what the question
    turns, or its verdict would be the opposite one."""
    assert deciding.flips("в раунде против часовой?") == {"против"}
    assert deciding.flips("можно остановиться или нет") == frozenset()  # «или нет» asks, it does not negate
    assert deciding.flips("встал где стоят двое") == {"два"}
    assert said(book, "во втором раунде ходят по часовой?") is False


def test_a_named_thing_is_a_noun(book):
    """A doing word a section is titled by («купить», «сдать») does not set a situation apart; a thing does."""
    found = verdicts.situations(book)
    assert not found._named(book.index.synonyms.concept("купить"), "valdora")
    assert found._named(book.index.synonyms.concept("телега"), "valdora")


def test_the_yes_no_form():
    assert asks_yes_no("могу остановиться или нет")
    assert asks_yes_no("можно ли взять провиант")
    assert asks_yes_no("сосед только что получил жетон и сразу им сыграл, так вообще можно??")
    assert asks_yes_no("кто-нибудь ещё ходит?")
    assert not asks_yes_no("если по очкам ничья кто выигрывает")


def test_the_answer_says_the_verdict_in_bold_first_then_the_section(book):
    reply = answers.question_reply(book, "у меня ферма и оазис, могу оба за ход?")
    first, rest = reply.text.split("\n\n", 1)
    assert re.fullmatch(r"<b>Да\.</b> \S.+", first)
    assert rest.startswith("📖 <b>Дополнительные действия</b>")
    reply = answers.question_reply(book, "у меня два домика в ряд, таверна сработает?")
    assert reply.text.startswith("<b>Нет.</b> ") and "\n\n📖 <b>Таверна</b>" in reply.text
    plain = answers.question_reply(book, "что делает топор")
    assert plain.text.startswith("📖")


def test_the_terminal_shows_the_same_verdict():
    from bot.__main__ import rules_answer

    assert rules_answer("у меня ферма и оазис, могу оба за ход?").startswith("Да. ")


def test_the_module_examples_hold():
    assert doctest.testmod(verdicts).failed == 0 and doctest.testmod(yes_no).failed == 0


@pytest.mark.parametrize(("question", "current", "wrong"), [
    ("с провизией можно пробежать через три города за ход?", "valdora", True),  # not «через город»
    ("во втором раунде ходят против часовой?", "sylvan", False),  # not «по часовой»
    ("рыбаки считают дом у воды?", "kingdom", False),  # not «на воде»
    ("первооткрыватели дают золото за ряд с одним моим поселением?", "kingdom", False),
    ("если ход пропустили, моя фишка остаётся на месте?", "valdora", False),
    ("башней можно строить на краю?", "kingdom", False),  # not «на воду на краю»
    # the same situation asked the other way round has its own pair
    ("еда пропадает после того как прошёл город?", "valdora", False),
    ("рыцари считают только один ряд?", "kingdom", False),
    ("рядом с локацией остался ещё мой домик, жетон мой?", "kingdom", False),
    ("пустая книга, город всё ещё город?", "valdora", False),
    ("нужен флаг для моста?", "sylvan", False),
    ("скок контрактов можно иметь на руках", "valdora", False),  # asks how many
    ("скок контрактов можно иметь на руках", "valdora", True),
])
def test_a_paraphrase_never_gets_the_opposite_verdict(book, question, current, wrong):
    assert said(book, question, current) is not wrong


def test_the_asking_clause_is_told_apart_from_the_story():
    """The story before the question («у меня три домика в ряд …», «рита говорит нельзя.») asks nothing itself."""
    assert asking_clause("у меня три домика в ряд. рита говорит нельзя. а с другого конца можно?") == (
        "а с другого конца можно?")
    assert asking_clause("у меня нет провианта, могу пройти через город?") == "могу пройти через город?"
    assert asking_clause("можно в свой ход не строиться? карта неудобная") == "можно в свой ход не строиться?"


def test_how_many_and_what_next_are_no_yes_no_questions():
    assert not asks_yes_no("играем втроем, скольких мастеров убираем?")
    assert not asks_yes_no("колода кончилась, дальше что?")
    assert asks_yes_no("так можно или как?")


@pytest.mark.parametrize(("question", "current", "yes"), [
    # a close rival that says the question's deciding word («ещё через один») keeps the plain «с провиантом» away
    ("у меня провиант, прошёл через город, могу дальше ещё через один?", "valdora", False),
    # a kind the situation says («от локации») is said by the thing the question names («от оазиса»)
    ("амбаром убрал последнее своё поселение от оазиса, жетон остаётся у меня?", None, False),
    ("на дереве висит мой флаг, кладу ещё домик того же стиля, можно второй флаг?", None, False),
])
def test_stories_and_rivals(book, question, current, yes):
    assert said(book, question, current) is yes


def test_another_player_by_kin_is_someone_else():
    assert "чужой" in deciding.flips("а брат хочет туда же свой мост")


@pytest.mark.parametrize("question", [
    # a relative clause in the middle of its sentence tells the story: «куда», «что и моё»
    "у меня одна монета. на доме клиента, куда я хочу пойти, стоят двое. могу ли я там остановиться?",
    "ставлю жилище на дерево, у которого основание того же стиля, что и моё, и ниже ещё такое же. имею ли я право "
    "повесить флаг?",
    # a question word beside a clause that asks for a yes or a no: «где стоят двое, можно встать?»
    "где стоят двое, можно туда встать?",
    # asked again, not a choice: «…нельзя? или всё-таки можно?»
    "в валдоре вроде нельзя в один ход купить кирку и сразу накопать? или всё-таки можно",
    "можно с провиантом проскочить два города подряд? там же через сколько угодно городов можно",
    "хочу сначала срубить топором а потом уже домик поставить так мржно",  # «можно» with a slip
])
def test_the_story_told_around_a_yes_no_question_leaves_it_one(question):
    assert asks_yes_no(question)


def test_what_the_story_says_does_not_turn_the_question(book):
    """«не только» adds, it does not negate; the mood is the asking clause's («минимум трое нужно» in a friend's
    mouth does not make «вдвоём можно играть?» a «должен» question); «оба» asks as much as «ещё один»."""
    assert deciding.flips("можно провиант брать не только в городах с книгами?") == frozenset()
    assert said(book, "валдора на двоих: серёжа говорит норм играется, маша что минимум трое нужно. мы вдвоём можем "
                      "сыграть?") is not True  # the gate may hold back on the two claims; it never says «Да»
    assert said(book, "маша говорит минимум трое нужно. в валдору вдвоём можно играть?") is not True
    assert said(book, "в валдору вдвоём можно играть?") is False
    # the asking clause names the desert and the plains, the situation the farm and the oasis: the gate holds back
    # (`Situations.swapped`), but never says «Нет»
    assert said(book, "в этом ходу у меня есть жетоны оазиса и фермы. могу ли я использовать оба: построить поселение "
                      "в пустыне и ещё одно на равнине?") is not False
    assert said(book, "в этом ходу у меня есть жетоны оазиса и фермы. могу ли я использовать оба?") is True


@pytest.mark.parametrize("question", [
    "у меня 0 монет мжн на шахту где уже трое стоят",  # «можно» as a thumb types it
    "в волшебной долине на пустой пень сразу крышку кинуть мжн",
    "а домик на гору низя?",
    # a story sentence ended by a full stop asks nothing, whatever word opens its clause
    "я остановился на участке дороги, где лежат 2 золота. у меня свободны лоток и телега. могу ли я забрать оба?",
    "у марины кончились домики. гриша говорит всё, юля — что третий ещё ходит. доходим круг или нет?",
    "на дороге уже торчат три фишки, как будто сговорились. могу я туда встать?",
    # «, или оба сразу разрешено?» asks again; «сколько есть» asks no number
    "у меня топор и молоток, помню что за ход только одну штуку можно, или оба сразу разрешено?",
    "у меня одна монета, а там двое. могу ли я там остановиться, отдав сколько есть?",
])
def test_hurried_and_told_yes_no_questions_are_yes_no_questions(question):
    assert asks_yes_no(question)


@pytest.mark.parametrize("question", [
    "куда можно поставить домик. где лежат жетоны",  # no question mark: the question words still ask
    "сколько есть у меня монет?",
    "можно на равнину или на луг?",
])
def test_what_still_asks_something_else(question):
    assert not asks_yes_no(question)


def test_the_shipped_gate_is_reproduced():
    """`bot/lookup/verdict_weights.json` is what `tests/train_verdicts.py` learns from the sets and situations now."""
    from tests import train_verdicts

    with pytest.raises(SystemExit) as stop:
        train_verdicts.main(["--check"])
    assert stop.value.code == 0


def test_the_hand_gates_decide_alone_without_a_learned_gate(book):
    """`Situations` without a gate says what the hand-made gates say; the shipped gate says at least those verdicts
    on a clear pair, and the same."""
    bare = verdicts.Situations(book, read_situations(RULES_FOLDER, list(book.games)), None)
    shipped = verdicts.situations(book)
    for question in ("у меня нет провианта, могу пройти через город и пойти дальше?",
                     "у меня есть провиант, могу пройти через город и пойти дальше?"):
        _, words, found = answers.lookup(book, question, "valdora")
        hand, learned = bare.verdict(words, found), shipped.verdict(words, found)
        assert hand is not None and learned is not None
        assert hand.situation.yes == learned.situation.yes == ("есть" in question)


@pytest.mark.parametrize(("question", "claim"), [
    ("коля говорит что можно строить на горах, а лиза что нельзя. кто прав?", "можно строить на горах"),
    ("у нас спор. таня уверена, что молотком переносят чужие домики, а я что только свои. кто из нас прав?",
     "молотком переносят чужие домики"),
    ("по-моему так нельзя, кто прав", "так нельзя"),
    ("рома считает провиант бесплатный, оля — что за монету. прав ли рома?", "провиант бесплатный"),
])
def test_a_dispute_reads_its_first_claim(question, claim):
    argument = yes_no.argued(question)
    assert argument is not None and argument.claim == claim and asks_yes_no(question)
    assert yes_no.affirmed(claim) in argument.told and "кто" not in argument.told


def test_no_dispute_without_a_claim_or_a_who_is_right():
    assert yes_no.argued("кто прав и сколько их вообще?") is None  # nobody said anything
    assert yes_no.argued("коля говорит что можно строить на горах") is None  # nobody asks who is right


def test_a_dispute_is_settled_on_its_first_claim(book):
    """The first claim is judged, said back in quotes; a «нельзя» of a situation asked with «можно» is true where
    the situation's answer is «Нет»; a bare statement («за тачку я уже платил») is no claim a situation settles."""
    wrong = answers.question_reply(book, "дима говорит что молотком можно перенести чужой домик, а я что только свой. "
                                         "кто прав?", "sylvan").text
    assert wrong.startswith("<b>Нет</b>, «молотком можно перенести чужой домик» — неверно.")
    right = answers.question_reply(book, "саша говорит что нельзя перенести молотком чужой домик, а вера что можно. "
                                         "кто прав?", "sylvan").text
    assert right.startswith("<b>Да</b>, «нельзя перенести молотком чужой домик» — верно.")
    bare = answers.question_reply(book, "на тачке лежал рубин, я его выкинул и положил изумруд бесплатно, сказал что "
                                        "за тачку я уже платил. кто прав?", "valdora").text
    assert not bare.startswith(("<b>Да", "<b>Нет"))  # what loading costs, computed, but no verdict


@pytest.mark.parametrize(("question", "current", "wrong"), [
    # the steps in the other order: «сначала поставить, потом срубить» is no answer to «сначала срубить»
    ("у меня топор, могу сначала срубить чужой домик, а потом поставить свой?", "sylvan", True),
    # the asking clause's own things: a meadow far away, not a mountain beside one's own (named only in the story)
    ("у меня карта луга, рядом с моими только лес и горы. могу поставить на луг подальше от своих?", "kingdom",
     False),
    # another's piece is not one's own: the barn moves only one's own settlement
    ("амбаром могу переставить домик соседа?", "kingdom", True),
])
def test_a_situation_of_other_steps_things_or_owners_gives_no_verdict(book, question, current, wrong):
    assert said(book, question, current) is not wrong


def test_the_steps_a_text_orders(book):
    found = verdicts.situations(book)
    assert found.first_step("могу сначала рубить, потом ставить?") & found.first_step("сначала срубить топором")
    assert not found.first_step("могу сначала рубить?") & found.first_step("сначала поставить домик")
    assert found.first_step("можно срубить и поставить?") == frozenset()  # no order said

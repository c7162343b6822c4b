"""Questions written the way English-edition players and two people at one phone write them (our own wordings, none
from the question sets): English words in a Russian sentence (`bot.lookup.latin`), and two questions in one message
(`bot.lookup.second_question`)."""

from __future__ import annotations

import pytest
from test_rulebook_words import first

from bot.lookup import answers
from bot.lookup.latin import from_latin, glossary, translated
from bot.lookup.rulebook import RuleBook
from bot.lookup.second_question import split_questions
from bot.lookup.terms import lemma, normalise


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def test_every_glossary_word_is_a_word_of_the_rules(book):
    """The glossary says English in our reference's words: each of its Russian words is one the texts or the
    synonyms place, or it would say nothing the search can use."""
    index = book.index
    for russian in set(glossary().values()):
        assert any(index.in_texts(t) for w in normalise(russian) for t in index.synonyms.word_terms(lemma(w))), russian


def test_english_words_are_said_in_the_rules_words():
    assert translated("у меня paddock, могу jump?") == "у меня пастбище, могу передвинуть?"
    assert translated("кладу tiles face down") == "кладу тайл рубашкой вверх"  # a plural, a phrase
    assert translated("ставлю tavern'ом ещё одно") == "ставлю таверна ещё одно"  # a case ending after «'»
    assert translated("сколько сеттлментов у каждого") == "сколько поселение у каждого"  # English in Cyrillic
    assert translated("face и down") == "face и down"  # a phrase's words stand together
    assert from_latin("can I взять gem с road?") == "can I взять драгоценность с дорога?"  # the rest stays English


@pytest.mark.parametrize(("question", "current", "section"), [
    ("how many gold за castle в конце?", None, "kingdom.castles"),
    ("мой hammer может move чужой dwelling?", None, "sylvan.hammer"),
    ("сколько стоит flip страницы в book", None, "valdora.flip"),
    ("если draw нечего, deck пустой — что делать?", "sylvan", "sylvan.deck"),
    ("что даёт oracle tile", None, "kingdom.oracle"),
])
def test_a_question_with_english_words_finds_its_section(book, question, current, section):
    assert first(book, question, current) == section


def test_english_places_and_words_are_counted(book):
    """A sum told in English words: places by their English ordinals, contracts and gems by the English edition's."""
    lords = answers.question_reply(book, "lords: в одном секторе я first, во втором second, в третьем third. сколько "
                                         "total gold?", "kingdom").text
    assert lords.startswith("<b>18 золота</b>")  # 12 + 6 and nothing for the third place
    scored = answers.question_reply(book, "endgame: completed contracts на 4 и 6, 2 gems на equipment. сколько total?",
                                    "valdora").text
    assert scored.startswith("<b>Всего 12 очков</b>")


@pytest.mark.parametrize(("message", "asked"), [
    ("можно ли молотком двигать мост? а я ещё хочу узнать, сколько всего флагов", "можно ли молотком двигать мост?"),
    ("кто ходит первым? и ещё муж спрашивает, сколько карт в руке", "кто ходит первым?"),
    ("сколько стоит телега? и второе — где покупают лошадь", "сколько стоит телега?"),
])
def test_a_second_question_is_split_off(message, asked):
    first_one, second = split_questions(message)
    assert first_one == asked and second


@pytest.mark.parametrize("message", [
    "у меня самая длинная линия из 6 и ещё одна из 4, сколько золота?",  # «ещё одна»: data of the same question
    "хочу сначала снести чужой домик, а потом поставить свой. можно?",  # a sequence of one move
    "у меня карта с мостом, и ещё две карты с верхушками. могу собрать верхушку?",  # no question before «и ещё»
    "а я ещё хочу узнать про мосты",  # one question, however it opens
])
def test_one_question_stays_whole(message):
    assert split_questions(message) == (message, None)


def test_the_first_question_is_answered_and_the_second_offered(book):
    reply = answers.question_reply(book, "можно ли сдать два контракта одному клиенту за ход? а я ещё хочу узнать, "
                                         "что делать если мастера этого цвета кончились", "valdora")
    assert reply.text.startswith("<b>Да.</b>") or "Сдача контракта" in reply.text.split("\n\n")[0]
    assert "❓ На второй вопрос отвечает раздел «Мастера»" in reply.text
    assert reply.buttons[0][0].text == "❓ Мастера" and reply.buttons[0][0].data.endswith("valdora.masters")


def test_the_examples_in_the_docstrings_hold():
    import doctest

    from bot.lookup import latin, second_question

    assert doctest.testmod(latin).failed == 0 and doctest.testmod(second_question).failed == 0

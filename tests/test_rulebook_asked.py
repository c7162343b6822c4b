"""The questions players would ask, written per section of the references (`rules/<game>/asked.txt`, our own
writing from the rulebooks and the sections, not from the question sets) and read by the search as extra, lighter
text of their section (`bot.lookup.asked`)."""

from __future__ import annotations

import pytest

from bot.lookup import rulebook as rulebook_module
from bot.lookup.asked import FILE_NAME, read_asked, read_asked_text
from bot.lookup.rulebook import RULES_FOLDER, RuleBook


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def test_every_section_of_every_game_has_six_to_thirty_questions_of_our_own(book):
    asked = read_asked(RULES_FOLDER, list(book.games))
    for game in book.games:
        first = (RULES_FOLDER / game / FILE_NAME).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("#") and "наш текст" in first, first  # marked as our own writing
        for section in book.sections(game):
            questions = asked.get(section.id, [])
            assert 6 <= len(questions) <= 30, (section.id, len(questions))
            assert len(set(questions)) == len(questions), section.id
    assert set(asked) == {s.id for game in book.games for s in book.sections(game)}


def test_the_asked_questions_find_their_own_section(book):
    """Each asked question, its game given, finds its section first (a few fit a neighbour just as well: «кто
    ходит первым во втором раунде» is the first player's section and the second round's) and always in the top 3."""
    asked = read_asked(RULES_FOLDER, list(book.games))
    first = within = total = 0
    for section, questions in asked.items():
        for question in questions:
            found = [s.id for s in book.search(question, game=section.split(".")[0], limit=3)]
            first += found[:1] == [section]
            within += section in found
            total += 1
    assert first >= 0.95 * total and within >= 0.99 * total, (first, within, total)


def _without_asked(book: RuleBook) -> RuleBook:
    """The same references and synonyms, no asked questions, and so neither the model that learned them
    (`bot.lookup.model`) nor the re-ranking learned with that model."""
    plain = RuleBook(book.games, [s for game in book.games for s in book.sections(game)], book.index.synonyms.groups)
    plain.model = plain.reranker = None
    return plain


@pytest.mark.parametrize(
    ("question", "section"),
    [
        # paraphrases of asked questions, in words the section does not use
        ("сколько домиков влезает на дерево", "sylvan.trees"),  # not the points of a tree
        ("стратегия для валдоры", "valdora.tips"),  # «стратегия» is nowhere in the reference
        ("можно ли выкинуть ненужный заказ", "valdora.return"),
        ("как перепрыгнуть гору", "kingdom.paddock"),  # not the miners' mountains
    ],
)
def test_a_question_near_an_asked_one_finds_its_section_where_the_text_alone_did_not(book, question, section):
    assert book.search(question)[0].id == section
    plain = _without_asked(book).search(question)
    assert not plain or plain[0].id != section


def test_a_word_only_the_asked_questions_use_is_known_to_the_search(book):
    # «стратегия»: in no reference or synonym, only in an asked question of Валдора's tips
    assert "стратегия" in book.index.idf and "стратегия" not in _without_asked(book).index.idf
    assert book.index.game_df["стратегия"] == {"valdora": 1}
    assert book.rank("стратегия").confident and not _without_asked(book).rank("стратегия").confident


def test_a_word_shared_with_a_short_asked_question_is_not_enough(book):
    # «можно ли играть вдвоём» asks about two players; standing two on one space is about meetings and building
    found = book.search("можно ли стоять вдвоём на одной клетке")
    assert found[0].id in {"valdora.meeting", "kingdom.building"}, [s.id for s in found]


def test_bad_lines_and_unknown_sections_are_refused(book, tmp_path):
    with pytest.raises(ValueError, match="section-id: question"):
        read_asked_text("valdora.setup откуда все стартуют")
    with pytest.raises(ValueError, match="section-id: question"):
        read_asked_text("valdora.setup:   ")
    sections = [s for game in book.games for s in book.sections(game)]
    with pytest.raises(ValueError, match="valdora.nothing"):
        RuleBook(book.games, sections, [], {"valdora.nothing": ["что это"]})
    assert read_asked(tmp_path, ["valdora"]) == {}  # a game without the file has no asked questions


def test_the_book_is_built_once_for_the_same_texts(book, tmp_path):
    assert RuleBook.load() is RuleBook.load()
    for game in ("valdora",):
        (tmp_path / game).mkdir()
        (tmp_path / game / "reference.md").write_text(
            "# Валдора\n\n## Провиант {#valdora.provisions}\nПровиант берут в городе.\n", encoding="utf-8")
    small = RuleBook.load(tmp_path)
    assert small is RuleBook.load(tmp_path) and [s.id for s in small.sections("valdora")] == ["valdora.provisions"]
    (tmp_path / "valdora" / FILE_NAME).write_text("# наш текст\nvaldora.provisions: где взять еду\n",
                                                  encoding="utf-8")
    changed = RuleBook.load(tmp_path)  # the texts changed: a new book that knows the asked question
    assert changed is not small and changed.search("где взять еду")[0].id == "valdora.provisions"
    assert small.search("где взять еду") == []
    rulebook_module._LOADED.clear()  # the next test loads the real references again


def test_the_asked_module_examples_hold():
    import doctest

    from bot.lookup import asked

    assert doctest.testmod(asked).failed == 0

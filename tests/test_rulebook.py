"""The rule-search engine (`bot.rulebook`): the reference texts' structure, Russian word forms, typos, game names,
and the answer quality over the realistic player questions in `tests/rules_questions.json`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.rulebook import RuleBook, Section
from rules.valdora import SECTIONS as VALDORA_SECTIONS

QUESTIONS = json.loads((Path(__file__).parent / "rules_questions.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def ids(sections: list[Section]) -> list[str]:
    return [s.id for s in sections]


# ---- structure ---------------------------------------------------------------------------------------------------


def test_three_games_in_a_stable_order(book):
    assert list(book.games) == ["valdora", "sylvan", "kingdom"]
    assert book.games["valdora"] == "Валдора"
    assert book.games["sylvan"] == "Зодчие Волшебной Долины"
    assert book.games["kingdom"] == "Kingdom Builder"


def test_every_section_is_well_formed(book):
    seen = set()
    for game, title in book.games.items():
        sections = book.sections(game)
        assert sections, game
        for s in sections:
            assert re.fullmatch(rf"{game}\.[a-z0-9]+(-[a-z0-9]+)*", s.id), s.id
            assert s.id not in seen, f"duplicate id {s.id}"
            seen.add(s.id)
            assert s.game == game and s.game_title == title
            assert s.title.strip(), s.id
            assert s.text.strip(), s.id
            assert len(s.text) < 1000, f"{s.id} is {len(s.text)} characters long"
            assert book.section(s.id) is s


def test_valdora_reference_covers_the_ids_the_engine_cites(book):
    missing = [sid for sid in VALDORA_SECTIONS if book.section(sid) is None]
    assert not missing


def test_sections_and_neighbours_follow_the_file_order(book):
    valdora = book.sections("valdora")
    assert valdora[0].id == "valdora.overview"
    assert book.neighbours(valdora[0].id) == (None, valdora[1])
    assert book.neighbours(valdora[1].id) == (valdora[0], valdora[2])
    assert book.neighbours(valdora[-1].id) == (valdora[-2], None)
    assert book.neighbours("valdora.nothing") == (None, None)
    assert book.section("nothing") is None
    assert book.sections("nothing") == []


# ---- normalisation -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["мосты", "моста", "мостом", "мост", "мостик"])
def test_word_forms_find_the_bridge(book, query):
    assert any(sid.startswith("sylvan.bridge") for sid in ids(book.search(query))[:3]), ids(book.search(query))


@pytest.mark.parametrize(
    ("with_yo", "with_e"),
    [("подсчёт очков", "подсчет очков"), ("шахтёры", "шахтеры"), ("берёт ли жетон", "берет ли жетон")],
)
def test_yo_and_e_are_the_same(book, with_yo, with_e):
    assert ids(book.search(with_yo)) == ids(book.search(with_e))
    assert book.search(with_yo)


@pytest.mark.parametrize(
    ("query", "section"),
    [
        ("праовиант", "valdora.provisions"),
        ("телга", "valdora.cart-horse"),
        ("провиан", "valdora.provisions"),  # a partial word
    ],
)
def test_typos_and_partial_words_still_find_the_section(book, query, section):
    assert section in ids(book.search(query))[:3], ids(book.search(query))


def test_stop_words_only_and_nonsense(book):
    assert book.search("") == []
    assert book.search("?!") == []
    assert book.search("щщщщ") == []
    assert book.search("как что") != []  # nothing but stop words: they are searched after all


def test_limit_and_game_restriction(book):
    assert len(book.search("очки", limit=2)) == 2
    assert {s.game for s in book.search("очки", game="sylvan", limit=10)} == {"sylvan"}
    assert {s.game for s in book.search("гавань в кб", limit=10)} == {"kingdom"}


# ---- game names --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("валдора провиант", ("valdora", "провиант")),
        ("провиант в валдоре", ("valdora", "провиант")),
        ("Valdora: провиант", ("valdora", "провиант")),
        ("когда конец игры в валдоре?", ("valdora", "когда конец игры?")),
        ("что в коробке зодчих", ("sylvan", "что в коробке")),
        ("зодчие мосты", ("sylvan", "мосты")),
        ("Зодчие Волшебной Долины ничья", ("sylvan", "ничья")),
        ("builders of sylvan dale о чем игра", ("sylvan", "о чем игра")),
        ("sylvan dale мост", ("sylvan", "мост")),
        ("sylvan мост", ("sylvan", "мост")),
        ("долина флаги", ("sylvan", "флаги")),
        ("ничья в кингдом билдер", ("kingdom", "ничья")),
        ("какие карты кингдом билдера бывают", ("kingdom", "какие карты бывают")),
        ("Kingdom Builder подготовка", ("kingdom", "подготовка")),
        ("гавань в кб что делает", ("kingdom", "гавань что делает")),
        ("kb tavern", ("kingdom", "tavern")),
        ("создатель королевства замки", ("kingdom", "замки")),
        ("сколько стоит мост", (None, "сколько стоит мост")),
        ("рыбаки как считать", (None, "рыбаки как считать")),
    ],
)
def test_split_game(book, query, expected):
    assert book.split_game(query) == expected


def test_a_named_game_restricts_the_search(book):
    assert {s.game for s in book.search("валдора ничья", limit=10)} == {"valdora"}
    assert book.search("ничья в зодчих")[0].id == "sylvan.tie-break"


# ---- quality -----------------------------------------------------------------------------------------------------


def _score(book: RuleBook, with_game: bool) -> tuple[float, float, list[str]]:
    """Top-1 and top-3 rates in percent, and a line for every question whose section is not in the top 3."""
    top1 = top3 = 0
    misses = []
    for q in QUESTIONS:
        found = ids(book.search(q["q"], game=q["game"] if with_game else None, limit=3))
        top1 += found[:1] == [q["section"]]
        top3 += q["section"] in found
        if q["section"] not in found:
            misses.append(f"  {q['q']!r}: want {q['section']}, got {found}")
    return 100 * top1 / len(QUESTIONS), 100 * top3 / len(QUESTIONS), misses


def test_question_set_is_consistent(book):
    for q in QUESTIONS:
        assert book.section(q["section"]) is not None, q
        assert q["section"].startswith(q["game"] + "."), q


def test_answer_quality(book):
    top1, top3, misses = _score(book, with_game=False)
    g_top1, g_top3, _ = _score(book, with_game=True)
    print(f"\nrules search: top1 {top1:.1f}% top3 {top3:.1f}% ({len(QUESTIONS)} questions)")
    print("not in the top 3:\n" + "\n".join(misses))
    print(f"rules search, game given: top1 {g_top1:.1f}% top3 {g_top3:.1f}% ({len(QUESTIONS)} questions)")
    assert top1 >= 80.0
    assert top3 >= 95.0

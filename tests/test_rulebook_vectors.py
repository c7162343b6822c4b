"""The rules search's Russian word vectors (`bot.lookup.vectors`, navec's file from the natasha wheel) and what the
search makes of them (`bot.lookup.meaning`): found and read, a player's word placed by its meaning, and the search
working on words alone when the file is missing."""

from __future__ import annotations

import logging
import os

import numpy as np
import pytest

from bot.lookup import vectors as vectors_module
from bot.lookup.rulebook import RuleBook
from bot.lookup.terms import normalise

pytestmark = pytest.mark.skipif(
    vectors_module.load_vectors() is None and not os.environ.get("CI"),
    reason="no word vectors installed (pip install --no-deps natasha==1.6.0)",
)


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def test_the_vectors_are_installed_where_ci_runs(book):
    """In CI the wheel is installed, so the search must have its vectors (else it silently goes by words)."""
    assert vectors_module.vectors_path() is not None
    assert vectors_module.load_vectors() is not None and book.meaning is not None


def test_words_are_found_by_bisection_and_have_unit_vectors():
    vectors = vectors_module.load_vectors()
    assert len(vectors) > 200_000
    for word in ("телега", "а", "ёж", "яблоко"):
        vector = vectors.vector(word)
        assert vector is not None and vector.shape == (vectors.dim,) and abs(np.linalg.norm(vector) - 1) < 1e-4
    assert vectors.vector("фывапрол") is None and vectors.vector("<unk>") is None and "" not in vectors
    near, far = vectors.vector("телега"), vectors.vector("повозка")
    assert float(near @ far) > float(near @ vectors.vector("математика"))


def test_a_players_word_that_no_text_uses_is_placed_by_meaning(book):
    # «перевес» and «десятка»: the texts say «преимущество» and «10»/«десять»
    assert book.meaning.nearest("перевес")[0] == "преимущество"
    assert book.meaning.nearest("десятку")[0] == "десять"
    assert book.meaning.nearest("фывапрол") is None


def test_a_question_is_near_the_section_that_means_the_same(book):
    """Keeping three emeralds is the cart's and horse's matter, though the question shares no word with it."""
    similar = book.meaning.similar(normalise("где держать три изумруда одновременно"))
    best = max(similar, key=similar.get)
    assert book.index.sections[best].id == "valdora.cart-horse"


def test_without_the_file_the_search_warns_once_and_goes_by_words(book, monkeypatch, caplog):
    monkeypatch.setattr(vectors_module, "vectors_path", lambda: None)
    vectors_module.load_vectors.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger=vectors_module.__name__):
            sections = [s for game in book.games for s in book.sections(game)]
            plain = RuleBook(book.games, sections, book.index.synonyms.groups)
            again = RuleBook(book.games, sections, book.index.synonyms.groups)
        assert plain.meaning is None and again.meaning is None
        assert len([r for r in caplog.records if "vectors" in r.getMessage()]) == 1
        assert plain.search("праовиант")[0].id == "valdora.provisions" and plain.search("фывапр") == []
    finally:
        monkeypatch.undo()
        vectors_module.load_vectors.cache_clear()
    assert vectors_module.load_vectors() is not None  # the file is read again once it is there

"""The labelled questions (`bot.lookup.labelled`): the nearest ones vote for the sections that answer them, the
file keeps them, the shipped file holds the sets' questions, and a training leaves a set's own questions out."""

from __future__ import annotations

import numpy as np
import pytest

from bot.lookup import labelled, rerank
from bot.lookup.rulebook import RuleBook
from tests.rules_quality import load


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def toy() -> labelled.Labelled:
    """Seven questions in a plane: five near the x axis (four answered by "a", one by "a" and "b"), two near y."""
    angles = [0.0, 0.05, 0.1, 0.15, 0.2, 1.5, 1.55]
    vectors = np.array([[np.cos(t), np.sin(t)] for t in angles] + [[0.0, 0.0]])  # the last has no vector
    answers = np.zeros((8, 3), dtype=bool)
    answers[:5, 0] = True
    answers[4, 1] = True
    answers[5:, 2] = True
    return labelled.Labelled.of(("a", "b", "c"), vectors, answers)


def test_the_nearest_questions_vote_for_their_sections():
    questions = toy()
    assert len(questions.vectors) == 7  # the question without a vector is left out
    assert labelled.NEAREST == 5
    found = questions.columns(np.array([1.0, 0.0]), ["a", "b", "c", "unknown"])
    assert found[0, 0] == 1.0 and found[0, 1] == pytest.approx(1.0, abs=1e-3)
    assert found[1, 0] == pytest.approx(0.2) and found[1, 1] == pytest.approx(np.cos(0.2), abs=1e-3)
    assert found[2].tolist() == [0.0, 0.0] and found[3].tolist() == [0.0, 0.0]
    near_y = questions.columns(np.array([0.0, 1.0]), ["a", "c"])
    assert near_y[1, 0] == pytest.approx(0.4) and near_y[0, 0] == pytest.approx(0.6)
    assert not questions.columns(None, ["a"]).any()


def test_the_file_keeps_the_questions(tmp_path):
    questions = toy()
    path = tmp_path / "labelled.npz"
    questions.save(path)
    again = labelled.load(path)
    assert again is not None and again.digest() == questions.digest() and again.sections == questions.sections
    assert np.array_equal(again.answers, questions.answers) and np.array_equal(again.vectors, questions.vectors)
    assert labelled.load(tmp_path / "missing.npz") is None


def test_the_shipped_questions_answer_a_set_question_by_its_own_section(book):
    shipped = labelled.load()
    assert shipped is not None and book.labelled is not None
    assert shipped.sections == tuple(s.id for s in book.index.sections)
    assert shipped.answers.any(axis=1).all()
    assert np.allclose(np.linalg.norm(shipped.vectors, axis=1), 1.0, atol=1e-2)
    asked = [q for q in load("rules_questions_tune7") if q["section"] is not None][:20]
    for q in asked:
        hand = book.hand_order(q["q"], q["game"] if q.get("context") else None)
        candidates = hand.order[:rerank.load().depth]
        ids = [book.index.sections[i].id for i in candidates]
        if q["section"] not in ids:
            continue
        rows = rerank.features(book, hand, len(candidates))[:, -rerank.LABELLED_COLUMNS:]
        share, cosine = rows[ids.index(q["section"])]
        assert share >= 1 / labelled.NEAREST and cosine == pytest.approx(1.0, abs=1e-2), q["q"]


def test_a_training_leaves_the_set_out(book):
    from tests.train_model import Corpus, sets

    corpus = Corpus(book, sets())
    every, without = corpus.labelled(), corpus.labelled(frozenset({"rules_questions_tune7"}))
    own = [q for q in load("rules_questions_tune7") if q["section"] is not None]
    assert len(without.vectors) < len(every.vectors) <= len(without.vectors) + len(own)
    assert every.digest() == labelled.load().digest()

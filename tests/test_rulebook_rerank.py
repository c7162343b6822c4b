"""The learned re-ranking of the rule search's candidates (`bot.lookup.rerank`): the shipped weights load and move
the first answer, a model moves a section that the hand order puts second to the first place, the training is
deterministic and reproduces the shipped file, and the floors of the freshest question sets."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bot.lookup import rerank
from bot.lookup.rulebook import RuleBook
from tests.rules_quality import load, rates

# Kingdom Builder: no free hex of the card's terrain. The hand order puts «Карты местности» first and «Нет
# подходящей местности» second, though the second has more of the question (`covered`)
NO_TERRAIN = "у меня карта лес а свободного леса на поле вообще не осталось. что делать, ход пропускаю?"


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def ids(book: RuleBook, order: list[int]) -> list[str]:
    return [book.index.sections[i].id for i in order]


def test_the_shipped_weights_load_with_the_features_they_were_learned_on(book):
    data = json.loads(rerank.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert data["features"] == list(rerank.FEATURES)
    model = rerank.load()
    assert model is not None and len(model.weights) == len(rerank.FEATURES) and model.depth == data["depth"]
    assert np.all(model.scale > 0) and np.any(model.weights != 0)
    assert book.reranker is not None  # the vectors are there, so the book re-ranks


def test_weights_of_other_features_are_not_loaded(tmp_path):
    data = json.loads(rerank.WEIGHTS_FILE.read_text(encoding="utf-8"))
    data["features"] = data["features"][:-1]
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert rerank.load(path) is None
    assert rerank.load(tmp_path / "missing.json") is None


def test_a_model_puts_the_section_the_hand_order_has_second_first(book):
    hand = book.hand_order(NO_TERRAIN, "kingdom")
    first, second = ids(book, hand.order[:2])
    rows = rerank.features(book, hand, 2)
    # a signal on which the second candidate stands higher: a model that weighs it alone puts that one first
    signal = int(np.argmax(rows[1] - rows[0]))
    assert rows[1, signal] > rows[0, signal]
    width = len(rerank.FEATURES)
    weights = np.zeros(width)
    weights[signal] = 1.0
    model = rerank.Reranker(weights, np.zeros(width), np.full(width, 0.05), depth=2)
    order = model.order(book, hand)
    assert ids(book, order[:2]) == [second, first]
    assert order[2:] == hand.order[2:]  # only the first moves
    # no weight at all: the hand order
    assert rerank.Reranker(np.zeros(width), np.zeros(width), np.ones(width), depth=8).order(book, hand) == hand.order


def test_the_book_answers_in_the_learned_order(book):
    assert book.rank(NO_TERRAIN, "kingdom").sections[0].id == "kingdom.no-terrain"
    hand = book.hand_order(NO_TERRAIN, "kingdom")
    found = book.rank(NO_TERRAIN, "kingdom", limit=5).sections
    assert [s.id for s in found] == ids(book, book.reranker.order(book, hand)[:5])


def test_a_strong_penalty_keeps_the_hand_order_and_fitting_is_deterministic():
    rng = np.random.default_rng(7)
    lists = [rng.normal(size=(4, len(rerank.FEATURES))) for _ in range(30)]
    right = [np.eye(4, dtype=bool)[k % 4] for k in range(30)]
    loose = rerank.fit(lists, right, 0.001, 4)
    assert np.array_equal(loose.weights, rerank.fit(lists, right, 0.001, 4).weights)
    assert np.abs(rerank.fit(lists, right, 1000.0, 4).weights).max() < 1e-3 < np.abs(loose.weights).max()


def test_the_training_script_reproduces_the_shipped_weights(capsys):
    from tests import train_rerank

    with pytest.raises(SystemExit) as stop:
        train_rerank.main(["--check"])
    assert stop.value.code == 0, capsys.readouterr().out


@pytest.mark.parametrize(("stem", "floor"), [
    # first section right, the whole answer (`tests/rules_quality.py`): tune3 95.0% by hand, 95.6% re-ranked;
    # tune4 80.6% by hand, 84.4% re-ranked (learned on these sets too: the fair figures, each set left out of the
    # training, are in `tests/train_rerank.py`'s report). The floors are the figures less a question.
    ("rules_questions_tune3", 95.0),
    ("rules_questions_tune4", 83.8),
])
def test_first_section_floors_of_the_freshest_sets(book, stem, floor):
    right, total = rates(book, load(stem))["all"]["first"]
    assert 100 * right / total >= floor

"""The question -> section model (`bot.lookup.model`): its features, a toy training that learns which words point
where and reads a typo by its pieces, a deterministic training, the shipped file reproduced by the script, and the
model's use as a signal of the re-ranking."""

from __future__ import annotations

import numpy as np
import pytest

from bot.lookup import model, rerank
from bot.lookup.rulebook import RuleBook
from bot.lookup.terms import normalise


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def toy() -> tuple[list[list[str]], np.ndarray, np.ndarray, tuple[str, ...]]:
    """Two sections told apart by their words, each text seen twice so that its features are learned."""
    texts = {
        "toy.bridge": ["как построить мост через реку", "мост через реку стоит два золота", "где строить мост"],
        "toy.castle": ["замок даёт очки в конце", "сколько очков за замок", "замок рядом с поселением"],
    }
    sections = tuple(texts)
    words = [normalise(t) for sid in sections for t in texts[sid] for _ in range(2)]
    targets = np.vstack([np.eye(2)[k] for k, sid in enumerate(sections) for _ in texts[sid] for _ in range(2)])
    return words, targets, np.zeros((len(words), 4), dtype=np.float32), sections


def test_a_word_is_its_dictionary_form_and_pieces_and_a_stop_word_only_its_form():
    found = model.features(["мосты", "как"])
    assert "w:мост" in found and "<мо" in found and "сты>" in found
    assert "w:как" in found and not any("как" in f and not f.startswith("w:") for f in found)


def test_a_toy_model_learns_which_words_point_where_and_reads_a_typo_by_its_pieces():
    words, targets, meanings, sections = toy()
    learned = model.fit(words, targets, meanings, sections, model.Settings(dims=8, steps=80, meaning=False))
    for question, right in (("мост", "toy.bridge"), ("за замок", "toy.castle"), ("мосст через речку", "toy.bridge")):
        logs = learned.log_probabilities(normalise(question), None)
        assert max(logs, key=logs.__getitem__) == right, question
    assert sum(np.exp(v) for v in learned.log_probabilities(["мост"], None).values()) == pytest.approx(1.0)


def test_training_is_deterministic_and_the_file_keeps_the_model(tmp_path):
    words, targets, meanings, sections = toy()
    settings = model.Settings(dims=8, steps=30)
    first = model.fit(words, targets, meanings, sections, settings)
    assert first.digest() == model.fit(words, targets, meanings, sections, settings).digest()
    assert first.digest() != model.fit(words, targets, meanings, sections, model.Settings(dims=8, steps=30, seed=2)
                                       ).digest()
    path = tmp_path / "model.npz"
    first.save(path)
    again = model.load(path)
    assert again is not None and again.digest() == first.digest() and again.sections == sections
    assert again.vocabulary == first.vocabulary
    assert model.load(tmp_path / "missing.npz") is None


def test_the_shipped_model_knows_every_section_and_is_small(book):
    shipped = model.load()
    assert shipped is not None and book.model is not None
    assert set(shipped.sections) == {s.id for s in book.index.sections}
    assert model.MODEL_FILE.stat().st_size < 3_000_000


def test_the_model_is_a_signal_of_the_re_ranking(book):
    names = ("model", "model_gap", "model_asking", "model_rank", "model_share", "model_top")
    assert rerank.FEATURES[rerank.MODEL_SLICE] == names and rerank.MODEL_COLUMNS == len(names)
    hand = book.hand_order("сколько золота стоит мост", "kingdom")
    rows = rerank.features(book, hand, 5)
    model, gap, asking, place, share, top = rows[:, rerank.MODEL_SLICE].T
    assert gap.max() == 0.0 and (model <= 0).all() and (model >= rerank.MODEL_FLOOR).all()
    assert (asking == model).all()  # one sentence: it is the one that asks
    assert top.sum() == 1 and place[top == 1] == 1.0 and gap[top == 1] == 0.0
    assert share.sum() == pytest.approx(1.0) and np.argmax(share) == np.argmax(top)
    assert sorted(place) == [1 / (1 + k) for k in range(len(place))][::-1]
    weights = np.array(rerank.load().weights)
    assert np.any(weights[rerank.MODEL_SLICE] != 0)


def test_a_story_before_the_question_is_read_apart_from_it(book):
    story = ("вчера играли вчетвером, я поставил три домика в лес, потом петя взял жетон. "
             "сколько поселений даёт жетон оазиса?")
    hand = book.hand_order(story, "kingdom")
    assert hand.asking == ["сколько", "поселений", "дает", "жетон", "оазиса"]
    rows = rerank.features(book, hand, 5)
    model, asking = rows[:, rerank.MODEL_SLICE][:, [0, 2]].T
    assert not np.allclose(asking, model)  # the whole question and the asking sentence read apart


def test_the_training_script_reproduces_the_shipped_model(capsys):
    from tests import train_model

    with pytest.raises(SystemExit) as stop:
        train_model.main(["--check"])
    assert stop.value.code == 0, capsys.readouterr().out


def test_first_section_floor_of_the_fifth_set(book):
    """Tune set 5, the one the search did worst on (first section right, the whole answer): 80.0% before the
    model, 92.8% with it (learned on this set too; left out of the training, 84.5% against 77.0% without the
    model, `tests/train_model.py --cv --nested`). The floor is the figure less a question."""
    from tests.rules_quality import load, rates

    right, total = rates(book, load("rules_questions_tune5"))["all"]["first"]
    assert 100 * right / total >= 92.2

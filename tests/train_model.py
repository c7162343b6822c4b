"""Trains the question -> section model (`bot.lookup.model`) on our own texts: every section's asked questions
(`rules/<game>/asked.txt`), its sentences (`reference.md`), and the labelled question sets (the same sets as the
re-ranking, `tests/train_rerank.SETS`; the holdout, `tests/rules_quality.HOLDOUT`, is never read). Run from the
project's root:

    python tests/train_model.py            # writes bot/lookup/model.npz (then run tests/train_rerank.py)
    python tests/train_model.py --check    # trains again and says whether the shipped file is the same
    python tests/train_model.py --cv       # leave one set out: the model alone, and the re-ranking with it

In the cross-validation the model that scores the set left out never saw it, and the re-ranking is learned on the
other sets with each set's model scores from a model that did not learn that set (a model scores the questions it
learned far too well, and a re-ranking learned on those would trust it too much), as `tests/train_rerank.py` does
for the shipped weights; with `--nested` those models did not learn the set left out either. The asked questions
and the sentences are always training data.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

if __name__ == "__main__":  # run as a script: this checkout's code, not whatever the venv installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.lookup import model, rerank  # noqa: E402
from bot.lookup.asked import read_asked  # noqa: E402
from bot.lookup.index import SENTENCE  # noqa: E402
from bot.lookup.rulebook import RULES_FOLDER, RuleBook  # noqa: E402
from bot.lookup.terms import normalise  # noqa: E402
from tests.rules_quality import is_holdout, load  # noqa: E402

SETTINGS = model.Settings()
TEXT_WEIGHT = 0.5  # a reference sentence counts this much against a question
# with --nested, the re-ranking's training sets are scored by models that did not learn the set left out either
# (55 models, ~15 minutes); without, by the models of `tests/train_rerank.collect` (10, each without its own set)
NESTED = "--nested" in sys.argv
FRESH = (  # the sets written by others and measured before anything was tuned on them (the first ones were not)
    "rules_questions_tune10", "rules_questions_tune9", "rules_questions_tune8", "rules_questions_tune7",
    "rules_questions_tune6", "rules_questions_holdout4",
    "rules_questions_tune5", "rules_questions_tune4", "rules_questions_tune3",
)


def words_of(book: RuleBook, text: str) -> list[str]:
    """A question's words as the search reads them (`RuleBook.hand_order`): a game's name becomes "игра"."""
    named, start, end = book._game_mention(text)
    return normalise(text[:start] + " игра " + text[end:] if named is not None else text)


class Corpus:
    """The training texts: the fixed ones (asked questions, sentences) and the labelled sets', as words, navec
    vectors and target distributions over the sections."""

    def __init__(self, book: RuleBook, sets: tuple[str, ...]) -> None:
        self.book = book
        self.sections = tuple(s.id for s in book.index.sections)
        column = {sid: k for k, sid in enumerate(self.sections)}
        self.texts: list[list[str]] = []
        self.owners: list[str | None] = []  # the set a text comes from; None for the fixed texts
        targets: list[np.ndarray] = []
        weights: list[float] = []

        def add(words: list[str], wanted: list[str], owner: str | None, weight: float) -> None:
            row = np.zeros(len(self.sections))
            for sid in wanted:
                row[column[sid]] = 1.0 / len(wanted)
            self.texts.append(words)
            self.owners.append(owner)
            targets.append(row)
            weights.append(weight)

        for sid, questions in read_asked(RULES_FOLDER, list(book.games)).items():
            for question in questions:
                add(words_of(book, question), [sid], None, 1.0)
        for section in book.index.sections:
            add(normalise(section.title), [section.id], None, TEXT_WEIGHT)
            for piece in SENTENCE.split(section.text):
                if piece.strip():
                    add(normalise(section.title + ". " + piece), [section.id], None, TEXT_WEIGHT)
        for name in sets:
            assert not is_holdout(name)
            for q in load(name):
                if q["section"] is not None:
                    wanted = [q["section"], *(s for s in q.get("also", []) if s != q["section"])]
                    add(words_of(book, q["q"]), [s for s in wanted if s in column], name, 1.0)
        self.targets = np.vstack(targets)
        self.weights = np.array(weights)
        dim = book.meaning.vectors.dim if book.meaning is not None else 0
        self.meanings = np.vstack([self._meaning(words, dim) for words in self.texts])

    def _meaning(self, words: list[str], dim: int) -> np.ndarray:
        vector = self.book.meaning.text_vector(words) if self.book.meaning is not None else None
        return vector if vector is not None else np.zeros(dim, dtype=np.float32)

    def fingerprint(self) -> str:
        """A hash of everything the model learns from, so a test can see that the shipped file is current."""
        import hashlib

        h = hashlib.sha256(repr((self.sections, self.texts, self.owners, SETTINGS, TEXT_WEIGHT)).encode())
        h.update(self.targets.tobytes())
        return h.hexdigest()[:16]

    def train(self, without: frozenset[str] = frozenset(), settings: model.Settings = SETTINGS) -> model.SectionModel:
        """A model trained on every text but those of the sets `without`."""
        keep = np.array([owner not in without for owner in self.owners])
        texts = [t for t, k in zip(self.texts, keep, strict=True) if k]
        found = model.fit(texts, self.targets[keep], self.meanings[keep], self.sections, settings, self.weights[keep])
        return model.SectionModel(found.sections, found.vocabulary, found.embeddings, found.weights, found.bias,
                                  self.fingerprint() if not without else "")


def sets() -> tuple[str, ...]:
    from tests.train_rerank import SETS

    return SETS


def train_shipped(book: RuleBook) -> model.SectionModel:
    return Corpus(book, sets()).train()


def cross_validate(book: RuleBook, settings: model.Settings = SETTINGS) -> None:
    """Leave one set out: the model alone (its best section of the searched game first), the re-ranking without
    the model's features and with them (`tests/train_rerank`), per set and on average."""
    from tests import train_rerank

    names = sets()
    corpus = Corpus(book, names)
    started = time.time()
    models: dict[frozenset[str], model.SectionModel] = {}

    def trained(without: frozenset[str]) -> model.SectionModel:
        if without not in models:
            models[without] = corpus.train(without, settings)
        return models[without]

    saved, book.model = book.model, None
    try:
        questions = train_rerank.collect_hands(book, train_rerank.DEPTH)
    finally:
        book.model = saved
    width = len(rerank.FEATURES)
    plain = [k for k, name in enumerate(rerank.FEATURES) if not name.startswith("model")]
    print(f"{'set':28} {'model':>6} {'hand':>6} {'rerank':>7} {'+model':>7}  questions")
    table = []
    for held in names:
        alone = 0
        for hand, _rows, right_ids in questions[held]:
            logs = trained(frozenset({held})).log_probabilities(hand.words, book.meaning.text_vector(hand.words))
            allowed = [sid for sid in logs if hand.game is None or sid.startswith(hand.game + ".")]
            alone += max(allowed, key=logs.__getitem__) in right_ids
        examples = {}
        for name in names:
            fold = trained(frozenset({name}) if name == held or not NESTED else frozenset({held, name}))
            examples[name] = train_rerank.with_model(book, questions[name], fold)
        train = [e for name in names if name != held for e in examples[name]]
        without = train_rerank.train([(x[:, plain], r) for x, r in train], train_rerank.L2, train_rerank.DEPTH)
        with_model = train_rerank.train(train, train_rerank.L2, train_rerank.DEPTH)
        test = examples[held]
        n = len(test)
        row = (
            100 * alone / n,
            100 * train_rerank.first_right(None, test) / n,
            100 * train_rerank.first_right(without, [(x[:, plain], r) for x, r in test]) / n,
            100 * train_rerank.first_right(with_model, test) / n,
        )
        assert test[0][0].shape[1] == width
        table.append(row)
        print(f"{held:28} {row[0]:5.1f}% {row[1]:5.1f}% {row[2]:6.1f}% {row[3]:6.1f}%  {n}", flush=True)
    table_array = np.array(table)
    fresh = np.array([table[names.index(n)] for n in FRESH if n in names])
    print(f"{'mean of the sets':28} " + " ".join(f"{v:5.1f}%" for v in table_array.mean(axis=0)))
    print(f"{'mean of the fresh sets':28} " + " ".join(f"{v:5.1f}%" for v in fresh.mean(axis=0)))
    print(f"({len(models)} models in {time.time() - started:.0f} s)")


def main(argv: list[str]) -> None:
    book = RuleBook.load()
    if book.meaning is None:
        raise SystemExit("the word vectors are missing: the model is trained with them")
    if "--cv" in argv:
        cross_validate(book)
        return
    started = time.time()
    found = train_shipped(book)
    if "--check" in argv:
        shipped = model.load()
        same = shipped is not None and shipped.digest() == found.digest() and shipped.fingerprint == found.fingerprint
        print("the shipped model is reproduced" if same else "the shipped model differs")
        raise SystemExit(0 if same else 1)
    found.save()
    print(f"written {model.MODEL_FILE} ({len(found.vocabulary)} features, {found.dims} dims, "
          f"{model.MODEL_FILE.stat().st_size / 1e6:.1f} MB) in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])

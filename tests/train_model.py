"""Trains the question -> section model (`bot.lookup.model`) on our own texts: every section's asked questions
(`rules/<game>/asked.txt`), its sentences (`reference.md`), and the labelled question sets (the same sets as the
re-ranking, `tests/train_rerank.SETS`; the holdout, `tests/rules_quality.HOLDOUT`, is never read). Run from the
project's root:

    python tests/train_model.py            # writes bot/lookup/model.npz and labelled.npz (then tests/train_rerank.py)
    python tests/train_model.py --check    # trains again and says whether the shipped files are the same
    python tests/train_model.py --cv       # leave one set out: the model alone, and the re-ranking with it

In the cross-validation the model that scores the set left out never saw it, and the re-ranking is learned on the
other sets with each set's model scores from a model that did not learn that set (a model scores the questions it
learned far too well, and a re-ranking learned on those would trust it too much), as `tests/train_rerank.py` does
for the shipped weights; with `--nested` those models did not learn the set left out either. The labelled
questions (`bot.lookup.labelled`, the same sets' questions with their meaning vectors) are written here too: in the
cross-validation a question's nearest labelled questions are never of its own set nor of the set left out. The
asked questions and the sentences are always training data.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

if __name__ == "__main__":  # run as a script: this checkout's code, not whatever the venv installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.lookup import answers, labelled, model, rerank  # noqa: E402
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
    "rules_questions_holdout11", "rules_questions_tune13",
    "rules_questions_holdout10", "rules_questions_holdout9", "rules_questions_holdout8", "rules_questions_holdout7",
    "rules_questions_holdout6",
    "rules_questions_tune12",
    "rules_questions_tune11",
    "rules_questions_holdout5",
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
                    add(words_of(book, answers.searched(book, q["q"])), [s for s in wanted if s in column], name, 1.0)
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


    def labelled(self, without: frozenset[str] = frozenset()) -> labelled.Labelled:
        """The labelled questions of every set but those `without`, with their meaning vectors."""
        keep = np.array([owner is not None and owner not in without for owner in self.owners])
        return labelled.Labelled.of(self.sections, self.meanings[keep], self.targets[keep] > 0)


def sets() -> tuple[str, ...]:
    from tests.train_rerank import SETS

    return SETS


def train_shipped(book: RuleBook) -> tuple[model.SectionModel, labelled.Labelled]:
    corpus = Corpus(book, sets())
    return corpus.train(), corpus.labelled()


def cross_validate(book: RuleBook, settings: model.Settings = SETTINGS) -> None:
    """Leave one set out: the model alone (its best section of the searched game first), the hand order, the
    re-ranking without the model's and the labelled questions' features and with them (`tests/train_rerank`), per
    set and on average, and the last per game (each set's, and the fresh sets' together: a game under 90% fails
    even when the mean is fine)."""
    from tests import train_rerank

    names = sets()
    corpus = Corpus(book, names)
    started = time.time()
    models: dict[frozenset[str], model.SectionModel] = {}

    def trained(without: frozenset[str]) -> model.SectionModel:
        if without not in models:
            models[without] = corpus.train(without, settings)
        return models[without]

    questions = train_rerank.collect_hands(book, train_rerank.DEPTH)
    games = list(book.games)
    plain = [k for k, name in enumerate(rerank.FEATURES) if not name.startswith(("model", "labelled"))]
    print(f"{'set':28} {'model':>6} {'hand':>6} {'rerank':>7} {'+model':>7}  " + " ".join(f"{g:>8}" for g in games)
          + "  questions")
    table, by_game = [], {}
    for held in names:
        alone = 0
        for hand, _rows, right_ids in questions[held]:
            logs = trained(frozenset({held})).log_probabilities(hand.words, book.meaning.text_vector(hand.words))
            allowed = [sid for sid in logs if hand.game is None or sid.startswith(hand.game + ".")]
            alone += max(allowed, key=logs.__getitem__) in right_ids
        examples = {}
        for name in names:
            apart = frozenset({name}) if name == held or not NESTED else frozenset({held, name})
            examples[name] = train_rerank.with_model(book, questions[name], trained(apart),
                                                     corpus.labelled(frozenset({held, name})))
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
        assert test[0][0].shape[1] == len(rerank.FEATURES)
        table.append(row)
        for (_hand, _rows, right_ids), example in zip(questions[held], test, strict=True):
            game = right_ids[0].split(".")[0]  # its own section's (a question of two games has two)
            by_game.setdefault((held, game), []).append(train_rerank.first_right(with_model, [example]))
        rates = [100 * np.mean(by_game.get((held, g), [np.nan])) for g in games]
        print(f"{held:28} {row[0]:5.1f}% {row[1]:5.1f}% {row[2]:6.1f}% {row[3]:6.1f}%  "
              + " ".join(f"{v:7.1f}%" for v in rates) + f"  {n}", flush=True)
    table_array = np.array(table)
    fresh = np.array([table[names.index(n)] for n in FRESH if n in names])
    pooled = [100 * np.mean([v for n in FRESH if n in names for v in by_game.get((n, g), [])]) for g in games]
    print(f"{'mean of the sets':28} " + " ".join(f"{v:5.1f}%" for v in table_array.mean(axis=0)))
    print(f"{'mean of the fresh sets':28} " + " ".join(f"{v:5.1f}%" for v in fresh.mean(axis=0)) + "  "
          + " ".join(f"{v:7.1f}%" for v in pooled) + "  (per game: the fresh sets' questions together)")
    print(f"({len(models)} models in {time.time() - started:.0f} s)")


def main(argv: list[str]) -> None:
    book = RuleBook.load()
    if book.meaning is None:
        raise SystemExit("the word vectors are missing: the model is trained with them")
    if "--cv" in argv:
        cross_validate(book)
        return
    started = time.time()
    found, questions = train_shipped(book)
    if "--check" in argv:
        shipped, kept = model.load(), labelled.load()
        same = shipped is not None and shipped.digest() == found.digest() and shipped.fingerprint == found.fingerprint
        same = same and kept is not None and kept.digest() == questions.digest()
        print("the shipped model is reproduced" if same else "the shipped model or labelled questions differ")
        raise SystemExit(0 if same else 1)
    found.save()
    questions.save()
    print(f"written {model.MODEL_FILE} ({len(found.vocabulary)} features, {found.dims} dims, "
          f"{model.MODEL_FILE.stat().st_size / 1e6:.1f} MB) and {labelled.LABELLED_FILE} ({len(questions.vectors)} "
          f"questions, {labelled.LABELLED_FILE.stat().st_size / 1e6:.1f} MB) in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Learns the rule search's re-ranking weights (`bot.lookup.rerank`) from the labelled question sets, and chooses
the penalty and the depth by leave-one-set-out cross-validation: trained on every set but one, measured on that
one, for each set. Run from the project's root:

    python tests/train_rerank.py            # cross-validates the shipped settings, writes rerank_weights.json
    python tests/train_rerank.py --grid     # the cross-validated top-1 of every setting in GRID
    python tests/train_rerank.py --check    # trains again and says whether the shipped file is the same

Train the question model first (`python tests/train_model.py`): this script also trains one per set, without
that set, for the `model` features of its questions. A question with "context" is asked in a chat where its game
runs (the search is given its game, as `/rules` does), the others with no game; nonsense questions (no section)
teach nothing. The holdout (`tests/rules_quality.HOLDOUT`) is never read.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

if __name__ == "__main__":  # run as a script: this checkout's code, not whatever the venv installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.lookup import answers, rerank  # noqa: E402
from bot.lookup.labelled import Labelled  # noqa: E402
from bot.lookup.model import SectionModel  # noqa: E402
from bot.lookup.rulebook import HandOrder, RuleBook  # noqa: E402
from tests.rules_quality import is_holdout, load  # noqa: E402

SETS = (
    "rules_questions", "rules_questions_new", "rules_questions_game", "rules_questions_tune",
    "rules_questions_holdout", "rules_questions_tune2", "rules_questions_holdout2", "rules_questions_tune3",
    "rules_questions_tune4", "rules_questions_tune5", "rules_questions_holdout4", "rules_questions_tune6",
    "rules_questions_tune7", "rules_questions_tune8", "rules_questions_tune9", "rules_questions_tune10",
    "rules_questions_holdout5", "rules_questions_tune11", "rules_questions_tune12", "rules_questions_holdout6",
    "rules_questions_holdout7", "rules_questions_holdout8", "rules_questions_holdout9", "rules_questions_holdout10",
    "rules_questions_tune13", "rules_questions_holdout11",
)
L2 = 0.001  # chosen by `--grid` (before the model features): the best mean of the sets left out; with the question
# model's features, 94.2% against the hand order's 91.1% (tune5 84.5% against 75.3%)
DEPTH = 12  # with the model's place among the candidates and the labelled questions (`tests/train_model.py --cv`):
# the fresh sets' mean 94.4% against 92.4% at 8 without them
GRID = [(l2, depth) for depth in (5, 8, 12) for l2 in (0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03)]

Example = tuple[np.ndarray, np.ndarray]  # a question's candidates' feature rows, and which are right


Hand = tuple[HandOrder, np.ndarray, tuple[str, ...]]  # a question's hand order, its candidates' rows, its right
# sections (its own first)


def collect_hands(book: RuleBook, depth: int) -> dict[str, list[Hand]]:
    """Set -> its questions with a section: the hand order, the feature rows of its first `depth` candidates (the
    model's and the labelled questions' left at 0: `with_model` fills them), and the right section ids (the
    question's own first)."""
    saved = book.model, book.labelled
    book.model = book.labelled = None
    try:
        return _collect_hands(book, depth)
    finally:
        book.model, book.labelled = saved


def _collect_hands(book: RuleBook, depth: int) -> dict[str, list[Hand]]:
    data: dict[str, list[Hand]] = {}
    for name in SETS:
        assert not is_holdout(name)
        data[name] = []
        for q in load(name):
            if q["section"] is None:
                continue
            hand = book.hand_order(answers.searched(book, q["q"]), q["game"] if q.get("context") else None)
            rows = rerank.features(book, hand, depth) if hand.order else np.zeros((0, len(rerank.FEATURES)))
            data[name].append((hand, rows, (q["section"], *q.get("also", []))))
    return data


def with_model(book: RuleBook, hands: list[Hand], model: SectionModel | None, labelled: Labelled | None = None
               ) -> list[Example]:
    """The questions as examples, their `model` features from this model (one that did not learn them), their
    `labelled` features from these labelled questions (not theirs)."""
    examples = []
    for hand, rows, want in hands:
        candidates = hand.order[: len(rows)]
        rows = rows.copy()
        if model is not None and len(rows):
            rows[:, rerank.MODEL_SLICE] = rerank.model_columns(book, hand, candidates, model)
        if labelled is not None and len(rows):
            rows[:, -rerank.LABELLED_COLUMNS:] = rerank.labelled_columns(book, hand, candidates, labelled)
        examples.append((rows, np.array([book.index.sections[i].id in want for i in candidates], dtype=bool)))
    return examples


def collect(book: RuleBook, depth: int) -> dict[str, list[Example]]:
    """Set -> its questions as examples, their `model` features each from a model trained without their set
    (`tests/train_model.py`): the model of the book scores the questions it learned too well to learn from; their
    `labelled` features from the other sets' questions."""
    from tests.train_model import Corpus

    hands = collect_hands(book, depth)
    if book.model is None:
        return {name: with_model(book, hands[name], None) for name in SETS}
    corpus = Corpus(book, SETS)
    return {name: with_model(book, hands[name], corpus.train(frozenset({name})), corpus.labelled(frozenset({name})))
            for name in SETS}


def train(examples: list[Example], l2: float, depth: int) -> rerank.Reranker:
    return rerank.fit([x for x, _ in examples], [r for _, r in examples], l2, depth)


def first_right(model: rerank.Reranker | None, examples: list[Example]) -> int:
    """How many questions get a right section first: in the hand order (no model) or the model's."""
    count = 0
    for x, right in examples:
        if not len(x):
            continue
        if model is None or len(x) < 2:
            count += bool(right[0])
        else:
            count += bool(right[int(np.argmax(model.score(x)))])
    return count


def cross_validate(data: dict[str, list[Example]], l2: float, depth: int) -> dict[str, tuple[int, int, int]]:
    """Set -> (right first by hand, right first by the model trained on the other sets, questions)."""
    result = {}
    for held in SETS:
        others = [e for name in SETS if name != held for e in data[name]]
        model = train(others, l2, depth)
        result[held] = (first_right(None, data[held]), first_right(model, data[held]), len(data[held]))
    return result


def report(result: dict[str, tuple[int, int, int]]) -> str:
    lines = []
    for name, (hand, learned, n) in result.items():
        lines.append(f"  {name:28} hand {100 * hand / n:5.1f}%  learned {100 * learned / n:5.1f}%  ({n})")
    means = [np.mean([100 * v[k] / v[2] for v in result.values()]) for k in (0, 1)]
    lines.append(f"  {'mean of the sets':28} hand {means[0]:5.1f}%  learned {means[1]:5.1f}%")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    book = RuleBook.load()
    if book.meaning is None:
        raise SystemExit("the word vectors are missing: the weights are learned with them")
    if "--grid" in argv:
        by_depth = {depth: collect(book, depth) for depth in sorted({d for _, d in GRID})}
        for l2, depth in GRID:
            result = cross_validate(by_depth[depth], l2, depth)
            means = [np.mean([100 * v[k] / v[2] for v in result.values()]) for k in (0, 1)]
            fresh = [100 * result[s][1] / result[s][2] for s in ("rules_questions_tune3", "rules_questions_tune4")]
            print(f"l2 {l2:<6} depth {depth:2}: mean hand {means[0]:.1f}% learned {means[1]:.1f}%; "
                  f"tune3 {fresh[0]:.1f}% tune4 {fresh[1]:.1f}%", flush=True)
        return
    data = collect(book, DEPTH)
    model = train([e for name in SETS for e in data[name]], L2, DEPTH)
    text = model.to_json(l2=L2, sets=list(SETS))
    if "--check" in argv:
        same = rerank.WEIGHTS_FILE.exists() and rerank.WEIGHTS_FILE.read_text(encoding="utf-8") == text
        print("the shipped weights are reproduced" if same else "the shipped weights differ")
        raise SystemExit(0 if same else 1)
    print(f"leave one set out, l2 {L2}, depth {DEPTH}:\n" + report(cross_validate(data, L2, DEPTH)))
    rerank.WEIGHTS_FILE.write_text(text, encoding="utf-8")
    print(f"written {rerank.WEIGHTS_FILE}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Learns the gate that says «Да»/«Нет» (`bot/lookup/verdict_gate.py`) from every labelled situation question of the
question sets but the holdout, and writes `bot/lookup/verdict_weights.json`:

    python tests/train_verdicts.py            # leave-one-set-out report, the threshold it chooses, the weights
    python tests/train_verdicts.py --check    # trains again and says whether the shipped file is the same

Each question is looked up as `/rules` looks it up (in its game when asked during one), and each written situation
the gate weighs for it (`Situations.candidates`) is a training row: right when its verdict is the question's. A
question's verdict is its surest candidate's. The threshold is the lowest of `THRESHOLDS` at which the verdicts
said to the sets left out, one set at a time, were right at least `verdict_gate.PRECISION` of the time. Run it
again after changing `rules/*/verdicts.txt`, the search or its models: a test checks that the shipped weights are
reproduced.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

if __name__ == "__main__":  # run as a script: this checkout's code, not whatever the venv installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.lookup import answers, verdict_gate  # noqa: E402
from bot.lookup.rulebook import RULES_FOLDER, RuleBook  # noqa: E402
from bot.lookup.verdicts import Situations, read_situations  # noqa: E402
from tests.rules_quality import is_holdout, load  # noqa: E402
from tests.train_rerank import SETS  # noqa: E402

L2 = 1.0  # on standardised signals; 0.3-10 gave the same recall at the chosen precision
THRESHOLDS = tuple(round(0.5 + 0.05 * i, 2) for i in range(10))

# a question: each candidate's signals and whether its verdict is the question's, and whether the hand gates'
# verdict is (None: they said none)
Row = tuple[list[tuple[np.ndarray, bool]], bool | None]


def collect(book: RuleBook) -> dict[str, list[Row]]:
    """Set -> a row for each of its situation questions (the holdout's are never read)."""
    found_situations = Situations(book, read_situations(RULES_FOLDER, list(book.games)), None)
    data: dict[str, list[Row]] = {}
    for name in SETS:
        if is_holdout(name):
            continue
        rows = []
        for question in load(name):
            if question.get("verdict") not in ("да", "нет"):
                continue
            yes = question["verdict"] == "да"
            _, words, found = answers.lookup(book, question["q"], question["game"] if question.get("context") else None)
            near = found_situations.nearest(words, found)
            candidates = found_situations.candidates(near, found) if near is not None else []
            hand = found_situations.hand_verdict(near) if near is not None else None
            rows.append(([(c.row, found_situations.situations[c.situation].yes == yes) for c in candidates],
                         None if hand is None else hand.situation.yes == yes))
        if rows:
            data[name] = rows
    return data


def fit(rows: list[Row], threshold: float = 0.5) -> verdict_gate.Gate:
    """The gate learned from every candidate of the questions."""
    usable = [pair for candidates, _ in rows for pair in candidates]
    return verdict_gate.fit(np.array([x for x, _ in usable]), np.array([float(r) for _, r in usable]), L2, threshold)


def cross_validate(data: dict[str, list[Row]]) -> list[tuple[float, bool]]:
    """(probability, right) of every question's surest candidate, by the gate learned without its set."""
    pooled = []
    for held, rows in data.items():
        gate = fit([row for name, others in data.items() if name != held for row in others])
        pooled += [max((gate.probability(x), right) for x, right in candidates)
                   for candidates, _ in rows if candidates]
    return pooled


def choose(pooled: list[tuple[float, bool]], questions: int) -> tuple[float, str]:
    """The lowest threshold whose verdicts are right `PRECISION` of the time, and the report of them all."""
    lines, chosen = [], None
    for threshold in THRESHOLDS:
        said = [right for p, right in pooled if p >= threshold]
        right = sum(said)
        precision = right / len(said) if said else 1.0
        lines.append(f"  threshold {threshold:.2f}: right {right:3} wrong {len(said) - right:3} "
                     f"({100 * right / questions:.1f}% of {questions}, {100 * precision:.1f}% of those said)")
        if chosen is None and precision >= verdict_gate.PRECISION:
            chosen = threshold
    if chosen is None:
        raise SystemExit("no threshold is precise enough:\n" + "\n".join(lines))
    return chosen, "\n".join(lines)


def main(argv: list[str]) -> None:
    book = RuleBook.load()
    data = collect(book)
    questions = sum(len(rows) for rows in data.values())
    threshold, report = choose(cross_validate(data), questions)
    every = [row for rows in data.values() for row in rows]
    gate = fit(every, threshold)
    text = gate.to_json(l2=L2, sets=list(data))
    if "--check" in argv:
        path = verdict_gate.WEIGHTS_FILE
        same = path.exists() and path.read_text(encoding="utf-8") == text
        print("the shipped gate is reproduced" if same else "the shipped gate differs")
        raise SystemExit(0 if same else 1)
    hand = [h for _, h in every if h is not None]
    print(f"{questions} situation questions; the hand gates: right {sum(hand)} wrong {len(hand) - sum(hand)}")
    print(f"leave one set out (l2 {L2}):\n{report}\nthreshold {threshold}")
    verdict_gate.WEIGHTS_FILE.write_text(text, encoding="utf-8")
    print(f"written {verdict_gate.WEIGHTS_FILE}")


if __name__ == "__main__":
    main(sys.argv[1:])

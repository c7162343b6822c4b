"""The rules search's budget: start-up (`RuleBook.load()`), the memory it adds (PSS, `/proc/self/smaps_rollup`) and
the time of a whole answer (`answers.question_reply`, the way /rules answers: the search, a worked sum, a yes/no),
over every question of the tuning sets, with the
word vectors and without them. Not a pytest test: run it from the project's root,

    python tests/benchmark_rules.py

and it prints a table. Each mode runs in a fresh process, so that the start-up is a real one. The budget: an
answer's 95th percentile at most 150 ms, start-up at most 3 s, at most 80 MB added by the vectors."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MODES = ("words", "vectors")  # without the vectors (as when the file is missing), with them


def pss_mb() -> float:
    """This process's proportional set size, in MB."""
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no Pss line in /proc/self/smaps_rollup")


def questions() -> list[dict]:
    """Every question of the tuning sets: the holdout (`rules_quality.HOLDOUT`) is not run, not even for time."""
    from rules_quality import is_holdout  # after `measure` has put the project on the path

    found = []
    for path in sorted(HERE.glob("rules_questions*.json")):
        if not is_holdout(path.name):
            found += json.loads(path.read_text(encoding="utf-8"))
    return found


def measure(mode: str) -> dict[str, float]:
    """One mode's figures, in this process."""
    sys.path.insert(0, str(ROOT))
    from bot.lookup import vectors
    from bot.lookup.terms import lemma

    if mode == "words":
        vectors.vectors_path = lambda: None
    lemma("игра")  # the dictionary of word forms is loaded by the rest of the bot anyway: not the search's cost
    from bot.lookup import answers
    from bot.lookup.rulebook import RuleBook

    before = pss_mb()
    start = time.perf_counter()
    book = RuleBook.load()
    startup = time.perf_counter() - start
    added = pss_mb() - before
    times = []
    for q in questions():
        start = time.perf_counter()
        answers.question_reply(book, q["q"], current=q["game"] if q.get("context") else None)
        times.append(1000 * (time.perf_counter() - start))
    times.sort()
    return {
        "startup_s": startup,
        "pss_added_mb": added,
        "pss_after_mb": pss_mb() - before,
        "answer_p50_ms": statistics.median(times),
        "answer_p95_ms": times[int(0.95 * (len(times) - 1))],
        "answer_max_ms": times[-1],
        "questions": len(times),
    }


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--mode":
        print(json.dumps(measure(sys.argv[2])))
        return
    rows = {}
    for mode in MODES:
        out = subprocess.run([sys.executable, __file__, "--mode", mode], check=True, capture_output=True, text=True)
        rows[mode] = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"{'mode':8} {'start-up, s':>12} {'PSS added, MB':>14} {'after answers':>14} "
          f"{'p50, ms':>8} {'p95, ms':>8} {'max, ms':>8} {'questions':>9}")
    for mode, r in rows.items():
        print(f"{mode:8} {r['startup_s']:12.2f} {r['pss_added_mb']:14.1f} {r['pss_after_mb']:14.1f} "
              f"{r['answer_p50_ms']:8.1f} {r['answer_p95_ms']:8.1f} {r['answer_max_ms']:8.1f} {r['questions']:9d}")
    extra = rows["vectors"]["pss_after_mb"] - rows["words"]["pss_after_mb"]
    print(f"the vectors add {extra:.1f} MB and {rows['vectors']['startup_s'] - rows['words']['startup_s']:.2f} s")


if __name__ == "__main__":
    main()

"""Benchmark of the bot levels (`rules.levels`): seeded games level against level, for every game.

    python tests/benchmark_levels.py --games 12

For each game and pairing (средний against лёгкий, сильный against средний) it plays `--games` seeded games:
two seats in Kingdom Builder and «Зодчие», one seat of the stronger level against two of the weaker one in
Валдора (three is the least it seats). Games come in sets of one seeded setup played once with the stronger
seat at each place (so that neither a lucky deal nor a good seat favours a level): `--games` is rounded up to
whole sets. It prints a Markdown table: the share of games the stronger seat won (a shared win counts its
share), how often it finished ahead of a weaker seat (per weaker seat and game; a tie counts half), its mean
lead in points over a weaker seat, the games played, and the CPU time of one action (one call of `choose`) of
each level: mean, 95th percentile and maximum. Games run in parallel processes (`--jobs`, by default the
machine's cores).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules.levels import BUDGETS, Budget, choose  # noqa: E402
from rules.registry import GAMES  # noqa: E402

SEATS = {"valdora": 3, "sylvan": 2, "kingdom": 2}
PAIRINGS = (("средний", "лёгкий"), ("сильный", "средний"))
NAMES = ("Аня", "Борис", "Вера", "Глеб", "Дина")


def play(task: tuple[str, str, str, int]) -> dict:
    """One seeded game: the setup of seed `1000 + index // seats`, the stronger level at seat `index % seats`,
    the weaker at the others."""
    name, strong, weak, index = task
    game = GAMES[name]
    seats = SEATS[name]
    strong_seat = index % seats
    levels = [strong if s == strong_seat else weak for s in range(seats)]
    state = game.new(list(NAMES[:seats]), seed=1000 + index // seats)
    cpu: dict[str, list[float]] = {strong: [], weak: []}
    step = 0
    while not game.is_over(state):
        seat = game.current_seat(state)
        start = time.process_time()
        action = choose(game, state, levels[seat], seed=step)
        cpu[levels[seat]].append(time.process_time() - start)
        game.apply(state, action)
        step += 1
    totals = [s["total"] for s in game.scores(state)]
    winners = game.winners(state)
    win = 1 / len(winners) if strong_seat in winners else 0.0
    ahead = [1.0 if totals[strong_seat] > totals[s] else 0.5 if totals[strong_seat] == totals[s] else 0.0
             for s in range(seats) if s != strong_seat]
    lead = [totals[strong_seat] - totals[s] for s in range(seats) if s != strong_seat]
    return {"game": name, "strong": strong, "weak": weak, "win": win, "ahead": ahead, "lead": lead, "cpu": cpu}


def cpu_figures(times: list[float]) -> str:
    if not times:
        return "—"
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"{statistics.mean(times):.2f} / {p95:.2f} / {times[-1]:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6,
                        help="games per game and pairing, rounded up to whole sets of seats (default 6)")
    parser.add_argument("--only", nargs="*", choices=sorted(SEATS), help="only these games")
    parser.add_argument("--pairing", choices=[f"{s}-{w}" for s, w in PAIRINGS], help="only this pairing")
    parser.add_argument("--budget", action="append", default=[], metavar="LEVEL:GAME:W,C,T,R,K",
                        help="try another budget (worlds, candidates, turns, ranked, work) for a level and game")
    parser.add_argument("--first", type=int, default=0, help="the first set of games (default 0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel processes")
    args = parser.parse_args()
    names = args.only or ["valdora", "sylvan", "kingdom"]
    for text in args.budget:  # the worker processes are forked after this, so they see it
        level, name, figures = text.split(":")
        BUDGETS[level][name] = Budget(*(int(f) for f in figures.split(",")))
    pairings = [p for p in PAIRINGS if not args.pairing or args.pairing == f"{p[0]}-{p[1]}"]
    tasks = [(name, strong, weak, i) for name in names for strong, weak in pairings
             for i in range(args.first * SEATS[name], (args.first + -(-args.games // SEATS[name])) * SEATS[name])]
    started = time.time()
    results = []
    with Pool(args.jobs) as pool:
        for result in pool.imap_unordered(play, tasks):
            results.append(result)
            print(f"{len(results)}/{len(tasks)} {result['game']} {result['strong']}-{result['weak']}: "
                  f"win {result['win']:.2f} ahead {result['ahead']} lead {result['lead']}", file=sys.stderr, flush=True)
    print("| Игра | Уровни | Побед сильнейшего | Впереди слабейшего | Очков впереди | Партий | ЦП на ход, с: "
          "сильнейший (среднее / p95 / макс.) | ЦП на ход, с: слабейший |")
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        for strong, weak in pairings:
            rows = [r for r in results if r["game"] == name and r["strong"] == strong and r["weak"] == weak]
            wins = sum(r["win"] for r in rows) / len(rows)
            ahead = [a for r in rows for a in r["ahead"]]
            lead = statistics.mean(d for r in rows for d in r["lead"])
            print(f"| {GAMES[name].title} | {strong} против {weak} | {wins:.0%} | {sum(ahead) / len(ahead):.0%} | "
                  f"{lead:+.1f} | {len(rows)} | {cpu_figures([t for r in rows for t in r['cpu'][strong]])} | "
                  f"{cpu_figures([t for r in rows for t in r['cpu'][weak]])} |")
    print(f"\n{len(tasks)} games in {time.time() - started:.0f} s on {args.jobs} processes.")


if __name__ == "__main__":
    main()

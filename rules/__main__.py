"""Command line tools for the rules engines.

    python -m rules selfplay valdora --games 10 --seed 1

plays random legal games to the end and prints one JSON object with the speed, winners and scores.
Game i uses seed S+i for the game and its own random.Random(S+i) for choosing among legal actions;
the number of players cycles through the game's range unless --players is given.

    python -m rules selfplay kingdom --games 10 --seed 1 --final-views views.jsonl

also writes one JSON line per finished game, the game's `final_view`: what an outside checker needs to
score it (Kingdom Builder: {"terrain", "owners", "cards", "breakdown"}).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from rules.registry import GAMES

NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор"]
MAX_ACTIONS = 200_000  # a random game that goes on longer than this is a bug (an endless game)


class EndlessGame(RuntimeError):
    pass


def play_random(game, players: int, seed: int, max_actions: int = MAX_ACTIONS):
    """Play one random game to the end; returns (final state, number of actions)."""
    state = game.new(NAMES[:players], seed=seed)
    chooser = random.Random(seed)
    actions = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        if not legal:
            raise EndlessGame(f"no legal action in a running game (seed {seed})")
        game.apply(state, chooser.choice(legal))
        actions += 1
        if actions > max_actions:
            raise EndlessGame(f"game with seed {seed} did not end after {max_actions} actions")
    return state, actions


def selfplay(name: str, games: int, seed: int, players: int | None, final_views=None) -> dict:
    game = GAMES[name]
    span = game.max_players - game.min_players + 1
    total = 0
    winners, scores = [], []
    started = time.perf_counter()
    for i in range(games):
        count = players or game.min_players + i % span
        state, actions = play_random(game, count, seed + i)
        total += actions
        if final_views is not None:
            final_views.write(json.dumps(game.final_view(state), ensure_ascii=False) + "\n")
        winners.append(game.winners(state))
        scores.append([{"seat": s["seat"], "total": s["total"], "breakdown": s["breakdown"]}
                       for s in game.scores(state)])
    seconds = time.perf_counter() - started
    return {
        "game": name,
        "games": games,
        "actions": total,
        "seconds": round(seconds, 3),
        "actions_per_second": round(total / seconds, 1) if seconds > 0 else None,
        "winners": winners,
        "scores": scores,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("selfplay", help="play random legal games and print one JSON object")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--games", type=int, default=10)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--final-views", default=None, metavar="FILE",
                      help="write one JSON line per finished game: its final view and score breakdown")
    args = parser.parse_args(argv)
    if args.final_views:
        with open(args.final_views, "w", encoding="utf-8") as out:
            result = selfplay(args.game, args.games, args.seed, args.players, out)
    else:
        result = selfplay(args.game, args.games, args.seed, args.players)
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

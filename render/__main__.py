"""Draw a board from a seeded random game, to look at the pictures without the bot.

    python -m render valdora --seed 3 --moves 40 --out board.png [--seat 0] [--players 4]
    python -m render valdora --view tests/valdora/fixtures/view_mid5.json --out board.png

The game is made with `rules.registry.GAMES[name].new(players, seed)`, then `--moves` random legal
actions are played (random.Random(seed) picks among `legal_actions`), stopping early when it is over.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from render.registry import RENDERERS

NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина"]


def random_view(game_name: str, seed: int, moves: int, players: int, seat: int | None) -> tuple[dict, int]:
    """The view after up to `moves` random legal actions, and how many were played."""
    from rules.registry import GAMES  # only the CLI needs the rules

    game = GAMES[game_name]
    state = game.new(NAMES[:players], seed=seed)
    rng = random.Random(seed)
    played = 0
    while played < moves and not game.is_over(state):
        actions = game.legal_actions(state)
        if not actions:
            break
        game.apply(state, rng.choice(actions))
        played += 1
    return game.view(state, seat), played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(RENDERERS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=0, help="random legal actions to play first")
    parser.add_argument("--players", type=int, default=4, choices=range(1, len(NAMES) + 1), metavar="N")
    parser.add_argument("--seat", type=int, default=None, help="draw the view of this seat")
    parser.add_argument("--view", help="draw this view JSON file instead of playing a game")
    parser.add_argument("--out", default="board.png")
    args = parser.parse_args(argv)

    if args.view:
        with open(args.view, encoding="utf-8") as f:
            view = json.load(f)
        note = args.view
    else:
        view, played = random_view(args.game, args.seed, args.moves, args.players, args.seat)
        note = f"seed {args.seed}, {played} actions"
    started = time.perf_counter()
    png = RENDERERS[args.game](view)
    ms = (time.perf_counter() - started) * 1000
    with open(args.out, "wb") as f:
        f.write(png)
    print(f"{args.out}: {len(png) // 1024} KiB in {ms:.0f} ms ({note})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Speed of the bot on this machine: `python tests/benchmark.py [--moves N]`.

Measures one move handled end to end by the service (parse, rules, SQLite commit, PNG), rendering
alone, random self-play, and rule lookups (index build and one search); prints median and 95th
percentile. The README reports its figures.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.replies import Chat, User  # noqa: E402
from bot.rulebook import RuleBook  # noqa: E402
from bot.service import Service  # noqa: E402
from render.registry import RENDERERS  # noqa: E402
from rules.registry import GAMES  # noqa: E402

CHAT = Chat(id=-1)
USERS = [User(i, name) for i, name in enumerate(["Аня", "Борис", "Вера", "Глеб"], start=1)]


def summary(samples_ms: list[float]) -> dict:
    ordered = sorted(samples_ms)
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
    }


async def end_to_end(game_name: str, moves: int, seed: int) -> dict:
    """Press random legal buttons through the service; each press is one timed sample."""
    samples: list[float] = []
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        service = await Service.open(str(Path(folder) / "bench.db"))
        while len(samples) < moves:
            await service.command(CHAT, USERS[0], "new", game_name)
            for user in USERS[1:]:
                await service.command(CHAT, user, "join", "")
            reply = (await service.command(CHAT, USERS[0], "begin", ""))[0]
            keyboard = reply.buttons
            while keyboard and len(samples) < moves:
                row = await service.store.open_game(CHAT.id)
                game = GAMES[row.game]
                seat = game.current_seat(game.load(row.state))
                user = next(u for u in USERS if u.id == row.seats[seat].user_id)
                # a move, a menu group (which only swaps the keyboard, untimed) or the button of hidden
                # choices (a hand: chosen in inline mode, sent as a typed command); never the secrets button
                button = rng.choice([b for line in keyboard for b in line
                                     if b.data.startswith(("g:", "k:")) or b.inline_query is not None])
                if button.inline_query is not None:
                    choice = rng.choice((await service.inline(user, button.inline_query)).articles)
                    name, _, args = html.unescape(choice.text).lstrip("/").partition(" ")  # what Telegram posts
                    started = time.perf_counter()
                    replies = await service.command(CHAT, user, name, args)
                    samples.append((time.perf_counter() - started) * 1000)
                    keyboard = next(r for r in reversed(replies) if r.to_user is None).buttons
                    continue
                started = time.perf_counter()
                answer = await service.button(CHAT, user, button.data)
                if answer.keyboard is not None:
                    keyboard = answer.keyboard
                    continue
                samples.append((time.perf_counter() - started) * 1000)
                board = answer.edit or next(r for r in reversed(answer.replies) if r.to_user is None)
                keyboard = board.buttons  # redrawn in place, or a new board
            if await service.store.open_game(CHAT.id):
                await service.command(CHAT, USERS[0], "abort", "")
                row = await service.store.open_game(CHAT.id)
                await service.button(CHAT, USERS[0], f"abort:{row.id}:{row.version}")
        await service.close()
    return summary(samples)


def rendering(game_name: str, pictures: int, seed: int) -> dict:
    game, draw = GAMES[game_name], RENDERERS[game_name]
    rng = random.Random(seed)
    state = game.new([u.name for u in USERS], seed=seed)
    draw(game.view(state))  # the first call builds the cached background; not a typical reply
    samples = []
    for _ in range(pictures):
        for _ in range(rng.randint(1, 6)):
            if game.is_over(state):
                state = game.new([u.name for u in USERS], seed=rng.randrange(10**6))
            game.apply(state, rng.choice(game.legal_actions(state)))
        view = game.view(state)
        started = time.perf_counter()
        draw(view)
        samples.append((time.perf_counter() - started) * 1000)
    return summary(samples)


def selfplay(game_name: str, games: int, seed: int) -> dict:
    game = GAMES[game_name]
    actions, started = 0, time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        state = game.new([u.name for u in USERS], seed=seed + i)
        while not game.is_over(state):
            game.apply(state, rng.choice(game.legal_actions(state)))
            actions += 1
    seconds = time.perf_counter() - started
    return {"games": games, "actions": actions, "seconds": round(seconds, 2),
            "actions_per_second": round(actions / seconds)}


def rule_lookups(rounds: int) -> dict:
    """Index build time, and one search per question of the test set, `rounds` times over."""
    started = time.perf_counter()
    book = RuleBook.load()
    load_ms = (time.perf_counter() - started) * 1000
    questions = [q["q"] for q in json.loads((Path(__file__).parent / "rules_questions.json").read_text())]
    samples = []
    for _ in range(rounds):
        for question in questions:
            started = time.perf_counter()
            book.search(question, limit=4)
            samples.append((time.perf_counter() - started) * 1000)
    return {"index_build_ms": round(load_ms, 1), "search": summary(samples)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="valdora")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    result = {
        "game": args.game,
        "move_end_to_end": asyncio.run(end_to_end(args.game, args.moves, args.seed)),
        "render": rendering(args.game, args.moves, args.seed),
        "selfplay": selfplay(args.game, args.games, args.seed),
        "rule_lookup": rule_lookups(5),
    }
    print(json.dumps(result, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()

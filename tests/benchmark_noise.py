"""How much the bot makes itself heard: a whole game of each game through the Telegram front end against the fake
Bot API (tests/noise_play.py: Анна and Борис against a bot, pressing the buttons on some turns and typing the
moves as commands on others), by day (no quiet hours).

    python tests/benchmark_noise.py

It prints a Markdown table per game: the people's turns, messages with sound in the group per turn, new pictures
per turn (of them the tables of scored rounds), private messages per turn per player, and the most of each in one
turn. Not collected by pytest (its name does not start with test_); tests/test_noise.py asserts the aim.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.fake_bot_api import FakeBotApi  # noqa: E402
from tests.noise_play import PEOPLE, play, quick_pictures, restore_pictures  # noqa: E402

GAMES = ("kingdom", "sylvan", "valdora")


async def main() -> None:
    saved = quick_pictures()
    rows = []
    try:
        with FakeBotApi() as server, tempfile.TemporaryDirectory() as folder:
            for name in GAMES:
                tally = await play(server, Path(folder) / f"{name}.db", name)
                turns = tally.turns
                most_private = max((n for t in turns for n in t.private.values()), default=0)
                rounds = sum(t.rounds for t in turns)
                rows.append(f"| {name} | {len(turns)} из {tally.total_turns} | {tally.per_turn('sounds'):.2f} "
                            f"(не больше {max(t.sounds for t in turns)}) | {tally.per_turn('pictures'):.2f} "
                            f"(не больше {max(t.pictures for t in turns)}; таблиц раунда {rounds}) "
                            f"| {tally.private_per_turn():.2f} (не больше {most_private}) | {tally.final_sounds} |")
    finally:
        restore_pictures(saved)
    print(f"Игроки: {', '.join(PEOPLE.values())} и бот; ходы людей (из всех ходов партии).\n")
    print("| игра | ходов людей | со звуком за ход | новых картинок за ход | личных за ход на игрока | "
          "звук итога |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    asyncio.run(main())

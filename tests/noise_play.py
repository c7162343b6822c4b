"""A whole game through the real Telegram front end (in this process) and the real service, against the fake Bot
API, counted as the players hear it: messages with sound, new pictures and private messages, per turn. Two people
and a bot play; the people press the board's buttons on some turns and type the moves as commands on others (a
hidden hand is chosen the way the inline results send it: as its command). Used by tests/test_noise.py (the aim
asserted) and tests/benchmark_noise.py (the figures printed for README)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bot.replies import buttons
from bot.storage import open_store
from bot.storage.base import ACTIVE, FINISHED
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings
from render.registry import RENDERERS, ROUND_RENDERERS
from rules.registry import GAMES

try:
    from tests.fake_bot_api import Call, FakeBotApi
    from tests.polling import polling
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from fake_bot_api import Call, FakeBotApi
    from polling import polling

GROUP = -1009000
PEOPLE = {101: "Анна", 102: "Борис"}
# the chat's settings of the measure: no quiet hours (a sound is then what it is by day), no reminders
DAYTIME = ChatSettings(remind_after=None, quiet=None)
STEPS = 2000  # a game's actions at most
IDLE = 0.08  # seconds without a request from the bot: it has answered


@dataclass
class Turn:
    """What the players got while one person had the turn (and the bots after them, up to the next person)."""

    player: int
    sounds: int = 0  # messages with sound in the group
    pictures: int = 0  # new pictures in the group (edits of a board are not new)
    rounds: int = 0  # tables of a round just scored («Зодчие»: 🏁 under the picture), new or in place of a board
    private: Counter = field(default_factory=Counter)  # user id -> private messages
    said: list[str] = field(default_factory=list)  # what was sent, for a failing test's message


@dataclass
class Tally:
    game: str
    turns: list[Turn]
    total_turns: int  # every turn of the game, the bots' too (the log's turns)
    final_sounds: int  # messages with sound once the game was over (the final result)

    def per_turn(self, what: str) -> float:
        return sum(getattr(t, what) for t in self.turns) / max(1, len(self.turns))

    def private_per_turn(self) -> float:
        """Private messages per turn per player (the people)."""
        return sum(sum(t.private.values()) for t in self.turns) / max(1, len(self.turns)) / len(PEOPLE)


def quick_pictures() -> dict:
    """Small stand-in pictures (the counts do not depend on what is drawn); returns what to put back."""
    saved = {"board": dict(RENDERERS), "round": dict(ROUND_RENDERERS)}
    for name in list(RENDERERS):
        RENDERERS[name] = lambda view: b"\x89PNG" + json.dumps(len(str(view))).encode()
    for name in list(ROUND_RENDERERS):
        ROUND_RENDERERS[name] = lambda view: b"\x89PNG round"
    return saved


def restore_pictures(saved: dict) -> None:
    RENDERERS.update(saved["board"])
    ROUND_RENDERERS.update(saved["round"])


async def idle(server: FakeBotApi, since: int) -> None:
    await asyncio.sleep(0.05)
    await server.wait_idle_async(quiet=IDLE, timeout=60, since=since)


async def played(service: Service, version: int, what: str) -> None:
    """Wait until the step is recorded, the bots after it have moved (a person is to move, or the game is over) and
    the board of it all has reached the chat (it is no longer owed); the bot then says the rest (`idle`)."""
    for _ in range(3000):
        row = await service.store.open_game(GROUP) or await service.store.last_finished(GROUP, 0)
        if (row is not None and row.status in (ACTIVE, FINISHED) and row.version > version and not _bots_turn(row)
                and await service.store.debt(row.id, row.version) is None):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{what} was not played")


def _bots_turn(row) -> bool:
    game = GAMES[row.game]
    seat = game.current_seat(game.load(row.state))
    return seat is not None and row.seats[seat].bot


def count(calls: list[Call], turn: Turn) -> None:
    for call in calls:
        if call.method == "editMessageMedia" and call.error is None and call.text.startswith("🏁"):
            turn.rounds += 1  # a round's table in place of the finished turn's board
        if not call.is_message or call.error is not None:
            continue
        chat = int(call.chat_id)
        turn.said.append(f"{call.method} {chat} {'🔕' if call.silent else '🔔'} {call.text[:80]!r}")
        if chat == GROUP:
            turn.sounds += not call.silent
            turn.pictures += call.method == "sendPhoto"
            turn.rounds += call.method == "sendPhoto" and call.text.startswith("🏁")
        elif chat > 0:
            turn.private[chat] += 1


async def play(server: FakeBotApi, database: Path, game_name: str, level: str = "лёгкий") -> Tally:
    """One whole game of `game_name`: Анна and Борис against a bot of `level`."""
    service = Service(await open_store(str(database)), defaults=DAYTIME)
    try:  # Telegram's 20 messages a minute per group would make a whole game last many minutes; the counts are the same
        async with polling(server, service, log_level="WARNING", unlimited=True, chat_defaults=DAYTIME,
                           database_path=str(database)):
            return await _play(server, service, game_name, level)
    finally:
        await service.close()


async def _play(server: FakeBotApi, service: Service, game_name: str, level: str) -> Tally:
    game = GAMES[game_name]
    since = server.mark()
    for user_id, name in PEOPLE.items():  # both have started the bot in private: they get private notes
        server.push_message(user_id, user_id, name, "/start", chat_type="private")
    creator, other = PEOPLE.items()
    for user_id, name, text in ((*creator, f"/new {game_name}"), (*other, "/join"), (*creator, f"/addbot {level}"),
                                (*creator, "/begin")):
        server.push_message(GROUP, user_id, name, text)
        await idle(server, since)
    await played(service, 0, f"{game_name}: /begin")  # the first board (and the bots' first turns, if any)
    await idle(server, since)
    turns: list[Turn] = []
    turn_since = None
    game_id = None
    for _ in range(STEPS):
        row = await service.store.open_game(GROUP)
        if row is None:  # over
            break
        game_id = row.id
        state = game.load(row.state)
        player = row.seats[game.current_seat(state)]
        if row.turn_since != turn_since:  # the turn has passed (to another person, or anew in a new round)
            turns.append(Turn(player.user_id))
            turn_since = row.turn_since
        action = game.autopilot(state)
        since = server.mark()
        # each person types the moves as commands on every other turn, and presses the buttons on the others
        if game.private_choice(state, action) or len(turns) % 4 >= 2:
            server.push_message(GROUP, player.user_id, player.name, game.command(state, action))
        else:
            data = buttons.encode_move(row.id, row.version, game.legal_actions(state).index(action))
            server.push_callback(GROUP, player.user_id, player.name, row.board_message_id, data)
        await played(service, row.version, f"{game_name}: {action}")
        await idle(server, since)
        count(server.calls[since:], turns[-1])  # what this step sent: its player's turn
    else:
        raise AssertionError(f"{game_name}: no end after {STEPS} actions")
    final = [c for c in server.calls[since:]
             if c.is_message and int(c.chat_id) == GROUP and "Партия окончена" in c.text]
    log = await service.store.log(game_id)
    return Tally(game_name, turns, sum(1 for line in log if line.ends_turn), sum(not c.silent for c in final))

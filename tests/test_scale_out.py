"""Scale-out: three real bot processes in webhook mode on one PostgreSQL database, updates spread over them
the way Telegram and a proxy would: each chat's updates one at a time (the next only after the answer to the
previous, as Telegram's webhook sender does), several chats at once, each update to whichever process, and
some delivered a second time to another process (an answer lost on the way). Every move is applied exactly
once, in the order sent, and every board reaches its chat once."""

from __future__ import annotations

import asyncio
import itertools
import json
import signal
import time

import asyncpg
import httpx
from e2e_harness import REPLY_TIMEOUT, BotProcess, free_port, listening

from rules.registry import GAMES

SECRET = "scale-Out_secret"
PROCESSES = 3
CHATS = 4
MOVES = 14  # per chat, after the lobby
KB = GAMES["kingdom"]


class Telegram:
    """Numbers updates and POSTs them to the bots' webhook ports in turn."""

    def __init__(self, ports: list[int]):
        self.ports = ports
        self.turns = itertools.cycle(range(len(ports)))
        self.update_ids = itertools.count(10_000)
        self.message_ids = itertools.count(1)
        self.client = httpx.AsyncClient(timeout=REPLY_TIMEOUT * 3)

    def message(self, chat: int, user: int, text: str) -> dict:
        command = text.split()[0]
        return {"update_id": next(self.update_ids), "message": {
            "message_id": next(self.message_ids), "date": int(time.time()), "text": text,
            "chat": {"id": chat, "type": "supergroup", "title": f"Стол {chat}"},
            "from": {"id": user, "is_bot": False, "first_name": f"Игрок{user}"},
            "entities": [{"type": "bot_command", "offset": 0, "length": len(command)}]}}

    async def post(self, update: dict, process: int) -> None:
        answer = await self.client.post(f"http://127.0.0.1:{self.ports[process]}/hook", content=json.dumps(update),
                                        headers={"X-Telegram-Bot-Api-Secret-Token": SECRET,
                                                 "Content-Type": "application/json"})
        assert answer.status_code == 200, answer

    async def send(self, chat: int, user: int, text: str, again: bool = False) -> None:
        """One update, answered (so handled) before this returns; `again`: then once more, to another process."""
        update = self.message(chat, user, text)
        process = next(self.turns)
        await self.post(update, process)
        if again:
            await self.post(update, (process + 1) % len(self.ports))


async def running_game(db: asyncpg.Pool, chat: int):
    row = await db.fetchrow("SELECT id, state, version FROM games WHERE chat_id = $1 AND status = 'active'", chat)
    seats = dict(await db.fetch("SELECT seat, user_id FROM seats WHERE game_id = $1", row["id"]))
    return row, KB.load(json.loads(row["state"])), seats


async def play(telegram: Telegram, db: asyncpg.Pool, chat: int) -> list[str]:
    """A lobby and MOVES typed moves in one chat; the moves sent, in order."""
    players = [abs(chat) * 10 + n for n in range(3)]
    await telegram.send(chat, players[0], "/new kingdom", again=True)
    for player in players[1:]:
        await telegram.send(chat, player, "/join", again=True)
    await telegram.send(chat, players[0], "/begin")
    row, state, seats = await running_game(db, chat)
    assert [seats[s] for s in sorted(seats)] == players  # the joins were applied in the order sent
    sent = []
    for n in range(MOVES):
        actions = KB.legal_actions(state)
        action = actions[(n * 7) % len(actions)]
        await telegram.send(chat, seats[KB.current_seat(state)], f"/{action}", again=n % 3 == 0)
        version = row["version"]
        row, state, seats = await running_game(db, chat)
        assert row["version"] == version + 1, f"{action!r} in chat {chat}: applied {row['version'] - version} times"
        sent.append(action)
    return sent


async def test_three_webhook_processes_on_one_postgres_apply_every_move_once_and_in_order(server, postgres_url,
                                                                                          tmp_path):
    ports = [free_port() for _ in range(PROCESSES)]
    bots = []
    try:
        for n, port in enumerate(ports):
            settings = {"DATABASE_URL": postgres_url, "TELEGRAM_WEBHOOK_URL": "https://bot.example.org/hook",
                        "TELEGRAM_WEBHOOK_PORT": str(port), "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
                        "TELEGRAM_WEBHOOK_SECRET": SECRET}
            bots.append(BotProcess(server, tmp_path, tmp_path / "unused.db", f"web{n}", settings))
            listening(port, bots[-1])
        since = server.mark()
        telegram = Telegram(ports)
        db = await asyncpg.create_pool(postgres_url, min_size=1, max_size=CHATS)
        try:
            chats = [-1009000 - n for n in range(CHATS)]
            sent = await asyncio.gather(*(play(telegram, db, chat) for chat in chats))
            for chat, moves in zip(chats, sent, strict=True):
                row, _, _ = await running_game(db, chat)
                logged = [r["notation"] for r in await db.fetch(
                    "SELECT notation FROM actions WHERE game_id = $1 ORDER BY version", row["id"])]
                assert logged == moves
                # a step of the same turn edits the turn's board in place; a turn passing posts a new one
                boards = [c for c in server.calls_of("sendPhoto", since) + server.calls_of("editMessageMedia", since)
                          if c.chat_id == chat and c.error is None]
                assert len(boards) == 1 + MOVES  # the first board, then one per move: none lost, none twice
                lobby = [c for c in server.calls_of("sendMessage", since) if c.chat_id == chat and c.buttons]
                joins = [c for c in server.calls_of("editMessageText", since) if c.chat_id == chat
                         and "садится" in c.text]
                assert len(lobby) == 1 and len(joins) == 2  # /new and two /join, each delivered twice, answered once
            assert not await db.fetchval("SELECT count(*) FROM announcements")  # every board paid
        finally:
            await db.close()
            await telegram.client.aclose()
    finally:
        codes = [bot.stop(signal.SIGTERM) for bot in bots]
    assert codes == [0] * PROCESSES
    for bot in bots:
        log = bot.log_path.read_text(encoding="utf-8", errors="replace")
        assert " ERROR " not in log and "Traceback" not in log, log[-4000:]

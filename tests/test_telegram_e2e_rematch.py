"""A rematch through the real bot and the fake Bot API: a finished game of Kingdom Builder is already in the
database; its board (/board) carries «🔁 Реванш»; a player presses it and the lobby appears with the other seat
waiting; the other confirms with the lobby's button, and the one who asked begins the rematch."""

from __future__ import annotations

import asyncio
import html
import random
import signal
import time

from e2e_harness import GROUP, PLAYERS, REPLY_TIMEOUT, BotProcess, Table

from bot.storage import open_store
from bot.storage.base import Seat, TurnChange
from rules.registry import GAMES

KB = GAMES["kingdom"]
ANNA, BORIS = 101, 102


async def finished_game(database) -> None:
    """A game of the two played to its end, written straight to the store, its boards already delivered."""
    store = await open_store(str(database))
    row = await store.create_lobby(GROUP, "kingdom", Seat(0, ANNA, PLAYERS[ANNA]), 11)
    await store.set_seats(row.id, row.version, [(ANNA, PLAYERS[ANNA]), (BORIS, PLAYERS[BORIS])])
    row = await store.game(row.id)
    state = KB.new([s.name for s in row.seats], seed=row.seed)
    await store.start(row.id, row.version, KB.dump(state), "Партия началась")
    rng = random.Random(3)
    while not KB.is_over(state):
        row = await store.game(row.id)
        seat = KB.current_seat(state)
        action = rng.choice(KB.legal_actions(state))
        KB.apply(state, action)
        over = KB.is_over(state)
        results = [{"seat": s.seat, "user_id": s.user_id, "name": s.name, "total": 0, "won": s.seat == 0}
                   for s in row.seats] if over else None
        await store.record_move(row.id, row.version, KB.dump(state), seat, row.seats[seat].user_id, action, action,
                                over, turn=TurnChange(None, time.time(), results=results) if over else None)
    await store.announced(row.id, row.version + 1)
    await store.close()


def test_a_rematch_is_asked_for_confirmed_and_begun(server, tmp_path):
    database = tmp_path / "bot.db"
    asyncio.run(finished_game(database))
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, database, "rematch")
    try:
        board = table.board(ANNA)
        assert "Партия окончена" in board.text
        (again,), = [[b for b in line if b["text"] == "🔁 Реванш"] for line in board.keyboard]

        since = table.press(BORIS, board.message_id, again["callback_data"])
        lobby = table.reply(since, photo=False)
        text = html.unescape(lobby.text)
        assert lobby.method == "sendMessage" and "предлагает реванш" in text, lobby
        assert f"{PLAYERS[ANNA]} ⏳" in text and f"{PLAYERS[BORIS]} ⏳" not in text
        play = next(b for line in lobby.keyboard for b in line if b["text"] == "🙋 Играю")

        since = table.press(ANNA, lobby.message_id, play["callback_data"])
        confirmed = server.wait_for(lambda c: c.method == "editMessageText" and c.message_id == lobby.message_id
                                    and c.error is None, REPLY_TIMEOUT, since)
        assert "⏳" not in confirmed.text and "в деле" in confirmed.text

        refused = table.command(ANNA, "/begin")  # the one who asked begins
        assert "Реванш начинает тот, кто его предложил" in html.unescape(refused.text)
        started = table.command(BORIS, "/begin", photo=True)
        assert "Реванш" in html.unescape(started.text) and started.photo.startswith(b"\x89PNG")
    finally:
        assert table.bot.stop(signal.SIGTERM) == 0

"""End to end: a group plays «Зодчие Волшебной Долины» with the real `python -m bot` process against the
fake Bot API. The hand is chosen through inline mode (personal, uncached results that only the player to
move gets; the chosen result arrives in the group as the player's own message), dwellings are placed by
button, nobody else's hand ever reaches the group, and a restart loses nothing.

The test reads the game from the bot's SQLite file, as an onlooker would, only to check the secrets.
"""

from __future__ import annotations

import html
import signal
import sqlite3

from e2e_harness import (
    CREATOR,
    GROUP,
    PLAYERS,
    REPLY_TIMEOUT,
    BotProcess,
    FakeBotApi,
    Table,
    game_state,
    player_to_move,
)

from rules.registry import GAMES

SY = GAMES["sylvan"]
BORIS = 102



def inline(server: FakeBotApi, user_id: int, query: str):
    since = server.mark()
    server.push_update({"inline_query": {"id": f"q{since}", "query": query, "offset": "",
                                         "from": {"id": user_id, "is_bot": False, "first_name": PLAYERS[user_id]}}})
    return server.wait_for(lambda c: c.method == "answerInlineQuery", REPLY_TIMEOUT, since)


def test_group_plays_sylvan_with_a_hidden_hand_across_a_restart(server, tmp_path):
    database = tmp_path / "bot.db"
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, database, "first")
    try:
        lobby = table.command(CREATOR, "/new зодчие")
        assert "Зодчие Волшебной Долины" in lobby.text, lobby
        table.command(BORIS, "/join")
        start = table.reply(table.say(CREATOR, "/begin"), photo=True)
        state, seats, game_id = game_state(database, SY)
        mover = seats[SY.current_seat(state)]
        other = next(u for u in seats.values() if u != mover)
        hand_button, = [b for row in start.keyboard for b in row if "switch_inline_query_current_chat" in b]
        with sqlite3.connect(database) as db:  # the button names the game by its token, never by its id
            (token,), = db.execute("SELECT token FROM games WHERE id = ?", (game_id,)).fetchall()
        assert hand_button == {"text": "🂠 Сыграть карту", "switch_inline_query_current_chat": f"#{token}"}

        # only the player to move gets choices, personal and never cached; the other gets a note
        theirs = inline(server, other, f"#{token}")
        assert theirs.params["results"] == [] and theirs.params["is_personal"] is True
        assert theirs.params["button"]["start_parameter"] == f"t{token}"
        mine = inline(server, mover, f"#{token}")
        assert mine.params["cache_time"] == 0 and mine.params["is_personal"] is True
        plays = [a for a in SY.legal_actions(state) if SY.private_choice(state, a)]  # playable cards, once each
        assert [r["title"] for r in mine.params["results"]] == [SY.label(state, a) for a in plays]

        # the chosen result is posted in the group as the player's message (Telegram sends it "via @bot")
        chosen = mine.params["results"][0]["input_message_content"]["message_text"]
        played = table.command(mover, html.unescape(chosen), photo=True)
        assert "играет карту" in played.text, played
        state, seats, _ = game_state(database, SY)
        assert state.step != "play"

        # the dwelling by button (the trees where it may go), then the rest of the turn by buttons
        board = played
        for _ in range(6):
            state, seats, _ = game_state(database, SY)
            if seats[SY.current_seat(state)] != mover:
                break
            text, data = next((t, d) for t, d in board.buttons if d.startswith("g:"))
            since = table.press(mover, board.message_id, data)
            board = table.board_after_press(since, board)
        assert player_to_move(board) == other, "the turn did not pass"

        # nothing of the waiting player's hand ever reached the group
        state, seats, _ = game_state(database, SY)
        waiting = next(s for s, u in seats.items() if u == mover)
        secret = SY.secret(state, waiting)
        assert secret and not any(secret in html.unescape(c.text) for c in server.sent if c.chat_id == GROUP)

        # restart on the same database: the same board, the same buttons
        before = table.board()
        assert table.bot.stop(signal.SIGTERM) == 0
        table.bot = BotProcess(server, tmp_path, database, "second")
        after = table.board()
        assert after.buttons == before.buttons and player_to_move(after) == player_to_move(before)
        assert table.bot.stop(signal.SIGTERM) == 0
        for name in ("first", "second"):
            log = (tmp_path / f"{name}.log").read_text(encoding="utf-8", errors="replace")
            assert "Traceback" not in log, f"{name} process logged a traceback:\n{log[-6000:]}"
    finally:
        if table.bot is not None:
            table.bot.stop(signal.SIGKILL)

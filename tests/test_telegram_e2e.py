"""End to end: the real `python -m bot` process against a fake Bot API server on 127.0.0.1.

A group plays the first moves of «Валдора» by commands and by buttons, breaks the rules, the bot is
stopped (SIGTERM) and started again on the same database, and the game goes on; then it is killed
(SIGKILL) and the last reported move is still there. The checks rely on structure
(a photo, its keyboard, a mention link, a Russian refusal, an unchanged button set), not on the
service's exact phrases.
"""

from __future__ import annotations

import html
import re
import signal
import subprocess
import sys

from e2e_harness import (
    BOARD_CHANGES,
    COMMAND_IN_CODE,
    CREATOR,
    JOINERS,
    OUTSIDER,
    PLAYERS,
    REPLY_TIMEOUT,
    BotProcess,
    Table,
    assert_no_board_change,
    assert_refusal,
    bot_env,
    player_to_move,
)


def test_group_plays_valdora_across_a_restart(server, tmp_path):
    database = tmp_path / "bot.db"
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, database, "first")
    try:
        commands = server.calls_of("setMyCommands")[0].params["commands"]
        assert {"new", "join", "begin", "board"} <= {c["command"] for c in commands}
        assert all(re.search("[а-яё]", c["description"], re.I) for c in commands)

        # --- the lobby
        lobby = table.command(CREATOR, "/new valdora")
        assert "Валдора" in lobby.text, lobby
        for user_id in JOINERS:
            joined = table.command(user_id, "/join")
            assert PLAYERS[user_id] in html.unescape(joined.text), joined
            # one lobby message, edited as players sit down
            assert joined.method == "editMessageText" and joined.message_id == lobby.message_id, joined
        # A command addressed to another bot is not ours: no answer.
        since = table.say(CREATOR, "/board@SomeOtherBot")
        assert not [c for c in table.settle(since) if c.is_message], "answered /cmd@OtherBot"

        # --- the start: the board as a photo with buttons and a mention of the player to move
        since = table.say(CREATOR, "/begin@RefereeTestBot")
        start = table.reply(since, photo=True)
        closed = server.calls_of("editMessageText", since)[-1]
        assert closed.message_id == lobby.message_id and not closed.buttons  # the lobby's buttons are gone
        assert start.photo.startswith(b"\x89PNG") and len(start.photo) > 1000, start
        assert start.params.get("parse_mode") == "HTML"
        assert start.buttons and all(data for _, data in start.buttons), start
        mover = player_to_move(start)

        # --- a move by command, taken from /moves
        listing = table.command(mover, "/moves", photo=False)
        typed = [html.unescape(c) for c in COMMAND_IN_CODE.findall(listing.text)]
        assert typed, f"/moves lists no commands: {listing!r}"
        chosen = next((c for c in typed if c.startswith("/move ")), typed[0])
        moved = table.command(mover, chosen, photo=True)
        assert moved.photo and moved.buttons, moved
        assert moved.buttons != start.buttons, "the move did not change the buttons (their version)"
        mover = player_to_move(moved)

        # --- a move by pressing a button of the last board, by the right player
        text, data = moved.buttons[0]
        since = table.press(mover, moved.message_id, data)
        answered = server.wait_for(lambda c: c.method == "answerCallbackQuery", REPLY_TIMEOUT, since)
        assert answered.error is None
        pressed = table.board_after_press(since, moved)
        assert pressed.buttons != moved.buttons, f"pressing {text!r} changed nothing"
        board = pressed
        mover = player_to_move(board)

        # --- refusals: out of turn by command, nonsense by the player to move, wrong user pressing
        other = next(p for p in PLAYERS if p != mover)
        since = table.say(other, chosen)
        assert_refusal(table.reply(since))
        assert_no_board_change(table, since)

        since = table.say(mover, "/move Тридевятоецарство")
        assert_refusal(table.reply(since))
        assert_no_board_change(table, since)

        since = table.press(other, board.message_id, board.buttons[0][1])
        answer = server.wait_for(lambda c: c.method == "answerCallbackQuery", REPLY_TIMEOUT, since)
        assert re.search("[а-яё]", answer.params.get("text", ""), re.I), f"no Russian toast: {answer!r}"
        later = table.settle(since)
        assert not [c for c in later if c.method in BOARD_CHANGES], later

        since = table.press(OUTSIDER[0], board.message_id, board.buttons[0][1])
        answer = server.wait_for(lambda c: c.method == "answerCallbackQuery", REPLY_TIMEOUT, since)
        assert answer.params.get("text"), answer
        assert not [c for c in table.settle(since) if c.method in BOARD_CHANGES]

        again = table.board()
        assert again.buttons == board.buttons, "a refused move changed the position"
        assert player_to_move(again) == mover

        # --- restart on the same database
        code = table.bot.stop(signal.SIGTERM)
        assert code == 0, f"exit code {code} after SIGTERM\n{table.bot.output()}"
        table.bot = BotProcess(server, tmp_path, database, "second")

        resumed = table.board()
        assert resumed.buttons == board.buttons, "the position changed across the restart"
        assert [b[0] for b in resumed.buttons] == [b[0] for b in board.buttons]
        assert player_to_move(resumed) == mover

        # --- one more move, by a button of the board sent by the new process
        since = table.press(mover, resumed.message_id, resumed.buttons[0][1])
        server.wait_for(lambda c: c.method == "answerCallbackQuery", REPLY_TIMEOUT, since)
        after = table.board_after_press(since, resumed)
        assert after.buttons != resumed.buttons, after
        # A stale button (from before the move) is refused politely and changes nothing.
        since = table.press(mover, board.message_id, board.buttons[0][1])
        stale = server.wait_for(lambda c: c.method == "answerCallbackQuery", REPLY_TIMEOUT, since)
        assert stale.params.get("text"), stale
        assert not [c for c in table.settle(since) if c.method in BOARD_CHANGES]
        assert table.bot.alive()

        # --- a crash (SIGKILL) loses nothing the players were told: the move is on the new board
        table.bot.stop(signal.SIGKILL)
        table.bot = BotProcess(server, tmp_path, database, "third")
        assert table.board().buttons == after.buttons, "a reported move was lost in a crash"
        assert table.bot.stop(signal.SIGTERM) == 0
        for name in ("first", "second", "third"):
            log = (tmp_path / f"{name}.log").read_text(encoding="utf-8", errors="replace")
            assert "Traceback" not in log, f"{name} process logged a traceback:\n{log[-6000:]}"
    finally:
        if table.bot is not None:
            table.bot.stop(signal.SIGKILL)


def test_without_a_token_it_explains_how_to_get_one(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=bot_env(None, tmp_path / "bot.db"),
        capture_output=True, text=True, timeout=60,
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert "@BotFather" in output, output
    assert re.search(r"консол|console", output, re.I), output
    assert re.search("[а-яё]{4}", output, re.I), output
    assert "Traceback" not in output, output


def test_a_stop_signal_during_start_up_ends_the_bot_cleanly(server, tmp_path):
    """SIGTERM at any moment of the start (importing, opening the database, warming the picture workers, asking
    Telegram who the bot is) ends the bot with exit code 0 and no complaint about Telegram; a start already under
    way is let finish first, so that the database it opened is closed again."""
    import socket
    import time

    with socket.socket() as silent:  # a "Telegram" that takes connections and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        apis = [server.url] * 4 + [f"http://127.0.0.1:{silent.getsockname()[1]}"]
        for attempt, (api, delay) in enumerate(zip(apis, (0.3, 0.6, 1.0, 1.6, 2.5), strict=True)):
            env = {**bot_env(server, tmp_path / "bot.db"), "TELEGRAM_API_URL": api, "RENDER_WORKERS": "1"}
            log = tmp_path / f"start{attempt}.log"
            with open(log, "wb") as out:
                process = subprocess.Popen([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdout=out,
                                           stderr=subprocess.STDOUT)
                time.sleep(delay)
                process.send_signal(signal.SIGTERM)
                code = process.wait(30)
            text = log.read_text(encoding="utf-8", errors="replace")
            assert code == 0 and "Не удалось связаться" not in text and "Traceback" not in text, (delay, code, text)
            if "Процессов рисования" in text:  # its start had begun: it is let finish, then all is closed
                assert "База данных закрыта" in text, (delay, text)

"""Reminders through the real bot and the fake Bot API, with TURN_REMINDER_AFTER=2s: the player to move is
mentioned in the group after the idle time (not before), and privately too, with a link to the board, when
they started the bot; a reminder that fell due while the bot was stopped fires once after the restart; and
none comes during the chat's quiet hours."""

from __future__ import annotations

import re
import signal
import time

from e2e_harness import CREATOR, GROUP, PLAYERS, REPLY_TIMEOUT, BotProcess, Table, player_to_move

SETTINGS = {"TURN_REMINDER_AFTER": "2s", "QUIET_HOURS": "off"}  # no quiet hours: the test runs at any hour
JOINER = 102


def reminders(server, since: int) -> list:
    return [c for c in server.calls[since:] if c.method == "sendMessage" and c.chat_id == GROUP
            and c.error is None and "ваш ход" in c.text]


def test_the_player_to_move_is_reminded_after_the_idle_time_and_once_after_a_restart(server, tmp_path):
    database = tmp_path / "bot.db"
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, database, "first", SETTINGS)
    try:
        for user_id in (CREATOR, JOINER):  # both started the bot in private: they get private notes
            server.push_message(user_id, user_id, PLAYERS[user_id], "/start", chat_type="private")
        table.command(CREATOR, "/new kingdom")
        table.command(JOINER, "/join")
        begun = time.monotonic()  # the turn cannot begin before /begin is sent (the board may come later: drawing)
        since = table.say(CREATOR, "/begin")
        board = table.reply(since, photo=True)
        mover = player_to_move(board)
        reminder = server.wait_for(lambda c: c in reminders(server, since), REPLY_TIMEOUT, since)
        assert reminder.time - begun >= 2.0, "reminded before the idle time"
        assert f"tg://user?id={mover}" in reminder.text and "Kingdom Builder" in reminder.text
        private = server.wait_for(lambda c: c.method == "sendMessage" and c.chat_id == mover
                                  and "Ваш ход" in c.text and c.time >= reminder.time, REPLY_TIMEOUT, since)
        assert re.search(rf"https://t\.me/c/{str(GROUP)[4:]}/{board.message_id}", private.text), private
    finally:
        assert table.bot.stop(signal.SIGTERM) == 0
    stopped = server.mark()
    time.sleep(3)  # the next reminder falls due while the bot is down
    table.bot = BotProcess(server, tmp_path, database, "second", SETTINGS)
    try:
        first = server.wait_for(lambda c: c in reminders(server, stopped), REPLY_TIMEOUT, stopped)
        time.sleep(1.0)
        assert len(reminders(server, stopped)) == 1, "the overdue reminder fired more than once"
        assert f"tg://user?id={mover}" in first.text
    finally:
        assert table.bot.stop(signal.SIGTERM) == 0


def test_no_reminder_during_the_chats_quiet_hours(server, tmp_path):
    hour = time.gmtime().tm_hour
    quiet = {"TURN_REMINDER_AFTER": "1s", "TIMEZONE": "UTC", "QUIET_HOURS": f"{hour}-{(hour + 2) % 24}"}
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, tmp_path / "bot.db", "quiet", quiet)
    try:
        table.command(CREATOR, "/new kingdom")
        table.command(JOINER, "/join")
        since = table.say(CREATOR, "/begin")
        table.reply(since, photo=True)
        time.sleep(4)  # four times the idle time: it is night in the chat, so nobody is pinged
        assert not reminders(server, since)
        settings = table.command(CREATOR, "/settings")
        assert f"Тихие часы: {hour:02d}:00–{(hour + 2) % 24:02d}:00\n🕰 Часовой пояс: UTC" in settings.text
    finally:
        assert table.bot.stop(signal.SIGTERM) == 0

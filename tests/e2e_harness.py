"""The end-to-end harness: the real `python -m bot` process against the fake Bot API server on 127.0.0.1,
and the test's side of a group chat. The e2e tests of every game use it."""

from __future__ import annotations

import html
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

try:
    from tests.fake_bot_api import Call, FakeBotApi
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from fake_bot_api import Call, FakeBotApi

ROOT = Path(__file__).resolve().parent.parent
GROUP = -1001234567890
PLAYERS = {101: "Анна", 102: "Борис", 103: "Вера", 104: "Глеб"}
CREATOR, JOINERS = 101, (102, 103, 104)
OUTSIDER = (105, "Дима")
START_TIMEOUT = 60  # importing Pillow, telegram, opening SQLite on a slow CI machine
REPLY_TIMEOUT = 60  # seconds: bots think for seconds, and a loaded machine (CI beside other work) is slower still
STOP_TIMEOUT = 20
BOARD_CHANGES = ("sendPhoto", "editMessageMedia", "editMessageReplyMarkup")
MENTION = re.compile(r'tg://user\?id=(\d+)')
REFUSAL = re.compile(r"(?i)(?<![а-яё])(не|нельзя|нет|подождите|уже)(?![а-яё])|❌")
COMMAND_IN_CODE = re.compile(r"<code>(/[^<]+)</code>")


def free_port() -> int:
    """A TCP port nobody listens on now (for a bot's webhook server)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def post_body(port: int, body: bytes, secret: str | None, path: str = "/hook", method: str = "POST",
              content_type: str = "application/json") -> int:
    """POST `body` to a bot's webhook server as Telegram would (with `secret` in its header); the HTTP status."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method,
                                     headers={"Content-Type": content_type})
    if secret is not None:
        request.add_header("X-Telegram-Bot-Api-Secret-Token", secret)
    try:
        with urllib.request.urlopen(request, timeout=REPLY_TIMEOUT) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def listening(port: int, bot: BotProcess) -> None:
    """Wait until the bot's webhook server takes connections on `port` (it starts right after registering)."""
    deadline = time.monotonic() + REPLY_TIMEOUT
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            assert bot.alive(), bot.output()
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}\n{bot.output()}")


def bot_env(server: FakeBotApi | None, database: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DATABASE_", "LOG_LEVEL"))}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["PYTHONUNBUFFERED"] = "1"
    if server is not None:
        env.update(TELEGRAM_BOT_TOKEN="123:TEST", TELEGRAM_API_URL=server.url, LOG_LEVEL="DEBUG")
    if database is not None:
        env["DATABASE_PATH"] = str(database)
    return env


class BotProcess:
    """`python -m bot` in a working directory of its own (so no stray .env is read), output to a file."""

    def __init__(self, server: FakeBotApi, workdir: Path, database: Path, name: str,
                 settings: dict[str, str] | None = None):
        self.server = server
        self.log_path = workdir / f"{name}.log"
        self._log = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop())
        start, polls = server.mark(), server.polls
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=workdir, env={**bot_env(server, database), **(settings or {})},
            stdout=self._log, stderr=subprocess.STDOUT,
        )
        # post_init opened the database and published the commands; the bot runs once it asks for updates
        # (polling) or has set its webhook: a stop signal before that would interrupt its start
        deadline = time.monotonic() + START_TIMEOUT
        while not (server.calls_of("setMyCommands", since=start)
                   and (server.polls > polls or server.calls_of("setWebhook", since=start))):
            if not self.alive() or time.monotonic() > deadline:
                code = self.process.poll()
                self.stop(signal.SIGKILL)
                raise AssertionError(f"the bot did not start (exit code {code})\n{self.output()}")
            time.sleep(0.1)

    def output(self, tail: int = 6000) -> str:
        if not self._log.closed:
            self._log.flush()
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return "--- bot output (tail) ---\n" + text[-tail:]

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, sig: int = signal.SIGTERM) -> int:
        """Stop it with `sig`, wait; kill it if it hangs. Returns the exit code."""
        try:
            if self.process.poll() is None:
                self.process.send_signal(sig)
                try:
                    self.process.wait(STOP_TIMEOUT)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(STOP_TIMEOUT)
                    raise AssertionError(f"the bot ignored signal {sig}\n{self.output()}") from None
            return self.process.returncode
        finally:
            self._log.close()


class Table:
    """The test's side of the chat: push an update, wait for what the bot sends into the group."""

    def __init__(self, server: FakeBotApi):
        self.server = server
        self.bot: BotProcess | None = None

    def fail(self, message: str) -> AssertionError:
        return AssertionError(message + ("\n" + self.bot.output() if self.bot else ""))

    def say(self, user_id: int, text: str, name: str | None = None) -> int:
        since = self.server.mark()
        self.server.push_message(GROUP, user_id, name or PLAYERS[user_id], text)
        return since

    def reply(self, since: int, photo: bool | None = None) -> Call:
        """The first message into the group after `since` (a photo if photo=True), or a message edited in place
        (the lobby, as players join and leave; the board, as the player to move goes on with the turn)."""
        def wanted(call: Call) -> bool:
            # a step of the same turn redraws that turn's board in place (editMessageMedia) instead of a new one
            edited = (call.method == "editMessageText" and photo is not True
                      or call.method == "editMessageMedia" and photo is not False)
            return ((call.is_message or edited) and call.error is None and call.chat_id == GROUP
                    and (photo is None or (call.method == "sendPhoto") == photo or edited))
        try:
            return self.server.wait_for(wanted, timeout=REPLY_TIMEOUT, since=since)
        except TimeoutError as error:
            raise self.fail(str(error)) from None

    def settle(self, since: int) -> list[Call]:
        """Everything the bot did after `since` once it has gone quiet."""
        return self.server.wait_idle(quiet=0.6, timeout=REPLY_TIMEOUT, since=since)

    def board_after_press(self, since: int, pressed: Call) -> Call:
        """The board after an accepted press: redrawn in place (editMessageMedia) while the same player
        goes on with the turn, or a new photo when the turn passes. The old board keeps its keyboard (its
        buttons are stale now): no request of the group's budget is spent on removing it."""
        def wanted(call: Call) -> bool:
            return call.error is None and (
                (call.method == "editMessageMedia" and call.message_id == pressed.message_id)
                or (call.method == "sendPhoto" and call.chat_id == GROUP))
        try:
            board = self.server.wait_for(wanted, timeout=REPLY_TIMEOUT, since=since)
        except TimeoutError as error:
            raise self.fail(str(error)) from None
        assert board.photo and board.photo.startswith(b"\x89PNG"), board
        if board.method == "editMessageMedia":
            assert player_to_move(board) == player_to_move(pressed), "an edited board must stay with the mover"
        else:
            assert player_to_move(board) != player_to_move(pressed), "a new board must pass the turn"
            assert not self.server.calls_of("editMessageReplyMarkup", since), "a request spent on old buttons"
        return board

    def command(self, user_id: int, text: str, photo: bool | None = None) -> Call:
        return self.reply(self.say(user_id, text), photo)

    def press(self, user_id: int, message_id: int, data: str) -> int:
        since = self.server.mark()
        self.server.push_callback(GROUP, user_id, PLAYERS.get(user_id, OUTSIDER[1]), message_id, data)
        return since

    def board(self, user_id: int = CREATOR) -> Call:
        board = self.command(user_id, "/board", photo=True)
        assert board.photo and board.photo.startswith(b"\x89PNG"), board
        return board


def player_to_move(board: Call) -> int:
    """The caption ends naming the player to move: a mention ("Ходит <a href=tg://...>") when the
    turn has just passed to them, their plain name while they go on with their own turn."""
    last = board.text.rsplit("Ходит ", 1)[-1]
    ids = MENTION.findall(last)
    if ids:
        player = int(ids[0])
    else:
        name = html.unescape(last).rstrip(".")
        player = next((uid for uid, n in PLAYERS.items() if n == name), None)
    assert player in PLAYERS, f"no player to move in {board!r}"
    return player


def assert_refusal(call: Call) -> None:
    text = html.unescape(re.sub(r"<[^>]+>", "", call.text))
    assert call.method == "sendMessage" and re.search("[а-яё]", text, re.I), call
    assert REFUSAL.search(text), f"not a Russian refusal: {text!r}"


def assert_no_board_change(table: Table, since: int) -> None:
    later = table.settle(since)
    photos = [c for c in later if c.method in BOARD_CHANGES]
    assert not photos, f"the board changed after a refused move: {photos}"


def game_state(database: Path, game) -> tuple[object, dict[int, int], int]:
    """The group's running game as the bot stored it, read the way an onlooker with the rulebook would:
    (state loaded by `game`, seat -> user id, game id). Only reads."""
    with sqlite3.connect(database) as db:
        state, game_id = db.execute("SELECT state, id FROM games WHERE chat_id = ? AND status = 'active'",
                                    (GROUP,)).fetchone()
        seats = dict(db.execute("SELECT seat, user_id FROM seats WHERE game_id = ?", (game_id,)).fetchall())
    return game.load(json.loads(state)), seats, game_id

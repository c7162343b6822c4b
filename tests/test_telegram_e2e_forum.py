"""End to end, a forum as a big community would run it: the real `python -m bot` against the fake Bot API, a
supergroup with two topics and a table in each (Kingdom Builder in «Королевство», «Зодчие» in «Долина»), an
administrator who is not playing, a member who is not playing, and a restart of the bot in the middle.

One story: who may change the chat's and a table's settings; /tables with links and the administrator's abort
buttons; one sound per turn (the turn's board), everything else silent; a refusal to someone not playing told
privately; the typed steps of one turn editing that turn's board; the topic renamed (the private notes use the new
name), then closed in the middle of a turn (the move by button stands, no apology, the players told privately, the
board posted at the reopening — after a restart); the other topic deleted (its players told, /tables marks it, the
administrator aborts it from General and its players hear it privately). At the end: no traceback, no refused send
but the expected ones, every message of the group in its table's topic."""

from __future__ import annotations

import html
import json
import re
import signal
import sqlite3
import time
from pathlib import Path

from e2e_harness import COMMAND_IN_CODE, GROUP, PLAYERS, REFUSAL, REPLY_TIMEOUT, BotProcess, player_to_move
from fake_bot_api import Call, FakeBotApi
from test_telegram_e2e_topics import Forum

from bot.replies import buttons
from rules.registry import GAMES

ANNA, BORIS, VERA, GLEB = 101, 102, 103, 104  # Вера is an administrator who plays nowhere
DIMA = (105, "Дима")  # a member who plays nowhere
# no quiet hours: a turn's board sounds whatever the hour the test runs at; pictures drawn in the bot's own process
SETTINGS = {"QUIET_HOURS": "выкл", "RENDER_WORKERS": "0"}
REMIND = 6  # seconds: the valley table's own reminder (from its next turn), which finds out its topic is gone


def text_of(call: Call) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", call.text))


def open_table(database: Path, topic: int) -> tuple[int, int, int, int]:
    """The active game of `topic` as the bot stored it: (id, version, board message id, user id to move)."""
    with sqlite3.connect(database) as db:
        game_id, name, state, version, board = db.execute(
            "SELECT id, game, state, version, board_message_id FROM games WHERE chat_id = ? AND topic = ? "
            "AND status = 'active'", (GROUP, topic)).fetchone()
        seats = dict(db.execute("SELECT seat, user_id FROM seats WHERE game_id = ?", (game_id,)).fetchall())
    game = GAMES[name]
    return game_id, version, board, seats[game.current_seat(game.load(json.loads(state)))]


def stored(database: Path) -> str:
    """The games and their timers as the bot stored them, for a failing test's message."""
    with sqlite3.connect(database) as db:
        games = db.execute("SELECT id, topic, status, version, turn_since FROM games").fetchall()
        timers = db.execute("SELECT * FROM timers").fetchall()
    return f"now {time.time()}; games {games}; timers {timers}"


def into_group(calls: list[Call]) -> list[Call]:
    return [c for c in calls if c.is_message and c.error is None and c.chat_id == GROUP]


def private(server: FakeBotApi, user_id: int, words: str, since: int = 0) -> list[Call]:
    return [c for c in server.calls[since:] if c.is_message and c.error is None and c.chat_id == user_id
            and words in text_of(c)]


def play_turn(forum: Forum, topic: int, board: Call) -> Call:
    """The player to move plays a whole turn as typed commands; the turn's board is edited in place at every step
    but the last, whose new board gives the turn on: one new picture and at most one sound for the turn."""
    server = forum.server
    since, mover, first = server.mark(), player_to_move(board), board.message_id
    for _ in range(10):
        board = forum.move(topic, board)
        if player_to_move(board) != mover:
            break
    assert player_to_move(board) != mover, "the turn did not pass"
    forum.settle(since)
    turn = server.calls[since:]
    pictures = [c for c in into_group(turn) if c.method == "sendPhoto"]
    assert pictures == [board], pictures  # one new picture: the board that gives the turn on
    edits = [c for c in turn if c.method == "editMessageMedia" and c.error is None]
    assert edits and {c.message_id for c in edits} == {first}, edits  # the steps before it: the turn's board, edited
    sounds = [c for c in into_group(turn) if not c.silent]
    assert sounds == [board] and f"tg://user?id={player_to_move(board)}" in board.text, sounds
    return board


def test_a_forum_with_two_tables_lives_through_rights_sound_and_topics_that_close_rename_and_vanish(
        server, tmp_path):
    database = tmp_path / "bot.db"
    server.admins.add((GROUP, VERA))
    kingdom = server.create_topic(GROUP, "Королевство")
    valley = server.create_topic(GROUP, "Долина")
    for user_id, name in (*PLAYERS.items(), DIMA):  # everyone has started the bot in private
        server.push_message(user_id, user_id, name, "/start", chat_type="private")
    forum = Forum(server)
    forum.bot = BotProcess(server, tmp_path, database, "first", SETTINGS)
    general_commands = 0  # what is typed in General: each is answered there, and nothing else is said there
    try:
        # --- two tables, one per topic; lobbies and answers are silent
        opened = server.mark()
        assert "Kingdom Builder" in forum.command(kingdom, ANNA, "/new kingdom").text
        forum.settle(forum.say(kingdom, BORIS, "/join"))
        assert "Зодчие Волшебной Долины" in forum.command(valley, GLEB, "/new sylvan").text
        forum.settle(forum.say(valley, BORIS, "/join"))
        assert not [c for c in into_group(server.calls[opened:]) if not c.silent]
        boards = {kingdom: forum.command(kingdom, ANNA, "/begin", photo=True),
                  valley: forum.command(valley, GLEB, "/begin", photo=True)}
        assert all(not board.silent for board in boards.values())  # the board that gives the turn sounds

        # --- rights: the chat's settings only by an administrator; a table's by its players, said at that table
        refused = text_of(forum.command(None, BORIS, "/settings чат лимит 2ч"))
        assert refused.startswith("Настройки всего чата меняют только администраторы чата."), refused
        done = text_of(forum.command(None, VERA, "/settings чат лимит 2ч"))
        assert done.startswith("Вера даёт во всём чате на ход 2 часа."), done
        general_commands += 2
        at_table = text_of(forum.command(kingdom, ANNA, "/settings лимит 30м"))
        assert at_table.startswith("Анна даёт за этим столом на ход 30 минут."), at_table
        assert "Время на ход: 30 минут" in at_table and "во всём чате — 2 часа" in at_table, at_table
        other = text_of(forum.command(valley, GLEB, "/settings"))
        assert "Время на ход: 2 часа" in other, other
        own = text_of(forum.command(valley, GLEB, f"/settings напоминание {REMIND}с"))
        assert "за этим столом" in own and f"через {REMIND} секунд" in own, own

        # --- /tables in General: both tables, with links; abort buttons for the administrator alone
        member = forum.command(None, BORIS, "/tables")
        listing = forum.command(None, VERA, "/tables")
        general_commands += 2
        for topic, name in ((kingdom, "Королевство"), (valley, "Долина")):
            assert f'href="https://t.me/c/1234567890/{topic}">«{name}»</a>' in listing.text, listing.text
        assert "Kingdom Builder" in listing.text and "Зодчие Волшебной Долины" in listing.text
        assert [text for text, _ in listing.buttons] == ["⛔ Прервать стол 1", "⛔ Прервать стол 2"], listing
        assert member.buttons == [] and text_of(member).splitlines()[1:] == text_of(listing).splitlines()[1:]

        # --- a refusal to someone who is not playing, or not on turn, stays personal: told in private
        mover = player_to_move(boards[kingdom])
        waiting = next(p for p in (ANNA, BORIS) if p != mover)
        moves = forum.command(kingdom, mover, "/moves", photo=False)
        typed = html.unescape(COMMAND_IN_CODE.findall(moves.text)[0])
        before = open_table(database, kingdom)
        since = server.mark()
        server.push_message(GROUP, DIMA[0], DIMA[1], typed, topic=kingdom)
        refusals = [server.wait_for(lambda c: c.chat_id == DIMA[0] and c.is_message, REPLY_TIMEOUT, since)]
        forum.say(kingdom, waiting, typed)
        refusals.append(server.wait_for(lambda c: c.chat_id == waiting and c.is_message, REPLY_TIMEOUT, since))
        forum.settle(since)
        for refusal in refusals:
            assert REFUSAL.search(text_of(refusal)) and refusal.silent, refusal
        assert not into_group(server.calls[since:]), into_group(server.calls[since:])
        assert open_table(database, kingdom) == before  # nothing played

        # --- a typed turn at each table: its steps edit its board, one new picture and one sound
        boards[kingdom] = play_turn(forum, kingdom, boards[kingdom])

        # --- the Kingdom topic is renamed, then closed in the middle of a turn: the moves by button stand,
        # silently
        renamed = server.mark()
        server.rename_topic(GROUP, kingdom, "Королевская")  # renamed first: the private notes use the new name
        forum.settle(renamed)
        closed = server.mark()
        server.close_topic(GROUP, kingdom)
        server.wait_for(lambda c: len(private(server, ANNA, "ждёт: тему закрыли", closed))
                        + len(private(server, BORIS, "ждёт: тему закрыли", closed)) == 2, REPLY_TIMEOUT, closed)
        for note in private(server, ANNA, "ждёт: тему закрыли") + private(server, BORIS, "ждёт: тему закрыли"):
            assert "в теме «Королевская»" in text_of(note) and "Королевство" not in text_of(note), note.text
        game_id, version, board_id, mover = open_table(database, kingdom)
        for _ in range(10):
            since = server.mark()
            server.push_callback(GROUP, mover, PLAYERS[mover], board_id, buttons.encode_move(game_id, version, 0))
            toast = server.wait_for(lambda c: c.method == "answerCallbackQuery", REPLY_TIMEOUT, since)
            assert not toast.params.get("text") or "устарела" not in toast.params["text"], toast.params
            forum.settle(since)
            game_id, new_version, board_id, now_moving = open_table(database, kingdom)
            assert new_version == version + 1, "the move by button in the closed topic was not recorded"
            version = new_version
            if now_moving != mover:
                break
        assert now_moving != mover, "the turn did not pass"
        assert len(private(server, ANNA, "ждёт: тему закрыли") + private(server, BORIS, "ждёт: тему закрыли")) == 2
        refused = [c for c in server.calls[closed:] if c.error]
        # the new board is not sent, or tried once (the bot knows the topic is closed)
        assert [c.method for c in refused] in ([], ["sendPhoto"]), refused
        assert all("TOPIC_CLOSED" in c.error for c in refused), refused
        # nothing new reaches the closed topic (the other table's reminders go on in its own topic)
        assert not [c for c in into_group(server.calls[closed:]) if c.method != "editMessageMedia"
                    and c.params.get("message_thread_id") == kingdom]

        # --- a restart while the topic is closed: the owed board, the table's settings and the new name stay
        assert forum.bot.stop(signal.SIGTERM) == 0
        forum.bot = BotProcess(server, tmp_path, database, "second", SETTINGS)
        reopened = server.mark()
        server.reopen_topic(GROUP, kingdom)
        owed = forum.reply(reopened, kingdom, photo=True)
        assert owed.method == "sendPhoto" and f"tg://user?id={now_moving}" in owed.text and not owed.silent, owed
        boards[kingdom] = owed
        kept = text_of(forum.command(kingdom, now_moving, "/settings", photo=False))
        assert "Время на ход: 30 минут" in kept, kept

        # --- the Valley topic is deleted as its next turn begins: that turn's reminder finds out (Telegram says
        # nothing), its players are told privately, once
        boards[valley] = play_turn(forum, valley, boards[valley])
        deleted = server.mark()
        server.delete_topic(GROUP, valley)
        for player in (GLEB, BORIS):
            # the reminder is due REMIND seconds into the turn; the bot looks for due timers every 10 s, and the
            # group's budget of 20 messages a minute, spent by now, may hold the reminder back up to a minute
            try:
                server.wait_for(lambda c, p=player: c.chat_id == p and "удалили" in c.text, 90, deleted)
            except TimeoutError as error:
                raise AssertionError(f"{error}\n{stored(database)}\n{forum.bot.output()}") from None
        tried = [c for c in server.calls[deleted:] if c.chat_id == GROUP and c.is_message]
        assert len(tried) == 1 and "thread not found" in tried[0].error, tried

        # --- the administrator sees it marked in /tables and aborts it from General
        listing = forum.command(None, VERA, "/tables")
        general_commands += 1
        lines = text_of(listing).splitlines()
        gone = next(line for line in lines if "Зодчие" in line)
        assert "«Долина» (тема удалена)" in gone, lines
        assert any("«Королевская»" in line and "Kingdom Builder" in line for line in lines), lines
        number = gone.split(".", 1)[0]
        abort = next(data for text, data in listing.buttons if text == f"⛔ Прервать стол {number}")
        since = server.mark()
        server.push_callback(GROUP, VERA, PLAYERS[VERA], listing.message_id, abort)
        asked = server.wait_for(lambda c: c.method == "editMessageText" and c.error is None, REPLY_TIMEOUT, since)
        yes = next(data for text, data in asked.buttons if text == "Да, прервать")
        since = server.mark()
        server.push_callback(GROUP, VERA, PLAYERS[VERA], listing.message_id, yes)
        done = server.wait_for(lambda c: c.method == "editMessageText" and c.error is None, REPLY_TIMEOUT, since)
        assert text_of(done).startswith("Вера прерывает партию «Зодчие Волшебной Долины»"), done.text
        forum.settle(since)
        for player in (GLEB, BORIS):  # its players hear it privately: nothing can reach its topic
            told = private(server, player, "Вера прерывает партию «Зодчие Волшебной Долины» в чате", since)
            assert len(told) == 1 and "в теме «Долина»" in text_of(told[0]), told
        assert not [c for c in server.calls[since:] if c.error], "nothing is tried in the deleted topic"
        with sqlite3.connect(database) as db:
            assert db.execute("SELECT status FROM games WHERE topic = ?", (valley,)).fetchone()[0] != "active"
        assert forum.bot.stop(signal.SIGTERM) == 0

        # --- the whole story: no traceback, no apology, no refused send but the expected ones, each in its topic
        for name in ("first", "second"):
            log = (tmp_path / f"{name}.log").read_text(encoding="utf-8", errors="replace")
            assert "Traceback" not in log, f"{name} process logged a traceback:\n{log[-6000:]}"
        assert not [c for c in server.sent if "пошло не так" in c.text]
        refused = [c for c in server.calls if c.error]
        assert refused == [*[c for c in server.calls[closed:reopened] if c.error], *tried], refused
        group = into_group(server.calls)
        assert {c.params.get("message_thread_id") for c in group} == {kingdom, valley, None}
        general = [c for c in group if c.params.get("message_thread_id") is None]
        assert len(general) == general_commands, general
        for call in group:  # nothing of one table in the other's topic
            topic = call.params.get("message_thread_id")
            assert not (topic == kingdom and "Зодчи" in call.text or topic == valley and "Kingdom" in call.text), call
        sounds = [c for c in group if not c.silent]
        assert all(c.method == "sendPhoto" and "tg://user?id=" in c.text for c in sounds), "only turn boards sound"
        with sqlite3.connect(database) as db:
            topics = dict(db.execute("SELECT id, topic FROM games WHERE chat_id = ?", (GROUP,)).fetchall())
        for call in group:  # a board's move buttons name its game: it is in that game's topic
            games = {int(data.split(":")[1]) for _, data in call.buttons if data.startswith("g:")}
            assert all(topics[g] == call.params.get("message_thread_id") for g in games), call
    finally:
        if forum.bot is not None:
            forum.bot.stop(signal.SIGKILL)

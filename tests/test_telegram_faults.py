"""Telegram faults end to end (the front end with the real service, against the fake Bot API): a group that
removed the bot gets nothing more and its timers wait, quietly, until the bot is back and the game goes on;
a board whose answer Telegram lost is not posted again once a newer message of its game is in the chat,
and the one duplicate that cannot be told apart (nobody reacted meanwhile) is counted."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.config import Settings
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings
from bot.telegram import app as telegram_app
from bot.telegram import delivery
from bot.telegram.app import build_application
from rules.registry import GAMES

GROUP = -100900
ANNA, BORIS = 21, 22
TIMEOUT = 10


@pytest.fixture
async def running(server, tmp_path, monkeypatch):
    monkeypatch.setattr(telegram_app, "OWED_EVERY", 0.2)
    monkeypatch.setattr(delivery, "OWED_LEASE", 0.3)
    monkeypatch.setattr(delivery, "OWED_AFTER", 0.5)
    application, service = await launch(server, tmp_path / "bot.db")
    try:
        yield server, service
    finally:
        await halt(application, service)


def new_pictures_only(server):
    """A step of the same turn edits the turn's board; here Telegram refuses the edit, so that the step's board is a
    new picture, whose answer can be lost."""
    server.failures["editMessageMedia"] = (400, "Bad Request: message can't be edited")


async def start_game(server):
    server.push_message(GROUP, ANNA, "Анна", "/new kingdom")
    server.push_message(GROUP, BORIS, "Борис", "/join")
    since = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/begin")
    return await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP and c.error is None,
                                       TIMEOUT, since)


def mover_of(board):
    """The player to move: mentioned when the turn has just passed to them, named while they go on."""
    last = board.text.rsplit("Ходит", 1)[-1]
    return ANNA if f"id={ANNA}" in last or "Анна" in last else BORIS


async def a_move(service):
    row = await service.store.open_game(GROUP)
    return GAMES["kingdom"].legal_actions(GAMES["kingdom"].load(row.state))[0]


def boards(server, since):
    return [c for c in server.calls_of("sendPhoto", since) if c.chat_id == GROUP and c.error is None]


async def test_a_group_that_removed_the_bot_gets_nothing_until_it_is_back(running, caplog):
    server, service = running
    board = await start_game(server)
    mover = mover_of(board)
    build = await a_move(service)
    caplog.set_level(logging.INFO, logger="bot")
    server.kicked.add(GROUP)  # removed, but Telegram's notice has not arrived: the sends find out
    since = server.mark()
    server.push_message(GROUP, mover, "Игрок", f"/{build}")  # written just before the bot was removed
    await server.wait_for_async(lambda c: c.chat_id == GROUP and c.error is not None, TIMEOUT, since)
    await asyncio.sleep(3)  # reminders fall due every second, the owed board every half second
    refused = [c for c in server.calls[since:] if c.chat_id == GROUP]
    assert len(refused) == 1 and "kicked" in refused[0].error, refused  # no apology, no reminder, no retry
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert len([r for r in caplog.records if "Бота нет в чате" in r.getMessage()]) == 1
    assert (await service.store.open_game(GROUP)).version > 0  # the move itself was recorded

    back = server.mark()
    server.add_back(GROUP)
    later = await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP
                                        and c.error is None, 3 * TIMEOUT, back)
    assert build.split()[1] in later.text  # the board it still owed
    await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP
                                and "ваш ход" in c.text, 3 * TIMEOUT, back)  # the timers go on too
    since = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/board")
    await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP and c.error is None,
                                TIMEOUT, since)


async def test_a_message_from_the_group_is_enough_to_know_the_bot_is_back(running):
    server, service = running
    await start_game(server)
    server.kick(GROUP)
    for _ in range(100):
        if GROUP in service.gone_chats:
            break
        await asyncio.sleep(0.05)
    assert GROUP in service.gone_chats
    since = server.mark()
    await asyncio.sleep(2)
    assert not [c for c in server.calls[since:] if c.chat_id == GROUP]  # not even a reminder was tried
    server.kicked.discard(GROUP)  # added back, and its notice lost: the next command tells
    server.push_message(GROUP, ANNA, "Анна", "/board")
    await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP and c.error is None,
                                TIMEOUT, since)
    assert GROUP not in service.gone_chats


async def test_a_board_whose_answer_was_lost_is_not_posted_again_after_a_newer_one(running):
    """A guard (it held before too, the /board pays the debt): with a lost answer in doubt, a newer board of
    the game still ends the debt, and nothing is repeated."""
    server, service = running
    board = await start_game(server)
    build = await a_move(service)
    new_pictures_only(server)
    server.lost_answers["sendPhoto"] = 1
    since = server.mark()
    server.push_message(GROUP, mover_of(board), "Игрок", f"/{build}")
    lost = await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP, TIMEOUT, since)
    # the board is in the chat; a player asks for it again before the outbox looks (a newer message of the game)
    server.push_message(GROUP, ANNA, "Анна", "/board")
    await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP and c is not lost,
                                TIMEOUT, since)
    await asyncio.sleep(2)  # four looks of the outbox
    assert len(boards(server, since)) == 2  # the lost-answer board and the one asked for: nothing repeated
    assert await service.owed_boards(0, lease=0) == []


async def test_a_press_on_a_board_whose_answer_was_lost_shows_it_arrived(running, monkeypatch):
    server, service = running
    # the outbox looks for owed boards every 0.2 s and takes those owed for 3 s: the press is handled well before
    # (its toast is awaited), whatever the machine's load, and the outbox then looks several times
    monkeypatch.setattr(delivery, "OWED_AFTER", 3)
    board = await start_game(server)
    mover = mover_of(board)
    build = await a_move(service)
    new_pictures_only(server)
    server.lost_answers["sendPhoto"] = 1
    since = server.mark()
    server.push_message(GROUP, mover, "Игрок", f"/{build}")
    lost = await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP, TIMEOUT, since)
    waiting = ANNA if mover_of(lost) == BORIS else BORIS  # not their turn: the press is refused
    data = next(d for _, d in lost.buttons if d.startswith(("g:", "k:")))
    pressed = server.mark()
    server.push_callback(GROUP, waiting, "Игрок", lost.message_id, data)
    await server.wait_for_async(lambda c: c.method == "answerCallbackQuery", TIMEOUT, pressed)
    await asyncio.sleep(4.5)  # past the 3 s, the outbox looks again and again
    assert boards(server, since) == [lost]
    assert await service.owed_boards(0, lease=0) == []
    assert (await service.store.open_game(GROUP)).board_message_id == lost.message_id


async def test_duplicates_that_still_reach_the_group_are_counted(running):
    """Nobody reacts to a board whose answer was lost: nothing tells it arrived, so the outbox posts it once
    more. That is the one duplicate left, counted here: one per lost answer, never more."""
    server, service = running
    board = await start_game(server)
    since = server.mark()
    duplicates = 0
    for _ in range(2):
        build = await a_move(service)
        row = await service.store.open_game(GROUP)
        new_pictures_only(server)
        server.lost_answers["sendPhoto"] = 1
        mark = server.mark()
        server.push_message(GROUP, mover_of(board), "Игрок", f"/{build}")
        await server.wait_for_async(lambda c, m=mark: len(boards(server, m)) == 2, 3 * TIMEOUT, mark)
        await asyncio.sleep(1)
        posted = boards(server, mark)
        duplicates += len(posted) - 1
        assert all(build.split()[1] in c.text for c in posted)  # the same move's board, twice
        board = posted[-1]
        for _ in range(100):
            if (await service.store.open_game(GROUP)).version > row.version and \
                    await service.owed_boards(0, lease=0) == []:
                break
            await asyncio.sleep(0.05)
    assert duplicates == 2 and len(boards(server, since)) == 4


async def launch(server, path):
    """A bot process on the database file `path` (a restart is a halt, then a launch on the same file)."""
    defaults = ChatSettings(remind_after=1, quiet=None)
    service = await Service.open(str(path), defaults)
    settings = Settings(token="123:TEST", api_url=server.url, database_path=":memory:", log_level="DEBUG",
                        webhook_url="", webhook_port=8443, chat_defaults=defaults)
    application = build_application(settings, service)
    await application.initialize()
    await application.post_init(application)
    await application.updater.start_polling(poll_interval=0.0, timeout=1, allowed_updates=["message",
                                            "callback_query", "my_chat_member"])
    await application.start()
    return application, service


async def halt(application, service):
    await application.updater.stop()
    await application.stop()
    await application.shutdown()
    await service.close()


async def test_a_restart_remembers_the_groups_that_removed_the_bot(server, tmp_path, caplog):
    application, service = await launch(server, tmp_path / "bot.db")
    try:
        await start_game(server)
        server.kick(GROUP)
        for _ in range(100):
            if GROUP in service.gone_chats:
                break
            await asyncio.sleep(0.05)
    finally:
        await halt(application, service)
    caplog.clear()
    application, restarted = await launch(server, tmp_path / "bot.db")  # the same database, a new process
    try:
        caplog.set_level(logging.INFO, logger="bot")
        assert GROUP in restarted.gone_chats
        since = server.mark()
        await asyncio.sleep(2.5)  # its reminders fall due every second: none is even tried
        assert not [c for c in server.calls[since:] if c.chat_id == GROUP]
        assert not [r for r in caplog.records if "Бота нет в чате" in r.getMessage()]
        server.add_back(GROUP)
        await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP
                                    and "ваш ход" in c.text, 3 * TIMEOUT, since)  # and then the game goes on
    finally:
        await halt(application, restarted)


async def test_a_restart_remembers_a_board_that_did_arrive_after_a_lost_answer(server, tmp_path, monkeypatch):
    monkeypatch.setattr(telegram_app, "OWED_EVERY", 0.2)
    monkeypatch.setattr(delivery, "OWED_LEASE", 0.3)
    monkeypatch.setattr(delivery, "OWED_AFTER", 60)  # the first process never gets round to it
    application, service = await launch(server, tmp_path / "bot.db")
    try:
        board = await start_game(server)
        mover = mover_of(board)
        build = await a_move(service)
        new_pictures_only(server)
        server.lost_answers["sendPhoto"] = 1
        since = server.mark()
        server.push_message(GROUP, mover, "Игрок", f"/{build}")
        lost = await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP, TIMEOUT, since)
        waiting = ANNA if mover_of(lost) == BORIS else BORIS
        data = next(d for _, d in lost.buttons if d.startswith(("g:", "k:")))
        pressed = server.mark()
        server.push_callback(GROUP, waiting, "Игрок", lost.message_id, data)  # seen: the board did arrive
        await server.wait_for_async(lambda c: c.method == "answerCallbackQuery", TIMEOUT, pressed)
    finally:
        await halt(application, service)
    application, service = await launch(server, tmp_path / "bot.db")  # its outbox looks at once on start
    try:
        await asyncio.sleep(2)
        assert boards(server, since) == [lost]  # not posted a second time
        assert await service.owed_boards(0, lease=0) == []
    finally:
        await halt(application, service)

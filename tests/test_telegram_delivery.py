"""The Telegram front end with the real service: an update delivered twice is answered once, a press whose
answer Telegram refuses (pressed while the bot was down) still gets its board, and a busy chat does not
hold up a quiet one."""

from __future__ import annotations

import asyncio

import pytest
from polling import polling

from bot.config import Settings
from bot.replies.reply import Chat, User
from bot.table.service import Service
from bot.telegram import app as telegram_app
from bot.telegram import busy, delivery
from bot.telegram.app import build_application
from rules.registry import GAMES

GROUP, OTHER = -100700, -100800
ANNA, BORIS = 21, 22
TIMEOUT = 10


@pytest.fixture
async def running(server, tmp_path, monkeypatch):
    monkeypatch.setattr(telegram_app, "OWED_EVERY", 0.2)
    monkeypatch.setattr(delivery, "OWED_LEASE", 0.3)
    service = await Service.open(str(tmp_path / "bot.db"))
    try:
        async with polling(server, service):
            yield server, service
    finally:
        await service.close()


async def board_of(server, chat_id, since):
    return await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == chat_id, TIMEOUT, since)


async def all_paid(service):
    """Wait until the bot has recorded that every board reached its chat (it does so after Telegram's answer)."""
    for _ in range(100):
        if await service.owed_boards(0, lease=0) == []:
            return
        await asyncio.sleep(0.05)
    assert await service.owed_boards(0, lease=0) == []


async def start_game(server, chat_id=GROUP):
    server.push_message(chat_id, ANNA, "Анна", "/new kingdom")
    server.push_message(chat_id, BORIS, "Борис", "/join")
    since = server.mark()
    server.push_message(chat_id, ANNA, "Анна", "/begin")
    return await board_of(server, chat_id, since)


async def test_an_update_delivered_twice_is_answered_once(running):
    server, service = running
    await start_game(server)
    since = server.mark()
    update = server.push_message(GROUP, ANNA, "Анна", "/board")
    first = await board_of(server, GROUP, since)
    since = server.mark()
    delivered = next(u for c in server.calls_of("getUpdates") for u in c.result
                     if u.get("message", {}).get("message_id") == update["message_id"])
    server.push_update(dict(delivered))  # Telegram delivers the same update again, same update_id
    server.push_message(GROUP, BORIS, "Борис", "/log")  # something new after it, to know it was read
    await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP, TIMEOUT, since)
    assert first.photo and not server.calls_of("sendPhoto", since)


async def test_a_press_whose_answer_is_refused_still_gets_its_board(running):
    server, service = running
    board = await start_game(server)
    mover = ANNA if f"id={ANNA}" in board.text.rsplit("Ходит", 1)[-1] else BORIS
    server.failures["answerCallbackQuery"] = (400, "Bad Request: query is too old and response timeout expired "
                                                   "or query ID is invalid")
    data = next(d for _, d in board.buttons if d.startswith(("g:", "k:")))
    since = server.mark()
    server.push_callback(GROUP, mover, "Игрок", board.message_id, data)
    changed = await server.wait_for_async(
        lambda c: c.method in ("editMessageMedia", "editMessageReplyMarkup", "sendPhoto") and c.error is None,
        TIMEOUT, since)
    assert changed.chat_id == GROUP
    assert not [c for c in server.calls[since:] if c.method == "sendMessage" and "не так" in c.text]


async def test_a_busy_chat_does_not_hold_up_a_quiet_one(running):
    server, service = running
    await start_game(server)
    await start_game(server, OTHER)
    since = server.mark()
    for _ in range(12):
        server.push_message(GROUP, ANNA, "Анна", "/board")
    server.push_message(OTHER, BORIS, "Борис", "/board")
    quiet = await board_of(server, OTHER, since)
    await asyncio.sleep(0)
    busy = [c for c in server.calls[since:server.calls.index(quiet)] if c.method == "sendPhoto"]
    assert len(busy) < 12, "the quiet chat waited for every board of the busy one"
    await asyncio.sleep(1.5)
    # twelve /board in a row: a board or two (one may go out before the others arrive), never twelve
    boards = [c for c in server.calls_of("sendPhoto", since) if c.chat_id == GROUP]
    assert 1 <= len(boards) <= 3, boards


async def test_a_board_telegram_failed_to_take_is_sent_later_and_nobody_is_told_to_retry(running, monkeypatch):
    server, service = running
    board = await start_game(server)
    mover = ANNA if f"id={ANNA}" in board.text.rsplit("Ходит", 1)[-1] else BORIS
    row = await service.store.open_game(GROUP)
    build = GAMES["kingdom"].legal_actions(GAMES["kingdom"].load(row.state))[0]
    monkeypatch.setattr(delivery, "OWED_AFTER", 0.0)
    # the step's board as a new picture (Telegram refuses to edit the turn's board), which Telegram fails to take
    server.failures["editMessageMedia"] = (400, "Bad Request: message can't be edited")
    server.failures["sendPhoto"] = (502, "Bad Gateway")
    since = server.mark()
    server.push_message(GROUP, mover, "Игрок", f"/{build}")
    await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT, since)  # refused by "Telegram"
    del server.failures["sendPhoto"]
    later = await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.error is None, 3 * TIMEOUT, since)
    assert build.split()[1] in later.text
    assert not [c for c in server.calls[since:] if c.method == "sendMessage" and "попробуйте" in c.text]
    await all_paid(service)


async def test_a_chat_over_its_limit_waits_alone_and_gets_its_board(running):
    server, service = running
    board = await start_game(server)
    await start_game(server, OTHER)
    mover = ANNA if f"id={ANNA}" in board.text.rsplit("Ходит", 1)[-1] else BORIS
    row = await service.store.open_game(GROUP)
    build = GAMES["kingdom"].legal_actions(GAMES["kingdom"].load(row.state))[0]
    server.flood(GROUP, retry_after=2, times=3)  # three 429s in a row: more than PTB's limiter ever retried
    since = server.mark()
    server.push_message(GROUP, mover, "Игрок", f"/{build}")
    await server.wait_for_async(lambda c: c.chat_id == GROUP and c.error is not None, TIMEOUT, since)
    server.push_message(OTHER, BORIS, "Борис", "/board")
    quiet = await board_of(server, OTHER, since)
    # the step's board: the turn's board edited in place (a step of the same turn)
    later = await server.wait_for_async(lambda c: c.method in ("sendPhoto", "editMessageMedia") and c.chat_id == GROUP
                                        and c.error is None, 3 * TIMEOUT, since)
    refused = [c for c in server.calls[since:] if c.chat_id == GROUP and c.error]
    assert len(refused) == 3 and all("Too Many Requests" in c.error for c in refused)
    assert quiet.time < later.time and later.time - refused[0].time >= 5.5  # waited out 3 × 2 s, alone
    assert build.split()[1] in later.text
    await all_paid(service)


async def test_boards_owed_from_before_a_restart_go_out_at_start(server, tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    chat = Chat(id=GROUP, title="Стол")
    await service.command(chat, User(ANNA, "Анна"), "new", "kingdom")
    await service.command(chat, User(BORIS, "Борис"), "join", "")
    await service.command(chat, User(ANNA, "Анна"), "begin", "")  # its board was never sent: the process died
    settings = Settings(token="123:TEST", api_url=server.url, database_path=":memory:", log_level="DEBUG",
                        webhook_url="", webhook_port=8443)
    application = build_application(settings, service)
    await application.initialize()
    await application.post_init(application)
    await application.start()
    try:
        board = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT)
        assert board.chat_id == GROUP and "началась" in board.text and board.buttons
        await all_paid(service)
    finally:
        await application.stop()
        await application.shutdown()
        await service.close()


async def test_a_group_upgraded_to_a_supergroup_keeps_its_game(running):
    server, service = running
    await start_game(server)
    row = await service.store.open_game(GROUP)
    supergroup = -1009990001
    server.migrate(GROUP, supergroup)
    for _ in range(100):
        if await service.store.open_game(supergroup) is not None:
            break
        await asyncio.sleep(0.05)
    since = server.mark()
    server.push_message(supergroup, ANNA, "Анна", "/board")
    board = await board_of(server, supergroup, since)
    assert board.buttons and (await service.store.open_game(supergroup)).id == row.id
    assert await service.store.open_game(GROUP) is None


async def test_a_reply_to_an_update_from_before_the_upgrade_reaches_the_supergroup(running):
    server, service = running
    await start_game(server)
    supergroup = -1009990002
    since = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/board")  # sent just before the upgrade...
    server.migrated[GROUP] = supergroup  # ...which happens before the bot answers
    board = await board_of(server, supergroup, since)
    assert board.buttons
    assert (await service.store.open_game(supergroup)) is not None and await service.store.open_game(GROUP) is None


async def test_an_anonymous_admin_can_abort_without_a_rights_lookup(running):
    server, service = running
    await start_game(server)
    since = server.mark()
    message = {"message_id": 99001, "date": 0, "chat": {"id": GROUP, "type": "group", "title": "Тестовая группа"},
               "from": {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"},
               "sender_chat": {"id": GROUP, "type": "group", "title": "Тестовая группа"}, "text": "/abort",
               "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}
    server.push_update({"message": message})
    confirm = await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP, TIMEOUT, since)
    assert "Прервать" in confirm.text and confirm.buttons
    assert not server.calls_of("getChatMember", since)


def slow_commands(service, monkeypatch, seconds):
    """Every command takes `seconds` more to answer, as when bots think over their turns."""
    answer = service.command

    async def slow(*args, **kwargs):
        await asyncio.sleep(seconds)
        return await answer(*args, **kwargs)

    monkeypatch.setattr(service, "command", slow)


async def test_a_slow_answer_shows_the_bot_typing_until_it_goes_out(running, monkeypatch):
    server, service = running
    await start_game(server)
    monkeypatch.setattr(busy, "BUSY_AFTER", 3.0)
    quick = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/board")
    await board_of(server, GROUP, quick)
    assert not server.calls_of("sendChatAction", quick)  # answered sooner than BUSY_AFTER: no typing
    monkeypatch.setattr(busy, "BUSY_AFTER", 0.1)
    monkeypatch.setattr(busy, "BUSY_EVERY", 0.2)
    slow_commands(service, monkeypatch, 0.7)
    since = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/board")
    board = await board_of(server, GROUP, since)
    typing = server.calls_of("sendChatAction", since)
    assert len(typing) >= 2 and all(c.params["action"] == "typing" and c.chat_id == GROUP for c in typing)
    # typing goes on until the answer is out: only a request already on its way then may land after the board
    assert sum(c.time >= board.time for c in typing) <= 1
    await asyncio.sleep(0.5)
    assert len(server.calls_of("sendChatAction", since)) == len(typing)  # stopped with the answer


async def test_typing_goes_to_the_topic_of_the_table_and_a_refusal_only_stops_it(running, monkeypatch):
    server, service = running
    topic = server.create_topic(GROUP, "Валдора")
    monkeypatch.setattr(busy, "BUSY_AFTER", 0.05)
    monkeypatch.setattr(busy, "BUSY_EVERY", 0.1)
    slow_commands(service, monkeypatch, 0.5)
    since = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/rules", topic=topic)
    reply = await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP, TIMEOUT, since)
    typing = server.calls_of("sendChatAction", since)
    assert typing and all(int(c.params["message_thread_id"]) == topic for c in typing)
    assert int(reply.params["message_thread_id"]) == topic

    server.failures["sendChatAction"] = (400, "Bad Request: not enough rights to send chat actions")
    since = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/rules", topic=topic)
    reply = await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP, TIMEOUT, since)
    assert len(server.calls_of("sendChatAction", since)) == 1  # refused once, then left alone
    assert "не так" not in reply.text

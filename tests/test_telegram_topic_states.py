"""Topics that close, change and vanish, end to end: the Telegram front end with the real service against the fake
Bot API, whose forum closes, reopens, renames and deletes topics. A move made by a button in a closed topic stands,
without a traceback or an apology; the players are told privately, once; the board and the clock wait for the
reopening. A deleted topic's table stops, its players are told, and /abort in the General topic reaches it. A renamed
topic's new name reaches the private notes. A hidden choice sent into another topic is not played there and is
removed. Any message from a group the bot believed it had left shows that it is back."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest
from polling import polling

from bot.replies import buttons
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings
from bot.telegram import app as telegram_app
from bot.telegram import delivery
from rules.registry import GAMES

GROUP = -1001234567890
ANNA, BORIS, ADMIN = 21, 22, 29
NAMES = {ANNA: "Анна", BORIS: "Борис", ADMIN: "Админ"}
TIMEOUT = 10
REMIND = 2  # seconds before the player to move is reminded


@pytest.fixture
async def running(server, tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(telegram_app, "OWED_EVERY", 0.3)
    monkeypatch.setattr(delivery, "OWED_AFTER", 0.5)
    defaults = ChatSettings(remind_after=REMIND, quiet=None)
    service = await Service.open(str(tmp_path / "bot.db"), defaults)
    try:
        async with polling(server, service, chat_defaults=defaults):
            caplog.set_level(logging.INFO, logger="bot")
            for user in (ANNA, BORIS):  # both have started the bot: private notes reach them
                server.push_message(user, user, NAMES[user], "/start", chat_type="private")
            yield server, service
    finally:
        await service.close()


def no_trouble(caplog, server):
    """No traceback nor error in the log, and no apology anywhere."""
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], caplog.text[-3000:]
    assert not [c for c in server.sent if "пошло не так" in c.text]


async def start_game(server, topic, game="kingdom"):
    server.push_message(GROUP, ANNA, "Анна", f"/new {game}", topic=topic)
    server.push_message(GROUP, BORIS, "Борис", "/join", topic=topic)
    since = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/begin", topic=topic)
    return await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.error is None
                                       and c.params.get("message_thread_id") == topic, TIMEOUT, since)


async def table(service, topic):
    row = await service.store.open_game(GROUP, topic)
    game = GAMES[row.game]
    state = game.load(row.state)
    return row, row.seats[game.current_seat(state)].user_id


def private_notes(server, text, since=0):
    return [c for c in server.calls[since:] if c.is_message and c.error is None and isinstance(c.chat_id, int)
            and c.chat_id > 0 and text in c.text]


async def settle(server, quiet=0.6):
    await server.wait_idle_async(quiet=quiet, timeout=3 * TIMEOUT)


async def test_a_move_by_button_in_a_closed_topic_stands_and_waits_for_the_reopening(running, caplog):
    server, service = running
    topic = server.create_topic(GROUP, "Вечерняя")
    board = await start_game(server, topic)
    server.close_topic(GROUP, topic)
    await server.wait_for_async(lambda c: len(private_notes(server, "ждёт: тему закрыли")) == 2, TIMEOUT)
    closed_at = server.mark()
    row, mover = await table(service, topic)
    while True:  # the mover presses the first move on the board still in the topic until the turn passes
        since = server.mark()
        server.push_callback(GROUP, mover, NAMES[mover], board.message_id, buttons.encode_move(row.id, row.version, 0))
        await server.wait_for_async(lambda c: c.method == "answerCallbackQuery", TIMEOUT, since)
        await settle(server)
        fresh, now_moving = await table(service, topic)
        assert fresh.version == row.version + 1  # the move stands
        row = fresh
        if now_moving != mover:
            break
    refused = [c for c in server.calls[closed_at:] if c.error]
    assert refused and all("TOPIC_CLOSED" in c.error for c in refused), refused
    assert [c.method for c in refused] == ["sendPhoto"]  # the new board, tried once; nothing else for the topic
    await asyncio.sleep(REMIND + 1.5)  # the clock stands still: no reminder is even tried
    assert not [c for c in server.calls[closed_at:] if c.chat_id == GROUP and c.method == "sendMessage"]
    assert len(private_notes(server, "ждёт: тему закрыли")) == 2  # told once, not at the refusal again
    no_trouble(caplog, server)

    reopened = server.mark()
    server.reopen_topic(GROUP, topic)
    owed = await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.error is None, 3, reopened)
    assert owed.params.get("message_thread_id") == topic and f"id={now_moving}" in owed.text
    reminder = await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP
                                           and "ваш ход" in c.text, TIMEOUT, reopened)
    assert reminder.time - owed.time > REMIND - 1  # the turn's time counts from the reopening, not the closing
    no_trouble(caplog, server)


async def test_a_deleted_topic_stops_its_table_tells_its_players_and_abort_in_general_reaches_it(running, caplog):
    server, service = running
    server.admins.add((GROUP, ADMIN))
    topic = server.create_topic(GROUP, "Вечерняя")
    await start_game(server, topic)
    deleted = server.mark()
    server.delete_topic(GROUP, topic)  # Telegram says nothing: the reminder's send finds out
    await server.wait_for_async(lambda c: len(private_notes(server, "удалили", deleted)) == 2, 3 * TIMEOUT, deleted)
    note = private_notes(server, "удалили", deleted)[0]
    assert "в чате «Тестовая группа», в теме «Вечерняя»" in note.text and "/abort" in note.text
    await asyncio.sleep(REMIND + 1.5)
    tried = [c for c in server.calls[deleted:] if c.chat_id == GROUP]
    assert len(tried) == 1 and "thread not found" in tried[0].error, tried  # one try, then silence
    assert len([r for r in caplog.records if "удалена" in r.getMessage()]) == 1
    no_trouble(caplog, server)

    since = server.mark()
    server.push_message(GROUP, ADMIN, NAMES[ADMIN], "/abort")  # in General, which has no game of its own
    offer = await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP, TIMEOUT, since)
    assert "«Kingdom Builder» — тема «Вечерняя» (тема удалена)" in offer.text
    assert "message_thread_id" not in offer.params
    since = server.mark()
    server.push_callback(GROUP, ADMIN, NAMES[ADMIN], offer.message_id, offer.buttons[0][1])
    done = await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP, TIMEOUT, since)
    assert done.text.startswith("Админ прерывает партию «Kingdom Builder»")
    assert await service.store.open_game(GROUP, topic) is None
    no_trouble(caplog, server)


async def test_a_renamed_topic_is_named_by_its_new_name_in_private_notes(running, caplog):
    server, service = running
    topic = server.create_topic(GROUP, "Вечерняя")
    await start_game(server, topic)
    await settle(server)  # the start's own «Ваш ход» note, under the old name, is out before the rename
    renamed = server.mark()
    server.rename_topic(GROUP, topic, "Ночная")
    _, mover = await table(service, topic)
    reminder = await server.wait_for_async(lambda c: c.chat_id == mover and "⏰ Ваш ход" in c.text, 3 * TIMEOUT,
                                           renamed)
    assert "тема «Ночная»" in reminder.text and "Вечерняя" not in reminder.text
    assert (await service.store.topic(GROUP, topic)).name == "Ночная"
    no_trouble(caplog, server)


@pytest.mark.parametrize("may_delete", [True, False])
async def test_a_hidden_choice_sent_into_another_topic_is_not_played_there(running, caplog, may_delete):
    server, service = running
    if may_delete:
        server.admins.add((GROUP, server.bot_id))
    valley = server.create_topic(GROUP, "Долина")
    other = server.create_topic(GROUP, "Болталка")
    await start_game(server, valley, "sylvan")
    row, mover = await table(service, valley)
    since = server.mark()
    server.push_update({"inline_query": {"id": "q1", "query": f"#{row.token}", "offset": "",
                                         "from": {"id": mover, "is_bot": False, "first_name": NAMES[mover]}}})
    answer = await server.wait_for_async(lambda c: c.method == "answerInlineQuery", TIMEOUT, since)
    choice = answer.params["results"][0]["input_message_content"]["message_text"]
    assert choice.endswith(f" #{row.token}")
    since = server.mark()
    sent = server.push_message(GROUP, mover, NAMES[mover], choice, topic=other, via_bot=True)  # in the wrong topic
    note = await server.wait_for_async(lambda c: c.chat_id == mover and "тайный выбор" in c.text, TIMEOUT, since)
    assert "для партии «Зодчие Волшебной Долины» в чате «Тестовая группа», в теме «Долина»" in note.text
    assert f'href="https://t.me/c/1234567890/{valley}/' in note.text
    await settle(server)
    assert not [c for c in server.calls[since:] if c.chat_id == GROUP and c.is_message], "nothing said in public"
    deletion, = server.calls_of("deleteMessage", since)
    assert deletion.params["message_id"] == sent["message_id"] and (deletion.error is None) == may_delete
    assert (await table(service, valley))[0].version == row.version
    since = server.mark()
    server.push_message(GROUP, mover, NAMES[mover], choice, topic=valley, via_bot=True)  # at its own table: played
    board = await server.wait_for_async(lambda c: c.method in ("sendPhoto", "editMessageMedia") and c.error is None,
                                        TIMEOUT, since)
    assert (await table(service, valley))[0].version > row.version and board.photo
    no_trouble(caplog, server)


async def test_any_message_from_a_group_believed_left_brings_it_back(running, caplog):
    server, service = running
    await start_game(server, None)
    server.kick(GROUP)
    for _ in range(100):
        if GROUP in service.gone_chats:
            break
        await asyncio.sleep(0.05)
    assert GROUP in service.gone_chats
    server.kicked.discard(GROUP)  # added back, and Telegram's notice of it lost
    since = server.mark()
    server.push_update({"message": {"message_id": 7000, "date": int(time.time()), "from": {
        "id": BORIS, "is_bot": False, "first_name": "Борис"}, "chat": {"id": GROUP, "type": "supergroup",
        "title": "Тестовая группа"}, "photo": [{"file_id": "p", "file_unique_id": "p1", "width": 9, "height": 9}]}})
    await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == GROUP and "ваш ход" in c.text,
                                TIMEOUT, since)  # the reminders that waited go out again
    assert GROUP not in service.gone_chats and GROUP not in await service.store.gone_chats()
    no_trouble(caplog, server)


async def test_a_refusal_teaches_a_closed_topic_and_a_send_that_goes_through_teaches_it_is_open(running, caplog):
    """The bot missed both service messages (it was down): a refused reminder shows the topic closed; a reply to an
    admin's command that goes through shows it open again, and the table's clock goes on."""
    server, service = running
    topic = server.create_topic(GROUP, "Вечерняя")
    await start_game(server, topic)
    since = server.mark()
    server.closed_topics.add((GROUP, topic))  # closed, and its service message never arrived
    await server.wait_for_async(lambda c: len(private_notes(server, "ждёт: тему закрыли", since)) == 2,
                                3 * TIMEOUT, since)
    refused = [c for c in server.calls[since:] if c.chat_id == GROUP]
    assert len(refused) == 1 and "TOPIC_CLOSED" in refused[0].error and "ваш ход" in refused[0].text
    assert (await service.store.topic(GROUP, topic)).state == "closed"
    server.closed_topics.discard((GROUP, topic))  # reopened, that news lost too
    since = server.mark()
    server.push_message(GROUP, ADMIN, NAMES[ADMIN], "/board", topic=topic)
    await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.error is None, TIMEOUT, since)
    for _ in range(100):  # the bot learns it once Telegram's answer to that send is back
        if (await service.store.topic(GROUP, topic)).state == "open":
            break
        await asyncio.sleep(0.05)
    assert (await service.store.topic(GROUP, topic)).state == "open"
    await server.wait_for_async(lambda c: c.method == "sendMessage" and c.error is None and "ваш ход" in c.text
                                and c.params.get("message_thread_id") == topic, 3 * TIMEOUT, since)
    no_trouble(caplog, server)

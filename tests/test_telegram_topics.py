"""The Telegram front end in a forum supergroup: the topic (the table) of a message or of a pressed button reaches
the service with the topic's name, and every reply is sent into that topic; the General topic, whose messages carry
no thread (a reply there carries one that is no topic), is the chat's table without a topic."""

from __future__ import annotations

import time

from test_telegram_app import (
    ANNA,
    BORIS,
    TIMEOUT,
    png,
    running,  # noqa: F401 (the fixture: the application polling the fake server)
)

from bot.replies.reply import ButtonAnswer, Chat, Reply, User

GROUP = -1001234567890  # a supergroup: its messages have t.me links


async def test_a_topic_is_the_table_of_its_messages_and_buttons_and_gets_the_replies(running):  # noqa: F811
    server, service, _ = running
    topic = server.create_topic(GROUP, "Вечерняя")
    service.next_replies = [Reply("Доска", image=png(), announces=(1, 2)),
                            Reply("Ваш ход", to_user=BORIS, link_board=True)]
    server.push_message(GROUP, ANNA, "Анна", "/board", topic=topic)
    board = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT)
    note = await server.wait_for_async(lambda c: c.chat_id == BORIS, TIMEOUT)
    assert service.calls[0][1] == Chat(GROUP, title="Тестовая группа", topic=topic, topic_title="Вечерняя")
    assert board.params["message_thread_id"] == topic
    assert "message_thread_id" not in note.params  # a private message has no topic...
    assert f'href="https://t.me/c/1234567890/{topic}/{board.message_id}"' in note.text  # ...its link has
    # a button under the topic's board: the same table, the replies into the same topic
    since = server.mark()
    service.next_answer = ButtonAnswer(replies=[Reply("Новая доска", image=png())])
    server.push_callback(GROUP, BORIS, "Борис", board.message_id, "g:1:2:0")
    again = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT, since)
    assert service.calls[-1][1].topic == topic and again.params["message_thread_id"] == topic


async def test_the_general_topic_is_the_chat_table_and_sends_without_a_thread(running):  # noqa: F811
    server, service, _ = running
    topic = server.create_topic(GROUP, "Вечерняя")
    service.next_replies = [Reply("Сейчас партии нет.")]
    server.push_message(GROUP, ANNA, "Анна", "/board")
    reply = await server.wait_for_async(lambda c: c.method == "sendMessage", TIMEOUT)
    assert service.calls[0][1] == Chat(GROUP, title="Тестовая группа")
    assert "message_thread_id" not in reply.params and reply.error is None
    # a reply in General carries the replied message's id as its thread, but is no topic message
    since = server.mark()
    server.push_update({"message": {
        "message_id": 5000, "date": int(time.time()), "chat": {"id": GROUP, "type": "supergroup", "is_forum": True,
                                                               "title": "Тестовая группа"},
        "from": {"id": BORIS, "is_bot": False, "first_name": "Борис"}, "text": "/board", "message_thread_id": 4999,
        "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}})
    reply = await server.wait_for_async(lambda c: c.method == "sendMessage", TIMEOUT, since)
    assert service.calls[-1][1].topic == 0 and "message_thread_id" not in reply.params and reply.error is None
    assert service.calls[-1][2] == User(BORIS, "Борис") and topic != 4999

"""Who may act: a linked channel's automatic forward («/new valdora» posted in the channel arrives in its discussion
group from «Telegram», 777000), channel posts, messages sent on behalf of a channel or another chat, and Telegram's
own service account never open a lobby, move, vote or command, in a group, a forum topic or a channel, and get no
answer at all. A group's administrator writing as the group itself still may. The real front end and service,
in-process, against the fake Bot API."""

from __future__ import annotations

import time

import pytest
import pytest_asyncio

from bot.table.service import Service

try:
    from tests.fake_bot_api import FakeBotApi
    from tests.polling import polling
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from fake_bot_api import FakeBotApi
    from polling import polling

GROUP, FORUM, CHANNEL, OTHER_GROUP = -100510, -100910, -100710, -100610
ANNA, BORIS = 21, 22
TIMEOUT = 15
TELEGRAM = {"id": 777000, "is_bot": False, "first_name": "Telegram"}
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}
GROUP_ANONYMOUS = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}
_ids = iter(range(70_000, 10**9))


def chat(chat_id: int, **extra) -> dict:
    kind = "channel" if chat_id == CHANNEL else "supergroup"
    return {"id": chat_id, "type": kind, "title": "Канал" if kind == "channel" else "Группа", **extra}


def message(where: dict, sender: dict | None, text: str, **extra) -> dict:
    body = {"message_id": next(_ids), "date": int(time.time()), "chat": where, "text": text, **extra}
    if sender is not None:
        body["from"] = sender
    if text.startswith("/"):
        body["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    return body


def forwarded(text: str, where: dict | None = None, **extra) -> dict:
    """What Telegram delivers to the discussion group when the linked channel posts `text`."""
    return {"message": message(where or chat(GROUP), TELEGRAM, text, sender_chat=chat(CHANNEL),
                               is_automatic_forward=True, forward_origin={
                                   "type": "channel", "date": int(time.time()), "chat": chat(CHANNEL),
                                   "message_id": 5}, **extra)}


COMMANDS = ("/new valdora", "/join", "/begin", "/board", "/skip", "/abort", "/settings лимит 1с", "/leave", "/kick",
            "/undo", "/help", "/rules провиант", "Порт")

FOREIGN = {
    "a linked channel's automatic forward": lambda: [forwarded(text) for text in COMMANDS],
    "an automatic forward into a forum topic": lambda: [
        forwarded(text, chat(FORUM, is_forum=True), message_thread_id=77, is_topic_message=True)
        for text in COMMANDS],
    "a message on behalf of a channel": lambda: [
        {"message": message(chat(GROUP), CHANNEL_BOT, text, sender_chat=chat(CHANNEL))} for text in COMMANDS],
    "a message on behalf of another chat": lambda: [
        {"message": message(chat(GROUP), GROUP_ANONYMOUS, text, sender_chat=chat(OTHER_GROUP))} for text in COMMANDS],
    "Telegram's service account": lambda: [{"message": message(chat(GROUP), TELEGRAM, text)} for text in COMMANDS],
    "channel posts": lambda: [{"channel_post": message(chat(CHANNEL), None, text, sender_chat=chat(CHANNEL))}
                              for text in COMMANDS],
    "a button and an inline query of the service account": lambda: [
        {"callback_query": {"id": str(next(_ids)), "from": TELEGRAM, "chat_instance": "ci", "data": "join:1",
                            "message": message(chat(GROUP), {"id": 123, "is_bot": True, "first_name": "Судья"}, "…")}},
        {"inline_query": {"id": str(next(_ids)), "from": TELEGRAM, "query": "провиант", "offset": ""}}],
}


@pytest.fixture(scope="module")
def server():
    with FakeBotApi() as fake:
        fake.make_forum(FORUM)
        fake.create_topic(FORUM, "Тема", thread_id=77)
        yield fake


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def running(server, tmp_path_factory):
    """(server, service): the real service on a temp database behind the application, polling the fake server."""
    service = await Service.open(str(tmp_path_factory.mktemp("senders") / "bot.db"))
    try:
        async with polling(server, service, unlimited=True):
            yield server, service
    finally:
        await service.close()


async def person_says(server: FakeBotApi, chat_id: int, text: str, user_id: int = ANNA, **extra):
    """A person's message, and the bot's first message into that chat after it."""
    since = server.mark()
    server.push_update({"message": message(chat(chat_id, **extra), {"id": user_id, "is_bot": False,
                                                                     "first_name": "Анна"}, text)})
    return await server.wait_for_async(lambda c: (c.is_message or c.method == "editMessageText")
                                       and c.chat_id == chat_id, TIMEOUT, since)


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("kind", sorted(FOREIGN))
async def test_foreign_senders_never_act_and_get_no_answer(running, kind):
    server, service = running
    lobby_before = await service.store.open_game(GROUP)
    since = server.mark()
    for update in FOREIGN[kind]():
        server.push_update(update)
    await server.wait_for_async(lambda c: c.method == "getUpdates", TIMEOUT, server.mark())  # they were taken
    await server.wait_idle_async(quiet=0.4, timeout=TIMEOUT)
    done = [c for c in server.calls[since:] if c.method != "getUpdates"]
    assert done == [], f"{kind}: the bot answered {done}"
    lobby_after = await service.store.open_game(GROUP)
    assert (lobby_after and (lobby_after.id, lobby_after.version)) == (lobby_before and (lobby_before.id,
                                                                                         lobby_before.version))
    assert await service.store.open_game(FORUM, 77) is None and await service.store.open_game(CHANNEL) is None
    # a person is answered as ever, in the same group
    help_text = await person_says(server, GROUP, "/help")
    assert "Я веду настольные игры" in help_text.text


@pytest.mark.asyncio(loop_scope="module")
async def test_an_open_lobby_is_not_joined_begun_or_aborted_by_a_forward(running):
    server, service = running
    lobby = await person_says(server, OTHER_GROUP, "/new valdora")
    assert "собирает игру «Валдора»" in lobby.text
    await person_says(server, OTHER_GROUP, "/join", user_id=BORIS)
    before = await service.store.open_game(OTHER_GROUP)
    since = server.mark()
    for text in ("/join", "/begin", "/abort", "/leave", "/addbot", "/settings чат набор 1м"):
        server.push_update(forwarded(text, chat(OTHER_GROUP)))
        server.push_update({"message": message(chat(OTHER_GROUP), CHANNEL_BOT, text, sender_chat=chat(CHANNEL))})
    await server.wait_for_async(lambda c: c.method == "getUpdates", TIMEOUT, server.mark())
    await server.wait_idle_async(quiet=0.4, timeout=TIMEOUT)
    assert [c for c in server.calls[since:] if c.method != "getUpdates"] == []
    after = await service.store.open_game(OTHER_GROUP)
    assert (after.id, after.version, [s.user_id for s in after.seats]) == (before.id, before.version, [ANNA, BORIS])
    assert await service.store.chat_overrides(OTHER_GROUP) == {}


@pytest.mark.asyncio(loop_scope="module")
async def test_an_administrator_writing_as_the_group_still_may(running):
    server, _ = running
    since = server.mark()
    server.push_update({"message": message(chat(GROUP), GROUP_ANONYMOUS, "/board", sender_chat=chat(GROUP))})
    answer = await server.wait_for_async(lambda c: c.is_message and c.chat_id == GROUP, TIMEOUT, since)
    assert "партии нет" in answer.text or "собирает" in answer.text, answer

"""Hostile Telegram updates through the real front end, in-process, with the real service on a temp database,
against the fake Bot API: messages without text, edits, channel posts, anonymous administrators, other bots,
random and forged button data, presses without a message, inline queries, private chats, commands for another
bot. Whatever comes in, no handler logs a traceback, nobody gets an apology, nothing the bot sends is refused
by Telegram, and the bot still answers a plain /help afterwards."""

from __future__ import annotations

import itertools
import logging
import random
import string
import time

import pytest
import pytest_asyncio

from bot.table import service as service_module
from bot.table.service import Service
from bot.telegram import app as telegram_app

try:
    from tests.fake_bot_api import GROUP_TITLE, ApiError, FakeBotApi, parse_html, utf16_len
    from tests.polling import polling
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from fake_bot_api import GROUP_TITLE, ApiError, FakeBotApi, parse_html, utf16_len
    from polling import polling

GROUP, CHANNEL, OTHER_GROUP, FORUM = -100500, -100777, -100600, -100900
ANNA, BORIS, VERA, OUTSIDER = 11, 12, 13, 14
NAMES = {ANNA: "Анна", BORIS: "<b>Борис</b> &amp;", VERA: "\u202eВера 😀", OUTSIDER: "Дима"}
ANONYMOUS_ADMIN = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}
TELEGRAM_SERVICE = {"id": 777000, "is_bot": False, "first_name": "Telegram"}  # forwards from a linked channel
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}
OTHER_BOT = {"id": 999, "is_bot": True, "first_name": "Другой бот", "username": "OtherBot"}
TIMEOUT = 15
APOLOGIES = (telegram_app.SORRY, service_module.SORRY)
HELP_MARK = "Я веду настольные игры"


def user(user_id: int) -> dict:
    return {"id": user_id, "is_bot": False, "first_name": NAMES[user_id], "language_code": "ru"}


def group(chat_id: int = GROUP) -> dict:
    return {"id": chat_id, "type": "supergroup", "title": GROUP_TITLE}


def private(user_id: int) -> dict:
    return {"id": user_id, "type": "private", "first_name": NAMES[user_id]}


def channel() -> dict:
    return {"id": CHANNEL, "type": "channel", "title": "Канал"}


_ids = iter(range(50_000, 10**9))


def message(chat: dict, sender: dict | None, text: str | None = None, **extra) -> dict:
    body = {"message_id": next(_ids), "date": int(time.time()), "chat": chat, **extra}
    if sender is not None:
        body["from"] = sender
    if text is not None:
        body["text"] = text
        if text.startswith("/"):
            command = text.split(maxsplit=1)[0] if text.strip() else text
            body["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
    return body


def callback(data: str | None, chat_message: dict | None, sender: int = ANNA, **extra) -> dict:
    query = {"id": str(next(_ids)), "from": user(sender), "chat_instance": "ci", **extra}
    if data is not None:
        query["data"] = data
    if chat_message is not None:
        query["message"] = chat_message
    return {"callback_query": query}


def inline(query: str, sender: int = ANNA, **extra) -> dict:
    return {"inline_query": {"id": str(next(_ids)), "from": user(sender), "query": query, "offset": "", **extra}}


def board_message(chat_id: int = GROUP, text: str = "…") -> dict:
    return message(group(chat_id), {"id": 123, "is_bot": True, "first_name": "Судья",
                                    "username": "RefereeTestBot"}, text)


PHOTO = [{"file_id": "p1", "file_unique_id": "u1", "width": 90, "height": 90}]
STICKER = {"file_id": "s1", "file_unique_id": "su1", "type": "regular", "width": 512, "height": 512,
           "is_animated": False, "is_video": False}

# Each entry: a name and the updates that make it (built when the test runs: ids and dates are fresh).
HOSTILE = {
    "a photo with a command as its caption": lambda: [{"message": message(group(), user(ANNA), None, photo=PHOTO,
                                                                           caption="/abort")}],
    "a sticker": lambda: [{"message": message(group(), user(ANNA), None, sticker=STICKER)}],
    "a dice": lambda: [{"message": message(group(), user(ANNA), None, dice={"emoji": "🎲", "value": 6})}],
    "a location": lambda: [{"message": message(group(), user(ANNA), None,
                                               location={"latitude": 55.75, "longitude": 37.62})}],
    "new members and a member who left": lambda: [
        {"message": message(group(), user(ANNA), None, new_chat_members=[user(OUTSIDER)])},
        {"message": message(group(), user(ANNA), None, left_chat_member=user(BORIS))}],
    "a group without a sender": lambda: [{"message": message(group(), None, "/abort")}],
    "an edited command": lambda: [{"edited_message": message(group(), user(ANNA), "/abort",
                                                            edit_date=int(time.time()))}],
    "channel posts": lambda: [{"channel_post": message(channel(), None, "/new valdora")},
                              {"edited_channel_post": message(channel(), None, "/abort", edit_date=int(time.time()))}],
    "an anonymous administrator": lambda: [
        {"message": message(group(), ANONYMOUS_ADMIN, text, sender_chat=group())}
        for text in ("/abort", "/new kingdom", "/join", "/board", "/move д5", "привет")],
    "a post on behalf of a channel": lambda: [
        {"message": message(group(), CHANNEL_BOT, "/join", sender_chat=channel())}],
    "a forward from the linked channel": lambda: [
        {"message": message(group(), TELEGRAM_SERVICE, "/board", sender_chat=channel(), is_automatic_forward=True)}],
    "another bot": lambda: [{"message": message(group(), OTHER_BOT, text)} for text in ("/join", "/abort", "/begin")],
    "commands for another bot": lambda: [
        {"message": message(group(), user(ANNA), text)}
        for text in ("/abort@OtherBot", "/new@OtherBot kingdom", "/board@", "/@RefereeTestBot", "/ abort",
                     "/abort@RefereeTestBot@OtherBot", "/board@refereetestbot", "//board", "/")],
    "odd command texts": lambda: [
        {"message": message(group(), user(ANNA), text)}
        for text in ("/move " + "д5 " * 1300, "/rules " + "<b>&amp;" * 500, "/move ²١３ 𝟙 \u202e\u200b",
                     "/" + "x" * 64, "/" + "x" * 65, "/move\n\n\nд5", "/move\u00a0д5", "/r_valdora_provisions",
                     "/r_" + "a_" * 30, "/start g-100500", "/start " + "😀" * 60)],
    "a message in a forum topic": lambda: [
        {"message": message({**group(FORUM), "is_forum": True}, user(ANNA), "/board", message_thread_id=77,
                            is_topic_message=True)}],
    "a reply to the bot": lambda: [
        {"message": message(group(), user(ANNA), "/board", reply_to_message=board_message())}],
    "private chats": lambda: [
        {"message": message(private(ANNA), user(ANNA), text)}
        for text in ("/start", "/start g-100500", "/start g" + "9" * 30, "/start ../../etc", "/new valdora",
                     "/abort", "/move д5", "привет", "<b>", "/help", "/rules провиант")],
    "a press without a message": lambda: [callback("g:1:1:0", None, inline_message_id="AAAA"),
                                          callback("rule:valdora.one-action", None, inline_message_id="AAAA")],
    "a press on an inaccessible message": lambda: [
        callback("g:1:1:0", {"chat": group(), "message_id": 1, "date": 0})],
    "a press of a game button (no data)": lambda: [callback(None, board_message(), game_short_name="chess")],
    "forged and overlong button data": lambda: [
        callback(data, board_message(), sender)
        for data, sender in (("g:1:1:0", OUTSIDER), ("g:1:999:0", ANNA), ("g:999:1:0", ANNA), ("abort:1:0", BORIS),
                             ("abort:1:1", OUTSIDER), ("keep:1", OUTSIDER), ("s:1", OUTSIDER), ("me:1", OUTSIDER),
                             ("k:1:1:99:9", ANNA), ("g:" + "1" * 80, ANNA), ("rule:../../etc", ANNA),
                             ("page:" + "a" * 60, ANNA), ("list:nosuch", ANNA), ("", ANNA), ("😀" * 20, ANNA),
                             ("join:1", OUTSIDER), ("begin:1", OUTSIDER), ("leave:1", OUTSIDER))],
    "a button pressed in another chat": lambda: [callback("g:1:1:0", board_message(OTHER_GROUP), ANNA)],
    "a button pressed in a private chat": lambda: [
        callback("g:1:1:0", message(private(ANNA), {"id": 123, "is_bot": True, "first_name": "Судья"}, "…"))],
    "inline queries": lambda: [
        inline(query, sender, **extra)
        for query, sender, extra in (("", ANNA, {}), ("#1", ANNA, {}), ("#1", OUTSIDER, {}), ("#" + "9" * 12, ANNA, {}),
                                     ("#" + "9" * 13, ANNA, {}), ("#١", ANNA, {}), ("<b>&amp;", ANNA, {}),
                                     ("провиант", ANNA, {"chat_type": "sender"}), ("ж" * 256, BORIS, {}),
                                     ("😀" * 128, VERA, {"chat_type": "supergroup"}))],
}


@pytest.fixture(scope="module")
def server():
    with FakeBotApi() as fake:
        yield fake


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def running(server, tmp_path_factory):
    """(server, service): the real service on a temp database behind the application, polling the fake server;
    a valdora game running in GROUP (Анна, Борис, Вера). One for the module: the hostile updates of all the tests
    go to the same bot, one after another. Telegram's 20 messages a minute per group are not what is tested
    here: the rate limiter is built without limits."""
    database = tmp_path_factory.mktemp("updates") / "bot.db"
    service = await Service.open(str(database))
    try:
        async with polling(server, service, unlimited=True):
            for user_id, text in ((ANNA, "/new valdora"), (BORIS, "/join"), (VERA, "/join"), (ANNA, "/begin")):
                since = server.mark()
                server.push_message(GROUP, user_id, NAMES[user_id], text, chat_type="supergroup")
                await server.wait_for_async(lambda c: (c.is_message or c.method == "editMessageText")
                                            and c.chat_id == GROUP, TIMEOUT, since)  # a join edits the lobby
            yield server, service
    finally:
        await service.close()


def check_calls(server: FakeBotApi, since: int) -> None:
    """Nothing the bot sent after `since` was an apology or refused by Telegram."""
    for call in server.calls[since:]:
        assert not any(apology in call.text for apology in APOLOGIES), f"an apology: {call!r}"
        if call.method == "answerCallbackQuery":
            assert not any(apology in str(call.params.get("text", "")) for apology in APOLOGIES), call
        # editing a message into what it already is, or one the fake never sent (a press made up here): the front
        # end expects these refusals and goes on (it sends the new board instead)
        if call.error and not call.method.startswith("edit"):
            raise AssertionError(f"Telegram refused {call!r}")
        if call.method == "answerInlineQuery":
            results = call.params.get("results") or []
            assert len(results) <= 50, call
            for result in results:
                assert 1 <= len(str(result["id"]).encode()) <= 64 and str(result["title"]).strip(), result
                content = result["input_message_content"]
                try:
                    plain, _ = parse_html(content["message_text"])
                except ApiError as error:
                    raise AssertionError(f"an inline result Telegram refuses: {error}: {result}") from None
                assert plain.strip() and utf16_len(plain) <= 4096, result
            button = call.params.get("button")
            if button:
                assert button["text"].strip() and 1 <= len(button["start_parameter"]) <= 64, call


PROBES = itertools.count(900)  # a new member asks each time: the hostile senders may be cooled down by now


async def still_answers(server: FakeBotApi) -> None:
    since = server.mark()
    server.push_message(GROUP, next(PROBES), "Проверяющий", "/help", chat_type="supergroup")
    await server.wait_for_async(lambda c: c.method == "sendMessage" and HELP_MARK in c.text, TIMEOUT, since)


def no_tracebacks(caplog) -> None:
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not errors, "\n".join(f"{r.name}: {r.getMessage()}\n{r.exc_text or ''}" for r in errors)


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("kind", sorted(HOSTILE))
async def test_hostile_updates_are_survived(running, caplog, kind):
    server, _ = running
    caplog.set_level(logging.WARNING)
    since = server.mark()
    if kind == "a message in a forum topic":  # the topic exists: Telegram takes replies into it
        server.create_topic(FORUM, "Тема", thread_id=77)
    for update in HOSTILE[kind]():
        server.push_update(update)
    await still_answers(server)
    await server.wait_idle_async(quiet=0.15, timeout=TIMEOUT)
    check_calls(server, since)
    no_tracebacks(caplog)


@pytest.mark.asyncio(loop_scope="module")
async def test_random_button_data_and_texts_are_survived(running, caplog):
    """A hundred and fifty random presses and messages from players and onlookers, in the group and in private."""
    server, _ = running
    caplog.set_level(logging.WARNING)
    choose = random.Random(20240601)
    alphabet = string.printable + "абвгдеёжзийк²١３𝟙😀🂠\u202e\u200b<>&;:"
    board = board_message()
    since = server.mark()
    for i in range(150):
        sender = choose.choice([ANNA, BORIS, VERA, OUTSIDER])
        what = i % 3
        if what == 0:
            kind = choose.choice(["g", "k", "s", "me", "join", "leave", "begin", "abort", "keep", "rule", "page",
                                  "list"])
            parts = [choose.choice(["0", "1", "2", "-1", "99", "١", "".join(choose.choices(string.digits, k=13))])
                     for _ in range(choose.randint(0, 5))]
            data = ":".join([kind, *parts]) if choose.random() < 0.7 else "".join(choose.choices(alphabet, k=70))
            server.push_update(callback(data[:choose.randint(1, 90)], board, sender))
        elif what == 1:
            name = choose.choice(["move", "buy", "mine", "deliver", "flip", "end", "board", "join", "moves", "log",
                                  "score", "rules", "x", "r_valdora_x"])
            text = "/" + name + " " + "".join(choose.choices(alphabet, k=choose.randint(0, 300)))
            chat = private(sender) if choose.random() < 0.2 else group()
            server.push_update({"message": message(chat, user(sender), text)})
        else:
            server.push_update(inline("".join(choose.choices(alphabet, k=choose.randint(0, 40))), sender))
        if i % 10 == 9:
            # in small bursts: inline queries are answered concurrently, and a hundred connections at once
            # overflow the fake server's listen queue (Telegram's has no such limit)
            await server.wait_idle_async(quiet=0.05, timeout=60)
    await still_answers(server)
    await server.wait_idle_async(quiet=0.5, timeout=60)
    check_calls(server, since)
    no_tracebacks(caplog)


TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("method, update", [
    ("answerCallbackQuery", lambda: callback("g:1:999:0", board_message(), BORIS)),
    pytest.param("answerInlineQuery", lambda: inline("провиант")),
])
async def test_an_answer_too_late_for_telegram_is_no_error(running, caplog, method, update):
    """A user who types fast sends an inline query per letter and Telegram refuses answers to the outdated ones;
    a press made while the bot was busy is refused the same way. Routine: no traceback, the bot goes on."""
    server, _ = running
    caplog.set_level(logging.WARNING)
    server.failures[method] = (400, TOO_OLD)
    try:
        since = server.mark()
        server.push_update(update())
        await server.wait_for_async(lambda c: c.method == method, TIMEOUT, since)
        await server.wait_idle_async(quiet=0.15, timeout=TIMEOUT)
    finally:
        del server.failures[method]
    await still_answers(server)
    no_tracebacks(caplog)

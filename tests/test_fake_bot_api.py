"""The fake Bot API server answers python-telegram-bot's own ``Bot`` the way Telegram would."""

from __future__ import annotations

import io
import json
import urllib.request

import pytest
from PIL import Image
from telegram import Bot, BotCommand, InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo
from telegram.error import BadRequest, Forbidden

try:
    from tests.fake_bot_api import FakeBotApi
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from fake_bot_api import FakeBotApi

TOKEN = "123:TEST"


def make_bot(server: FakeBotApi) -> Bot:
    return Bot(TOKEN, base_url=f"{server.url}/bot", base_file_url=f"{server.url}/file/bot")


def png_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), "green").save(buffer, format="PNG")
    return buffer.getvalue()


async def test_get_me_and_commands(server):
    async with make_bot(server) as bot:  # initialize() calls getMe
        assert bot.username == "RefereeTestBot"
        assert bot.id == 123
        assert await bot.set_my_commands([BotCommand("new", "Новая игра"), BotCommand("move", "Ход")])
        assert [c.command for c in await bot.get_my_commands()] == ["new", "move"]
        assert await bot.delete_webhook()
        info = await bot.get_webhook_info()
        assert info.url == ""
    assert server.commands[1] == {"command": "move", "description": "Ход"}


async def test_send_message_is_recorded_with_keyboard(server):
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("Порт", callback_data="v1:move:port")]])
    async with make_bot(server) as bot:
        message = await bot.send_message(-100, "Привет, <b>мир</b>", parse_mode="HTML", reply_markup=markup)
    assert message.message_id >= 1000
    assert message.chat.id == -100 and message.chat.type == "group"
    assert message.from_user.is_bot
    assert message.text == "Привет, мир" and message.text_html == "Привет, <b>мир</b>"  # parsed, as Telegram does
    assert message.reply_markup.inline_keyboard[0][0].callback_data == "v1:move:port"
    [sent] = server.sent
    assert sent.method == "sendMessage" and sent.chat_id == -100 and sent.message_id == message.message_id
    assert sent.params["parse_mode"] == "HTML"
    assert sent.buttons == [("Порт", "v1:move:port")]


async def test_send_photo_records_the_png(server):
    png = png_bytes()
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("А", callback_data="a"),
                                    InlineKeyboardButton("Б", callback_data="b")]])
    async with make_bot(server) as bot:
        message = await bot.send_photo(-100, photo=png, caption="Доска", parse_mode="HTML",
                                       reply_markup=markup)
    assert message.photo and message.caption == "Доска"
    [sent] = server.sent
    assert sent.method == "sendPhoto" and sent.photo == png and sent.text == "Доска"
    assert sent.buttons == [("А", "a"), ("Б", "b")]


async def test_get_updates_round_trip(server):
    async with make_bot(server) as bot:
        assert await bot.get_updates(timeout=0) == ()
        server.push_message(-100, 7, "Анна", "/new@RefereeTestBot valdora")
        server.push_message(7, 7, "Анна", "привет", chat_type="private")
        updates = await bot.get_updates(timeout=5)
        assert [u.update_id for u in updates] == [1, 2]
        command = updates[0].message
        assert command.chat.type == "group" and command.from_user.first_name == "Анна"
        assert command.entities[0].type == "bot_command" and command.entities[0].offset == 0
        assert command.entities[0].length == len("/new@RefereeTestBot")
        assert updates[1].message.chat.type == "private" and not updates[1].message.entities
        # The same updates again until an offset confirms them, like Telegram.
        assert len(await bot.get_updates(timeout=0)) == 2
        assert await bot.get_updates(offset=3, timeout=0) == ()

        sent = await bot.send_message(-100, "Выберите", reply_markup=InlineKeyboardMarkup(
            [[InlineKeyboardButton("Да", callback_data="yes")]]))
        server.push_callback(-100, 8, "Борис", sent.message_id, "yes")
        [update] = await bot.get_updates(offset=3, timeout=5)
        query = update.callback_query
        assert query.data == "yes" and query.from_user.id == 8
        assert query.message.message_id == sent.message_id and query.message.chat.id == -100
        assert await query.answer("Не ваш ход", show_alert=False)
        assert await bot.edit_message_reply_markup(-100, sent.message_id, reply_markup=None)
        with pytest.raises(BadRequest, match="not modified"):
            await bot.edit_message_reply_markup(-100, sent.message_id, reply_markup=None)
    [answer] = server.calls_of("answerCallbackQuery")
    assert answer.params["text"] == "Не ваш ход" and answer.params["callback_query_id"] == query.id


async def test_long_poll_waits_for_a_new_update(server):
    import asyncio

    async with make_bot(server) as bot:
        async def later():
            await asyncio.sleep(0.2)
            server.push_message(-100, 7, "Анна", "ход")

        task = asyncio.create_task(later())
        updates = await bot.get_updates(timeout=5)
        await task
    assert [u.message.text for u in updates] == ["ход"]


async def test_chat_members_and_blocked_users(server):
    server.admins.add((-100, 7))
    server.blocked_users.add(8)
    async with make_bot(server) as bot:
        assert (await bot.get_chat_member(-100, 7)).status == "administrator"
        assert (await bot.get_chat_member(-100, 8)).status == "member"
        with pytest.raises(Forbidden):
            await bot.send_message(8, "секрет")
        await bot.send_chat_action(-100, "typing")
        with pytest.raises(BadRequest, match="action"):
            await bot.send_chat_action(-100, "dancing")
        with pytest.raises(BadRequest, match="thread not found"):
            await bot.send_chat_action(-100, "typing", message_thread_id=5)


async def test_wait_for_and_unknown_methods(server):
    async with make_bot(server) as bot:
        await bot.send_message(-100, "раз")
        await bot.send_message(-100, "два")
        assert await bot.do_api_request("someNewMethod", api_kwargs={"x": 1}) is True
    assert server.wait_for(lambda c: c.text == "два", timeout=1).method == "sendMessage"
    assert (await server.wait_for_async(lambda c: c.method == "someNewMethod", timeout=1)).params == {"x": 1}
    with pytest.raises(TimeoutError, match="no matching call"):
        server.wait_for(lambda c: c.text == "три", timeout=0.2)
    server.clear()
    assert server.sent == []


def test_json_bodies_are_accepted(server):
    request = urllib.request.Request(
        f"{server.url}/bot{TOKEN}/sendMessage",
        data=json.dumps({"chat_id": -5, "text": "json"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        answer = json.load(response)
    assert answer["ok"] and answer["result"]["text"] == "json"
    assert server.sent[0].chat_id == -5


async def test_button_data_over_64_bytes_too_many_buttons_and_long_toasts_are_refused(server):
    async with make_bot(server) as bot:
        fat = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="я" * 33)]])  # 66 bytes
        with pytest.raises(BadRequest, match="(?i)button_data_invalid"):
            await bot.send_message(-100, "доска", reply_markup=fat)
        many = InlineKeyboardMarkup([[InlineKeyboardButton(str(i), callback_data=str(i))] for i in range(101)])
        with pytest.raises(BadRequest, match="(?i)buttons_too_much"):
            await bot.send_message(-100, "доска", reply_markup=many)
        fits = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="ж" * 32)]])  # 64 bytes
        message = await bot.send_message(-100, "доска", reply_markup=fits)
        with pytest.raises(BadRequest, match="(?i)button_data_invalid"):
            await bot.edit_message_reply_markup(-100, message.message_id, reply_markup=fat)
        with pytest.raises(BadRequest, match="(?i)message_too_long"):
            await bot.answer_callback_query("1", text="а" * 201)
        assert await bot.answer_callback_query("1", text="а" * 200)


async def test_a_web_app_button_only_in_a_private_chat_and_links_only_to_http_or_tg(server):
    async with make_bot(server) as bot:
        app = InlineKeyboardMarkup([[InlineKeyboardButton("🗺", web_app=WebAppInfo("https://bot.example.com/app"))]])
        with pytest.raises(BadRequest, match="(?i)button_type_invalid"):
            await bot.send_message(-100, "доска", reply_markup=app)
        assert await bot.send_message(101, "доска", reply_markup=app)
        for url in ("javascript:alert(1)", "ftp://example.com", "t.me/bot"):
            wrong = InlineKeyboardMarkup([[InlineKeyboardButton("🗺", url=url)]])
            with pytest.raises(BadRequest, match="(?i)button_url_invalid"):
                await bot.send_message(-100, "доска", reply_markup=wrong)
        for url in ("https://t.me/RefereeTestBot?startapp=tAb3_-xYz0Q9w", "tg://resolve?domain=x"):
            assert await bot.send_message(-100, "доска", reply_markup=InlineKeyboardMarkup(
                [[InlineKeyboardButton("🗺", url=url)]]))


async def test_html_is_parsed_into_entities_and_bad_html_is_refused(server):
    async with make_bot(server) as bot:
        message = await bot.send_message(-100, '😀 <a href="tg://user?id=7">Аня</a> &amp; <code>/move</code>',
                                          parse_mode="HTML")
        assert message.text == "😀 Аня & /move"
        assert [(e.type, e.offset, e.length) for e in message.entities] == [("text_link", 3, 3), ("code", 9, 5)]
        for bad in ("<b>открыт", "<blink>мигаю</blink>", "<b><i>крест</b></i>", "a < b"):
            with pytest.raises(BadRequest, match="(?i)can't parse entities"):
                await bot.send_message(-100, bad, parse_mode="HTML")
        assert (await bot.send_message(-100, "a < b")).text == "a < b"  # plain text has no markup to parse
        # the limit counts UTF-16 units after parsing: tags do not count, an emoji counts twice
        assert await bot.send_message(-100, "<b>" + "я" * 4096 + "</b>", parse_mode="HTML")
        with pytest.raises(BadRequest, match="(?i)too long"):
            await bot.send_message(-100, "😀" * 2049)
        photo = await bot.send_photo(-100, png_bytes(), caption="<i>" + "ж" * 1024 + "</i>", parse_mode="HTML")
        assert photo.caption == "ж" * 1024 and photo.caption_entities[0].type == "italic"


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # PTB's own RetryAfter(int)
async def test_a_flooded_chat_answers_429_with_retry_after_and_other_chats_go_on(server):
    from telegram.error import RetryAfter

    server.flood(-100, retry_after=7, times=2)
    async with make_bot(server) as bot:
        for _ in range(2):
            with pytest.raises(RetryAfter) as refused:
                await bot.send_message(-100, "доска")
            assert "7" in str(refused.value)
        assert (await bot.send_message(-200, "другой чат")).chat.id == -200
        assert (await bot.send_message(-100, "снова можно")).text == "снова можно"
    refusals = [c for c in server.calls_of("sendMessage") if c.error]
    assert [c.chat_id for c in refusals] == [-100, -100]
    assert refusals[0].error == "Too Many Requests: retry after 7"
    assert [c.chat_id for c in server.sent] == [-200, -100]
    assert not server.floods


async def test_a_forum_has_topics_and_refuses_a_thread_it_does_not_have(server):
    """Forum supergroups as Telegram has them: a topic's id is its first message's id, a member's message in a
    topic carries the thread and replies to that first message (which names the topic), the General topic's
    messages carry no thread, and a send into a thread that is no topic of the chat (General's id 1 too) is
    refused."""
    chat_id = -1009000
    evening = server.create_topic(chat_id, "Вечерняя")
    async with make_bot(server) as bot:
        made = await bot.create_forum_topic(chat_id, "Утренняя")
        assert made.name == "Утренняя" and made.message_thread_id not in (evening, 1)
        in_topic = await bot.send_message(chat_id, "в теме", message_thread_id=evening)
        assert in_topic.is_topic_message and in_topic.message_thread_id == evening
        in_general = await bot.send_message(chat_id, "в общей")
        assert in_general.message_thread_id is None and not in_general.is_topic_message
        for wrong in (1, evening + 1000):
            with pytest.raises(BadRequest, match="thread not found"):
                await bot.send_message(chat_id, "мимо", message_thread_id=wrong)
        with pytest.raises(BadRequest, match="thread not found"):
            await bot.send_photo(chat_id, png_bytes(), message_thread_id=1)
        with pytest.raises(BadRequest, match="not a forum"):
            await bot.create_forum_topic(-1009001, "Нет тем")
    written = server.push_message(chat_id, 7, "Борис", "/board", topic=evening)
    assert written["chat"]["is_forum"] and written["chat"]["type"] == "supergroup"
    assert written["message_thread_id"] == evening and written["is_topic_message"]
    assert written["reply_to_message"]["forum_topic_created"]["name"] == "Вечерняя"
    general = server.push_message(chat_id, 7, "Борис", "/board")
    assert "message_thread_id" not in general and "is_topic_message" not in general
    assert [c.error for c in server.calls if c.error] == ["Bad Request: message thread not found"] * 3 + [
        "Bad Request: the chat is not a forum"]


async def test_a_forum_topic_closes_reopens_is_renamed_and_deleted(server):
    """An admin changes a topic: closing, reopening and renaming post their service messages into it (and to the
    bot); a closed topic refuses the bot's sends (TOPIC_CLOSED) but not the edits of its messages; a deleted topic
    sends nothing and refuses everything as a thread not found; the bot deletes others' messages only as an admin."""
    chat_id = -1009000
    evening = server.create_topic(chat_id, "Вечерняя")
    async with make_bot(server) as bot:
        board = await bot.send_message(chat_id, "доска", message_thread_id=evening)
        closed = server.close_topic(chat_id, evening)
        assert closed["forum_topic_closed"] == {} and closed["message_thread_id"] == evening
        for send in (lambda: bot.send_message(chat_id, "ход", message_thread_id=evening),
                     lambda: bot.send_photo(chat_id, png_bytes(), message_thread_id=evening),
                     lambda: bot.send_chat_action(chat_id, "typing", message_thread_id=evening)):
            with pytest.raises(BadRequest, match="(?i)topic_closed"):
                await send()
        assert (await bot.edit_message_text("доска, ход сделан", chat_id, board.message_id)).text.endswith("сделан")
        assert await bot.send_message(chat_id, "в общей")  # the General topic is open
        assert server.reopen_topic(chat_id, evening)["forum_topic_reopened"] == {}
        assert await bot.send_message(chat_id, "снова", message_thread_id=evening)
        renamed = server.rename_topic(chat_id, evening, "Ночная")
        assert renamed["forum_topic_edited"] == {"name": "Ночная"}
        assert renamed["reply_to_message"]["forum_topic_created"]["name"] == "Вечерняя"
        written = server.push_message(chat_id, 7, "Борис", "/play дракон #3", topic=evening, via_bot=True)
        assert written["via_bot"]["id"] == server.bot_id
        with pytest.raises(BadRequest, match="can't be deleted"):
            await bot.delete_message(chat_id, written["message_id"])
        server.admins.add((chat_id, server.bot_id))
        assert await bot.delete_message(chat_id, written["message_id"])
        server.delete_topic(chat_id, evening)
        with pytest.raises(BadRequest, match="thread not found"):
            await bot.send_message(chat_id, "ход", message_thread_id=evening)
        with pytest.raises(BadRequest, match="not found"):
            await bot.edit_message_text("нет", chat_id, board.message_id)
    kinds = [next(k for k in u["message"] if k.startswith("forum_topic")) for u in server.updates if "message" in u
             and any(k.startswith("forum_topic") for k in u["message"])]
    assert kinds == ["forum_topic_closed", "forum_topic_reopened", "forum_topic_edited"]  # nothing for the deletion

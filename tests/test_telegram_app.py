"""The Telegram front end in-process, with a scripted stand-in for the service, against the fake
Bot API: how updates become service calls and how replies become Bot API requests."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from polling import polling

from bot.config import Settings
from bot.replies.reply import Article, Button, ButtonAnswer, Chat, InlineAnswer, Reply, User
from bot.storage.sqlite import Store
from bot.telegram.app import build_application
from bot.telegram.messages import split_text
from bot.telegram.updates import parse_command

GROUP = -100500
ANNA, BORIS = 11, 12
TIMEOUT = 10


class ScriptedService:
    """Records every call; answers with whatever the test put into `next_*` (or raises it)."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.next_replies: list[Reply] | Exception = []
        self.next_answer: ButtonAnswer | Exception = ButtonAnswer()
        self.text_replies: list[Reply] = []
        self.private_answer = InlineAnswer([])
        self.update_ids: list[int | None] = []  # the Telegram update id of every call, in order

    def commands(self) -> list[tuple[str, str]]:
        return [("new", "Новая партия"), ("move", "Ход")]

    async def command(self, chat: Chat, user: User, name: str, args: str, update_id: int | None = None) -> list[Reply]:
        self.calls.append(("command", chat, user, name, args))
        self.update_ids.append(update_id)
        if isinstance(self.next_replies, Exception):
            raise self.next_replies
        return self.next_replies

    async def button(self, chat: Chat, user: User, data: str, update_id: int | None = None,
                     answered=None) -> ButtonAnswer:
        self.calls.append(("button", chat, user, data))
        self.update_ids.append(update_id)
        if isinstance(self.next_answer, Exception):
            raise self.next_answer
        return self.next_answer

    async def text(self, chat: Chat, user: User, text: str, update_id: int | None = None) -> list[Reply]:
        self.calls.append(("text", chat, user, text))
        self.update_ids.append(update_id)
        return self.text_replies

    async def question(self, chat: Chat, user: User, text: str, update_id: int | None = None) -> list[Reply]:
        self.calls.append(("question", chat, user, text))
        return [Reply("📖 <b>Гавань</b>")]

    async def inline(self, user: User, query: str) -> InlineAnswer:
        self.calls.append(("inline", query))
        if query.startswith("#"):
            return self.private_answer
        return InlineAnswer([Article("valdora.provisions", "Валдора: Провиант", "Провиант берут в городе…",
                                     "📖 <b>Провиант</b> · Валдора\n\nТекст раздела")])

    async def owed_boards(self, older_than: float, lease: float) -> list[tuple[Chat, tuple[int, int]]]:
        return []

    async def announced(self, announces: tuple[int, int]) -> None:
        self.calls.append(("announced", announces))

    async def shown(self, remember: tuple[str, int], message_id: int) -> None:
        self.calls.append(("shown", remember, message_id))

    async def close(self) -> None:
        self.calls.append(("close",))


def png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), "navy").save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.fixture
async def running(server):
    """(server, service, application): the application polling the fake server in this event loop."""
    service = ScriptedService()
    service.store = await Store.open(":memory:")  # what the front end remembers of Telegram across restarts
    try:
        async with polling(server, service) as application:
            yield server, service, application
    finally:
        await service.store.close()
    assert ("close",) not in service.calls  # a service passed in belongs to the caller


async def wait_calls(service: ScriptedService, count: int) -> None:
    import asyncio

    for _ in range(int(TIMEOUT / 0.02)):
        if len(service.calls) >= count:
            return
        await asyncio.sleep(0.02)
    raise TimeoutError(f"service got {service.calls}")


def test_parse_command():
    assert parse_command("/Move@RefereeTestBot   Порт  Д5 ", "RefereeTestBot") == ("move", "Порт  Д5")
    assert parse_command("/move@refereetestbot", "RefereeTestBot") == ("move", "")
    assert parse_command("/move\nПорт", "RefereeTestBot") == ("move", "Порт")
    assert parse_command("/move@OtherBot Порт", "RefereeTestBot") is None
    assert parse_command("/ход Порт", "RefereeTestBot") is None
    assert parse_command("просто текст", "RefereeTestBot") is None


def test_split_text_keeps_lines_whole():
    text = "\n".join(f"строка {i:04d} " + "ж" * 80 for i in range(120))
    pieces = split_text(text, 4096)
    assert len(pieces) == 3 and all(len(p) <= 4096 for p in pieces)
    assert "\n".join(pieces) == text
    assert split_text("x" * 5000, 4096) == ["x" * 4096, "x" * 904]
    assert split_text("коротко", 4096) == ["коротко"]


async def test_commands_reach_the_service(running):
    server, service, _ = running
    assert [c["command"] for c in server.commands] == ["new", "move"]
    service.next_replies = [Reply("Лобби <b>Валдора</b>", buttons=[[Button("Сесть", "join:1")]])]
    server.push_message(GROUP, ANNA, "Анна", "/NEW@RefereeTestBot  valdora ", last_name="Иванова")
    reply = await server.wait_for_async(lambda c: c.method == "sendMessage", TIMEOUT)
    kind, chat, user, name, args = service.calls[0]
    assert (kind, name, args) == ("command", "new", "valdora")
    assert chat == Chat(GROUP, private=False, title="Тестовая группа")
    assert user == User(ANNA, "Анна Иванова", is_admin=False)
    assert reply.chat_id == GROUP and reply.text == "Лобби <b>Валдора</b>"
    assert reply.params["parse_mode"] == "HTML"
    assert reply.params["link_preview_options"] == {"is_disabled": True}
    assert reply.buttons == [("Сесть", "join:1")]
    assert not server.calls_of("getChatMember")


async def test_other_bots_commands_edits_and_quiet_text_are_ignored(running):
    server, service, _ = running
    server.push_message(GROUP, ANNA, "Анна", "/new@OtherBot valdora")
    server.push_message(GROUP, ANNA, "Анна", "/move Порт", edited=True)
    server.push_message(GROUP, ANNA, "Анна", "кто ходит?")
    await wait_calls(service, 1)
    server.push_message(GROUP, ANNA, "Анна", "/board")
    await wait_calls(service, 2)
    assert [c[0] for c in service.calls] == ["text", "command"]
    assert service.calls[0][3] == "кто ходит?"
    await server.wait_idle_async(quiet=0.3)
    assert server.sent == []  # text() answered nothing, /board answered nothing


async def test_private_text_replies_are_sent(running):
    server, service, _ = running
    service.text_replies = [Reply("Я играю в группах.")]
    server.push_message(ANNA, ANNA, "Анна", "привет", chat_type="private")
    reply = await server.wait_for_async(lambda c: c.method == "sendMessage", TIMEOUT)
    assert service.calls[0][1] == Chat(ANNA, private=True, title="")
    assert reply.chat_id == ANNA


async def test_admin_rights_are_asked_only_for_abort(running):
    server, service, _ = running
    server.admins.add((GROUP, BORIS))
    for user_id, name in ((ANNA, "Анна"), (BORIS, "Борис")):
        server.push_message(GROUP, user_id, name, "/abort")
    server.push_message(GROUP, BORIS, "Борис", "/score")
    server.push_message(BORIS, BORIS, "Борис", "/abort", chat_type="private")
    await wait_calls(service, 4)
    # chats run concurrently, each in its own order
    assert [c[2].is_admin for c in service.calls if c[1].id == GROUP] == [False, True, False]
    assert [c[2].is_admin for c in service.calls if c[1].id == BORIS] == [True]
    assert len(server.calls_of("getChatMember")) == 2


async def test_photos_long_texts_and_long_captions(running):
    server, service, _ = running
    picture = png()
    long_text = "\n".join(f"ход {i}: " + "а" * 90 for i in range(60))  # ~5800 characters
    service.next_replies = [
        Reply("Доска", image=picture, buttons=[[Button("Порт", "g:1:2:0"), Button("Лес", "g:1:2:1")]]),
        Reply(long_text, buttons=[[Button("Ещё", "x")]]),
        Reply(long_text[:1500], image=picture, buttons=[[Button("Ход", "g:1:2:3")]]),
    ]
    server.push_message(GROUP, ANNA, "Анна", "/board")
    await server.wait_for_async(lambda c: len(server.sent) >= 5, TIMEOUT)
    await server.wait_idle_async(quiet=0.3)
    assert len(server.sent) == 5
    photo, text1, text2, photo2, rest = server.sent[:5]
    assert photo.method == "sendPhoto" and photo.photo == picture and photo.text == "Доска"
    assert photo.buttons == [("Порт", "g:1:2:0"), ("Лес", "g:1:2:1")]
    assert photo.params["parse_mode"] == "HTML"
    assert (text1.method, text2.method) == ("sendMessage", "sendMessage")
    assert text1.text + "\n" + text2.text == long_text and len(text1.text) <= 4096
    assert not text1.buttons and text2.buttons == [("Ещё", "x")]  # the keyboard under the last piece
    assert photo2.method == "sendPhoto" and len(photo2.text) <= 1024 and photo2.buttons
    assert rest.method == "sendMessage" and photo2.text + "\n" + rest.text == long_text[:1500]


async def test_private_replies_and_users_who_never_started_the_bot(running):
    server, service, _ = running
    server.blocked_users.add(BORIS)
    service.next_replies = [
        Reply("Ваши карты: ♥", to_user=ANNA),
        Reply("Ваши карты: ♠", to_user=BORIS),
        Reply("Ваша рука", image=png(), to_user=BORIS),
        Reply("Все получили карты."),
    ]
    server.push_message(GROUP, ANNA, "Анна", "/begin")
    await server.wait_for_async(lambda c: c.text == "Все получили карты.", TIMEOUT)
    sent = [(c.chat_id, c.text) for c in server.sent]
    assert sent[0] == (ANNA, "Ваши карты: ♥")
    assert sent[1][0] == GROUP and "напишите мне в личку /start" in sent[1][1]
    assert f"tg://user?id={BORIS}" in sent[1][1] and "User12" in sent[1][1]  # name asked from Telegram
    assert sent[2] == (GROUP, "Все получили карты.")  # told only once, the photo did not repeat it
    assert len(sent) == 3


async def test_a_failing_service_gets_an_apology_not_a_traceback(running):
    server, service, _ = running
    service.next_replies = RuntimeError("boom")
    server.push_message(GROUP, ANNA, "Анна", "/board")
    reply = await server.wait_for_async(lambda c: c.method == "sendMessage", TIMEOUT)
    assert reply.text == "Что-то пошло не так, попробуйте ещё раз."
    assert reply.chat_id == GROUP

    since = server.mark()
    service.next_answer = RuntimeError("boom")
    server.push_callback(GROUP, ANNA, "Анна", reply.message_id, "g:1:1:0")
    answer = await server.wait_for_async(lambda c: c.method == "answerCallbackQuery", TIMEOUT, since)
    assert answer.params["text"] == "Что-то пошло не так, попробуйте ещё раз."


async def test_buttons_are_answered_cleared_and_replied(running):
    server, service, _ = running
    service.next_replies = [Reply("Доска", image=png(), buttons=[[Button("Порт", "g:1:2:0")]])]
    server.push_message(GROUP, ANNA, "Анна", "/board")
    board = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT)

    # A refusal: only a toast, the keyboard stays.
    since = server.mark()
    service.next_answer = ButtonAnswer(toast="Сейчас ходит Анна.")
    server.push_callback(GROUP, BORIS, "Борис", board.message_id, "g:1:2:0")
    answer = await server.wait_for_async(lambda c: c.method == "answerCallbackQuery", TIMEOUT, since)
    assert answer.params["text"] == "Сейчас ходит Анна." and not answer.params.get("show_alert")
    assert service.calls[-1][1:] == (Chat(GROUP, False, "Тестовая группа"), User(BORIS, "Борис"), "g:1:2:0")

    # An accepted move: answered without a toast, buttons removed, the new board sent.
    since = server.mark()
    service.next_answer = ButtonAnswer(replies=[Reply("Новая доска", image=png())], clear_buttons=True)
    server.push_callback(GROUP, ANNA, "Анна", board.message_id, "g:1:2:0")
    new_board = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT, since)
    methods = [c.method for c in server.calls[since:] if c.method != "getUpdates"]
    assert methods == ["answerCallbackQuery", "editMessageReplyMarkup", "sendPhoto"]
    assert "text" not in server.calls_of("answerCallbackQuery", since)[0].params
    edit = server.calls_of("editMessageReplyMarkup", since)[0]
    assert edit.params["message_id"] == board.message_id and edit.params["chat_id"] == GROUP
    assert new_board.text == "Новая доска"

    # Pressing the same (already cleared) message again: "message is not modified" is ignored.
    since = server.mark()
    service.next_answer = ButtonAnswer(toast="Устарела", alert=True, clear_buttons=True,
                                       replies=[Reply("Свежая доска — /board")])
    server.push_callback(GROUP, ANNA, "Анна", board.message_id, "g:1:2:0")
    await server.wait_for_async(lambda c: c.text == "Свежая доска — /board", TIMEOUT, since)
    answer = server.calls_of("answerCallbackQuery", since)[0]
    assert answer.params["show_alert"] is True
    assert server.calls_of("editMessageReplyMarkup", since)[0].error  # refused by the fake, ignored


async def test_abort_buttons_ask_for_admin_rights(running):
    server, service, _ = running
    server.admins.add((GROUP, BORIS))
    server.push_callback(GROUP, BORIS, "Борис", 1, "abort:1:5")
    server.push_callback(GROUP, BORIS, "Борис", 1, "g:1:5:0")
    await wait_calls(service, 2)
    assert [c[2].is_admin for c in service.calls] == [True, False]


async def test_a_failing_set_my_commands_does_not_stop_the_bot(server):
    server.failures["setMyCommands"] = (400, "Bad Request: BOT_COMMAND_INVALID")
    service = ScriptedService()
    service.store = await Store.open(":memory:")
    settings = Settings(token="123:TEST", api_url=server.url, database_path=":memory:", log_level="INFO",
                        webhook_url="", webhook_port=8443)
    application = build_application(settings, service)
    async with application:
        await application.post_init(application)
    await service.store.close()
    assert server.calls_of("setMyCommands")[0].error


def test_run_refuses_without_a_token_or_webhook_support():
    import importlib.util

    from bot.telegram.app import run

    settings = Settings(token="", api_url="http://127.0.0.1:9", database_path=":memory:", log_level="INFO",
                        webhook_url="", webhook_port=8443)
    with pytest.raises(SystemExit, match="@BotFather"):
        run(settings)
    if importlib.util.find_spec("tornado") is None:  # the webhooks extra is not installed here
        webhook = Settings(token="123:TEST", api_url="http://127.0.0.1:9", database_path=":memory:",
                           log_level="INFO", webhook_url="https://example.org/hook", webhook_port=8443)
        with pytest.raises(SystemExit, match=r"python-telegram-bot\[webhooks\]"):
            run(webhook)


def test_run_explains_a_rejected_token(server):
    from bot.telegram.app import run

    server.failures["getMe"] = (401, "Unauthorized")
    settings = Settings(token="123:WRONG", api_url=server.url, database_path=":memory:", log_level="INFO",
                        webhook_url="", webhook_port=8443)
    with pytest.raises(SystemExit, match="не принял токен"):
        run(settings)


async def test_rule_navigation_edits_the_message_in_place(running):
    server, service, _ = running
    service.next_replies = [Reply("📖 Движение", buttons=[[Button("Провиант ▶", "page:valdora.provisions")]])]
    server.push_message(GROUP, ANNA, "Анна", "/rules движение")
    section = await server.wait_for_async(lambda c: c.method == "sendMessage", TIMEOUT)
    since = server.mark()
    service.next_answer = ButtonAnswer(edit=Reply("📖 <b>Провиант</b>", buttons=[[Button("◀ Движение",
                                                                                       "page:valdora.movement")]]))
    server.push_callback(GROUP, BORIS, "Борис", section.message_id, "page:valdora.provisions")
    edit = await server.wait_for_async(lambda c: c.method == "editMessageText", TIMEOUT, since)
    assert edit.params["message_id"] == section.message_id and edit.params["parse_mode"] == "HTML"
    assert edit.text == "📖 <b>Провиант</b>" and edit.buttons == [("◀ Движение", "page:valdora.movement")]
    assert not server.calls_of("sendMessage", since)


async def test_inline_queries_are_answered_with_rule_articles(running):
    server, service, _ = running
    server.push_update({"inline_query": {"id": "77", "from": {"id": ANNA, "is_bot": False, "first_name": "Анна"},
                                         "query": "провиант", "offset": ""}})
    answer = await server.wait_for_async(lambda c: c.method == "answerInlineQuery", TIMEOUT)
    assert service.calls[-1] == ("inline", "провиант")
    assert str(answer.params["inline_query_id"]) == "77"
    result, = answer.params["results"]
    assert result["type"] == "article" and result["id"] == "valdora.provisions"
    assert result["title"] == "Валдора: Провиант"
    assert result["input_message_content"]["message_text"].startswith("📖 <b>Провиант</b>")
    assert result["input_message_content"]["parse_mode"] == "HTML"
    assert answer.params["cache_time"] == 300 and not answer.params.get("is_personal")


async def test_private_choices_are_personal_uncached_and_opened_by_a_switch_inline_button(running):
    server, service, _ = running
    service.next_replies = [Reply("Доска", image=png(), buttons=[[Button("🂠 Сыграть карту", "", inline_query="#7")]])]
    server.push_message(GROUP, ANNA, "Анна", "/board")
    board = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT)
    button, = board.keyboard[0]
    assert button == {"text": "🂠 Сыграть карту", "switch_inline_query_current_chat": "#7"}
    service.private_answer = InlineAnswer([Article("7-3-0", "🍄 Грибной · топор", "/play 1", "/play 1")],
                                          personal=True)
    server.push_update({"inline_query": {"id": "78", "from": {"id": ANNA, "is_bot": False, "first_name": "Анна"},
                                         "query": "#7", "offset": ""}})
    answer = await server.wait_for_async(lambda c: c.method == "answerInlineQuery", TIMEOUT)
    assert answer.params["cache_time"] == 0 and answer.params["is_personal"] is True
    assert [r["title"] for r in answer.params["results"]] == ["🍄 Грибной · топор"]
    since = server.mark()
    service.private_answer = InlineAnswer([], personal=True, note="Сейчас ходит Борис", start="g-100500")
    server.push_update({"inline_query": {"id": "79", "from": {"id": ANNA, "is_bot": False, "first_name": "Анна"},
                                         "query": "#7", "offset": ""}})
    answer = await server.wait_for_async(lambda c: c.method == "answerInlineQuery", TIMEOUT, since)
    assert answer.params["results"] == []
    assert answer.params["button"] == {"text": "Сейчас ходит Борис", "start_parameter": "g-100500"}


async def test_a_board_is_redrawn_in_place_or_sent_anew_when_it_cannot_be(running):
    server, service, _ = running
    service.next_replies = [Reply("Доска", image=png(), buttons=[[Button("Д5", "g:1:2:0")]])]
    server.push_message(GROUP, ANNA, "Анна", "/board")
    board = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT)

    since = server.mark()
    service.next_answer = ButtonAnswer(edit=Reply("Анна: ход на Д5.\nХодит Анна.", image=png(),
                                                  buttons=[[Button("✅ Конец хода", "g:1:3:0")]]))
    server.push_callback(GROUP, ANNA, "Анна", board.message_id, "g:1:2:0")
    edited = await server.wait_for_async(lambda c: c.method == "editMessageMedia", TIMEOUT, since)
    assert edited.message_id == board.message_id and edited.photo.startswith(b"\x89PNG")
    assert edited.text == "Анна: ход на Д5.\nХодит Анна." and edited.buttons == [("✅ Конец хода", "g:1:3:0")]
    assert not server.calls_of("sendPhoto", since)

    # a picture cannot replace a text message: it is sent as a new photo instead
    service.next_replies = [Reply("Правило", buttons=[[Button("ok", "g:1:3:0")]])]
    server.push_message(GROUP, ANNA, "Анна", "/rules")
    text_message = await server.wait_for_async(lambda c: c.method == "sendMessage", TIMEOUT, since)
    since = server.mark()
    server.push_callback(GROUP, ANNA, "Анна", text_message.message_id, "g:1:3:0")
    sent = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT, since)
    assert sent.text == "Анна: ход на Д5.\nХодит Анна." and not server.calls_of("editMessageMedia", since)


async def test_a_menu_level_replaces_only_the_keyboard_and_the_bot_knows_its_username(running):
    server, service, _ = running
    assert service.bot_username == "RefereeTestBot"  # for t.me deep links
    service.next_replies = [Reply("Доска", image=png(), buttons=[[Button("Ряд 12", "k:1:2:0:1")]])]
    server.push_message(GROUP, ANNA, "Анна", "/board")
    board = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT)
    since = server.mark()
    service.next_answer = ButtonAnswer(toast="Ряд 12", keyboard=[[Button("K12", "g:1:2:0"), Button("L12", "g:1:2:1")],
                                                                [Button("⬅️ Назад", "k:1:2:0:0")]])
    server.push_callback(GROUP, ANNA, "Анна", board.message_id, "k:1:2:0:1")
    edit = await server.wait_for_async(lambda c: c.method == "editMessageReplyMarkup", TIMEOUT, since)
    assert not edit.error and edit.params["message_id"] == board.message_id
    assert [b["text"] for row in edit.params["reply_markup"]["inline_keyboard"] for b in row] == ["K12", "L12",
                                                                                                  "⬅️ Назад"]
    methods = [c.method for c in server.calls[since:] if c.method != "getUpdates"]
    assert methods == ["answerCallbackQuery", "editMessageReplyMarkup"]  # no new photo, no media edit


async def test_a_menu_level_with_a_picture_shows_the_caption_the_service_tells(running):
    server, service, _ = running
    service.next_replies = [Reply("Ходит <b>Аня &amp; Co</b>.", image=png(),
                                  buttons=[[Button("🔮 Оракул", "k:1:2:0:1")]])]
    server.push_message(GROUP, ANNA, "Анна", "/board")
    board = await server.wait_for_async(lambda c: c.method == "sendPhoto", TIMEOUT)
    since = server.mark()
    told = "Аня строит на K12.\nХодит <b>Аня &amp; Co</b>."  # never the pressed message's own copy
    service.next_answer = ButtonAnswer(toast="🔮 Оракул", keyboard=[[Button("K13", "g:1:2:0")]], picture=png(),
                                       caption=told)
    server.push_callback(GROUP, ANNA, "Анна", board.message_id, "k:1:2:0:1")
    edit = await server.wait_for_async(lambda c: c.method == "editMessageMedia", TIMEOUT, since)
    assert not edit.error and edit.photo.startswith(b"\x89PNG")
    assert edit.params["caption"] == told and edit.visible == "Аня строит на K12.\nХодит Аня & Co."
    assert [b["text"] for row in edit.params["reply_markup"]["inline_keyboard"] for b in row] == ["K13"]


async def test_only_replies_that_sound_are_sent_with_sound_and_a_short_lived_one_is_deleted(running):
    server, service, _ = running
    service.next_replies = [Reply("Доска хода", image=png(), sound=True), Reply("Счёт: 3"),
                            Reply("Сейчас ходит Борис, подождите своей очереди.", expires=0.3)]
    since = server.mark()
    server.push_message(GROUP, ANNA, "Анна", "/move K12")
    deleted = await server.wait_for_async(lambda c: c.method == "deleteMessage", TIMEOUT, since)
    sent = [c for c in server.calls[since:] if c.is_message]
    assert [c.silent for c in sent] == [False, True, True]
    assert deleted.error is None and int(deleted.params["message_id"]) == sent[2].message_id
    assert sent[2].message_id not in server.messages and sent[0].message_id in server.messages


async def test_a_question_addressed_to_the_bot_is_answered_from_the_rules(running):
    server, service, _ = running
    service.next_replies = [Reply("Набор открыт.")]
    server.push_message(GROUP, ANNA, "Анна", "/new valdora")
    await wait_calls(service, 1)
    lobby = await server.wait_for_async(lambda c: c.method == "sendMessage", TIMEOUT)
    server.push_message(GROUP, ANNA, "Анна", f"@{server.bot_username}, как работает гавань?")
    await wait_calls(service, 2)
    server.push_message(GROUP, BORIS, "Борис", "а сколько стоит телега?", reply_to=lobby.message_id)
    await wait_calls(service, 3)
    server.push_message(GROUP, BORIS, "Борис", "понятно", reply_to=lobby.message_id)  # no question: the chat's talk
    server.push_message(GROUP, BORIS, "Борис", "кто ходит?")  # not addressed to the bot
    await wait_calls(service, 5)
    assert [(c[0], c[3]) for c in service.calls[1:]] == [
        ("question", "как работает гавань?"), ("question", "а сколько стоит телега?"), ("text", "понятно"),
        ("text", "кто ходит?")]
    await server.wait_idle_async(quiet=0.3)
    answers = [c for c in server.sent if c.params.get("text") == "📖 <b>Гавань</b>"]
    assert len(answers) == 2 and all(c.chat_id == GROUP for c in answers)


def test_a_mention_of_another_bot_or_a_reply_to_a_person_is_no_question():
    from types import SimpleNamespace as Message

    from bot.telegram.updates import addressed_question

    person, bot = Message(id=5), Message(id=77)
    asked = addressed_question(Message(text="@RefereeBot гавань?", via_bot=None), "RefereeBot", 77)
    assert asked == "гавань?"
    assert addressed_question(Message(text="@RefereeBotX гавань?", via_bot=None), "RefereeBot", 77) is None
    assert addressed_question(Message(text="@RefereeBot", via_bot=None), "RefereeBot", 77) is None
    reply = Message(text="а это как?", via_bot=None, reply_to_message=Message(from_user=person))
    assert addressed_question(reply, "RefereeBot", 77) is None
    reply.reply_to_message = Message(from_user=bot, forum_topic_created=None)
    assert addressed_question(reply, "RefereeBot", 77) == "а это как?"
    chosen = Message(text="📖 Гавань @RefereeBot", via_bot=bot)  # an inline answer the bot itself wrote
    assert addressed_question(chosen, "RefereeBot", 77) is None

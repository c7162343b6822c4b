"""The Telegram front end: python-telegram-bot's `Application` around the transport-free `Service`.

Handlers only translate: an `Update` becomes (Chat, User, command and arguments / button data / text),
the service answers with `Reply` objects, and this module sends them. Nothing here knows a game.

    settings = Settings.load()
    run(settings)  # blocks: long polling, or a webhook if TELEGRAM_WEBHOOK_URL is set
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import TYPE_CHECKING, Any

from telegram import (
    BotCommand,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Message,
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import (
    BadRequest,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.config import Settings
from bot.replies import buttons
from bot.replies.names import plain
from bot.replies.reply import ButtonAnswer, Chat, Reply, User
from bot.table.personal import EXPIRES
from bot.telegram import log_privacy, mini_app, webhook
from bot.telegram.app_links import app_links
from bot.telegram.busy import busy
from bot.telegram.delivery import (
    SERVICE_KEY,
    ChatGone,
    chat_back,
    chat_gone,
    chat_turn,
    deliver_owed,
    gone_chats,
    refused_by_group,
    remember_pressed,
    restore,
    seen,
    service_of,
    topic_refusal,
)
from bot.telegram.flood import COOLED_NOTE, ChatLines
from bot.telegram.jobs import CalmJobQueue
from bot.telegram.messages import (
    NO_PREVIEW,
    TOAST_LIMIT,
    edit_in_place,
    show_menu_level,
    utf16_prefix,
)
from bot.telegram.rate_limit import OVERALL_RATE, ChatRateLimiter
from bot.telegram.sending import send_replies
from bot.telegram.stop import Stop
from bot.telegram.topics import TOPIC_EVENTS, drop_command, on_any_update, on_topic_event
from bot.telegram.updates import (
    addressed_question,
    chat_of,
    may_act,
    parse_command,
    thread_of,
    user_of,
)

if TYPE_CHECKING:
    from bot.table.service import Service

log = logging.getLogger(__name__)

SORRY = "Что-то пошло не так, попробуйте ещё раз."
OWED_EVERY = 15.0  # seconds between looks for boards that moves still owe their chats
TIMERS_EVERY = 10.0  # seconds between looks for due reminders and turn deadlines
# "/move Порт", "/move@RefereeBot Порт": a Latin command name, maybe addressed to a bot.


# --------------------------------------------------------------------------- building and running


def build_application(settings: Settings, service: Service | None = None) -> Application:
    """The configured Application. Without `service`, it opens `bot.table.service.Service` on start-up
    (from settings.database_path, its pictures drawn by settings.render_workers processes) and closes it
    on shutdown; a given service belongs to the caller."""

    async def post_init(application: Application) -> None:
        if service is None:
            from bot.storage.base import StorageError
            from bot.table.service import Service  # imported late: the front end is importable on its own
            from render.pool import pictures

            drawing = pictures(settings.render_workers)
            await drawing.start()  # the workers warm up before the first update; the service closes them
            try:
                application.bot_data[SERVICE_KEY] = await Service.open(settings.database, settings.chat_defaults,
                                                                       drawing)
            except (OSError, sqlite3.Error, StorageError) as error:  # Store.open closed what it opened
                await drawing.close()
                raise SystemExit(f"Не удалось открыть базу данных: {error}") from None
            application.bot_data["owns_service"] = True
        else:
            application.bot_data[SERVICE_KEY] = service
        service_of(application).bot_username = application.bot.username  # for t.me deep links
        if isinstance(application.update_processor, ChatLines):  # commands to other bots are none of its business
            application.update_processor.bot_username = application.bot.username
            # moves typed as commands are never cooled down: a player may type a long turn quickly
            games = getattr(getattr(service_of(application), "table", None), "games", {}).values()
            application.update_processor.moves = frozenset(name for game in games for name, _ in game.commands)
        await restore(application)
        await set_commands(application)
        if settings.webapp_url:  # the board as a Mini App: its server, and its button under every board
            await mini_app.start(application, settings)
        # boards owed since the last run go out at once, then whatever Telegram failed to take meanwhile
        application.job_queue.run_repeating(deliver_owed, interval=OWED_EVERY, first=0.1, data={"first": True},
                                            name="deliver_owed")
        # reminders and deadlines are rows: those due while the bot was stopped fire at once, each once
        application.job_queue.run_repeating(fire_timers, interval=timers_every(settings),
                                            first=0.5, name="fire_timers")
        log.info("Бот @%s запущен", application.bot.username)

    async def post_shutdown(application: Application) -> None:
        await mini_app.stop(application)
        opened = application.bot_data.pop(SERVICE_KEY, None)
        if opened is not None and application.bot_data.pop("owns_service", False):
            await opened.close()
            log.info("База данных закрыта")

    application = (
        Application.builder()
        .token(settings.token)
        .job_queue(CalmJobQueue())  # a stop waits for running jobs and starts none
        .base_url(f"{settings.api_url}/bot")
        .base_file_url(f"{settings.api_url}/file/bot")
        # a 429 pauses its own chat only; processes sharing the token share the bot's ~30 messages a second
        .rate_limiter(ChatRateLimiter(overall_max_rate=OVERALL_RATE / settings.bot_processes))
        # updates of different chats run concurrently, each chat's own in order, and one waiting for its chat holds
        # no slot another chat needs (`ChatLines`; `chat_turn` keeps timers and owed boards in that order too)
        .concurrent_updates(ChatLines())
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .build()
    )
    add_handlers(application)
    return application


def add_handlers(application: Application) -> None:
    # Only new messages: edits of old messages (a corrected /move) are not replayed.
    application.add_handler(TypeHandler(Update, on_any_update), group=-1)  # any update: the bot is in its chat
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, on_migration))
    application.add_handler(MessageHandler(TOPIC_EVENTS, on_topic_event))
    application.add_handler(ChatMemberHandler(on_my_membership, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT, on_message))
    application.add_handler(CallbackQueryHandler(on_button))
    application.add_handler(InlineQueryHandler(on_inline_query))
    application.add_error_handler(on_error)


async def set_commands(application: Application) -> None:
    """Publish the command menu; a failure only costs the menu, so it is logged and ignored."""
    try:
        commands = [BotCommand(name, description) for name, description in service_of(application).commands()]
        await application.bot.set_my_commands(commands)
    except TelegramError as error:  # Telegram refused, or the request broke (a stop signal during the start)
        log.warning("Не удалось отправить список команд (setMyCommands): %s", error)
    except Exception:
        log.exception("Не удалось отправить список команд (setMyCommands)")


def setup_logging(level: str, token: str = "", *secrets: str) -> None:
    """The log at `level`, never holding `token` nor `secrets` (`bot.telegram.log_privacy`)."""
    log_privacy.configure(level, token, *secrets)


def run(settings: Settings, stop: Stop | None = None) -> None:
    """Run the bot until SIGINT/SIGTERM (blocking); `stop` watches for them from before the heavy imports."""
    stop = stop or Stop()
    setup_logging(settings.log_level, settings.token, settings.webhook_secret)
    if not settings.token:
        raise SystemExit("Не задан токен бота (TELEGRAM_BOT_TOKEN). Получите его у @BotFather.")
    application = build_application(settings)
    try:
        if settings.webhook_url:
            log.info("Режим webhook: %s (слушаю %s:%s)", settings.webhook_url, settings.webhook_listen,
                     settings.webhook_port)
            asyncio.run(webhook.serve(application, settings))
        else:
            log.info("Режим long polling через %s", settings.api_url)
            stop.loop(application)
            application.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False,
                                    stop_signals=None)
    except InvalidToken:
        raise SystemExit(
            "Telegram не принял токен бота (TELEGRAM_BOT_TOKEN). Проверьте его у @BotFather: "
            "/mybots → ваш бот → API Token."
        ) from None
    except NetworkError as error:
        if isinstance(error, BadRequest):  # PTB counts it as a NetworkError; it is our bug
            raise
        if stop.asked:
            log.info("Остановлен во время запуска")
            return
        raise SystemExit(f"Не удалось связаться с Telegram ({settings.api_url}): {error}") from None


# --------------------------------------------------------------------------- membership


async def on_my_membership(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The bot was removed from a group, or added back: its games stay, only the chat falls silent meanwhile."""
    change = update.my_chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return
    if change.new_chat_member.status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED):
        await chat_gone(context.application, change.chat.id, Exception(change.new_chat_member.status))
    else:
        await chat_back(context.application, change.chat.id)


# --------------------------------------------------------------------------- handlers


async def on_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.message
    if message is None or message.text is None or not may_act(update):
        return  # other bots, channel posts and forwards, messages on behalf of a channel: silently ignored
    service = service_of(context.application)
    chat = chat_of(update)
    await chat_back(context.application, chat.id)
    seen(context.application, chat.id, message.message_id)
    async with chat_turn(context.application, chat.id), busy(context.application, chat.id, thread_of(message)):
        try:
            if cooled_down(context.application, update):  # the one note a member flooding the chat gets
                user = User(update.effective_user.id, update.effective_user.full_name)
                note = Reply(COOLED_NOTE.format(name=plain(user.name)), expires=EXPIRES)
                await send_replies(context, chat, user, [note], thread_of(message))
                return
            if message.text.lstrip().startswith("/"):
                parsed = parse_command(message.text, context.bot.username)
                if parsed is None:
                    return  # /cmd@OtherBot, or not a command Telegram would send us ("/ привет")
                name, args = parsed
                user = await user_of(update, context, check_admin=name in ("abort", "settings", "tables"))
                log.debug("Команда /%s %r от %s в чате %s", name, "…" if chat.private and args else args, user.id,
                          chat.id)  # what is written in private stays there
                replies = await service.command(chat, user, name, args, update.update_id)
            else:
                user = await user_of(update, context)
                question = None if chat.private else addressed_question(message, context.bot.username,
                                                                        context.bot.id)
                if question is not None:  # «@bot как работает гавань?»: answered from the rules
                    replies = await service.question(chat, user, question, update.update_id)
                else:
                    replies = await service.text(chat, user, message.text, update.update_id)
            if replies:
                await send_replies(context, chat, user, replies, thread_of(message))
                await drop_command(message, replies)
        except RetryAfter as error:  # the chat is over its limit for long: an apology would be refused too
            log.warning("Ответ в чат %s не отправлен: Telegram просит подождать (%s)", chat.id, error)
        except ChatGone:  # logged once when it was noticed; an apology would be refused too
            pass
        except Exception:
            log.exception("Ошибка при обработке сообщения в чате %s", chat.id)
            await apologise(context, chat.id, thread_of(message))


def answered_early(application: Application, update: Update) -> bool:
    """Whether `ChatLines` answered this press while it waited for its chat (nothing more may answer it)."""
    lines = application.update_processor
    return isinstance(lines, ChatLines) and lines.answered_early(update)


def cooled_down(application: Application, update: Update) -> bool:
    """Whether the member sent this chat more commands than `ChatLines` allows lately (this is the first ignored)."""
    lines = application.update_processor
    return isinstance(lines, ChatLines) and lines.cooled_note(update)


async def on_migration(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A group upgraded to a supergroup: Telegram says so in both chats (migrate_to_chat_id in the old one,
    migrate_from_chat_id in the new one); the games follow the chat once."""
    message = update.effective_message
    if message is None:
        return
    if message.migrate_to_chat_id:
        old, new = message.chat.id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id:
        old, new = message.migrate_from_chat_id, message.chat.id
    else:
        return
    try:
        await service_of(context.application).chat_moved(old, new)
    except Exception:
        log.exception("Партии чата %s не перенесены в %s", old, new)


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    if query is None or not may_act(update):
        return
    answered = False
    try:
        if update.effective_chat is None or query.message is None:
            # An inline-mode button or a message too old to be known: nothing to act on.
            await query.answer("Эта кнопка устарела. Свежая доска — /board.")
            return
        data = query.data or ""
        chat = chat_of(update)
        await chat_back(context.application, chat.id)
        async with chat_turn(context.application, chat.id), busy(context.application, chat.id,
                                                                 thread_of(query.message)):
            # after the chat's earlier updates are done: a board of theirs whose answer was lost is in doubt by now
            await remember_pressed(context.application, chat, query.message)
            user = await user_of(update, context, check_admin=buttons.asks_admin(data))
            log.debug("Кнопка %r от %s в чате %s", data, user.id, chat.id)
            # with bots to move after the presser, the press is answered before they think (`Service.button`)
            early = answered_early(context.application, update)  # waited long for its chat: a toast went already

            async def answer_first(first: ButtonAnswer) -> None:
                if not early:
                    await answer_query(query, first)

            answer = await service_of(context.application).button(chat, user, data, update.update_id,
                                                                   answered=answer_first)
            answered = True  # even if answering fails, do not try a second time
            if not answer.answered and not early:
                await answer_query(query, answer)
            await show_button_answer(context, chat, user, query.message, answer)
    except RetryAfter as error:  # the chat is over its limit for long (the board, if any, stays owed)
        log.warning("Ответ на кнопку не отправлен: Telegram просит подождать (%s)", error)
    except ChatGone:
        pass
    except Exception:
        log.exception("Ошибка при обработке кнопки в чате %s", getattr(update.effective_chat, "id", None))
        if not answered:
            try:
                await query.answer(SORRY, show_alert=True)
                return
            except TelegramError:
                pass
        if update.effective_chat is not None:
            await apologise(context, update.effective_chat.id, thread_of(query.message))


async def answer_query(query: Any, answer: ButtonAnswer) -> None:
    """Answer the press (the toast). Telegram refuses answers after its window (a press made while the bot
    was down): that costs only the toast, never the board that follows."""
    toast = utf16_prefix(answer.toast, TOAST_LIMIT) if answer.toast else None
    try:
        await query.answer(toast, show_alert=answer.alert)
    except TelegramError as error:
        log.info("Нажатие не подтверждено (%s); ответ всё равно отправляется", error)


async def show_button_answer(context: ContextTypes.DEFAULT_TYPE, chat: Chat, user: User, message: object,
                             answer: ButtonAnswer) -> None:
    """The board or page redrawn in place (or sent anew when it cannot be), a menu level, the old keyboard
    removed, and the replies."""
    replies = answer.replies
    pressed = message if isinstance(message, Message) else None
    if answer.edit is not None:
        if pressed and await edit_in_place(pressed, answer.edit, app_links(context.application)):
            if answer.edit.announces is not None:
                await service_of(context.application).announced(answer.edit.announces)
            if answer.edit.remember is not None:
                await service_of(context.application).shown(answer.edit.remember, pressed.message_id)
        else:
            replies = [answer.edit, *replies]  # the pressed message cannot show it: send it anew
    if answer.keyboard is not None and pressed:
        await show_menu_level(pressed, answer.keyboard, answer.picture, answer.caption, app_links(context.application))
    if answer.clear_buttons and pressed:
        try:
            await pressed.edit_reply_markup(reply_markup=None)
        except TelegramError as error:  # "message is not modified", message too old, a network hiccup
            log.debug("Кнопки не убраны: %s", error)
    if replies:
        await send_replies(context, chat, user, replies, thread_of(message))


async def on_inline_query(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`@bot провиант` in any chat: rule sections to pick from and send; `@bot #12`: the user's own
    hidden choices in game 12, as personal results that are never cached."""
    query = update.inline_query
    if query is None or query.from_user is None or not may_act(update):
        return
    user = User(id=query.from_user.id, name=query.from_user.full_name, username=query.from_user.username or "")
    answer = await service_of(context.application).inline(user, query.query)
    results = [
        InlineQueryResultArticle(
            id=article.id,
            title=article.title,
            description=article.description,
            input_message_content=InputTextMessageContent(article.text, parse_mode=ParseMode.HTML,
                                                          link_preview_options=NO_PREVIEW),
        )
        for article in answer.articles
    ]
    button = None
    if answer.note and answer.start:
        button = InlineQueryResultsButton(answer.note, start_parameter=answer.start)
    try:
        await query.answer(results, cache_time=0 if answer.personal else 300, is_personal=answer.personal,
                           button=button)
    except TelegramError as error:  # the user typed on, or the query expired: nobody waits for this answer
        log.info("Ответ на встроенный запрос не принят: %s", error)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Errors that escaped the handlers (the handlers catch their own) and errors while polling."""
    # the update itself is not logged: it may be a private message
    kind = next((name for name in ("message", "callback_query", "inline_query") if getattr(update, name, None)), "")
    log.error("Необработанная ошибка (обновление %s %s)", getattr(update, "update_id", None), kind,
              exc_info=context.error)


async def apologise(context: ContextTypes.DEFAULT_TYPE, chat_id: int, thread_id: int | None = None) -> None:
    if chat_id in gone_chats(context.application):
        return
    try:
        await context.bot.send_message(chat_id, SORRY, message_thread_id=thread_id, disable_notification=True)
    except TelegramError as error:
        if refused_by_group(chat_id, error):
            await chat_gone(context.application, chat_id, error)
            return
        if topic_refusal(error):  # the topic is closed or deleted (logged once): nobody there to apologise to
            return
        log.exception("Не удалось даже извиниться в чате %s", chat_id)


def timers_every(settings: Settings) -> float:
    """Look for due timers often enough for the shortest reminder (a test's 2 s), at most every 10 s."""
    shortest = min(filter(None, (settings.chat_defaults.remind_after, settings.chat_defaults.time_limit)),
                   default=TIMERS_EVERY)
    return max(0.5, min(TIMERS_EVERY, shortest / 4))


async def fire_timers(context: ContextTypes.DEFAULT_TYPE) -> None:
    """JobQueue: reminders and turn deadlines that are due, with what they say sent to their chats."""
    service = service_of(context.application)
    try:
        fired = await service.fire_timers()
    except Exception:
        log.exception("Таймеры не сработали (попробую в следующий раз)")
        return
    for chat, replies in fired:  # the chat with the topic of the game's table
        async with chat_turn(context.application, chat.id):
            try:
                await send_replies(context, chat, User(0, ""), replies)
            except ChatGone:  # logged once when it was noticed
                pass
            except TelegramError as error:  # the chat is gone; a board stays owed and is sent later
                log.warning("Напоминание в чат %s не отправлено: %s", chat.id, error)

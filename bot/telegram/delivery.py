"""Getting replies to a chat: the lock that keeps a chat's updates in order, groups that removed the bot (nothing is
sent there until it is back), boards whose answer from Telegram was lost (posted again only when nothing shows that
they arrived), and the boards that moves still owe their chats (`deliver_owed`, a JobQueue job). The gone groups
and the boards in doubt are kept in the database, so a restart forgets neither.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.ext import Application, ContextTypes

from bot.replies.reply import Chat, Reply
from bot.storage import DATABASE_ERRORS
from bot.storage.base import Announcement
from bot.storage.topics import CLOSED, DELETED
from bot.telegram.app_links import app_links
from bot.telegram.messages import edit_message, send_reply

if TYPE_CHECKING:
    from bot.table.service import Service

log = logging.getLogger(__name__)

SERVICE_KEY = "service"
OWED_AFTER = 30.0  # a board is owed when its move is older than this and Telegram has not taken it
OWED_LEASE = 60.0  # seconds this process has to send an owed board it took before another process may try


def service_of(application: Application) -> Service:
    return application.bot_data[SERVICE_KEY]


def chat_turn(application: Application, chat_id: int) -> asyncio.Lock:
    """The lock that keeps one chat's updates in order, from handling to the last reply sent, while other
    chats go on concurrently (asyncio.Lock wakes its waiters first come, first served)."""
    locks = application.bot_data.setdefault("chat_locks", {})
    return locks.setdefault(chat_id, asyncio.Lock())


class ChatGone(Exception):
    """Telegram refused a send into a group the bot was removed from (403): nothing more goes there."""


class TopicShut(Exception):
    """Telegram refused a send into a forum topic that is closed (TOPIC_CLOSED) or deleted («message thread not
    found»): the rest for that topic waits (a board stays owed) or is moot; private notes still go."""


def topic_refusal(error: Exception) -> str | None:
    """CLOSED or DELETED when `error` is Telegram refusing a send into a topic that is so; else None."""
    if not isinstance(error, BadRequest):
        return None
    text = str(error).lower()
    if "topic_closed" in text:
        return CLOSED
    if "thread not found" in text or "topic_deleted" in text:
        return DELETED
    return None


async def topic_shut(application: Application, chat: Chat, state: str, error: Exception) -> TopicShut:
    """Note that the table's topic is closed or deleted (one line in the log, no traceback): the service stops its
    clock and its sends, and its players are told privately, once."""
    log.info("Тема %s чата %s %s (%s): стол ждёт", chat.topic, chat.id,
             "закрыта" if state == CLOSED else "удалена", error)
    shut_topics(application).add((chat.id, chat.topic))
    try:
        notes = await service_of(application).topics.changed(chat, state)
    except Exception:  # the state is learnt again at the next refusal
        log.warning("Не удалось записать, что тема %s чата %s %s", chat.topic, chat.id, state, exc_info=True)
        notes = []
    await send_private(application, notes)
    return TopicShut(chat.id, chat.topic)


async def send_private(application: Application, notes: list[Reply]) -> None:
    """Private notes that answer nothing (a topic closed, a choice sent astray): a refusal costs only the note."""
    for note in notes:
        try:
            await send_reply(application.bot, note.to_user, note, links=app_links(application))
        except TelegramError as error:
            log.info("Личное сообщение пользователю %s не доставлено: %s", note.to_user, error)


def gone_chats(application: Application) -> set[int]:
    """Groups the bot was removed from: nothing is sent there and their timers wait until it is back."""
    gone = getattr(service_of(application), "gone_chats", None)  # the service shares it with its timers
    return gone if gone is not None else application.bot_data.setdefault("gone_chats", set())


def shut_topics(application: Application) -> set[tuple[int, int]]:
    """(chat id, topic) of the topics this process knows to be closed or deleted (the states are in the database)."""
    return application.bot_data.setdefault("shut_topics", set())


def doubted(application: Application) -> set[int]:
    """Chats owed a board whose sending lost Telegram's answer (the doubts themselves are in the database)."""
    return application.bot_data.setdefault("doubted", set())


async def restore(application: Application) -> None:
    """On start-up: what earlier runs learnt of Telegram (the groups that removed the bot, the chats with a
    board in doubt), so that a restart neither knocks on a closed door again nor repeats a board."""
    store = service_of(application).store
    try:
        gone_chats(application).update(await store.gone_chats())
        doubted(application).update(await store.doubted_chats())
        shut_topics(application).update(await store.waiting_topics())
    except (*DATABASE_ERRORS, OSError):  # the moves themselves are safe: start with nothing remembered
        log.warning("Не удалось прочитать из базы, какие группы убрали бота", exc_info=True)


async def _remember(what: str, write) -> None:
    try:
        await write
    except Exception:  # only a memory across restarts is lost: one more refused send, one repeated board
        log.warning("Не удалось записать в базу, что %s", what, exc_info=True)


async def chat_gone(application: Application, chat_id: int, error: Exception) -> ChatGone:
    """Note that the bot is no longer in `chat_id` (logged once, without a traceback; kept across restarts)."""
    gone = gone_chats(application)
    if chat_id not in gone:
        gone.add(chat_id)
        log.warning("Бота нет в чате %s (%s): молчу там, пока меня не вернут", chat_id, error)
        await _remember(f"бота нет в чате {chat_id}", service_of(application).store.set_gone(chat_id, True))
    return ChatGone(chat_id)


async def chat_back(application: Application, chat_id: int) -> None:
    """The bot is in `chat_id` again (it was added back, or a message from there reached it)."""
    if chat_id in gone_chats(application):
        gone_chats(application).discard(chat_id)
        log.info("Бот снова в чате %s", chat_id)
        await _remember(f"бот снова в чате {chat_id}", service_of(application).store.set_gone(chat_id, False))


def seen(application: Application, chat_id: int, message_id: int | None) -> None:
    """The newest message id known in a chat (Telegram numbers a chat's messages in order)."""
    if message_id is not None:
        newest = application.bot_data.setdefault("newest", {})
        newest[chat_id] = max(newest.get(chat_id, 0), message_id)


def answer_lost(error: Exception) -> bool:
    """Telegram may have performed the request: the connection broke or timed out after it was sent
    (not a refusal such as a 5xx or a 429, and not a request that never left the connection pool)."""
    if isinstance(error, TimedOut):
        return "pool" not in str(error).lower()
    return isinstance(error, NetworkError) and not isinstance(error, BadRequest) and str(error).startswith("httpx.")


async def remember_pressed(application: Application, chat: Chat, message: object) -> None:
    """A button pressed on a picture newer than a board in doubt at the same table (chat and topic): that picture
    is the board, it did arrive."""
    message_id = getattr(message, "message_id", None)
    if message_id is None or not getattr(message, "photo", None) or chat.id not in doubted(application):
        return
    await _remember(f"доска в чате {chat.id} дошла",
                    service_of(application).store.doubt_seen(chat.id, chat.topic, message_id))


def delete_later(application: Application, chat_id: int, message_id: int | None, after: float) -> None:
    """Delete the bot's own message `message_id` after `after` seconds (a refusal meant for one member: it does
    not stay in the group). A restart in between leaves it: nothing but a short text is at stake."""
    if message_id is not None and application.job_queue is not None:
        application.job_queue.run_once(_delete, after, data=(chat_id, message_id), name=f"delete {message_id}")


async def _delete(context: ContextTypes.DEFAULT_TYPE) -> None:
    chat_id, message_id = context.job.data
    try:
        await context.bot.delete_message(chat_id, message_id)
    except TelegramError as error:  # deleted by an admin already, or the chat is gone: nothing to remove
        log.info("Сообщение %s в чате %s не удалено: %s", message_id, chat_id, error)


def refused_by_group(chat_id: int, error: Exception) -> bool:
    """A 403 for a group: the bot was kicked, or is not a member (a private 403 is a user's block)."""
    return isinstance(error, Forbidden) and chat_id < 0


async def send_board(application: Application, chat_id: int, reply: Reply,
                     thread_id: int | None = None) -> int | None:
    """A board that a move owes the chat. Delivered: the debt is paid. Telegram failing even after the rate
    limiter's retries (network down, 5xx, endless 429): it stays owed and `deliver_owed` sends it later,
    rather than the chat being told to try a move that was in fact recorded."""
    newest = application.bot_data.get("newest", {}).get(chat_id, 0)
    try:
        message_id = await send_to_chat(application, chat_id, reply, thread_id)
    except (NetworkError, RetryAfter) as error:  # BadRequest is a NetworkError to PTB, but our own fault
        if isinstance(error, BadRequest):
            raise
        if answer_lost(error) and reply.announces is not None:
            doubted(application).add(chat_id)
            await _remember(f"доска в чате {chat_id} под сомнением",
                            service_of(application).store.doubt(*reply.announces, newest))
        log.warning("Доска для чата %s не отправлена (%s): отправлю позже", chat_id, error)
        return None
    await service_of(application).announced(reply.announces)  # older boards in doubt are paid with it too
    return message_id


async def send_to_chat(application: Application, chat_id: int, reply: Reply,
                       thread_id: int | None = None) -> int | None:
    """`send_reply` into a group chat; if the group has just become a supergroup (an update from before the
    upgrade), its games move to the new id and the reply goes there."""
    try:
        shown = await send_reply(application.bot, chat_id, reply, thread_id, app_links(application))
    except BadRequest as error:
        if (state := topic_refusal(error)) is None:
            raise
        raise await topic_shut(application, Chat(chat_id, topic=thread_id or 0), state, error) from None
    except ChatMigrated as moved:
        await service_of(application).chat_moved(chat_id, moved.new_chat_id)
        return await send_reply(application.bot, moved.new_chat_id, reply, links=app_links(application))
    except Forbidden as error:
        if refused_by_group(chat_id, error):
            raise await chat_gone(application, chat_id, error) from None
        raise
    seen(application, chat_id, shown)
    if (chat_id, thread_id or 0) in shut_topics(application):
        await topic_open(application, Chat(chat_id, topic=thread_id or 0))
    return shown


async def topic_open(application: Application, chat: Chat) -> None:
    """The topic takes messages again (its reopening, or a send into it went through where the bot missed that
    news): its table goes on, and the boards it owes go out now rather than at the next look."""
    shut_topics(application).discard((chat.id, chat.topic))
    try:
        if not await service_of(application).topics.reopened(chat):
            return
    except Exception:
        log.warning("Не удалось записать, что тема %s чата %s открыта", chat.topic, chat.id, exc_info=True)
        return
    log.info("Тема %s чата %s открыта: стол продолжает", chat.topic, chat.id)
    application.job_queue.run_once(deliver_owed, 0, data={"first": True}, name="deliver_owed_reopened")


async def edit_in_chat(application: Application, chat_id: int, message_id: int, reply: Reply) -> bool:
    """`edit_message` in a chat: False when the message cannot show `reply` (it is then sent anew); a group that
    removed the bot is noted, and nothing more goes there (ChatGone)."""
    try:
        return await edit_message(application.bot, chat_id, message_id, reply, forbidden=True,
                                  links=app_links(application))
    except Forbidden as error:
        if refused_by_group(chat_id, error):
            raise await chat_gone(application, chat_id, error) from None
        return False


async def already_in_chat(application: Application, debt: Announcement) -> int | None:
    """The id of a message of the game newer than an owed board whose sending lost Telegram's answer: a
    board of it shown since, or a picture pressed since. Posting the owed board then would only repeat it."""
    if debt.doubt_newest is None:
        return None
    if debt.doubt_seen is not None:
        return debt.doubt_seen
    row = await service_of(application).store.game(debt.game_id)
    if row is not None and row.board_message_id is not None and row.board_message_id > debt.doubt_newest:
        return row.board_message_id
    return None


async def deliver_owed(context: ContextTypes.DEFAULT_TYPE) -> None:
    """JobQueue: send the boards that moves owe their chats (after a crash, or a long Telegram outage)."""
    service = service_of(context.application)
    first = context.job.data.pop("first", False) if isinstance(context.job.data, dict) else False
    for chat, announces in await service.owed_boards(0 if first else OWED_AFTER, OWED_LEASE):
        chat_id, thread_id = chat.id, chat.topic or None  # into the forum topic of the game's table
        if chat_id in gone_chats(context.application):
            continue  # it stays owed: the bot may be added back
        async with chat_turn(context.application, chat_id):
            reply = await service.owed_board(announces)  # paid meanwhile by the chat's own reply: None
            debt = await service.store.debt(*announces)
            if reply is None or debt is None:
                continue
            if (newer := await already_in_chat(context.application, debt)) is not None:
                log.info("Доска %s уже в чате %s (сообщение %s): не повторяю", announces, chat_id, newer)
                if reply.remember is not None:
                    await service.shown(reply.remember, newer)
                await service.announced(announces)
                continue
            try:
                shown = await send_board(context.application, chat_id, reply, thread_id)
                if shown is not None and reply.remember is not None:
                    await service.shown(reply.remember, shown)
            except (ChatGone, TopicShut):  # logged once; the board stays owed until the bot or the topic is back
                pass
            except TelegramError as error:  # the chat is gone for good: nothing to deliver to
                log.warning("Долг по доске для чата %s не отдан: %s", chat_id, error)
                await service.announced(announces)

"""Forum topics as Telegram tells of them: the service messages of a topic created, renamed, closed and reopened
(the table's name and state follow; a reopened topic gets the board it is owed at once), any update from a group
the bot thought it had left (it is back), and a hidden choice that landed outside its table (removed where the bot
may remove it). Sends refused because a topic is closed or deleted are caught where they are sent
(`delivery.send_to_chat`)."""

from __future__ import annotations

import logging

from telegram import Message, Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import ContextTypes, filters

from bot.replies.reply import Reply
from bot.storage.topics import CLOSED
from bot.telegram.delivery import chat_back, chat_turn, send_private, service_of, shut_topics, topic_open
from bot.telegram.updates import chat_of

log = logging.getLogger(__name__)

TOPIC_EVENTS = (filters.StatusUpdate.FORUM_TOPIC_CREATED | filters.StatusUpdate.FORUM_TOPIC_EDITED
                | filters.StatusUpdate.FORUM_TOPIC_CLOSED | filters.StatusUpdate.FORUM_TOPIC_REOPENED)


async def on_any_update(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Runs before every handler: an update from a group the bot believes it left (a message of any kind, a
    button, a member joining) shows that it is there again. Its own removal (my_chat_member) is not such proof."""
    chat = update.effective_chat
    if update.my_chat_member is not None or chat is None or chat.type == ChatType.PRIVATE:
        return
    try:
        await chat_back(context.application, chat.id)
    except Exception:  # only a memory is lost: the next send finds out
        log.warning("Не удалось отметить, что бот снова в чате %s", chat.id, exc_info=True)


async def on_topic_event(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A topic created or renamed (its name), closed (its table waits, the players are told once) or reopened (the
    table goes on: its clock from where it stopped, the board it owes posted now)."""
    message = update.effective_message
    if message is None or update.effective_chat is None or update.effective_chat.type == ChatType.PRIVATE:
        return
    chat = chat_of(update)
    topics = service_of(context.application).topics
    try:
        async with chat_turn(context.application, chat.id):
            named = message.forum_topic_created or message.forum_topic_edited
            if named is not None and named.name:
                await topics.renamed(chat, named.name)
                log.info("Тема %s чата %s называется «%s»", chat.topic, chat.id, named.name)
            if message.forum_topic_closed is not None:
                log.info("Тема %s чата %s закрыта: стол ждёт", chat.topic, chat.id)
                shut_topics(context.application).add((chat.id, chat.topic))
                await send_private(context.application, await topics.changed(chat, CLOSED))
            if message.forum_topic_reopened is not None:
                await topic_open(context.application, chat)
    except Exception:
        log.exception("Событие темы %s в чате %s не учтено", chat.topic, chat.id)


async def drop_command(message: object, replies: list[Reply]) -> None:
    """A hidden choice sent outside its table (`Reply.drop_command`): its message is removed from where it landed,
    if the bot may (in a group it needs the right to delete messages); a refusal is expected and quiet."""
    if not isinstance(message, Message) or not any(reply.drop_command for reply in replies):
        return
    try:
        await message.delete()
    except TelegramError as error:
        log.info("Чужой тайный выбор в чате %s не удалён: %s", message.chat_id, error)

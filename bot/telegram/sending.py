"""Sending the service's replies for one update: in order, into the table's forum topic (a lobby or a turn's board
edited in place where it can be), private notes to each player's own chat with the bot (with a link to the board
just sent), and, where Telegram refuses a private note, one line in the group asking the player to start the bot.
"""

from __future__ import annotations

import html
import logging
from dataclasses import replace

from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ContextTypes

from bot.replies.names import clean_name
from bot.replies.reply import Chat, Reply, User
from bot.table.texts import board_link
from bot.telegram.app_links import app_links
from bot.telegram.delivery import (
    ChatGone,
    TopicShut,
    delete_later,
    edit_in_chat,
    gone_chats,
    send_board,
    send_to_chat,
    service_of,
)
from bot.telegram.messages import send_reply

log = logging.getLogger(__name__)

START_PRIVATE = "{name}, напишите мне в личку /start, чтобы я мог присылать вам личные сообщения."


async def send_replies(
    context: ContextTypes.DEFAULT_TYPE,
    chat: Chat,
    user: User,
    replies: list[Reply],
    thread_id: int | None = None,
) -> None:
    """Send in order, into the chat's forum topic (the table's); private replies go to the user's own chat with
    the bot. If Telegram refuses (the user never started the bot), the chat is told once per user."""
    if thread_id is None and chat.topic:
        thread_id = chat.topic
    told: set[int] = set()
    board: int | None = None  # the board just sent, for private notes to link to
    shut = False  # the topic refused a send (closed or deleted): the rest for it waits or is moot
    for reply in replies:
        if chat.id in gone_chats(context.application):
            raise ChatGone(chat.id)  # the rest (private notes too) would only follow a lost board
        if reply.to_user is None or (chat.private and reply.to_user == chat.id):
            if shut:
                continue
            try:
                if reply.replaces is not None and await edit_in_chat(context.application, chat.id, reply.replaces,
                                                                     reply):
                    shown = reply.replaces  # the lobby changed in place, or a turn's board (a typed step of it)
                    if reply.announces is not None:
                        await service_of(context.application).announced(reply.announces)
                elif reply.announces is None:
                    thread = thread_id if reply.topic is None else reply.topic or None  # another table's topic
                    shown = await send_to_chat(context.application, chat.id, reply, thread)
                    if reply.expires is not None:  # a refusal meant for one member: it goes away
                        delete_later(context.application, chat.id, shown, reply.expires)
                else:
                    shown = board = await send_board(context.application, chat.id, reply, thread_id)
            except TopicShut:  # logged, its players told; a board stays owed until the topic opens again
                shut = True
                continue
            if reply.remember is not None and shown is not None:
                await service_of(context.application).shown(reply.remember, shown)
            continue
        if reply.link_board and (link := board_link(chat.id, board, chat.topic)):
            reply = replace(reply, text=f'{reply.text}\n<a href="{link}">К доске</a>')
        try:
            await send_reply(context.bot, reply.to_user, reply, links=app_links(context.application))
        except (Forbidden, BadRequest) as error:
            log.info("Личное сообщение пользователю %s не доставлено: %s", reply.to_user, error)
            if reply.to_user not in told and not chat.private:
                told.add(reply.to_user)
                if reply.to_user == user.id:
                    name = user.name
                else:
                    name = await member_name(context, chat.id, reply.to_user)
                link = f'<a href="tg://user?id={reply.to_user}">{html.escape(name)}</a>'
                try:  # a group that removed the bot: ChatGone; a topic closed or deleted: TopicShut
                    await send_to_chat(context.application, chat.id, Reply(START_PRIVATE.format(name=link)), thread_id)
                except TopicShut:
                    shut = True


async def member_name(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int) -> str:
    try:
        return clean_name((await context.bot.get_chat_member(chat_id, user_id)).user.full_name, user_id)
    except TelegramError:
        return "Игрок"

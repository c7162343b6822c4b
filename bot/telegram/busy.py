"""«печатает…» while the bot is slow to answer: bots thinking over their turns, a big board being drawn.

An update is answered in well under a second as a rule, and then the chat sees nothing but the answer. When it
takes longer (a table of strong bots thinks for a few seconds), the chat sees the bot typing in the table's
topic until the answer goes out, so nobody presses again or wonders whether the move was taken:

    async with busy(context.application, chat.id, thread_id):
        replies = await service.command(...)
        await send_replies(...)

The typing is a courtesy: it is sent without retries and outside the group's message budget (it is not a
message), never into a topic known to be closed or deleted, and a refusal only stops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from telegram.constants import ChatAction
from telegram.error import TelegramError
from telegram.ext import Application

from bot.telegram.delivery import gone_chats, shut_topics

log = logging.getLogger(__name__)

BUSY_AFTER = 1.0  # seconds of work before the chat sees the bot typing
BUSY_EVERY = 4.5  # Telegram shows a chat action for about 5 seconds, or until the bot's next message


@contextlib.asynccontextmanager
async def busy(application: Application, chat_id: int, thread_id: int | None = None) -> AsyncIterator[None]:
    """The chat sees «печатает…» from `BUSY_AFTER` seconds into the block until it ends."""
    typing = asyncio.create_task(_type(application, chat_id, thread_id))
    try:
        yield
    finally:
        typing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await typing


async def _type(application: Application, chat_id: int, thread_id: int | None) -> None:
    await asyncio.sleep(BUSY_AFTER)
    # not into a group that removed the bot, nor into a topic known closed or deleted (Telegram would refuse it)
    while chat_id not in gone_chats(application) and (chat_id, thread_id or 0) not in shut_topics(application):
        try:
            await application.bot.send_chat_action(chat_id, ChatAction.TYPING, message_thread_id=thread_id,
                                                   rate_limit_args=0)
        except TelegramError as error:
            log.debug("«печатает…» в чат %s не показано: %s", chat_id, error)
            return
        await asyncio.sleep(BUSY_EVERY)

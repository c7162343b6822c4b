"""A personal answer stays personal: a refusal meant for one member (not playing, not their turn, not their vote)
never stays in the group. It goes to the member's private chat with the bot where they have started it, and is
otherwise a short reply that the front end deletes after `EXPIRES` seconds. (A button's refusal is a toast, which
only the presser sees: `ButtonAnswer.toast`.)
"""

from __future__ import annotations

from dataclasses import replace

from bot.replies.reply import Chat, Reply
from bot.storage.sqlite import Store
from bot.table.texts import in_chat

EXPIRES = 60.0  # seconds a refusal stays in a group for someone who has not started the bot in private


async def kept_personal(store: Store, chat: Chat, replies: list[Reply]) -> list[Reply]:
    """`replies` with those meant for one user (`Reply.only_for`) sent to that user alone."""
    users = {reply.only_for for reply in replies if reply.only_for is not None}
    if chat.private or not users:
        return replies
    started = await store.private_users(sorted(users))
    where = in_chat(chat.title, chat.topic, chat.topic_title)
    return [reply if reply.only_for is None
            else replace(reply, to_user=reply.only_for, text=f"Ответ на вашу команду{where}:\n{reply.text}")
            if reply.only_for in started
            else replace(reply, expires=EXPIRES)
            for reply in replies]

"""Translating Telegram's updates into what the service takes: the chat and its forum topic (the table), the
sender (an anonymous administrator too), and a command with its arguments."""

from __future__ import annotations

import logging
import re

from telegram import Message, Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.replies.reply import Chat, User

log = logging.getLogger(__name__)

ANONYMOUS_ADMIN = "Администратор чата"
TELEGRAM_SERVICE = 777000  # «Telegram»: the sender of a linked channel's automatic forwards and of service notes
COMMAND = re.compile(r"^/([A-Za-z0-9_]{1,64})(?:@([A-Za-z0-9_]+))?(?:\s+|$)(.*)$", re.DOTALL)


def thread_of(message: object) -> int | None:
    """The forum topic a message is in, so that replies stay in that topic."""
    if isinstance(message, Message) and message.is_topic_message:
        return message.message_thread_id
    return None


def topic_title_of(message: object) -> str:
    """The name of the forum topic a message is in, where the message shows it: Telegram makes a topic's
    message that replies to nothing a reply to the topic's first (service) message, which carries the name."""
    if not isinstance(message, Message) or not message.is_topic_message:
        return ""
    created = message.forum_topic_created or getattr(message.reply_to_message, "forum_topic_created", None)
    return created.name if created is not None else ""


def chat_of(update: Update) -> Chat:
    """The chat, and the forum topic (the table) the message or the pressed message is in."""
    chat = update.effective_chat
    private = chat.type == ChatType.PRIVATE
    message = update.effective_message  # of a button: the message it is under
    topic = 0 if private else thread_of(message) or 0
    return Chat(id=chat.id, private=private, title=chat.title or "", topic=topic,
                topic_title=topic_title_of(message) if topic else "", forum=bool(getattr(chat, "is_forum", False)))


def is_anonymous_admin(message: object) -> bool:
    """A group administrator writing as the group itself (Telegram shows the group, not the person)."""
    sender_chat = getattr(message, "sender_chat", None)
    return sender_chat is not None and sender_chat.id == message.chat.id


def may_act(update: Update) -> bool:
    """Whether the update comes from someone who may act at a table: a person, or a group's administrator writing
    as the group itself. Channel posts, automatic forwards from a linked channel, messages sent on behalf of a
    channel or another chat, other bots and Telegram's own service account (777000) never open a lobby, move,
    vote or command: they are ignored without a word."""
    if update.channel_post is not None or update.edited_channel_post is not None:
        return False
    message = update.message or update.edited_message  # a button's or an inline query's sender is a person
    if message is not None:
        if message.is_automatic_forward:
            return False
        if message.sender_chat is not None:
            return is_anonymous_admin(message)  # a channel or another chat: nobody to seat or answer
    sender = update.effective_user
    return sender is not None and not sender.is_bot and sender.id != TELEGRAM_SERVICE


async def user_of(update: Update, context: ContextTypes.DEFAULT_TYPE, check_admin: bool = False) -> User:
    """The sender; `is_admin` is asked from Telegram only when it matters (an extra API call). An anonymous
    administrator is an administrator without a person: the group's own (negative) id stands for them."""
    sender = update.effective_user
    if is_anonymous_admin(update.effective_message):
        return User(id=update.effective_chat.id, name=ANONYMOUS_ADMIN, is_admin=True)
    is_admin = False
    if check_admin:
        chat = update.effective_chat
        if chat.type == ChatType.PRIVATE:
            is_admin = True
        else:
            try:
                member = await context.bot.get_chat_member(chat.id, sender.id)
                is_admin = member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
            except TelegramError:
                log.warning("Не удалось узнать права пользователя %s в чате %s", sender.id, chat.id)
    return User(id=sender.id, name=sender.full_name, is_admin=is_admin, username=sender.username or "")


def parse_command(text: str, bot_username: str | None) -> tuple[str, str] | None:
    """("move", "Порт") for "/move@ThisBot Порт"; None if the text is no command or is for another bot.

    >>> parse_command("/Move@RefereeBot  Порт ", "RefereeBot")
    ('move', 'Порт')
    >>> parse_command("/move@OtherBot Порт", "RefereeBot") is None
    True
    """
    match = COMMAND.match(text.strip())
    if match is None:
        return None
    name, addressee, args = match.groups()
    if addressee and (bot_username is None or addressee.lower() != bot_username.lower()):
        return None
    return name.lower(), args.strip()


def addressed_question(message: object, bot_username: str | None, bot_id: int | None) -> str | None:
    """The question of a group message addressed to the bot: «@bot как работает гавань?» (without the mention),
    or a reply to one of the bot's own messages that ends with «?»; None for the chat's own talk.

    A message chosen from the bot's inline results (`via_bot`) is the bot's answer, not a question."""
    text = getattr(message, "text", None) or ""
    if not text or getattr(message, "via_bot", None) is not None:
        return None
    if bot_username:
        mention = re.compile(rf"@{re.escape(bot_username)}(?![A-Za-z0-9_])", re.IGNORECASE)
        if mention.search(text):
            question = " ".join(mention.sub(" ", text).split()).strip(" ,:—-")
            return question or None
    replied = getattr(message, "reply_to_message", None)
    author = getattr(replied, "from_user", None)
    if (author is not None and bot_id is not None and author.id == bot_id and text.strip().endswith("?")
            and getattr(replied, "forum_topic_created", None) is None):
        return text.strip()
    return None

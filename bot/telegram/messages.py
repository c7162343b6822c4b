"""Messages as Telegram takes them: Telegram HTML cut into pieces within its limits (measured in UTF-16 units
after the tags are parsed, never inside a tag or an entity), keyboards, and a `Reply` sent or shown in place of
an earlier message.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, LinkPreviewOptions, Message
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter

from bot.replies.reply import Button, Reply

if TYPE_CHECKING:
    from bot.telegram.app_links import AppLinks

log = logging.getLogger(__name__)

TEXT_LIMIT = 4096  # characters in a message
CAPTION_LIMIT = 1024  # characters in a photo caption
TOAST_LIMIT = 200  # characters in a callback-query answer
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


def keyboard(buttons: list[list[Button]], links: AppLinks | None = None,
             private: bool = False) -> InlineKeyboardMarkup | None:
    """The inline keyboard of `buttons` for a private chat or a group (where `links` make the Mini App's buttons;
    without them there is no Mini App, and its buttons are left out)."""
    rows = [[InlineKeyboardButton(b.text, switch_inline_query_current_chat=b.inline_query)
             if b.inline_query is not None else links.button(b, private) if b.app is not None
             else InlineKeyboardButton(b.text, callback_data=b.data)
             for b in row if b.app is None or links is not None] for row in buttons]
    rows = [row for row in rows if row]
    return InlineKeyboardMarkup(rows) if rows else None


HTML_TOKEN = re.compile(r"<[^<>]*>|&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);|[\s\S]", re.UNICODE)
OPEN_TAG = re.compile(r"<([a-zA-Z-]+)")


def split_text(text: str, limit: int) -> list[str]:
    """Telegram HTML in pieces Telegram takes: each at most `limit` UTF-16 units of text once its tags are
    parsed (as Telegram counts), cut at a line end where possible, never inside a tag or an entity; a tag
    open at a cut is closed there and opened again in the next piece.

    >>> split_text("аа\\nбб\\nвв", 5)
    ['аа\\nбб', 'вв']
    >>> split_text("<b>" + "ж" * 6 + "</b>", 4)
    ['<b>жжжж</b>', '<b>жж</b>']
    >>> split_text("&amp;" * 3, 2)
    ['&amp;&amp;', '&amp;']
    """
    pieces: list[str] = []
    tokens: list[tuple[str, int]] = []  # (html, UTF-16 units of text) of the current piece
    size = 0
    starting: list[tuple[str, str]] = []  # those open where the current piece starts

    def cut(at: int) -> None:
        """End the current piece after its first `at` tokens; the rest starts the next one."""
        nonlocal tokens, size, starting
        head, tail = tokens[:at], tokens[at:]
        stack = list(starting)
        for token, _ in head:
            track(stack, token)
        html = "".join(tag for _, tag in starting) + "".join(t for t, _ in head)
        html += "".join(f"</{name}>" for name, _ in reversed(stack))
        if html.strip():
            pieces.append(html)
        starting, tokens = stack, tail
        size = sum(units for _, units in tokens)

    for match in HTML_TOKEN.finditer(text):
        token = match.group()
        units = 0 if token.startswith("<") and token.endswith(">") else (
            1 if token.startswith("&") and len(token) > 1 else len(token.encode("utf-16-le")) // 2)
        if units and size + units > limit:
            if token == "\n":  # the line end itself is the cut
                cut(len(tokens))
                continue
            lines = [i for i, (t, _) in enumerate(tokens) if t == "\n"]
            if lines and lines[-1] > 0:
                cut(lines[-1])
                tokens, size = tokens[1:], size - 1  # the line end the cut was made at
            if size + units > limit:  # a line longer than a piece: cut it where it is
                cut(len(tokens))
        tokens.append((token, units))
        size += units
    cut(len(tokens))
    return pieces or [text[:limit]]


def utf16_prefix(text: str, limit: int) -> str:
    """The longest start of `text` of at most `limit` UTF-16 units (Telegram's measure), never half an emoji.

    >>> utf16_prefix("ab😀c", 3), utf16_prefix("ab😀c", 4)
    ('ab', 'ab😀')
    """
    units = 0
    for i, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > limit:
            return text[:i]
    return text


def track(stack: list[tuple[str, str]], token: str) -> None:
    """Keep `stack` of open tags up to date after `token`."""
    if token.startswith("</"):
        name = token[2:-1].strip().lower()
        if stack and stack[-1][0] == name:
            stack.pop()
    elif token.startswith("<") and token.endswith(">") and (opening := OPEN_TAG.match(token)):
        stack.append((opening.group(1).lower(), token))


async def edit_in_place(message: Message, reply: Reply, links: AppLinks | None = None) -> bool:
    """Show `reply` in place of `message` (a board redrawn, a rule page turned). False when that is
    impossible: a picture for a text message, or Telegram refusing the edit (a message too old)."""
    if reply.image is not None and not message.photo:
        return False
    return await edit_message(message.get_bot(), message.chat_id, message.message_id, reply, links=links)


async def edit_message(bot: Any, chat_id: int, message_id: int, reply: Reply, forbidden: bool = False,
                       links: AppLinks | None = None) -> bool:
    """Show `reply` in place of the message `message_id` (a picture's caption, or a text); False when
    Telegram refuses (a message too old or deleted, a text where a picture was) or cannot be reached.
    `forbidden`: a 403 (the bot was removed from the group) is raised rather than answered False; `links`: the
    Mini App's (`keyboard`)."""
    markup = keyboard(reply.buttons, links, private=chat_id > 0)
    try:
        if reply.image is not None:
            caption = split_text(reply.text, CAPTION_LIMIT)[0] if reply.text.strip() else None
            await bot.edit_message_media(InputMediaPhoto(reply.image, caption=caption, parse_mode=ParseMode.HTML),
                                         chat_id=chat_id, message_id=message_id, reply_markup=markup)
        else:
            await bot.edit_message_text(split_text(reply.text, TEXT_LIMIT)[0], chat_id=chat_id,
                                        message_id=message_id, parse_mode=ParseMode.HTML, reply_markup=markup,
                                        link_preview_options=NO_PREVIEW)
    except BadRequest as error:
        if "not modified" in str(error).lower():  # the same rule page pressed again
            return True
        log.info("Сообщение не изменено, отправляю новое: %s", error)
        return False
    except Forbidden:
        if forbidden:
            raise
        log.info("Сообщение не изменено (доступ запрещён), отправляю новое")
        return False
    except (NetworkError, RetryAfter) as error:  # the new message goes the way of every board
        log.info("Сообщение не изменено (%s), отправляю новое", error)
        return False
    return True


async def show_menu_level(message: Message, buttons: list[list[Button]], picture: bytes | None,
                          caption: str | None = None, links: AppLinks | None = None) -> None:
    """A menu level in place: the new keyboard, and the new picture under the caption the service told again
    (HTML, escaped once). The pressed message's own caption is never sent back: the copy a client has may be an
    older one, and turning its entities back into HTML is how a caption gets escaped twice."""
    try:
        if picture is not None and message.photo:
            text = split_text(caption, CAPTION_LIMIT)[0] if caption and caption.strip() else None
            media = InputMediaPhoto(picture, caption=text, parse_mode=ParseMode.HTML)
            await message.edit_media(media, reply_markup=keyboard(buttons, links, message.chat_id > 0))
        else:
            await message.edit_reply_markup(reply_markup=keyboard(buttons, links, message.chat_id > 0))
    except BadRequest as error:  # "message is not modified" (pressed twice), message too old
        log.debug("Меню не показано: %s", error)


async def send_reply(bot: Any, chat_id: int, reply: Reply, thread_id: int | None = None,
                     links: AppLinks | None = None) -> int | None:
    """One reply into one chat (and forum topic): a photo with a caption, or text messages. The id of the
    message that carries the keyboard (the photo, or the last piece of a long text); `links`: the Mini App's."""
    markup = keyboard(reply.buttons, links, private=chat_id > 0)
    # only a turn's board, the final result and the private «ваш ход» make a sound (`Reply.sound`)
    common: dict[str, Any] = {"parse_mode": ParseMode.HTML, "message_thread_id": thread_id,
                              "disable_notification": not reply.sound}
    if reply.image is not None:
        pieces = split_text(reply.text, CAPTION_LIMIT) if reply.text.strip() else [""]
        caption, rest = pieces[0], "\n".join(pieces[1:])
        photo = await bot.send_photo(chat_id, photo=reply.image, caption=caption or None, reply_markup=markup,
                                     **common)
        for piece in split_text(rest, TEXT_LIMIT) if rest.strip() else []:
            await bot.send_message(chat_id, piece, link_preview_options=NO_PREVIEW, **common)
        return photo.message_id
    pieces = split_text(reply.text, TEXT_LIMIT) if reply.text.strip() else []
    sent = None
    for i, piece in enumerate(pieces):
        last = i == len(pieces) - 1
        sent = await bot.send_message(chat_id, piece, reply_markup=markup if last else None,
                                      link_preview_options=NO_PREVIEW, **common)
    return sent.message_id if sent is not None else None

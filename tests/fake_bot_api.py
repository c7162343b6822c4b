"""A fake Telegram Bot API server on 127.0.0.1 for tests: no internet, no Telegram.

It speaks enough of the Bot API (https://core.telegram.org/bots/api) for python-telegram-bot to run
against it, records everything the bot sends, and lets a test push updates as if users wrote in a
chat or pressed a button::

    with FakeBotApi() as server:
        # run the bot with TELEGRAM_API_URL=server.url
        server.push_message(-100, 1, "Анна", "/new valdora")
        reply = server.wait_for(lambda c: c.method == "sendMessage", timeout=10)

Only the standard library is used: a ``ThreadingHTTPServer`` runs in a daemon thread and all state is
guarded by one ``threading.Condition``, so the server works for a bot in another process as well as
for a ``telegram.Bot`` in the test's own event loop (use ``wait_for_async`` there).

Requests are accepted as JSON, ``application/x-www-form-urlencoded`` (what python-telegram-bot sends)
and ``multipart/form-data`` (uploads; the bytes of an uploaded photo are recorded), on the path
``/bot<token>/<method>``. Unknown methods answer ``{"ok": true, "result": true}`` and are recorded.
"""

from __future__ import annotations

import asyncio
import email.parser
import email.policy
import itertools
import json
import math
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

try:
    from tests.telegram_html import visible
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from telegram_html import visible

# Parameters that are always plain strings, even if they look like JSON ("123", "[1]", "true").
TEXT_PARAMETERS = frozenset(
    {"text", "caption", "callback_query_id", "parse_mode", "callback_data", "url", "secret_token",
     "description", "short_description", "name", "language_code", "action", "emoji", "title",
     "question", "explanation", "address", "first_name", "last_name", "inline_message_id", "icon_custom_emoji_id"}
)
# Methods that put a new message into a chat.
SEND_METHODS = frozenset(
    {"sendMessage", "sendPhoto", "sendDocument", "sendAnimation", "sendVideo", "sendAudio", "sendVoice",
     "sendSticker", "sendDice", "sendPoll", "sendLocation", "sendContact", "copyMessage",
     "forwardMessage"}
)
GROUP_TITLE = "Тестовая группа"
ADMIN_RIGHTS = {
    "can_be_edited": False, "is_anonymous": False, "can_manage_chat": True, "can_delete_messages": True,
    "can_manage_video_chats": True, "can_restrict_members": True, "can_promote_members": False,
    "can_change_info": True, "can_invite_users": True, "can_post_stories": False,
    "can_edit_stories": False, "can_delete_stories": False, "can_pin_messages": True,
}


# Telegram's HTML parse mode: the tags it knows, each with the entity type it becomes
HTML_TAGS = {"b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underline", "ins": "underline",
             "s": "strikethrough", "strike": "strikethrough", "del": "strikethrough", "code": "code", "pre": "pre",
             "a": "text_link", "tg-spoiler": "spoiler", "blockquote": "blockquote"}
HTML_TAG = re.compile(r"<(/?)([a-zA-Z-]+)((?:\s+[a-zA-Z-]+=(?:\"[^\"]*\"|'[^']*'))*)\s*>")
HTML_ENTITY = re.compile(r"&(lt|gt|amp|quot|#\d{1,7}|#x[0-9a-fA-F]{1,6});")
HTML_ENTITY_CHARS = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}


def utf16_len(text: str) -> int:
    """Telegram counts lengths and offsets in UTF-16 code units (an emoji outside the BMP counts 2)."""
    return len(text.encode("utf-16-le")) // 2


def parse_html(text: str) -> tuple[str, list[dict]]:
    """The plain text and the entities Telegram makes of `text` in parse_mode HTML; ApiError where
    Telegram refuses it (an unknown tag, a tag left open or closed out of order, a bare "<")."""
    plain: list[str] = []
    entities: list[dict] = []
    open_tags: list[tuple[str, int, str | None]] = []
    at = 0
    while at < len(text):
        char = text[at]
        if char == "<":
            match = HTML_TAG.match(text, at)
            if match is None:
                raise ApiError(400, f"Bad Request: can't parse entities: Unexpected character at byte offset "
                                    f"{len(text[:at].encode())}")
            closing, name, attributes = match.group(1), match.group(2).lower(), match.group(3)
            if name not in HTML_TAGS:
                raise ApiError(400, f'Bad Request: can\'t parse entities: Unsupported start tag "{name}" at byte '
                                    f"offset {len(text[:at].encode())}")
            offset = utf16_len("".join(plain))
            if closing:
                if not open_tags or open_tags[-1][0] != name:
                    expected = open_tags[-1][0] if open_tags else ""
                    raise ApiError(400, f"Bad Request: can't parse entities: Unmatched end tag at byte offset "
                                        f'{len(text[:at].encode())}, expected "</{expected}>", found "</{name}>"')
                _, start, url = open_tags.pop()
                if offset > start:
                    entity = {"type": HTML_TAGS[name], "offset": start, "length": offset - start}
                    if url is not None:
                        entity["url"] = url
                    entities.append(entity)
            else:
                href = re.search(r"href=(?:\"([^\"]*)\"|'([^']*)')", attributes or "")
                url = (href.group(1) or href.group(2) or "") if name == "a" and href else None
                if name == "a" and not url:
                    url = ""
                open_tags.append((name, offset, url))
            at = match.end()
        elif char == "&" and (match := HTML_ENTITY.match(text, at)):
            code = match.group(1)
            plain.append(HTML_ENTITY_CHARS.get(code) or chr(int(code[2:], 16) if code[1:2] == "x" else int(code[1:])))
            at = match.end()
        else:
            plain.append(char)
            at += 1
    if open_tags:
        raise ApiError(400, f'Bad Request: can\'t parse entities: Can\'t find end tag corresponding to start tag '
                            f'"{open_tags[-1][0]}"')
    return "".join(plain), sorted(entities, key=lambda e: (e["offset"], -e["length"]))


def formatted(params: dict[str, Any], key: str, limit: int) -> dict[str, Any]:
    """The message fields for text or a caption as Telegram stores them: HTML parsed into plain text and
    entities; refused when empty or longer than `limit` UTF-16 units after parsing."""
    raw = params.get(key) or ""
    plain, entities = parse_html(raw) if str(params.get("parse_mode", "")).upper() == "HTML" else (raw, [])
    if key == "text" and not plain.strip():
        raise ApiError(400, "Bad Request: message text is empty")
    if utf16_len(plain) > limit:
        raise ApiError(400, "Bad Request: message is too long" if key == "text"
                       else "Bad Request: message caption is too long")
    if not plain:
        return {}
    return {key: plain, **({"entities" if key == "text" else "caption_entities": entities} if entities else {})}


class ApiError(Exception):
    """Raised inside a method to answer ``{"ok": false, ...}`` like Telegram does."""

    def __init__(self, code: int, description: str, parameters: dict | None = None):
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters  # ResponseParameters: migrate_to_chat_id, retry_after


@dataclass
class Call:
    """One request the bot made, with the message it produced if any."""

    method: str
    params: dict[str, Any]
    time: float = field(default_factory=time.monotonic)
    photo: bytes | None = None  # the uploaded file of sendPhoto
    message_id: int | None = None  # of the message sent or edited
    result: Any = None
    error: str | None = None  # the description if the fake answered ok:false

    @property
    def chat_id(self) -> int | str | None:
        return self.params.get("chat_id")

    @property
    def text(self) -> str:
        """The text of a message, or the caption of a photo; "" if none."""
        return str(self.params.get("text") or self.params.get("caption") or "")

    @property
    def html(self) -> bool:
        """The text or caption was sent with parse_mode HTML (a photo edit carries it in its media)."""
        media = self.params.get("media") if isinstance(self.params.get("media"), dict) else {}
        return str(self.params.get("parse_mode") or media.get("parse_mode") or "").upper() == "HTML"

    @property
    def visible(self) -> str:
        """The text or caption as a person reads it in the chat: HTML parsed the way Telegram does, only its own
        tags turned into formatting (tests/telegram_html.py); a text without parse_mode, as it was sent."""
        return visible(self.text) if self.html else self.text

    @property
    def reply_markup(self) -> dict | None:
        markup = self.params.get("reply_markup")
        return markup if isinstance(markup, dict) else None

    @property
    def keyboard(self) -> list[list[dict]]:
        """Rows of inline buttons, each a dict with "text" and "callback_data"."""
        return (self.reply_markup or {}).get("inline_keyboard") or []

    @property
    def buttons(self) -> list[tuple[str, str]]:
        """All inline buttons as (text, callback_data), row by row."""
        return [(b.get("text", ""), b.get("callback_data", "")) for row in self.keyboard for b in row]

    @property
    def is_message(self) -> bool:
        return self.method in SEND_METHODS

    @property
    def silent(self) -> bool:
        """Sent with disable_notification: the message arrives without a sound."""
        return self.params.get("disable_notification") in (True, "true", "True", 1, "1")

    def __repr__(self) -> str:  # short, for assertion messages
        extra = f" photo={len(self.photo)}B" if self.photo else ""
        err = f" ERROR={self.error!r}" if self.error else ""
        params = {k: v for k, v in self.params.items() if k not in ("text", "caption", "reply_markup")}
        return (f"<{self.method} {params} text={self.text[:300]!r}{extra} "
                f"buttons={self.buttons[:12]}{err}>")


class FakeBotApi:
    """The server. Start with ``start()`` or ``with FakeBotApi() as server``."""

    def __init__(self, *, bot_username: str = "RefereeTestBot", max_poll_timeout: float = 1.0,
                 latency: float = 0.0, group_limit: int | None = None):
        self.bot_username = bot_username
        # messages a group takes in a minute, as Telegram's flood control (None: no limit); more answer 429
        self.group_limit = group_limit
        self._group_sends: dict[int, list[float]] = {}  # group id -> monotonic times of its recent messages
        self.polls = 0  # getUpdates requests so far (not recorded as calls unless they return updates)
        # seconds added to every request, half before it is handled and half before the answer: a network
        # round trip to Telegram (tests/benchmark.py --frontend)
        self.latency = latency
        self.bot_id = 123  # replaced by the number in the token of the first request
        self.max_poll_timeout = max_poll_timeout
        self.admins: set[tuple[int, int]] = set()  # (chat_id, user_id) pairs that are administrators
        self.blocked_users: set[int] = set()  # users who never started the bot: private sends fail
        # method -> (error code, description): the next calls of that method fail (for tests).
        self.failures: dict[str, tuple[int, str]] = {}
        # chat_id -> [retry_after, times]: the next requests for that chat answer 429 (see `flood`)
        self.floods: dict[int, list[int]] = {}
        self.migrated: dict[int, int] = {}  # group id -> the supergroup it became (migrate)
        # forum supergroups (topics on): chat id -> {message_thread_id: the topic's first (service) message}.
        # The General topic is not among them: its messages carry no thread, and a send with its id 1 is refused
        self.forums: dict[int, dict[int, dict]] = {}
        self.closed_topics: set[tuple[int, int]] = set()  # (chat id, thread id) closed by an admin: sends refused
        self.kicked: set[int] = set()  # groups the bot was removed from: every request there answers 403
        # method -> n: the next n calls of that method are performed, but their answer is lost (the connection
        # closes before it): the bot cannot know that the message was posted
        self.lost_answers: dict[str, int] = {}
        self.commands: list[dict] = []
        self.calls: list[Call] = []
        self.updates: list[dict] = []  # not yet confirmed by an offset
        self.messages: dict[int, dict] = {}  # message_id -> Message, every message we know of
        self.deleted: list[tuple[int, int]] = []  # (chat_id, message_id) of each message deleteMessage removed
        self.chat_types: dict[int, str] = {}
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1000)
        self._callback_ids = itertools.count(1)
        self._cond = threading.Condition()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ----------------------------------------------------------------- lifecycle

    @property
    def url(self) -> str:
        assert self._httpd is not None, "server not started"
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeBotApi:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # answer at once, as Telegram does: no delayed-ACK stall per request

            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                server._serve(self)

            def do_GET(self) -> None:  # noqa: N802
                server._serve(self)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,),
                                        name="fake-bot-api", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            with self._cond:
                self._cond.notify_all()
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> FakeBotApi:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ----------------------------------------------------------------- test API: updates

    def _user(self, user_id: int, first_name: str, last_name: str | None = None,
              username: str | None = None) -> dict:
        user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name,
                                "language_code": "ru"}
        if last_name:
            user["last_name"] = last_name
        if username:
            user["username"] = username
        return user

    def _chat(self, chat_id: int, chat_type: str | None = None, user: dict | None = None) -> dict:
        chat_type = chat_type or self.chat_types.get(chat_id) or ("private" if chat_id > 0 else "group")
        self.chat_types[chat_id] = chat_type
        chat: dict[str, Any] = {"id": chat_id, "type": chat_type}
        if chat_type == "private":
            chat["first_name"] = (user or {}).get("first_name", "Пользователь")
        else:
            chat["title"] = GROUP_TITLE
            if chat_type == "group":
                chat["all_members_are_administrators"] = False
            if chat_id in self.forums:
                chat["is_forum"] = True
        return chat

    # ----------------------------------------------------------------- test API: forum topics

    def make_forum(self, chat_id: int) -> None:
        """The supergroup ``chat_id`` turns topics on: it is a forum, with only its General topic so far."""
        with self._cond:
            self.chat_types[chat_id] = "supergroup"
            self.forums.setdefault(chat_id, {})

    def create_topic(self, chat_id: int, name: str, user_id: int = 101, first_name: str = "Анна",
                     thread_id: int | None = None) -> int:
        """A member opens a topic in the forum ``chat_id`` (made one if it was not); its message_thread_id.
        Like Telegram, the topic's id is the id of its first message, the service message naming it (a test
        that writes its updates by hand may choose the id: ``thread_id``)."""
        self.make_forum(chat_id)
        with self._cond:
            return self._open_topic(chat_id, name, self._user(user_id, first_name), thread_id)["message_thread_id"]

    def _open_topic(self, chat_id: int, name: str, creator: dict, thread_id: int | None = None) -> dict:
        message_id = thread_id or next(self._message_ids)
        message = {"message_id": message_id, "message_thread_id": message_id, "date": int(time.time()),
                   "chat": self._chat(chat_id), "from": creator, "is_topic_message": True,
                   "forum_topic_created": {"name": name, "icon_color": 7322096}}
        self.forums[chat_id][message_id] = message
        self.messages[message_id] = message
        return message

    def _topic_event(self, chat_id: int, thread: int, event: dict, user_id: int, first_name: str) -> dict:
        """The service message Telegram posts into a topic when an admin changes it (and sends to the bot)."""
        with self._cond:
            message = {"message_id": next(self._message_ids), "date": int(time.time()), "chat": self._chat(chat_id),
                       "from": self._user(user_id, first_name), "message_thread_id": thread, "is_topic_message": True,
                       "reply_to_message": self.forums[chat_id][thread], **event}
            self.messages[message["message_id"]] = message
        self.push_update({"message": message})
        return message

    def close_topic(self, chat_id: int, thread: int, user_id: int = 101, first_name: str = "Анна") -> dict:
        """An admin closes the topic: only admins may write there now; the bot's sends answer 400 TOPIC_CLOSED
        (its own messages there can still be edited, and their buttons pressed)."""
        with self._cond:
            self.closed_topics.add((chat_id, thread))
        return self._topic_event(chat_id, thread, {"forum_topic_closed": {}}, user_id, first_name)

    def reopen_topic(self, chat_id: int, thread: int, user_id: int = 101, first_name: str = "Анна") -> dict:
        with self._cond:
            self.closed_topics.discard((chat_id, thread))
        return self._topic_event(chat_id, thread, {"forum_topic_reopened": {}}, user_id, first_name)

    def rename_topic(self, chat_id: int, thread: int, name: str, user_id: int = 101,
                     first_name: str = "Анна") -> dict:
        """The topic gets a new name (its first message keeps the name it was created with, as in Telegram)."""
        return self._topic_event(chat_id, thread, {"forum_topic_edited": {"name": name}}, user_id, first_name)

    def delete_topic(self, chat_id: int, thread: int) -> None:
        """An admin deletes the topic with all its messages. Telegram sends the bot nothing; its sends there answer
        400 «message thread not found»."""
        with self._cond:
            self.forums.get(chat_id, {}).pop(thread, None)
            self.closed_topics.discard((chat_id, thread))
            for message_id in [i for i, m in self.messages.items()
                               if m["chat"]["id"] == chat_id and m.get("message_thread_id") == thread]:
                del self.messages[message_id]

    def _check_open(self, chat_id: int, thread: Any) -> None:
        """400 TOPIC_CLOSED for a send of the bot into a closed topic."""
        try:
            closed = (chat_id, int(thread)) in self.closed_topics
        except (TypeError, ValueError):
            return
        if closed:
            raise ApiError(400, "Bad Request: TOPIC_CLOSED")

    def _in_topic(self, chat_id: int, thread: Any) -> dict:
        """The fields of a message sent into topic ``thread``; 400 where the chat has no such topic (the General
        topic's id 1 included: sending there means leaving the thread out)."""
        if thread is None:
            return {}
        try:
            topic = self.forums.get(chat_id, {}).get(int(thread))
        except (TypeError, ValueError):
            topic = None
        if topic is None:
            raise ApiError(400, "Bad Request: message thread not found")
        return {"message_thread_id": int(thread), "is_topic_message": True}

    def _bot_user(self) -> dict:
        return {"id": self.bot_id, "is_bot": True, "first_name": "Судья", "username": self.bot_username}

    def push_update(self, update: dict) -> dict:
        """Queue a raw update (its update_id is filled in)."""
        with self._cond:
            update = {"update_id": next(self._update_ids), **update}
            self.updates.append(update)
            self._cond.notify_all()
        return update

    def push_message(self, chat_id: int, user_id: int, first_name: str, text: str,
                     chat_type: str = "group", *, last_name: str | None = None,
                     username: str | None = None, edited: bool = False, topic: int | None = None,
                     via_bot: bool = False, reply_to: int | None = None) -> dict:
        """A user writes ``text`` in a chat (in a forum: into the topic ``topic``, None for the General topic),
        as a reply to the message ``reply_to`` if given; returns the Message. Commands get a bot_command entity."""
        with self._cond:
            user = self._user(user_id, first_name, last_name, username)
            message: dict[str, Any] = {
                "message_id": next(self._message_ids),
                "date": int(time.time()),
                "chat": self._chat(chat_id, None if chat_id in self.forums else chat_type, user),
                "from": user,
                "text": text,
                **({"via_bot": self._bot_user()} if via_bot else {}),  # chosen from the bot's inline results
            }
            if topic is not None:
                # as Telegram does: a message of a topic that replies to nothing replies to the topic's first one
                message.update(self._in_topic(chat_id, topic), reply_to_message=self.forums[chat_id][topic])
            if reply_to is not None:
                message["reply_to_message"] = self.messages[reply_to]
            if text.startswith("/"):
                command = text.split(maxsplit=1)[0] if text.strip() else text
                # Telegram marks /word and /word@bot (Latin letters, digits, _) as a bot_command.
                name = command[1:].split("@", 1)[0]
                if name and all(c.isascii() and (c.isalnum() or c == "_") for c in name):
                    message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
            if edited:
                message["edit_date"] = int(time.time())
            else:
                self.messages[message["message_id"]] = message
        self.push_update({"edited_message" if edited else "message": message})
        return message

    def push_callback(self, chat_id: int, user_id: int, first_name: str, message_id: int, data: str,
                      *, last_name: str | None = None, message: dict | None = None) -> dict:
        """A user presses an inline button with ``data`` under the message ``message_id``; `message`: the copy of
        that message the update carries instead of the message as it is now (an older one, say)."""
        with self._cond:
            message = message or self.messages.get(message_id) or {
                "message_id": message_id, "date": int(time.time()),
                "chat": self._chat(chat_id), "from": self._bot_user(), "text": "…",
            }
            query = {
                "id": str(next(self._callback_ids)),
                "from": self._user(user_id, first_name, last_name),
                "chat_instance": f"ci{chat_id}",
                "message": message,
                "data": data,
            }
        self.push_update({"callback_query": query})
        return query

    # ----------------------------------------------------------------- test API: what the bot did

    @property
    def sent(self) -> list[Call]:
        """Messages the bot put into chats (sendMessage, sendPhoto, ...), oldest first."""
        with self._cond:
            return [c for c in self.calls if c.is_message and c.error is None]

    def calls_of(self, method: str, since: int = 0) -> list[Call]:
        with self._cond:
            return [c for c in self.calls[since:] if c.method == method]

    def mark(self) -> int:
        """A position in ``calls``; pass it as ``since`` to look only at what came after."""
        with self._cond:
            return len(self.calls)

    def clear(self) -> None:
        """Forget the recorded calls (updates, messages and settings stay)."""
        with self._cond:
            self.calls.clear()

    def _find(self, predicate: Callable[[Call], bool], since: int) -> Call | None:
        for call in self.calls[since:]:
            if predicate(call):
                return call
        return None

    def wait_for(self, predicate: Callable[[Call], bool], timeout: float = 10.0, since: int = 0) -> Call:
        """Block until a recorded call (at index >= since) matches; raise TimeoutError otherwise."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                found = self._find(predicate, since)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(self._timeout_message(timeout, since))
                self._cond.wait(min(left, 0.5))

    async def wait_for_async(self, predicate: Callable[[Call], bool], timeout: float = 10.0,
                             since: int = 0) -> Call:
        """Like ``wait_for`` without blocking the event loop (for a bot in the same process)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._cond:
                found = self._find(predicate, since)
            if found is not None:
                return found
            if time.monotonic() >= deadline:
                with self._cond:
                    raise TimeoutError(self._timeout_message(timeout, since))
            await asyncio.sleep(0.02)

    def wait_idle(self, quiet: float = 0.5, timeout: float = 10.0, since: int = 0) -> list[Call]:
        """Wait until the bot made no calls (other than getUpdates) for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while (busy := self._busy_unless_quiet(quiet, since, deadline, timeout)) is None:
            time.sleep(0.05)
        return busy

    async def wait_idle_async(self, quiet: float = 0.5, timeout: float = 10.0, since: int = 0) -> list[Call]:
        """Like ``wait_idle`` without blocking the event loop."""
        deadline = time.monotonic() + timeout
        while (busy := self._busy_unless_quiet(quiet, since, deadline, timeout)) is None:
            await asyncio.sleep(0.05)
        return busy

    def _busy_unless_quiet(self, quiet: float, since: int, deadline: float, timeout: float) -> list[Call] | None:
        """The bot's calls since ``since`` once it has been quiet for ``quiet`` seconds, else None."""
        with self._cond:
            busy = [c for c in self.calls[since:] if c.method != "getUpdates"]
        now = time.monotonic()
        if now - (busy[-1].time if busy else 0.0) >= quiet:
            return busy
        if now >= deadline:
            raise TimeoutError(f"the bot is still busy after {timeout} s")
        return None

    def _timeout_message(self, timeout: float, since: int) -> str:
        recent = [c for c in self.calls[since:] if c.method != "getUpdates"][-15:]
        lines = "\n  ".join(repr(c) for c in recent) or "(nothing)"
        return f"no matching call within {timeout} s; calls since #{since}:\n  {lines}"

    # ----------------------------------------------------------------- HTTP

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        if self.latency:
            time.sleep(self.latency / 2)
        path = urlsplit(handler.path).path
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else b""
        if len(body) < length:  # the client gave up in the middle of its request (a cancelled task): never applied
            handler.close_connection = True
            return
        parts = path.strip("/").split("/")
        status, payload = 404, {"ok": False, "error_code": 404, "description": "Not Found"}
        if len(parts) == 2 and parts[0].startswith("bot"):
            token, method = parts[0][3:], parts[1]
            if token.split(":", 1)[0].isdigit():
                self.bot_id = int(token.split(":", 1)[0])
            try:
                params, files = self._parse_body(handler.headers.get("Content-Type", ""), body)
                params.update(dict(parse_qsl(urlsplit(handler.path).query)))
                result = self._call(method, params, files)
                status, payload = 200, {"ok": True, "result": result}
                with self._cond:
                    lost = self.lost_answers.get(method, 0)
                    if lost:
                        self.lost_answers[method] = lost - 1
                if lost:
                    handler.close_connection = True
                    return
            except ApiError as err:
                status = err.code
                payload = {"ok": False, "error_code": err.code, "description": err.description}
                if err.parameters:
                    payload["parameters"] = err.parameters
            except Exception as err:  # a bug in the fake: tell the client, do not hang
                status = 500
                payload = {"ok": False, "error_code": 500, "description": f"fake server: {err!r}"}
        data = json.dumps(payload, ensure_ascii=False).encode()
        if self.latency:
            time.sleep(self.latency / 2)
        try:
            handler.send_response(status)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(data)))
            handler.end_headers()
            handler.wfile.write(data)
        except OSError:  # the client went away (e.g. a long poll cancelled at shutdown)
            pass

    @staticmethod
    def _value(key: str, value: str) -> Any:
        if key in TEXT_PARAMETERS:
            return value
        try:
            return json.loads(value)
        except ValueError:
            return value

    def _parse_body(self, content_type: str, body: bytes) -> tuple[dict[str, Any], dict[str, bytes]]:
        params: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        if not body:
            return params, files
        if content_type.startswith("application/json"):
            return dict(json.loads(body)), files
        if content_type.startswith("multipart/form-data"):
            message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
                b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
            )
            for part in message.iter_parts():
                name = part.get_param("name", header="content-disposition")
                payload = part.get_payload(decode=True) or b""
                if part.get_filename() is not None:
                    files[name] = payload
                else:
                    charset = part.get_content_charset() or "utf-8"
                    params[name] = self._value(name, payload.decode(charset))
            return params, files
        for key, value in parse_qsl(body.decode(), keep_blank_values=True):
            params[key] = self._value(key, value)
        return params, files

    # ----------------------------------------------------------------- methods

    def _call(self, method: str, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        if method == "getUpdates":
            # Not recorded as a Call unless it returns something: polling would flood the record.
            return self._get_updates(params)
        with self._cond:
            call = Call(method=method, params=params)
            try:
                call.result = self._dispatch(call, files)
                return call.result
            except ApiError as err:
                call.error = err.description
                raise
            finally:
                self.calls.append(call)
                self._cond.notify_all()

    def _get_updates(self, params: dict[str, Any]) -> list[dict]:
        offset = int(params.get("offset") or 0)
        timeout = min(float(params.get("timeout") or 0), self.max_poll_timeout)
        limit = int(params.get("limit") or 100)
        deadline = time.monotonic() + timeout
        with self._cond:
            self.polls += 1
            if offset:
                # Like Telegram: an offset confirms every update before it.
                self.updates = [u for u in self.updates if u["update_id"] >= offset]
            while True:
                ready = [u for u in self.updates if u["update_id"] >= offset][:limit]
                left = deadline - time.monotonic()
                if ready or left <= 0 or self._httpd is None:
                    break
                self._cond.wait(left)
            if ready:
                self.calls.append(Call(method="getUpdates", params=params, result=ready))
                self._cond.notify_all()
            return ready

    def flood(self, chat_id: int, retry_after: int, times: int = 1) -> None:
        """Telegram's flood control for one chat: the next ``times`` requests carrying ``chat_id`` answer
        429 "Too Many Requests: retry after N" with ``parameters.retry_after`` N; other chats go on."""
        with self._cond:
            if times > 0:
                self.floods[int(chat_id)] = [retry_after, times]
            else:
                self.floods.pop(int(chat_id), None)

    def _check_flood(self, chat_id: Any) -> None:
        try:
            flood = self.floods.get(int(chat_id)) if chat_id is not None else None
        except (TypeError, ValueError):  # "@username"
            flood = None
        if flood is None:
            return
        retry_after, flood[1] = flood[0], flood[1] - 1
        if flood[1] <= 0:
            del self.floods[int(chat_id)]
        raise ApiError(429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after})

    def _check_group_limit(self, chat_id: Any) -> None:
        """`group_limit` messages a minute into one group (a negative id): one more answers 429 with the seconds
        until the oldest of them is a minute old, and is not counted."""
        try:
            chat_id = int(chat_id)
        except (TypeError, ValueError):
            return
        if self.group_limit is None or chat_id >= 0:
            return
        now = time.monotonic()
        recent = [t for t in self._group_sends.get(chat_id, []) if now - t < 60]
        if len(recent) >= self.group_limit:
            self._group_sends[chat_id] = recent
            retry_after = max(1, math.ceil(60 - (now - recent[0])))
            raise ApiError(429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after})
        self._group_sends[chat_id] = [*recent, now]

    def migrate(self, group_id: int, supergroup_id: int) -> None:
        """The group becomes a supergroup, as Telegram does it: the service messages in both chats, and from
        then on the old id is refused with migrate_to_chat_id."""
        with self._cond:
            self.migrated[group_id] = supergroup_id
            self.forums.pop(supergroup_id, None)  # a new supergroup starts without topics
            self.chat_types[supergroup_id] = "supergroup"
        bot = self._bot_user()
        for chat_id, key, other in ((group_id, "migrate_to_chat_id", supergroup_id),
                                    (supergroup_id, "migrate_from_chat_id", group_id)):
            self.push_update({"message": {"message_id": next(self._message_ids), "date": int(time.time()),
                                          "chat": self._chat(chat_id), "from": bot, key: other}})

    def kick(self, chat_id: int) -> None:
        """The bot is removed from a group: Telegram says so (my_chat_member) and refuses every send there."""
        with self._cond:
            self.kicked.add(chat_id)
        self._membership(chat_id, "member", "kicked")

    def add_back(self, chat_id: int) -> None:
        """The bot is added to the group again."""
        with self._cond:
            self.kicked.discard(chat_id)
        self._membership(chat_id, "left", "member")

    def _membership(self, chat_id: int, old: str, new: str) -> None:
        bot = self._bot_user()
        member = {"status": new, "user": bot}
        if new == "kicked":
            member["until_date"] = 0
        self.push_update({"my_chat_member": {
            "chat": self._chat(chat_id), "from": self._user(101, "Анна"), "date": int(time.time()),
            "old_chat_member": {"status": old, "user": bot}, "new_chat_member": member}})

    def _check_kicked(self, chat_id: Any) -> None:
        try:
            kicked = int(chat_id) in self.kicked
        except (TypeError, ValueError):
            return
        if kicked:
            raise ApiError(403, "Forbidden: bot was kicked from the group chat")

    def _target(self, chat_id: Any) -> int:
        """The chat a request goes into; 400 for no chat id, or for a group upgraded to a supergroup."""
        try:
            chat_id = int(chat_id)
        except (TypeError, ValueError) as err:
            raise ApiError(400, "Bad Request: chat not found") from err
        if chat_id in self.migrated:
            raise ApiError(400, "Bad Request: group chat was upgraded to a supergroup chat",
                           {"migrate_to_chat_id": self.migrated[chat_id]})
        return chat_id

    def _new_message(self, chat_id: Any, thread: Any = None, **content: Any) -> dict:
        chat_id = self._target(chat_id)
        content.update(self._in_topic(chat_id, thread))
        self._check_open(chat_id, thread)
        if self.chat_types.get(chat_id, "private" if chat_id > 0 else "group") == "private":
            if chat_id in self.blocked_users:
                raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        message = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": self._chat(chat_id),
            "from": self._bot_user(),
            **{k: v for k, v in content.items() if v is not None},
        }
        self.messages[message["message_id"]] = message
        return message

    DELETE_WINDOW = 48 * 3600  # seconds: an older message can no longer be deleted by a bot

    def _delete_message(self, params: dict[str, Any]) -> bool:
        """deleteMessage as Telegram does it for a bot that is not an administrator: its own messages within 48 hours
        (and, in a private chat, the user's too); 400 for a message that does not exist (or is gone) and for one
        it may not delete."""
        chat_id = self._target(params.get("chat_id"))
        message_id = int(params.get("message_id") or 0)
        message = self.messages.get(message_id)
        if message is None or message.get("chat", {}).get("id") != chat_id:
            raise ApiError(400, "Bad Request: message to delete not found")
        own = message.get("from", {}).get("id") == self.bot_id
        admin = (chat_id, self.bot_id) in self.admins
        too_old = time.time() - message.get("date", 0) > self.DELETE_WINDOW
        if too_old or not (own or admin or chat_id > 0) or "forum_topic_created" in message:
            raise ApiError(400, "Bad Request: message can't be deleted")
        del self.messages[message_id]
        self.deleted.append((chat_id, message_id))
        return True

    CHAT_ACTIONS = frozenset({"typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice",
                              "upload_document", "choose_sticker", "find_location", "record_video_note",
                              "upload_video_note"})

    def _chat_action(self, params: dict[str, Any]) -> bool:
        """«печатает…»: refused, as by Telegram, for an unknown action, a migrated group or a missing topic."""
        if params.get("action") not in self.CHAT_ACTIONS:
            raise ApiError(400, "Bad Request: wrong parameter action in request")
        self._in_topic(self._target(params.get("chat_id")), params.get("message_thread_id"))
        self._check_open(int(params.get("chat_id")), params.get("message_thread_id"))
        return True

    @staticmethod
    def _check_markup(markup: Any, chat_id: Any = None) -> None:
        """Telegram refuses callback data outside 1-64 bytes, keyboards of more than 100 buttons, a `web_app` button
        outside a private chat and a URL button whose link is not http(s) or tg."""
        if not isinstance(markup, dict):
            return
        buttons = [b for row in markup.get("inline_keyboard") or [] for b in row]
        if len(buttons) > 100:
            raise ApiError(400, "Bad Request: BUTTONS_TOO_MUCH")
        for button in buttons:
            data = button.get("callback_data")
            if data is not None and not 1 <= len(str(data).encode()) <= 64:
                raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
            if "web_app" in button and not (str(chat_id).lstrip("-").isdigit() and int(chat_id) > 0):
                raise ApiError(400, "Bad Request: BUTTON_TYPE_INVALID")
            if "web_app" in button and not str((button["web_app"] or {}).get("url", "")).startswith("https://"):
                raise ApiError(400, "Bad Request: BUTTON_URL_INVALID")
            url = button.get("url")
            if url is not None and not str(url).lower().startswith(("http://", "https://", "tg://")):
                raise ApiError(400, "Bad Request: BUTTON_URL_INVALID")

    def _dispatch(self, call: Call, files: dict[str, bytes]) -> Any:
        method, p = call.method, call.params
        if method in self.failures:
            code, description = self.failures[method]
            raise ApiError(code, description)
        self._check_kicked(p.get("chat_id"))
        self._check_flood(p.get("chat_id"))
        if call.is_message:
            self._check_group_limit(p.get("chat_id"))
        self._check_markup(p.get("reply_markup"), p.get("chat_id"))
        if method == "answerCallbackQuery" and len(str(p.get("text") or "")) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        if method == "getMe":
            return {**self._bot_user(), "can_join_groups": True, "can_read_all_group_messages": False,
                    "supports_inline_queries": False, "can_connect_to_business": False,
                    "has_main_web_app": False}
        if method == "sendChatAction":
            return self._chat_action(p)
        if method in ("deleteWebhook", "setWebhook", "answerCallbackQuery",
                      "deleteMyCommands", "close", "logOut"):
            return True
        if method == "getWebhookInfo":
            return {"url": "", "has_custom_certificate": False, "pending_update_count": len(self.updates)}
        if method == "setMyCommands":
            commands = p.get("commands") or []
            if not isinstance(commands, list) or not all(
                isinstance(c, dict) and c.get("command") and c.get("description") for c in commands
            ):
                raise ApiError(400, "Bad Request: can't parse commands")
            self.commands = commands
            return True
        if method == "getMyCommands":
            return self.commands
        if method == "createForumTopic":
            chat_id = int(p["chat_id"])
            if chat_id not in self.forums:
                raise ApiError(400, "Bad Request: the chat is not a forum")
            created = self._open_topic(chat_id, str(p.get("name") or ""), self._bot_user())
            return {"message_thread_id": created["message_thread_id"], "name": created["forum_topic_created"]["name"],
                    "icon_color": created["forum_topic_created"]["icon_color"]}
        if method == "getChatMember":
            chat_id, user_id = int(p["chat_id"]), int(p["user_id"])
            user = {"id": user_id, "is_bot": False, "first_name": f"User{user_id}"}
            if (chat_id, user_id) in self.admins:
                return {"status": "administrator", "user": user, **ADMIN_RIGHTS}
            return {"status": "member", "user": user}
        if method == "getChat":
            chat_id = int(p["chat_id"])
            return {**self._chat(chat_id), "accent_color_id": 0, "max_reaction_count": 11,
                    "accepted_gift_types": {"unlimited_gifts": False, "limited_gifts": False,
                                            "unique_gifts": False, "premium_subscription": False}}
        if method == "sendMessage":
            message = self._new_message(p.get("chat_id"), p.get("message_thread_id"), **formatted(p, "text", 4096),
                                        reply_markup=p.get("reply_markup"))
            call.message_id = message["message_id"]
            return message
        if method == "sendPhoto":
            photo = files.get("photo")
            if photo is None and isinstance(p.get("photo"), str) and p["photo"].startswith("attach://"):
                photo = files.get(p["photo"][len("attach://"):])
            if photo is None:
                raise ApiError(400, "Bad Request: there is no photo in the request")
            caption = formatted(p, "caption", 1024)
            call.photo = photo
            unique = f"ph{len(self.messages)}"
            sizes = [{"file_id": f"{unique}-{w}", "file_unique_id": f"{unique}{w}", "width": w,
                      "height": w, "file_size": len(photo)} for w in (90, 320, 800)]
            message = self._new_message(p.get("chat_id"), p.get("message_thread_id"), photo=sizes, **caption,
                                        reply_markup=p.get("reply_markup"))
            call.message_id = message["message_id"]
            return message
        if method == "editMessageMedia":
            message_id = int(p.get("message_id") or 0)
            original = self.messages.get(message_id)
            if original is None:
                raise ApiError(400, "Bad Request: message to edit not found")
            if "photo" not in original:
                raise ApiError(400, "Bad Request: there is no media in the message to edit")
            media = p.get("media") if isinstance(p.get("media"), dict) else {}
            reference = str(media.get("media", ""))
            photo = files.get(reference[len("attach://"):]) if reference.startswith("attach://") else None
            if media.get("type") != "photo" or photo is None:
                raise ApiError(400, "Bad Request: can't parse InputMedia")
            caption = formatted(media, "caption", 1024)
            call.photo = photo
            call.params["caption"] = media.get("caption") or ""  # so that `Call.text` shows it
            updated = {k: v for k, v in original.items() if k not in ("caption", "caption_entities")}
            updated.update(caption, edit_date=int(time.time()))
            if p.get("reply_markup"):
                updated["reply_markup"] = p["reply_markup"]
            else:
                updated.pop("reply_markup", None)
            self.messages[message_id] = updated
            call.message_id = message_id
            return updated
        if method in ("editMessageReplyMarkup", "editMessageText", "editMessageCaption"):
            message_id = int(p.get("message_id") or 0)
            original = self.messages.get(message_id)
            if original is None:
                raise ApiError(400, "Bad Request: message to edit not found")
            updated = dict(original)
            if method == "editMessageText":
                updated = {k: v for k, v in updated.items() if k != "entities"} | formatted(p, "text", 4096)
            if method == "editMessageCaption":
                updated = {k: v for k, v in updated.items() if k not in ("caption", "caption_entities")}
                updated |= formatted(p, "caption", 1024)
            markup = p.get("reply_markup")
            unchanged = (markup or None) == (original.get("reply_markup") or None)
            if method == "editMessageReplyMarkup" and unchanged:
                raise ApiError(400, "Bad Request: message is not modified: specified new message content "
                                    "and reply markup are exactly the same as a current content and reply "
                                    "markup of the message")
            if markup:
                updated["reply_markup"] = markup
            else:
                updated.pop("reply_markup", None)
            updated["edit_date"] = int(time.time())
            self.messages[message_id] = updated
            call.message_id = message_id
            return updated
        if method == "deleteMessage":
            return self._delete_message(p)
        return True  # unknown methods: recorded and accepted

"""No chat stalls another: the order in which updates are worked on, chat by chat (`ChatLines`, the Application's
update processor).

python-telegram-bot works on a bounded number of updates at once, and an update holds its slot for as long as its
handler runs: the updates of a flooded group, waiting for the group's 20 messages a minute, would take every slot
and a quiet chat would wait for them. Here an update waiting for its chat's earlier ones holds no slot at all: each
chat has its own line, one update of it is worked on at a time (so its updates stay in order), and any number of
chats are worked on at once. Within a chat's line:

- a request that only looks (`/board`, `/score`, `/help` …) is dropped when the same request for the same table is
  already waiting behind it: ten `/board` in a row are one board, the newest;
- a button press goes ahead of the looks that wait before it (they change nothing, and a press must be answered
  within Telegram's ~15 seconds); it never overtakes a move or any other command;
- a press still waiting after `PRESS_PATIENCE` seconds (the update at work is slow: bots thinking, a board waiting
  for the group's limit) is answered at once with a short toast, so that its spinner stops before Telegram drops
  the answer; the press is then worked on in its turn as ever, only without a toast of its own;
- a member who sends more than `COOL_COMMANDS` commands in `COOL_SECONDS` to one chat is ignored until they slow
  down (the games' own commands, a player's moves typed quickly, are not counted); the first command ignored is
  answered with one short note (`cooled_note`), the rest with nothing.

Nothing that changes a game is ever dropped or reordered: only looks are dropped, and a press overtakes only looks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from bot.telegram.updates import may_act

log = logging.getLogger(__name__)

COOL_COMMANDS = 12  # commands one member may send to one chat within COOL_SECONDS; more are ignored
COOL_SECONDS = 30.0
# commands that only show something, the same to whoever asks: a later one of the same answers for both
LOOKS = frozenset({"board", "score", "log", "turn", "help", "moves", "tables"})
PRESS_PATIENCE = 4.0  # seconds a press may wait for its chat before it is answered with PRESS_TOAST
PRESS_TOAST = "Нажатие принято: стол занят, ответ будет через пару секунд."
UNBOUNDED = 2**30  # PTB's own bound on updates at once: the lines bound each chat instead
FORGET_ABOVE = 4096  # members' command times are dropped once more are remembered than this

COOLED_NOTE = "{name}, не так быстро: слишком много команд подряд. Подождите полминуты — потом отвечу."


def command_of(update: object, bot_username: str = "") -> tuple[str, str, int] | None:
    """(command, its arguments, forum topic) of a message that is a command to this bot (`/board`, or
    `/board@bot_username`), else None: a command to another bot (`/roll@DiceBot`) is none of ours.

    >>> message = type("M", (), {"text": "/Board@RefBot  1", "message_thread_id": 7, "is_topic_message": True})
    >>> update = type("U", (), {"message": message})
    >>> command_of(update, "refbot"), command_of(update, "OtherBot")
    (('board', '1', 7), None)
    """
    message = getattr(update, "message", None)
    text = getattr(message, "text", None)
    if not text or not text.lstrip().startswith("/"):
        return None
    head, _, args = text.strip().partition(" ")
    name, _, addressee = head[1:].lower().partition("@")
    if addressee and bot_username and addressee != bot_username.lower():
        return None
    topic = message.message_thread_id if getattr(message, "is_topic_message", False) else 0
    return name, " ".join(args.lower().split()), topic or 0


@dataclass
class _Waiting:
    update: object
    look: tuple[str, str, int] | None  # a look's (command, arguments, topic): dropped when a later equal one waits
    press: bool
    turn: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())


@dataclass
class _Line:
    waiting: deque[_Waiting] = field(default_factory=deque)
    working: bool = False


class ChatLines(BaseUpdateProcessor):
    """An update processor: one line per chat (see the module's docstring); updates without a chat (inline
    queries and the like) are worked on at once."""

    def __init__(self, cool_commands: int = COOL_COMMANDS, cool_seconds: float = COOL_SECONDS) -> None:
        super().__init__(UNBOUNDED)
        self.cool_commands, self.cool_seconds = cool_commands, cool_seconds
        self._lines: dict[int, _Line] = {}
        self._commands: dict[tuple[int, int], deque[float]] = {}  # (chat, member) -> times of recent commands
        self._noted: set[tuple[int, int]] = set()  # (chat, member) told they are cooled down, until they slow down
        self._notes: set[int] = set()  # update ids whose handler says the note instead of answering
        self._early: set[int] = set()  # update ids of presses answered while they waited (`answered_early`)
        self.bot_username = ""  # set once the bot knows its name: commands to other bots are not counted
        self.moves: frozenset[str] = frozenset()  # the games' own commands (/move, /build …): a player's moves
        self.dropped = 0  # updates dropped (looks answered by a later one, commands of a member cooled down)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Forget the members' command times (the lines empty themselves)."""
        self._commands.clear()
        self._noted.clear()

    def cooled_note(self, update: Update) -> bool:
        """Whether `update` is the first command of a member cooled down: its handler answers with the note."""
        return update.update_id in self._notes

    def answered_early(self, update: Update) -> bool:
        """Whether the press of `update` was answered while it waited for its chat (its handler answers no more)."""
        return update.update_id in self._early

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = getattr(getattr(update, "effective_chat", None), "id", None)
        if chat is None:
            await coroutine
            return
        # a sender who may not act (a channel's forward, Telegram itself) is ignored, and so not counted either
        command = command_of(update, self.bot_username) if not isinstance(update, Update) or may_act(update) else None
        if command is not None and command[0] not in self.moves and self._cooled(update, chat):
            self._drop(coroutine)
            return
        line = self._lines.setdefault(chat, _Line())
        look = command if command is not None and command[0] in LOOKS else None
        entry = _Waiting(update, look, getattr(update, "callback_query", None) is not None)
        self._enqueue(line, entry)
        try:
            if line.working or line.waiting[0] is not entry:
                patience = asyncio.create_task(self._answer_later(update)) if entry.press else None
                try:
                    await entry.turn
                finally:
                    if patience is not None:
                        patience.cancel()
            else:
                line.waiting.popleft()
                line.working = True
            if entry.look is not None and any(later.look == entry.look for later in line.waiting):
                self._drop(coroutine)  # the later one answers for both
                return
            await coroutine
        finally:
            if entry in line.waiting:  # cancelled while waiting (shutdown): it never got its turn
                line.waiting.remove(entry)
                self._drop(coroutine)
            else:
                self._next(chat, line)
            if isinstance(update, Update):
                self._notes.discard(update.update_id)
                self._early.discard(update.update_id)

    async def _answer_later(self, update: object) -> None:
        """The press's toast after PRESS_PATIENCE seconds of waiting (cancelled when its turn comes first)."""
        await asyncio.sleep(PRESS_PATIENCE)
        query = getattr(update, "callback_query", None)
        with contextlib.suppress(AttributeError):
            self._early.add(update.update_id)
        try:  # shielded: its turn may come while the answer is on its way, and the answer must not be cut off
            await asyncio.shield(query.answer(PRESS_TOAST))
        except asyncio.CancelledError:
            raise
        except Exception as error:  # too late, or the network: only the toast is lost
            log.info("Нажатие не подтверждено заранее: %s", error)

    @staticmethod
    def _enqueue(line: _Line, entry: _Waiting) -> None:
        """A press goes ahead of the looks waiting at the end of the line; anything else to its end."""
        at = len(line.waiting)
        if entry.press:
            while at and line.waiting[at - 1].look is not None:
                at -= 1
        line.waiting.insert(at, entry)

    def _next(self, chat: int, line: _Line) -> None:
        """The chat's update at work is done: the next one waiting gets its turn, or the line goes."""
        while line.waiting:
            following = line.waiting.popleft()
            if not following.turn.done():
                following.turn.set_result(None)
                return
        line.working = False
        if self._lines.get(chat) is line:
            del self._lines[chat]

    def _drop(self, coroutine: Awaitable[Any]) -> None:
        self.dropped += 1
        if hasattr(coroutine, "close"):
            coroutine.close()  # never awaited: no «coroutine was never awaited» warning

    def _cooled(self, update: object, chat: int) -> bool:
        """Count a command of its member in `chat`; True when they sent more than allowed lately (the first such
        command is kept, to say the note)."""
        user = getattr(getattr(update, "effective_user", None), "id", None)
        if user is None:
            return False
        now = time.monotonic()
        key = (chat, user)
        times = self._commands.setdefault(key, deque())
        while times and now - times[0] >= self.cool_seconds:
            times.popleft()
        times.append(now)  # an ignored command counts too: flooding on keeps the member cooled down
        if len(self._commands) > FORGET_ABOVE:
            self._forget(now)
        if len(times) <= self.cool_commands:
            self._noted.discard(key)
            return False
        if key in self._noted:
            return True
        self._noted.add(key)
        with contextlib.suppress(AttributeError):
            self._notes.add(update.update_id)
        return False

    def _forget(self, now: float) -> None:
        for key, times in list(self._commands.items()):
            if not times or now - times[-1] >= self.cool_seconds:
                del self._commands[key]
                self._noted.discard(key)

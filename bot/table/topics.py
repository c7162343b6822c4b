"""Forum topics that close, change and vanish, as the table sees them. A part of `bot.table.service.Service`.

A closed topic is an expected state, not an error: the moves made meanwhile (by a button) stand, the board waits
in the outbox and is posted when the topic is opened again, the clock of the table stands still (the store keeps
its timers from firing and moves them on at the reopening), and the players are told once, privately. A deleted
topic stops its table for good: no more sends, no timers; its players are told once, and `/abort` in the chat's
General topic reaches it. A renamed topic is named by its new name everywhere; a topic whose name was never seen
is named from the first update that shows it. A hidden choice (a card picked from the personal inline results)
carries its game (`CHOICE_MARK`): sent into the wrong chat or topic, it is not played there.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from html import escape

from bot.replies import buttons
from bot.replies.lines import shortened_text
from bot.replies.reply import Button, Chat, Reply, User
from bot.replies.words import declined
from bot.storage.base import ACTIVE, GameRow
from bot.storage.topics import CLOSED, DELETED, OPEN
from bot.table import rights
from bot.table.core import Table
from bot.table.links import TOKEN
from bot.table.seating.lobby import Lobby
from bot.table.texts import board_link, in_chat, topic_name

# « #<token>» after a hidden choice's command: the game it belongs to, by its public token (`bot.table.links`); its
# own table strips it and plays the rest
CHOICE_MARK = re.compile(rf"\s*#({TOKEN})\s*$")
TOPIC_MARKS = {CLOSED: "тема закрыта", DELETED: "тема удалена"}


def choice_text(command: str, token: str) -> str:
    """The text a hidden choice sends: its command, marked with its game's token.

    >>> choice_text("/play дракон", "Ab3_-xYz0Q9w")
    '/play дракон #Ab3_-xYz0Q9w'
    """
    return f"{command} #{token}"


def topic_mark(state: str) -> str:
    """«тема закрыта», «тема удалена» for a table whose topic waits; "" for an open one (lists of tables)."""
    return TOPIC_MARKS.get(state, "")


class Topics:
    def __init__(self, table: Table, lobby: Lobby, look: Callable[..., Awaitable[list[Reply]]]):
        self.table, self.lobby = table, lobby
        self.look = look  # /board of a table (`Moves.board`)

    # --- names ---------------------------------------------------------------------------------------

    async def named(self, chat: Chat) -> Chat:
        """The chat with its topic's name as the bot knows it: a rename wins over the name an update shows (the one
        the topic was created with); a name never seen before is remembered. A message from a topic the bot
        thought deleted shows that it is there after all."""
        if chat.private or not chat.topic:
            return chat
        known = await self.table.store.topic(chat.id, chat.topic)
        if known is not None and known.state == DELETED:
            await self.table.store.set_topic_state(chat.id, chat.topic, OPEN, self.table.clock())
        if known is not None and known.name:
            return chat if known.name == chat.topic_title else replace(chat, topic_title=known.name)
        if chat.topic_title:
            await self.table.store.name_topic(chat.id, chat.topic, chat.topic_title, only_if_unknown=True)
        return chat

    async def renamed(self, chat: Chat, name: str) -> None:
        """`forum_topic_edited` with a new name (or a topic created: its first name)."""
        await self.table.store.name_topic(chat.id, chat.topic, name)

    # --- closed, reopened, deleted -------------------------------------------------------------------

    async def closed(self, chat: Chat) -> list[Reply]:
        """The topic was closed (its service message, or a send refused with TOPIC_CLOSED): private notes for the
        players of its running game, the first time it is learnt."""
        return await self.changed(chat, CLOSED)

    async def deleted(self, chat: Chat) -> list[Reply]:
        """The topic is gone (a send refused with «message thread not found»): private notes, once."""
        return await self.changed(chat, DELETED)

    async def reopened(self, chat: Chat) -> bool:
        """`forum_topic_reopened`: the table goes on (its timers with the time they had left); whether it waited."""
        before = await self.table.store.set_topic_state(chat.id, chat.topic, OPEN, self.table.clock())
        return before is not None and before.waits

    async def changed(self, chat: Chat, state: str) -> list[Reply]:
        """The topic is CLOSED or DELETED now: the private notes for the players of its running game, or nothing
        when that was known already."""
        before = await self.table.store.set_topic_state(chat.id, chat.topic, state, self.table.clock())
        row = await self.table.store.open_game(chat.id, chat.topic) if before is not None else None
        if row is None or row.status != ACTIVE:
            return []
        game = self.table.game(row)
        title = escape(declined(game.title, "loct"))
        where = in_chat(chat.title or row.chat_title, row.topic, row.topic_title)
        if state == CLOSED:
            text = (f"Партия в «{title}»{where} ждёт: тему закрыли. Ходы сохранены; когда тему откроют снова, "
                    "доска появится там, а время на ход пойдёт дальше с того места, где остановилось.")
        else:
            text = (f"Тему, где шла партия в «{title}»{where}, удалили. Партия остановлена: время на ход не идёт, "
                    "доска туда больше не придёт. Прервать её может администратор чата командой /abort в общей "
                    "теме чата.")
        players = [s.user_id for s in row.seats if s.human]
        started = await self.table.store.private_users(players)
        return [Reply(text, to_user=user_id) for user_id in players if user_id in started]

    # --- the tables of topics that wait, reached from the General topic ----------------------------------

    async def waiting_tables(self, chat_id: int) -> list[tuple[GameRow, str]]:
        """The open games of the chat whose topics are closed or deleted, with their topic's state."""
        found = []
        for topic in await self.table.store.topics(chat_id):
            if topic.waits and (row := await self.table.store.open_game(chat_id, topic.topic)) is not None:
                found.append((row, topic.state))
        return found

    async def board(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """/board; in the General topic with no game of its own, a word on the games of the chat's closed and
        deleted topics too."""
        replies = await self.look(chat, user, row, args)
        if row is not None or chat.topic or chat.private or not (waiting := await self.waiting_tables(chat.id)):
            return replies
        tables = ", ".join(f"«{escape(self.table.game(r).title)}» (тема {topic_name(r.topic, r.topic_title)}, "
                           f"{topic_mark(state)})" for r, state in waiting)
        return [*replies, Reply(f"Партии в темах, куда я сейчас не могу писать: {tables}. Прервать их — /abort.")]

    async def abort(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """/abort: the table's own game; in the General topic with no game of its own, the games of the chat's
        closed and deleted topics (nobody can answer there)."""
        if row is not None or chat.topic or chat.private:
            return await self.lobby.abort(chat, user, row, args)
        waiting = await self.waiting_tables(chat.id)
        if not waiting:
            return await self.lobby.abort(chat, user, row, args)
        mine = [(r, state) for r, state in waiting if rights.may_abort(r, user)]
        if not mine:
            return [Reply("Здесь партии нет, а партии закрытых и удалённых тем может прервать только тот, кто их "
                          "создал, или администратор чата.")]
        lines, keyboard = [], []
        for r, state in mine:
            title = self.table.game(r).title
            lines.append(f"• «{escape(title)}» — тема {topic_name(r.topic, r.topic_title)} ({topic_mark(state)})")
            named = r.topic_title or f"тема №{r.topic}"  # a button's text is plain, never HTML
            keyboard.append([Button(f"Прервать «{title}» ({shortened_text(named, 30)})",
                                    buttons.encode(buttons.ABORT_YES, r.id, r.version))])
        keyboard.append([Button("Нет, пусть ждут", buttons.encode(buttons.ABORT_NO, mine[0][0].id))])
        return [Reply("Здесь партии нет. Партии в темах, куда я не могу писать:\n" + "\n".join(lines)
                      + "\nПрервать? Продолжить прерванную партию будет нельзя.", buttons=keyboard)]

    async def reachable(self, chat: Chat, row: GameRow, kind: str) -> bool:
        """A button of the General topic that acts on a table in another topic: abort a game whose topic waits."""
        if chat.topic or kind not in (buttons.ABORT_YES, buttons.ABORT_NO):
            return False
        topic = await self.table.store.topic(row.chat_id, row.topic)
        return topic is not None and topic.waits

    # --- a hidden choice sent to the wrong place ------------------------------------------------------

    async def misplaced(self, chat: Chat, user: User, token: str) -> list[Reply] | None:
        """A hidden choice of the game with this token sent into `chat`: None where it belongs (it is played there),
        else a private note of where its table is, the message to be removed from where it landed (`drop_command`)."""
        row = await self.table.store.game_by_token(token)
        if row is None or (row.chat_id, row.topic) == (chat.id, chat.topic):
            return None
        if row.seat_of(user.id) is None:  # a copied choice of another's game: where that table is stays theirs
            return [Reply("Этот тайный выбор — из чужой партии, здесь я его не засчитал.", to_user=user.id,
                          drop_command=True)]
        title = escape(self.table.game(row).title)
        where = " в личке со мной" if row.chat_id > 0 else in_chat(row.chat_title, row.topic, row.topic_title)
        link = board_link(row.chat_id, row.board_message_id, row.topic)
        to_table = f'\n<a href="{link}">К столу</a>' if link else ""
        text = (f"Этот тайный выбор — для партии «{title}»{where}. Здесь я его не засчитал (и убрал сообщение, если "
                f"мне это разрешено): сделайте выбор ещё раз за своим столом.{to_table}")
        return [Reply(text, to_user=user.id, drop_command=True)]

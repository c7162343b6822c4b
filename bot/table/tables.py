"""`/tables`: every open table of a chat at a glance (in General, in any topic, or in a chat without topics): where
it is (a link to its topic), the game, the players, whose turn and for how long. An administrator gets a button
under each to abort it, asked again before it is done; the buttons carry the game and its version, so a press
after the table has changed is refused. A part of `bot.table.service.Service`.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from bot.replies import buttons
from bot.replies.names import plain
from bot.replies.reply import Button, ButtonAnswer, Chat, Reply, User
from bot.storage.base import LOBBY, GameRow
from bot.storage.topics import OPEN
from bot.table import rights
from bot.table.core import Table
from bot.table.seating.lobby import Lobby
from bot.table.texts import in_chat, seat_title, topic_link, topic_name
from bot.table.timing.clock import MINUTE, format_duration
from bot.table.topics import topic_mark
from rules.text import count


def topic_line(chat: Chat, row: GameRow, state: str = OPEN) -> str:
    """Where a table is, as the listing names it: its topic, linked where Telegram has links, and marked when
    the topic is closed or deleted (`state`).

    >>> topic_line(Chat(-1001234567890, forum=True), GameRow(1, -1001234567890, "valdora", "lobby", 1, 0, None, 0,
    ...            (), topic=7, topic_title="Вечер"))
    'тема <a href="https://t.me/c/1234567890/7">«Вечер»</a>'
    """
    if not row.topic:
        return "тема «Общее»" if chat.forum else "этот чат"
    name = topic_name(row.topic, row.topic_title)
    link = topic_link(row.chat_id, row.topic)
    mark = f" ({topic_mark(state)})" if topic_mark(state) else ""
    return (f'тема <a href="{link}">{name}</a>' if link else f"тема {name}") + mark


class Tables:
    def __init__(self, table: Table, lobby: Lobby):
        self.table, self.lobby = table, lobby

    async def command(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if chat.private:
            return [Reply("Столы чата показываю в группе: напишите там /tables. Ваши партии — /games.")]
        return [await self.listing(chat, user)]

    async def listing(self, chat: Chat, user: User, lead: str = "") -> Reply:
        """The chat's open tables, numbered; an administrator's has a button to abort each."""
        rows = await self.table.store.open_tables(chat.id)
        lines = [lead] if lead else []
        if not rows:
            return Reply("\n".join([*lines, "В этом чате сейчас нет открытых столов. Новый — /new."]))
        lines.append(f"<b>Открытые столы чата</b> ({count(len(rows), 'стол', 'стола', 'столов')})")
        keyboard = []
        states = {topic.topic: topic.state for topic in await self.table.store.topics(chat.id)}
        for number, row in enumerate(rows, 1):
            lines.append(f"{number}. {self._line(chat, row, states.get(row.topic, OPEN))}")
            if user.is_admin:
                data = buttons.encode(buttons.TABLES_ABORT, row.id, row.version)
                keyboard.append([Button(f"⛔ Прервать стол {number}", data)])
        return Reply("\n".join(lines), buttons=keyboard)

    def _line(self, chat: Chat, row: GameRow, topic_state: str = OPEN) -> str:
        """«тема «Вечер»: «Валдора» — Аня, Борис; ходит Борис, ждём 2 часа»."""
        game, state = self.table.state(row) if row.state is not None else (self.table.game(row), None)
        players = ", ".join(plain(seat_title(seat)) for seat in row.seats)
        head = f"{topic_line(chat, row, topic_state)}: «{escape(game.title)}» — {players}"
        if row.status == LOBBY:
            return f"{head}; набор игроков, ещё не начали"
        seat = game.current_seat(state)
        if seat is None:
            return head
        waited = self.table.clock() - (row.turn_since or self.table.clock())
        since = f", ждём {format_duration(waited - waited % MINUTE)}" if waited >= MINUTE else ""  # whole minutes
        return f"{head}; ходит {plain(row.seats[seat].name)}{since}"

    async def button(self, chat: Chat, user: User, row: GameRow, kind: str, version: int) -> ButtonAnswer:
        """«⛔ Прервать стол N» (TABLES_ABORT), then «Да, прервать» (TABLES_YES) or «Нет» (TABLES_NO)."""
        gone = self.lobby.gone(row, version)
        if gone and kind == buttons.TABLES_ABORT:  # a stale listing: the fresh one in its place
            return ButtonAnswer(toast=gone, edit=await self.listing(chat, user))
        if gone:
            return ButtonAnswer(toast=gone, alert=True, clear_buttons=True)
        if not rights.may_abort(row, user):
            return ButtonAnswer(toast=rights.ABORT_REFUSAL, alert=True)
        title = escape(self.table.game(row).title)  # after «партию» the title stays as it is
        where = topic_line(chat, row)
        if kind == buttons.TABLES_ABORT:
            players = ", ".join(plain(seat.name) for seat in row.seats)
            keyboard = [[Button("Да, прервать", buttons.encode(buttons.TABLES_YES, row.id, row.version)),
                         Button("Нет", buttons.encode(buttons.TABLES_NO, row.id, row.version))]]
            return ButtonAnswer(edit=Reply(f"Прервать партию «{title}» ({where}; за столом {players})? Её нельзя "
                                           "будет продолжить.", buttons=keyboard))
        if kind == buttons.TABLES_NO:
            return ButtonAnswer(toast="Стол играет дальше.", edit=await self.listing(chat, user))
        answer = await self.lobby.abort_button(row, user, version)
        if answer.toast:  # it changed at the very last moment
            return answer
        done = f"{plain(user.name)} прерывает партию «{title}» ({where})."
        return ButtonAnswer(edit=await self.listing(chat, user, done), replies=await self._told(chat, user, row,
                                                                                                  answer.replies))

    async def _told(self, chat: Chat, user: User, row: GameRow, replies: list[Reply]) -> list[Reply]:
        """How the players of a table aborted from the listing hear it: at their table, when it is not where the
        listing is; privately (those who started the bot) when its topic is closed or deleted, as nothing can be
        sent there."""
        if row.topic == chat.topic:
            return []
        topic = await self.table.store.topic(row.chat_id, row.topic) if row.topic else None
        if topic is None or not topic.waits:
            return [replace(reply, topic=row.topic) for reply in replies]
        title = escape(self.table.game(row).title)
        where = in_chat(chat.title or row.chat_title, row.topic, row.topic_title)
        text = f"{plain(user.name)} прерывает партию «{title}»{where}."
        players = [seat.user_id for seat in row.seats if seat.human]
        started = await self.table.store.private_users(players)
        return [Reply(text, to_user=player) for player in players if player in started]

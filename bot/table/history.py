"""A chat's finished games stay readable: the last one's board, score and log, the list of past games and
the chat's statistics; and, in private, the games a player is in. A part of `bot.table.service.Service`.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from html import escape

from bot.replies.lines import breakdown
from bot.replies.names import plain
from bot.replies.reply import Chat, Reply, User
from bot.storage.base import (
    ACTIVE,
    GameRow,
)
from bot.table.core import Table
from bot.table.shares import share_text
from bot.table.texts import board_link, here, in_chat, step_text, topic_link, topic_name
from rules.text import count

HISTORY_LINES = 10


class History:
    def __init__(self, table: Table):
        self.table = table

    async def finished_board(self, chat: Chat) -> list[Reply]:
        row = await self.table.store.last_finished(chat.id, chat.topic)
        if row is None:
            return [Reply("Сейчас партии нет. Начните: /new.")]
        game, state = self.table.state(row)
        when = await self._date(row)
        return [await self.table.board_reply(row, game, state, f"Последняя партия ({when}):", notify=False)]

    async def finished_score(self, chat: Chat) -> list[Reply]:
        row = await self.table.store.last_finished(chat.id, chat.topic)
        if row is None:
            return [Reply("Сейчас партия не идёт. Начните: /new.")]
        game, state = self.table.state(row)
        lines = [f"<b>Итог последней партии</b> «{escape(game.title)}», {await self._date(row)}"]
        winners = set(game.winners(state))
        for entry in sorted(game.scores(state), key=lambda e: -e["total"]):
            parts = breakdown(game, entry["breakdown"])
            cup = "🏆 " if entry["seat"] in winners else ""
            lines.append(f"{cup}<b>{plain(entry['name'])}</b>: {count(entry['total'], *game.score_unit)}"
                         + (f" ({parts})" if parts else ""))
        return [Reply("\n".join(lines))]

    async def finished_log(self, chat: Chat, limit: int) -> list[Reply]:
        row = await self.table.store.last_finished(chat.id, chat.topic)
        if row is None:
            return [Reply("Сейчас партия не идёт.")]
        lines = await self.table.store.log(row.id, limit)
        text = "\n".join(f"{line.number}. {escape(step_text(line.summary, row.seats[line.seat].name))}"
                         for line in lines)
        return [Reply(f"<b>Последние ходы партии {await self._date(row)}</b>\n{text}")]

    async def command(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        rows = await self.table.store.finished_games(chat.id, HISTORY_LINES, self._topic(chat))
        if not rows:
            return [Reply(f"{here(chat.topic)} ещё не доиграли ни одной партии{self._now(row)}")]
        lines = [f"<b>Сыгранные партии{' в этой теме' if chat.topic else ''}</b> (последние сверху)"]
        for past in rows:
            game = self.table.games.get(past.game)
            title = game.title if game else past.game
            ranked = sorted(past.results or [], key=lambda r: -r["total"])
            players = " · ".join(("🏆 " if r["won"] else "") + ("🤖 " if r.get("bot") else "")
                                 + f"{plain(r['name'])} {r['total']}{share_text(r, past)}" for r in ranked)
            topic = f" (тема {topic_name(past.topic, past.topic_title)})" if past.topic and not chat.topic else ""
            lines.append(f"{await self._date(past)} — «{escape(title)}»{topic}: {players}")
        return [Reply("\n".join(lines))]

    async def stats(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        rows = await self.table.store.finished_games(chat.id, topic=self._topic(chat))
        if not rows:
            return [Reply(f"Статистики пока нет: {here(chat.topic).lower()} ещё не доиграли ни одной партии"
                          f"{self._now(row)}")]
        by_game: dict[str, list[GameRow]] = defaultdict(list)
        for past in rows:
            by_game[past.game].append(past)
        whose = "темы" if chat.topic else "чата"
        lines = [f"📊 <b>Статистика {whose}</b>: {count(len(rows), 'партия', 'партии', 'партий')}"]
        for name, games in by_game.items():
            game = self.table.games.get(name)
            lines.append(f"\n<b>«{escape(game.title if game else name)}»</b> — "
                         f"{count(len(games), 'партия', 'партии', 'партий')}")
            players: dict[tuple, list[dict]] = defaultdict(list)
            for past in games:
                for result in past.results or []:  # a bot of each level counts as a player of its own
                    players[result["user_id"], result.get("bot")].append({**result, "share": share_text(result, past)})
            # the best first: the most wins, then the best average score
            ranked = sorted(players.values(), key=lambda rs: (-sum(r["won"] for r in rs),
                                                              -sum(r["total"] for r in rs) / len(rs)))
            for results in ranked:
                wins = sum(1 for r in results if r["won"])
                average = round(sum(r["total"] for r in results) / len(results), 1)
                unit = game.score_unit if game else ("очко", "очка", "очков")
                last = results[-1]
                name = f"🤖 {last['name']} ({last['bot']})" if last.get("bot") else last["name"]
                helped = sum(1 for r in results if r["share"])
                autopilot = (f"; в {count(helped, 'партии', 'партиях', 'партиях')} за игрока ходил и автопилот 🤖"
                             if helped else "")
                lines.append(f"{plain(name)}: {count(len(results), 'партия', 'партии', 'партий')}, "
                             f"{count(wins, 'победа', 'победы', 'побед')}, в среднем {_amount(average, unit)}"
                             f"{autopilot}")
        return [Reply("\n".join(lines))]

    def _now(self, row: GameRow | None) -> str:
        """The end of «…ещё не доиграли ни одной партии»: what the table is doing now (its game running or
        gathering), or how to start one."""
        if row is None:
            return ". Начните: /new."
        title = escape(self.table.game(row).title)
        if row.status == ACTIVE:
            return f"; «{title}» ещё идёт, доска — /board."
        return f"; сейчас собирается «{title}», сесть — /join."

    @staticmethod
    def _topic(chat: Chat) -> int | None:
        """The table whose past /history and /stats show: a topic's own; in General (or a chat without topics),
        every table of the chat."""
        return chat.topic or None

    async def my_games(self, user: User) -> list[Reply]:
        """`/games` in private: every running game the user is in, whose turn it is and for how long."""
        rows = await self.table.store.games_of(user.id)
        if not rows:
            return [Reply("Сейчас вы не играете ни в одной партии. Начните её в группе с друзьями или здесь, "
                          "с ботами: /new.")]
        lines = ["<b>Ваши партии</b>"]
        for row in rows:
            game, state = self.table.state(row)
            player = row.seats[game.current_seat(state)]
            where = in_chat(row.chat_title, row.topic, row.topic_title)
            turn = "ваш ход" if player.user_id == user.id else f"ходит {plain(player.name)}"
            link = board_link(row.chat_id, row.board_message_id, row.topic) or topic_link(row.chat_id, row.topic)
            go = f' — <a href="{link}">к столу</a>' if link else ""
            lines.append(f"«{escape(game.title)}»{where}: {turn}{self.table.waiting(row)}{go}")
        return [Reply("\n".join(lines))]

    async def _date(self, row: GameRow) -> str:
        """When a finished game ended (its last turn change), in the chat's time zone."""
        tz = (await self.table.chat_settings(row.chat_id, row.topic)).tz
        return dt.datetime.fromtimestamp(row.turn_since or row.updated_at, tz).strftime("%d.%m.%Y")


def _amount(value: float, unit: tuple[str, str, str]) -> str:
    """«31 очко», «32 очка», «31,5 очка»: a fraction takes the form of 2 (the genitive singular).

    >>> _amount(31.0, ("очко", "очка", "очков")), _amount(31.5, ("очко", "очка", "очков"))
    ('31 очко', '31,5 очка')
    """
    if value == int(value):
        return count(int(value), *unit)
    return f"{value:.1f}".replace(".", ",") + " " + unit[1]

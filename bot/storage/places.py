"""What a chat keeps about its tables (a table: the chat's forum topic, or the chat itself in topic 0), the same
way on both backends: a table's own settings on top of the chat's, and where new tables may not open (a topic
closed to them; the General topic closed means «new tables only in topics»). A part of both backends' stores
(`bot.storage.sqlite.Store`, `bot.storage.postgres.PgStore`), next to `StoreBase`, whose `game`, `_rows`, `_run`
and `_write` it uses."""

from __future__ import annotations

import json
import time

from bot.storage.base import GameRow


class TablePlaces:
    async def table_overrides(self, chat_id: int, topic: int) -> dict:
        """What the table (chat, topic) changed of its chat's settings (`bot.table.timing.settings`)."""
        rows = await self._rows("SELECT overrides FROM table_settings WHERE chat_id = ? AND topic = ?", chat_id, topic)
        return json.loads(rows[0][0]) if rows else {}

    async def set_table_overrides(self, chat_id: int, topic: int, overrides: dict, title: str = "") -> None:
        """The table's own settings (an empty dict: it follows the chat's again); `title`: the topic's name."""
        await self._place(chat_id, topic, title, "overrides", json.dumps(overrides, ensure_ascii=False))

    async def closed_topics(self, chat_id: int) -> dict[int, str]:
        """The tables of the chat where new ones may not open: topic -> its name as last seen ("" unknown)."""
        rows = await self._rows("SELECT topic, topic_title FROM table_settings WHERE chat_id = ? AND closed = 1 "
                                "ORDER BY topic", chat_id)
        return {row[0]: row[1] for row in rows}

    async def set_topic_closed(self, chat_id: int, topic: int, closed: bool, title: str = "") -> None:
        """Close the table (chat, topic) to new tables, or open it again."""
        await self._place(chat_id, topic, title, "closed", int(closed))

    async def _place(self, chat_id: int, topic: int, title: str, column: str, value) -> None:
        async with self._write() as tx:
            await self._run(tx, "INSERT INTO table_settings (chat_id, topic, topic_title, updated_at) "
                            "VALUES (?, ?, ?, ?) ON CONFLICT (chat_id, topic) DO NOTHING",
                            chat_id, topic, title, time.time())
            await self._run(tx, f"UPDATE table_settings SET {column} = ?, updated_at = ?, "
                            "topic_title = CASE WHEN ? = '' THEN topic_title ELSE ? END "
                            "WHERE chat_id = ? AND topic = ?", value, time.time(), title, title, chat_id, topic)

    async def _places_moved(self, tx, old_chat_id: int, new_chat_id: int) -> None:
        """In `move_chat`'s transaction: the tables' own settings follow the chat."""
        await self._run(tx, "DELETE FROM table_settings WHERE chat_id = ?", new_chat_id)
        await self._run(tx, "UPDATE table_settings SET chat_id = ? WHERE chat_id = ?", new_chat_id, old_chat_id)

    async def open_tables(self, chat_id: int) -> list[GameRow]:
        """Every open game (a lobby or running) of the chat, by topic (General first)."""
        rows = await self._rows("SELECT id FROM games WHERE chat_id = ? AND status IN ('lobby', 'active') "
                                "ORDER BY topic, id", chat_id)
        return [row for (game_id,) in rows if (row := await self.game(game_id)) is not None]

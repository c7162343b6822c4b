"""What the bot knows of a chat's forum topics, the same way on both backends: each topic's name (as last seen:
created, renamed) and its state (open, closed by an admin, deleted). A table whose topic is not open waits: its
timers do not fire and the boards it owes stay owed (`StoreBase.claim_timers`, `claim_owed`); when the topic opens
again, its timers resume with the time that was left. A part of both backends' stores, next to `StoreBase`, whose
`_rows`, `_run` and `_write` it uses."""

from __future__ import annotations

from dataclasses import dataclass

OPEN, CLOSED, DELETED = "open", "closed", "deleted"
# the clause that keeps a table of a topic that is not open out of a query over games (alias g) or boards (t)
TOPIC_WAITS = ("EXISTS (SELECT 1 FROM topics p WHERE p.chat_id = {0}.chat_id AND p.topic = {0}.topic "
               "AND p.state <> 'open')")


@dataclass(frozen=True)
class Topic:
    chat_id: int
    topic: int  # the message thread id; 0: the General topic
    name: str = ""  # "" while the bot has seen no update that shows it
    state: str = OPEN
    since: float = 0.0  # when it took this state (the service's clock)

    @property
    def waits(self) -> bool:
        """The topic is closed or deleted: its table waits, nothing is sent there."""
        return self.state != OPEN


class TopicStore:
    _TOPIC_COLUMNS = "chat_id, topic, name, state, since"

    async def topic(self, chat_id: int, topic: int) -> Topic | None:
        """What the bot knows of one topic (None: nothing yet; it is then open as far as the bot knows)."""
        rows = await self._rows(f"SELECT {self._TOPIC_COLUMNS} FROM topics WHERE chat_id = ? AND topic = ?",
                                chat_id, topic)
        return next((Topic(*r) for r in rows), None)

    async def topics(self, chat_id: int) -> list[Topic]:
        """Every topic of the chat the bot knows of, by id."""
        rows = await self._rows(f"SELECT {self._TOPIC_COLUMNS} FROM topics WHERE chat_id = ? ORDER BY topic", chat_id)
        return [Topic(*r) for r in rows]

    async def waiting_topics(self) -> set[tuple[int, int]]:
        """(chat id, topic) of every topic known to be closed or deleted, in every chat."""
        return {(r[0], r[1]) for r in await self._rows("SELECT chat_id, topic FROM topics WHERE state <> 'open'")}

    async def name_topic(self, chat_id: int, topic: int, name: str, only_if_unknown: bool = False) -> bool:
        """The topic's name (renamed, or first seen: `only_if_unknown` leaves a name already known alone, as an
        update shows the name the topic was created with); the games of its table take it too. Whether it
        changed anything."""
        if not name:
            return False
        async with self._write() as tx:
            rows = await self._run(tx, "SELECT name FROM topics WHERE chat_id = ? AND topic = ?", chat_id, topic)
            if rows and (rows[0][0] == name or (only_if_unknown and rows[0][0])):
                return False
            if rows:
                await self._run(tx, "UPDATE topics SET name = ? WHERE chat_id = ? AND topic = ?", name, chat_id, topic)
            else:
                await self._run(tx, "INSERT INTO topics (chat_id, topic, name, state, since) VALUES (?, ?, ?, ?, 0) "
                                "ON CONFLICT (chat_id, topic) DO UPDATE SET name = excluded.name",
                                chat_id, topic, name, OPEN)
            await self._run(tx, "UPDATE games SET topic_title = ? WHERE chat_id = ? AND topic = ?",
                            name, chat_id, topic)
        return True

    async def set_topic_state(self, chat_id: int, topic: int, state: str, now: float) -> Topic | None:
        """The topic is now `state` (OPEN, CLOSED, DELETED) as of `now`: the topic as it was before, or None when it
        was in that state already (whichever process learnt it first is the one that tells the players). Opening
        again moves the timers of its running game on by the time the topic waited (a timer set while it waited,
        by a move made then, counts from that move): each has the time that was left."""
        async with self._write() as tx:
            rows = await self._run(tx, f"SELECT {self._TOPIC_COLUMNS} FROM topics WHERE chat_id = ? AND topic = ?",
                                   chat_id, topic)
            before = Topic(*rows[0]) if rows else Topic(chat_id, topic)
            if before.state == state:
                return None
            if rows:
                changed = await self._run(tx, "UPDATE topics SET state = ?, since = ? WHERE chat_id = ? AND topic = ? "
                                          "AND state = ? RETURNING chat_id", state, float(now), chat_id, topic,
                                          before.state)
            else:
                changed = await self._run(tx, "INSERT INTO topics (chat_id, topic, name, state, since) "
                                          "VALUES (?, ?, '', ?, ?) ON CONFLICT (chat_id, topic) DO NOTHING "
                                          "RETURNING chat_id", chat_id, topic, state, float(now))
            if not changed:  # another process got there first
                return None
            if before.waits and state == OPEN:
                timers = await self._run(
                    tx, "SELECT t.game_id, t.kind, t.due_at, g.turn_since FROM timers t "
                    "JOIN games g ON g.id = t.game_id WHERE g.chat_id = ? AND g.topic = ? AND g.status = 'active'",
                    chat_id, topic)
                for game_id, kind, due_at, turn_since in timers:
                    stopped = max(before.since, turn_since or 0.0)  # the clock stood still from then on
                    await self._run(tx, "UPDATE timers SET due_at = ?, claimed_until = 0 "
                                    "WHERE game_id = ? AND kind = ?",
                                    due_at + max(0.0, float(now) - stopped), game_id, kind)
        return before

    async def _topics_moved(self, tx, old_chat_id: int, new_chat_id: int) -> None:
        """In `move_chat`'s transaction: the chat's topics follow it."""
        await self._run(tx, "DELETE FROM topics WHERE chat_id = ?", new_chat_id)
        await self._run(tx, "UPDATE topics SET chat_id = ? WHERE chat_id = ?", new_chat_id, old_chat_id)

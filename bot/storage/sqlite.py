"""The SQLite backend (the default): its schema migrations and `Store`, all SQL of one file in WAL mode.

Every write that records a move checks the game's version (compare-and-set), so a double press, a
retried update or a second bot process can never apply one move twice. A move and its log line are
committed together, before the bot answers.

Exactly once: the Telegram update being handled (`CURRENT_UPDATE`, set by the service) is recorded in the
transaction of the first write it causes, so an update delivered again (after a crash, or to a second
process) is recognised and changes nothing. Writes take turns on the one connection, because updates of
different chats are handled concurrently.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiosqlite

from bot.storage.base import (
    CURRENT_UPDATE,
    GAME_COLUMNS,
    HANDLED_KEPT,
    LOBBY,
    Conflict,
    Duplicate,
    GameRow,
    Seat,
    StorageError,
    StoreBase,
    new_token,
)
from bot.storage.between import BetweenGames
from bot.storage.file_modes import keep_private
from bot.storage.places import TablePlaces
from bot.storage.topics import TopicStore
from bot.storage.vote_messages import VoteMessages

# Each entry moves the schema one version up; never edit an entry that has shipped, add a new one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        chat_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        status TEXT NOT NULL,
        creator_id INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_game_per_chat ON games(chat_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE actions (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        version INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        notation TEXT NOT NULL,
        summary TEXT NOT NULL,
        created_at REAL NOT NULL,
        UNIQUE (game_id, version)
    );
    """,
    # users who have written to the bot in private: only they can get private messages (secret cards)
    """
    CREATE TABLE private_users (
        user_id INTEGER PRIMARY KEY,
        started_at REAL NOT NULL
    );
    """,
    # Telegram updates already applied: a redelivered one changes nothing
    """
    CREATE TABLE handled_updates (
        update_id INTEGER PRIMARY KEY,
        handled_at REAL NOT NULL
    );
    """,
    # boards owed to a chat: written with the move, deleted once Telegram has the board (an outbox)
    """
    CREATE TABLE announcements (
        game_id INTEGER NOT NULL REFERENCES games(id),
        version INTEGER NOT NULL,
        chat_id INTEGER NOT NULL,
        headline TEXT NOT NULL,
        notify INTEGER NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, version)
    );
    """,
    # an owed board being sent by one bot process, until then: the others leave it alone
    "ALTER TABLE announcements ADD COLUMN claimed_until REAL NOT NULL DEFAULT 0;",
    # the messages a game keeps editing: its lobby (joins and leaves) and its latest board (linked to)
    """
    ALTER TABLE games ADD COLUMN lobby_message_id INTEGER;
    ALTER TABLE games ADD COLUMN board_message_id INTEGER;
    """,
    # games over days: a chat's settings, timers of the turn, votes, seats the autopilot plays, the results
    """
    CREATE TABLE chat_settings (
        chat_id INTEGER PRIMARY KEY,
        overrides TEXT NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE TABLE timers (
        game_id INTEGER NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL,
        seat INTEGER NOT NULL,
        due_at REAL NOT NULL,
        fired INTEGER NOT NULL DEFAULT 0,
        claimed_until REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, kind)
    );
    CREATE TABLE votes (
        game_id INTEGER NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL,
        version INTEGER NOT NULL,
        target INTEGER NOT NULL,
        started_by INTEGER NOT NULL,
        ballots TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, kind)
    );
    ALTER TABLE games ADD COLUMN chat_title TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN turn_since REAL;
    ALTER TABLE games ADD COLUMN results TEXT;
    ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE actions ADD COLUMN reveals INTEGER NOT NULL DEFAULT 0;
    """,
    "ALTER TABLE actions ADD COLUMN ends_turn INTEGER NOT NULL DEFAULT 0;",
    # what the front end learnt of Telegram, kept across restarts: groups that removed the bot, and owed boards
    # whose sending lost Telegram's answer (the newest message id known then, a newer board of the game seen since)
    """
    CREATE TABLE gone_chats (
        chat_id INTEGER PRIMARY KEY,
        since REAL NOT NULL
    );
    ALTER TABLE announcements ADD COLUMN doubt_newest INTEGER;
    ALTER TABLE announcements ADD COLUMN doubt_seen INTEGER;
    """,
    # a table per forum topic: games, and the boards they owe, know their topic (0: no topic, as every game before)
    """
    ALTER TABLE games ADD COLUMN topic INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN topic_title TEXT NOT NULL DEFAULT '';
    DROP INDEX one_open_game_per_chat;
    CREATE UNIQUE INDEX one_open_game_per_topic ON games(chat_id, topic) WHERE status IN ('lobby', 'active');
    ALTER TABLE announcements ADD COLUMN topic INTEGER NOT NULL DEFAULT 0;
    """,
    # time away (/away): one row per player while they are away, in every game; a rematch's lobby: the game
    # it replays and the seats not yet confirmed (user ids, JSON)
    """
    CREATE TABLE absences (
        user_id INTEGER PRIMARY KEY,
        since REAL NOT NULL,
        until REAL NOT NULL,
        timezone TEXT NOT NULL
    );
    CREATE TABLE rematches (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        previous_id INTEGER NOT NULL REFERENCES games(id),
        pending TEXT NOT NULL
    );
    CREATE INDEX rematches_of_game ON rematches(previous_id);
    """,
    # a seat played by the bot itself, at this level (лёгкий, средний, сильный); NULL: a person
    "ALTER TABLE seats ADD COLUMN bot_level TEXT;",
    # forum topics as the bot knows them: the name last seen, and open, closed or deleted (since when)
    """
    CREATE TABLE topics (
        chat_id INTEGER NOT NULL,
        topic INTEGER NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT 'open',
        since REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (chat_id, topic)
    );
    """,
    # a table's own settings on top of its chat's (JSON), and whether new tables may open there (0: they may)
    """
    CREATE TABLE table_settings (
        chat_id INTEGER NOT NULL,
        topic INTEGER NOT NULL,
        overrides TEXT NOT NULL DEFAULT '{}',
        closed INTEGER NOT NULL DEFAULT 0,
        topic_title TEXT NOT NULL DEFAULT '',
        updated_at REAL NOT NULL,
        PRIMARY KEY (chat_id, topic)
    );
    """,
    # the messages that show votes, so that a vote gone stale loses its buttons and tells why (`vote_messages`)
    """
    CREATE TABLE vote_messages (
        game_id INTEGER NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL,
        version INTEGER NOT NULL,
        question TEXT NOT NULL,
        message_id INTEGER,
        PRIMARY KEY (game_id, kind)
    );
    """,
    # a game's public token: what start links and inline queries name it by (its id is a count anyone can guess)
    """
    ALTER TABLE games ADD COLUMN token TEXT;
    UPDATE games SET token = lower(hex(randomblob(8)));
    CREATE UNIQUE INDEX games_by_token ON games(token);
    """,
)


def usable_path(path: str) -> None:
    """StorageError (Russian) when `path` cannot hold the database: a folder, a missing folder, no rights."""
    if path == ":memory:":
        return
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise StorageError(f"DATABASE_PATH={path} — это папка, а нужен файл, например {path}/referee.db.")
    if not os.path.isdir(folder):
        raise StorageError(f"Папки {folder} для базы данных нет. Создайте её или укажите другой DATABASE_PATH.")
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        raise StorageError(f"Файл базы данных {path} открыт только для чтения (или недоступен): боту нужно "
                           "записывать в него ходы. Дайте права на запись или укажите другой файл.")
    if not os.path.exists(path) and not os.access(folder, os.W_OK):
        raise StorageError(f"В папке {folder} нельзя создать базу данных: нет прав на запись.")

class Store(StoreBase, BetweenGames, TopicStore, TablePlaces, VoteMessages):
    def __init__(self, db: aiosqlite.Connection):
        self._db = db
        self._write_lock = asyncio.Lock()  # one transaction at a time on the shared connection

    @classmethod
    async def open(cls, path: str, busy_timeout_ms: int = 5000) -> Store:
        """The store on the SQLite file `path`, created if new. StorageError (Russian) for a path that cannot
        be used, a file that is not a healthy database of ours, or one from a newer version of the bot."""
        usable_path(path)
        try:
            keep_private(path)  # hidden hands and decks: a new file (and its -wal, -shm) for the bot's user alone
            db = await aiosqlite.connect(path, isolation_level=None)  # explicit transactions below
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"Не удалось открыть базу данных {path}: {error}.") from None
        try:
            await db.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            (health,) = await (await db.execute("PRAGMA quick_check")).fetchone()
            if health != "ok":
                raise StorageError(f"База данных {path} повреждена ({health}). Восстановите её из копии или "
                                   "укажите другой файл в DATABASE_PATH.")
            await db.execute("PRAGMA journal_mode=WAL")
            keep_private(path, quiet=True)  # the -wal and -shm just made take the database's mode; made sure
            await db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across a process crash
            await db.execute("PRAGMA foreign_keys=ON")
            (schema,) = await (await db.execute("PRAGMA user_version")).fetchone()
            if schema > len(MIGRATIONS):
                raise StorageError(f"База данных {path} — от более новой версии бота (схема {schema}, эта версия "
                                   f"знает до {len(MIGRATIONS)}). Обновите бота или укажите другой файл.")
            store = cls(db)
            await store._migrate()
        except StorageError:
            await db.close()
            raise
        except sqlite3.Error as error:
            await db.close()
            raise StorageError(f"Файл {path} — не база данных бота или он повреждён ({error}). Укажите другой "
                               "файл в DATABASE_PATH.") from None
        async with store._write_lock:
            await db.execute("DELETE FROM handled_updates WHERE handled_at < ?", (time.time() - HANDLED_KEPT,))
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _rows(self, sql: str, *params) -> list:
        return list(await self._db.execute_fetchall(sql, params))

    async def _run(self, tx, sql: str, *params) -> list:
        return list(await self._db.execute_fetchall(sql, params))

    async def _migrate(self) -> None:
        (current,) = await (await self._db.execute("PRAGMA user_version")).fetchone()
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in filter(str.strip, script.split(";")):
                    await self._db.execute(statement)
                await self._db.execute(f"PRAGMA user_version={number}")
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise

    async def schema_version(self) -> int:
        (version,) = await (await self._db.execute("PRAGMA user_version")).fetchone()
        return version

    # --- reading -------------------------------------------------------------------------------

    async def open_game(self, chat_id: int, topic: int = 0) -> GameRow | None:
        """The game in the lobby or running at the chat's table in `topic` (0: the chat without topics, or
        a forum's General topic), if any."""
        cursor = await self._db.execute(
            "SELECT id FROM games WHERE chat_id = ? AND topic = ? AND status IN ('lobby', 'active')", (chat_id, topic)
        )
        row = await cursor.fetchone()
        return await self.game(row[0]) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        cursor = await self._db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        row = await cursor.fetchone()
        if row is None:
            return None
        seats = await (
            await self._db.execute(
                "SELECT seat, user_id, name, away, bot_level FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        ).fetchall()
        return GameRow.of(row, tuple(Seat(s[0], s[1], s[2], bool(s[3]), s[4]) for s in seats))


    async def notations(self, game_id: int) -> list[str]:
        """The whole action log of a game, in order: with the seed it replays the game."""
        rows = await (
            await self._db.execute("SELECT notation FROM actions WHERE game_id = ? ORDER BY version", (game_id,))
        ).fetchall()
        return [row[0] for row in rows]

    async def was_handled(self, update_id: int) -> bool:
        """Whether a Telegram update has already been applied (by this process or another)."""
        cursor = await self._db.execute("SELECT 1 FROM handled_updates WHERE update_id = ?", (update_id,))
        return await cursor.fetchone() is not None

    async def private_users(self, user_ids: list[int]) -> set[int]:
        """Those of `user_ids` who have started the bot in private, so it may write to them there."""
        if not user_ids:
            return set()
        marks = ", ".join("?" * len(user_ids))
        rows = await (
            await self._db.execute(f"SELECT user_id FROM private_users WHERE user_id IN ({marks})", user_ids)
        ).fetchall()
        return {row[0] for row in rows}

    # --- writing -------------------------------------------------------------------------------

    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> None:
        """A group became a supergroup (a new chat id): its games and owed boards follow it."""
        async with self._write() as tx:
            await self._db.execute("UPDATE games SET chat_id = ? WHERE chat_id = ?", (new_chat_id, old_chat_id))
            await self._db.execute("UPDATE announcements SET chat_id = ? WHERE chat_id = ?",
                                   (new_chat_id, old_chat_id))
            await self._chat_moved(tx, old_chat_id, new_chat_id)
            await self._topics_moved(tx, old_chat_id, new_chat_id)

    async def remember_private(self, user_id: int) -> None:
        """The user has written to the bot in private (Telegram lets the bot answer there from now on)."""
        async with self._write():
            await self._db.execute(
                "INSERT OR IGNORE INTO private_users (user_id, started_at) VALUES (?, ?)", (user_id, time.time())
            )

    async def create_lobby(self, chat_id: int, game: str, creator: Seat, seed: int, chat_title: str = "",
                           topic: int = 0, topic_title: str = "", now: float | None = None) -> GameRow:
        """A new lobby with its creator in seat 0 at the chat's table in `topic`, opened `now` (the service's
        clock; time.time() if not given); Conflict if that table already has an open game."""
        now = time.time() if now is None else now
        async with self._write():
            try:
                cursor = await self._db.execute(
                    "INSERT INTO games (chat_id, game, status, creator_id, seed, created_at, updated_at, chat_title, "
                    "topic, topic_title, token) VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                    (chat_id, game, creator.user_id, seed, now, now, chat_title, topic, topic_title, new_token()),
                )
            except aiosqlite.IntegrityError as error:
                raise Conflict("the table already has an open game") from error
            game_id = cursor.lastrowid
            await self._db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (game_id, creator.user_id, creator.name),
            )
        return await self.game(game_id)

    async def set_seats(self, game_id: int, version: int, seats: list[tuple]) -> None:
        """Replace a lobby's seats (user id, name[, a bot's level]) in this order; guarded by the game's version."""
        async with self._transaction(game_id, version, LOBBY):
            await self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self._db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, bot_level) VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, uid, name, rest[0] if rest else None) for i, (uid, name, *rest) in enumerate(seats)],
            )

    @asynccontextmanager
    async def _transaction(self, game_id: int, version: int, expected_status: str | None,
                           status: str | None = None, state: dict | None = None) -> AsyncIterator[None]:
        """A write that first bumps the game's version if it is still `version` (and in the expected
        status), else raises Conflict; the caller's statements follow in the same transaction."""
        async with self._write():
            sets = ["version = version + 1", "updated_at = ?"]
            params: list = [time.time()]
            if status is not None:
                sets.append("status = ?")
                params.append(status)
            if state is not None:
                sets.append("state = ?")
                params.append(json.dumps(state, ensure_ascii=False, separators=(",", ":")))
            where = "id = ? AND version = ? AND status IN ('lobby', 'active')"
            params += [game_id, version]
            if expected_status is not None:  # a finished game only ever changes by an undo of its last move
                where = "id = ? AND version = ? AND status = ?"
                params.append(expected_status)
            cursor = await self._db.execute(f"UPDATE games SET {', '.join(sets)} WHERE {where}", params)
            if cursor.rowcount != 1:
                raise Conflict(f"game {game_id} is no longer at version {version}")
            yield

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[None]:
        """BEGIN IMMEDIATE, record the update being handled (Duplicate if it already was), the caller's
        statements, COMMIT; anything going wrong rolls everything back. One at a time per connection."""
        delivery = CURRENT_UPDATE.get()
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")  # "database is locked" here: nothing to roll back
            try:
                if delivery is not None and not delivery.recorded:
                    try:
                        await self._db.execute("INSERT INTO handled_updates (update_id, handled_at) VALUES (?, ?)",
                                               (delivery.update_id, time.time()))
                    except aiosqlite.IntegrityError as error:
                        raise Duplicate(f"update {delivery.update_id} was already handled") from error
                yield
            except BaseException:
                if self._db.in_transaction:  # SQLite has already rolled back after some errors (disk full)
                    await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")
            if delivery is not None:
                delivery.recorded = True

"""All SQL of the bot: games, their seats and the append-only action log, in one SQLite file.

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
from contextvars import ContextVar
from dataclasses import dataclass

import aiosqlite

LOBBY, ACTIVE, FINISHED, ABORTED = "lobby", "active", "finished", "aborted"
OPEN_STATUSES = (LOBBY, ACTIVE)

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
)
HANDLED_KEPT = 7 * 24 * 3600  # seconds; Telegram keeps an unconfirmed update for 24 hours


@dataclass
class Delivery:
    """The Telegram update being handled, and whether a committed write has recorded it yet."""

    update_id: int
    recorded: bool = False


CURRENT_UPDATE: ContextVar[Delivery | None] = ContextVar("current_update", default=None)


class Conflict(Exception):
    """The game changed under us (another press or process got there first); nothing was written."""


class StorageError(RuntimeError):
    """The database cannot be used; the message says why, in Russian, for the person running the bot."""


def write_failure(error: Exception) -> str:
    """What to tell the chat when a write failed (nothing was written), in Russian; SQLite's or PostgreSQL's."""
    text = str(error).lower()
    if "locked" in text or "busy" in text or "lock timeout" in text:
        return "База данных занята другим процессом, ход не записан. Попробуйте через минуту."
    if "full" in text or "no space" in text:
        return "На диске бота кончилось место, ход не записан. Администратор бота уже видит это в журнале."
    if "readonly" in text or "read-only" in text:
        return "База данных открыта только для чтения, ход не записан. Администратору бота нужно это исправить."
    return "Не получилось записать ход в базу данных, ничего не изменилось. Попробуйте ещё раз."


class Duplicate(Exception):
    """The update being handled was already applied (delivered twice); nothing was written."""


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class GameRow:
    id: int
    chat_id: int
    game: str
    status: str
    creator_id: int
    seed: int
    state: dict | None
    version: int
    seats: tuple[Seat, ...]
    lobby_message_id: int | None = None  # the lobby message, edited as players join and leave
    board_message_id: int | None = None  # the latest board sent to the chat

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True)
class Announcement:
    """A board that a move owes its chat: the game at `version`, with the move's headline."""

    game_id: int
    version: int
    chat_id: int
    headline: str
    notify: bool
    created_at: float


@dataclass(frozen=True)
class LogLine:
    number: int  # 1 for the game's first move
    version: int
    seat: int
    notation: str
    summary: str
    created_at: float


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


class StoreBase:
    """What both backends (`Store` here, `bot.storage_pg.PgStore`) do the same way, on top of their own
    `was_handled`, `_write` and `_transaction`."""

    async def handled_elsewhere(self) -> bool:
        """Whether the update being handled was applied meanwhile by somebody else (a second process)."""
        delivery = CURRENT_UPDATE.get()
        return delivery is not None and not delivery.recorded and await self.was_handled(delivery.update_id)

    async def mark_handled(self) -> None:
        """Record the update being handled if none of its writes has (it only read: /board, /rules)."""
        delivery = CURRENT_UPDATE.get()
        if delivery is not None and not delivery.recorded:
            async with self._write():
                pass

    async def close_game(self, game_id: int, version: int, status: str) -> None:
        """Abort a lobby or a running game."""
        async with self._transaction(game_id, version, None, status=status):
            pass

    async def set_message(self, game_id: int, kind: str, message_id: int) -> None:
        """Remember the chat's message that shows the game's lobby (`kind` "lobby") or latest board ("board")."""
        column = {"lobby": "lobby_message_id", "board": "board_message_id"}[kind]
        async with self._write() as tx:
            await self._run(tx, f"UPDATE games SET {column} = ? WHERE id = ?", message_id, game_id)

    # Statements written once for both backends use "?" placeholders; each backend runs them its own way.

    async def _rows(self, sql: str, *params) -> list:
        """The rows of a query outside any write."""
        raise NotImplementedError

    async def _run(self, tx, sql: str, *params) -> list:
        """A statement inside a write (`tx` is what `_write` or `_transaction` gave); its rows, if any."""
        raise NotImplementedError


class Store(StoreBase):
    def __init__(self, db: aiosqlite.Connection):
        self._db = db
        self._write_lock = asyncio.Lock()  # one transaction at a time on the shared connection

    @classmethod
    async def open(cls, path: str, busy_timeout_ms: int = 5000) -> Store:
        """The store on the SQLite file `path`, created if new. StorageError (Russian) for a path that cannot
        be used, a file that is not a healthy database of ours, or one from a newer version of the bot."""
        usable_path(path)
        try:
            db = await aiosqlite.connect(path, isolation_level=None)  # explicit transactions below
        except sqlite3.Error as error:
            raise StorageError(f"Не удалось открыть базу данных {path}: {error}.") from None
        try:
            await db.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            (health,) = await (await db.execute("PRAGMA quick_check")).fetchone()
            if health != "ok":
                raise StorageError(f"База данных {path} повреждена ({health}). Восстановите её из копии или "
                                   "укажите другой файл в DATABASE_PATH.")
            await db.execute("PRAGMA journal_mode=WAL")
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

    async def open_game(self, chat_id: int) -> GameRow | None:
        """The chat's game in the lobby or running, if any."""
        cursor = await self._db.execute(
            "SELECT id FROM games WHERE chat_id = ? AND status IN ('lobby', 'active')", (chat_id,)
        )
        row = await cursor.fetchone()
        return await self.game(row[0]) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        cursor = await self._db.execute(
            "SELECT id, chat_id, game, status, creator_id, seed, state, version, lobby_message_id, board_message_id "
            "FROM games WHERE id = ?",
            (game_id,),
        )
        row = await cursor.fetchone()
        if row is None:
            return None
        seats = await (
            await self._db.execute(
                "SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        ).fetchall()
        return GameRow(
            id=row[0], chat_id=row[1], game=row[2], status=row[3], creator_id=row[4], seed=row[5],
            state=json.loads(row[6]) if row[6] else None, version=row[7],
            seats=tuple(Seat(*s) for s in seats), lobby_message_id=row[8], board_message_id=row[9],
        )

    async def log(self, game_id: int, limit: int) -> list[LogLine]:
        """The last `limit` moves, oldest first."""
        rows = await (
            await self._db.execute(
                "SELECT ROW_NUMBER() OVER (ORDER BY version), version, seat, notation, summary, created_at "
                "FROM actions WHERE game_id = ? ORDER BY version DESC LIMIT ?",
                (game_id, limit),
            )
        ).fetchall()
        return [LogLine(*row) for row in reversed(rows)]

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
        async with self._write():
            await self._db.execute("UPDATE games SET chat_id = ? WHERE chat_id = ?", (new_chat_id, old_chat_id))
            await self._db.execute("UPDATE announcements SET chat_id = ? WHERE chat_id = ?",
                                   (new_chat_id, old_chat_id))

    async def remember_private(self, user_id: int) -> None:
        """The user has written to the bot in private (Telegram lets the bot answer there from now on)."""
        async with self._write():
            await self._db.execute(
                "INSERT OR IGNORE INTO private_users (user_id, started_at) VALUES (?, ?)", (user_id, time.time())
            )

    async def create_lobby(self, chat_id: int, game: str, creator: Seat, seed: int) -> GameRow:
        """A new lobby with its creator in seat 0; Conflict if the chat already has an open game."""
        now = time.time()
        async with self._write():
            try:
                cursor = await self._db.execute(
                    "INSERT INTO games (chat_id, game, status, creator_id, seed, created_at, updated_at) "
                    "VALUES (?, ?, 'lobby', ?, ?, ?, ?)",
                    (chat_id, game, creator.user_id, seed, now, now),
                )
            except aiosqlite.IntegrityError as error:
                raise Conflict("the chat already has an open game") from error
            game_id = cursor.lastrowid
            await self._db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (game_id, creator.user_id, creator.name),
            )
        return await self.game(game_id)

    async def set_seats(self, game_id: int, version: int, seats: list[tuple[int, str]]) -> None:
        """Replace a lobby's seats (user id, name) in this order; guarded by the game's version."""
        async with self._transaction(game_id, version, LOBBY):
            await self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self._db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
            )

    async def start(self, game_id: int, version: int, state: dict, headline: str) -> None:
        """The lobby becomes a running game; its first board is owed to the chat (`announcements`)."""
        async with self._transaction(game_id, version, LOBBY, status=ACTIVE, state=state):
            await self._announce(game_id, version + 1, headline, True)

    async def record_move(
        self, game_id: int, version: int, state: dict, seat: int, user_id: int, notation: str, summary: str,
        finished: bool, headline: str = "", notify: bool = True,
    ) -> None:
        """The new state, its log line and the board owed to the chat, in one transaction, only if the game
        is still at `version`."""
        status = FINISHED if finished else ACTIVE
        async with self._transaction(game_id, version, ACTIVE, status=status, state=state):
            await self._db.execute(
                "INSERT INTO actions (game_id, version, seat, user_id, notation, summary, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, version + 1, seat, user_id, notation, summary, time.time()),
            )
            await self._announce(game_id, version + 1, headline, notify)

    async def _announce(self, game_id: int, version: int, headline: str, notify: bool) -> None:
        await self._db.execute(
            "INSERT INTO announcements (game_id, version, chat_id, headline, notify, created_at) "
            "SELECT id, ?, chat_id, ?, ?, ? FROM games WHERE id = ?",
            (version, headline, int(notify), time.time(), game_id),
        )

    async def announced(self, game_id: int, version: int) -> None:
        """The chat has the board of `version`: it and every older one owed are paid."""
        async with self._write():
            await self._db.execute("DELETE FROM announcements WHERE game_id = ? AND version <= ?", (game_id, version))

    async def claim_owed(self, older_than: float, lease: float) -> list[Announcement]:
        """Boards owed for longer than `older_than` seconds (the sender died or Telegram kept failing), claimed
        by this process for `lease` seconds: another process looking meanwhile leaves them alone."""
        now = time.time()
        async with self._write():
            rows = await self._db.execute_fetchall(
                "UPDATE announcements SET claimed_until = ? WHERE created_at < ? AND claimed_until <= ? "
                "RETURNING game_id, version, chat_id, headline, notify, created_at",
                (now + lease, now - older_than, now))
        return sorted((Announcement(r[0], r[1], r[2], r[3], bool(r[4]), r[5]) for r in rows),
                      key=lambda debt: (debt.game_id, debt.version))

    async def debt(self, game_id: int, version: int) -> Announcement | None:
        """The board of `version` if the chat is still owed it."""
        rows = await self._db.execute_fetchall(
            "SELECT game_id, version, chat_id, headline, notify, created_at FROM announcements "
            "WHERE game_id = ? AND version = ?", (game_id, version))
        return next((Announcement(r[0], r[1], r[2], r[3], bool(r[4]), r[5]) for r in rows), None)

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
            if expected_status is not None:
                where += " AND status = ?"
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

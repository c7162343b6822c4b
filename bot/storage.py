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
    away: bool = False  # the player left or was voted out: the autopilot plays this seat


GAME_COLUMNS = ("id, chat_id, game, status, creator_id, seed, state, version, lobby_message_id, board_message_id, "
                "chat_title, turn_since, results, updated_at")


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
    chat_title: str = ""
    turn_since: float | None = None  # when the seat to move got the turn (time.time())
    results: list[dict] | None = None  # a finished game: per seat {seat, user_id, name, total, won}
    updated_at: float = 0.0  # the last change (for a finished game: when it ended)

    @classmethod
    def of(cls, row, seats: tuple[Seat, ...]) -> GameRow:
        """From a row of GAME_COLUMNS and the game's seats."""
        return cls(id=row[0], chat_id=row[1], game=row[2], status=row[3], creator_id=row[4], seed=row[5],
                   state=json.loads(row[6]) if row[6] else None, version=row[7], seats=seats,
                   lobby_message_id=row[8], board_message_id=row[9], chat_title=row[10], turn_since=row[11],
                   results=json.loads(row[12]) if row[12] else None, updated_at=row[13])

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
class TurnChange:
    """What a move also writes when the turn passes to another seat (or the game ends): when the wait began,
    the new turn's timers (kind, due time) in place of the old ones, and a finished game's results."""

    seat: int | None  # the seat to move now; None: the game is over
    since: float  # when (time.time() of the service's clock)
    timers: tuple[tuple[str, float], ...] = ()
    results: list[dict] | None = None


@dataclass(frozen=True)
class Timer:
    """A reminder or a deadline of one game's current turn."""

    game_id: int
    kind: str  # "remind" or "deadline"
    seat: int
    due_at: float
    fired: int  # how many times it has fired this turn (reminders repeat)


@dataclass(frozen=True)
class Vote:
    """A vote of a game's players: skip or hand over a seat, or take moves back (`target`: a seat, or the
    version to go back to); it holds while the game stays at `version`. `ballots`: user id -> yes/no."""

    game_id: int
    kind: str
    version: int
    target: int
    started_by: int
    ballots: dict[int, bool]


@dataclass(frozen=True)
class LogLine:
    number: int  # 1 for the game's first move
    version: int
    seat: int
    notation: str
    summary: str
    created_at: float
    user_id: int = 0  # who played it; 0: the autopilot
    reveals: bool = False  # it showed something hidden (a card drawn): its player cannot take it back alone
    ends_turn: bool = False  # the last action of its turn (a new turn, or the end of the game, came after it)


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

    # --- moves and the boards they owe (one for both backends) ----------------------------------------

    _SKIP_LOCKED = ""  # PostgreSQL: rows (alias t) another process is claiming are skipped, not waited for

    async def start(self, game_id: int, version: int, state: dict, headline: str,
                    turn: TurnChange | None = None) -> None:
        """The lobby becomes a running game; its first board is owed to the chat (`announcements`)."""
        async with self._transaction(game_id, version, LOBBY, status=ACTIVE, state=state) as tx:
            await self._announce(tx, game_id, version + 1, headline, True)
            if turn is not None:
                await self._turn_changed(tx, game_id, turn)

    async def record_move(
        self, game_id: int, version: int, state: dict, seat: int, user_id: int, notation: str, summary: str,
        finished: bool, headline: str = "", notify: bool = True, turn: TurnChange | None = None,
        reveals: bool = False,
    ) -> None:
        """The new state, its log line and the board owed to the chat, in one transaction, only if the game
        is still at `version`; `turn` when a new turn began (the log line is then the last of its turn)."""
        status = FINISHED if finished else ACTIVE
        async with self._transaction(game_id, version, ACTIVE, status=status, state=state) as tx:
            await self._run(tx, "INSERT INTO actions (game_id, version, seat, user_id, notation, summary, created_at, "
                            "reveals, ends_turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            game_id, version + 1, seat, user_id, notation, summary, time.time(), int(reveals),
                            int(turn is not None))
            await self._announce(tx, game_id, version + 1, headline, notify)
            if turn is not None:
                await self._turn_changed(tx, game_id, turn)

    async def rewind(self, game_id: int, version: int, state: dict, keep: int, headline: str,
                     turn: TurnChange | None, status: str = ACTIVE) -> None:
        """Moves taken back: the log keeps the actions up to version `keep`, the state is the game replayed to
        there, and its board is owed to the chat; only if the game is still at `version` and in `status` (a
        FINISHED game runs again: its results are cleared by `turn`)."""
        async with self._transaction(game_id, version, status, status=ACTIVE, state=state) as tx:
            await self._run(tx, "DELETE FROM actions WHERE game_id = ? AND version > ?", game_id, keep)
            await self._announce(tx, game_id, version + 1, headline, turn is not None)
            if turn is not None:
                await self._turn_changed(tx, game_id, turn)

    async def _announce(self, tx, game_id: int, version: int, headline: str, notify: bool) -> None:
        await self._run(tx, "INSERT INTO announcements (game_id, version, chat_id, headline, notify, created_at) "
                        "SELECT id, ?, chat_id, ?, ?, ? FROM games WHERE id = ?",
                        version, headline, notify, time.time(), game_id)

    async def announced(self, game_id: int, version: int) -> None:
        """The chat has the board of `version`: it and every older one owed are paid."""
        async with self._write() as tx:
            await self._run(tx, "DELETE FROM announcements WHERE game_id = ? AND version <= ?", game_id, version)

    async def claim_owed(self, older_than: float, lease: float) -> list[Announcement]:
        """Boards owed for longer than `older_than` seconds (the sender died or Telegram kept failing), claimed
        by this process for `lease` seconds: another process looking meanwhile leaves them alone."""
        now = time.time()
        async with self._write() as tx:
            rows = await self._run(
                tx, "UPDATE announcements SET claimed_until = ? WHERE (game_id, version) IN ("
                "SELECT game_id, version FROM announcements t WHERE created_at < ? AND claimed_until <= ?"
                f"{self._SKIP_LOCKED}) RETURNING game_id, version, chat_id, headline, notify, created_at",
                now + lease, now - older_than, now)
        return sorted((Announcement(r[0], r[1], r[2], r[3], bool(r[4]), r[5]) for r in rows),
                      key=lambda debt: (debt.game_id, debt.version))

    async def debt(self, game_id: int, version: int) -> Announcement | None:
        """The board of `version` if the chat is still owed it."""
        rows = await self._rows("SELECT game_id, version, chat_id, headline, notify, created_at FROM announcements "
                                "WHERE game_id = ? AND version = ?", game_id, version)
        return next((Announcement(r[0], r[1], r[2], r[3], bool(r[4]), r[5]) for r in rows), None)

    async def _turn_changed(self, tx, game_id: int, turn: TurnChange) -> None:
        """In a move's transaction: the turn passed (or the game ended); its timers and votes start afresh."""
        results = json.dumps(turn.results, ensure_ascii=False) if turn.results is not None else None
        await self._run(tx, "UPDATE games SET turn_since = ?, results = ? WHERE id = ?", turn.since, results, game_id)
        await self._run(tx, "DELETE FROM timers WHERE game_id = ?", game_id)
        await self._run(tx, "DELETE FROM votes WHERE game_id = ?", game_id)
        for kind, due_at in turn.timers if turn.seat is not None else ():
            await self._run(tx, "INSERT INTO timers (game_id, kind, seat, due_at) VALUES (?, ?, ?, ?)",
                            game_id, kind, turn.seat, due_at)

    async def log(self, game_id: int, limit: int | None = None) -> list[LogLine]:
        """The last `limit` moves (all without one), oldest first."""
        rows = await self._rows(
            "SELECT ROW_NUMBER() OVER (ORDER BY version), version, seat, notation, summary, created_at, user_id, "
            "reveals, ends_turn FROM actions WHERE game_id = ? ORDER BY version DESC LIMIT ?", game_id,
            limit or 2**31 - 1)
        return [LogLine(*row[:7], reveals=bool(row[7]), ends_turn=bool(row[8])) for row in reversed(rows)]

    # --- a chat's settings -----------------------------------------------------------------------

    async def chat_overrides(self, chat_id: int) -> dict:
        """What the chat changed of the default settings (`bot.chat_settings`)."""
        rows = await self._rows("SELECT overrides FROM chat_settings WHERE chat_id = ?", chat_id)
        return json.loads(rows[0][0]) if rows else {}

    async def set_chat_overrides(self, chat_id: int, overrides: dict) -> None:
        async with self._write() as tx:
            await self._run(tx, "DELETE FROM chat_settings WHERE chat_id = ?", chat_id)
            await self._run(tx, "INSERT INTO chat_settings (chat_id, overrides, updated_at) VALUES (?, ?, ?)",
                            chat_id, json.dumps(overrides, ensure_ascii=False), time.time())

    async def _chat_moved(self, tx, old_chat_id: int, new_chat_id: int) -> None:
        """In `move_chat`'s transaction: the chat's settings follow it too."""
        await self._run(tx, "DELETE FROM chat_settings WHERE chat_id = ?", new_chat_id)
        await self._run(tx, "UPDATE chat_settings SET chat_id = ? WHERE chat_id = ?", new_chat_id, old_chat_id)

    # --- timers ----------------------------------------------------------------------------------

    async def claim_timers(self, now: float, lease: float) -> list[Timer]:
        """Timers due by `now` of running games, claimed by this process for `lease` seconds: with several
        bot processes each due timer fires in one of them."""
        async with self._write() as tx:
            rows = await self._run(
                tx, "UPDATE timers SET claimed_until = ? WHERE (game_id, kind) IN ("
                "SELECT t.game_id, t.kind FROM timers t JOIN games g ON g.id = t.game_id "
                f"WHERE t.due_at <= ? AND t.claimed_until <= ? AND g.status = 'active'{self._SKIP_LOCKED}) "
                "RETURNING game_id, kind, seat, due_at, fired", now + lease, now, now)
        return sorted((Timer(r[0], r[1], r[2], r[3], r[4]) for r in rows), key=lambda t: (t.due_at, t.game_id))

    async def timers(self, game_id: int) -> list[Timer]:
        rows = await self._rows("SELECT game_id, kind, seat, due_at, fired FROM timers WHERE game_id = ? "
                                "ORDER BY kind", game_id)
        return [Timer(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def timer_fired(self, timer: Timer, due_again: float | None) -> None:
        """A claimed timer has done its work: it fires again at `due_again` (a reminder repeats), or is gone.
        Only the very timer claimed: one the turn has replaced meanwhile is left alone."""
        async with self._write() as tx:
            if due_again is None:
                await self._run(tx, "DELETE FROM timers WHERE game_id = ? AND kind = ? AND seat = ? AND due_at = ?",
                                timer.game_id, timer.kind, timer.seat, timer.due_at)
            else:
                await self._run(tx, "UPDATE timers SET due_at = ?, fired = fired + 1, claimed_until = 0 "
                                "WHERE game_id = ? AND kind = ? AND seat = ? AND due_at = ?",
                                due_again, timer.game_id, timer.kind, timer.seat, timer.due_at)

    async def timer_postponed(self, timer: Timer, due_at: float) -> None:
        """A claimed timer waits until `due_at` (the chat's quiet hours) without counting as fired."""
        async with self._write() as tx:
            await self._run(tx, "UPDATE timers SET due_at = ?, claimed_until = 0 "
                            "WHERE game_id = ? AND kind = ? AND seat = ? AND due_at = ?",
                            due_at, timer.game_id, timer.kind, timer.seat, timer.due_at)

    # --- votes and seats ---------------------------------------------------------------------------

    async def vote(self, game_id: int, kind: str) -> Vote | None:
        rows = await self._rows("SELECT game_id, kind, version, target, started_by, ballots FROM votes "
                                "WHERE game_id = ? AND kind = ?", game_id, kind)
        if not rows:
            return None
        r = rows[0]
        return Vote(r[0], r[1], r[2], r[3], r[4], {int(k): v for k, v in json.loads(r[5]).items()})

    async def save_vote(self, vote: Vote | None, game_id: int, kind: str) -> None:
        """Start or update a vote (`vote`), or end it (None)."""
        async with self._write() as tx:
            await self._run(tx, "DELETE FROM votes WHERE game_id = ? AND kind = ?", game_id, kind)
            if vote is not None:
                await self._run(tx, "INSERT INTO votes (game_id, kind, version, target, started_by, ballots, "
                                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)", vote.game_id, vote.kind, vote.version,
                                vote.target, vote.started_by, json.dumps(vote.ballots), time.time())

    async def set_away(self, game_id: int, version: int, seat: int) -> None:
        """The autopilot plays `seat` from now on (its player left or was voted out); guarded by the version."""
        async with self._transaction(game_id, version, ACTIVE) as tx:
            await self._run(tx, "UPDATE seats SET away = 1 WHERE game_id = ? AND seat = ?", game_id, seat)
            await self._run(tx, "DELETE FROM votes WHERE game_id = ?", game_id)

    # --- a chat's past games and a player's games ----------------------------------------------------

    async def last_finished(self, chat_id: int) -> GameRow | None:
        """The chat's most recently finished game."""
        rows = await self._rows("SELECT id FROM games WHERE chat_id = ? AND status = 'finished' "
                                "ORDER BY COALESCE(turn_since, updated_at) DESC, id DESC LIMIT 1", chat_id)
        return await self.game(rows[0][0]) if rows else None

    async def finished_games(self, chat_id: int, limit: int | None = None) -> list[GameRow]:
        """The chat's finished games, the latest first (without their state: only what history needs)."""
        columns = GAME_COLUMNS.replace(", state,", ", NULL,")
        rows = await self._rows(
            f"SELECT {columns} FROM games WHERE chat_id = ? AND status = 'finished' "
            "ORDER BY COALESCE(turn_since, updated_at) DESC, id DESC" + (f" LIMIT {int(limit)}" if limit else ""),
            chat_id)
        return [GameRow.of(row, ()) for row in rows]

    async def games_of(self, user_id: int) -> list[GameRow]:
        """The running games `user_id` plays in, in any chat."""
        rows = await self._rows("SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
                                "WHERE s.user_id = ? AND g.status = 'active' ORDER BY g.id", user_id)
        return [row for (game_id,) in rows if (row := await self.game(game_id)) is not None]

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
        cursor = await self._db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        row = await cursor.fetchone()
        if row is None:
            return None
        seats = await (
            await self._db.execute(
                "SELECT seat, user_id, name, away FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        ).fetchall()
        return GameRow.of(row, tuple(Seat(s[0], s[1], s[2], bool(s[3])) for s in seats))


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

    async def remember_private(self, user_id: int) -> None:
        """The user has written to the bot in private (Telegram lets the bot answer there from now on)."""
        async with self._write():
            await self._db.execute(
                "INSERT OR IGNORE INTO private_users (user_id, started_at) VALUES (?, ?)", (user_id, time.time())
            )

    async def create_lobby(self, chat_id: int, game: str, creator: Seat, seed: int, chat_title: str = "") -> GameRow:
        """A new lobby with its creator in seat 0; Conflict if the chat already has an open game."""
        now = time.time()
        async with self._write():
            try:
                cursor = await self._db.execute(
                    "INSERT INTO games (chat_id, game, status, creator_id, seed, created_at, updated_at, chat_title) "
                    "VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?)",
                    (chat_id, game, creator.user_id, seed, now, now, chat_title),
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

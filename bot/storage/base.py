"""The storage interface both backends share: what a game, a seat, a move, a timer and a vote are (plain
dataclasses), the errors, and `StoreBase` — every statement that SQLite (`bot.storage.sqlite`) and PostgreSQL
(`bot.storage.postgres`) run alike, on top of their own `_write`, `_transaction` and placeholders.

Exactly once: the Telegram update being handled (`CURRENT_UPDATE`, set by the service) is recorded in the
transaction of the first write it causes, so an update delivered again (after a crash, or to a second
process) is recognised and changes nothing.
"""

from __future__ import annotations

import json
import secrets
import time
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from bot.storage.topics import TOPIC_WAITS

LOBBY, ACTIVE, FINISHED, ABORTED = "lobby", "active", "finished", "aborted"
OPEN_STATUSES = (LOBBY, ACTIVE)

HANDLED_KEPT = 7 * 24 * 3600  # seconds; Telegram keeps an unconfirmed update for 24 hours


def new_token() -> str:
    """A game's public token: 12 URL-safe characters (72 random bits), so that nobody outside the game can
    guess the name of a table that is not theirs, as game ids in a row could be guessed."""
    return secrets.token_urlsafe(9)


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
    level: str | None = None  # a bot player's level (rules.levels.LEVELS); None: a person

    @property
    def bot(self) -> bool:
        """A seat the bot itself plays (bot.table.seating.robots): no Telegram user, never mentioned nor reminded."""
        return self.level is not None

    @property
    def human(self) -> bool:
        """A person still playing this seat (not a bot, not handed to the autopilot): who is asked and votes."""
        return self.level is None and not self.away


GAME_COLUMNS = ("id, chat_id, game, status, creator_id, seed, state, version, lobby_message_id, board_message_id, "
                "chat_title, turn_since, results, updated_at, topic, topic_title, token, created_at")
GENERAL = 0  # the topic of a chat without topics, and of a forum's General topic (its messages carry no thread)


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
    topic: int = GENERAL  # the forum topic (message thread id) the table is in; GENERAL: the chat itself
    topic_title: str = ""  # the topic's name, as far as the bot has seen it
    token: str = ""  # what links and inline queries name the game by: random, never its guessable id
    created_at: float = 0.0  # when it was opened (a lobby's age: `bot.table.seating.stale`)

    @classmethod
    def of(cls, row, seats: tuple[Seat, ...]) -> GameRow:
        """From a row of GAME_COLUMNS and the game's seats."""
        return cls(id=row[0], chat_id=row[1], game=row[2], status=row[3], creator_id=row[4], seed=row[5],
                   state=json.loads(row[6]) if row[6] else None, version=row[7], seats=seats,
                   lobby_message_id=row[8], board_message_id=row[9], chat_title=row[10], turn_since=row[11],
                   results=json.loads(row[12]) if row[12] else None, updated_at=row[13],
                   topic=row[14], topic_title=row[15], token=row[16] or "", created_at=row[17])

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
    topic: int = GENERAL  # the forum topic of the game's table
    # its sending lost Telegram's answer: the newest message id of the chat known then (None: no doubt)...
    doubt_newest: int | None = None
    doubt_seen: int | None = None  # ...and a newer picture of the chat pressed since (so the board did arrive)


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
    kind: str  # "remind", "deadline", "away", "bot"; "returned" never fires: when the turn's time began counting
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

@dataclass(frozen=True)
class Absence:
    """A player away (/away) from every game they sit in, until `until` (the service's clock)."""

    user_id: int
    since: float
    until: float
    timezone: str  # the time zone the player's dates are told in (the chat's where /away was typed)


class StoreBase:
    """What both backends (`Store` here, `bot.storage.postgres.PgStore`) do the same way, on top of their own
    `was_handled`, `_write` and `_transaction` (what lies between games is in `bot.storage.between`)."""

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

    async def game_by_token(self, token: str) -> GameRow | None:
        """The game a link or an inline query names by its public token (`new_token`), if any."""
        rows = await self._rows("SELECT id FROM games WHERE token = ?", token)
        return await self.game(rows[0][0]) if rows else None

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
        reveals: bool = False, at: float | None = None,
    ) -> None:
        """The new state, its log line and the board owed to the chat, in one transaction, only if the game
        is still at `version`; `turn` when a new turn began (the log line is then the last of its turn); `at`:
        when it was played by the service's clock (time.time() without one)."""
        status = FINISHED if finished else ACTIVE
        async with self._transaction(game_id, version, ACTIVE, status=status, state=state) as tx:
            await self._run(tx, "INSERT INTO actions (game_id, version, seat, user_id, notation, summary, created_at, "
                            "reveals, ends_turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            game_id, version + 1, seat, user_id, notation, summary, time.time() if at is None else at,
                            int(reveals),
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
        await self._run(tx, "INSERT INTO announcements (game_id, version, chat_id, headline, notify, created_at, "
                        "topic) SELECT id, ?, chat_id, ?, ?, ?, topic FROM games WHERE id = ?",
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
                "SELECT game_id, version FROM announcements t WHERE created_at < ? AND claimed_until <= ? "
                f"AND NOT {TOPIC_WAITS.format('t')}{self._SKIP_LOCKED}) RETURNING {self._DEBT_COLUMNS}",
                now + lease, now - older_than, now)
        return sorted(map(self._debt, rows), key=lambda debt: (debt.game_id, debt.version))

    async def debt(self, game_id: int, version: int) -> Announcement | None:
        """The board of `version` if the chat is still owed it."""
        rows = await self._rows(f"SELECT {self._DEBT_COLUMNS} FROM announcements WHERE game_id = ? AND version = ?",
                                game_id, version)
        return next(map(self._debt, rows), None)

    _DEBT_COLUMNS = "game_id, version, chat_id, headline, notify, created_at, topic, doubt_newest, doubt_seen"

    @staticmethod
    def _debt(r) -> Announcement:
        return Announcement(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7], r[8])

    # --- what the front end learnt of Telegram (kept across restarts) ---------------------------------
    # Bookkeeping beside an update, never its record: a crash after it must not make the update look handled.

    @asynccontextmanager
    async def _aside(self):
        token = CURRENT_UPDATE.set(None)
        try:
            async with self._write() as tx:
                yield tx
        finally:
            CURRENT_UPDATE.reset(token)

    async def doubt(self, game_id: int, version: int, newest: int) -> None:
        """Sending the owed board of `version` lost Telegram's answer; `newest`: the chat's newest message id then."""
        async with self._aside() as tx:
            await self._run(tx, "UPDATE announcements SET doubt_newest = COALESCE(doubt_newest, ?) "
                            "WHERE game_id = ? AND version = ?", newest, game_id, version)

    async def doubted_chats(self) -> set[int]:
        """Chats owed a board whose sending lost Telegram's answer."""
        return {r[0] for r in await self._rows("SELECT DISTINCT chat_id FROM announcements "
                                               "WHERE doubt_newest IS NOT NULL")}

    async def doubt_seen(self, chat_id: int, topic: int, message_id: int) -> None:
        """A picture `message_id` of the table (chat, topic) was pressed: its owed boards in doubt older than it
        did arrive."""
        async with self._aside() as tx:
            await self._run(tx, "UPDATE announcements SET doubt_seen = ? WHERE chat_id = ? AND topic = ? "
                            "AND doubt_newest < ? AND (doubt_seen IS NULL OR doubt_seen < ?)",
                            message_id, chat_id, topic, message_id, message_id)

    async def gone_chats(self) -> set[int]:
        """Groups that removed the bot."""
        return {r[0] for r in await self._rows("SELECT chat_id FROM gone_chats")}

    async def set_gone(self, chat_id: int, gone: bool) -> None:
        async with self._aside() as tx:
            if gone:
                await self._run(tx, "INSERT INTO gone_chats (chat_id, since) VALUES (?, ?) "
                                "ON CONFLICT (chat_id) DO NOTHING", chat_id, time.time())
            else:
                await self._run(tx, "DELETE FROM gone_chats WHERE chat_id = ?", chat_id)

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
        """What the chat changed of the default settings (`bot.table.timing.settings`)."""
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
        await self._places_moved(tx, old_chat_id, new_chat_id)

    # --- timers ----------------------------------------------------------------------------------

    async def claim_timers(self, now: float, lease: float) -> list[Timer]:
        """Timers due by `now` of running games, claimed by this process for `lease` seconds: with several
        bot processes each due timer fires in one of them."""
        async with self._write() as tx:
            rows = await self._run(
                tx, "UPDATE timers SET claimed_until = ? WHERE (game_id, kind) IN ("
                "SELECT t.game_id, t.kind FROM timers t JOIN games g ON g.id = t.game_id "
                "WHERE t.due_at <= ? AND t.claimed_until <= ? AND g.status = 'active' AND t.kind <> 'returned' "
                f"AND NOT {TOPIC_WAITS.format('g')}{self._SKIP_LOCKED}) "
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

    async def add_timer(self, game_id: int, kind: str, seat: int, due_at: float) -> None:
        """A timer of the current turn of its own kind (one replaces another of that kind); the next turn
        clears it with the others."""
        async with self._write() as tx:
            await self._run(tx, "DELETE FROM timers WHERE game_id = ? AND kind = ?", game_id, kind)
            await self._run(tx, "INSERT INTO timers (game_id, kind, seat, due_at) VALUES (?, ?, ?, ?)",
                            game_id, kind, seat, float(due_at))

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

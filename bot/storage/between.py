"""What the store keeps between and around games, the same way on both backends: players away (/away),
rematches (the same players again), a chat's finished games and a player's running games. A part of both
backends' stores (`bot.storage.sqlite.Store`, `bot.storage.postgres.PgStore`), next to `StoreBase`, whose
`game`, `_rows`, `_run`, `_write` and `_transaction` it uses."""

from __future__ import annotations

import json
import time

from bot.storage.base import GAME_COLUMNS, LOBBY, Absence, Conflict, GameRow, new_token


class BetweenGames:
    # --- time away (/away) and rematches ------------------------------------------------------------

    async def set_absence(self, absence: Absence) -> None:
        """The player is away until `absence.until` (a new absence replaces the old one)."""
        async with self._write() as tx:
            await self._run(tx, "DELETE FROM absences WHERE user_id = ?", absence.user_id)
            await self._run(tx, "INSERT INTO absences (user_id, since, until, timezone) VALUES (?, ?, ?, ?)",
                            absence.user_id, float(absence.since), float(absence.until), absence.timezone)

    async def absences(self, user_ids: list[int], now: float) -> dict[int, Absence]:
        """Those of `user_ids` who are away at `now`, with their absence."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = await self._rows(f"SELECT user_id, since, until, timezone FROM absences WHERE user_id IN ({marks}) "
                                "AND until > ?", *user_ids, float(now))
        return {r[0]: Absence(r[0], r[1], r[2], r[3]) for r in rows}

    async def end_absence(self, user_id: int) -> Absence | None:
        """The player is back (/back, or they moved): their absence, if they had one, is over."""
        async with self._write() as tx:
            rows = await self._run(tx, "DELETE FROM absences WHERE user_id = ? RETURNING user_id, since, until, "
                                   "timezone", user_id)
        return next((Absence(*r) for r in rows), None)

    async def ended_absences(self, now: float) -> list[Absence]:
        """Absences that have ended by themselves by `now` and are not yet told to their players."""
        rows = await self._rows("SELECT user_id, since, until, timezone FROM absences WHERE until <= ?", float(now))
        return [Absence(*r) for r in rows]

    async def claim_ended_absences(self, now: float, user_ids: list[int]) -> list[Absence]:
        """Those of `user_ids` whose absences ended by `now`, removed: each is told to its player once,
        whichever bot process looks first."""
        if not user_ids:
            return []
        marks = ", ".join("?" * len(user_ids))
        async with self._write() as tx:
            rows = await self._run(tx, f"DELETE FROM absences WHERE until <= ? AND user_id IN ({marks}) "
                                   "RETURNING user_id, since, until, timezone", float(now), *user_ids)
        return sorted((Absence(*r) for r in rows), key=lambda a: (a.until, a.user_id))

    async def create_rematch(self, previous: GameRow, creator_id: int, seats: list[tuple], seed: int,
                             chat_title: str, now: float | None = None) -> GameRow:
        """A lobby that replays `previous` with `seats` (user id, name[, a bot's level]) in this order, all but
        the creator's and the bots' still to be confirmed, at the same table (chat and topic), opened `now` (the
        service's clock; time.time() if not given); Conflict if it already has an open game."""
        now = time.time() if now is None else now
        async with self._write() as tx:
            if await self._run(tx, "SELECT id FROM games WHERE chat_id = ? AND topic = ? "
                               "AND status IN ('lobby', 'active')", previous.chat_id, previous.topic):
                raise Conflict("the table already has an open game")
            (game_id,), = await self._run(
                tx, "INSERT INTO games (chat_id, game, status, creator_id, seed, created_at, updated_at, chat_title, "
                "topic, topic_title, token) VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                previous.chat_id, previous.game, creator_id, seed, now, now, chat_title, previous.topic,
                previous.topic_title, new_token())
            for index, (user_id, name, *level) in enumerate(seats):
                await self._run(tx, "INSERT INTO seats (game_id, seat, user_id, name, bot_level) "
                                "VALUES (?, ?, ?, ?, ?)", game_id, index, user_id, name, level[0] if level else None)
            # bots (a level) take their seats at once; the people confirm theirs
            pending = [user_id for user_id, _, *level in seats if user_id != creator_id and not (level and level[0])]
            await self._run(tx, "INSERT INTO rematches (game_id, previous_id, pending) VALUES (?, ?, ?)",
                            game_id, previous.id, json.dumps(pending))
        return await self.game(game_id)

    async def rematch(self, game_id: int) -> tuple[int, list[int]] | None:
        """For a rematch's lobby: the game it replays and the user ids whose seats are not confirmed yet."""
        rows = await self._rows("SELECT previous_id, pending FROM rematches WHERE game_id = ?", game_id)
        return (rows[0][0], json.loads(rows[0][1])) if rows else None

    async def rematches_of(self, previous_id: int) -> list[GameRow]:
        """The rematches of a game, the latest last."""
        rows = await self._rows("SELECT game_id FROM rematches WHERE previous_id = ? ORDER BY game_id", previous_id)
        return [row for (game_id,) in rows if (row := await self.game(game_id)) is not None]

    async def reseat(self, game_id: int, version: int, seats: list[tuple], seed: int) -> None:
        """A lobby's seats (user id, name[, a bot's level]) in this order and its seed, as a rematch begins;
        guarded by the version."""
        async with self._transaction(game_id, version, LOBBY) as tx:
            await self._run(tx, "DELETE FROM seats WHERE game_id = ?", game_id)
            for index, (user_id, name, *level) in enumerate(seats):
                await self._run(tx, "INSERT INTO seats (game_id, seat, user_id, name, bot_level) "
                                "VALUES (?, ?, ?, ?, ?)", game_id, index, user_id, name, level[0] if level else None)
            await self._run(tx, "UPDATE games SET seed = ? WHERE id = ?", seed, game_id)

    async def newer_games(self, chat_id: int, topic: int, game_id: int) -> list[int]:
        """The ids of the games of the table (chat, topic) opened after `game_id` (in any state)."""
        rows = await self._rows("SELECT id FROM games WHERE chat_id = ? AND topic = ? AND id > ? ORDER BY id",
                                chat_id, topic, game_id)
        return [row[0] for row in rows]

    async def set_pending(self, game_id: int, version: int, pending: list[int]) -> None:
        """A rematch's seats still to be confirmed; guarded by the lobby's version (which it moves on)."""
        async with self._transaction(game_id, version, LOBBY) as tx:
            await self._run(tx, "UPDATE rematches SET pending = ? WHERE game_id = ?", json.dumps(pending), game_id)

    # --- a chat's past games and a player's games ----------------------------------------------------

    async def last_finished(self, chat_id: int, topic: int | None = None) -> GameRow | None:
        """The most recently finished game of the chat's table in `topic` (None: of any table in the chat)."""
        where, params = self._table_filter(chat_id, topic)
        rows = await self._rows(f"SELECT id FROM games WHERE {where} AND status = 'finished' "
                                "ORDER BY COALESCE(turn_since, updated_at) DESC, id DESC LIMIT 1", *params)
        return await self.game(rows[0][0]) if rows else None

    async def finished_games(self, chat_id: int, limit: int | None = None, topic: int | None = None) -> list[GameRow]:
        """The finished games of the chat's table in `topic` (None: of the whole chat), the latest first
        (without their state: only what history needs)."""
        columns = GAME_COLUMNS.replace(", state,", ", NULL,")
        where, params = self._table_filter(chat_id, topic)
        rows = await self._rows(
            f"SELECT {columns} FROM games WHERE {where} AND status = 'finished' "
            "ORDER BY COALESCE(turn_since, updated_at) DESC, id DESC" + (f" LIMIT {int(limit)}" if limit else ""),
            *params)
        return [GameRow.of(row, ()) for row in rows]

    @staticmethod
    def _table_filter(chat_id: int, topic: int | None) -> tuple[str, tuple]:
        if topic is None:
            return "chat_id = ?", (chat_id,)
        return "chat_id = ? AND topic = ?", (chat_id, topic)

    async def running_games(self, chat_id: int) -> list[GameRow]:
        """The running games of a chat, in every topic."""
        rows = await self._rows("SELECT id FROM games WHERE chat_id = ? AND status = 'active' ORDER BY id", chat_id)
        return [row for (game_id,) in rows if (row := await self.game(game_id)) is not None]

    async def games_of(self, user_id: int) -> list[GameRow]:
        """The running games `user_id` plays in, in any chat."""
        rows = await self._rows("SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
                                "WHERE s.user_id = ? AND g.status = 'active' ORDER BY g.id", user_id)
        return [row for (game_id,) in rows if (row := await self.game(game_id)) is not None]

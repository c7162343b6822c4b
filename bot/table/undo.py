"""Taking moves back, by replaying the game's log from its seed: exact, whatever the game. A mixin of
`bot.table.service.Service`.

The player who made the game's latest move takes it back alone, one step per /undo, until the next player
acts, as long as the move showed nothing hidden or left to chance (a card drawn, a deck reshuffled:
`Game.reveals`): within their turn, and right after it passed too (Board Game Arena's rule of thumb). Anything
else, and the move that ended the game, is taken back when every other player says yes; a finished game taken
back is running again and leaves the chat's history.
"""

from __future__ import annotations

from html import escape

from bot.storage.base import ACTIVE, FINISHED, GameRow, LogLine, Seat
from bot.table import buttons
from bot.table.replies import Button, Chat, Reply, User
from bot.table.texts import plain
from rules.protocol import Game


class Undo:
    """Needs `store` and the game helpers of `Service` (and `_start_vote`, `_turn_change` of `Turns`)."""

    async def _undo(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return await self._undo_finished(chat, user)
        if row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт: отменять нечего.")]
        if row.seat_of(user.id) is None:
            return [Reply(f"{plain(user.name)}, вы не играете в этой партии.")]
        log = await self.store.log(row.id)
        mine = [line for line in log if line.user_id == user.id]
        if not mine:
            return [Reply(f"{plain(user.name)}, вы ещё не ходили: отменять нечего.")]
        last = mine[-1]
        if self._may_undo_alone(log, user.id):
            return await self._undo_to(chat, row, last.version - 1, f"↩️ {plain(user.name)} отменяет ход: "
                                       f"{escape(last.summary)}")
        if await self.store.vote(row.id, "undo") is not None:
            return [Reply("Голосование об отмене уже идёт: кнопки под ним.")]
        return await self._start_vote(chat, row, user, "undo", last.version - 1, last.summary)

    async def _undo_finished(self, chat: Chat, user: User) -> list[Reply]:
        """/undo after the game's end: the move that ended it, by everyone's yes, while no new game has begun."""
        row = await self.store.last_finished(chat.id)
        if row is None or row.seat_of(user.id) is None:
            return [Reply("Сейчас партия не идёт: отменять нечего.")]
        log = await self.store.log(row.id, 1)
        if not log:
            return [Reply("Сейчас партия не идёт: отменять нечего.")]
        if await self.store.vote(row.id, "undo") is not None:
            return [Reply("Голосование об отмене уже идёт: кнопки под ним.")]
        return await self._start_vote(chat, row, user, "undo", log[-1].version - 1, log[-1].summary)

    @staticmethod
    def _may_undo_alone(log: list[LogLine], user_id: int) -> bool:
        """The game's latest move is the user's (nobody has acted since) and it showed nothing hidden."""
        return bool(log) and log[-1].user_id == user_id and not log[-1].reveals

    async def _undoer(self, row: GameRow) -> Seat | None:
        """The player who may take the latest move back alone now (the ↩️ button under the board), if any."""
        log = await self.store.log(row.id, 1)
        seat = row.seat_of(log[-1].user_id) if log else None
        return row.seats[seat] if seat is not None and self._may_undo_alone(log, log[-1].user_id) else None

    async def _undo_subject(self, row: GameRow, keep: int) -> str:
        """The first move an undo back to version `keep` would take back, for the vote's question."""
        later = [line for line in await self.store.log(row.id) if line.version > keep]
        return later[0].summary if later else "…"

    def _replay(self, row: GameRow, game: Game, log: list[LogLine]):
        """The game from its seed through `log` (a turn skipped is `skip` in the log)."""
        state = game.new([s.name for s in row.seats], seed=row.seed)
        for line in log:
            if line.notation == "skip":
                game.skip(state)
            else:
                game.apply(state, line.notation)
        return state

    async def _undo_to(self, chat: Chat, row: GameRow, keep: int, headline: str) -> list[Reply]:
        """Replay the log up to version `keep` and make that the game (a finished one runs again); its board
        follows."""
        game = self._game(row)
        before = game.current_seat(game.load(row.state))
        log = await self.store.log(row.id)
        state = self._replay(row, game, [line for line in log if line.version <= keep])
        turn = None if game.current_seat(state) == before else await self._turn_change(row, game, state)
        if row.status == FINISHED and await self.store.open_game(row.chat_id) is not None:
            return [Reply("В чате уже началась новая партия: закончившуюся вернуть нельзя.")]
        await self.store.rewind(row.id, row.version, game.dump(state), keep, headline, turn, row.status)
        row = await self.store.game(row.id)
        return [await self._board_reply(row, game, state, headline, notify=turn is not None)]

    def _undo_button(self, row: GameRow, undoer: Seat, seat: int) -> Button:
        """↩️ under the board, for the player who may take the latest move back alone (named when the turn
        has passed to someone else)."""
        label = "↩️ Отменить ход" if undoer.seat == seat else f"↩️ {undoer.name}: отменить ход"
        return Button(label[:40], buttons.encode(buttons.UNDO, row.id, row.version))

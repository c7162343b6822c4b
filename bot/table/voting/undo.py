"""Taking moves back, by replaying the game's log from its seed: exact, whatever the game. A part of
`bot.table.service.Service`.

The player who made the game's latest move takes it back alone, one step per /undo, until the next player
acts, as long as the move showed nothing hidden or left to chance (a card drawn, a deck reshuffled:
`Game.revealed`): within their turn, and right after it passed too (Board Game Arena's rule of thumb). Anything
else, and the move that ended the game, is taken back when every other player says yes (alone with bots: at
once); a finished game taken back is running again and leaves the chat's history. Never, alone or by vote,
back past a step that showed something hidden (`Rewind.look_back`): the refusal says what was shown.
"""

from __future__ import annotations

from bot.replies.names import plain
from bot.replies.reply import ButtonAnswer, Chat, Reply, User
from bot.storage.base import (
    ACTIVE,
    GameRow,
)
from bot.table.core import STALE, Table, may_undo_alone
from bot.table.voting.rewind import Rewind, taken_back
from bot.table.voting.votes import Votes, left_refusal


class Undo:
    """`/undo` and the ↩️ button under the board: alone, or by asking the others (`Votes`)."""

    def __init__(self, table: Table, rewind: Rewind, votes: Votes):
        self.table, self.rewind, self.votes = table, rewind, votes

    async def command(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return await self._undo_finished(chat, user)
        if row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт: отменять нечего.")]
        if row.seat_of(user.id) is None:
            return [Reply(f"{plain(user.name)}, вы не играете в этой партии.", only_for=user.id)]
        if refusal := left_refusal(row, user):
            return [Reply(refusal, only_for=user.id)]
        log = await self.table.store.log(row.id)
        mine = [line for line in log if line.user_id == user.id]
        if not mine:
            return [Reply(f"{plain(user.name)}, вы ещё не ходили: отменять нечего.", only_for=user.id)]
        keep = mine[-1].version - 1
        takeback = await self.rewind.look_back(row, keep)
        if takeback.refusal is not None:  # a card was drawn since (or by it): never, alone or by vote
            return [Reply(takeback.refusal, only_for=user.id)]
        if may_undo_alone(log, user.id):
            return await self.rewind.undo_to(chat, row, keep, f"↩️ {plain(user.name)} отменяет "
                                             f"{taken_back(takeback)}.")
        if not any(s.human and s.user_id != user.id for s in row.seats):  # nobody else to ask: only bots
            return await self.rewind.undo_to(chat, row, keep, f"↩️ {plain(user.name)} отменяет "
                                             f"{taken_back(takeback, bots=True)}.")
        if (asked := await self.table.store.vote(row.id, "undo")) is not None and asked.version == row.version:
            return [Reply("Голосование об отмене уже идёт: кнопки под ним.")]
        return await self.votes.start_vote(chat, row, user, "undo", keep, takeback.subject)

    async def _undo_finished(self, chat: Chat, user: User) -> list[Reply]:
        """/undo after the game's end: the move that ended it, by everyone's yes, while no new game has begun."""
        row = await self.table.store.last_finished(chat.id, chat.topic)
        if row is None or row.seat_of(user.id) is None:
            return [Reply("Сейчас партия не идёт: отменять нечего.")]
        if refusal := left_refusal(row, user):
            return [Reply(refusal)]
        # a bot's final move would only be played again: back to the last move of a person instead
        log = [line for line in await self.table.store.log(row.id) if not row.seats[line.seat].bot][-1:]
        if not log:
            return [Reply("Сейчас партия не идёт: отменять нечего.")]
        takeback = await self.rewind.look_back(row, log[-1].version - 1)
        if takeback.refusal is not None:
            return [Reply(takeback.refusal, only_for=user.id)]
        if (asked := await self.table.store.vote(row.id, "undo")) is not None and asked.version == row.version:
            return [Reply("Голосование об отмене уже идёт: кнопки под ним.")]
        return await self.votes.start_vote(chat, row, user, "undo", log[-1].version - 1, takeback.subject)

    async def button(self, chat: Chat, user: User, row: GameRow, version: int) -> ButtonAnswer:
        """↩️ under the board: the latest move taken back by its own player, the board back in its place."""
        if row.status != ACTIVE or row.version != version:
            return ButtonAnswer(toast=STALE)
        if not may_undo_alone(await self.table.store.log(row.id, 1), user.id):
            return ButtonAnswer(toast="Отменить этот ход может только тот, кто его сделал, пока никто не "
                                "сходил после него.")
        board, *rest = await self.command(chat, user, row, "")
        if board.image is None:  # refused: the board stays as it is
            return ButtonAnswer(toast=board.text, alert=True, replies=rest)
        return ButtonAnswer(edit=board, replies=rest)

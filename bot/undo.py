"""Taking moves back, by replaying the game's log from its seed: exact, whatever the game. A mixin of
`bot.service.Service`.

The player who has just moved takes back their own last move alone while it is still their turn and the
move showed nothing hidden (a card drawn, a deck reshuffled: `Game.reveals`); one step per /undo. After that
(the turn passed, a card was drawn), taking a move back needs every other player's "yes".
"""

from __future__ import annotations

from html import escape

from bot import buttons
from bot.replies import Button, Chat, Reply, User
from bot.storage import ACTIVE, GameRow, LogLine
from bot.texts import plain
from rules.protocol import Game


class Undo:
    """Needs `store` and the game helpers of `Service` (and `_start_vote`, `_turn_change` of `Turns`)."""

    async def _undo(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт: отменять нечего.")]
        if row.seat_of(user.id) is None:
            return [Reply(f"{plain(user.name)}, вы не играете в этой партии.")]
        log = await self.store.log(row.id)
        mine = [line for line in log if line.user_id == user.id]
        if not mine:
            return [Reply(f"{plain(user.name)}, вы ещё не ходили: отменять нечего.")]
        last = mine[-1]
        if self._may_undo_alone(row, log, user.id, self._seat_to_move(row)):
            return await self._undo_to(chat, row, last.version - 1, f"↩️ {plain(user.name)} отменяет ход: "
                                       f"{escape(last.summary)}")
        if await self.store.vote(row.id, "undo") is not None:
            return [Reply("Голосование об отмене уже идёт: кнопки под ним.")]
        return await self._start_vote(chat, row, user, "undo", last.version - 1, last.summary)

    @staticmethod
    def _may_undo_alone(row: GameRow, log: list[LogLine], user_id: int, seat: int | None) -> bool:
        """The last move of the game is the user's, it is still their turn (`seat` is the seat to move), and it
        showed nothing hidden."""
        if not log or log[-1].user_id != user_id or log[-1].reveals:
            return False
        return seat is not None and row.seats[seat].user_id == user_id

    def _seat_to_move(self, row: GameRow) -> int | None:
        game, state = self._state(row)
        return game.current_seat(state)

    async def _can_undo(self, row: GameRow, seat: int) -> bool:
        """Whether the player in `seat`, to move now, may take back their last move alone (the ↩️ button)."""
        return self._may_undo_alone(row, await self.store.log(row.id, 1), row.seats[seat].user_id, seat)

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
        """Replay the log up to version `keep` and make that the game; its board follows."""
        game = self._game(row)
        before = game.current_seat(game.load(row.state))
        log = await self.store.log(row.id)
        state = self._replay(row, game, [line for line in log if line.version <= keep])
        turn = None if game.current_seat(state) == before else await self._turn_change(row, game, state)
        await self.store.rewind(row.id, row.version, game.dump(state), keep, headline, turn)
        row = await self.store.game(row.id)
        return [await self._board_reply(row, game, state, headline, notify=turn is not None)]

    def _undo_button(self, row: GameRow) -> Button:
        return Button("↩️ Отменить ход", buttons.encode(buttons.UNDO, row.id, row.version))

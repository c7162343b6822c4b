"""Taking a game back to an earlier version by replaying its log from its seed: exact, whatever the game. What
an undo (`bot.table.voting.undo`) and a vote to take moves back (`bot.table.voting.votes`) do once allowed.
"""

from __future__ import annotations

from bot.storage.base import FINISHED, GameRow, LogLine
from bot.table.core import Table
from bot.table.replies import Chat, Reply
from bot.table.turns import Turns
from rules.protocol import Game


class Rewind:
    """Takes a game back to an earlier version by replaying its log (what an undo does once it is allowed)."""

    def __init__(self, table: Table, turns: Turns):
        self.table, self.turns = table, turns

    async def undo_subject(self, row: GameRow, keep: int) -> str:
        """The first move an undo back to version `keep` would take back, for the vote's question."""
        later = [line for line in await self.table.store.log(row.id) if line.version > keep]
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

    async def undo_to(self, chat: Chat, row: GameRow, keep: int, headline: str) -> list[Reply]:
        """Replay the log up to version `keep` and make that the game (a finished one runs again); its board
        follows."""
        game = self.table.game(row)
        before = game.current_seat(game.load(row.state))
        log = await self.table.store.log(row.id)
        state = self._replay(row, game, [line for line in log if line.version <= keep])
        turn = None if game.current_seat(state) == before else await self.turns.turn_change(row, game, state)
        if row.status == FINISHED and await self.table.store.open_game(row.chat_id, row.topic) is not None:
            return [Reply("За этим столом уже началась новая партия: закончившуюся вернуть нельзя.")]
        await self.table.store.rewind(row.id, row.version, game.dump(state), keep, headline, turn, row.status)
        row = await self.table.store.game(row.id)
        headlines, scorings = [headline], []
        row = await self.turns.autoplay(row, game, state, headlines, scorings)  # back to a bot's turn: it moves
        return [*await self.turns.scorings(row, game, state, scorings),
                await self.table.board_reply(row, game, state, "\n".join(headlines), notify=turn is not None)]

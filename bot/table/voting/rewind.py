"""Taking a game back to an earlier version by replaying its log from its seed: exact, whatever the game. What
an undo (`bot.table.voting.undo`) and a vote to take moves back (`bot.table.voting.votes`) do once allowed.

No undo goes back past a step that showed something hidden or left to chance (a card drawn from a deck, a page
of a book turned: `Game.revealed`), alone or by vote: Board Game Arena's rule. What was seen cannot be unseen,
and a player who had seen the card could choose again knowing it. `look_back` tells what an undo would take back
and, when it may not, why.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from bot.replies.reply import Chat, Reply
from bot.storage.base import FINISHED, GameRow, LogLine
from bot.table.core import Table
from bot.table.texts import step_text
from bot.table.turns import Turns
from rules.protocol import SKIP, Game
from rules.text import count

QUIET = ("turn", "end", "score")  # events that tell the turn passing or a round's scoring, not the step itself


def started(game: Game, row: GameRow):
    """The game as it began: from its seed, with the options that changed its rules (kept in its state)."""
    options = game.options(game.load(row.state)) if row.state else {}
    return game.new([s.name for s in row.seats], seed=row.seed, options=options)


@dataclass(frozen=True)
class Takeback:
    """What going back to version `keep` takes back: `subject`, the first step undone told in a few words (its own
    sentence, without what followed from it: the turn passing, a card shown); `later`, how many steps after it
    go too; `refusal`, why it may not be done (a step from there on showed something hidden), or None."""

    subject: str
    later: int
    refusal: str | None = None


def quoted(subject: str) -> str:
    """A step's sentence quoted inside another: without its full stop, escaped for HTML."""
    return f"«{escape(subject.rstrip('. ') or '…')}»"


def taken_back(takeback: Takeback, bots: bool = False) -> str:
    """«ход «Аня строит поселение на Q12» и 2 хода после него»: what an undo took back, for its headline."""
    what = f"ход {quoted(takeback.subject)}"
    if not takeback.later:
        return what
    steps = count(takeback.later, "ход", "хода", "ходов")
    return f"{what} и {steps} {'ботов ' if bots else ''}после него"


class Rewind:
    """Takes a game back to an earlier version by replaying its log (what an undo does once it is allowed)."""

    def __init__(self, table: Table, turns: Turns):
        self.table, self.turns = table, turns

    async def undo_subject(self, row: GameRow, keep: int) -> str:
        """The first move an undo back to version `keep` would take back, in a few words (for the vote's question)."""
        return (await self.look_back(row, keep)).subject

    async def look_back(self, row: GameRow, keep: int) -> Takeback:
        """What going back to version `keep` takes back and whether it may (replayed from the seed, so an old
        log is judged by the rules of today)."""
        game = self.table.game(row)
        state = started(game, row)
        subject, later, refusal = "", -1, None
        for line in await self.table.store.log(row.id):
            if line.version > keep:
                later += 1
                if refusal is None and (shown := game.revealed(state, line.notation)) is not None:
                    refusal = (f"этим ходом {shown}" if not later else
                               f"после него {shown}")
            events = game.skip(state) if line.notation == SKIP else game.apply(state, line.notation)
            if line.version > keep and not subject:
                name = row.seats[line.seat].name
                own = [e.text for e in events if e.kind not in QUIET]
                subject = step_text(own[0] if own else "", name)
        if refusal is not None:
            refusal = f"Нельзя отменить ход {quoted(subject)}: {refusal} — что открылось, назад не прячут."
        return Takeback(subject or "…", max(later, 0), refusal)

    def _replay(self, row: GameRow, game: Game, log: list[LogLine]):
        """The game from its seed through `log` (a turn skipped is `skip` in the log)."""
        state = started(game, row)
        for line in log:
            if line.notation == SKIP:
                game.skip(state)
            else:
                game.apply(state, line.notation)
        return state

    async def undo_to(self, chat: Chat, row: GameRow, keep: int, headline: str) -> list[Reply]:
        """Replay the log up to version `keep` and make that the game (a finished one runs again); its board
        follows. Refused, with the reason, when a step from there on showed something hidden."""
        if (refusal := (await self.look_back(row, keep)).refusal) is not None:
            return [Reply(refusal)]
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

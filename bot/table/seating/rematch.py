"""Rematch: «🔁 Реванш» under a finished game's board (and next to the list of games of a bare /new) opens a lobby
with the same players, the first seat moved on by one. Each player confirms their seat (/join or «🙋 Играю») or
gives it up (/leave); the one who pressed Реванш begins, and seats still unconfirmed then drop out if the game's
minimum still holds. The seats' order is kept and the turn starts from its first seat (no lot this time).
A part of `bot.table.service.Service`, used by the lobby (`bot.table.seating.lobby`).
"""

from __future__ import annotations

import random
from html import escape

from bot.replies import buttons
from bot.replies.names import plain
from bot.replies.reply import Button, ButtonAnswer, Chat, Reply, User
from bot.replies.words import declined
from bot.storage.base import ABORTED, FINISHED, LOBBY, Conflict, GameRow
from bot.table import rights
from bot.table.core import Table
from bot.table.texts import here
from rules.protocol import Game

SEED_TRIES = 200  # seeds tried for one whose lot gives the first turn to seat 0 (a game draws it from the seed)


def first_seat(game: Game, names: list[str], seed: int) -> int:
    """The seat that moved first in a game begun with these players and seed (the lot of `Game.new`)."""
    return game.current_seat(game.new(names, seed=seed))


def seed_for_first(game: Game, names: list[str], rng: random.Random) -> int | None:
    """A seed with which seat 0 moves first; undo replays a game from its seed alone, so the order of a rematch
    is a choice of seed (None in the unlikely case that none of SEED_TRIES does)."""
    for _ in range(SEED_TRIES):
        seed = rng.randrange(2**31)
        if first_seat(game, names, seed) == 0:
            return seed
    return None


class Rematch:
    def __init__(self, table: Table):
        self.table = table

    @staticmethod
    def offer_button(previous: GameRow) -> Button:
        return Button("🔁 Реванш", buttons.encode(buttons.REMATCH, previous.id))

    async def offer(self, chat: Chat) -> GameRow | None:
        """The chat's last game if it has ended and a rematch of it may still be asked for (a bare /new offers
        it); a game opened after it (and not an aborted rematch of it) means the chat has moved on."""
        previous = await self.table.store.last_finished(chat.id, chat.topic)
        if previous is None or await self._stale(previous):
            return None
        rematches = {row.id for row in await self.table.store.rematches_of(previous.id)}
        if set(await self.table.store.newer_games(chat.id, chat.topic, previous.id)) - rematches:
            return None
        return previous

    async def _stale(self, previous: GameRow) -> str | None:
        """Why a rematch of `previous` cannot be opened now, if it cannot."""
        rematches = [r for r in await self.table.store.rematches_of(previous.id) if r.status != ABORTED]
        if rematches and rematches[-1].status == LOBBY:
            return "Реванш уже собирается: подтвердите место кнопкой «🙋 Играю» или /join."
        if rematches:
            return "Реванш этой партии уже был. Новый — кнопкой под доской последней партии или /new."
        opened = await self.table.store.open_game(previous.chat_id, previous.topic)
        if opened is not None:
            return f"{here(previous.topic)} уже идёт другая партия: реванш — когда она закончится. Доска — /board."
        return None

    async def button(self, chat: Chat, user: User, previous: GameRow) -> ButtonAnswer:
        """«🔁 Реванш» pressed: the rematch's lobby is posted (or why not, to the presser alone)."""
        if previous.status != FINISHED:
            return ButtonAnswer(toast="Реванш можно предложить, когда партия закончилась.")
        if previous.seat_of(user.id) is None or user.id < 0:
            return ButtonAnswer(toast="Реванш предлагает кто-то из игроков этой партии.", alert=True)
        stale = await self._stale(previous)
        if stale:
            return ButtonAnswer(toast=stale, alert=True)
        closed = rights.opening_refusal(chat, await self.table.store.closed_topics(chat.id))
        if closed:
            return ButtonAnswer(toast=closed, alert=True)
        game = self.table.game(previous)
        seats = [(s.user_id, s.name, s.level) for s in previous.seats]
        first = first_seat(game, [seat[1] for seat in seats], previous.seed)
        seats = seats[first + 1:] + seats[:first + 1]  # the next one opens the rematch
        try:
            row = await self.table.store.create_rematch(previous, user.id, seats, random.SystemRandom()
                                                        .randrange(2**31), chat.title or previous.chat_title,
                                                        now=self.table.clock())
        except Conflict:
            return ButtonAnswer(toast="В чате уже открыта партия. Посмотреть её — /board.", alert=True)
        lobby = await self.table.lobby(row, "")  # its header: who proposes the rematch of which game
        pending = await self.pending(row) or []
        awaited = ", ".join(s.name for s in row.seats if s.user_id in pending)
        toast = f"Реванш! Ждём, пока подтвердят места: {awaited}." if awaited else "Реванш!"
        return ButtonAnswer(toast=toast, replies=[lobby], clear_buttons=True)

    async def pending(self, row: GameRow) -> list[int] | None:
        """The user ids of a rematch's seats not yet confirmed (None: the lobby is not a rematch)."""
        found = await self.table.store.rematch(row.id)
        if found is None:
            return None
        seated = {s.user_id for s in row.seats}
        return [user_id for user_id in found[1] if user_id in seated]

    async def confirm(self, user: User, row: GameRow) -> list[Reply] | None:
        """/join by a player whose rematch seat waits for them: the seat is theirs (None: not such a player)."""
        pending = await self.pending(row)
        if not pending or user.id not in pending:
            return None
        await self.table.store.set_pending(row.id, row.version, [u for u in pending if u != user.id])
        row = await self.table.store.game(row.id)
        return [await self.table.lobby(row, f"{plain(user.name)} в деле!", row.lobby_message_id)]

    async def left(self, user: User, row: GameRow) -> None:
        """A player gave their rematch seat up (/leave; the seats are already rewritten): no longer waited for."""
        found = await self.table.store.rematch(row.id)
        if found is not None and user.id in found[1]:
            await self.table.store.set_pending(row.id, row.version, [u for u in found[1] if u != user.id])

    def seats_refusal(self, row: GameRow, pending: list[int]) -> str | None:
        """A rematch begins only with enough confirmed seats (who may begin it: `rights.begin_refusal`)."""
        game = self.table.game(row)
        confirmed = len(row.seats) - len(pending)
        if confirmed < game.min_players:
            waiting = ", ".join(plain(s.name) for s in row.seats if s.user_id in pending)
            return (f"Места подтвердили {confirmed} из {len(row.seats)}, а нужно хотя бы {game.min_players}. "
                    f"Ждём: {waiting}.")
        return None

    async def prepared(self, row: GameRow) -> tuple[GameRow, list[str]]:
        """Before a rematch begins: unconfirmed seats drop out and the seed is chosen so that the first seat
        opens the game. The row as it is then, and the names of those who dropped out ([] and the row itself
        for an ordinary lobby)."""
        pending = await self.pending(row)
        if pending is None:
            return row, []
        game = self.table.game(row)
        kept = [s for s in row.seats if s.user_id not in pending]
        seed = seed_for_first(game, [s.name for s in kept], random.Random(row.seed))
        await self.table.store.reseat(row.id, row.version, [(s.user_id, s.name, s.level) for s in kept],
                                      row.seed if seed is None else seed)
        return await self.table.store.game(row.id), [s.name for s in row.seats if s.user_id in pending]

    def intro(self, game: Game, order: str, dropped: list[str], named: bool = True) -> str:
        """The first line of a rematch's first board (`named`: with the game's name, when no lobby message just
        above names it)."""
        gone = f" Не подтвердили место: {', '.join(plain(n) for n in dropped)}." if dropped else ""
        title = f" в «{escape(declined(game.title, 'loct'))}»" if named else ""
        return f"Реванш{title} начался! Порядок хода (по кругу, со следующего): {order}.{gone}"

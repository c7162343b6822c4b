"""The timer rows of the turns under way, written by the rule of `bot.table.timing.schedule`: when a turn passes
(`Turns.turn_change`), when a chat changes its settings (`reschedule`), when a player on turn goes away or comes
back (`returned`), and whenever a timer finds the plan out of date. The rows are the truth: `/turn` tells the time
left from them and `/skip` asks them whether the time ran out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.storage.base import ACTIVE, GameRow, Timer
from bot.table.timing.schedule import RETURNED, turn_timers
from bot.table.timing.settings import AUTOPILOT, ChatSettings

if TYPE_CHECKING:
    from bot.table.core import Table

PLANNED = ("remind", "deadline")  # the kinds of timers the plan writes
AWAY = "away"  # a timer due at once: the autopilot plays the turn of a player who is away (/away)


class Pending:
    def __init__(self, table: Table):
        self.table = table

    async def settings(self, row: GameRow) -> ChatSettings:
        """The settings a table's timers follow."""
        return await self.table.chat_settings(row.chat_id, row.topic)

    async def timers(self, row: GameRow) -> dict[str, Timer]:
        return {timer.kind: timer for timer in await self.table.store.timers(row.id)}

    async def deadline(self, row: GameRow) -> float | None:
        """When the current turn's time runs out, as its row says (None: no deadline pending)."""
        found = (await self.timers(row)).get("deadline")
        return found.due_at if found is not None else None

    @staticmethod
    def counted_from(row: GameRow, timers: dict[str, Timer]) -> float:
        """When the current turn's time began counting: its start, or the player's return from /away."""
        returned = timers.get(RETURNED)
        since = row.turn_since or 0.0
        return max(since, returned.due_at) if returned is not None else since

    def _seat(self, row: GameRow) -> int | None:
        """The seat whose turn has timers: a person's (bots and the autopilot's seats move by themselves)."""
        if row.status != ACTIVE or row.turn_since is None:
            return None
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        if seat is None or row.seats[seat].bot or row.seats[seat].away:
            return None
        return seat

    async def replan(self, row: GameRow) -> None:
        """The current turn's reminder and deadline computed anew from when its time began counting and the
        settings now (an away player's wait kept: their time counts from the return); a player away whose
        turn the chat gives to the autopilot gets a timer due at once instead."""
        seat = self._seat(row)
        if seat is None:
            return
        now = self.table.clock()
        settings = await self.settings(row)
        timers = await self.timers(row)
        absence = (await self.table.absent(row)).get(seat)
        if absence is not None and settings.on_away == AUTOPILOT:
            await self.table.store.add_timer(row.id, AWAY, seat, now)
            return
        reminder = timers.get("remind")
        start = absence.until if absence is not None else self.counted_from(row, timers)
        planned = dict(turn_timers(settings, since=row.turn_since, start=start, now=now,
                                   away=absence.until if absence is not None else None,
                                   fired=reminder.fired if reminder is not None else 0))
        for kind in PLANNED:
            old, due = timers.get(kind), planned.get(kind)
            if old is not None and due is None:
                await self.table.store.timer_fired(old, None)
            elif old is not None and old.due_at != due:
                await self.table.store.timer_postponed(old, due)
            elif old is None and due is not None:
                await self.table.store.add_timer(row.id, kind, seat, due)

    async def reschedule(self, chat_id: int, topic: int | None = None) -> None:
        """Every running table of the chat (of one topic only, given `topic`) planned anew after its settings
        changed: quiet hours, time zone, the time for a turn, the reminder, what happens to a player away."""
        for row in await self.table.store.running_games(chat_id):
            if topic is None or row.topic == topic:
                await self.replan(row)

    async def returned(self, row: GameRow, seat: int, moment: float) -> None:
        """The player of `seat`, on turn, is back (or will be, at `moment`): their time counts from then."""
        await self.table.store.add_timer(row.id, RETURNED, seat, moment)
        await self.replan(row)

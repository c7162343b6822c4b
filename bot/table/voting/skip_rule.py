"""When `/skip` may skip a turn: only for a reason the whole table can see — the turn's time limit ran out (its
deadline's row says when), or, without a limit, the turn has waited past the reminder's time with no move. Before
that a skip is refused, with the moment it becomes possible; a table with neither a limit nor a reminder never
skips (its players hand a vanished player's seat to the autopilot with /kick instead).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from bot.storage.base import GameRow
from bot.table.timing.absence import MONTHS
from bot.table.timing.clock import format_duration

if TYPE_CHECKING:
    from bot.table.turns import Turns


async def skip_from(turns: Turns, row: GameRow) -> tuple[float | None, bool]:
    """(the moment the turn under way may be skipped — None: never at this table, and whether that moment is the
    deadline of a time limit rather than the reminder's time)."""
    timers = await turns.pending.timers(row)
    if "deadline" in timers:
        return timers["deadline"].due_at, True
    settings = await turns.pending.settings(row)
    allowed = settings.time_limit or settings.remind_after
    if not allowed or row.turn_since is None:
        return None, False
    return turns.pending.counted_from(row, timers) + allowed, bool(settings.time_limit)


def moment_text(moment: float, now: float, tz: dt.tzinfo) -> str:
    """«после 18:40» today, «завтра после 18:40», «28 ноября после 18:40» (the chat's time, rounded up to the
    minute, so that the skip is possible at the time said).

    >>> from zoneinfo import ZoneInfo
    >>> moscow = ZoneInfo("Europe/Moscow")
    >>> at = lambda d, h, m, s=0: dt.datetime(2026, 6, d, h, m, s, tzinfo=moscow).timestamp()
    >>> moment_text(at(1, 18, 39, 20), at(1, 9, 0), moscow), moment_text(at(2, 8, 0), at(1, 9, 0), moscow)
    ('после 18:40', 'завтра после 08:00')
    >>> moment_text(at(5, 8, 0), at(1, 9, 0), moscow)
    '5 июня после 08:00'
    """
    when = dt.datetime.fromtimestamp(moment, tz)
    if when.second or when.microsecond:
        when = when.replace(second=0, microsecond=0) + dt.timedelta(minutes=1)
    today = dt.datetime.fromtimestamp(now, tz).date()
    clock = f"после {when:%H:%M}"
    if when.date() == today:
        return clock
    if when.date() == today + dt.timedelta(days=1):
        return f"завтра {clock}"
    return f"{when.day} {MONTHS[when.month - 1]} {clock}"


def too_early(moment: float | None, deadline: bool, now: float, tz: dt.tzinfo, name: str) -> str:
    """Why a skip is refused now, and when it becomes possible; `name`: the player to move (HTML-safe)."""
    if moment is None:
        return ("Пропустить ход можно, когда выйдет время на ход или ход простоит до напоминания, но за этим "
                "столом нет ни того, ни другого (/settings). Если игрок пропал — /kick отдаст его место "
                "автопилоту 🤖.")
    when = moment_text(moment, now, tz)
    if deadline:
        return f"Пропустить ход можно будет {when} — тогда выйдет время на этот ход (сейчас ходит {name})."
    left = format_duration(moment - now)
    return f"Пропустить ход можно будет {when} — если {name} так и не походит к напоминанию (осталось ждать {left})."

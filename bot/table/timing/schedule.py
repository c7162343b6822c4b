"""When a turn's reminder and deadline are due: one rule for every path that writes them (a turn passing, a
setting changed, a player going away or coming back, a reminder firing), so that the timer rows are the truth
that `/turn` and `/skip` read. Pure functions of the chat's settings and moments (seconds, as time.time()).

The rule (the chat's quiet hours and time zone):

- The turn's time counts from its start, or from the player's return when they were away (/away) during it.
- The reminder is due `remind_after` after that; one that falls into the quiet hours waits for their end.
- The *window* is what the settings leave between the reminder and the deadline: limit − reminder (none without
  a reminder, or with one that would come at or after the deadline).
- The deadline is due `time_limit` after the start, but never sooner than the window after the reminder: a
  reminder put off by the night puts the deadline off as much.
- A deadline that falls into the quiet hours moves to their end plus the window (should that fall into the next
  quiet hours, to their end), and a reminder is due when the window begins: after the night the player is
  reminded first and keeps the whole window. Without a window (no reminder before the deadline) the deadline
  comes at the end of the quiet hours.
- Reminders repeat `remind_after` after the previous one (out of the quiet hours), at most REMINDERS in a turn,
  and one always comes when the window before the deadline begins; none comes at or after the deadline, so a
  reminder and a deadline never fire together.

Quiet hours 23–08 (Moscow), a reminder after 1 hour, 2 hours for a turn, a turn that begins at 22:30:

>>> from bot.table.timing.clock import HOUR
>>> from bot.table.timing.settings import ChatSettings
>>> settings = ChatSettings(remind_after=HOUR, time_limit=2 * HOUR)
>>> at = lambda hours, minutes=0: dt.datetime(2026, 6, 1, hours, minutes, tzinfo=settings.tz).timestamp()
>>> timers = turn_timers(settings, since=at(22, 30), start=at(22, 30), now=at(22, 30))
>>> [(kind, dt.datetime.fromtimestamp(due, settings.tz).strftime("%d %H:%M")) for kind, due in timers]
[('remind', '02 08:00'), ('deadline', '02 09:00')]
"""

from __future__ import annotations

import datetime as dt

from bot.table.timing.clock import not_quiet
from bot.table.timing.settings import ChatSettings

REMINDERS = 3  # reminders in one turn at most (the window's own reminder aside); then the group decides (/skip)
# a timer row that never fires: the moment the turn's time began counting again (the player's return from /away)
RETURNED = "returned"


def after_quiet(moment: float, settings: ChatSettings) -> float:
    """`moment` itself outside the chat's quiet hours, otherwise their end."""
    return not_quiet(dt.datetime.fromtimestamp(moment, dt.UTC), settings.quiet, settings.tz).timestamp()


def window(settings: ChatSettings) -> int:
    """What the settings leave between the reminder and the deadline (0: no reminder comes before it).

    >>> HOUR = 3600
    >>> window(ChatSettings(remind_after=HOUR, time_limit=3 * HOUR)), window(ChatSettings(time_limit=HOUR))
    (7200, 0)
    """
    remind, limit = settings.remind_after, settings.time_limit
    return limit - remind if remind and limit and remind < limit else 0


def deadline_for(settings: ChatSettings, start: float, reminded: float | None, now: float) -> float | None:
    """The deadline of a turn whose time counts from `start`, whose (first) reminder is or was due at `reminded`;
    never before `now`; None without a time limit."""
    if not settings.time_limit:
        return None
    spare = window(settings)
    due = max(start + settings.time_limit, now)
    if reminded is not None and spare:
        due = max(due, reminded + spare)
    morning = after_quiet(due, settings)
    if morning > due:  # the night: its end plus the whole window, which begins with a reminder
        due = after_quiet(morning + spare, settings)
    return due


def next_reminder(settings: ChatSettings, earliest: float, fired: int, deadline: float | None,
                  now: float) -> float | None:
    """The next reminder of a turn that has had `fired` of them: at `earliest` (out of the quiet hours) while fewer
    than REMINDERS were sent, and in any case when the window before the deadline begins, if that is still
    ahead; None when nothing is due before the deadline."""
    due = after_quiet(earliest, settings) if settings.remind_after and fired < REMINDERS else None
    spare = window(settings)
    if deadline is not None and spare:
        opens = after_quiet(deadline - spare, settings)
        if opens > now and (due is None or opens < due):
            due = opens
    if due is not None and deadline is not None and due >= deadline:
        return None
    return due


def turn_timers(settings: ChatSettings, since: float, start: float, now: float, away: float | None = None,
                fired: int = 0) -> list[tuple[str, float]]:
    """The pending ("remind", due) and ("deadline", due) of a turn that began at `since`, whose time counts from
    `start` (the return from /away, or `since`), looked at `now` (nothing is due earlier), whose player is away
    until `away` (None: here) and has had `fired` reminders."""
    remind = settings.remind_after
    first = None if not remind else max(since + remind, away) if away is not None else start + remind
    if first is not None and not fired:
        first = max(first, now)  # not sent yet: due now at the earliest
    reminded = after_quiet(first, settings) if first is not None else None
    deadline = deadline_for(settings, start, reminded, now)
    if remind and fired:
        earliest = max(start + (fired + 1) * remind, now)
    else:
        earliest = first if first is not None else now
    due = next_reminder(settings, earliest, fired, deadline, now)
    timers = [("remind", due)] if due is not None else []
    return timers + ([("deadline", deadline)] if deadline is not None else [])

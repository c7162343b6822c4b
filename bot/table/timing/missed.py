"""«Что было без вас»: when the turn comes to a player who has not played for longer than the chat's reminder
time (or their first reminder after a return from /away comes), their private note tells what the others did since
their last move (since the game began, if they have not moved yet), one line per turn, from the game's log (the
board itself is linked under the note).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from bot.replies.lines import shortened_text
from bot.storage.base import GameRow, LogLine
from bot.table.texts import step_text
from bot.table.timing.clock import HOUR
from rules.text import count

if TYPE_CHECKING:
    from bot.table.core import Table

SHOWN_TURNS = 10  # turns told one by one; the rest is «и ещё N ходов»
LOOKED_AT = 400  # log lines read at most
LINE_LENGTH = 200  # a turn's line is cut after this many characters
ABSENT_AFTER = 12 * HOUR  # without a reminder time in the chat


def turns_since(lines: list[LogLine], seat: int, user_id: int) -> list[list[LogLine]]:
    """The turns played after the latest move the player made themselves, each as its log lines, oldest first;
    every turn in `lines` when they have not moved yet (or the log no longer reaches back to it): the autopilot
    may have played their seat while they were away since the game began."""
    last = next((i for i in range(len(lines) - 1, -1, -1)
                 if lines[i].seat == seat and lines[i].user_id == user_id), -1)
    turns: list[list[LogLine]] = []
    for line in lines[last + 1:]:
        if not turns or turns[-1][-1].ends_turn or turns[-1][-1].seat != line.seat:
            turns.append([])
        turns[-1].append(line)
    return turns


def story_text(turns: list[list[LogLine]], names: list[str]) -> str:
    """The turns as lines, at most SHOWN_TURNS of them (the latest), and how many more there were."""
    lines = []
    for turn in turns[-SHOWN_TURNS:]:
        text = " ".join(step_text(line.summary, names[line.seat]) for line in turn)
        lines.append("• " + escape(shortened_text(text, LINE_LENGTH)))  # cut after a whole word
    earlier = len(turns) - SHOWN_TURNS
    more = [f"…и ещё {count(earlier, 'ход', 'хода', 'ходов')} раньше (все — /log в чате)."] if earlier > 0 else []
    return "\n".join(["", "", "<b>Что было без вас:</b>", *more, *lines])


async def missed(table: Table, row: GameRow, seat: int) -> str:
    """The «что было без вас» part of a private «ваш ход» note of `seat` ("" when the player was here lately).
    It counts from the player's own latest move, or from the start of the game when they have not moved yet
    (away since it began, the autopilot playing for them); «lately» is the chat's reminder time, and a player
    whose seat the autopilot played meanwhile (away, /away) was not here lately."""
    player = row.seats[seat]
    settings = await table.chat_settings(row.chat_id, row.topic)
    lines = await table.store.log(row.id, LOOKED_AT)
    turns = turns_since(lines, seat, player.user_id)
    if not turns:
        return ""
    played_for = any(line.seat == seat for turn in turns for line in turn)  # the autopilot: they were away
    seen = next((line.created_at for line in reversed(lines) if line.seat == seat and line.user_id == player.user_id),
                turns[0][0].created_at)  # never moved: the game's first move here
    if not played_for and table.clock() - seen < (settings.remind_after or ABSENT_AFTER):
        return ""
    return story_text(turns, [s.name for s in row.seats])

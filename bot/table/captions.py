"""What a board's caption tells above «Ходит …» when the board is redrawn for a menu level: the turn being played.

A menu press never reuses the caption of the message that was pressed (the copy a client sends back may be an older
one, and it is plain text that would be escaped once more): the caption is told again from the game's log. While the
player to move is in the middle of their turn it tells that turn's steps so far; before their first step, the turns
played since their previous one (what the board that gave them the turn told), or, at the start of a game, the order
of play.
"""

from __future__ import annotations

from html import escape

from bot.replies.names import plain
from bot.storage.base import GameRow, LogLine
from bot.table.seating.robots import shortened
from bot.table.texts import seat_title, step_text
from bot.table.timing.missed import turns_since

LOOKED_AT = 60  # log lines read at most for the turns since the player's previous one


def begun(lines: list[LogLine], seat: int) -> bool:
    """Whether the latest line of the log is a step of `seat` in a turn still under way.

    >>> line = LogLine(1, 2, 0, "build A1", "Аня строит A1.", 0.0)
    >>> begun([line], 0), begun([line], 1), begun([], 0)
    (True, False, False)
    """
    return bool(lines) and lines[-1].seat == seat and not lines[-1].ends_turn


def turn_steps(lines: list[LogLine], seat: int) -> list[LogLine]:
    """The steps of the turn of `seat` under way (the latest lines, back to where its turn began).

    >>> steps = [LogLine(1, 2, 1, "a", "Борис идёт.", 0.0, ends_turn=True), LogLine(2, 3, 0, "b", "Аня идёт.", 0.0),
    ...          LogLine(3, 4, 0, "c", "Аня берёт.", 0.0)]
    >>> [line.number for line in turn_steps(steps, 0)], turn_steps(steps, 1)
    ([2, 3], [])
    """
    if not begun(lines, seat):
        return []
    first = len(lines) - 1
    while first > 0 and lines[first - 1].seat == seat and not lines[first - 1].ends_turn:
        first -= 1
    return lines[first:]


def order_line(row: GameRow, first: int) -> str:
    """«Порядок хода: Борис → Анна.», from the seat `first`."""
    seats = row.seats[first:] + row.seats[:first]
    return "Порядок хода: " + " → ".join(plain(seat_title(s)) for s in seats) + "."


def story(row: GameRow, lines: list[LogLine], seat: int) -> list[str]:
    """The caption's lines above «Ходит …» for the player of `seat`, told from the log `lines` (oldest first)."""
    names = [s.name for s in row.seats]
    steps = turn_steps(lines, seat)
    if steps:  # in the middle of the turn: its steps so far, as the board of each step told them
        return [escape(step_text(line.summary, names[seat])) for line in steps]
    if not lines:  # nobody has moved yet
        return [order_line(row, seat)]
    player = row.seats[seat]
    turns = turns_since(lines, seat, player.user_id)
    if len(lines) >= LOOKED_AT and len(turns) > 1:  # the oldest may be the tail of a turn begun further back
        turns = turns[1:]
    if not turns:  # the same player has the turn again: their previous one
        turns = [turn_steps(lines[:-1] + [_open(lines[-1])], seat) or lines[-1:]]
    told = [(turn[0].seat, escape(step_text(line.summary, names[line.seat]))) for turn in turns for line in turn]
    return shortened([], told)


def _open(line: LogLine) -> LogLine:
    """The line as if its turn went on (to gather the steps of a turn that ended it)."""
    return LogLine(line.number, line.version, line.seat, line.notation, line.summary, line.created_at, line.user_id,
                   line.reveals, False)

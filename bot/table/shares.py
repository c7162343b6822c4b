"""Who really played a seat: a person's seat that the autopilot played for part of the game (the person left, was
voted out, was away, ran out of time) keeps the person in the results, and the record tells the autopilot's share:
«Вера 31 (с 5-го хода играл автопилот 🤖)», «Вера 31 (автопилот 🤖 сыграл 2 хода из 20)».

The share is counted when the game ends, from the log (`LogLine.user_id` 0: the autopilot's action), and kept in
the seat's results as "autopilot": [its turns, the seat's turns, the seat's turn from which it played to the end
or None]. A turn is the autopilot's when the action that ended it was; a skipped turn is nobody's.
"""

from __future__ import annotations

from bot.storage.base import GameRow, LogLine
from rules.text import count

AUTOPILOT_USER = 0  # the user id of the autopilot's actions in the log
SKIP = "skip"  # the notation of a skipped turn


def shares(log: list[LogLine], last: tuple[int, int, str] | None) -> dict[int, list]:
    """Per seat the autopilot played a turn of: [its turns, the seat's turns, the turn (1-based) from which it
    played every turn to the end, or None]. `last`: (seat, user id, notation) of the game's final action, not yet
    in the log."""
    ends = [(line.seat, line.user_id, line.notation) for line in log if line.ends_turn]
    if last is not None:
        ends.append(last)
    turns: dict[int, list[bool]] = {}
    for seat, user_id, notation in ends:
        if notation != SKIP:
            turns.setdefault(seat, []).append(user_id == AUTOPILOT_USER)
    found = {}
    for seat, by_autopilot in turns.items():
        if any(by_autopilot):
            human = [i for i, autopilot in enumerate(by_autopilot) if not autopilot]
            since = (human[-1] + 2 if human else 1) if by_autopilot[-1] else None
            found[seat] = [sum(by_autopilot), len(by_autopilot), since]
    return found


def share_text(result: dict, past: GameRow | None = None) -> str:
    """« (с 5-го хода играл автопилот 🤖)» after a person's result; "" for a seat the person played throughout (or a
    bot's). A game finished before the shares were counted tells only that the autopilot finished the seat."""
    if result.get("bot"):
        return ""
    share = result.get("autopilot")
    if share is None:
        seat = result.get("seat")
        seats = past.seats if past is not None else []
        away = seat is not None and seat < len(seats) and seats[seat].away
        return " (доигрывал автопилот 🤖)" if away else ""
    played, total, since = share
    if played >= total:
        return " (все ходы сыграл автопилот 🤖)"
    if since is not None:
        return f" (с {since}-го хода играл автопилот 🤖)"
    return f" (автопилот 🤖 сыграл {count(played, 'ход', 'хода', 'ходов')} из {total})"

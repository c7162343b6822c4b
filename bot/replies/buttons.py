"""Inline-button data: short ASCII strings that name the game and its version, so that a stale or
forged button is recognised and refused. Telegram allows at most 64 bytes.

>>> encode_move(12, 7, 3)
'g:12:7:3'
>>> decode("g:12:7:3")
('g', 12, 7, 3)
>>> decode("rule:valdora.one-action"), decode("rule:../etc")
(('rule', 'valdora.one-action'), None)
"""

from __future__ import annotations

import re

from bot.replies.reply import Button

MOVE, JOIN, LEAVE, BEGIN, ABORT_YES, ABORT_NO, MY_SCORE = "g", "join", "leave", "begin", "abort", "keep", "me"
# GROUP opens a level of the action menu: game, version, the group's first action and its depth (bot.table.menus);
# SECRET shows the presser their own secrets (hand, hidden card) in an alert only they see
GROUP, SECRET = "k", "s"
# UNDO takes back the presser's last move (game, version); VOTE is a ballot (game, version, VOTE_KINDS index,
# 1 yes / 0 no); SETTING switches a chat setting (SETTING_NAMES index) to its next usual value
UNDO, VOTE, SETTING = "u", "v", "set"
NEW = "new"  # a game chosen from the buttons of a bare /new: its index among the games the bot knows
REMATCH = "re"  # «🔁 Реванш» under a finished game's board (or offered by a bare /new): that game's id
ADD_BOT, REMOVE_BOT = "ab", "rb"  # the lobby's «🤖 Добавить бота» and «🤖 Убрать бота» (game)
# TABLE_SETTING switches a setting of the table the button is at (SETTING_NAMES index); /tables gives administrators
# TABLES_ABORT under each open table (game, version), which asks again: TABLES_YES aborts it, TABLES_NO does not
TABLE_SETTING, TABLES_ABORT, TABLES_YES, TABLES_NO = "ts", "ta", "ty", "tn"
VOTE_KINDS = ("skip", "kick", "undo")
SETTING_NAMES = ("remind", "limit", "timeout", "quiet", "away")
KINDS = {MOVE: 3, JOIN: 1, LEAVE: 1, BEGIN: 1, ABORT_YES: 2, ABORT_NO: 1, MY_SCORE: 1, GROUP: 4, SECRET: 1,
         UNDO: 2, VOTE: 4, SETTING: 1, NEW: 1, REMATCH: 1, ADD_BOT: 1, REMOVE_BOT: 1,
         TABLE_SETTING: 1, TABLES_ABORT: 2, TABLES_YES: 2, TABLES_NO: 2}
# the buttons whose answer depends on whether the presser is a chat administrator (the front end asks Telegram)
ASK_ADMIN = (ABORT_YES, ABORT_NO, SETTING, TABLE_SETTING, TABLES_ABORT, TABLES_YES, TABLES_NO)
# rule buttons carry a section id or a game id: RULE sends the section as a new message, RULE_PAGE
# shows it in place of the message that had the button, RULE_LIST lists a game's sections
RULE, RULE_PAGE, RULE_LIST = "rule", "page", "list"
NAMED = re.compile(r"[a-z][a-z0-9.-]{0,50}")
MAX_BYTES = 64


def encode_move(game_id: int, version: int, index: int) -> str:
    return f"{MOVE}:{game_id}:{version}:{index}"


def encode(kind: str, *numbers: int) -> str:
    return ":".join([kind, *map(str, numbers)])


def decode(data: str) -> tuple | None:
    """(kind, *numbers) for well-formed data, None for anything else (forged or from an old bot)."""
    if not data or len(data.encode()) > MAX_BYTES:
        return None
    kind, *parts = data.split(":")
    if kind in (RULE, RULE_PAGE, RULE_LIST):
        return (kind, parts[0]) if len(parts) == 1 and NAMED.fullmatch(parts[0]) and ".." not in parts[0] else None
    if KINDS.get(kind) != len(parts) or not all(p.isascii() and p.isdigit() and len(p) < 12 for p in parts):
        return None
    return (kind, *map(int, parts))


def asks_admin(data: str) -> bool:
    """Whether the answer to a button depends on the presser being a chat administrator.

    >>> asks_admin("set:1"), asks_admin("keep:12"), asks_admin("g:12:7:3"), asks_admin("settle")
    (True, True, False, False)
    """
    return data.split(":", 1)[0] in ASK_ADMIN


def layout(buttons: list[Button]) -> list[list[Button]]:
    """Rows that fit a phone: three short labels a row, two medium ones, long ones alone."""
    rows: list[list[Button]] = []
    for button in buttons:
        width = 3 if len(button.text) <= 9 else 2 if len(button.text) <= 18 else 1
        if rows and len(rows[-1]) < width and all(len(b.text) <= _limit(width) for b in rows[-1]):
            rows[-1].append(button)
        else:
            rows.append([button])
    return rows


def _limit(width: int) -> int:
    return {3: 9, 2: 18}.get(width, 0)

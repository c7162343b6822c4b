"""Commands typed with a typo (/bord, /scroe, /mvoe Д10): the nearest command the bot knows, by edit distance.

An unknown command is never taken as a move: it gets «Не знаю команды /bord. Может быть, /board?», in a game too,
with its arguments kept (`/mvoe Д10` → `/move Д10`). A command far from every one of ours is most likely meant for
another bot in the group (/roll 2d6) and is left alone there; in private there is no other bot, so it is answered.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from bot.replies.reply import Chat, Reply
from bot.storage.base import ACTIVE, GameRow
from bot.table.core import Table


def distance(a: str, b: str) -> int:
    """Edits that turn `a` into `b`: a letter added, removed or changed, or two neighbours swapped.

    >>> distance("bord", "board"), distance("scroe", "score"), distance("mvoe", "move"), distance("new", "new")
    (1, 1, 1, 0)
    >>> distance("roll", "log"), distance("abc", "")
    (3, 3)
    """
    rows = [list(range(len(b) + 1))]
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            best = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                best = min(best, rows[-2][j - 2] + 1)
            row.append(best)
        rows.append(row)
    return rows[-1][-1]


def allowed(name: str) -> int:
    """How many edits a command of this length may carry and still be a typo of ours: one in a short name
    (/lo is not /log's typo of /go…), two from six letters on (/provsions, /setings)."""
    return 1 if len(name) < 6 else 2


def nearest(name: str, commands: Iterable[str]) -> str | None:
    """The closest of `commands` to the typed `name` (the first of equally close ones: pass the likeliest first),
    None when none is close enough to be a typo.

    >>> nearest("bord", ["board", "abort"]), nearest("scroe", ["score", "set"]), nearest("roll", ["log", "turn"])
    ('board', 'score', None)
    >>> nearest("mvoe", ["new", "move", "more"]), nearest("x", ["end"])
    ('move', None)
    """
    best, best_distance = None, None
    for command in commands:
        if command == name:
            return command
        edits = distance(name, command)
        if edits <= allowed(max(name, command, key=len)) and edits < len(command) and (
                best_distance is None or edits < best_distance):
            best, best_distance = command, edits
    return best


def is_move(table: Table, row: GameRow, name: str, args: str) -> bool:
    """/`name` is a move of some game (a refusal then tells why it is not one now), or the running game reads it
    as one of its legal moves; anything else is an unknown command, never a move (/scroe, /bord)."""
    if any(name == command for game in table.games.values() for command, _ in game.commands):
        return True
    game, state = table.state(row)
    try:
        return game.parse(state, f"/{name} {args}".strip()) in game.legal_actions(state)
    except Exception:  # RuleError: not a move; anything else is a game's parse failing on odd input
        return False


def unknown_command(table: Table, chat: Chat, row: GameRow | None, name: str, args: str,
                    known: list[str]) -> list[Reply]:
    """A command that is none of ours: the nearest of ours (a typo: /bord, /mvoe Д10), the running game's moves
    first, then the `known` ones (the bot's own commands and every game's moves; `answer`)."""
    running = table.games.get(row.game) if row is not None and row.status == ACTIVE else None
    ours = [command for command, _ in (running.commands if running else ())] + ["start", *known]
    return answer(name, args, ours, chat.private)


def answer(name: str, args: str, commands: Iterable[str], private: bool) -> list[Reply]:
    """The answer to /`name` that is none of `commands`: the nearest one with the same arguments; nothing in a
    group when none is near (another bot's command), a pointer to /help in private."""
    close = nearest(name, commands)
    typed = escape(f"/{name}")
    if close is None:
        return [Reply(f"Не знаю команды {typed}. Все команды — /help.")] if private else []
    # a bare command is a link Telegram lets one tap; with arguments, a piece of code one copies
    suggestion = f"<code>{escape(f'/{close} {args}')}</code>" if args else f"/{close}"
    return [Reply(f"Не знаю команды {typed}. Может быть, {suggestion}? Все команды — /help.")]

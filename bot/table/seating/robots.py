"""Bot players at the table: seats the bot itself plays, at a level of `rules.levels` (лёгкий, средний, сильный).

In the lobby the players seat bots (/addbot [уровень], the «🤖 Добавить бота» button) and take them away
(/leave бот [имя], «🤖 Убрать бота»); a game may then start with one person, in a group or in the private chat
with the bot. A bot seat has no Telegram user: its user id is negative (persons' ids are positive, and the
anonymous administrator, who uses the group's own negative id, never sits down), so it is never mentioned, sent
private notes, reminded or given a deadline. A bot moves right after the player before it (`Turns.autoplay`, in
the same update), and a turn left to a bot is also a timer row (kind `bot`), so a turn that a crash interrupted
is played when the bot is back. The autopilot that plays for an away person thinks the same way, at средний.

Thinking runs away from the event loop, in the pictures' worker processes (`render.pool.think`).
"""

from __future__ import annotations

import asyncio
import logging
from html import escape

from bot.replies import buttons
from bot.replies.names import distinct_name, plain
from bot.replies.reply import ButtonAnswer, Chat, Reply, User
from bot.replies.words import declined
from bot.storage.base import LOBBY, GameRow, Seat
from bot.table.core import STALE, Table
from bot.table.texts import seat_title
from rules.levels import DEFAULT_LEVEL, LEVELS, choose
from rules.protocol import Game
from rules.registry import GAMES
from rules.text import count

log = logging.getLogger(__name__)

# the bots' names, in the order they sit down: short, distinct, and each a "он" (the log says «Бот Ёж берёт …»)
BOT_NAMES = ("Филин", "Барсук", "Ёж", "Енот", "Бобр", "Лис")
BOT_PREFIX = "Бот "
AUTOPILOT_LEVEL = "средний"  # how the autopilot plays for a person who is away (left, voted out, out of time)
BOT_TIMER = "bot"  # the timer kind of a turn left to a bot: fires if the move that handed it over was cut short
CAPTION_BUDGET = 950  # characters of a board's caption the bots' moves may fill (a photo caption holds 1024)
BOT_GRACE = 20.0  # seconds before that timer is due: the bot normally moves long before, in the same update
# what players type for a level: the level itself, without «ё», or its first letters
LEVEL_WORDS = {"легкий": "лёгкий", "лёгкий": "лёгкий", "простой": "лёгкий", "слабый": "лёгкий",
               "средний": "средний", "обычный": "средний", "сильный": "сильный", "трудный": "сильный",
               "сложный": "сильный"}


def bot_user_id(index: int) -> int:
    """The user id of the bot named BOT_NAMES[index]: negative, so never a person's (Telegram's are positive)."""
    return -1 - index


def parse_level(text: str) -> str | None:
    """A level from what a player typed («сильный», «Сильн», «легкий»); None when it names none.

    >>> parse_level("Сильн"), parse_level("легкий"), parse_level(""), parse_level("с")
    ('сильный', 'лёгкий', None, None)
    """
    word = text.strip().lower().replace("ё", "е")
    if len(word) < 3:
        return None
    found = {level for key, level in LEVEL_WORDS.items() if key.replace("ё", "е").startswith(word)}
    return found.pop() if len(found) == 1 else None


def plays_itself(seat: Seat) -> bool:
    """Nobody is asked for this seat's moves: a bot's, or a person's the autopilot took over."""
    return seat.bot or seat.away


def shortened(headlines: list[str], steps: list[tuple[int, str]]) -> list[str]:
    """The lines that tell the bots' (and the autopilot's) `steps` (seat, headline) on the board after
    `headlines`: each step its own line while the caption fits a photo's (1024 characters); else each turn is
    its first step and how many followed (the whole of it is in /log), so that the board stays one message."""
    lines = [headline for _, headline in steps]
    if len("\n".join(headlines + lines)) <= CAPTION_BUDGET:
        return lines
    turns: list[list[str]] = []
    for i, (seat, headline) in enumerate(steps):
        if i and steps[i - 1][0] == seat:
            turns[-1].append(headline)
        else:
            turns.append([headline])
    return [turn[0] + (f" … и ещё {count(len(turn) - 1, 'действие', 'действия', 'действий')} (/log)"
                       if len(turn) > 1 else "") for turn in turns]


def may_manage_bots(row: GameRow, user: User) -> bool:
    """Who seats and removes bots: whoever opened the lobby, or anyone at the table once that person has left."""
    creator_left = row.seat_of(row.creator_id) is None and row.seat_of(user.id) is not None
    return user.id == row.creator_id or creator_left


async def choose_action(table: Table, row: GameRow, game: Game, state) -> str:
    """The action of the seat to move, thought over away from the event loop: its bot's level, or средний for
    the autopilot. Deterministic (the seed comes from the game's seed and version), so a replay agrees. Should
    the thinking fail or offer an illegal action, the game's own autopilot plays instead: a game never stalls."""
    seat = row.seats[game.current_seat(state)]
    level = seat.level if seat.level in LEVELS else AUTOPILOT_LEVEL
    seed = (row.seed * 1_000_003 + row.version) % 2**31
    try:
        if GAMES.get(row.game) is game:  # a registered game: the worker knows it by name
            action = await table.pictures.think(row.game, game.dump(state), level, seed, key=row.id)
        else:  # a game given to the service directly (the tests' small games): thought over in a thread
            action = await asyncio.to_thread(choose, game, game.load(game.dump(state)), level, seed)
    except Exception:
        log.exception("the %s bot could not choose a move in game %s; the autopilot plays it", level, row.id)
        action = None
    if action is None or action not in game.legal_actions(state):
        if action is not None:
            log.error("the %s bot chose %r, not a legal action in game %s; the autopilot plays", level, action, row.id)
        action = game.autopilot(state)
    return action


class Robots:
    """/addbot and removing bots from a lobby (/leave бот, the lobby's 🤖 buttons). A part of the service."""

    def __init__(self, table: Table):
        self.table = table

    async def add(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        level = parse_level(args) if args.strip() else DEFAULT_LEVEL
        if level is None:
            return [Reply(f"Не знаю уровня «{escape(args.strip())}». Уровни ботов: {', '.join(LEVELS)}; например, "
                          f"<code>/addbot {DEFAULT_LEVEL}</code>.")]
        refusal = self._refusal(user, row, adding=True)
        if refusal:
            return [Reply(refusal, only_for=user.id)]
        return [await self._added(user, row, level)]

    async def _added(self, user: User, row: GameRow, level: str) -> Reply:
        taken = {s.user_id for s in row.seats}
        index = next(i for i in range(len(BOT_NAMES)) if bot_user_id(i) not in taken)
        seats = [(s.user_id, s.name, s.level) for s in row.seats]
        name = distinct_name(BOT_PREFIX + BOT_NAMES[index], "", [s.name for s in row.seats])  # a person's may match
        seats.append((bot_user_id(index), name, level))
        await self.table.store.set_seats(row.id, row.version, seats)
        row = await self.table.store.game(row.id)
        return await self.table.lobby(row, f"🤖 {plain(user.name)} сажает за стол бота: "
                                      f"{plain(seat_title(row.seats[-1]))}.", row.lobby_message_id)

    def _refusal(self, user: User, row: GameRow | None, adding: bool) -> str | None:
        if row is None:
            return "Сейчас никто не собирает игру. Начните набор: /new — а потом посадите ботов."
        if row.status != LOBBY:
            return "Партия уже идёт: ботов сажают и убирают только до начала, в наборе."
        if not may_manage_bots(row, user):
            return "Ботов сажает и убирает тот, кто собрал игру."
        game = self.table.game(row)
        if adding and len(row.seats) >= game.max_players:
            return (f"За столом уже {self.table.players(len(row.seats))}: больше в «{declined(game.title, 'accs')}» "
                    "не играют.")
        if not adding and not any(s.bot for s in row.seats):
            return "Ботов за столом нет."
        return None

    def named_bot(self, row: GameRow, args: str) -> Seat | None | str:
        """The bot `/leave бот [имя]` means: the one named, or the last seated; a refusal (str) when the name
        matches no bot, None when the words are not about a bot at all."""
        words = args.lower().replace("ё", "е").split()
        if not words:
            return None
        bots = [s for s in row.seats if s.bot]
        about_bots = words[0] in ("бот", "бота", "ботов")
        name = " ".join(words[1:] if about_bots else words)
        if not name:
            return bots[-1] if bots else "Ботов за столом нет." if about_bots else None
        found = [s for s in bots if s.name.lower().replace("ё", "е").removeprefix("бот ").startswith(name)]
        if len(found) == 1:
            return found[0]
        if not about_bots:  # «/leave пока всем»: the player leaves, the words are not about a bot
            return None
        listed = ", ".join(plain(s.name) for s in bots) or "ни одного"
        return f"Такого бота за столом нет. Боты за столом: {listed}."

    async def remove(self, chat: Chat, user: User, row: GameRow, bot: Seat) -> list[Reply]:
        refusal = self._refusal(user, row, adding=False)
        if refusal:
            return [Reply(refusal, only_for=user.id)]
        return [await self._removed(user, row, bot)]

    async def _removed(self, user: User, row: GameRow, bot: Seat) -> Reply:
        seats = [(s.user_id, s.name, s.level) for s in row.seats if s.user_id != bot.user_id]
        await self.table.store.set_seats(row.id, row.version, seats)
        row = await self.table.store.game(row.id)
        return await self.table.lobby(row, f"🤖 {plain(user.name)} убирает из-за стола бота: {plain(bot.name)}.",
                                      row.lobby_message_id)

    async def button(self, chat: Chat, user: User, row: GameRow, kind: str) -> ButtonAnswer:
        """«🤖 Добавить бота» (at the default level) and «🤖 Убрать бота» (the last one seated) under the lobby:
        the lobby changes in place; a refusal is a toast for the presser alone."""
        if row.status != LOBBY:
            return ButtonAnswer(toast=STALE)
        adding = kind == buttons.ADD_BOT
        refusal = self._refusal(user, row, adding)
        if refusal:
            return ButtonAnswer(toast=refusal, alert=len(refusal) > 60)
        if adding:
            lobby = await self._added(user, row, DEFAULT_LEVEL)
        else:
            lobby = await self._removed(user, row, [s for s in row.seats if s.bot][-1])
        return ButtonAnswer(edit=Reply(lobby.text, buttons=lobby.buttons, remember=lobby.remember))


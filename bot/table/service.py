"""The bot without a transport: (chat, user, command or button) -> replies.

Telegram and the console are thin front ends over this class; the tests drive it directly. It knows
games only through `rules.protocol.Game` and pictures only through `render.registry`. It never lets
an exception reach a front end: a refusal is a Russian reply and changes nothing.


The service is composed of parts, each handed what it needs: the core (`core.Table`: the store, the games, the
clock, the pictures and the board), turns and timers (`turns`), votes (`votes`), undo (`undo`), the lobby
(`lobby`), moves and looking (`moves`), finished games (`history`), a chat's and a table's settings
(`settings_menu`), every open table of a chat (`tables`) and the Mini App's page (`app_view`); who may do what is
in `rights`.
This class keeps the entry points and hands each command and button to its part.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from bot.lookup import answers
from bot.lookup.position import position_reply
from bot.lookup.rulebook import RuleBook
from bot.replies import buttons
from bot.replies.names import as_seated
from bot.replies.reply import ButtonAnswer, Chat, InlineAnswer, Reply, User
from bot.storage import DATABASE_ERRORS, open_store
from bot.storage.base import (
    ACTIVE,
    CURRENT_UPDATE,
    FINISHED,
    Conflict,
    Delivery,
    Duplicate,
    GameRow,
    write_failure,
)
from bot.storage.sqlite import Store
from bot.table.app_view import AppView
from bot.table.choices import private_choices
from bot.table.core import Table
from bot.table.guide import GUIDE_PAYLOAD, help_reply
from bot.table.history import History
from bot.table.links import is_old_query, query_token
from bot.table.moves import Moves
from bot.table.personal import kept_personal
from bot.table.private_text import PrivateText
from bot.table.seating.lobby import Lobby
from bot.table.seating.robots import Robots
from bot.table.tables import Tables
from bot.table.timing.away import Away
from bot.table.timing.settings import ChatSettings
from bot.table.timing.settings_menu import SettingsMenu
from bot.table.topics import CHOICE_MARK, Topics
from bot.table.turns import Turns
from bot.table.typed import plain_move
from bot.table.typos import is_move, unknown_command
from bot.table.voting.rewind import Rewind
from bot.table.voting.undo import Undo
from bot.table.voting.votes import VOTE_MESSAGE, Votes
from render.pool import Pictures
from rules.protocol import Game

log = logging.getLogger(__name__)

SORRY = "Что-то пошло не так, ход не записан. Попробуйте ещё раз."
# what anyone may do in a group, without a seat (an anonymous administrator too)
LOOKING = ("board", "moves", "score", "log", "abort", "turn", "history", "stats", "settings", "tables")
BUSY = "Стол как раз менялся, команда не выполнена. Попробуйте ещё раз."
CONFLICT_RETRIES = 3  # a lobby join that lost a race with another join is simply tried again

# Commands the bot itself handles; a game adds its own move commands (`Game.commands`).
COMMANDS: tuple[tuple[str, str], ...] = (
    ("new", "Новая партия: /new и название игры"),
    ("join", "Сесть за стол"),
    ("leave", "Выйти из набора"),
    ("addbot", "Посадить за стол бота: /addbot сильный"),
    ("begin", "Начать партию"),
    ("board", "Доска и кнопки ходов"),
    ("moves", "Все разрешённые ходы"),
    ("score", "Счёт"),
    ("log", "Последние ходы"),
    ("turn", "Чей ход и сколько ждём"),
    ("undo", "Отменить свой ход"),
    ("skip", "Пропустить ход отсутствующего"),
    ("kick", "Отдать место отсутствующего автопилоту"),
    ("away", "Уезжаю: /away 3д или /away до пятницы"),
    ("back", "Я вернулся из отъезда"),
    ("settings", "Напоминания, время на ход, тихие часы"),
    ("history", "Сыгранные партии"),
    ("stats", "Статистика чата"),
    ("games", "Мои партии (в личке)"),
    ("tables", "Все столы чата"),
    ("abort", "Прервать партию"),
    ("rules", "Правила: /rules провиант"),
    ("help", "Как играть"),
)


def _shared(name: str) -> property:
    """An attribute of the core, read and set through the service (the front ends and the tests do both)."""
    return property(lambda self: getattr(self.table, name), lambda self, value: setattr(self.table, name, value))


class Service:
    store = _shared("store")
    games = _shared("games")
    rulebook = _shared("rulebook")
    defaults = _shared("defaults")
    clock = _shared("clock")
    pictures = _shared("pictures")
    bot_username = _shared("bot_username")  # set by the Telegram front end: makes t.me deep links
    gone_chats = _shared("gone_chats")  # groups the bot was removed from: their timers wait until it is back

    def __init__(self, store: Store, games: dict[str, Game] | None = None, rulebook: RuleBook | None = None,
                 defaults: ChatSettings | None = None, clock: Callable[[], float] = time.time,
                 pictures: Pictures | None = None):
        self.table = Table(store, games, rulebook, defaults, clock, pictures)
        self.turns = Turns(self.table)
        self.rewind = Rewind(self.table, self.turns)
        self.votes = Votes(self.table, self.turns, self.rewind)
        self.undo = Undo(self.table, self.rewind, self.votes)
        self.history = History(self.table)
        self.settings = SettingsMenu(self.table, self.turns)
        self.robots = Robots(self.table)
        self.lobby = Lobby(self.table, self.turns, self.robots)
        self.moves = Moves(self.table, self.turns, self.history)
        self.away = Away(self.table, self.turns)
        self.rematch = self.lobby.rematch
        self.topics = Topics(self.table, self.lobby, self.moves.board)
        self.tables = Tables(self.table, self.lobby)
        self.app = AppView(self.table, self.turns, self.moves, self._once)  # the Mini App's page and moves
        self.private_text = PrivateText(self.table, self.moves, self._rules)  # text at a table in private

    @classmethod
    async def open(cls, database: str, defaults: ChatSettings | None = None,
                   pictures: Pictures | None = None) -> Service:
        """The service on a SQLite file path or a postgresql:// URL."""
        return cls(await open_store(database), defaults=defaults, pictures=pictures)

    async def close(self) -> None:
        try:
            await self.table.store.close()
        finally:
            await self.table.pictures.close()

    def commands(self) -> list[tuple[str, str]]:
        game_commands = [c for game in self.table.games.values() for c in game.commands]
        return list(COMMANDS) + list(dict(game_commands).items())

    async def chat_settings(self, chat_id: int, topic: int | None = None) -> ChatSettings:
        return await self.table.chat_settings(chat_id, topic)

    async def fire_timers(self) -> list[tuple[Chat, list[Reply]]]:
        """Reminders and deadlines that are due: (the chat, with the topic of the game's table; replies to send
        there) for each (`Turns.fire_timers`); and the private notes of absences (/away) that have just ended."""
        fired = [(chat, [*replies, *await self.votes.stale_notes(chat.id)]) for chat, replies in
                 await self.turns.fire_timers()]
        return fired + await self.away.ended()

    async def command(self, chat: Chat, user: User, name: str, args: str, update_id: int | None = None) -> list[Reply]:
        async def handle() -> list[Reply]:
            if chat.private:
                await self.table.store.remember_private(user.id)
            replies = await self._command(chat, user, name.lower(), args.strip())
            return await kept_personal(self.table.store, chat, replies)  # a refusal for one member stays theirs

        try:
            chat = await self.topics.named(chat)  # the topic's name as last seen (renamed, or seen first now)
            return await self._once(chat, update_id, handle, [], [Reply(BUSY)])
        except DATABASE_ERRORS as error:  # rolled back: the game is as it was
            log.exception("the database refused /%s in chat %s", name, chat.id)
            return [Reply(write_failure(error))]
        except Exception:
            log.exception("command /%s %r failed in chat %s", name, args, chat.id)
            return [Reply(SORRY)]

    async def button(self, chat: Chat, user: User, data: str, update_id: int | None = None,
                     answered: Callable[[ButtonAnswer], Awaitable[None]] | None = None) -> ButtonAnswer:
        """The answer to a pressed button. When bots move after the presser, `answered` (the front end's answer
        to the press) is called with the answer before they think; their moves are then in its replies."""
        try:
            chat = await self.topics.named(chat)
            answer = await self._once(chat, update_id, lambda: self._button(chat, user, data), ButtonAnswer(),
                                      ButtonAnswer(toast=BUSY))
        except DATABASE_ERRORS as error:  # rolled back: the game is as it was
            log.exception("the database refused button %r in chat %s", data, chat.id)
            return ButtonAnswer(toast=write_failure(error), alert=True)
        except Exception:
            log.exception("button %r failed in chat %s", data, chat.id)
            return ButtonAnswer(toast=SORRY, alert=True)
        then, answer.then = answer.then, None
        if then is None:
            return answer
        if answered is not None:
            await answered(answer)  # the press is answered at once; the bots think after it
            answer.answered = True
        try:
            answer.replies = [*answer.replies, *await then()]
        except Exception:  # the person's move is recorded; the bots' turn is a timer that plays it (BOT_GRACE)
            log.exception("the bots could not move after button %r in chat %s", data, chat.id)
        return answer

    async def text(self, chat: Chat, user: User, text: str, update_id: int | None = None) -> list[Reply]:
        """A group's plain text is talk, answered only when it is a move of the player to move (`typed.plain_move`);
        in private all is said to the bot: a move the same way, else `PrivateText` answers (at a table or not)."""
        if not chat.private:
            return await self._typed_move(chat, user, text, update_id)

        async def handle() -> list[Reply]:
            await self.table.store.remember_private(user.id)
            moved = await self._typed_move(chat, user, text, None, inside=True)  # a table here, with bots
            return moved or await self.private_text.reply(chat, user, text)

        try:
            return await self._once(chat, update_id, handle, [], [Reply(BUSY)])
        except Exception:
            log.exception("private text of %s failed", user.id)
            return [Reply(SORRY)]

    async def question(self, chat: Chat, user: User, text: str, update_id: int | None = None) -> list[Reply]:
        """A question addressed to the bot in a group («@bot как работает гавань?»): answered as /rules answers,
        in the game of this table if one is open."""
        async def handle() -> list[Reply]:
            row = await self.table.store.open_game(chat.id, chat.topic)
            return await kept_personal(self.table.store, chat, [self._rules(row, text, user)])

        try:
            return await self._once(chat, update_id, handle, [], [Reply(BUSY)])
        except Exception:
            log.exception("question %r failed in chat %s", text, chat.id)
            return [Reply("Не получилось найти ответ. Спросите ещё раз: <code>/rules вопрос</code>.")]

    async def _typed_move(self, chat: Chat, user: User, text: str, update_id: int | None,
                          inside: bool = False) -> list[Reply]:
        """Play `text` if it is a move of the player to move at the table of this chat (and topic); else nothing
        at all. Ordinary talk costs one read: only a move goes through `_once` (one write per update); `inside`:
        already in the chat's turn (within `_once`)."""
        async def found() -> tuple[GameRow, str] | None:
            row = await self.table.store.open_game(chat.id, chat.topic)
            if row is None or row.status != ACTIVE or user.id <= 0:
                return None
            game, state = self.table.state(row)
            seat = game.current_seat(state)
            if seat is None or row.seat_of(user.id) != seat:
                return None
            action = plain_move(game, state, text)
            return (row, action) if action is not None else None

        async def handle() -> list[Reply]:
            move = await found()  # again, in the chat's turn: the table may have changed meanwhile
            return (await self.moves.play(chat, as_seated(user, move[0]), *move))[0] if move is not None else []

        try:
            if inside:
                return await handle()
            if await found() is None:
                return []
            return await self._once(chat, update_id, handle, [], [Reply(BUSY)])
        except DATABASE_ERRORS as error:  # rolled back: the game is as it was
            log.exception("the database refused a typed move in chat %s", chat.id)
            return [Reply(write_failure(error))]
        except Exception:
            log.exception("typed move %r failed in chat %s", text, chat.id)
            return [Reply(SORRY)]

    async def _once(self, chat: Chat, update_id: int | None, handle, nothing, busy):
        """Run `handle` for one update, in the chat's order, at most once per update id. A write that lost a
        race to another press or process (Conflict) is tried again on the fresh state; `busy` answers when
        it keeps losing, `nothing` when the update turns out to be applied already."""
        async with self.table.locks[chat.id]:
            if update_id is not None and await self.table.store.was_handled(update_id):
                return nothing
            token = CURRENT_UPDATE.set(Delivery(update_id)) if update_id is not None else None
            try:
                for _ in range(CONFLICT_RETRIES):
                    try:
                        result = await handle()
                    except Conflict:
                        if await self.table.store.handled_elsewhere():
                            return nothing
                        continue
                    result = await self._with_stale_votes(chat, result)
                    await self.table.store.mark_handled()
                    return result
                return busy
            except Duplicate:
                return nothing
            finally:
                if token is not None:
                    CURRENT_UPDATE.reset(token)

    async def _with_stale_votes(self, chat: Chat, result):
        """`result` (replies, or a button's answer) with the vote messages of the chat that went stale in this
        update edited to say so (`Votes.stale_notes`)."""
        stale = await self.votes.stale_notes(chat.id)
        if stale and isinstance(result, ButtonAnswer):
            result.replies = [*result.replies, *stale]
        return result if not stale or isinstance(result, ButtonAnswer) else [*result, *stale]

    async def chat_moved(self, old_chat_id: int, new_chat_id: int) -> None:
        """Telegram upgraded a group to a supergroup: the game goes on under the new chat id."""
        async with self.table.locks[old_chat_id], self.table.locks[new_chat_id]:
            await self.table.store.move_chat(old_chat_id, new_chat_id)
        log.info("chat %s is now %s: its games moved with it", old_chat_id, new_chat_id)

    async def shown(self, remember: tuple[str, int], message_id: int) -> None:
        """The front end sent or edited the message of a `Reply.remember`: the game's lobby or latest board."""
        kind, game_id = remember
        try:
            if kind.startswith(VOTE_MESSAGE):  # a vote's question: edited once the vote is decided or stale
                return await self.table.store.vote_message_shown(game_id, kind.removeprefix(VOTE_MESSAGE), message_id)
            await self.table.store.set_message(game_id, kind, message_id)
        except Exception:  # the next lobby change is then sent anew rather than edited in place
            log.exception("could not remember message %s of game %s", message_id, game_id)

    async def announced(self, announces: tuple[int, int]) -> None:
        """The front end delivered the board of (game, version): that board and older ones are no longer owed."""
        try:
            await self.table.store.announced(*announces)
        except Exception:  # it stays owed and is sent again: a duplicate board, never a lost one
            log.exception("could not mark the board %s as delivered", announces)

    async def owed_boards(self, older_than: float, lease: float) -> list[tuple[Chat, tuple[int, int]]]:
        """(the chat with the topic of the game's table, (game id, version)) of every board a move has owed its
        chat for longer than `older_than` seconds (the process died between the move and the reply, or Telegram
        kept failing), claimed for this process to send: another bot process on the same database does not get
        them for `lease` seconds."""
        debts = await self.table.store.claim_owed(older_than, lease)
        return [(Chat(debt.chat_id, topic=debt.topic), (debt.game_id, debt.version)) for debt in debts]

    async def owed_board(self, announces: tuple[int, int]) -> Reply | None:
        """The owed board itself, drawn again with its move's headline; None once it is paid, or when a later
        move has superseded it (that move owes its own board)."""
        debt = await self.table.store.debt(*announces)
        if debt is None:
            return None
        row = await self.table.store.game(debt.game_id)
        if row is None or row.version != debt.version or row.status not in (ACTIVE, FINISHED):
            await self.table.store.announced(debt.game_id, debt.version)
            return None
        game, state = self.table.state(row)
        return await self.table.board_reply(row, game, state, debt.headline, debt.notify)

    async def inline(self, user: User, query: str) -> InlineAnswer:
        """Answers for inline mode: `@bot провиант` typed in any chat gives rule sections; `@bot #<token>`
        (put there by a game's "choose privately" button) gives the user their own hidden choices."""
        try:
            token = query_token(query)  # "#<token>" of a game (`bot.table.links`): an inline query carries no chat
            if token is not None or is_old_query(query):
                return await private_choices(self.table, user, token)
            return InlineAnswer(answers.articles(self.table.rulebook, query))
        except Exception:
            log.exception("inline query %r failed", query)
            return InlineAnswer([])

    async def _command(self, chat: Chat, user: User, name: str, args: str) -> list[Reply]:
        if name == "start" and chat.private and args and args != GUIDE_PAYLOAD:
            return await self.lobby.deep_link(user, args)
        if name in ("start", "help"):
            return [await help_reply(self.table, chat, name == "start" and not args)]
        section_id = answers.section_from_command(name)
        if name == "rules":  # in private, the player's own table answers about her position but narrows nothing
            row = await self.table.store.open_game(chat.id, chat.topic)
            return [self._rules(row, args, user, narrow=not chat.private)]
        if section_id:
            return [self._section(section_id)]
        if chat.private and name in ("away", "back"):  # time away is the player's own, in every chat
            return await (self.away.command if name == "away" else self.away.back)(chat, user, None, args)
        if chat.private and name == "games":  # in private the table is the player's own, with bots
            return await self.history.my_games(user)
        if (marked := CHOICE_MARK.search(args)) and any(name == c for g in self.table.games.values()
                                                        for c, _ in g.commands):
            misplaced = await self.topics.misplaced(chat, user, marked[1])  # a hidden choice of another table
            if misplaced is not None:
                return misplaced
            args = args[:marked.start()]
        if user.id < 0 and name not in LOOKING:  # an anonymous administrator: nobody to seat or move for
            return [Reply("Анонимный администратор может смотреть доску и прервать партию (/abort), но сесть за "
                          "стол и ходить — только от своего имени.")]
        handler = {
            "new": self.lobby.new, "join": self.lobby.join, "leave": self.lobby.leave, "begin": self.lobby.begin,
            "board": self.topics.board, "moves": self.moves.moves, "score": self.moves.score, "log": self.moves.log,
            "abort": self.topics.abort, "turn": self.turns.turn, "skip": self.votes.skip, "kick": self.votes.kick,
            "undo": self.undo.command, "settings": self.settings.command, "history": self.history.command,
            "stats": self.history.stats, "games": self._games, "away": self.away.command, "back": self.away.back,
            "addbot": self.robots.add, "tables": self.tables.command,
        }.get(name)
        row = await self.table.store.open_game(chat.id, chat.topic)
        if name != "new" and (abandoned := await self.lobby.expired(row)):  # a lobby nobody began in time: closed
            return [Reply(f"{abandoned} Новый — /new."), *await self._command_on(chat, user, None, name, args, handler)]
        if row is not None and row.status == ACTIVE:
            pending = await self.turns.bots_catch_up(chat, row)  # bot turns a crash left: played first
            if pending:
                row = await self.table.store.game(row.id)
                return pending + await self._command_on(chat, as_seated(user, row), row, name, args, handler)
        return await self._command_on(chat, as_seated(user, row), row, name, args, handler)  # named as seated

    async def _command_on(self, chat: Chat, user: User, row: GameRow | None, name: str, args: str,
                          handler) -> list[Reply]:
        if handler is not None:
            return await handler(chat, user, row, args)
        if row is not None and row.status == ACTIVE and is_move(self.table, row, name, args):
            # typed as a command, and echoed as one in a refusal («Не понимаю «/play дракон»»)
            replies, _ = await self.moves.play(chat, user, row, f"/{name} {args}".strip())
            return replies
        if any(name == command for game in self.table.games.values() for command, _ in game.commands):
            if row is not None:
                return [Reply("Партия ещё не началась: сначала соберите игроков и нажмите «Начать» (/begin).")]
            return [Reply("Сейчас партии нет, ходить некуда. Начните новую: /new.")]
        return unknown_command(self.table, chat, row, name, args, [c for c, _ in self.commands()])

    async def _games(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        return [Reply("Список ваших партий во всех чатах — в личке со мной: напишите мне /games.")]

    async def _button(self, chat: Chat, user: User, data: str) -> ButtonAnswer:
        decoded = buttons.decode(data)
        if decoded is None:
            return ButtonAnswer(toast="Не понимаю эту кнопку. Свежая доска — /board.")
        kind, target, *rest = decoded  # target: a game's row id, or a section or game name for rule buttons
        if kind in (buttons.RULE, buttons.RULE_PAGE, buttons.RULE_LIST):
            return self._rule_button(kind, target)
        if kind in (buttons.SETTING, buttons.TABLE_SETTING):
            return await self.settings.button(chat, user, target, whole_chat=kind == buttons.SETTING)
        if kind == buttons.NEW:
            return await self.lobby.new_button(chat, user, target)
        row = await self.table.store.game(target)
        if row is None or row.chat_id != chat.id:
            return ButtonAnswer(toast="Эта кнопка не из этого чата.")
        user = as_seated(user, row)  # a player is named as they sat down, whatever they call themselves now
        if kind in (buttons.TABLES_ABORT, buttons.TABLES_YES, buttons.TABLES_NO):  # /tables: any table of the chat
            return await self.tables.button(chat, user, row, kind, rest[0])
        if row.topic != chat.topic and not await self.topics.reachable(chat, row, kind):  # a forwarded board
            return ButtonAnswer(toast="Эта кнопка от стола в другой теме.")
        if kind in (buttons.MOVE, buttons.GROUP, buttons.UNDO, buttons.VOTE) and row.status == ACTIVE:
            pending = await self.turns.bots_catch_up(chat, row)  # bot turns a crash left: played first
            if pending:
                return ButtonAnswer(toast="Сначала походили боты: вот свежая доска.", replies=pending)
        if kind == buttons.MOVE:
            return await self.moves.move_button(chat, user, row, *rest)
        if kind == buttons.REMATCH:
            return await self.rematch.button(chat, user, row)
        if kind == buttons.GROUP:
            return await self.moves.menu_button(row, user, *rest)
        if kind == buttons.UNDO:
            return await self.undo.button(chat, user, row, rest[0])
        if kind == buttons.VOTE:
            toast, replies, edit = await self.votes.ballot(chat, user, row, *rest)
            return ButtonAnswer(toast=toast, replies=replies, edit=edit)
        if kind == buttons.SECRET:
            return self.moves.secret(row, user)
        if kind in (buttons.JOIN, buttons.LEAVE, buttons.BEGIN):
            return await self.lobby.button(chat, user, row, kind)
        if kind in (buttons.ADD_BOT, buttons.REMOVE_BOT):
            return await self.robots.button(chat, user, row, kind)

        if kind in (buttons.ABORT_YES, buttons.ABORT_NO):
            return await self.lobby.abort_button(row, user, rest[0] if kind == buttons.ABORT_YES else None)
        return self.moves.my_score(row, user)

    def _rule_button(self, kind: str, name: str) -> ButtonAnswer:
        """`name` is a section id (RULE, RULE_PAGE) or a game id (RULE_LIST)."""
        if kind == buttons.RULE_LIST:
            if name not in self.table.rulebook.games:
                return ButtonAnswer(toast="Не знаю такой игры.")
            return ButtonAnswer(edit=answers.contents_reply(self.table.rulebook, name))
        section = self.table.rulebook.section(name)
        if section is None:
            return ButtonAnswer(toast="Такого раздела правил нет. Оглавление — /rules.")
        reply = answers.section_reply(self.table.rulebook, section)
        return ButtonAnswer(replies=[reply]) if kind == buttons.RULE else ButtonAnswer(edit=reply)

    def _rules(self, row: GameRow | None, args: str, user: User | None = None, narrow: bool = True) -> Reply:
        """A seated player's question about her own position is answered from the table (`position_reply`: «Да»
        or «Нет» from the engine, her score), any other by a search of the rule reference; a running game
        narrows the search to its rules (`narrow`)."""
        book = self.table.rulebook
        active = row is not None and row.status == ACTIVE and row.state is not None
        game, state = self.table.state(row) if active else (None, None)  # loaded once for both uses below
        seat = row.seat_of(user.id) if active and user is not None else None
        if seat is not None:
            try:
                found = position_reply(book, game, state, seat, [s.name for s in row.seats], args, user.id)
            except Exception:  # the search still answers
                log.exception("the position could not answer %r in game %s", args, row.id)
                found = None
            if found is not None:
                return found
        current = row.game if narrow and row is not None and row.game in book.games else None
        # how this table reads a rule that is read two ways
        notes = game.rule_notes(state) if active and current is not None else {}
        # the contents, an honest «не нашёл», the section (its answering passage in bold) or two games' answers
        return answers.question_reply(book, args, current, notes)

    def _section(self, section_id: str) -> Reply:
        section = answers.find_section(self.table.rulebook, section_id)  # "zodchie.topor" or an old "sylvan.axe"
        if section is None:
            return Reply("Такого раздела правил нет. Оглавление — /rules.")
        return answers.section_reply(self.table.rulebook, section)

"""The bot without a transport: (chat, user, command or button) -> replies.

Telegram and the console are thin front ends over this class; the tests drive it directly. It knows
games only through `rules.protocol.Game` and pictures only through `render.registry`. It never lets
an exception reach a front end: a refusal is a Russian reply and changes nothing.
"""

from __future__ import annotations

import asyncio
import difflib
import logging
import random
import re
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from html import escape

from bot.lookup import answers
from bot.lookup.rulebook import RuleBook
from bot.storage import DATABASE_ERRORS, open_store
from bot.storage.base import (
    ABORTED,
    ACTIVE,
    CURRENT_UPDATE,
    FINISHED,
    LOBBY,
    Conflict,
    Delivery,
    Duplicate,
    GameRow,
    Seat,
    write_failure,
)
from bot.storage.sqlite import Store
from bot.table import buttons, menus
from bot.table.chat_settings import ChatSettings
from bot.table.history import History
from bot.table.replies import Article, Button, ButtonAnswer, Chat, InlineAnswer, Reply, User
from bot.table.settings_menu import SettingsMenu
from bot.table.texts import PRIVATE_HINT, breakdown, help_text, mention, plain, step_text
from bot.table.turns import Turns, scored
from bot.table.undo import Undo
from bot.table.words import declined
from render.pool import Pictures
from rules.protocol import Game, RuleError
from rules.registry import GAMES
from rules.text import count, plural, without_fillers

log = logging.getLogger(__name__)

LOG_LINES = 12
# the inline query of a "choose privately" button: "#<game id>" (an inline query carries no chat)
PRIVATE_QUERY = re.compile(r"#(\d{1,12})")
PRIVATE_GROUP = "\0private"  # the menu group of a game's private choices; never a game's own label
SORRY = "Что-то пошло не так, ход не записан. Попробуйте ещё раз."
STALE = "Эта кнопка устарела. Свежая доска — /board."
# what anyone may do in a group, without a seat (an anonymous administrator too)
LOOKING = ("board", "moves", "score", "log", "abort", "turn", "history", "stats", "settings")
BUSY = "Стол как раз менялся, команда не выполнена. Попробуйте ещё раз."
CONFLICT_RETRIES = 3  # a lobby join that lost a race with another join is simply tried again

# Commands the bot itself handles; a game adds its own move commands (`Game.commands`).
COMMANDS: tuple[tuple[str, str], ...] = (
    ("new", "Новая партия: /new и название игры"),
    ("join", "Сесть за стол"),
    ("leave", "Выйти из набора"),
    ("begin", "Начать партию"),
    ("board", "Доска и кнопки ходов"),
    ("moves", "Все разрешённые ходы"),
    ("score", "Счёт"),
    ("log", "Последние ходы"),
    ("turn", "Чей ход и сколько ждём"),
    ("undo", "Отменить свой ход"),
    ("skip", "Пропустить ход отсутствующего"),
    ("kick", "Отдать место отсутствующего автопилоту"),
    ("settings", "Напоминания, время на ход, тихие часы"),
    ("history", "Сыгранные партии"),
    ("stats", "Статистика чата"),
    ("games", "Мои партии (в личке)"),
    ("abort", "Прервать партию"),
    ("rules", "Правила: /rules провиант"),
    ("help", "Как играть"),
)


def shared_prefix_list(labels: list[str]) -> str:
    """Labels as one list, a word they all begin with said once: «🏠 D5, E5, F5» for «🏠 D5», «🏠 E5», «🏠 F5»."""
    first = labels[0].split(" ", 1)
    if len(first) == 2 and all(label.startswith(first[0] + " ") for label in labels):
        return first[0] + " " + ", ".join(label[len(first[0]) + 1:] for label in labels)
    return ", ".join(labels)


class Service(Turns, Undo, History, SettingsMenu):
    def __init__(self, store: Store, games: dict[str, Game] | None = None, rulebook: RuleBook | None = None,
                 defaults: ChatSettings | None = None, clock: Callable[[], float] = time.time,
                 pictures: Pictures | None = None):
        self.store = store
        # where boards are drawn: in a thread by default, or a pool of processes (RENDER_WORKERS) it closes
        self.pictures = pictures or Pictures()
        self.games = GAMES if games is None else games
        self.rulebook = RuleBook.load() if rulebook is None else rulebook
        self.defaults = defaults or ChatSettings()  # a chat's settings until it changes them (/settings)
        self.clock = clock  # seconds, as time.time(): the tests turn it forward
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.bot_username: str | None = None  # set by the Telegram front end: makes t.me deep links
        # groups the bot was removed from (the front end keeps this): their timers wait until it is back
        self.gone_chats: set[int] = set()

    @classmethod
    async def open(cls, database: str, defaults: ChatSettings | None = None,
                   pictures: Pictures | None = None) -> Service:
        """The service on a SQLite file path or a postgresql:// URL."""
        return cls(await open_store(database), defaults=defaults, pictures=pictures)

    async def close(self) -> None:
        try:
            await self.store.close()
        finally:
            await self.pictures.close()

    def commands(self) -> list[tuple[str, str]]:
        game_commands = [c for game in self.games.values() for c in game.commands]
        return list(COMMANDS) + list(dict(game_commands).items())

    # --- entry points --------------------------------------------------------------------------

    # Each takes the Telegram update's id where there is one: an update delivered again (Telegram does so
    # after a crash before the offset was confirmed, a webhook after a timeout) is answered with nothing
    # and changes nothing.

    async def command(self, chat: Chat, user: User, name: str, args: str, update_id: int | None = None) -> list[Reply]:
        async def handle() -> list[Reply]:
            if chat.private:
                await self.store.remember_private(user.id)
            return await self._command(chat, user, name.lower(), args.strip())

        try:
            return await self._once(chat, update_id, handle, [], [Reply(BUSY)])
        except DATABASE_ERRORS as error:  # rolled back: the game is as it was
            log.exception("the database refused /%s in chat %s", name, chat.id)
            return [Reply(write_failure(error))]
        except Exception:
            log.exception("command /%s %r failed in chat %s", name, args, chat.id)
            return [Reply(SORRY)]

    async def button(self, chat: Chat, user: User, data: str, update_id: int | None = None) -> ButtonAnswer:
        try:
            return await self._once(chat, update_id, lambda: self._button(chat, user, data), ButtonAnswer(),
                                    ButtonAnswer(toast=BUSY))
        except DATABASE_ERRORS as error:  # rolled back: the game is as it was
            log.exception("the database refused button %r in chat %s", data, chat.id)
            return ButtonAnswer(toast=write_failure(error), alert=True)
        except Exception:
            log.exception("button %r failed in chat %s", data, chat.id)
            return ButtonAnswer(toast=SORRY, alert=True)

    async def text(self, chat: Chat, user: User, text: str, update_id: int | None = None) -> list[Reply]:
        """Plain messages are the players' own talk; only a private chat gets a hint."""
        if not chat.private:
            return []

        async def handle() -> list[Reply]:
            await self.store.remember_private(user.id)
            return [Reply(PRIVATE_HINT)]

        try:
            return await self._once(chat, update_id, handle, [], [Reply(PRIVATE_HINT)])
        except Exception:
            log.exception("could not remember the private chat of %s", user.id)
            return [Reply(PRIVATE_HINT)]

    async def _once(self, chat: Chat, update_id: int | None, handle, nothing, busy):
        """Run `handle` for one update, in the chat's order, at most once per update id. A write that lost a
        race to another press or process (Conflict) is tried again on the fresh state; `busy` answers when
        it keeps losing, `nothing` when the update turns out to be applied already."""
        async with self._locks[chat.id]:
            if update_id is not None and await self.store.was_handled(update_id):
                return nothing
            token = CURRENT_UPDATE.set(Delivery(update_id)) if update_id is not None else None
            try:
                for _ in range(CONFLICT_RETRIES):
                    try:
                        result = await handle()
                    except Conflict:
                        if await self.store.handled_elsewhere():
                            return nothing
                        continue
                    await self.store.mark_handled()
                    return result
                return busy
            except Duplicate:
                return nothing
            finally:
                if token is not None:
                    CURRENT_UPDATE.reset(token)

    async def chat_moved(self, old_chat_id: int, new_chat_id: int) -> None:
        """Telegram upgraded a group to a supergroup: the game goes on under the new chat id."""
        async with self._locks[old_chat_id], self._locks[new_chat_id]:
            await self.store.move_chat(old_chat_id, new_chat_id)
        log.info("chat %s is now %s: its games moved with it", old_chat_id, new_chat_id)

    async def shown(self, remember: tuple[str, int], message_id: int) -> None:
        """The front end sent or edited the message of a `Reply.remember`: the game's lobby or latest board."""
        kind, game_id = remember
        try:
            await self.store.set_message(game_id, kind, message_id)
        except Exception:  # the next lobby change is then sent anew rather than edited in place
            log.exception("could not remember message %s of game %s", message_id, game_id)

    async def announced(self, announces: tuple[int, int]) -> None:
        """The front end delivered the board of (game, version): that board and older ones are no longer owed."""
        try:
            await self.store.announced(*announces)
        except Exception:  # it stays owed and is sent again: a duplicate board, never a lost one
            log.exception("could not mark the board %s as delivered", announces)

    async def owed_boards(self, older_than: float, lease: float) -> list[tuple[int, tuple[int, int]]]:
        """(chat id, (game id, version)) of every board a move has owed its chat for longer than `older_than`
        seconds (the process died between the move and the reply, or Telegram kept failing), claimed for this
        process to send: another bot process on the same database does not get them for `lease` seconds."""
        debts = await self.store.claim_owed(older_than, lease)
        return [(debt.chat_id, (debt.game_id, debt.version)) for debt in debts]

    async def owed_board(self, announces: tuple[int, int]) -> Reply | None:
        """The owed board itself, drawn again with its move's headline; None once it is paid, or when a later
        move has superseded it (that move owes its own board)."""
        debt = await self.store.debt(*announces)
        if debt is None:
            return None
        row = await self.store.game(debt.game_id)
        if row is None or row.version != debt.version or row.status not in (ACTIVE, FINISHED):
            await self.store.announced(debt.game_id, debt.version)
            return None
        game, state = self._state(row)
        return await self._board_reply(row, game, state, debt.headline, debt.notify)

    async def inline(self, user: User, query: str) -> InlineAnswer:
        """Answers for inline mode: `@bot провиант` typed in any chat gives rule sections; `@bot #12`
        (put there by a game's "choose privately" button) gives the user their own hidden choices."""
        try:
            private = PRIVATE_QUERY.fullmatch(query.strip())
            if private:
                return await self._private_choices(user, int(private[1]))
            return InlineAnswer(answers.articles(self.rulebook, query))
        except Exception:
            log.exception("inline query %r failed", query)
            return InlineAnswer([])

    async def _private_choices(self, user: User, game_id: int) -> InlineAnswer:
        """The legal actions that only their owner may see (`Game.private_choice`), as personal results:
        choosing one sends its command into the group, where it is played like a typed move."""
        row = await self.store.game(game_id)
        seat = row.seat_of(user.id) if row is not None else None
        start = f"g{row.chat_id}" if row is not None else None
        if row is None or row.status != ACTIVE or seat is None:
            return InlineAnswer([], personal=True, note="Вы не играете в этой партии", start=start)
        game, state = self._state(row)
        current = game.current_seat(state)
        if current != seat:
            waiting = f"Сейчас ходит {row.seats[current].name}" if current is not None else "Партия окончена"
            return InlineAnswer([], personal=True, note=waiting, start=start)
        articles = [Article(id=f"{row.id}-{row.version}-{i}", title=game.label(state, action),
                            description=game.command(state, action), text=escape(game.command(state, action)))
                    for i, action in enumerate(game.legal_actions(state)) if game.private_choice(state, action)]
        return InlineAnswer(articles, personal=True)

    # --- commands ------------------------------------------------------------------------------

    async def _command(self, chat: Chat, user: User, name: str, args: str) -> list[Reply]:
        if name == "start" and chat.private and args:
            return await self._deep_link(user, args)
        if name in ("start", "help"):
            settings = None if chat.private else (await self.chat_settings(chat.id)).lines()
            text = help_text(self.games.values(), None if chat.private else self._private_link(chat.id), settings,
                             self.bot_username)
            return [Reply(text if not chat.private or name == "help" else PRIVATE_HINT + "\n\n" + text)]
        section_id = answers.section_from_command(name)
        if name == "rules" or section_id:
            row = None if chat.private else await self.store.open_game(chat.id)
            return [self._rules(row, args) if name == "rules" else self._section(section_id)]
        if chat.private:
            return await self._my_games(user) if name == "games" else [Reply(PRIVATE_HINT)]
        if user.id < 0 and name not in LOOKING:  # an anonymous administrator: nobody to seat or move for
            return [Reply("Анонимный администратор может смотреть доску и прервать партию (/abort), но сесть за "
                          "стол и ходить — только от своего имени.")]
        handler = {
            "new": self._new, "join": self._join, "leave": self._leave, "begin": self._begin,
            "board": self._board, "moves": self._moves, "score": self._score, "log": self._log,
            "abort": self._abort, "turn": self._turn, "skip": self._skip, "kick": self._kick, "undo": self._undo,
            "settings": self._settings, "history": self._history, "stats": self._stats, "games": self._games,
        }.get(name)
        row = await self.store.open_game(chat.id)
        if handler is not None:
            return await handler(chat, user, row, args)
        if row is not None and row.status == ACTIVE:
            # typed as a command, and echoed as one in a refusal («Не понимаю «/play дракон»»)
            replies, _ = await self._play(chat, user, row, f"/{name} {args}".strip())
            return replies
        if any(name == command for game in self.games.values() for command, _ in game.commands):
            if row is not None:
                return [Reply("Партия ещё не началась: сначала соберите игроков и нажмите «Начать» (/begin).")]
            return [Reply("Сейчас партии нет, ходить некуда. Начните новую: /new.")]
        return self._unknown_command(name)

    def _unknown_command(self, name: str) -> list[Reply]:
        """A command that is none of ours: in a group it is most likely meant for another bot (/roll 2d6), so
        it is left alone, unless it is one letter or two away from one of ours (a typo: /bord)."""
        ours = [command for command, _ in self.commands()]
        close = difflib.get_close_matches(name, ours, n=1, cutoff=0.75)
        if not close:
            return []
        return [Reply(f"Не знаю команды /{escape(name)}. Может быть, /{close[0]}? Все команды — /help.")]

    async def _new(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is not None:
            what = "набор в игру" if row.status == LOBBY else "партия"
            return [Reply(f"В этом чате уже идёт {what} «{self._game(row).title}». "
                          "Закончите её или прервите командой /abort.")]
        game = self._find_game(args)
        if game is None:
            names = ", ".join(f"<code>/new {g.name}</code> — «{escape(g.title)}»" for g in self.games.values())
            hint = f"Не знаю игры «{escape(args)}». " if args else "Какую игру начнём? "
            keyboard = [[Button(g.title, buttons.encode(buttons.NEW, i))] for i, g in enumerate(self.games.values())]
            return [Reply(hint + "Нажмите на игру или напишите: " + names + ".", buttons=keyboard)]
        seed = random.SystemRandom().randrange(2**31)
        try:
            row = await self.store.create_lobby(chat.id, game.name, Seat(0, user.id, user.name), seed, chat.title)
        except Conflict:
            return [Reply("В этом чате уже открыта партия. Посмотреть её — /board.")]
        return [self._lobby_reply(row, f"{mention(user.id, user.name)} собирает игру «{game.title}».")]

    async def _new_button(self, chat: Chat, user: User, index: int) -> ButtonAnswer:
        """A game chosen from the buttons of a bare /new: its lobby opens in place of the question."""
        games = list(self.games.values())
        if not 0 <= index < len(games) or chat.private or user.id < 0:
            return ButtonAnswer(toast="Не понимаю эту кнопку. Новая партия — /new.")
        first, *rest = await self._new(chat, user, await self.store.open_game(chat.id), games[index].name)
        if not first.buttons:  # a refusal (a game is already open): for the presser alone
            return ButtonAnswer(toast=first.text, alert=True)
        return ButtonAnswer(edit=first, replies=rest)

    async def _deep_link(self, user: User, payload: str) -> list[Reply]:
        """`/start g<chat id>` from a t.me link in a group: the player opened the private chat to get
        their secrets here; answer with the current ones at once."""
        done = "Готово: теперь я буду присылать сюда то, что видно только вам (ваши карты)."
        chat_id = payload[1:] if payload.startswith("g") else ""
        if not chat_id.lstrip("-").isascii() or not chat_id.lstrip("-").isdigit() or len(chat_id) > 20:
            return [Reply(done)]
        row = await self.store.open_game(int(chat_id))
        seat = row.seat_of(user.id) if row is not None else None
        if row is None or row.status != ACTIVE or seat is None:
            return [Reply(done)]
        game, state = self._state(row)
        secret = game.secret(state, seat)
        return [Reply(done + (f"\n\n«{escape(game.title)}»: {escape(secret)}" if secret else ""))]

    async def _join(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        refusal = self._join_refusal(user, row)
        if refusal:
            return [Reply(refusal)]
        seats = [(s.user_id, s.name) for s in row.seats] + [(user.id, user.name)]
        await self.store.set_seats(row.id, row.version, seats)
        row = await self.store.game(row.id)
        return [self._lobby_reply(row, f"{plain(user.name)} садится за стол.", row.lobby_message_id)]

    def _join_refusal(self, user: User, row: GameRow | None) -> str | None:
        if row is None:
            return "Сейчас никто не собирает игру. Начните набор: /new."
        if row.status != LOBBY:
            return "Партия уже идёт, присоединиться к ней нельзя. Дождитесь следующей."
        if row.seat_of(user.id) is not None:
            return f"{plain(user.name)}, вы уже за столом."
        game = self._game(row)
        if len(row.seats) >= game.max_players:
            return (f"За столом уже {self._players(len(row.seats))}: больше в «{declined(game.title, 'accs')}» "
                    "не играют.")
        return None

    async def _leave(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is not None and row.status == ACTIVE and row.seat_of(user.id) is not None:
            if row.seats[row.seat_of(user.id)].away:
                return [Reply(f"{plain(user.name)}, за вас и так ходит автопилот.")]
            return await self._leave_game(chat, user, row)
        refusal = self._leave_refusal(user, row)
        if refusal:
            return [Reply(refusal)]
        seats = [(s.user_id, s.name) for s in row.seats if s.user_id != user.id]
        if not seats:
            await self.store.close_game(row.id, row.version, ABORTED)
            return [Reply("За столом никого не осталось, набор закрыт. Новый — /new.",
                          replaces=row.lobby_message_id)]
        await self.store.set_seats(row.id, row.version, seats)
        row = await self.store.game(row.id)
        return [self._lobby_reply(row, f"{plain(user.name)} выходит из-за стола.", row.lobby_message_id)]

    def _leave_refusal(self, user: User, row: GameRow | None) -> str | None:
        if row is None or row.seat_of(user.id) is None:
            return f"{plain(user.name)}, вы и так не за столом."
        if row.status != LOBBY:
            return "Партия уже идёт: выйти из неё можно командой /leave — за вас будет ходить автопилот."
        return None

    def _begin_refusal(self, user: User, row: GameRow | None) -> str | None:
        if row is None:
            return "Сначала соберите игроков: /new."
        if row.status != LOBBY:
            return "Партия уже идёт. Доска — /board."
        if row.seat_of(user.id) is None:
            return "Начать партию может только тот, кто сидит за столом. Сядьте: /join."
        game = self._game(row)
        if len(row.seats) < game.min_players:
            return (f"За столом {self._players(len(row.seats))}, а для «{declined(game.title, 'gent')}» нужно "
                    f"хотя бы {game.min_players}. Позовите друзей: /join.")
        return None

    async def _begin(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        refusal = self._begin_refusal(user, row)
        if refusal:
            return [Reply(refusal)]
        game = self._game(row)
        state = game.new([s.name for s in row.seats], seed=row.seed)
        first = row.seats[game.current_seat(state)]
        seats = row.seats[first.seat:] + row.seats[:first.seat]  # from the first player, chosen by lot
        order = " → ".join(plain(s.name) for s in seats)
        intro = f"Партия «{escape(game.title)}» началась! Порядок хода (первый — по жребию): {order}."
        await self.store.start(row.id, row.version, game.dump(state), intro,
                               await self._turn_change(row, game, state))
        row = await self.store.game(row.id)
        players = [seat for seat in row.seats if seat.seat != game.current_seat(state)]
        board = [await self._board_reply(row, game, state, intro),
                 *await self._secret_notes(chat, row, game, state, players)]
        if row.lobby_message_id is None:
            return board
        return [replace(self._closed_lobby(row), replaces=row.lobby_message_id), *board]

    def _closed_lobby(self, row: GameRow) -> Reply:
        """The lobby message once the game has begun: who plays, and no buttons any more."""
        seated = ", ".join(plain(s.name) for s in row.seats)
        return Reply(f"«{escape(self._game(row).title)}»: за столом {seated}. Партия началась, доска ниже.")

    async def _board(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return await self._finished_board(chat)
        if row.status == LOBBY:
            return [self._lobby_reply(row, "Идёт набор игроков.")]
        game, state = self._state(row)
        return [await self._board_reply(row, game, state, notify=False)]  # asking to look pings nobody

    async def _moves(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт. Начните: /new.")]
        game, state = self._state(row)
        seat = game.current_seat(state)
        actions = game.legal_actions(state)
        groups: dict[tuple[str, ...], list[str]] = {}  # the menu's groups, as the buttons offer them
        for action in actions:
            if not game.private_choice(state, action):
                groups.setdefault(tuple(game.menu_path(state, action)), []).append(action)
        lines = []
        for path, grouped in groups.items():
            example = f"<code>{escape(game.command(state, grouped[0]))}</code>"
            if not path:
                lines += [f"• {escape(game.label(state, a))} — <code>{escape(game.command(state, a))}</code>"
                          for a in grouped]
            elif len(grouped) == 1:
                lines.append(f"• {escape(' › '.join(path))}: {escape(game.label(state, grouped[0]))} — {example}")
            else:
                listed = shared_prefix_list([game.label(state, a) for a in grouped])
                lines.append(f"• {escape(' › '.join(path))}: {escape(listed)} — например, {example}")
        hidden = [a for a in actions if game.private_choice(state, a)]
        if hidden:  # the list is read by the whole group: a hand is chosen by its own button
            label = escape(self._private_label(game, state, hidden[0]))
            lines.append(f"• {label} — кнопкой под доской: варианты увидит только {plain(row.seats[seat].name)}")
        return [Reply(f"Ходит {plain(row.seats[seat].name)}. Можно:\n" + "\n".join(lines))]

    async def _score(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return await self._finished_score(chat)
        if row.status != ACTIVE:
            return [Reply("Партия ещё не началась: идёт набор игроков.")]
        game, state = self._state(row)
        hidden = set(game.secret_score_parts)
        lines = []
        for entry in sorted(game.scores(state), key=lambda e: -e["total"]):
            shown = {k: v for k, v in entry["breakdown"].items() if k not in hidden}
            parts = breakdown(game, shown)
            lines.append(f"<b>{plain(entry['name'])}</b>: {sum(shown.values())} ({parts or 'пока ничего'})")
        note = ""
        if hidden:
            secret = ", ".join(escape(game.score_names.get(k, k)) for k in sorted(hidden))
            note = (f"\n\nОчки за {secret} скрыты до конца партии и в этот счёт не входят; свои — кнопкой "
                    "«🔒 Мои очки».")
        keyboard = [[Button("🔒 Мои очки", buttons.encode(buttons.MY_SCORE, row.id))]] if hidden else []
        return [Reply("<b>Открытый счёт</b>\n" + "\n".join(lines) + note, buttons=keyboard)]

    async def _log(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return await self._finished_log(chat, LOG_LINES)
        if row.status != ACTIVE:
            return [Reply("Партия ещё не началась: ходов нет.")]
        lines = await self.store.log(row.id, LOG_LINES)
        if not lines:
            return [Reply("Ходов ещё не было.")]
        text = "\n".join(f"{line.number}. {escape(step_text(line.summary, row.seats[line.seat].name))}"
                         for line in lines)
        return [Reply("<b>Последние ходы</b>\n" + text)]

    async def _games(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        return [Reply("Список ваших партий во всех чатах — в личке со мной: напишите мне /games.")]

    async def _abort(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return [Reply("Прерывать нечего: партии нет.")]
        if not self._may_abort(row, user):
            return [Reply("Прервать партию может только тот, кто её создал, или администратор чата.")]
        keyboard = [[Button("Да, прервать", buttons.encode(buttons.ABORT_YES, row.id, row.version)),
                     Button("Нет, играем", buttons.encode(buttons.ABORT_NO, row.id))]]
        title = declined(self._game(row).title, "accs")
        return [Reply(f"Прервать «{title}»? Партию нельзя будет продолжить.", buttons=keyboard)]

    # --- moves ---------------------------------------------------------------------------------

    async def _play(self, chat: Chat, user: User, row: GameRow, text: str) -> tuple[list[Reply], bool]:
        """Apply a typed or pressed action of `user`; refusals change nothing. Also tells whether the
        action was accepted and the same player goes on with their turn. The board comes first; private
        notes of secrets that changed (a card drawn) follow it."""
        game, state = self._state(row)
        refusal = self._turn_refusal(game, state, row, user)
        if refusal:
            return [Reply(refusal)], False
        try:
            action = game.parse(state, without_fillers(text))  # «построй C8, пожалуйста» is «построй C8»
            seat = game.current_seat(state)
            secrets = [game.secret(state, s.seat) for s in row.seats]
            reveals = game.reveals(state, action)
            events = game.apply(state, action)
        except RuleError as error:
            rule = self.rulebook.section(error.section) if error.section else None
            keyboard = [[Button("📖 Правило", f"{buttons.RULE}:{rule.id}")]] if rule else []
            return [Reply(f"❌ {escape(error.message)}\nРазрешённые ходы — /moves или кнопки под доской.",
                          buttons=keyboard)], False
        try:
            # the caption names the next player (with a mention) or the results itself
            row, _, goes_on = await self._record(row, game, state, seat, user.id, action, events, reveals)
        except Conflict:
            if await self.store.handled_elsewhere():  # this very update, delivered to another process too
                raise Duplicate("applied by another process") from None
            return [Reply("Доска уже изменилась, ход не записан. Вот она сейчас:"),
                    *await self._board(chat, user, await self.store.game(row.id), "")], False
        scorings = scored(events)
        headlines = await self._turn_story(row, seat, scorings)  # the whole turn so far, this move last
        if not goes_on:  # seats the autopilot plays move at once
            row = await self._autoplay(row, game, state, headlines, scorings)
        # a secret that changed goes privately to its owner, unless it is on the table now (their turn)
        changed = [s for s in row.seats if s.seat != game.current_seat(state)
                   and game.secret(state, s.seat) not in (None, secrets[s.seat])]
        notes = await self._secret_notes(chat, row, game, state, changed)
        if not goes_on:
            notes += await self._turn_notes(chat, row, game, state)
        # ping the next player only when the turn passes: the mover is already at the phone
        board = await self._board_reply(row, game, state, "\n".join(headlines), notify=not goes_on)
        return [*await self._scorings(row, game, state, scorings), board, *notes], goes_on

    async def _secret_notes(self, chat: Chat, row: GameRow, game: Game, state, seats: list[Seat]) -> list[Reply]:
        """The secrets of `seats`, privately, for those players who have started the bot in private."""
        started = await self.store.private_users([s.user_id for s in seats])
        where = f" в чате «{escape(chat.title)}»" if chat.title else ""
        return [Reply(f"«{escape(game.title)}»{where}\n{escape(secret)}", to_user=s.user_id)
                for s in seats if s.user_id in started and (secret := game.secret(state, s.seat))]

    def _turn_refusal(self, game: Game, state, row: GameRow, user: User) -> str | None:
        seat = row.seat_of(user.id)
        if seat is None:
            return f"{plain(user.name)}, вы не играете в этой партии — можно только смотреть."
        current = game.current_seat(state)
        if current is None:
            return "Партия уже закончилась."
        if current != seat:
            return f"Сейчас ходит {plain(row.seats[current].name)}, подождите своей очереди."
        return None

    # --- buttons -------------------------------------------------------------------------------

    async def _button(self, chat: Chat, user: User, data: str) -> ButtonAnswer:
        decoded = buttons.decode(data)
        stale = ButtonAnswer(toast=STALE)
        if decoded is None:
            return ButtonAnswer(toast="Не понимаю эту кнопку. Свежая доска — /board.")
        kind, target, *rest = decoded  # target: a game's row id, or a section or game name for rule buttons
        if kind in (buttons.RULE, buttons.RULE_PAGE, buttons.RULE_LIST):
            return self._rule_button(kind, target)
        if kind == buttons.SETTING:
            return await self._setting_button(chat, user, target)
        if kind == buttons.NEW:
            return await self._new_button(chat, user, target)
        row = await self.store.game(target)
        if row is None or row.chat_id != chat.id:
            return ButtonAnswer(toast="Эта кнопка не из этого чата.")
        if kind == buttons.MOVE:
            version, index = rest
            turn = self._pressed_on_turn(row, user, version)
            if isinstance(turn, ButtonAnswer):
                return turn
            game, state = turn
            actions = game.legal_actions(state)
            if index >= len(actions):
                return stale
            replies, goes_on = await self._play(chat, user, row, actions[index])
            if goes_on:
                # the same player's next step: redraw the board in place rather than post another one
                return ButtonAnswer(edit=replies[0], replies=replies[1:])
            # the old board keeps its keyboard: its version makes every button on it stale, and removing
            # it would spend a request of the group's 20 a minute that nobody needs
            return ButtonAnswer(replies=replies)
        if kind == buttons.GROUP:
            return await self._menu_button(row, user, *rest)
        if kind == buttons.UNDO:
            if row.status != ACTIVE or row.version != rest[0]:
                return stale
            log = await self.store.log(row.id, 1)
            if not self._may_undo_alone(log, user.id):
                return ButtonAnswer(toast="Отменить этот ход может только тот, кто его сделал, пока никто не "
                                    "сходил после него.")
            board, *rest = await self._undo(chat, user, row, "")
            return ButtonAnswer(edit=board, replies=rest)  # the board goes back in place
        if kind == buttons.VOTE:
            toast, replies, edit = await self._ballot(chat, user, row, *rest)
            return ButtonAnswer(toast=toast, replies=replies, edit=edit)
        if kind == buttons.SECRET:
            return self._secret(row, user)
        if kind in (buttons.JOIN, buttons.LEAVE, buttons.BEGIN):
            return await self._lobby_button(chat, user, row, kind)
        if kind == buttons.ABORT_YES:
            if not self._may_abort(row, user):
                return ButtonAnswer(toast="Прервать партию может только её создатель или администратор.")
            try:
                await self.store.close_game(row.id, rest[0], ABORTED)
            except Conflict:
                return ButtonAnswer(toast="Партия уже изменилась или закончилась. Если нужно, снова /abort.")
            return ButtonAnswer(replies=[Reply("Партия прервана. Новая — /new.")], clear_buttons=True)
        if kind == buttons.ABORT_NO:
            return ButtonAnswer(toast="Играем дальше!", clear_buttons=True)
        return self._my_score(row, user)

    async def _lobby_button(self, chat: Chat, user: User, row: GameRow, kind: str) -> ButtonAnswer:
        """Sit down, stand up or begin from the lobby's buttons: the lobby message itself changes; a refusal
        is a toast for the presser alone, not a message to the whole group."""
        if row.status != LOBBY:
            return ButtonAnswer(toast=STALE)
        refuse, handler = {buttons.JOIN: (self._join_refusal, self._join),
                           buttons.LEAVE: (self._leave_refusal, self._leave),
                           buttons.BEGIN: (self._begin_refusal, self._begin)}[kind]
        refusal = refuse(user, row)
        if refusal:
            return ButtonAnswer(toast=refusal, alert=len(refusal) > 60)
        replies = await handler(chat, user, row, "")
        if kind == buttons.BEGIN:
            board = [r for r in replies if r.replaces is None]
            return ButtonAnswer(edit=self._closed_lobby(row), replies=board)
        return ButtonAnswer(edit=replace(replies[0], replaces=None), replies=replies[1:])

    async def _menu_button(self, row: GameRow, user: User, version: int, index: int, depth: int) -> ButtonAnswer:
        """Open a group of the action menu (or go back up): the board's keyboard shows that level, and the
        picture highlights where the group's actions lead (the first level: the game's own highlight)."""
        turn = self._pressed_on_turn(row, user, version)
        if isinstance(turn, ButtonAnswer):
            return turn
        game, state = turn
        actions = game.legal_actions(state)
        paths = self._paths(game, state, actions)
        prefix = menus.prefix_of(paths, index, depth)
        if prefix is None or PRIVATE_GROUP in prefix:
            return ButtonAnswer(toast=STALE)
        prefix, keyboard = self._menu(row, game, state, actions, paths, prefix)
        focus = [a for a, path in zip(actions, paths, strict=True) if path[:len(prefix)] == prefix] if prefix else None
        picture = await self.pictures.draw(row.game, game.view(state, None, focus), row.id)
        return ButtonAnswer(toast=prefix[-1] if prefix else None, keyboard=keyboard, picture=picture)

    def _pressed_on_turn(self, row: GameRow, user: User, version: int) -> tuple[Game, object] | ButtonAnswer:
        """The game and its state for a button of the board at `version` pressed by the player to move;
        the refusal to show when the board has changed since or it is not the presser's turn."""
        if row.status != ACTIVE or row.version != version:
            return ButtonAnswer(toast=STALE)
        game, state = self._state(row)
        refusal = self._turn_refusal(game, state, row, user)
        return ButtonAnswer(toast=refusal) if refusal else (game, state)

    def _secret(self, row: GameRow, user: User) -> ButtonAnswer:
        seat = row.seat_of(user.id)
        if seat is None or row.state is None:
            return ButtonAnswer(toast="Вы не играете в этой партии: тайных карт у вас здесь нет.")
        game, state = self._state(row)
        secret = game.secret(state, seat)
        return ButtonAnswer(toast=secret or "Сейчас у вас нет ничего скрытого.", alert=True)

    def _rule_button(self, kind: str, name: str) -> ButtonAnswer:
        """`name` is a section id (RULE, RULE_PAGE) or a game id (RULE_LIST)."""
        if kind == buttons.RULE_LIST:
            if name not in self.rulebook.games:
                return ButtonAnswer(toast="Не знаю такой игры.")
            return ButtonAnswer(edit=answers.contents_reply(self.rulebook, name))
        section = self.rulebook.section(name)
        if section is None:
            return ButtonAnswer(toast="Такого раздела правил нет. Оглавление — /rules.")
        reply = answers.section_reply(self.rulebook, section)
        return ButtonAnswer(replies=[reply]) if kind == buttons.RULE else ButtonAnswer(edit=reply)

    # --- rules ---------------------------------------------------------------------------------

    def _rules(self, row: GameRow | None, args: str) -> Reply:
        """Search the rule reference; a running game narrows the search to its rules."""
        book = self.rulebook
        current = row.game if row is not None and row.game in book.games else None
        game, words, found = answers.lookup(book, args, current)
        if not words.strip():
            return answers.contents_reply(book, game) if game else answers.choose_game_reply(book)
        if not found:  # an honest «не нашёл», with the contents of the game asked about (or a choice of game)
            return answers.not_found_reply(words, book, game)
        return answers.section_reply(book, found[0], found[1:])

    def _section(self, section_id: str) -> Reply:
        section = answers.find_section(self.rulebook, section_id)  # "zodchie.topor" or an old "sylvan.axe"
        if section is None:
            return Reply("Такого раздела правил нет. Оглавление — /rules.")
        return answers.section_reply(self.rulebook, section)

    def _my_score(self, row: GameRow, user: User) -> ButtonAnswer:
        seat = row.seat_of(user.id)
        if seat is None or row.state is None:
            return ButtonAnswer(toast="Вы не играете в этой партии.")
        game, state = self._state(row)
        entry = game.scores(state)[seat]
        parts = breakdown(game, entry["breakdown"], html=False)
        total = count(entry["total"], *game.score_unit)
        return ButtonAnswer(toast=f"У вас {total}" + (f" ({parts})." if parts else "."), alert=True)

    # --- pieces of replies ---------------------------------------------------------------------

    def _lobby_reply(self, row: GameRow, headline: str, replaces: int | None = None) -> Reply:
        """The lobby message; `replaces`: the lobby message to edit into it (a join, a leave)."""
        game = self._game(row)
        names = ", ".join(plain(s.name) for s in row.seats)
        limits = (f"от {game.min_players} до {game.max_players} игроков" if game.min_players != game.max_players
                  else self._players(game.max_players))
        text = (f"{headline}\n«{escape(game.title)}», {limits}. За столом {self._players(len(row.seats))}: {names}.\n"
                "Сесть — /join, начать — /begin.")
        link = self._private_link(row.chat_id)
        if game.secret_button and link:
            text += (f"\nСвои тайные карты каждый смотрит кнопкой «{escape(game.secret_button)}» под доской. Чтобы "
                     f'они приходили и в личку, <a href="{link}">откройте чат со мной</a> и нажмите «Старт».')
        keyboard = [[Button("🙋 Сесть", buttons.encode(buttons.JOIN, row.id)),
                     Button("🚪 Выйти", buttons.encode(buttons.LEAVE, row.id)),
                     Button("▶️ Начать", buttons.encode(buttons.BEGIN, row.id))]]
        return Reply(text, buttons=keyboard, remember=("lobby", row.id), replaces=replaces)

    async def _board_reply(self, row: GameRow, game: Game, state, headline: str = "", notify: bool = True) -> Reply:
        picture = await self.pictures.draw(row.game, game.view(state, None), row.id)
        lines = [headline] if headline else []
        if game.is_over(state):
            lines.append(self._final_text(row, game, state, notify))
            return Reply("\n".join(lines), image=picture, announces=(row.id, row.version), remember=("board", row.id))
        seat = game.current_seat(state)
        player = row.seats[seat]
        who = mention(player.user_id, player.name) if notify else plain(player.name)
        waiting = self._waiting(row)  # nothing right after the turn passed
        lines.append(f"Ходит {who}{' 🤖' if player.away else ''}{waiting}.")
        actions = game.legal_actions(state)
        paths = self._paths(game, state, actions)
        keyboard = self._menu(row, game, state, actions, paths, ())[1]
        undoer = await self._undoer(row) if row.status == ACTIVE else None
        if undoer is not None:
            keyboard.append([self._undo_button(row, undoer, seat)])
        return Reply("\n".join(lines), image=picture, buttons=keyboard, announces=(row.id, row.version),
                     remember=("board", row.id))

    @staticmethod
    def _paths(game: Game, state, actions: list[str]) -> list[tuple[str, ...]]:
        """Each action's menu group; hidden choices all go to one group that is offered only to their
        owner (one button that opens inline mode, see `inline`)."""
        return [(PRIVATE_GROUP,) if game.private_choice(state, action) else tuple(game.menu_path(state, action))
                for action in actions]

    def _menu(self, row: GameRow, game: Game, state, actions: list[str], paths: list[tuple[str, ...]],
              prefix: tuple[str, ...]) -> tuple[tuple[str, ...], list[list[Button]]]:
        """One level of the menu of legal actions (bot.table.menus), a way back up, and the secrets button; and
        the level really shown (a level of a single group opens that group)."""
        prefix, entries = menus.level(paths, prefix, sealed=PRIVATE_GROUP)
        keys = [
            Button(game.label(state, actions[e.index]), buttons.encode_move(row.id, row.version, e.index))
            if e.label is None
            else Button(self._private_label(game, state, actions[e.index]), "", inline_query=f"#{row.id}")
            if e.label == PRIVATE_GROUP
            else Button(e.label, buttons.encode(buttons.GROUP, row.id, row.version, e.index, e.depth))
            for e in entries
        ]
        rows = buttons.layout(keys)
        if prefix:
            index = entries[0].index if entries else 0
            up = menus.parent(paths, prefix, sealed=PRIVATE_GROUP)
            rows.append([Button("⬅️ Назад", buttons.encode(buttons.GROUP, row.id, row.version, index, len(up)))])
        if game.secret_button:
            rows.append([Button(game.secret_button, buttons.encode(buttons.SECRET, row.id))])
        return prefix, rows

    def _final_text(self, row: GameRow, game: Game, state, notify: bool) -> str:
        """The results; the winners are mentioned (a notification) only when the game has just ended."""
        winners = game.winners(state)
        ranking = sorted(game.scores(state), key=lambda e: (-e["total"], -e.get("coins", 0)))
        lines = ["<b>Партия окончена!</b>"]
        lines += [f"{plain(e['name'])}: {count(e['total'], *game.score_unit)}" for e in ranking]
        name = mention if notify else lambda _, player: plain(player)
        names = ", ".join(name(row.seats[s].user_id, row.seats[s].name) for s in winners)
        lines.append(f"🏆 Победа: {names}!" if len(winners) == 1 else f"🤝 Ничья: {names}.")
        return "\n".join(lines)

    # --- small helpers -------------------------------------------------------------------------

    @staticmethod
    def _may_abort(row: GameRow, user: User) -> bool:
        """The creator, a chat administrator, or anyone at the table once the creator has left it."""
        creator_left = row.seat_of(row.creator_id) is None and row.seat_of(user.id) is not None
        return user.id == row.creator_id or user.is_admin or creator_left

    @staticmethod
    def _private_label(game: Game, state, action: str) -> str:
        """The group's button for hidden choices: the game's own group name, never the action's label."""
        path = game.menu_path(state, action)
        return path[0] if path else "🂠 Выбрать тайно"

    def _find_game(self, text: str) -> Game | None:
        wanted = " ".join(text.lower().replace("ё", "е").split())
        return next((g for g in self.games.values()
                     if wanted and wanted in (g.name, g.title.lower().replace("ё", "е"), *g.aliases)), None)

    def _private_link(self, chat_id: int) -> str | None:
        """A t.me link that opens the private chat with the bot and tells it which group the player is from."""
        return f"https://t.me/{self.bot_username}?start=g{chat_id}" if self.bot_username else None

    def _game(self, row: GameRow) -> Game:
        return self.games[row.game]

    def _state(self, row: GameRow):
        game = self._game(row)
        return game, game.load(row.state)

    @staticmethod
    def _players(n: int) -> str:
        return f"{n} {plural(n, 'игрок', 'игрока', 'игроков')}"

"""A game's life at the table outside the moves: a new game's lobby (/new, /join, /leave, /begin and their
buttons), the private chat's start link, and /abort. A part of `bot.table.service.Service`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from html import escape

from bot.replies import buttons
from bot.replies.names import plain
from bot.replies.reply import Button, ButtonAnswer, Chat, Reply, User
from bot.replies.words import declined
from bot.storage.base import (
    ABORTED,
    ACTIVE,
    LOBBY,
    Conflict,
    GameRow,
    Seat,
)
from bot.table import rights
from bot.table.core import STALE, Table
from bot.table.links import is_old_link, link_token
from bot.table.seating.rematch import Rematch
from bot.table.seating.robots import Robots
from bot.table.texts import here, in_chat, seat_title
from bot.table.timing.clock import format_duration
from bot.table.turns import Turns

OPENED = "Чат со мной открыт: когда сядете за стол, я буду присылать сюда то, что видно только вам (ваши карты)."


class Lobby:
    def __init__(self, table: Table, turns: Turns, robots: Robots):
        self.table, self.turns, self.robots = table, turns, robots
        self.rematch = Rematch(table)

    async def new(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        abandoned = await self.expired(row)  # a lobby nobody began in time: anyone may open a new one in its place
        if abandoned:
            row = None
        if row is not None:
            what = "набор в игру" if row.status == LOBBY else "партия"
            return [Reply(f"{here(chat.topic)} уже идёт {what} «{self.table.game(row).title}». "
                          "Закончите её или прервите командой /abort.")]
        if not chat.private:
            refusal = rights.opening_refusal(chat, await self.table.store.closed_topics(chat.id))
            if refusal:
                return [Reply(refusal)]
        game = self.table.find_game(args)
        if game is None:
            games = list(self.table.games.values())
            names = ", ".join(f"<code>/new {g.name}</code> — «{escape(g.title)}»" for g in games)
            hint = f"Не знаю игры «{escape(args)}». " if args else "Какую игру начнём? "
            keyboard = [[Button(g.title, buttons.encode(buttons.NEW, i))] for i, g in enumerate(games)]
            previous = None if args else await self.rematch.offer(chat)
            if previous is not None:  # the last game has ended: the same table again comes first
                players = ", ".join(plain(s.name) for s in previous.seats)
                title = escape(declined(self.table.game(previous).title, "gent"))
                hint += f"Можно реванш последней «{title}» ({players}) — кнопка «🔁 Реванш» — или новую игру. "
                keyboard.insert(0, [self.rematch.offer_button(previous)])
            return [Reply(hint + "Нажмите на игру или напишите: " + names + ".", buttons=keyboard)]
        seed = random.SystemRandom().randrange(2**31)
        try:
            row = await self.table.store.create_lobby(chat.id, game.name, Seat(0, user.id, user.name), seed, chat.title,
                                                      chat.topic, chat.topic_title, now=self.table.clock())
        except Conflict:
            return [Reply(f"{here(chat.topic)} уже открыта партия. Посмотреть её — /board.")]
        headlines = [abandoned] if abandoned else []  # the lobby's header says who gathers which game
        if await self.table.store.table_overrides(chat.id, chat.topic):  # a new table starts from the chat's
            await self.table.store.set_table_overrides(chat.id, chat.topic, {})
            headlines.append("Настройки стола — снова как во всём чате (/settings).")
        return [self.table.lobby_reply(row, "\n".join(headlines))]

    async def new_button(self, chat: Chat, user: User, index: int) -> ButtonAnswer:
        """A game chosen from the buttons of a bare /new: its lobby opens in place of the question."""
        games = list(self.table.games.values())
        if not 0 <= index < len(games) or user.id < 0:
            return ButtonAnswer(toast="Не понимаю эту кнопку. Новая партия — /new.")
        row = await self.table.store.open_game(chat.id, chat.topic)
        first, *rest = await self.new(chat, user, row, games[index].name)
        if not first.buttons:  # a refusal (a game is already open): for the presser alone
            return ButtonAnswer(toast=first.text, alert=True)
        return ButtonAnswer(edit=first, replies=rest)

    async def deep_link(self, user: User, payload: str) -> list[Reply]:
        """`/start t<token>` from a t.me link in a group: the player opened the private chat to get their secrets
        here; answer with the current ones of the table whose game has that token (`bot.table.links`) at once. A
        link that names a table by its chat (given out before tokens) has expired; nothing it names is shown."""
        done = "Готово: теперь я буду присылать сюда то, что видно только вам (ваши карты)."
        if is_old_link(payload):
            return [Reply(f"Эта ссылка устарела. {OPENED} Свои карты можно посмотреть и кнопкой под доской в группе "
                          "(/board).")]
        token = link_token(payload)
        named = await self.table.store.game_by_token(token) if token is not None else None
        if named is None:
            return [Reply(done if token is None else f"Такого стола я не знаю: ссылка неверна. {OPENED}")]
        table = named.chat_id, named.topic
        there = [row for row in await self.table.store.games_of(user.id) if (row.chat_id, row.topic) == table]
        rows = [row for row in there if not row.seats[row.seat_of(user.id)].away]  # the autopilot's hand is its own
        gathering = await self.table.store.open_game(*table)
        if not rows and (gathering is None or gathering.seat_of(user.id) is None):  # a link to a table not theirs
            seat = "Ваше место там играет автопилот 🤖, и карты теперь его. " if there else "Вы там сейчас не играете. "
            return [Reply(f"Готово, чат со мной открыт. {seat}Когда сядете за стол, я буду присылать сюда то, что "
                          "видно только вам (ваши карты).")]
        lines = []
        for row in sorted(rows, key=lambda row: not self._waits_for(row, user)):
            game, state = self.table.state(row)
            secret = game.secret(state, row.seat_of(user.id))
            if secret:
                where = f" ({in_chat('', row.topic, row.topic_title).strip()})" if len(rows) > 1 and row.topic else ""
                lines.append(f"«{escape(game.title)}»{where}: {escape(secret)}")
        return [Reply("\n\n".join([done, *lines]))]

    async def expired(self, row: GameRow | None) -> str | None:
        """A lobby nobody began within the chat's time (`ChatSettings.lobby_expires`, a day unless the chat's
        administrators changed it) no longer holds its table: it is closed when the table is next touched, and
        what the table is told is returned. None: `row` stands as it is (a running game, a fresh lobby, none)."""
        if row is None or row.status != LOBBY:
            return None
        limit = (await self.table.chat_settings(row.chat_id)).lobby_expires
        if not limit or self.table.clock() - row.created_at < limit:
            return None
        try:
            await self.table.store.close_game(row.id, row.version, ABORTED)
        except Conflict:  # somebody changed it this very moment: it is looked at again next time
            return None
        return (f"Набор в игру «{escape(self.table.game(row).title)}» никто не начал за {format_duration(limit)}, "
                "и он закрыт.")

    def _waits_for(self, row: GameRow, user: User) -> bool:
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        return seat is not None and row.seats[seat].user_id == user.id

    async def join(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is not None and row.status == LOBBY and row.seat_of(user.id) is not None:
            confirmed = await self.rematch.confirm(user, row)  # a rematch's seat that waited for its player
            if confirmed:
                return confirmed
        refusal = self._join_refusal(user, row)
        if refusal:
            return [Reply(refusal, only_for=user.id)]
        seats = [(s.user_id, s.name, s.level) for s in row.seats] + [(user.id, user.name)]
        await self.table.store.set_seats(row.id, row.version, seats)
        row = await self.table.store.game(row.id)
        return [await self.table.lobby(row, f"{plain(user.name)} садится за стол.", row.lobby_message_id)]

    def _join_refusal(self, user: User, row: GameRow | None) -> str | None:
        if row is None:
            return "Сейчас никто не собирает игру. Начните набор: /new."
        if row.status != LOBBY:
            return "Партия уже идёт, присоединиться к ней нельзя. Дождитесь следующей."
        if row.seat_of(user.id) is not None:
            return f"{plain(user.name)}, вы уже за столом."
        game = self.table.game(row)
        if len(row.seats) >= game.max_players:
            return (f"За столом уже {self.table.players(len(row.seats))}: больше в «{declined(game.title, 'accs')}» "
                    "не играют.")
        return None

    async def leave(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is not None and row.status == ACTIVE and row.seat_of(user.id) is not None:
            if row.seats[row.seat_of(user.id)].away:
                return [Reply(f"{plain(user.name)}, за вас и так ходит автопилот.", only_for=user.id)]
            return await self.turns.leave_game(chat, user, row)
        if args and row is not None and row.status == LOBBY:  # /leave бот [имя]: a bot stands up
            bot = self.robots.named_bot(row, args)
            if isinstance(bot, str):
                return [Reply(bot)]
            if bot is not None:
                return await self.robots.remove(chat, user, row, bot)
        refusal = self._leave_refusal(user, row)
        if refusal:
            return [Reply(refusal, only_for=user.id)]
        seats = [(s.user_id, s.name, s.level) for s in row.seats if s.user_id != user.id]
        if not any(level is None for _, _, level in seats):  # bots alone do not play
            await self.table.store.close_game(row.id, row.version, ABORTED)
            nobody = "не осталось никого, кроме ботов" if seats else "никого не осталось"
            return [Reply(f"За столом {nobody}, набор закрыт. Новый — /new.", replaces=row.lobby_message_id)]
        await self.table.store.set_seats(row.id, row.version, seats)
        row = await self.table.store.game(row.id)
        await self.rematch.left(user, row)
        row = await self.table.store.game(row.id)
        return [await self.table.lobby(row, f"{plain(user.name)} выходит из-за стола.", row.lobby_message_id)]

    def _leave_refusal(self, user: User, row: GameRow | None) -> str | None:
        if row is None or row.seat_of(user.id) is None:
            return f"{plain(user.name)}, вы и так не за столом."
        if row.status != LOBBY:
            return "Партия уже идёт: выйти из неё можно командой /leave — за вас будет ходить автопилот."
        return None

    async def _begin_refusal(self, user: User, row: GameRow | None) -> str | None:
        """Why `user` may not begin the table's lobby now (who may: `rights.begin_refusal`, the same for a
        rematch), if they may not."""
        if row is None:
            return "Сначала соберите игроков: /new."
        if row.status != LOBBY:
            return "Партия уже идёт. Доска — /board."
        pending = await self.rematch.pending(row)
        refusal = rights.begin_refusal(user, row, pending)
        if refusal or pending is not None:
            return refusal or self.rematch.seats_refusal(row, pending)
        game = self.table.game(row)
        if len(row.seats) < game.min_players:
            return (f"За столом {self.table.players(len(row.seats))}, а для «{declined(game.title, 'gent')}» нужно "
                    f"хотя бы {game.min_players}. " + ("Посадите ботов: /addbot." if row.chat_id > 0 else
                                                        "Позовите друзей (/join) или посадите бота (/addbot)."))
        return None

    async def begin(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        refusal = await self._begin_refusal(user, row)
        if refusal:
            return [Reply(refusal)]
        game = self.table.game(row)
        rematch = await self.rematch.pending(row) is not None
        row, dropped = await self.rematch.prepared(row)  # a rematch: unconfirmed seats go, seat 0 opens
        options = (await self.table.chat_settings(row.chat_id)).game_options(row.game)
        state = game.new([s.name for s in row.seats], seed=row.seed, options=options)
        first = row.seats[game.current_seat(state)]
        seats = row.seats[first.seat:] + row.seats[:first.seat]  # from the first player, chosen by lot
        order = " → ".join(plain(seat_title(s)) for s in seats)
        # the lobby message, closed just above, names the game: the board does not name it a second time
        named = row.lobby_message_id is None
        title = f" «{escape(game.title)}»" if named else ""
        intro = (self.rematch.intro(game, order, dropped, named) if rematch
                 else f"Партия{title} началась! Порядок хода (первый — по жребию): {order}.")
        await self.table.store.start(row.id, row.version, game.dump(state), intro,
                               await self.turns.turn_change(row, game, state))
        row = await self.table.store.game(row.id)
        headlines, scorings = [intro], []
        row = await self.turns.autoplay(row, game, state, headlines, scorings)  # the lot chose a bot: it moves
        # everybody's private notes: the player to move gets «ваш ход» with their secrets, the others their secrets
        on_turn = await self.turns.turn_notes(chat, row, game, state, hand=True)
        told = {note.to_user for note in on_turn}
        players = [seat for seat in row.seats if seat.user_id not in told]
        board = [*await self.turns.scorings(row, game, state, scorings),
                 await self.table.board_reply(row, game, state, "\n".join(headlines)),
                 *on_turn, *await self.table.secret_notes(chat, row, game, state, players)]
        if row.lobby_message_id is None:
            return board
        return [replace(self._closed_lobby(row), replaces=row.lobby_message_id), *board]

    def _closed_lobby(self, row: GameRow) -> Reply:
        """The lobby message once the game has begun: who plays, and no buttons any more."""
        seated = ", ".join(plain(seat_title(s)) for s in row.seats)
        return Reply(f"«{escape(self.table.game(row).title)}»: играют {seated} — доска ниже.")

    async def button(self, chat: Chat, user: User, row: GameRow, kind: str) -> ButtonAnswer:
        """Sit down, stand up or begin from the lobby's buttons: the lobby message itself changes; a refusal
        is a toast for the presser alone, not a message to the whole group."""
        if row.status != LOBBY:
            return ButtonAnswer(toast=STALE)
        abandoned = await self.expired(row)
        if abandoned:  # the lobby message says so, without its buttons
            return ButtonAnswer(edit=Reply(f"{abandoned} Новый — /new."), toast="Этот набор уже закрыт.")
        refuse, handler = {buttons.JOIN: (self._join_refusal, self.join),
                           buttons.LEAVE: (self._leave_refusal, self.leave),
                           buttons.BEGIN: (None, self.begin)}[kind]
        pending = await self.rematch.pending(row)
        if kind == buttons.JOIN and pending and user.id in pending:
            refusal = None  # a rematch's seat confirmed by its player
        elif kind == buttons.BEGIN:
            refusal = await self._begin_refusal(user, row)
        else:
            refusal = refuse(user, row)
        if refusal:
            return ButtonAnswer(toast=refusal, alert=len(refusal) > 60)
        replies = await handler(chat, user, row, "")
        if kind == buttons.BEGIN:
            board = [r for r in replies if r.replaces is None]
            return ButtonAnswer(edit=self._closed_lobby(row), replies=board)
        return ButtonAnswer(edit=replace(replies[0], replaces=None), replies=replies[1:])

    async def abort(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return [Reply("Прерывать нечего: партии нет.")]
        if not rights.may_abort(row, user):
            return [Reply(rights.ABORT_REFUSAL)]
        keyboard = [[Button("Да, прервать", buttons.encode(buttons.ABORT_YES, row.id, row.version)),
                     Button("Нет, играем", buttons.encode(buttons.ABORT_NO, row.id))]]
        title = self.table.game(row).title  # after «партию» the title stays as it is: «партию «Зодчие…»»
        return [Reply(f"Прервать партию «{title}»? Её нельзя будет продолжить.", buttons=keyboard)]

    async def abort_button(self, row: GameRow, user: User, version: int | None) -> ButtonAnswer:
        """«Да, прервать» (`version`: the game's when it was asked) or «Нет, играем» (None) under the question
        of /abort or of /tables: answered only by someone who may abort, and only while the game is as it was."""
        gone = self.gone(row, version)
        if gone:
            return ButtonAnswer(toast=gone, alert=True, clear_buttons=row.status not in (LOBBY, ACTIVE))
        if not rights.may_abort(row, user):
            return ButtonAnswer(toast=rights.ABORT_REFUSAL, alert=True)
        if version is None:
            return ButtonAnswer(toast="Играем дальше!", clear_buttons=True)
        try:
            await self.table.store.close_game(row.id, version, ABORTED)
        except Conflict:
            return ButtonAnswer(toast="Партия уже изменилась или закончилась. Если нужно, снова /abort.")
        title = escape(self.table.game(row).title)
        done = Reply(f"{plain(user.name)} прерывает партию «{title}». Новая — /new.")
        return ButtonAnswer(replies=[done], clear_buttons=True)

    @staticmethod
    def gone(row: GameRow, version: int | None) -> str | None:
        """Why a question about aborting the game no longer stands (it ended, was aborted, or moved on)."""
        if row.status == ABORTED:
            return "Эта партия уже прервана."
        if row.status not in (LOBBY, ACTIVE):
            return "Эта партия уже закончилась."
        if version is not None and version != row.version:
            return "Партия изменилась после вопроса: если её всё же нужно прервать, снова /abort."
        return None

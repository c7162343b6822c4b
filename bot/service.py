"""The bot without a transport: (chat, user, command or button) -> replies.

Telegram and the console are thin front ends over this class; the tests drive it directly. It knows
games only through `rules.protocol.Game` and pictures only through `render.registry`. It never lets
an exception reach a front end: a refusal is a Russian reply and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import defaultdict
from html import escape

from bot import buttons, rule_answers
from bot.replies import Article, Button, ButtonAnswer, Chat, Reply, User
from bot.rulebook import RuleBook
from bot.storage import ABORTED, ACTIVE, LOBBY, Conflict, GameRow, Seat, Store
from bot.texts import HELP, PRIVATE_HINT, mention, plain
from render.registry import RENDERERS
from rules.protocol import Game, RuleError
from rules.registry import GAMES
from rules.text import plural

log = logging.getLogger(__name__)

LOG_LINES = 12
SORRY = "Что-то пошло не так, ход не записан. Попробуйте ещё раз."

# Commands the bot itself handles; a game adds its own move commands (`Game.commands`).
COMMANDS: tuple[tuple[str, str], ...] = (
    ("new", "Новая партия: /new valdora"),
    ("join", "Сесть за стол"),
    ("leave", "Выйти из набора"),
    ("begin", "Начать партию"),
    ("board", "Доска и кнопки ходов"),
    ("moves", "Все разрешённые ходы"),
    ("score", "Счёт"),
    ("log", "Последние ходы"),
    ("abort", "Прервать партию"),
    ("rules", "Правила: /rules провиант"),
    ("help", "Как играть"),
)


class Service:
    def __init__(self, store: Store, games: dict[str, Game] | None = None, rulebook: RuleBook | None = None):
        self.store = store
        self.games = GAMES if games is None else games
        self.rulebook = RuleBook.load() if rulebook is None else rulebook
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    @classmethod
    async def open(cls, database_path: str) -> Service:
        return cls(await Store.open(database_path))

    async def close(self) -> None:
        await self.store.close()

    def commands(self) -> list[tuple[str, str]]:
        game_commands = [c for game in self.games.values() for c in game.commands]
        return list(COMMANDS) + list(dict(game_commands).items())

    # --- entry points --------------------------------------------------------------------------

    async def command(self, chat: Chat, user: User, name: str, args: str) -> list[Reply]:
        try:
            async with self._locks[chat.id]:
                return await self._command(chat, user, name.lower(), args.strip())
        except Exception:
            log.exception("command /%s %r failed in chat %s", name, args, chat.id)
            return [Reply(SORRY)]

    async def button(self, chat: Chat, user: User, data: str) -> ButtonAnswer:
        try:
            async with self._locks[chat.id]:
                return await self._button(chat, user, data)
        except Exception:
            log.exception("button %r failed in chat %s", data, chat.id)
            return ButtonAnswer(toast=SORRY, alert=True)

    async def text(self, chat: Chat, user: User, text: str) -> list[Reply]:
        """Plain messages are the players' own talk; only a private chat gets a hint."""
        return [Reply(PRIVATE_HINT)] if chat.private else []

    def inline(self, query: str) -> list[Article]:
        """Answers for inline mode: `@bot провиант` typed in any chat."""
        try:
            return rule_answers.articles(self.rulebook, query)
        except Exception:
            log.exception("inline query %r failed", query)
            return []

    # --- commands ------------------------------------------------------------------------------

    async def _command(self, chat: Chat, user: User, name: str, args: str) -> list[Reply]:
        if name in ("start", "help"):
            return [Reply(HELP if not chat.private or name == "help" else PRIVATE_HINT + "\n\n" + HELP)]
        section_id = rule_answers.section_from_command(name)
        if name == "rules" or section_id:
            row = None if chat.private else await self.store.open_game(chat.id)
            return [self._rules(row, args) if name == "rules" else self._section(section_id)]
        if chat.private:
            return [Reply(PRIVATE_HINT)]
        handler = {
            "new": self._new, "join": self._join, "leave": self._leave, "begin": self._begin,
            "board": self._board, "moves": self._moves, "score": self._score, "log": self._log,
            "abort": self._abort,
        }.get(name)
        row = await self.store.open_game(chat.id)
        if handler is not None:
            return await handler(chat, user, row, args)
        if row is not None and row.status == ACTIVE:
            replies, _ = await self._play(user, row, f"{name} {args}".strip())
            return replies
        if any(name == command for game in self.games.values() for command, _ in game.commands):
            if row is not None:
                return [Reply("Партия ещё не началась: сначала соберите игроков и нажмите «Начать» (/begin).")]
            return [Reply("Сейчас партии нет, ходить некуда. Начните новую: /new valdora.")]
        return [Reply(f"Не знаю команды /{escape(name)}. Список команд — /help.")]

    async def _new(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is not None:
            what = "набор в игру" if row.status == LOBBY else "партия"
            return [Reply(f"В этом чате уже идёт {what} «{self._game(row).title}». "
                          "Закончите её или прервите командой /abort.")]
        game = self._find_game(args)
        if game is None:
            names = ", ".join(f"<code>/new {g.name}</code> — {g.title}" for g in self.games.values())
            hint = f"Не знаю игры «{escape(args)}». " if args else "Какую игру начнём? "
            return [Reply(hint + "Могу провести: " + names + ".")]
        seed = random.SystemRandom().randrange(2**31)
        try:
            row = await self.store.create_lobby(chat.id, game.name, Seat(0, user.id, user.name), seed)
        except Conflict:
            return [Reply("В этом чате уже открыта партия. Посмотреть её — /board.")]
        return [self._lobby_reply(row, f"{mention(user.id, user.name)} собирает игру «{game.title}».")]

    async def _join(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        refusal = self._join_refusal(user, row)
        if refusal:
            return [Reply(refusal)]
        seats = [(s.user_id, s.name) for s in row.seats] + [(user.id, user.name)]
        await self.store.set_seats(row.id, row.version, seats)
        row = await self.store.game(row.id)
        return [self._lobby_reply(row, f"{mention(user.id, user.name)} садится за стол.")]

    def _join_refusal(self, user: User, row: GameRow | None) -> str | None:
        if row is None:
            return "Сейчас никто не собирает игру. Начните набор: /new valdora."
        if row.status != LOBBY:
            return "Партия уже идёт, присоединиться к ней нельзя. Дождитесь следующей."
        if row.seat_of(user.id) is not None:
            return f"{plain(user.name)}, вы уже за столом."
        game = self._game(row)
        if len(row.seats) >= game.max_players:
            return f"За столом уже {self._players(len(row.seats))}: больше в «{game.title}» не играют."
        return None

    async def _leave(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.seat_of(user.id) is None:
            return [Reply(f"{plain(user.name)}, вы и так не за столом.")]
        if row.status != LOBBY:
            return [Reply("Из идущей партии выйти нельзя: остальные ждут ваших ходов. "
                          "Прервать партию может её создатель или администратор: /abort.")]
        seats = [(s.user_id, s.name) for s in row.seats if s.user_id != user.id]
        if not seats:
            await self.store.close_game(row.id, row.version, ABORTED)
            return [Reply("За столом никого не осталось, набор закрыт. Новый — /new valdora.")]
        await self.store.set_seats(row.id, row.version, seats)
        row = await self.store.game(row.id)
        return [self._lobby_reply(row, f"{plain(user.name)} выходит из-за стола.")]

    async def _begin(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return [Reply("Сначала соберите игроков: /new valdora.")]
        if row.status != LOBBY:
            return [Reply("Партия уже идёт. Доска — /board.")]
        if row.seat_of(user.id) is None:
            return [Reply("Начать партию может только тот, кто сидит за столом. Сядьте: /join.")]
        game = self._game(row)
        if len(row.seats) < game.min_players:
            return [Reply(f"За столом {self._players(len(row.seats))}, а для «{game.title}» нужно "
                          f"хотя бы {game.min_players}. Позовите друзей: /join.")]
        state = game.new([s.name for s in row.seats], seed=row.seed)
        await self.store.start(row.id, row.version, game.dump(state))
        row = await self.store.game(row.id)
        first = row.seats[game.current_seat(state)]
        order = " → ".join(plain(s.name) for s in row.seats)
        intro = (f"Партия «{game.title}» началась! Порядок хода: {order}.\n"
                 f"Жребий выбрал первым {mention(first.user_id, first.name)}.")
        return [await self._board_reply(row, game, state, intro)]

    async def _board(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return [Reply("Сейчас партии нет. Начните: /new valdora.")]
        if row.status == LOBBY:
            return [self._lobby_reply(row, "Идёт набор игроков.")]
        game, state = self._state(row)
        return [await self._board_reply(row, game, state)]

    async def _moves(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт. Начните: /new valdora.")]
        game, state = self._state(row)
        seat = game.current_seat(state)
        lines = [f"• {escape(game.label(state, a))} — <code>/{escape(a)}</code>" for a in game.legal_actions(state)]
        return [Reply(f"Ходит {plain(row.seats[seat].name)}. Можно:\n" + "\n".join(lines))]

    async def _score(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт. Начните: /new valdora.")]
        game, state = self._state(row)
        hidden = set(game.secret_score_parts)
        lines = []
        for entry in sorted(game.scores(state), key=lambda e: -e["total"]):
            shown = {k: v for k, v in entry["breakdown"].items() if k not in hidden}
            parts = ", ".join(f"{game.score_names.get(k, k)} {v}" for k, v in shown.items() if v)
            lines.append(f"<b>{plain(entry['name'])}</b>: {sum(shown.values())} ({parts or 'пока ничего'})")
        note = ""
        if hidden:
            secret = ", ".join(game.score_names.get(k, k) for k in sorted(hidden))
            note = f"\n\nНе видно до конца партии: {secret}. Свои очки — кнопкой ниже."
        keyboard = [[Button("🔒 Мои очки", buttons.encode(buttons.MY_SCORE, row.id))]] if hidden else []
        return [Reply("<b>Открытый счёт</b>\n" + "\n".join(lines) + note, buttons=keyboard)]

    async def _log(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт.")]
        lines = await self.store.log(row.id, LOG_LINES)
        if not lines:
            return [Reply("Ходов ещё не было.")]
        text = "\n".join(f"{line.number}. {escape(line.summary)}" for line in lines)
        return [Reply("<b>Последние ходы</b>\n" + text)]

    async def _abort(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return [Reply("Прерывать нечего: партии нет.")]
        if user.id != row.creator_id and not user.is_admin:
            return [Reply("Прервать партию может только тот, кто её создал, или администратор чата.")]
        keyboard = [[Button("Да, прервать", buttons.encode(buttons.ABORT_YES, row.id, row.version)),
                     Button("Нет, играем", buttons.encode(buttons.ABORT_NO, row.id))]]
        return [Reply(f"Прервать «{self._game(row).title}»? Партию нельзя будет продолжить.", buttons=keyboard)]

    # --- moves ---------------------------------------------------------------------------------

    async def _play(self, user: User, row: GameRow, text: str) -> tuple[list[Reply], bool]:
        """Apply a typed or pressed action of `user`; refusals change nothing. Also tells whether the
        action was accepted and the same player goes on with their turn."""
        game, state = self._state(row)
        refusal = self._turn_refusal(game, state, row, user)
        if refusal:
            return [Reply(refusal)], False
        try:
            action = game.parse(state, text)
            seat = game.current_seat(state)
            events = game.apply(state, action)
        except RuleError as error:
            rule = self.rulebook.section(error.section) if error.section else None
            keyboard = [[Button("📖 Правило", f"{buttons.RULE}:{rule.id}")]] if rule else []
            return [Reply(f"❌ {escape(error.message)}\nРазрешённые ходы — /moves или кнопки под доской.",
                          buttons=keyboard)], False
        summary = " ".join(event.text for event in events)
        # the caption names the next player (with a mention) or the results itself
        headline = " ".join(event.text for event in events if event.kind not in ("turn", "end"))
        try:
            await self.store.record_move(row.id, row.version, game.dump(state), seat, user.id, action, summary,
                                         game.is_over(state))
        except Conflict:
            return [Reply("Доска уже изменилась, ход не записан. Вот она сейчас:"),
                    *await self._board(Chat(row.chat_id), user, await self.store.game(row.id), "")], False
        row = await self.store.game(row.id)
        # ping the next player only when the turn passes: the mover is already at the phone
        goes_on = game.current_seat(state) == seat
        return [await self._board_reply(row, game, state, escape(headline), notify=not goes_on)], goes_on

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
        stale = ButtonAnswer(toast="Эта кнопка устарела. Свежая доска — /board.")
        if decoded is None:
            return ButtonAnswer(toast="Не понимаю эту кнопку. Свежая доска — /board.")
        kind, target, *rest = decoded  # target: a game's row id, or a section or game name for rule buttons
        if kind in (buttons.RULE, buttons.RULE_PAGE, buttons.RULE_LIST):
            return self._rule_button(kind, target)
        row = await self.store.game(target)
        if row is None or row.chat_id != chat.id:
            return ButtonAnswer(toast="Эта кнопка не из этого чата.")
        if kind == buttons.MOVE:
            version, index = rest
            if row.status != ACTIVE or row.version != version:
                return stale
            game, state = self._state(row)
            refusal = self._turn_refusal(game, state, row, user)
            if refusal:
                return ButtonAnswer(toast=refusal)
            actions = game.legal_actions(state)
            if index >= len(actions):
                return stale
            replies, goes_on = await self._play(user, row, actions[index])
            if goes_on:
                # the same player's next step: redraw the board in place rather than post another one
                return ButtonAnswer(edit=replies[0])
            return ButtonAnswer(replies=replies, clear_buttons=True)
        if kind in (buttons.JOIN, buttons.LEAVE, buttons.BEGIN):
            if row.status != LOBBY:
                return stale
            handler = {buttons.JOIN: self._join, buttons.LEAVE: self._leave, buttons.BEGIN: self._begin}[kind]
            replies = await handler(chat, user, row, "")
            started = kind == buttons.BEGIN and (await self.store.game(row.id)).status == ACTIVE
            return ButtonAnswer(replies=replies, clear_buttons=started)
        if kind == buttons.ABORT_YES:
            if user.id != row.creator_id and not user.is_admin:
                return ButtonAnswer(toast="Прервать партию может только её создатель или администратор.")
            try:
                await self.store.close_game(row.id, rest[0], ABORTED)
            except Conflict:
                return ButtonAnswer(toast="Партия уже изменилась или закончилась. Если нужно, снова /abort.")
            return ButtonAnswer(replies=[Reply("Партия прервана. Новая — /new valdora.")], clear_buttons=True)
        if kind == buttons.ABORT_NO:
            return ButtonAnswer(toast="Играем дальше!", clear_buttons=True)
        return self._my_score(row, user)

    def _rule_button(self, kind: str, name: str) -> ButtonAnswer:
        """`name` is a section id (RULE, RULE_PAGE) or a game id (RULE_LIST)."""
        if kind == buttons.RULE_LIST:
            if name not in self.rulebook.games:
                return ButtonAnswer(toast="Не знаю такой игры.")
            return ButtonAnswer(edit=rule_answers.contents_reply(self.rulebook, name))
        section = self.rulebook.section(name)
        if section is None:
            return ButtonAnswer(toast="Такого раздела правил нет. Оглавление — /rules.")
        reply = rule_answers.section_reply(self.rulebook, section)
        return ButtonAnswer(replies=[reply]) if kind == buttons.RULE else ButtonAnswer(edit=reply)

    # --- rules ---------------------------------------------------------------------------------

    def _rules(self, row: GameRow | None, args: str) -> Reply:
        """Search the rule reference; a running game narrows the search to its rules."""
        book = self.rulebook
        current = row.game if row is not None and row.game in book.games else None
        game, words, found = rule_answers.lookup(book, args, current)
        if not words.strip():
            return rule_answers.contents_reply(book, game) if game else rule_answers.choose_game_reply(book)
        if not found:
            return rule_answers.not_found_reply(words)
        return rule_answers.section_reply(book, found[0], found[1:])

    def _section(self, section_id: str) -> Reply:
        section = self.rulebook.section(section_id)
        if section is None:
            return Reply("Такого раздела правил нет. Оглавление — /rules.")
        return rule_answers.section_reply(self.rulebook, section)

    def _my_score(self, row: GameRow, user: User) -> ButtonAnswer:
        seat = row.seat_of(user.id)
        if seat is None or row.state is None:
            return ButtonAnswer(toast="Вы не играете в этой партии.")
        game, state = self._state(row)
        entry = game.scores(state)[seat]
        parts = ", ".join(f"{game.score_names.get(k, k)} {v}" for k, v in entry["breakdown"].items())
        return ButtonAnswer(toast=f"У вас {self._points(entry['total'])}: {parts}.", alert=True)

    # --- pieces of replies ---------------------------------------------------------------------

    def _lobby_reply(self, row: GameRow, headline: str) -> Reply:
        game = self._game(row)
        names = ", ".join(plain(s.name) for s in row.seats)
        limits = f"{game.min_players}–{game.max_players}"
        text = (f"{headline}\n«{game.title}», игроков {limits}. За столом: {names} ({len(row.seats)}).\n"
                "Сесть — /join, начать — /begin.")
        keyboard = [[Button("🙋 Сесть", buttons.encode(buttons.JOIN, row.id)),
                     Button("🚪 Выйти", buttons.encode(buttons.LEAVE, row.id)),
                     Button("▶️ Начать", buttons.encode(buttons.BEGIN, row.id))]]
        return Reply(text, buttons=keyboard)

    async def _board_reply(self, row: GameRow, game: Game, state, headline: str = "", notify: bool = True) -> Reply:
        picture = await asyncio.to_thread(RENDERERS[row.game], game.view(state, None))
        lines = [headline] if headline else []
        if game.is_over(state):
            lines.append(self._final_text(row, game, state))
            return Reply("\n".join(lines), image=picture)
        seat = game.current_seat(state)
        player = row.seats[seat]
        lines.append(f"Ходит {mention(player.user_id, player.name) if notify else plain(player.name)}.")
        actions = game.legal_actions(state)
        keyboard = buttons.layout(
            [Button(game.label(state, a), buttons.encode_move(row.id, row.version, i)) for i, a in enumerate(actions)]
        )
        return Reply("\n".join(lines), image=picture, buttons=keyboard)

    def _final_text(self, row: GameRow, game: Game, state) -> str:
        winners = game.winners(state)
        ranking = sorted(game.scores(state), key=lambda e: (-e["total"], -e.get("coins", 0)))
        lines = ["<b>Партия окончена!</b>"]
        lines += [f"{plain(e['name'])}: {self._points(e['total'])}" for e in ranking]
        names = ", ".join(mention(row.seats[s].user_id, row.seats[s].name) for s in winners)
        lines.append(f"🏆 Победа: {names}!" if len(winners) == 1 else f"🤝 Ничья: {names}.")
        return "\n".join(lines)

    # --- small helpers -------------------------------------------------------------------------

    def _find_game(self, text: str) -> Game | None:
        wanted = text.lower().replace("ё", "е").strip()
        return next(
            (g for g in self.games.values() if wanted and wanted in (g.name, g.title.lower().replace("ё", "е"))),
            None,
        )

    def _game(self, row: GameRow) -> Game:
        return self.games[row.game]

    def _state(self, row: GameRow):
        game = self._game(row)
        return game, game.load(row.state)

    @staticmethod
    def _players(n: int) -> str:
        return f"{n} {plural(n, 'игрок', 'игрока', 'игроков')}"

    @staticmethod
    def _points(n: int) -> str:
        return f"{n} {plural(n, 'очко', 'очка', 'очков')}"

"""The table's core: what every part of `bot.table.service.Service` works with (the store, the games, the
rule book, the chat defaults, the clock, the pictures) and what they all show: a game's state, the lobby
message, the board with its menu of moves, the final results and a chat's settings.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections import defaultdict
from collections.abc import Callable
from html import escape

from bot.lookup.rulebook import RuleBook
from bot.replies import buttons
from bot.replies.lines import shortened_text
from bot.replies.names import plain
from bot.replies.reply import Button, Chat, Reply
from bot.replies.words import declined
from bot.storage.base import (
    ABORTED,
    ACTIVE,
    FINISHED,
    LOBBY,
    Absence,
    GameRow,
    LogLine,
    Seat,
)
from bot.storage.sqlite import Store
from bot.table import menus
from bot.table.links import CHAT_OPENED, choice_query, start_payload
from bot.table.seating.colours import Colours
from bot.table.texts import in_chat, mention, seat_title
from bot.table.timing.absence import away_line
from bot.table.timing.clock import about, not_quiet
from bot.table.timing.scopes import table_only
from bot.table.timing.settings import ChatSettings
from render.pool import Pictures
from rules.protocol import Game
from rules.registry import GAMES
from rules.text import count, plural

STALE = "Эта кнопка устарела. Свежая доска — /board."
OVER = {FINISHED: "Эта партия уже закончилась.", ABORTED: "Эта партия прервана.", LOBBY: "Эта партия ещё не началась."}
PRIVATE_GROUP = "\0private"  # the menu group of a game's private choices; never a game's own label
SHOWN_WAIT = 60.0  # a wait shorter than this is not mentioned by /turn


def stale(row: GameRow) -> str:
    """Why a button of `row`'s board no longer plays: its game is over (finished or aborted), or has moved on."""
    return OVER.get(row.status, STALE)


def lobby_header(row: GameRow, game: Game, rematch: bool) -> str:
    """The lobby's first line: who gathers the table (or proposes the rematch) and for which game, how many play.

    The opener is mentioned; once they have left, the table has no owner to name."""
    limits = (f"от {game.min_players} до {game.max_players} игроков" if game.min_players != game.max_players
              else f"{game.max_players} {plural(game.max_players, 'игрок', 'игрока', 'игроков')}")
    opener = next((mention(s.user_id, s.name) for s in row.seats if s.user_id == row.creator_id), None)
    if rematch:
        what = f"реванш в «{escape(declined(game.title, 'loct'))}» ({limits})"
        return f"{opener} предлагает {what}." if opener else f"{what[0].upper()}{what[1:]}."
    what = f"«{escape(game.title)}» ({limits})"
    return f"{opener} собирает игру {what}." if opener else f"Набор в игру {what}."


def may_undo_alone(log: list[LogLine], user_id: int) -> bool:
    """The game's latest move is the user's (nobody has acted since) and it showed nothing hidden."""
    return bool(log) and log[-1].user_id == user_id and not log[-1].reveals


class Table:
    """Handed to every part of the service; the front end's settings (`bot_username`, `gone_chats`) live here."""

    def __init__(self, store: Store, games: dict[str, Game] | None = None, rulebook: RuleBook | None = None,
                 defaults: ChatSettings | None = None, clock: Callable[[], float] = time.time,
                 pictures: Pictures | None = None):
        self.store = store
        # where boards are drawn: in a thread by default, or a pool of processes (RENDER_WORKERS) it closes
        self.pictures = pictures or Pictures()
        self.colours = Colours(store)  # each person's colour in the pictures, kept across a rematch
        self.games = GAMES if games is None else games
        self.rulebook = RuleBook.load() if rulebook is None else rulebook
        self.defaults = defaults or ChatSettings()  # a chat's settings until it changes them (/settings)
        self.clock = clock  # seconds, as time.time(): the tests turn it forward
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # one chat's updates in turn
        self.bot_username: str | None = None  # set by the Telegram front end: makes t.me deep links
        # groups the bot was removed from (the front end keeps this): their timers wait until it is back
        self.gone_chats: set[int] = set()
        # set by the Telegram front end where the deployment has a Mini App (WEBAPP_URL): every board gets its button
        self.mini_app = False

    # --- a game and a chat ---------------------------------------------------------------------

    def game(self, row: GameRow) -> Game:
        return self.games[row.game]

    def state(self, row: GameRow):
        game = self.game(row)
        return game, game.load(row.state)

    def find_game(self, text: str) -> Game | None:
        wanted = " ".join(text.lower().replace("ё", "е").split())
        return next((g for g in self.games.values()
                     if wanted and wanted in (g.name, g.title.lower().replace("ё", "е"), *g.aliases)), None)

    @staticmethod
    def players(n: int) -> str:
        return f"{n} {plural(n, 'игрок', 'игрока', 'игроков')}"

    def start_link(self, row: GameRow | None = None) -> str | None:
        """A t.me link that opens the private chat with the bot and tells it which table the player is from: the
        table of `row`, named by its game's token (`bot.table.links`); without a game, it only opens the chat."""
        if not self.bot_username:
            return None
        payload = start_payload(row.token) if row is not None and row.token else CHAT_OPENED
        return f"https://t.me/{self.bot_username}?start={payload}"

    async def chat_settings(self, chat_id: int, topic: int | None = None) -> ChatSettings:
        """The chat's settings (the operator's defaults with the chat's changes on top); with a `topic`, the
        settings of that table: its own changes on top of those (`bot.table.timing.scopes`)."""
        settings = self.defaults.with_overrides(await self.store.chat_overrides(chat_id))
        if topic is None:
            return settings
        return settings.with_overrides(table_only(await self.store.table_overrides(chat_id, topic)))

    async def topic_state(self, chat_id: int, topic: int) -> str:
        """The state of a table's forum topic: "open", "closed" or "deleted" (`bot.storage.topics`); a topic the
        bot knows nothing of is open. `bot.table.topics.topic_mark` names it for a list of tables."""
        known = await self.store.topic(chat_id, topic) if topic else None
        return known.state if known is not None else "open"

    async def absent(self, row: GameRow) -> dict[int, Absence]:
        """The seats whose players are away now (/away), with their absences."""
        found = await self.store.absences([s.user_id for s in row.seats if not s.away], self.clock())
        return {s.seat: found[s.user_id] for s in row.seats if s.user_id in found and not s.away}

    async def away_lines(self, row: GameRow) -> list[str]:
        """«✈️ Вера в отъезде до 28 ноября» for each player of the game who is away, in the chat's time."""
        absent = await self.absent(row)
        if not absent:
            return []
        tz = (await self.chat_settings(row.chat_id, row.topic)).tz
        return [away_line(row.seats[seat].name, absence, tz) for seat, absence in absent.items()]

    async def came_back(self, user_id: int) -> bool:
        """The player moved: an absence of theirs is over (True if they had one)."""
        if not await self.store.absences([user_id], self.clock()):
            return False
        return await self.store.end_absence(user_id) is not None

    async def quiet_now(self, row: GameRow) -> bool:
        """The table's quiet hours are on now (in its time zone): nothing makes a sound."""
        settings = await self.chat_settings(row.chat_id, row.topic)
        now = dt.datetime.fromtimestamp(self.clock(), dt.UTC)
        return not_quiet(now, settings.quiet, settings.tz) > now

    def waiting(self, row: GameRow) -> str:
        """«, ждём около 2 часов» (in round figures) when the player to move has kept the table waiting for a while
        (/turn, /games)."""
        if row.turn_since is None:
            return ""
        waited = self.clock() - row.turn_since
        return f", ждём {about(waited)}" if waited >= SHOWN_WAIT else ""

    async def lobby(self, row: GameRow, headline: str, replaces: int | None = None) -> Reply:
        """The lobby message, a rematch's too (its seats still to be confirmed marked)."""
        found = await self.store.rematch(row.id)
        seated = {s.user_id for s in row.seats}
        pending = None if found is None else [user_id for user_id in found[1] if user_id in seated]
        return self.lobby_reply(row, headline, replaces, pending)

    def lobby_reply(self, row: GameRow, headline: str, replaces: int | None = None,
                    pending: list[int] | None = None) -> Reply:
        """The lobby message; `replaces`: the lobby message to edit into it (a join, a leave); `pending`: a
        rematch's seats not yet confirmed (None: an ordinary lobby)."""
        game = self.game(row)
        waited = set(pending or ())
        names = ", ".join(plain(seat_title(s)) + (" ⏳" if s.user_id in waited else "") for s in row.seats)
        alone = row.chat_id > 0  # the private chat with the bot: the player and bots only
        # whose table and which game stay on top whatever happened last (`headline`: «Борис садится за стол.»)
        lines = [lobby_header(row, game, rematch=pending is not None), *([headline] if headline else [])]
        text = "\n".join(lines) + f"\nЗа столом {self.players(len(row.seats))}: {names}.\n"
        if pending is not None:
            creator = next((plain(s.name) for s in row.seats if s.user_id == row.creator_id), "любой за столом")
            awaited = ", ".join(mention(s.user_id, s.name) for s in row.seats if s.user_id in waited)
            text += ("Места те же, первым ходит следующий по кругу. "
                     + (f"Ждём ⏳: {awaited} — «🙋 Играю» (или /join), отказаться — «🚪 Выйти». " if waited
                        else "Все места подтверждены. ")
                     + f"Начинает {creator} (/begin)"
                     + (": неподтверждённые места тогда освободятся." if waited else "."))
        elif alone:
            text += "Посадить бота — /addbot (уровень: лёгкий, средний или сильный), начать — /begin."
        else:
            text += "Сесть — /join, посадить бота — /addbot, начать — /begin."
        link = self.start_link(row)
        if game.secret_button and link and not alone:
            text += (f"\nСвои тайные карты каждый смотрит кнопкой «{escape(game.secret_button)}» под доской. Чтобы "
                     f'они приходили и в личку, <a href="{link}">откройте чат со мной</a> и нажмите «Старт».')
        bots = [Button("🤖 Добавить бота", buttons.encode(buttons.ADD_BOT, row.id)),
                Button("🤖 Убрать бота", buttons.encode(buttons.REMOVE_BOT, row.id))]
        begin = Button("▶️ Начать", buttons.encode(buttons.BEGIN, row.id))
        keyboard = [bots, [begin]] if alone else [
            [Button("🙋 Сесть" if pending is None else "🙋 Играю", buttons.encode(buttons.JOIN, row.id)),
             Button("🚪 Выйти", buttons.encode(buttons.LEAVE, row.id)), begin], bots]
        return Reply(text, buttons=keyboard, remember=("lobby", row.id), replaces=replaces)

    async def board_reply(self, row: GameRow, game: Game, state, headline: str = "", notify: bool = True) -> Reply:
        view = await self.colours.dress(row, game.view(state, None))
        picture = await self.pictures.draw(row.game, view, row.id)
        lines = [headline] if headline else []
        # a sound: the board that gives a person the turn, and the final result; never in the quiet hours
        loud = notify and not await self.quiet_now(row)
        if game.is_over(state):
            lines.append(self.final_text(row, game, state, notify))
            again = [[Button("🔁 Реванш", buttons.encode(buttons.REMATCH, row.id))], *self.app_button(row)]
            return Reply("\n".join(lines), image=picture, buttons=again, announces=(row.id, row.version),
                         remember=("board", row.id), sound=loud)
        seat = game.current_seat(state)
        player = row.seats[seat]
        lines.append(await self.turn_lines(row, seat, notify))
        actions = game.legal_actions(state)
        paths = self.paths(game, state, actions)
        # a bot's turn is nobody's to press (its board shows only while its move is on the way)
        keyboard = [] if player.bot else self.menu(row, game, state, actions, paths, ())[1]
        undoer = await self.undoer(row) if row.status == ACTIVE else None
        if undoer is not None:
            keyboard.append([self.undo_button(row, undoer, seat)])
        keyboard += self.app_button(row)
        return Reply("\n".join(lines), image=picture, buttons=keyboard, announces=(row.id, row.version),
                     remember=("board", row.id), sound=loud and not (player.bot or player.away))

    async def turn_lines(self, row: GameRow, seat: int, notify: bool = False) -> str:
        """«Ходит Аня.» (a mention when `notify`), and who is away. How long the table has waited is not a board's
        business: the board is redrawn in the middle of the very player's turn; /turn and the reminders tell it."""
        player = row.seats[seat]
        who = mention(player.user_id, player.name) if notify else plain(player.name)
        return "\n".join([f"Ходит {who}{' 🤖' if player.away or player.bot else ''}.", *await self.away_lines(row)])

    def app_button(self, row: GameRow) -> list[list[Button]]:
        """«🗺 Открыть доску» (the Mini App on this table) as a keyboard row, where the deployment has a Mini App."""
        return [[Button("🗺 Открыть доску", "", app=row.token)]] if self.mini_app and row.token else []

    @staticmethod
    def paths(game: Game, state, actions: list[str]) -> list[tuple[str, ...]]:
        """Each action's menu group; hidden choices all go to one group that is offered only to their
        owner (one button that opens inline mode, see `inline`)."""
        return [(PRIVATE_GROUP,) if game.private_choice(state, action) else tuple(game.menu_path(state, action))
                for action in actions]

    def menu(self, row: GameRow, game: Game, state, actions: list[str], paths: list[tuple[str, ...]],
              prefix: tuple[str, ...]) -> tuple[tuple[str, ...], list[list[Button]]]:
        """One level of the menu of legal actions (bot.table.menus), a way back up, and the secrets button; and
        the level really shown (a level of a single group opens that group)."""
        prefix, entries = menus.level(paths, prefix, sealed=PRIVATE_GROUP)
        keys = [
            Button(game.label(state, actions[e.index]), buttons.encode_move(row.id, row.version, e.index))
            if e.label is None
            else Button(self.private_label(game, state, actions[e.index]), "", inline_query=choice_query(row.token))
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

    @staticmethod
    def private_label(game: Game, state, action: str) -> str:
        """The group's button for hidden choices: the game's own group name, never the action's label."""
        path = game.menu_path(state, action)
        return path[0] if path else "🂠 Выбрать тайно"

    def final_text(self, row: GameRow, game: Game, state, notify: bool) -> str:
        """The results; the winners are mentioned (a notification) only when the game has just ended."""
        winners = game.winners(state)
        ranking = sorted(game.scores(state), key=lambda e: (-e["total"], -e.get("coins", 0)))
        lines = ["<b>Партия окончена!</b>"]
        lines += [f"{plain(e['name'])}: {count(e['total'], *game.score_unit)}" for e in ranking]
        name = mention if notify else lambda _, player: plain(player)
        names = ", ".join(name(row.seats[s].user_id, row.seats[s].name) for s in winners)
        lines.append(f"🏆 Победа: {names}!" if len(winners) == 1 else f"🤝 Ничья: {names}.")
        return "\n".join(lines)

    async def undoer(self, row: GameRow) -> Seat | None:
        """The player who may take the latest move back alone now (the ↩️ button under the board), if any."""
        log = await self.store.log(row.id, 1)
        seat = row.seat_of(log[-1].user_id) if log else None
        if seat is None or row.seats[seat].bot:  # a bot never takes its moves back
            return None
        return row.seats[seat] if may_undo_alone(log, log[-1].user_id) else None

    def undo_button(self, row: GameRow, undoer: Seat, seat: int) -> Button:
        """↩️ under the board, for the player who may take the latest move back alone (named when the turn
        has passed to someone else)."""
        label = "↩️ Отменить ход" if undoer.seat == seat else f"↩️ {shortened_text(undoer.name, 24)}: отменить ход"
        return Button(label, buttons.encode(buttons.UNDO, row.id, row.version))

    async def secret_notes(self, chat: Chat, row: GameRow, game: Game, state, seats: list[Seat]) -> list[Reply]:
        """The secrets of `seats`, privately, for those players who have started the bot in private (never for a
        seat the autopilot plays: its player left the game)."""
        started = await self.store.private_users([s.user_id for s in seats])
        where = in_chat(chat.title or row.chat_title, row.topic, chat.topic_title or row.topic_title)
        return [Reply(f"«{escape(game.title)}»{where}\n{escape(secret)}", to_user=s.user_id)
                for s in seats if s.user_id in started and not s.away and (secret := game.secret(state, s.seat))]

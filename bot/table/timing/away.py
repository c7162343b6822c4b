"""Time away: `/away 3д` (or `/away до пятницы`, `/away 2 недели`, up to 14 days) marks a player away in every
game they sit in, `/back` (or their next move) ends it. While they are away nobody reminds them, their turn
deadlines wait until after their return, and the table sees «Вера в отъезде до 28 ноября» on the board and in
/turn; the chat's setting (/settings отъезд) decides whether the table waits when their turn comes or the
autopilot plays it, and it applies at once to a turn already under way (one's own when typing /away: the autopilot
plays it now, or its deadline waits for the return). /back says whose turn it is. A part of
`bot.table.service.Service`; the turns' side of it is in `bot.table.turns`.
"""

from __future__ import annotations

import datetime as dt
from html import escape
from typing import TYPE_CHECKING

from bot.replies.names import plain
from bot.replies.reply import Chat, Reply, User
from bot.storage.base import Absence, GameRow
from bot.table.texts import in_chat
from bot.table.timing.absence import EXAMPLES, parse_away, until_text
from bot.table.timing.clock import format_duration, not_quiet
from bot.table.timing.pending import AWAY
from bot.table.timing.settings import AUTOPILOT
from bot.table.timing.zones import parse_timezone, timezone_name
from rules.text import count

if TYPE_CHECKING:
    from bot.table.core import Table
    from bot.table.turns import Turns


class Away:
    def __init__(self, table: Table, turns: Turns):
        self.table, self.turns = table, turns

    async def _zone(self, chat: Chat) -> dt.tzinfo:
        """The chat's time zone; in private, the bot's default one."""
        return self.table.defaults.tz if chat.private else (await self.table.chat_settings(chat.id)).tz

    async def command(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """/away <how long>: away in every game, told to the table and privately to the player. Where it is the
        player's turn, the table's setting applies at once: the autopilot plays it (here: now, with its board;
        elsewhere: at the next look at the timers), or its reminder and deadline wait for the return."""
        now = self.table.clock()
        tz = await self._zone(chat)
        if not args:
            current = (await self.table.store.absences([user.id], now)).get(user.id)
            if current is not None:
                return [Reply(f"Вы в отъезде до {until_text(current.until, tz)}. Вернуться раньше — /back. "
                              "Продлить — /away с новым сроком.")]
            return [Reply("Уезжаете? Напишите, надолго ли: пока вас нет, вам не напоминают о ходе, а ход ждёт вас "
                          "или его играет автопилот — как решено в чате. " + EXAMPLES)]
        try:
            until = parse_away(args, now, tz)
        except ValueError as error:
            return [Reply(f"❌ {error}")]
        await self.table.store.set_absence(Absence(user.id, now, until, timezone_name(tz)))
        games = await self.table.store.games_of(user.id)
        played: list[Reply] = []  # the board of this table when the autopilot has just played the turn here
        autopiloted: list[GameRow] = []
        for game_row in games:
            auto = (await self.turns.pending.settings(game_row)).on_away == AUTOPILOT
            if auto:
                autopiloted.append(game_row)
            seat = self.turns.seat_to_move(game_row)
            if seat is None or game_row.seats[seat].user_id != user.id or game_row.seats[seat].away:
                continue
            if auto and (game_row.chat_id, game_row.topic) == (chat.id, chat.topic):
                played = await self.turns.away_autopilot(chat, game_row)
            elif auto:
                await self.table.store.add_timer(game_row.id, AWAY, seat, now)  # the timers play it at once
            else:
                await self.turns.pending.returned(game_row, seat, until)  # its time counts from the return
        when = until_text(until, tz)
        note = f"✈️ Вы в отъезде до {when}. {self._what_happens(games, autopiloted)} Вернуться раньше — /back " \
               "или просто сделайте ход."
        if chat.private:
            return [Reply(note), *played]
        settings = await (self.turns.pending.settings(row) if row is not None else self.table.chat_settings(chat.id))
        if settings.on_away == AUTOPILOT:
            said = (f"✈️ {plain(user.name)} в отъезде до {when}: пока отъезд длится, ходы за это место играет "
                    f"автопилот 🤖{' — этот ход он сыграл сразу' if played else ''}.")
        else:
            said = (f"✈️ {plain(user.name)} в отъезде до {when}: напоминаний не будет, а время на ход подождёт — "
                    "оно пойдёт после возвращения.")
        replies = [Reply(said + " Вернуться раньше — /back или просто сделать ход."), *played]
        if user.id in await self.table.store.private_users([user.id]):
            replies.append(Reply(note, to_user=user.id))
        return replies

    @staticmethod
    def _what_happens(games: list[GameRow], autopiloted: list[GameRow]) -> str:
        """What the absence does to the player's games, by their tables' settings."""
        if not games:
            return ("Пока вас нет, вам не напоминают о ходе; когда придёт ваш ход, стол подождёт вас или ход сыграет "
                    "автопилот — как решено в чате.")
        wait = "вам не будут напоминать о ходе, а время на ход подождёт вашего возвращения."
        auto = "ваши ходы, пока вас нет, играет автопилот 🤖."

        def where(rows: list[GameRow]) -> str:
            if len(games) == 1:
                return "В вашей партии "
            if len(rows) == len(games):
                return f"Во всех ваших партиях ({len(games)}) "
            return f"В {count(len(rows), 'вашей партии', 'ваших партиях', 'ваших партиях')} "

        waiting = [g for g in games if g not in autopiloted]
        parts = ([where(waiting) + wait] if waiting else []) + ([where(autopiloted) + auto] if autopiloted else [])
        return " ".join(parts)

    async def back(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """/back: the absence ends now; where it is the player's turn, their time counts from now (their deadline
        planned anew), and the answer says where their turn waits for them."""
        if await self.table.store.end_absence(user.id) is None:
            return [Reply(f"{plain(user.name)}, вы и так не в отъезде. Уехать — /away 3д.")]
        now = self.table.clock()
        mine = []  # the tables where it is the player's turn now
        for game_row in await self.table.store.games_of(user.id):
            seat = self.turns.seat_to_move(game_row)
            if seat is not None and game_row.seats[seat].user_id == user.id and not game_row.seats[seat].away:
                await self.turns.pending.returned(game_row, seat, now)
                mine.append(await self.table.store.game(game_row.id))
        here = next((g for g in mine if row is not None and g.id == row.id), None)
        elsewhere = [await self._turn_line(g) for g in mine if g is not here]
        if chat.private:
            lines = ["С возвращением! Отъезд окончен: напоминания о ходе снова приходят."]
            lines += ["Сейчас ваш ход:", *elsewhere] if elsewhere else ["Сейчас ни в одной партии не ваш ход."]
            return [Reply("\n".join(lines))]
        if here is not None:
            said = f"✈️ {plain(user.name)} снова в игре — и сейчас как раз ходит.{await self._time_left(here)}"
        elif row is not None and row.state is not None and (seat := self.turns.seat_to_move(row)) is not None:
            said = f"✈️ {plain(user.name)} снова в игре. Сейчас ходит {plain(row.seats[seat].name)}."
        else:
            said = f"✈️ {plain(user.name)} снова в игре."
        replies = [Reply(said)]
        if elsewhere and user.id in await self.table.store.private_users([user.id]):
            replies.append(Reply("\n".join(["С возвращением! Ваш ход ждёт вас:", *elsewhere]), to_user=user.id))
        return replies

    async def _turn_line(self, row: GameRow) -> str:
        """«• «Kingdom Builder» в чате «Друзья»: время на ход кончится через 2 часа.»"""
        title = escape(self.table.game(row).title)
        return f"• «{title}»{in_chat(row.chat_title, row.topic, row.topic_title)}.{await self._time_left(row)}"

    async def _time_left(self, row: GameRow) -> str:
        due = await self.turns.pending.deadline(row)
        return "" if due is None else f" Время на ход кончится через {format_duration(due - self.table.clock())}."

    async def ended(self) -> list[tuple[Chat, list[Reply]]]:
        """Absences that ended by themselves: a private note to each player who started the bot, as
        (the player's private chat, replies); during the quiet hours (the bot's default ones, in the
        player's time zone) the note waits for the morning."""
        now = self.table.clock()
        moment = dt.datetime.fromtimestamp(now, dt.UTC)
        quiet = self.table.defaults.quiet
        awake = [a.user_id for a in await self.table.store.ended_absences(now)
                 if not_quiet(moment, quiet, parse_timezone(a.timezone)) <= moment]
        ended = await self.table.store.claim_ended_absences(now, awake)
        started = await self.table.store.private_users([a.user_id for a in ended])
        return [(Chat(a.user_id, private=True),
                 [Reply(f"✈️ Ваш отъезд окончился ({until_text(a.until, parse_timezone(a.timezone))}): "
                        "напоминания о ходе снова приходят, время на ход идёт как обычно.")])
                for a in ended if a.user_id in started]

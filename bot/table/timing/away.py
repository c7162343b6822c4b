"""Time away: `/away 3д` (or `/away до пятницы`, `/away 2 недели`, up to 14 days) marks a player away in every
game they sit in, `/back` (or their next move) ends it. While they are away nobody reminds them, their turn
deadlines wait until after their return, and the table sees «Вера в отъезде до 28 ноября» on the board and in
/turn; the chat's setting (/settings отъезд) decides whether the table waits when their turn comes or the
autopilot plays it. A part of `bot.table.service.Service`; the turns' side of it is in `bot.table.turns`.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from bot.storage.base import Absence, GameRow
from bot.table.replies import Chat, Reply, User
from bot.table.texts import plain
from bot.table.timing.absence import EXAMPLES, parse_away, until_text
from bot.table.timing.clock import not_quiet
from bot.table.timing.zones import parse_timezone, timezone_name

if TYPE_CHECKING:
    from bot.table.core import Table


class Away:
    def __init__(self, table: Table):
        self.table = table

    async def _zone(self, chat: Chat) -> dt.tzinfo:
        """The chat's time zone; in private, the bot's default one."""
        return self.table.defaults.tz if chat.private else (await self.table.chat_settings(chat.id)).tz

    async def command(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """/away <how long>: away in every game, told to the table and privately to the player."""
        now = self.table.clock()
        tz = await self._zone(chat)
        if not args:
            current = (await self.table.store.absences([user.id], now)).get(user.id)
            if current is not None:
                return [Reply(f"Вы в отъезде до {until_text(current.until, tz)}. Вернуться раньше — /back. "
                              "Продлить — /away с новым сроком.")]
            return [Reply("Уезжаете? Напишите, надолго ли: пока вас нет, вам не напоминают о ходе, а время на ход "
                          "ждёт вашего возвращения. " + EXAMPLES)]
        try:
            until = parse_away(args, now, tz)
        except ValueError as error:
            return [Reply(f"❌ {error}")]
        absence = Absence(user.id, now, until, timezone_name(tz))
        await self.table.store.set_absence(absence)
        games = await self.table.store.games_of(user.id)
        for game_row in games:  # their turn now: the chat's setting decides at once (a timer due now)
            game, state = self.table.state(game_row)
            seat = game.current_seat(state)
            if seat is not None and game_row.seats[seat].user_id == user.id and not game_row.seats[seat].away:
                await self.table.store.add_timer(game_row.id, "away", seat, now)
        when = until_text(until, tz)
        settled = ("В вашей партии " if len(games) == 1 else f"Во всех ваших партиях ({len(games)}) " if games
                   else "Во всех партиях, где вы сядете за стол, ")
        note = (f"✈️ Вы в отъезде до {when}. {settled}вам не будут напоминать о ходе, а время на ход подождёт "
                "вашего возвращения. Вернуться раньше — /back или просто сделайте ход.")
        if chat.private:
            return [Reply(note)]
        replies = [Reply(f"✈️ {plain(user.name)} в отъезде до {when}: напоминаний не будет, время на ход "
                         "подождёт. Вернуться раньше — /back или просто сделать ход.")]
        if user.id in await self.table.store.private_users([user.id]):
            replies.append(Reply(note, to_user=user.id))
        return replies

    async def back(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """/back: the absence ends now; a deadline of the player's turn that was put off past the planned return
        counts from now instead."""
        if await self.table.store.end_absence(user.id) is None:
            return [Reply(f"{plain(user.name)}, вы и так не в отъезде. Уехать — /away 3д.")]
        now = self.table.clock()
        for game_row in await self.table.store.games_of(user.id):
            limit = (await self.table.chat_settings(game_row.chat_id, game_row.topic)).time_limit
            for timer in await self.table.store.timers(game_row.id):
                if timer.kind == "deadline" and limit and timer.due_at > now + limit and \
                        game_row.seats[timer.seat].user_id == user.id:
                    await self.table.store.add_timer(game_row.id, "deadline", timer.seat, now + limit)
        if chat.private:
            return [Reply("С возвращением! Отъезд окончен: напоминания о ходе снова приходят.")]
        return [Reply(f"✈️ {plain(user.name)} снова в игре.")]

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

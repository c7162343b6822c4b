"""Turns over days: who waits for whom and for how long, reminders and time limits that fire from database
rows, the autopilot for seats whose players are away, and the group's ways out of a vanished player (skip a
turn, hand a seat to the autopilot) by vote. A mixin of `bot.table.service.Service`.
"""

from __future__ import annotations

import datetime as dt
import logging
from html import escape

from bot.storage.base import ABORTED, ACTIVE, FINISHED, Conflict, GameRow, Timer, TurnChange, Vote
from bot.table import buttons
from bot.table.chat_settings import AUTOPILOT, ChatSettings
from bot.table.clock import format_duration, not_quiet
from bot.table.replies import Button, Chat, Reply, User
from bot.table.texts import board_link, mention, plain, step_text
from bot.table.words import declined
from rules.protocol import Event, Game
from rules.text import count, plural

log = logging.getLogger(__name__)

AUTOPILOT_USER = 0  # the user id of the autopilot's moves in the log
AUTOPILOT_MARK = "🤖 "
AUTOPILOT_STEPS = 400  # moves the autopilot makes in one go at most (several away seats in a row)
REMINDERS = 3  # reminders in one turn at most; then the group decides (/skip, /kick)
TIMER_LEASE = 120.0  # seconds a process has to act on a timer it claimed before another may
SHOWN_WAIT = 60.0  # a wait shorter than this is not mentioned on the board
TURN_STORY = 40  # log lines looked at for what the player to move did in this turn
QUIET_IN_CAPTION = ("turn", "end", "score")  # events the board's caption leaves to the board and to `_scorings`


def scored(events: list[Event]) -> list[Event]:
    """The rounds' scorings among a move's events."""
    return [event for event in events if event.kind == "score"]


class Turns:
    """Needs `store`, `clock`, `defaults`, `gone_chats`, `pictures` and the game helpers of `Service`."""

    # --- the settings and the turn's bookkeeping --------------------------------------------------

    async def chat_settings(self, chat_id: int) -> ChatSettings:
        return self.defaults.with_overrides(await self.store.chat_overrides(chat_id))

    async def _turn_change(self, row: GameRow, game: Game, state) -> TurnChange:
        """What passing the turn writes: when the wait began, the new turn's reminder and deadline, or the
        results of a game that has ended."""
        now = self.clock()
        seat = game.current_seat(state)
        if seat is None:
            winners = set(game.winners(state))
            results = [{"seat": e["seat"], "user_id": row.seats[e["seat"]].user_id,
                        "name": row.seats[e["seat"]].name, "total": e["total"], "won": e["seat"] in winners}
                       for e in game.scores(state)]
            return TurnChange(None, now, results=results)
        if row.seats[seat].away:
            return TurnChange(seat, now)  # the autopilot moves at once
        settings = await self.chat_settings(row.chat_id)
        timers = [("remind", now + settings.remind_after)] if settings.remind_after else []
        if settings.time_limit:
            timers.append(("deadline", now + settings.time_limit))
        return TurnChange(seat, now, tuple(timers))

    def _waiting(self, row: GameRow) -> str:
        """«, ждём 2 часа» when the player to move has kept the table waiting for a while."""
        if row.turn_since is None:
            return ""
        waited = self.clock() - row.turn_since
        return f", ждём {format_duration(waited)}" if waited >= SHOWN_WAIT else ""

    # --- recording moves, the autopilot's too ------------------------------------------------------

    async def _record(self, row: GameRow, game: Game, state, seat: int, user_id: int, action: str,
                      events: list[Event], reveals: bool, mark: str = "") -> tuple[GameRow, str, bool]:
        """Store an action already applied to `state` (Conflict if the game moved meanwhile): the updated
        row, the move's headline for the caption, and whether the same seat goes on. The log keeps what the
        action did; whose turn it is now and the final results are told by the board itself."""
        summary = step_text(mark + " ".join(e.text for e in events if e.kind not in ("turn", "end")),
                            row.seats[seat].name)
        # a round's scoring is a message of its own (`_scorings`): the caption tells only the move
        headline = escape(step_text(mark + " ".join(e.text for e in events if e.kind not in QUIET_IN_CAPTION),
                                    row.seats[seat].name))
        # a new turn is a new board with a mention, even when the same seat opens it (a new round)
        goes_on = game.current_seat(state) == seat and not any(event.kind == "turn" for event in events)
        turn = None if goes_on else await self._turn_change(row, game, state)
        await self.store.record_move(row.id, row.version, game.dump(state), seat, user_id, action, summary,
                                     game.is_over(state), headline, notify=not goes_on, turn=turn, reveals=reveals)
        return await self.store.game(row.id), headline, goes_on

    async def _turn_story(self, row: GameRow, seat: int, scorings: list[Event] = ()) -> list[str]:
        """Everything `seat` did in its latest turn, as the log tells it (for the caption: the board of a turn
        keeps the whole turn, not just its last step), without the `scorings` that have a message of their own."""
        story = []
        for line in reversed(await self.store.log(row.id, TURN_STORY)):
            if line.seat != seat or (story and line.ends_turn):  # an earlier turn (the same seat's in a new round)
                break
            summary = step_text(line.summary, row.seats[seat].name)
            for scoring in scorings:
                summary = " ".join(summary.replace(scoring.text, "").split())
            story.append(escape(summary))
        return story[::-1]

    async def _scorings(self, row: GameRow, game: Game, state, scorings: list[Event]) -> list[Reply]:
        """A round's scoring, each its own message in the group (with the game's picture of the round's table,
        where it has one), posted before the board of the turn that follows it."""
        drawn = scorings and self.pictures.has_round(row.game)
        picture = await self.pictures.draw_round(row.game, game.view(state, None), row.id) if drawn else None
        return [Reply(f"🏁 {escape(scoring.text)}", image=picture) for scoring in scorings]

    async def _autoplay(self, row: GameRow, game: Game, state, headlines: list[str],
                        scorings: list[Event]) -> GameRow:
        """The autopilot plays every seat marked away, for as long as one of them is to move; its moves are
        marked 🤖 in the log, their headlines are added to `headlines` and the rounds they score to `scorings`."""
        for _ in range(AUTOPILOT_STEPS):
            seat = game.current_seat(state)
            if seat is None or not row.seats[seat].away:
                break
            action = game.autopilot(state)
            reveals = game.reveals(state, action)
            events = game.apply(state, action)
            try:
                row, headline, _ = await self._record(row, game, state, seat, AUTOPILOT_USER, action, events,
                                                      reveals, AUTOPILOT_MARK)
            except Conflict:  # another process moved the game on: it plays on from there
                break
            headlines.append(headline)
            scorings += scored(events)
        return row

    async def _turn_notes(self, chat: Chat, row: GameRow, game: Game, state) -> list[Reply]:
        """«Ваш ход» privately to the player whose turn it now is, if they started the bot in private."""
        seat = game.current_seat(state)
        if seat is None or row.seats[seat].away:
            return []
        player = row.seats[seat]
        if player.user_id not in await self.store.private_users([player.user_id]):
            return []
        title = chat.title or row.chat_title
        where = f" (чат «{escape(title)}»)" if title else ""
        return [Reply(f"Ваш ход в «{escape(declined(game.title, 'loct'))}»{where}.", to_user=player.user_id,
                      link_board=True)]

    # --- /turn, /skip, /kick, /leave during a game --------------------------------------------------

    async def _turn(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт. Начните: /new.")]
        game, state = self._state(row)
        player = row.seats[game.current_seat(state)]
        away = " (это место у автопилота 🤖)" if player.away else ""
        settings = await self.chat_settings(row.chat_id)
        limit = ""
        if settings.time_limit and row.turn_since is not None:
            left = row.turn_since + settings.time_limit - self.clock()
            limit = (f"\nВремя на ход кончится через {format_duration(left)}." if left > 0
                     else "\nВремя на ход вышло: /skip пропустит его.")
        return [Reply(f"Ходит {plain(player.name)}{away}{self._waiting(row)}.{limit}")]

    async def _leave_game(self, chat: Chat, user: User, row: GameRow) -> list[Reply]:
        """A player leaves a running game: the autopilot takes the seat (the rules know no player leaving)."""
        seat = row.seat_of(user.id)
        humans = [s for s in row.seats if not s.away and s.seat != seat]
        if not humans:
            await self.store.close_game(row.id, row.version, ABORTED)
            return [Reply("За столом не осталось ни одного игрока, партия прервана. Новая — /new.")]
        await self.store.set_away(row.id, row.version, seat)
        return await self._handed_over(chat, row.id, f"{plain(user.name)} выходит из партии: место переходит "
                                       "к автопилоту 🤖.")

    async def _handed_over(self, chat: Chat, game_id: int, text: str) -> list[Reply]:
        """A seat went to the autopilot: if it is that seat's turn, it moves now; the board follows."""
        row = await self.store.game(game_id)
        game, state = self._state(row)
        headlines, scorings = [text], []
        row = await self._autoplay(row, game, state, headlines, scorings)
        return [*await self._scorings(row, game, state, scorings),
                await self._board_reply(row, game, state, "\n".join(headlines)),
                *await self._turn_notes(chat, row, game, state)]

    async def _skip(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт.")]
        if row.seat_of(user.id) is None:
            return [Reply(f"{plain(user.name)}, пропустить чужой ход могут только игроки этой партии.")]
        game, state = self._state(row)
        seat = game.current_seat(state)
        if row.seats[seat].user_id == user.id:
            return [Reply("Свой ход пропускать не нужно: просто сделайте его (или /leave — отдать место "
                          "автопилоту).")]
        if await self._time_ran_out(row):
            return await self._skip_turn(chat, row, f"⌛ {plain(row.seats[seat].name)}: время на ход вышло, "
                                         f"и {plain(user.name)} пропускает этот ход.")
        return await self._start_vote(chat, row, user, "skip", seat)

    async def _kick(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт.")]
        if row.seat_of(user.id) is None:
            return [Reply(f"{plain(user.name)}, голосовать могут только игроки этой партии.")]
        game, state = self._state(row)
        target = self._named_seat(row, args) if args else game.current_seat(state)
        if target is None:
            names = ", ".join(plain(s.name) for s in row.seats)
            example = plain(row.seats[0].name)
            return [Reply(f"Чьё место отдать автопилоту? За столом: {names}. Например: /kick {example}")]
        if row.seats[target].away:
            return [Reply(f"{plain(row.seats[target].name)}: это место и так у автопилота 🤖.")]
        if row.seats[target].user_id == user.id:
            return [Reply("Чтобы отдать своё место автопилоту, напишите /leave.")]
        return await self._start_vote(chat, row, user, "kick", target)

    async def _time_ran_out(self, row: GameRow) -> bool:
        """The player to move has used up the time limit (without one: waited past a reminder)."""
        settings = await self.chat_settings(row.chat_id)
        allowed = settings.time_limit or settings.remind_after
        return bool(allowed) and row.turn_since is not None and self.clock() - row.turn_since >= allowed

    async def _skip_turn(self, chat: Chat, row: GameRow, text: str) -> list[Reply]:
        """The player to move loses the rest of their turn (`Game.skip`); the board follows."""
        game, state = self._state(row)
        seat = game.current_seat(state)
        events = game.skip(state)
        row, headline, _ = await self._record(row, game, state, seat, AUTOPILOT_USER, "skip", events, True,
                                              "⏭ ")
        scorings = scored(events)
        headlines = [text, *await self._turn_story(row, seat, scorings)]
        row = await self._autoplay(row, game, state, headlines, scorings)
        return [*await self._scorings(row, game, state, scorings),
                await self._board_reply(row, game, state, "\n".join(headlines)),
                *await self._turn_notes(chat, row, game, state)]

    @staticmethod
    def _named_seat(row: GameRow, text: str) -> int | None:
        wanted = text.strip().lstrip("@").lower().replace("ё", "е")
        matches = [s.seat for s in row.seats if s.name.lower().replace("ё", "е").startswith(wanted)]
        return matches[0] if wanted and len(matches) == 1 else None

    # --- votes -------------------------------------------------------------------------------------

    VOTE_QUESTIONS = {
        "skip": "{by} предлагает пропустить этот ход (сейчас ходит {target}). Пропускаем?",
        "kick": "{by} предлагает до конца партии отдать автопилоту 🤖 место, которое занимает {target}. Отдаём?",
        "undo": "{by} просит отменить ход «{target}» и всё, что было после. Согласны?",
    }
    # the last line of a vote's message once it is decided, by kind
    VOTE_PASSED = {"skip": "да, пропускаем.", "kick": "да, место переходит автопилоту.", "undo": "да, отменяем."}

    @staticmethod
    def _voters(row: GameRow, vote: Vote) -> list[int]:
        """Who votes: the players still at the table, but not the one the vote is about (the player voted
        on, or the one asking to take their moves back)."""
        about = vote.started_by if vote.kind == "undo" else row.seats[vote.target].user_id
        return [s.user_id for s in row.seats if not s.away and s.user_id != about]

    @staticmethod
    def _yes(vote: Vote, voters: list[int]) -> int:
        return sum(1 for user_id, yes in vote.ballots.items() if yes and user_id in voters)

    @staticmethod
    def _needed(kind: str, voters: int) -> int:
        """Yes votes that decide: every other player to take moves back, a majority otherwise."""
        return voters if kind == "undo" else voters // 2 + 1

    async def _start_vote(self, chat: Chat, row: GameRow, user: User, kind: str, target: int,
                          subject: str = "") -> list[Reply]:
        vote = Vote(row.id, kind, row.version, target, user.id, {user.id: True})  # the one who asks says yes
        voters = self._voters(row, vote)
        if self._yes(vote, voters) >= self._needed(kind, len(voters)):  # two at the table: asking decides
            return await self._vote_passed(chat, row, vote)
        await self.store.save_vote(vote, row.id, kind)
        if kind != "undo":
            subject = row.seats[target].name  # an undo's target is a version, its subject the first move undone
        return [self._vote_reply(row, vote, subject or "…")]

    def _vote_question(self, row: GameRow, vote: Vote, subject: str) -> str:
        by = next((s.name for s in row.seats if s.user_id == vote.started_by), "Игрок")
        if vote.kind == "undo":  # a move quoted inside a sentence: without its own full stop
            subject = subject.rstrip(". ") or "…"
        return "🗳 " + self.VOTE_QUESTIONS[vote.kind].format(by=plain(by), target=escape(subject))

    def _vote_reply(self, row: GameRow, vote: Vote, subject: str) -> Reply:
        voters = self._voters(row, vote)
        yes = self._yes(vote, voters)
        code = buttons.VOTE_KINDS.index(vote.kind)
        keyboard = [[Button(f"✅ Да ({yes})", buttons.encode(buttons.VOTE, row.id, vote.version, code, 1)),
                     Button("❌ Нет", buttons.encode(buttons.VOTE, row.id, vote.version, code, 0))]]
        needed = self._needed(vote.kind, len(voters))
        who = plural(len(voters), "Голосует", "Голосуют", "Голосуют")
        need = plural(needed, "нужен", "нужно", "нужно")
        players = count(len(voters), "игрок", "игрока", "игроков")
        return Reply(f"{self._vote_question(row, vote, subject)}\n{who} {players}, {need} "
                     f"{count(needed, 'голос', 'голоса', 'голосов')} «да».", buttons=keyboard)

    async def _ballot(self, chat: Chat, user: User, row: GameRow, version: int, code: int, yes: int):
        """A press of a vote's button: the ballot counts; a decided vote acts. (toast, replies, edit)."""
        if not 0 <= code < len(buttons.VOTE_KINDS) or yes not in (0, 1):
            return "Не понимаю эту кнопку.", [], None
        kind = buttons.VOTE_KINDS[code]
        vote = await self.store.vote(row.id, kind)
        running = row.status == ACTIVE or (row.status == FINISHED and kind == "undo")  # the end taken back
        if vote is None or vote.version != version or row.version != version or not running:
            return "Голосование устарело: партия с тех пор изменилась.", [], None
        voters = self._voters(row, vote)
        if user.id not in voters:
            return "В этом голосовании голосуют другие игроки.", [], None
        if vote.ballots.get(user.id) is bool(yes):
            return f"Ваш голос «{'да' if yes else 'нет'}» уже учтён.", [], None
        ballots = {**vote.ballots, user.id: bool(yes)}
        vote = Vote(vote.game_id, kind, vote.version, vote.target, vote.started_by, ballots)
        needed = self._needed(kind, len(voters))
        against = sum(1 for user_id, v in ballots.items() if not v and user_id in voters)
        subject = row.seats[vote.target].name if kind != "undo" else await self._undo_subject(row, vote.target)
        if self._yes(vote, voters) >= needed:  # the vote's message keeps its question and tells the outcome
            await self.store.save_vote(None, row.id, kind)
            outcome = Reply(f"{self._vote_question(row, vote, subject)}\nИтог: {self.VOTE_PASSED[kind]}")
            return None, await self._vote_passed(chat, row, vote), outcome
        if len(voters) - against < needed:
            await self.store.save_vote(None, row.id, kind)
            return None, [], Reply(f"{self._vote_question(row, vote, subject)}\nИтог: нет, играем как есть.")
        await self.store.save_vote(vote, row.id, kind)
        return "Голос учтён.", [], self._vote_reply(row, vote, subject)

    async def _vote_passed(self, chat: Chat, row: GameRow, vote: Vote) -> list[Reply]:
        name = row.seats[vote.target].name if vote.kind != "undo" else ""
        if vote.kind == "skip":
            return await self._skip_turn(chat, row, "⏭ Ход пропущен по решению игроков.")
        if vote.kind == "kick":
            await self.store.set_away(row.id, row.version, vote.target)
            return await self._handed_over(chat, row.id, f"🤖 {plain(name)}: до конца партии за вас ходит "
                                           "автопилот — так решили игроки.")
        return await self._undo_to(chat, row, vote.target, "↩️ Ходы отменены: все согласны.")

    # --- timers ------------------------------------------------------------------------------------

    async def fire_timers(self) -> list[tuple[int, list[Reply]]]:
        """Reminders and deadlines that are due (after a restart too, each once, whichever process runs
        this): (chat id, replies to send there) for each. A reminder due during the chat's quiet hours waits
        for their end."""
        now = self.clock()
        out = []
        for timer in await self.store.claim_timers(now, TIMER_LEASE):
            try:
                chat_id = await self._chat_of(timer.game_id)
                if chat_id in self.gone_chats:  # the bot was removed: the timer waits, due as it was
                    await self.store.timer_postponed(timer, timer.due_at)
                    continue
                async with self._locks[chat_id]:
                    sent = await self._fire(timer, now)
            except Exception:  # one broken timer must not stop the others; it is claimed again later
                log.exception("timer %s failed", timer)
                continue
            if sent:
                out.append(sent)
        return out

    async def _chat_of(self, game_id: int) -> int:
        row = await self.store.game(game_id)
        return row.chat_id if row is not None else 0

    async def _fire(self, timer: Timer, now: float) -> tuple[int, list[Reply]] | None:
        row = await self.store.game(timer.game_id)
        if row is None or row.status != ACTIVE:
            await self.store.timer_fired(timer, None)
            return None
        game, state = self._state(row)
        if game.current_seat(state) != timer.seat:  # the turn has passed meanwhile
            await self.store.timer_fired(timer, None)
            return None
        settings = await self.chat_settings(row.chat_id)
        moment = dt.datetime.fromtimestamp(now, dt.UTC)
        morning = not_quiet(moment, settings.quiet, settings.tz).timestamp()
        if morning > now:  # night in the chat: wait for the morning (a deadline too)
            await self.store.timer_postponed(timer, morning)
            return None
        chat = Chat(row.chat_id, title=row.chat_title)
        if timer.kind == "deadline":
            await self.store.timer_fired(timer, None)
            player = row.seats[timer.seat]
            if settings.on_timeout == AUTOPILOT:
                return row.chat_id, await self._timeout_autopilot(chat, row, player.name)
            return row.chat_id, await self._skip_turn(chat, row, f"⌛ {plain(player.name)}: время на ход вышло.")
        again = now + settings.remind_after if settings.remind_after and timer.fired + 1 < REMINDERS else None
        await self.store.timer_fired(timer, again)
        return row.chat_id, await self._reminder(row, game, timer.seat)

    async def _timeout_autopilot(self, chat: Chat, row: GameRow, name: str) -> list[Reply]:
        """The time ran out: the autopilot finishes this one turn of the player."""
        game, state = self._state(row)
        seat = game.current_seat(state)
        headlines = [f"⌛ {plain(name)}: время на ход вышло, этот ход доигрывает автопилот 🤖."]
        scorings: list[Event] = []
        for _ in range(AUTOPILOT_STEPS):
            action = game.autopilot(state)
            reveals = game.reveals(state, action)
            events = game.apply(state, action)
            row, headline, goes_on = await self._record(row, game, state, seat, AUTOPILOT_USER, action, events,
                                                        reveals, AUTOPILOT_MARK)
            headlines.append(headline)
            scorings += scored(events)
            if not goes_on:  # the turn is over (the same seat may open the next one: a new round)
                break
        row = await self._autoplay(row, game, state, headlines, scorings)
        return [*await self._scorings(row, game, state, scorings),
                await self._board_reply(row, game, state, "\n".join(headlines)),
                *await self._turn_notes(chat, row, game, state)]

    async def _reminder(self, row: GameRow, game: Game, seat: int) -> list[Reply]:
        """The player to move, mentioned in the group, and privately too where they started the bot (with a
        link to the board when the group is a supergroup)."""
        player = row.seats[seat]
        waited = f": ждём {format_duration(self.clock() - row.turn_since)}" if row.turn_since else ""
        title = escape(declined(game.title, "loct"))
        replies = [Reply(f"⏰ {mention(player.user_id, player.name)}, ваш ход в «{title}»{waited}. Доска — /board.")]
        if player.user_id in await self.store.private_users([player.user_id]):
            where = f" (чат «{escape(row.chat_title)}»)" if row.chat_title else ""
            link = board_link(row.chat_id, row.board_message_id)
            to_board = f'\n<a href="{link}">К доске</a>' if link else ""
            replies.append(Reply(f"⏰ Ваш ход в «{title}»{where}{waited}.{to_board}", to_user=player.user_id))
        return replies

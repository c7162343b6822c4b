"""Turns over days: who waits for whom and for how long, recording moves, the autopilot for seats whose players
are away, reminders and time limits that fire from database rows, and the ways a turn is lost (skipped,
handed to the autopilot). A part of `bot.table.service.Service`.
"""

from __future__ import annotations

import logging
from html import escape

from bot.replies.names import comparable, plain
from bot.replies.reply import Chat, Reply, User
from bot.replies.words import declined
from bot.storage.base import (
    ABORTED,
    ACTIVE,
    Conflict,
    GameRow,
    Timer,
    TurnChange,
)
from bot.table.core import Table
from bot.table.seating.robots import BOT_GRACE, BOT_TIMER, choose_action, plays_itself, shortened
from bot.table.shares import AUTOPILOT_USER, shares
from bot.table.texts import board_link, chat_named, mention, not_running, step_text
from bot.table.timing.clock import about, format_duration
from bot.table.timing.missed import missed
from bot.table.timing.pending import AWAY, Pending
from bot.table.timing.schedule import RETURNED, after_quiet, next_reminder, turn_timers
from bot.table.timing.settings import AUTOPILOT
from rules.protocol import SKIP, Event, Game

log = logging.getLogger(__name__)

AUTOPILOT_MARK = "🤖 "
AUTOPILOT_STEPS = 400  # moves the autopilot makes in one go at most (several away seats in a row)
TIMER_LEASE = 120.0  # seconds a process has to act on a timer it claimed before another may
TURN_STORY = 40  # log lines looked at for what the player to move did in this turn
QUIET_IN_CAPTION = ("turn", "end", "score")  # events the board's caption leaves to the board and to `scorings`
# a turn ended for its player after they had begun it: what the headline adds
MID_TURN_SKIP = " Ход был уже начат: сделанное остаётся, а остаток хода пропущен по правилу пропуска."


def scored(events: list[Event]) -> list[Event]:
    """The rounds' scorings among a move's events."""
    return [event for event in events if event.kind == "score"]


class Turns:
    def __init__(self, table: Table):
        self.table = table
        self.pending = Pending(table)  # the timer rows of the turns under way

    def seat_to_move(self, row: GameRow) -> int | None:
        """The seat to move in a running game (None: not running, or over)."""
        if row.status != ACTIVE or row.state is None:
            return None
        game, state = self.table.state(row)
        return game.current_seat(state)

    async def reschedule(self, chat_id: int, topic: int | None = None) -> None:
        """The pending reminders and deadlines of every running table of the chat (of one topic, given `topic`)
        computed anew from when each turn began and the settings now (`timing.schedule`); call it right after
        a chat's or a table's settings are written."""
        await self.pending.reschedule(chat_id, topic)

    # --- the turn's bookkeeping and recording moves, the autopilot's too ----------------------------

    async def turn_change(self, row: GameRow, game: Game, state,
                          last: tuple[int, int, str] | None = None) -> TurnChange:
        """What passing the turn writes: when the wait began, the new turn's reminder and deadline, or the
        results of a game that has ended (with the autopilot's share of each seat, `shares`; `last`: the seat,
        user id and notation of the action being recorded)."""
        now = self.table.clock()
        seat = game.current_seat(state)
        if seat is None:
            winners = set(game.winners(state))
            autopilot = shares(await self.table.store.log(row.id), last)
            results = [{"seat": e["seat"], "user_id": row.seats[e["seat"]].user_id,
                        "name": row.seats[e["seat"]].name, "total": e["total"], "won": e["seat"] in winners,
                        **({"bot": row.seats[e["seat"]].level} if row.seats[e["seat"]].bot else {}),
                        **({"autopilot": autopilot[e["seat"]]} if e["seat"] in autopilot else {})}
                       for e in game.scores(state)]
            return TurnChange(None, now, results=results)
        if plays_itself(row.seats[seat]):
            # a bot (or the autopilot) moves at once, in this very update; the timer is there in case that is cut
            # short (a crash): when it is due, the turn is played then. No reminders, no deadline.
            return TurnChange(seat, now, ((BOT_TIMER, now + BOT_GRACE),))
        settings = await self.pending.settings(row)
        absence = (await self.table.absent(row)).get(seat)
        if absence is not None and settings.on_away == AUTOPILOT:
            # away, and the chat lets the autopilot play: it moves at once (`autoplay`), or, where nothing
            # plays on at once (the first turn, a turn taken back), when this timer fires
            return TurnChange(seat, now, ((AWAY, now),))
        if absence is None:
            return TurnChange(seat, now, tuple(turn_timers(settings, since=now, start=now, now=now)))
        # away: no reminder before the return, and the time for the turn starts counting then
        timers = turn_timers(settings, since=now, start=absence.until, now=now, away=absence.until)
        return TurnChange(seat, now, (*timers, (RETURNED, absence.until)))

    async def record(self, row: GameRow, game: Game, state, seat: int, user_id: int, action: str,
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
        turn = None if goes_on else await self.turn_change(row, game, state, (seat, user_id, action))
        await self.table.store.record_move(row.id, row.version, game.dump(state), seat, user_id, action, summary,
                                     game.is_over(state), headline, notify=not goes_on, turn=turn, reveals=reveals,
                                     at=self.table.clock())
        return await self.table.store.game(row.id), headline, goes_on

    async def turn_story(self, row: GameRow, seat: int, scorings: list[Event] = ()) -> list[str]:
        """Everything `seat` did in its latest turn, as the log tells it (for the caption: the board of a turn
        keeps the whole turn, not just its last step), without the `scorings` that have a message of their own."""
        story = []
        for line in reversed(await self.table.store.log(row.id, TURN_STORY)):
            if line.seat != seat or (story and line.ends_turn):  # an earlier turn (the same seat's in a new round)
                break
            summary = step_text(line.summary, row.seats[seat].name)
            for scoring in scorings:
                summary = " ".join(summary.replace(scoring.text, "").split())
            story.append(escape(summary))
        return story[::-1]

    async def scorings(self, row: GameRow, game: Game, state, scorings: list[Event]) -> list[Reply]:
        """A round's scoring, each its own message in the group (with the game's picture of the round's table,
        where it has one), posted before the board of the turn that follows it."""
        drawn = scorings and self.table.pictures.has_round(row.game)
        picture = await self.table.pictures.draw_round(row.game, game.view(state, None), row.id) if drawn else None
        return [Reply(f"🏁 {escape(scoring.text)}", image=picture) for scoring in scorings]

    async def autoplay(self, row: GameRow, game: Game, state, headlines: list[str],
                        scorings: list[Event]) -> GameRow:
        """Bot players and the autopilot (for seats marked away, and for players away by /away when the chat lets
        it play their turns) move, for as long as one of them is to move, each step recorded like any move (a
        bot's under its own user id, the autopilot's under 0); their moves are marked 🤖 in the log, their
        headlines are added to `headlines` and the rounds they score to `scorings`. The thinking runs away from
        the event loop (`robots.choose_action`)."""
        settings = await self.table.chat_settings(row.chat_id, row.topic)
        absent = set(await self.table.absent(row)) if settings.on_away == AUTOPILOT else set()
        steps: list[tuple[int, str]] = []  # (seat, headline) of each step played here
        for _ in range(AUTOPILOT_STEPS):
            seat = game.current_seat(state)
            if seat is None or not (plays_itself(row.seats[seat]) or seat in absent):
                break
            action = await choose_action(self.table, row, game, state)
            reveals = game.reveals(state, action)
            events = game.apply(state, action)
            user_id = row.seats[seat].user_id if row.seats[seat].bot else AUTOPILOT_USER
            try:
                row, headline, _ = await self.record(row, game, state, seat, user_id, action, events,
                                                      reveals, AUTOPILOT_MARK)
            except Conflict:  # another process moved the game on: it plays on from there
                break
            steps.append((seat, headline))
            scorings += scored(events)
        headlines += shortened(headlines, steps)
        return row

    async def plays_on(self, row: GameRow, game: Game, state) -> bool:
        """Whether `autoplay` has a move to make now: a bot's turn, or the autopilot's."""
        seat = game.current_seat(state)
        if seat is None:
            return False
        if plays_itself(row.seats[seat]):
            return True
        settings = await self.pending.settings(row)
        return settings.on_away == AUTOPILOT and seat in await self.table.absent(row)

    async def turn_notes(self, chat: Chat, row: GameRow, game: Game, state, hand: bool = False) -> list[Reply]:
        """«Ваш ход» privately to the player whose turn it now is, if they started the bot in private; `hand`:
        with their secrets (the first turn of a game: the others get theirs in notes of their own)."""
        seat = game.current_seat(state)
        if seat is None or plays_itself(row.seats[seat]) or seat in await self.table.absent(row):
            return []  # nobody to tell, or away: no reminders while they are
        player = row.seats[seat]
        if player.user_id == row.chat_id:  # the game is in the player's private chat: the board is the note
            return []
        if player.user_id not in await self.table.store.private_users([player.user_id]):
            return []
        where = chat_named(chat.title or row.chat_title, row.topic, chat.topic_title or row.topic_title)
        story = await missed(self.table, row, seat)
        secret = game.secret(state, seat) if hand else None
        secret = f"\n{escape(secret)}" if secret else ""
        return [Reply(f"Ваш ход в «{escape(declined(game.title, 'loct'))}»{where}.{secret}{story}",
                      to_user=player.user_id, link_board=True, sound=not await self.table.quiet_now(row))]


    async def turn(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """Whose turn, how long the table has waited, and the time left as the deadline's row says."""
        if row is None or row.status != ACTIVE:
            return [Reply(not_running(self.table.game(row).title if row is not None else None))]
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        player = row.seats[seat]
        away = " (бот 🤖)" if player.bot else " (это место у автопилота 🤖)" if player.away else ""
        settings = await self.pending.settings(row)
        limit = ""
        if seat in await self.table.absent(row):
            limit = ("\nЭтот ход сыграет автопилот 🤖." if settings.on_away == AUTOPILOT
                     else "\nВремя на ход пойдёт, когда игрок вернётся." if settings.time_limit else "")
        elif (due := await self.pending.deadline(row)) is not None:
            left = due - self.table.clock()
            limit = (f"\nВремя на ход кончится через {format_duration(left)}." if left >= 1
                     else "\nВремя на ход вышло: /skip пропустит его.")
        away_lines = "".join(f"\n{line}." for line in await self.table.away_lines(row))
        return [Reply(f"Ходит {plain(player.name)}{away}{self.table.waiting(row)}.{away_lines}{limit}")]

    async def leave_game(self, chat: Chat, user: User, row: GameRow) -> list[Reply]:
        """A player leaves a running game: the autopilot takes the seat (the rules know no player leaving)."""
        seat = row.seat_of(user.id)
        humans = [s for s in row.seats if s.human and s.seat != seat]
        if not humans:
            await self.table.store.close_game(row.id, row.version, ABORTED)
            return [Reply(f"{plain(user.name)} выходит из партии, и за столом не остаётся ни одного игрока: партия "
                          "прервана. Новая — /new.")]
        await self.table.store.set_away(row.id, row.version, seat)
        return await self.handed_over(chat, row.id, f"{plain(user.name)} выходит из партии: место переходит "
                                       "к автопилоту 🤖.")

    async def handed_over(self, chat: Chat, game_id: int, text: str) -> list[Reply]:
        """A seat went to the autopilot: if it is that seat's turn, it moves now, and the board gives the turn
        on (with a mention and the private notes); otherwise the board only tells the table, pinging nobody:
        the player on turn was told already."""
        row = await self.table.store.game(game_id)
        game, state = self.table.state(row)
        version = row.version
        headlines, scorings = [text], []
        row = await self.autoplay(row, game, state, headlines, scorings)
        passed = row.version != version  # the autopilot played the seat's turn
        return [*await self.scorings(row, game, state, scorings),
                await self.table.board_reply(row, game, state, "\n".join(headlines), notify=passed),
                *(await self.turn_notes(chat, row, game, state) if passed else [])]

    async def bots_catch_up(self, chat: Chat, row: GameRow) -> list[Reply]:
        """Bot turns left pending (the move before them was cut short by a crash, or another process is slow):
        the bots play now and the board follows; nothing when a person is to move after all."""
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        if row.status != ACTIVE or seat is None or not plays_itself(row.seats[seat]):
            return []
        headlines: list[str] = []
        scorings: list[Event] = []
        row = await self.autoplay(row, game, state, headlines, scorings)
        if not headlines:  # another process got there first: its board is on its way
            return []
        return [*await self.scorings(row, game, state, scorings),
                await self.table.board_reply(row, game, state, "\n".join(headlines)),
                *await self.turn_notes(chat, row, game, state)]

    async def begun(self, row: GameRow, seat: int) -> bool:
        """Whether the player of `seat` has already made a step of the turn under way."""
        latest = await self.table.store.log(row.id, 1)
        return bool(latest) and latest[-1].seat == seat and not latest[-1].ends_turn

    async def skip_turn(self, chat: Chat, row: GameRow, text: str) -> list[Reply]:
        """The player to move loses the rest of their turn (`Game.skip`); the board follows. A turn already begun
        is told as such: what was done stays, the rest is skipped, and the log says «не доигрывает ход»."""
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        begun = await self.begun(row, seat)
        reveals = game.reveals(state, SKIP)  # a card drawn at the turn's end: no undo goes back past it
        events = game.skip(state)
        if begun:
            events = unfinished(events, row.seats[seat].name)
            text += MID_TURN_SKIP
        row, headline, _ = await self.record(row, game, state, seat, AUTOPILOT_USER, SKIP, events, reveals,
                                              "⏭ ")
        scorings = scored(events)
        headlines = [text, *await self.turn_story(row, seat, scorings)]
        row = await self.autoplay(row, game, state, headlines, scorings)
        return [*await self.scorings(row, game, state, scorings),
                await self.table.board_reply(row, game, state, "\n".join(headlines)),
                *await self.turn_notes(chat, row, game, state)]

    @staticmethod
    def named_seat(row: GameRow, text: str) -> int | None:
        wanted = text.strip().lstrip("@").lower().replace("ё", "е")
        names = {s.seat: comparable(s.name) for s in row.seats}  # invisible marks aside; «Аня» is not «Аня 2»
        matches = [n for n, name in names.items() if name == wanted] or [n for n, name in names.items()
                                                                        if name.startswith(wanted)]
        return matches[0] if wanted and len(matches) == 1 else None

    async def fire_timers(self) -> list[tuple[Chat, list[Reply]]]:
        """Reminders and deadlines that are due (after a restart too, each once, whichever process runs
        this): (the chat, with the topic of the game's table; replies to send there) for each."""
        now = self.table.clock()
        out = []
        for timer in await self.table.store.claim_timers(now, TIMER_LEASE):
            try:
                chat_id = await self._chat_of(timer.game_id)
                if chat_id in self.table.gone_chats:  # the bot was removed: the timer waits, due as it was
                    await self.table.store.timer_postponed(timer, timer.due_at)
                    continue
                async with self.table.locks[chat_id]:
                    sent = await self._fire(timer, now)
            except Exception:  # one broken timer must not stop the others; it is claimed again later
                log.exception("timer %s failed", timer)
                continue
            if sent:
                out.append(sent)
        return out

    async def _chat_of(self, game_id: int) -> int:
        row = await self.table.store.game(game_id)
        return row.chat_id if row is not None else 0

    async def _fire(self, timer: Timer, now: float) -> tuple[Chat, list[Reply]] | None:
        row = await self.table.store.game(timer.game_id)
        if row is None or row.status != ACTIVE:
            await self.table.store.timer_fired(timer, None)
            return None
        game, state = self.table.state(row)
        if game.current_seat(state) != timer.seat:  # the turn has passed meanwhile
            await self.table.store.timer_fired(timer, None)
            return None
        chat = Chat(row.chat_id, private=row.chat_id > 0, title=row.chat_title, topic=row.topic,
                    topic_title=row.topic_title)
        if timer.kind == BOT_TIMER:  # a bot's turn that a crash interrupted: played now, night or day; the turn
            # passing clears the timer (should the bots be stopped short again, it fires again after its lease)
            return chat, await self.bots_catch_up(chat, row)
        settings = await self.pending.settings(row)
        absence = (await self.table.absent(row)).get(timer.seat)
        if absence is not None or timer.kind == AWAY:
            return await self._fire_away(chat, row, timer, absence, settings)
        if after_quiet(now, settings) > now:  # planned under other settings: night in the chat now
            await self.pending.replan(row)
            return None
        if timer.kind == "deadline":
            await self.table.store.timer_fired(timer, None)
            player = row.seats[timer.seat]
            if settings.on_timeout == AUTOPILOT:
                return chat, await self._timeout_autopilot(chat, row, player.name)
            return chat, await self.skip_turn(chat, row, f"⌛ {plain(player.name)}: время на ход вышло.")
        timers = await self.pending.timers(row)
        deadline = timers["deadline"].due_at if "deadline" in timers else None
        if deadline is not None and deadline <= now:  # late (the bot was down): the deadline speaks, not both
            await self.table.store.timer_fired(timer, None)
            return None
        again = next_reminder(settings, now + (settings.remind_after or 0), timer.fired + 1, deadline, now)
        await self.table.store.timer_fired(timer, again)
        # the first reminder after a return from /away tells what happened meanwhile (no «ваш ход» note did)
        story = RETURNED in timers and not timer.fired
        return chat, await self._reminder(row, game, timer.seat, story)

    async def _fire_away(self, chat: Chat, row: GameRow, timer: Timer, absence,
                         settings) -> tuple[Chat, list[Reply]] | None:
        """A timer of the turn of a player who is away (/away): the autopilot plays the turn now if the chat says
        so, night or day; otherwise the reminder and the deadline are planned from the return."""
        if absence is None:  # "away" came back before the timer: nothing to do
            await self.table.store.timer_fired(timer, None)
            return None
        if settings.on_away == AUTOPILOT:
            await self.table.store.timer_fired(timer, None)
            return chat, await self.away_autopilot(chat, row)
        if timer.kind == AWAY:
            await self.table.store.timer_fired(timer, None)
        await self.pending.replan(row)
        return None

    async def away_autopilot(self, chat: Chat, row: GameRow) -> list[Reply]:
        """The player to move is away and the chat gives such turns to the autopilot: it plays this one now."""
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        name = plain(row.seats[seat].name)
        begun = await self.begun(row, seat)
        return await self._timeout_autopilot(
            chat, row, name, f"✈️ {name} в отъезде: " + ("сделанное в этот ход остаётся, а доигрывает его автопилот "
                                                        "🤖." if begun else "этот ход играет автопилот 🤖."))

    async def _timeout_autopilot(self, chat: Chat, row: GameRow, name: str, headline: str = "") -> list[Reply]:
        """The time ran out (or the player is away): the autopilot finishes this one turn of the player; each of
        its steps is told under the headline."""
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        if not headline:
            headline = (f"⌛ {plain(name)}: время на ход вышло посреди хода. Сделанное остаётся, а доигрывает ход "
                        "автопилот 🤖:" if await self.begun(row, seat)
                        else f"⌛ {plain(name)}: время на ход вышло, этот ход играет автопилот 🤖.")
        headlines = [headline]
        scorings: list[Event] = []
        for _ in range(AUTOPILOT_STEPS):
            action = await choose_action(self.table, row, game, state)
            reveals = game.reveals(state, action)
            events = game.apply(state, action)
            row, headline, goes_on = await self.record(row, game, state, seat, AUTOPILOT_USER, action, events,
                                                        reveals, AUTOPILOT_MARK)
            headlines.append(headline)
            scorings += scored(events)
            if not goes_on:  # the turn is over (the same seat may open the next one: a new round)
                break
        row = await self.autoplay(row, game, state, headlines, scorings)
        return [*await self.scorings(row, game, state, scorings),
                await self.table.board_reply(row, game, state, "\n".join(headlines)),
                *await self.turn_notes(chat, row, game, state)]

    async def _reminder(self, row: GameRow, game: Game, seat: int, story: bool = False) -> list[Reply]:
        """The player to move, mentioned in the group, and privately too where they started the bot (with a
        link to the board when the group is a supergroup; `story`: with «что было без вас»)."""
        player = row.seats[seat]
        waited = f": ждём {about(self.table.clock() - row.turn_since)}" if row.turn_since else ""
        title = escape(declined(game.title, "loct"))
        replies = [Reply(f"⏰ {mention(player.user_id, player.name)}, ваш ход в «{title}»{waited}. Доска — /board.")]
        if player.user_id != row.chat_id and player.user_id in await self.table.store.private_users([player.user_id]):
            where = chat_named(row.chat_title, row.topic, row.topic_title)
            link = board_link(row.chat_id, row.board_message_id, row.topic)
            to_board = f'\n<a href="{link}">К доске</a>' if link else ""
            missed_story = await missed(self.table, row, seat) if story else ""
            # the private «ваш ход» may sound (a reminder fires only outside quiet hours); the group's is silent
            replies.append(Reply(f"⏰ Ваш ход в «{title}»{where}{waited}.{to_board}{missed_story}",
                                 to_user=player.user_id, sound=not await self.table.quiet_now(row)))
        return replies


def unfinished(events: list[Event], name: str) -> list[Event]:
    """A skip's events for a turn already begun: «Аня пропускает ход: …» becomes «Аня не доигрывает ход: …».

    >>> [e.text for e in unfinished([Event("Аня пропускает ход."), Event("Ходит Борис.")], "Аня")]
    ['Аня не доигрывает ход.', 'Ходит Борис.']
    """
    said = f"{name} пропускает ход"
    return [Event(f"{name} не доигрывает ход" + e.text[len(said):], e.kind, e.data) if e.text.startswith(said) else e
            for e in events]

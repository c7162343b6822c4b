"""The group's ways out of a vanished player and of a move to take back: /skip (at once, and only for a reason the
table can see: `bot.table.voting.skip_rule`), /kick and the undo that needs everyone's yes, decided by the players'
votes with buttons (a skip vote from before that rule only goes stale). A player away (/away) is protected: never
skipped nor handed over by the others, their turn waits or goes to the autopilot as the table's setting says (and
no penalty of the skip rule applies); a player who left the game (/leave) no longer starts votes. A part of
`bot.table.service.Service`.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from bot.replies import buttons
from bot.replies.names import plain
from bot.replies.reply import Button, Chat, Reply, User
from bot.replies.words import declined
from bot.storage.base import (
    ABORTED,
    ACTIVE,
    FINISHED,
    GameRow,
    Vote,
)
from bot.table.core import Table
from bot.table.texts import in_chat, mention
from bot.table.timing.absence import until_text
from bot.table.timing.clock import format_duration
from bot.table.timing.settings import AUTOPILOT
from bot.table.turns import Turns
from bot.table.voting.rewind import Rewind, taken_back
from bot.table.voting.skip_rule import skip_from, too_early
from rules.text import count, plural


def left_refusal(row: GameRow, user: User) -> str | None:
    """Why `user` may not ask the table for a vote: not playing here, or gone from the game (/leave, /kick)."""
    seat = row.seat_of(user.id)
    if seat is None:
        return f"{plain(user.name)}, голосовать могут только игроки этой партии."
    if row.seats[seat].away:
        return (f"{plain(user.name)}, вы вышли из этой партии: за ваше место ходит автопилот 🤖, а голосования "
                "предлагают те, кто играет.")
    return None


VOTE_MESSAGE = "vote-"  # `Reply.remember` of a vote's message: "vote-skip", "vote-kick", "vote-undo"
VOTE_TOPICS = {"skip": "Голосование о пропуске хода.", "kick": "Голосование о месте для автопилота.",
               "undo": "Голосование об отмене хода."}  # a stale vote's message whose question is not known


def stale_reason(row: GameRow, version: int) -> str:
    """Why a vote asked at `version` no longer holds, told after «устарело —»."""
    if row.status == ABORTED:
        return "партия прервана"
    if row.status == FINISHED:
        return "партия окончена"
    if row.version < version:
        return "ходы с тех пор отменили"
    return "с тех пор в партии сделан ход"


class Votes:
    def __init__(self, table: Table, turns: Turns, rewind: Rewind):
        self.table, self.turns, self.rewind = table, turns, rewind

    async def skip(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт.")]
        if row.seat_of(user.id) is None:
            return [Reply(f"{plain(user.name)}, пропустить чужой ход могут только игроки этой партии.",
                          only_for=user.id)]
        if refusal := left_refusal(row, user):
            return [Reply(refusal, only_for=user.id)]
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        if row.seats[seat].bot:
            return [Reply(f"Сейчас ходит {plain(row.seats[seat].name)} — бот, он походит сам.")]
        if row.seats[seat].user_id == user.id:
            return [Reply("Свой ход пропускать не нужно: просто сделайте его (или /leave — отдать место "
                          "автопилоту).", only_for=user.id)]
        if (protected := await self.protected(chat, row, seat, "skip")) is not None:
            return protected
        moment, deadline = await skip_from(self.turns, row)
        now = self.table.clock()
        if moment is None or now < moment:  # no reason the table can see yet: nothing changes
            tz = (await self.turns.pending.settings(row)).tz
            return [Reply(too_early(moment, deadline, now, tz, plain(row.seats[seat].name)), only_for=user.id)]
        return await self.turns.skip_turn(chat, row, await self._overdue(row, seat, user))

    async def _overdue(self, row: GameRow, seat: int, user: User) -> str:
        """The headline of a turn skipped at once because it is overdue, with its true cause: the table's time for
        a turn ran out, or (with no time limit) the turn has waited past the reminder's time."""
        name, by = plain(row.seats[seat].name), plain(user.name)
        if (await self.turns.pending.settings(row)).time_limit:
            return f"⌛ {name}: время на ход вышло, и {by} пропускает этот ход."
        waited = format_duration(self.table.clock() - row.turn_since) if row.turn_since is not None else ""
        waited = f" уже {waited}" if waited else " давно"
        return f"⏭ {name}: ход ждёт{waited}, и {by} пропускает его."

    async def kick(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply("Сейчас партия не идёт.")]
        if refusal := left_refusal(row, user):
            return [Reply(refusal, only_for=user.id)]
        game, state = self.table.state(row)
        target = self.turns.named_seat(row, args) if args else game.current_seat(state)
        if target is None:
            names = ", ".join(plain(s.name) for s in row.seats)
            example = plain(row.seats[0].name)
            return [Reply(f"Чьё место отдать автопилоту? За столом: {names}. Например: /kick {example}")]
        if row.seats[target].bot:
            return [Reply(f"{plain(row.seats[target].name)} — бот: он и так ходит сам 🤖.")]
        if row.seats[target].away:
            return [Reply(f"{plain(row.seats[target].name)}: это место и так у автопилота 🤖.")]
        if row.seats[target].user_id == user.id:
            return [Reply("Чтобы отдать своё место автопилоту, напишите /leave.", only_for=user.id)]
        if (protected := await self.protected(chat, row, target, "kick")) is not None:
            return protected
        return await self.start_vote(chat, row, user, "kick", target)

    async def protected(self, chat: Chat, row: GameRow, seat: int, kind: str) -> list[Reply] | None:
        """A skip or a hand-over asked about a player away (/away): refused, with what happens instead (None: the
        player is not away). With the table's «отъезд: автопилот» and their turn under way, the autopilot plays
        it now, as the absence would have it (never the skip rule and its penalty)."""
        absence = (await self.table.absent(row)).get(seat)
        if absence is None:
            return None
        settings = await self.turns.pending.settings(row)
        name = plain(row.seats[seat].name)
        away = f"✈️ {name} в отъезде до {until_text(absence.until, settings.tz)}"
        if kind == "kick":
            instead = ("ходы за это место и так играет автопилот 🤖" if settings.on_away == AUTOPILOT
                       else "стол ждёт возвращения")
            return [Reply(f"{away}: место игрока в отъезде автопилоту не отдают — {instead}. Если игрок не вернётся "
                          "к сроку, можно будет спросить стол снова.")]
        if settings.on_away == AUTOPILOT and self.turns.seat_to_move(row) == seat:
            return [Reply(f"{away}: ход игрока в отъезде не пропускают — за этим столом его играет автопилот 🤖, "
                          "он играет его сейчас."), *await self.turns.away_autopilot(chat, row)]
        return [Reply(f"{away}: ход игрока в отъезде не пропускают — стол ждёт возвращения, а время на ход пойдёт "
                      "после него.")]

    VOTE_QUESTIONS = {
        "skip": "{by} предлагает пропустить этот ход (сейчас ходит {target}). Пропускаем?",
        "kick": "{by} предлагает до конца партии отдать автопилоту 🤖 место, которое занимает {target}. Отдаём?",
        "undo": "{by} просит отменить ход «{target}» и всё, что было после. Согласны?",
    }

    # the last line of a vote's message once it is decided, by kind
    VOTE_PASSED = {"skip": "ход пропущен.", "kick": "место переходит автопилоту 🤖.", "undo": "ходы отменены."}
    VOTE_FAILED = {"skip": "ход ждёт своего игрока.", "kick": "место остаётся за игроком.",
                   "undo": "играем как есть."}

    @staticmethod
    def _voters(row: GameRow, vote: Vote) -> list[int]:
        """Who votes: the people still at the table (a bot never votes), but not the one the vote is about (the
        player voted on, or the one asking to take their moves back)."""
        about = vote.started_by if vote.kind == "undo" else row.seats[vote.target].user_id
        return [s.user_id for s in row.seats if s.human and s.user_id != about]

    @staticmethod
    def _yes(vote: Vote, voters: list[int]) -> int:
        return sum(1 for user_id, yes in vote.ballots.items() if yes and user_id in voters)

    @staticmethod
    def _needed(kind: str, voters: int) -> int:
        """Yes votes that decide: every other player to take moves back, a majority otherwise."""
        return voters if kind == "undo" else voters // 2 + 1

    async def start_vote(self, chat: Chat, row: GameRow, user: User, kind: str, target: int,
                          subject: str = "") -> list[Reply]:
        vote = Vote(row.id, kind, row.version, target, user.id, {user.id: True})  # the one who asks says yes
        voters = self._voters(row, vote)
        if self._yes(vote, voters) >= self._needed(kind, len(voters)):  # two at the table: asking decides
            return await self._vote_passed(chat, row, vote)
        stale = await self.stale_notes(row.chat_id, (row.id, kind))  # an earlier vote of this kind gives way
        await self.table.store.save_vote(vote, row.id, kind)
        if kind != "undo":
            subject = row.seats[target].name  # an undo's target is a version, its subject the first move undone
        reply = self._vote_reply(row, vote, subject or "…")
        await self.table.store.save_vote_message(row.id, kind, row.version, self._vote_question(row, vote, subject))
        return [*stale, replace(reply, remember=(f"{VOTE_MESSAGE}{kind}", row.id))]

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

    async def ballot(self, chat: Chat, user: User, row: GameRow, version: int, code: int, yes: int):
        """A press of a vote's button: the ballot counts; a decided vote acts. (toast, replies, edit)."""
        if not 0 <= code < len(buttons.VOTE_KINDS) or yes not in (0, 1):
            return "Не понимаю эту кнопку.", [], None
        kind = buttons.VOTE_KINDS[code]
        vote = await self.table.store.vote(row.id, kind)
        running = row.status == ACTIVE or (row.status == FINISHED and kind == "undo")  # the end taken back
        if vote is None or vote.version != version or row.version != version or not running:
            why = stale_reason(row, version)
            shown = next((m for m in await self.table.store.vote_messages(row.chat_id)
                          if m.game_id == row.id and m.kind == kind), None)
            await self.table.store.drop_vote_message(row.id, kind)
            question = shown.question if shown is not None else f"🗳 {VOTE_TOPICS[kind]}"
            return f"Голосование устарело: {why}.", [], Reply(f"{question}\nИтог: голосование устарело — {why}.")
        voters = self._voters(row, vote)
        if user.id not in voters:
            return self._not_a_voter(row, vote, user), [], None
        if vote.ballots.get(user.id) is bool(yes):
            return f"Ваш голос «{'да' if yes else 'нет'}» уже учтён.", [], None
        ballots = {**vote.ballots, user.id: bool(yes)}
        vote = Vote(vote.game_id, kind, vote.version, vote.target, vote.started_by, ballots)
        needed = self._needed(kind, len(voters))
        against = sum(1 for user_id, v in ballots.items() if not v and user_id in voters)
        subject = row.seats[vote.target].name if kind != "undo" else await self.rewind.undo_subject(row, vote.target)
        if self._yes(vote, voters) >= needed or len(voters) - against < needed:  # decided: its message tells so
            await self.table.store.drop_vote_message(row.id, kind)
        if self._yes(vote, voters) >= needed:  # the vote's message keeps its question and tells the outcome
            await self.table.store.save_vote(None, row.id, kind)
            protected = await self.protected(chat, row, vote.target, kind) if kind != "undo" else None
            if protected is not None:  # went away (/away) while the vote was on: it does not apply
                return None, protected, Reply(f"{self._vote_question(row, vote, subject)}\nИтог: да, но игрок "
                                              "теперь в отъезде, и голосование не действует.")
            outcome = Reply(f"{self._vote_question(row, vote, subject)}\nИтог: принято — {self.VOTE_PASSED[kind]}")
            return None, await self._vote_passed(chat, row, vote), outcome
        if len(voters) - against < needed:
            await self.table.store.save_vote(None, row.id, kind)
            return None, [], Reply(f"{self._vote_question(row, vote, subject)}\nИтог: отклонено — "
                                   f"{self.VOTE_FAILED[kind]}")
        await self.table.store.save_vote(vote, row.id, kind)
        return "Голос учтён.", [], self._vote_reply(row, vote, subject)

    def _decided(self, row: GameRow, vote: Vote) -> str:
        """Who decided a vote that passed: «так решает Аня» when she was the only one to ask (two at the table),
        else «по голосованию («да»: Аня, Борис)»."""
        voters = self._voters(row, vote)
        names = [plain(s.name) for s in row.seats if s.user_id in voters and vote.ballots.get(s.user_id)]
        if len(voters) == 1 and len(names) == 1:
            return f"так решает {names[0]}"
        return f"по голосованию («да»: {', '.join(names)})"

    async def _vote_passed(self, chat: Chat, row: GameRow, vote: Vote) -> list[Reply]:
        decided = self._decided(row, vote)
        if vote.kind == "skip":
            name = plain(row.seats[vote.target].name)
            return await self.turns.skip_turn(chat, row, f"⏭ {name}: ход пропущен — {decided}.")
        if vote.kind == "kick":
            return await self._handed_over(chat, row, vote.target, decided)
        takeback = await self.rewind.look_back(row, vote.target)
        return await self.rewind.undo_to(chat, row, vote.target, f"↩️ Все согласны: отменён {taken_back(takeback)}.")

    async def _handed_over(self, chat: Chat, row: GameRow, seat: int, decided: str) -> list[Reply]:
        """A /kick that passed: the autopilot takes the seat; its player is told, privately where they have started
        the bot, else with a mention in the group."""
        player = row.seats[seat]
        await self.table.store.set_away(row.id, row.version, seat)
        replies = await self.turns.handed_over(chat, row.id, f"🤖 {plain(player.name)}: до конца партии это место "
                                               f"играет автопилот — {decided}.")
        title = escape(declined(self.table.game(row).title, "loct"))
        if player.user_id in await self.table.store.private_users([player.user_id]):
            where = in_chat(chat.title or row.chat_title, row.topic, chat.topic_title or row.topic_title)
            note = (f"🤖 В «{title}»{where} до конца партии ваше место играет автопилот — {decided}. Партия идёт "
                    "дальше без вас; новую можно начать, когда она закончится.")
            return [*replies, Reply(note, to_user=player.user_id)]
        note = (f"🤖 {mention(player.user_id, player.name)}, до конца партии ваше место в «{title}» играет "
                f"автопилот — {decided}.")
        return [*replies, Reply(note)]

    def _not_a_voter(self, row: GameRow, vote: Vote, user: User) -> str:
        """Why a press of a vote's button does not count: the vote is about this player, or they do not play."""
        if vote.kind == "undo" and user.id == vote.started_by:
            return "Отменить ход просили вы — теперь решают остальные игроки."
        if vote.kind != "undo" and row.seats[vote.target].user_id == user.id:
            about = "вашем ходе" if vote.kind == "skip" else "вашем месте"
            return f"Это голосование о {about}: решают остальные игроки."
        if row.seat_of(user.id) is not None:  # gone from the game (/leave, /kick)
            return "Вы вышли из партии: голосуют те, кто в ней играет."
        return "Голосуют только те, кто играет в этой партии."

    async def stale_notes(self, chat_id: int, replacing: tuple[int, str] | None = None) -> list[Reply]:
        """The vote messages of the chat whose vote has gone stale since (a move made, the turn passed, the game
        over or taken back), or gives way to a new vote (`replacing`: its game and kind): each edited to its
        question and why it no longer holds, without buttons. A vote still open keeps its message."""
        notes = []
        for shown in await self.table.store.vote_messages(chat_id):
            row = await self.table.store.game(shown.game_id)
            vote = await self.table.store.vote(shown.game_id, shown.kind)
            running = row is not None and (row.status == ACTIVE or row.status == FINISHED and shown.kind == "undo")
            given_way = replacing == (shown.game_id, shown.kind)
            if running and not given_way and vote is not None and vote.version == row.version == shown.version:
                continue
            await self.table.store.drop_vote_message(shown.game_id, shown.kind)
            if shown.message_id is None:
                continue
            if given_way and running and vote is not None and vote.version == row.version:
                why = "вместо него начато новое"
            else:
                why = stale_reason(row, shown.version) if row is not None else "партии больше нет"
            notes.append(Reply(f"{shown.question}\nИтог: голосование устарело — {why}.", replaces=shown.message_id))
        return notes

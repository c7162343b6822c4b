"""Every text a whole game sends, read as a player would: a 3-player game of each game is played through the
service (moves by button and by typed command, chosen by the autopilot or at random), with the usual mistakes
on the way (a wrong player moving, garbage typed as a move, a stale button, /undo and /kick votes, /skip refused
before its time, timers that fire), every look-up command (/help, /moves, /score, /log, /turn, /settings,
/history, /stats, /rules), bots seated and taken away in the lobby, a player going away and coming back, a look
from a forum topic, and a rematch asked for, confirmed and begun after the end.
Every reply, caption, toast, button label, private note and inline answer is collected and checked: no English
word outside <code>, commands, coordinates and the name Kingdom Builder; no empty step; no doubled blank line;
no «None», no «{»; balanced «».

Each check runs twice per game: on the whole transcript, and on the bot's own part of it (every text the game
itself wrote, recorded by a wrapper around the game, blanked out). Both must pass: the bot's part tells
which side a failure comes from.
"""

from __future__ import annotations

import functools
import html
import itertools
import json
import random
import re
from unittest import mock

import pytest

from bot.replies import buttons
from bot.replies.reply import ButtonAnswer, Chat, InlineAnswer, Reply, User
from bot.storage.base import ACTIVE
from bot.table.service import Service
from render.registry import RENDERERS
from rules.protocol import RuleError
from rules.registry import GAMES

GROUP = Chat(id=-1002000, title="Друзья")
ANYA, BORIS, VERA, GLEB = User(1, "Аня"), User(2, "Борис"), User(3, "Вера"), User(4, "Глеб")
USERS = {u.id: u for u in (ANYA, BORIS, VERA)}
START = 1780290000.0  # 2026-06-01 08:00 in Moscow
MINUTE, HOUR = 60, 3600
GAME_TEXT = "◇"  # what stands for the game's own texts in the bot's part of a transcript


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self) -> float:
        return self.now


class Recorded:
    """A game that remembers every text it hands the bot (labels, commands, events, refusals, secrets...)."""

    def __init__(self, game):
        self._game = game
        self.texts: set[str] = {game.title, game.about, *game.score_names.values(), game.secret_button or ""}
        self.texts |= {description for _, description in game.commands}

    def __getattr__(self, name):
        return getattr(self._game, name)

    def _keep(self, value):
        if isinstance(value, str):
            self.texts.add(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                self._keep(getattr(item, "text", item))
        return value

    def _method(name):  # noqa: N805 - a decorator factory used in the class body
        def method(self, *args, **kwargs):
            try:
                return self._keep(getattr(self._game, name)(*args, **kwargs))
            except RuleError as error:
                self.texts.add(error.message)
                raise
        method.__name__ = name
        return method

    label = _method("label")
    command = _method("command")
    menu_path = _method("menu_path")
    secret = _method("secret")
    apply = _method("apply")
    skip = _method("skip")
    parse = _method("parse")

    def scores(self, state):
        entries = self._game.scores(state)
        self.texts.update(e["name"] for e in entries)
        return entries


class Transcript:
    def __init__(self):
        self.texts: list[tuple[str, str]] = []  # (where it came from, text)

    def add(self, where: str, answer) -> None:
        if isinstance(answer, list):
            for reply in answer:
                self.add(where, reply)
        elif isinstance(answer, Reply):
            kind = "caption" if answer.image else "private" if answer.to_user else "reply"
            self.texts.append((f"{where} {kind}", answer.text))
            self._labels(where, answer.buttons)
        elif isinstance(answer, ButtonAnswer):
            if answer.toast:
                self.texts.append((f"{where} toast", answer.toast))
            if answer.edit is not None:
                self.add(where + " edit", answer.edit)
            self._labels(where, answer.keyboard or [])
            self.add(where, answer.replies)
        elif isinstance(answer, InlineAnswer):
            for article in answer.articles:
                self.texts += [(f"{where} inline", article.title), (f"{where} inline", article.description)]
            if answer.note:
                self.texts.append((f"{where} inline note", answer.note))
        elif isinstance(answer, tuple):  # fire_timers: (chat, replies)
            self.add(where, answer[1])

    def _labels(self, where: str, keyboard) -> None:
        self.texts += [(f"{where} button", b.text) for row in keyboard for b in row]


class Table:
    """A game played through the service by three players, with a transcript of everything it says."""

    def __init__(self, service: Service, game: Recorded, clock: Clock, seed: int):
        self.service, self.game, self.clock = service, game, clock
        self.random = random.Random(seed)
        self.transcript = Transcript()
        self.board: Reply | None = None  # the latest board sent
        self.stale: str | None = None  # a move button of an older board

    def keep(self, where, answer):
        self.transcript.add(where, answer)
        boards = [r for r in (answer if isinstance(answer, list) else
                              [answer.edit, *answer.replies] if isinstance(answer, ButtonAnswer) else [])
                  if r is not None and r.image]
        if boards:
            if self.board is not None:
                self.stale = next((b.data for row in self.board.buttons for b in row if b.data.startswith("g:")),
                                  self.stale)
            self.board = boards[-1]
        return answer

    async def say(self, user: User, name: str, args: str = "", chat: Chat = GROUP):
        return self.keep(f"/{name} {args}".strip(), await self.service.command(chat, user, name, args))

    async def press(self, user: User, data: str, where: str = "press"):
        return self.keep(where, await self.service.button(GROUP, user, data))

    async def now(self):
        row = await self.service.store.open_game(GROUP.id)
        if row is None or row.state is None:
            return row, None, None
        state = self.game.load(row.state)
        seat = self.game.current_seat(state)
        return row, state, (USERS[row.seats[seat].user_id] if seat is not None else None)

    def others(self, user: User) -> list[User]:
        return [u for u in USERS.values() if u != user]

    async def lobby(self):
        for user in (*USERS.values(), GLEB):  # private chats with the bot: private notes reach everyone
            await self.say(user, "start", "", Chat(user.id, private=True))
        self.transcript.add("private text", await self.service.text(Chat(ANYA.id, private=True), ANYA, "привет"))
        await self.say(ANYA, "help", "", Chat(ANYA.id, private=True))
        await self.say(ANYA, "new", "")
        await self.say(ANYA, "new", "шахматы")
        await self.say(ANYA, "new", self.game.name)
        await self.say(ANYA, "begin")
        await self.bots_come_and_go()
        await self.say(BORIS, "join")
        await self.say(BORIS, "leave")
        await self.say(BORIS, "leave")
        row = await self.service.store.open_game(GROUP.id)
        await self.press(BORIS, buttons.encode(buttons.JOIN, row.id))
        await self.press(GLEB, buttons.encode(buttons.BEGIN, row.id))
        await self.say(VERA, "join")
        await self.say(BORIS, "join")
        await self.say(GLEB, "move", "Д5")
        await self.say(ANYA, "help")
        await self.say(ANYA, "settings")
        await self.say(GLEB, "settings", "лимит 6ч")
        await self.say(ANYA, "settings", "пояс Новосибирск")
        await self.say(ANYA, "settings", "цвет синий")
        await self.say(ANYA, "settings", "лимит когда-нибудь")
        await self.press(ANYA, buttons.encode(buttons.SETTING, 1), "settings button")
        await self.press(ANYA, buttons.encode(buttons.SETTING, 2), "settings button")
        await self.say(ANYA, "settings", "напоминание 3ч")
        await self.say(ANYA, "begin")
        await self.say(ANYA, "join")

    async def bots_come_and_go(self):
        """Bots seated and taken away again before the game begins (it is played by the three people)."""
        row = await self.service.store.open_game(GROUP.id)
        await self.say(ANYA, "addbot", "гроссмейстер")
        await self.say(ANYA, "addbot", "сильный")
        await self.press(ANYA, buttons.encode(buttons.ADD_BOT, row.id), "bot button")
        await self.press(BORIS, buttons.encode(buttons.REMOVE_BOT, row.id), "bot button of an outsider")
        await self.say(ANYA, "leave", "бот Зебра")
        await self.press(ANYA, buttons.encode(buttons.REMOVE_BOT, row.id), "bot button")
        await self.say(ANYA, "leave", "бот")
        await self.say(ANYA, "leave", "бот")

    async def away_and_back(self, player: User):
        """A player goes away for a while and comes back; wrong durations on the way."""
        await self.say(player, "away", "на полгода")
        await self.say(player, "away", "30д")
        await self.say(player, "away", "2д")
        await self.say(player, "turn")
        await self.say(player, "board")
        await self.say(player, "away", "до пятницы", Chat(player.id, private=True))
        await self.say(player, "back")
        await self.say(player, "back")

    async def rematch(self):
        """After the end: a rematch asked for by an outsider and by a player, confirmed, given up, begun."""
        data = next((b.data for line in self.board.buttons for b in line if b.data.startswith("re")), None)
        assert data, "no rematch button under the final board"
        await self.press(GLEB, data, "rematch of an outsider")
        await self.say(BORIS, "new")
        await self.press(BORIS, data, "rematch")
        await self.press(BORIS, data, "rematch again")
        row = await self.service.store.open_game(GROUP.id)
        await self.say(ANYA, "begin")
        await self.press(ANYA, buttons.encode(buttons.JOIN, row.id), "rematch seat")
        await self.say(VERA, "leave")
        await self.say(BORIS, "begin")
        await self.say(BORIS, "abort")

    async def look(self, user: User, step: int):
        """The look-up commands, a few of them each time."""
        looks = [("moves", ""), ("score", ""), ("log", ""), ("turn", ""), ("board", ""), ("help", ""),
                 ("settings", ""), ("history", ""), ("stats", ""), ("rules", "сколько стоит"),
                 ("rules", "как закончить ход"), ("rules", "зеленая корова")]
        for name, args in self.random.sample(looks, 3):
            await self.say(user, name, args)

    async def mistakes(self, player: User, state, row, step: int):
        game = self.game
        other = self.random.choice(self.others(player))
        kind = step % 9
        if kind == 0:  # the wrong player moves
            action = self.random.choice(game.legal_actions(state))
            name, _, args = game.command(state, action).lstrip("/").partition(" ")
            await self.say(other, name, args)
            await self.say(GLEB, name, args)
        elif kind == 1:  # garbage typed as a move
            name = self.random.choice(game.commands)[0]
            await self.say(player, name, self.random.choice(["абракадабра", "Я99", "", "до луны и обратно", "K0"]))
        elif kind == 2 and self.stale:
            await self.press(player, self.stale, "stale button")
            await self.press(other, "g:zz", "forged button")
        elif kind == 3 and self.board is not None:  # menu groups, the secrets button, my score
            for data in [b.data for line in self.board.buttons for b in line if b.data][:6]:
                if not data.startswith(("g:", "u:")):
                    await self.press(player if data.startswith("k:") else other, data, "board button")
            await self.press(other, buttons.encode(buttons.MY_SCORE, row.id), "my score")
            await self.press(GLEB, buttons.encode(buttons.SECRET, row.id), "secrets of an outsider")
        elif kind == 4:  # a skip asked before the table sees a reason: refused; half the time again after the reminder
            await self.say(player, "skip")
            await self.say(GLEB, "skip")
            first, _ = self.others(player)
            await self.say(first, "skip")
            if self.random.random() < 0.5:
                self.clock.now += 13 * HOUR
                for fired in await self.service.fire_timers():
                    self.keep("timer", fired[1])
                await self.say(first, "skip")
        elif kind == 5:  # a vote to hand a seat to the autopilot, voted down
            await self.say(other, "kick", "Кто-то")
            await self.say(other, "kick", player.name)
            await self.say(other, "kick", "")
            vote = await self.say(other, "kick", player.name[:3])
            no = [b.data for r in vote for line in r.buttons for b in line if b.data.endswith(":0")]
            for voter in self.others(other):
                if no:
                    await self.press(voter, no[0], "vote")
        elif kind == 6:  # time goes by: reminders, the time limit
            self.clock.now += self.random.choice([3 * HOUR, 7 * HOUR, 13 * HOUR])
            for fired in await self.service.fire_timers():
                self.keep("timer", fired[1])
            await self.say(other, "turn")
        elif kind == 7:
            await self.say(player, "undo")
            await self.say(GLEB, "undo")

    async def move(self, player: User, state, row):
        game = self.game
        actions = game.legal_actions(state)
        action = game.autopilot(state) if self.random.random() < 0.6 else self.random.choice(actions)
        if game.private_choice(state, action):
            self.transcript.add("inline hand", await self.service.inline(player, f"#{row.token}"))
            self.transcript.add("inline hand of another", await self.service.inline(
                self.random.choice(self.others(player)), f"#{row.token}"))
        if self.random.random() < 0.5 and not game.private_choice(state, action):
            await self.press(player, buttons.encode_move(row.id, row.version, actions.index(action)), "move button")
        else:
            name, _, args = game.command(state, action).lstrip("/").partition(" ")
            await self.say(player, name, args)

    async def undo_by_vote(self, player: User):
        """The player who has just passed the turn asks to take it back: everyone agrees."""
        answer = await self.say(player, "undo")
        yes = [b.data for r in answer for line in r.buttons for b in line if b.data.endswith(":1")]
        for voter in self.others(player):
            if yes:
                await self.press(voter, yes[0], "undo vote")

    async def play(self):
        await self.lobby()
        step = 0
        last_mover = None
        while True:
            row, state, player = await self.now()
            if row is None or row.status != ACTIVE or player is None:
                break
            step += 1
            self.clock.now += self.random.choice([MINUTE, 5 * MINUTE, 2 * HOUR])
            if step % 7 == 0:
                await self.look(self.random.choice([*USERS.values(), GLEB]), step)
            if step % 5 == 0:
                await self.mistakes(player, state, row, step // 5)
                continue
            if step == 12:
                await self.away_and_back(self.random.choice(self.others(player)))
            if step == 14:  # another table of the chat, in a forum topic: nothing is played there
                await self.say(GLEB, "board", "", Chat(GROUP.id, title=GROUP.title, topic=5, topic_title="Вечер"))
                await self.say(GLEB, "history", "", Chat(GROUP.id, title=GROUP.title, topic=5, topic_title="Вечер"))
            if step == 30 and last_mover is not None and last_mover != player:
                await self.undo_by_vote(last_mover)
                continue
            await self.move(player, state, row)
            if step % 11 == 0:  # a step taken back alone, then played again
                await self.say(player, "undo")
            if self.board is not None and (await self.now())[2] != player:
                last_mover = player
        for user, name, args in ((ANYA, "score", ""), (BORIS, "log", ""), (VERA, "board", ""),
                                 (GLEB, "history", ""), (ANYA, "stats", ""), (BORIS, "turn", ""),
                                 (VERA, "moves", ""), (ANYA, "undo", ""), (BORIS, "skip", "")):
            await self.say(user, name, args)
        await self.say(ANYA, "games", "", Chat(ANYA.id, private=True))
        await self.rematch()
        return self.transcript


@functools.cache
def _transcript_of(name: str) -> tuple[list[tuple[str, str]], frozenset[str]]:
    """The transcript of one whole game (played once per test run) and the texts the game itself wrote."""
    import asyncio
    import tempfile

    async def run():
        with tempfile.TemporaryDirectory() as folder:
            clock = Clock()
            game = Recorded(GAMES[name])
            service = await Service.open(f"{folder}/bot.db")
            service.clock = clock
            service.games = {**service.games, name: game}
            service.bot_username = "referee_bot"
            try:
                transcript = await Table(service, game, clock, seed=7).play()
            finally:
                await service.close()
            return transcript.texts, frozenset(t for t in game.texts if len(t.strip()) > 1)

    renderers = dict(RENDERERS)
    try:
        for key in RENDERERS:  # the pictures are not what this test reads
            RENDERERS[key] = lambda view: b"\x89PNG" + json.dumps(len(str(view))).encode()
        # the same deal every run (/new draws the game's seed from the system): the same transcript
        with mock.patch.object(random, "SystemRandom", lambda: random.Random(2026)):
            return asyncio.run(run())
    finally:
        RENDERERS.update(renderers)


def bot_part(texts: list[tuple[str, str]], game_texts: frozenset[str]) -> list[tuple[str, str]]:
    """The transcript with every text of the game's own replaced by GAME_TEXT (whole words only: the game's
    word «flag» is not the end of the bot's command /r_sylvan_flag)."""
    ordered = sorted(game_texts | {html.escape(t) for t in game_texts}, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w/])(?:" + "|".join(map(re.escape, ordered)) + r")(?!\w)")
    return [(where, pattern.sub(GAME_TEXT, text)) for where, text in texts]


# --- the checks: each returns the offending texts ------------------------------------------------------------

CODE = re.compile(r"<code>.*?</code>", re.S)
TAG = re.compile(r"<[^>]+>")
ALLOWED = re.compile(
    r"/[a-z_]+(?:@\w+)?"  # a command
    r"|@\w+"  # a user name
    r"|\b[A-Za-zА-ЯЁа-яё]\d{1,2}\b"  # a coordinate: K12, Д5
    r"|Kingdom Builder"
    r"|\bUTC(?:[+−-]\d{1,2}(?::\d\d)?)?"  # a time zone as an offset: UTC+7
)
LATIN = re.compile(r"[A-Za-z]{2,}")


def _readable(text: str) -> str:
    """What a player reads: the text without <code>…</code> and markup."""
    return html.unescape(TAG.sub("", CODE.sub(" ", text)))


def english(texts):
    return [(w, t) for w, t in texts if LATIN.search(ALLOWED.sub(" ", _readable(t)))]


EMPTY_LOG_LINE = re.compile(r"^\s*(?:\d+\.)?\s*(?:🤖|⏭|↩️)?\s*$")


def empty_steps(texts):
    bad = []
    for where, text in texts:
        lines = text.split("\n")
        if not text.strip():
            bad.append((where, text))
        elif any(EMPTY_LOG_LINE.match(line) and line.strip() for line in lines):
            bad.append((where, text))
        elif any(not before.strip() and line.startswith("Ходит") for before, line in itertools.pairwise(lines)):
            bad.append((where, text))
        elif "caption" in where and any(not line.strip() for line in lines):
            bad.append((where, text))  # a caption tells steps one a line, without blank ones
    return bad


def blank_lines(texts):
    return [(w, t) for w, t in texts if "\n\n\n" in t or t != t.strip()]


def leftovers(texts):
    return [(w, t) for w, t in texts if re.search(r"\bNone\b|[{}]", t)]


def unbalanced_quotes(texts):
    bad = []
    for where, text in texts:
        depth = 0
        for char in text:
            depth += {"«": 1, "»": -1}.get(char, 0)
            if depth < 0:
                break
        if depth != 0:
            bad.append((where, text))
    return bad


CHECKS = {"english": english, "empty_steps": empty_steps, "blank_lines": blank_lines, "leftovers": leftovers,
          "quotes": unbalanced_quotes}

# (game, check) of the whole transcript that fail only because of texts inside rules/<game>/, with what fails


def _report(bad) -> str:
    shown = list(dict.fromkeys(f"[{where}] {text!r}" for where, text in bad))
    return f"{len(shown)} offending texts:\n" + "\n".join(shown[:15])


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("name", GAMES)
def test_the_bot_own_texts(name, check):
    texts, game_texts = _transcript_of(name)
    bad = CHECKS[check](bot_part(texts, game_texts))
    assert not bad, _report(bad)


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("name", GAMES)
def test_the_whole_transcript(name, check):
    texts, _ = _transcript_of(name)
    bad = CHECKS[check](texts)
    assert not bad, _report(bad)


def test_the_transcripts_are_whole_games():
    """The transcripts really hold what they are meant to: a finished game, refusals, votes, notes, timers."""
    for name in GAMES:
        texts, _ = _transcript_of(name)
        wheres = " ".join(where for where, _ in texts)
        joined = "\n".join(text for _, text in texts)
        assert "Партия окончена" in joined, name
        for needed in ("подождите своей очереди", "вы не играете", "устарела", "🗳", "Итог:", "❌", "Ходит"):
            assert needed in joined, (name, needed)
        for needed in ("private", "toast", "timer", "/help", "/settings", "/rules", "/stats", "/history"):
            assert needed in wheres, (name, needed)

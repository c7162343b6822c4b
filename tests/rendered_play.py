"""Whole games as a group would play them, through the real Telegram front end (in this process) and the real
service against the fake Bot API, for tests/test_rendered_text.py to read every text and caption as the chat shows
it. Two people (whose names carry HTML's own characters) and a bot: the people open the board's menu groups and press
the moves on some turns and type them on others, take a step back with «↩️ Отменить ход», put a skip and an undo to
the vote and vote, look at /board, /score, /log, /moves, /turn, /help, /rules and /history; the game is played to
its end, then a rematch is asked for, confirmed, begun and aborted.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from bot.replies import buttons
from bot.storage import open_store
from bot.storage.base import ACTIVE
from bot.table import menus
from bot.table.core import Table
from bot.table.service import Service
from rules.registry import GAMES

try:
    from tests.fake_bot_api import FakeBotApi
    from tests.noise_play import DAYTIME, GROUP, idle, played
    from tests.polling import polling
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from fake_bot_api import FakeBotApi
    from noise_play import DAYTIME, GROUP, idle, played
    from polling import polling

# (user id, first name, last name): the full names have HTML's own characters, escaped once or shown wrong
PEOPLE = ((101, "Анна", "<3"), (102, "Борис", "& Ко"))
NAMES = {user_id: f"{first} {last}" for user_id, first, last in PEOPLE}
STEPS = 2000  # a game's actions at most
QUESTIONS = {"valdora": "сколько стоит телега", "kingdom": "таверна", "sylvan": "топор"}
LOOKS = ("board", "score", "log", "moves", "turn", "history")


@contextlib.asynccontextmanager
async def running(server: FakeBotApi, database: Path):
    """The bot's application polling the fake Bot API, with the service it drives."""
    service = Service(await open_store(str(database)), defaults=DAYTIME)
    try:  # a whole game in seconds, not at 20 messages a minute
        async with polling(server, service, log_level="WARNING", unlimited=True, chat_defaults=DAYTIME,
                           database_path=str(database)):
            yield service
    finally:
        await service.close()


class Group:
    """The people's side of the group chat."""

    def __init__(self, server: FakeBotApi, service: Service):
        self.server, self.service = server, service
        self.menus: list[tuple[int, int]] = []  # (position in the calls, message id) of each menu group opened

    async def say(self, user_id: int, text: str, chat_id: int = GROUP) -> None:
        since = self.server.mark()
        first, last = next((f, la) for u, f, la in PEOPLE if u == user_id)
        self.server.push_message(chat_id, user_id, first, text, last_name=last,
                                 **({"chat_type": "private"} if chat_id > 0 else {}))
        await idle(self.server, since)

    async def press(self, user_id: int, message_id: int, data: str) -> None:
        """Press a button. The pressed message comes with the worst copy a client may hold: its first caption, as
        the HTML that was sent, without entities: a caption built from that copy would show old news, and markup."""
        since = self.server.mark()
        first, last = next((f, la) for u, f, la in PEOPLE if u == user_id)
        self.server.push_callback(GROUP, user_id, first, message_id, data, last_name=last,
                                  message=self.stale_copy(message_id))
        # every press is answered: wait for that first (a loaded machine may take longer than `idle`'s quiet
        # time to fetch the update at all), then for the rest of what the press brings
        await self.server.wait_for_async(lambda c: c.method == "answerCallbackQuery", timeout=60, since=since)
        await idle(self.server, since)

    def stale_copy(self, message_id: int) -> dict | None:
        message = self.server.messages.get(message_id)
        sent = next((c for c in self.server.calls if c.method == "sendPhoto" and c.message_id == message_id), None)
        if message is None or sent is None or "photo" not in message:
            return None
        copy = {k: v for k, v in message.items() if k != "caption_entities"}
        return copy | {"caption": sent.text} if sent.text else copy

    def keyboard(self, message_id: int | None) -> list[tuple[str, str]]:
        """(label, data) of the buttons the message shows now."""
        message = self.server.messages.get(message_id) if message_id is not None else None
        markup = (message or {}).get("reply_markup") or {}
        return [(b.get("text", ""), b.get("callback_data", "")) for row in markup.get("inline_keyboard", [])
                for b in row]

    def latest_with(self, prefix: str) -> tuple[int, str] | None:
        """(message id, data) of the newest message in the group with a button whose data starts with `prefix`."""
        for message_id in sorted(self.server.messages, reverse=True):
            if self.server.messages[message_id].get("chat", {}).get("id") != GROUP:
                continue
            found = next((d for _, d in self.keyboard(message_id) if d.startswith(prefix)), None)
            if found:
                return message_id, found
        return None

    async def vote_yes(self) -> None:
        """Everybody presses «да» on the open vote, if there is one."""
        found = self.latest_with(f"{buttons.VOTE}:")
        if found is None:
            return
        message_id, _ = found
        for user_id in NAMES:
            yes = next((d for _, d in self.keyboard(message_id) if d.startswith(f"{buttons.VOTE}:")
                        and d.endswith(":1")), None)
            if yes:
                await self.press(user_id, message_id, yes)

    async def by_menu(self, row, game, state, action: str, user_id: int) -> bool:
        """Play `action` through the board's keyboard: open the groups on its way, then press it. False when the
        board shows no way to it (the move is then typed)."""
        actions = game.legal_actions(state)
        index = actions.index(action)
        paths = Table.paths(game, state, actions)
        for _ in range(6):
            shown = self.keyboard(row.board_message_id)
            move = buttons.encode_move(row.id, row.version, index)
            if any(d == move for _, d in shown):
                await self.press(user_id, row.board_message_id, move)
                return True
            step = None
            for _, data in shown:
                decoded = buttons.decode(data)
                if decoded and decoded[0] == buttons.GROUP and decoded[2] == row.version:
                    prefix = menus.prefix_of(paths, decoded[3], decoded[4])
                    if prefix and len(prefix) > 0 and tuple(paths[index][:len(prefix)]) == prefix:
                        step = data
            if step is None:
                return False
            since = self.server.mark()
            self.menus.append((since, row.board_message_id))
            await self.press(user_id, row.board_message_id, step)
            await self.server.wait_for_async(  # the level is shown on the board itself, however slow the machine
                lambda c: c.method.startswith("editMessage") and c.message_id == row.board_message_id,
                timeout=60, since=since)
            await idle(self.server, since)
        return False


async def play_all(server: FakeBotApi, database: Path, game_name: str) -> list[tuple[int, int]]:
    """Play; (position in the calls, message id) of each menu group opened on a board."""
    async with running(server, database) as service:
        group = Group(server, service)
        await _play(group, game_name)
        return group.menus


async def _play(group: Group, game_name: str) -> None:
    service = group.service
    (anna, *_), (boris, *_) = PEOPLE
    for user_id in NAMES:  # both started the bot in private: private notes reach them
        await group.say(user_id, "/start", chat_id=user_id)
    await group.say(anna, "/help")
    await group.say(anna, f"/rules {QUESTIONS[game_name]}")
    await group.say(anna, f"/new {game_name}")
    await group.say(boris, "/join")
    await group.say(anna, "/addbot")
    since = group.server.mark()
    await group.say(anna, "/begin")
    await played(service, 0, f"{game_name}: /begin")
    await idle(group.server, since)
    await _whole_game(group, game_name)
    await _rematch(group, game_name)


async def _whole_game(group: Group, game_name: str) -> None:
    service, game = group.service, GAMES[game_name]
    undone = skipped = voted_undo = 0
    turns, last_turn = 0, None
    for _ in range(STEPS):
        row = await service.store.open_game(GROUP)
        if row is None or row.status != ACTIVE:
            return
        state = game.load(row.state)
        player = row.seats[game.current_seat(state)]
        if player.user_id not in NAMES:  # the bots are still at it (after a vote): their board is on its way
            await played(service, row.version - 1, f"{game_name}: the bots after a vote")
            await idle(group.server, group.server.mark())
            continue
        if row.turn_since != last_turn:
            turns, last_turn = turns + 1, row.turn_since
            if turns % 5 == 0:
                await group.say(player.user_id, f"/{LOOKS[turns // 5 % len(LOOKS)]}")
            other = next(u for u in NAMES if u != player.user_id)
            if turns == 7 and not skipped:  # the other asks to skip the turn before its time is up: refused
                skipped = 1
                await group.say(other, "/skip")
                await group.vote_yes()
                continue
            if turns == 11 and not voted_undo:  # the other takes back their own last move: a vote, or alone
                voted_undo = 1
                await group.say(other, "/undo")
                await group.vote_yes()
                continue
        action = game.autopilot(state)
        since = group.server.mark()
        if game.private_choice(state, action) or turns % 3 == 2:
            await group.say(player.user_id, game.command(state, action))
        elif not await group.by_menu(row, game, state, action, player.user_id):
            await group.say(player.user_id, game.command(state, action))
        await played(service, row.version, f"{game_name}: {action}")
        await idle(group.server, since)
        if undone < 2 and turns % 4 == 1:  # a step taken back alone by its button, then played again
            found = group.latest_with(f"{buttons.UNDO}:")
            after = await service.store.open_game(GROUP)
            if found and after is not None and after.status == ACTIVE:
                undone += 1
                await group.press(player.user_id, *found)
                await played(service, after.version, f"{game_name}: undo")
    raise AssertionError(f"{game_name}: no end after {STEPS} actions")


async def _rematch(group: Group, game_name: str) -> None:
    service, game = group.service, GAMES[game_name]
    (anna, *_), (boris, *_) = PEOPLE
    for look in ("board", "score", "history", "stats"):
        await group.say(anna, f"/{look}")
    found = group.latest_with(f"{buttons.REMATCH}:")
    assert found is not None, "no «🔁 Реванш» under the final board"
    since = group.server.mark()
    await group.press(boris, *found)
    await group.server.wait_for_async(  # the rematch's lobby, with its «🙋 Играю», however slow the machine
        lambda c: any(d.startswith(f"{buttons.JOIN}:") for _, d in c.buttons), timeout=60, since=since)
    joined = group.latest_with(f"{buttons.JOIN}:")
    assert joined is not None, "no «🙋 Играю» on the rematch's lobby"
    await group.press(anna, *joined)
    lobby = await service.store.open_game(GROUP)
    await group.say(boris, "/begin")
    await played(service, lobby.version, f"{game_name}: the rematch's /begin")  # the bots' first turns too
    row = await service.store.open_game(GROUP)
    assert row is not None and row.status == ACTIVE, "the rematch did not begin"
    for _ in range(2):  # a step or two of the rematch, then it is aborted
        row = await service.store.open_game(GROUP)
        state = game.load(row.state)
        player = row.seats[game.current_seat(state)]
        action = game.autopilot(state)
        if not await group.by_menu(row, game, state, action, player.user_id):
            await group.say(player.user_id, game.command(state, action))
        await played(service, row.version, f"{game_name}: rematch {action}")
    await group.say(boris, "/abort")
    confirm = group.latest_with(f"{buttons.ABORT_YES}:")
    if confirm is not None:
        await group.press(boris, *confirm)
    await group.say(anna, "/history")
    await asyncio.sleep(0)

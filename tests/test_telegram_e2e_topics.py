"""End to end in a forum: the real `python -m bot` against the fake Bot API, a supergroup with topics where two
topics hold two tables at once (Kingdom Builder in one, «Зодчие Волшебной Долины» in the other, Анна at both),
with a restart of the bot in the middle. Everything the bot sends into the group goes to the topic it belongs
to; the General topic is a table of its own; private notes link to the board in its topic."""

from __future__ import annotations

import html
import re
import signal

from e2e_harness import (
    COMMAND_IN_CODE,
    GROUP,
    PLAYERS,
    REPLY_TIMEOUT,
    BotProcess,
    player_to_move,
)
from fake_bot_api import Call, FakeBotApi


class Forum:
    """The test's side of a forum supergroup: writing in a topic, waiting for what the bot sends there."""

    def __init__(self, server: FakeBotApi):
        self.server = server
        self.bot: BotProcess | None = None

    def say(self, topic: int | None, user_id: int, text: str) -> int:
        since = self.server.mark()
        self.server.push_message(GROUP, user_id, PLAYERS[user_id], text, topic=topic)
        return since

    def reply(self, since: int, topic: int | None, photo: bool | None = None) -> Call:
        """The first message the bot sent into `topic` (None: the General topic) after `since`."""
        def wanted(call: Call) -> bool:
            # a step of the same turn edits the turn's board in place: the edited message's topic is the reply's
            if call.method == "editMessageMedia" and photo is not False:
                edited = self.server.messages.get(call.message_id) or {}
                return call.error is None and call.chat_id == GROUP and edited.get("message_thread_id") == topic
            return (call.is_message and call.error is None and call.chat_id == GROUP
                    and call.params.get("message_thread_id") == topic
                    and (photo is None or (call.method == "sendPhoto") == photo))
        try:
            return self.server.wait_for(wanted, timeout=REPLY_TIMEOUT, since=since)
        except TimeoutError as error:
            raise AssertionError(f"{error}\n{self.bot.output() if self.bot else ''}") from None

    def command(self, topic: int | None, user_id: int, text: str, photo: bool | None = None) -> Call:
        return self.reply(self.say(topic, user_id, text), topic, photo)

    def settle(self, since: int) -> list[Call]:
        return self.server.wait_idle(quiet=0.6, timeout=REPLY_TIMEOUT, since=since)

    def move(self, topic: int, board: Call) -> Call:
        """The player to move plays the first command /moves offers; the board that follows, in the topic."""
        mover = player_to_move(board)
        listing = self.command(topic, mover, "/moves", photo=False)
        typed = [html.unescape(c) for c in COMMAND_IN_CODE.findall(listing.text)]
        if not typed:  # a hidden hand: its choices come through inline mode, to the player to move alone
            query = next(b["switch_inline_query_current_chat"] for row in board.keyboard for b in row
                         if "switch_inline_query_current_chat" in b)
            results = self.inline(mover, query).params["results"]
            typed = [results[0]["input_message_content"]["message_text"]]
        return self.command(topic, mover, typed[0], photo=True)

    def inline(self, user_id: int, query: str) -> Call:
        since = self.server.mark()
        self.server.push_update({"inline_query": {"id": f"q{since}", "query": query, "offset": "", "from": {
            "id": user_id, "is_bot": False, "first_name": PLAYERS[user_id]}}})
        return self.server.wait_for(lambda c: c.method == "answerInlineQuery", REPLY_TIMEOUT, since)


def test_two_topics_play_two_games_at_once_across_a_restart(server, tmp_path):
    database = tmp_path / "bot.db"
    kingdom = server.create_topic(GROUP, "Королевство")
    valley = server.create_topic(GROUP, "Долина")
    for user_id in (101, 102, 103):  # everyone has started the bot in private: «ваш ход» notes come there
        server.push_message(user_id, user_id, PLAYERS[user_id], "/start", chat_type="private")
    forum = Forum(server)
    forum.bot = BotProcess(server, tmp_path, database, "first")
    try:
        # --- two lobbies at once, one per topic, Анна at both tables
        lobby = forum.command(kingdom, 101, "/new kingdom")
        assert "Kingdom Builder" in lobby.text and re.search(r"start=t[\w-]{12}(?![\w-])", lobby.text), lobby
        assert "1001234567890" not in lobby.text, lobby  # the link names no chat
        other = forum.command(valley, 101, "/new sylvan")
        assert "Зодчие Волшебной Долины" in other.text and "уже" not in other.text, other
        since = forum.say(kingdom, 102, "/join")
        forum.say(valley, 103, "/join")
        forum.settle(since)
        boards = {kingdom: forum.command(kingdom, 101, "/begin", photo=True),
                  valley: forum.command(valley, 101, "/begin", photo=True)}
        assert all(board.photo.startswith(b"\x89PNG") and board.buttons for board in boards.values())
        # the General topic is a table of its own: nothing runs there
        general = forum.command(None, 103, "/board")
        assert general.method == "sendMessage" and "партии нет" in general.text, general

        # the hidden hand's button names its own game; a player of it who is not to move is pointed to the
        # private chat by a start link that names that table (by its game's token, as the button does)
        query = next(b["switch_inline_query_current_chat"] for row in boards[valley].keyboard for b in row
                     if "switch_inline_query_current_chat" in b)
        waiting = next(p for p in (101, 103) if p != player_to_move(boards[valley]))
        note = forum.inline(waiting, query).params
        assert re.fullmatch(r"#[\w-]{12}", query), query
        assert note["results"] == [] and note["button"]["start_parameter"] == "t" + query[1:], note

        # --- a move at each table; the Kingdom Builder turn is played to its end, so that it passes
        boards[valley] = forum.move(valley, boards[valley])
        first = player_to_move(boards[kingdom])
        for _ in range(8):
            boards[kingdom] = forum.move(kingdom, boards[kingdom])
            if player_to_move(boards[kingdom]) != first:
                break
        assert player_to_move(boards[kingdom]) != first, "the turn did not pass"
        movers = {topic: player_to_move(board) for topic, board in boards.items()}

        # --- a restart on the same database: each table goes on in its topic
        assert forum.bot.stop(signal.SIGTERM) == 0
        forum.bot = BotProcess(server, tmp_path, database, "second")
        for topic, board in boards.items():
            resumed = forum.command(topic, 103, "/board", photo=True)
            assert resumed.buttons == board.buttons and player_to_move(resumed) == movers[topic], resumed
            boards[topic] = resumed
        # a button of the Kingdom Builder board, pressed in its topic, plays there
        move = next(data for _, data in boards[kingdom].buttons if data.startswith(("g:", "k:")))  # a move or a menu
        since = server.mark()
        server.push_callback(GROUP, movers[kingdom], PLAYERS[movers[kingdom]], boards[kingdom].message_id, move)
        pressed = server.wait_for(lambda c: c.error is None and (
            (c.method == "editMessageMedia" and c.message_id == boards[kingdom].message_id)
            or (c.method == "sendPhoto" and c.params.get("message_thread_id") == kingdom)), REPLY_TIMEOUT, since)
        assert pressed.photo.startswith(b"\x89PNG")
        forum.settle(since)
        boards[valley] = forum.move(valley, boards[valley])
        assert forum.bot.stop(signal.SIGTERM) == 0

        # --- every message into the group went to its table's topic, never to a thread that is none
        into_group = [c for c in server.calls if c.is_message and c.chat_id == GROUP]
        assert not [c for c in into_group if c.error], [c for c in into_group if c.error]
        threads = {c.params.get("message_thread_id") for c in into_group}
        assert threads == {kingdom, valley, None}, threads
        assert [c for c in into_group if c.params.get("message_thread_id") is None] == [general]
        boards_sent = {c.params.get("message_thread_id"): c for c in into_group if c.method == "sendPhoto"}
        assert set(boards_sent) == {kingdom, valley}
        # «ваш ход» privately, with a link to the board in its topic
        notes = [c for c in server.sent if isinstance(c.chat_id, int) and c.chat_id > 0 and "Ваш ход" in c.text]
        linked = [c for c in notes if "Kingdom Builder" in c.text and "тема «Королевство»" in c.text]
        assert linked, notes
        assert all(f'href="https://t.me/c/1234567890/{kingdom}/' in c.text for c in linked), linked
        for name in ("first", "second"):
            log = (tmp_path / f"{name}.log").read_text(encoding="utf-8", errors="replace")
            assert "Traceback" not in log, f"{name} process logged a traceback:\n{log[-6000:]}"
    finally:
        if forum.bot is not None:
            forum.bot.stop(signal.SIGKILL)

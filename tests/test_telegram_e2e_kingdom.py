"""End to end: a group plays Kingdom Builder with the real `python -m bot` process against the fake
Bot API: the lobby with its private-chat link, builds by button (through a menu group that redraws the
board with its hexes highlighted) and by command, an illegal build refused in Russian, a location tile
earned and used, each player's secret terrain card seen only by its owner (an alert, and privately for a
player who started the bot), and a restart that loses nothing.

The test reads the game from the bot's SQLite file, as an onlooker with the rulebook would, to choose
moves (a build next to a location, to earn a tile) and to check the secrets; it never writes there.
"""

from __future__ import annotations

import html
import re
import signal

from e2e_harness import (
    BOARD_CHANGES,
    CREATOR,
    GROUP,
    REPLY_TIMEOUT,
    BotProcess,
    Table,
    assert_no_board_change,
    assert_refusal,
    game_state,
    player_to_move,
)

from rules.kingdom.board import neighbours, parse_hex
from rules.registry import GAMES

KB = GAMES["kingdom"]
BORIS = 102
SECRET_BUTTON = "🂠 Моя карта"
TILE_VERBS = ("oracle", "farm", "oasis", "tower", "tavern", "barn", "harbor", "paddock")



def next_to_a_tile(state, action: str) -> bool:
    """Whether a build lands next to a location hex that still has tiles."""
    view = KB.view(state)
    stocked = {(loc["row"], loc["col"]) for loc in view["locations"] if loc["tiles"]}
    return bool(stocked & set(neighbours(*parse_hex(action.split()[-1]))))


def test_group_plays_kingdom_builder_with_secret_cards_across_a_restart(server, tmp_path):
    database = tmp_path / "bot.db"
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, database, "first")
    try:
        # --- the lobby names the game and links the private chat; Борис opens it
        lobby = table.command(CREATOR, "/new кб")
        assert "Kingdom Builder" in lobby.text, lobby
        link = re.search(r"https://t\.me/RefereeTestBot\?start=(t[\w-]{12})(?![\w-])", lobby.text)
        assert link and str(GROUP)[1:] not in lobby.text, lobby  # the table by its game's token, not the chat's id
        table.command(BORIS, "/join")
        since = server.mark()
        server.push_message(BORIS, BORIS, "Борис", f"/start {link[1]}", chat_type="private")
        hello = server.wait_for(lambda c: c.is_message and c.chat_id == BORIS, REPLY_TIMEOUT, since)
        assert "Готово" in hello.text, hello

        # --- the start: a board with the secrets button; each peek shows only the presser's own card
        since = table.say(CREATOR, "/begin")
        start = table.reply(since, photo=True)
        assert start.photo.startswith(b"\x89PNG") and (SECRET_BUTTON, start.buttons[-1][1]) in start.buttons
        table.settle(since)
        state, seats, _ = game_state(database, KB)
        seat_of = {user: seat for seat, user in seats.items()}
        for user in (CREATOR, BORIS):
            pressed = table.press(user, start.message_id, dict(start.buttons)[SECRET_BUTTON])
            alert = server.wait_for(lambda c: c.method == "answerCallbackQuery", REPLY_TIMEOUT, pressed)
            assert alert.params.get("show_alert") is True
            assert alert.params["text"] == KB.secret(state, seat_of[user]), alert
        hidden = [KB.secret(state, s) for s in seats if s != KB.current_seat(state)]
        group_texts = [html.unescape(c.text) for c in server.sent if c.chat_id == GROUP]
        assert not any(secret in text for secret in hidden for text in group_texts), "a secret reached the group"
        private = [c for c in server.calls_of("sendMessage", since) if c.chat_id == BORIS]
        if seat_of[BORIS] != KB.current_seat(state):  # Борис's card is still hidden: it came privately
            assert private and KB.secret(state, seat_of[BORIS]) in html.unescape(private[-1].text), private
        else:  # Борис opens the game: his «ваш ход» note carries his card (everybody gets a note at the start)
            assert private and private[-1].text.startswith("Ваш ход в «Kingdom Builder»"), private
            assert KB.secret(state, seat_of[BORIS]) in html.unescape(private[-1].text), private

        # --- a build by button: open a group if the first keyboard has one (the board is redrawn with
        # the group's hexes highlighted), then press a hex
        board = start
        moves = [(text, data) for text, data in board.buttons if data.startswith("g:")]
        if not moves:
            group = next(data for _, data in board.buttons if data.startswith("k:"))
            since = table.press(player_to_move(board), board.message_id, group)
            opened = server.wait_for(lambda c: c.method == "editMessageMedia", REPLY_TIMEOUT, since)
            assert opened.error is None and opened.photo != board.photo, opened
            # the caption tells the turn being played (at the start: the order of play), escaped once
            assert player_to_move(opened) == player_to_move(board) and "Порядок хода: " in opened.text, opened
            assert "&lt;" not in opened.text and "&amp;" not in opened.text, opened
            moves = [(text, data) for text, data in opened.buttons if data.startswith("g:")]
        text, data = moves[0]
        since = table.press(player_to_move(board), board.message_id, data)
        board = table.board_after_press(since, board)
        assert text.split()[-1] in html.unescape(board.text), f"the caption does not tell the build {text}"

        # --- a build by command, then an illegal one on water
        state, seats, _ = game_state(database, KB)
        mover = seats[KB.current_seat(state)]
        build = next(a for a in KB.legal_actions(state) if a.startswith("build "))
        board = table.command(mover, f"/{build}", photo=True)
        assert build.split()[-1] in board.text, board
        state, seats, _ = game_state(database, KB)
        mover = seats[KB.current_seat(state)]
        view = KB.view(state)
        water = next(f"{chr(65 + c)}{r + 1}" for r, line in enumerate(view["terrain"])
                     for c, letter in enumerate(line) if letter == "W")
        since = table.say(mover, f"/build {water}")
        assert_refusal(table.reply(since))
        assert_no_board_change(table, since)

        # --- play on (the onlooker prefers builds next to a location) until a tile is used
        used = None
        for _ in range(120):
            state, seats, _ = game_state(database, KB)
            mover = seats[KB.current_seat(state)]
            legal = KB.legal_actions(state)
            tiles = [a for a in legal if a.split()[0] in TILE_VERBS]
            if tiles:
                used = tiles[0]
                board = table.command(mover, f"/{used}", photo=True)
                break
            builds = [a for a in legal if a.startswith("build ")]
            choice = next((a for a in builds if next_to_a_tile(state, a)), builds[0] if builds else legal[0])
            board = table.command(mover, f"/{choice}", photo=True)
        assert used, "no location tile was ever usable"
        assert used.split()[-1] in html.unescape(board.text), board
        before = table.board()

        # --- restart on the same database: the same position, the same buttons
        assert table.bot.stop(signal.SIGTERM) == 0
        table.bot = BotProcess(server, tmp_path, database, "second")
        after = table.board()
        assert after.buttons == before.buttons and player_to_move(after) == player_to_move(before)
        assert not [c for c in table.settle(server.mark()) if c.method in BOARD_CHANGES]
        assert table.bot.stop(signal.SIGTERM) == 0
        for name in ("first", "second"):
            log = (tmp_path / f"{name}.log").read_text(encoding="utf-8", errors="replace")
            assert "Traceback" not in log, f"{name} process logged a traceback:\n{log[-6000:]}"
    finally:
        if table.bot is not None:
            table.bot.stop(signal.SIGKILL)

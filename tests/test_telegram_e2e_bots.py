"""End to end: the real `python -m bot` process (its pictures' worker processes thinking for the bots) against the
fake Bot API: one person seats two bots in «Валдора» by a command and by the lobby's button, and plays a few turns;
the bots move right after her, on the board that passes the turn back to her, and nobody mentions or writes to a
bot."""

from __future__ import annotations

import html

from e2e_harness import CREATOR, GROUP, PLAYERS, REPLY_TIMEOUT, BotProcess, Table, game_state, player_to_move

from rules.registry import GAMES

VALDORA = GAMES["valdora"]


def test_a_person_plays_valdora_against_two_bots(server, tmp_path):
    database = tmp_path / "bot.db"
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, database, "bots", {"RENDER_WORKERS": "1"})
    try:
        commands = server.calls_of("setMyCommands")[0].params["commands"]
        assert "addbot" in {c["command"] for c in commands}

        lobby = table.command(CREATOR, "/new valdora")
        keys = {text: data for text, data in lobby.buttons}
        added = table.command(CREATOR, "/addbot сильный")
        assert added.method == "editMessageText" and "Бот Филин (сильный)" in html.unescape(added.text), added
        since = table.press(CREATOR, lobby.message_id, keys["🤖 Добавить бота"])
        pressed = server.wait_for(lambda c: c.method == "editMessageText" and "Барсук" in c.text, REPLY_TIMEOUT,
                                  since)
        assert "Бот Барсук (средний)" in html.unescape(pressed.text), pressed

        start = table.command(CREATOR, "/begin", photo=True)
        assert player_to_move(start) == CREATOR  # whoever the lot chose, the bots before her have moved
        for _ in range(3):  # three of her turns, each answered by both bots
            while True:
                state, seats, _ = game_state(database, VALDORA)
                assert seats[VALDORA.current_seat(state)] == CREATOR
                typed = VALDORA.command(state, VALDORA.autopilot(state))
                board = table.command(CREATOR, typed, photo=True)
                later, _, _ = game_state(database, VALDORA)
                if seats[VALDORA.current_seat(later)] == CREATOR and "tg://user" not in board.text:
                    continue  # her turn goes on
                break
            text = html.unescape(board.text)
            assert "🤖 Бот Филин" in text and "🤖 Бот Барсук" in text, board
            assert player_to_move(board) == CREATOR and f"tg://user?id={CREATOR}" in board.text

        log = table.command(CREATOR, "/log", photo=False)
        assert "🤖 Бот Филин" in html.unescape(log.text)
        # a bot is never mentioned, reminded or written to in private
        assert not [c for c in server.calls if "tg://user?id=-" in (c.text or "")]
        assert {c.chat_id for c in server.calls if c.is_message} == {GROUP}
        assert PLAYERS[CREATOR] in html.unescape(start.text)
    finally:
        table.bot.stop()

"""Time away through the real bot and the fake Bot API: a player who has started the bot in private goes away
(/away 3д) in the group; the group and the private chat are told, the board shows the absence, and it survives a
restart of the bot; /back ends it, and the board no longer shows it."""

from __future__ import annotations

import html
import signal

from e2e_harness import CREATOR, JOINERS, PLAYERS, REPLY_TIMEOUT, BotProcess, Table

VERA = JOINERS[1]


def test_a_player_goes_away_and_comes_back_across_a_restart(server, tmp_path):
    database = tmp_path / "bot.db"
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, database, "first")
    try:
        server.push_message(VERA, VERA, PLAYERS[VERA], "/start", chat_type="private")  # private notes reach her
        table.command(CREATOR, "/new valdora")
        for user_id in JOINERS[:2]:
            table.command(user_id, "/join")
        table.command(CREATOR, "/begin", photo=True)

        since = table.say(VERA, "/away 3д")
        said = table.reply(since)
        assert f"{PLAYERS[VERA]} в отъезде до" in html.unescape(said.text), said
        note = server.wait_for(lambda c: c.chat_id == VERA and c.method == "sendMessage"
                               and "Вы в отъезде до" in c.text, REPLY_TIMEOUT, since)
        assert note.error is None
        assert "✈️" in table.board(CREATOR).text

        assert table.bot.stop(signal.SIGTERM) == 0
        table.bot = BotProcess(server, tmp_path, database, "second")
        board = table.board(CREATOR)
        assert f"✈️ {PLAYERS[VERA]} в отъезде до" in html.unescape(board.text), board  # stored: kept

        back = table.command(VERA, "/back")
        assert "снова в игре" in html.unescape(back.text), back
        assert "в отъезде" not in html.unescape(table.board(CREATOR).text)
    finally:
        assert table.bot.stop(signal.SIGTERM) == 0

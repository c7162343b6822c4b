"""The log at LOG_LEVEL=DEBUG holds neither the bot's token, nor the webhook's secret, nor what was written in
private, nor a hidden card: the real `python -m bot` plays against the fake Bot API (a hidden hand dealt, a
player's private chat, the hidden choice asked in inline mode), and then its whole log is read. The filter itself
(`bot.telegram.log_privacy`) is tried on records of every kind."""

from __future__ import annotations

import io
import json
import logging
import re
import signal
import sqlite3
import urllib.request

import pytest
from e2e_harness import CREATOR, PLAYERS, REPLY_TIMEOUT, BotProcess, Table, free_port, game_state, listening

from bot.telegram import log_privacy
from bot.telegram.log_privacy import HIDDEN, LogPrivacy, secret_parts
from rules.registry import GAMES

SY = GAMES["sylvan"]
BORIS = 102
TOKEN = "7012345678:AAHygiene-Token_secretPart0123456789"
SECRET_PART = TOKEN.split(":")[1]
WEBHOOK_SECRET = "Whs3cret-never_in-the-LOG"
WHISPER = "Шепчу по секрету: мост у реки 4711"


def scan(log: str, *secrets: str) -> None:
    for secret in secrets:
        assert secret not in log, f"{secret!r} is in the log: …{log[max(0, log.find(secret) - 300):][:600]}…"


def test_a_debug_log_of_a_game_with_a_hidden_hand_keeps_every_secret(server, tmp_path):
    database = tmp_path / "bot.db"
    table = Table(server)
    table.bot = BotProcess(server, tmp_path, database, "debug", {"TELEGRAM_BOT_TOKEN": TOKEN, "LOG_LEVEL": "DEBUG"})
    try:
        lobby = table.command(CREATOR, "/new зодчие")
        link = re.search(r"\?start=(t[\w-]+)", lobby.text)
        table.command(BORIS, "/join")
        since = server.mark()  # Борис opens the private chat from the lobby's link, and writes there
        server.push_message(BORIS, BORIS, PLAYERS[BORIS], f"/start {link[1]}", chat_type="private")
        server.push_message(BORIS, BORIS, PLAYERS[BORIS], WHISPER, chat_type="private")
        server.wait_for(lambda c: c.is_message and c.chat_id == BORIS and "/new" in c.text, REPLY_TIMEOUT, since)
        since = table.say(CREATOR, "/begin")
        board = table.reply(since, photo=True)
        table.settle(since)
        state, seats, _ = game_state(database, SY)
        hands = {seat: SY.secret(state, seat) for seat in seats}
        told = [c for c in server.calls[since:] if c.is_message and c.chat_id == BORIS]
        assert any(hands[next(s for s, u in seats.items() if u == BORIS)] in c.text for c in told), told
        # the player to move asks for their hidden choices (the cards of their hand) in inline mode
        query = next(b["switch_inline_query_current_chat"] for row in board.keyboard for b in row
                     if "switch_inline_query_current_chat" in b)
        mover = seats[SY.current_seat(state)]
        since = server.mark()
        server.push_update({"inline_query": {"id": "q1", "query": query, "offset": "",
                                             "from": {"id": mover, "is_bot": False, "first_name": PLAYERS[mover]}}})
        choices = server.wait_for(lambda c: c.method == "answerInlineQuery", REPLY_TIMEOUT, since)
        assert choices.params["results"], choices
    finally:
        assert table.bot.stop(signal.SIGTERM) == 0
    log = table.bot.log_path.read_text(encoding="utf-8", errors="replace")
    assert " DEBUG " in log and "Команда /new" in log  # the bot's own DEBUG lines are there
    assert f"/bot7012345678:{HIDDEN}/getUpdates" in log  # httpx's request lines stay, without the token
    cards = {card for hand in hands.values() for card in re.findall(r"[а-яё]+-[а-яё+-]+", hand.split(".")[0])}
    assert len(cards) >= 4, hands
    with sqlite3.connect(database) as db:  # the state (the decks in order) and the seed they were dealt from
        (state_json, seed), = db.execute("SELECT state, seed FROM games").fetchall()
    rng = json.dumps(json.loads(state_json)["rng"], separators=(",", ":"))[:40]
    scan(log, SECRET_PART, *hands.values(), *cards, WHISPER, "секрету", str(seed), rng)


def test_a_debug_log_in_webhook_mode_keeps_the_secret_and_private_texts(server, tmp_path):
    port = free_port()
    settings = {"TELEGRAM_BOT_TOKEN": TOKEN, "LOG_LEVEL": "DEBUG", "TELEGRAM_WEBHOOK_PORT": str(port),
                "TELEGRAM_WEBHOOK_URL": f"https://bot.example.org/{TOKEN}", "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
                "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET}
    bot = BotProcess(server, tmp_path, tmp_path / "bot.db", "webhook", settings)
    try:
        registered = server.wait_for(lambda c: c.method == "setWebhook", REPLY_TIMEOUT)
        assert registered.params["secret_token"] == WEBHOOK_SECRET
        listening(port, bot)
        since = server.mark()
        update = {"update_id": 900, "message": {
            "message_id": 900, "date": 0, "text": WHISPER, "chat": {"id": BORIS, "type": "private", "first_name": "Б"},
            "from": {"id": BORIS, "is_bot": False, "first_name": "Борис"}}}
        request = urllib.request.Request(f"http://127.0.0.1:{port}/{TOKEN}", data=json.dumps(update).encode(),
                                         headers={"Content-Type": "application/json",
                                                  "X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET})
        with urllib.request.urlopen(request, timeout=REPLY_TIMEOUT) as answer:
            assert answer.status == 200
        hint = server.wait_for(lambda c: c.is_message and c.chat_id == BORIS, REPLY_TIMEOUT, since)
        assert "/new" in hint.text
    finally:
        assert bot.stop(signal.SIGTERM) == 0
    log = bot.log_path.read_text(encoding="utf-8", errors="replace")
    assert " DEBUG " in log and "Режим webhook" in log
    scan(log, SECRET_PART, WEBHOOK_SECRET, WHISPER, "секрету")


@pytest.fixture
def captured():
    """A handler on the root logger like the bot's, with the filter on it; what it wrote, and the filter."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        privacy = log_privacy.install(TOKEN, WEBHOOK_SECRET)
        assert handler.filters == [privacy]
        yield stream, privacy
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        for other in root.handlers:  # pytest's own handlers got it too: the next tests log as they were
            for found in [f for f in other.filters if isinstance(f, LogPrivacy)]:
                other.removeFilter(found)


def test_the_filter_hides_the_token_and_secrets_in_messages_arguments_and_tracebacks(captured):
    stream, privacy = captured
    logging.getLogger("httpx").info('HTTP Request: POST %s "HTTP/1.1 200 OK"',
                                    f"https://api.telegram.org/bot{TOKEN}/sendMessage")
    logging.getLogger("bot.x").warning("token %s, encoded %s", TOKEN, TOKEN.replace(":", "%3A"))
    logging.getLogger("bot.x").info("{'url': 'https://x', 'secret_token': 'GeneratedLater_123'}")
    logging.getLogger("tornado.access").info("200 POST /bot%s (127.0.0.1) 1.00ms", TOKEN)
    try:
        raise RuntimeError(f"request to /bot{TOKEN}/getMe failed, secret {WEBHOOK_SECRET}")
    except RuntimeError:
        logging.getLogger("telegram.ext.Updater").exception("polling failed")
    log_privacy.hide("made-at-start_0001")  # a secret generated after the filter was installed
    logging.getLogger("bot.webhook").info("generated made-at-start_0001")
    text = stream.getvalue()
    assert SECRET_PART not in text and WEBHOOK_SECRET not in text and "GeneratedLater_123" not in text
    assert "made-at-start_0001" not in text
    assert f"bot7012345678:{HIDDEN}/sendMessage" in text and "encoded 7012345678%3A***" in text
    assert "'secret_token': '***'" in text and "RuntimeError: request to /bot7012345678:***/getMe" in text
    assert text.count("\n") >= 8  # nothing else was lost: six records, one a traceback


def test_payload_dumps_of_the_libraries_are_dropped_and_the_bots_own_debug_stays(captured):
    stream, _ = captured
    for name in ("telegram.Bot", "telegram.ext.Application", "httpx", "httpcore.http11", "hpack.hpack"):
        logging.getLogger(name).debug("Calling Bot API endpoint `sendMessage` with parameters {'text': %r}", WHISPER)
    logging.getLogger("telegram.ext.Application").info("Application started")
    logging.getLogger("bot.telegram.app").debug("Команда /board '' от 1 в чате -100")
    text = stream.getvalue()
    assert WHISPER not in text and "Calling Bot API" not in text
    assert "Application started" in text and "Команда /board" in text


def test_secret_parts_and_short_values():
    assert secret_parts(TOKEN) == [SECRET_PART]
    assert secret_parts("1:a/b") == ["a%2Fb", "a/b"]
    privacy = LogPrivacy(["ab", "", "long-enough"])  # too short to hide without blanking ordinary words
    assert privacy.values == ["long-enough"]
    assert privacy.clean("ab long-enough") == f"ab {HIDDEN}"

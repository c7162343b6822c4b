"""Webhook mode: the real `python -m bot` registers its webhook with the (fake) Bot API and takes updates
that are POSTed to its own HTTP server on 127.0.0.1, only with the secret token Telegram sends, answering
each once it has been handled."""

from __future__ import annotations

import json
import signal

from e2e_harness import GROUP, REPLY_TIMEOUT, BotProcess, free_port, listening, post_body

SECRET = "s3cret-Token_1"


def post(port: int, update: dict, secret: str | None) -> int:
    return post_body(port, json.dumps(update).encode(), secret)


def message(update_id: int, text: str) -> dict:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": 0, "text": text,
        "chat": {"id": GROUP, "type": "supergroup", "title": "Тестовая группа"},
        "from": {"id": 101, "is_bot": False, "first_name": "Анна"},
        "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]}}


def test_webhook_mode_takes_posted_updates_with_the_secret_only(server, tmp_path):
    port = free_port()
    settings = {"TELEGRAM_WEBHOOK_URL": "https://bot.example.org/hook", "TELEGRAM_WEBHOOK_PORT": str(port),
                "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1", "TELEGRAM_WEBHOOK_SECRET": SECRET}
    bot = BotProcess(server, tmp_path, tmp_path / "bot.db", "webhook", settings)
    try:
        registered = server.wait_for(lambda c: c.method == "setWebhook", REPLY_TIMEOUT)
        assert registered.params["url"] == "https://bot.example.org/hook"
        assert registered.params["secret_token"] == SECRET
        listening(port, bot)
        since = server.mark()
        assert post(port, message(501, "/new kingdom"), "wrong") == 403
        assert post(port, message(502, "/new kingdom"), None) == 403
        assert post(port, message(503, "/new kingdom"), SECRET) == 200
        # answered only once handled (its reply sent): Telegram sends the chat's next update after that
        lobby, = [c for c in server.calls[since:] if c.method == "sendMessage" and c.chat_id == GROUP]
        assert "Kingdom Builder" in lobby.text
        assert post_body(port, b"not json", SECRET) == 400 and post_body(port, b"[1, 2]", SECRET) == 400
        assert post(port, message(503, "/new kingdom"), SECRET) == 200  # Telegram retries: nothing happens twice
        assert post(port, message(504, "/board"), SECRET) == 200
        board = server.wait_for(lambda c: c.method == "sendMessage" and c is not lobby and "собирает игру" in c.text,
                                REPLY_TIMEOUT, since)  # /board while gathering: the lobby with its header
        sent = [c for c in server.calls[since:] if c.method == "sendMessage" and c.chat_id == GROUP]
        assert sent == [lobby, board], sent  # the wrong secrets and the repeated update got nothing
        assert not server.calls_of("getUpdates", since)  # no polling in webhook mode
    finally:
        assert bot.stop(signal.SIGTERM) == 0
    log = (tmp_path / "webhook.log").read_text(encoding="utf-8", errors="replace")
    # (the refused requests leave PTB's own DEBUG lines with a traceback: that is its way to log a 403)
    assert " ERROR " not in log and " CRITICAL " not in log, log[-4000:]

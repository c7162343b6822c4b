"""The webhook of the real `python -m bot`, attacked as a stranger on the internet would, on loopback: with no
TELEGRAM_WEBHOOK_SECRET set it makes one up and hands it to setWebhook; forged, huge, malformed, slow and idle
requests are refused (4xx, or the connection dropped) without a traceback and without the body being read, a
genuine update is answered meanwhile, and the refusals reach the log in summary only."""

from __future__ import annotations

import json
import re
import signal
import socket
import threading
import time
from pathlib import Path

from e2e_harness import GROUP, REPLY_TIMEOUT, BotProcess, free_port, listening, post_body
from test_telegram_webhook import message

from bot.telegram.webhook import HEADER_TIMEOUT

HUGE = 60 << 20
SLOW, IDLE = 300, 50


def rss_kib(pid: int) -> int:
    return int(re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text()).group(1))


def huge_post(port: int, secret: str | None, chunked: bool = False) -> tuple[int, int]:
    """Headers announcing a 60 MB body, the answer read before a byte of it is sent; then as much of the body
    as the server takes before it closes the connection. (status, bytes of the body it took)"""
    headers = [b"POST /hook HTTP/1.1", b"Host: 127.0.0.1", b"Content-Type: application/json",
               b"Transfer-Encoding: chunked" if chunked else b"Content-Length: %d" % HUGE]
    if secret is not None:
        headers.append(b"X-Telegram-Bot-Api-Secret-Token: " + secret.encode())
    with socket.create_connection(("127.0.0.1", port), timeout=REPLY_TIMEOUT) as client:
        client.sendall(b"\r\n".join(headers) + b"\r\n\r\n")
        status = 0
        if not chunked:  # refused by its headers: answered before the body
            status = int(client.recv(4096).split(b" ", 2)[1])
        sent, piece = 0, b"x" * (1 << 20)
        if chunked:
            piece = b"%x\r\n" % len(piece) + piece + b"\r\n"
        try:
            while sent < HUGE:
                sent += client.send(piece)
        except OSError:
            pass
        if chunked:
            try:
                status = int(client.recv(4096).split(b" ", 2)[1])
            except (OSError, IndexError, ValueError):
                status = -1  # cut off without an answer
    return status, sent


class Crowd:
    """`slow` connections that send their headers a byte a second, `idle` ones that send nothing; each one's
    closing by the server noted."""

    def __init__(self, port: int, slow: int, idle: int):
        self.sockets = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(slow + idle)]
        self.opened = time.monotonic()
        self.slow = set(self.sockets[:slow])
        self.closed: dict[socket.socket, float] = {}
        header = b"POST /hook HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 200
        self.trickle = {s: iter(header) for s in self.slow}
        for sock in self.sockets:
            sock.setblocking(False)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.done.is_set() and len(self.closed) < len(self.sockets):
            for sock in self.sockets:
                if sock in self.closed:
                    continue
                try:
                    if sock in self.slow:
                        sock.send(bytes([next(self.trickle[sock], ord("a"))]))
                    if sock.recv(4096) == b"":
                        self.closed[sock] = time.monotonic()
                except BlockingIOError:
                    pass
                except OSError:
                    self.closed[sock] = time.monotonic()
            self.done.wait(1.0)

    def close(self) -> None:
        self.done.set()
        self.thread.join(5)
        for sock in self.sockets:
            sock.close()


def test_the_webhook_takes_only_telegram_and_survives_forged_huge_malformed_and_slow_requests(server, tmp_path):
    port = free_port()
    settings = {"TELEGRAM_WEBHOOK_URL": "https://bot.example.org/hook", "TELEGRAM_WEBHOOK_PORT": str(port),
                "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1"}  # no TELEGRAM_WEBHOOK_SECRET
    bot = BotProcess(server, tmp_path, tmp_path / "bot.db", "webhook", settings)
    crowd = None
    try:
        registered = server.wait_for(lambda c: c.method == "setWebhook", REPLY_TIMEOUT)
        secret = registered.params["secret_token"]
        assert re.fullmatch(r"[A-Za-z0-9_-]{32,256}", secret), secret  # made up, strong, as Telegram allows
        listening(port, bot)
        since = server.mark()

        # forged: no secret, a wrong one, a right one with a letter changed — nothing applied
        forged = json.dumps(message(601, "/new kingdom")).encode()
        assert post_body(port, forged, None) == 403
        assert post_body(port, forged, "wrong") == 403
        assert post_body(port, forged, secret[:-1] + ("a" if secret[-1] != "a" else "b")) == 403
        assert post_body(port, forged, "") == 403
        # refused by the headers
        assert post_body(port, forged, secret, path="/other") == 404
        assert post_body(port, b"", secret, method="GET") == 405
        assert post_body(port, forged, secret, content_type="text/plain") == 415
        # malformed bodies with the right secret: 400, never 500
        button = ('{"update_id": 620, "callback_query": {"id": "1", "chat_instance": "1", "data": "DATA", '
                  '"from": {"id": 101, "is_bot": false, "first_name": "A"}}}')
        for body in (b"not json", b'{"update_id": 610, "message": {"text": "\xff\xfe"}}',
                     b"[" * 100_000 + b"]" * 100_000, b'{"message": "x"}', b'{"update_id": 611, "message": "x"}',
                     button.replace("DATA", "\\udcff").encode(), button.encode().replace(b"DATA", b"a\xc3("),
                     json.dumps({k: v for k, v in message(612, "/new kingdom").items() if k != "update_id"}).encode(),
                     b'{"update_id": "613"}', b"[1, 2]", b""):
            assert post_body(port, body, secret) == 400, body[:80]
        assert not [c for c in server.calls[since:] if c.method == "sendMessage"]  # nothing was applied

        # 60 MB bodies: refused by the headers, not read, the memory stays where it was
        before = rss_kib(bot.process.pid)
        for _ in range(3):
            status, taken = huge_post(port, None)
            assert status == 403 and taken < HUGE // 2, (status, taken)
        status, taken = huge_post(port, secret)
        assert status == 413 and taken < HUGE // 2, (status, taken)
        status, taken = huge_post(port, secret, chunked=True)  # no length said: read to 8 MiB, then 413 and cut
        assert status in (413, -1) and taken < HUGE // 2, (status, taken)  # -1: the client's system reset it
        grown = rss_kib(bot.process.pid) - before
        assert grown < 20 * 1024, f"the bot grew by {grown // 1024} MB"

        # 300 connections trickling their headers and 50 idle ones: a genuine update is answered meanwhile
        crowd = Crowd(port, SLOW, IDLE)
        time.sleep(1)
        started = time.monotonic()
        assert post_body(port, json.dumps(message(630, "/new kingdom")).encode(), secret) == 200
        assert time.monotonic() - started < REPLY_TIMEOUT / 2
        lobby, = [c for c in server.calls[since:] if c.method == "sendMessage" and c.chat_id == GROUP]
        assert "Kingdom Builder" in lobby.text
        deadline = crowd.opened + HEADER_TIMEOUT + 5
        while len(crowd.closed) < len(crowd.sockets) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert len(crowd.closed) == SLOW + IDLE, f"{SLOW + IDLE - len(crowd.closed)} still open"
        latest = max(crowd.closed.values()) - crowd.opened
        assert latest < HEADER_TIMEOUT + 5, latest
        assert bot.alive()
    finally:
        if crowd is not None:
            crowd.close()
        assert bot.stop(signal.SIGTERM) == 0
    log = (tmp_path / "webhook.log").read_text(encoding="utf-8", errors="replace")
    assert secret not in log  # not even python-telegram-bot's DEBUG line of setWebhook's parameters
    assert "TELEGRAM_WEBHOOK_SECRET не задан: придумал случайный секрет" in log
    assert "Traceback" not in log and " ERROR " not in log, log[-4000:]
    assert "tornado.access" not in log and "Malformed HTTP" not in log  # no line per request
    refused = [line for line in log.splitlines() if "Webhook за" in line and "отклонил" in line]
    # the first at once, the rest (all within a minute) when it stopped
    assert refused[0].endswith("отклонил 1 запрос: 403 ×1"), refused
    assert len(refused) == 2, refused
    assert "отклонил 22 запроса: 400 ×11, 403 ×6, 413 ×2, " in refused[1], refused  # 403: four forged, three huge
    assert all(f"{status} ×1" in refused[1] for status in (404, 405, 415)), refused  # 413: both huge ones

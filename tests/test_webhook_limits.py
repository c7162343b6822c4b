"""A body over MAX_BODY, said by Content-Length or growing in chunks, is answered 413 — the status line reaches a
real HTTP client that sends its whole body before it reads — and the server goes on serving. The real server
(make_server) on 127.0.0.1 in the test's loop, the clients (urllib, http.client, a raw socket) in a thread."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import socket
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from telegram import Bot

from bot.config import Settings
from bot.telegram.refusals import Refusals
from bot.telegram.webhook import DRAIN_BODY, MAX_BODY, Webhook, make_server

SECRET = "s3cret"
HEADERS = {"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET}


class Application:
    """What the webhook needs of python-telegram-bot's: a bot to parse updates with, and a place to put them."""

    def __init__(self):
        self.bot = Bot("123:TEST")
        self.handled: list[int] = []

    async def process_update(self, update) -> None:
        self.handled.append(update.update_id)


@pytest.fixture
async def hook(tmp_path):
    settings = Settings.load({"TELEGRAM_WEBHOOK_URL": "https://bot.example.org/hook"}, env_file=Path(tmp_path / "no"))
    webhook = Webhook(Application(), SECRET, Refusals(logging.getLogger("test.refusals")))
    server = make_server(webhook, settings)
    server.listen(0, "127.0.0.1")
    yield webhook, server.listening[0].getsockname()[1]
    server.stop()
    await server.close_all_connections()


def update(update_id: int) -> bytes:
    return json.dumps({"update_id": update_id}).encode()


def urllib_post(port: int, body: bytes) -> int:
    """urllib sends the whole body (Content-Length said) before it reads the answer."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/hook", data=body, method="POST", headers=HEADERS)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def chunked_posts(port: int, size: int) -> tuple[int, int | None]:
    """On one connection: a chunked body of `size` bytes (no Content-Length), then a real update if the
    connection is still open. (the first status, the second or None when the server closed the connection)"""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    pieces = (b"x" * (64 << 10) for _ in range(-(-size // (64 << 10))))
    try:
        connection.request("POST", "/hook", body=pieces, encode_chunked=True, headers=HEADERS)
        answer = connection.getresponse()
        answer.read()
        first = answer.status
        if answer.will_close:
            return first, None
        connection.request("POST", "/hook", body=update(2), headers=HEADERS)
        return first, connection.getresponse().status
    finally:
        connection.close()


def raw_status(port: int, length: int, expect: bool) -> int:
    """Headers announcing `length` bytes, the status read before a byte of the body is sent."""
    lines = [b"POST /hook HTTP/1.1", b"Host: 127.0.0.1", b"Content-Type: application/json",
             b"X-Telegram-Bot-Api-Secret-Token: " + SECRET.encode(), b"Content-Length: %d" % length]
    if expect:
        lines.append(b"Expect: 100-continue")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(b"\r\n".join(lines) + b"\r\n\r\n")
        return int(client.recv(4096).split(b" ", 2)[1])


@pytest.mark.parametrize("size", [MAX_BODY + 1, 3 * MAX_BODY, DRAIN_BODY])
async def test_a_content_length_over_the_limit_gets_413_and_the_server_goes_on(hook, size):
    webhook, port = hook
    assert await asyncio.to_thread(urllib_post, port, b"x" * size) == 413
    assert await asyncio.to_thread(urllib_post, port, b"x" * MAX_BODY) == 400  # at the limit: read, not an update
    assert await asyncio.to_thread(urllib_post, port, update(1)) == 200
    assert webhook.application.handled == [1]


@pytest.mark.parametrize("expect", [False, True])
async def test_a_huge_content_length_is_refused_by_its_headers(hook, expect):
    webhook, port = hook
    length = 60 << 20 if not expect else MAX_BODY + 1  # too long to read, or the client waits before sending
    assert await asyncio.to_thread(raw_status, port, length, expect) == 413
    assert await asyncio.to_thread(urllib_post, port, update(1)) == 200


@pytest.mark.parametrize("size", [MAX_BODY + 1, 3 * MAX_BODY, DRAIN_BODY - (64 << 10)])
async def test_a_chunked_body_growing_past_the_limit_gets_413_on_a_connection_kept_open(hook, size):
    webhook, port = hook
    assert await asyncio.to_thread(chunked_posts, port, size) == (413, 200)  # the next update on the same one
    assert webhook.application.handled == [2]


async def test_a_chunked_body_past_what_is_read_gets_413_and_the_connection_closes(hook):
    webhook, port = hook
    try:  # the 413 is sent and the connection closed; a client still sending may see the reset first (a loaded
        # machine: its last chunks meet the closed socket before it reads), never a status other than 413
        answered = await asyncio.to_thread(chunked_posts, port, DRAIN_BODY + (1 << 20))
    except (ConnectionResetError, BrokenPipeError):
        answered = (413, None)
    assert answered == (413, None)
    assert await asyncio.to_thread(urllib_post, port, update(3)) == 200
    assert webhook.application.handled == [3]

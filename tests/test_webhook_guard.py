"""The webhook's defences one by one, in the test's own process: what is an update, the secret's settings, the
summary of refusals, the cap on connections, and accepting when the process is out of file descriptors."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import tornado.web
from telegram import Bot
from telegram.ext import ApplicationBuilder

from bot.config import Settings
from bot.telegram.connections import GuardedServer, connection_cap
from bot.telegram.refusals import Refusals, TornadoNoise
from bot.telegram.webhook import parse_update

ROOT = Path(__file__).resolve().parent.parent
HOOK = "https://bot.example.org/hook"


def callback(data: str) -> str:
    return ('{"update_id": 9, "callback_query": {"id": "1", "chat_instance": "1", "data": "' + data + '", '
            '"from": {"id": 101, "is_bot": false, "first_name": "A"}}}')


NOT_UPDATES = {
    "not JSON": b"not json",
    "not UTF-8": b'{"update_id": 1, "message": "\xff\xfe"}',
    "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "nested in an update": b'{"update_id": 1, "x": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "a message that is a string": b'{"message": "x"}',
    "with update_id, a message that is a string": b'{"update_id": 5, "message": "x"}',
    "button data, a lone surrogate": callback("\\udcff").encode(),
    "button data, bytes not UTF-8": callback("ab").encode().replace(b"ab", b"a\xc3("),
    "without update_id": b'{"message": {"message_id": 1, "date": 0, "chat": {"id": 1, "type": "private"}}}',
    "update_id a string": b'{"update_id": "7"}',
    "update_id true": b'{"update_id": true}',
    "a list": b"[1, 2]",
    "empty": b"",
}


@pytest.fixture
def application():
    return ApplicationBuilder().bot(Bot("123:TEST")).build()


@pytest.mark.parametrize("kind", NOT_UPDATES)
def test_what_is_not_an_update_is_none_whatever_it_breaks(kind, application, caplog):
    with caplog.at_level(logging.DEBUG):
        assert parse_update(NOT_UPDATES[kind], application) is None
    assert "Traceback" not in caplog.text


def test_a_real_update_and_a_real_button_are_updates(application):
    update = parse_update(callback("v:1:move").encode(), application)
    assert update is not None and update.update_id == 9 and update.callback_query.data == "v:1:move"
    text = json.dumps({"update_id": 10, "message": {"message_id": 1, "date": 0, "text": "/new кб",
                                                      "chat": {"id": -100, "type": "supergroup", "title": "Г"}}},
                      ensure_ascii=False)
    assert parse_update(text.encode(), application).message.text == "/new кб"


def test_the_secret_setting_is_what_telegram_accepts_and_is_shared_by_several_processes(tmp_path):
    def load(**env):
        return Settings.load(env, env_file=tmp_path / "none")

    assert load(TELEGRAM_WEBHOOK_URL=HOOK, TELEGRAM_WEBHOOK_SECRET=" ab-C_9 ").webhook_secret == "ab-C_9"
    assert load(TELEGRAM_WEBHOOK_URL=HOOK).webhook_secret == ""  # one process makes up its own
    assert load(BOT_PROCESSES="3").bot_processes == 3  # long polling: no webhook, no secret needed
    for wrong in ("with space", "кириллица", "a" * 257, "semi;colon"):
        with pytest.raises(ValueError, match="TELEGRAM_WEBHOOK_SECRET: Telegram принимает"):
            load(TELEGRAM_WEBHOOK_URL=HOOK, TELEGRAM_WEBHOOK_SECRET=wrong)
    with pytest.raises(ValueError, match="TELEGRAM_WEBHOOK_SECRET не задан, а процессов бота за прокси 2"):
        load(TELEGRAM_WEBHOOK_URL=HOOK, BOT_PROCESSES="2")
    assert load(TELEGRAM_WEBHOOK_URL=HOOK, BOT_PROCESSES="2", TELEGRAM_WEBHOOK_SECRET="x" * 256).bot_processes == 2


def test_several_processes_without_a_secret_refuse_to_start(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "BOT_PROCESSES"))}
    env.update(PYTHONPATH=str(ROOT), TELEGRAM_BOT_TOKEN="123:TEST", TELEGRAM_WEBHOOK_URL=HOOK, BOT_PROCESSES="2",
               DATABASE_PATH=str(tmp_path / "bot.db"))
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "TELEGRAM_WEBHOOK_SECRET не задан" in done.stderr and "BOT_PROCESSES" in done.stderr
    assert not (tmp_path / "bot.db").exists()  # refused before anything was opened


async def test_refusals_are_logged_once_a_minute_per_kind_in_summary(caplog):
    logger = logging.getLogger("test.refusals")
    refusals = Refusals(logger, every=0.4)
    with caplog.at_level(logging.INFO, logger="test.refusals"):
        refusals.add("requests", "403")  # the first after a quiet spell: at once
        for n in range(1233):
            refusals.add("requests", "403" if n < 1199 else "413")
        refusals.add("connections", "тело не пришло вовремя")
        lines = [r.getMessage() for r in caplog.records]
        assert lines == ["Webhook за 1 с отклонил 1 запрос: 403 ×1",
                         "Webhook за 1 с закрыл 1 соединение: тело не пришло вовремя ×1"]
        await asyncio.sleep(0.6)  # the window ends: the rest in one line
        assert [r.getMessage() for r in caplog.records][2:] == ["Webhook за 1 с отклонил 1 233 запроса: 403 ×1 199, "
                                                                "413 ×34"]
        assert all(r.levelno == logging.WARNING for r in caplog.records)
        await asyncio.sleep(0.5)
        refusals.add("requests", "404")  # a minute (here 0.4 s) since the last line: at once again
        refusals.add("requests", "404")
        assert len(caplog.records) == 4
        refusals.close()  # the server stops: what is left, now
        assert caplog.records[-1].getMessage() == "Webhook за 1 с отклонил 1 запрос: 404 ×1"
        refusals.close()
        assert len(caplog.records) == 5


async def test_whole_minute_and_plural_forms(caplog):
    clock = [0.0]
    refusals = Refusals(logging.getLogger("test.minute"), clock=lambda: clock[0])
    with caplog.at_level(logging.INFO, logger="test.minute"):
        refusals.add("accept", "EMFILE")
        for _ in range(21):
            refusals.add("accept", "EMFILE")
        clock[0] = 60.0
        refusals.flush("accept")
    assert [r.getMessage() for r in caplog.records] == [
        "Webhook за 1 с не смог принять 1 соединение: EMFILE ×1",
        "Webhook за минуту не смог принять 21 соединение: EMFILE ×21"]


async def test_tornados_lines_about_one_client_become_counts(caplog):
    refusals = Refusals(logging.getLogger("test.noise"), every=100)
    noise = TornadoNoise(refusals)
    tornado_log = logging.getLogger("tornado.general")
    tornado_log.addFilter(noise)
    try:
        with caplog.at_level(logging.DEBUG):
            for _ in range(50):
                tornado_log.info("Malformed HTTP message from %s: %s", "1.2.3.4", "Malformed HTTP request line")
                tornado_log.info("Timeout reading body from %s", "1.2.3.4")
                tornado_log.info("Malformed HTTP message from %s: %s", "1.2.3.4", "Content-Length too long")
            tornado_log.error("Uncaught exception")  # a bug: it passes
            refusals.close()
    finally:
        tornado_log.removeFilter(noise)
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["Webhook за 1 с закрыл 1 соединение: не HTTP ×1", "Uncaught exception",
                     "Webhook за 1 с закрыл 99 соединений: тело не пришло вовремя ×50, не HTTP ×49"]


class Hello(tornado.web.RequestHandler):
    def get(self) -> None:
        self.write("hello")


async def request(port: int) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    answer = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    return answer


async def test_connections_beyond_the_cap_drop_the_oldest_idle_one():
    assert [connection_cap(files) for files in (20, 40, 1024, 10 ** 6)] == [16, 20, 512, 4096]
    refusals = Refusals(logging.getLogger("test.cap"), every=100)
    server = GuardedServer(tornado.web.Application([("/", Hello)]), cap=20, refusals=refusals)
    server.listen(0, "127.0.0.1")
    port = server.listening[0].getsockname()[1]
    idle = []
    try:
        for _ in range(60):  # slow clients: connected, headers never finished
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\n")
            idle.append((reader, writer))
            await asyncio.sleep(0)
        await asyncio.sleep(0.2)
        assert len(server.open) <= 20
        assert (await request(port)).endswith(b"hello")  # a genuine request is still answered
        closed = 0
        for reader, _ in idle:
            try:
                closed += await asyncio.wait_for(reader.read(), 0.05) == b""
            except TimeoutError:
                pass
        assert closed >= 40  # the oldest went to make room
        assert refusals.counts["connections"]["сверх предела 20, самое старое"] >= 40
    finally:
        for _, writer in idle:
            writer.close()
        server.stop()
        await server.close_all_connections()


EMFILE_SERVER = """
import asyncio, logging, resource, sys, tornado.web
from bot.telegram.connections import GuardedServer
from bot.telegram.refusals import Refusals

class Hello(tornado.web.RequestHandler):
    def get(self):
        self.write("hello")

async def main():
    logging.basicConfig(level=logging.DEBUG, stream=sys.stderr)
    server = GuardedServer(tornado.web.Application([("/", Hello)]), cap=1000,
                           refusals=Refusals(logging.getLogger("webhook")))
    server.listen(0, "127.0.0.1")
    resource.setrlimit(resource.RLIMIT_NOFILE, (48, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    print(server.listening[0].getsockname()[1], flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def test_out_of_file_descriptors_the_server_pauses_instead_of_spinning(tmp_path):
    log = tmp_path / "server.log"
    with open(log, "wb") as output:
        process = subprocess.Popen([sys.executable, "-c", textwrap.dedent(EMFILE_SERVER)], cwd=ROOT,
                                   env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                                   stderr=output)
    held = []
    try:
        port = int(await asyncio.to_thread(process.stdout.readline))
        for _ in range(80):  # more than the 48 files it may open: the kernel queues the rest
            held.append(await asyncio.open_connection("127.0.0.1", port))
        before, started = cpu_seconds(process.pid), time.monotonic()
        await asyncio.sleep(2)
        used = cpu_seconds(process.pid) - before
        assert used < 0.5 * (time.monotonic() - started), f"{used:.2f} CPU-seconds in 2 s: the accept loop spins"
        for _, writer in held:
            writer.close()
        held.clear()
        await asyncio.sleep(1)
        assert (await request(port)).endswith(b"hello")  # accepting again once descriptors are free
        assert process.poll() is None
    finally:
        for _, writer in held:
            writer.close()
        process.kill()
        process.wait()
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    assert 1 <= text.count("не смог принять") <= 3, text[-3000:]  # summary: the first at once, then a minute later

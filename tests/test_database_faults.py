"""A broken database gets a clear Russian reason and loses nothing: the bot refuses to start on a file it
cannot trust or use (and never hangs), and a write that fails in play (locked, disk full) is answered in
the chat with the game left as it was."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.replies.reply import Chat, User
from bot.storage.base import StorageError
from bot.storage.sqlite import MIGRATIONS, Store, usable_path
from bot.table.service import Service

ROOT = Path(__file__).resolve().parent.parent
GROUP = Chat(id=-700, title="Стол")
ANYA, BORIS = User(1, "Аня"), User(2, "Борис")


def bot_exits_with(database: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DATABASE_"))}
    env.update(TELEGRAM_BOT_TOKEN="123:TEST", TELEGRAM_API_URL="http://127.0.0.1:9", DATABASE_PATH=str(database),
               PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("content, reason", [
    (os.urandom(4096), "не база данных бота"),
    ("это просто текст, а не база\n" * 50, "не база данных бота"),
])
async def test_a_file_that_is_not_our_database_is_refused(tmp_path, content, reason):
    path = tmp_path / "bot.db"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(StorageError, match=reason):
        await Store.open(str(path))
    assert path.read_bytes() == (content if isinstance(content, bytes) else content.encode())  # left untouched


async def test_a_database_of_a_newer_bot_is_refused(tmp_path):
    path = tmp_path / "bot.db"
    await (await Store.open(str(path))).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version={len(MIGRATIONS) + 3}")
    with pytest.raises(StorageError, match="более новой версии бота"):
        await Store.open(str(path))


async def test_damaged_pages_are_found_at_start(tmp_path):
    path = tmp_path / "bot.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (x TEXT)")
        db.executemany("INSERT INTO t VALUES (?)", [("ж" * 500,)] * 200)
    data = bytearray(path.read_bytes())
    data[4096 * 3:4096 * 3 + 200] = os.urandom(200)  # a page in the middle of the table
    path.write_bytes(bytes(data))
    with pytest.raises(StorageError):
        await Store.open(str(path))


def test_unusable_paths_are_explained(tmp_path, monkeypatch):
    with pytest.raises(StorageError, match="это папка"):
        usable_path(str(tmp_path))
    with pytest.raises(StorageError, match="Папки .* нет"):
        usable_path(str(tmp_path / "нет" / "bot.db"))
    (tmp_path / "ro.db").write_bytes(b"")
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # as for a user without write rights
    with pytest.raises(StorageError, match="только для чтения"):
        usable_path(str(tmp_path / "ro.db"))


@pytest.mark.parametrize("kind", ["folder", "missing", "garbage", "newer"])
def test_the_bot_refuses_to_start_with_a_reason_and_does_not_hang(tmp_path, kind):
    database = {"folder": tmp_path, "missing": tmp_path / "нет" / "bot.db"}.get(kind, tmp_path / "bot.db")
    if kind == "garbage":
        database.write_bytes(os.urandom(8192))
    if kind == "newer":
        with sqlite3.connect(database) as db:
            db.execute("PRAGMA user_version=999")
    result = bot_exits_with(database, tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and re.search(r"(?i)баз|папк", result.stderr), result.stderr


async def test_a_locked_database_is_answered_in_the_chat_and_nothing_changes(tmp_path):
    path = tmp_path / "bot.db"
    service = Service(await Store.open(str(path), busy_timeout_ms=100))
    try:
        await service.command(GROUP, ANYA, "new", "kingdom")
        row = await service.store.open_game(GROUP.id)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
        try:
            reply, = await service.command(GROUP, BORIS, "join", "")
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert "занята" in reply.text and "не записан" in reply.text
        assert (await service.store.open_game(GROUP.id)).seats == row.seats
        joined, = await service.command(GROUP, BORIS, "join", "")  # the lock is gone: it works again
        assert "садится за стол" in joined.text
    finally:
        await service.close()


async def test_a_full_disk_is_answered_in_the_chat_and_nothing_changes(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    try:
        await service.command(GROUP, ANYA, "new", "kingdom")
        await service.command(GROUP, BORIS, "join", "")
        row = await service.store.open_game(GROUP.id)
        (pages,) = await (await service.store._db.execute("PRAGMA page_count")).fetchone()
        await service.store._db.execute(f"PRAGMA max_page_count={pages}")  # as if the disk were full
        reply, *_ = await service.command(GROUP, ANYA, "begin", "")
        assert "кончилось место" in reply.text
        after = await service.store.open_game(GROUP.id)
        assert (after.status, after.version, after.state) == (row.status, row.version, row.state)
    finally:
        await service.close()

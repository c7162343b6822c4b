"""The database holds every hidden hand and the order of every deck: a new SQLite file and the -wal and -shm files
SQLite keeps beside it are readable by the bot's user only (0600), whatever the umask; an existing database that
others may read is tightened at start, with a warning."""

from __future__ import annotations

import logging
import os
import stat

import pytest

from bot.storage.base import Seat
from bot.storage.file_modes import keep_private
from bot.storage.sqlite import Store


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def open_umask():
    """The most careless umask there is: every file anyone creates could be world-readable."""
    old = os.umask(0)
    yield
    os.umask(old)


async def test_a_new_database_and_its_wal_and_shm_are_for_the_bot_alone(tmp_path, open_umask, caplog):
    caplog.set_level(logging.WARNING)
    path = tmp_path / "bot.db"
    probe = tmp_path / "probe"
    probe.write_text("x")
    assert mode(probe) == 0o644 or mode(probe) & 0o044, "the umask here would make files readable by others"
    store = await Store.open(str(path))
    try:
        row = await store.create_lobby(-100, "valdora", Seat(0, 1, "Аня"), seed=5)  # a write: the WAL is in use
        assert (await store.game(row.id)).seats[0].name == "Аня"
        files = {name: mode(tmp_path / name) for name in ("bot.db", "bot.db-wal", "bot.db-shm")}
        assert files == {"bot.db": 0o600, "bot.db-wal": 0o600, "bot.db-shm": 0o600}
    finally:
        await store.close()
    assert mode(path) == 0o600
    assert not [r for r in caplog.records if r.name.startswith("bot.storage")], "a new file is no news"


async def test_a_database_others_may_read_is_tightened_at_start_with_a_warning(tmp_path, open_umask, caplog):
    path = tmp_path / "old.db"
    store = await Store.open(str(path))
    row = await store.create_lobby(-100, "valdora", Seat(0, 1, "Аня"), seed=5)
    await store.close()
    os.chmod(path, 0o644)  # as an older version of the bot made it
    (tmp_path / "old.db-wal").write_bytes(b"")  # a leftover companion, as loose
    os.chmod(tmp_path / "old.db-wal", 0o666)
    caplog.set_level(logging.WARNING)
    store = await Store.open(str(path))
    try:
        assert (await store.game(row.id)).status == "lobby"  # nothing lost
        assert mode(path) == 0o600 and mode(tmp_path / "old.db-shm") == 0o600
        if (tmp_path / "old.db-wal").exists():
            assert mode(tmp_path / "old.db-wal") == 0o600
    finally:
        await store.close()
    warning, = [r for r in caplog.records if r.name == "bot.storage.file_modes"]
    assert warning.levelno == logging.WARNING
    text = warning.getMessage()
    assert str(path) in text and "0644" in text and "0600" in text and "old.db-wal (0666)" in text


def test_keep_private_leaves_memory_and_tight_files_alone(tmp_path, open_umask, caplog):
    caplog.set_level(logging.WARNING)
    assert keep_private(":memory:") == [] and keep_private("") == []
    assert not (tmp_path / ":memory:").exists()
    path = tmp_path / "tight.db"
    path.write_bytes(b"")
    os.chmod(path, 0o600)
    assert keep_private(str(path)) == [] and not caplog.records
    os.chmod(path, 0o640)  # the group may read: tightened too
    assert keep_private(str(path), quiet=True) == [f"{path} (0640)"] and mode(path) == 0o600 and not caplog.records
    fresh = tmp_path / "fresh.db"
    assert keep_private(str(fresh)) == [] and fresh.read_bytes() == b"" and mode(fresh) == 0o600

"""Pictures drawn in worker processes (render/pool.py, RENDER_WORKERS): the same bytes as in the bot's own
process, a killed worker costs no picture, 0 workers start no process, the workers die with the bot."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from e2e_harness import ROOT, BotProcess

from bot.__main__ import main
from bot.config import Settings
from bot.replies.reply import Chat, User
from bot.storage.sqlite import Store
from bot.table.service import Service
from render.pool import Pictures, PoolPictures, _ping, pictures
from render.registry import RENDERERS, ROUND_RENDERERS
from rules.registry import GAMES

PLAYERS = ["Аня", "Борис", "Вера"]


def views() -> dict[str, dict]:
    """A board some moves into a game, for each game."""
    out = {}
    for name, game in GAMES.items():
        state = game.new(PLAYERS, seed=7)
        for _ in range(5):
            game.apply(state, game.legal_actions(state)[0])
        out[name] = game.view(state, None)
    return out


def stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command's name (state, parent, ...); None if there is none."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def alive(pid: int) -> bool:
    fields = stat(pid)
    return fields is not None and fields[0] != "Z"  # a zombie has ended, only its exit status is left


def descendants(pid: int) -> list[int]:
    parents = {int(p.name): fields[1] for p in Path("/proc").iterdir() if p.name.isdigit()
               for fields in [stat(int(p.name))] if fields}
    found, frontier = [], {str(pid)}
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = {str(child) for child in children}
    return found


def gone(pids: list[int], within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(alive(pid) for pid in pids):
            return True
        time.sleep(0.1)
    return False


# --- the setting -----------------------------------------------------------------------------------


def test_render_workers_setting_is_read(tmp_path):
    def load(value: str | None) -> int:
        env = {} if value is None else {"RENDER_WORKERS": value}
        return Settings.load(env, env_file=tmp_path / "none.env").render_workers

    assert load(None) == load("") == (os.cpu_count() or 1)  # one per core unless told
    assert load("0") == 0
    assert load(" 3 ") == 3
    (tmp_path / ".env").write_text("RENDER_WORKERS=2\n", encoding="utf-8")
    assert Settings.load({}, env_file=tmp_path / ".env").render_workers == 2


@pytest.mark.parametrize("value", ["два", "-1", "2.5", "1000", "１"])
def test_a_wrong_render_workers_is_refused_in_russian(value, tmp_path, monkeypatch, capsys):
    with pytest.raises(ValueError, match="RENDER_WORKERS") as caught:
        Settings.load({"RENDER_WORKERS": value}, env_file=tmp_path / "none.env")
    assert "от 0 до 64" in str(caught.value)
    monkeypatch.chdir(tmp_path)  # no .env of the checkout
    monkeypatch.setenv("RENDER_WORKERS", value)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "123:TEST")
    assert main([]) == 2  # before anything is started
    err = capsys.readouterr().err
    assert err.startswith("Настройка в окружении не понята: RENDER_WORKERS=") and "процессов" in err


# --- in the bot's own process ----------------------------------------------------------------------


async def test_zero_workers_draw_in_process_and_start_nothing(monkeypatch):
    drawing = pictures(0)
    assert type(drawing) is Pictures and drawing.workers == 0
    monkeypatch.setitem(RENDERERS, "kingdom", lambda view: b"drawn here")  # only this process sees it
    before = {pid for pid in descendants(os.getpid()) if alive(pid)}
    await drawing.start()
    assert await drawing.draw("kingdom", views()["kingdom"]) == b"drawn here"
    assert multiprocessing.active_children() == []
    assert {pid for pid in descendants(os.getpid()) if alive(pid)} <= before
    await drawing.close()


async def test_the_service_draws_in_process_by_default(tmp_path):
    service = Service(await Store.open(str(tmp_path / "bot.db")))
    assert type(service.pictures) is Pictures
    await service.close()


# --- the pool --------------------------------------------------------------------------------------


async def test_the_pool_draws_the_same_bytes_as_the_bot_process():
    pool = PoolPictures(2)
    await pool.start()
    try:
        assert len(pool.pids()) == 2
        assert all(pid != os.getpid() for pid in pool.pids())
        for name, view in views().items():
            assert await pool.draw(name, view) == RENDERERS[name](view), name
            if name in ROUND_RENDERERS:
                assert pool.has_round(name)
                assert await pool.draw_round(name, view) == ROUND_RENDERERS[name](view), name
            else:
                assert not pool.has_round(name) and await pool.draw_round(name, view) is None
    finally:
        await pool.close()


async def test_one_game_is_always_drawn_by_the_same_worker():
    """Its board stays drawn in that worker's cache, instead of being drawn again in each."""
    pool = PoolPictures(2)
    await pool.start()
    try:
        by_game = {key: {await pool._run(key, _ping) for _ in range(4)} for key in (7, 8, 9)}
        assert all(len(pids) == 1 for pids in by_game.values())
        assert by_game[7] == by_game[9] != by_game[8]
        assert {await pool._run(None, _ping) for _ in range(4)} == set(pool.pids())  # no key: in turn
    finally:
        await pool.close()


async def test_a_killed_worker_costs_no_picture_and_the_pool_starts_again(caplog):
    view = views()["valdora"]
    expected = RENDERERS["valdora"](view)
    pool = PoolPictures(1)
    await pool.start()
    try:
        [first] = pool.pids()
        os.kill(first, signal.SIGKILL)
        assert gone([first], 10)
        assert await pool.draw("valdora", view) == expected  # drawn in this process this time
        assert "процесс перезапущен" in caplog.text
        assert await pool.draw("valdora", view) == expected  # by a new worker
        [second] = pool.pids()
        assert second != first
    finally:
        await pool.close()
    assert gone([second], 10)


async def test_close_ends_every_worker():
    pool = PoolPictures(2)
    await pool.start()
    pids = pool.pids()
    await pool.close()
    assert gone(pids, 10)
    assert pool.pids() == []
    view = views()["sylvan"]
    assert await pool.draw("sylvan", view) == RENDERERS["sylvan"](view)  # a late picture: drawn here
    assert pool.pids() == []


async def test_a_service_with_a_pool_shows_the_pool_s_board(tmp_path):
    pool = PoolPictures(1)
    await pool.start()
    service = Service(await Store.open(str(tmp_path / "bot.db")), pictures=pool)
    chat, users = Chat(-5), [User(i, name) for i, name in enumerate(PLAYERS, start=1)]
    await service.command(chat, users[0], "new", "kingdom")
    await service.command(chat, users[1], "join", "")
    [board] = [r for r in await service.command(chat, users[0], "begin", "") if r.image]
    row = await service.store.open_game(chat.id)
    game = GAMES["kingdom"]
    assert board.image == RENDERERS["kingdom"](game.view(game.load(row.state), None))
    pids = pool.pids()
    await service.close()  # the service closes its pictures
    assert gone(pids, 10)


def test_workers_exit_when_the_bot_is_killed_outright(tmp_path):
    """SIGKILL leaves no shutdown to run: each worker sees its parent gone and exits by itself."""
    script = tmp_path / "owner.py"
    script.write_text(textwrap.dedent("""
        import asyncio, sys, time
        from render.pool import PoolPictures

        async def run():
            pool = PoolPictures(2)
            await pool.start()
            print(" ".join(map(str, pool.pids())), flush=True)
            time.sleep(60)

        if __name__ == "__main__":
            asyncio.run(run())
    """), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    owner = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        pids = [int(p) for p in owner.stdout.readline().split()]
        assert len(pids) == 2 and all(alive(p) for p in pids)
    finally:
        owner.kill()
        owner.wait(10)
    assert gone(pids, 10)


def test_the_bot_s_workers_end_with_it_on_sigterm(server, tmp_path):
    bot = BotProcess(server, tmp_path, tmp_path / "bot.db", "pool", {"RENDER_WORKERS": "2"})
    try:
        workers = descendants(bot.process.pid)
        assert len(workers) >= 2  # the forkserver and its two workers (a resource tracker too)
        assert "Процессов рисования картинок: 2" in bot.output(tail=10**7)
    finally:
        assert bot.stop(signal.SIGTERM) == 0
    assert gone(workers, 10)

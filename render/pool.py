"""Where pictures are drawn: in the bot's own process (a thread) or in a pool of worker processes.

Drawing and PNG encoding hold the GIL, so a thread only moves them off the event loop; worker processes
draw on every core. `Pictures` draws in a thread (the console, the tests, RENDER_WORKERS=0); `PoolPictures`
in `workers` processes started with 'forkserver', each warmed once (fonts, sprites, one board of each game)
before the bot takes updates. A worker that dies loses no picture: that one is drawn in the bot's process and
the pool is started again. Workers exit with the bot: `close()` on shutdown, and a worker whose parent is
gone (the bot killed outright) exits by itself at once.

>>> import asyncio
>>> asyncio.run(Pictures().draw_round("valdora", {})) is None
True
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from render.registry import RENDERERS, ROUND_RENDERERS

log = logging.getLogger(__name__)

WARM_PLAYERS = ["Аня", "Борис", "Вера", "Глеб"]
START_SECONDS = 60.0  # the longest `start()` waits for every worker to be warm


def draw(name: str, view: dict) -> bytes:
    """The picture of a game's view (run in a worker: module level, so that it pickles by name)."""
    return RENDERERS[name](view)


def draw_round(name: str, view: dict) -> bytes:
    return ROUND_RENDERERS[name](view)


def warm() -> None:
    """Load fonts and sprites and draw one board of each game, so that the first real picture is not slow."""
    from rules.registry import GAMES  # the rules only to make a view; drawing itself never needs them

    for name in RENDERERS:
        game = GAMES.get(name)
        if game is not None:
            RENDERERS[name](game.view(game.new(WARM_PLAYERS[:game.max_players], seed=1), None))


def _exit_with_parent() -> None:
    """Wait for the bot's process to end (its end of a pipe closes, however it died), then exit. A worker
    whose parent is gone would otherwise live on, waiting for tasks: the forkserver, which could have taken
    it down, stays alive as long as any of its children does."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()
        os._exit(0)


def start_worker() -> None:
    """A worker's initializer: a watch on the bot's process, then the warm-up."""
    threading.Thread(target=_exit_with_parent, daemon=True, name="parent-watch").start()
    warm()


def _ping() -> int:
    """A worker's pid, once its warm-up is done; it lingers a moment, so that the other pings of the same
    round go to the other workers."""
    time.sleep(0.05)
    return os.getpid()


class Pictures:
    """Pictures drawn in the bot's process, in a thread; reads `RENDERERS` at each call (tests replace them)."""

    workers = 0

    async def start(self) -> None:
        """Nothing to start in-process."""

    async def close(self) -> None:
        """Nothing to stop in-process."""

    def has_round(self, name: str) -> bool:
        """Whether the game draws the table of a scored round (`draw_round`)."""
        return name in ROUND_RENDERERS

    async def draw(self, name: str, view: dict) -> bytes:
        return await asyncio.to_thread(RENDERERS[name], view)

    async def draw_round(self, name: str, view: dict) -> bytes | None:
        """The round's table, None for a game that has no such picture."""
        if name not in ROUND_RENDERERS:
            return None
        return await asyncio.to_thread(ROUND_RENDERERS[name], view)


class PoolPictures(Pictures):
    """Pictures drawn in `workers` processes; `start()` before the first picture, `close()` at the end."""

    def __init__(self, workers: int):
        if workers < 1:
            raise ValueError("a pool needs at least one worker")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["render.pool"])  # each worker forks with the renderers imported
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=start_worker)

    async def start(self) -> None:
        """Start every worker now and wait until each has warmed up."""
        if self._pool is None:
            self._pool = self._new_pool()
        loop = asyncio.get_running_loop()
        # workers start on demand: as many tasks at once as there are workers start them all; a ping is
        # answered after the worker's warm-up, so the start is over when every worker has answered one
        started = time.perf_counter()
        warmed: set[int] = set()
        while len(warmed) < self.workers and time.perf_counter() - started < START_SECONDS:
            pings = (loop.run_in_executor(self._pool, _ping) for _ in range(self.workers))
            warmed.update(await asyncio.gather(*pings))
        log.info("Процессов рисования картинок: %d, запущены за %.1f с", len(warmed), time.perf_counter() - started)

    def pids(self) -> list[int]:
        """The worker processes' ids (for the tests)."""
        return [] if self._pool is None else [p.pid for p in (self._pool._processes or {}).values()]

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    async def _run(self, function, name: str, view: dict) -> bytes:
        pool = self._pool
        if pool is None:  # not started, or closed (a late picture while the bot stops): no new processes
            return await asyncio.to_thread(function, name, view)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, function, name, view)
        except BrokenProcessPool:  # a worker died (killed, out of memory): this picture here, a new pool next
            log.warning("Процесс рисования картинок упал; картинка нарисована в основном процессе, пул перезапущен")
            if self._pool is pool:
                self._pool = self._new_pool()
                pool.shutdown(wait=False, cancel_futures=True)
            return await asyncio.to_thread(function, name, view)

    async def draw(self, name: str, view: dict) -> bytes:
        return await self._run(draw, name, view)

    async def draw_round(self, name: str, view: dict) -> bytes | None:
        if name not in ROUND_RENDERERS:
            return None
        return await self._run(draw_round, name, view)


def pictures(workers: int) -> Pictures:
    """In-process for 0 workers, else a pool of that many."""
    return PoolPictures(workers) if workers > 0 else Pictures()

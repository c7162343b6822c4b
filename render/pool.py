"""Where pictures are drawn: in the bot's own process (a thread) or in a pool of worker processes; bot players
think there too (`think`: a level's choice of action can take seconds of processor time).

Drawing and PNG encoding hold the GIL, so a thread only moves them off the event loop; worker processes
draw on every core. `Pictures` draws in a thread (the console, the tests, RENDER_WORKERS=0); `PoolPictures`
in `workers` processes started with 'forkserver', each warmed once (fonts, sprites, one board of each game)
before the bot takes updates. A worker that dies loses no picture: that one is drawn in the bot's process and
that worker is started again. Workers exit with the bot: `close()` on shutdown, and a worker whose parent is
gone (the bot killed outright) exits by itself at once.

>>> import asyncio
>>> asyncio.run(Pictures().draw_round("valdora", {})) is None
True
"""

from __future__ import annotations

import asyncio
import itertools
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


def draw(name: str, view: dict) -> bytes:
    """The picture of a game's view (run in a worker: module level, so that it pickles by name)."""
    return RENDERERS[name](view)


def draw_round(name: str, view: dict) -> bytes:
    return ROUND_RENDERERS[name](view)


def think(name: str, state: dict, level: str, seed: int) -> str:
    """The action a bot player of `level` chooses for the seat to move in game `name`'s dumped `state` (run in a
    worker like `draw`: the choice of a strong level takes seconds, which the bot's event loop must not wait on)."""
    from rules.levels import choose
    from rules.registry import GAMES

    game = GAMES[name]
    return choose(game, game.load(state), level, seed)


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
    """A worker's pid, once its warm-up is done."""
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

    async def draw(self, name: str, view: dict, key: int | None = None) -> bytes:
        """The picture of game `name`'s view; `key` (the game's id) lets a pool send one game to one worker."""
        return await asyncio.to_thread(RENDERERS[name], view)

    async def draw_round(self, name: str, view: dict, key: int | None = None) -> bytes | None:
        """The round's table, None for a game that has no such picture."""
        if name not in ROUND_RENDERERS:
            return None
        return await asyncio.to_thread(ROUND_RENDERERS[name], view)

    async def think(self, name: str, state: dict, level: str, seed: int, key: int | None = None) -> str:
        """A bot player's action (`think`), in a thread: the event loop goes on meanwhile."""
        return await self.run(key, think, name, state, level, seed)

    async def run(self, key: int | None, function, *args):
        """Any module-level `function(*args)` away from the event loop (here: in a thread)."""
        return await asyncio.to_thread(function, *args)


class PoolPictures(Pictures):
    """Pictures drawn in `workers` processes; `start()` before the first picture, `close()` at the end.

    Each worker is a pool of one, and the pictures of one game (`key`: its id) always go to the same worker:
    the board a renderer keeps drawn for that game (render/common.py, BOARD_CACHE) is then in that worker
    only, not redrawn once in each, and one process's memory holds the boards of its share of the games."""

    def __init__(self, workers: int):
        if workers < 1:
            raise ValueError("a pool needs at least one worker")
        self.workers = workers
        self._pools: list[ProcessPoolExecutor] = []
        self._turn = itertools.count()  # pictures without a key take the workers in turn

    @staticmethod
    def _new_pool() -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["render.pool"])  # each worker forks with the renderers imported
        return ProcessPoolExecutor(1, mp_context=context, initializer=start_worker)

    async def start(self) -> None:
        """Start every worker now and wait until each has warmed up (a ping is answered after the warm-up)."""
        if self._pools:
            return
        started = time.perf_counter()
        self._pools = [self._new_pool() for _ in range(self.workers)]
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, _ping) for pool in self._pools))
        log.info("Процессов рисования картинок: %d, запущены за %.1f с", self.workers, time.perf_counter() - started)

    def pids(self) -> list[int]:
        """The worker processes' ids (for the tests)."""
        return [p.pid for pool in self._pools for p in (pool._processes or {}).values()]

    async def close(self) -> None:
        pools, self._pools = self._pools, []
        for pool in pools:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    async def run(self, key: int | None, function, *args):
        """`function(*args)` in the worker of `key` (one game's pictures and thinking: the same worker); the
        function must be module-level, so that it pickles by name."""
        return await self._run(key, function, *args)

    async def _run(self, key: int | None, function, *args):
        if not self._pools:  # not started, or closed (a late picture while the bot stops): no new processes
            return await asyncio.to_thread(function, *args)
        index = (next(self._turn) if key is None else key) % len(self._pools)
        pool = self._pools[index]
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, function, *args)
        except BrokenProcessPool:  # the worker died (killed, out of memory): this picture here, a new worker next
            log.warning("Процесс рисования упал; %s — в основном процессе, процесс перезапущен",
                        "ход бота обдуман" if function is think else "картинка нарисована")
            if index < len(self._pools) and self._pools[index] is pool:
                self._pools[index] = self._new_pool()
                pool.shutdown(wait=False, cancel_futures=True)
            return await asyncio.to_thread(function, *args)

    async def draw(self, name: str, view: dict, key: int | None = None) -> bytes:
        return await self._run(key, draw, name, view)

    async def draw_round(self, name: str, view: dict, key: int | None = None) -> bytes | None:
        if name not in ROUND_RENDERERS:
            return None
        return await self._run(key, draw_round, name, view)


def pictures(workers: int) -> Pictures:
    """In-process for 0 workers, else a pool of that many."""
    return PoolPictures(workers) if workers > 0 else Pictures()

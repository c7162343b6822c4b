"""The bot's JobQueue: stopping it never cuts a job in the middle."""

from __future__ import annotations

import asyncio

from telegram.ext import JobQueue


class CalmJobQueue(JobQueue):
    """python-telegram-bot's `stop` waits for the jobs running when it is called, then shuts the scheduler down,
    which cancels any job that started meanwhile (a board being sent when SIGTERM came: a traceback in the log and
    the job cut short). Here no job starts once the stop begins, and every running one ends first."""

    async def stop(self, wait: bool = True) -> None:
        if self.scheduler.running:
            self.scheduler.pause()  # nothing new starts; shutting down a paused scheduler is allowed
        while wait and (running := [task for task in self._executor._pending_futures if not task.done()]):
            await asyncio.gather(*running, return_exceptions=True)
        await super().stop(wait)

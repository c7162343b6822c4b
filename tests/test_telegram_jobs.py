"""Stopping the JobQueue while a job runs and another falls due: nothing is cut short or logged as an error."""

from __future__ import annotations

import asyncio
import logging

import pytest
from telegram.ext import Application, JobQueue

from bot.telegram.jobs import CalmJobQueue


async def stopped_mid_job(queue: JobQueue) -> list[str]:
    """What happened to a running job and to one that fell due while the queue was stopping."""
    application = Application.builder().token("1:x").job_queue(queue).build()
    events: list[str] = []

    async def long_job(_context: object) -> None:
        events.append("long started")
        await asyncio.sleep(0.6)
        events.append("long finished")

    async def due_meanwhile(_context: object) -> None:
        events.append("due started")
        await asyncio.sleep(0.8)  # still running when the long job ends
        events.append("due finished")

    await queue.start()
    queue.run_once(long_job, 0.05)
    await asyncio.sleep(0.2)  # the long job runs
    queue.run_once(due_meanwhile, 0.1)  # falls due while the stop waits for the long job
    await queue.stop(wait=True)
    await asyncio.sleep(1)
    del application
    return events


async def test_a_stop_waits_for_the_running_job_and_starts_no_new_one(caplog):
    caplog.set_level(logging.ERROR)
    events = await stopped_mid_job(CalmJobQueue())
    assert events == ["long started", "long finished"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


async def test_the_library_queue_cuts_a_job_that_starts_while_it_stops(caplog):
    """The case CalmJobQueue exists for: without it, the job due meanwhile starts and is cancelled, with a
    traceback in the log (if the library ever stops doing this, CalmJobQueue can go)."""
    caplog.set_level(logging.ERROR)
    events = await stopped_mid_job(JobQueue())
    if "due started" not in events:
        pytest.fail(f"the library no longer starts a job while it stops: {events}")
    assert any("raised an exception" in r.getMessage() for r in caplog.records), (events, caplog.text)

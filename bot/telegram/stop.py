"""Stopping the bot with SIGINT or SIGTERM at any moment of its life, with exit code 0 (light to import: the
entry point sets it up before it imports the front end)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stop:
    """A stop signal (SIGINT, SIGTERM) at any moment of the bot's life ends it cleanly, with exit code 0: at once
    before the Application's post_init (nothing is half done then: imports, asking Telegram who the bot is);
    during post_init after it (a post_init cut in the middle would go on by itself while everything shuts down:
    the database opened and closed under it); and while the bot runs, by python-telegram-bot's own graceful stop."""

    def __init__(self) -> None:
        self.asked = False
        self.phase = "starting"  # then "post_init", then "started"
        self.application: Any = None
        self.holding = False  # a signal inside `held` only marks the stop
        for sig in STOP_SIGNALS:  # until the event loop takes the signals over
            signal.signal(sig, self._now)

    def _now(self, *_: object) -> None:
        self.asked = True
        if not self.holding:
            raise SystemExit(0)

    @contextmanager
    def held(self) -> Iterator[None]:
        """A stop signal inside waits for the block to end, then ends the bot: a step that SystemExit would
        leave half done (an event loop half built; a database connection whose thread answers a closed loop)."""
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.asked:
            raise SystemExit(0)

    def _asked(self) -> None:
        self.asked = True
        if self.application.running or self.phase == "post_init":
            # running: the loop stops; in post_init: honoured as soon as it is done, before polling begins
            self.application.stop_running()
        else:
            raise SystemExit(0)  # python-telegram-bot stops on SystemExit raised in its loop

    def loop(self, application: Any) -> None:
        """The event loop `application` runs on, with the stop signals handled between its callbacks."""
        self.application = application
        started = application.post_init

        async def post_init(app: Any) -> None:
            self.phase = "post_init"
            try:
                if started is not None:
                    await started(app)
            finally:
                self.phase = "started"

        application.post_init = post_init
        import asyncio  # here: the stop is watched for before anything heavy is imported
        with self.held():
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            for sig in STOP_SIGNALS:
                loop.add_signal_handler(sig, self._asked)

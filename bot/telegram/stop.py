"""Stopping the bot with SIGINT or SIGTERM at any moment of its life, with exit code 0 (light to import: the
entry point sets it up before it imports the front end)."""

from __future__ import annotations

import asyncio
import signal

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stop:
    """A stop signal (SIGINT, SIGTERM) at any moment of the bot's life ends it cleanly, with exit code 0: before
    the Application runs, and during its start (a request to Telegram under way then fails because of the stop,
    which is not Telegram being unreachable)."""

    def __init__(self) -> None:
        self.asked = False
        for sig in STOP_SIGNALS:  # until the event loop takes the signals over
            signal.signal(sig, self._now)

    def _now(self, *_: object) -> None:
        self.asked = True
        raise SystemExit(0)

    def loop(self) -> None:
        """The event loop the Application runs on, with the stop signals: handled between its callbacks."""
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in STOP_SIGNALS:
            loop.add_signal_handler(sig, self._now)

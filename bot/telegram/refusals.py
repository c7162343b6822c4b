"""What the webhook server refused, logged in summary: an anonymous client must not write to the log at will.

Every refused request and every dropped connection is counted by kind; a group of kinds (requests, connections)
gets at most one log line a minute::

    Webhook за минуту отклонил 1 234 запроса: 403 ×1 200, 413 ×34

The first refusal after a quiet minute is logged at once (a proxy sending the wrong secret shows up right away),
the rest of that minute in one line when it ends, and whatever is left when the server stops.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable

from rules.text import plural

EVERY = 60.0  # seconds: at most one line per group this often

# group -> (what the server did, the noun's forms) for «Webhook за минуту <did> <count>: <kinds>»
GROUPS = {
    "requests": ("отклонил", ("запрос", "запроса", "запросов")),
    "connections": ("закрыл", ("соединение", "соединения", "соединений")),
    "accept": ("не смог принять", ("соединение", "соединения", "соединений")),
}


def number(n: int) -> str:
    """Thousands apart, as people write them: «1 234»."""
    return f"{n:,}".replace(",", " ")


def period(seconds: float) -> str:
    """«за минуту» for a whole minute, «за 23 с» for less (the last line, when the server stops)."""
    return "за минуту" if seconds >= EVERY - 1 else f"за {max(1, round(seconds))} с"


class Refusals:
    """Counts by group and kind; `add` logs a group at most once per `every` seconds (WARNING: it is the operator's
    business that somebody knocks, or that the proxy sends the wrong secret)."""

    def __init__(self, logger: logging.Logger, every: float = EVERY, clock: Callable[[], float] = time.monotonic):
        self.logger = logger
        self.every = every
        self.clock = clock
        self.counts: dict[str, Counter[str]] = {group: Counter() for group in GROUPS}
        self.since: dict[str, float] = {}  # group -> when its counting window began
        self.last: dict[str, float] = {}  # group -> when its last line was written
        self.timers: dict[str, asyncio.TimerHandle] = {}

    def add(self, group: str, kind: str) -> None:
        now = self.clock()
        self.counts[group][kind] += 1
        self.since.setdefault(group, now)
        if group in self.timers:
            return
        wait = self.last.get(group, now - self.every) + self.every - now
        if wait <= 0:
            self.flush(group)
        else:
            self.timers[group] = asyncio.get_running_loop().call_later(wait, self.flush, group)

    def flush(self, group: str) -> None:
        """One line for what `group` counted since its last line (nothing if it counted nothing)."""
        timer = self.timers.pop(group, None)
        if timer is not None:
            timer.cancel()
        counts = self.counts[group]
        if not counts:
            return
        now = self.clock()
        did, forms = GROUPS[group]
        kinds = ", ".join(f"{kind} ×{number(n)}" for kind, n in counts.most_common())
        total = sum(counts.values())
        self.logger.warning("Webhook %s %s %s %s: %s", period(now - self.since.pop(group, now)), did,
                            number(total), plural(total, *forms), kinds)
        counts.clear()
        self.last[group] = now

    def close(self) -> None:
        """The server stops: the counts not yet logged, now."""
        for group in GROUPS:
            self.flush(group)


# tornado's own lines about one client's connection (INFO and WARNING of "tornado.general"), by their start
TORNADO_KINDS = (
    ("Malformed HTTP message", "не HTTP"),
    ("Timeout reading body", "тело не пришло вовремя"),
    ("Unsatisfiable read", "заголовки слишком длинные"),
    ("error on read", "оборвано клиентом"),
    ("Write error", "оборвано клиентом"),
)


class TornadoNoise(logging.Filter):
    """Put on the "tornado.general" logger: its lines about a single client (a malformed request, a slow body, too
    long headers, a reset) become counts in the summary instead of a line each. Errors pass: they are bugs."""

    def __init__(self, refusals: Refusals):
        super().__init__()
        self.refusals = refusals

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR:
            return True
        message = str(record.msg)
        try:
            text = record.getMessage()
        except (TypeError, ValueError):
            text = message
        if "Content-Length too long" in text:
            return False  # the handler has refused it already (413 or 403) and counted that
        if "body too large" in text:  # a chunked body, cut at max_body_size
            kind = "тело длиннее 1 МиБ"
        else:
            kind = next((kind for start, kind in TORNADO_KINDS if message.startswith(start)), "прочее")
        self.refusals.add("connections", kind)
        return False

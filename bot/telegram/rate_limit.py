"""Telegram's flood limits, chat by chat: a 429 in one group pauses that group only.

python-telegram-bot's `AIORateLimiter` stops *every* request of the bot while it sleeps off a 429, so one
busy group would stall all the others. `ChatRateLimiter` throttles the same way (about 30 requests a second
for the bot, 20 a minute per group) but remembers a 429's `retry_after` per chat:

- requests of that chat wait for the pause to end when it ends soon (`longest_wait`), and are retried up
  to `max_retries` times, each after the `retry_after` Telegram asks for;
- when the pause is longer, they raise `RetryAfter` at once without calling Telegram: a handler does not
  sleep for minutes, and a board stays owed for `deliver_owed` to send later;
- other chats, and requests without a chat (answerCallbackQuery, setMyCommands ...), go on meanwhile.

    Application.builder().token(token).rate_limiter(ChatRateLimiter()).build()
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dtm
import logging
import math
import time
import warnings
from collections.abc import Callable, Coroutine
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter
from telegram.warnings import PTBDeprecationWarning

log = logging.getLogger(__name__)

LONGEST_WAIT = 10.0  # seconds a request may wait for its chat's pause; longer: RetryAfter at once
MAX_RETRIES = 5  # new attempts after a 429 before the RetryAfter reaches the caller
MARGIN = 0.1  # seconds added to Telegram's retry_after, so the retry does not come a moment too early
OVERALL_RATE = 30  # messages a second Telegram lets one bot send (shared by every process with its token)
FORGET_ABOVE = 512  # idle group limiters and ended pauses are dropped once there are more than this

NOT_MESSAGES = frozenset({"sendChatAction"})  # requests into a chat that do not count in its messages a minute

Key = int | str | None  # a chat: its id, "@username", or None for requests without a chat


def retry_seconds(error: RetryAfter) -> float:
    """How long Telegram asked to wait, in seconds. `retry_after` is an int (with a deprecation warning) in
    PTB 22, a timedelta when PTB_TIMEDELTA is set; both are read here without the warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value = error.retry_after
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


def retry_after(seconds: float) -> RetryAfter:
    """A RetryAfter of whole seconds (rounded up), made without PTB's deprecation warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        return RetryAfter(dtm.timedelta(seconds=max(1, math.ceil(seconds))))


class ChatRateLimiter(BaseRateLimiter[int]):
    """A `BaseRateLimiter` whose 429 pauses are per chat. `rate_limit_args` of a bot call, if given, is that
    request's own number of retries."""

    def __init__(self, overall_max_rate: float = OVERALL_RATE, overall_time_period: float = 1,
                 group_max_rate: float = 20, group_time_period: float = 60,
                 max_retries: int = MAX_RETRIES, longest_wait: float = LONGEST_WAIT) -> None:
        self.max_retries = max_retries
        self.longest_wait = longest_wait
        self._overall = AsyncLimiter(overall_max_rate, overall_time_period) if overall_max_rate else None
        self._group_rate = (group_max_rate, group_time_period)
        self._groups: dict[int | str, AsyncLimiter] = {}
        self.paused_until: dict[Key, float] = {}  # time.monotonic() at which the chat's pause ends

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Forget limiters and pauses."""
        self._groups.clear()
        self.paused_until.clear()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        """Call `callback` within the limits, after the chat's pause; retry it after a 429."""
        key: Key = data.get("chat_id")
        with contextlib.suppress(TypeError, ValueError):
            key = int(key)  # type: ignore[arg-type]
        retries = max(0, self.max_retries if rate_limit_args is None else rate_limit_args)
        message = endpoint not in NOT_MESSAGES  # «печатает…» is not counted and never waits a pause out
        longest = self.longest_wait if message else 0.0
        for attempt in range(retries + 1):
            await self._wait_for_pause(key, longest)
            group = self._group_limiter(key) if message else contextlib.nullcontext()
            async with group, self._overall_limiter(key):
                await self._wait_for_pause(key, longest)  # a pause may have begun while this waited its turn
                try:
                    return await callback(*args, **kwargs)
                except RetryAfter as error:
                    seconds = retry_seconds(error)
                    self._pause(key, seconds)
                    if attempt == retries or seconds > self.longest_wait:
                        log.warning("Telegram просит подождать %.0f с (%s, чат %s), попыток было: %d; сдаюсь",
                                    seconds, endpoint, key, attempt + 1)
                        raise
                    log.info("Telegram просит подождать %.0f с (%s, чат %s): попытка %d из %d",
                             seconds, endpoint, key, attempt + 2, retries + 1)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _pause(self, key: Key, seconds: float) -> None:
        """Telegram refuses this chat's requests for `seconds`."""
        until = time.monotonic() + seconds + MARGIN
        self.paused_until[key] = max(until, self.paused_until.get(key, 0.0))
        if len(self.paused_until) > FORGET_ABOVE:
            now = time.monotonic()
            for other, ends in list(self.paused_until.items()):
                if ends <= now:
                    del self.paused_until[other]

    async def _wait_for_pause(self, key: Key, longest: float) -> None:
        """Return once the chat is not paused; RetryAfter if that is more than `longest` seconds away."""
        while (until := self.paused_until.get(key)) is not None:
            left = until - time.monotonic()
            if left <= 0:
                del self.paused_until[key]
                return
            if left > longest:
                raise retry_after(left)
            await asyncio.sleep(left)  # the pause may be extended meanwhile: look again

    def _overall_limiter(self, key: Key) -> contextlib.AbstractAsyncContextManager[Any]:
        """The bot's limit, for requests into a chat (answers to button presses and the like are not counted)."""
        if key is None or self._overall is None:
            return contextlib.nullcontext()
        return self._overall

    def _group_limiter(self, key: Key) -> contextlib.AbstractAsyncContextManager[Any]:
        """The limit of a group or channel (a negative id, or "@username") on messages; private chats have none."""
        max_rate, period = self._group_rate
        if key is None or (isinstance(key, int) and key >= 0) or not (max_rate and period):
            return contextlib.nullcontext()
        limiter = self._groups.get(key)
        if limiter is None:
            if len(self._groups) > FORGET_ABOVE:  # drop groups idle long enough to have their whole budget
                for other, idle in list(self._groups.items()):
                    if idle.has_capacity(idle.max_rate):
                        del self._groups[other]
            limiter = self._groups[key] = AsyncLimiter(max_rate, period)
        return limiter

"""`ChatRateLimiter`: a 429 pauses only its own chat, retries honour retry_after, a long pause is not slept
off. Timing is checked by order and generous lower bounds only, never by tight upper bounds."""

from __future__ import annotations

import asyncio
import datetime as dtm
import time
import warnings

import pytest
from telegram.error import RetryAfter
from telegram.ext import Application
from telegram.warnings import PTBDeprecationWarning

from bot.telegram.rate_limit import FORGET_ABOVE, ChatRateLimiter, retry_seconds

A, B = -100111, -100222


def refusal(seconds: float) -> RetryAfter:
    """Telegram's 429, with a fraction of a second to keep the tests short."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        return RetryAfter(dtm.timedelta(seconds=seconds))


class FakeTelegram:
    """The limiter's callback: records each call and answers 429 while `refusals` of its chat last."""

    def __init__(self) -> None:
        self.calls: list[tuple[int | None, float]] = []
        self.refusals: dict[int | None, list[float]] = {}

    async def __call__(self, chat_id: int | None) -> dict:
        self.calls.append((chat_id, time.monotonic()))
        await asyncio.sleep(0)
        left = self.refusals.get(chat_id)
        if left:
            raise refusal(left.pop(0))
        return {"chat_id": chat_id}

    def times(self, chat_id: int | None) -> list[float]:
        return [at for chat, at in self.calls if chat == chat_id]

    async def called(self, chat_id: int | None, times: int = 1) -> None:
        while len(self.times(chat_id)) < times:
            await asyncio.sleep(0.01)


def request(limiter: ChatRateLimiter, telegram: FakeTelegram, chat_id: int | None,
            endpoint: str = "sendMessage", retries: int | None = None):
    data = {} if chat_id is None else {"chat_id": chat_id, "text": "доска"}
    return limiter.process_request(telegram, (chat_id,), {}, endpoint, data, retries)


async def test_a_429_in_one_chat_does_not_delay_another():
    limiter, telegram = ChatRateLimiter(), FakeTelegram()
    telegram.refusals[A] = [2.0]
    slow = asyncio.create_task(request(limiter, telegram, A))
    await telegram.called(A)
    assert await request(limiter, telegram, B) == {"chat_id": B}
    assert not slow.done(), "chat B waited for chat A's pause"
    assert await slow == {"chat_id": A}
    refused, retried = telegram.times(A)
    assert retried - refused >= 1.9
    assert telegram.times(B)[0] < retried


async def test_three_429s_in_a_row_then_success():
    limiter, telegram = ChatRateLimiter(), FakeTelegram()
    telegram.refusals[A] = [0.2, 0.2, 0.2]
    assert await request(limiter, telegram, A) == {"chat_id": A}
    times = telegram.times(A)
    assert len(times) == 4
    assert all(later - earlier >= 0.15 for earlier, later in zip(times, times[1:], strict=False))


async def test_the_last_429_reaches_the_caller_after_max_retries():
    limiter, telegram = ChatRateLimiter(max_retries=2), FakeTelegram()
    telegram.refusals[A] = [0.1, 0.1, 0.1, 0.1]
    with pytest.raises(RetryAfter):
        await request(limiter, telegram, A)
    assert len(telegram.times(A)) == 3
    telegram.refusals[B] = [0.1]
    with pytest.raises(RetryAfter):  # a request's own number of retries (rate_limit_args)
        await request(limiter, telegram, B, retries=0)
    assert len(telegram.times(B)) == 1


async def test_a_long_retry_after_raises_at_once_and_keeps_the_chat_paused():
    limiter, telegram = ChatRateLimiter(longest_wait=10), FakeTelegram()
    telegram.refusals[A] = [60.0]
    started = time.monotonic()
    with pytest.raises(RetryAfter) as first:
        await request(limiter, telegram, A)
    assert retry_seconds(first.value) == 60
    with pytest.raises(RetryAfter) as second:  # the chat is still paused: Telegram is not asked again
        await request(limiter, telegram, A, endpoint="sendPhoto")
    assert 10 < retry_seconds(second.value) <= 61
    assert time.monotonic() - started < 30, "a handler slept off a long pause"
    assert len(telegram.times(A)) == 1
    assert await request(limiter, telegram, B) == {"chat_id": B}
    assert await request(limiter, telegram, None, endpoint="answerCallbackQuery") == {"chat_id": None}


async def test_a_request_for_a_paused_chat_waits_for_the_pause_without_asking_telegram():
    limiter, telegram = ChatRateLimiter(), FakeTelegram()
    telegram.refusals[A] = [1.0]
    first = asyncio.create_task(request(limiter, telegram, A))
    await telegram.called(A)
    refused = telegram.times(A)[0]
    second = asyncio.create_task(request(limiter, telegram, A, endpoint="sendPhoto"))
    await asyncio.sleep(0.3)
    assert len(telegram.times(A)) == 1 and not second.done()
    assert await asyncio.gather(first, second) == [{"chat_id": A}, {"chat_id": A}]
    later = telegram.times(A)[1:]
    assert len(later) == 2 and all(at - refused >= 0.9 for at in later)
    assert A not in limiter.paused_until  # an ended pause is forgotten


async def test_requests_without_a_chat_are_not_delayed_by_a_chats_pause():
    limiter, telegram = ChatRateLimiter(), FakeTelegram()
    telegram.refusals[A] = [2.0]
    slow = asyncio.create_task(request(limiter, telegram, A))
    await telegram.called(A)
    for endpoint in ("answerCallbackQuery", "setMyCommands", "answerInlineQuery"):
        assert await request(limiter, telegram, None, endpoint=endpoint) == {"chat_id": None}
    assert not slow.done()
    # and a 429 on a request without a chat pauses only those
    telegram.refusals[None] = [2.0]
    chatless = asyncio.create_task(request(limiter, telegram, None, endpoint="answerCallbackQuery"))
    await telegram.called(None, 4)
    assert await request(limiter, telegram, B) == {"chat_id": B}
    assert not chatless.done()
    assert await asyncio.gather(slow, chatless) == [{"chat_id": A}, {"chat_id": None}]


async def test_typing_never_waits_for_a_pause_and_is_not_a_message_of_the_group():
    limiter, telegram = ChatRateLimiter(group_max_rate=2, group_time_period=60), FakeTelegram()
    for _ in range(2):  # the group's whole budget of messages for a minute
        await request(limiter, telegram, A)
    assert await asyncio.wait_for(request(limiter, telegram, A, endpoint="sendChatAction", retries=0), 1) == \
        {"chat_id": A}
    telegram.refusals[B] = [1.0]
    board = asyncio.create_task(request(limiter, telegram, B))
    await telegram.called(B)
    started = time.monotonic()
    with pytest.raises(RetryAfter):  # the board waits the pause out; «печатает…» gives up at once
        await request(limiter, telegram, B, endpoint="sendChatAction", retries=0)
    assert time.monotonic() - started < 0.5 and len(telegram.times(B)) == 1
    assert await board == {"chat_id": B}


async def test_idle_group_limiters_are_forgotten():
    limiter = ChatRateLimiter(overall_max_rate=0, group_max_rate=20, group_time_period=0.01)
    telegram = FakeTelegram()
    for group in range(1, 2 * FORGET_ABOVE):
        await request(limiter, telegram, -group)
        if group % 100 == 0:
            await asyncio.sleep(0.02)  # the groups so far have their whole budget back
    assert len(limiter._groups) <= FORGET_ABOVE + 1


# --------------------------------------------------------------------------- end to end, a real Application


@pytest.fixture
async def application(server):
    application = (Application.builder().token("123:TEST").base_url(f"{server.url}/bot")
                   .rate_limiter(ChatRateLimiter()).build())
    await application.initialize()
    try:
        yield application
    finally:
        await application.shutdown()


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # PTB's own RetryAfter(int)
async def test_a_flooded_group_waits_while_another_group_goes_on(server, application):
    server.flood(A, retry_after=3, times=1)
    since = server.mark()
    flooded = asyncio.create_task(application.bot.send_message(A, "доска для A"))
    await server.wait_for_async(lambda c: c.chat_id == A and c.error is not None, 10, since)
    other = await application.bot.send_message(B, "доска для B")
    assert other.chat.id == B and not flooded.done()
    assert (await flooded).chat.id == A
    calls = server.calls_of("sendMessage", since)
    assert [(c.chat_id, c.error is None) for c in calls] == [(A, False), (B, True), (A, True)]
    assert calls[2].time - calls[0].time >= 2.5


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
async def test_a_long_flood_raises_at_once_and_the_chat_is_not_asked_again(server, application):
    server.flood(A, retry_after=120, times=5)
    since = server.mark()
    with pytest.raises(RetryAfter):
        await application.bot.send_message(A, "доска")
    with pytest.raises(RetryAfter):
        await application.bot.send_photo(A, b"not even read")
    assert [c.method for c in server.calls[since:]] == ["sendMessage"]
    assert (await application.bot.send_message(B, "другая группа")).chat.id == B


def test_processes_sharing_the_token_share_the_bots_flood_limit(tmp_path):
    from bot.config import Settings
    from bot.telegram.app import build_application

    def overall(env):
        settings = Settings.load({"TELEGRAM_BOT_TOKEN": "123:T", **env}, env_file=tmp_path / "none")
        return build_application(settings).bot.rate_limiter._overall.max_rate

    assert overall({}) == 30
    assert overall({"BOT_PROCESSES": "3"}) == 10
    for wrong in ("0", "два", "-1", "31"):
        with pytest.raises(ValueError, match="BOT_PROCESSES"):
            Settings.load({"BOT_PROCESSES": wrong}, env_file=tmp_path / "none")

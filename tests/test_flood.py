"""No chat stalls another (issue 23): a flood of /board into one group, through the fake Bot API that refuses a
group's 21st message in a minute as Telegram does, leaves a quiet group answered within a second and a player's
press in the flooded group answered within seconds; ten looks in a row are one answer; a member who floods is
ignored after one short note; the fake API's limit itself."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
from fake_bot_api import FakeBotApi
from polling import polling

from bot.table.service import Service
from bot.telegram import app as telegram_app
from bot.telegram.flood import COOL_COMMANDS, PRESS_PATIENCE, PRESS_TOAST, ChatLines

FLOODED, QUIET = -100900, -100901
ANNA, BORIS = 31, 32
TIMEOUT = 10


@pytest.fixture
async def limited(tmp_path, monkeypatch):
    """The bot against a fake Bot API that takes 20 messages a minute into a group."""
    monkeypatch.setattr(telegram_app, "OWED_EVERY", 0.2)
    with FakeBotApi(group_limit=20) as server:
        service = await Service.open(str(tmp_path / "bot.db"))
        try:
            async with polling(server, service, log_level="INFO") as application:
                yield server, service, application
        finally:
            await service.close()


async def start_game(server):
    server.push_message(FLOODED, ANNA, "Анна", "/new kingdom")
    server.push_message(FLOODED, BORIS, "Борис", "/join")
    since = server.mark()
    server.push_message(FLOODED, ANNA, "Анна", "/begin")
    return await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == FLOODED, TIMEOUT, since)


async def test_the_fake_api_takes_twenty_messages_a_minute_into_a_group():
    with FakeBotApi(group_limit=20) as server:
        async with httpx.AsyncClient(base_url=f"{server.url}/bot123:TEST") as client:
            answers = [(await client.post("/sendMessage", json={"chat_id": FLOODED, "text": str(n)})).json()
                       for n in range(21)]
            private = (await client.post("/sendMessage", json={"chat_id": ANNA, "text": "лично"})).json()
            other = (await client.post("/sendMessage", json={"chat_id": QUIET, "text": "другая"})).json()
    assert all(answer["ok"] for answer in answers[:20])
    assert answers[20]["error_code"] == 429 and 55 <= answers[20]["parameters"]["retry_after"] <= 60
    assert private["ok"] and other["ok"]


async def test_a_flooded_group_holds_up_neither_a_quiet_group_nor_its_own_players_press(limited):
    server, service, application = limited
    board = await start_game(server)
    mover = ANNA if f"id={ANNA}" in board.text.rsplit("Ходит", 1)[-1] else BORIS
    data = next(d for _, d in board.buttons if d.startswith(("g:", "k:")))
    since = server.mark()
    for n in range(300):  # thirty members, ten /board each: nobody floods alone, the group is flooded
        server.push_message(FLOODED, 1000 + n % 30, f"Гость {n % 30}", "/board")
    await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == FLOODED, TIMEOUT, since)
    await asyncio.sleep(0.5)  # the flood is in the bot's hands by now

    asked = time.monotonic()
    server.push_message(QUIET, BORIS, "Борис", "/help")
    await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == QUIET, TIMEOUT, since)
    assert time.monotonic() - asked < 1.0, "the quiet group waited for the flooded one"

    pressed = time.monotonic()
    query = server.push_callback(FLOODED, mover, "Игрок", board.message_id, data)
    await server.wait_for_async(lambda c: c.method == "answerCallbackQuery"
                                and str(c.params.get("callback_query_id")) == query["id"], TIMEOUT, since)
    assert time.monotonic() - pressed < 5.0, "the press waited past what Telegram lets an answer take"

    await asyncio.sleep(1.0)
    boards = [c for c in server.calls_of("sendPhoto", since) if c.chat_id == FLOODED and c.error is None]
    assert 1 <= len(boards) <= 5, "three hundred /board must be a handful of boards, the newest"
    refused = [c for c in server.calls[since:] if c.chat_id == FLOODED and c.error and "429" in c.error]
    assert len(refused) <= 1, "the bot kept knocking on a group over its limit"
    assert application.update_processor.dropped >= 290


async def test_a_member_who_floods_gets_one_note_and_is_ignored(limited):
    server, service, application = limited
    since = server.mark()
    for _ in range(COOL_COMMANDS + 8):
        server.push_message(QUIET, ANNA, "Анна", "/rules гавань")
    await server.wait_for_async(lambda c: c.method == "sendMessage" and "не так быстро" in c.text, TIMEOUT, since)
    await asyncio.sleep(1.5)
    texts = [c.text for c in server.calls_of("sendMessage", since) if c.chat_id == QUIET and c.error is None]
    notes = [text for text in texts if "не так быстро" in text]
    assert len(notes) == 1 and notes[0].startswith("Анна, не так быстро")
    assert len(texts) - len(notes) <= COOL_COMMANDS  # the commands past the limit are not answered
    since = server.mark()
    server.push_message(QUIET, BORIS, "Борис", "/help")  # another member of the same chat is answered
    await server.wait_for_async(lambda c: c.method == "sendMessage" and c.chat_id == QUIET, TIMEOUT, since)


class _Update:
    """Just what `ChatLines` reads of an update."""

    def __init__(self, update_id: int, chat: int, user: int, text: str | None = None, press: bool = False):
        self.update_id = update_id
        self.effective_chat = type("C", (), {"id": chat})()
        self.effective_user = type("U", (), {"id": user})()
        self.message = type("M", (), {"text": text, "message_thread_id": None, "is_topic_message": False})() \
            if text is not None else None
        self.callback_query = object() if press else None


async def test_a_chats_updates_run_in_order_looks_coalesce_and_a_press_overtakes_only_looks():
    lines = ChatLines()
    done: list[str] = []
    gate = asyncio.Event()

    async def work(name: str, wait: bool = False) -> None:
        if wait:
            await gate.wait()
        done.append(name)

    first = asyncio.create_task(lines.process_update(_Update(1, -1, 1, "/move a"), work("move a", wait=True)))
    await asyncio.sleep(0)
    later = [(_Update(2, -1, 2, "/board"), "board 1"), (_Update(3, -1, 3, "/move b"), "move b"),
             (_Update(4, -1, 2, "/board"), "board 2"), (_Update(5, -1, 4, "/board"), "board 3"),
             (_Update(6, -1, 5, press=True), "press")]
    tasks = []
    for update, name in later:
        tasks.append(asyncio.create_task(lines.process_update(update, work(name))))
        await asyncio.sleep(0)
    other = asyncio.create_task(lines.process_update(_Update(7, -2, 1, "/help"), work("other chat")))
    await asyncio.wait_for(other, 1)  # another chat does not wait for this one
    assert done == ["other chat"]
    gate.set()
    await asyncio.wait_for(asyncio.gather(first, *tasks), 1)
    # the first /board is dropped for the later ones (they show the game after «move b»); the press goes ahead of the
    # two looks that wait at the end, never ahead of the move
    assert done == ["other chat", "move a", "move b", "press", "board 3"]
    assert lines.dropped == 2


async def test_a_press_waiting_long_for_its_chat_is_answered_before_telegram_drops_it(limited, monkeypatch):
    server, service, application = limited
    board = await start_game(server)
    mover = ANNA if f"id={ANNA}" in board.text.rsplit("Ходит", 1)[-1] else BORIS
    data = next(d for _, d in board.buttons if d.startswith(("g:", "k:")))
    answer = service.command

    async def slow(*args, **kwargs):  # the update before the press takes long (bots thinking over their turns)
        await asyncio.sleep(PRESS_PATIENCE + 3)
        return await answer(*args, **kwargs)

    monkeypatch.setattr(service, "command", slow)
    since = server.mark()
    server.push_message(FLOODED, ANNA, "Анна", "/score")
    await asyncio.sleep(0.3)
    pressed = time.monotonic()
    query = server.push_callback(FLOODED, mover, "Игрок", board.message_id, data)
    toast = await server.wait_for_async(lambda c: c.method == "answerCallbackQuery"
                                        and str(c.params.get("callback_query_id")) == query["id"], TIMEOUT, since)
    assert PRESS_PATIENCE - 0.5 < time.monotonic() - pressed < PRESS_PATIENCE + 2
    assert toast.params.get("text") == PRESS_TOAST and toast.error is None
    # the press is still worked on in its turn: the board changes, and nothing answers the press a second time
    await server.wait_for_async(lambda c: c.method in ("editMessageMedia", "editMessageReplyMarkup", "sendPhoto")
                                and c.chat_id == FLOODED and c.error is None, TIMEOUT + 5, since)
    await asyncio.sleep(0.3)
    answers = [c for c in server.calls_of("answerCallbackQuery", since)
               if str(c.params.get("callback_query_id")) == query["id"]]
    assert answers == [toast]


async def test_moves_typed_quickly_are_never_cooled_down_and_other_bots_commands_do_not_count():
    lines = ChatLines()
    lines.moves, lines.bot_username = frozenset({"build"}), "RefBot"
    done: list[int] = []

    async def work(n: int) -> None:
        done.append(n)

    for n in range(COOL_COMMANDS * 2):  # a long turn typed fast, and a dice bot asked as often
        await lines.process_update(_Update(n, -1, 1, "/build K12"), work(n))
        await lines.process_update(_Update(100 + n, -1, 1, "/roll@DiceBot"), work(100 + n))
    assert len(done) == COOL_COMMANDS * 4 and lines.dropped == 0
    for n in range(COOL_COMMANDS + 3):  # the bot's own commands do count
        await lines.process_update(_Update(200 + n, -1, 1, "/rules@RefBot гавань"), work(200 + n))
    assert len(done) == COOL_COMMANDS * 5 + 1 and lines.dropped == 2  # the first one over the limit says the note

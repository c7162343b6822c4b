"""Names as Telegram delivers them (first and last name, @username in `from`) through the real front end and the
service against the fake Bot API: every text, caption, toast and button the chat shows is free of direction and
invisible characters, no name becomes a live command or link, and equal names are told apart by the @username
Telegram gives (tests/test_names.py has the rest of it)."""

from __future__ import annotations

import pytest

from bot.replies import buttons
from rules.registry import GAMES

try:
    from tests.autolinks import problems
    from tests.noise_play import idle, quick_pictures, restore_pictures
    from tests.rendered_play import running
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from autolinks import problems
    from noise_play import idle, quick_pictures, restore_pictures
    from rendered_play import running

GROUP = -1009000  # the group of tests/rendered_play.py
SHOWN = ("sendMessage", "sendPhoto", "editMessageText", "editMessageCaption", "editMessageMedia")
# (user id, first name, last name, username) as Telegram sends them
PEOPLE = ((201, "Аня\u202e", None, "anya"), (202, "Аня", None, "anya_two"), (203, "/new", "valdora", None),
          (204, "t.me/evil", "\u200b@admin", None))
ATTACKS = ["/new valdora", "t.me/evil @admin", "t.me/evil", "@admin"]


@pytest.fixture
def pictures():
    saved = quick_pictures()
    yield
    restore_pictures(saved)


def read_calls(calls) -> list[tuple[str, bool]]:
    """(text, is HTML) of everything the chat shows of the bot's requests."""
    read = []
    for call in calls:
        if call.error is not None:
            continue
        if call.method in SHOWN and call.text:
            read.append((call.text, call.html))
        if call.method == "answerCallbackQuery" and call.params.get("text"):
            read.append((str(call.params["text"]), False))
        read += [(label, False) for label, _ in call.buttons]
    return read


async def test_names_from_telegram_updates_are_shown_plainly_and_told_apart(server, tmp_path, pictures):
    async with running(server, tmp_path / "bot.db") as service:
        async def say(person, text: str, chat_id: int = GROUP) -> None:
            since = server.mark()
            user_id, first, last, username = person
            server.push_message(chat_id, user_id, first, text, last_name=last, username=username,
                                **({"chat_type": "private"} if chat_id > 0 else {}))
            await idle(server, since)

        async def press(person, message_id: int, data: str) -> None:
            since = server.mark()
            user_id, first, last, _ = person
            server.push_callback(GROUP, user_id, first, message_id, data, last_name=last)
            await idle(server, since)

        await say(PEOPLE[2], "/start", chat_id=PEOPLE[2][0])  # its secrets and «ваш ход» come privately
        await say(PEOPLE[0], "/new kingdom")
        for person in PEOPLE[1:]:
            await say(person, "/join")
        row = await service.store.open_game(GROUP)
        assert [s.name for s in row.seats] == ["Аня", "Аня (@\u2060anya_two)", "/\u2060new valdora",
                                               "t\u2060.\u2060me/\u2060evil @\u2060admin"]
        await say(PEOPLE[0], "/begin")
        game = GAMES["kingdom"]
        for _ in range(12):  # moves pressed on the boards
            row = await service.store.open_game(GROUP)
            state = game.load(row.state)
            person = next(p for p in PEOPLE if p[0] == row.seats[game.current_seat(state)].user_id)
            index = game.legal_actions(state).index(game.autopilot(state))
            await press(person, row.board_message_id, buttons.encode_move(row.id, row.version, index))
        for look in ("/board", "/score", "/log", "/turn", "/tables"):
            await say(PEOPLE[3], look)
        await say(PEOPLE[1], "/abort")  # not theirs to abort: a refusal that names nobody wrongly
        read = read_calls(server.calls)
    names_shown = [text for text, _ in read if "valdora" in text and "/new valdora</code>" not in text]
    assert len(names_shown) >= 5 and any("anya_two" in text for text, _ in read)
    assert problems(read, ATTACKS) == []

"""A board's caption tells the turn being played, escaped exactly once: when a menu level redraws the board, the
service tells the caption again (never the pressed message's own copy); the wait is not on the board.

A toy game of two-step turns (take two cells, then the turn passes) keeps this apart from any real game's rules;
the players' names carry HTML's own characters, so that an escape too many or too few shows.
"""

from __future__ import annotations

import doctest
import json

import pytest
from toy_game import ToyGame

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage.base import LogLine
from bot.storage.sqlite import Store
from bot.table import captions, texts
from bot.table.service import Service
from bot.table.timing.missed import LINE_LENGTH, story_text, turns_since
from render.registry import RENDERERS
from rules.protocol import Event, RuleError

try:
    from tests import telegram_html
    from tests.telegram_html import leftovers, visible
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    import telegram_html
    from telegram_html import leftovers, visible

GROUP = Chat(id=-300, title="Друзья")
ANYA, VERA = User(1, "Аня <3"), User(3, "Вера & Co")
CELLS = [f"{row}{n}" for row in "ab" for n in range(1, 9)]


class Pairs(ToyGame):
    """Two players; a turn is two cells taken (grouped by row in the menu), then the turn passes."""

    name, title, aliases = "pairs", "Пары", ("пары",)
    commands = (("take", "Взять клетку: /take a1"),)
    secret_button = None
    about = "игра для тестов: по две клетки за ход."

    def new(self, players, seed, options=None):
        return {"players": list(players), "turn": 0, "taken": []}

    def current_seat(self, state):
        return None if self.is_over(state) else state["turn"] % 2

    def legal_actions(self, state):
        return [f"take {c}" for c in CELLS if c not in state["taken"]]

    def menu_path(self, state, action):
        return (f"Ряд {action[5].upper()}",)

    def parse(self, state, text):
        wanted = text.strip().lower().removeprefix("/")
        if wanted in self.legal_actions(state):
            return wanted
        raise RuleError("Такой клетки нет или она занята.")

    def apply(self, state, action):
        action = self.parse(state, action)
        seat = self.current_seat(state)
        state["taken"].append(action[5:])
        events = [Event(f"{state['players'][seat]} берёт {action[5:]}.")]
        if len(state["taken"]) % 2 == 0:
            state["turn"] += 1
            events.append(Event(f"Ходит {state['players'][state['turn'] % 2]}.", "turn"))
        return events

    def label(self, state, action):
        return action[5:].upper()

    def command(self, state, action):
        return f"/{action}"

    def is_over(self, state):
        return len(state["taken"]) >= 12


class Clock:
    def __init__(self, now: float):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock(1780293600.0)  # 09:00 in Moscow: outside the default quiet hours


@pytest.fixture
async def service(tmp_path, monkeypatch, clock):
    monkeypatch.setitem(RENDERERS, "pairs", lambda view: b"\x89PNG" + json.dumps(view).encode())
    service = Service(await Store.open(str(tmp_path / "bot.db")), games={"pairs": Pairs()}, clock=clock)
    yield service
    await service.close()


def test_doctests():
    for module in (captions, texts, telegram_html):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_the_digest_of_missed_turns_cuts_a_long_turn_after_a_whole_word():
    words = "Борис берёт карту и строит жилище на дереве у самой реки".split()
    long = " ".join(words[i % len(words)] for i in range(60)) + "."
    lines = [LogLine(1, 2, 1, "a", long, 0.0, user_id=2, ends_turn=True)]
    digest = story_text(turns_since(lines, 0, 1), ["Аня", "Борис"])
    told = digest.splitlines()[-1]
    assert told.startswith("• Борис берёт") and told.endswith("…") and len(told) <= LINE_LENGTH + 2
    assert told[2:-1].split()[-1] in words, told  # the last word shown is whole
    short = story_text([[LogLine(1, 2, 1, "a", "Борис берёт карту.", 0.0, user_id=2)]], ["Аня", "Борис"])
    assert short.endswith("• Борис берёт карту.")


def read(html: str) -> str:
    """What the chat shows, checked to show no markup."""
    text = visible(html)
    assert not leftovers(text), f"markup shows in {text!r}"
    return text


async def begin(service) -> list:
    await service.command(GROUP, ANYA, "new", "пары")
    await service.command(GROUP, VERA, "join", "")
    return await service.command(GROUP, ANYA, "begin", "")


async def open_row(service, board, user: User):
    """Press the first menu group of `board` as `user`: the answer (its caption, keyboard, picture)."""
    group = next(b.data for row in board.buttons for b in row if b.data.startswith(f"{buttons.GROUP}:"))
    return await service.button(GROUP, user, group)


async def mover(service) -> tuple[User, User]:
    row = await service.store.open_game(GROUP.id)
    seat = Pairs().current_seat(row.state)
    return (ANYA, VERA) if row.seats[seat].user_id == ANYA.id else (VERA, ANYA)


async def test_a_menu_level_tells_the_turn_being_played_escaped_once(service, clock):
    board = next(r for r in await begin(service) if r.image)
    first, second = await mover(service)
    # at the start: the order of play, and who moves
    opened = await open_row(service, board, first)
    assert opened.keyboard and opened.picture and opened.caption
    shown = read(opened.caption)
    assert shown == f"Порядок хода: {first.name} → {second.name}.\nХодит {first.name}.", shown

    # a step of the turn: its board is edited in place; a menu level then tells that step, not what came before
    clock.now += 3 * 60 + 10
    answer = await service.button(GROUP, first, opened.keyboard[0][0].data)
    step = answer.edit
    assert step is not None and read(step.text).endswith(f"Ходит {first.name}.")
    assert "ждём" not in step.text  # the wait is not on a board redrawn in the middle of the player's own turn
    opened = await open_row(service, step, first)
    shown = read(opened.caption)
    taken = read(step.text).splitlines()[0]
    assert shown == f"{taken}\nХодит {first.name}.", shown
    assert "Порядок хода" not in shown and "ждём" not in shown
    # back at the first level: the keyboard the board had, its «↩️ Отменить ход» too, under the same caption
    back = next(b.data for row in opened.keyboard for b in row if b.text == "⬅️ Назад")
    top = await service.button(GROUP, first, back)
    assert [[b.text for b in row] for row in top.keyboard] == [[b.text for b in row] for row in step.buttons]
    assert "↩️ Отменить ход" in [b.text for row in top.keyboard for b in row] and top.caption == opened.caption

    # the turn passes: before the next player's first step, the caption tells the turn just played
    answer = await service.button(GROUP, first, opened.keyboard[0][0].data)
    board = next(r for r in answer.replies if r.image)
    opened = await open_row(service, board, second)
    shown = read(opened.caption)
    assert shown.count(f"{first.name} берёт") == 2 and shown.endswith(f"Ходит {second.name}.")
    # the same press by the player who is not on turn changes nothing
    refused = await open_row(service, board, first)
    assert refused.caption is None and refused.keyboard is None


async def test_a_caption_names_the_player_to_move_once(service):
    await begin(service)
    first, second = await mover(service)
    await service.command(GROUP, first, "take", "a1")
    board = next(r for r in await service.command(GROUP, first, "take", "a2") if r.image)
    assert read(board.text).count(second.name) == 1, board.text


async def test_the_front_end_shows_the_services_caption_never_the_pressed_messages_copy():
    """The pressed message a client sends back may carry an older caption, as plain text with its mention in an
    entity: the menu level is shown under the caption the service told, escaped once, and nothing else."""
    from bot.telegram.messages import show_menu_level

    class Pressed:
        chat_id = -1001234567890  # a group's board
        photo = ["a picture"]
        caption = 'Ходит <a href="tg://user?id=3">Вера</a>.'  # what a caption escaped twice would read
        caption_html = "Ходит &lt;a href=&quot;tg://user?id=3&quot;&gt;Вера&lt;/a&gt;."
        edits: list = []

        async def edit_media(self, media, reply_markup=None):
            self.edits.append((media, reply_markup))

    pressed = Pressed()
    told = 'Вера строит B1.\nХодит <a href="tg://user?id=3">Вера &amp; Co</a>.'
    await show_menu_level(pressed, [], b"\x89PNG", told)
    (media, _), = pressed.edits
    assert media.caption == told and read(media.caption) == "Вера строит B1.\nХодит Вера & Co."


async def test_the_start_names_the_game_once(service):
    lobby, = await service.command(GROUP, ANYA, "new", "пары")
    await service.shown(lobby.remember, 555)  # the lobby is message 555: closed in place, just above the board
    await service.command(GROUP, VERA, "join", "")
    closed, board, *_ = await service.command(GROUP, ANYA, "begin", "")
    assert closed.replaces == 555 and read(closed.text).startswith("«Пары»: играют Аня <3, Вера & Co — доска ниже")
    assert "Пары" not in board.text
    assert read(board.text).startswith("Партия началась! Порядок хода (первый — по жребию): ")

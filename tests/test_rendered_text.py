"""Every text and caption of whole games, read as the chat shows it: a game of each of the three games through the
Telegram front end against the fake Bot API (menu groups opened and moves pressed, moves typed, steps taken back,
a skip and an undo put to the vote, the looking commands, /help, /rules, /history, the final board, a rematch
begun and aborted; tests/rendered_play.py), and then everything the bot sent or edited, parsed the way Telegram
parses HTML (tests/telegram_html.py). Telegram takes a text escaped twice without a word; a person then reads
`Ходит <a href="tg://user?id=3">Вера</a>.` This test reads what the person reads: no tag, no character
reference and no tg:// link may show, the players' names (which carry «<» and «&») show as they are, a caption
names the player to move once, and a menu level's caption tells the turn being played.
"""

from __future__ import annotations

import asyncio
import random
import re
from unittest import mock

import pytest

try:
    from tests.fake_bot_api import Call
    from tests.noise_play import quick_pictures, restore_pictures
    from tests.rendered_play import NAMES, play_all
    from tests.telegram_html import leftovers
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from fake_bot_api import Call
    from noise_play import quick_pictures, restore_pictures
    from rendered_play import NAMES, play_all
    from telegram_html import leftovers

GAMES = ("valdora", "kingdom", "sylvan")
SHOWN = ("sendMessage", "sendPhoto", "editMessageText", "editMessageCaption", "editMessageMedia")
TURN_LINE = re.compile(r"^Ходит (.+?)(?: 🤖)?\.$", re.M)
SEED = 2026  # the games' seed: a random deal may leave a game with few menus to open
MARKS = re.compile("↩️|⌛|⏭|✈️|🏁")  # headlines of an undo, a timeout, a skip, a return, a scoring: told once


@pytest.fixture
def pictures():
    saved = quick_pictures()
    yield
    restore_pictures(saved)


def markup_left(text: str) -> list[str]:
    """What still shows as markup in a text as read; the players' own names are text, whatever they hold."""
    for name in NAMES.values():
        text = text.replace(name, "")
    return leftovers(text)


def read_everything(calls: list[Call]) -> tuple[list[str], int]:
    """The complaints about what the chat shows (texts, captions, toasts, buttons), and how many texts were read."""
    problems, read = [], 0
    for call in calls:
        if call.error is not None:
            continue
        if call.method in SHOWN and call.text:
            read += 1
            shown = call.visible
            if left := markup_left(shown):
                problems.append(f"{call.method} shows {left}: {shown[:300]!r}")
            for turn in TURN_LINE.findall(shown):  # «…теперь ходит Аня.» and «Ходит Аня.»: once too many
                if len(re.findall(rf"(?:^|теперь )ходит {re.escape(turn)}", shown, re.I | re.M)) > 1:
                    problems.append(f"{call.method} names the player to move twice: {shown[:300]!r}")
            for name in NAMES.values():
                first = name.split()[0]
                if first in shown and name not in shown and re.search(rf"{first} (&|<|&amp;|&lt;)", shown):
                    problems.append(f"{call.method} shows the name {name!r} wrongly: {shown[:300]!r}")
        if call.method == "answerCallbackQuery" and call.params.get("text"):
            read += 1
            if left := markup_left(str(call.params["text"])):  # a toast is plain text: shown as sent
                problems.append(f"a toast shows {left}: {call.params['text']!r}")
        for label, _ in call.buttons:
            if left := markup_left(label):
                problems.append(f"a button shows {left}: {label!r}")
    return problems, read


def menu_levels(calls: list[Call], menus: list[tuple[int, int]]) -> list[tuple[Call, Call | None]]:
    """(the board redrawn for a menu level, the picture that message showed before) for each menu group opened."""
    pairs = []
    for since, message_id in menus:
        shown = next((c for c in calls[since:] if c.method == "editMessageMedia" and c.message_id == message_id
                      and c.error is None), None)
        before = next((c for c in reversed(calls[:since]) if c.message_id == message_id and c.error is None
                       and c.method in ("sendPhoto", "editMessageMedia")), None)
        if shown is not None:
            pairs.append((shown, before))
    return pairs


@pytest.mark.parametrize("game", GAMES)
def test_every_text_and_caption_of_a_whole_game_reads_without_markup(server, tmp_path, pictures, game):
    with mock.patch.object(random, "SystemRandom", lambda: random.Random(SEED)):  # the same deal every run
        menus = asyncio.run(play_all(server, tmp_path / "bot.db", game))
    calls = list(server.calls)
    problems, read = read_everything(calls)
    assert read > 100, f"only {read} texts were read: the game was not played through"
    assert not problems, f"{len(problems)} texts show markup or say a thing twice:\n" + "\n".join(problems[:25])
    said = " ".join(c.visible for c in calls if c.method in SHOWN)
    for what in ("Партия окончена", "Реванш", "отменяет ход", "Последние ходы", "Порядок хода"):
        assert what in said, f"the game never showed {what!r}: the test did not play what it should"
    assert any(c.method == "editMessageMedia" for c in calls), "no board was redrawn in place"
    levels = menu_levels(calls, menus)
    assert len(levels) >= 5, f"only {len(levels)} menu groups were opened"
    in_turn = 0
    for shown, before in levels:  # a menu level tells the turn being played, never the one before it
        caption = shown.visible
        assert TURN_LINE.fullmatch(caption.splitlines()[-1]), f"no «Ходит …» last: {caption!r}"
        if before is not None and before.method == "editMessageMedia" and not MARKS.search(before.visible):
            in_turn += 1  # the board of a step of this turn (or a level opened on it): the same caption
            assert caption == before.visible, f"the caption changed from {before.visible!r} to {caption!r}"
    if game == "kingdom":  # three builds a turn, each from a menu of rows («Валдора» opens its menus as a turn begins)
        assert in_turn, "no menu was opened in the middle of a turn"

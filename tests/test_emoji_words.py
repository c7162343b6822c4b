"""Words where words are clearer: what a player reads in a whole game of each game (captions, replies, private
notes, toasts) is no string of emoji («🌰🌰🍃🍄🍃🍃🍃🌸» for a stack of dwellings), carries a handful of emoji at
most (a 4-seat «Зодчие» caption carried some 25), and never puts an emoji next to the word it stands for
(«🍄 грибной», «🪓 топор»): an emoji only where it is the game's own symbol. Buttons and the lists of them
(/moves) are the keyboards' business, and the guide (/help, /start, /settings) is not a game's text."""

from __future__ import annotations

import re

import pytest

from rules.registry import GAMES
from tests.test_transcripts import _readable, _transcript_of

EMOJI = re.compile("[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B1B\u2B1C\u2B50]")
RUN = re.compile(f"(?:{EMOJI.pattern}\ufe0f?){{3,}}")  # three emoji in a row, nothing between them
MOST = 4  # emoji in one line of what a player reads
# an emoji with the very word it draws next to it
TWICE = re.compile(r"🍄\s*гриб|🌸\s*цвет|🌰\s*орех|🍃\s*листв|🪓\s*топор|🔨\s*молот|🌉\s*мост|🌲\s*верхуш",
                   re.IGNORECASE)
NOT_READ_HERE = ("button", "/moves", "/help", "/start", "/settings", "inline")


def overloaded(text: str) -> list[str]:
    """The lines of a text that are a string of emoji, carry too many, or say a thing twice."""
    bad = []
    for line in _readable(text).split("\n"):
        if RUN.search(line) or len(EMOJI.findall(line)) > MOST or TWICE.search(line):
            bad.append(line)
    return bad


def test_the_check_finds_what_it_is_meant_to():
    assert overloaded("Стопка (8, сверху): 🌰🌰🍃🍄🍃🍃🍃🌸.")
    assert overloaded("Аня играет карту 🌰 ореховый · 🌉 мост / 🌲 верхушка.")
    assert overloaded("🏆 🥇 🥈 🥉 🎉 Итог")
    assert not overloaded("Аня играет карту «ореховый-мост+верхушка».\n🗳 Голосуем: отдать место автопилоту 🤖?")


@pytest.mark.parametrize("name", GAMES)
def test_what_a_player_reads_in_a_whole_game_is_words(name):
    texts, _ = _transcript_of(name)
    bad = sorted({(where, line) for where, text in texts if not any(w in where for w in NOT_READ_HERE)
                  for line in overloaded(text)})
    assert not bad, bad[:10]

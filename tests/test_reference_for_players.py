"""The rule references are read by players: they tell the rules and how this bot plays them, never the bot's own
history («раньше бот называл…»), and no section forbids a thing in one sentence and makes it the exception in the
next («Нельзя строить на воде… Единственное исключение — вода»)."""

from __future__ import annotations

import re

import pytest

from bot.lookup.reference import parse_reference
from bot.lookup.rulebook import RULES_FOLDER
from bot.lookup.terms import lemmas

GAMES = ["valdora", "sylvan", "kingdom"]
# words that date a sentence: the bot is described as it was, not as it plays
_HISTORY = re.compile(r"\b(раньше|прежде|ранее|прежн\w*|прошл\w* верси\w*|стар\w* верси\w*|теперь|больше не)\b")
_BOT = re.compile(r"\bбот\w*\b")
_BANNED = re.compile(r"\b(нельзя|никогда|запрещ\w*|не может|не могут)\b")
_EXCEPTION = re.compile(r"\bисключени\w*\b")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def _sections(game: str):
    _, sections = parse_reference(game, (RULES_FOLDER / game / "reference.md").read_text(encoding="utf-8"))
    return sections


def history_sentences(text: str) -> list[str]:
    """Sentences that tell what the bot did before rather than what it does."""
    return [s for s in _sentences(text) if _BOT.search(s.lower()) and _HISTORY.search(s.lower())]


def contradictions(text: str) -> list[tuple[str, str]]:
    """(ban, exception) pairs: a sentence that forbids a list of things, and a later one whose exception is one of
    those very things."""
    found = []
    sentences = _sentences(text)
    for i, sentence in enumerate(sentences):
        at = _EXCEPTION.search(sentence.lower())
        if not at:
            continue
        excepted = set(lemmas(sentence[at.end():]))
        for ban in sentences[:i]:
            if _BANNED.search(ban.lower()) and excepted & set(lemmas(ban)):
                found.append((ban, sentence))
    return found


def test_the_checks_catch_their_kind():
    assert history_sentences("Так их зовёт и бот. Раньше бот называл жёлтые гексы «цветочным полем».") == [
        "Раньше бот называл жёлтые гексы «цветочным полем»."]
    assert history_sentences("Бот спрашивает об этом, только когда выбор что-то меняет.") == []
    assert contradictions("Нельзя строить на воде, горах и замках. Единственное исключение — вода: туда можно "
                          "переставить поселение.")
    assert contradictions("Нельзя ходить через воду. Исключение — гавань: из неё можно уплыть.") == []


@pytest.mark.parametrize("game", GAMES)
def test_no_section_tells_the_bot_s_history(game):
    told = {s.id: history_sentences(s.text) for s in _sections(game)}
    assert {sid: found for sid, found in told.items() if found} == {}


@pytest.mark.parametrize("game", GAMES)
def test_no_section_makes_an_exception_of_what_it_forbids(game):
    told = {s.id: contradictions(s.text) for s in _sections(game)}
    assert {sid: found for sid, found in told.items() if found} == {}

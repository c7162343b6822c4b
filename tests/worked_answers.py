"""Reading a worked answer (`bot.lookup.worked`) in tests: the number it states in bold, and every number in it."""

from __future__ import annotations

import re

from bot.lookup.worked import worked


def bold(game: str, question: str) -> int:
    """The first number in bold: the result the reply states."""
    answer = worked(game, question)
    assert answer is not None, question
    return int(re.search(r"<b>\D*(\d+)", answer.text).group(1))


def numbers(game: str, question: str) -> set[int]:
    """Every number the reply states."""
    answer = worked(game, question)
    assert answer is not None, question
    return {int(n) for n in re.findall(r"\d+", answer.text)}

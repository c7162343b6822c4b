"""What the refusal modules share: raising a RuleError, the one-action check, small text helpers."""

from __future__ import annotations

from typing import NoReturn

from rules.protocol import RuleError
from rules.text import count
from rules.valdora.actions import STEP_ACTION
from rules.valdora.hints import command
from rules.valdora.state import State

DONE = {  # what the player already did this turn, for the one-action rule
    "buy": "В этот ход вы уже листали книгу или покупали",
    "mine": "В этот ход вы уже добывали драгоценности",
    "deliver": "В этот ход вы уже сдавали контракты",
    "refill": "В этот ход вы уже пополнили серебро",
    "provisions": "В этот ход вы уже взяли провиант",
}


def fail(message: str, section: str) -> NoReturn:
    raise RuleError(message, section)


def cap(text: str) -> str:
    """The text with a capital first letter: "на Д5" -> "На Д5"."""
    return text[:1].upper() + text[1:]


def one_action(state: State, wanted: str) -> None:
    """Refuse a step that does not belong to the action already begun this turn."""
    done = state.turn.action
    if done is not None and done != STEP_ACTION[wanted]:
        fail(f"{DONE[done]}, а действие за ход только одно. Можно продолжить его или закончить ход: "
             f"{command('end')}.", "valdora.one-action")


def contracts_count(n: int) -> str:
    """ "1 контракт", "3 контракта"."""
    return count(n, "контракт", "контракта", "контрактов")

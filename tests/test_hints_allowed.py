"""A hint offers only what is allowed now: every command a refusal suggests («Например: /return 1 влево»,
«Открыта правая страница: /buy правую», «Укажите дерево: например, «/axe Б3»») is a move the player may make at
that very moment, in all three games. Random games are played; at many of their positions a batch of wrong,
incomplete and meaningless commands is sent, and each command a refusal names is parsed in that position: it
must be legal. The one exception is the model of a hand card in «Зодчие» («/play грибной-топор»): a refusal
may be read by the whole group, so it never names a card of the hand."""

from __future__ import annotations

import random
import re

import pytest

from rules.protocol import RuleError
from rules.registry import GAMES

# a suggested command: /verb and its arguments, up to the end of the clause («/move Д9 или /move A» is two)
SUGGESTED = re.compile(r"/[a-z]+(?: (?!или\b)[^\s«»,;.:()/—]+)*")
MODELS = {"/play грибной-топор"}  # the hand is secret: a model card, never one of the hand
ARGUMENTS = ["", "1", "Д5", "K12", "Б3", "1 влево", "левую", "колода", "сыгранный", "A1 B2", "Б3 В3", "рубин"]


def suggestions(message: str, typed: str) -> list[str]:
    """The commands a refusal suggests, without the typed text it quotes back («Не понимаю «/endx»»)."""
    return [c.strip() for c in SUGGESTED.findall(message.replace(f"«{typed}»", "«»")) if c.strip() not in MODELS]


def probes(game, state, rng: random.Random) -> list[str]:
    names = [name for name, _ in game.commands]
    legal = game.legal_actions(state)
    typed = [f"/{name}" for name in names] + [f"/{name} {rng.choice(ARGUMENTS)}".strip() for name in names]
    return typed + [game.command(state, action) + "ж" for action in legal[:2]]


@pytest.mark.parametrize("name", GAMES)
def test_every_command_a_refusal_suggests_is_allowed_now(name):
    game = GAMES[name]
    bad: dict[str, tuple[str, str, str]] = {}
    for seed in range(2):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new([f"Игрок{i}" for i in range(players)], seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if game.is_over(state):
                break
            for typed in probes(game, state, rng):
                try:
                    game.parse(state, typed)
                except RuleError as refusal:
                    for command in suggestions(refusal.message, typed):
                        try:
                            game.parse(state, command)
                        except RuleError as error:
                            bad.setdefault(refusal.message[:60], (command, refusal.message, error.message))
            legal = game.legal_actions(state)
            game.apply(state, rng.choice(legal) if rng.random() < 0.7 else game.autopilot(state))
    assert not bad, "\n".join(f"{c!r} in {m!r}: {e!r}" for c, m, e in list(bad.values())[:8])


def test_the_suggestions_are_read_as_meant():
    assert suggestions("Например: /move Д9 или /move A.", "/move") == ["/move Д9", "/move A"]
    assert suggestions("Не понимаю «/endx». Сейчас можно: /refill, /end.", "/endx") == ["/refill", "/end"]
    assert suggestions("например «/play грибной-топор» (свои карты)", "/play") == []

"""Valdora's keyboards fit a phone: many legal actions (a move with provisions, mining with a cart and a horse)
are grouped by `menu_path`, at most FLAT buttons a level, every action reachable."""

from __future__ import annotations

import random

import pytest
from positions import fresh, stand

from bot.table import menus
from rules.valdora import GAME
from rules.valdora.labels import FLAT
from rules.valdora.state import no_gems


def levels(paths: list[tuple[str, ...]]):
    """Every level of the menu tree as the bot shows it: (prefix, entries), each group opened once."""
    todo, seen = [()], set()
    while todo:
        prefix, entries = menus.level(paths, todo.pop())
        if prefix in seen:
            continue
        seen.add(prefix)
        yield prefix, entries
        todo += [prefix + (e.label,) for e in entries if e.label is not None]


def check_keyboard(state) -> None:
    legal = GAME.legal_actions(state)
    paths = [GAME.menu_path(state, a) for a in legal]
    reached = set()
    for _prefix, entries in levels(paths):
        assert len(entries) <= FLAT, (legal, [(e.label, legal[e.index]) for e in entries])
        reached |= {e.index for e in entries if e.label is None}
    assert reached == set(range(len(legal)))


def test_a_move_with_provisions_is_grouped_by_the_kind_of_place():
    state = fresh()
    state.players[0].provisions = True
    legal = GAME.legal_actions(state)
    assert len(legal) == 29
    top = menus.level([GAME.menu_path(state, a) for a in legal], ())[1]
    assert [e.label for e in top] == ["🏘 Города и гавани", "🛤 Дороги", "🪙 Серебряные шахты", "🏠 Дома клиентов"]
    assert GAME.menu_path(state, "move Д3") == ("🛤 Дороги", "Д1–Д8")
    check_keyboard(state)


def test_few_actions_stay_on_one_keyboard():
    state = fresh()
    stand(state, "Д9", phase="move")
    assert len(GAME.legal_actions(state)) <= FLAT
    assert all(GAME.menu_path(state, a) == () for a in GAME.legal_actions(state))


def test_mining_with_a_cart_and_a_horse_is_grouped_by_the_gem():
    state = fresh()
    stand(state, "Д1")
    state.roads["Д1"] = no_gems() | {"ruby": 1, "sapphire": 1, "amethyst": 1, "emerald": 1, "gold": 2}
    state.players[0].equipment = {"pan": None, "ruby": None, "cart": None, "horse": None}
    state.players[0].coins = 6
    assert len(GAME.legal_actions(state)) > FLAT
    assert GAME.menu_path(state, "mine рубин телега") == ("⛏ Рубин",)
    assert GAME.menu_path(state, "end") == ()
    check_keyboard(state)


@pytest.mark.parametrize("seed", range(4))
def test_every_keyboard_of_a_random_game_fits_a_phone(seed):
    rng = random.Random(seed)
    state = GAME.new(["Аня", "Борис", "Вера", "Глеб", "Дина"][: 3 + seed % 3], seed=seed)
    while not GAME.is_over(state):
        check_keyboard(state)
        legal = GAME.legal_actions(state)
        GAME.apply(state, rng.choice(legal) if rng.random() < 0.5 else GAME.autopilot(state))

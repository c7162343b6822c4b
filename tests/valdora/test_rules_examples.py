"""Every worked example of the Valdora rulebook, replayed on positions built by editing a fresh state."""

from __future__ import annotations

import pytest
from positions import card, stand
from positions import fresh as fresh_game

from rules.protocol import RuleError
from rules.valdora import GAME
from rules.valdora.state import State, no_gems

NAMES = ("Андрей", "Берни", "Вера", "Глеб", "Дина")  # the rulebook examples' heroes first


def fresh(players: int = 3) -> State:
    return fresh_game(players, names=NAMES)


def texts(events) -> list[str]:
    return [e.text for e in events]


def test_andrey_page_flips_cost_three_coins():
    """Андрей buys, flips for free, pays 1 and flips, buys, pays 2 for two flips: 3 coins for flips."""
    state = fresh()
    stand(state, "C")  # a town with a contract book
    andrey = state.players[0]
    andrey.coins = 6
    bank = state.bank

    GAME.apply(state, "buy right")  # buying first does not use up the free flip
    assert GAME.label(state, "flip next") == "📖 Листать вперёд (бесплатно)"
    GAME.apply(state, "flip next")
    assert GAME.label(state, "flip next") == "📖 Листать вперёд (1 монета)"
    GAME.apply(state, "flip next")
    GAME.apply(state, "buy left")
    GAME.apply(state, "flip next")
    GAME.apply(state, "flip back")
    assert state.turn.flips == 4
    # 2 contracts at 1 coin and 3 paid flips
    assert andrey.coins == 6 - 2 - 3
    assert state.bank == bank + 5
    assert len(andrey.contracts) == 2
    events = GAME.apply(state, "end")
    assert state.current == 1
    assert texts(events) == ["Андрей заканчивает ход.", "Ходит Берни."]


def test_road_mining_example():
    """Road with 2 gold, 1 ruby, 2 sapphires, 1 emerald; free ruby and sapphire tools, gold on the pan."""
    state = fresh()
    stand(state, "Д1")
    state.roads["Д1"] = no_gems() | {"gold": 2, "ruby": 1, "sapphire": 2, "emerald": 1}
    andrey = state.players[0]
    andrey.equipment = {"pan": "gold", "ruby": None, "sapphire": None, "cart": None}
    andrey.coins = 3
    legal = GAME.legal_actions(state)
    assert "mine рубин кирка" in legal and "mine сапфир долото" in legal
    assert "mine изумруд телега" in legal
    assert "mine золото лоток" not in legal  # the pan already carries gold

    GAME.apply(state, "mine рубин кирка")
    GAME.apply(state, "mine сапфир долото")
    with pytest.raises(RuleError) as refused:
        GAME.parse(state, "добыть золото лоток")
    assert "На лотке уже лежит золото" in refused.value.message
    assert refused.value.section == "valdora.tools"
    events = GAME.apply(state, "mine изумруд телега")
    assert events[0].text == "Андрей добывает изумруд на Д1 и кладёт его на телегу за 2 монеты."
    assert andrey.equipment == {"pan": "gold", "ruby": "ruby", "sapphire": "sapphire", "cart": "emerald"}
    assert andrey.coins == 1
    assert state.roads["Д1"] == no_gems() | {"gold": 2, "sapphire": 1}
    # nothing more can be mined (every card used this turn), so the turn ended by itself
    assert state.current == 1 and state.phase == "move"
    assert [e.text for e in events[1:]] == ["Больше здесь делать нечего — ход окончен.",
                                            "Ходит Берни."]


def test_two_red_contracts_take_blue_then_green():
    """Red masters are gone, one blue and one green are left: the first red contract brings the blue
    master, the second the green one."""
    state = fresh(4)
    stand(state, "Красный")
    state.masters = {c: 0 for c in state.masters} | {"blue": 1, "green": 1}
    andrey = state.players[0]
    andrey.equipment = {"pan": None, "ruby": "ruby", "cart": "ruby"}
    andrey.contracts = [card("red", 0), card("red", 1)]
    assert GAME.legal_actions(state) == ["deliver 1 кирка", "deliver 1 телега", "deliver 2 кирка",
                                         "deliver 2 телега", "end"]
    assert GAME.parse(state, "сдать 1") == "deliver 1 кирка"  # tools first by default
    first = GAME.apply(state, "сдать 1")
    assert texts(first)[:2] == ["Андрей сдаёт контракт красному клиенту и отдаёт рубин с кирки.",
                                "Андрей нанимает синего мастера (красных мастеров уже нет)."]
    second = GAME.apply(state, "deliver 1")
    assert "Андрей нанимает зелёного мастера" in " ".join(texts(second))
    assert andrey.masters == {"blue": 1, "green": 1}
    assert state.masters["blue"] == 0 and state.masters["green"] == 0
    assert state.final_round  # at most one colour (here none) of masters left
    assert state.discard["ruby"] == 2


def test_berni_opens_purple_then_blue_workshop():
    """Берни's example: last purple master and the purple workshop, then a bonus card, the blue master
    (purple and red are gone) and the blue workshop."""
    state = fresh(4)
    stand(state, "Фиолетовый", seat=1)
    state.masters.update({"purple": 1, "red": 0, "blue": 1})
    berni = state.players[1]
    berni.masters = {"purple": 1, "blue": 1}
    berni.equipment = {"pan": None, "amethyst": "amethyst", "cart": "amethyst"}
    berni.contracts = [card("purple", 0), card("purple", 1)]
    assert state.workshops["purple"] is None and state.workshops["blue"] is None

    first = GAME.apply(state, "deliver 1 молот")
    assert [e.kind for e in first] == ["deliver", "master", "workshop"]
    assert berni.masters == {"purple": 2, "blue": 1}
    assert state.workshops["purple"] == 1 and berni.workshops == ["purple"]
    assert first[2].text == "Берни открывает фиолетовую мастерскую (10 очков)."

    second = GAME.apply(state, "сдать 1")
    assert [e.kind for e in second[:4]] == ["deliver", "bonus", "master", "workshop"]
    assert berni.bonuses == 1 and state.bonuses_left == 12
    assert berni.masters == {"purple": 2, "blue": 2}
    assert state.workshops["blue"] == 1 and berni.workshops == ["purple", "blue"]
    assert "фиолетовых мастеров уже нет" in second[2].text
    assert state.masters["purple"] == 0 and state.masters["blue"] == 0

"""What people type, button labels, the public view, and the modules' doctests."""

from __future__ import annotations

import doctest
import importlib
import json

import pytest
from positions import card, fresh, stand

from rules.protocol import RuleError
from rules.text import plural
from rules.valdora import GAME, SECTIONS
from rules.valdora.data import CONTRACT_FACES
from rules.valdora.state import no_gems


@pytest.mark.parametrize("module", [
    "rules.text", "rules.valdora", "rules.valdora.data", "rules.valdora.state", "rules.valdora.movement",
    "rules.valdora.books", "rules.valdora.actions", "rules.valdora.engine", "rules.valdora.notation",
    "rules.valdora.scoring", "rules.valdora.view", "rules.valdora.board", "rules.valdora.hints",
    "rules.valdora.labels",
])
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0


def test_plural():
    assert [f"{n} {plural(n, 'монета', 'монеты', 'монет')}" for n in (1, 2, 5, 11, 21, 104)] == [
        "1 монета", "2 монеты", "5 монет", "11 монет", "21 монета", "104 монеты"]


@pytest.mark.parametrize("text, action", [
    ("д9", "move Д9"), ("Д9", "move Д9"), ("  иду   д9 ", "move Д9"), ("ход д9", "move Д9"),
    ("d9", "move Д9"),
    ("/move Д9", "move Д9"), ("/move@ValdoraBot д9", "move Д9"), ("фиол", "move Фиолетовый"),
    ("Фиолетовый", "move Фиолетовый"), ("в", "move B"), ("v", "move B"), ("b", "move B"), ("г", "move D"),
    ("а", "move A"), ("a", "move A"), ("с", "move C"), ("c", "move C"), ("д", "move D"), ("d", "move D"),
    ("б", "move B"), ("/move город с", "move C"), ("иду в город D", "move D"),
    ("на д12", "move Д12"), ("grey", "move Серый"), ("ш3", "move Ш3"), ("sh3", "move Ш3"),
    ("белый", "move Белый"), ("move Белый", "move Белый"), ("иду на д9", "move Д9"), ("иду в г", "move D"),
    ("иду к белому", "move Белый"), ("до белого", "move Белый"), ("к фиолетовому", "move Фиолетовый"),
])
def test_parse_moves(text, action):
    assert GAME.parse(fresh(), text) == action


def test_parse_harbour_names_and_yo():
    state = fresh()
    state.players[0].position = "Д3"
    assert GAME.parse(state, "гавань") == "move Гавань"
    state.players[0].position = "Д9"
    state.players[1].position = state.players[2].position = "Ш1"
    assert GAME.parse(state, "port") == "move Порт" and GAME.parse(state, "порт") == "move Порт"
    state.players[0].position = "Ш1"
    assert GAME.parse(state, "желтый") == "move Жёлтый"
    assert GAME.parse(state, "ЖЁЛТЫЙ") == "move Жёлтый"


def test_unknown_and_ambiguous_places():
    state = fresh()
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "иду марс")
    assert err.value.message.startswith("Не знаю места «марс»") and err.value.section == "valdora.board"
    # the examples are places one may go to now (a hint offers only what is allowed now)
    assert "например /move A, /move Д9 или /move Ш3." in err.value.message
    assert all(GAME.parse(state, f"/move {place}") for place in ("A", "Д9", "Ш3"))
    with pytest.raises(RuleError) as err:
        GAME.parse(state, "п")
    assert "подходит к нескольким местам: Порт и Пристань" in err.value.message


def test_parse_book_actions():
    state = fresh()
    stand(state, "C")
    state.players[0].coins = 6
    assert GAME.parse(state, "купить правую") == "buy right"
    assert GAME.parse(state, "купить справа") == "buy right"
    assert GAME.parse(state, "листать вперёд") == "flip next"
    assert GAME.parse(state, "листать") == "flip next"
    GAME.apply(state, "flip next")
    assert GAME.parse(state, "листать назад") == "flip back"
    for text in ("купить левую", "купить слева", "buy left", "КУПИТЬ ЛЕВУЮ", "/buy left"):
        assert GAME.parse(state, text) == "buy left"
    state.players[0].contracts = [card("grey"), card("red"), card("blue")]
    assert GAME.parse(state, "вернуть 2 влево") == "return 2 left"
    assert GAME.parse(state, "вернуть 3 направо") == "return 3 right"
    for text in ("конец", "пас", "всё", "Все", "end", "/end"):
        assert GAME.parse(state, text) == "end"


def test_parse_mining_and_delivery_and_others():
    state = fresh()
    stand(state, "Д1")
    state.roads["Д1"] = no_gems() | {"ruby": 1, "gold": 1}
    state.players[0].equipment = {"pan": None, "ruby": None, "cart": None}
    state.players[0].coins = 6
    assert GAME.parse(state, "добыть рубин") == "mine рубин кирка"
    assert GAME.parse(state, "копать рубин") == "mine рубин кирка"
    assert GAME.parse(state, "рубин на телегу") == "mine рубин телега"
    assert GAME.parse(state, "добыть золото") == "mine золото лоток"
    assert GAME.parse(state, "mine золото телега") == "mine золото телега"
    stand(state, "Красный")
    state.players[0].equipment = {"pan": None, "ruby": "ruby"}
    state.players[0].contracts = [card("red")]
    assert GAME.parse(state, "сдать 1") == "deliver 1"
    assert GAME.parse(state, "доставить 1") == "deliver 1"
    assert GAME.parse(state, "сдать") == "deliver 1"
    stand(state, "Ш2")
    state.players[0].coins = 2
    assert GAME.parse(state, "серебро") == "refill" and GAME.parse(state, "пополнить") == "refill"
    stand(state, "D")
    assert GAME.parse(state, "провиант") == "provisions" and GAME.parse(state, "еда") == "provisions"


def test_labels():
    state = fresh()
    assert GAME.label(state, "move Д9") == "➡️ Д9"
    state.players[1].position = "Д9"
    assert GAME.label(state, "move Д9") == "➡️ Д9 −1 монета"
    state.players[0].provisions = True
    assert GAME.label(state, "move Д1") == "➡️ Д1 🍞"
    stand(state, "A")
    state.books[0].right[-1] = ["cart", "horse"]
    state.players[0].equipment["pan"] = "gold"
    assert GAME.label(state, "buy right") == "🛒 Справа: Телега"
    assert GAME.label(state, "flip next") == "📖 Листать вперёд (бесплатно)"
    assert GAME.label(state, "provisions") == "🍞 Взять провиант"
    assert GAME.label(state, "end") == "✅ Конец хода"
    assert GAME.label(state, "mine рубин кирка") == "⛏ Рубин → кирка"
    assert GAME.label(state, "mine изумруд телега") == "⛏ Изумруд → телега (2 монеты)"
    assert GAME.label(state, "refill") == "💰 Пополнить серебро"
    state.players[0].contracts = [card("red")]
    assert GAME.label(state, "deliver 1") == "📜 Сдать красный (рубин)"
    assert GAME.label(state, "return 1 left") == "📤 Вернуть красный (рубин) влево"


def test_events_name_the_player_in_russian():
    state = fresh()
    events = GAME.apply(state, "д9")
    assert events[0].text == "Аня идёт на Д9." and events[0].kind == "move"


def test_sections_are_exported():
    assert "valdora.movement" in SECTIONS and len(SECTIONS) == 28
    assert {"valdora.return", "valdora.cart-horse", "valdora.tools", "valdora.empty-book"} <= set(SECTIONS)


def test_view_schema_and_secrets():
    state = fresh()
    anya, boris = state.players[0], state.players[1]
    anya.delivered = [card("red")[0]]
    boris.delivered = [card("grey")[0]]
    anya.contracts = [card("white")]
    anya.equipment = {"pan": "gold", "cart": None}
    view = GAME.view(state, 0)
    json.dumps(view)
    assert set(view) >= {"game", "seat", "players", "current_seat", "first_seat", "round", "phase", "turn",
                         "final_round", "over", "board", "discard", "bank", "books", "masters", "workshops",
                         "bonuses_left", "scores", "winners"}
    me, other = view["players"][0], view["players"][1]
    assert set(me) >= {"seat", "name", "coins", "provisions", "position", "equipment", "contracts",
                       "delivered", "delivered_contracts", "contract_points", "masters", "workshops",
                       "bonuses"}
    assert me["equipment"] == [{"kind": "pan", "name": "Лоток", "gem": "gold", "cost": 0},
                               {"kind": "cart", "name": "Телега", "gem": None, "cost": 2}]
    assert me["contracts"] == [{"type": "contract", "client": "white",
                                "wants": {"ruby": 1, "sapphire": 1, "gold": 1}, "points": 10}]
    assert me["delivered"] == 1 and me["delivered_contracts"][0]["client"] == "red"
    assert me["contract_points"] == CONTRACT_FACES[card("red")[0]].points
    assert other["delivered"] == 1
    assert other["delivered_contracts"] is None and other["contract_points"] is None
    assert view["turn"] == {"flips": 0, "action": None, "mined": 0}
    assert view["phase"] == "move" and view["round"] == 1
    assert view["scores"] is None and view["winners"] is None
    assert view["masters"][0] == {"colour": "grey", "left": 9}
    assert view["workshops"][3] == {"colour": "purple", "need": 2, "points": 10, "owner": None}
    book = view["books"][0]
    assert set(book) == {"town", "kind", "left", "right", "left_count", "right_count"}
    assert book["left"] is None and book["right"]["type"] == "equipment" and book["right_count"] == 18
    assert set(book["right"]) == {"type", "kind", "name", "cost"}
    spaces = {s["name"]: s for s in view["board"]["spaces"]}
    assert sum(spaces["Д1"]["gems"].values()) == 6 and all(spaces["Д1"]["gems"].values())
    assert spaces["Порт"]["gems"] == {} and spaces["Гавань"]["ships"] == 2
    assert view["discard"] == {}
    # the public view hides every delivered contract
    public = GAME.view(state)
    assert all(p["delivered_contracts"] is None for p in public["players"])
    assert "right_stack" not in json.dumps(public)


@pytest.mark.parametrize("text", ["пожалуйста д9", "/move д9 пожалуйста", "Давай, /move Д9, пожалуйста!",
                                  "плиз д9", "иду на д9 плиз", "/move@ValdoraBot д9, пжлст", "д9."])
def test_polite_words_never_break_a_move(text):
    assert GAME.parse(fresh(), text) == "move Д9"


def test_polite_words_never_break_an_action():
    state = fresh()
    stand(state, "B")
    state.players[0].coins = 3
    assert GAME.parse(state, "давай /flip вперёд, пожалуйста") == "flip next"
    assert GAME.parse(state, "плиз конец") == "end"
    assert GAME.parse(state, "/provisions пожалуйста") == "provisions"


def test_a_refusal_quotes_what_was_typed_slash_and_all():
    with pytest.raises(RuleError) as err:
        GAME.parse(fresh(), "/Абракадабра")
    assert err.value.message.startswith("Не понимаю «/Абракадабра».")

"""One test (at least) per Valdora rule: allowed when the rules allow, refused with a clear Russian
message and the right section otherwise, and a refusal never changes the state."""

from __future__ import annotations

import json

import pytest
from positions import NAMES, card, fresh, stand

from rules.protocol import RuleError
from rules.valdora import GAME
from rules.valdora.data import MAX_COINS
from rules.valdora.engine import end_turn
from rules.valdora.movement import routes
from rules.valdora.state import State, no_gems


def refused(state: State, text: str, fragment: str, section: str) -> str:
    """Apply `text`, expect a refusal containing `fragment` with `section`, and no change at all."""
    before = json.dumps(GAME.dump(state), sort_keys=True)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, text)
    assert fragment in err.value.message, err.value.message
    assert err.value.section == section
    assert json.dumps(GAME.dump(state), sort_keys=True) == before
    return err.value.message


# --- setup -------------------------------------------------------------------------------------------


def test_setup_coins_gems_books_masters():
    state = GAME.new(NAMES[:4], seed=5)
    first = state.first_seat
    assert [state.players[(first + i) % 4].coins for i in range(4)] == [1, 2, 3, 4]
    assert state.bank == 30 - 10
    assert all(p.position == "Порт" and not p.provisions and p.equipment == {"pan": None}
               for p in state.players)
    assert all(sum(pile.values()) == 6 for pile in state.roads.values()) and len(state.roads) == 13
    assert sum(sum(p.values()) for p in state.roads.values()) == 78
    assert [len(b.right) for b in state.books] == [18, 18, 27, 27]
    assert sum(state.masters.values()) == 39 and state.bonuses_left == 13
    assert GAME.new(NAMES[:4], seed=5) == state  # deterministic


def test_three_players_remove_one_master_of_each_gem_colour():
    state = fresh(3)
    assert state.masters == {"grey": 9, "yellow": 9, "white": 5, "purple": 3, "red": 3, "blue": 3, "green": 3}
    assert sum(fresh(5).masters.values()) == 39


def test_player_count_is_checked():
    with pytest.raises(RuleError) as err:
        GAME.new(["Аня", "Борис"], seed=1)
    assert err.value.section == "valdora.players" and "от 3 до 5 игроков" in err.value.message


# --- movement ----------------------------------------------------------------------------------------


def test_a_town_stops_you_without_provisions():
    state = fresh()
    refused(state, "д1", "Через город A без провианта не пройти", "valdora.movement")
    assert "move A" in GAME.legal_actions(state)  # ending on the town itself is fine
    # every reason at once: the town on the way, and the meeting there that cannot be paid
    state.players[1].position = "Д1"
    state.players[0].coins = 0
    message = refused(state, "д1", "Через город A без провианта не пройти", "valdora.movement")
    assert message.endswith("Кроме того, не хватает монет: встреча на Д1 стоит 1 монету (Борис), а у вас 0 монет.")


def test_provisions_pass_exactly_one_town_and_are_spent():
    state = fresh()
    anya = state.players[0]
    anya.provisions = True
    assert "move Д1" in GAME.legal_actions(state)
    two = next(d for d, r in routes("Д1").items() if len(r.towns) == 2)
    stand(state, "Д1", phase="move")
    message = refused(state, f"move {two}", "провианта хватает только на один город", "valdora.provisions")
    assert "города" in message
    stand(state, "Порт", phase="move")
    events = GAME.apply(state, "д1")
    assert not anya.provisions and events[0].text == "Аня идёт на Д1 через город A и тратит провиант."


def test_provisions_are_kept_when_no_town_is_passed():
    state = fresh()
    state.players[0].provisions = True
    events = GAME.apply(state, "д9")
    assert state.players[0].provisions and "провиант" not in events[0].text


def test_leaving_the_start_town_is_not_passing_it():
    state = fresh()
    stand(state, "A", phase="move")
    assert {"move Д1", "move Д8", "move Серый"} <= set(GAME.legal_actions(state))


def test_you_may_not_end_where_you_started():
    state = fresh()
    refused(state, "порт", "Остаться на месте", "valdora.movement")
    assert "move Порт" not in GAME.legal_actions(state)


def test_meeting_pays_each_pawn_and_a_seventh_coin_goes_to_the_bank():
    state = fresh(4)
    anya, boris, vera, gleb = state.players
    boris.position = vera.position = "Д9"
    anya.coins, boris.coins, vera.coins = 3, 6, 2
    bank = state.bank
    events = GAME.apply(state, "д9")
    assert (anya.coins, boris.coins, vera.coins) == (1, 6, 3)
    assert state.bank == bank + 1
    assert events[0].text == ("Аня идёт на Д9 и платит за встречу 2 монеты. Вера получает монету. "
                              "Борис уже держит 6 монет, эта монета уходит в банк.")


def test_you_may_not_stop_where_you_cannot_pay_everyone():
    state = fresh()
    state.players[1].position = state.players[2].position = "Д9"
    state.players[0].coins = 1
    refused(state, "д9", "Не хватает монет: встреча на Д9 стоит 2 монеты (Борис и Вера), а у вас 1 монета.",
            "valdora.meeting")
    assert "move Д9" not in GAME.legal_actions(state)
    state.players[2].position = "Порт"
    assert "move Д9" in GAME.legal_actions(state)


def test_silver_mines_are_free_to_share():
    state = fresh()
    state.players[1].position = state.players[2].position = "Ш3"
    state.players[0].coins = 0
    GAME.apply(state, "ш3")
    assert [p.coins for p in state.players] == [0, 2, 3]


def test_pass_only_when_no_destination_exists(monkeypatch):
    state = fresh()
    refused(state, "pass", "Пропустить ход нельзя: сходить есть куда", "valdora.movement")
    # On our board every space has at least five mine-free destinations that pass no town, so four other
    # pawns can never box a player in; the house rule is tested by taking every destination away.
    monkeypatch.setattr("rules.valdora.actions.move_options", lambda *args: [])
    assert GAME.legal_actions(state) == ["pass"]
    assert GAME.parse(state, "пас") == "pass" and GAME.parse(state, "конец") == "pass"
    events = GAME.apply(state, "pass")
    assert events[0].text == "Аня пропускает ход: сходить некуда."
    assert state.current == 1 and state.players[0].position == "Порт"


def test_no_coins_still_reach_a_silver_mine():
    state = fresh(5)
    stand(state, "Д10", phase="move")
    state.players[0].coins = 0
    others = ["Порт", "Д11", "Фиолетовый", "Ш3"]
    for seat, space in enumerate(others, start=1):
        state.players[seat].position = space
    legal = GAME.legal_actions(state)
    assert "move Ш3" in legal and "move Порт" not in legal and "move Д11" not in legal


# --- turn structure ---------------------------------------------------------------------------------


def test_you_must_move_before_acting_and_only_once():
    state = fresh()
    refused(state, "конец", "Закончить ход, не сходив, нельзя", "valdora.turn")
    refused(state, "провиант", "Сначала нужно передвинуть фишку", "valdora.turn")
    GAME.apply(state, "д9")
    stand(state, "Д9")  # keep the action phase even if nothing could be done
    refused(state, "д12", "Вы уже сходили в этот ход", "valdora.turn")


def test_turn_ends_by_itself_when_only_end_is_left():
    state = fresh()
    stand(state, "Д9", phase="move")
    state.players[0].position = "Порт"
    state.roads["Д9"] = no_gems() | {"ruby": 6}  # no кирка, no cart: nothing to mine
    events = GAME.apply(state, "д9")
    assert state.current == 1 and [e.text for e in events[1:]] == [
        "На Д9 делать нечего — ход окончен.", "Ходит Борис."]
    assert [e.kind for e in events] == ["move", "auto_end", "turn"] and events[1].data == {"seat": 0}


def test_gibberish_is_explained():
    state = fresh()
    message = refused(state, "абракадабра", "Не понимаю «абракадабра»", "valdora.turn")
    assert "например" in message


# --- buying ------------------------------------------------------------------------------------------


def test_equipment_costs_one_gold_and_goes_to_the_discard():
    state = fresh()
    stand(state, "A")
    state.books[0].right[-1] = ["cart", "horse"]
    anya = state.players[0]
    refused(state, "купить справа", "Снаряжение стоит 1 золото", "valdora.equipment")
    anya.equipment["pan"] = "gold"
    GAME.apply(state, "купить справа")
    assert anya.equipment == {"pan": None, "cart": None}
    assert state.discard["gold"] == 1 and len(state.books[0].right) == 17


def test_second_equipment_of_a_kind_is_refused():
    state = fresh()
    stand(state, "A")
    state.books[0].right[-1] = ["cart", "horse"]
    state.players[0].equipment = {"pan": "gold", "cart": None}
    refused(state, "buy right", "У вас уже есть телега", "valdora.equipment")


def test_gold_on_several_cards_gives_a_choice_of_payment():
    state = fresh()
    stand(state, "A")
    state.books[0].right[-1] = ["horse", "cart"]
    state.players[0].equipment = {"pan": "gold", "cart": "gold"}
    assert [a for a in GAME.legal_actions(state) if a.startswith("buy")] == ["buy right лоток",
                                                                           "buy right телега"]
    assert GAME.parse(state, "купить правую") == "buy right лоток"
    GAME.apply(state, "buy right телега")
    assert state.players[0].equipment == {"pan": "gold", "cart": None, "horse": None}


def test_fourth_contract_refused_then_return_and_buy():
    state = fresh()
    stand(state, "C")
    anya = state.players[0]
    anya.coins = 2
    anya.contracts = [card("grey", 0), card("red", 0), card("blue", 0)]
    refused(state, "купить справа", "У вас уже 3 контракта", "valdora.contracts")
    book = state.books[2]
    left_before = len(book.left)
    GAME.apply(state, "вернуть 2 влево")
    assert book.left[-1] == card("red", 0) and len(book.left) == left_before + 1
    assert [c[0] for c in anya.contracts] == [card("grey", 0)[0], card("blue", 0)[0]]
    assert anya.coins == 2  # no refund
    GAME.apply(state, "buy left")  # the returned contract is visible on the left again
    assert anya.contracts[-1] == card("red", 0) and anya.coins == 1


def test_return_only_with_three_contracts_and_only_in_a_contract_town():
    state = fresh()
    stand(state, "C")
    state.players[0].contracts = [card("grey", 0)]
    refused(state, "вернуть 1 влево", "когда их уже три, а у вас 1 контракт", "valdora.return")
    stand(state, "A")
    refused(state, "вернуть 1 влево", "только в книгу контрактов", "valdora.return")


def test_a_full_hand_without_a_coin_is_told_both_and_offered_no_return():
    """A return needs the coin for the new contract: the refusal names both reasons and suggests no /return
    (every command a refusal suggests is allowed now)."""
    state = fresh()
    stand(state, "C")
    anya = state.players[0]
    anya.coins = 0
    anya.contracts = [card("grey", 0), card("red", 0), card("blue", 0)]
    message = refused(state, "купить справа", "У вас уже 3 контракта", "valdora.contracts")
    assert "монет нет" in message and "/return" not in message
    assert not [a for a in GAME.legal_actions(state) if a.startswith("return ")]
    anya.coins = 1
    message = refused(state, "купить справа", "сначала верните один", "valdora.contracts")
    assert "/return 1 влево" in message and "return 1 left" in GAME.legal_actions(state)


def test_contract_costs_a_coin():
    state = fresh()
    stand(state, "D")
    state.players[0].coins = 0
    refused(state, "купить справа", "Контракт стоит 1 монету, а у вас монет нет", "valdora.contracts")


def test_flips_cost_after_the_first_and_need_pages():
    state = fresh()
    stand(state, "B")
    anya = state.players[0]
    anya.coins = 0
    anya.equipment["pan"] = "gold"  # so that buying keeps the turn open after the flip
    refused(state, "листать назад", "Слева страниц нет", "valdora.flip")
    GAME.apply(state, "листать")
    refused(state, "листать вперёд", "каждое следующее стоит 1 монету — у вас монет нет", "valdora.flip")
    refused(state, "листать назад", "каждое следующее стоит 1 монету", "valdora.flip")
    assert GAME.legal_actions(state) == ["buy left", "buy right", "end"]
    anya.equipment["pan"] = None
    stand(state, "B", phase="move")
    state.players[0].position = "Д4"
    GAME.apply(state, "b")
    GAME.apply(state, "листать")
    assert state.current == 1  # no gold, no coins: after the free flip only "end" was left

def test_no_provisions_after_a_flip():
    state = fresh()
    stand(state, "B")
    GAME.apply(state, "flip next")
    refused(state, "провиант", "В этот ход вы уже листали книгу или покупали", "valdora.one-action")


def test_buying_elsewhere_is_refused():
    state = fresh()
    stand(state, "Д9")
    state.roads["Д9"]["gold"] = 1
    refused(state, "купить слева", "только в городе с книгой", "valdora.buy")
    refused(state, "листать", "только в городе с книгой", "valdora.flip")


def test_empty_book_still_allows_provisions():
    state = fresh()
    stand(state, "B")
    book = state.books[1]
    book.left, book.right = [], []
    assert GAME.legal_actions(state) == ["provisions", "end"]
    refused(state, "купить слева", "Книга в городе B пуста — купить здесь нечего. Провиант взять можно: "
            "/provisions.", "valdora.empty-book")
    refused(state, "листать", "Книга в городе B пуста — листать нечего", "valdora.empty-book")
    GAME.apply(state, "провиант")
    assert state.players[0].provisions and state.current == 1


# --- mining ------------------------------------------------------------------------------------------


def test_harbour_takes_from_the_discard_up_to_its_ships():
    state = fresh()
    stand(state, "Гавань")
    anya = state.players[0]
    anya.equipment = {"pan": None, "ruby": None, "cart": None, "horse": None}
    anya.coins = 6
    refused(state, "добыть рубин", "Сброс пуст", "valdora.harbour")
    state.discard["ruby"] = 3
    GAME.apply(state, "добыть рубин")
    assert anya.equipment["ruby"] == "ruby" and state.turn.mined == 1
    GAME.apply(state, "добыть рубин")  # the cart (an empty cart before the horse)
    assert anya.equipment["cart"] == "ruby" and anya.coins == 4
    assert state.current == 1  # two ships, two gems: the turn ended by itself
    assert state.discard["ruby"] == 1


def test_harbour_ship_limit_message():
    state = fresh()
    stand(state, "Гавань")
    state.discard["ruby"] = 3
    state.players[0].equipment = {"pan": None, "ruby": None}
    state.turn.action, state.turn.mined = "mine", 2
    refused(state, "добыть рубин", "Здесь 2 корабля, поэтому за ход можно взять из сброса только 2 "
            "драгоценности", "valdora.harbour")


def test_harbour_town_counts_as_a_harbour_with_one_ship():
    state = fresh()
    stand(state, "Порт")
    state.discard["gold"] = 2
    legal = GAME.legal_actions(state)
    assert legal == ["mine золото лоток", "provisions", "end"]
    GAME.apply(state, "mine золото лоток")
    assert state.current == 1 and state.discard["gold"] == 1


def test_cart_and_horse_cost_coins_and_may_dump():
    state = fresh()
    stand(state, "Д1")
    state.roads["Д1"] = no_gems() | {"ruby": 2, "emerald": 1}
    anya = state.players[0]
    anya.equipment = {"pan": None, "cart": "sapphire", "horse": None}
    anya.coins = 2
    refused(state, "mine рубин лошадь", "Погрузка на лошадь стоит 3 монеты, а у вас 2 монеты.",
            "valdora.cart-horse")
    events = GAME.apply(state, "mine рубин телега")
    assert events[0].text == ("Аня выбрасывает сапфир с телеги в сброс, добывает рубин на Д1 и кладёт его на "
                              "телегу за 2 монеты.")
    assert anya.equipment["cart"] == "ruby" and anya.coins == 0 and state.discard["sapphire"] == 1
    assert state.current == 1


def test_default_mining_takes_an_empty_cart_and_never_dumps():
    state = fresh()
    stand(state, "Д1")
    state.roads["Д1"] = no_gems() | {"ruby": 2}
    state.players[0].equipment = {"pan": None, "cart": "gold", "horse": None}
    state.players[0].coins = 6
    assert GAME.parse(state, "копать рубин") == "mine рубин лошадь"
    state.players[0].equipment["horse"] = "gold"
    # only an explicit choice throws a gem away (rulebook: the player may dump it, nothing says it happens)
    message = refused(state, "копать рубин", "Свободного места для рубина нет (на телеге золото и на лошади "
                      "золото)", "valdora.cart-horse")
    assert "/mine рубин телега — золото с телеги уйдёт в сброс, погрузка стоит 2 монеты" in message
    assert "/mine рубин лошадь — золото с лошади уйдёт в сброс, погрузка стоит 3 монеты" in message
    assert GAME.parse(state, "/mine рубин телега") == "mine рубин телега"


def test_gems_on_tools_cannot_be_dumped():
    state = fresh()
    stand(state, "Д1")
    state.roads["Д1"] = no_gems() | {"ruby": 2, "gold": 1}
    state.players[0].equipment = {"pan": None, "ruby": "ruby"}
    refused(state, "mine рубин кирка", "с инструмента драгоценность не выбросить", "valdora.tools")
    refused(state, "добыть рубин", "Рубин некуда положить: на кирке уже лежит рубин", "valdora.mining")


def test_a_cart_is_loaded_again_by_dumping_and_paying_again_and_only_what_lies_here():
    state = fresh()
    stand(state, "Д1")
    state.roads["Д1"] = no_gems() | {"ruby": 2, "gold": 1}
    anya = state.players[0]
    anya.equipment = {"pan": None, "cart": None}
    anya.coins = 6
    refused(state, "добыть сапфир", "На Д1 нет сапфиров", "valdora.mining")
    refused(state, "mine рубин лоток", "Лоток годится только для золота", "valdora.tools")
    GAME.apply(state, "mine рубин телега")
    # rulebook: no limit of one load a turn; the gem on the cart goes to the discard and the load is paid again
    assert "mine рубин телега" in GAME.legal_actions(state)
    events = GAME.apply(state, "mine рубин телега")
    assert events[0].text == ("Аня выбрасывает рубин с телеги в сброс, добывает рубин на Д1 и кладёт его на "
                              "телегу за 2 монеты.")
    assert anya.coins == 2 and state.discard["ruby"] == 1 and state.roads["Д1"]["ruby"] == 0
    refused(state, "провиант", "Провиант можно взять только в городе", "valdora.provisions")


def test_mining_elsewhere_is_refused():
    state = fresh()
    stand(state, "Серый")
    state.players[0].contracts = [card("grey")]
    state.players[0].coins = 1
    refused(state, "добыть золото", "Добывать можно на дороге", "valdora.mining")


# --- delivering ---------------------------------------------------------------------------------------


def test_delivery_needs_the_contract():
    state = fresh()
    stand(state, "Красный")
    state.players[0].equipment = {"pan": None, "ruby": "ruby"}
    state.players[0].contracts = [card("grey")]
    state.players[0].coins = 0
    message = refused(state, "сдать 1", "Контракт 1 — для серого клиента, а это дом красного клиента.",
                      "valdora.contract-types")
    # every reason at once: the wrong house, and the coins the grey client orders
    assert "Кроме того, контракт 1 требует 1 монету, а у вас 0 монет." in message
    state.players[0].coins = 5
    message = refused(state, "сдать 1", "Контракт 1 — для серого клиента", "valdora.contract-types")
    assert "Кроме того" not in message
    state.players[0].contracts = []
    refused(state, "сдать", "У вас нет открытых контрактов", "valdora.deliver")


def test_delivery_pays_coins_and_gems():
    state = fresh()
    stand(state, "Серый")
    anya = state.players[0]
    anya.contracts = [card("grey", 9)]  # 3 coins
    anya.coins = 2
    refused(state, "сдать 1", "Контракт 1 требует 3 монеты, а у вас 2 монеты.", "valdora.grey-contracts")
    anya.coins = 4
    bank = state.bank
    GAME.apply(state, "сдать 1")
    assert anya.coins == 1 and state.bank == bank + 3 and anya.delivered == [card("grey", 9)[0]]
    assert anya.masters == {"grey": 1}

    stand(state, "Белый")
    anya.contracts = [card("white", 0)]  # ruby + sapphire + gold
    anya.equipment = {"pan": "gold", "ruby": "ruby", "cart": "emerald"}
    refused(state, "сдать 1", "Для контракта 1 не хватает сапфира.", "valdora.deliver")
    anya.equipment["cart"] = "sapphire"
    GAME.apply(state, "deliver 1")
    assert anya.equipment == {"pan": None, "ruby": None, "cart": None}
    assert state.discard == no_gems() | {"ruby": 1, "sapphire": 1, "gold": 1}
    assert anya.masters == {"grey": 1, "white": 1}


def test_delivery_sources_must_fit():
    state = fresh()
    stand(state, "Жёлтый")
    anya = state.players[0]
    anya.contracts = [card("yellow")]
    anya.equipment = {"pan": "gold", "cart": "gold"}
    assert GAME.parse(state, "сдать 1 телега") == "deliver 1 телега"
    refused(state, "сдать 1 лошадь", "Так сдать нельзя", "valdora.deliver")


def test_delivering_elsewhere_is_refused():
    state = fresh()
    stand(state, "Д9")
    state.roads["Д9"]["gold"] = 1
    refused(state, "сдать 1", "Контракты сдают в доме клиента", "valdora.deliver")


def test_no_master_when_none_are_left():
    state = fresh()
    stand(state, "Серый")
    state.masters = {c: 0 for c in state.masters}
    state.final_round = True
    anya = state.players[0]
    anya.contracts = [card("grey")]
    events = GAME.apply(state, "сдать 1")
    assert events[1].text == "Мастеров больше нет — за этот контракт мастер не полагается."
    assert anya.masters == {}


def test_workshop_goes_to_the_first_only():
    state = fresh(4)
    stand(state, "Красный")
    state.workshops["red"] = 2
    state.players[2].workshops = ["red"]
    anya = state.players[0]
    anya.masters = {"red": 1}
    anya.equipment = {"pan": None, "ruby": "ruby"}
    anya.contracts = [card("red")]
    events = GAME.apply(state, "deliver 1")
    assert anya.masters == {"red": 2} and anya.workshops == [] and "workshop" not in [e.kind for e in events]
    assert not anya.bonuses  # the bonus needs one's own workshop of the contract's colour


def test_bonus_only_while_cards_last():
    state = fresh(4)
    stand(state, "Красный")
    state.workshops["red"] = 0
    anya = state.players[0]
    anya.workshops = ["red"]
    anya.equipment = {"pan": None, "ruby": "ruby"}
    anya.contracts = [card("red")]
    state.bonuses_left = 0
    GAME.apply(state, "deliver 1")
    assert anya.bonuses == 0


# --- silver and provisions ----------------------------------------------------------------------------


def test_refill_up_to_six_bounded_by_the_bank():
    state = fresh()
    stand(state, "Ш1")
    anya = state.players[0]
    anya.coins = 2
    state.bank = 3
    events = GAME.apply(state, "серебро")
    assert anya.coins == 5 and state.bank == 0 and "+3 монеты" in events[0].text
    stand(state, "Ш1")
    refused(state, "пополнить", "В банке не осталось монет", "valdora.silver")
    state.bank = 5
    anya.coins = 6
    refused(state, "refill", "У вас уже 6 монет", "valdora.coins")
    stand(state, "Д9")
    state.roads["Д9"]["gold"] = 1
    refused(state, "refill", "только на серебряной шахте", "valdora.silver")


def test_provisions_in_a_town_once():
    state = fresh()
    stand(state, "A")
    GAME.apply(state, "провиант")
    assert state.players[0].provisions and state.current == 1
    stand(state, "A")
    refused(state, "еда", "У вас уже есть провиант", "valdora.provisions")


# --- end of the game and scoring ---------------------------------------------------------------------


def test_last_round_is_played_to_the_end():
    state = GAME.new(NAMES[:4], seed=3, options={"first_seat": 1})
    state.masters = {c: 0 for c in state.masters} | {"grey": 1, "yellow": 5}
    stand(state, "Серый", seat=2)
    state.players[2].contracts = [card("grey")]
    state.players[2].coins = 1
    events = GAME.apply(state, "сдать 1")
    assert state.final_round and "последний круг" in " ".join(e.text for e in events)
    assert state.current == 3  # seat 2's turn ended by itself, seat 3 plays
    for seat in (3, 0):
        assert not GAME.is_over(state) and state.current == seat
        stand(state, "Д9", seat=seat)
        GAME.apply(state, "end")
    assert GAME.is_over(state) and state.current is None  # seat 0 sits just before the first seat (1)
    assert GAME.legal_actions(state) == []
    refused(state, "д9", "Игра уже закончилась", "valdora.end")


def test_scoring_breakdown():
    state = fresh()
    anya = state.players[0]
    anya.delivered = [card("white", 4)[0], card("red", 6)[0]]  # 12 + 6
    anya.masters = {"red": 2, "grey": 1}
    anya.workshops = ["red"]
    anya.bonuses = 2
    anya.equipment = {"pan": "gold", "ruby": "ruby", "cart": None}
    anya.contracts = [card("white", 5)]  # open contracts score nothing
    score = GAME.scores(state)[0]
    assert score["breakdown"] == {"contracts": 18, "masters": 20, "workshops": 10, "bonuses": 20, "gems": 2}
    assert score["total"] == 70


def test_ties_go_to_coins_then_draw():
    state = fresh()
    for p in state.players:
        p.bonuses = 1
    state.players[0].coins, state.players[1].coins, state.players[2].coins = 3, 5, 5
    state.phase, state.current = "over", None
    assert GAME.winners(state) == [1, 2]
    state.players[2].coins = 4
    assert GAME.winners(state) == [1]
    state.players[0].bonuses = 2
    assert GAME.winners(state) == [0]


def test_illegal_actions_change_nothing():
    state = fresh()
    GAME.apply(state, "д9")
    stand(state, "Д9")
    for text in ["д12", "купить слева", "серебро", "провиант", "сдать 1", "вернуть 1 влево",
                 "добыть рубин кирка",
                 "листать", "", "move", "/buy", "mine сапфир", "xyz 1 2"]:
        before = json.dumps(GAME.dump(state), sort_keys=True)
        with pytest.raises(RuleError):
            GAME.apply(state, text)
        assert json.dumps(GAME.dump(state), sort_keys=True) == before, text


# --- a skipped turn (our house rule for an absent player) ----------------------------------------------------


def test_a_skip_before_moving_leaves_the_pawn_and_passes_the_turn():
    state = fresh()
    before = GAME.dump(state)
    events = GAME.skip(state)
    assert [e.text for e in events] == ["Аня пропускает ход: фишка остаётся на месте, действия в этот ход нет.",
                                        "Ходит Борис."]
    assert state.current == 1 and state.phase == "move" and state.actions == 1
    after = GAME.dump(state)
    assert after["players"] == before["players"] and after["bank"] == before["bank"]  # no move, no meeting paid


def test_a_skip_after_moving_or_acting_ends_the_turn_as_end_would():
    state = fresh()
    GAME.apply(state, "д9")
    assert state.phase == "act" and GAME.legal_actions(state)[-1] == "end"
    ended = GAME.load(GAME.dump(state))
    events = GAME.skip(state)
    assert events[0].text == "Аня пропускает ход: действия в этот ход нет."
    ended_events = GAME.apply(ended, "end")
    assert ended_events[0].text == "Аня заканчивает ход." and ended_events[0].kind == "end_turn"
    assert ended_events[1:] == events[1:] and GAME.dump(ended) == GAME.dump(state)
    assert state.players[0].position == "Д9" and state.current == 1 and state.phase == "move"

    state = fresh()
    stand(state, "B")
    state.players[0].equipment["pan"] = "gold"  # the turn stays open after the flip
    GAME.apply(state, "flip next")
    book = GAME.dump(state)["books"]
    assert [e.text for e in GAME.skip(state)] == ["Аня пропускает ход.", "Ходит Борис."]
    assert GAME.dump(state)["books"] == book and state.players[0].equipment == {"pan": "gold"}  # nothing bought


def test_a_skipped_last_turn_of_the_final_round_ends_the_game_as_its_end_would():
    state = GAME.new(NAMES[:4], seed=3, options={"first_seat": 1})
    state.final_round = True
    state.masters = {c: 0 for c in state.masters} | {"yellow": 5}
    GAME.skip(state)  # seat 1, not the last of the round: the game goes on
    assert state.current == 2 and not GAME.is_over(state)
    stand(state, "Д9", seat=0)  # seat 0 sits just before the first seat (1): the last turn
    for phase in ("move", "act"):
        state.phase = phase
        skipped, ended = GAME.load(GAME.dump(state)), GAME.load(GAME.dump(state))
        events = GAME.skip(skipped)
        assert events[1:] == end_turn(ended) and events[-1].text.startswith("Конец игры! Побеждает ")
        assert GAME.is_over(skipped) and skipped.current is None and GAME.winners(skipped)
    state.phase = "act"
    ended = GAME.load(GAME.dump(state))
    events = GAME.skip(state)
    assert GAME.apply(ended, "end")[1:] == events[1:] and GAME.dump(ended) == GAME.dump(state)


def test_a_finished_game_cannot_be_skipped():
    state = fresh()
    state.phase, state.current = "over", None
    before = GAME.dump(state)
    with pytest.raises(RuleError) as err:
        GAME.skip(state)
    assert "закончилась" in err.value.message and err.value.section == "valdora.end"
    assert GAME.dump(state) == before


@pytest.mark.parametrize("players", [3, 4])
def test_a_seat_skipped_every_turn_does_not_stop_the_game(players):
    state = GAME.new(list(NAMES[:players]), seed=11)
    away = (state.first_seat + 1) % players
    for _ in range(20_000):
        if GAME.is_over(state):
            break
        if state.current == away:
            GAME.skip(state)
        else:
            GAME.apply(state, GAME.autopilot(state))
    assert GAME.is_over(state) and GAME.winners(state)
    skipped = state.players[away]
    assert skipped.position == "Порт" and not skipped.delivered and GAME.scores(state)[away]["total"] == 0


def test_a_game_with_skipped_turns_replays_from_its_seed():
    first = GAME.new(list(NAMES[:3]), seed=8)
    log: list[str | None] = []
    for step in range(200):
        if GAME.is_over(first):
            break
        if step % 7 == 3:
            GAME.skip(first)
            log.append(None)
        else:
            legal = GAME.legal_actions(first)
            action = GAME.autopilot(first) if step % 2 else legal[step % len(legal)]
            GAME.apply(first, action)
            log.append(action)
    again = GAME.new(list(NAMES[:3]), seed=8)
    for action in log:
        GAME.skip(again) if action is None else GAME.apply(again, action)
    assert GAME.dump(again) == GAME.dump(first)
    assert GAME.dump(GAME.load(json.loads(json.dumps(GAME.dump(first))))) == GAME.dump(first)


def test_provisions_and_silver_refused_for_every_reason_at_once():
    state = fresh()
    stand(state, "Д1")  # a road: neither a town nor a mine
    anya = state.players[0]
    anya.provisions, anya.coins = True, MAX_COINS
    message = refused(state, "provisions", "Провиант можно взять только в городе", "valdora.provisions")
    assert message.endswith("Кроме того, у вас уже есть провиант."), message
    message = refused(state, "refill", "Пополнить серебро можно только на серебряной шахте", "valdora.silver")
    assert message.endswith(f"Кроме того, у вас уже {MAX_COINS} монет — больше не бывает."), message
    anya.provisions, anya.coins = False, 3
    assert "Кроме того" not in refused(state, "provisions", "только в городе", "valdora.provisions")

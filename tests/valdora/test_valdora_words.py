"""The rulebook's words for Valdora's actions, typed as commands, and the texts the bot answers with: buys
that name a card, provisions and silver in any wording, no gem thrown away unasked, the towns' rulebook
letters, the exact rule sections, hints that are commands a group chat passes on, and event sentences in the
present tense that need no gender."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from positions import card, fresh, stand

from rules.protocol import RuleError
from rules.valdora import GAME, LEGACY_MOVES
from rules.valdora.board import SPACES
from rules.valdora.data import SECTIONS
from rules.valdora.state import State, no_gems

VALDORA = Path(__file__).resolve().parents[2] / "rules" / "valdora"


def refusal(state: State, text: str) -> RuleError:
    """The refusal of `text`; the state is left exactly as it was."""
    before = json.dumps(GAME.dump(state), sort_keys=True)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, text)
    assert json.dumps(GAME.dump(state), sort_keys=True) == before
    return err.value


def in_town(town: str, coins: int = 3) -> State:
    state = fresh()
    stand(state, town)
    state.players[0].coins = coins
    return state


# --- provisions: the rulebook says взять, закупить, пополнить, купить провиант -------------------------------


@pytest.mark.parametrize("text", ["взять провиант", "беру провиант", "/provisions", "провиант", "закупить провиант",
                                  "пополнить провиант", "купить провиант", "возьму провизию", "закупка провианта"])
def test_provisions_in_every_wording_even_where_gold_or_contracts_are_on_offer(text):
    port = in_town("Порт")
    port.discard["gold"] = 2  # the harbour town could also mine the discard: «взять» alone would
    assert GAME.parse(port, text) == "provisions"
    contracts = in_town("C")  # a contract town: «купить …» alone would buy a contract
    assert GAME.parse(contracts, text) == "provisions"
    events = GAME.apply(contracts, text)
    assert events[0].text == "Аня берёт провиант." and contracts.players[0].provisions


def test_provisions_words_on_a_silver_mine_are_refused_by_the_provisions_rule_not_refilled():
    state = in_town("Ш1", coins=2)
    err = refusal(state, "пополнить провиант")
    assert err.message == "Провиант можно взять только в городе, а вы на Ш1." and err.section == "valdora.provisions"
    assert state.players[0].coins == 2


# --- silver: «взять серебро», «взять монеты» on a mine ------------------------------------------------------


@pytest.mark.parametrize("text", ["взять серебро", "взять монеты", "беру монеты", "добыть серебро", "пополнить",
                                  "пополнить серебро", "набрать монет", "взять", "/refill"])
def test_silver_in_every_wording_on_a_mine(text):
    state = in_town("Ш2", coins=2)
    assert GAME.parse(state, text) == "refill"
    events = GAME.apply(state, text)
    assert events[0].text == "Аня пополняет серебро: +4 монеты, теперь 6 монет."


def test_silver_words_elsewhere_name_the_silver_rule():
    state = in_town("Порт")
    err = refusal(state, "взять серебро")
    assert err.message.startswith("Пополнить серебро можно только на серебряной шахте")
    assert err.section == "valdora.silver"


# --- buying names a kind of card, or the card ---------------------------------------------------------------


def test_buying_a_contract_in_a_catalogue_town_is_refused_by_the_rule():
    state = in_town("A")
    state.players[0].equipment["pan"] = "gold"
    for text in ("купить контракт", "/buy контракт", "взять контракт", "/buy красный"):
        err = refusal(state, text)
        assert err.message == ("В городе A — каталог снаряжения: здесь продают только снаряжение, а контракты — "
                               "в городах C и D.") and err.section == "valdora.buy"


def test_buying_equipment_in_a_contract_town_is_refused_by_the_rule():
    state = in_town("D")
    for text in ("купить снаряжение", "/buy снаряжение", "/buy долото", "купить телегу"):
        err = refusal(state, text)
        assert err.message == ("В городе D — книга контрактов: здесь продают только контракты, а снаряжение — "
                               "в городах A и B.") and err.section == "valdora.buy"


def test_buying_the_right_kind_by_its_name():
    state = in_town("B")
    state.players[0].equipment["pan"] = "gold"
    assert GAME.parse(state, "купить снаряжение") == "buy right"
    state = in_town("C")
    assert GAME.parse(state, "купить контракт") == "buy right" and GAME.parse(state, "взять контракт") == "buy right"


def open_catalogue(left: str, right: str) -> State:
    """Town A with `left` and `right` on the open pages, and gold on the pan."""
    state = in_town("A")
    book = state.book_at("A")
    book.left.append([left, "ruby"])
    book.right[-1] = [right, "cart"]
    state.players[0].equipment["pan"] = "gold"
    return state


@pytest.mark.parametrize("text, action", [("/buy долото", "buy left"), ("купить долото", "buy left"),
                                          ("взять долото", "buy left"), ("/buy лошадь", "buy right"),
                                          ("/buy правую лошадь", "buy right"), ("купить левую долото", "buy left")])
def test_buy_names_the_card_on_an_open_page(text, action):
    state = open_catalogue("sapphire", "horse")
    assert GAME.parse(state, text) == action
    GAME.apply(state, text)
    assert state.players[0].equipment == {"pan": None, action == "buy left" and "sapphire" or "horse": None}


def test_a_named_card_that_is_not_open_is_refused_with_the_pages_and_a_flip():
    state = open_catalogue("sapphire", "horse")
    err = refusal(state, "/buy кирка")
    assert err.message == ("На открытых страницах нет кирки: слева долото и справа лошадь. Купить можно только "
                           "открытую страницу. Полистайте книгу: /flip вперёд или /flip назад.")
    assert err.section == "valdora.buy"
    err = refusal(state, "/buy правую долото")
    assert err.message == "На правой странице нет долота: слева долото и справа лошадь."


def test_a_named_card_on_both_pages_asks_which():
    state = open_catalogue("cart", "cart")
    err = refusal(state, "/buy телега")
    assert err.message == "И слева, и справа телега. Какую страницу купить: /buy левую или /buy правую?"
    assert GAME.parse(state, "/buy левую телега") == "buy left"


def test_a_named_card_already_owned_is_refused_by_the_one_of_each_kind_rule():
    state = open_catalogue("sapphire", "horse")
    state.players[0].equipment["horse"] = None
    err = refusal(state, "/buy лошадь")
    assert err.message.startswith("У вас уже есть лошадь") and err.section == "valdora.equipment"


def test_equipment_carrying_gold_still_names_the_payment():
    state = open_catalogue("sapphire", "horse")
    state.players[0].equipment = {"pan": "gold", "cart": "gold"}
    assert GAME.parse(state, "/buy долото телега") == "buy left телега"
    assert GAME.parse(state, "/buy долото") == "buy left лоток"


def test_a_contract_named_by_its_colour():
    state = in_town("C")
    book = state.book_at("C")
    book.left.append(card("red"))
    book.right[-1] = card("grey")
    assert GAME.parse(state, "/buy красный") == "buy left" and GAME.parse(state, "купить серый контракт") == "buy right"
    err = refusal(state, "/buy синий")
    assert err.message.startswith("На открытых страницах нет контракта синего клиента: слева контракт красного "
                                  "клиента и справа контракт серого клиента.") and err.section == "valdora.buy"
    events = GAME.apply(state, "/buy красный")
    assert events[0].text == ("Аня покупает слева за 1 монету контракт красного клиента (заказ: рубин, "
                              "награда 4 очка).")


# --- no gem is thrown away unasked ---------------------------------------------------------------------------


def test_a_bare_mine_never_dumps_a_gem_and_names_the_explicit_commands():
    state = in_town("Д1", coins=6)
    state.roads["Д1"] = no_gems() | {"ruby": 2}
    anya = state.players[0]
    anya.equipment = {"pan": None, "ruby": "ruby", "cart": "sapphire", "horse": "gold"}
    for text in ("добыть рубин", "/mine рубин", "рубин", "добыть"):
        err = refusal(state, text)
        assert err.section == "valdora.cart-horse"
        assert err.message == (
            "Свободного места для рубина нет (на телеге сапфир и на лошади золото). Сам бот драгоценность не "
            "выбрасывает; если хотите выбросить, скажите это явно: /mine рубин телега — сапфир с телеги уйдёт "
            "в сброс, погрузка стоит 2 монеты; /mine рубин лошадь — золото с лошади уйдёт в сброс, погрузка "
            "стоит 3 монеты.")
    labels = {a: GAME.label(state, a) for a in GAME.legal_actions(state) if a.startswith("mine")}
    assert labels == {"mine рубин телега": "⛏ Рубин → телега вместо сапфира (2 монеты)",
                      "mine рубин лошадь": "⛏ Рубин → лошадь вместо золота (3 монеты)"}
    events = GAME.apply(state, "/mine рубин лошадь")
    assert events[0].text == ("Аня выбрасывает золото с лошади в сброс, добывает рубин на Д1 и кладёт его на "
                              "лошадь за 3 монеты.")
    assert anya.equipment["horse"] == "ruby" and state.discard["gold"] == 1


# --- rules the rulebook has, and only those -------------------------------------------------------------------


def test_a_horse_is_loaded_again_in_the_same_turn_paying_again():
    state = in_town("Гавань", coins=6)
    state.discard = no_gems() | {"emerald": 2}
    state.players[0].equipment = {"pan": None, "horse": None}
    GAME.apply(state, "/mine изумруд лошадь")
    assert "mine изумруд лошадь" in GAME.legal_actions(state)  # a second ship: dump and load again
    GAME.apply(state, "/mine изумруд лошадь")
    assert state.players[0].coins == 0 and state.discard["emerald"] == 1 and state.current == 1


def test_a_contract_is_returned_only_when_a_new_one_can_be_bought():
    state = in_town("D", coins=0)
    state.players[0].contracts = [card("grey"), card("red"), card("blue")]
    assert not [a for a in GAME.legal_actions(state) if a.startswith("return")]
    err = refusal(state, "/return 1 влево")
    assert err.message == ("Контракт возвращают, только чтобы купить вместо него новый, а новый стоит 1 монету — "
                           "у вас 0 монет.") and err.section == "valdora.return"
    state.players[0].coins = 1
    assert "return 1 left" in GAME.legal_actions(state)
    events = GAME.apply(state, "/return 1 влево")
    assert events[0].text == ("Аня возвращает контракт серого клиента (заказ: 1 монета, награда 2 очка) в книгу, "
                              "на левую сторону.")
    assert GAME.legal_actions(state)[:2] == ["flip next", "flip back"] and "buy left" in GAME.legal_actions(state)


# --- the towns' letters: the rulebook's figure --------------------------------------------------------------------


def test_towns_have_the_rulebooks_letters():
    books = {s.name: s.book for s in SPACES if s.book}
    assert books == {"A": "equipment", "B": "equipment", "C": "contracts", "D": "contracts"}
    assert [b.town for b in fresh().books] == ["A", "B", "C", "D"]


@pytest.mark.parametrize("text, town", [("/move A", "A"), ("/move а", "A"), ("/move в", "B"), ("/move b", "B"),
                                        ("/move С", "C"), ("/move c", "C"), ("/move D", "D"), ("/move д", "D"),
                                        ("/move Д", "D"), ("/move город с", "C"), ("иду в город д", "D")])
def test_town_letters_typed_in_either_alphabet(text, town):
    assert GAME.parse(fresh(), text) == f"move {town}"


def test_roads_keep_their_letter():
    state = fresh()
    assert GAME.parse(state, "/move д9") == "move Д9" and GAME.parse(state, "/move d9") == "move Д9"


def test_a_game_saved_and_logged_under_the_old_letters_loads_and_replays():
    old = GAME.dump(fresh())
    old["players"][1]["position"] = "Г"  # Г was the south-west contract town, today's D
    for book, name in zip(old["books"], ("А", "Б", "В", "Г"), strict=True):
        book["town"] = name
    state = GAME.load(old)
    assert state.players[1].position == "D" and [b.town for b in state.books] == ["A", "B", "C", "D"]
    assert LEGACY_MOVES["move В"] == "move C"
    state = fresh()
    GAME.apply(state, "move В")  # logged before the rename, В was the contract town north-east
    assert state.players[0].position == "C"


# --- rule sections -------------------------------------------------------------------------------------------


def test_every_cited_section_exists_in_the_reference():
    reference = (VALDORA / "reference.md").read_text(encoding="utf-8")
    cited = set()
    for path in VALDORA.glob("*.py"):
        cited |= set(re.findall(r'"(valdora\.[a-z-]+)"', path.read_text(encoding="utf-8")))
    assert cited and cited <= set(SECTIONS)
    assert all(f"{{#{section}}}" in reference for section in SECTIONS)


@pytest.mark.parametrize("setup, text, section", [
    ("return", "/return 1 влево", "valdora.return"),
    ("cart", "/mine рубин телега", "valdora.cart-horse"),
    ("tool", "/mine рубин кирка", "valdora.tools"),
    ("empty", "/buy левую", "valdora.empty-book"),
    ("empty", "/flip вперёд", "valdora.empty-book"),
    ("grey", "/deliver 1", "valdora.grey-contracts"),
    ("full", "/refill", "valdora.coins"),
    ("mars", "/move марс", "valdora.board"),
])
def test_refusals_cite_the_exact_section(setup, text, section):
    state = fresh()
    anya = state.players[0]
    if setup == "return":
        stand(state, "A")
    elif setup in ("cart", "tool"):
        stand(state, "Д1")
        state.roads["Д1"] = no_gems() | {"ruby": 1}
        anya.equipment = {"pan": None, "ruby": "ruby", "cart": None}
        anya.coins = 1
    elif setup == "empty":
        stand(state, "B")
        state.books[1].left, state.books[1].right = [], []
    elif setup == "grey":
        stand(state, "Серый")
        anya.contracts, anya.coins = [card("grey", 9)], 2
    elif setup == "full":
        stand(state, "Ш3")
        anya.coins = 6
    assert refusal(state, text).section == section


# --- hints are commands a group chat passes on -------------------------------------------------------------------

COMMAND = re.compile(r"/(move|flip|buy|return|mine|deliver|refill|provisions|end)\b")
NOTATION = re.compile(r"(?<![/\w])(flip next|flip back|buy left|buy right|end|move|deliver \d|mine \w+|return \d)\b")
TRIES = ["xyz", "", "конец", "провиант", "купить", "вернуть", "вернуть 1", "добыть", "сдать", "листать назад",
         "иду марс", "п", "д1", "серебро", "/buy красный", "/buy долото", "добыть рубин"]


def test_hints_are_sendable_commands_never_notation_or_plain_words():
    """Refusals met in random games: every hint is a /command, no internal notation, no «д5»-like plain text."""
    chooser = random.Random(4)
    state = GAME.new(["Аня", "Борис", "Вера"], seed=4)
    seen = 0
    for _ in range(400):
        if GAME.is_over(state):
            break
        for text in TRIES:
            try:
                GAME.parse(state, text)
            except RuleError as err:
                seen += 1
                assert not NOTATION.search(re.sub(r"/\w+[^.;,?]*", "", err.message)), err.message
                assert "«конец»" not in err.message and "«д5»" not in err.message, err.message
                if "Сейчас можно" in err.message or "Сейчас нужно сходить" in err.message:
                    assert COMMAND.search(err.message), err.message
        GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    assert seen > 100


def test_hints_suggest_commands_that_work_now():
    state = fresh()
    err = refusal(state, "xyz")
    assert err.message == "Не понимаю «xyz». Сейчас нужно сходить: например /move A, /move B или /move C."
    stand(state, "C")
    state.players[0].coins = 3
    err = refusal(state, "xyz")
    assert err.message == "Не понимаю «xyz». Сейчас можно: /flip вперёд, /buy правую, /provisions, /end."
    for command in re.findall(r"/[^,.]+", err.message):
        assert GAME.parse(state, command) in GAME.legal_actions(state)
    GAME.apply(state, "/flip вперёд")
    err = refusal(state, "провиант")
    assert err.message.endswith("Можно продолжить его или закончить ход: /end.") and err.section == "valdora.one-action"


# --- event sentences: present tense, active voice, no gender --------------------------------------------------------

PAST = re.compile(r"\b(взят|куплен\w*|пролистан\w*|возвращ[её]н\w*|нанят|открыт[аы]?|выполнен|пополнен\w*|"
                  r"потрачен|ушл[аи]|взял\w*|купил\w*|сделал\w*|пошл[аи]|пош[её]л|окончена)\b")
VERBS = ("идёт", "пропускает", "листает", "покупает", "возвращает", "добывает", "берёт", "выбрасывает", "сдаёт",
         "получает", "нанимает", "открывает", "пополняет", "заканчивает")


def test_event_sentences_are_present_tense_and_start_with_the_player():
    names = ["Аня", "Борис", "Вера", "Глеб"]
    for seed in (1, 2):
        state = GAME.new(names, seed=seed)
        for _ in range(3000):
            if GAME.is_over(state):
                break
            for event in GAME.apply(state, GAME.autopilot(state)):
                assert not PAST.search(event.text), event.text
                if event.kind not in ("turn", "end", "final", "auto_end") and not event.text.startswith("Мастеров"):
                    name, verb = event.text.split(" ")[:2]
                    assert name in names and verb in VERBS, event.text


@pytest.mark.parametrize("dest, text", [("Порт", "Аня идёт в Порт."), ("A", "Аня идёт в город A."),
                                        ("Красный", "Аня идёт к красному клиенту."), ("Гавань", "Аня идёт в Гавань."),
                                        ("Пристань", "Аня идёт на Пристань."), ("Д3", "Аня идёт на Д3."),
                                        ("Ш3", "Аня идёт на Ш3.")])
def test_moves_take_the_right_preposition_and_case(dest, text):
    state = fresh()
    state.players[1].position = state.players[2].position = "Ш1"
    start = {"Порт": "Д9", "Гавань": "Д3", "Пристань": "Д7", "Красный": "Гавань", "Д3": "Гавань"}
    stand(state, start.get(dest, "Порт"), phase="move")
    assert GAME.apply(state, f"/move {dest}")[0].text == text


def test_a_move_through_a_town_into_a_meeting_is_one_sentence():
    state = fresh()
    state.players[0].provisions = True
    state.players[1].position, state.players[2].position = "Д1", "Ш1"
    events = GAME.apply(state, "/move Д1")
    assert events[0].text == ("Аня идёт на Д1 через город A, тратит провиант и платит за встречу 1 монету. "
                              "Борис получает монету.")


def test_the_game_over_sentence():
    state = fresh()
    state.final_round = True
    stand(state, "Д9", seat=2)
    state.players[2].coins = 9  # the tie on points goes to coins
    events = GAME.apply(state, "end")
    assert [e.text for e in events] == ["Вера заканчивает ход.",
                                        "Конец игры! Побеждает Вера. Очки: Аня — 0; Борис — 0; Вера — 0."]


# --- contract buttons say which contract ----------------------------------------------------------------------------


def test_contract_labels_name_the_contract_and_stay_short():
    state = fresh()
    stand(state, "D")
    anya = state.players[0]
    anya.coins = 3
    anya.contracts = [card("red", 0), card("white", 0), card("red", 1)]
    labels = {a: GAME.label(state, a) for a in GAME.legal_actions(state)}
    assert labels["return 1 left"] == "📤 Вернуть красный (рубин) №1 влево"
    assert labels["return 2 right"] == "📤 Вернуть белый (рубин, сапф., зол.) →"  # short words, then an arrow
    stand(state, "Белый")
    anya.equipment = {"pan": "gold", "ruby": "ruby", "sapphire": "sapphire", "cart": "gold"}
    assert GAME.label(state, "deliver 2 кирка+долото+лоток") == "📜 белый ← кирка+долото+лоток"
    stand(state, "Красный")
    anya.equipment = {"pan": None, "ruby": "ruby", "cart": "ruby"}
    labels = {a: GAME.label(state, a) for a in GAME.legal_actions(state)}
    assert labels["deliver 1 кирка"] == "📜 красный (рубин) №1 ← кирка"
    anya.contracts = [card("red", 0)]
    anya.equipment = {"pan": None, "ruby": "ruby"}
    assert GAME.label(state, "deliver 1") == "📜 Сдать красный (рубин)"
    stand(state, "C")
    state.book_at("C").right[-1] = card("grey", 9)
    assert all(len(label) <= 30 for label in labels.values()), labels
    # what a grey client orders is told apart from the price of the contract (1 coin) and from its points
    assert GAME.label(state, "buy right") == "🛒 Справа: серый (заказ 3 монеты)"
    assert len(GAME.label(state, "buy right")) <= 40
    stand(state, "Серый")
    anya.contracts = [card("grey", 9)]
    assert GAME.label(state, "deliver 1") == "📜 Сдать серый за 3 монеты"
    anya.contracts = [card("grey", 0)]  # after «за», the accusative: «за 1 монету»
    assert GAME.label(state, "deliver 1") == "📜 Сдать серый за 1 монету"
    anya.contracts = [card("grey", 9)]
    events = GAME.apply(state, "deliver 1")
    assert events[0].text == "Аня сдаёт контракт серому клиенту и отдаёт 3 монеты."


def test_a_bought_contract_names_its_price_its_order_and_its_reward_apart():
    state = in_town("C")
    state.book_at("C").right[-1] = card("grey", 9)
    events = GAME.apply(state, "buy right")
    assert events[0].text == ("Аня покупает справа за 1 монету контракт серого клиента (заказ: 3 монеты, "
                              "награда 4 очка).")
    state = in_town("C")
    state.book_at("C").right[-1] = card("white", 0)
    events = GAME.apply(state, "buy right")
    assert events[0].text == ("Аня покупает справа за 1 монету контракт белого клиента (заказ: рубин, сапфир и "
                              "золото, награда 10 очков).")


# --- sentences read aloud: agreement, case and lists ----------------------------------------------------------------


def test_the_open_page_left_is_named_in_the_nominative():
    from rules.valdora.state import Book
    state = in_town("C")
    book = state.book_at("C")
    state.books[state.books.index(book)] = Book("C", "contracts", left=[], right=[card("blue")])
    err = refusal(state, "/buy левую")
    assert err.message == "Слева в книге нет страницы — покупать нечего. Открыта правая страница: /buy правую."


def test_missing_equipment_is_one_negated_list():
    state = fresh()
    stand(state, "Д1")
    state.roads["Д1"] = no_gems() | {"ruby": 2}
    err = refusal(state, "добыть рубин")
    assert err.message == "Рубин некуда положить: у вас нет ни кирки, ни телеги, ни лошади."
    state.players[0].equipment = {"pan": None, "cart": None}
    state.players[0].coins = 1
    err = refusal(state, "добыть рубин")
    assert err.message == ("Рубин некуда положить: у вас нет ни кирки, ни лошади; погрузка на телегу стоит 2 монеты, "
                           "а у вас 1 монета.")
    state.players[0].equipment = {"pan": None, "ruby": "ruby", "cart": None, "horse": None}
    err = refusal(state, "добыть рубин")
    assert err.message == ("Рубин некуда положить: на кирке уже лежит рубин, а с инструмента драгоценность не "
                           "выбросить — только с телеги или лошади; погрузка на телегу стоит 2 монеты, на лошадь — "
                           "3 монеты, а у вас 1 монета.")


def test_missing_gems_are_named_in_the_genitive():
    state = fresh()
    stand(state, "Белый")
    state.players[0].contracts = [card("white", 0)]  # ruby + sapphire + gold
    state.players[0].equipment = {"pan": "gold", "cart": "emerald"}
    err = refusal(state, "сдать 1")
    assert err.message.startswith("Для контракта 1 не хватает рубина и сапфира.")

"""Valdora's buttons in words a phone shows whole: a contract is named by its client's colour and what it orders
(never a row of coloured emoji), grey is «серый» and white «белый», and every label fits a full-width button."""

from __future__ import annotations

import random

import pytest
from positions import card, fresh, stand

from rules.valdora import GAME
from rules.valdora.labels import LABEL_LIMIT, contract_words

# the gem and client discs the labels used to be a cipher of
CIPHER = set("🔴🔵🟣🟢🟡⚪⬜")
PHONE_BUTTON = 42  # characters a full-width button shows on a phone


def test_every_contract_is_named_in_words_grey_and_white_apart():
    from rules.valdora.data import CONTRACT_FACES

    for face, contract in enumerate(CONTRACT_FACES):
        words = contract_words(face)
        assert not CIPHER & set(words), words
        colour = {"grey": "серый", "white": "белый", "yellow": "жёлтый", "red": "красный", "blue": "синий",
                  "purple": "фиолетовый", "green": "зелёный"}[contract.client]
        assert words.startswith(colour + " ("), words
    grey = [contract_words(f) for f, c in enumerate(CONTRACT_FACES) if c.client == "grey"]
    white = [contract_words(f) for f, c in enumerate(CONTRACT_FACES) if c.client == "white"]
    assert "серый (заказ 3 монеты)" in grey and "белый (рубин, сапфир, золото)" in white


def test_a_white_contract_in_a_long_label_gets_the_short_gem_words():
    state = fresh()
    stand(state, "D")
    anya = state.players[0]
    anya.coins = 3
    white = next(n for n in range(6) if len(contract_words(card("white", n)[0])) > 30)  # three long gem names
    anya.contracts = [card("white", white), card("white", white), card("red")]
    label = GAME.label(state, "return 2 right")
    assert label.startswith("📤 Вернуть белый (") and label.endswith(" №2 →") and "." in label, label
    assert len(label) <= LABEL_LIMIT
    assert GAME.label(state, "return 3 left") == "📤 Вернуть красный (рубин) влево"


def test_delivering_a_grey_contract_names_the_coins_in_the_accusative():
    state = fresh()
    stand(state, "Серый")
    state.players[0].coins = 3
    state.players[0].contracts = [card("grey", 0)]
    assert GAME.label(state, "deliver 1") == "📜 Сдать серый за 1 монету"


def test_buying_equipment_with_gold_from_a_piece_says_which_piece():
    state = fresh()
    stand(state, "A")
    anya = state.players[0]
    anya.equipment = {"pan": "gold", "cart": "gold"}
    labels = [GAME.label(state, a) for a in GAME.legal_actions(state) if a.startswith("buy") and " " in a[4:]]
    assert labels and all("(золото с лотка)" in x or "(золото с телеги)" in x for x in labels), labels


@pytest.mark.parametrize("seed", [2, 7, 11])
def test_no_label_of_random_games_is_a_cipher_or_too_long(seed):
    rng = random.Random(seed)
    seen = 0
    for game in range(3):
        state = GAME.new(["Аня", "Борис", "Вера", "Глеб"][: 3 + game % 2], seed=seed * 10 + game)
        for _ in range(400):
            if GAME.is_over(state):
                break
            actions = GAME.legal_actions(state)
            for action in actions:
                label = GAME.label(state, action)
                assert not CIPHER & set(label), (action, label)
                assert len(label) <= PHONE_BUTTON, (action, label)
                seen += action.split()[0] in ("buy", "return", "deliver")
            GAME.apply(state, rng.choice(actions))
    assert seen > 20  # contracts were bought, returned or delivered along the way

"""The game object's contract with the bot: attributes, secrets, public and private views, the final view."""

from __future__ import annotations

import json
import random

from sylvan_positions import NAMES, fresh

from rules.sylvan import GAME
from rules.sylvan.engine import CARD_KEY


def random_game(players: int, seed: int, steps: int | None = None):
    state = GAME.new(list(NAMES[:players]), seed=seed)
    chooser = random.Random(seed)
    n = 0
    while not GAME.is_over(state) and (steps is None or n < steps):
        GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        n += 1
    return state


def test_game_attributes():
    assert GAME.name == "sylvan" and GAME.title == "Зодчие Волшебной Долины"
    assert GAME.aliases == ("зодчие", "builders of sylvan dale", "sylvan dale")
    assert (GAME.min_players, GAME.max_players) == (2, 4) and GAME.secret_button == "🂠 Моя рука"
    verbs = {name for name, _ in GAME.commands}
    assert verbs == {"play", "redraw", "pass", "place", "flag", "noflag", "set", "axe", "hammer", "bridge", "top",
                     "take", "refresh", "end"}
    assert all(len(text) <= 60 for _, text in GAME.commands)
    state = random_game(3, 1)
    assert set(GAME.score_names) == set(GAME.scores(state)[0]["breakdown"])


def test_secret_shows_the_hand_and_the_stacks_of_that_seat_only():
    state = fresh(3)
    text = GAME.secret(state, 1)
    assert text.startswith("Рука: ")
    for card in state.players[1].hand:
        assert CARD_KEY[card] in text  # a card by the name it is played by: «грибной-топор»
    assert "Жилища в стопке сверху вниз: " in text
    # words, not a string of emoji («🌰🌰🍃🍄🍃🍃🍃🌸»): no style mark at all, and every dwelling of the stack told
    assert not set(text) & set("🍄🌸🌰🍃🪓🔨🌉🌲")
    stack = text.split("сверху вниз: ")[1].split(".")[0]
    assert sum(int(w.split(" ")[0]) if w[0].isdigit() else 1 for w in stack.split(", ")) == 8
    for bad in (-1, 3, None, "0", True, 1.0):
        assert GAME.secret(state, bad) is None


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def test_secret_is_short_all_game_long():
    for players in (2, 3, 4):
        state = GAME.new(list(NAMES[:players]), seed=players)
        chooser = random.Random(players)
        while not GAME.is_over(state):
            for seat in range(players):
                assert utf16(GAME.secret(state, seat)) < 200
            GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        assert GAME.secret(state, 0) is None


def test_views_hide_hands_stacks_and_the_deck_order():
    state = random_game(4, 3, steps=37)
    public = GAME.view(state)
    assert public["hand"] is None and public["stacks"] is None and public["seat"] is None
    assert isinstance(public["deck"], int) and public["deck"] == len(state.deck)
    own = GAME.view(state, 2)
    assert [c["id"] for c in own["hand"]] == state.players[2].hand
    assert own["stacks"] == state.players[2].stacks
    json.dumps(own)
    # the same game with other hidden cards looks the same to everyone but their owner
    other = GAME.load(GAME.dump(state))
    pool = other.deck + other.players[1].hand
    random.Random(5).shuffle(pool)
    other.players[1].hand, other.deck = pool[:len(other.players[1].hand)], pool[len(other.players[1].hand):]
    other.players[1].stacks[1].reverse()
    other.players[1].stacks[0].reverse()
    for seat in (None, 0, 2, 3):
        assert GAME.view(other, seat) == GAME.view(state, seat)
    assert GAME.view(other, 1) != GAME.view(state, 1)


def test_view_lists_the_board_and_the_players():
    state = fresh(2)
    v = GAME.view(state, 0)
    assert {t["name"] for t in v["trees"]} == set(state.trees) and v["empty_spots"] == ["Б2", "В2", "Г2"]
    assert [r["id"] for r in v["regions"] if not r["in_play"]] == ["glade"]
    assert v["players"][1]["items"]["treetop"] == 1 and v["players"][0]["hand_size"] == 4
    assert v["step"] == "play" and v["current"] == 0 and len(v["face_up"]) == 3
    assert v["columns"] == 5 and v["rows"] == 4


def test_final_view_has_fame_per_round():
    state = random_game(3, 8)
    data = GAME.final_view(state)
    json.dumps(data)
    assert [r["round"] for r in data["rounds"]] == [1, 2]
    for seat, score in enumerate(GAME.scores(state)):
        per_round = [r["seats"][seat] for r in data["rounds"]]
        assert sum(row[part] for row in per_round for part in ("flags", "bridges", "trees", "regions")) == \
            score["total"]
        assert per_round[0]["trees"] == score["breakdown"]["trees_1"]
        assert per_round[1]["regions"] == score["breakdown"]["regions_2"]
    assert data["winners"] == GAME.winners(state) and data["step"] == "over"

"""The Sylvan Dale board for the Mini App: the SVG (`render.sylvan.svg.board`) and the ids a player taps
(`rules.sylvan.notation.targets`): every legal action's taps are on the board at every moment of whole random
games, ids are unique, pieces are all drawn, texts escaped, a seat sees its own hand, nothing outside the
document is referenced."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from sylvan_positions import at_step, clear_board, face_up, fresh, hand, key, played, tree

from render.registry import BOARDS
from render.sylvan.svg import board
from rules.sylvan import GAME

NS = "{http://www.w3.org/2000/svg}"
FIXTURES = Path(__file__).parent / "fixtures"


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox", "").startswith("0 0 800 ")
    assert root.get("width") is None and root.get("height") is None  # the page scales it
    return root


def target_ids(root: ET.Element) -> list[str]:
    return [e.get("data-target") for e in root.iter() if e.get("data-target") is not None]


def count_class(root: ET.Element, name: str) -> int:
    return sum(1 for e in root.iter() if e.get("class") == name)


def test_registered_for_the_mini_app():
    assert BOARDS["sylvan"] is board


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_fixtures_parse_and_show_every_piece(path):
    view = json.loads(path.read_text(encoding="utf-8"))
    root = parsed(board(view))
    trees = view["trees"]
    assert count_class(root, "tile") == sum(len(t["tiles"]) for t in trees)
    assert count_class(root, "flag") == sum(len(t["flags"]) for t in trees)
    assert count_class(root, "treetop") == sum(1 for t in trees if t["treetop"])
    assert count_class(root, "bridge") == len(view["bridges"])
    ids = target_ids(root)
    assert len(ids) == len(set(ids))
    assert {t["name"] for t in trees} <= set(ids)


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 4), (4, 5)])
def test_every_legal_tap_is_on_the_board_through_whole_games(players, seed):
    """At every moment of a random game the seat to move sees, in her own view, every place `targets` names for
    every legal action, and no two actions have the same taps; no id twice; tiles, flags and bridges as many as
    the view has."""
    state = GAME.new(["Аня", "Борис", "Вера", "Глеб"][:players], seed=seed)
    rng = random.Random(seed)
    kinds: Counter = Counter()
    while not GAME.is_over(state):
        seat = GAME.current_seat(state)
        view = GAME.view(state, seat)
        root = parsed(board(view))
        ids = target_ids(root)
        assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
        actions = GAME.legal_actions(state)
        chosen_by: dict[tuple, str] = {}
        for action in actions:
            taps = GAME.targets(state, action)
            assert set(taps) <= set(ids), (action, taps)
            if taps:  # no two moves tapped alike: the taps alone say which move
                assert chosen_by.setdefault(taps, action) == action, (taps, chosen_by[taps], action)
            kinds[action.split(" ")[0] + ("" if taps else " (button)")] += 1
        trees = view["trees"]
        assert count_class(root, "tile") == sum(len(t["tiles"]) for t in trees)
        assert count_class(root, "flag") == sum(len(t["flags"]) for t in trees)
        assert count_class(root, "bridge") == len(view["bridges"])
        GAME.apply(state, rng.choice(actions))
    parsed(board(GAME.view(state)))  # the end too
    assert {"place", "play", "take", "take (button)", "flag", "noflag (button)"} <= set(kinds), kinds


def test_names_are_escaped():
    state = fresh(2)
    state.players[1].name = 'Вася <b>&"'
    svg = board(GAME.view(state, 1))
    root = parsed(svg)
    assert "<b>" not in svg  # no raw tag made of a name
    texts = ["".join(e.itertext()) for e in root.iter(f"{NS}text")]
    assert any('Вася <b>&"' in t for t in texts), texts


def test_a_seat_sees_its_own_hand_and_stacks_and_no_one_else_does():
    state = fresh(2)
    hand(state, 1, [key("mushroom", "axe"), key("mushroom", "axe"), key("leaf", "bridge", "treetop")])
    public, own = board(GAME.view(state)), board(GAME.view(state, 1))
    cards = {"card:грибной-топор", "card:лиственный-мост+верхушка"}
    assert cards <= set(target_ids(parsed(own)))
    assert not [i for i in target_ids(parsed(public)) if i.startswith("card:")]
    assert "только вам" in own and "только вам" not in public
    assert "×2" in own  # the two equal cards: one place, how many said


def test_nothing_outside_the_document():
    state = fresh(4)
    for svg in (board(GAME.view(state)), board(GAME.view(state, 0)), board({}), board({"trees": "garbage"})):
        parsed(svg)
        assert all(h.startswith("#") for h in re.findall(r'href="([^"]*)"', svg))
        assert "<image" not in svg and "url(" not in svg and "@import" not in svg
        assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_compact_at_the_largest_state():
    state = GAME.new(["Аня", "Борис", "Вера", "Глеб"], seed=9)
    rng = random.Random(9)
    biggest = 0
    while not GAME.is_over(state):
        if len(GAME.legal_actions(state)) and state.step == "act":
            biggest = max(biggest, len(board(GAME.view(state, GAME.current_seat(state)))))
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert biggest < 200_000


def test_targets_of_every_kind_of_action():
    state = fresh(2)
    clear_board(state)
    tree(state, "Б3", "leaf", [(0, "leaf")])
    at_step(state, "play")
    hand(state, 0, [key("leaf", "axe"), key("mushroom", "hammer")])
    assert GAME.targets(state, "play лиственный-топор") == ("card:лиственный-топор",)
    for action in ("redraw", "pass"):
        assert GAME.targets(state, action) == ()
    at_step(state, "place", card=key("leaf", "axe"))
    assert GAME.targets(state, "place Б3") == ("Б3",)
    state.step, state.turn.flag_tree = "flag", "Б3"
    assert GAME.legal_actions(state) == ["flag", "noflag"]
    assert GAME.targets(state, "flag") == ("Б3",)  # the flag goes on the dwelling just built
    assert GAME.targets(state, "noflag") == ()
    at_step(state, "act")
    face_up(state, [key("nut", "axe"), key("nut", "axe"), key("nut", "axe")])
    played(state, 0, [key("leaf", "bridge")] * 3)
    for item in ("axe", "hammer", "bridge", "treetop"):
        state.players[0].items[item] = 1
    legal = GAME.legal_actions(state)
    assert {"set мост", "take колода", "take 1", "refresh", "axe Б3", "top Б3"} <= set(legal)
    bridge = next(a for a in legal if a.startswith("bridge "))
    hammer = next(a for a in legal if a.startswith("hammer Б3 "))
    _, a, b = bridge.split(" ")
    expected = {
        "set мост": ("set:мост",), "take колода": (), "take 1": ("open:1",), "take 3": ("open:3",),
        "refresh": (), "axe Б3": ("item:топор", "Б3"), "top Б3": ("item:верхушка", "Б3"),
        hammer: ("item:молоток", "Б3", hammer.split(" ")[2]), bridge: ("item:мост", a, b),
    }
    assert {action: GAME.targets(state, action) for action in expected} == expected
    assert GAME.targets(state, "end") == ()
    ids = set(target_ids(parsed(board(GAME.view(state, 0)))))
    assert {t for taps in expected.values() for t in taps} <= ids
    public = set(target_ids(parsed(board(GAME.view(state)))))
    assert not {i for i in public if i.split(":")[0] in ("item", "set", "card")}  # the seat's own things

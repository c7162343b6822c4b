"""The Kingdom Builder board for the Mini App (render.kingdom.svg) and the taps that choose each action
(rules.kingdom.notation.targets): the SVG is well-formed, self-contained, escapes what players type, shows what
the view holds, and names every tap of every legal action on a shape."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from kb_positions import fresh, give, put, turn
from kingdom_render_views import grown_view, odd_views, over_view, start_view

from render.kingdom import svg
from render.kingdom.style import GOLD, hex_rgb
from render.registry import BOARDS
from rules.kingdom import GAME
from rules.kingdom.data import TERRAIN_NAMES, TILE_TITLES

NS = "{http://www.w3.org/2000/svg}"


def parsed(view: dict) -> ET.Element:
    root = ET.fromstring(BOARDS["kingdom"](view))
    assert root.tag == f"{NS}svg"
    return root


def data_targets(root: ET.Element) -> list[str]:
    return [e.get("data-target") for e in root.iter() if e.get("data-target") is not None]


def texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{NS}text")]


def positions(players: int, seed: int):
    """Every position of a seeded random game, the finished one last."""
    state = GAME.new(["Аня", "Борис", "Вера", "Глеб"][:players], seed=seed)
    chooser = random.Random(seed)
    while True:
        yield state
        if GAME.is_over(state):
            return
        GAME.apply(state, chooser.choice(GAME.legal_actions(state)))


def test_registered_and_scalable():
    assert BOARDS["kingdom"] is svg.board
    root = parsed(start_view(4))
    assert re.fullmatch(r"0 0 960 \d+", root.get("viewBox"))
    assert root.get("width") is None and root.get("height") is None  # the page scales it
    assert root.get("font-family") == "system-ui, sans-serif"


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_tap_of_every_legal_action_is_on_the_board(players, seed):
    tile_taps = 0
    for n, state in enumerate(positions(players, seed)):
        legal = GAME.legal_actions(state)
        tiles = any(a.split()[0] not in ("build", "end") for a in legal)
        if n % 4 and not tiles and legal:  # a sample of positions, but all with a tile to play
            continue
        root = parsed(GAME.view(state, state.current))
        ids = data_targets(root)
        assert len(ids) == len(set(ids))  # each place once
        shown = set(ids)
        for action in legal:
            taps = GAME.targets(state, action)
            assert set(taps) <= shown, (action, taps)
            tile_taps += action.split()[0] in TILE_TITLES
        assert all(e.get("data-target") is None or e.tag in (f"{NS}polygon", f"{NS}rect") for e in root.iter())
    assert tile_taps  # the games did play tiles from the board


def test_ids_are_unique_and_links_stay_inside():
    for view in (start_view(4), grown_view(4), over_view(4)):
        text = svg.board(view)
        ids = re.findall(r'\sid="([^"]+)"', text)
        assert len(ids) == len(set(ids))
        hrefs = re.findall(r'href="([^"]*)"', text)
        assert hrefs and all(h[1:] in ids and h.startswith("#") for h in hrefs)
        assert "http:" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "<image" not in text


def test_the_board_counts_what_the_view_holds():
    view = grown_view(4)
    root = parsed(view)
    settlements = next(e for e in root.iter() if e.get("id") == "kb-settlements")
    assert len(list(settlements)) == sum(seat is not None for row in view["owners"] for seat in row) == 4 * 14
    houses = {e.get("href") for e in settlements}
    assert len(houses) == 4  # one colour per player
    gold_pips = [e for e in root.iter(f"{NS}circle") if e.get("fill") == hex_rgb(GOLD) and e.get("r") == "5.2"]
    assert len(gold_pips) == sum(loc["tiles"] for loc in view["locations"])
    hexes = [e for e in root.iter(f"{NS}polygon") if e.get("data-target")]
    assert len(hexes) == 400
    order = list(root.iter())
    assert order.index(hexes[0]) > order.index(settlements)  # the tap areas lie over the pieces
    lit = [t for t in texts(root) if t in view["highlight"]]
    assert sorted(lit) == sorted(view["highlight"])


def test_the_panel_says_what_the_picture_says():
    root = parsed(grown_view(4))
    said = texts(root)
    assert any(t.startswith("Ходит Борис — ") for t in said)
    assert "осталось построить 2 из 3" in said and "колода 9 · сброс 6" in said
    assert {"Лорды", "Фермеры", "Рыбаки"} <= set(said) and "Таверна" in said
    over = texts(parsed(over_view(4)))
    assert "Партия окончена" in over and "итого" in over and any(t.startswith("★ ") for t in over)


def test_a_name_is_escaped():
    view = start_view(2)
    view["players"][0]["name"] = 'Аня <b>&"'
    text = svg.board(view)
    assert 'Аня &lt;b&gt;&amp;&quot;' in text and "<b>" not in text
    assert 'Аня <b>&"' in texts(ET.fromstring(text))


def test_a_seat_sees_its_own_card_and_no_one_else_does():
    state = fresh(3)
    turn(state, 0, "F")
    state.players[1].card, state.players[2].card = "B", "S"  # the cards in their hands for their next turns
    public = texts(parsed(GAME.view(state)))
    own = texts(parsed(GAME.view(state, 1)))
    other = texts(parsed(GAME.view(state, 2)))
    assert TERRAIN_NAMES["B"] in own and "Борис (вы)" in own and TERRAIN_NAMES["S"] not in own
    assert TERRAIN_NAMES["B"] not in public and TERRAIN_NAMES["S"] not in public
    assert TERRAIN_NAMES["B"] not in other and TERRAIN_NAMES["S"] in other
    assert public.count("карта скрыта") == 2 and own.count("карта скрыта") == 1


def test_targets_of_every_kind_of_action():
    state = fresh(2)
    turn(state, 0, "G", builds=0, phase="after")
    put(state, 0, "G3", "H3")
    give(state, 0, "H4")  # oracle
    give(state, 0, "G18")  # harbor
    give(state, 0, "S13")  # paddock
    legal = GAME.legal_actions(state)
    kinds = {a.split()[0]: a for a in legal}
    assert set(kinds) == {"oracle", "harbor", "paddock", "end"}
    assert GAME.targets(state, kinds["oracle"]) == ("oracle", kinds["oracle"].split()[1])
    _, origin, target = kinds["paddock"].split()
    assert GAME.targets(state, kinds["paddock"]) == ("paddock", origin, target)
    assert GAME.targets(state, "end") == ()
    assert GAME.targets(state, "harbor G3 A1") == ("harbor", "G3", "A1")
    turn(state, 0, "G", builds=3, phase="building")
    build = next(a for a in GAME.legal_actions(state) if a.startswith("build "))
    assert GAME.targets(state, build) == (build[6:],)
    assert GAME.targets(state, "oracle " + build[6:]) == ("oracle", build[6:])  # never the build's taps
    root = parsed(GAME.view(state))
    assert {"oracle", "harbor", "paddock"} <= set(data_targets(root))  # the player's ready tiles


def test_a_tile_given_back_is_tapped():
    state = fresh(2)
    turn(state, 0, "G", builds=0, phase="after")
    put(state, 0, "M5", "S2")
    give(state, 0, "M6")  # a farm, ready
    give(state, 0, "R2", "used")  # a farm, played this turn
    give(state, 0, "S13")  # a paddock
    GAME.apply(state, "paddock M5 K5")  # away from M6: one of the two farms goes back
    assert GAME.legal_actions(state) == ["discard farm used", "discard farm usable"]
    assert [GAME.targets(state, a) for a in GAME.legal_actions(state)] == [("farm-used",), ("farm-usable",)]
    ids = data_targets(parsed(GAME.view(state)))
    assert "farm-used" in ids and "farm-usable" in ids and "farm" not in ids and "paddock" not in ids


def test_only_ready_tiles_of_the_player_to_move_are_tapped():
    state = fresh(2)
    turn(state, 0, "G")
    give(state, 0, "H4", "used")
    give(state, 1, "G18")
    ids = set(data_targets(parsed(GAME.view(state))))
    assert "oracle" not in ids and "harbor" not in ids and "A1" in ids


def test_missing_and_odd_fields_still_draw():
    for view in odd_views():
        root = parsed(view)
        assert len(data_targets(root)) == len(set(data_targets(root))) >= 400
    assert parsed("not a view").get("viewBox")


def test_the_largest_state_is_small():
    state = list(positions(4, 5))[-1]
    assert len(svg.board(GAME.view(state, 0)).encode()) < 250_000

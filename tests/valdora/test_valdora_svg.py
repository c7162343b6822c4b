"""The Valdora board of the Mini App (`render.valdora.svg.board`): well-formed SVG drawn from the view, every tap
that a legal action needs is on it, and `targets` names the taps of each kind of action."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from render.registry import BOARDS
from render.valdora import board
from rules.valdora import GAME
from rules.valdora.data import CONTRACT_PRICE
from rules.valdora.state import State
from tests.valdora.positions import card, fresh, stand

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина"]
STEP = 23  # random games run to thousands of actions: the board of every 23rd moment is checked (a prime, so
# that the moments fall on every phase and player)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def target_ids(root: ET.Element) -> list[str]:
    return [e.get("data-target") for e in root.iter() if e.get("data-target") is not None]


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


def games(players: int, seed: int, every: int = 1):
    """Each `every`-th state of a seeded random game, to its end."""
    state = GAME.new(NAMES[:players], seed=seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or GAME.is_over(state):
            yield state
        if GAME.is_over(state):
            return
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        step += 1


def test_registered_for_the_mini_app():
    assert BOARDS["valdora"] is board


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3)])
def test_every_tap_of_every_legal_action_is_on_the_board(players, seed):
    kinds = Counter()
    for state in games(players, seed, every=STEP):
        if GAME.is_over(state):
            break
        root = parse(board(GAME.view(state, state.current)))
        ids = target_ids(root)
        assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
        for action in GAME.legal_actions(state):
            taps = GAME.targets(state, action)
            assert set(taps) <= set(ids), (action, taps)
            kinds[action.split(" ")[0]] += bool(taps)
    assert kinds["move"] and kinds["buy"] and kinds["mine"]  # the game went through the tappable kinds


@pytest.mark.parametrize("players, seed", [(3, 4), (5, 5)])
def test_the_board_shows_as_many_pieces_as_the_view(players, seed):
    for state in games(players, seed, every=5 * STEP):
        view = GAME.view(state, None)
        root = parse(board(view))
        ids = target_ids(root)
        held = sum(len(p["equipment"]) for p in view["players"])
        contracts = sum(len(p["contracts"]) for p in view["players"])
        road_gems = sum(len(s["gems"]) for s in view["board"]["spaces"])
        assert sum(i.startswith("equip:") for i in ids) == held
        assert sum(i.startswith("contract:") for i in ids) == contracts
        assert sum(i.startswith("gem:") and not i.startswith("gem:discard:") for i in ids) == road_gems
        assert sum(i.startswith("gem:discard:") for i in ids) == len(view["discard"])
        spaces = {s["name"] for s in view["board"]["spaces"]}
        assert spaces <= set(ids)
        # a pawn on the map and one in each row; the mover's in the header; one on each workshop owned
        owned = sum(w["owner"] is not None for w in view["workshops"])
        pawns = [g for g in root.iter(f"{SVG}g") if g.get("class") == "pawn"]
        assert len(pawns) == 2 * players + (0 if view["over"] else 1) + owned
        # the bank and every road's gem counts are written as the view says
        assert str(view["bank"]) in texts(root)


def test_a_tap_on_a_road_s_gems_picks_the_road_while_moving_and_the_gem_after():
    state = fresh(3)
    road = next(name for name, pile in state.roads.items() if any(pile.values()))
    for phase, road_on_top in (("move", True), ("act", False)):
        state.phase = phase
        ids = target_ids(parse(board(GAME.view(state, 0))))
        gems = [i for i, t in enumerate(ids) if t.startswith(f"gem:{road}:")]
        assert gems and (ids.index(road) > max(gems)) == road_on_top  # the later shape is the one on top


def test_svg_is_one_scalable_element_without_outside_links():
    state = next(s for i, s in enumerate(games(4, 6)) if i == 50)
    svg = board(GAME.view(state, 0))
    root = parse(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox").startswith("0 0 900 ")
    assert root.get("width") is None and root.get("height") is None
    assert "href" not in svg and "http://" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<image" not in svg
    for text in root.iter(f"{SVG}text"):
        assert "system-ui" in text.get("font-family")


def test_a_name_with_markup_is_escaped():
    state = fresh(3, names=("<b>&\"Аня'", "Борис", "Вера"))
    svg = board(GAME.view(state, 0))
    assert "<b>&" not in svg
    assert any(t.startswith("<b>&\"Аня'") for t in texts(parse(svg)))


def test_a_seat_sees_its_own_delivered_points_and_the_others_do_not():
    state = fresh(3)
    state.players[1].delivered = [card("grey")[0]]
    points = f"сдано 1 · {GAME.view(state, 1)['players'][1]['contract_points']} оч."
    assert points in texts(parse(board(GAME.view(state, 1))))
    assert points not in texts(parse(board(GAME.view(state, None))))
    assert points not in texts(parse(board(GAME.view(state, 0))))


def test_the_largest_state_stays_small():
    biggest = max(len(board(GAME.view(s, s.current))) for s in games(5, 7, every=4 * STEP) if not GAME.is_over(s))
    assert biggest < 200_000


# --- targets of each kind of action on fixed positions ---------------------------------------------------------


def legal(state: State) -> dict[str, tuple[str, ...]]:
    return {a: GAME.targets(state, a) for a in GAME.legal_actions(state)}


def test_moves_tap_the_space():
    state = fresh(3)
    taps = legal(state)
    assert taps["move Д9"] == ("Д9",) and taps["move A"] == ("A",)


def test_buying_equipment_taps_the_page_then_the_gold_that_pays():
    state = fresh(3)
    stand(state, "A")
    state.players[0].equipment = {"pan": "gold"}
    taps = legal(state)
    buys = {a: t for a, t in taps.items() if a.startswith("buy ")}
    assert buys and all(t == (f"page:A:{a.split()[1]}",) for a, t in buys.items())
    assert taps["end"] == () and all(t == () for a, t in taps.items() if a.startswith("flip"))
    state.players[0].equipment = {"pan": "gold", "cart": "gold"}
    taps = legal(state)
    side = next(a.split()[1] for a in taps if a.startswith("buy "))
    assert taps[f"buy {side} телега"] == (f"page:A:{side}", "equip:0:cart")
    assert taps[f"buy {side} лоток"] == (f"page:A:{side}", "equip:0:pan")


def test_contracts_bought_returned_and_delivered():
    state = fresh(3)
    stand(state, "C")
    state.players[0].coins = CONTRACT_PRICE + 2
    taps = legal(state)
    assert taps["buy right"] == ("page:C:right",) and taps["provisions"] == ()  # the left page starts empty
    state.players[0].contracts = [card("grey"), card("red"), card("blue")]
    taps = legal(state)
    assert taps["return 2 right"] == ("contract:0:2", "page:C:right")
    stand(state, "Серый")
    state.players[0].contracts = [card("red"), card("grey")]
    state.players[0].equipment = {"pan": "gold", "ruby": "ruby", "cart": "ruby", "horse": "gold"}
    state.players[0].coins = 6
    delivers = {a: t for a, t in legal(state).items() if a.startswith("deliver ")}
    assert delivers, legal(state)
    for action, taps in delivers.items():
        number, *paying = action.split(" ")[1:]
        assert taps[0] == f"contract:0:{number}"
        assert len(taps) == 1 + (len(paying[0].split("+")) if paying else 0)


def test_mining_taps_the_gem_then_the_equipment_when_there_is_a_choice():
    state = fresh(3)
    stand(state, "Д9")
    state.roads["Д9"] = {"gold": 1, "ruby": 2, "sapphire": 0, "amethyst": 0, "emerald": 0}
    state.players[0].equipment = {"pan": None, "cart": None}
    state.players[0].coins = 6
    taps = legal(state)
    assert taps["mine золото лоток"] == ("gem:Д9:gold", "equip:0:pan")
    assert taps["mine золото телега"] == ("gem:Д9:gold", "equip:0:cart")
    assert taps["mine рубин телега"] == ("gem:Д9:ruby",)  # only the cart takes a ruby: one tap
    stand(state, "Гавань")
    state.discard = {"gold": 0, "ruby": 0, "sapphire": 1, "amethyst": 0, "emerald": 0}
    assert legal(state)["mine сапфир телега"] == ("gem:discard:sapphire",)


def test_passing_refilling_and_ending_are_buttons():
    state = fresh(3)
    stand(state, "Ш1")
    state.players[0].coins = 1
    taps = legal(state)
    assert taps["refill"] == () and taps["end"] == ()


def test_no_two_legal_actions_share_their_taps_in_these_games():
    for state in games(4, 8, every=3):
        if GAME.is_over(state):
            break
        seen = Counter(GAME.targets(state, a) for a in GAME.legal_actions(state))
        assert all(n == 1 for taps, n in seen.items() if taps), seen


def test_targets_are_plain_ids():
    state = fresh(3)
    for taps in legal(state).values():
        assert all(re.fullmatch(r"[^\s\"<>&]+", t) for t in taps)

"""The Valdora board picture: decodes, fits a phone, shows what changed, reuses its background."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import common, valdora
from render.__main__ import main as cli_main
from render.registry import RENDERERS
from render.valdora import land, panels, pieces, png, rows

FIXTURES = Path(__file__).with_name("fixtures")
PAINTERS = (pieces, land, panels, rows)  # the modules of the drawing that write text
VIEW_FILES = sorted(FIXTURES.glob("view_*.json"))


def load(name: str) -> dict:
    return json.loads((FIXTURES / f"view_{name}.json").read_text(encoding="utf-8"))


def decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def around(view: dict, space: str, dx: int = 50, dy: int = 70) -> tuple[int, int, int, int]:
    """The pixels around a space and its pawns."""
    _, cx, cy, _ = valdora.background(view).anchors[space]
    return int(cx - dx), int(cy - dy), int(cx + dx), int(cy + dy)


def assert_phone_sized(im: Image.Image) -> None:
    """Portrait, 800-960 wide, at most 1280 high."""
    w, h = im.size
    assert 800 <= w <= 960 and w < h <= 1280


@pytest.mark.parametrize("path", VIEW_FILES, ids=lambda p: p.stem)
def test_fixture_renders_to_a_phone_sized_png(path):
    view = json.loads(path.read_text(encoding="utf-8"))
    png = valdora.draw(view)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    im = decode(png)
    assert im.format == "PNG" and im.mode == "P"
    assert_phone_sized(im)
    assert im.size == (valdora.WIDTH, valdora.layout(view).height)


def test_three_fixtures_exist():
    assert {p.stem for p in VIEW_FILES} >= {"view_mid5", "view_start3", "view_over4"}


def test_registry_knows_valdora():
    assert RENDERERS["valdora"] is valdora.draw


def test_moving_a_pawn_changes_both_spaces():
    view = load("mid5")
    before = valdora.render(view)
    moved = copy.deepcopy(view)
    moved["players"][4]["position"] = "Д5"  # Дима leaves Ш3 for the empty road Д5
    after = valdora.render(moved)
    # a pawn stands beside its space: look where it is drawn now and where it was
    new_x, new_y = valdora.pawn_spots(moved)[4]
    old_x, old_y = valdora.pawn_spots(view)[4]
    assert changed(before, after, (int(new_x - 15), int(new_y - 20), int(new_x + 15), int(new_y + 20)))
    assert changed(before, after, (int(old_x - 15), int(old_y - 20), int(old_x + 15), int(old_y + 20)))
    assert not changed(before, after, around(view, "Д1"))


def test_taking_gems_changes_the_road():
    view = load("mid5")
    before = valdora.render(view)
    taken = copy.deepcopy(view)
    road = next(s for s in taken["board"]["spaces"] if s["name"] == "Д1")
    road["gems"] = {"gold": 2}
    assert changed(before, valdora.render(taken), around(view, "Д1"))


def test_whose_turn_changes_the_picture():
    view = load("mid5")
    other = copy.deepcopy(view)
    other["current_seat"] = 0
    assert valdora.draw(view) != valdora.draw(other)


def test_background_is_drawn_once_and_never_drawn_on():
    view = load("mid5")
    bg = valdora.background(view)
    pristine = bg.image.copy()
    valdora.draw(view)
    valdora.draw(load("over4"))
    later = copy.deepcopy(view)  # the same board later in the game
    later["current_seat"], later["round"] = 2, 9
    later["players"][0]["position"] = "Д1"
    later["highlight"] = ["Д1", "Д2"]
    valdora.draw(later)
    assert valdora.background(later) is bg  # same board and players: the same cached picture
    assert ImageChops.difference(pristine, bg.image).getbbox() is None


def test_long_names_emoji_and_five_players_do_not_crash():
    view = load("mid5")
    names = ["Александра Константиновна Длинноимённая-Преображенская", "🚀🔥", "", "x" * 300,
             "Ёжик 👨‍👩‍👧 в тумане"]
    for p, name in zip(view["players"], names, strict=True):
        p["name"] = name
        p["position"] = "Д13"  # five pawns on one road
    view["current_seat"] = 1
    im = decode(valdora.draw(view))
    assert_phone_sized(im)
    assert im.size == (valdora.WIDTH, 1280)  # five rows leave the map its smallest height
    over = load("over4")
    for s, name in zip(over["scores"], names[:4], strict=True):
        s["name"] = name
    decode(valdora.draw(over))


def test_missing_and_unknown_values_still_draw():
    view = load("start3")
    view["players"][0]["equipment"].append({"kind": "drill", "name": "Бур", "gem": "opal", "cost": 4})
    view["players"][0]["contracts"] = [
        {"type": "contract", "client": "pink", "wants": {"opal": 2}, "points": 7},
    ]
    view["players"][1]["position"] = "Нигде"
    view["players"][2]["masters"] = {"pink": 1}
    view["discard"] = {"opal": 3, "ruby": 0}
    view["books"][0]["left"] = None
    view["current_seat"] = None
    decode(valdora.draw(view))
    decode(valdora.draw({"game": "valdora", "players": [], "board": {"spaces": [], "edges": []}}))


def test_common_text_helpers():
    assert common.clean("Глеб 🚀\u200d\ufe0f  ") == "Глеб"
    text, size = common.fit("Борис Константинопольский-Задунайский", 22, 150, bold=True, min_size=16)
    assert size == 16 and text.endswith("…")
    assert common.width(text, size, True) <= 150
    assert common.fit("Аня", 22, 150) == ("Аня", 22)
    assert common.initial("🚀 ёжик") == "Ё"
    assert common.initial("🚀") == "?"
    assert common.font(20, True) is common.font(20, True)


def test_cli_draws_a_view_file(tmp_path):
    out = tmp_path / "board.png"
    assert cli_main(["valdora", "--view", str(FIXTURES / "view_mid5.json"), "--out", str(out)]) == 0
    assert max(decode(out.read_bytes()).size) <= 1280


def _game():
    try:
        from rules.registry import GAMES
    except ImportError as error:  # the engine is written at the same time as the renderer
        pytest.skip(f"the Valdora engine is not available yet: {error}")
    return GAMES["valdora"]


@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_random_play_renders_every_few_moves(seed):
    game = _game()
    players = ["Аня", "Борис", "Вера", "Глеб", "Дина"][: 3 + seed % 3]
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    for step in range(400):
        if step % 40 == 0:
            decode(valdora.draw(game.view(state, step % len(players))))
        if game.is_over(state):
            break
        game.apply(state, rng.choice(game.legal_actions(state)))
    decode(valdora.draw(game.view(state, None)))


def test_cli_plays_random_moves(tmp_path):
    _game()
    out = tmp_path / "board.png"
    assert cli_main(["valdora", "--seed", "3", "--moves", "30", "--out", str(out), "--seat", "1"]) == 0
    assert max(decode(out.read_bytes()).size) <= 1280


# ---------------------------------------------------------------- phone layout, pawns, reachable places


def _played(players: int, seed: int, phase: str, steps: int = 60):
    """A game after at least `steps` random actions, stopped when it is `phase`'s turn (or over)."""
    game = _game()
    state = game.new(["Аня", "Борис", "Вера", "Глеб", "Дина"][:players], seed=seed)
    rng = random.Random(seed)
    done = 0
    while not game.is_over(state) and (done < steps or state.phase != phase):
        game.apply(state, rng.choice(game.legal_actions(state)))
        done += 1
    return game, state


def _public_view(state, seat=None, focus=None) -> dict:
    from rules.valdora.view import view

    return view(state, seat, focus)


def ring_pixels(im: Image.Image, view: dict, space: str) -> int:
    """How many pixels of the magenta ring there are around a space."""
    spot = valdora.background(view).spots[space]
    x0, y0, x1, y1 = spot.box
    g = valdora.HL_GAP + valdora.HL_W + 2
    crop = im.convert("RGB").crop((int(x0 - g), int(y0 - g), int(x1 + g), int(y1 + g)))
    return sum(n for n, rgb in crop.getcolors(1 << 16) if rgb == valdora.HL_RING)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_portrait_phone_size_for_every_player_count(players):
    game, state = _played(players, players, "move")
    for seat in (None, 0):
        view = game.view(state, seat)
        im = decode(valdora.draw(view))
        assert_phone_sized(im)
        assert im.size == (valdora.WIDTH, valdora.layout(view).height)
        assert valdora.layout(view).map_h >= 600  # the map stays the larger part


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_reachable_places_are_in_the_view_only_during_the_move(seed):
    game, state = _played(3 + seed % 3, seed, "move")
    view = _public_view(state)
    from rules.valdora.view import MOVE_VERB

    moves = [a.partition(" ")[2] for a in game.legal_actions(state) if a.partition(" ")[0] == MOVE_VERB]
    assert view["phase"] == "move" and moves
    assert [r["space"] for r in view["reachable"]] == moves  # the engine's own legal moves, in order
    assert view["highlight"] == moves
    for r in view["reachable"]:
        assert set(r) == {"space", "pay", "provisions"}
        assert isinstance(r["pay"], int) and r["pay"] >= 0 and isinstance(r["provisions"], bool)
    game, state = _played(3 + seed % 3, seed, "act")
    assert state.phase == "act"
    acting = _public_view(state, None, ["end"])
    assert acting["reachable"] == [] and acting["highlight"] == []
    game, state = _played(3, seed, "over", steps=100000)
    over = _public_view(state)
    assert over["over"] and over["reachable"] == [] and over["highlight"] == []


def test_reachable_costs_follow_the_movement_rules():
    game, state = _played(4, 11, "move", steps=150)
    player = state.players[state.current]
    player.provisions = False
    plain = _public_view(state)["reachable"]
    assert not any(r["provisions"] for r in plain)
    player.provisions = True
    with_food = _public_view(state)["reachable"]
    assert {r["space"] for r in plain} < {r["space"] for r in with_food}  # provisions get further
    assert {r["space"] for r in with_food if r["provisions"]} == {r["space"] for r in with_food} - {
        r["space"] for r in plain}
    kinds = {s["name"]: s["kind"] for s in _public_view(state)["board"]["spaces"]}
    others = [p.position for s, p in enumerate(state.players) if s != state.current]
    for r in with_food:
        expected = 0 if kinds[r["space"]] == "mine" else others.count(r["space"])
        assert r["pay"] == expected


def test_reachable_places_are_ringed_during_the_move_and_not_after():
    game, state = _played(4, 5, "move")
    view = game.view(state, None)
    im = valdora.render(view)
    reachable = set(view["highlight"])
    names = [s["name"] for s in view["board"]["spaces"]]
    assert reachable and set(names) - reachable
    for name in names:
        assert (ring_pixels(im, view, name) > 100) == (name in reachable), name
    game, state = _played(4, 5, "act")
    after = game.view(state, None)
    after["highlight"] = names  # even a stray highlight is not drawn outside the move phase
    im = valdora.render(after)
    assert all(ring_pixels(im, after, name) == 0 for name in names)


def test_focus_highlights_only_its_places():
    game, state = _played(4, 6, "move")
    moves = [a for a in game.legal_actions(state) if a.startswith("move ")]
    assert len(moves) > 3
    focus = moves[1:3] + ["end"]
    view = _public_view(state, None, focus)
    chosen = [m.partition(" ")[2] for m in moves[1:3]]
    assert view["highlight"] == chosen
    assert len(view["reachable"]) == len(moves)  # the costs stay for every reachable place
    im = valdora.render(view)
    for r in view["reachable"]:
        assert (ring_pixels(im, view, r["space"]) > 100) == (r["space"] in chosen), r["space"]
    nothing = _public_view(state, None, ["end"])
    assert nothing["highlight"] == []
    im = valdora.render(nothing)
    assert all(ring_pixels(im, nothing, r["space"]) == 0 for r in nothing["reachable"])


def test_view_is_json_safe_and_hides_secrets():
    game = _game()
    state = game.new(["Аня", "Борис", "Вера", "Глеб"], seed=8)
    while not (sum(len(p.delivered) for p in state.players) >= 2 and state.phase == "move"):
        game.apply(state, game.autopilot(state))  # the autopilot delivers contracts; random play rarely does
    public = _public_view(state, None, ["move X"])
    assert json.loads(json.dumps(public, ensure_ascii=False)) == public
    for p in public["players"]:
        assert p["delivered_contracts"] is None and p["contract_points"] is None
    for b in public["books"]:  # only the two open pages and the stack sizes, never a stack's order
        assert set(b) == {"town", "kind", "left", "right", "left_count", "right_count"}
    holder = next(s for s, p in enumerate(state.players) if p.delivered)
    own = _public_view(state, holder)
    assert own["players"][holder]["contract_points"] > 0
    assert all(p["delivered_contracts"] is None for s, p in enumerate(own["players"]) if s != holder)
    other = (holder + 1) % len(state.players)
    assert own["reachable"] == _public_view(state, other)["reachable"]  # no secret changes where one goes
    assert own["reachable"] == public["reachable"]


def test_pawns_are_pawn_marks_in_the_seat_colours():
    game, state = _played(5, 2, "move")
    view = game.view(state, None)
    im = valdora.render(view)
    spots = valdora.pawn_spots(view)
    assert set(spots) == {0, 1, 2, 3, 4}
    for seat, (x, y) in spots.items():  # the body, below the number on the head
        assert im.getpixel((round(x), round(y + 8))) == common.player_colour(seat)
    lay = valdora.layout(view)
    for i, p in enumerate(view["players"]):  # the same mark next to the name
        x, y = valdora.row_mark(lay, i)
        assert im.getpixel((round(x), round(y + 6))) == common.player_colour(p["seat"])


def test_a_pawn_is_not_a_letter_disc():
    """A pawn is taller than wide (head and body), unlike the round town discs with letters."""
    sprite = valdora.pawn_sprite(common.player_colour(0), "1", valdora.PAWN_H)
    box = sprite.getchannel("A").getbbox()
    assert box[3] - box[1] > (box[2] - box[0]) * 1.2


def test_odd_reachable_and_highlight_values_still_draw():
    view = load("mid5")
    view["phase"] = "move"
    view["reachable"] = [{"space": "Д1", "pay": 2, "provisions": True}, {"space": 5}, "x", None,
                         {"space": "Нигде", "pay": "много"}]
    view["highlight"] = ["Д1", "Нигде", 7, None]
    decode(valdora.draw(view))
    view["highlight"] = "Д1"
    decode(valdora.draw(view))


# --- readable at 430 px: pawns on their spaces, a turn mark of its own, a key, big numbers -----------------------


def _pawn_box(x: float, y: float) -> tuple[float, float, float, float]:
    half_w, half_h = valdora.PAWN_W / 2, valdora.PAWN_H / 2
    return x - half_w + 3, y - half_h + 3, x + half_w - 3, y + half_h - 3


def _overlap(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _crowds(players: int, seed: int) -> list[dict]:
    """Views of a played game with three pawns on one space after another, and the fixtures."""
    game, state = _played(players, seed, "move")
    views = []
    for crowd in ("Д9", "Ш1", "A", "Порт", "Гавань", "Серый", "Д13"):
        for p in state.players[:3]:
            p.position = crowd
        views.append(game.view(state, None))
    for p in state.players:  # everyone in the Port, as at the start
        p.position = "Порт"
    views.append(game.view(state, None))
    return views + [load(name) for name in ("start3", "mid5", "over4")]


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (5, 8)])
def test_each_pawn_stands_on_its_own_space_and_no_other(players, seed):
    """A pawn overlaps the space it stands on (its head on the space's bottom edge) and touches no other space,
    so that one can tell where each player is; a pawn's body shows its seat colour there."""
    touches = 0
    for view in _crowds(players, seed):
        spots = valdora.background(view).spots
        where = valdora.pawn_spots(view)
        im = valdora.render(view)
        for p in view["players"]:
            x, y = where[p["seat"]]
            own = spots[p["position"]]
            pawn = _pawn_box(x, y)
            assert _overlap(pawn, own.box) > 120, (p["position"], x, y, own.box)
            assert pawn[1] < own.pawn_y < pawn[3]  # it stands across the space's bottom edge
            mine = _overlap(pawn, own.box)
            for name, other in spots.items():  # a neighbour is touched at most at a corner, where spaces crowd
                if name != p["position"]:
                    touch = _overlap(pawn, other.solid)
                    assert touch <= 0.2 * (pawn[2] - pawn[0]) * (pawn[3] - pawn[1]) and mine >= 3 * touch, \
                        (p["position"], name, x, y)
                    touches += touch > 0
            if p is view["players"][-1] and not view.get("scores"):  # drawn last, nothing covers its body
                assert im.getpixel((round(x), round(y + 8))) == common.player_colour(p["seat"])
    assert touches <= 3  # almost every pawn touches no other space at all


def test_several_pawns_on_one_space_stand_apart_in_a_row():
    game, state = _played(5, 3, "move")
    for p in state.players:
        p.position = "Д9"
    view = game.view(state, None)
    where = valdora.pawn_spots(view)
    xs = sorted(x for x, _ in where.values())
    assert len({round(y) for _, y in where.values()}) == 1
    assert all(b - a >= valdora.PAWN_STEP_MIN for a, b in zip(xs, xs[1:], strict=False))
    im = valdora.render(view)
    for seat, (x, y) in where.items():  # the next pawn in the row leaves each body's left side showing
        assert close(im.getpixel((round(x - 5), round(y + 10))), common.player_colour(seat)), seat


def close(a, b, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_the_turn_mark_has_a_colour_no_player_has():
    def distance(a, b):
        return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5

    assert all(distance(valdora.TURN_MARK, c) > 80 for c in common.PLAYER_COLOURS)
    assert all(distance(valdora.TURN_EDGE, c) > 80 for c in common.PLAYER_COLOURS)
    game, state = _played(5, 2, "move")
    view = game.view(state, None)
    im = valdora.render(view)
    x, y = valdora.pawn_spots(view)[view["current_seat"]]
    assert im.getpixel((round(x - 23), round(y))) == valdora.TURN_MARK  # the glow beside the pawn


def _drawn_texts(monkeypatch, view: dict) -> list[tuple[str, int]]:
    """Every text the picture draws, with its size (the cached background drawn anew)."""
    drawn = []
    real = common.text

    def spy(d, xy, words, size, *args, **kwargs):
        drawn.append((words, size))
        return real(d, xy, words, size, *args, **kwargs)

    for module in PAINTERS:
        monkeypatch.setattr(module, "text", spy)
    monkeypatch.setattr(png, "_BACKGROUNDS", {})
    valdora.render(view)
    return drawn


def test_a_key_explains_the_pictures_of_the_player_rows(monkeypatch):
    game, state = _played(5, 2, "move")
    words = [w for w, _ in _drawn_texts(monkeypatch, game.view(state, None))]
    for key in ("провиант", "телега", "цена погрузки", "контракт: №, заказ, очки"):
        assert key in words
    assert any(w.startswith("бонус-карты: ") for w in words)


def test_contract_numbers_and_loading_prices_are_big(monkeypatch):
    drawn = []
    real = common.text
    monkeypatch.setattr(pieces, "text", lambda d, xy, words, size, *a, **k: drawn.append((words, size))
                        or real(d, xy, words, size, *a, **k))
    im = Image.new("RGB", (400, 100), common.PAPER)
    d = ImageDraw.Draw(im)
    valdora.contract_chip(d, 0, 50, 36, {"client": "grey", "wants": {"coins": 2}, "points": 3}, 1)
    valdora.equipment_tile(d, 200, 33, 34, {"kind": "cart", "gem": None, "cost": 2})
    assert dict(drawn)["1"] >= 22  # the contract's number on its shield, in a row of 36 px
    assert dict(drawn)["2"] >= 20  # the loading price on a cart of 34 px


@pytest.mark.parametrize("phase, action, flips, words", [
    ("move", None, 0, "куда идти"), ("act", None, 0, "что делать здесь"), ("act", "buy", 1, "листать или купить"),
    ("act", "mine", 0, "что ещё добыть"), ("act", "deliver", 0, "что ещё сдать")])
def test_the_header_says_what_is_being_chosen(monkeypatch, phase, action, flips, words):
    game, state = _played(3, 1, "move")
    view = game.view(state, None)
    view["phase"], view["turn"] = phase, {"flips": flips, "action": action, "mined": 0}
    drawn = [w for w, _ in _drawn_texts(monkeypatch, view)]
    name = view["players"][view["current_seat"]]["name"]
    assert f"Ходит {name}" in drawn and f"— {words}" in drawn


def test_the_header_of_a_finished_game_says_partiya_okonchena(monkeypatch):
    game, state = _played(3, 1, "over", steps=100000)
    drawn = [w for w, _ in _drawn_texts(monkeypatch, game.view(state, None))]
    assert any(w.startswith("Партия окончена. ") for w in drawn)


# --- equipment in words, contracts grey apart from white ---------------------------------------------------------


def _holding(equipment: list[tuple[str, str | None]], contracts: int = 1) -> dict:
    view = load("mid5")
    names = {"pan": "Лоток", "ruby": "Кирка", "sapphire": "Долото", "amethyst": "Молот", "emerald": "Лопата",
             "cart": "Телега", "horse": "Лошадь"}
    costs = {"cart": 2, "horse": 3}
    view["players"][0]["equipment"] = [{"kind": k, "name": names[k], "gem": g, "cost": costs.get(k, 0)}
                                       for k, g in equipment]
    white = {"type": "contract", "client": "white", "wants": {"ruby": 1, "sapphire": 1, "gold": 1}, "points": 10}
    view["players"][0]["contracts"] = [white] * contracts
    return view


@pytest.mark.parametrize("contracts", [0, 3])
def test_every_piece_of_equipment_is_named_in_a_readable_size(monkeypatch, contracts):
    view = _holding([("pan", "gold"), ("ruby", None), ("sapphire", "sapphire"), ("emerald", None),
                     ("cart", "ruby"), ("horse", None)], contracts)
    drawn = _drawn_texts(monkeypatch, view)
    for word in ("лоток", "кирка", "долото", "лопата", "телега", "лошадь"):
        assert any(w == word and size >= 16 for w, size in drawn), (word, [d for d in drawn if d[0] == word])


def test_the_gem_on_a_cart_shows_inside_its_named_piece():
    view = _holding([("pan", None), ("cart", "emerald")], 0)
    im = valdora.render(view)
    lay = valdora.layout(view)
    low = valdora.row_top(lay, 0) + 49
    x = 6 + 46 + valdora.pill_width({"kind": "pan", "name": "Лоток"}, valdora.EQUIP_H, valdora.EQUIP_TEXT) + 5
    gem_x = x + valdora.EQUIP_H * 0.16 + valdora.EQUIP_H * 0.32  # the disc at the cart's left end
    assert im.getpixel((round(gem_x), round(low))) == valdora.gem_rgb("emerald")


def test_a_full_row_moves_the_contracts_up_and_keeps_the_words(monkeypatch):
    every = [("pan", "gold"), ("ruby", "ruby"), ("sapphire", None), ("amethyst", "amethyst"), ("emerald", None),
             ("cart", "emerald"), ("horse", None)]
    drawn = _drawn_texts(monkeypatch, _holding(every, 3))
    assert {"лоток", "кирка", "долото", "молот", "лопата", "телега", "лошадь"} <= {w for w, _ in drawn}


def test_grey_and_white_clients_look_apart():
    def distance(a, b):
        return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5

    assert distance(valdora.client_rgb("grey"), valdora.client_rgb("white")) > 150
    im = Image.new("RGB", (300, 60), common.WHITE)
    d = ImageDraw.Draw(im)
    valdora.contract_chip(d, 0, 30, 36, {"client": "grey", "wants": {"coins": 2}, "points": 3}, None)
    valdora.contract_chip(d, 150, 30, 36, {"client": "white", "wants": {"ruby": 1}, "points": 3}, None)
    assert im.getpixel((4 + 17, 24)) == valdora.client_rgb("grey")  # the shield of the grey client
    assert im.getpixel((154 + 17, 24)) == valdora.client_rgb("white")


def test_a_pawn_has_its_person_s_colour_not_its_seat_s():
    game, state = _played(3, 1, "move")
    view = game.view(state, None)
    for p, colour in zip(view["players"], (1, 2, 0), strict=True):  # as a rematch keeps each person's colour
        p["colour_index"] = colour
    im = valdora.render(view)
    x, y = valdora.pawn_spots(view)[view["players"][-1]["seat"]]
    assert im.getpixel((round(x), round(y + 8))) == common.PLAYER_COLOURS[0]
    lay = valdora.layout(view)
    mx, my = valdora.row_mark(lay, 0)
    assert im.getpixel((round(mx), round(my + 6))) == common.PLAYER_COLOURS[1]

"""Kingdom Builder views made by hand, in the schema the engine's `view()` produces, for the renderer
tests: a start position, a 4-player game in full swing with highlights, and a finished game."""

from __future__ import annotations

import random

from rules.kingdom.board import BUILDABLE, Board, name, neighbours

CARDS = {
    "fishermen": ("Рыбаки", "1 золото за каждое поселение у воды"),
    "miners": ("Шахтёры", "1 золото за каждое поселение у горы"),
    "merchants": ("Купцы", "4 золота за локацию или замок, связанные цепочкой ваших поселений с другой"),
    "workers": ("Рабочие", "1 золото за поселение рядом с локацией или замком"),
    "discoverers": ("Первооткрыватели", "1 золото за каждый ряд, где есть ваше поселение"),
    "knights": ("Рыцари", "2 золота за каждое поселение в вашем самом заполненном ряду"),
    "hermits": ("Отшельники", "1 золото за каждую отдельную группу поселений"),
    "lords": ("Лорды", "в каждом секторе: больше всех поселений — 12 золота, второе место — 6"),
    "citizens": ("Горожане", "1 золото за каждые 2 поселения в самой большой группе"),
    "farmers": ("Фермеры", "3 золота за поселение в секторе, где у вас их меньше всего"),
}
SECTOR_TITLES = {"oracle": "Оракул", "farm": "Ферма", "oasis": "Оазис", "tower": "Башня", "tavern": "Таверна",
                 "barn": "Амбар", "harbor": "Гавань", "paddock": "Пастбище"}
NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина"]
SECTORS = [("tavern", False), ("oracle", True), ("farm", False), ("harbor", False)]


def start_view(players: int = 4, sectors=SECTORS, cards=("lords", "farmers", "fishermen")) -> dict:
    board = Board.build(sectors)
    return {
        "game": "kingdom",
        "terrain": list(board.terrain),
        "sectors": [{"name": s, "title": SECTOR_TITLES[s], "turned": t} for s, t in sectors],
        "locations": [{"hex": name(r, c), "row": r, "col": c, "type": kind, "title": SECTOR_TITLES[kind],
                       "tiles": 2} for (r, c), kind in sorted(board.locations.items())],
        "owners": [[None] * 20 for _ in range(20)],
        "cards": [{"id": c, "title": CARDS[c][0], "hint": CARDS[c][1]} for c in cards],
        "players": [{"seat": i, "name": NAMES[i], "settlements_left": 40, "card": None, "tiles": []}
                    for i in range(players)],
        "current": 0, "first": 0, "builds_left": 3, "phase": "start",
        "highlight": [], "last_turn": [],
        "deck": 25 - players, "discard": 0, "final_round": False,
        "seat": None, "hand": None, "scores": None, "winners": [],
    }


def grown_view(players: int = 4, settlements: int = 14, seed: int = 5) -> dict:
    """Each player has `settlements` settlements in a few clusters; the current player (seat 1) has
    revealed forest and may build on the highlighted hexes; some location tiles have been taken."""
    view = start_view(players)
    terrain = view["terrain"]
    rng = random.Random(seed)
    owners = view["owners"]
    free = [(r, c) for r in range(20) for c in range(20) if terrain[r][c] in BUILDABLE]
    placed: dict[int, list[tuple[int, int]]] = {}
    for seat in range(players):
        mine = placed.setdefault(seat, [])
        while len(mine) < settlements:
            if not mine or rng.random() < 0.15:
                options = [h for h in free if owners[h[0]][h[1]] is None]
            else:
                options = [n for h in mine for n in neighbours(*h)
                           if terrain[n[0]][n[1]] in BUILDABLE and owners[n[0]][n[1]] is None]
                options = options or [h for h in free if owners[h[0]][h[1]] is None]
            r, c = rng.choice(options)
            owners[r][c] = seat
            mine.append((r, c))
    current = 1
    near = {n for h in placed[current] for n in neighbours(*h)}
    view["highlight"] = sorted(name(r, c) for r, c in near if terrain[r][c] == "F" and owners[r][c] is None)
    view["last_turn"] = [name(*h) for h in placed[0][-3:]]
    for i, loc in enumerate(view["locations"]):
        loc["tiles"] = (2, 1, 0)[i % 3]
    kinds = [(loc["type"], loc["title"], loc["hex"]) for loc in view["locations"]]
    states = ("usable", "used", "new")
    for p in view["players"]:
        p["settlements_left"] = 40 - settlements
        p["tiles"] = [{"type": k, "title": t, "from": h, "state": states[(p["seat"] + j) % 3]}
                      for j, (k, t, h) in enumerate(kinds[p["seat"] % 3: p["seat"] % 3 + 1 + p["seat"]])]
    view["players"][current]["card"] = "F"
    view.update(current=current, builds_left=2, phase="building", deck=9, discard=6)
    return view


def over_view(players: int = 4) -> dict:
    view = grown_view(players, settlements=40 - 3, seed=11)
    view.update(phase="over", current=None, highlight=[], builds_left=0, final_round=True)
    scores = []
    for p in view["players"]:
        p["settlements_left"] = 0
        seat = p["seat"]
        breakdown = {"lords": [18, 24, 6, 12][seat % 4], "farmers": [9, 3, 12, 6][seat % 4],
                     "fishermen": [7, 11, 5, 8][seat % 4], "castles": [6, 3, 9, 0][seat % 4]}
        scores.append({"seat": seat, "total": sum(breakdown.values()), "breakdown": breakdown})
    view["scores"] = scores
    best = max(s["total"] for s in scores)
    view["winners"] = [s["seat"] for s in scores if s["total"] == best]
    return view


def odd_views() -> list[dict]:
    """Views with fields missing or of the wrong kind, which every writer draws as neutral rather than raising."""
    missing = grown_view()
    for key in ("highlight", "last_turn", "scores", "winners", "deck", "discard", "final_round", "hand", "seat"):
        missing.pop(key)
    odd = grown_view()
    odd["highlight"] = ["Z99", "K0", 5, None, "K12", "k12", ""]
    odd["last_turn"] = "K12"
    odd["owners"][3] = "oops"
    odd["owners"][4][5] = 17  # an unknown seat
    odd["locations"].append({"hex": "U3", "type": "castle?", "tiles": "two"})
    odd["locations"].append({"hex": "A1", "type": "mystery", "title": "Тайна", "tiles": 5})
    odd["players"][0]["tiles"] = [{"type": "wizard"}, "tile", {"state": "new"}]
    odd["players"][1]["card"] = "X"
    odd["players"].append({"seat": None})
    odd["cards"] = [{"id": "lords"}, {"title": "Без подсказки"}, "card"]
    odd["sectors"] = [{"name": "nowhere"}, None]
    odd["terrain"][0] = "GG"
    odd["current"] = 9
    odd["builds_left"] = None
    over = over_view()
    over["scores"][0]["breakdown"] = None
    over["scores"].append({"seat": 7})
    over["winners"] = [7, "nobody"]
    return [missing, odd, over, {}, {"game": "kingdom", "terrain": None, "players": None, "owners": None}]

"""A toy game with a board for the Mini App's tests: two players take the cells of a 3×3 grid in turn; a player may
instead jump one of her pieces to a free cell (two taps: the piece, then where) or pass (no tap: a button). Each
holds a secret number, and a part of the score («тайные») is hidden until the end. `draw_board` is its SVG board,
registered in `render.registry.BOARDS` by the tests only."""

from __future__ import annotations

from toy_game import ToyGame

from rules.protocol import Event, RuleError

CELLS = [f"{column}{row}" for row in "123" for column in "abc"]
SIZE = 100  # a cell's side in the SVG's own units


class GridToy(ToyGame):
    name, title, aliases = "grid", "Сетка", ("сетка",)
    commands = (("pick", "Занять клетку: /pick a1"), ("jump", "Перепрыгнуть: /jump a1 b2"), ("pass", "Пас"))
    secret_button = "🂠 Моё число"
    about = "игрушечная игра для тестов мини-приложения."
    score_names = {"cells": "клетки", "hidden": "тайные"}
    secret_score_parts = ("hidden",)

    def new(self, players, seed, options=None):
        return {"players": list(players), "turn": 0, "cells": {}, "secrets": [3, 8], "passes": 0}

    def current_seat(self, state):
        return None if self.is_over(state) else state["turn"] % 2

    def legal_actions(self, state):
        seat = self.current_seat(state)
        free = [c for c in CELLS if c not in state["cells"]]
        mine = [c for c in CELLS if state["cells"].get(c) == seat]
        return ([f"pick {c}" for c in free] + [f"jump {a} {b}" for a in mine for b in free] + ["pass"])

    def targets(self, state, action):
        return tuple(action.split()[1:])

    def menu_path(self, state, action):
        return {"pick": ("Занять",), "jump": ("Прыжок", f"с {action[5:7].upper()}")}.get(action[:4], ())

    def parse(self, state, text):
        wanted = " ".join(text.strip().lower().removeprefix("/").split())
        if wanted in self.legal_actions(state):
            return wanted
        raise RuleError("Так пойти нельзя.")

    def apply(self, state, action):
        action = self.parse(state, action)
        seat = self.current_seat(state)
        name = state["players"][seat]
        verb, *places = action.split()
        state["turn"] += 1
        if verb == "pass":
            state["passes"] += 1
            return [Event(f"{name} пасует.")]
        if verb == "jump":
            del state["cells"][places[0]]
        state["cells"][places[-1]] = seat
        state["secrets"][seat] += 1
        return [Event(f"{name} занимает {places[-1].upper()}.")]

    def label(self, state, action):
        verb, *places = action.split()
        return {"pick": "🏠 {}", "jump": "🦘 {} → {}", "pass": "Пас"}[verb].format(*(p.upper() for p in places))

    def command(self, state, action):
        return f"/{action}"

    def secret(self, state, seat):
        return f"Ваше тайное число: {state['secrets'][seat]}."

    def scores(self, state):
        return [{"seat": s, "name": n, "total": self._cells(state, s) + state["secrets"][s],
                 "breakdown": {"cells": self._cells(state, s), "hidden": state["secrets"][s]}}
                for s, n in enumerate(state["players"])]

    @staticmethod
    def _cells(state, seat):
        return sum(1 for owner in state["cells"].values() if owner == seat)

    def is_over(self, state):
        return len(state["cells"]) == len(CELLS) or state["passes"] >= 6

    def view(self, state, seat=None, focus=None):
        players = [{"seat": s, "name": n} for s, n in enumerate(state["players"])]
        view = {"players": players, "cells": dict(state["cells"])}
        if seat is not None:
            view["secret"] = state["secrets"][seat]
        return view


def draw_board(view: dict) -> str:
    """The grid as SVG: each cell a square carrying `data-target`, a piece as a circle in its owner's colour."""
    colours = {p["seat"]: ("#f58214", "#191919", "#f06ebe")[p.get("colour_index", p["seat"]) % 3]
               for p in view["players"]}
    shapes = []
    for index, cell in enumerate(CELLS):
        x, y = index % 3 * SIZE, index // 3 * SIZE
        shapes.append(f'<g data-target="{cell}"><rect x="{x + 2}" y="{y + 2}" width="{SIZE - 4}" height="{SIZE - 4}"'
                      f' rx="8" fill="#e8dcc0" stroke="#7a6a4a" stroke-width="2"/>'
                      f'<text x="{x + 10}" y="{y + 28}" font-size="22" fill="#5a4a2a">{cell.upper()}</text>')
        owner = view["cells"].get(cell)
        if owner is not None:
            shapes.append(f'<circle cx="{x + SIZE / 2}" cy="{y + SIZE / 2 + 8}" r="26" fill="{colours[owner]}"/>')
        shapes.append("</g>")
    if "secret" in view:
        shapes.append(f'<text x="10" y="{3 * SIZE + 30}" font-size="22" fill="#5a4a2a">Моё: {view["secret"]}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {3 * SIZE} {3 * SIZE + 40}" role="img" '
            f'aria-label="Доска">{"".join(shapes)}</svg>')

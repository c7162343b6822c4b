"""What the service tests' toy games share: two players, nothing secret, nothing revealed, a skip that passes the
turn; a game adds its cells, moves and end (tests/test_service_menus.py, tests/test_service_captions.py)."""

from __future__ import annotations

from rules.protocol import Event


class ToyGame:
    min_players, max_players = 2, 2
    score_names: dict = {}
    score_unit = ("очко", "очка", "очков")
    secret_score_parts = ()

    def secret(self, state, seat):
        return None

    def private_choice(self, state, action):
        return False

    def view(self, state, seat=None, focus=None):
        return {"focus": focus}

    def scores(self, state):
        return [{"seat": s, "name": n, "total": 0, "breakdown": {}} for s, n in enumerate(state["players"])]

    def winners(self, state):
        return [0, 1] if self.is_over(state) else []

    def autopilot(self, state):
        return self.legal_actions(state)[0]

    def reveals(self, state, action):
        return False

    def skip(self, state):
        state["turn"] += 1
        return [Event("Ход пропущен.")]

    def dump(self, state):
        return state

    def load(self, data):
        return data

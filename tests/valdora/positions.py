"""Building Valdora positions for rules tests: a fresh game with seat 0 to move, a pawn put in its
action phase on a space, a contract card held by its face."""

from __future__ import annotations

from rules.valdora import GAME
from rules.valdora.data import CONTRACT_CARDS, CONTRACT_FACES
from rules.valdora.state import State

NAMES = ("Аня", "Борис", "Вера", "Глеб", "Дина")


def fresh(players: int = 3, seed: int = 1, names: tuple[str, ...] = NAMES) -> State:
    return GAME.new(list(names[:players]), seed=seed, options={"first_seat": 0})


def stand(state: State, space: str, seat: int = 0, phase: str = "act") -> None:
    """Put `seat` on `space` in its action phase (as if it had just moved there)."""
    state.current = seat
    state.players[seat].position = space
    state.phase = phase


def card(client: str, nth: int = 0) -> list[int]:
    """A whole contract card whose held face is the nth contract of `client`."""
    face = [i for i, c in enumerate(CONTRACT_FACES) if c.client == client][nth]
    pair = next(c for c in CONTRACT_CARDS if face in c)
    return [face, pair[1] if pair[0] == face else pair[0]]

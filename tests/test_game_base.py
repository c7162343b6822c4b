"""The common base of the games (`rules.base.GameBase`): a minimal fourth game built on it is a whole
`rules.protocol.Game`, and the three real games use it."""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from rules.base import GameBase
from rules.protocol import Event, Game, RuleError
from rules.registry import GAMES

# --- a toy game: seats in turn add 1 or 2 to a counter; whoever brings it to 10 wins ------------------

GOAL = 10


@dataclass
class Toy:
    players: list[str]
    total: int = 0
    current: int | None = 0
    phase: str = "play"
    winner: int | None = None


def _legal(st: Toy) -> list[str]:
    return [] if st.current is None else [f"add {n}" for n in (1, 2) if st.total + n <= GOAL]


def _execute(st: Toy, action: str) -> list[Event]:
    seat, n = st.current, int(action.split()[1])
    st.total += n
    if st.total == GOAL:
        st.phase, st.current, st.winner = "over", None, seat
        return [Event(f"{st.players[seat]} доводит счёт до {GOAL} и побеждает.")]
    st.current = (seat + 1) % len(st.players)
    return [Event(f"{st.players[seat]} прибавляет {n}.")]


def _skip(st: Toy) -> list[Event]:
    seat = st.current
    st.current = (seat + 1) % len(st.players)
    return [Event(f"{st.players[seat]} пропускает ход.")]


def _parse(st: Toy, text: str) -> str:
    action = "add " + text.strip().lstrip("/").split()[-1]
    if action not in _legal(st):
        raise RuleError("Можно прибавить только 1 или 2, не перескакивая через 10.", "toy.add")
    return action


def _scores(st: Toy) -> list[dict]:
    return [{"seat": s, "total": int(s == st.winner), "breakdown": {"wins": int(s == st.winner)}}
            for s in range(len(st.players))]


TOY_MODULES = dict(
    state=SimpleNamespace(new_game=lambda players, seed, options: Toy(players),
                          dump=lambda st: dict(vars(st)), load=lambda data: Toy(**data)),
    engine=SimpleNamespace(legal_actions=_legal, is_legal=lambda st, a: a in _legal(st), execute=_execute,
                           skip=_skip),
    notation=SimpleNamespace(parse=_parse, label=lambda st, a: "+" + a.split()[1],
                             command=lambda st, a: "/" + a, menu_path=lambda st, a: ()),
    scoring=SimpleNamespace(final_scores=_scores, winners=lambda st: [] if st.winner is None else [st.winner]),
    view=SimpleNamespace(view=lambda st, seat, focus: {"total": st.total, "current": st.current}),
    autopilot=SimpleNamespace(choose=lambda st: _legal(st)[-1], revealed=lambda st, a: None),
)


class ToyGame(GameBase):
    name = "toy"
    title = "До десяти"
    aliases = ("десять",)
    min_players, max_players = 2, 3
    played_in = "В «До десяти»"
    commands = (("add", "Прибавить: /add 1 или /add 2"),)
    score_names = {"wins": "победы"}
    score_unit = ("победа", "победы", "побед")
    about = "по очереди прибавляем к счёту 1 или 2; кто доведёт его до десяти, тот и выиграл."


TOY = ToyGame(**TOY_MODULES)


def _protocol_names() -> set[str]:
    calls = {n for n, v in vars(Game).items() if inspect.isfunction(v) and not n.startswith("_")}
    return calls | set(Game.__annotations__)


@pytest.mark.parametrize("game", [TOY, *GAMES.values()], ids=lambda g: g.name)
def test_every_protocol_name_is_there(game):
    missing = [n for n in sorted(_protocol_names()) if not hasattr(game, n)]
    assert missing == []
    assert isinstance(game, GameBase)


def test_a_toy_game_plays_to_the_end_through_the_protocol():
    st = TOY.new(["Аня", "Борис"], seed=1)
    assert TOY.current_seat(st) == 0 and TOY.legal_actions(st) == ["add 1", "add 2"]
    assert TOY.parse(st, "/add 2") == "add 2"
    assert TOY.label(st, "add 2") == "+2" and TOY.command(st, "add 2") == "/add 2" and TOY.menu_path(st, "add 1") == ()
    assert not TOY.private_choice(st, "add 1") and TOY.secret(st, 0) is None and not TOY.reveals(st, "add 1")
    assert TOY.revealed(st, "add 1") is None
    assert [e.text for e in TOY.apply(st, "2")] == ["Аня прибавляет 2."]  # what `parse` reads is accepted too
    assert TOY.current_seat(st) == 1 and TOY.view(st, 1) == {"total": 2, "current": 1}
    assert [e.text for e in TOY.skip(st)] == ["Борис пропускает ход."]
    assert TOY.load(TOY.dump(st)) == st
    steps = 0
    while not TOY.is_over(st):
        assert TOY.winners(st) == []
        TOY.apply(st, TOY.autopilot(st))
        steps += 1
    assert steps == 4 and st.total == GOAL and TOY.current_seat(st) is None
    assert TOY.winners(st) == [1] and TOY.scores(st)[1]["total"] == 1  # Борис: 4, 6, 8, 10 after the skip
    assert TOY.final_view(st) == {"view": {"total": GOAL, "current": None},
                                  "breakdown": [{"wins": 0}, {"wins": 1}]}


def test_a_toy_game_refuses_in_russian_and_changes_nothing():
    with pytest.raises(RuleError) as err:
        TOY.new(["Аня"], seed=1)
    assert err.value.message == "В «До десяти» играют от 2 до 3 игроков, а собралось 1."
    assert err.value.section == "toy.players"
    st = TOY.new(["Аня", "Борис"], seed=1)
    st.total = 9
    before = TOY.dump(st)
    with pytest.raises(RuleError) as err:
        TOY.apply(st, "add 2")
    assert err.value.section == "toy.add" and TOY.dump(st) == before
    TOY.apply(st, "add 1")
    with pytest.raises(RuleError) as err:
        TOY.skip(st)
    assert err.value.message == "Партия окончена: пропускать нечего." and err.value.section == "toy.end"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_valdora_refusals_do_not_import_the_notation_that_imports_them():
    root = Path(__file__).resolve().parent.parent / "rules" / "valdora"
    assert "rules.valdora.refusals" in _imports(root / "notation.py")
    for name in ("refusals.py", "refusals_books.py"):
        assert "rules.valdora.notation" not in _imports(root / name), name


def test_no_game_imports_another():
    root = Path(__file__).resolve().parent.parent / "rules"
    for name in GAMES:
        others = {f"rules.{other}" for other in GAMES if other != name}
        for path in (root / name).glob("*.py"):
            assert not {m for m in _imports(path) if ".".join(m.split(".")[:2]) in others}, path

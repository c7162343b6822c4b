"""What the panel says about the turn, the round and the end, as plain strings: the PNG and the SVG print the same."""

from __future__ import annotations

from render.common import clean
from render.sylvan.access import as_int, as_list, is_over, moving_trees, seat_names
from render.sylvan.palette import STEP_TEXT


def round_line(view: dict) -> str:
    """«раунд 1 из 2 · по часовой ↻ · колода 40 · сброс 3»."""
    rnd = as_int(view.get("round"), 1)
    direction = as_int(view.get("direction"), 1)
    info = f"раунд {rnd} из 2 · " + ("по часовой ↻" if direction != -1 else "против часовой ↺")
    deck = f"колода {as_int(view.get('deck'), '?')} · сброс {as_int(view.get('discard'), '?')}"
    return f"{info} · {deck}"


def winners_line(view: dict) -> str | None:
    """«Победа: Вера» or «Победу делят: Аня, Вера» when the game is over and has winners."""
    names = seat_names(view)
    winners = [names.get(s, "?") for s in as_list(view.get("winners")) if as_int(s) is not None]
    if not is_over(view) or not winners:
        return None
    return ("Победа: " if len(winners) == 1 else "Победу делят: ") + ", ".join(winners)


def turn_line(view: dict, seat: int) -> str:
    """«Ходит Вера — поставить жилище»: who is to move and what she chooses, in the infinitive."""
    who = seat_names(view).get(seat, f"Игрок {seat + 1}")
    what = view.get("choosing") if isinstance(view.get("choosing"), str) else STEP_TEXT.get(view.get("step"),
                                                                                             "сделать ход")
    return f"Ходит {who} — {clean(what)}"


def turn_of(view: dict) -> dict:
    return view.get("turn") if isinstance(view.get("turn"), dict) else {}


def turn_card(view: dict) -> dict | None:
    """The card played this turn, while its dwelling, flag and card taking are chosen."""
    card = turn_of(view).get("card")
    return card if isinstance(card, dict) and view.get("step") in ("place", "flag", "act") else None


def turn_hint(view: dict) -> str:
    """What the player may do now, under the turn's line: «можно строить на обведённых деревьях»."""
    step = view.get("step")
    turn = turn_of(view)
    if moving_trees(view):
        return ("обведено жилище, которое переносится; рамкой — куда" if len(moving_trees(view)) == 1
                else "рамкой обведены жилища, которые можно перенести")
    if step == "place":
        return "можно строить на обведённых деревьях" if view.get("highlight") else "строить некуда"
    if step == "flag":
        flag_tree = turn.get("flag_tree")
        return f"флаг на {flag_tree}: +5 славы" if isinstance(flag_tree, str) else "флаг: +5 славы"
    if step == "act":
        sub = "до того можно: наборы" if turn.get("item") else "до того можно: наборы, предмет"
        return "стройки не было, " + sub if turn.get("skipped") else sub
    return "стиль карты — стиль верхнего жилища"

"""The JSON-safe views the renderer and the bot read, and the secret text of a seat.

The public view shows the board, the bridges, every player's played cards, items, flags, fame, hand and stack
sizes, the face-up cards and the sizes of the deck and the discard. A seat's view adds its own hand and both
of its stacks. The deck order and the other players' hands and stacks never appear.

>>> from rules.sylvan.state import new_game
>>> state = new_game(["Аня", "Борис"], seed=1, options={"first_seat": 0})
>>> v = view(state, seat=1)
>>> len(v["trees"]), len(v["hand"]), [len(s) for s in v["stacks"]], view(state)["hand"] is None
(13, 4, [8, 8], True)
"""

from __future__ import annotations

from typing import Any

from rules.sylvan.data import (
    CARDS,
    COLOUR_NAMES,
    INHABITANTS,
    SIDES,
    STYLE_EMOJI,
    STYLE_NAMES,
    STYLE_NEUT,
    SYMBOL_NAMES,
    spot_position,
)
from rules.sylvan.engine import CARD_KEY, card_short, is_open, legal_actions
from rules.sylvan.refusals import STYLE_GEN_PL
from rules.sylvan.scoring import advantage, final_scores, round_rows, winners
from rules.sylvan.state import State


def card_view(card: int | None) -> dict[str, Any] | None:
    if card is None:
        return None
    c = CARDS[card]
    return {"id": card, "key": CARD_KEY[card], "style": c.style, "style_name": STYLE_NAMES[c.style],
            "emoji": STYLE_EMOJI[c.style], "inhabitant": INHABITANTS[c.style], "symbols": list(c.symbols),
            "symbol_names": [SYMBOL_NAMES[s] for s in c.symbols]}


def _valid_seat(state: State, seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players)


def hammer_sources(state: State, focus: list[str]) -> list[str]:
    """The trees whose top dwelling the hammer actions among `focus` would move, once each."""
    return list(dict.fromkeys(w[1] for w in map(str.split, focus) if w[0] == "hammer" and len(w) == 3
                              and w[1] in state.trees))


def focus_trees(state: State, focus: list[str]) -> list[str]:
    """The trees the given actions act on, in order, once each: where a dwelling goes, what the axe or a
    treetop hits, both ends of a bridge; for the hammer, where it moves a dwelling to once the dwelling is
    chosen (one source), or the dwellings it may move while several are offered."""
    several = len(hammer_sources(state, focus)) > 1
    trees: list[str] = []
    for words in map(str.split, focus):
        named = [w for w in words[1:] if w in state.trees]
        if words[0] == "hammer":
            named = named[:1] if several else named[-1:]
        trees += named
    return list(dict.fromkeys(trees))


CHOOSING = {  # what the player chooses among the focused actions of one verb, in the infinitive
    "play": "сыграть карту",
    "place": "поставить жилище",
    "axe": "выбрать, какое жилище срубить топором",
    "top": "выбрать дерево для верхушки",
    "bridge": "выбрать два дерева для моста",
    "set": "выбрать набор",
    "take": "взять карту",
}


def choosing(state: State, focus: list[str]) -> str | None:
    """What the player is choosing among `focus` (the actions of an opened menu group), for the header of the
    picture: "выбрать, куда перенести жилище с Б3"; None when they are of several kinds."""
    verbs = {a.split(" ")[0] for a in focus}
    if len(verbs) != 1:
        return None
    verb = verbs.pop()
    if verb == "hammer":
        sources = hammer_sources(state, focus)
        if len(sources) == 1:
            return f"выбрать, куда перенести жилище с {sources[0]}"
        return "выбрать, какое жилище перенести молотком"
    return CHOOSING.get(verb)


def view(state: State, seat: int | None = None, focus: list[str] | None = None) -> dict[str, Any]:
    """The view of the bot and the renderer; `focus` (actions of an opened menu group) replaces the
    highlight of the trees open for the played card with the trees those actions act on."""
    if not _valid_seat(state, seat):
        seat = None
    side = SIDES[state.side]
    trees = []
    region_of = {t: r.id for r in side.regions for t in r.trees}
    for tree in state.trees.values():
        col, row = spot_position(tree.name)
        trees.append({
            "name": tree.name, "col": col, "row": row, "region": region_of[tree.name],
            "base": tree.base, "tiles": [{"seat": s, "style": st} for s, st in tree.tiles],
            "height": tree.height, "top_style": tree.top_style, "treetop": tree.treetop,
            "flags": [{"seat": s, "level": lv} for s, lv in tree.flags],
            "advantage": advantage(tree), "open": is_open(tree),
        })
    players = []
    for s, p in enumerate(state.players):
        players.append({
            "seat": s, "name": p.name, "colour": p.colour, "colour_name": COLOUR_NAMES[p.colour],
            "hand_size": len(p.hand), "stack_sizes": [len(x) for x in p.stacks],
            "played": [card_view(c) for c in p.played], "items": dict(p.items), "flags_left": p.flags_left,
            "fame": p.total,
        })
    highlight: list[str] = []
    moving: list[str] = []
    chosen: str | None = None
    if focus is not None:
        highlight = focus_trees(state, focus)
        moving = hammer_sources(state, focus)
        chosen = choosing(state, focus)
    elif state.step == "place":
        highlight = [a.split(" ")[1] for a in legal_actions(state)]
    turn = state.turn
    return {
        "game": "sylvan",
        "side": state.side,
        "side_title": side.title,
        "columns": side.columns,
        "rows": side.rows,
        "trees": trees,
        "empty_spots": [name for name in side.spots if name not in state.trees],
        "regions": [{"id": r.id, "name": r.name, "trees": list(r.trees), "glade": r.glade,
                     "in_play": any(t in state.trees for t in r.trees)} for r in side.regions],
        "bridges": [{"a": b.a, "b": b.b, "seat": b.seat, "level_a": b.level_a, "level_b": b.level_b}
                    for b in state.bridges],
        "players": players,
        "face_up": [card_view(c) for c in state.face_up],
        "deck": len(state.deck),
        "discard": len(state.discard),
        "supply": dict(state.supply),
        "boxed": len(state.boxed),
        "round": state.round,
        "direction": state.direction,
        "first_seat": state.first_seat,
        "current": state.current,
        "step": state.step,
        "turn": {"card": card_view(turn.card), "placed": turn.placed, "skipped": turn.skipped,
                 "item": turn.item, "flag_tree": turn.flag_tree},
        "highlight": highlight,
        "moving": moving,  # trees whose top dwelling the hammer would move (an opened hammer menu)
        "choosing": chosen,  # what is chosen in an opened menu group, in the infinitive; None: the step says
        "round_results": [dict(r) for r in state.round_results],
        # the scoring of the round scored last (round 1 while round 2 is played, round 2 at the end), for the
        # picture the bot posts with the round's scoring: {"round", "trees", "regions", "tree_owners",
        # "region_winners"}; None before the first scoring
        "round_scores": dict(state.round_results[-1]) if state.round_results else None,
        "scores": [{"seat": r["seat"], "total": r["total"], "breakdown": dict(r["breakdown"])}
                   for r in final_scores(state)],
        "winners": winners(state),
        "seat": seat,
        "hand": [card_view(c) for c in state.players[seat].hand] if seat is not None else None,
        "stacks": [list(x) for x in state.players[seat].stacks] if seat is not None else None,
    }


def final_view(state: State) -> dict[str, Any]:
    """The public view plus fame per round and seat (flags, bridges, trees, regions)."""
    data = view(state)
    data["rounds"] = round_rows(state)
    return data


SECRET_LIMIT = 199  # the secret is shown in an alert too: under 200 characters
STYLE_SHORT = {"mushroom": "гриб.", "flower": "цвет.", "nut": "орех.", "leaf": "листв."}  # «2 листв.»


def stack_words(styles: list[str], short: bool) -> str:
    """The dwellings of a stack in order, in words, runs counted: "2 лиственных, грибное, ореховое" (or, short,
    "2 листв., гриб., орех.").

    >>> stack_words(["leaf", "leaf", "mushroom", "nut"], short=False), stack_words(["leaf", "leaf", "nut"], True)
    ('2 лиственных, грибное, ореховое', '2 листв., орех.')
    """
    runs: list[list] = []
    for style in styles:
        if runs and runs[-1][0] == style:
            runs[-1][1] += 1
        else:
            runs.append([style, 1])
    words = []
    for style, n in runs:
        if short:
            words.append(f"{n} {STYLE_SHORT[style]}" if n > 1 else STYLE_SHORT[style])
        else:
            words.append(f"{n} {STYLE_GEN_PL[style]}" if n > 1 else STYLE_NEUT[style])
    return ", ".join(words)


def secret(state: State, seat: Any) -> str | None:
    """The hand and the stacks in words, under 200 characters (it is shown in an alert): "Рука: грибной-топор,
    ореховый-мост+верхушка. Жилища в стопке сверху вниз: 2 лиственных, грибное, ... Во 2-й стопке: ...".
    Cards by the names they are played by; the stacks' dwellings by their style, abbreviated when the full words
    would not fit; the second stack (round 1) when it fits too."""
    if not _valid_seat(state, seat) or state.step == "over":
        return None
    player = state.players[seat]
    hand = ", ".join(card_short(c) for c in player.hand) or "пусто"
    text = f"Рука: {hand}."
    now = state.stack(seat)

    def sentence(head: str, styles: list[str], short: bool) -> str:
        return f" {head}: {stack_words(styles, short).removesuffix('.')}."

    stack = [sentence("Жилища в стопке сверху вниз", now, short) if now else " Стопка жилищ пуста."
             for short in (False, True)]
    later = player.stacks[1] if state.round == 1 else []
    tries = [stack[0] + sentence("Во 2-й стопке", later, False), stack[1] + sentence("Во 2-й стопке", later, True),
             *stack] if later else stack  # the second stack always holds 8 in round 1: its size tells nothing
    return text + next((t for t in tries if len(text + t) <= SECRET_LIMIT), tries[-1])


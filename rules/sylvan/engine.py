"""The step machine of a turn, the legal actions of each step, and playing them.

A turn goes: play → place → (flag) → act, where "act" offers the optional set claims and one special item
and ends with taking a card:

    play <card>      play a card from the hand, named by its face: "play грибной-топор"
    redraw           no card in the hand fits any tree: show the hand, discard it, draw 3
    pass             nothing can be built even so: the top dwelling of the stack goes to the box
    place Б3         put the top dwelling of the stack on a tree whose top dwelling has the card's style
    flag / noflag    attach a flag to the dwelling just built or moved (when allowed), or not
    set мост         trade 3 played cards with that symbol for the item
    axe Б3 | hammer Б3 В4 | bridge Б3 В3 | top Б3     use one special item (at most one per turn)
    take колода | take 1..3   take the top card of the deck or a face-up card: ends the turn
                     (games logged before the notation was Russian wrote "take deck": `parse` reads it)
    refresh          discard 3 face-up cards of one style or symbol and reveal 3 new ones
    end              end the turn when there is no card left to take

`execute` expects a legal canonical action (the caller checks) and never fails half-way.

>>> from rules.sylvan.state import new_game
>>> state = new_game(["Аня", "Борис"], seed=1, options={"first_seat": 0})
>>> all(a.startswith("play ") for a in legal_actions(state))
True
"""

from __future__ import annotations

from functools import lru_cache

from rules.protocol import Event
from rules.sylvan.data import (
    CARDS,
    FLAG_FAME,
    MAX_HEIGHT,
    REDRAW,
    SET_SIZE,
    STYLE_NAMES,
    STYLE_NEUT,
    SYMBOL_ACC,
    SYMBOL_EMOJI,
    SYMBOL_NAMES,
    SYMBOLS,
    adjacent,
)
from rules.sylvan.scoring import advantage, bridge_fame, round_scoring, winners
from rules.sylvan.state import Bridge, State, Tree, Turn
from rules.text import count, join_names, points

SYMBOL_BY_NAME = {name: sym for sym, name in SYMBOL_NAMES.items()}
ITEM_VERBS = {"axe": "axe", "hammer": "hammer", "bridge": "bridge", "top": "treetop"}  # verb -> item
ITEM_VERB = {item: verb for verb, item in ITEM_VERBS.items()}
DECK = "колода"  # the argument of `take` that means the top of the deck
TAKE_DECK = f"take {DECK}"


# --- cards ---------------------------------------------------------------------------------------------------


def face_key(style: str, symbols: tuple[str, ...]) -> str:
    """The canonical name of a card face: "грибной-топор", "ореховый-мост+верхушка"."""
    return f"{STYLE_NAMES[style]}-{'+'.join(SYMBOL_NAMES[s] for s in symbols)}"


FACE_KEYS: dict[str, tuple[str, tuple[str, ...]]] = {face_key(*c.face): c.face for c in CARDS}
CARD_KEY: tuple[str, ...] = tuple(face_key(*c.face) for c in CARDS)
FACE_ORDER = {key: i for i, key in enumerate(dict.fromkeys(CARD_KEY))}


def card_text(card: int) -> str:
    """A card in a sentence, by the name a player types to play it: «грибной-топор», «ореховый-мост+верхушка».
    Words, not a style emoji next to its own name and symbol emoji next to theirs (a caption of a 4-seat game
    carried some 25 emoji)."""
    return f"«{CARD_KEY[card]}»"


def card_short(card: int) -> str:
    """A card in a list: "грибной-топор", "ореховый-мост+верхушка"."""
    return CARD_KEY[card]


def draw(state: State) -> int | None:
    """The top card of the deck; an empty deck is first replaced by the shuffled discard (rulebook).
    None when both are empty."""
    if not state.deck:
        if not state.discard:
            return None
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
    return state.deck.pop()


def set_cards(state: State, seat: int, symbol: str) -> list[int] | None:
    """The 3 played cards a set of `symbol` would use, single-symbol cards first (that keeps the two-symbol
    cards free for either set), oldest first; None when there are fewer than 3."""
    played = state.players[seat].played
    single = [c for c in played if CARDS[c].symbols == (symbol,)]
    double = [c for c in played if symbol in CARDS[c].symbols and len(CARDS[c].symbols) > 1]
    chosen = (single + double)[:SET_SIZE]
    return chosen if len(chosen) == SET_SIZE else None


def symbol_count(state: State, seat: int, symbol: str) -> int:
    return sum(1 for c in state.players[seat].played if symbol in CARDS[c].symbols)


def face_up_alike(state: State) -> bool:
    """rulebook: all 3 face-up cards share a style or a symbol (then they may be replaced)."""
    cards = state.face_up
    if any(c is None for c in cards):
        return False
    faces = [CARDS[c] for c in cards if c is not None]
    if len({f.style for f in faces}) == 1:
        return True
    common = set(faces[0].symbols)
    for f in faces[1:]:
        common &= set(f.symbols)
    return bool(common)


# --- trees ---------------------------------------------------------------------------------------------------


def is_open(tree: Tree) -> bool:
    """A dwelling can go on it: no treetop and fewer than 6 levels (rulebook)."""
    return not tree.treetop and len(tree.tiles) < MAX_HEIGHT - 1


def open_styles(state: State) -> set[str]:
    return {t.top_style for t in state.trees.values() if is_open(t)}


def flag_allowed(state: State, seat: int, tree: Tree, style: str) -> bool:
    """rulebook: a dwelling of `style` about to go on `tree` may get a flag when the tree already has 2 or
    more dwellings of that style (the base included), the player has no flag there yet and one is left."""
    if tree.has_flag(seat) or state.players[seat].flags_left <= 0:
        return False
    return same_style(tree, style) >= 2


def same_style(tree: Tree, style: str) -> int:
    """Dwellings of `style` on the tree, the base included, whoever owns them."""
    return (tree.base == style) + sum(1 for _, s in tree.tiles if s == style)


@lru_cache(maxsize=8)
def pairs(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Neighbouring trees (a row or a column apart), each pair once, in board order."""
    return tuple((a, b) for i, a in enumerate(names) for b in names[i + 1:] if adjacent(a, b))


def tree_pairs(state: State) -> tuple[tuple[str, str], ...]:
    return pairs(tuple(state.trees))


def has_bridge(state: State, seat: int, a: str, b: str) -> bool:
    return any(br.seat == seat and {br.a, br.b} == {a, b} for br in state.bridges)


# --- legal actions -------------------------------------------------------------------------------------------


def legal_actions(state: State) -> list[str]:
    step = state.step
    if step == "over" or state.current is None:
        return []
    seat = state.current
    player = state.players[seat]
    if step == "play":
        styles = open_styles(state)
        keys = sorted({CARD_KEY[c] for c in player.hand if CARDS[c].style in styles}, key=FACE_ORDER.__getitem__)
        if keys:
            return [f"play {k}" for k in keys]
        out = []
        if styles and (player.hand or state.deck or state.discard):
            out.append("redraw")
        if not out or state.turn.redraws > 0:
            out.append("pass")
        return out
    if step == "place":
        style = CARDS[state.turn.card].style if state.turn.card is not None else None
        return [f"place {t.name}" for t in state.trees.values() if is_open(t) and t.top_style == style]
    if step == "flag":
        return ["flag", "noflag"]
    out = [f"set {SYMBOL_NAMES[s]}" for s in SYMBOLS
           if state.supply[s] > 0 and symbol_count(state, seat, s) >= SET_SIZE]
    takes = []
    if state.deck or state.discard:
        takes.append(TAKE_DECK)
    takes += [f"take {i + 1}" for i, c in enumerate(state.face_up) if c is not None]
    out += takes
    if face_up_alike(state):
        out.append("refresh")
    if not takes:
        out.append("end")
    if state.turn.item is None:
        out += item_actions(state, seat)
    return out


def item_actions(state: State, seat: int) -> list[str]:
    items = state.players[seat].items
    trees = state.trees.values()
    out = []
    if items["axe"]:
        out += [f"axe {t.name}" for t in trees if t.tiles and not t.treetop]
    if items["hammer"]:
        sources = [t for t in trees if t.tiles and not t.treetop and t.tiles[-1][0] == seat]
        targets = [t for t in trees if is_open(t)]
        out += [f"hammer {s.name} {d.name}" for s in sources for d in targets if d is not s]
    if items["bridge"] and state.players[seat].flags_left > 0:
        out += [f"bridge {a} {b}" for a, b in tree_pairs(state) if not has_bridge(state, seat, a, b)]
    if items["treetop"]:
        out += [f"top {t.name}" for t in trees if not t.treetop]
    return out


def is_legal(state: State, action: str) -> bool:
    return action in legal_actions(state)


# --- playing -------------------------------------------------------------------------------------------------


def execute(state: State, action: str) -> list[Event]:
    """Apply a legal canonical action of the current player."""
    verb, *args = action.split(" ")
    events = _HANDLERS[verb](state, args)
    state.actions += 1
    return events


def _name(state: State) -> str:
    return state.player().name


def _play(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    card = next(c for c in player.hand if CARD_KEY[c] == args[0])
    player.hand.remove(card)
    player.played.append(card)  # rulebook: the played card stays face up in front of the player
    state.turn.card = card
    state.step = "place"
    return [Event(f"{player.name} играет карту {card_text(card)}.", data={"card": card})]


def _redraw(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    shown = list(player.hand)
    state.discard.extend(shown)
    player.hand = []
    for _ in range(REDRAW):
        card = draw(state)
        if card is None:
            break
        player.hand.append(card)
    state.turn.redraws += 1
    new = f"новая рука — {count(len(player.hand), 'карта', 'карты', 'карт')}" if player.hand else "карт больше нет"
    if shown:
        text = (f"{player.name}: ни одна карта не подходит — рука ({', '.join(card_short(c) for c in shown)}) "
                f"уходит в сброс; {new}.")
    else:
        text = f"{player.name}: рука пуста; {new}."
    return [Event(text, data={"shown": shown})]


def _pass(state: State, args: list[str]) -> list[Event]:
    seat = state.current
    assert seat is not None
    style = state.stack(seat).pop(0)
    state.boxed.append([seat, style])
    state.turn.skipped = True
    state.step = "act"
    return [Event(f"{_name(state)} пропускает стройку: верхнее {STYLE_NEUT[style]} жилище стопки уходит в коробку.")]


def _place(state: State, args: list[str]) -> list[Event]:
    seat = state.current
    assert seat is not None
    tree = state.trees[args[0]]
    style = state.stack(seat).pop(0)
    allowed = flag_allowed(state, seat, tree, style)
    tree.tiles.append([seat, style])
    state.turn.placed = tree.name
    text = f"{_name(state)} строит {STYLE_NEUT[style]} жилище на {tree.name}"
    text += f" (высота {tree.height})."
    return [Event(text, data={"tree": tree.name, "style": style})] + _after_build(state, tree, allowed)


def _after_build(state: State, tree: Tree, allowed: bool) -> list[Event]:
    state.turn.built = tree.name
    state.turn.built_style = tree.tiles[-1][1]
    if allowed:
        state.step = "flag"
        state.turn.flag_tree = tree.name
    else:
        state.step = "act"
    return []


def _flag(state: State, args: list[str]) -> list[Event]:
    seat = state.current
    assert seat is not None and state.turn.flag_tree is not None
    tree = state.trees[state.turn.flag_tree]
    player = state.players[seat]
    tree.flags.append([seat, len(tree.tiles)])  # on the dwelling just built (the top one)
    player.flags_left -= 1
    player.fame[state.round - 1]["flags"] += FLAG_FAME
    state.turn.flag_tree = None
    state.step = "act"
    return [Event(f"{player.name} прикрепляет флаг к жилищу на {tree.name} и получает {points(FLAG_FAME)} славы.")]


def _noflag(state: State, args: list[str]) -> list[Event]:
    tree = state.turn.flag_tree
    state.turn.flag_tree = None
    state.step = "act"
    return [Event(f"{_name(state)} не ставит флаг на {tree}.")]


def _set(state: State, args: list[str]) -> list[Event]:
    seat = state.current
    assert seat is not None
    symbol = SYMBOL_BY_NAME[args[0]]
    cards = set_cards(state, seat, symbol)
    assert cards is not None
    player = state.players[seat]
    for c in cards:
        player.played.remove(c)
    state.discard.extend(cards)
    state.supply[symbol] -= 1
    player.items[symbol] += 1
    return [Event(f"{player.name} сдаёт в сброс набор из 3 карт с символом {SYMBOL_EMOJI[symbol]} и получает "
                  f"{SYMBOL_ACC[symbol]}.", data={"cards": cards, "item": symbol})]


def _lower(state: State, tree: Tree) -> None:
    """The top dwelling of `tree` has just gone: flags and bridge ends on it move one level down (rulebook)."""
    gone = len(tree.tiles) + 1
    for flag in tree.flags:
        if flag[1] >= gone:
            flag[1] = gone - 1
    for br in state.bridges:
        if br.a == tree.name and br.level_a >= gone:
            br.level_a = gone - 1
        if br.b == tree.name and br.level_b >= gone:
            br.level_b = gone - 1


def _use(state: State, item: str) -> None:
    state.player().items[item] -= 1
    state.turn.item = item
    if item in ("axe", "hammer"):  # rulebook: axes and hammers go back to the supply; bridges and treetops stay
        state.supply[item] += 1


def _axe(state: State, args: list[str]) -> list[Event]:
    tree = state.trees[args[0]]
    _use(state, "axe")
    seat, style = tree.tiles.pop()
    state.boxed.append([seat, style])
    _lower(state, tree)
    whose = "своё" if seat == state.current else f"владелец — {state.players[seat].name}"
    return [Event(f"{_name(state)} срубает топором верхнее жилище на {tree.name} ({STYLE_NEUT[style]}, {whose}); "
                  "оно уходит из игры.", data={"tree": tree.name})]


def _hammer(state: State, args: list[str]) -> list[Event]:
    seat = state.current
    assert seat is not None
    source, target = state.trees[args[0]], state.trees[args[1]]
    _use(state, "hammer")
    tile = source.tiles.pop()
    _lower(state, source)
    allowed = flag_allowed(state, seat, target, tile[1])
    target.tiles.append(tile)
    text = (f"{_name(state)} переносит молотком {STYLE_NEUT[tile[1]]} жилище с {source.name} на {target.name} "
            f"(высота {target.height}).")
    return [Event(text, data={"from": source.name, "to": target.name})] + _after_build(state, target, allowed)


def _bridge(state: State, args: list[str]) -> list[Event]:
    seat = state.current
    assert seat is not None
    a, b = args
    _use(state, "bridge")
    player = state.players[seat]
    player.flags_left -= 1  # rulebook: the builder's flag goes on the bridge, for no fame
    fame = bridge_fame(state, seat, a, b)
    player.fame[state.round - 1]["bridges"] += fame
    state.bridges.append(_new_bridge(state, seat, a, b))
    text = f"{player.name} строит мост {a} — {b}" + bridge_outcome(state, seat, (a, b), fame)
    return [Event(text, data={"fame": fame})]


def bridge_outcome(state: State, seat: int, ends: tuple[str, str], fame: int) -> str:
    """What a bridge of `seat` between `ends` earns and why, true in every position: the trees where the builder
    holds the advantage, and who holds it on the others (names in the nominative: they are not declined).

    " и получает 4 очка славы за преимущество на Б3 (на В3 преимущество держит Борис)."
    ", но славы не получает: на Б3 и В3 преимущество держит Борис."
    """
    own = [t for t in ends if advantage(state.trees[t]) == seat]
    others: dict[int | None, list[str]] = {}
    for t in ends:
        holder = advantage(state.trees[t])
        if holder != seat:
            others.setdefault(holder, []).append(t)
    reasons = []
    for holder, trees in others.items():
        where = " и ".join(trees)
        if holder is None:
            reasons.append(f"на {where} жилищ нет")
        else:
            reasons.append(f"на {where} преимущество держит {state.players[holder].name}")
    if not own:
        return ", но славы не получает: " + ", а ".join(reasons) + "."
    text = f" и получает {points(fame)} славы за преимущество на {' и '.join(own)}"
    return text + (f" ({reasons[0]})." if reasons else ".")


def _new_bridge(state: State, seat: int, a: str, b: str) -> Bridge:
    return Bridge(a, b, seat, len(state.trees[a].tiles), len(state.trees[b].tiles))


def _top(state: State, args: list[str]) -> list[Event]:
    tree = state.trees[args[0]]
    _use(state, "treetop")
    tree.treetop = True
    return [Event(f"{_name(state)} закрывает {tree.name} верхушкой: дерево больше не растёт.")]


def _take(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    if args[0] in (DECK, "deck"):  # "deck": the notation of old logs
        card = draw(state)
        assert card is not None
        player.hand.append(card)
        events = [Event(f"{player.name} берёт карту из колоды.")]
    else:
        slot = int(args[0]) - 1
        card = state.face_up[slot]
        assert card is not None
        player.hand.append(card)
        state.face_up[slot] = draw(state)
        events = [Event(f"{player.name} берёт открытую карту {card_text(card)}.", data={"card": card})]
    return events + end_turn(state)


def _refresh(state: State, args: list[str]) -> list[Event]:
    old = [c for c in state.face_up if c is not None]
    state.discard.extend(old)
    state.face_up = [draw(state) for _ in state.face_up]
    new = ", ".join(card_short(c) for c in state.face_up if c is not None) or "карт больше нет"
    return [Event(f"{_name(state)} сбрасывает три похожие открытые карты; открыты новые: {new}.")]


def _end(state: State, args: list[str]) -> list[Event]:
    return [Event(f"{_name(state)} заканчивает ход: брать больше нечего.")] + end_turn(state)


_HANDLERS = {
    "play": _play, "redraw": _redraw, "pass": _pass, "place": _place, "flag": _flag, "noflag": _noflag,
    "set": _set, "axe": _axe, "hammer": _hammer, "bridge": _bridge, "top": _top, "take": _take,
    "refresh": _refresh, "end": _end,
}


# --- a skipped turn (our house rule for an absent player) ---------------------------------------------------


def skip(state: State) -> list[Event]:
    """End the current turn at once, wherever it stands (our house rule for an absent player).

    A turn with no dwelling built or boxed yet (step play or place) boxes the top dwelling of the stack, as
    `pass` does, so a round still ends; a pending flag is not attached; no set, no item. A card played this turn
    is replaced by the top card of the deck (as `take колода`, when there is one); a player who played nothing
    keeps the hand. Then the turn ends as usual. Draws only through `draw`, so it replays from the seed."""
    seat = state.current
    assert seat is not None
    player = state.players[seat]
    turn = state.turn
    if turn.placed is None and not turn.skipped:
        style = state.stack(seat).pop(0)
        state.boxed.append([seat, style])
        lost = f"верхнее {STYLE_NEUT[style]} жилище стопки уходит в коробку"
        lost = ("жилище не построено, " if turn.card is not None else "карта не сыграна, ") + lost
    elif turn.flag_tree is not None:
        lost = f"флаг на {turn.flag_tree} не прикреплён"
    else:
        lost = "наборы и предметы в этот ход больше не используются"
    events = [Event(f"{player.name} пропускает ход: {lost}.", data={"seat": seat})]
    if turn.card is not None:
        card = draw(state)
        if card is not None:
            player.hand.append(card)
            events.append(Event(f"{player.name} берёт карту из колоды."))
    state.actions += 1
    return events + end_turn(state)


# --- turns and rounds ----------------------------------------------------------------------------------------


def end_turn(state: State) -> list[Event]:
    n = len(state.players)
    state.turn = Turn()
    state.turns += 1
    for slot, card in enumerate(state.face_up):
        if card is None:  # a place left empty when the cards ran out is filled once there are cards again
            state.face_up[slot] = draw(state)
    if all(not state.stack(seat) for seat in range(n)):
        return score_round(state)
    assert state.current is not None
    state.current = (state.current + state.direction) % n
    state.step = "play"
    return [Event(f"Ходит {state.player().name}.", kind="turn", data={"seat": state.current})]


def score_round(state: State) -> list[Event]:
    """Score trees and regions; then start round 2 (the last player of round 1 begins, counter-clockwise)
    or end the game."""
    result = round_scoring(state)
    r = state.round
    names = [p.name for p in state.players]
    for seat, player in enumerate(state.players):
        player.fame[r - 1]["trees"] += result["trees"][seat]
        player.fame[r - 1]["regions"] += result["regions"][seat]
    state.round_results.append({
        "round": r,
        "trees": [result["trees"][s] for s in range(len(names))],
        "regions": [result["regions"][s] for s in range(len(names))],
        "tree_owners": dict(result["tree_owners"]),
        "region_winners": {k: list(v) for k, v in result["region_winners"].items()},
        "heights": {name: tree.height for name, tree in state.trees.items()},  # what each tree was worth
    })
    parts = [f"{names[s]} — {points(result['trees'][s])} за деревья и {points(result['regions'][s])} за области"
             for s in range(len(names))]
    events = [Event(f"Конец {r}-го раунда, подсчёт: " + "; ".join(parts) + ".", kind="score",
                    data={"round": r})]
    if r == 1:
        state.round = 2
        state.direction = -1
        state.step = "play"  # rulebook: the last player of round 1 begins round 2
        events.append(Event(f"Второй раунд: первым ходит {state.player().name}, дальше против часовой стрелки.",
                            kind="turn", data={"seat": state.current}))
        return events
    state.step = "over"
    state.current = None
    best = winners(state)
    totals = ", ".join(f"{p.name} {p.total}" for p in state.players)
    text = f"Партия окончена ({totals}). "
    if len(best) == 1:
        text += f"Побеждает {names[best[0]]}!"
    else:
        text += f"Победу делят {join_names([names[s] for s in best])}!"
    events.append(Event(text, kind="end", data={"winners": best}))
    return events

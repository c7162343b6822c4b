"""Legal actions and playing them: the mandatory three settlements, the tile actions, turn passing with
the terrain cards, the automatic end of a turn with nothing left to do, and the end of the game.

Actions (canonical notation): `build K12`, `oracle K12`, `farm K12`, `oasis K12`, `tower K12`,
`tavern K12`, `barn K12 L5`, `harbor K12 L5`, `paddock K12 K14`, `end`.

>>> from rules.kingdom.state import new_game
>>> state = new_game(["Аня", "Борис"], seed=3, options={"first": 0})
>>> _ = start_game(state)
>>> action = legal_actions(state)[0]
>>> [e.text for e in execute(state, action)][0] == f"Аня строит поселение на {action[6:]}."
True
"""

from __future__ import annotations

from rules.kingdom.building import (
    build_targets,
    building_targets,
    has_free,
    mandatory_possible,
    moving_targets,
)
from rules.kingdom.data import BUILDING_TILES, MANDATORY_BUILDS, TERRAIN_ORDER, TILE_ORDER, TILE_TITLES, terrain_told
from rules.kingdom.layout import INDEX_OF_NAME, NAMES, NBRS
from rules.kingdom.scoring import final_scores, winners
from rules.kingdom.state import State, Tile
from rules.protocol import Event
from rules.text import join_names, plural


def gold(n: int) -> str:
    """ "1 золото", "4 золота", "12 золота" (the rulebook's forms)."""
    return f"{n} {plural(n, 'золото', 'золота', 'золота')}"


# --- legal actions ------------------------------------------------------------------------------------


def usable_kinds(state: State) -> list[str]:
    """Tile types the current player may use now: tiles face up and not new, outside the mandatory run; in a game
    of the box's reading (`State.one_per_kind`), no kind of which a tile was already used this turn."""
    if state.current is None or state.phase not in ("start", "after") or state.pending:
        return []
    kinds = {t.type for t in state.player().tiles if t.state == "usable"}
    if state.one_per_kind:
        kinds -= {t.type for t in state.player().tiles if t.state == "used"}
    return [k for k in TILE_ORDER if k in kinds]


def tile_actions(state: State) -> dict[str, list[str]]:
    """Tile type -> its legal actions (types without a legal target are left out)."""
    cached = state.cache.get("tiles")
    if cached is not None:
        return cached
    out: dict[str, list[str]] = {}
    for kind in usable_kinds(state):
        if kind in BUILDING_TILES:
            actions = [f"{kind} {NAMES[h]}" for h in building_targets(state, kind)]
        else:
            actions = [f"{kind} {NAMES[o]} {NAMES[t]}" for o, t in moving_targets(state, kind)]
        if actions:
            out[kind] = actions
    state.cache["tiles"] = out
    return out


def legal_actions(state: State) -> list[str]:
    """Every legal action of the current player: builds, tile actions by tile type, then `end`."""
    cached = state.cache.get("legal")
    if cached is not None:
        return cached
    if state.current is None:
        out: list[str] = []
    elif state.pending:
        out = return_actions(state)
    else:
        out = [f"build {NAMES[h]}" for h in build_targets(state)]
        for actions in tile_actions(state).values():
            out += actions
        if state.phase == "after":
            out.append("end")
    state.cache["legal"] = out
    state.cache["legal_set"] = frozenset(out)
    return out


READY = "usable"  # the tile state that can still act this turn; "used" and "new" cannot


def return_actions(state: State) -> list[str]:
    """While the player must pick which of two tiles of a kind to give back (official FAQ: either one, also
    one already used this turn): `discard farm used` and `discard farm usable`, the tile out for this turn
    first. Offered only when the two differ: one can still act this turn and the other cannot."""
    if not state.pending:
        return []
    kind = state.layout.locations[state.pending[0]]
    states = {t.state for t in state.player().tiles if t.type == kind}
    return [f"discard {kind} {st}" for st in sorted(states, key=lambda st: (st == READY, st))]


def is_legal(state: State, action: str) -> bool:
    legal_actions(state)
    return action in state.cache["legal_set"]


# --- playing ------------------------------------------------------------------------------------------


def execute(state: State, action: str) -> list[Event]:
    """Apply a legal canonical action of the current player (the caller checks legality)."""
    verb, *args = action.split(" ")
    if verb == "build":
        events = _build(state, INDEX_OF_NAME[args[0]])
    elif verb == "end":
        events = [Event(f"{state.player().name} заканчивает ход.", "end_turn", {"seat": state.current})]
        events += end_turn(state)
    elif verb == "discard":
        events = _give_back(state, args[0], args[1])
    elif verb in BUILDING_TILES:
        events = _tile_build(state, verb, INDEX_OF_NAME[args[0]])
    else:
        events = _move(state, verb, INDEX_OF_NAME[args[0]], INDEX_OF_NAME[args[1]])
    state.actions += 1
    state.touch()
    return events + settle(state)


def _place(state: State, h: int) -> list[Event]:
    """Put a settlement of the current player from the supply on hex h, take location tiles."""
    seat = state.current
    player = state.player()
    state.owners[h] = seat
    player.settlements -= 1
    state.turn_placed.append(h)
    events = _gain_tiles(state, h)
    if player.settlements == 0 and not state.final_round:
        state.final_round = True
        last = (state.first - 1) % len(state.players)
        if last == seat:
            tail = "этот ход — последний в игре."
        else:
            tail = f"круг доигрывается, последним ходит {state.players[last].name}."
        events.append(Event(f"{player.name} выставляет последнее поселение из запаса: {tail}", "final_round",
                            {"seat": seat}))
    return events


def _gain_tiles(state: State, h: int) -> list[Event]:
    """Rulebook: building (or moving) next to a location hex gives one of its tiles, while any are left,
    once per location hex and player for the whole game. A new tile works from the next turn."""
    player = state.player()
    lay = state.layout
    events = []
    for loc in lay.near_locations[h]:
        if state.tiles_left.get(loc, 0) > 0 and loc not in player.taken:
            state.tiles_left[loc] -= 1
            player.taken.append(loc)
            kind = lay.locations[loc]
            player.tiles.append(Tile(kind, loc, "new"))
            events.append(Event(f"{player.name} получает жетон «{TILE_TITLES[kind]}» с {NAMES[loc]}.", "tile",
                                {"seat": state.current, "tile": kind, "from": NAMES[loc]}))
    return events


def _build(state: State, h: int) -> list[Event]:
    player = state.player()
    events = [Event(f"{player.name} строит поселение на {NAMES[h]}.", "build",
                    {"seat": state.current, "hex": NAMES[h]})]
    events += _place(state, h)
    state.builds_left -= 1
    state.phase = "building" if state.builds_left > 0 else "after"
    return events


def _use_tile(state: State, kind: str, prefer: set[int] = frozenset()) -> Tile:
    """Turn over one usable tile of this type: one from a location in `prefer` if there is one."""
    usable = [t for t in state.player().tiles if t.type == kind and t.state == "usable"]
    tile = next((t for t in usable if t.origin in prefer), usable[0])
    tile.state = "used"
    return tile


def _tile_build(state: State, kind: str, h: int) -> list[Event]:
    player = state.player()
    _use_tile(state, kind)
    events = [Event(f"{player.name} строит поселение на {NAMES[h]} (жетон «{TILE_TITLES[kind]}»).", "build",
                    {"seat": state.current, "hex": NAMES[h], "tile": kind})]
    return events + _place(state, h)


def abandoned_locations(state: State, origin: int, target: int) -> set[int]:
    """Location hexes the current player would have no settlement next to after moving origin -> target."""
    seat, owners = state.current, state.owners
    out = set()
    for loc in state.layout.near_locations[origin]:
        if target in NBRS[loc]:
            continue
        if not any(owners[n] == seat and n != origin for n in NBRS[loc]):
            out.add(loc)
    return out


def _move(state: State, kind: str, origin: int, target: int) -> list[Event]:
    seat = state.current
    player = state.player()
    abandoned = abandoned_locations(state, origin, target)
    # with two tiles of this type, turn over the one of the location left behind (the player then picks which
    # of the two goes back)
    _use_tile(state, kind, abandoned)
    state.owners[origin] = None
    state.owners[target] = seat
    if origin in state.turn_placed:
        state.turn_placed[state.turn_placed.index(origin)] = target
    else:
        state.turn_placed.append(target)
    events = [Event(f"{player.name} переставляет поселение с {NAMES[origin]} на {NAMES[target]} "
                    f"(жетон «{TILE_TITLES[kind]}»).", "move",
                    {"seat": seat, "from": NAMES[origin], "to": NAMES[target], "tile": kind})]
    for loc in sorted(abandoned):
        for tile in [t for t in player.tiles if t.origin == loc]:
            twins = [t for t in player.tiles if t.type == tile.type and t is not tile and t.origin not in abandoned]
            twin = twins[0] if twins else None
            if twin is not None and (twin.state == READY) != (tile.state == READY):
                state.pending.append(loc)  # official FAQ: the player picks which of the two goes back
                events.append(Event(f"{player.name} уводит последнее поселение от локации {NAMES[loc]}: надо вернуть "
                                    f"один из двух жетонов «{TILE_TITLES[tile.type]}» — {TILE_STATE_WORDS[tile.state]} "
                                    f"или {TILE_STATE_WORDS[twin.state]}.", "choose",
                                    {"seat": seat, "tile": tile.type, "from": NAMES[loc]}))
                continue
            events.append(_lose(state, tile, loc))
    return events + _gain_tiles(state, target)


TILE_STATE_WORDS = {"usable": "несыгранный", "used": "сыгранный в этом ходу", "new": "полученный в этом ходу"}


def _lose(state: State, tile: Tile, loc: int) -> Event:
    player = state.player()
    player.tiles.remove(tile)
    state.lost.append(tile)
    return Event(f"{player.name} уводит последнее поселение от локации {NAMES[loc]} и теряет её "
                 f"жетон «{TILE_TITLES[tile.type]}».", "lose_tile",
                 {"seat": state.current, "tile": tile.type, "from": NAMES[loc]})


def _give_back(state: State, kind: str, tile_state: str) -> list[Event]:
    """The player gives back the tile of this kind in this state for the first pending location; the one
    kept now stands for the other location of its kind, next to which the player still has a settlement."""
    player = state.player()
    loc = state.pending.pop(0)
    tile = next(t for t in player.tiles if t.type == kind and t.state == tile_state)
    kept = next(t for t in player.tiles if t.type == kind and t is not tile)
    if tile.origin != loc:
        tile.origin, kept.origin = loc, tile.origin
    player.tiles.remove(tile)
    state.lost.append(tile)
    return [Event(f"{player.name} возвращает {TILE_STATE_WORDS[tile_state]} жетон «{TILE_TITLES[kind]}»: он выбывает "
                  "из игры.", "lose_tile", {"seat": state.current, "tile": kind, "from": NAMES[loc]})]


def settle_pending(state: State) -> list[Event]:
    """A choice left open: the tile of the abandoned location goes, as the engine chose before players were
    asked (at a turn's end both tiles are ready again, so the choice no longer matters)."""
    player = state.player()
    events = []
    while state.pending:
        loc = state.pending.pop(0)
        tile = next((t for t in player.tiles if t.origin == loc), None)
        if tile is not None:
            events.append(_lose(state, tile, loc))
    state.touch()
    return events


def skip(state: State) -> list[Event]:
    """The current player's turn ends now: the mandatory builds not made and the tiles not used are lost,
    the card is discarded and a new one drawn as at every turn's end (our house rule for an absent player).
    A turn whose builds have begun says how many of them are lost."""
    missing = state.builds_left if state.phase == "building" else 0
    lost = (f": {_still(missing)} так и не {plural(missing, 'построено', 'построены', 'построено')}" if missing
            else "")
    events = [Event(f"{state.player().name} пропускает ход{lost}.", "end_turn", {"seat": state.current})]
    settle_pending(state)
    events += end_turn(state)
    state.actions += 1
    state.touch()
    return events + settle(state)


def settle(state: State) -> list[Event]:
    """After an action: a card whose terrain has no free hex left before the mandatory builds are done is
    replaced (rulebook "Правила строительства", exception; the official FAQ: mid-action too), mandatory
    builds that cannot go on lapse, and a turn with nothing but `end` left ends by itself (possibly
    several turns in a row)."""
    events: list[Event] = []
    while state.current is not None and not state.pending:
        if state.phase in ("start", "building") and not mandatory_possible(state):
            player = state.player()
            missing = min(state.builds_left, player.settlements)
            if missing > 0 and player.card is not None and any(has_free(state, t) for t in TERRAIN_ORDER):
                events += replace_card(state, missing)
                if mandatory_possible(state):
                    break
            if missing > 0:
                events.append(Event(f"На поле не осталось свободных гексов, где можно строить: {player.name} не "
                                    f"может построить {_still(missing)}.", "lapse", {"seat": state.current}))
            state.phase, state.builds_left = "after", 0
            state.touch()
        if state.phase == "after" and not tile_actions(state):
            events += end_turn(state)
            continue
        break
    return events


def _still(n: int) -> str:
    """ "ещё 1 обязательное поселение", "ещё 2 обязательных поселения"."""
    return f"ещё {n} {plural(n, 'обязательное поселение', 'обязательных поселения', 'обязательных поселений')}"


def replace_card(state: State, missing: int = 0) -> list[Event]:
    """Rulebook "Правила строительства", exception: while no free hex of the card's terrain is left, the card
    goes to the discard and a new one is drawn and played. `missing`: the mandatory builds still owed, when
    this happens in the middle of them (the official FAQ: the player still builds all three)."""
    player = state.player()
    events: list[Event] = []
    while player.card is not None and not has_free(state, player.card):
        if missing:
            text = (f"Свободных гексов местности «{terrain_told(player.card)}» больше нет, а построить надо "
                    f"{_still(missing)}: {player.name} сбрасывает карту и тянет новую.")
        else:
            text = (f"Свободных гексов местности «{terrain_told(player.card)}» нет: {player.name} сбрасывает "
                    "карту и тянет новую.")
        events.append(Event(text, "no_terrain", {"seat": state.current}))
        state.discard.append(player.card)
        player.card, drawn = _draw(state)
        events += drawn
        if player.card is not None:
            events.append(_reveal(state))
    state.touch()
    return events


def _draw(state: State) -> tuple[str | None, list[Event]]:
    """The top terrain card; an empty deck is replaced by the shuffled discard (the rulebook is silent)."""
    events = []
    if not state.deck:
        if not state.discard:
            return None, events
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
        events.append(Event("Колода карт местности кончилась: сброс перемешан и стал новой колодой.", "reshuffle"))
    return state.deck.pop(), events


def end_turn(state: State) -> list[Event]:
    """The card goes to the discard, tiles turn face up, a new secret card is drawn, the next player
    starts; after the last turn of the final round, the game ends."""
    player = state.player()
    events: list[Event] = []
    if player.card is not None:
        state.discard.append(player.card)
        player.card = None
    for tile in player.tiles:
        tile.state = "usable"
    state.prev_placed, state.turn_placed = state.turn_placed, []
    state.touch()
    n = len(state.players)
    if state.final_round and state.current == (state.first - 1) % n:
        return events + finish(state)
    player.card, drawn = _draw(state)
    events += drawn
    state.current = (state.current + 1) % n
    return events + start_turn(state)


def start_turn(state: State) -> list[Event]:
    """The current player reveals their card; with no free hex of its terrain it is discarded and
    another drawn until one can be built on (rulebook "Правила строительства", exception)."""
    player = state.player()
    events = [Event(f"Ходит {player.name}.", "turn", {"seat": state.current})]
    if player.card is None:
        player.card, drawn = _draw(state)
        events += drawn
    if player.card is not None:
        events.append(_reveal(state))
    if any(has_free(state, t) for t in TERRAIN_ORDER):
        events += replace_card(state)
    state.phase = "start"
    state.builds_left = min(MANDATORY_BUILDS, player.settlements)
    state.touch()
    return events


def _reveal(state: State) -> Event:
    player = state.player()
    return Event(f"{player.name} открывает карту местности: {terrain_told(player.card)}.", "reveal",
                 {"seat": state.current, "card": player.card})


def start_game(state: State) -> list[Event]:
    """The first player's first turn begins."""
    return start_turn(state) + settle(state)


def finish(state: State) -> list[Event]:
    state.phase, state.current, state.builds_left = "over", None, 0
    state.touch()
    scores = final_scores(state)
    best = winners(state)
    top = scores[best[0]]["total"]
    names = [scores[s]["name"] for s in best]
    if len(best) == 1:
        text = f"Партия окончена. Побеждает {names[0]}: {gold(top)}."
    else:
        text = f"Партия окончена. Ничья: {join_names(names)} — по {gold(top)}."
    return [Event(text, "end", {"winners": best, "scores": [s["total"] for s in scores]})]

"""Why an understood action is not allowed: one precise Russian reason and the rule section it comes from.
Called only for actions that are not legal; checks go from the general (the turn, the tile) to the
particular (the hex, its terrain, the adjacency rule).
"""

from __future__ import annotations

from rules.kingdom.board import CASTLE, LOCATION, MOUNTAIN, WATER
from rules.kingdom.building import (
    TILE_TERRAIN,
    build_targets,
    building_candidates,
    building_targets,
    has_free,
    moving_targets,
    touches_other,
)
from rules.kingdom.data import BUILDING_TILES, TERRAIN_ORDER, TERRAIN_WHERE, TILE_TITLES, terrain_told
from rules.kingdom.layout import EDGE, JUMP, NAMES
from rules.kingdom.state import State
from rules.protocol import RuleError
from rules.reasons import combine
from rules.text import count


def settlements(n: int) -> str:
    return count(n, "поселение", "поселения", "поселений")


def refusal(state: State, kind: str, hexes: list[int]) -> RuleError:
    """The reason why `kind` on `hexes` is not legal for the current player now."""
    player = state.player()
    if kind == "end":
        return RuleError(f"Сначала обязательные постройки: осталось поставить ещё {settlements(state.builds_left)} "
                         f"{TERRAIN_WHERE[player.card]}.", "kingdom.turn")
    if kind == "build":
        return _build_refusal(state, hexes[0])
    reasons = tile_reasons(state, kind)
    if not [t for t in player.tiles if t.type == kind]:
        return combine(reasons)  # no such tile (and, maybe, too early): where it would go does not matter
    # every reason that applies: the moment, the tile's state, then the hex (judged as if the tile were ready)
    if kind in BUILDING_TILES:
        if player.settlements <= 0:
            reasons.append(RuleError("В запасе не осталось поселений: строить нечего.", "kingdom.extra-actions"))
        elif hexes[0] not in building_targets(state, kind):
            reasons.append(_tile_build_refusal(state, kind, hexes[0]))
    elif (hexes[0], hexes[1]) not in moving_targets(state, kind):
        reasons.append(_move_refusal(state, kind, hexes[0], hexes[1]))
    return combine(reasons or [RuleError("Так сыграть жетон сейчас нельзя.", f"kingdom.{kind}")])


def tile_reasons(state: State, kind: str) -> list[RuleError]:
    """Why the current player may not play a tile of `kind` now whatever the hex: none held, the middle of the
    mandatory builds, used or new this turn ([] when none of these applies)."""
    player = state.player()
    title = TILE_TITLES[kind]
    tiles = [t for t in player.tiles if t.type == kind]
    reasons: list[RuleError] = []
    if not tiles:
        reasons.append(RuleError(f"У вас нет жетона «{title}»: его дают за поселение рядом с локацией «{title}».",
                                 "kingdom.location-tiles"))
    if state.phase == "building":
        reasons.append(RuleError(f"Посреди обязательных построек жетоны не используют: сначала поставьте ещё "
                                 f"{settlements(state.builds_left)}.", "kingdom.extra-actions"))
    if not any(t.state == "usable" for t in tiles):
        used = [t for t in tiles if t.state == "used"]
        if used:
            more = "ы" if len(used) > 1 else ""
            reasons.append(RuleError(f"Жетон{more} «{title}» уже использован{more} в этом ходу; снова — в следующем "
                                     "ходу.", "kingdom.extra-actions"))
        if any(t.state == "new" for t in tiles):
            reasons.append(RuleError(f"Жетон «{title}» получен в этом ходу и действует только со следующего хода, "
                                     "даже после трёх обязательных поселений.", "kingdom.location-tiles"))
    elif state.one_per_kind and any(t.state == "used" for t in tiles):
        reasons.append(RuleError(f"За этим столом играют по русской коробке: действие «{title}» — раз за ход, "
                                 "даже с двумя такими жетонами. Второй жетон сыграете в следующем ходу.",
                                 "kingdom.extra-actions"))
    return reasons


def _place_refusal(state: State, h: int) -> RuleError | None:
    """An occupied hex, or one nobody may build on."""
    owner = state.owners[h]
    if owner is not None:
        who = "ваше поселение" if owner == state.current else f"поселение игрока {state.players[owner].name}"
        return RuleError(f"{NAMES[h]} уже занят: там {who}. На гексе может стоять только одно поселение.",
                         "kingdom.building")
    letter = state.layout.terrain[h]
    if letter == WATER:
        return RuleError(f"{NAMES[h]} — вода: строить на воде нельзя, туда можно только переставить поселение "
                         "жетоном «Гавань».", "kingdom.terrain")
    if letter == MOUNTAIN:
        return RuleError(f"{NAMES[h]} — гора: на горах строить нельзя.", "kingdom.terrain")
    if letter == CASTLE:
        return RuleError(f"{NAMES[h]} — замок: на замках не строят (замок приносит 3 золота, если рядом ваше "
                         "поселение).", "kingdom.castles")
    if letter == LOCATION:
        title = TILE_TITLES[state.layout.locations[h]]
        return RuleError(f"{NAMES[h]} — локация «{title}»: на гексах локаций не строят, жетон дают за поселение "
                         "рядом.", "kingdom.terrain")
    return None


def _adjacency(state: State, h: int, options: list[int], terrain: str | None) -> RuleError:
    where = f" {TERRAIN_WHERE[terrain]}" if terrain else ""
    return RuleError(f"{NAMES[h]} не рядом с вашими поселениями, а рядом с ними есть свободный гекс{where}, "
                     f"например {NAMES[options[0]]}. Пока такой есть, строить надо рядом.", "kingdom.adjacency")


def _build_refusal(state: State, h: int) -> RuleError:
    player = state.player()
    if state.phase == "after":
        if player.settlements <= 0:
            return RuleError("В запасе не осталось поселений.", "kingdom.end")
        if not any(has_free(state, t) for t in TERRAIN_ORDER):
            return RuleError("На поле не осталось свободных гексов, где можно строить: обязательные постройки "
                             "этого хода закончены.", "kingdom.no-terrain")
        return RuleError("Три обязательных поселения в этом ходу уже построены. Дальше — жетоны или «конец».",
                         "kingdom.turn")
    letter = state.layout.terrain[h]
    wrong = RuleError(f"Ваша карта — {terrain_told(player.card)}, а {NAMES[h]} — {terrain_told(letter)}. "
                      f"Стройте {TERRAIN_WHERE[player.card]}.", "kingdom.building")
    if (error := _place_refusal(state, h)) is not None:
        occupied = state.owners[h] is not None
        return combine([error, wrong]) if occupied and letter != player.card else error
    if letter != player.card:
        return wrong
    return _adjacency(state, h, build_targets(state), player.card)


def _tile_build_refusal(state: State, kind: str, h: int, occupied_checked: bool = False) -> RuleError:
    player = state.player()
    section = f"kingdom.{kind}"
    title = TILE_TITLES[kind]
    letter = state.layout.terrain[h]
    if not occupied_checked and (error := _place_refusal(state, h)) is not None:
        need = player.card if kind == "oracle" else TILE_TERRAIN.get(kind)
        if state.owners[h] is not None and need is not None and letter != need:
            return combine([error, _tile_build_refusal(state, kind, h, occupied_checked=True)])
        return error
    if kind == "oracle" or kind in TILE_TERRAIN:
        need = player.card if kind == "oracle" else TILE_TERRAIN[kind]
        if not has_free(state, need):
            return RuleError(f"Свободных гексов местности «{terrain_told(need)}» не осталось: жетону «{title}» "
                             "строить негде.", section)
        if letter != need:
            what = f"на местности вашей карты — {terrain_told(need)}" if kind == "oracle" else TERRAIN_WHERE[need]
            return RuleError(f"«{title}» строит только {what}, а {NAMES[h]} — {terrain_told(letter)}.", section)
        return _adjacency(state, h, building_targets(state, kind), need)
    if kind == "tower":
        if not EDGE[h]:
            return RuleError(f"{NAMES[h]} не на краю поля: «Башня» строит только на гексах внешней границы всего "
                             "поля.", section)
        options = building_targets(state, kind)
        return RuleError(f"{NAMES[h]} не рядом с вашими поселениями, а на краю поля есть свободный гекс рядом с "
                         f"ними, например {NAMES[options[0]]}. Пока такой есть, строить надо рядом.", section)
    options = building_candidates(state, kind)  # tavern
    hint = f" Подходит, например, {NAMES[options[0]]}." if options else " Такой линии у вас пока нет."
    return RuleError(f"{NAMES[h]} не продолжает прямую линию из трёх или более ваших поселений.{hint}", section)


def _move_refusal(state: State, kind: str, origin: int, target: int) -> RuleError:
    """Every reason why this move is not possible: the settlement moved, then the hex it would go to."""
    section = f"kingdom.{kind}"
    title = TILE_TITLES[kind]
    owner = state.owners[origin]
    reasons: list[RuleError] = []
    if owner != state.current:
        where = "нет поселения" if owner is None else f"поселение игрока {state.players[owner].name}"
        reasons.append(RuleError(f"На {NAMES[origin]} {where}, а «{title}» переставляет только ваши поселения.",
                                 section))
    if origin == target:
        reasons.append(RuleError(f"Поселение и так стоит на {NAMES[origin]}: выберите другой гекс.", section))
    else:
        reasons += _target_reasons(state, kind, origin, target, own=owner == state.current)
    return combine(reasons or [RuleError("Так переставить поселение нельзя.", section)])


def _target_reasons(state: State, kind: str, origin: int, target: int, own: bool) -> list[RuleError]:
    player = state.player()
    section = f"kingdom.{kind}"
    letter = state.layout.terrain[target]
    occupied = _place_refusal(state, target) if state.owners[target] is not None else None
    reasons = [occupied] if occupied is not None else []
    if kind == "paddock":
        if target not in JUMP[origin]:
            options = [NAMES[t] for o, t in moving_targets(state, kind) if o == origin] if own else []
            hint = f" Из {NAMES[origin]} можно на {', '.join(options)}." if options else ""
            reasons.append(RuleError(f"«Пастбище» передвигает поселение ровно на 2 гекса по прямой.{hint}", section))
        if occupied is None and _place_refusal(state, target) is not None:
            reasons.append(RuleError(f"{NAMES[target]} — {terrain_told(letter)}: «Пастбище» ставит поселение только "
                                     "на свободную равнину, луг, каньон, пустыню или лес.", section))
        return reasons
    if kind == "harbor":
        if letter != WATER:
            reasons.append(RuleError(f"«Гавань» переставляет поселение только на воду, а {NAMES[target]} — "
                                     f"{terrain_told(letter)}.", section))
        terrain = WATER
    else:  # barn
        terrain = player.card
        if not has_free(state, terrain):
            reasons.append(RuleError(f"Свободных гексов местности «{terrain_told(terrain)}» не осталось: «Амбару» "
                                     "переставлять некуда.", section))
        elif letter != terrain:
            if occupied is None and (error := _place_refusal(state, target)) is not None:
                reasons.append(error)
            else:
                reasons.append(RuleError(f"«Амбар» переставляет только на местность вашей карты — "
                                         f"{terrain_told(terrain)}, а {NAMES[target]} — {terrain_told(letter)}.",
                                         section))
    if not reasons and own:
        options = [t for o, t in moving_targets(state, kind) if o == origin and touches_other(state, origin, t)]
        if options:
            reasons.append(RuleError(f"{NAMES[target]} не рядом с другими вашими поселениями, а рядом с ними есть "
                                     f"свободный гекс {TERRAIN_WHERE[terrain]}, например {NAMES[options[0]]}. "
                                     "Соседство считается без переставляемого поселения.", "kingdom.adjacency"))
    return reasons

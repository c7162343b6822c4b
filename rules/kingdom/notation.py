"""Reading what players type, button labels and keyboard groups.

`parse` turns a typed text into the canonical legal action it means, or raises RuleError with a precise
Russian reason and the rule section (see `refusals.py`).

>>> from rules.kingdom.state import new_game
>>> from rules.kingdom.engine import start_game
>>> state = new_game(["Аня", "Борис"], seed=3, options={"first": 0})
>>> _ = start_game(state)
>>> target = legal_actions(state)[0][6:]
>>> parse(state, "строю " + target.lower()) == parse(state, target) == "build " + target
True
>>> label(state, "paddock K12 K14"), label(state, "end")
('🐎 K12→K14', '✅ Закончить ход')
"""

from __future__ import annotations

import re

from rules.kingdom import refusals
from rules.kingdom.board import CANYON, DESERT, FLOWERS, FOREST, GRASS, parse_hex
from rules.kingdom.data import BUILDING_TILES, MOVING_TILES, TILE_EMOJI, TILE_TITLES, terrain_told
from rules.kingdom.engine import is_legal, legal_actions, tile_actions
from rules.kingdom.layout import NAMES, index
from rules.kingdom.state import State
from rules.leftover import ignorable, not_understood
from rules.protocol import RuleError
from rules.text import POLITE_WORDS as SHARED_POLITE
from rules.text import typed

END_WORDS = {"end", "конец", "закончить", "заканчиваю", "закончил", "закончила", "завершить", "завершаю",
             "все", "всё", "готово", "done", "хватит", "стоп", "пас", "pass", "finish"}
BUILD_WORDS = {"build", "строю", "строить", "построить", "построю", "строим", "стройка", "постройка", "строй",
               "построй", "ставлю", "поставь", "поставить", "ставить", "поставлю", "поселение", "дом", "домик", "b"}
FILLER_WORDS = {"на", "в", "во", "с", "со", "из", "до", "к", "ко", "туда", "сюда", "жетон", "жетоном", "жетона",
                "использую", "использовать", "применяю", "применить", "играю", "сыграть", "ход", "ходом",
                "переставить", "переставляю", "перенести", "переношу", "передвинуть", "двигаю", "move", "use",
                "to", "from", "with", "гекс", "гексе", "клетку", "клетка", "поселением", "поселения", "хода",
                "поле", "поля", "полю", "полем", "местность", "местности"}
RETURN_WORDS = {"discard", "return", "верну", "вернуть", "возвращаю", "возвратить", "отдаю", "отдать", "отдам",
                "сдаю", "сдать", "сбрасываю", "сбросить", "сброшу", "теряю", "потерять"}
# which tile goes back: typed state word stems -> tile state (longer stems first: "несыгранный" before "сыгран")
STATE_STEMS = (("несыгран", "usable"), ("неиспольз", "usable"), ("готов", "usable"), ("сыгран", "used"),
               ("использован", "used"), ("нов", "new"), ("получен", "new"))
STATE_WORDS = {"usable": "несыгранный", "used": "сыгранный", "new": "новый"}  # what /discard is followed by
# politeness and filler that never change a move ("построй C8 пожалуйста", "ну давай K12")
POLITE_WORDS = SHARED_POLITE | {"ка", "буду", "ещё", "еще", "а", "и", "тут", "там"}
TILE_STEMS: dict[str, tuple[str, ...]] = {
    "oracle": ("оракул", "oracle"),
    "farm": ("ферм", "farm"),
    "oasis": ("оазис", "oasis"),
    "tower": ("башн", "tower"),
    "tavern": ("таверн", "tavern", "трактир"),
    "barn": ("амбар", "barn"),
    "harbor": ("гаван", "harbor", "harbour", "порт"),
    "paddock": ("пастбищ", "paddock", "загон"),
}
# A terrain named in a move ("строю на лугу K12"): word stems -> terrain. The box's names (равнина is the green
# grass, луг the yellow flowers) and the words an earlier version of the bot used for the flowers («цветочное
# поле») or everyone uses for the grass («трава»). «Луг» means the flowers, as on the cards in the box.
TERRAIN_STEMS = (("равнин", GRASS), ("трав", GRASS), ("луг", FLOWERS), ("лужок", FLOWERS), ("лужк", FLOWERS),
                 ("цвет", FLOWERS), ("каньон", CANYON), ("пустын", DESERT), ("лес", FOREST))
# a coordinate typed in two pieces ("к 12") or the wrong way round; Cyrillic look-alikes come later
EXAMPLES = "«/build K12», «строю K12», «оракул K12», «амбар K12 L5» или «конец»"  # what a player can send
_LETTER = re.compile(r"^[a-zа-я]$")
_NUMBER = re.compile(r"^[0-9]{1,3}$")
_HEXLIKE = re.compile(r"^(?:[a-zа-я][0-9]{1,3}|[0-9]{1,3}[a-zа-я])$")
_SEPARATORS = re.compile(r"[\s,;:.!?()\[\]{}\"'«»\-–—>→=+/\\|]+")


def normalise(text: str) -> list[str]:
    """Lower-case tokens, ё -> е, without a leading "/" or "@botname" and without punctuation.

    >>> normalise("  /Paddock@KingBot  К12 -> к14! ")
    ['paddock', 'к12', 'к14']
    >>> normalise("амбар к 12 л5")
    ['амбар', 'к12', 'л5']
    """
    text = text.strip().lower().replace("ё", "е").lstrip("/")
    text = re.sub(r"^(\S+?)@\S+", r"\1", text)
    raw = [t for t in _SEPARATORS.split(text) if t]
    tokens: list[str] = []
    i = 0
    while i < len(raw):
        t = raw[i]
        if i + 1 < len(raw) and _LETTER.match(t) and _NUMBER.match(raw[i + 1]) and t not in ("в", "к", "с"):
            tokens.append(t + raw[i + 1])
            i += 2
            continue
        if i + 1 < len(raw) and t in ("в", "к", "с") and _NUMBER.match(raw[i + 1]):
            tokens.append(t + raw[i + 1])  # "к 12" is the hex К12 (the letters look like Latin K, B, C)
            i += 2
            continue
        tokens.append(t)
        i += 1
    return tokens


def terrain_word(token: str) -> str | None:
    """ "лугу" -> the flowers, "равнине" -> the grass, "цветочное" -> the flowers; None for any other word.

    >>> [terrain_word(t) for t in ("лугу", "равнине", "цветочное", "травка", "лесу", "гекс")]
    ['B', 'G', 'B', 'G', 'F', None]
    """
    return next((letter for stem, letter in TERRAIN_STEMS if token.startswith(stem)), None)


def tile_word(token: str) -> str | None:
    """ "оракулом" -> "oracle", "гавань" -> "harbor"; None if the token names no tile."""
    for kind, stems in TILE_STEMS.items():
        if any(token.startswith(s) for s in stems):
            return kind
    return None


# Cyrillic letters that sound like a column letter and look like none (look-alikes are board.parse_hex's)
_SOUNDALIKES = str.maketrans("бгдфийлп", "bgdfijlp")


def hex_of(token: str) -> int | None:
    """The flat index of a typed hex ("к12", "K12", "12k", "д5"), None if it is no hex.

    >>> [NAMES[hex_of(t)] for t in ("к12", "12K", "д5", "в1")]
    ['K12', 'K12', 'D5', 'B1']
    """
    rc = parse_hex(token)
    if rc is None and len(token) > 1 and (token[0] in "бгдфийлп" or token[-1] in "бгдфийлп"):
        rc = parse_hex(token.translate(_SOUNDALIKES))
    return None if rc is None else index(*rc)


def parse(state: State, text: str) -> str:
    """The canonical legal action meant by `text`, or RuleError saying why it is not possible."""
    if not isinstance(text, str):
        raise RuleError("Не понял ход.", "kingdom.turn")
    if is_legal(state, text):
        return text
    tokens = normalise(text)
    if not tokens:
        raise RuleError(f"Пустой ход. {examples(state)}", "kingdom.turn")
    kinds: list[str] = []
    hexes: list[int] = []
    states: list[str] = []
    terrains: list[tuple[str, str]] = []  # (the word typed, the terrain it names)
    unread: list[str] = []  # words that name nothing: the move is refused, never half-understood
    for token in tokens:
        if token in RETURN_WORDS:
            kinds.append("discard")
        elif token in END_WORDS:
            kinds.append("end")
        elif (kind := tile_word(token)) is not None:
            kinds.append(kind)
        elif token in BUILD_WORDS:
            kinds.append("build")
        elif (h := hex_of(token)) is not None:
            hexes.append(h)
        elif token in FILLER_WORDS or token in POLITE_WORDS:
            continue
        elif (terrain := terrain_word(token)) is not None:
            terrains.append((token, terrain))
        elif (tile_state := state_word(token)) is not None:
            states.append(tile_state)
        elif _HEXLIKE.match(token):
            raise RuleError(f"Нет такого гекса: «{token.upper()}». Столбцы — буквы от A до T, ряды — числа "
                            "от 1 до 20, например K12.", "kingdom.board")
        elif not ignorable(token):  # an emoji or a sign is no word; any other word names nothing of ours
            unread.append(token)
    if unread:
        raise not_understood(unread, text, examples(state), "kingdom.turn")
    if state.pending:
        return _return(state, kinds, states, hexes)
    if "discard" in kinds or states:
        raise RuleError("Возвращать жетон сейчас не нужно: это бывает, только когда вы уводите последнее поселение "
                        "от локации, а таких жетонов у вас два.", "kingdom.lose-tile")
    tiles = [k for k in kinds if k not in ("build", "end")]
    if len(set(tiles)) > 1:
        raise RuleError("За раз — одно действие: назовите один жетон.", "kingdom.extra-actions")
    if tiles:
        kind = tiles[0]
    elif "build" in kinds:
        kind = "build"
    elif "end" in kinds:
        kind = "end"
    else:
        kind = None
    if kind == "end" and hexes:
        raise RuleError("Не понял: «конец» пишут без гексов.", "kingdom.turn")
    if state.current is None:
        raise RuleError("Партия уже закончилась.", "kingdom.end")
    if kind is None:
        kind = _guess(state, hexes, text)
    action = _canonical(state, kind, hexes)
    if terrains and kind != "end":
        _check_terrain(state, action, terrains)
    if is_legal(state, action):
        return action
    raise refusals.refusal(state, kind, hexes)


def _check_terrain(state: State, action: str, terrains: list[tuple[str, str]]) -> None:
    """A move that names a terrain ("строю на лугу K12") must name the terrain of the hex it builds on or moves
    to: otherwise the player meant something else than the coordinate says, and nothing is done."""
    target = index(*parse_hex(action.split(" ")[-1]))
    letter = state.layout.terrain[target]
    for word, named in terrains:
        if named == letter:
            continue
        message = f"{NAMES[target]} — {terrain_told(letter)}, не {terrain_told(named)}."
        if word.startswith("луг") and letter == GRASS:
            message += " Как на картах из коробки: луг — жёлтые цветы, а зелёная трава — равнина."
        raise RuleError(message + " Ход не сделан: проверьте гекс.", "kingdom.terrain")


def state_word(token: str) -> str | None:
    """ "сыгранный" -> "used", "несыгранную" -> "usable", "новый" -> "new"; None for any other word."""
    return next((st for stem, st in STATE_STEMS if token.startswith(stem)), None)


def _return(state: State, kinds: list[str], states: list[str], hexes: list[int]) -> str:
    """While a tile must be given back, the only moves are its choices."""
    options = legal_actions(state)
    kind = options[0].split(" ")[1]
    words = " или ".join(f"«/discard {STATE_WORDS[a.split(' ')[2]]}»" for a in options)
    if len(set(states)) == 1 and not hexes and set(kinds) <= {"discard", kind}:
        action = f"discard {kind} {states[0]}"
        if action in options:
            return action
        raise RuleError(f"Такого жетона «{TILE_TITLES[kind]}» у вас нет: напишите {words}.",
                        "kingdom.lose-tile")
    raise RuleError(f"Сначала решите, какой из двух жетонов «{TILE_TITLES[kind]}» вернуть: напишите {words}.",
                    "kingdom.lose-tile")


def _guess(state: State, hexes: list[int], text: str) -> str:
    """A bare coordinate: the mandatory build while it goes on."""
    if len(hexes) == 1:
        if state.phase in ("start", "building"):
            return "build"
        options = [f"«{TILE_TITLES[k].lower()} {NAMES[hexes[0]]}»" for k, acts in tile_actions(state).items()
                   if f"{k} {NAMES[hexes[0]]}" in acts]
        hint = ", ".join(options[:-1]) + " или " + options[-1] if len(options) > 1 else "".join(options)
        raise RuleError("Обязательные постройки этого хода уже сделаны."
                        + (f" Чтобы построить жетоном, напишите {hint}." if hint else " Напишите «конец», "
                           "чтобы закончить ход.")
                        , "kingdom.turn")
    if len(hexes) == 2:
        raise RuleError("Чтобы переставить поселение, назовите жетон: амбар, гавань или пастбище, например "
                        f"«пастбище {NAMES[hexes[0]]} {NAMES[hexes[1]]}».", "kingdom.extra-actions")
    raise RuleError(f"Не понял ход «{typed(text)}». {examples(state)}", "kingdom.turn")


def _canonical(state: State, kind: str, hexes: list[int]) -> str:
    if kind == "end":
        return "end"
    building = kind == "build" or kind in BUILDING_TILES
    if len(hexes) == (1 if building else 2):
        return " ".join([kind, *(NAMES[h] for h in hexes)])
    section = "kingdom.building" if kind == "build" else f"kingdom.{kind}"
    if kind != "build" and (reasons := refusals.tile_reasons(state, kind)):
        raise refusals.combine(reasons)  # no such tile, or not now: whatever hexes would be named
    options = [a for a in legal_actions(state) if a.split(" ")[0] == kind]
    if not options:  # a hint offers only what is allowed now: here, nothing of this kind
        if kind == "build" and state.phase == "after":
            raise RuleError(f"Три обязательных поселения в этом ходу уже построены. {examples(state)}", "kingdom.turn")
        what = "строить некуда" if kind == "build" else f"жетон «{TILE_TITLES[kind]}» сыграть некуда"
        raise RuleError(f"Сейчас {what}. {examples(state)}", section)
    word = "строю" if kind == "build" else TILE_TITLES[kind].lower()
    where = options[0].split(" ", 1)[1]
    need = "один гекс" if building else "откуда и куда"
    raise RuleError(f"Укажите {need}, например: «/{options[0]}» или «{word} {where}».", section)


def examples(state: State) -> str:
    """ "Пишите, например: «/build D3», «строю D3», «/farm Q2» или «конец»." — commands allowed now (the
    model ones when the game is over)."""
    legal = legal_actions(state) if state.current is not None else []
    shown: list[str] = []
    for kind in ("build", *BUILDING_TILES, *MOVING_TILES):
        action = next((a for a in legal if a.split(" ")[0] == kind), None)
        if action is not None and len(shown) < 3:
            shown.append(f"«/{action}»")
            if kind == "build":
                shown.append(f"«строю {action[6:]}»")
    shown += [f"«{command(state, a)}»" for a in legal if a.startswith("discard ")]
    if "end" in legal:
        shown.append("«конец»")
    if not shown:
        return f"Пишите, например: {EXAMPLES}."
    return "Пишите, например: " + (", ".join(shown[:-1]) + " или " + shown[-1] if len(shown) > 1 else shown[0]) + "."


# --- labels and keyboard groups -------------------------------------------------------------------------


def label(state: State, action: str) -> str:
    """ "🏠 K12", "🔮 K12", "🛖 K12→L5", "✅ Закончить ход"."""
    verb, *args = action.split(" ")
    if verb == "end":
        return "✅ Закончить ход"
    if verb == "discard":
        return f"📤 Отдать {STATE_WORDS[args[1]]}"  # a tile given back (↩️ is the undo's sign)
    if verb == "build":
        return f"🏠 {args[0]}"
    return f"{TILE_EMOJI.get(verb, '')} {'→'.join(args)}".strip()


BUILDS_FLAT = 15  # at most this many mandatory build hexes are shown on the first keyboard
TARGETS_FLAT = 20  # a tile's targets (or a moving tile's origins) beyond this are grouped by row


def _row(name: str) -> str:
    return f"Ряд {name[1:]}"


def _paths(state: State) -> dict[str, tuple[str, ...]]:
    cached = state.cache.get("paths")
    if cached is not None:
        return cached
    legal = legal_actions(state)
    builds = [a for a in legal if a.startswith("build ")]
    paths: dict[str, tuple[str, ...]] = {}
    for a in builds:
        paths[a] = () if len(builds) <= BUILDS_FLAT else (_row(a[6:]),)
    for kind, actions in tile_actions(state).items():
        group = f"{TILE_EMOJI[kind]} {TILE_TITLES[kind]}"
        if kind in MOVING_TILES:
            by_origin: dict[str, list[str]] = {}
            for a in actions:
                by_origin.setdefault(a.split(" ")[1], []).append(a)
            many_origins = len(by_origin) > TARGETS_FLAT
            for origin, acts in by_origin.items():
                head = (group, _row(origin), f"из {origin}") if many_origins else (group, f"из {origin}")
                for a in acts:
                    paths[a] = head + ((_row(a.split(" ")[2]),) if len(acts) > TARGETS_FLAT else ())
        else:
            for a in actions:
                paths[a] = (group, _row(a.split(" ")[1])) if len(actions) > TARGETS_FLAT else (group,)
    paths["end"] = ()
    for a in legal:
        if a.startswith("discard "):
            paths[a] = ()
    state.cache["paths"] = paths
    return paths


def command(state: State, action: str) -> str:
    """What a player sends for a legal action: the notation itself ("/build K12"), but the tile to give back
    is named in Russian ("/discard сыгранный")."""
    verb, *args = action.split(" ")
    if verb == "discard" and len(args) == 2:
        return f"/discard {STATE_WORDS.get(args[1], args[1])}"
    return f"/{action}"


def menu_path(state: State, action: str) -> tuple[str, ...]:
    """The nested keyboard groups of a legal action (see `rules.protocol.Game.menu_path`)."""
    return _paths(state).get(action, ())


def targets(state: State, action: str) -> tuple[str, ...]:
    """The places tapped to choose `action` in the Mini App (`rules.protocol.Game.targets`), as the board's SVG
    (`render.kingdom.svg`) names them: a mandatory build is its hex; a tile's action starts with the tile in the
    row of the player to move (named by its type), then the hex built on, or the settlement moved and where to:
    so `build K12` and `oracle K12` never share their taps. A tile given back is the tile of that type in that
    state ("farm-used"). Ending the turn is a button.

    >>> targets(None, "build K12"), targets(None, "oracle K12"), targets(None, "barn G1 J4"), targets(None, "end")
    (('K12',), ('oracle', 'K12'), ('barn', 'G1', 'J4'), ())
    >>> targets(None, "discard farm used")
    ('farm-used',)
    """
    verb, *words = action.split(" ")
    if verb == "build":
        return tuple(words)
    if verb in BUILDING_TILES or verb in MOVING_TILES:
        return (verb, *words)
    if verb == "discard":
        return ("-".join(words),)
    return ()  # "end"

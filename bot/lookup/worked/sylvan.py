"""«Зодчие Волшебной Долины»'s calculator: fame for trees with the advantage, a region's supremacy (a tie too),
a bridge and flags, per round or for both rounds («дерево высотой 5 — сколько славы за два раунда?»), by
`rules.sylvan.scoring`; and the set-up for 2-4 players (trees, cards, dwellings, flags, items) from
`rules.sylvan.data`."""

from __future__ import annotations

from bot.lookup.worked.counted import Number, Vocabulary, read_numbers
from bot.lookup.worked.reading import Word, has, matches
from bot.lookup.worked.setup import PLAYER_WORDS, Fact, for_players, players_head
from bot.lookup.worked.sums import Category, Part
from rules.sylvan.data import (
    CARDS,
    FACE_UP,
    FLAGS_PER_PLAYER,
    HAND_SIZE,
    PLAYER_TILES,
    SIDES,
    STACK_SIZE,
    STYLES,
    SUPPLY,
    SYMBOL_NAMES,
    playable_spots,
    side_for,
)
from rules.sylvan.scoring import flags_fame, heights_fame, region_fame, tree_fame
from rules.text import count, points

TOTAL_SECTION: str | None = "sylvan.scoring"  # several categories: the round's scoring
cost = None  # nothing a player does costs anything in this game: no cost answers
renamed = None  # its components go by their own names: no phrase to read as one
listed = None  # every score counts things by number: none named one by one
UNITS = ("очк", "слав", "балл")
_BASE_NAMES = ("основ", "пен", "пнем", "пня", "подстав")  # «пенёк, два домика и шапочка»: a tree by its levels
_REGION = ("област", "зон", "регион", "район", "территор", "участк", "участок")
# the player's advantage on a tree, as players say it: «я там главный», «там больше моих»
_ADVANTAGE = ("преимуществ", "преим", "перевес", "лидир", "больше всех", "мое", "моё", "мой", "мои", "главн",
              "больше моих",
              "моих больше", "за мной", "контролир", "владе", "хозяин")
ALLOWED = range(2, 5)
# A dwelling stands on a tree's base: «основа и 4 домика» is 5 levels; a storey is a level («в 4 этажа»)
_DWELLING = ("жилищ", "домик", "=дом", "домов", "хат", "тайл", "плитк")
_LEVEL = ("высот", "уровн", "уровен", "этаж", "ярус")
# The game's components as players name them: the concepts numbers count (see `counted`)
VOCABULARY: Vocabulary = {
    "tree": ("дерев", "древ"),
    "height": _LEVEL,
    "dwelling": _DWELLING,
    "flag": ("флаг", "флажк"),
    "region": _REGION,
    "bridge": ("мост",),
    "round": ("раунд",),
    "card": ("карт",),
}
CATEGORIES: tuple[Category, ...] = (
    # «и повесил свой флаг» beside a bridge's heights: a description (a flag on a bridge scores nothing)
    Category("flags", "sylvan.flags", ("флаг", "флажк"), takes=("flag",), optional=True, single=True),
    # «флажок на мосту»: where a flag hangs, not a bridge to score
    Category("bridges", "sylvan.bridge-points", ("мост",), yields=("flags",), where=("на",),
             takes=("tree", "height", "dwelling")),
    Category("regions", "sylvan.regions", (*_REGION, "превосходств"), takes=("tree", "region")),
    Category("trees", "sylvan.tree-points", ("дерев",), needs=(*_ADVANTAGE, *_LEVEL, "жилищ", "моих", *_BASE_NAMES),
             yields=("regions",), yields_anywhere=("bridges",), yields_without=("regions",), own=(*_LEVEL, *_DWELLING),
             takes=("height", "dwelling", "tree"),
             implied_by=("height", "dwelling"), optional=True),
)
_OTHERS = ("синего", "красного", "желтого", "зеленого", "соперник", "противник", "у него", "у нее", "другого",
           "тоже")
_TIE = ("нич", "поровну", "делим", "делят", "одинаков", "равн")
_BOTH_ROUNDS = ("двух раунд", "оба раунд", "обоих раунд", "за игру", "за партию")
_BASE = _BASE_NAMES
_OPPONENT = ("соперник", "противник", "чуж", "другого", "у него", "у нее", "не у меня", "не мое", "не моё",
             "больше синих", "больше красных", "больше желтых", "больше зеленых", "больше его", "больше ее",
             "больше их", "больше чужих", "не главн", "главный он", "главная она")


def unit(n: int) -> str:
    return points(n) + " славы"


def _rounds(words: list[Word]) -> int:
    """2 when the question asks for both rounds («за два раунда», «за игру»), else 1."""
    text = " ".join(w.text for w in words)
    both = any(f in text for f in _BOTH_ROUNDS) or any(
        w.value == 2 and i + 1 < len(words) and words[i + 1].text.startswith("раунд") for i, w in enumerate(words))
    return 2 if both else 1


def part(category: Category, words: list[Word], at: list[Number]) -> Part:
    at = [n for n in at if n.counts != "round" and not (n.at + 1 < len(words) and words[n.at + 1].text.startswith(
        "раунд"))]
    values = [n.value for n in at]
    if category.id == "flags":
        rate = f"{points(flags_fame(1))} славы сразу за флаг на жилище (флаг на мосту очков не даёт)"
        on_bridges = [n for n in at if any(matches(w, ("мост",)) and "на" in (words[j - 1].text, words[j - 2].text)
                                           for j, w in enumerate(words[n.at + 1: n.at + 5], n.at + 1)
                                           if w.clause == n.clause)]  # «2 флага на мостах», not «3 флага и мост»
        values = [n.value for n in at if n not in on_bridges]
        of_them = _on_bridges_of_them(words)  # «4 флага, один из них на мосту»
        if of_them and values:
            values = [max(0, sum(values) - of_them)]
        if not values:
            return Part("флаги", missing=f"Флаги: {rate}. Сколько флагов на жилищах? Напишите число — посчитаю.")
        skipped = f" (на мосту — {sum(n.value for n in on_bridges)}, не в счёт)" if on_bridges else ""
        return Part("флаги", [flags_fame(sum(values))], f"{sum(values)} × {flags_fame(1)}{skipped} — {rate}")
    if category.id == "bridges":
        return _bridge(words, at)
    rounds = _rounds(words)
    times = f" × {rounds} раунда" if rounds == 2 else ""
    if category.id == "regions":
        return _region(words, at, rounds, times)
    # «преимущество на двух, высота 2 и 5»: how many trees, not a height
    heights = _heights(words, [n for n in at if not (n.counts is None and n.at > 1 and words[n.at - 1].text == "на"
                                                     and matches(words[n.at - 2], _HELD))])
    rate = f"{points(tree_fame(1))} славы за каждый уровень дерева с вашим преимуществом в конце раунда"
    if not heights:
        return Part("деревья", missing=f"Деревья: {rate}. Какой высоты деревья с вашим преимуществом (основание и "
                    "жилища)? Напишите числа — посчитаю.")
    held = _held(words, read_numbers(words, VOCABULARY))
    if held is not None and held > len(heights):  # «перевес на трёх; на одном основание и два домика»
        return Part("деревья", missing=f"Деревья: {rate}. Вы назвали высоту {len(heights)} из {held} деревьев с "
                    f"вашим преимуществом; какой высоты {'оставшееся' if held - len(heights) == 1 else 'остальные'}"
                    "? Напишите числа — посчитаю.")
    fame = sum(tree_fame(h) for h in heights) * rounds
    sums = " + ".join(map(str, heights))
    return Part("деревья", [fame], f"{sums}{times} — {rate} (основание и жилища, верхушка не в счёт)")


def _held(words: list[Word], at: list[Number]) -> int | None:
    """How many trees the player says they hold the advantage on («преимущество на трёх», «перевес на двух
    деревьях»): the number just after «на» after a word of the advantage, None when not said."""
    for n in at:
        before = [w for w in words[max(0, n.at - 3): n.at] if w.clause == n.clause]
        if n.prep == "на" and n.counts in (None, "tree") and n.of in (None, "tree") and any(
                matches(w, _HELD) for w in before):  # («перевес» reads as a typo of «дерев»: `of` may be a tree)
            return n.value
    return None


def _region(words: list[Word], at: list[Number], rounds: int, times: str) -> Part:
    """A region's supremacy: its trees (a count of trees, or the first number), and who leads it: the player's
    trees with the advantage against another's («у меня перевес на двух, у тани тоже на двух»: a tie; fewer: none),
    or a tie said outright («ничья в районе из 4 деревьев»)."""
    rate = f"{points(region_fame(1, 1))} славы за каждое дерево области, при ничьей по {region_fame(1, 2)} каждому"
    values = [n.value for n in at]
    # «у меня 2 дерева»: not the region's; «в области из трёх деревьев у меня …»: the region's
    counts = [n for n in at if n.counts == "tree" and (not _owned(words, n) or n.prep == "из")]
    sized = [n for n in counts if any(matches(w, _REGION) for w in words if w.clause == n.clause)]
    size = sized[0] if sized else counts[0] if counts else None
    rest = [n.value for n in at if n is not size]
    if size is None and len(values) > 1 and has(words, "меня") and has(words, *_OTHERS):
        mine, theirs = _leads(values, [_whose(words, n) for n in at])
        tied = mine == theirs if mine is not None else _region_tied(words)  # «у меня на трёх, у них на одном»: mine
        return Part("область", missing=f"Превосходство в области: {rate}. Превосходство у того, у кого больше "
                    "деревьев с преимуществом в области; при равенстве — ничья. Сколько всего деревьев в "
                    "области? Напишите число — посчитаю.", section="sylvan.region-tie" if tied else "")
    if size is None and len(values) > 1 and has(words, "меня") and not has(words, *_REGION):
        values = []  # «у меня 2 дерева и у синего 2»: each player's trees, not the region's size
    if size is None and values and all(_whose(words, n) for n in at):  # «у него там 2 дерева»: his, not its size
        values = []
    if size is None and not values:
        return Part("область", missing=f"Превосходство в области: {rate}. Сколько деревьев в области? Напишите "
                    "число — посчитаю.")
    trees = size.value if size is not None else values[0]
    owners = [_whose(words, n) for n in at if n is not size]
    mine, theirs = _leads(rest, owners)
    if mine is not None and mine < theirs:
        return Part("область", [0], f"у соперника больше деревьев с преимуществом ({theirs} против {mine}) — "
                    "превосходство его, вам за область ничего")
    # the trees each holds decide a tie («я и друг по 2»: the same each); else a tie said of the region, not of one
    # tree («одно ничьё»)
    each = any(n.each and any(w.text in _SEVERAL for w in words if w.clause == n.clause) for n in at if n is not size)
    leaders = 2 if each or (mine == theirs if mine is not None else _region_tied(words)) else 1
    fame = region_fame(trees, leaders) * rounds
    if leaders > 1:  # «ничья в районе из 4 деревьев»: each leader's share
        said = f"при ничьей каждому из лидеров — {points(region_fame(1, 2))} славы за каждое дерево области"
        if mine is not None:
            said = f"поровну деревьев с преимуществом ({mine} и {theirs}) — ничья: " + said.split(" — ", 1)[1]
    else:
        said = f"{rate.split(',')[0]}; при ничьей — по {region_fame(trees, 2)} каждому"
    return Part("область", [fame], f"{trees} × {region_fame(1, leaders)}{times} — {said}",
                section="sylvan.region-tie" if leaders > 1 else "")


def _leads(values: list[int], owners: list[str | None]) -> tuple[int | None, int | None]:
    """The trees with the advantage the asker holds in a region and the most another player holds («у меня на
    двух, у синего на одном»), by whose each count is; the first is the asker's when only others are named."""
    mine = [v for v, o in zip(values, owners, strict=True) if o == "me"]
    theirs = [v for v, o in zip(values, owners, strict=True) if o == "other"]
    if mine and theirs:
        return mine[0], max(theirs)
    if len(values) > 1 and "other" in owners[1:]:
        return values[0], max(values[1:])
    return None, None


def _region_tied(words: list[Word]) -> bool:
    """A tie said of the region («ничья в районе»), not of one tree in it («одно ничьё», «на одном дереве
    ничья»)."""
    return any(matches(w, _TIE) and not any(v.value == 1 for v in words if v.clause == w.clause) for w in words)


def _owned(words: list[Word], n: Number) -> bool:
    """A count said of a player's trees («у меня 2 дерева», «у синего 2»), not of a region's."""
    return _whose(words, n) is not None


_SEVERAL = ("и", "мы", "нас", "обоих", "оба", "обе", "каждого", "всех")  # «я и друг по 2», «у нас по 2»
_HELD = ("преимуществ", "преим", "перевес", "лидир", "главн")  # a player's advantage on trees
_EVERYONE = ("нас", "вас", "каждого", "всех", "обоих", "двоих", "них")  # «у нас ничья», «по 2 у каждого»: no one


def _whose(words: list[Word], n: Number) -> str | None:
    """Whose trees a number counts: "me" («у меня перевес на двух»), "other" («у синего 2», «у тани тоже на
    двух»), or None (the region's)."""
    before = [w for w in words[:n.at] if w.clause == n.clause]
    held = False  # an advantage said between the owner and the number: «у меня в зоне перевес на 2»
    for j in range(len(before) - 1, -1, -1):  # the nearest owner named before it: «у сына на двух и у меня на двух»
        w = before[j]
        held = held or matches(w, _HELD)
        if matches(w, _REGION) and not held:
            return None  # «у меня превосходство в области на 3 дерева»: the region's trees
        if w.text in ("меня", "мне", "мои", "моих", "я"):  # «я держу 2»
            return "me"
        if w.text == "у" and j + 1 < len(before) and before[j + 1].value is None and before[j + 1].text not in (
                _EVERYONE):
            return "other"
    clause = [w for w in words if w.clause == n.clause]
    said = " ".join(w.text for w in clause)
    if "меня" in said.split():
        return "me"
    held = any(w.text == "у" and j + 1 < len(clause) and clause[j + 1].value is None and clause[j + 1].text not in (
        _EVERYONE) for j, w in enumerate(clause))
    return "other" if held or any(o in said for o in _OTHERS) else None


def _level(words: list[Word], n: Number) -> int:
    """The levels a number says of a tree: a count of dwellings stands on the base («5 домиков»: 6 levels), and so
    does a bare number said after the base («основание + 3»); a height or a count of storeys is the levels."""
    after_base = _after_base(words, n)
    dwellings = n.counts == "dwelling" or n.counts is None and n.of == "dwelling"  # «домиков на нём 4»
    return n.value + 1 if dwellings or n.counts is None and n.of is None and after_base else n.value


def _after_base(words: list[Word], n: Number) -> bool:
    """A number said just after the base («основание + 3»): dwellings on it."""
    return any(matches(w, _BASE) for w in words[max(0, n.at - 2): n.at] if w.clause == n.clause)


def _on_bridges_of_them(words: list[Word]) -> int:
    """How many of the flags counted hang on bridges, said as «N из них на мосту»."""
    for i, w in enumerate(words[:-1]):
        if w.value is not None and words[i + 1].text == "из" and any(
                matches(v, ("мост",)) for v in words[i + 2: i + 6] if v.clause == w.clause):
            return w.value
    return 0


def _heights(words: list[Word], at: list[Number]) -> list[int]:
    """Tree heights: «высотой 4 и 3», «в 4 уровня», or «основание и 4 жилища» (5 levels); a count of trees repeats
    the one height given («на 2 деревьях высотой 3»), not several («на двух, одно 4 уровня, другое 6»)."""
    dwellings = any(n.counts == "dwelling" for n in at)  # «на одном 3 домика, на другом 4»: 4 dwellings too
    heights = [_level(words, n) + (dwellings and n.counts is None and n.of is None and not _after_base(words, n))
               for n in at if n.counts != "tree"]
    trees = [n.value for n in at if n.counts == "tree" and n.of is None]
    if len(heights) == 1 and trees and any(m.of == "height" or m.counts == "height" for m in at):
        return heights * trees[0]
    return heights


def _bridge(words: list[Word], at: list[Number]) -> Part:
    """A bridge: the levels of the joined trees with the builder's advantage; the advantage named by each tree
    («где у меня преимущество», «там больше моих», «больше синих») or on both; else every case."""
    rate = f"{points(tree_fame(1))} славы за уровень каждого соединённого дерева, где у вас преимущество"
    joined = [n for n in at if n.counts != "tree" and _level(words, n) > 1][:2]  # «на одном дереве перевес»
    heights = _heights(words, joined)
    if len(joined) == 1 and len(heights) == 1 and joined[0].each:  # «между двумя деревьями по три уровня»: both
        heights = heights * 2
    if not heights:
        return Part("мост", missing=f"Мост: {rate}. Какой высоты соединённые деревья? Напишите числа — посчитаю.")
    said = _said_of_trees(words, joined)
    theirs = [any(o in text for o in _OPPONENT) for text in said]
    mine = [not t and any(a in text for a in _ADVANTAGE) for t, text in zip(theirs, said, strict=True)]
    if len(heights) == 2 and all(mine):  # «на левом у меня больше всех …, на правом тоже я лидирую»
        return Part("мост", [heights_fame(heights)], f"{' + '.join(map(str, heights))} — {rate}")
    if any(theirs) or (len(heights) == 2 and mine[0] and not mine[1] and not has(words, "обоих", "оба")):
        own = [h for h, m, t in zip(heights, mine, theirs, strict=True) if m or not t and not mine[0]]
        return Part("мост", [heights_fame(own)], f"{' + '.join(map(str, own)) or 0} — {rate}")
    if len(heights) == 1 and has(words, "обоих", "оба"):  # the advantage on both, the height of one
        return Part("мост", missing=f"Мост: {rate}. Вы назвали высоту одного дерева — {heights[0]}; какой высоты "
                    "второе? Напишите число — посчитаю.")
    if len(heights) == 1 or has(words, "преимуществ", "перевес", "обоих", "оба"):
        return Part("мост", [heights_fame(heights)], f"{' + '.join(map(str, heights))} — {rate}")
    a, b = heights
    return Part("мост", [heights_fame([a, b]), heights_fame([a]), heights_fame([b]), heights_fame([])],
                f"зависит от того, где у вас преимущество — {rate}",
                ["на обоих", f"только на дереве {a}", f"только на дереве {b}", "ни на одном"])


_TREE_NAMED = ("друг", "втор", "прав", "лев", "перв", "дерев")  # «на правом», «на другом»: which tree


def _said_of_trees(words: list[Word], joined: list[Number]) -> list[str]:
    """What is said of each tree a bridge joins: after its height up to the next one, and before it in its clause
    and in the clauses since the last height that begin naming it («…, там 3 уровня, на правом тоже я лидирую, 5
    уровней»; not «3 уровня, больше синих, на другом 5»: that is the first tree's)."""
    ends = [n.at for n in joined[1:]] + [len(words)]
    said = []
    for k, (n, end) in enumerate(zip(joined, ends, strict=True)):
        between = sorted({w.clause for w in words[:n.at] if k and joined[k - 1].clause < w.clause < n.clause})
        named = next((c for c in between if any(matches(w, _TREE_NAMED) for w in words if w.clause == c)), None)
        before = [w.text for w in words[:n.at] if w.clause == n.clause or named is not None and named <= w.clause]
        after = words[n.at + 1: end]
        if k + 1 < len(joined):  # the next tree named by what it is («… и чужим деревом где 2»): not this one's
            cut = next((j for j, w in enumerate(after) if matches(w, _TREE_NAMED)), len(after))
            cut -= bool(cut and cut < len(after) and matches(after[cut - 1], (*_OPPONENT, "мо", "сво")))
            after = after[:cut]
        said.append(" ".join(before + [w.text for w in after]))
    return said


def _trees(players: int | None, words: list[Word]) -> list[str]:
    def line(n: int) -> str:
        spots = len(playable_spots(n))
        side = SIDES[side_for(n)]
        empty = len(side.spots) - spots
        glade = f", {empty} отметки на поляне пустые" if empty else ""
        return f"<b>На {PLAYER_WORDS[n]}: {count(spots, 'дерево', 'дерева', 'деревьев')}</b> ({side.title}{glade})"
    return for_players(players, ALLOWED, line)


_WHOLE = ("всего", "весь", "всей", "целиком", "коробк", "сколько в колоде", "полн")


def _whole_deck(words: list[Word]) -> bool:
    """The deck as a whole («сколько карт всего в колоде»), not what is dealt or laid open."""
    return has(words, *_WHOLE) and not has(words, "откр", "рядом", "рук", "каждо", "разда")


def _cards(players: int | None, words: list[Word]) -> list[str]:
    head = players_head(players)
    if _whole_deck(words):
        deck = count(len(CARDS), "карта", "карты", "карт")
        return [f"<b>{deck} в колоде</b>; в начале каждому по {HAND_SIZE} в руку и {FACE_UP} открыты рядом с колодой"]
    if has(words, "откр", "рядом", "колод"):
        return [f"<b>{head}{count(FACE_UP, 'карта открыта', 'карты открыты', 'карт открыто')}</b> рядом с колодой; "
                f"в руку каждому по {HAND_SIZE}; всего в колоде {count(len(CARDS), 'карта', 'карты', 'карт')}"]
    return [f"<b>{head}по {HAND_SIZE} карты в руку</b> каждому, {FACE_UP} открыты рядом с колодой; всего "
            f"{len(CARDS)} карт (по {len(CARDS) // len(STYLES)} каждого стиля — наша оценка, правила не печатают)"]


def _dwellings(players: int | None, words: list[Word]) -> list[str]:
    head = players_head(players)
    per_style = len(PLAYER_TILES) // len(STYLES)
    stacks = len(PLAYER_TILES) // STACK_SIZE
    if has(words, "стопк", "пачк", "раунд"):
        return [f"<b>{head}{count(STACK_SIZE, 'жилище', 'жилища', 'жилищ')} в стопке</b> — по стопке на каждый из "
                f"{stacks} раундов; всего у каждого {len(PLAYER_TILES)}"]
    return [f"<b>{head}по {len(PLAYER_TILES)} жилищ</b> у каждого: {stacks} стопки по {STACK_SIZE}, на каждый раунд "
            f"(по {per_style} каждого стиля — наша оценка, правила дают только общее число)"]


def _flags(players: int | None, words: list[Word]) -> list[str]:
    head = players_head(players)
    return [f"<b>{head}по {FLAGS_PER_PLAYER} флагов</b> у каждого игрока"]


def _items(players: int | None, words: list[Word]) -> list[str]:
    supply = ", ".join(f"{SYMBOL_NAMES[s]} — {n}" for s, n in SUPPLY.items())
    asked = [s for s, name in SYMBOL_NAMES.items() if has(words, name[:4])]
    lines = [f"<b>{', '.join(_item_count(s) for s in asked)}</b> в общем запасе (весь запас: {supply})" if asked
             else f"<b>Запас предметов</b>: {supply}"]
    if players in (None, 2):
        lines.append(f"{'Вдвоём' if players else 'Вдвоём (только)'}: второй игрок берёт из запаса 1 верхушку в начале "
                     f"— в запасе остаётся {SUPPLY['treetop'] - 1}")
    return lines


_ITEM_FORMS = {"axe": ("топор", "топора", "топоров"), "hammer": ("молоток", "молотка", "молотков"),
               "bridge": ("мост", "моста", "мостов"), "treetop": ("верхушка", "верхушки", "верхушек")}


def _item_count(symbol: str) -> str:
    return count(SUPPLY[symbol], *_ITEM_FORMS[symbol])


def _rounds_count(players: int | None, words: list[Word]) -> list[str]:
    stacks = len(PLAYER_TILES) // STACK_SIZE  # a round per stack of dwellings
    return [f"<b>{count(stacks, 'раунд', 'раунда', 'раундов')}</b>: раунд кончается, когда у всех закончилась стопка "
            f"жилищ ({STACK_SIZE} у каждого); в конце каждого — очки за деревья и области"]


_SHORT_OF = ("хват", "запас", "кончат", "законч", "кончил", "ограничен")  # whether they run out


def _flag_sections(players: int | None, words: list[Word]) -> tuple[str, ...]:
    """Whether the flags last («хватит ли на всю игру»): the supply's limits; else the set-up that hands them out."""
    if has(words, *_SHORT_OF) or "всю игру" in " ".join(w.text for w in words):
        return "sylvan.supply", "sylvan.setup", "sylvan.flags"
    return "sylvan.setup", "sylvan.components", "sylvan.flags"


def _second(players: int | None, words: list[Word]) -> list[str]:
    return [f"<b>Вдвоём второй игрок берёт 1 верхушку</b> из запаса в начале игры — в запасе остаётся "
            f"{SUPPLY['treetop'] - 1}"]


_CARD = ("=карта", "=карточка")  # by the dictionary form: «картинка» is a picture, not a card
FACTS: tuple[Fact, ...] = (
    Fact("second", ("sylvan.players", "sylvan.first-player"), ("втор",), _second,
         needs=("вдвоем", "двоих", "двоем", "2 игрок")),
    Fact("trees", ("sylvan.players", "sylvan.trees", "sylvan.setup"), ("дерев", "основан", "отметк", "пен", "=пень"),
         _trees),
    Fact("cards", ("sylvan.setup", "sylvan.cards", "sylvan.deck"), _CARD, _cards,
         sections_for=lambda players, words: ("sylvan.components", "sylvan.cards", "sylvan.deck") if _whole_deck(
             words) else ("sylvan.setup", "sylvan.cards", "sylvan.deck")),
    Fact("dwellings", ("sylvan.setup", "sylvan.stacks"), _DWELLING, _dwellings),
    Fact("flags", ("sylvan.setup", "sylvan.components", "sylvan.flags"), ("флаг", "флажк"), _flags,
         sections_for=_flag_sections),
    Fact("rounds", ("sylvan.rounds",), ("раунд",), _rounds_count, asked=True),
    Fact("items", ("sylvan.supply", "sylvan.components", "sylvan.items"),
         ("топор", "молот", "мост", "верхушк", "макушк", "предмет"), _items),
)

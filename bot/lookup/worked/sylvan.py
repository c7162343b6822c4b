"""«Зодчие Волшебной Долины»'s calculator: fame for trees with the advantage, a region's supremacy (a tie too),
a bridge and flags, per round or for both rounds («дерево высотой 5 — сколько славы за два раунда?»), by
`rules.sylvan.scoring`; and the set-up for 2-4 players (trees, cards, dwellings, flags, items) from
`rules.sylvan.data`."""

from __future__ import annotations

from bot.lookup.worked.reading import Word, has, matches
from bot.lookup.worked.setup import PLAYER_WORDS, Fact, for_players
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

UNITS = ("очк", "слав", "балл")
ALLOWED = range(2, 5)
CATEGORIES: tuple[Category, ...] = (
    Category("flags", "sylvan.flags", ("флаг",)),
    Category("bridges", "sylvan.bridge-points", ("мост",)),
    Category("regions", "sylvan.regions", ("област", "превосходств", "регион")),
    Category("trees", "sylvan.tree-points", ("дерев",), needs=("преимуществ", "высот", "уровн", "этаж", "жилищ"),
             yields=("regions", "bridges")),
)
_TIE = ("нич", "поровну", "делим", "делят", "одинаков", "равн")
_BOTH_ROUNDS = ("двух раунд", "оба раунд", "обоих раунд", "за игру", "за партию")


def unit(n: int) -> str:
    return points(n) + " славы"


def _rounds(words: list[Word]) -> int:
    """2 when the question asks for both rounds («за два раунда», «за игру»), else 1."""
    text = " ".join(w.text for w in words)
    both = any(f in text for f in _BOTH_ROUNDS) or any(
        w.value == 2 and i + 1 < len(words) and words[i + 1].text.startswith("раунд") for i, w in enumerate(words))
    return 2 if both else 1


def part(category: Category, words: list[Word], at: list[int]) -> Part:
    values = [words[i].value or 0 for i in at]
    if category.id == "flags":
        rate = f"{points(flags_fame(1))} славы сразу за флаг на жилище (флаг на мосту очков не даёт)"
        if not values:
            return Part("флаги", missing=f"Флаги: {rate}. Сколько флагов? Напишите число — посчитаю.")
        return Part("флаги", [flags_fame(sum(values))], f"{sum(values)} × {flags_fame(1)} — {rate}")
    if category.id == "bridges":
        return _bridge(words, values)
    rounds = _rounds(words)
    times = f" × {rounds} раунда" if rounds == 2 else ""
    if category.id == "regions":
        rate = f"{region_fame(1, 1)} славы за каждое дерево области, при ничьей по {region_fame(1, 2)} каждому"
        if not values:
            return Part("область", missing=f"Превосходство в области: {rate}. Сколько деревьев в области? Напишите "
                        "число — посчитаю.")
        trees, leaders = values[0], 2 if has(words, *_TIE) else 1
        fame = region_fame(trees, leaders) * rounds
        tie = " (ничья: каждому из лидеров)" if leaders > 1 else f"; при ничьей — по {region_fame(trees, 2)} каждому"
        return Part("область", [fame], f"{trees} × {region_fame(1, leaders)}{times} — {rate.split(',')[0]}{tie}")
    heights = _heights(words, at)
    rate = f"{points(tree_fame(1))} славы за каждый уровень дерева с вашим преимуществом в конце раунда"
    if not heights:
        return Part("деревья", missing=f"Деревья: {rate}. Какой высоты деревья с вашим преимуществом (основание и "
                    "жилища)? Напишите числа — посчитаю.")
    fame = sum(tree_fame(h) for h in heights) * rounds
    sums = " + ".join(map(str, heights))
    return Part("деревья", [fame], f"{sums}{times} — {rate} (основание и жилища, верхушка не в счёт)")


def _heights(words: list[Word], at: list[int]) -> list[int]:
    """Tree heights: «высотой 4 и 3», or «основание и 4 жилища» (the base is a level too: 5)."""
    based = has(words, "основан")
    return [(words[i].value or 0) + (1 if based and i + 1 < len(words) and matches(words[i + 1], ("жилищ",)) else 0)
            for i in at if not (i + 1 < len(words) and words[i + 1].text.startswith("раунд"))]


def _bridge(words: list[Word], values: list[int]) -> Part:
    """A bridge: the levels of the joined trees with the builder's advantage; when the question does not say on
    which of the two trees the advantage is, every case."""
    rate = f"{points(tree_fame(1))} славы за уровень каждого соединённого дерева, где у вас преимущество"
    heights = [v for v in values if v > 1][:2]  # «на одном дереве перевес» is not a height
    if not heights:
        return Part("мост", missing=f"Мост: {rate}. Какой высоты соединённые деревья? Напишите числа — посчитаю.")
    if len(heights) == 1 or has(words, "преимуществ", "обоих", "оба"):
        return Part("мост", [heights_fame(heights)], f"{' + '.join(map(str, heights))} — {rate}")
    a, b = heights
    return Part("мост", [heights_fame([a, b]), heights_fame([a]), heights_fame([b]), heights_fame([])],
                f"зависит от того, где у вас преимущество — {rate}",
                ["на обоих", f"только на дереве {a}", f"только на дереве {b}", "ни на одном"])


def _trees(players: int | None) -> list[str]:
    def line(n: int) -> str:
        spots = len(playable_spots(n))
        side = SIDES[side_for(n)]
        empty = len(side.spots) - spots
        glade = f", {empty} отметки на поляне пустые" if empty else ""
        return f"<b>На {PLAYER_WORDS[n]}: {count(spots, 'дерево', 'дерева', 'деревьев')}</b> ({side.title}{glade})"
    return for_players(players, ALLOWED, line)


def _cards(players: int | None) -> list[str]:
    head = f"На {PLAYER_WORDS[players]}: " if players else ""
    return [f"<b>{head}по {HAND_SIZE} карты в руку</b> каждому, {FACE_UP} открыты рядом с колодой; всего "
            f"{len(CARDS)} карт (по {len(CARDS) // len(STYLES)} каждого стиля — наша оценка, правила не печатают)"]


def _dwellings(players: int | None) -> list[str]:
    head = f"На {PLAYER_WORDS[players]}: " if players else ""
    per_style = len(PLAYER_TILES) // len(STYLES)
    return [f"<b>{head}по {len(PLAYER_TILES)} жилищ</b> у каждого: две стопки по {STACK_SIZE}, на каждый раунд "
            f"(по {per_style} каждого стиля — наша оценка, правила дают только общее число)"]


def _flags(players: int | None) -> list[str]:
    head = f"На {PLAYER_WORDS[players]}: " if players else ""
    return [f"<b>{head}по {FLAGS_PER_PLAYER} флагов</b> у каждого игрока"]


def _items(players: int | None) -> list[str]:
    supply = ", ".join(f"{SYMBOL_NAMES[s]} — {n}" for s, n in SUPPLY.items())
    lines = [f"<b>Запас предметов</b>: {supply}"]
    if players in (None, 2):
        lines.append(f"{'Вдвоём' if players else 'Вдвоём (только)'}: второй игрок берёт из запаса 1 верхушку в начале "
                     f"— в запасе остаётся {SUPPLY['treetop'] - 1}")
    return lines


FACTS: tuple[Fact, ...] = (
    Fact("trees", "sylvan.players", ("дерев", "основан", "отметк"), _trees),
    Fact("cards", "sylvan.setup", ("карт",), _cards),
    Fact("dwellings", "sylvan.setup", ("жилищ", "тайл", "домик"), _dwellings),
    Fact("flags", "sylvan.setup", ("флаг",), _flags),
    Fact("items", "sylvan.supply", ("топор", "молот", "мост", "верхушк", "предмет"), _items),
)

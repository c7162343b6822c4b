"""Валдора's calculator: the end score from a player's contracts, master colours, workshops, bonus cards and gems on
equipment («контракты на 4 и 10, мастера двух цветов, мастерская — сколько всего?»), by `rules.valdora.scoring`;
coins score nothing. The set-up for 3-5 players (start coins of every seat, masters, gems) from `rules.valdora.data`."""

from __future__ import annotations

from bot.lookup.worked.reading import Word, matches
from bot.lookup.worked.setup import PLAYER_WORDS, Fact, for_players
from bot.lookup.worked.sums import Category, Part
from rules.text import coins, count, points
from rules.valdora.board import ROAD, SPACES
from rules.valdora.data import (
    BONUS_CARDS,
    COINS_TOTAL,
    COLOUR_NAMES,
    COLOUR_NAMES_FEM,
    COLOUR_NAMES_PL_GEN,
    COLOURS,
    GEM_FORMS,
    GEM_ORDER,
    GEMS,
    GEMS_PER_ROAD,
    MASTERS,
    WORKSHOPS,
    masters_for,
    start_coins,
)
from rules.valdora.scoring import bonuses_points, contracts_points, gems_points, masters_points, workshops_points

UNITS = ("очк", "балл")
ALLOWED = range(3, 6)
_CONTRACT = ("контракт", "заказ")
_GEMS = ("камн", "камен", "драгоцен", "самоцвет")
_COINS = ("монет", "серебр", "денег", "деньг")
CATEGORIES: tuple[Category, ...] = (
    Category("contracts", "valdora.scoring", _CONTRACT),
    Category("masters", "valdora.masters", ("=мастер",)),
    Category("workshops", "valdora.workshops", ("мастерск",)),
    Category("bonuses", "valdora.bonus", ("бонус",)),
    Category("gems", "valdora.scoring", _GEMS, needs=("снаряж", "конц", "очк", "остал")),
    Category("coins", "valdora.tie-break", _COINS, needs=("конц", "очк", "итог")),
)
_COLOUR = {name.replace("ё", "е"): colour for colour, name in COLOUR_NAMES.items()}
# «Очки мастерских» are our estimate (rules/valdora/data.py: WORKSHOPS): the rulebook prints no card faces
ESTIMATE = "Очки мастерских в нашей версии — оценка: правила их не печатают."


def unit(n: int) -> str:
    return points(n)


def _colours(words: list[Word], clause: int) -> list[str]:
    """The colours named in a clause, each once, in the order named."""
    found = [_COLOUR[w.lemma] for w in words if w.clause == clause and w.lemma in _COLOUR]
    return list(dict.fromkeys(found))


def part(category: Category, words: list[Word], at: list[int]) -> Part:
    values = [words[i].value or 0 for i in at]
    here = next(i for i, w in enumerate(words) if matches(w, category.names))
    if category.id == "contracts":
        return _contracts(words, at)
    if category.id == "masters":
        rate = f"{points(masters_points(1))} за каждый цвет, сколько бы мастеров этого цвета ни было"
        colours = _colours(words, words[here].clause)
        by_colour = [v for i, v in zip(at, values, strict=True)
                     if any(matches(w, ("цвет",)) for w in words[max(0, i - 1): i + 2])]
        n = len(COLOURS) if any(matches(w, ("всех", "каждого")) for w in words[here: here + 4]) else (
            by_colour[0] if by_colour else len(colours))
        if not n or n > len(COLOURS):
            return Part("мастера", missing=f"Мастера: {rate}. Сколько разных цветов у ваших мастеров (всего их "
                        f"{len(COLOURS)})? Напишите число — посчитаю.")
        return Part("мастера", [masters_points(n)], f"{n} × {masters_points(1)} — {rate}")
    if category.id == "workshops":
        colours = _colours(words, words[here].clause)
        if colours:
            names = ", ".join(COLOUR_NAMES_FEM[c] for c in colours)
            return Part("мастерские", [workshops_points(colours)], f"{names} — очки с карточек мастерских",
                        note=ESTIMATE)
        if values and values[0] > 1:
            return Part("мастерские", missing="Мастерские приносят разные очки по цвету. Каких цветов ваши "
                        "мастерские? Напишите цвета — посчитаю.", note=ESTIMATE)
        tiers = sorted({w.points for w in WORKSHOPS}, reverse=True)
        cases = [", ".join(COLOUR_NAMES_PL_GEN[w.colour] for w in WORKSHOPS if w.points == p) for p in tiers]
        return Part("мастерская", [workshops_points([next(w.colour for w in WORKSHOPS if w.points == p)])
                                   for p in tiers], "очки с карточки, по цвету мастерской",
                    [f"у {c}" for c in cases], note=ESTIMATE)
    if category.id == "bonuses":
        rate = f"{points(bonuses_points(1))} за каждую бонусную карту"
        if not values:
            return Part("бонусы", missing=f"Бонусы: {rate}. Сколько у вас бонусных карт? Напишите число — посчитаю.")
        return Part("бонусы", [bonuses_points(sum(values))], f"{sum(values)} × {bonuses_points(1)} — {rate}")
    if category.id == "gems":
        rate = f"{points(gems_points(1))} за каждую драгоценность на снаряжении в конце"
        if not values:
            return Part("драгоценности", missing=f"Драгоценности: {rate}. Сколько их у вас на снаряжении? Напишите "
                        "число — посчитаю.")
        return Part("драгоценности", [gems_points(sum(values))], f"{sum(values)} × {gems_points(1)} — {rate}")
    return Part("монеты", [0], "монеты очков не дают; при равенстве очков побеждает тот, у кого больше монет")


def _contracts(words: list[Word], at: list[int]) -> Part:
    """Delivered contracts: the points printed on them («на 4 и 10»), or a count and the points of each («3
    контракта по 5»); a count alone («сдал 3 контракта») lacks the points."""
    kinds = {i: "count" if i + 1 < len(words) and matches(words[i + 1], _CONTRACT) else
             "each" if i and words[i - 1].text == "по" else "printed" for i in at}
    counted, each, printed = ([words[i].value or 0 for i in at if kinds[i] == k] for k in ("count", "each", "printed"))
    rate = "очки, напечатанные на контрактах"
    if counted and each and not printed:
        result = contracts_points(each[:1] * counted[0])
        return Part("контракты", [result], f"{counted[0]} × {each[0]} — {rate}")
    if not printed:
        return Part("контракты", missing="Контракты: каждый сданный приносит очки, напечатанные на нём. Сколько очков "
                    "на ваших сданных контрактах? Напишите числа — посчитаю.")
    arithmetic = " + ".join(map(str, printed)) + (f" = {contracts_points(printed)}" if len(printed) > 1 else "")
    return Part("контракты", [contracts_points(printed)], f"{arithmetic} — {rate}")


def _coins(players: int | None) -> list[str]:
    def line(n: int) -> str:
        seats = ", ".join(f"{place}-й — {coins(c)}" for place, c in enumerate(start_coins(n), 1))
        bank = COINS_TOTAL - sum(start_coins(n))
        return f"<b>На {PLAYER_WORDS[n]}</b>: {seats} (по часовой от первого игрока); в банке остаётся {bank}"
    return for_players(players, ALLOWED, line)


def _masters(players: int | None) -> list[str]:
    def line(n: int) -> str:
        left = masters_for(n)
        removed = [c for c in COLOURS if left[c] < MASTERS[c]]
        stacks = ", ".join(f"{COLOUR_NAMES_PL_GEN[c]} {left[c]}" for c in COLOURS)
        if not removed:
            return f"<b>На {PLAYER_WORDS[n]}</b>: все {sum(left.values())} мастеров ({stacks})"
        gone = ", ".join(COLOUR_NAMES_PL_GEN[c] for c in removed)
        return (f"<b>На {PLAYER_WORDS[n]}</b>: убирают по {MASTERS[removed[0]] - left[removed[0]]} из {gone} — "
                f"остаётся {sum(left.values())} ({stacks})")
    return for_players(players, ALLOWED, line)


def _gems(players: int | None) -> list[str]:
    roads = sum(1 for s in SPACES if s.kind == ROAD)
    kinds = ", ".join(count(GEMS[g], *GEM_FORMS[g]) for g in GEM_ORDER)
    return [f"<b>{sum(GEMS.values())} драгоценностей</b> в мешочке ({kinds}); в начале по {GEMS_PER_ROAD} на каждую "
            f"из {roads} дорог — при любом числе игроков"]


def _box(players: int | None) -> list[str]:
    return [f"<b>{len(WORKSHOPS)} мастерских</b> и {BONUS_CARDS} бонусных карт при любом числе игроков; монет всего "
            f"{COINS_TOTAL}"]


FACTS: tuple[Fact, ...] = (
    Fact("coins", "valdora.setup", _COINS, _coins),
    Fact("masters", "valdora.players", ("=мастер",), _masters),
    Fact("gems", "valdora.setup", _GEMS, _gems),
    Fact("box", "valdora.components", ("мастерск", "бонус"), _box),
)

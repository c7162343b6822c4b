"""Валдора's calculator: the end score from a player's contracts, master colours, workshops, bonus cards and gems on
equipment («контракты на 4 и 10, мастера двух цветов, мастерская — сколько всего?»), by `rules.valdora.scoring`;
coins score nothing. The set-up for 3-5 players (start coins of every seat, masters, gems) from `rules.valdora.data`."""

from __future__ import annotations

from dataclasses import replace

from bot.lookup.worked.costs import CONTRACT_WORDS, GEM_WORDS, cost_lines
from bot.lookup.worked.counted import Number, Vocabulary, read_numbers
from bot.lookup.worked.reading import Word, has, matches
from bot.lookup.worked.setup import PLAYER_WORDS, Fact, for_players
from bot.lookup.worked.sums import Category, Part
from rules.text import coins, count, points
from rules.valdora.board import ROAD, SPACES
from rules.valdora.data import (
    BONUS_CARDS,
    BONUS_POINTS,
    COINS_TOTAL,
    COLOUR_NAMES,
    COLOUR_NAMES_FEM,
    COLOUR_NAMES_PL_GEN,
    COLOURS,
    CONTRACT_CARDS,
    EQUIPMENT_CARDS,
    EQUIPMENT_NAMES,
    GEM_FORMS,
    GEM_ORDER,
    GEMS,
    GEMS_PER_ROAD,
    MASTERS,
    MASTERS_REMOVED_FOR_3,
    WORKSHOPS,
    masters_for,
    start_coins,
)
from rules.valdora.scoring import bonuses_points, contracts_points, gems_points, masters_points, workshops_points

TOTAL_SECTION: str | None = "valdora.scoring"  # several categories: the end score
UNITS = ("очк", "балл")
cost = cost_lines  # what a move costs: flips, contracts, loading the cart and horse, meetings
_GEM_KINDS = ("рубин", "сапфир", "аметист", "изумруд", "золот")  # a gem named by its kind: one of them
_BONUS_VALUE = BONUS_POINTS  # «плюс десятка», «+10»: players call a bonus card by the points printed on it
_PRINTED_ON = ("плашк", "карт", "карточ", "бонус", "жетон")  # a bonus card named by its points: «плашка на 10»
ALLOWED = range(3, 6)
_MASTER = ("=мастер", "работяг", "ремесленн")  # what players call the masters
_COINS = ("монет", "серебр", "денег", "деньг")
_EQUIPMENT = ("снаряж", "снаряг", "лопат", "кирк", "лоток", "лотк", "телег", "повозк", "лошад", "кобыл", "инструмент",
              "долот", "молот")
# The game's components as players name them: the concepts numbers count (see `counted`)
VOCABULARY: Vocabulary = {
    "contract": CONTRACT_WORDS,
    "colour": ("цвет",),
    "workshop": ("мастерск",),
    "master": _MASTER,
    "bonus": ("бонус", "плашк"),
    "gem": (*GEM_WORDS, "золот"),
    "coin": _COINS,
    "equipment": _EQUIPMENT,
    "book": ("книг", "книжк", "каталог", "талмуд"),
}
CATEGORIES: tuple[Category, ...] = (
    Category("contracts", "valdora.scoring", CONTRACT_WORDS, takes=("contract",)),
    Category("masters", "valdora.masters", _MASTER, takes=("colour", "master")),
    Category("workshops", "valdora.workshops", ("мастерск",), takes=("workshop",)),
    Category("bonuses", "valdora.bonus", ("бонус", "плашк"), takes=("bonus",)),
    # gems score on equipment at the end: «на картах», «в итоге»; not a gem taken or loaded during a turn
    Category("gems", "valdora.scoring", GEM_WORDS, needs=("конц", "очк", "остал", "итог", "карт", *_EQUIPMENT),
             takes=("gem",), valued=("equipment",)),
    Category("coins", "valdora.tie-break", _COINS, needs=("конц", "очк", "итог"), takes=("coin",)),
)
_COLOUR = {name.replace("ё", "е"): colour for colour, name in COLOUR_NAMES.items()}
# Contracts not delivered score nothing: «ещё два незакрытых на 6 и 9 висят»
_UNDELIVERED = ("незакрыт", "несдан", "невыполн", "незаверш", "висят", "висит", "руке", "руках", "открыт")
_NOT = ("не",)
_DONE = ("закрыт", "сдан", "выполн", "сдал", "закрыл", "выполнил", "отдал")
# «Очки мастерских» are our estimate (rules/valdora/data.py: WORKSHOPS): the rulebook prints no card faces
ESTIMATE = "Очки мастерских в нашей версии — оценка: правила их не печатают."


def unit(n: int) -> str:
    return points(n)


_FIGURES = ("чел", "человеч", "мужич", "мужик", "фигурк", "фигур")  # «белые челы»: masters by their colour


def renamed(words: list[Word]) -> list[Word]:
    """«Плюс 10», «плюс10», «плюс десятка», «плюс десяток» name a bonus card (its printed «+10»): the number is the
    card's name, not a count («4 карточки плюс10» are four bonus cards); people of a colour («белых челов», «синие
    человечки») are masters."""
    words = [replace(w, lemma=_cut_colour(w.text)) if _cut_colour(w.text) else w for w in words]
    out: list[Word] = []
    skip = False
    for i, w in enumerate(words):
        if skip:
            skip = False
            continue
        if i and words[i - 1].lemma in _COLOUR and matches(w, _FIGURES) and w.players is None:
            out.append(replace(w, text="мастеров", lemma="мастер"))
            continue
        nxt = words[i + 1] if i + 1 < len(words) else None
        if w.value is not None and nxt is not None and nxt.lemma in _COLOUR and _in_masters_list(words, i):
            out.append(replace(w, value=None, players=None))  # «мастера: красный, синий и два серых»: colours count
            continue
        if w.value == _BONUS_VALUE and i > 1 and words[i - 1].text == "на" and matches(words[i - 2], _PRINTED_ON):
            out.append(replace(w, value=None, players=None))  # «плашка на 10 очков»: the card, not ten of them
            continue
        if w.text == "плюс" and nxt is not None and nxt.value == _BONUS_VALUE and nxt.clause == w.clause:
            out.append(replace(w, text="бонус", lemma="бонус"))
            skip = True
            continue
        out.append(w)
    return out


def _cut_colour(text: str) -> str | None:
    """The colour a name cut short says («желт», «сер», «красн», «фиол»): the one colour name it begins (3 letters
    or more), as that name's dictionary form; None for a whole word or one that begins none or several."""
    if len(text) < 3 or text in _COLOUR:
        return None
    names = [name for name in _COLOUR if name.startswith(text) and len(text) < len(name) - 1]
    return names[0] if len(names) == 1 else None


def _in_masters_list(words: list[Word], i: int) -> bool:
    """Whether word `i` stands in a list of the masters' colours: the last category named before it in its sentence
    is the masters, and the colour after it ends its clause («мастера — красный, синий и два серых;»)."""
    after = words[i + 2] if i + 2 < len(words) else None
    if after is not None and after.clause == words[i].clause:
        return False
    named = [c for w in words[:i] if w.sentence == words[i].sentence for c in CATEGORIES if matches(w, c.names)]
    return bool(named) and named[-1].id == "masters"


def _colours(words: list[Word], clause: int) -> list[str]:
    """The colours named in a category's clause and the clauses after it up to one that names another category
    («работяги: серый, белый, два синих»), each once, in the order named."""
    named = {w.clause for w in words if w.clause > clause and any(matches(w, c.names) for c in CATEGORIES)}
    end = min(named, default=clause + len(words) + 1)
    found: list[str] = []
    for w in words:
        if not clause <= w.clause < end:
            continue
        if w.lemma in _COLOUR:
            found.append(_COLOUR[w.lemma])
    return list(dict.fromkeys(found))


def part(category: Category, words: list[Word], at: list[Number]) -> Part:
    here = next((i for i, w in enumerate(words) if matches(w, category.names)), at[0].at if at else 0)
    if category.id == "contracts":
        return _contracts(words, at)
    if category.id == "masters":
        return _master_colours(words, at, words[here].clause)
    if category.id == "workshops":
        return _workshops(words, at, words[here].clause)
    if category.id == "bonuses":
        return _bonuses(words, at)
    if category.id == "gems":
        rate = f"{points(gems_points(1))} за каждую драгоценность на снаряжении в конце"
        kinds = listed("gems", words)
        if not at and kinds:  # «золото на лотке, рубин на телеге»: one each
            return Part("драгоценности", [gems_points(len(kinds))], f"{', '.join(kinds)} — {len(kinds)} × "
                        f"{gems_points(1)} — {rate}")
        if not at:
            return Part("драгоценности", missing=f"Драгоценности: {rate}. Сколько их у вас на снаряжении? Напишите "
                        "число — посчитаю.")
        values = [n.value for n in at]
        sums = " + ".join(map(str, values)) + " = " if len(values) > 1 else ""
        return Part("драгоценности", [gems_points(sum(values))], f"{sums}{sum(values)} × {gems_points(1)} — {rate}")
    return Part("монеты", [0], "монеты очков не дают; при равенстве очков побеждает тот, у кого больше монет")


def listed(category: str, words: list[Word]) -> list[str]:
    """Gems named one by one by their kind, with no number before them («рубин на кирке, сапфир на телеге»); the
    masters' colours named («мастера: фиолетовый, белый и два серых»)."""
    if category == "masters":
        here = next((i for i, w in enumerate(words) if matches(w, _MASTER)), None)
        return [] if here is None else _colours(words[here:], words[here].clause)  # after the masters: a list
    if category != "gems":
        return []
    return [w.lemma for i, w in enumerate(words)
            if matches(w, _GEM_KINDS) and not (i and words[i - 1].value is not None)]


def _master_colours(words: list[Word], at: list[Number], clause: int) -> Part:
    """Masters score by colours: a count of colours («трёх цветов»), «всех цветов», or the colours named; a count
    of masters («5 мастеров») says nothing of their colours."""
    rate = f"{points(masters_points(1))} за каждый цвет, сколько бы мастеров этого цвета ни было"
    by_colour = [n.value for n in at if n.counts == "colour"]
    colours = _colours(words, clause)
    every = any(matches(w, ("всех", "каждого")) and any(matches(v, ("цвет",)) for v in words[i: i + 4])
                for i, w in enumerate(words))
    n = len(COLOURS) if every else by_colour[0] if by_colour else len(colours)
    if not n or n > len(COLOURS):
        return Part("мастера", missing=f"Мастера: {rate}. Сколько разных цветов у ваших мастеров (всего их "
                    f"{len(COLOURS)})? Напишите число — посчитаю.")
    return Part("мастера", [masters_points(n)], f"{n} × {masters_points(1)} — {rate}")


def _workshops(words: list[Word], at: list[Number], clause: int) -> Part:
    """A workshop's points: the colours named, or the points printed on it («мастерская на 15 очков»), else every
    case by colour."""
    colours = _colours(words, clause)
    # the points a player reads on the card («мастерская на 12») stand, whatever our estimate says
    printed = [n.value for n in at if n.counts != "workshop" and (n.prep == "на" or n.of == "workshop")]
    if printed:
        return Part("мастерская", [sum(printed)], f"{' + '.join(map(str, printed))} — очки с карточки мастерской")
    if colours:
        names = ", ".join(COLOUR_NAMES_FEM[c] for c in colours)
        return Part("мастерские", [workshops_points(colours)], f"{names} — очки с карточек мастерских (наша оценка)",
                    note=ESTIMATE + " На вашей карточке другое число? Напишите его — пересчитаю.")
    if any(n.value > 1 and n.counts == "workshop" for n in at):
        return Part("мастерские", missing="Мастерские приносят разные очки по цвету. Каких цветов ваши "
                    "мастерские? Напишите цвета — посчитаю.", note=ESTIMATE)
    tiers = sorted({w.points for w in WORKSHOPS}, reverse=True)
    cases = [", ".join(COLOUR_NAMES_PL_GEN[w.colour] for w in WORKSHOPS if w.points == p) for p in tiers]
    return Part("мастерская", [workshops_points([next(w.colour for w in WORKSHOPS if w.points == p)])
                               for p in tiers], "очки с карточки, по цвету мастерской",
                [f"у {c}" for c in cases], note=ESTIMATE)


def _bonuses(words: list[Word], at: list[Number]) -> Part:
    """Bonus cards: their count, or, with a workshop open, the contracts of its colour delivered since («уже есть
    жёлтая мастерская, сдал ещё три жёлтых контракта»): each brings one."""
    rate = f"{points(bonuses_points(1))} за каждую бонусную карту"
    cards = [n.value for n in at]
    if not cards and has(words, "мастерск"):
        cards = [n.value for n in read_numbers(words, VOCABULARY) if n.counts == "contract"]
        if cards:
            rate += " — с открытой мастерской её приносит каждый следующий сданный контракт её цвета"
    if not cards and any(_one(w) for w in words if matches(w, ("бонус", "плашк"))):  # «плюс бонусная карта»
        cards = [1]
    if not cards:
        return Part("бонусы", missing=f"Бонусы: {rate}. Сколько у вас бонусных карт? Напишите число — посчитаю.")
    return Part("бонусы", [bonuses_points(sum(cards))], f"{sum(cards)} × {bonuses_points(1)} — {rate}")


def _one(word: Word) -> bool:
    """A word in the singular, not after a number («бонусная карта», «бонус»), so one of the thing."""
    from bot.replies.words import morph

    tag = morph().parse(word.text)[0].tag
    return "sing" in tag and "gent" not in tag


def _undelivered(words: list[Word], number: Number) -> bool:
    """A contract said not to be delivered: «незакрытых», «не сдан», «висят», «на руке» in its clause."""
    clause = [w for w in words if w.clause == number.clause]
    negated = any(w.text in _NOT and j + 1 < len(clause) and matches(clause[j + 1], _DONE)
                  for j, w in enumerate(clause))
    return negated or any(matches(w, _UNDELIVERED) for w in clause)


def _coloured(words: list[Word], number: Number) -> bool:
    """A number followed by a colour («два фиолетовых»): how many contracts of that colour."""
    nxt = words[number.at + 1] if number.at + 1 < len(words) else None
    return nxt is not None and nxt.clause == number.clause and nxt.lemma in _COLOUR


def _contracts(words: list[Word], at: list[Number]) -> Part:
    """Delivered contracts: the points printed on them («на 4 и 10»), or a count and the points of each («3
    контракта по 5»); a count alone («сдал 3 контракта») lacks the points; contracts not delivered score nothing."""
    delivered = [n for n in at if not _undelivered(words, n)]
    counted = [n.value for n in delivered if n.counts == "contract"]
    each = [n.value for n in delivered if n.each]
    # «два фиолетовых и два красных»: contracts counted by colour, not points printed
    printed = [n.value for n in delivered if n.counts is None and not n.each and not _coloured(words, n)]
    by_colour = sum(n.value for n in delivered if n.counts is None and _coloured(words, n))
    counted = counted or ([by_colour] if by_colour else [])
    rate = "очки, напечатанные на сданных контрактах"
    dropped = len(delivered) < len(at)
    note = "Несданные контракты очков не приносят." if dropped else ""
    if at and not delivered:  # «висит невыполненный на 7»: nothing
        return Part("контракты", [0], "несданные контракты очков не приносят")
    if counted and each and not printed:
        result = contracts_points(each[:1] * counted[0])
        return Part("контракты", [result], f"{counted[0]} × {each[0]} — {rate}", note=note)
    if not printed:
        many = f" (их {counted[0]})" if counted and counted[0] > 1 else ""
        return Part("контракты", missing=f"Контракты: каждый сданный приносит очки, напечатанные на нём. Сколько очков "
                    f"на ваших сданных контрактах{many}? Напишите числа — посчитаю.", note=note)
    if counted and counted[0] > len(printed) and not each:  # «3 контракта на 5, 6 и ещё какой-то»
        rest = "оставшемся" if counted[0] - len(printed) == 1 else "остальных"
        return Part("контракты", missing=f"Контракты: вы назвали очки {len(printed)} из {counted[0]} сданных "
                    f"контрактов. Сколько очков на {rest}? Напишите числа — посчитаю.", note=note)
    arithmetic = " + ".join(map(str, printed)) + (f" = {contracts_points(printed)}" if len(printed) > 1 else "")
    return Part("контракты", [contracts_points(printed)], f"{arithmetic} — {rate}", note=note)


_SEATS = ("первый", "второй", "третий", "четвертый", "пятый")
_SEATS_DAT = ("Первому", "Второму", "Третьему", "Четвёртому", "Пятому")


def _seat(words: list[Word]) -> int | None:
    """The seat a question names by its place in the turn order («я третий по ходу», «пятый игрок»), 1-based;
    None when it asks every seat («сколько у каждого, начиная с первого игрока»)."""
    if has(words, "каждо", "всем", "всех"):
        return None
    for i, w in enumerate(words):
        if w.lemma not in _SEATS or i and words[i - 1].text in ("с", "со", "от"):  # «начиная с первого»: every one
            continue
        near = words[max(0, i - 2): i + 3]
        if any(v.text in ("я", "ходу", "сижу", "хожу") or v.text.startswith("игрок") for v in near):
            return _SEATS.index(w.lemma) + 1
    return None


def _coins(players: int | None, words: list[Word]) -> list[str]:
    seat = _seat(words)
    if seat is not None and (players is None or seat <= players) and seat <= ALLOWED.stop - 1:
        return [f"<b>{_SEATS_DAT[seat - 1]} по ходу — {coins(start_coins(ALLOWED.stop - 1)[seat - 1])}</b> в "
                "начале: у первого игрока 1, у каждого следующего по часовой на 1 больше"]
    return _seat_lines(players, words)


def _seat_lines(players: int | None, words: list[Word]) -> list[str]:
    def line(n: int) -> str:
        seats = ", ".join(f"{place}-й — {coins(c)}" for place, c in enumerate(start_coins(n), 1))
        bank = COINS_TOTAL - sum(start_coins(n))
        return f"<b>На {PLAYER_WORDS[n]}</b>: {seats} (по часовой от первого игрока); в банке остаётся {bank}"
    return for_players(players, ALLOWED, line)


def _coins_total(players: int | None, words: list[Word]) -> list[str]:
    """The coins in the box; for a number of players named, also what stays in the bank after the deal («впятером
    в банке вообще монеты останутся? их же всего 30»); a seat named asks its own coins first («сколько серебряных
    монет получает пятый игрок в начале»)."""
    if _seat(words) is not None:
        return _coins(players, words)
    if players in ALLOWED:
        dealt = sum(start_coins(players))
        left = coins(COINS_TOTAL - dealt)
        return [f"<b>{coins(COINS_TOTAL)}</b> в коробке (серебро); на {PLAYER_WORDS[players]} раздают {dealt} (у "
                f"первого игрока 1, у каждого следующего на 1 больше), <b>в банке остаётся {left}</b>"]
    return [f"<b>{coins(COINS_TOTAL)}</b> в коробке (серебро); в начале у первого игрока 1, у следующего 2 и так "
            "далее, остальные — в банке"]


def _masters(players: int | None, words: list[Word]) -> list[str]:
    asked = [_COLOUR[w.lemma] for w in words if w.lemma in _COLOUR]

    def line(n: int) -> str:
        left = masters_for(n)
        removed = [c for c in COLOURS if left[c] < MASTERS[c]]
        if asked:
            each = ", ".join(f"{COLOUR_NAMES_PL_GEN[c]} {left[c]}" + (_removed(c, left) if removed else "")
                             for c in dict.fromkeys(asked))
            return f"<b>На {PLAYER_WORDS[n]}</b>: {each} (из {sum(left.values())} мастеров)"
        stacks = ", ".join(f"{COLOUR_NAMES_PL_GEN[c]} {left[c]}" for c in COLOURS)
        if not removed:
            return f"<b>На {PLAYER_WORDS[n]}</b>: все {sum(left.values())} мастеров ({stacks})"
        gone = ", ".join(COLOUR_NAMES_PL_GEN[c] for c in removed)
        taken = sum(MASTERS.values()) - sum(left.values())
        return (f"<b>На {PLAYER_WORDS[n]}: убирают {count(taken, 'мастера', 'мастера', 'мастеров')}</b> — по "
                f"{MASTERS[removed[0]] - left[removed[0]]} из {gone}; остаётся {sum(left.values())} ({stacks})")
    if asked and players is None:
        each = ", ".join(f"{COLOUR_NAMES_PL_GEN[c]} {MASTERS[c]}" for c in dict.fromkeys(asked))
        lines = [f"<b>В игре {each}</b> (всего мастеров {sum(MASTERS.values())})"]
        if any(c in MASTERS_REMOVED_FOR_3 for c in asked):
            lines.append("На троих одного мастера этого цвета убирают")
        return lines
    return for_players(players, ALLOWED, line)


def _removed(colour: str, left: dict[str, int]) -> str:
    """Whether a colour loses masters for the number of players («белых на троих убирают?»)."""
    taken = MASTERS[colour] - left[colour]
    return f" — убирают {count(taken, 'мастера', 'мастера', 'мастеров')}" if taken else " — их не убирают"


def _master_sections(players: int | None, words: list[Word]) -> tuple[str, ...]:
    """A colour's masters for a number of players: what that number changes; else the masters' own section."""
    return ("valdora.players",) if players is not None else ("valdora.masters", "valdora.players")


def _gems(players: int | None, words: list[Word]) -> list[str]:
    roads = sum(1 for s in SPACES if s.kind == ROAD)
    kinds = ", ".join(count(GEMS[g], *GEM_FORMS[g]) for g in GEM_ORDER)
    if has(words, "дорог"):
        return [f"<b>По {GEMS_PER_ROAD} драгоценностей на каждую дорогу</b> в начале (дорог {roads}) — при любом числе "
                f"игроков; всего в мешочке {sum(GEMS.values())} ({kinds})"]
    return [f"<b>{sum(GEMS.values())} драгоценностей</b> в мешочке ({kinds}); в начале по {GEMS_PER_ROAD} на каждую "
            f"из {roads} дорог — при любом числе игроков"]


def _box(players: int | None, words: list[Word]) -> list[str]:
    return [f"<b>{len(WORKSHOPS)} мастерских и {BONUS_CARDS} бонусных карт</b> при любом числе игроков; монет всего "
            f"{COINS_TOTAL}"]


_BOOKS = ("книг", "книжк", "каталог", "талмуд")
_BOOK_COUNT = 4  # rulebook: two equipment catalogues and two contract books


def _books(players: int | None, words: list[Word]) -> list[str]:
    contracts, equipment = len(CONTRACT_CARDS), len(EQUIPMENT_CARDS)
    stacks = (f"из них собирают {_BOOK_COUNT} книги (стопки): 2 каталога снаряжения по {equipment} карт и 2 книги "
              f"контрактов по {contracts}; все карты двусторонние")
    if not has(words, *_BOOKS):  # the cards of the box: «сколько карт снаряжения и контрактов»
        return [f"<b>{count(2 * equipment, 'карта', 'карты', 'карт')} снаряжения и "
                f"{count(2 * contracts, 'карта', 'карты', 'карт')} контрактов</b>; " + stacks]
    return [f"<b>{count(contracts, 'карта', 'карты', 'карт')} в каждой книге контрактов</b> (книг две, "
            f"всего {2 * contracts}); в каждом каталоге снаряжения — {count(equipment, 'карта', 'карты', 'карт')} "
            f"(каталогов два, всего {2 * equipment}); всего книг {_BOOK_COUNT}, все карты двусторонние"]


_START_WORDS = ("начал", "старт", "каждо", "разда", "выда", "рук", "получа")


def _in_box(words: list[Word]) -> bool:
    """The cards of the box («сколько карт снаряжения в игре»), not what a player starts with."""
    return has(words, "карт", "карточ") and not has(words, *_START_WORDS)


def _equipment(players: int | None, words: list[Word]) -> list[str]:
    if _in_box(words):
        return _books(players, words)
    return [f"<b>1 карта снаряжения у каждого в начале — {EQUIPMENT_NAMES['pan'].lower()}</b> (для золота); "
            "остальное снаряжение покупают в каталогах"]


def _start_cards(players: int | None, words: list[Word]) -> list[str]:
    if has(words, *_EQUIPMENT):  # «сколько карт снаряжения в начале»: the pan alone
        return _equipment(players, words)
    return [f"<b>2 карты у каждого в начале — {EQUIPMENT_NAMES['pan'].lower()} и искатель</b>; карт в руку не "
            "раздают: снаряжение и контракты потом покупают в книгах"]


FACTS: tuple[Fact, ...] = (
    Fact("coins-total", ("valdora.components", "valdora.coins"), _COINS, _coins_total,
         needs=("коробк", "всего", "комплект", "игре")),
    Fact("coins", ("valdora.setup", "valdora.coins"), _COINS, _coins),  # the seats' coins: the set-up
    Fact("master-colours", ("valdora.masters", "valdora.players"), _MASTER, _masters,
         needs=tuple(f"={name}" for name in _COLOUR), sections_for=_master_sections),
    Fact("masters", ("valdora.players", "valdora.masters", "valdora.setup"), _MASTER, _masters),
    Fact("gems", ("valdora.setup", "valdora.gems", "valdora.components"), GEM_WORDS, _gems),
    Fact("books", ("valdora.components",), _BOOKS, _books),
    Fact("contract-cards", ("valdora.components",), CONTRACT_WORDS, _books, needs=("карт", "карточ")),
    Fact("box", ("valdora.components", "valdora.bonus", "valdora.workshops"), ("мастерск", "бонус", "плашк"), _box),
    Fact("equipment", ("valdora.setup", "valdora.tools", "valdora.equipment"), _EQUIPMENT, _equipment,
         sections_for=lambda players, words: ("valdora.components",) if _in_box(words) else (
             "valdora.setup", "valdora.tools", "valdora.equipment")),
    Fact("start-cards", ("valdora.setup",), ("карт", "карточ"), _start_cards,
         needs=("начал", "старт", "разда", "выда", "рук"), asked=True),
)

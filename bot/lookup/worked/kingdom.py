"""Kingdom Builder's calculator: the gold of each of the ten Kingdom Builder cards and of castles from a player's
counts («шахтёры: 7 поселений у гор», «отшельники: 5 отдельных групп», «лорды: первый в двух секторах, второй в
одном»), by `rules.kingdom.scoring`; and the set-up for 2-4 players from `rules.kingdom.data`."""

from __future__ import annotations

from dataclasses import replace

from bot.lookup.worked.counted import Number, Vocabulary, concept, in_clause, near, read_numbers
from bot.lookup.worked.reading import Word, has, matches
from bot.lookup.worked.setup import PLAYER_WORDS, Fact, players_head
from bot.lookup.worked.sums import Category, Part
from rules.kingdom.board import LOCATION, SECTORS
from rules.kingdom.data import (
    CARD_ORDER,
    CARD_TITLES,
    CARDS_IN_PLAY,
    DECK_COUNTS,
    PLAYERS,
    SECTORS_IN_PLAY,
    SETTLEMENTS,
    TILE_ORDER,
    TILE_TITLES,
    TILES_PER_LOCATION,
)
from rules.kingdom.scoring import castles_gold, gold_for, lord_gold
from rules.text import count

TOTAL_SECTION: str | None = None  # several cards: each card's own section (`worked`)
cost = None  # nothing a player does costs anything in this game: no cost answers
renamed = None  # its components go by their own names: no phrase to read as one
UNITS = ("золот", "очк", "денег", "монет")
ALLOWED = range(PLAYERS[0], PLAYERS[1] + 1)
_ROW = ("ряд", "лини", "строк", "горизонтал")
_GROUP = ("групп", "кучк", "куч", "скоплен", "остров", "кластер", "област", "гнезд", "компани", "колони")
# The game's components as players name them: the concepts numbers count (see `counted`)
VOCABULARY: Vocabulary = {
    "settlement": ("поселен", "дом", "домик", "домов", "хат", "хиж", "избушк", "деревн", "постро", "здани", "фишк",
                   "поселк", "штук"),
    "group": _GROUP,
    "row": _ROW,
    "sector": ("сектор", "четверт", "част", "кус", "планшет", "квадрат", "доск"),
    "castle": ("замк", "замок", "крепост"),
    "location": ("локац", "объект", "город", *(title.lower()[:4] for title in TILE_TITLES.values())),
    "place": ("мест",),
}
_SETTLED = ("settlement",)
CATEGORIES: tuple[Category, ...] = (
    Category("fishermen", "kingdom.fishermen", ("рыбак",), ("=вода", "реки", "реке", "озер"), takes=_SETTLED,
             scored=True),
    Category("miners", "kingdom.miners", ("шахтер",), ("=гора",), takes=_SETTLED, scored=True),
    Category("merchants", "kingdom.merchants", ("купц", "купец", "торговц", "торговец"), ("связ",),
             takes=("location", "castle"), scored=True),
    Category("workers", "kingdom.workers", ("рабоч", "работник", "работяг"), ("локац",), takes=_SETTLED, scored=True),
    Category("discoverers", "kingdom.discoverers", ("первооткрыват", "исследоват", "открывател"), ("рядах", "рядов"),
             takes=("row",), scored=True),
    Category("knights", "kingdom.knights", ("рыцар",), takes=_SETTLED, valued=("row",), scored=True,
             placed=("лучш", "длинн", "ряду", "ряде")),  # «в лучшем ряду 5 домиков»: the knights' count
    Category("hermits", "kingdom.hermits", ("отшельник",), ("отдельн",), takes=("group", "settlement"), scored=True),
    Category("lords", "kingdom.lords", ("лорд",), takes=("sector", "place"), scored=True),
    Category("citizens", "kingdom.citizens", ("горожан", "граждан"), takes=_SETTLED, scored=True,
             placed=("крупн", "самая", "самой", "самую", "больш")),
    Category("farmers", "kingdom.farmers", ("фермер",), takes=("sector", "settlement"), scored=True),
    # a castle beside merchants is one of the objects linked, not the castles' own gold
    Category("castles", "kingdom.castles", ("замк", "замок", "крепост"), yields=("workers",),
             yields_anywhere=("merchants",), takes=("castle",),
             optional=True, secondary=True),
)
# what each card counts, per unit of its gold: (the thing, genitive plural for «Сколько ...?», «за каждое ...»)
_COUNTED = {
    "fishermen": ("поселений у воды", "за каждое поселение у воды"),
    "miners": ("поселений у гор", "за каждое поселение у гор"),
    "merchants": ("локаций и замков связано вашими поселениями", "за каждую связанную локацию или замок"),
    "workers": ("поселений рядом с локациями и замками", "за каждое поселение рядом с локацией или замком"),
    "discoverers": ("рядов с вашими поселениями", "за каждый ряд с вашим поселением"),
    "knights": ("поселений в вашем лучшем ряду", "за каждое поселение в лучшем ряду"),
    "hermits": ("отдельных групп ваших поселений", "за каждую отдельную группу"),
    "citizens": ("поселений в вашей самой большой группе", "за каждые 2 поселения самой большой группы"),
    "farmers": ("поселений в секторе, где их у вас меньше всего", "за каждое поселение в самом слабом секторе"),
    "castles": ("замков с вашим поселением рядом", "за каждый замок с вашим поселением рядом"),
}
_ADDING = {"fishermen", "miners", "workers", "discoverers", "hermits", "castles", "merchants"}  # several add up
# what must stand by a count of settlements for it to be the card's count, not all of a player's settlements
_LARGEST = ("больш", "крупн", "максим", "самая", "самой", "самую", "самом", "самый", "длинн", "главн", "забит")
_CONTEXT = {"knights": _ROW, "citizens": (*_GROUP, *_LARGEST, "связн")}
# settlements standing alone are groups of one each (hermits): «4 домика стоят по одному отдельно»
_ALONE = ("одиноч", "поодиноч", "одному", "=один", "=отдельно", "особняк", "изолирован", "сам", "соло")
# the objects a chain links (merchants), as named: «соединяет замок, таверну и оазис»
_OBJECTS = {title.lower() for title in TILE_TITLES.values()} | {"замок", "локация", "крепость"}
_FIRST = ("перв", "больше всех", "лидер", "лидир", "больш", "1-")
_SECOND = ("втор", "2-")
_WEAKEST = ("слаб", "худш", "меньш", "мал", "минимал", "беднее", "хуже")


def unit(n: int) -> str:
    return gold(n)


def gold(n: int) -> str:
    return count(n, "золото", "золота", "золота")


def part(category: Category, words: list[Word], at: list[Number]) -> Part:
    """The gold of one card (or the castles) from the numbers the question gives it."""
    if category.id == "lords":
        return _lords(words, at)
    if category.id == "farmers":
        return _farmers(words, at)
    title = "замки" if category.id == "castles" else CARD_TITLES[category.id]
    thing, each = _COUNTED[category.id]
    per = castles_gold(1) if category.id == "castles" else gold_for(category.id, 2 if category.id == "citizens" else 1)
    rate = f"{gold(per)} {each}"
    card = "" if category.id == "castles" else f" («{title}»)"
    missing = f"{title.capitalize()}: {rate}. Сколько {thing}? Напишите число — посчитаю."
    context = _CONTEXT.get(category.id)
    if context:  # «рыцари: у меня 30 домиков» — all of them, not the best row's
        at = [n for n in at if near(words, n, context, 6) or n.counts is None and in_clause(words, n, context)]
    if category.id == "knights" and any(m.counts == "row" and m.value > 1 for m in read_numbers(words, VOCABULARY)):
        at = [n for n in at if near(words, n, _LARGEST, 6) or any(  # «14 поселений по пяти рядам»: all of them;
            w.text in ("ряд", "ряду", "ряде", "ряда") for w in words if w.clause == n.clause)]  # «в ряду 5»: one row
    if category.id == "citizens":
        at = [n for n in at if _largest_group(words, n)]
    if category.id == "castles":  # «возле 3 замков, у одного замка аж 4 моих»: the count of castles, not what stands
        at = [n for n in at if n.counts == "castle"] or at
    if category.id == "hermits":  # a count of settlements is groups only of lone ones
        at = [n for n in at if n.counts != "settlement" or _alone(words, n)]
    named = _named_objects(words) if category.id == "merchants" else []
    if not at and not named:
        return Part(title, missing=missing)
    totals = [n for n in at if n.noun == "объект" or near(words, n, ("всего", "итого", "вместе"), 6)]
    if category.id in _ADDING and totals and len(at) > 1:  # «связал 2 замка и локацию, 3 объекта всего»: the total
        at, named = totals[-1:], []
    if category.id == "castles":  # «возле одного замка …, возле другого …»: castles named one by one
        at = at + [Number(w_at, 1, words[w_at].clause, "castle", None, None, None) for w_at in _other_castles(words)]
    values = [n.value for n in at if words[n.at].text.isdigit() or n.value != 1 or _counts_next(words, n, at)] or [
        n.value for n in at]
    values += [1] * len(named)
    n = sum(values) if category.id in _ADDING else max(values)
    result = castles_gold(n) if category.id == "castles" else gold_for(category.id, n)
    if category.id == "citizens":
        sums = f"{n} : 2 = {result}" + (" (остаток отбрасывается)" if n % 2 else "")
    else:
        sums = f"{' + '.join(map(str, values)) + ' = ' if len(values) > 1 else ''}{n} × {per}"
    if named and not at:  # «замок, таверна и оазис — 3 × 4»
        sums = f"{', '.join(named)} — {n} × {per}"
    return Part(title, [result], f"{sums} — {rate}{card}")


def _counts_next(words: list[Word], n: Number, at: list[Number]) -> bool:
    """«три локации и один замок»: the word «один» right before a thing no other number counts is one of it; «у 2
    замков, у одного замка 3 моих» is one of those counted."""
    return (n.counts is not None and n.at + 1 < len(words) and concept(words[n.at + 1], VOCABULARY) == n.counts
            and not any(m.counts == n.counts for m in at if m is not n))


def _largest_group(words: list[Word], n: Number) -> bool:
    """A count of settlements is the largest group's when it is called the largest («самая большая кучка — 17»)
    or a group's where the question names no several groups («31 домик тремя группами» is all of them)."""
    if near(words, n, _LARGEST, 6):
        return True
    groups = [m for m in read_numbers(words, VOCABULARY) if m.counts == "group" and m.value > 1]
    return not groups


def _alone(words: list[Word], n: Number) -> bool:
    """Settlements said to stand alone after their count («4 домика стоят по одному», «2 одиночных домика»), not
    a count of all settlements before their groups («20 домиков на 6 отдельных кучек»)."""
    for w in words[n.at + 1: n.at + 6]:
        if w.clause != n.clause or w.value is not None and w.text.isdigit() or matches(w, _GROUP):
            return False
        if matches(w, _ALONE):
            return True
    return False


def listed(category: str, words: list[Word]) -> list[str]:
    """The things a card counts named one by one instead of a number: the merchants' linked places."""
    return _named_objects(words) if category == "merchants" else []


_ANOTHER = ("другого", "другой", "второго", "второй", "третьего", "третьем", "другом")


def _other_castles(words: list[Word]) -> list[int]:
    """After «у одного замка»: each «у другого», «у второго» is one more castle."""
    one = next((i for i, w in enumerate(words) if w.value == 1 and i + 1 < len(words)
                and matches(words[i + 1], ("замк", "замок"))), None)
    if one is None:
        return []
    return [i for i, w in enumerate(words) if i > one and w.text in _ANOTHER and i and words[i - 1].text in (
        "у", "возле", "около", "рядом", "при", "к")]


def _named_objects(words: list[Word]) -> list[str]:
    """The locations and castles a question names one by one, without a count before them («замок, таверну и
    оазис»); not one said to be missing («других замков рядом нет») nor what gold is paid for («3 за замок»)."""
    return [w.lemma for i, w in enumerate(words)
            if w.lemma in _OBJECTS and not (i and words[i - 1].value is not None)
            and not (i and words[i - 1].text in _NOT_LINKED)
            and not any(v.text in ("нет", "нету") for v in words if v.clause == w.clause)]


_NOT_LINKED = ("за", "других", "ни", "без")


def _farmers(words: list[Word], at: list[Number]) -> Part:
    """Farmers: the settlements of the weakest of the 4 sectors: named as the weakest («в самом слабом 3»), or the
    least of the four counts given; fewer than four counts leave the others unknown («в трёх секторах по 6»)."""
    per = gold_for("farmers", 1)
    rate = f"{gold(per)} за каждое поселение в секторе, где их у вас меньше всего"
    weakest = [n for n in at if n.counts != "sector" and near(words, n, _WEAKEST, 5)]
    sectors = [n for n in at if n.counts == "sector"]
    counts = [n for n in at if n.counts != "sector"]
    if weakest:
        n = weakest[0].value
        return Part("Фермеры", [gold_for("farmers", n)], f"{n} × {per} — {rate} («Фермеры»)")
    each = [n for n in counts if n.each]
    if sectors and each:  # «в трёх секторах по 8, в четвёртом 5»
        given = [each[0].value] * sectors[0].value + [n.value for n in counts if not n.each]
    else:
        given = [n.value for n in counts]
    if len(given) >= SECTORS_IN_PLAY:
        n = min(given)
        listed = ", ".join(map(str, given))
        return Part("Фермеры", [gold_for("farmers", n)], f"меньше всего {n} (из {listed}) × {per} — {rate} («Фермеры»)")
    if given:
        known = count(len(given), "секторе", "секторах", "секторах")
        left = SECTORS_IN_PLAY - len(given)
        which = "в четвёртом секторе" if left == 1 else f"в остальных {count(left, 'секторе', 'секторах', 'секторах')}"
        return Part("Фермеры", missing=f"Фермеры: {rate}. Вы назвали поселения в {known} из {SECTORS_IN_PLAY}; "
                    f"сколько их {which}? Напишите число — посчитаю.")
    return Part("Фермеры", missing=f"Фермеры: {rate}. Сколько ваших поселений в каждом из {SECTORS_IN_PLAY} "
                "секторов (или в самом слабом)? Напишите числа — посчитаю.")


# neither place in a sector: «ни то ни то», «ни первый ни второй», «нигде», «пусто», «меня нет»
_NEITHER = ("нет ничего", "пусто", "меня нет", "меня вообще нет", "ничего нет", "нет моих", "ни одного", "ни то",
            "ни другое", "ни перв", "ни втор", "нигде", "ни там", "ничего")
_THIRD = ("трет", "четверт", "последн", "меньше всех", *_NEITHER)
# ordinals that name a sector after «в»/«во»/«на» («в третьем я второй»), unless «месте» follows («на втором месте»)
_ORDINAL = ("перв", "втор", "трет", "четверт", "последн", "оставш", "остальн", "друг")
_SAME = ("тоже", "также", "так же", "то же", "аналогично")
# a sector named by where it lies on the 2 × 2 board («в левом верхнем»), or as one of them («в другом»)
_WHERE = ("лев", "прав", "верхн", "нижн", "север", "юж", "запад", "восточ", "сектор", "четверт", "другом",
          "остальн", "последн")


def _lords(words: list[Word], at: list[Number]) -> Part:
    """Lords: each count of sectors goes to the place named in its clause, else to the nearer of «первый»/«больше
    всех» and «второй» («в двух секторах я первый, в одном второй»); with no counts, each clause that names a sector
    and a place is one sector («в левом верхнем я первый, в правом верхнем тоже, в левом нижнем второй»)."""
    words = _sector_clauses(words)
    at = [replace(n, clause=words[n.at].clause) for n in at]
    places = ([i for i, w in enumerate(words) if matches(w, _FIRST)],
              [i for i, w in enumerate(words) if matches(w, _SECOND)])
    labels = _sector_labels(words, at)  # «в 1 секторе первый, во 2 второй»: which sector, not how many
    at = [n for n in at if n not in labels]
    firsts = seconds = 0
    for n in at:
        if _neither(words, n.clause):  # «в двух других ни то ни то»: sectors with no place
            continue
        near_ = [(words[j].clause != n.clause, abs(j - n.at), place) for place, found in enumerate(places)
                 for j in found]
        if near_:
            if min(near_)[2] == 0:
                firsts += n.value
            else:
                seconds += n.value
    described = _sector_places(words, {n.clause for n in at}, {n.clause for n in labels})  # clauses of no count
    firsts, seconds = firsts + described[0], seconds + described[1]
    rate = f"в каждом секторе {gold(lord_gold(1))} за первое место и {gold(lord_gold(2))} за второе"
    if not firsts and not seconds or firsts + seconds > SECTORS_IN_PLAY:
        return Part("Лорды", missing=f"Лорды: {rate}. В скольких секторах (из {SECTORS_IN_PLAY}) у вас больше всех "
                    "поселений и в скольких — второе место? Напишите числа — посчитаю.")
    result = firsts * lord_gold(1) + seconds * lord_gold(2)
    return Part("Лорды", [result], f"{firsts} × {lord_gold(1)} + {seconds} × {lord_gold(2)} — {rate} («Лорды»)")


def _sector_clauses(words: list[Word]) -> list[Word]:
    """Sectors said one after another with no comma («в одном я первый в другом второй в двух других ни то ни
    то»): a new clause at each «в …» that names a sector once the words before it named one and a place in it."""
    out: list[Word] = []
    clause, sector, place, last = 0, False, False, None
    for i, w in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else None
        names_sector = w.text in ("в", "во") and nxt is not None and (nxt.value is not None or matches(nxt, _ORDINAL)
                                                                    or matches(nxt, _WHERE))
        if w.clause != last:
            clause, sector, place, last = clause + 1, False, False, w.clause
        elif names_sector and sector and place:
            clause, sector, place = clause + 1, False, False
        sector = sector or names_sector
        place = place or matches(w, (*_FIRST, *_SECOND)) or _neither([w], w.clause)
        out.append(replace(w, clause=clause))
    return out


def _neither(words: list[Word], clause: int) -> bool:
    """A clause that says the player holds neither place there («в двух других ни то ни то», «в трёх я нигде»)."""
    said = " " + " ".join(w.text for w in words if w.clause == clause)
    return any(" " + t in said for t in _NEITHER)


def _sector_labels(words: list[Word], at: list[Number]) -> list[Number]:
    """Sectors numbered one by one («в 1 секторе первый, во 2 второй, в 3 …»): digits after «в» counting 1, 2, 3
    in order, each in a clause of its own and not before a plural («в 2 секторах» is how many)."""
    after = [n for n in at if n.prep in ("в", "во") and words[n.at].text.isdigit() and not (
        n.at + 1 < len(words) and words[n.at + 1].text in ("секторах", "секторов"))]
    if len(after) < 2 or len({n.clause for n in after}) < len(after):
        return []
    return after if [n.value for n in after] == list(range(1, len(after) + 1)) else []


def _sector_places(words: list[Word], counted: set[int], labelled: set[int] = frozenset()) -> tuple[int, int]:
    """Firsts and seconds from sectors described one by one, in the clauses not `counted` already (`labelled`:
    clauses that name their sector by a number); «тоже» repeats the place before."""
    firsts = seconds = 0
    last = None
    for clause in dict.fromkeys(w.clause for w in words):
        every = [w for w in words if w.clause == clause]
        named = _sector_named(every)  # «в третьем»: which sector, not the place in it
        if clause in counted or not named and clause not in labelled and not any(matches(w, _WHERE) for w in every):
            continue
        clause_words = [w for j, w in enumerate(every) if j not in named]
        said = " ".join(w.text for w in clause_words)
        place = (3 if any(t in said for t in _THIRD) else 1 if any(matches(w, _FIRST) for w in clause_words)
                 else 2 if any(matches(w, _SECOND) for w in clause_words) else None)
        if place is None and any(t in said for t in _SAME):
            place = last
        if place is None:
            continue
        firsts += place == 1
        seconds += place == 2
        last = place
    return firsts, seconds


def _sector_named(clause: list[Word]) -> set[int]:
    """The positions of the ordinals that name a sector in a clause («в третьем», «в четвёртом секторе»)."""
    return {j for j, w in enumerate(clause) if j and clause[j - 1].text in ("в", "во", "на") and matches(w, _ORDINAL)
            and not (j + 1 < len(clause) and matches(clause[j + 1], ("мест",)))}


_BOX = ("коробк", "всего", "комплект", "набор")
_EACH = ("каждо", "разда", "выда", "получа", "берет", "берут")
_TABLE = ("всего", "всех", "вместе", "сумм", "итого", "общ")  # the whole table's, not each player's
_MARKER = ("золот", "счетчик", "маркер")
COLOURS = PLAYERS[1]  # rulebook: one colour of settlements per seat, 4 colours in the box


def _settlements(players: int | None, words: list[Word]) -> list[str]:
    each = count(SETTLEMENTS, "поселение", "поселения", "поселений")
    marker = " и 1 фишка золота (на ноль счётчика)" if has(words, *_MARKER) else ""
    if players is None and has(words, *_BOX) and not has(words, *_EACH):
        return [f"<b>{count(SETTLEMENTS * COLOURS, 'поселение', 'поселения', 'поселений')} в коробке</b> — по "
                f"{SETTLEMENTS} каждого из {COLOURS} цветов, у каждого игрока {each} своего цвета"]
    if players is None:
        return [f"<b>{each}{marker}</b> у каждого игрока — вдвоём, втроём и вчетвером одинаково"]
    table = count(SETTLEMENTS * players, "поселение", "поселения", "поселений")
    if _left_in_box(words):  # «вдвоём — сколько остаётся в коробке»: the colours nobody plays
        left = COLOURS - players
        return [f"<b>На {PLAYER_WORDS[players]}: у каждого {each}{marker}</b>, всего {table}; в коробке остаётся "
                f"{count(SETTLEMENTS * left, 'поселение', 'поселения', 'поселений')} "
                f"({count(left, 'цвет', 'цвета', 'цветов')})"]
    if has(words, *_TABLE):  # «нас трое, сколько всего домов на всех»: the table's total first
        return [f"<b>На {PLAYER_WORDS[players]}: {table}</b> — у каждого {each}{marker}"]
    return [f"<b>На {PLAYER_WORDS[players]}: у каждого {each}{marker}</b>, всего {table}"]


_LEFT = ("оста", "лишн", "убира", "не нуж", "не использ")


def _left_in_box(words: list[Word]) -> bool:
    """What stays in the box for fewer players («сколько остаётся в коробке»)."""
    return has(words, "коробк") and has(words, *_LEFT)


def _settlement_sections(players: int | None, words: list[Word]) -> tuple[str, ...]:
    """The box's contents, what each player takes at the start, or what changes with the number of players."""
    if players is not None and _left_in_box(words):
        return "kingdom.players", "kingdom.setup", "kingdom.components"
    if players is None and has(words, *_BOX) and not has(words, *_EACH):
        return "kingdom.components", "kingdom.players", "kingdom.setup"
    if has(words, *_EACH):
        return "kingdom.setup", "kingdom.players"
    return ("kingdom.players", "kingdom.setup", "kingdom.components") if players else (
        "kingdom.setup", "kingdom.components", "kingdom.players")


_GOALS = ("цел", "задан", "кб", "kingdom", "builder", "откры", "подсчет", "золот")
_DECK = ("колод", "всего", "коробк")


def _cards(players: int | None, words: list[Word]) -> list[str]:
    deck = sum(DECK_COUNTS.values())
    hand = "1 карта местности в руке у каждого (тайно)"
    box = (f"в колоде {count(deck, 'карта', 'карты', 'карт')} местности — по {next(iter(DECK_COUNTS.values()))} "
           f"каждого из {len(DECK_COUNTS)} видов")
    goals = f"карт Kingdom Builder на партию открывают {CARDS_IN_PLAY} из {len(CARD_ORDER)}"
    if has(words, *_GOALS):
        lines = [f"<b>{goals[0].upper() + goals[1:]}</b>", f"Ещё: {hand}; {box}"]
    elif has(words, *_DECK):
        lines = [f"<b>{box[0].upper() + box[1:]}</b>", f"Ещё: {hand}; {goals}"]
    else:
        lines = [f"<b>{hand}</b>; {box}", goals[0].upper() + goals[1:]]
    lines[0] = players_head(players) + lines[0]
    return lines


def _card_sections(players: int | None, words: list[Word]) -> tuple[str, ...]:
    """The goal cards' section, the terrain deck's, or the hand at the set-up, as `_cards` answers."""
    if has(words, *_GOALS):
        return "kingdom.cards", "kingdom.setup"
    if has(words, *_DECK):
        return "kingdom.terrain-cards", "kingdom.components", "kingdom.setup"
    return "kingdom.setup", "kingdom.terrain-cards", "kingdom.cards", "kingdom.components"


def _location_count(tile: str) -> int:
    """The hexes of a location in its sector (the published boards)."""
    return sum(row.count(LOCATION) for row in SECTORS[tile])


def _tiles(players: int | None, words: list[Word]) -> list[str]:
    asked = [t for t, title in TILE_TITLES.items() if has(words, title.lower()[:5])]
    total = sum(_location_count(t) for t in TILE_ORDER) * TILES_PER_LOCATION
    if asked:
        each = ", ".join(f"{TILE_TITLES[t].lower()} — {_location_count(t) * TILES_PER_LOCATION}" for t in asked)
        return [f"<b>Жетонов: {each}</b> (по {TILES_PER_LOCATION} на каждый гекс локации; всего в коробке {total})"]
    if has(words, *_BOX):
        return [f"<b>{count(total, 'жетон', 'жетона', 'жетонов')} локаций в коробке</b> — по {TILES_PER_LOCATION} на "
                f"каждый гекс локации всех {len(SECTORS)} секторов"]
    return [f"<b>По {TILES_PER_LOCATION} жетона</b> на каждом гексе локации в начале — при любом числе игроков "
            f"(всего жетонов локаций {total})"]


def _tile_sections(players: int | None, words: list[Word]) -> tuple[str, ...]:
    """All the tiles of the box: its contents; else the set-up that lays them."""
    if has(words, *_BOX):
        return "kingdom.components", "kingdom.setup"
    return "kingdom.setup", "kingdom.location-tiles", "kingdom.components", "kingdom.oracle"


def _sector_sections(players: int | None, words: list[Word]) -> tuple[str, ...]:
    """For a number of players: what that number changes (nothing: 4 sectors always); else the board's set-up."""
    return ("kingdom.players", "kingdom.setup") if players else ("kingdom.setup", "kingdom.board")


def _sectors(players: int | None, words: list[Word]) -> list[str]:
    return [f"<b>{SECTORS_IN_PLAY} сектора</b> из {len(SECTORS)} составляют поле при любом числе игроков "
            f"(квадрат 2 × 2)"]


def _hexes(players: int | None, words: list[Word]) -> list[str]:
    per_sector = sum(len(row) for row in next(iter(SECTORS.values())))
    return [f"<b>{count(per_sector, 'гекс', 'гекса', 'гексов')} в одном секторе</b> поля; поле из {SECTORS_IN_PLAY} "
            f"секторов — {per_sector * SECTORS_IN_PLAY} гексов при любом числе игроков"]


def _memos(players: int | None, words: list[Word]) -> list[str]:
    return [f"<b>{SECTORS_IN_PLAY} памятки</b> — по одной на локацию каждого из {SECTORS_IN_PLAY} секторов поля "
            f"(в коробке их {len(SECTORS)})"]


_CARD = ("=карта", "=карточка")  # by the dictionary form: «картинка» is a picture, not a card
FACTS: tuple[Fact, ...] = (
    Fact("settlements", ("kingdom.setup", "kingdom.components", "kingdom.players"),
         ("поселен", "домик", "=дом", "домов", "фишек", "хат"), _settlements, sections_for=_settlement_sections),
    Fact("cards", ("kingdom.setup", "kingdom.terrain-cards", "kingdom.cards", "kingdom.components"), _CARD, _cards,
         sections_for=_card_sections),
    Fact("tiles", ("kingdom.setup", "kingdom.location-tiles", "kingdom.components", "kingdom.oracle"),
         ("жетон", "тайл"), _tiles, sections_for=_tile_sections),
    Fact("memos", ("kingdom.setup",), ("памятк",), _memos),
    Fact("hexes", ("kingdom.components", "kingdom.board"), ("гекс", "клет", "шестиугольник", "ячейк", "поле", "поля"),
         _hexes, needs=("гекс", "клет", "шестиугольник", "ячейк")),
    Fact("sectors", ("kingdom.setup", "kingdom.board"), ("сектор", "кус", "част", "планшет"), _sectors,
         sections_for=_sector_sections),
)

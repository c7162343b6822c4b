"""What a move costs in Валдора, from the game's own prices (`rules.valdora.data`): flipping pages (the first of a
turn free), buying contracts and equipment, loading gems on the cart or the horse, paying the pawns met where one
stops (nobody on a silver mine), and refilling at the mine up to the limit («перелистнул 5 страниц и купил 2
контракта, сколько монет отдал?», «у меня 5 монет, встаю туда, где три чужие фишки, сколько останется?»). A cost
is worked out only from counts the question gives (a number, or several things named one by one); a plain «сколько
стоит листнуть книгу» is the section's to answer."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.lookup.worked.counted import Number, Vocabulary, read_numbers
from bot.lookup.worked.reading import Word, has, matches
from bot.lookup.worked.sums import HOW_MANY
from rules.text import coins, coins_acc, count, plural
from rules.valdora.data import CONTRACT_PRICE, EQUIPMENT_COST, EQUIPMENT_PRICE_GOLD, FLIP_PRICE, MAX_COINS

# the horse as players call it («конь», «ослик»); «кон» alone would take «контракт» for one
_CART = ("телег", "тележ", "повозк", "тачк")
_HORSE = ("лошад", "кобыл", "=конь", "коня", "коню", "ослик", "=осел", "пони")
_TOOLS = ("кирк", "долот", "молот", "лопат", "лоток", "лотк", "инструмент")
# a gem and a contract as players call them, here and in the sums (`bot.lookup.worked.valdora`)
GEM_WORDS = ("камн", "камен", "камуш", "драгоцен", "самоцвет", "гем", "джем", "кристал", "рубин", "сапфир", "аметист",
             "изумруд")
CONTRACT_WORDS = ("контракт", "заказ", "квест", "задани")  # «выполнены задания на 3, 5 и 8»
_GEM = (*GEM_WORDS, "золот")
VOCABULARY: Vocabulary = {
    "page": ("страниц", "перелист", "листан", "листов", "разворот"),
    "time": ("раз",),
    "pawn": ("фишк", "фишек", "игрок", "соперник", "противник", "искател", "человек", "чел", "чуж"),
    "coin": ("монет", "серебр", "денег", "деньг", "денеж", "монетк"),
    "contract": CONTRACT_WORDS,
    "equipment": (*_CART, *_HORSE, *_TOOLS, "снаряж", "снаряг", "карт"),
    "gem": _GEM,
}
_FLIP = ("перелист", "листа", "листну", "листнул", "пролист", "полиста", "листаю")
_TURN_OVER = ("перевер", "переворач", "перевора")  # of a page, as of any card: a flip only where a book is named
_BUY = ("купил", "купи", "покупа", "куплю", "взял", "беру", "брал", "возьму", "набрал", "приобр")
_LOAD = ("гружу", "груз", "загру", "погру", "положил", "положу", "кладу", "клал", "ставлю", "копа", "добы")
_STOP = ("встаю", "встал", "стану", "встану", "останов", "пришел", "прихожу", "иду", "пойду", "захожу", "зашел",
         "стою", "прийти", "дошел", "дойду", "встать", "дорог", "город", "дом")
_MINE = ("шахт",)
_REFILL = ("добер", "добра", "добира", "пополн", "получ", "возьм", "дадут", "добав", "прибав", "фарм", "нафарм",
           "набер", "положено взять")
# the question asks what is paid or left: «сколько монет отдал», «сколько уйдёт», «сколько останется»
_PAYING = ("стоит", "стоят", "стоимост", "плат", "заплат", "отда", "уйдет", "уходит", "уйдут", "ушл", "ушел",
           "потрат", "трат", "вылож",
           "остан", "остает", "цена", "почем", "спиш", "списыва")
_MONEY = ("монет", "серебр", "денег", "деньг", "денеж", "монетк")
# the coins a player has: «у меня 5 монет», «было 2 монеты», «на руках 3»
_HELD = ("меня", "есть", "имею", "было", "был", "имел", "остал", "руках", "кармане", "запасе")


@dataclass(frozen=True)
class Cost:
    """One thing paid for: its label, the coins (or the gold of equipment), the arithmetic, its section."""

    label: str
    amount: int
    arithmetic: str
    section: str
    gold: bool = False
    sentence: int = 0  # the sentence that names it


def asks_cost(words: list[Word]) -> bool:
    """«сколько монет/серебра», «сколько стоит», «сколько останется», «почём», «итого монет отдаю?»; «… останется
    3, я говорю 2. кто прав»: the figure argued about."""
    argued = any(w.text == "кто" and words[i + 1].text in ("прав", "права", "правы") for i, w in enumerate(words[:-1]))
    return (has(words, *HOW_MANY, "почем", "итог", "всего") or argued) and has(words, *_PAYING, *_MONEY, *_REFILL)


def costs(words: list[Word]) -> list[Cost]:
    """Every cost the question gives the counts of, in the order named."""
    numbers = [n for n in read_numbers(words, VOCABULARY) if not _asked(words, n)]
    found: list[tuple[int, Cost]] = []
    for finder in (_flips, _contracts, _equipment, _loads, _meeting):
        found += finder(words, numbers)
    return [replace(c, sentence=words[at].sentence) for at, c in sorted(found, key=lambda f: f[0])]


def _asked(words: list[Word], n: Number) -> bool:
    return n.at > 0 and matches(words[n.at - 1], HOW_MANY)


def _in_clause(words: list[Word], at: int, stems: tuple[str, ...]) -> bool:
    return any(matches(w, stems) for w in words if w.clause == words[at].clause)


def _flips(words: list[Word], numbers: list[Number]) -> list[tuple[int, Cost]]:
    """«перелистнул 5 страниц», «листал 4 раза»: the first flip of a turn is free."""
    flip = _FLIP + (_TURN_OVER if has(words, "страниц", "книг", "книж", "лист") else ())  # «перевернул страницу»
    at = next((i for i, w in enumerate(words) if matches(w, flip)), None)
    if at is None:
        return []
    counted = [n for n in numbers if n.counts == "page" or n.counts == "time" and _in_clause(words, n.at, flip)]
    if not counted:
        return []
    flips = counted[0].value
    paid = max(0, flips - 1)
    said = count(flips, "перелистывание", "перелистывания", "перелистываний")
    return [(counted[0].at, Cost("перелистывания", paid * FLIP_PRICE,
                                 f"{said}, первое за ход бесплатно — {paid} × {FLIP_PRICE}", "valdora.flip"))]


def _bought(words: list[Word], n: Number) -> bool:
    return _in_clause(words, n.at, _BUY) or any(matches(w, _BUY) for w in words[max(0, n.at - 3): n.at])


def _contracts(words: list[Word], numbers: list[Number]) -> list[tuple[int, Cost]]:
    """Contracts bought: 1 coin each to the bank (returning one for a new one costs only the new one)."""
    counted = [n for n in numbers if n.counts == "contract" and _bought(words, n)]
    if not counted:
        at = next((i for i, w in enumerate(words) if matches(w, CONTRACT_WORDS) and w.text.endswith(
            ("т", "з", "ту", "зу", "ие")) and any(matches(v, _BUY) for v in words[max(0, i - 3): i])), None)
        if at is None:
            return []
        bought, first = 1, at
    else:
        bought, first = sum(n.value for n in counted), counted[0].at
    said = count(bought, "контракт", "контракта", "контрактов")
    return [(first, Cost("контракты", bought * CONTRACT_PRICE, f"{said} × {CONTRACT_PRICE} — монета в банк за "
                                                               "каждый", "valdora.contracts"))]


def _equipment(words: list[Word], numbers: list[Number]) -> list[tuple[int, Cost]]:
    """Equipment bought in a catalogue: 1 gold each, paid from one's equipment, not in coins."""
    counted = [n for n in numbers if n.counts == "equipment" and _bought(words, n)]
    named = [i for i, w in enumerate(words) if matches(w, (*_CART, *_HORSE, *_TOOLS)) and _in_clause(words, i, _BUY)
             and not (i and words[i - 1].value is not None)]  # «купил кирку и телегу»
    if not counted and not named:
        return []
    bought = sum(n.value for n in counted) + len(named)
    counted = counted or [Number(named[0], 1, words[named[0]].clause, "equipment", None, None, None)]
    said = count(bought, "карта снаряжения", "карты снаряжения", "карт снаряжения")
    return [(counted[0].at, Cost("снаряжение", bought * EQUIPMENT_PRICE_GOLD,
                                 f"{said} × {EQUIPMENT_PRICE_GOLD} золото с вашего снаряжения", "valdora.equipment",
                                 gold=True))]


def _loads(words: list[Word], numbers: list[Number]) -> list[tuple[int, Cost]]:
    """Gems loaded on the cart (2 coins each) and the horse (3 coins each): the count said just before each («один
    камень на телегу и один на лошадь», «дважды гружу телегу»), 1 if none; tools load for free."""
    out: list[tuple[int, Cost]] = []
    for kind, stems, name in (("cart", _CART, "телегу"), ("horse", _HORSE, "лошадь")):
        named = [i for i, w in enumerate(words) if matches(w, stems)]
        loading = [i for i in named if any(matches(w, (*_LOAD, *_GEM)) for w in words if w.sentence == words[
            i].sentence)]  # «купил пони… сколько стоит закинуть камень на пони»: where a gem is loaded
        at = loading[-1] if loading else named[0] if named else None
        if at is None or not has(words, *_LOAD, *_GEM):
            continue
        before = [n for n in numbers if 0 < at - n.at <= 4 and words[n.at].clause == words[at].clause
                  and n.counts in ("gem", "time", None)]
        loaded = before[-1].value if before else 1
        price = EQUIPMENT_COST[kind]
        said = count(loaded, "камень", "камня", "камней")
        out.append((before[-1].at if before else at,
                    Cost(f"на {name}", loaded * price, f"{said} × {price} — погрузка на {name} стоит "
                         f"{coins_acc(price)} за камень", "valdora.cart-horse")))
    return out


def _meeting(words: list[Word], numbers: list[Number]) -> list[tuple[int, Cost]]:
    """Stopping where others' pawns stand: 1 coin to each owner; nothing on a silver mine."""
    pawns = [n for n in numbers if n.counts == "pawn"]
    people = [i for i, w in enumerate(words) if w.players is not None]
    if not pawns and not people or not has(words, *_STOP, *_MINE):
        return []
    met, at = (pawns[0].value, pawns[0].at) if pawns else (words[people[0]].players or 0, people[0])
    if has(words, *_MINE):
        return [(at, Cost("встреча", 0, "на серебряной шахте за встречу не платят", "valdora.meeting"))]
    said = count(met, "чужая фишка", "чужие фишки", "чужих фишек")
    banked = min(met, _full_purses(words, numbers))
    bank = f"; {coins(banked)} {plural(banked, 'уходит', 'уходят', 'уходят')} в банк — у кого уже {MAX_COINS} " \
        "монет, тот больше не получает" if banked else ""
    return [(at, Cost("встреча", met, f"{said} — по монете владельцу каждой{bank}", "valdora.meeting"))]


_SELF = ("меня", "мне", "я")


def _full_purses(words: list[Word], numbers: list[Number]) -> int:
    """How many of the pawns met belong to players who hold the most coins one may («у одного из них уже 6
    монет», «у двоих по 6»): their coin goes to the bank."""
    full = 0
    for n in numbers:
        clause = [w for w in words[:n.at] if w.clause == n.clause]
        if n.counts != "coin" or n.value < MAX_COINS or any(w.text in _SELF for w in clause):
            continue
        owners = [w.players or w.value for w in clause if w.value is not None]
        full += owners[-1] if owners else 1
    return full


def held(words: list[Word]) -> int | None:
    """The coins the player says they have («у меня 5 монет»), not ones asked about or paid."""
    for n in read_numbers(words, VOCABULARY):
        if n.counts == "coin" and not _asked(words, n) and (_in_clause(words, n.at, _HELD) or n.at and words[
                n.at - 1].text == "с"):  # «зашёл на шахту с 2 монетами»
            return n.value
    return None


def refill(words: list[Word]) -> Cost | None:
    """At the silver mine one takes coins from the bank up to the limit: «у меня 2 монеты, сколько доберу на
    шахте»."""
    have = held(words)
    if have is None or not has(words, *_MINE) or not has(words, *_REFILL):
        return None
    taken = max(0, MAX_COINS - have)
    return Cost("шахта", taken, f"до {MAX_COINS} — {MAX_COINS} − {have}", "valdora.silver")


def cost_lines(words: list[Word]) -> tuple[list[str], str] | None:
    """The lines of a cost answer and its section, or None when the question asks no cost it gives counts of."""
    if not asks_cost(words):
        return None
    mined = refill(words)
    if mined is not None:
        return [f"<b>{coins(mined.amount)} из банка</b>: {mined.arithmetic} — на шахте добирают монеты до "
                f"{MAX_COINS}"], mined.section
    found = costs(words)
    asking = next((w.sentence for w in words if matches(w, (*HOW_MANY, "почем", "итог"))), None)
    if not has(words, "всего", "итог", "вместе"):  # «купил пони… сколько стоит закинуть камень на пони?»: the move
        found = [c for c in found if c.sentence == asking] or found  # asked, not the story told before it
    # a count given, or a gem loaded («кладу камень на лошадь»: one)
    counted = any(w.value is not None for w in words) or has(words, *_LOAD) and has(words, *_GEM)
    if not found or not counted and len(found) < 2 and not has(words, *_BUY):  # «сколько стоит листнуть книгу»
        return None
    paid = [c for c in found if not c.gold]
    gold = [c for c in found if c.gold]
    total = sum(c.amount for c in paid)
    lines: list[str] = []
    have = held(words)
    if paid and have is not None and has(words, "остан", "остает", "будет", "осталось", "останут"):
        if total > have:
            lines.append(f"<b>Не хватает</b>: нужно {coins(total)}, а у вас {coins(have)}" + (
                " — остановиться там, где не можете заплатить всем, нельзя" if any(
                    c.label == "встреча" for c in paid) else ""))
        else:
            lines.append(f"<b>Останется {coins(have - total)}</b>: {have} − {total}")
    elif len(paid) == 1:
        lines.append(f"<b>{coins(total)}</b>: {paid[0].arithmetic}")
    elif paid:
        lines.append(f"<b>Всего {coins(total)}</b>: {' + '.join(str(c.amount) for c in paid)}")
    if len(paid) > 1 or lines and not lines[0].startswith(f"<b>{coins(total)}</b>"):
        lines += [f"• {c.label}: {c.arithmetic}" for c in paid]
    for c in gold:
        head = f"<b>{count(c.amount, 'золото', 'золота', 'золота')}</b>" if not paid else "И снаряжение"
        lines.append(f"{head}: {c.arithmetic} (снаряжение покупают за золото, не за монеты)")
    return lines, found[0].section

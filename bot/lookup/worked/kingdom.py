"""Kingdom Builder's calculator: the gold of each of the ten Kingdom Builder cards and of castles from a player's
counts («шахтёры: 7 поселений у гор», «отшельники: 5 отдельных групп», «лорды: первый в двух секторах, второй в
одном»), by `rules.kingdom.scoring`; and the set-up for 2-4 players from `rules.kingdom.data`."""

from __future__ import annotations

from bot.lookup.worked.reading import Word, matches
from bot.lookup.worked.setup import PLAYER_WORDS, Fact
from bot.lookup.worked.sums import Category, Part
from rules.kingdom.data import (
    CARD_ORDER,
    CARD_TITLES,
    CARDS_IN_PLAY,
    DECK_COUNTS,
    PLAYERS,
    SECTORS_IN_PLAY,
    SETTLEMENTS,
    TILES_PER_LOCATION,
)
from rules.kingdom.scoring import castles_gold, gold_for, lord_gold
from rules.text import count

UNITS = ("золот", "очк", "денег")
ALLOWED = range(PLAYERS[0], PLAYERS[1] + 1)

CATEGORIES: tuple[Category, ...] = (
    Category("fishermen", "kingdom.fishermen", ("рыбак",), ("=вода", "реки", "реке", "озер")),
    Category("miners", "kingdom.miners", ("шахтер",), ("=гора",)),
    Category("merchants", "kingdom.merchants", ("купц", "купец", "торговц", "торговец"), ("связ",)),
    Category("workers", "kingdom.workers", ("рабоч", "работник")),
    Category("discoverers", "kingdom.discoverers", ("первооткрыват", "исследоват"), ("рядах", "рядов")),
    Category("knights", "kingdom.knights", ("рыцар",)),
    Category("hermits", "kingdom.hermits", ("отшельник",), ("отдельн",)),
    Category("lords", "kingdom.lords", ("лорд",)),
    Category("citizens", "kingdom.citizens", ("горожан", "граждан")),
    Category("farmers", "kingdom.farmers", ("фермер",)),
    Category("castles", "kingdom.castles", ("замк", "замок"), yields=("workers", "merchants")),
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
_ADDING = {"fishermen", "miners", "workers", "discoverers", "hermits", "castles"}  # several add up
_FIRST = ("перв", "больше всех", "лидер", "лидир", "больш")
_SECOND = ("втор",)


def unit(n: int) -> str:
    return gold(n)


def gold(n: int) -> str:
    return count(n, "золото", "золота", "золота")


def part(category: Category, words: list[Word], at: list[int]) -> Part:
    """The gold of one card (or the castles) from the numbers the question gives it."""
    if category.id == "lords":
        return _lords(words, at)
    title = "замки" if category.id == "castles" else CARD_TITLES[category.id]
    thing, each = _COUNTED[category.id]
    per = castles_gold(1) if category.id == "castles" else gold_for(category.id, 2 if category.id == "citizens" else 1)
    rate = f"{gold(per)} {each}"
    named = "" if category.id == "castles" else f" («{title}»)"
    if not at:
        return Part(title, missing=f"{title.capitalize()}: {rate}. Сколько {thing}? Напишите число — посчитаю.")
    values = [words[i].value or 0 for i in at if words[i].text.isdigit() or words[i].value != 1] or [
        words[i].value or 0 for i in at]  # «одна группа связывает 3 объекта»: «одна» is not a count
    n = sum(values) if category.id in _ADDING else max(values)
    result = castles_gold(n) if category.id == "castles" else gold_for(category.id, n)
    if category.id == "citizens":
        sums = f"{n} : 2 = {result}" + (" (остаток отбрасывается)" if n % 2 else "")
    else:
        sums = f"{' + '.join(map(str, values)) + ' = ' if len(values) > 1 else ''}{n} × {per}"
    return Part(title, [result], f"{sums} — {rate}{named}")


def _lords(words: list[Word], at: list[int]) -> Part:
    """Lords: each number goes to the nearer of «первый»/«больше всех» and «второй» («первый в двух секторах,
    второй в одном»)."""
    places = ([i for i, w in enumerate(words) if matches(w, _FIRST)],
              [i for i, w in enumerate(words) if matches(w, _SECOND)])
    firsts = seconds = 0
    for i in at:
        near = [(abs(j - i), place) for place, found in enumerate(places) for j in found]
        if near:
            if min(near)[1] == 0:
                firsts += words[i].value or 0
            else:
                seconds += words[i].value or 0
    rate = f"в каждом секторе {gold(lord_gold(1))} за первое место и {gold(lord_gold(2))} за второе"
    if not firsts and not seconds or firsts + seconds > SECTORS_IN_PLAY:
        return Part("Лорды", missing=f"Лорды: {rate}. В скольких секторах (из {SECTORS_IN_PLAY}) у вас больше всех "
                    "поселений и в скольких — второе место? Напишите числа — посчитаю.")
    result = firsts * lord_gold(1) + seconds * lord_gold(2)
    return Part("Лорды", [result], f"{firsts} × {lord_gold(1)} + {seconds} × {lord_gold(2)} — {rate} («Лорды»)")


def _settlements(players: int | None) -> list[str]:
    if players is None:
        return [f"<b>{count(SETTLEMENTS, 'поселение', 'поселения', 'поселений')}</b> у каждого игрока — вдвоём, "
                "втроём и вчетвером одинаково"]
    return [f"<b>На {PLAYER_WORDS[players]}: у каждого {count(SETTLEMENTS, 'поселение', 'поселения', 'поселений')}"
            f"</b>, всего {SETTLEMENTS * players} на поле"]


def _cards(players: int | None) -> list[str]:
    deck = sum(DECK_COUNTS.values())
    lines = [f"<b>1 карта местности в руке у каждого</b> (тайно); в колоде {count(deck, 'карта', 'карты', 'карт')} "
             f"местности — по {next(iter(DECK_COUNTS.values()))} каждого из {len(DECK_COUNTS)} видов",
             f"Карт Kingdom Builder на партию — {CARDS_IN_PLAY} из {len(CARD_ORDER)}"]
    if players is not None:
        lines[0] = f"На {PLAYER_WORDS[players]}: " + lines[0][0].lower() + lines[0][1:]
    return lines


def _tiles(players: int | None) -> list[str]:
    return [f"<b>По {TILES_PER_LOCATION} жетона</b> на каждом гексе локации в начале — при любом числе игроков"]


def _sectors(players: int | None) -> list[str]:
    return [f"<b>{SECTORS_IN_PLAY} сектора</b> из 8 составляют поле при любом числе игроков"]


FACTS: tuple[Fact, ...] = (
    Fact("settlements", "kingdom.setup", ("поселен", "домик", "=дом", "фишек"), _settlements),
    Fact("cards", "kingdom.setup", ("карт",), _cards),
    Fact("tiles", "kingdom.setup", ("жетон",), _tiles),
    Fact("sectors", "kingdom.board", ("сектор",), _sectors),
)

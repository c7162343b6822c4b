"""Worked answers to rule questions: a sum computed by the game's own scoring code from the numbers a player gives
(«шахтёры: 7 поселений у гор — сколько золота?»), set-up counts read from the game's data for a number of players
(«сколько монет у каждого в начале на пятерых?») and what a move costs by the game's prices («перелистнул 5 страниц
и купил 2 контракта — сколько монет отдал?», `costs`). `worked` returns the lines that go before the section found,
and the section of the category to show when the search finds none; None for a question that asks none of these."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from types import ModuleType

from bot.lookup.worked import kingdom, sylvan, valdora
from bot.lookup.worked.claims import checked, claims, figures, judged, unclaimed
from bot.lookup.worked.counted import read_numbers
from bot.lookup.worked.reading import Word, has, matches, players, read
from bot.lookup.worked.setup import also_named, asked_later, asked_words, asks_setup, find_fact, seats_line
from bot.lookup.worked.sums import (
    Category,
    absent,
    asks_sum,
    assign,
    implied,
    mentions,
    not_a_sum,
    result,
    total_lines,
)

CALCULATORS: dict[str, ModuleType] = {"kingdom": kingdom, "valdora": valdora, "sylvan": sylvan}
_COUNTS = {2: "двух", 3: "трёх", 4: "четырёх", 5: "пяти"}


@dataclass(frozen=True)
class Worked:
    lines: list[str]  # HTML: the result in bold first
    sections: tuple[str, ...]  # the sections that explain it; the first is shown when the search finds none of them
    claimed: bool = False  # it says whether a figure someone claims is right: its own «да» or «нет»

    @property
    def section(self) -> str:
        return self.sections[0]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def worked(game: str | None, question: str) -> Worked | None:
    """The computed lines for a question about `game`, or None (not a sum nor a set-up count, or no calculator)."""
    calculator = CALCULATORS.get(game or "")
    if calculator is None:
        return None
    said = calculator.renamed(read(question)) if calculator.renamed else read(question)
    quoted = claims(said, question)  # «юля насчитала 36»: figures to check, not to compute with
    scored = any(matches(w, calculator.UNITS) for c in figures(quoted) for w in said[c.start:c.end])  # «10 золота»
    said = unclaimed(said, quoted)
    priced = calculator.cost(said) if calculator.cost else None
    if priced is not None:  # what a move costs: before the sums, whose words («стоит», «платить») it shares
        lines, section = priced
        return Worked(checked(lines, quoted), (section,), claimed=bool(figures(quoted)))
    words = claims_dropped(said, calculator.UNITS)
    allowed: range = calculator.ALLOWED
    n = players(words, (allowed.start, allowed.stop - 1), loose=True)
    setup = asks_setup(words, n, bool(figures(quoted)))
    numbers = read_numbers(words, calculator.VOCABULARY, unknown=True)
    found = implied(mentions(words, calculator.CATEGORIES), numbers, calculator.CATEGORIES, words)
    present = [(i, c) for i, c in found if not absent(words, i)]  # «мастерских нет»: nothing to add
    found = present if present else found
    if found and not (setup and counts_component(words, calculator.UNITS, calculator.FACTS)):
        listed = {c.id for _, c in found if calculator.listed and calculator.listed(c.id, words)}  # «замок, оазис»
        assigned = assign(words, found, numbers, listed)
        named = any(matches(w, c.names, fuzzy=True) for _, c in found for w in words)  # a card by name, not a hint
        yes_no = "?" in question and not _BARE_ASK.search(question)  # «5/3/4/6 -> ?» asks the result
        how = asks_sum(words, assigned, calculator.UNITS, named, yes_no=yes_no, given=bool(listed))
        # «это 18, так?» of a category named by its name (a word that only describes one, «у локации», is not it);
        # a count it cannot use («рыцари: домики на пяти линиях, это вроде 10?») leaves its number to ask for
        if figures(quoted) and how is None and named and (any(assigned.values()) or numbers and scored) and not \
                not_a_sum(words):
            how = "asked"
        asked = focus(words, [(i, c) for i, c in found if c.id in assigned]) if how else []
        # a count the player does not know («и сколько-то у замка») leaves its category to ask for it
        parts = [calculator.part(category, words, [] if any(n.unknown for n in assigned[category.id]) else
                                 assigned[category.id]) for category in asked]
        # a statement («рыцари: 30 домиков») asks for what is missing only of a category that is nothing but a score
        if parts and (how == "asked" or any(p.values for p in parts) or any(c.scored for c in asked)):
            main = [c for c in asked if not c.secondary] or asked
            if len(main) == 1:  # one category (and castles beside a card): its section, or the narrower one alone
                sections = (parts[asked.index(main[0])].section or main[0].section,)  # («при ничьей»: the tie's)
            elif calculator.TOTAL_SECTION:  # several: the game's scoring, where the total is explained
                sections = (calculator.TOTAL_SECTION,)
            else:  # several cards each scored on its own (Kingdom Builder): the first named, then the others
                sections = tuple(dict.fromkeys(c.section for c in main))
            lines = judged(total_lines(parts, calculator.unit), quoted, result(parts))
            return Worked(lines, sections, claimed=bool(quoted))
    fact = find_fact(words, calculator.FACTS) if setup else None
    if fact is None:
        line = seats_line(words, n, allowed)  # «в валдору вдвоём можно?»: the numbers of players it allows
        return Worked([line], (f"{game}.players",)) if line else None
    if n is not None and n not in allowed:  # and what else the question asks, for every number of players
        low, high = allowed.start, allowed.stop - 1
        said = f"На {_COUNTS.get(n, n)} игроков правила не рассчитаны: играют от {low} до {high}."
        return Worked([said, *fact.lines(None, words)], (f"{game}.players",))
    lines = fact.lines(n, words) + [other.lines(n, words)[0] for other in also_named(words, calculator.FACTS, fact)]
    lines = list(dict.fromkeys(lines))  # two facts that answer alike («карт снаряжения в начале») say it once
    return Worked(checked(lines, quoted), fact.sections_of(n, words), claimed=bool(figures(quoted)))


@dataclass(frozen=True)
class Seating:
    """How many play, as a question says it of the table: whether it asks if that number can play («можно играть
    вдвоём?»: every game's question), and else the games that seat it when not every game does («играем впятером,
    сколько карт каждому?» is Валдора's alone, «вдвоём что убрать из коробки?» is not Валдора's; None: any game)."""

    asked: bool = False
    games: frozenset[str] | None = None


def seating(question: str) -> Seating:
    """The seating a question tells (`Seating`); the default one when it names no number of players."""
    words = read(question)
    n = table_size(words)
    if n is None:
        return Seating()
    if seats_line(words, n, range(2, 6)) is not None:
        return Seating(asked=True)
    games = frozenset(game for game, calculator in CALCULATORS.items() if n in calculator.ALLOWED)
    return Seating(games=games if games and len(games) < len(CALCULATORS) else None)


_TABLE = ("на", "нас", "для")  # «на троих», «нас трое», «для 4 игроков»: how many play, not who stands where


def table_size(words: list[Word]) -> int | None:
    """How many play, as the question says it of the table: «впятером», «на троих», «нас трое», «на 4 игроков»;
    not «там стоят двое», «встал к двум игрокам» (players on a space)."""
    for i, word in enumerate(words):
        if word.players is None or word.players < 2:
            continue
        if word.text.startswith(("вдво", "втро", "вчетв", "впят")):
            return word.players
        if i and words[i - 1].text in _TABLE:
            return word.players
    return None


_TOGETHER_WORDS = ("всего", "итог", "вместе", "сумм", "общ")
# a «?» right after an arrow, «=» or a punctuation mark asks for the result: «фермеры, 5/3/4/6 -> ?», «… = ?»
_BARE_ASK = re.compile(r"(?:^|[.!:;,=>→…-])\s*\?")


def focus(words: list[Word], found: list[tuple[int, Category]]) -> list[Category]:
    """The categories a question asks about: the ones named after the asking word in its clause («у меня синяя
    мастерская и 2 синих мастера, скок даёт мастерская»: the workshop), else the one named in the clause that asks
    («…, сдал три контракта. сколько бонусных очков?»: the bonuses), unless it asks for a total («сколько всего»);
    else every one."""
    at = next((i for i, w in enumerate(words) if matches(w, ("сколько", "скольк", "скока", "скоко", "скок",
                                                              "посчита"))), None)
    if at is None or len(found) < 2:
        return [c for _, c in found]
    clause = [(j, w) for j, w in enumerate(words) if j > at and w.clause == words[at].clause]
    after = [c for _, c in found if any(matches(w, c.names, fuzzy=True) for _, w in clause)]
    # «сколько всего очков за флаги»: «всего» of the one thing asked for, not a total of everything
    za = next((j for j, w in clause if w.text == "за"), None)
    asked_for = [c for _, c in found if za is not None and any(matches(w, c.names, fuzzy=True) for j, w in clause
                                                               if j > za)]
    if asked_for and len(asked_for) < len(found):
        return asked_for
    if has(words, *_TOGETHER_WORDS):
        return [c for _, c in found]
    if after and len(after) < len(found):
        return after
    named = [c for i, c in found if words[i].clause == words[at].clause]
    return named if len(named) == 1 else [c for _, c in found]


def counts_component(words: list[Word], units: tuple[str, ...], facts: tuple) -> bool:
    """A set-up question that asks how many of a component («сколько всего бонусных карточек по 10 очков в
    коробке?»): the noun asked for is no score's unit and names a fact of the set-up, not a sum of it."""
    asked = asked_words(words) or asked_later(words)  # «сколько в коробке должно быть бонусных карточек»
    return bool(asked) and not any(matches(w, units) for w in asked) and find_fact(asked, facts) is not None


_WHICH = ("которой", "котором", "которых", "ней", "нем", "них")


def claims_dropped(words: list[Word], units: tuple[str, ...]) -> list[Word]:
    """A number followed by the score's unit is a claim to check («флаг на мосту даёт 5 очков?»), not a count to
    compute with, and so is the other of a choice («это 6 золота или 3»); «по 5 очков» (each contract's points) and
    «на 15 очков» (a card's printed points) stay."""
    out = list(words)
    for i, w in enumerate(words):
        start = _list_start(words, i)  # «на 4, 6 и 9 очков»: the last of a list is printed like the first
        printed = start and words[start - 1].text in ("по", "на") or start > 1 and words[start - 2].text == "на" and \
            words[start - 1].text in _WHICH  # «по 5 очков», «на 15 очков», «на которой 8 очков»: a card's points
        claim = i + 1 < len(words) and matches(words[i + 1], units) and not printed
        other = i > 1 and words[i - 1].text == "или" and matches(words[i - 2], units)  # «6 золота или 3»
        if w.value is not None and (claim or other):
            out[i] = replace(w, value=None, players=None)
    return out


def _list_start(words: list[Word], i: int) -> int:
    """Where the list of numbers a number ends begins («на 4, 6 и 9»: at the 4); the number itself when alone."""
    start = i
    while start > 0:
        before = start - 1
        if words[before].text in ("и", "или") and before > 0:
            before -= 1
        if words[before].value is None or words[before].players is not None:
            break
        start = before
    return start

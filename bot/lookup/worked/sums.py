"""What every game's calculator shares: its scoring categories as the words that name them, which numbers of a
question go with which category, whether the question asks for a sum at all, and the reply's lines: the result and
its arithmetic first, or exactly what is missing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.lookup.worked.counted import SCORE_NOUNS, Number, pos_of
from bot.lookup.worked.reading import Word, has, matches

# A sum is asked for: «сколько», «посчитай», «итого» or what it gives («очков», «золота», «даст»)
HOW_MANY = ("сколько", "скольк", "сколь", "скока", "скоко", "скок", "посчита", "подсчита", "сосчита")
# what a card or a move brings («сколько получу», «сколько выходит»)
YIELDS = ("получ", "=дать", "даст", "дадут", "дает", "дают", "принес", "принос", "выйдет", "выходит", "будет", "набег",
          "заработ", "светит")
ASKING = (*HOW_MANY, "итог", "всего", *YIELDS, "считаю", "считают", "считать", "считаем")
# Not a score: prices and costs («сколько монет стоит листнуть книгу»), limits and moves
NOT_A_SUM = ("стоит", "стоимост", "стоят", "цена", "плат", "заплат", "купит", "покуп", "ход", "можно", "нельзя",
             "держать", "удерж", "максимум", "лимит", "могу", "смогу", "может", "сможет", "=ли")
# A statement with no «сколько» is a sum to compute («лорды: в двух секторах я первый») unless it asks something else
OTHER_QUESTION = ("как", "когда", "почему", "зачем", "где", "куда", "кто", "что", "чем", "какой", "какая", "какие",
                  "каких", "какое", "правда", "верно", "разве", "обязательно", "надо", "нужно", "если", "че", "чё",
                  "чо", "чего", "делать", "хочу")


@dataclass(frozen=True)
class Category:
    """A scoring category: the words that name it (`names`: a card's name, decisive) and that describe it
    (`hints`: «у гор», used only where no name of another category stands in the same clause), the words the
    question must hold besides (`needs`), and the section of the reference that explains it."""

    id: str
    section: str
    names: tuple[str, ...]
    hints: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    yields: tuple[str, ...] = ()  # categories whose name in the same clause makes this one's word a description
    where: tuple[str, ...] = ()  # …only after one of these words («флаг на мосту»: a place; «3 флага и мост»: not)
    yields_anywhere: tuple[str, ...] = ()  # categories whose name anywhere makes this one's word a description
    yields_without: tuple[str, ...] = ()  # …unless the question holds a word of `own` («у меня перевес на двух» in a
    own: tuple[str, ...] = ()  # region is its count of trees; «на деревьях 6 и 4 уровня» are trees to score)
    takes: tuple[str, ...] = ()  # the concepts its numbers count or give a value of (see `counted`)
    valued: tuple[str, ...] = ()  # concepts it takes a value of but not a count («на телеге ещё 1»: a gem)
    implied_by: tuple[str, ...] = ()  # concepts whose numbers bring it in unnamed («деревья высотой 3 и 5»)
    scored: bool = False  # its name means the score alone (Kingdom's cards): a statement of it asks for a sum
    secondary: bool = False  # added to another category, the other's section explains the sum (Kingdom's castles)
    optional: bool = False  # named without a number beside numbers of others, it is a description («у замков»)
    placed: tuple[str, ...] = ()  # words that take a number to it, not naming it («самая большая группа — 17»)
    single: bool = False  # named once in the singular beside numbers of others, it is one («повесил флаг и мост …»)


@dataclass
class Part:
    """One category's result: its values (one, or several for cases the question leaves open, each named), the
    arithmetic in the game's words, or the question to ask when a number is missing."""

    label: str
    values: list[int] = field(default_factory=list)
    arithmetic: str = ""
    cases: list[str] = field(default_factory=list)  # names of the values when there are several
    missing: str = ""
    note: str = ""  # an estimate, a rule to remember
    section: str = ""  # a narrower section than the category's («при ничьей»: the tie's)


def mentions(words: list[Word], categories: tuple[Category, ...]) -> list[tuple[int, Category]]:
    """Where each category is named: by name anywhere, by a hint only in a clause that names no other one."""
    named = [(i, c) for i, w in enumerate(words) for c in categories if matches(w, c.names, fuzzy=True)]
    # a hint counts in a clause that names no other category but one that describes it («у локаций/замков 5»: the
    # castles are where the workers' settlements stand)
    hinted = [(i, c) for i, w in enumerate(words) for c in categories if c.hints and matches(w, c.hints) and all(
        c.id in other.yields for j, other in named if words[j].clause == w.clause)]
    found = [(i, c) for i, c in sorted(named + hinted, key=lambda m: m[0]) if not c.needs or has(words, *c.needs)]
    clauses = {(words[i].clause, c.id) for i, c in found if not absent(words, i)}  # «превосходства нет»: nothing
    anywhere = {c.id for _, c in found}
    found = [(i, c) for i, c in found if not _described(words, i, c, clauses, anywhere)
             and not anywhere & set(c.yields_anywhere)
             and not (anywhere & set(c.yields_without) and not has(words, *c.own))]
    seen: set[str] = set()
    return [(i, c) for i, c in found if not (c.id in seen or seen.add(c.id))]


def _described(words: list[Word], i: int, category: Category, clauses: set[tuple[int, str]],
               anywhere: set[str]) -> bool:
    """The category's word describes another one named in its clause, or anywhere after a word of `where`
    («3 флага, один на мосту»), not a thing to score."""
    if category.where:
        return bool(i and words[i - 1].text in category.where and anywhere & set(category.yields))
    if category.secondary and i and words[i - 1].value is not None and words[i - 1].players is None:
        return False  # «… рядом с локациями и замками … стою рядом с двумя замками»: the castles counted, scored too
    return any((words[i].clause, y) in clauses for y in category.yields)


_NONE = ("нет", "нету", "ноль", "0")


def absent(words: list[Word], i: int) -> bool:
    """A category said to be missing («мастерских нет», «камней на картах нет», «без мастерских», «ни одной
    мастерской»): «нет» after its name in its clause, «без» or «ни» just before it."""
    clause = words[i].clause
    before = [w.text for w in words[max(0, i - 2): i] if w.clause == clause]
    after = [w.text for w in words[i + 1: i + 3] if w.clause == clause]
    return "без" in before or "ни" in before or after[:1] == ["ни"] or any(  # «мастерских ни одной»
        w.text in _NONE for w in words[i + 1: i + 6] if w.clause == clause)  # near it: «…деревьях … областях нет»


def implied(found: list[tuple[int, Category]], numbers: list[Number],
            categories: tuple[Category, ...], words: list[Word]) -> list[tuple[int, Category]]:
    """The categories named, and those a number brings in by what it counts («высотой 5»: a tree's height)."""
    ids = {c.id for _, c in found}
    extra = []
    for category in categories:
        concepts = set(category.implied_by) - {t for _, c in found for t in c.takes}  # «мост … высотой 5»: the bridge's
        bringing = [n for n in numbers if {n.counts, n.of} & concepts]
        if bringing and category.id not in ids and (not category.needs or has(words, *category.needs)):
            extra.append((bringing[0].at, category))
    return sorted(found + extra, key=lambda m: m[0])


def assign(words: list[Word], found: list[tuple[int, Category]], numbers: list[Number],
           listed: set[str] = frozenset()) -> dict[str, list[Number]]:
    """Category id -> its numbers. A number that counts a concept goes to a category that takes it (none: to
    none, «20 домиков» is not the hermits' count of groups); a value of a noun, or a bare number, to a category
    that takes it or else to the nearest one named, in its clause first. Categories marked `optional` that get no
    number while others do (or have things named one by one, `listed`) are dropped (a description), and so are
    those found only by a word that describes them."""
    out: dict[str, list[Number]] = {c.id: [] for _, c in found}
    for n in numbers:
        if n.noun and not n.counts and n.noun not in SCORE_NOUNS:  # «три горы», «одни серые»: not the game's count
            continue
        if _rate(words, n):  # «вроде 12 за первое место», «за флаг вроде 5»: the rule as remembered, not a count
            continue
        takers = [(i, c) for i, c in found if n.counts and n.counts in c.takes]
        if n.counts and not takers:
            continue
        if takers and _told_of_another(words, n, found, takers):
            continue
        if not takers and n.of:  # «в лучшем ряду 5»: a value of a row is the knights' count, not the discoverers'
            takers = [(i, c) for i, c in found if n.of in c.valued] or [
                (i, c) for i, c in found if n.of in c.takes]
        spots = [(j, c) for i, c in takers or found for j in _spots(words, c, i)]
        # the noun a number counts is no mention to give it to when another category is named before it in its
        # clause («зона из 6 деревьев»: the region's count, not the trees')
        before = {c.id for j, c in spots if j < n.at and words[j].clause == n.clause}
        pool = [(j, c) for j, c in spots if not (n.counts and n.at < j <= n.at + 2 and before - {c.id})] or spots
        same = [(i, c) for i, c in pool if words[i].clause == n.clause] or pool
        # a description just after the number is what it counts («5 домов у гор», «8 домиков рядом с локациями»),
        # whatever name stands nearer
        same = [(i, c) for i, c in same if n.at < i <= n.at + 4 and matches(words[i], c.hints + c.placed) and all(
            w.value is None for w in words[n.at + 1: i])] or same
        _, category = min(same, key=lambda m: (abs(m[0] - n.at), m[0] < n.at))
        out[category.id].append(n)
    for _, c in found:  # a category only described («за локации дают: один …») takes a count of its things or a
        if not any(matches(w, c.names, fuzzy=True) for w in words):  # number said with its description
            out[c.id] = [n for n in out[c.id] if n.counts in c.takes or _near_hint(words, n, c)]
    if any(out.values()):  # «повесил флаг, потом мост между деревьями 4 и 3»: one flag
        for i, c in found:
            if c.single and not out[c.id] and _one(words, c, found):
                out[c.id] = [Number(i, 1, words[i].clause, c.takes[0] if c.takes else None, None, None, None)]
    if any(out.values()) or listed:  # categories with numbers, or with things named one by one (`listed`)
        for i, c in found:
            described = not any(matches(w, c.names, fuzzy=True) for w in words)  # by a hint only («отдельно»)
            if (c.optional or described) and not out[c.id] and c.id not in listed and not _joined(words, i, found):
                del out[c.id]
    return out


_HEDGES = ("вроде", "кажется", "типа", "помню", "говорят")


def _rate(words: list[Word], n: Number) -> bool:
    """A rate the player remembers rather than a count to score: a number followed by «за» («12 за первое место»,
    «по 3 за замок»), or said after «за …» with a hedge («за флаг вроде 5»)."""
    if n.counts:  # «2 флага»: a count of things
        return False
    nxt = words[n.at + 1] if n.at + 1 < len(words) else None
    if nxt is not None and nxt.text == "за" and nxt.clause == n.clause:
        return True
    before = [w for w in words[max(0, n.at - 4): n.at] if w.clause == n.clause]
    return any(w.text == "за" for w in before) and any(w.text in _HEDGES for w in before)


def _told_of_another(words: list[Word], n: Number, found: list[tuple[int, Category]],
                     takers: list[tuple[int, Category]]) -> bool:
    """A count said in a clause about another category that does not take it, with none that does named there
    («у одного замка три моих дома»: the castle's neighbours, not the fishermen's settlements by the water)."""
    clause = [w for w in words if w.clause == n.clause]
    here = {c.id for _, c in found if any(matches(w, c.names, fuzzy=True) for w in clause)}
    takes = {c.id for _, c in takers}
    spots = any(matches(w, c.names + c.hints + c.placed, fuzzy=True) for _, c in takers for w in clause)
    return bool(here - takes) and not spots


def _near_hint(words: list[Word], n: Number, category: Category) -> bool:
    """A number said with a category's description («у гор 7», «7 домиков у гор»): no verb between them."""
    for j, w in enumerate(words):
        if w.clause == n.clause and matches(w, category.hints + category.placed) and abs(j - n.at) <= 4:
            low, high = sorted((j, n.at))
            if all(pos_of(v.text) not in ("VERB", "INFN") for v in words[low + 1: high]):
                return True
    return False


_JOINING = ("и", "плюс", "а", "также", "еще", "с")


def _joined(words: list[Word], i: int, found: list[tuple[int, Category]]) -> bool:
    """A category named in one breath with another («отшельники + замки», «за рабочих и замки»): asked about
    together, not a description of the other one's numbers."""
    others = {j for j, c in found if j != i}
    for j in others:
        low, high = sorted((i, j))
        between = words[low + 1: high]
        if high - low <= 3 and words[low].clause == words[high].clause and all(w.text in _JOINING for w in between):
            return True
    return False


def _spots(words: list[Word], category: Category, at: int) -> list[int]:
    """Every place a category is named or described («рыбаки, шахтёры: 6 домиков у воды, 4 у гор»: the numbers go
    to the description beside them, not to the names listed first)."""
    return sorted({at} | {i for i, w in enumerate(words) if matches(w, category.names, fuzzy=True)
                          or matches(w, category.hints + category.placed)})


_MONEY = ("монет", "денег", "деньг", "серебр", "золот", "рубл")


def _standing(words: list[Word], i: int) -> bool:
    """«стоит»/«стоят» where something stands («у замков стоит 9 домиков», «между горами стоит»), not a price
    («сколько стоит», «стоит 2 монеты»)."""
    if not words[i].text.startswith(("стоит", "стоят", "стоял", "стоя")):
        return False
    asked = i > 0 and matches(words[i - 1], ("сколько", "скольк", "скок", "почем", "почём"))
    priced = any(matches(w, _MONEY) for w in words[i + 1: i + 4] if w.clause == words[i].clause)
    return not asked and not priced


_NEEDED = ("надо", "нужно", "необходимо", "требуется", "нужен", "нужна", "нужны")


def not_a_sum(words: list[Word], units: tuple[str, ...] = ()) -> bool:
    """A price, a move, a threshold («сколько надо мастеров одного цвета») or a yes/no question; «стоят у замков» is
    where settlements stand, not a price, and «за ход повесил 2 флага — сколько очков?» says when the score's
    `units` were won."""
    if any(matches(w, HOW_MANY) and any(v.text in _NEEDED for v in words[i + 1: i + 3]) for i, w in enumerate(words)):
        return True
    scored = bool(units) and has(words, *units) or has(words, "итог", "сумм", "всего")  # «за ход … итого сколько»
    return any(matches(w, NOT_A_SUM) and not _standing(words, i) and not _at_most(words, i)
               and not (scored and matches(w, ("ход",))) for i, w in enumerate(words))


def _at_most(words: list[Word], i: int) -> bool:
    """«максимум на одном», «максимум 2»: how many someone has at most, a description, not a limit asked about."""
    nxt = words[i + 1] if i + 1 < len(words) else None
    return words[i].text.startswith("максимум") and nxt is not None and nxt.clause == words[i].clause and (
        nxt.value is not None or nxt.text in ("на", "в", "у", "по"))


def asks_sum(words: list[Word], assigned: dict[str, list[Number]], units: tuple[str, ...],
             named: bool = True, yes_no: bool = False, given: bool = False) -> str | None:
    """How a question asks for a sum: "asked" («сколько», «посчитай»..., or the unit of the score «очков» in a
    question that is not a yes/no one), "stated" (it names a category by its name, states its numbers and asks
    nothing else: «лорды: в двух секторах я первый»), or None (no sum; a price, a move, «…, дерево моё?»). `given`:
    things named one by one stand for numbers («замок, оазис и башня в одну цепь»)."""
    if not_a_sum(words, units):
        return None
    if given or any(assigned.values()):
        if has(words, *HOW_MANY, "итог", "сумм", *_WINNER) or _how_scored(words) or _what_for(words) or not yes_no and (
                has(words, *ASKING) or has(words, *units)):
            return "asked"  # a yes/no question («флаг на мосту тоже +5 даёт?») asks a sum only with «сколько»
        return "stated" if named and not yes_no and not has(words, *OTHER_QUESTION) else None
    # nothing to compute with: «сколько золота за шахтёров?», «по лордам сколько получу, если …» asks what is missing
    yields = has(words, *YIELDS) or any(w.text in ("мне", "нам") for w in words)  # «лорды … сколько мне?»
    return "asked" if has(words, *HOW_MANY) and (has(words, *units) or named and yields) else None


_WINNER = ("выиграл", "выиграет", "победил", "победит", "побеждает")  # «кто выиграл? у кати …»: her total, asked


def _what_for(words: list[Word]) -> bool:
    """«что мне за область?», «что дадут за это»: what a thing brings, asked with «что … за»."""
    return any(w.text in ("что", "чего", "че", "чё", "чо") and any(v.text == "за" for v in words[i + 1: i + 4])
               and any(v.text in ("мне", "нам", "ему", "ей", "им") or matches(v, YIELDS) for v in words[i + 1: i + 4])
               for i, w in enumerate(words))


def _how_scored(words: list[Word]) -> bool:
    """«как считаются горожане? у меня 17»: how a card scores, with the player's numbers: worked on them."""
    scoring = ("счита", "подсчит", "начисл", "засчит")
    return any(w.text == "как" and any(matches(v, scoring) for v in words[i + 1: i + 4]) for i, w in enumerate(words))


Rule = Callable[[list[Word], list[int]], Part]


def _one(words: list[Word], category: Category, found: list[tuple[int, Category]]) -> bool:
    """The category named in the singular only and not denied («повесил флаг»; not «флагов нет», «флаги», nor
    «флажок на мосту», where a category it yields to places it)."""
    from bot.replies.words import morph

    named = [i for i, w in enumerate(words) if matches(w, category.names, fuzzy=True)]
    if not named or any(w.text in ("не", "нет", "без", "ни") for w in words[max(0, named[0] - 2): named[0] + 3]):
        return False
    tags = [morph().parse(words[i].text)[0].tag for i in named]
    if any("plur" in tag for tag in tags):  # «флаги»: how many is not said
        return False
    clause = [w for w in words if w.clause == words[named[0]].clause]
    if any(w.text == "на" and any(category.id in other.yields and matches(v, other.names, fuzzy=True)
                                 for _, other in found) for w, v in zip(clause, clause[1:], strict=False)):
        return False  # «повесил на мост свой флаг»
    return "sing" in tags[0] and ("nomn" in tags[0] or "accs" in tags[0])


def total_lines(parts: list[Part], unit: Callable[[int], str]) -> list[str]:
    """The reply's first lines: the result in bold and its arithmetic; with several parts, the total and then one
    line each; a part that lacks a number says what to write."""
    done = [p for p in parts if p.values]
    lines: list[str] = []
    if len(done) == 1 and len(parts) == 1:
        p = done[0]
        lines.append(f"<b>{_values(p.values, unit)}</b>: {p.arithmetic}" + _cases(p))
    elif done:
        options = _totals(done)
        sums = " + ".join(str(p.values[0]) if len(p.values) == 1 else f"({' или '.join(map(str, p.values))})"
                          for p in done)
        # a part still lacking its number: what is counted so far, not the whole
        head = "Всего" if len(done) == len(parts) else "Известная часть —"
        lines.append(f"<b>{head} {_values(options, unit)}</b>" + (f": {sums}" if len(done) > 1 else ""))
        lines += [f"• {p.label}: {p.arithmetic}" + _cases(p) for p in done]
    lines += [p.missing for p in parts if not p.values and p.missing]
    lines += [p.note for p in parts if p.note]
    return lines


def result(parts: list[Part]) -> list[int] | None:
    """The values of the whole sum (several when a part leaves cases open), None when a part lacks a number."""
    if any(not p.values for p in parts):
        return None
    return parts[0].values if len(parts) == 1 else _totals(parts)


def _values(values: list[int], unit: Callable[[int], str]) -> str:
    """«14 очков», «49 или 44 очка» (the noun agrees with the last number)."""
    head = " или ".join(str(v) for v in values[:-1])
    return (head + " или " if head else "") + unit(values[-1])


def _cases(part: Part) -> str:
    if len(part.values) < 2:
        return ""
    return " (" + "; ".join(f"{v} — {c}" for v, c in zip(part.values, part.cases, strict=True)) + ")"


def _totals(parts: list[Part]) -> list[int]:
    """The total for each case of the one part with several cases (the others add to each)."""
    fixed = sum(p.values[0] for p in parts if len(p.values) == 1)
    open_parts = [p for p in parts if len(p.values) > 1]
    if not open_parts:
        return [fixed]
    return [fixed + v + sum(p.values[0] for p in open_parts[1:]) for v in open_parts[0].values]

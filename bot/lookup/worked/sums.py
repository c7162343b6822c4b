"""What every game's calculator shares: its scoring categories as the words that name them, which numbers of a
question go with which category, whether the question asks for a sum at all, and the reply's lines: the result and
its arithmetic first, or exactly what is missing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.lookup.worked.reading import Word, has, matches, numbers

# A sum is asked for: «сколько», «посчитай», «итого» or what it gives («очков», «золота», «даст»)
ASKING = ("сколько", "скольк", "скока", "скоко", "посчита", "подсчита", "сосчита", "итог", "всего", "получ",
          "=дать", "даст", "дадут", "дает", "принес", "принос", "выйдет", "будет")
# Not a score: prices and costs («сколько монет стоит листнуть книгу»), limits and moves
NOT_A_SUM = ("стоит", "стоимост", "стоят", "цена", "плат", "заплат", "купит", "покуп", "ход", "можно", "нельзя",
             "держ", "максимум", "лимит")


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


def mentions(words: list[Word], categories: tuple[Category, ...]) -> list[tuple[int, Category]]:
    """Where each category is named: by name anywhere, by a hint only in a clause that names no other one."""
    named = [(i, c) for i, w in enumerate(words) for c in categories if matches(w, c.names, fuzzy=True)]
    named_clauses = {words[i].clause for i, _ in named}
    hinted = [(i, c) for i, w in enumerate(words) for c in categories
              if c.hints and matches(w, c.hints) and w.clause not in named_clauses]
    found = [(i, c) for i, c in sorted(named + hinted, key=lambda m: m[0]) if not c.needs or has(words, *c.needs)]
    clauses = {(words[i].clause, c.id) for i, c in found}
    found = [(i, c) for i, c in found if not any((words[i].clause, y) in clauses for y in c.yields)]
    seen: set[str] = set()
    return [(i, c) for i, c in found if not (c.id in seen or seen.add(c.id))]


def assign(words: list[Word], found: list[tuple[int, Category]]) -> dict[str, list[int]]:
    """Category id -> the positions of its numbers: each number goes to the nearest mention in its clause, else to
    the nearest one at all; a number just before a mention («7 поселений у гор») belongs to it as well."""
    out: dict[str, list[int]] = {c.id: [] for _, c in found}
    for n in numbers(words):
        same = [(i, c) for i, c in found if words[i].clause == words[n].clause] or found
        i, category = min(same, key=lambda m: (abs(m[0] - n), m[0] < n))
        out[category.id].append(n)
    return out


def asks_sum(words: list[Word], assigned: dict[str, list[int]], units: tuple[str, ...]) -> bool:
    """A question asks for a sum: it asks («сколько», «посчитай»...) or names the unit of the score («очков»),
    gives a number for a category or asks how much one gives, and is not about a price or a move."""
    if has(words, *NOT_A_SUM):
        return False
    with_numbers = any(assigned.values())
    if with_numbers:
        return has(words, *ASKING) or has(words, *units)
    return has(words, "сколько", "скольк", "скока", "скоко", "посчита") and has(words, *units)


Rule = Callable[[list[Word], list[int]], Part]


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
        lines.append(f"<b>Всего {_values(options, unit)}</b>: {sums}")
        lines += [f"• {p.label}: {p.arithmetic}" + _cases(p) for p in done]
    lines += [p.missing for p in parts if not p.values and p.missing]
    lines += [p.note for p in parts if p.note]
    return lines


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

"""One refusal that gives every reason that applies, for all games: a player told only the first reason fixes
it and is refused again for the next one («Особый предмет применяют только после стройки» to a player who has
no axe at all).

>>> combine([RuleError("Рано.", "a.timing"), RuleError("У вас нет топора.", "a.items")]).message
'Рано. Кроме того, у вас нет топора.'
>>> print(combine([RuleError(t) for t in ("Рано.", "Нет топора.", "Б3 закрыто.", "Не ваш ход.")]).message)
Рано. Кроме того, нет топора. К тому же Б3 закрыто. И ещё: не ваш ход.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.protocol import RuleError

# what joins the second, the third and every further reason: each once, so no «Кроме того» twice in a refusal
CONNECTORS = ("Кроме того, ", "К тому же ", "И ещё: ")


def _continued(sentence: str) -> str:
    """A sentence going on after a connector: lower case, unless it starts with a coordinate or an acronym
    («K12 — лес», «Б3 закрыто»), which keep their capitals."""
    first = sentence.split(" ", 1)[0]
    if any(c.isdigit() for c in first) or (len(first) > 1 and first.isupper()):
        return sentence
    return sentence[:1].lower() + sentence[1:]


def combine(reasons: list[RuleError]) -> RuleError:
    """One refusal with every reason, in order (the same one twice is said once); the section is the first's."""
    unique = list(dict.fromkeys(r.message for r in reasons))
    message = unique[0]
    for number, extra in enumerate(unique[1:]):
        message += " " + CONNECTORS[min(number, len(CONNECTORS) - 1)] + _continued(extra)
    return RuleError(message, reasons[0].section)


def gather(*checks: Callable[[], object]) -> None:
    """Run every check (each raises RuleError or returns); if any refused, raise one refusal with all the
    reasons. A check that depends on an earlier one passing belongs inside it, not in the list."""
    reasons: list[RuleError] = []
    for check in checks:
        try:
            check()
        except RuleError as error:
            reasons.append(error)
    if reasons:
        raise combine(reasons)

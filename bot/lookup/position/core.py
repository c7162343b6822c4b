"""Answers about the asker's own position, worked out by the engine of the game on the table.

«Можно мне сейчас …?» and «почему я не могу …?» are answered by the game's own `parse` on the position (on a
copy set at the start of the asker's turn when it is someone else's): a legal action is a «Да», a refusal is a
«Нет» with the engine's reason and its rule. «Сколько у меня очков?» is the game's `scores` for her seat by
category. «Что даст мне …?» plays each legal action the thing stands for on a copy and tells what her score
would gain. Every answer says «Да»/«Нет» or the number first, then cites the rule; an answer that uses what only
the asker may see is marked private (the service sends it to her alone).
"""

from __future__ import annotations

from html import escape
from typing import Any

from bot.lookup.answers import section_command
from bot.lookup.position.asking import GIVE, LEAD, SCORE, WHY, Asked
from bot.lookup.position.talk import Answer, Talk, copy_state
from bot.lookup.rulebook import RuleBook
from bot.replies.lines import breakdown
from bot.replies.names import plain
from rules.protocol import Game, RuleError
from rules.text import count

TRIED = 80  # legal actions a «что даст» plays on copies at most (a building token's places: a few dozen)
SHOWN = 3  # places listed in a «Да, например …»
# refusals of `parse` that mean it did not understand the words (not a rule): the search answers those
# or asked to be named more precisely (which of two cards, which hex): the words were not a whole move
NOT_UNDERSTOOD = ("Не понимаю", "Не понял", "Пустая команда", "Пустой ход", "Нет такого номера", "Назовите",
                  "Укажите", "Уточните")


def answer(game: Game, talk: Talk, state: Any, seat: int, names: list[str], question: Asked) -> Answer | None:
    """The answer to a position question of `seat`, or None when the question is not one the position answers
    (the words name no move of this game): the search answers it then."""
    if game.is_over(state):
        return None
    if question.kind in (SCORE, LEAD):
        return score_answer(game, talk, state, seat, names, own=question.kind == SCORE)
    special = talk.special(game, state, seat, question.kind, question.rest)
    if special is not None:
        return special
    current = game.current_seat(state)
    waiting = current != seat
    trial = talk.next_turn(state, seat, question.rest) if waiting else copy_state(game, state)
    if not talk.understood(trial if trial is not None else state, question.rest):
        return None
    private = talk.private(state, seat, question.rest, waiting)
    if trial is None:  # the game cannot set up her turn: it depends on the others' moves
        return Answer([f"Сейчас ходит {plain(names[current])}, и ответ зависит от того, что будет до вашего хода. "
                       "Спросите, когда ход придёт к вам."], private=private)
    if question.kind == GIVE:
        found = give_answer(game, talk, trial, seat, question.rest)
    else:
        found = can_answer(game, talk, trial, question.rest, question.kind == WHY)
    if found is None:
        return None
    found.private = found.private or private
    if waiting:
        found.lines.insert(0, f"Сейчас ходит {plain(names[current])}. В ваш ход, если до него на столе ничего не "
                              "изменится:")
    return found


def can_answer(game: Game, talk: Talk, trial: Any, text: str, why: bool) -> Answer | None:
    """«Да» with the legal action the words mean, or «Нет» with the engine's refusal and its rule."""
    try:
        action = game.parse(trial, text)
    except RuleError as error:
        options = talk.options(trial, text) or []  # legal actions only
        if options:  # the words named a kind of move but not where: it is possible somewhere
            return Answer([f"<b>Да</b>, {examples(game, trial, options)}"], talk.section(options[0]))
        if error.message.startswith(NOT_UNDERSTOOD):
            return None
        return Answer([f"<b>{'Нельзя' if why else 'Нет'}.</b> {escape(error.message)}"], error.section)
    said = escape(game.command(trial, action))
    if why:
        return Answer([f"<b>Можно</b>: это разрешённый ход — <code>{said}</code>."], talk.section(action))
    return Answer([f"<b>Да</b>: <code>{said}</code>."], talk.section(action))


def examples(game: Game, trial: Any, options: list[str]) -> str:
    """«например: /build K12, /build L5 или /build M3 (всего 7 вариантов).»"""
    shown = [f"<code>{escape(game.command(trial, a))}</code>" for a in options[:SHOWN]]
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " или " + shown[-1]
    more = f" (всего {count(len(options), 'вариант', 'варианта', 'вариантов')})" if len(options) > SHOWN else ""
    return f"например: {listed}{more}."


def give_answer(game: Game, talk: Talk, trial: Any, seat: int, text: str) -> Answer | None:
    """What the thing named would give the seat now: each legal action it stands for played on a copy, the one
    that gains most told with the engine's own sentences and the score it adds by category."""
    options = talk.options(trial, text)
    if options is None:
        return None
    if not options:
        refused = can_answer(game, talk, trial, text, why=False)
        if refused is None or not refused.lines[0].startswith("<b>Нет"):
            return None
        reason = refused.lines[0].removeprefix("<b>Нет.</b> ")
        refused.lines[0] = f"<b>Сейчас ничего</b>: {continued(reason)}"
        return refused
    before = parts(game, talk, trial, seat)
    best: tuple[int, str, dict[str, int], list[str]] | None = None
    hidden = None
    for action in options[:TRIED]:
        shown = game.revealed(trial, action)
        if shown is not None:
            hidden = hidden or (action, shown)
            continue
        copy = copy_state(game, trial)
        events = game.apply(copy, action)
        after = parts(game, talk, copy, seat)
        gain = {k: after.get(k, 0) - before.get(k, 0) for k in after if after.get(k, 0) != before.get(k, 0)}
        if best is None or sum(gain.values()) > best[0]:
            best = (sum(gain.values()), action, gain, [e.text for e in events if e.kind != "turn"])
    if best is None:
        action, shown = hidden
        return Answer([f"<b>Заранее не сказать</b>: <code>{escape(game.command(trial, action))}</code> открывает "
                       f"то, что скрыто («{escape(shown)}»)."], talk.section(action))
    total, action, gain, told = best
    unit = game.score_unit
    head = (f"<b>+{count(total, *unit)}</b>" if total > 0 else f"<b>{count(total, *unit)}</b>" if total < 0
            else "<b>Очков сразу не прибавит</b>")
    lines = [f"{head}: <code>{escape(game.command(trial, action))}</code>"
             + (f" ({escape(signed(game, gain))})" if gain else "") + "."]
    lines += [escape(t) for t in told[:3]]
    if len(options) > 1:
        lines.append(f"Это лучший из {count(len(options), 'варианта', 'вариантов', 'вариантов')} по очкам.")
    secret = any(k in game.secret_score_parts for k in gain)
    return Answer(lines, talk.section(action), private=secret)


def continued(sentence: str) -> str:
    """A sentence going on after a colon: lower case, unless it starts with a coordinate or an acronym («K12 —
    лес»)."""
    first = sentence.split(" ", 1)[0]
    if any(c.isdigit() for c in first) or (len(first) > 1 and first.isupper()):
        return sentence
    return sentence[:1].lower() + sentence[1:]


def parts(game: Game, talk: Talk, state: Any, seat: int) -> dict[str, int]:
    """The seat's score by category, with what the game would count if the round ended now."""
    counted = dict(game.scores(state)[seat]["breakdown"])
    for key, value in talk.outlook(state, seat).items():
        counted[key] = counted.get(key, 0) + value
    return counted


def signed(game: Game, gain: dict[str, int]) -> str:
    """«лорды +3; замки +3»."""
    return "; ".join(f"{game.score_names.get(k, k)} {v:+d}" for k, v in gain.items())


def score_answer(game: Game, talk: Talk, state: Any, seat: int, names: list[str], own: bool = True) -> Answer:
    """Who leads by the open score (what everyone sees, as /score counts it) and, when she asked about her own
    score (`own`), her score by category with the total: then private when the game keeps part of it hidden."""
    scores = game.scores(state)
    unit = game.score_unit
    hidden = set(game.secret_score_parts)
    opened = sorted(((sum(v for k, v in s["breakdown"].items() if k not in hidden), s["seat"]) for s in scores),
                    key=lambda pair: (-pair[0], pair[1]))
    leaders = [plain(names[s]) for total, s in opened if total == opened[0][0]]
    lead = "Впереди" if len(leaders) == 1 else "Поровну впереди"
    told = "по открытому счёту" if hidden else "по счёту"
    lines = [f"{lead} {told}: {', '.join(leaders)} — {count(opened[0][0], *unit)}."]
    if hidden:
        secret = ", ".join(game.score_names.get(k, k) for k in sorted(hidden))
        lines.append(f"Очки за {escape(secret)} скрыты до конца партии и в открытый счёт не входят.")
    if not own:
        lines[0] = lines[0].replace(lead, f"<b>{lead}</b>", 1)
        return Answer(lines, f"{game.name}.scoring")
    mine = scores[seat]
    parts = breakdown(game, mine["breakdown"])
    head = f"<b>У вас {count(mine['total'], *unit)}</b>" + (f": {parts}." if parts else ".")
    later = talk.outlook(state, seat)
    if any(later.values()):
        head += (f" Если бы раунд кончился сейчас, добавилось бы ещё {count(sum(later.values()), *unit)}: "
                 f"{breakdown(game, later)}.")
    return Answer([head, *lines], f"{game.name}.scoring", private=bool(hidden))


def reply_text(book: RuleBook, found: Answer) -> str:
    """The answer's lines and the rule it cites, as a command that opens the section."""
    lines = list(found.lines)
    section = book.section(found.section) if found.section else None
    if section is not None:
        lines.append(f"📖 Правило: {escape(section.title)} — {section_command(book, section.id)}")
    return "\n".join(lines + found.extra)

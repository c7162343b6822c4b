"""Claims at the table: a player quotes what someone says and asks who is right («юля насчитала 36, а у меня выходит
30. сколько?», «наташа говорит это 18, так?», «валера уверяет что флажков у каждого по 10»). A claimed number is
not a count to compute with but a figure to check against the computed one, so `claims` finds them (who says what:
the asker or someone else, by name when a name is given), `unclaimed` drops their numbers and the claim's own modal
and yes/no words («можно», «никто ничего не получает») from what the calculators read, and `judged` turns the
computed result into the verdict on each claim."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from bot.lookup.worked.reading import Word, matches

# what someone says or counts: «говорит», «уверяет», «насчитал», «у меня выходит», «думаю», «помню»
SAYING = ("говор", "уверя", "утвержд", "насчита", "посчита", "считает", "считаю", "предлага", "дума", "помн", "пишет",
          "сказал", "кричит", "клян", "настаива", "доказыва", "выходит", "получается", "получилось", "вышло",
          "положено", "спорит")
# a number asked for, not claimed: «сколько всего выходит», «скока выходит»
_ASKED = ("сколько", "скольк", "скока", "скоко", "скок", "всего", "итого", "что", "как")
_RESULT = ("выходит", "получается", "получилось", "вышло")  # what the asker's own count comes to
_SCORES = ("очк", "балл", "слав", "золот", "монет")
_SELF = ("я", "меня", "мне", "мы", "нас", "нам")
# a claim's own words that would ask or answer something of the calculators («можно брать сколько надо», «при
# ничьей никто ничего не получает», «это 18, так?»): the claim's, not the asker's
# (what it is about stays: «за ход надо ставить ровно три» is about a turn, not the set-up)
_CLAIM_ONLY = ("можно", "нельзя", "надо", "нужно", "не", "никто", "ничего", "нич", "поровну", "пополам", "подели",
               "дел", "так", "правда", "верно", "могу", "может", "=ли", "если", "как", "что",
               "почему", "зачем", "правильн")


@dataclass(frozen=True)
class Claim:
    """A figure someone states: `values` (the numbers of the claim, the first the total it is about), `self`: the
    asker said it («у меня выходит 30»), `name`: who else said it, as written («Юля»; "" for «он», «говорят»), and
    the grammatical gender of the speaker ("masc", "femn" or "" when unknown)."""

    values: tuple[int, ...]
    self: bool
    name: str
    gender: str
    start: int  # the positions of its words in the question
    end: int


@functools.lru_cache(maxsize=4096)  # a long-running bot reads ever new words
def _parse(text: str):
    from bot.replies.words import morph

    return morph().parse(text)[0]


@functools.lru_cache(maxsize=4096)  # a long-running bot reads ever new words
def _person(text: str):
    """The tag of a word read as a person («юля», «света», «друг»: a name or an animate noun), or None."""
    from bot.replies.words import morph

    parses = morph().parse(text)
    named = next((p for p in parses if "Name" in p.tag and "nomn" in p.tag), None)
    if named is not None:
        return named.tag
    first = parses[0].tag
    return first if "anim" in first and "NOUN" in first else None


def _speaker(words: list[Word], verb: int, original: str) -> tuple[bool, str, str]:
    """Who says: the word before the saying verb («юля насчитала», «я говорю», «у меня выходит»)."""
    gender = next((g for g in ("masc", "femn") if g in _parse(words[verb].text).tag), "")
    before = words[verb - 1] if verb else None
    if before is None or before.clause != words[verb].clause:
        return False, "", gender
    if before.text in _SELF:
        return True, "", gender
    tag = _person(before.text)
    if tag is not None:
        named = next((g for g in ("masc", "femn") if g in tag), "")
        at = original.lower().replace("ё", "е").find(before.text)
        name = original[at: at + len(before.text)] if at >= 0 else before.text
        return False, name[:1].upper() + name[1:], gender or named
    return False, "", gender


def claims(words: list[Word], question: str) -> list[Claim]:
    """The claims of a question: each saying verb and what follows it in its sentence, up to the next speaker, with
    the numbers said (a number of players is not one: «как на четверых»); a claim with no number is an opinion the
    rules settle («серёга говорит одиночки не считаются»), its words are the speaker's all the same."""
    verbs = [i for i, w in enumerate(words) if matches(w, SAYING) and not _UNSAID & _parse(w.text).tag.grammemes and
             not any(matches(v, _ASKED) for v in words[max(0, i - 4): i] if v.clause == w.clause)]
    # «сколько за это выходит», «посчитайте: …», «помогите посчитать: …» (asked to count, not said)
    found = []
    for k, verb in enumerate(verbs):
        end = next((i for i in range(verb + 1, len(words)) if words[i].sentence != words[verb].sentence), len(words))
        if k + 1 < len(verbs) and verbs[k + 1] < end:  # the next claim starts at its speaker («а у меня выходит»)
            nxt = verbs[k + 1]
            end = nxt - 1 if words[nxt - 1].clause == words[nxt].clause and words[nxt - 1].text in _SELF or _parse(
                words[nxt - 1].text).tag.POS in ("NOUN", "NPRO") else nxt
        mine = next((i for i in range(verb + 2, end) if words[i].text == "а" and _own(words, i + 1)), None)
        if mine is not None and not _own(words, verb - 1):  # «коля насчитал 16, а я 11»: the asker's figure after
            own = [i for i in range(mine, end) if words[i].value is not None and words[i].players is None]
            if own:
                found.append(Claim((words[own[0]].value or 0,), True, "", "", mine, end))
                end = mine
        said = [i for i in range(verb + 1, end) if words[i].value is not None and words[i].players is None]
        if matches(words[verb], _RESULT) and verb and words[verb - 1].text in _SELF:  # «у меня выходит 30», not
            said = [i for i in said if not _counts(words, i)]  # «у меня получается 4 группы»: a count to use
        start = verb
        if not said and matches(words[verb], _RESULT) and verb and words[verb - 1].value is not None and (
                verb < 2 or words[verb - 2].text in _THIS or words[verb - 2].clause != words[verb - 1].clause):
            said, start = [verb - 1], verb - 1  # «это 6 получается?», «…. сто один получается?»
        said.sort(key=lambda i: i == 0 or words[i - 1].text not in _TOTAL)  # «это 12 и ещё 3, итого 15»: the 15
        values = tuple(words[i].value or 0 for i in said)
        speaker = _speaker(words, verb, question) if start == verb else (True, "", "")
        found.append(Claim(values, *speaker, start, end))
    taken = {i for claim in found for i in range(claim.start, claim.end)}
    return found + [claim for claim in _stated(words, question) if claim.start not in taken]


_UNSAID = {"impr", "INFN"}  # «посчитайте», «помогите посчитать»: a verb of saying that nobody said
_THIS = ("это", "то", "итого", "всего")  # «это 12 золота?», «то это десять очков»: what it comes to
_TOTAL = ("итого", "всего", "вместе", "сумме")
_HEDGES = ("вроде", "примерно", "около", "где", "типа", "же", "как", "бы", "уже", "ровно", "это", "всего", "итого",
           "получается", "выходит", "будет")
_CHECKING = ("правильн", "верно", "так", "да", "нет", "ли")


def _stated(words: list[Word], question: str) -> list[Claim]:
    """The figures the asker states with no saying verb for a question to check: «это вроде 12 золота выходит?»,
    «то это десять очков, правильно?» — «это» (or «итого») and a number that ends its clause or is a score; not
    «это 3 поселения» (a count) nor «сколько это будет» (asked)."""
    if "?" not in question and not any(matches(w, _CHECKING) for w in words):
        return []
    found: list[Claim] = []
    for i, w in enumerate(words):
        asked = any(matches(v, _ASKED[:5]) for v in words[:i] if v.sentence == w.sentence)  # «сколько это будет»
        if w.text not in _THIS or found and found[-1].end > i or asked:
            continue
        j = i + 1
        while j < len(words) and words[j].clause == w.clause and words[j].value is None and words[j].text in _HEDGES:
            j += 1
        if j >= len(words) or words[j].clause != w.clause or words[j].value is None or words[j].players is not None:
            continue
        nxt = words[j + 1] if j + 1 < len(words) else None
        if nxt is not None and nxt.clause == w.clause and not matches(nxt, _SCORES) and not matches(nxt, _RESULT):
            continue
        end = next((k for k in range(j + 1, len(words)) if words[k].clause != w.clause), len(words))
        found.append(Claim((words[j].value or 0,), True, "", "", i, end))
    return found


def _own(words: list[Word], i: int) -> bool:
    """The asker at `i`: «я», «у меня», «мне»."""
    return 0 <= i < len(words) and (words[i].text in _SELF or words[i].text == "у" and i + 1 < len(words) and words[
        i + 1].text in _SELF)


def unclaimed(words: list[Word], found: list[Claim]) -> list[Word]:
    """The words with each claim's numbers and its players dropped, and its asking and modal words made blank."""
    out = list(words)
    for claim in found:
        for i in range(claim.start, claim.end):
            w = words[i]
            if w.value is not None:
                out[i] = replace(w, value=None, players=None)
            elif i > claim.start and (matches(w, _CLAIM_ONLY) or matches(w, SAYING)):  # «это 6 получается»
                out[i] = replace(w, text="", lemma="")
        out[claim.start] = replace(out[claim.start], text="", lemma="")
    return out


def _counts(words: list[Word], i: int) -> bool:
    """A number with a noun of its own after it that is not a score («4 группы»; «30 очков» is a total)."""
    nxt = words[i + 1] if i + 1 < len(words) else None
    return nxt is not None and nxt.clause == words[i].clause and _parse(nxt.text).tag.POS == "NOUN" and not (
        matches(nxt, _SCORES))


def figures(found: list[Claim]) -> list[Claim]:
    """The claims that state a number, the ones a count can prove right or wrong."""
    return [c for c in found if c.values]


def _right(claim: Claim) -> str:
    if claim.self:
        return "у вас верно"
    if not claim.name:
        return "верно"
    said = {"masc": "прав", "femn": "права"}.get(claim.gender)
    return f"{claim.name} {said}" if said else f"верно говорит {claim.name}"


def _wrong(claim: Claim) -> str:
    if claim.self:
        return f"у вас не {claim.values[0]}"
    return f"{claim.name} ошибается" if claim.name else f"не {claim.values[0]}"


def verdict(found: list[Claim], value: int) -> str:
    """What to say of the claims given the computed value: «правы вы, не Юля», «нет, не 18, Наташа ошибается»,
    «да, Наташа права», «Игорь прав, а у вас не 8»."""
    right = [c for c in found if value in c.values[:1]]
    wrong = [c for c in found if value not in c.values[:1]]
    mine = [c for c in found if c.self]
    if mine and right == mine and wrong:
        others = ", ".join(c.name for c in wrong if c.name)
        return f"правы вы{', не ' + others if others else ''}"
    if not wrong:
        return "да, " + ", ".join(_right(c) for c in right)
    if right:
        return ", а ".join([", ".join(_right(c) for c in right), *(_wrong(c) for c in wrong if c.self)])
    wrong_values = ", ".join(dict.fromkeys(str(c.values[0]) for c in wrong))
    named = [_wrong(c) for c in wrong if c.name]
    return f"нет, не {wrong_values}" + (", " + ", ".join(named) if named else "")


def judged(lines: list[str], found: list[Claim], values: list[int] | None) -> list[str]:
    """The computed lines with the verdict on the claims in the first one, after the result («<b>30 золота</b> —
    правы вы, не Юля: 2 × 12 + 1 × 6»); when the result is not one number (a count is missing, several cases),
    what the claim needs to be checked."""
    found = figures(found)
    if not found or not lines:
        return lines
    claimed = ", ".join(dict.fromkeys(str(c.values[0]) for c in found))
    if values is None or len(values) != 1:
        return [f"Проверить {claimed} пока нельзя — не хватает числа.", *lines] if values is None else [
            *lines[:1], f"Проверить {claimed} можно, только зная, какой случай ваш.", *lines[1:]]
    head, sep, rest = lines[0].partition("</b>: ")
    if not sep:
        return [lines[0] + " — " + verdict(found, values[0]), *lines[1:]]
    return [f"{head}</b> — {verdict(found, values[0])}: {rest}", *lines[1:]]


_BOLD = re.compile(r"<b>(.*?)</b>")


def checked(lines: list[str], found: list[Claim]) -> list[str]:
    """A set-up count with the verdict on the claims after its first line: a claim is right when its figure is one
    of the numbers in bold («<b>по 16 флагов</b>» — «Нет, не 10, Валера ошибается»); nothing to say when the bold
    states no number."""
    found = figures(found)
    stated = {int(n) for n in re.findall(r"\d+", " ".join(_BOLD.findall(lines[0])))} if lines else set()
    if not found or not stated:
        return lines
    right = [c for c in found if c.values[0] in stated]
    value = right[0].values[0] if right else -1
    said = verdict(found, value)
    return [lines[0], said[0].upper() + said[1:] + ".", *lines[1:]]

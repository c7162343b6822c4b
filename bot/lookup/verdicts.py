"""«Да» or «Нет» first for a yes/no question about a situation («у меня два жетона фермы, можно оба за ход?»), from
situations written from the rulebooks in players' words (`rules/<game>/verdicts.txt`), each with its section, its
verdict and a short reason. They come in minimal pairs, where a word flips the answer (с провиантом / без провианта,
один жетон / два), so that a question is judged by the written situation nearest to it *and* by the words that
decide.

A verdict is said only when the bot is sure, because a wrong «Нет» misleads a table more than no verdict at all.
The nearest situation is found, and the hand-made gates below judge it (`Situations.hand_verdict`); their tests and
their decision are the signals of a learned gate (`bot.lookup.verdict_gate`) that says the verdict:

* the question is a yes/no question by its form (`yes_no.asks_yes_no`: «можно ли», «могу …?», «или нет», no «сколько»,
  «что», «куда» …);
* the situations looked at are those of the sections the search answers with (the first ones, `SECTIONS`), and
  those of the next sections found (`NEXT_SECTIONS`) when near enough (`ELSEWHERE`) or as near as the answered
  ones' nearest (`PARTNER`): a pair's partner often lives in the next section («без провианта» in the movement,
  «с провиантом» in the provisions); the rivals are all the situations of those sections;
* closeness is the search's own reading of both texts (`read_question`: lemmas, the rulebook's synonyms, typos),
  as idf-weighted cosine, blended with the cosine of their mean word vectors (`Meaning.text_vector`);
* the nearest situation must name the same things as the question (nouns a section is titled by: the farm, the
  mine; a question may add its setting when its situation is its own, `SAME`), be in its mood, and say what the
  question turns (`TURNING`: «не», «без», «против») and its counts above one (`says_enough`);
* it must be near enough (`FLOOR`), clearly nearer than the nearest one with the other verdict (`MARGIN`), and every
  deciding word (`FLIPS`: не, без, два, оба, свой, чужой, до, после, сразу …) in which the two differ must be in
  the question exactly when it is in the nearer one;
* a minimal pair is told apart by its deciding words rather than by closeness (одна монета / две монеты read almost
  alike): when they agree with the nearer one and the question says one of them (`decides`), a smaller margin does,
  and so, short of a closer rival, do the things named (`named_apart`: «на шахте» against «на дороге»).

A situation a player may ask the other way round («провиант остаётся?» / «пропадает?») is written both ways, each with
its own verdict, so that the wording the player chose finds its own.

A file holds one situation a line, `section-id | да|нет|спорно | situation | reason` («спорно»: the table's reading of
a rule decides, so no verdict is said near it); blank lines and `#` comments are skipped.

>>> read_situations_text("sylvan.axe | нет | можно топором снять основание? | Основание топором не снять.")[0].yes
False
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

import numpy as np

from bot.lookup.deciding import (
    DECIDING,
    FIRST_WORDS,
    KINDS,
    MANY,
    MOODS,
    MORE,
    NEGATIONS,
    SAID,
    TURNING,
    agree,
    decides,
    flips,
)
from bot.lookup.question import read_question
from bot.lookup.reference import Section
from bot.lookup.rulebook import RULES_FOLDER, RuleBook
from bot.lookup.terms import is_noun, is_stop, lemma, normalise
from bot.lookup.verdict_gate import Candidate, Gate
from bot.lookup.yes_no import CLAIM_LIMIT, affirmed, argued, asking_clause, asks_yes_no, denies, modal

FILE_NAME = "verdicts.txt"  # next to a game's reference.md
# «спорно»: a situation the rules leave to the table (a reading the chat chooses): no verdict near it
VERDICTS: dict[str, bool | None] = {"да": True, "нет": False, "спорно": None}

SECTIONS = 3  # the situations of the search's first this many sections are candidates
WORDS_SHARE = 0.6  # closeness = this share of the words' cosine + the rest of the meaning vectors' cosine
FLOOR = 0.45  # the nearest situation is at least this close
MARGIN = 0.06  # and this much closer than the nearest one with the other verdict
COVERED = 0.4  # and the question has at least this share of its subject (`Situations.covered`)
# a word of a section's title this rare names a thing (Ферма, Верхушка, Инструменты), unlike «ход» or «карта»
NAMED_IDF = 1.8
PAIRED = 0.3  # a rival with the other verdict this close is the situation's pair: their deciding words must agree
OUTSPOKEN = 0.08  # a rival this close that says a deciding word of the question the nearest does not: no verdict
SAME = 0.7  # a situation this close is the question's own, whatever setting the question adds
NEXT_SECTIONS = 5  # a situation of the next sections the search found is taken when at least ELSEWHERE close
ELSEWHERE = 0.7
PARTNER = 0.05  # or when at most this much farther than the nearest situation of the sections answered
DECIDED = -0.05  # the margin a pair needs when the question says a word that tells it apart (`decides`)
PAIR_FLOOR = 0.6  # and so close is the nearer one at least
@dataclass(frozen=True)
class Situation:
    section: str  # "valdora.movement"
    yes: bool | None  # None: «спорно», the answer depends on how the table reads a rule
    text: str  # the situation in a player's words
    reason: str  # why, in a sentence of our own


@dataclass(frozen=True)
class Near:
    """A yes/no question as the situations near it see it (`Situations.nearest`)."""
    terms: dict[str, float]  # its subject
    asked: frozenset[str]  # its deciding words
    asking: frozenset[str]  # those of its asking clause (`yes_no.asking_clause`)
    asking_terms: dict[str, float]  # the subject of its asking clause
    first_step: frozenset[str]  # what it says is done first («сначала рубить, потом ставить»: the axe), `first_step`
    scored: list[tuple[float, int]]  # (closeness, situation) of the sections found, nearest first
    mooded: list[tuple[float, int]]  # those in its mood, of an answered section or near enough
    fitting: list[tuple[float, int]]  # of those, the ones about the same named things saying what it says
    claim: str | None = None  # a dispute's first claim, what its verdict settles (`yes_no.argued`)


@dataclass(frozen=True)
class Verdict:
    situation: Situation
    closeness: float
    claim: str = ""  # the claim of a dispute it settles («вася говорит можно …, а петя нельзя. кто прав?»)
    flipped: bool = False  # the claim says the opposite of the situation's question («нельзя» of «можно …?»)

    @property
    def yes(self) -> bool:
        return bool(self.situation.yes) != self.flipped  # never None: a «спорно» situation gives no verdict

    @property
    def text(self) -> str:
        """The verdict as a reply's first line: «<b>Да.</b> reason», or of a dispute's first claim «<b>Нет</b>,
        «можно строить на воде» — неверно. reason»."""
        yes = self.yes
        word = "Да" if yes else "Нет"
        if not self.claim:
            return f"<b>{word}.</b> {escape(self.situation.reason)}"
        claim = self.claim if len(self.claim) <= CLAIM_LIMIT else self.claim[:CLAIM_LIMIT].rsplit(" ", 1)[0] + "…"
        return f"<b>{word}</b>, «{escape(claim)}» — {'верно' if yes else 'неверно'}. {escape(self.situation.reason)}"


def read_situations_text(text: str) -> list[Situation]:
    """The situations of one file's text, in file order."""
    found = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 4 or parts[1].lower() not in VERDICTS or not all(parts):
            raise ValueError(f"not a «section-id | да|нет|спорно | situation | reason» line: {line!r}")
        found.append(Situation(parts[0], VERDICTS[parts[1].lower()], parts[2], parts[3]))
    return found


def read_situations(folder: Path = RULES_FOLDER, games: list[str] | None = None) -> list[Situation]:
    """Every game's situations in a rules folder (a game without a file has none)."""
    folder = Path(folder)
    names = games if games is not None else sorted(p.parent.name for p in folder.glob(f"*/{FILE_NAME}"))
    found: list[Situation] = []
    for game in names:
        path = folder / game / FILE_NAME
        if path.exists():
            found += read_situations_text(path.read_text(encoding="utf-8"))
    return found


class Situations:
    """The written situations of a rule book, each read as the search reads a question."""

    def __init__(self, book: RuleBook, situations: list[Situation], gate: Gate | None) -> None:
        unknown = sorted({s.section for s in situations if book.section(s.section) is None})
        if unknown:
            raise ValueError(f"situations of sections no reference has: {', '.join(unknown)}")
        self.book = book
        self.situations = situations
        self.gate = gate  # None: the hand-made gates decide alone (`tests/train_verdicts.py` compares them)
        self.by_section: dict[str, list[int]] = {}
        for k, s in enumerate(situations):
            self.by_section.setdefault(s.section, []).append(k)
        self._terms = [self.terms(s.text) for s in situations]
        self._vectors = [self.vector(s.text) for s in situations]
        self._flips = [flips(s.text) for s in situations]
        self._first_steps = [self.first_step(s.text) for s in situations]
        positions = {s.id: i for i, s in enumerate(book.index.sections)}
        self._homes = [positions.get(s.section, -1) for s in situations]  # the index's number of a situation's section

    def terms(self, text: str) -> dict[str, float]:
        """A text's subject as the search reads it: term -> weight times idf."""
        parsed = read_question(self.book.index, normalise(text))
        return {t: w * self.book.index.idf[t] for t, w in parsed.content.items()}

    def vector(self, text: str) -> np.ndarray | None:
        meaning = self.book.meaning
        return meaning.text_vector(normalise(text)) if meaning is not None else None

    def closeness(self, terms: dict[str, float], vector: np.ndarray | None, k: int) -> float:
        """How close a question (its terms and vector) is to situation `k`, 0..1."""
        other = self._terms[k]
        dot = sum(w * other[t] for t, w in terms.items() if t in other)
        norms = math.sqrt(sum(w * w for w in terms.values()) * sum(w * w for w in other.values()))
        words = dot / norms if norms else 0.0
        if vector is None or self._vectors[k] is None:
            return words
        return WORDS_SHARE * words + (1 - WORDS_SHARE) * max(0.0, float(vector @ self._vectors[k]))

    def covered(self, terms: dict[str, float], k: int) -> float:
        """The share of situation `k`'s subject (weight times idf) that the question has too: «фермой можно строить
        на лугу?» is not the situation of a question without the farm."""
        own = self._terms[k]
        total = sum(own.values())
        return sum(w for t, w in own.items() if t in terms) / total if total else 0.0

    def names_apart(self, terms: dict[str, float], k: int, closeness: float = 0.0) -> bool:
        """Whether situation `k` or the question names a thing of the game that a section is titled by (the bridge,
        the farm, a tool, the workers) and the other does not: «можно строить на дерево с верхушкой» is not «мост к
        дереву с верхушкой», «рабочие за замок дают?» is not «замок даёт жетон?»."""
        if self.names_more(terms, k):
            return True
        game, own = self.situations[k].section.split(".")[0], self._terms[k]
        if closeness >= SAME:  # the question tells its setting too: «я на дороге, …, можно изумруд на телегу?»
            return False
        home = self._homes[k]
        return any(self._named(t, game) and home not in self.book.index.body.get(t, ()) for t in set(terms) - set(own))

    def names_more(self, terms: dict[str, float], k: int) -> bool:
        """Whether situation `k` names a thing of the game the question does not (a kind of things, `KINDS`, is named
        by any of its members): «с провиантом прошёл город, можно ещё один?» is no answer to «можно пройти через
        город?»."""
        game = self.situations[k].section.split(".")[0]
        return any(self._named(t, game) and not self._kind(t) for t in set(self._terms[k]) - set(terms))

    def swapped(self, asking: dict[str, float], k: int) -> bool:
        """Whether situation `k` and the question's asking clause each name a thing of the game the other does not:
        «…только лес и горы. могу поставить на луг далеко?» asks of the meadow, not «на гору рядом со своими»."""
        game = self.situations[k].section.split(".")[0]
        own = set(self._terms[k])
        if any(self._kind(t) for t in own):  # «от локации» is said by whatever location the question names
            return False
        return any(self._named(t, game, titled=False) for t in own - set(asking)) and any(
            self._named(t, game, titled=False) for t in set(asking) - own)

    def first_step(self, text: str) -> frozenset[str]:
        """The terms of what a text says is done first («сначала рубить, потом ставить»: the axe's), none when it
        orders nothing."""
        words = normalise(text)
        at = next((i for i, w in enumerate(words) if w in FIRST_WORDS), None)
        if at is None:
            return frozenset()
        step = next((w for w in words[at + 1:] if not is_stop(w)), "")
        return frozenset(self.book.index.synonyms.word_terms(lemma(step))) if step else frozenset()

    def reordered(self, first: frozenset[str], k: int) -> bool:
        """Whether situation `k` orders two steps the other way round from the question («можно сначала поставить
        домик, а потом срубить?» is no answer to «могу сначала рубить, потом ставить?»)."""
        theirs = self._first_steps[k]
        return bool(first) and bool(theirs) and not first & theirs

    def named_apart(self, terms: dict[str, float], k: int, j: int) -> bool:
        """Whether the things named tell situation `k` from `j` the question's way: everything `k` says over `j` the
        question says too, and a thing of the game is in `k` alone, or in `j` alone and not in the question
        («на серебряной шахте» tells «встать на шахту без денег» from «встать где чужая фишка»)."""
        game = self.situations[k].section.split(".")[0]
        mine, theirs = set(self._terms[k]), set(self._terms[j])
        if mine - theirs - set(terms):  # the nearer one says something the question does not: nothing is told
            return False
        return any(self._named(t, game) for t in (mine - theirs) | (theirs - mine - set(terms)))

    def _kind(self, term: str) -> bool:
        """Whether a term is a kind of things (`KINDS`) that a question says by naming one of them: «от локации» is
        said by «от оазиса», «у локации» by «у фермы»."""
        members = self.book.index.synonyms.groups[int(term[3:])] if re.fullmatch(r"syn\d+", term) else [term]
        return any(m in KINDS for m in members)

    def _named(self, term: str, game: str, titled: bool = True) -> bool:
        """Whether a term names a thing a section of the game is titled by (`titled`; else any thing its texts
        name: a meadow, a mountain): a rare noun (a synonym group by its first Russian member), not a doing word
        like «купить» or «сдать» that the player's own verb may stand for, nor a kind of thing like «особый
        предмет», of which «топор» is one."""
        index = self.book.index
        if index.idf.get(term, 0.0) < NAMED_IDF or not (any(
                index.sections[i].game == game for i in index.titled.get(term, ())) if titled else
                index.game_df[term][game]):
            return False
        members = index.synonyms.groups[int(term[3:])] if re.fullmatch(r"syn\d+", term) else [term]
        head = next((m for m in members if re.search("[а-яё]", m)), members[0])
        return is_noun(normalise(head)[0]) if normalise(head) else False

    def says_enough(self, asked: frozenset[str], k: int, asking: frozenset[str] | None = None) -> bool:
        """Whether a question says situation `k`'s count above one, says none the situation has no count for, and
        turns (`TURNING`) only what it turns: «пастбищем на гекс локации» is not «пастбищем на три гекса», «сквозь три
        города» is not «через город», and «оба не взять?» is no question a «Нет» answers plainly. A count or a «не» of
        the story told before the asking clause (`asking`, its deciding words: «у меня три домика в ряд, …», «катя
        говорит нельзя. можно?») asks nothing of its own."""
        asking = asked if asking is None else asking
        own = self._flips[k]
        more = not asking & MORE or bool(own & (MORE | {"два", "оба"}))  # «ещё одну» is «вторую», «оба» too
        return (own & MANY <= asked and bool(own & MANY) >= bool(asking & MANY) and asking & TURNING <= own
                and more)

    def settles(self, claim: str, k: int) -> bool:
        """Whether situation `k` settles a dispute's claim: the claim says «можно», «нельзя» or «должен» (a bare
        statement, «за тачку я уже платил», is true or false of a detail no situation may hold) and every word
        that decides it («только», «уже», «выше», a «не») is the situation's too: «доп действия можно только после
        основного хода» is not settled by «можно сначала походить жетоном?»."""
        return modal(claim) and flips(affirmed(claim)) & DECIDING <= self._flips[k]

    def flipped(self, claim: str, k: int) -> bool:
        """Whether a dispute's claim says the opposite of situation `k`'s question: «нельзя» of «можно …?»."""
        return denies(claim) != denies(asking_clause(self.situations[k].text))

    def turns_alike(self, asked: frozenset[str], asking: frozenset[str], k: int) -> bool:
        """Whether situation `k` turns (`TURNING`) whatever the question's asking clause turns, negates nothing the
        question leaves plain («на дереве без верхушки» is not «на дереве стоит верхушка»), and says a count above
        one when the asking clause does («2 чужие фишки» is not «одна чужая фишка»)."""
        own = self._flips[k]
        return (asking & TURNING <= own and own & (NEGATIONS | {"только"}) <= asked
                and bool(own & MANY) >= bool(asking & MANY))

    def outspoken(self, asked: frozenset[str], k: int, scored: list[tuple[float, int]], floor: float) -> bool:
        """Whether a situation with the other verdict at least `floor` close says a deciding word of the question
        that situation `k` does not: «с провиантом прошёл город, могу ещё через один?» is not «с провиантом можно
        пройти через город?» when «прошёл один, можно ещё через один?» is written, however close the first reads."""
        yes = self.situations[k].yes
        return any((self._flips[j] - self._flips[k]) & asked for c, j in scored
                   if c >= floor and self.situations[j].yes is not None and self.situations[j].yes != yes)

    def nearest(self, question: str, found: list[Section]) -> Near | None:
        """The situations near a yes/no question whose answer the search found in `found` (best first), or None when
        the question is not a yes/no question or no situation of the sections answered is written."""
        if not found or not asks_yes_no(question):
            return None
        answered = {s.id for s in found[:SECTIONS]}
        nearby = {s.id for s in found[:NEXT_SECTIONS]}
        pool = [k for k, s in enumerate(self.situations) if s.section in nearby]
        if not any(self.situations[k].section in answered for k in pool):
            return None
        argument = argued(question)  # a dispute: its first claim is what is asked, the other side's is not
        told = argument.told if argument else question
        terms, vector, asked = self.terms(told), self.vector(told), flips(told)
        asking_text = affirmed(argument.claim) if argument else asking_clause(question)
        asking = flips(asking_text)
        scored = sorted(((self.closeness(terms, vector, k), k) for k in pool), reverse=True)
        # a situation of a next section: near enough, or as near as the answered sections' nearest (its pair's partner)
        elsewhere = min(ELSEWHERE, next(c for c, k in scored if self.situations[k].section in answered) - PARTNER)
        # those in the question's mood, of an answered section or near enough
        mooded = [(c, k) for c, k in scored if not (asking ^ self._flips[k]) & MOODS
                  and (self.situations[k].section in answered or c >= elsewhere)]
        if not mooded:
            return None
        fitting = [(c, k) for c, k in mooded
                   if self.says_enough(asked, k, asking) and not self.names_apart(terms, k, c)]
        return Near(terms, asked, asking, self.terms(asking_text), self.first_step(asking_text), scored, mooded,
                    fitting, argument.claim if argument else None)

    def rival(self, near: Near, yes: bool) -> tuple[float, int] | None:
        """The nearest situation with another verdict than `yes`, in the question's mood: one asked in another mood
        says the same rule the other way round («жетон надо сдать?» — «Да» — is «жетон остаётся?» — «Нет»)."""
        return next(((c, j) for c, j in near.scored if self.situations[j].yes != yes
                     and not (near.asking ^ self._flips[j]) & MOODS), None)

    def hand_verdict(self, near: Near) -> Verdict | None:
        """The verdict the hand-made gates say (see the module's docstring), or None."""
        terms, asked, scored, fitting = near.terms, near.asked, near.scored, near.fitting
        # the nearest situation about the same named things and saying what the question says, against its rival
        if not fitting or self.situations[fitting[0][1]].yes is None:
            return None
        best, k = fitting[0]
        yes = self.situations[k].yes
        if best < FLOOR or self.covered(terms, k) < COVERED:
            return None
        rival = self.rival(near, yes)
        if rival is None or best - rival[0] >= PAIRED:
            return Verdict(self.situations[k], best)
        closer, j = rival
        if not agree(asked, self._flips[k], self._flips[j]) or self.outspoken(asked, k, scored, best - OUTSPOKEN):
            return None
        if decides(asked, self._flips[k], self._flips[j]) and best >= PAIR_FLOOR:
            # a farther one wins only against its pair: of the same section, or told by a negation (без провианта in
            # the movement, с провиантом in the provisions); «два дела за ход» (one action) is not «два контракта за
            # ход» (delivering) because both say «два»
            paired = (self.situations[j].section == self.situations[k].section
                      or (self._flips[k] ^ self._flips[j]) & NEGATIONS)
            needed = DECIDED if paired else 0.0
        elif self.named_apart(terms, k, j) and best >= PAIR_FLOOR:
            needed = 0.0  # told by the things named, the nearer one must still be nearer
        else:
            needed = MARGIN
        if best - closer < needed:
            return None
        return Verdict(self.situations[k], best)

    def candidates(self, near: Near, found: list[Section]) -> list[Candidate]:
        """The situations the learned gate weighs, with their signals (`verdict_gate.FEATURES`): of those in the
        question's mood that turn (`turns_alike`) what it turns and name no thing it does not (`names_more`), the
        nearest and the nearest the question names nothing more than; and the one the hand-made gates chose. None
        that is not near enough (`FLOOR`), that the table decides («спорно»), or whose things or order of steps are
        not the asking clause's (`swapped`, `reordered`, even the hand-made gates' choice)."""
        alike = [(c, k) for c, k in near.mooded
                 if self.turns_alike(near.asked, near.asking, k) and not self.names_more(near.terms, k)]
        chosen = alike[:1] + [next(((c, k) for c, k in alike if not self.names_apart(near.terms, k, c)), None)]
        hand = self.hand_verdict(near)
        hand_k = self.situations.index(hand.situation) if hand is not None else -1
        if hand is not None:
            chosen.append((hand.closeness, hand_k))
        picked: dict[int, float] = {}
        for pair in chosen:
            if pair is not None and pair[0] >= FLOOR and self.situations[pair[1]].yes is not None and not (
                    self.swapped(near.asking_terms, pair[1]) or self.reordered(near.first_step, pair[1])
                    or near.asking & SAID - self._flips[pair[1]]):
                picked.setdefault(pair[1], pair[0])
        found_ids = [s.id for s in found]
        return [self._candidate(near, found_ids, c, k, k == hand_k) for k, c in picked.items()]

    def _candidate(self, near: Near, found: list[str], c: float, k: int, hand: bool) -> Candidate:
        terms, asked, asking, scored, mooded, fitting = (near.terms, near.asked, near.asking, near.scored,
                                                         near.mooded, near.fitting)
        own, yes = self._flips[k], self.situations[k].yes
        rival = self.rival(near, yes)
        theirs = self._flips[rival[1]] if rival else frozenset()
        top = mooded[:3]
        place = found.index(self.situations[k].section)
        row = [
            c, c - (rival[0] if rival else 0.0), self.covered(terms, k), self.names_apart(terms, k, c),
            self.says_enough(asked, k, asking), agree(asked, own, theirs), decides(asked, own, theirs),
            1 / (1 + place), place == 0, len(asked ^ own), len(asked - own), len(own - asked),
            self.outspoken(asked, k, scored, c - OUTSPOKEN), c >= SAME, fitting[0][0] if fitting else 0.0,
            bool(fitting) and fitting[0][1] == k, bool(fitting) and self.situations[fitting[0][1]].yes == yes,
            sum(c2 for c2, j in top if self.situations[j].yes == yes) / max(sum(c2 for c2, _ in top), 1e-9),
            bool(asked & NEGATIONS), hand, c >= mooded[0][0],
        ]
        return Candidate(k, c, np.array(row, dtype=float))

    def verdict(self, question: str, found: list[Section]) -> Verdict | None:
        """The verdict for a question whose answer the search found in `found` (best first), or None when the
        question is not a yes/no question or the learned gate is sure of none of the written situations near it:
        the one it is surest of when it is."""
        near = self.nearest(question, found)
        if near is None:
            return None
        if self.gate is None:
            return self.hand_verdict(near)
        claim = near.claim
        weighed = [(self.gate.probability(c.row), c) for c in self.candidates(near, found)
                   if claim is None or self.settles(claim, c.situation)]
        if not weighed:
            return None
        probability, best = max(weighed, key=lambda pair: pair[0])
        if probability < self.gate.threshold:
            return None
        if claim is None:
            return Verdict(self.situations[best.situation], best.closeness)
        return Verdict(self.situations[best.situation], best.closeness, claim, self.flipped(claim, best.situation))


_CACHE: dict[int, Situations] = {}


def situations(book: RuleBook) -> Situations:
    """The situations of the rules folder, read once per rule book."""
    if id(book) not in _CACHE:
        _CACHE.clear()
        _CACHE[id(book)] = Situations(book, read_situations(RULES_FOLDER, list(book.games)), Gate.load())
    return _CACHE[id(book)]


def verdict(book: RuleBook, question: str, found: list[Section]) -> Verdict | None:
    """«Да» or «Нет» for a yes/no question about a situation, or None (see the module's docstring)."""
    return situations(book).verdict(question, found)


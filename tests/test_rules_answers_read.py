"""Every rule answer to every question of the tuning sets, as Telegram shows it: valid HTML of the tags Telegram
knows, nothing escaped twice, under Telegram's 4096 characters after parsing, and its Russian numbers agreeing
(«1 очко», «2 очка», «5 очков»). The holdout is not asked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rules_quality import HOLDOUT, is_holdout, load
from telegram_html import leftovers, visible

from bot.lookup import answers
from bot.lookup.rulebook import RuleBook

HERE = Path(__file__).parent
STEMS = sorted({re.sub(r"_(valdora|sylvan|kingdom)$", "", p.stem) for p in HERE.glob("rules_questions*.json")
                if not is_holdout(p.stem)})
# a number and the noun after it in a form that disagrees with it («2 очков», «5 очка», «1 очков»)
WRONG_FORM = re.compile(r"(?<![\d,.])(?:1|\d*[02-9]1) (?:очка|очков|монеты|монет|золота)\b"
                        r"|(?<![\d,.])\d*(?:[05-9]|1\d) (?:очко|очка|монета|монеты)\b"
                        r"|(?<![\d,.])(?:\d*[02-9])?[2-4] (?:очков|монет)\b")


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def test_the_kinds_of_wrong_number_forms_are_caught():
    assert WRONG_FORM.findall("2 очков и 5 очка, 1 монет") and not WRONG_FORM.findall("1 очко, 2 очка, 5 очков, "
                                                                                     "21 монета, 12 монет, 2 золота")


@pytest.mark.parametrize("stem", STEMS)
def test_every_answer_reads_well_in_telegram(book, stem):
    assert "rules_questions_tune6" in STEMS and not any(is_holdout(s) for s in STEMS) and HOLDOUT
    problems = []
    for q in load(stem):
        reply = answers.question_reply(book, q["q"], q["game"] if q.get("context") else None)
        shown = visible(reply.text)
        if leftovers(shown) or len(shown) > 4096 or reply.text.count("<b>") != reply.text.count("</b>"):
            problems.append((q["q"], "markup or length"))
        if WRONG_FORM.search(shown):
            problems.append((q["q"], WRONG_FORM.search(shown).group()))
    assert problems == []

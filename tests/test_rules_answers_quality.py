"""The whole rule answer as a player reads it (`tests/rules_quality.py`): the first section, the number a sum or a
count states, the missing number named, the yes/no of a situation, on the sets written by people who never saw the
search. The tuning sets were tuned on after their first measurement; a holdout (three writers, one a game) is
measured once, at the end of a session, and joins the floors then; the one kept untouched (`rules_quality.HOLDOUT`)
is never measured here, and its misses are never printed. The floors are the rates reached less a question, so that
a change that loses answers fails."""

from __future__ import annotations

import pytest
from rules_quality import is_holdout, load, misses, rates

from bot.lookup.rulebook import RuleBook

# set -> check -> the least share of right answers, overall and for each game (percent)
FLOORS = {
    "rules_questions_tune3": {"first": 99.4, "right": 97.7},
    "rules_questions_tune4": {"first": 99.4, "right": 95.0},
    "rules_questions_tune5": {"first": 98.8, "right": 93.8},
    # the first holdout of the whole answers, measured once (first 164/180, right 133/180), then tuned on
    "rules_questions_holdout4": {"first": 98.8, "right": 92.7},
    # measured fresh first (first 159/180, right 126/180), then learned from
    "rules_questions_tune6": {"first": 97.2, "right": 88.3},
    "rules_questions_tune7": {"first": 97.2, "right": 91.1},  # fresh: first 159/180, right 129/180
    "rules_questions_tune8": {"first": 98.3, "right": 91.6},  # fresh: first 163/180, right 134/180
    "rules_questions_tune9": {"first": 97.2, "right": 89.4},  # fresh: first 167/180, right 144/180
    "rules_questions_tune10": {"first": 98.3, "right": 92.2},  # fresh: first 161/180, right 141/180
    # the second holdout of the whole answers, measured once at the end of the session that wrote tune6-10
    # then learned from (first 177/180, right 147/180)
    "rules_questions_holdout5": {"first": 97.7, "right": 88.3},  # measured once: first 167/180, right 137/180
    # measured fresh first, then learned from; tune12 is a second writer of «Зодчие» alone (60 questions)
    "rules_questions_tune11": {"first": 96.6, "right": 88.8},  # fresh: first 160/180, right 131/180
    "rules_questions_tune12": {"first": 95.0, "right": 86.6},  # fresh: first 55/60, right 44/60
    # the third holdout of the whole answers, measured once at the end of the session that wrote tune11-12 (first
    # 174/180, right 146/180), then learned from (first 178/180, right 154/180)
    "rules_questions_holdout6": {"first": 98.3, "right": 90.0},
    # the fourth, written after holdout6 was measured and measured once at the end of the same session (first
    # 156/180, right 128/180), then learned from (first 170/180, right 143/180)
    "rules_questions_holdout7": {"first": 93.8, "right": 83.3},
    # the fifth, written after holdout7 was measured; measured once at the start of the next session (first 170/180,
    # right 143/180), then learned from
    "rules_questions_holdout8": {"first": 97.2, "right": 90.0},
    # the sixth, written at the start of that session, measured once in its middle (first 167/180, right 146/180),
    # then learned from
    "rules_questions_holdout9": {"first": 96.6, "right": 88.3},
    # the seventh, written after holdout9 was measured, measured once at the end of the same session (first
    # 164/180, right 148/180), then learned from at the start of the next (first 174/180, right 158/180)
    "rules_questions_holdout10": {"first": 96.1, "right": 87.2},
    # written at the start of the sixth session (English words, a child, a couple at one phone), measured fresh
    # (first 138/180, right 115/180), then learned from
    "rules_questions_tune13": {"first": 96.6, "right": 87.7},
    # the eighth, written at the start of the sixth session by three new writers, measured once near its end (first
    # 168/180, right 144/180, «Да»/«Нет» 13 right and 5 wrong), then learned from after the gate was made stricter
    "rules_questions_holdout11": {"first": 95.0, "right": 79.4},
}


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


@pytest.mark.parametrize("stem", sorted(FLOORS))
def test_whole_answers_on_the_sets_written_without_the_search(book, stem):
    questions = load(stem)
    assert len(questions) >= 60 and {q["game"] for q in questions} <= {"valdora", "sylvan", "kingdom", None}
    table = rates(book, questions)
    for check, floor in FLOORS[stem].items():
        ok, n = table["all"][check]
        if 100 * ok / n < floor:
            shown = "" if is_holdout(stem) else "\n".join(misses(book, questions))
            pytest.fail(f"{stem}: {check} {ok}/{n} is under {floor}%\n{shown}")


def test_the_judge_reads_a_reply_as_a_player(book):
    from rules_quality import judge

    right = {"q": "шахтёры: 7 поселений у гор — сколько золота?", "game": "kingdom", "section": "kingdom.miners",
             "also": [], "kind": "sum", "context": False, "numbers": [7], "verdict": None, "missing": False}
    assert judge(book, right) == {"first": True, "numbers": True, "right": True}
    wrong = {**right, "numbers": [8]}
    assert judge(book, wrong)["right"] is False
    nonsense = {"q": "кто пиццу заказывал скиньте ссылку", "game": None, "section": None, "also": [],
                "kind": "nonsense", "context": False, "numbers": [], "verdict": None, "missing": False}
    assert judge(book, nonsense)["right"] is True

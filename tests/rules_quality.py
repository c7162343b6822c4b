"""How right the whole answer to a rule question is, the way a player reads it: the reply `/rules` gives (a
question with "context" is asked in a chat where its game runs), judged on what the question set says a right
answer holds:

- `first`: the first section shown is the question's section or one that answers as well (`also`); a nonsense
  question is right when nothing is found;
- `numbers`: every number of `numbers` is stated in the lines before the section (the worked sum or count) or in
  the sentence of the section that answers (in bold);
- `missing`: a sum lacking a number says which one it needs («Напишите число»);
- `verdict`: a situation's answer starts with the right «Да» or «Нет».

A question is `right` when every check its labels ask for holds. `python tests/rules_quality.py [set …]` prints the
rates per set, game and kind (the sets named by their file's stem, e.g. `rules_questions_holdout3`); the misses
only with `--misses` (never for a holdout that is being kept untouched).
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from html import unescape
from pathlib import Path

if __name__ == "__main__":  # run as a script: this checkout's code, not whatever the venv installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.lookup import answers  # noqa: E402
from bot.lookup.rulebook import RuleBook  # noqa: E402

HERE = Path(__file__).parent
SECTION_HEAD = re.compile(r"📖 <b>(.+?)</b> · (.+)")
NUMBER = re.compile(r"\d+(?:[ \u00a0]\d{3})*")
# The set kept untouched: written by people who never saw the search, never tuned on, measured once at the end of a
# session, its misses never printed (the sets held out before it are spent: tuning data now)
HOLDOUT = "rules_questions_holdout12"


def is_holdout(name: str) -> bool:
    """Whether a set's stem or file name is the untouched holdout's."""
    return name.startswith(HOLDOUT)


def load(stem: str) -> list[dict]:
    """A question set by its file's stem; a set kept in per-game files (`rules_questions_tune6`) joins them."""
    path = HERE / f"{stem}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    return [q for part in sorted(HERE.glob(f"{stem}_*.json")) for q in json.loads(part.read_text(encoding="utf-8"))]


def _shown_sections(book: RuleBook, text: str) -> list[str]:
    """The ids of the sections a reply shows, in order (by their titles and games)."""
    ids = []
    for title, game_title in SECTION_HEAD.findall(text):
        game_title = unescape(game_title.split("\n")[0]).strip()
        for game, name in book.games.items():
            if name == game_title:
                section = next((s for s in book.sections(game) if s.title == unescape(title)), None)
                if section is not None:
                    ids.append(section.id)
    return ids


def _answering(text: str) -> str:
    """The sentence in bold in the first section a reply shows (the passage that answers), as plain text."""
    body = text.split("📖", 1)[1] if "📖" in text else ""
    body = body.split("</b>", 1)[1] if "</b>" in body else ""  # past the section's title
    bold = re.search(r"<b>(.+?)</b>", body.split("📖", 1)[0], re.S)
    return unescape(bold.group(1)) if bold else ""


def _preface(text: str) -> str:
    """What a reply says before its first section: the worked lines or the yes/no, as plain text."""
    head = text.split("📖", 1)[0]
    return unescape(re.sub(r"<[^>]+>", "", head)).strip()


def judge(book: RuleBook, q: dict) -> dict[str, bool]:
    """The checks a question's labels ask for, each True or False, and `right` (all of them)."""
    reply = answers.question_reply(book, q["q"], q["game"] if q.get("context") else None)
    shown = _shown_sections(book, reply.text)
    want = {q["section"], *q.get("also", [])} - {None}
    checks = {"first": (not shown) if not want else bool(shown) and shown[0] in want}
    preface = _preface(reply.text)
    if q.get("numbers"):  # said before the section, or in the sentence of it that answers (in bold)
        stated = {int(re.sub(r"\D", "", n)) for n in NUMBER.findall(preface + " " + _answering(reply.text))}
        checks["numbers"] = all(int(n) in stated for n in q["numbers"])
    if q.get("missing"):
        checks["missing"] = "Напишите" in preface
    if q.get("verdict"):
        said = preface.split(maxsplit=1)[0].strip(".:,!").lower() if preface else ""
        checks["verdict"] = said == q["verdict"].lower()
    checks["right"] = all(checks.values())
    return checks


def rates(book: RuleBook, questions: list[dict]) -> dict[str, dict[str, tuple[int, int]]]:
    """Per group ("all", each game, each kind, "in a game"/"no game"): right answers and questions, for each check."""
    table: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for q in questions:
        checks = judge(book, q)
        groups = ["all", f"game:{q['game'] or '-'}", f"kind:{q.get('kind', '-')}",
                  "in a game" if q.get("context") else "no game"]
        for group in groups:
            for name, ok in checks.items():
                table[group][name][0] += ok
                table[group][name][1] += 1
    return {g: {name: tuple(v) for name, v in checks.items()} for g, checks in table.items()}


def misses(book: RuleBook, questions: list[dict]) -> list[str]:
    lines = []
    for q in questions:
        checks = judge(book, q)
        if not checks["right"]:
            failed = ", ".join(name for name, ok in checks.items() if not ok and name != "right")
            reply = answers.question_reply(book, q["q"], q["game"] if q.get("context") else None)
            lines.append(f"{q['q']!r} [{q.get('kind')}, want {q['section']} {q.get('numbers') or ''}"
                         f"{q.get('verdict') or ''}] failed {failed}: {_shown_sections(book, reply.text)[:2]} "
                         f"«{_preface(reply.text)[:80]}»")
    return lines


def main(argv: list[str]) -> None:
    book = RuleBook.load()
    show_misses = "--misses" in argv
    for stem in [a for a in argv if not a.startswith("--")]:
        questions = load(stem)
        print(f"== {stem}: {len(questions)} questions")
        for group, checks in sorted(rates(book, questions).items()):
            print(f"  {group:18}" + "  ".join(f"{name} {ok}/{n} {100 * ok / n:.1f}%" for name, (ok, n)
                                             in checks.items()))
        if show_misses and not is_holdout(stem):
            print("\n".join(misses(book, questions)))


if __name__ == "__main__":
    main(sys.argv[1:])

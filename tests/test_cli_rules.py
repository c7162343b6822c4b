"""`python -m bot rules <вопрос>` answers in the terminal the way /rules does in a chat."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", "rules", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_a_question_gets_the_section_and_other_candidates():
    result = run("сколько", "стоит", "листать", "книгу")
    assert result.returncode == 0, result.stderr
    first_line = result.stdout.splitlines()[0]
    assert first_line == "📖 Перелистывание книги · Валдора"
    assert "Ещё может подойти:" in result.stdout and "<b>" not in result.stdout


def test_a_game_named_in_the_question_and_nothing_found():
    assert run("кб", "лорды").stdout.startswith("📖 Лорды · Kingdom Builder")
    assert "Не нашёл в правилах ничего" in run("zzzzqqqq").stdout


def test_no_question_is_a_usage_error():
    result = run()
    assert result.returncode == 2 and "Напишите вопрос" in result.stderr

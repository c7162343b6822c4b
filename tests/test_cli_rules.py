"""`python -m bot rules <вопрос>` answers in the terminal the way /rules does in a chat."""

import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main

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


# ---- the game as context: in-process, as `python -m bot` calls `main` ------------------------------------------

def answer(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["rules", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        # no context, and all three games have a tie: each one's answer (in the order of their scores)
        (("ничья",), "Вопрос подходит к трём играм — "),
        (("ничья", "в", "валдоре"), "📖 Ничья · Валдора"),
        (("--game", "kingdom", "ничья"), "📖 Ничья · Kingdom Builder"),
        (("--game=sylvan", "ничья"), "📖 Ничья · Зодчие Волшебной Долины"),
        (("--game", "зодчие", "ничья"), "📖 Ничья · Зодчие Волшебной Долины"),  # a name as players type it
        (("--game", "кб", "ничья"), "📖 Ничья · Kingdom Builder"),
        (("ничья", "--game", "kingdom"), "📖 Ничья · Kingdom Builder"),  # the key may come last
        (("кингдом", "ничья"), "📖 Ничья · Kingdom Builder"),  # a game's name as the first word, as /rules
        (("зодчие", "ничья"), "📖 Ничья · Зодчие Волшебной Долины"),
        (("--game", "kingdom", "ничья", "в", "валдоре"), "📖 Ничья · Валдора"),  # the question names another
        (("--game", "valdora", "что", "делает", "топор"), "📖 Топор · Зодчие Волшебной Долины"),  # as in a chat
    ],
)
def test_the_game_is_given_by_a_key_or_named_first(capsys, args, first_line):
    code, out, err = answer(capsys, *args)
    assert code == 0 and not err
    line = out.splitlines()[0]
    assert line == first_line or first_line.endswith("— ") and line.startswith(first_line) and all(
        name in line for name in ("Kingdom Builder", "Зодчие Волшебной Долины", "Валдора")), out


def test_the_other_candidates_come_from_the_given_game(capsys):
    out = answer(capsys, "--game", "kingdom", "ничья")[1]
    others = out.split("Ещё может подойти:\n", 1)[1].splitlines()
    assert others and all(line.startswith("  Kingdom Builder: ") for line in others), others
    out = answer(capsys, "ничья")[1]  # no game given: the answers of every game that has the rule
    assert sorted(line for line in out.splitlines() if line.startswith("📖 ")) == [
        "📖 Ничья · Kingdom Builder", "📖 Ничья · Валдора", "📖 Ничья · Зодчие Волшебной Долины"]
    assert "Ещё может подойти" not in out and "назовите её: /rules ничья в " in out


def test_an_unknown_game_or_no_question_is_a_usage_error(capsys):
    code, out, err = answer(capsys, "--game", "шахматы", "ничья")
    assert code == 2 and not out and "Не знаю такой игры: «шахматы»" in err
    code, out, err = answer(capsys, "--game", "kingdom")
    assert code == 2 and "Напишите вопрос" in err and "--game" in err
    code, _, err = answer(capsys, "--game")
    assert code == 2 and "Не знаю такой игры" in err


def test_nothing_found_in_the_given_game_names_the_contents_command(capsys):
    out = answer(capsys, "--game", "sylvan", "фывапр")[1]
    assert out.startswith("Не нашёл в правилах ничего про «фывапр»") and "/rules" in out


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_a_help_flag_is_not_a_question(capsys, flag):
    code, out, err = answer(capsys, flag)
    assert code == 0 and not err
    assert out.startswith("Напишите вопрос:") and "Не нашёл" not in out
    code, out, _ = answer(capsys, "--game", "kingdom", flag)
    assert code == 0 and out.startswith("Напишите вопрос:")


def test_an_unknown_flag_is_named_and_changes_nothing(capsys):
    code, out, err = answer(capsys, "--verbose", "ничья")
    assert code == 2 and not out
    assert err.startswith("Не знаю ключа «--verbose».") and "Напишите вопрос:" in err


def test_the_bot_s_own_help_lists_its_three_uses(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "python -m bot console" in out and "python -m bot rules" in out and "TELEGRAM_BOT_TOKEN" not in out

"""The terminal console plays the same service: named players, typed moves, numbered buttons."""

import re

import pytest

from bot.console import Console, to_plain
from bot.table.service import Service


@pytest.fixture
async def console(tmp_path):
    service = await Service.open(str(tmp_path / "console.db"))
    lines: list[str] = []
    console = Console(service, tmp_path / "boards", write=lines.append)
    console.lines = lines
    yield console
    await service.close()


def test_html_becomes_plain_text():
    assert to_plain('Ходит <a href="tg://user?id=7">Аня &amp; Ко</a>. <b>Жирно</b>') == "Ходит @Аня & Ко. Жирно"


async def test_a_game_starts_and_moves_from_the_terminal(console, tmp_path):
    await console.handle("/new valdora")
    assert "Сначала назовите игрока" in console.lines[-1]
    for line in ("@Аня /new valdora", "@Борис /join", "@Вера join", "@Аня /begin"):
        await console.handle(line)
    assert any("началась" in line for line in console.lines)
    assert (tmp_path / "boards" / "board-001.png").read_bytes().startswith(b"\x89PNG")
    first = next(line for line in console.lines if "Ходит @" in line).split("Ходит @")[1].split(".")[0]

    keyboard = console.keyboard
    assert keyboard and console.lines[-1].startswith("[1] ")
    await console.handle(f"@{first} 1")
    assert (tmp_path / "boards" / "board-002.png").exists()
    assert console.keyboard != keyboard

    await console.handle(f"@{first} 99")
    assert console.lines[-1] == f"Нет кнопки 99. Кнопки под последним сообщением: 1–{len(console.keyboard)}."
    await console.handle(f"@{first} #3")  # no private choices are open
    assert console.lines[-1].startswith("Нет варианта #3. Сначала откройте их кнопкой под доской")
    console.keyboard = []  # as after a restart: nothing on the screen yet
    await console.handle(f"@{first} 2")
    assert console.lines[-1] == "Нет кнопки 2. Под последним сообщением кнопок нет: свежая доска — /board."
    others = [name for name in ("Аня", "Борис", "Вера") if name != first]
    await console.handle(f"@{others[0]} /board")
    assert any(line.startswith("[картинка:") for line in console.lines[-3:])


async def test_reminders_fire_in_the_terminal_too(tmp_path):
    from bot.storage.sqlite import Store
    from bot.table.timing.settings import ChatSettings

    now = [1780293600.0]  # 09:00 in Moscow
    service = Service(await Store.open(str(tmp_path / "console.db")), defaults=ChatSettings(remind_after=60),
                      clock=lambda: now[0])
    lines: list[str] = []
    console = Console(service, tmp_path / "boards", write=lines.append)
    for line in ("@Аня /new kingdom", "@Борис /join", "@Аня /begin"):
        await console.handle(line)
    await console.tick()
    assert not any("ваш ход" in line for line in lines)
    now[0] += 60
    await console.tick()
    assert "ваш ход в «Kingdom Builder»" in lines[-1] and lines[-1].startswith("⏰ @")
    await service.close()


async def test_a_game_goes_on_in_a_new_console_session(tmp_path):
    first = await Service.open(str(tmp_path / "console.db"))
    lines: list[str] = []
    console = Console(first, tmp_path / "boards", write=lines.append)
    for line in ("@Аня /new kingdom", "@Борис /join", "@Аня /begin"):
        await console.handle(line)
    mover = next(line for line in lines if "Ходит @" in line).split("Ходит @")[1].split(".")[0]
    await first.close()
    again = await Service.open(str(tmp_path / "console.db"))  # the terminal was closed and opened again
    lines.clear()
    console = Console(again, tmp_path / "boards", write=lines.append)
    await console.handle(f"@{mover} /moves")
    assert lines[-1].startswith(f"Ходит {mover}. Можно:")
    command = re.search(r"/\w+ \S+", lines[-1].split("\n")[1])[0]  # the first legal move, as /moves shows it
    await console.handle(f"@{mover} {command}")  # the same player, recognised by name: the move is played
    assert not any("подождите" in line for line in lines) and any("[картинка:" in line for line in lines)
    await again.close()

"""The service is composed of parts handed what they need, not mixins sharing one `self`."""

import ast
from pathlib import Path

import pytest

import bot.table
from bot.storage.sqlite import Store
from bot.table.service import Service

LIMIT = 500  # «about 500 lines»: no module of the table, the storage or the front end grows past it


@pytest.mark.parametrize("room", ["table", "storage", "telegram", "lookup", "replies"])
def test_no_module_of_a_room_is_too_long(room):
    folder = Path(bot.table.__file__).parent.parent / room
    lengths = {str(path.relative_to(folder)): len(path.read_text().splitlines()) for path in folder.rglob("*.py")}
    assert {name: n for name, n in lengths.items() if n > LIMIT} == {}


def _imports_of_the_table() -> dict[str, set[str]]:
    """Which modules of `bot.table` each module of it imports, those under TYPE_CHECKING too."""
    root = Path(bot.table.__file__).parent
    names = {".".join(("bot", "table", *path.relative_to(root).with_suffix("").parts)): path
             for path in root.rglob("*.py") if path.name != "__init__.py"}
    graph = {}
    for name, path in names.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bot.table"):
                found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in names else node.module
                          for a in node.names}
        graph[name] = found & names.keys()
    return graph


def test_the_table_has_no_import_circle():
    graph = _imports_of_the_table()
    assert "bot.table.seating.lobby" in graph and "bot.table.timing.clock" in graph["bot.table.timing.away"]
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name not in done:
            for target in graph[name]:
                visit(target, (*path, name))
            done.add(name)

    for name in graph:
        visit(name, ())


def _bot_imports(room: str) -> dict[str, set[str]]:
    """The `bot.*` modules each module of a room imports, those under TYPE_CHECKING and inside functions too."""
    root = Path(bot.table.__file__).parent.parent / room
    found: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        modules = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bot."):
                modules.add(node.module)
            elif isinstance(node, ast.Import):
                modules |= {a.name for a in node.names if a.name.startswith("bot.")}
        found[str(path.relative_to(root))] = modules
    return found


# what each room may import of the bot: the lookup and the replies lie below the table and the front ends
BELOW = {"replies": ("bot.replies", "bot.storage.base"), "lookup": ("bot.lookup", "bot.replies")}


@pytest.mark.parametrize("room", sorted(BELOW))
def test_the_rooms_below_the_table_import_nothing_above_them(room):
    imports = _bot_imports(room)
    assert imports and any(imports.values())
    upward = {name: sorted(m for m in modules if not m.startswith(BELOW[room]))
              for name, modules in imports.items()}
    assert {name: found for name, found in upward.items() if found} == {}


async def test_service_is_composed_of_parts_sharing_one_core(tmp_path):
    assert Service.__bases__ == (object,)  # no mixins
    service = Service(await Store.open(str(tmp_path / "t.db")))
    try:
        parts = [service.turns, service.rewind, service.votes, service.undo, service.history, service.settings,
                 service.lobby, service.moves]
        assert all(part.table is service.table for part in parts)
        assert service.moves.turns is service.turns and service.votes.rewind is service.rewind
        # what the front ends and the tests set on the service reaches every part
        service.clock = lambda: 42.0
        service.bot_username = "referee_bot"
        assert service.table.clock() == 42.0 and service.table.bot_username == "referee_bot"
        assert service.store is service.table.store and service.gone_chats is service.table.gone_chats
    finally:
        await service.close()

"""An undo never goes back past a step that showed something hidden (Board Game Arena's rule), in each of the three
games and on each path: alone against bots (no vote), and by asking the others (no vote is even started). The
refusal says what was shown and changes nothing; a step that showed nothing is still taken back, and the undo's
headline tells that step in a few words, without the turn passing that followed it."""

from __future__ import annotations

import re

import pytest

from bot.replies.reply import Chat, User
from bot.table.service import Service
from rules.protocol import SKIP
from rules.registry import GAMES

GROUP = Chat(id=-1001900, title="Друзья")
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
PRIVATE = Chat(id=ANYA.id, private=True)
PEOPLE = {u.id: u for u in (ANYA, BORIS, VERA)}

# what the refusal names, per game: the kind of step each game reveals with
SHOWN = {"kingdom": "открыли новую карту местности", "sylvan": "из колоды", "valdora": "страниц"}


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def now(service, chat):
    row = await service.store.open_game(chat.id)
    game = GAMES[row.game]
    state = game.load(row.state)
    seat = game.current_seat(state)
    return row, game, state, (PEOPLE.get(row.seats[seat].user_id) if seat is not None else None)


async def play(service, chat, action: str | None = None):
    row, game, state, mover = await now(service, chat)
    verb, _, args = game.command(state, action or game.autopilot(state)).lstrip("/").partition(" ")
    return await service.command(chat, mover, verb, args)


async def start(service, chat, name, players=(ANYA, BORIS, VERA), bots=0):
    await service.command(chat, players[0], "new", name)
    for player in players[1:]:
        await service.command(chat, player, "join", "")
    for _ in range(bots):
        await service.command(chat, players[0], "addbot", "")
    await service.command(chat, players[0], "begin", "")


async def play_a_reveal(service, chat, player: User) -> str:
    """Play on (the autopilot's choices) until `player` may take a step that shows something hidden, and take it;
    the step played."""
    for _ in range(3000):
        row, game, state, mover = await now(service, chat)
        assert mover is not None, "the game ended before a reveal"
        revealing = [a for a in game.legal_actions(state) if game.reveals(state, a)]
        if mover is player and revealing and not game.private_choice(state, revealing[0]):
            await play(service, chat, revealing[0])
            return revealing[0]
        await play(service, chat)
    pytest.fail("no revealing step came")


async def unchanged_after(service, chat, player: User, refusal_part: str):
    """`player`'s /undo is refused, naming what was shown; nothing changes and no vote is asked."""
    before = await service.store.open_game(chat.id)
    refused, = await service.command(chat, player, "undo", "")
    assert refused.text.startswith("Нельзя отменить ход «") and refusal_part in refused.text, refused.text
    assert "назад не прячут" in refused.text and not refused.buttons and not refused.image
    after = await service.store.open_game(chat.id)
    assert after.version == before.version and after.state == before.state
    assert await service.store.vote(after.id, "undo") is None


@pytest.mark.parametrize("name", ["kingdom", "sylvan", "valdora"])
async def test_alone_against_bots_a_step_that_showed_a_card_is_not_taken_back(service, name):
    await start(service, PRIVATE, name, (ANYA,), bots=1 if name != "valdora" else 2)
    await play_a_reveal(service, PRIVATE, ANYA)
    await unchanged_after(service, PRIVATE, ANYA, SHOWN[name])
    board, = [r for r in await service.command(PRIVATE, ANYA, "board", "") if r.image]
    assert not [b for line in board.buttons for b in line if b.text.startswith("↩️")]  # no undo button either


@pytest.mark.parametrize("name", ["kingdom", "sylvan", "valdora"])
async def test_by_vote_a_step_that_showed_a_card_is_not_even_asked_about(service, name):
    await start(service, GROUP, name)
    _, _, _, first = await now(service, GROUP)
    await play_a_reveal(service, GROUP, first)
    await unchanged_after(service, GROUP, first, SHOWN[name])


async def test_a_reveal_by_someone_else_after_the_step_stops_its_undo_too(service):
    """Valdora: Аня's last step showed nothing, but a page was turned after it: «после него»."""
    await start(service, GROUP, "valdora")
    for _ in range(3000):
        row, game, state, mover = await now(service, GROUP)
        log = await service.store.log(row.id)
        earlier = [line for line in log if line.user_id != mover.id]
        flips = [a for a in game.legal_actions(state) if a.startswith("flip")]
        if flips and earlier and not earlier[-1].reveals and not any(
                line.reveals for line in log if line.version > earlier[-1].version):
            await play(service, GROUP, flips[0])
            break
        await play(service, GROUP)
    else:
        pytest.fail("no page was turned")
    before = PEOPLE[earlier[-1].user_id]
    refused, = await service.command(GROUP, before, "undo", "")
    assert "после него перевернули страницу книги" in refused.text


async def test_a_step_that_showed_nothing_is_taken_back_with_a_short_headline(service):
    """Kingdom: a build inside a turn shows nothing; its undo tells the build, not what followed."""
    await start(service, GROUP, "kingdom", (ANYA, BORIS))
    row, game, state, mover = await now(service, GROUP)
    build = next(a for a in game.legal_actions(state) if a.startswith("build") and not game.reveals(state, a))
    await play(service, GROUP, build)
    board, = await service.command(GROUP, mover, "undo", "")
    hex_name = build.split(" ")[1]
    assert board.image and board.text.startswith(f"↩️ {mover.name} отменяет ход «{mover.name} строит поселение на "
                                                 f"{hex_name}»."), board.text
    assert "теперь ходит" not in board.text
    assert (await service.store.open_game(GROUP.id)).state == row.state  # back to before the build


async def test_valdora_undo_alone_drops_the_turn_passing_from_its_headline(service):
    """A Valdora step after which the turn ends by itself: the log says «…— ход окончен», the undo does not."""
    await start(service, GROUP, "valdora")
    for _ in range(300):
        row, game, state, mover = await now(service, GROUP)
        replies = await play(service, GROUP)
        log = await service.store.log(row.id, 1)
        if "ход окончен" in log[-1].summary and not log[-1].reveals:
            break
    else:
        pytest.fail("no turn passed by itself")
    assert replies
    board, = await service.command(GROUP, mover, "undo", "")
    assert "ход окончен" not in board.text and "теперь ходит" not in board.text
    shown = re.sub(r"<[^>]+>", "", board.text)  # as Telegram shows it
    assert shown.endswith(f"\nХодит {mover.name}.") and shown.count("Ходит") == 1, shown


def test_every_game_tells_what_a_skip_shows():
    """`revealed` knows the skip too: Kingdom's draws the next card; Valdora's early one shows nothing."""
    kingdom, valdora = GAMES["kingdom"], GAMES["valdora"]
    state = kingdom.new(["Аня", "Борис"], seed=3)
    assert kingdom.revealed(state, SKIP) == "открыли новую карту местности" and kingdom.reveals(state, SKIP)
    state = valdora.new(["Аня", "Борис", "Вера"], seed=3)
    assert valdora.revealed(state, SKIP) is None
    sylvan = GAMES["sylvan"]
    state = sylvan.new(["Аня", "Борис"], seed=3)
    assert sylvan.revealed(state, SKIP) is None  # nothing played yet: the hand is kept, nothing is drawn

"""Issue 30: a private table (one person and bots, `/new` in the private chat) reads typed text as a group reads text
said to the bot — a move in words is played, a question about one's own cards gets the hand, a rule question the
rules, a move the game refuses its reason, anything else an honest «не понял» with what one can do there — and
never the hint for a chat without a table («Я играю в группах…»), which stays where there is no table.

Through the real Telegram front end (in this process) and the real service against the fake Bot API, as the player
types in Telegram; what she reads is the text after Telegram's HTML parsing (`Call.visible`), and the game is read
from the store: its version and its log of actions change only for a real move."""

from __future__ import annotations

import asyncio
import re
from types import SimpleNamespace

import pytest

from bot.storage.base import ACTIVE
from bot.table.seating import lobby
from rules.protocol import RuleError
from rules.registry import GAMES

try:
    from tests.noise_play import idle, quick_pictures, restore_pictures
    from tests.rendered_play import running
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from noise_play import idle, quick_pictures, restore_pictures
    from rendered_play import running

ANNA, BORIS, STRANGER = (301, "Анна"), (303, "Борис"), (302, "Олег")
SHOWN = ("sendMessage", "sendPhoto", "editMessageText", "editMessageCaption", "editMessageMedia")
HINT = "Я играю в группах"
SYLVAN = GAMES["sylvan"]
CARD = "play цветочный-мост+верхушка"  # the card of the README's own «играю ореховый мост+верхушка», in flowers


@pytest.fixture
def pictures():
    saved = quick_pictures()
    yield
    restore_pictures(saved)


class Player:
    """One person in her private chat with the bot."""

    def __init__(self, server, service, person=ANNA):
        self.server, self.service = server, service
        self.id, self.name = person

    async def type(self, text: str, moves: bool = False) -> list[str]:
        """Send `text`; what she reads in return (each message or edit, as Telegram shows it). `moves`: the text
        is a move, so the answer comes once it is recorded and the bots after it have moved."""
        since, before = self.server.mark(), await self.row()
        self.server.push_message(self.id, self.id, self.name, text, chat_type="private")
        if moves:
            await self.moved(before.version)
        else:
            await self.server.wait_for_async(lambda c: c.method in SHOWN and c.chat_id == self.id, timeout=60,
                                             since=since)
        await idle(self.server, since)
        return [c.visible for c in self.server.calls[since:]
                if c.method in SHOWN and c.chat_id == self.id and c.error is None and c.text]

    async def row(self):
        return await self.service.store.open_game(self.id)

    async def state(self):
        row = await self.row()
        return row, GAMES[row.game], GAMES[row.game].load(row.state)

    async def moved(self, version: int) -> None:
        """Wait until a step after `version` is recorded and it is the person's turn again (or the game is over)."""
        for _ in range(3000):
            row = await self.row()
            if row is None or row.version > version and self.my_turn(row):
                return
            await asyncio.sleep(0.02)
        raise AssertionError("the move was not played")

    def my_turn(self, row) -> bool:
        game = GAMES[row.game]
        seat = game.current_seat(game.load(row.state))
        return seat is not None and row.seats[seat].user_id == self.id

    async def table(self, game: str, bots: int) -> None:
        """A table of `game` with `bots` easy bots, begun; the person's turn when this returns."""
        await self.type(f"/new {game}")
        for _ in range(bots):
            await self.type("/addbot лёгкий")
        await self.type("/begin", moves=True)
        row = await self.row()
        assert row.status == ACTIVE and self.my_turn(row)


async def unchanged(player: Player, text: str) -> list[str]:
    """Type `text`, assert the game did not change (its version, its log), and return what the player read."""
    before = await player.row()
    log = await player.service.store.notations(before.id)
    read = await player.type(text)
    after = await player.row()
    assert (after.version, await player.service.store.notations(after.id)) == (before.version, log), text
    assert read and not any(HINT in said for said in read), read
    return read


async def played(player: Player, text: str, action: str) -> list[str]:
    """Type `text`, assert it played exactly `action` (the person's step first in the log, the bots' after it),
    and return what the player read."""
    row = await player.row()
    log = await player.service.store.notations(row.id)
    read = await player.type(text, moves=True)
    after = await player.service.store.notations(row.id)
    assert after[:len(log)] == log and after[len(log)] == action, (text, after[len(log):])
    assert read and not any(HINT in said for said in read), read
    return read


def refusal(game, state, text: str) -> str:
    """The game's own reason for refusing `text` now (what a command with it would get)."""
    with pytest.raises(RuleError) as refused:
        game.parse(state, text)
    return refused.value.message


async def seed_with_the_card(service, player_id: int) -> int:
    """A seed of «Зодчие» for two (the person first) whose opening hand holds the flower bridge+treetop card: the
    quoted move is then a real one."""
    options = (await service.chat_settings(player_id)).game_options("sylvan")
    for seed in range(5000):
        state = SYLVAN.new(["Анна", "Бот Филин"], seed=seed, options=options)
        if SYLVAN.current_seat(state) == 0 and CARD in SYLVAN.legal_actions(state):
            return seed
    raise AssertionError("no seed deals the card")


async def test_the_issues_four_texts_at_a_private_table_of_sylvan(server, tmp_path, pictures, monkeypatch):
    async with running(server, tmp_path / "bot.db") as service:
        seed = await seed_with_the_card(service, ANNA[0])
        monkeypatch.setattr(lobby, "random", SimpleNamespace(SystemRandom=lambda: SimpleNamespace(
            randrange=lambda _: seed)))
        anna = Player(server, service)
        await anna.table("sylvan", bots=1)
        row, game, state = await anna.state()
        seat = row.seat_of(anna.id)
        assert CARD in game.legal_actions(state)

        # her own cards: the hand, as the «🂠 Моя рука» button shows it
        read = await unchanged(anna, "какие у меня карты?")
        assert read == [game.secret(state, seat)] and "цветочный-мост+верхушка" in read[0]

        # a rule question: the rules of the game on the table
        read, = await unchanged(anna, "как поставить флаг?")
        assert read.startswith("📖 Флаги · Зодчие Волшебной Долины"), read

        # a move the game reads but refuses now (a card is taken at the end of a turn): its reason
        reason = refusal(game, state, "беру вторую")
        read, = await unchanged(anna, "беру вторую")
        assert read.startswith(f"❌ {reason}\n") and "/moves" in read

        # the README's own form of a move: played
        read = await played(anna, "играю цветочный мост+верхушка", CARD)
        assert any("Анна" in said for said in read)
        _, game, state = await anna.state()
        assert "цветочный-мост+верхушка" not in game.secret(state, seat).split(".")[0]  # not in the hand now

        # on to the end of the turn (commands), where «беру вторую» is a move: played
        for _ in range(6):
            _, game, state = await anna.state()
            legal = game.legal_actions(state)
            if "take 2" in legal:
                break
            step = next((a for a in legal if a.split()[0] in ("place", "noflag")), legal[0])
            await anna.type(game.command(state, step), moves=True)
        assert "take 2" in legal
        await played(anna, "беру вторую", "take 2")


async def test_a_move_in_words_at_private_tables_of_valdora_and_kingdom_builder(server, tmp_path, pictures):
    async with running(server, tmp_path / "bot.db") as service:
        anna = Player(server, service)
        await anna.table("valdora", bots=2)
        _, game, state = await anna.state()
        target = next(a for a in game.legal_actions(state) if re.fullmatch(r"move \w\d+", a))
        await played(anna, f"иду на {target.split()[1]}", target)

        boris = Player(server, service, BORIS)  # another person, his own private table
        await boris.table("kingdom", bots=1)
        _, game, state = await boris.state()
        target = next(a for a in game.legal_actions(state) if a.startswith("build "))
        await played(boris, f"строю {target.split()[1]}", target)


async def test_garbage_gets_an_honest_not_understood_whose_example_works(server, tmp_path, pictures):
    async with running(server, tmp_path / "bot.db") as service:
        anna = Player(server, service)
        await anna.table("kingdom", bots=1)
        read, = await unchanged(anna, "абырвалг")
        assert read.startswith("Не понял «абырвалг».") and "/board" in read and "/rules" in read, read
        example = re.search(r"словами — например, «([^»]+)»", read)
        assert example is not None, read
        _, game, state = await anna.state()
        legal = game.legal_actions(state)
        action = game.parse(state, example[1])
        assert action in legal
        await played(anna, example[1], action)  # the example offered is a move that works


async def test_a_private_chat_without_a_table_keeps_the_group_hint(server, tmp_path, pictures):
    async with running(server, tmp_path / "bot.db") as service:
        oleg = Player(server, service, STRANGER)
        for text in ("какие у меня карты?", "играю цветочный мост+верхушка"):
            read, = await oleg.type(text)
            assert read.startswith(HINT) and "/new" in read, read
        assert await oleg.row() is None

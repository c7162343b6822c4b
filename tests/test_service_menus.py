"""Generic parts of the service that a game switches on through the protocol: nested action menus
(`Game.menu_path`), the secrets button and private notes (`Game.secret`), and the t.me deep link.

A toy game keeps these tests apart from any real game's rules: 2 players take turns picking one of 45
cells (3 rows of 15), grouped by row; each holds a secret number that changes when their turn ends.
"""

from __future__ import annotations

import json

import pytest
from toy_game import ToyGame

from bot.console import Console
from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage.sqlite import Store
from bot.table.service import Service
from render.registry import RENDERERS
from rules.protocol import Event, RuleError

GROUP = Chat(id=-200, title="Друзья")
ANYA, BORIS, GLEB = User(1, "Аня"), User(2, "Борис"), User(3, "Глеб")
CELLS = [f"{row}{n}" for row in "abc" for n in range(1, 16)]


class Toy(ToyGame):
    name, title, aliases = "toy", "Игрушка", ("игрушка",)
    commands = (("pick", "Взять клетку: /pick a1"),)
    secret_button = "🂠 Моя карта"
    about = "игрушечная игра для тестов: берём клетки по очереди."

    def new(self, players, seed, options=None):
        return {"players": list(players), "turn": 0, "taken": [], "secrets": [seed % 7, 10 + seed % 5]}

    def current_seat(self, state):
        return None if self.is_over(state) else state["turn"] % 2

    def legal_actions(self, state):
        return [f"pick {c}" for c in CELLS if c not in state["taken"]]

    def menu_path(self, state, action):
        return (f"Ряд {action[5].upper()}",)

    def parse(self, state, text):  # reads its own commands back, the slash included (the service sends it)
        wanted = text.strip().lower().removeprefix("/")
        if wanted in self.legal_actions(state):
            return wanted
        raise RuleError("Такой клетки нет или она занята.")

    def apply(self, state, action):
        action = self.parse(state, action)
        seat = self.current_seat(state)
        state["taken"].append(action[5:])
        state["secrets"][seat] += 1
        state["turn"] += 1
        return [Event(f"{state['players'][seat]} берёт {action[5:]}.")]

    def label(self, state, action):
        return action[5:].upper()

    def command(self, state, action):
        return f"/{action}"

    def secret(self, state, seat):
        return f"Ваше тайное число: {state['secrets'][seat]}." if seat in (0, 1) else None

    def is_over(self, state):
        return len(state["taken"]) >= 44


class HandToy(Toy):
    """The toy with a secret hand: besides picking a cell, the player may play a card from their hand,
    and which cards they hold must never show on the group's buttons."""

    name, title, aliases = "hand", "Рука", ()
    commands = (("pick", "Взять клетку: /pick a1"), ("play", "Сыграть карту: /play меч"))
    HANDS = (("меч", "щит"), ("лук", "посох", "кубок"))

    def legal_actions(self, state):
        seat = self.current_seat(state)
        return super().legal_actions(state)[:2] + [f"play {card}" for card in self.HANDS[seat]]

    def menu_path(self, state, action):
        return ("🂠 Сыграть карту",) if action.startswith("play") else ()

    def private_choice(self, state, action):
        return action.startswith("play")

    def label(self, state, action):
        return f"🃏 {action[5:]}" if action.startswith("play") else super().label(state, action)

    def apply(self, state, action):
        action = self.parse(state, action)
        if action.startswith("play"):
            state["turn"] += 1
            return [Event(f"{state['players'][(state['turn'] - 1) % 2]} играет карту «{action[5:]}».")]
        return super().apply(state, action)


@pytest.fixture
async def service(tmp_path, monkeypatch):
    for name in ("toy", "hand"):
        monkeypatch.setitem(RENDERERS, name, lambda view: b"\x89PNG" + json.dumps(view).encode())
    service = Service(await Store.open(str(tmp_path / "bot.db")), games={"toy": Toy(), "hand": HandToy()})
    service.bot_username = "RefereeTestBot"
    yield service
    await service.close()


def datas(reply_or_rows):
    rows = reply_or_rows.buttons if hasattr(reply_or_rows, "buttons") else reply_or_rows
    return [(b.text, b.data) for row in rows for b in row]


async def begin(service):
    lobby, = await service.command(GROUP, ANYA, "new", "игрушка")
    await service.command(GROUP, BORIS, "join", "")
    return lobby, await service.command(GROUP, ANYA, "begin", "")


async def test_the_board_offers_groups_and_a_group_opens_in_place_with_a_way_back(service):
    _, (board, *_) = await begin(service)
    keys = datas(board)
    assert [text for text, _ in keys] == ["Ряд A", "Ряд B", "Ряд C", "🂠 Моя карта"]
    assert all(len(data.encode()) <= 64 for _, data in keys)
    row = await service.store.open_game(GROUP.id)
    first = ANYA if row.seats[Toy().current_seat(row.state)].user_id == ANYA.id else BORIS
    other = BORIS if first is ANYA else ANYA
    answer = await service.button(GROUP, other, keys[1][1])
    assert "ходит" in answer.toast and answer.keyboard is None  # only the player to move opens menus
    answer = await service.button(GROUP, first, keys[1][1])
    assert answer.toast == "Ряд B" and not answer.replies and answer.edit is None
    # the picture under the same caption now highlights where the group's actions lead
    assert json.loads(answer.picture[4:]) == {"focus": [f"pick b{n}" for n in range(1, 16)]}
    level = datas(answer.keyboard)
    assert [t for t, _ in level[:15]] == [f"B{n}" for n in range(1, 16)]
    assert [t for t, _ in level[15:]] == ["⬅️ Назад", "🂠 Моя карта"]
    back = await service.button(GROUP, first, level[15][1])
    assert [t for t, _ in datas(back.keyboard)] == ["Ряд A", "Ряд B", "Ряд C", "🂠 Моя карта"]
    assert json.loads(back.picture[4:]) == {"focus": None}  # the first level: the game's own highlight
    # pressing a cell of the opened group plays it; the group's buttons carry the version, so once the
    # board has changed they are stale
    played = await service.button(GROUP, first, level[4][1])
    assert not played.clear_buttons and "берёт b5" in played.replies[0].text
    stale = await service.button(GROUP, other, keys[1][1])
    assert "устарела" in stale.toast


async def test_a_group_with_one_cell_is_shown_as_the_cell_itself(service):
    await begin(service)
    for cell in CELLS:
        if cell not in ("a3", "b1", "b2"):
            row = await service.store.open_game(GROUP.id)
            mover = ANYA if row.seats[Toy().current_seat(row.state)].user_id == ANYA.id else BORIS
            *_, board = await service.command(GROUP, mover, "pick", cell)
    # the player who has just moved may still take it back alone (nothing was revealed): their ↩️ comes last
    assert [t for t, _ in datas(board)] == ["A3", "Ряд B", "🂠 Моя карта", f"↩️ {mover.name}: отменить ход"]


async def test_forged_group_buttons_change_nothing(service):
    _, (board, *_) = await begin(service)
    row = await service.store.open_game(GROUP.id)
    player = ANYA if row.seats[Toy().current_seat(row.state)].user_id == ANYA.id else BORIS
    for data in (f"k:{row.id}:{row.version}:999:1", f"k:{row.id}:{row.version}:0:9", f"k:{row.id}:{row.version}:0",
                 f"k:{row.id}:{row.version}:²:1", f"k:{row.id}:{row.version + 1}:0:1"):
        answer = await service.button(GROUP, player, data)
        assert answer.keyboard is None and answer.toast and "пошло не так" not in answer.toast
    assert (await service.store.open_game(GROUP.id)).version == row.version


async def test_the_secret_button_shows_each_player_only_their_own(service):
    _, (board, *_) = await begin(service)
    secret = dict(datas(board))["🂠 Моя карта"]
    anya = await service.button(GROUP, ANYA, secret)
    boris = await service.button(GROUP, BORIS, secret)
    row = await service.store.open_game(GROUP.id)
    numbers = [Toy().secret(row.state, s) for s in (0, 1)]
    assert anya.alert and boris.alert
    assert {anya.toast, boris.toast} == set(numbers) and anya.toast != boris.toast
    assert anya.toast == numbers[row.seat_of(ANYA.id)]
    glebs = await service.button(GROUP, GLEB, secret)
    assert "не играете" in glebs.toast


async def test_secrets_go_privately_only_to_players_who_started_the_bot(service):
    lobby, = await service.command(GROUP, ANYA, "new", "toy")
    token = (await service.store.open_game(GROUP.id)).token
    assert f'href="https://t.me/RefereeTestBot?start=t{token}"' in lobby.text
    await service.command(GROUP, BORIS, "join", "")
    # Борис opens the deep link from the lobby before the game starts
    hello, = await service.command(Chat(BORIS.id, private=True), BORIS, "start", f"t{token}")
    assert "Готово" in hello.text
    replies = await service.command(GROUP, ANYA, "begin", "")
    row = await service.store.open_game(GROUP.id)
    first = row.seats[Toy().current_seat(row.state)].user_id
    notes = [r for r in replies if r.to_user is not None and "тайное" in r.text]
    # everybody who started the bot gets a note, the first player too (their «ваш ход» with the secret);
    # only Борис started the bot
    assert [n.to_user for n in notes] == [BORIS.id]
    if first != BORIS.id:
        assert "«Игрушка» в чате «Друзья»\nВаше тайное число" in notes[0].text
    else:
        assert notes[0].text.startswith("Ваш ход в «Игрушке» (чат «Друзья»).\nВаше тайное число")
    # after each turn the mover's changed secret goes to them privately, if they started the bot
    mover = ANYA if first == ANYA.id else BORIS
    replies = await service.command(GROUP, mover, "pick", "a1")
    notes = [r for r in replies if r.to_user is not None and "тайное" in r.text]
    assert [n.to_user for n in notes] == ([BORIS.id] if mover is BORIS else [])
    # the player whose turn it now is hears so privately, if they started the bot (with a link to the board)
    turn = [r for r in replies if r.to_user is not None and "Ваш ход" in r.text]
    assert [(n.to_user, n.link_board) for n in turn] == ([(BORIS.id, True)] if mover is ANYA else [])
    assert not turn or "«Друзья»" in turn[0].text
    # the deep link during the game answers with the current secret
    hello, = await service.command(Chat(ANYA.id, private=True), ANYA, "start", f"t{token}")
    row = await service.store.open_game(GROUP.id)
    assert Toy().secret(row.state, row.seat_of(ANYA.id)) in hello.text
    assert await service.store.private_users([ANYA.id, BORIS.id, GLEB.id]) == {ANYA.id, BORIS.id}


@pytest.mark.parametrize("payload", ["g", "gabc", "g-", "g²", "x-200", "g" + "9" * 30, "t", "tshort", "t" + "a" * 40])
async def test_odd_deep_link_payloads_just_say_ready(service, payload):
    await begin(service)
    reply, = await service.command(Chat(ANYA.id, private=True), ANYA, "start", payload)
    assert reply.text.startswith("Готово") and "тайное" not in reply.text


async def test_help_lists_every_game_and_the_private_link_in_a_group(service):
    reply, = await service.command(GROUP, ANYA, "help", "")  # a few lines in the group
    assert "«Игрушка»" in reply.text and reply.text.count("\n") <= 6
    assert "@RefereeTestBot вопрос" in reply.text and "/rules" in reply.text  # the rules lookup and inline mode
    assert "https://t.me/RefereeTestBot?start=hi" in reply.text  # no game here: the link only opens the chat
    assert '<a href="https://t.me/RefereeTestBot?start=help">Полное руководство</a>' in reply.text
    private, = await service.command(Chat(ANYA.id, private=True), ANYA, "help", "")  # the whole guide there
    assert "<code>/new toy</code> — <b>«Игрушка»</b>, 2 игрока: игрушечная игра для тестов" in private.text
    assert "t.me" not in private.text
    guide, = await service.command(Chat(ANYA.id, private=True), ANYA, "start", "help")  # the link's guide
    assert guide.text == private.text
    assert buttons.decode("s:12") == ("s", 12) and buttons.decode("k:1:2:3:4") == ("k", 1, 2, 3, 4)


async def test_a_hidden_hand_is_one_button_and_only_its_owner_sees_the_cards(service):
    await service.command(GROUP, ANYA, "new", "hand")
    await service.command(GROUP, BORIS, "join", "")
    board, *_ = await service.command(GROUP, ANYA, "begin", "")
    row = await service.store.open_game(GROUP.id)
    first = ANYA if row.seats[HandToy().current_seat(row.state)].user_id == ANYA.id else BORIS
    other = BORIS if first is ANYA else ANYA
    keys = [b for line in board.buttons for b in line]
    assert [b.text for b in keys] == ["A1", "A2", "🂠 Сыграть карту", "🂠 Моя карта"]
    private, = [b for b in keys if b.inline_query is not None]
    assert private.inline_query == f"#{row.token}" and not private.data
    hand = HandToy.HANDS[HandToy().current_seat(row.state)]
    assert not any(card in b.text or card in b.data for card in hand for b in keys)
    assert not any(card in board.text for card in hand)

    mine = await service.inline(first, private.inline_query)
    assert mine.personal and [a.title for a in mine.articles] == [f"🃏 {card}" for card in hand]
    assert [a.text for a in mine.articles] == [f"/play {card} #{row.token}" for card in hand]  # marked with its game
    theirs = await service.inline(other, private.inline_query)
    assert theirs.personal and not theirs.articles and theirs.note == f"Сейчас ходит {first.name}"
    assert theirs.start == f"t{row.token}"
    outsider = await service.inline(GLEB, private.inline_query)
    assert not outsider.articles and outsider.note == "Вы не играете в этой партии"
    gone = await service.inline(first, f"#{row.id}")  # the id an old button named the game by
    assert not gone.articles and gone.personal and "устарела" in gone.note and gone.start is None
    rules = await service.inline(first, "провиант")
    assert rules.articles and not rules.personal

    # choosing a result sends its text into the group as the player's own message: a typed move
    name, _, args = mine.articles[-1].text.lstrip("/").partition(" ")
    played, *_ = await service.command(GROUP, first, name, args)
    assert f"играет карту «{hand[-1]}»" in played.text
    assert (await service.inline(first, private.inline_query)).note == f"Сейчас ходит {other.name}"


async def test_the_console_offers_a_hidden_hand_to_its_owner_and_plays_the_choice(service, tmp_path):
    lines: list[str] = []
    console = Console(service, tmp_path / "boards", write=lines.append)
    for line in ("@Аня /new hand", "@Борис /join", "@Аня /begin"):
        await console.handle(line)
    first = next(line for line in lines if "Ходит @" in line).split("Ходит @")[1].split(".")[0]
    hand = HandToy.HANDS[0 if first == "Аня" else 1]
    number = 1 + [b.text for b in console.keyboard].index("🂠 Сыграть карту")
    other = "Борис" if first == "Аня" else "Аня"
    await console.handle(f"@{other} {number}")
    assert lines[-1] == f"(лично для {other}) Сейчас ходит {first}"
    await console.handle(f"@{first} {number}")
    assert lines[-1].startswith(f"(лично для {first}, другие не видят) [#1] 🃏 {hand[0]}")
    await console.handle(f"@{first} #2")
    assert any(f"{first} играет карту «{hand[1]}»" in line for line in lines[-4:])
    assert console.choices == []


async def test_when_every_choice_is_hidden_the_board_has_one_button_for_them(service, monkeypatch):
    monkeypatch.setattr(HandToy, "legal_actions", lambda self, state: [
        f"play {card}" for card in self.HANDS[self.current_seat(state)]])
    await service.command(GROUP, ANYA, "new", "hand")
    await service.command(GROUP, BORIS, "join", "")
    board, *_ = await service.command(GROUP, ANYA, "begin", "")
    row = await service.store.open_game(GROUP.id)
    assert [(b.text, b.inline_query) for line in board.buttons for b in line] == [
        ("🂠 Сыграть карту", f"#{row.token}"), ("🂠 Моя карта", None)]
    player = ANYA if row.seats[HandToy().current_seat(row.state)].user_id == ANYA.id else BORIS
    forged = await service.button(GROUP, player, f"k:{row.id}:{row.version}:0:1")  # "open" the hidden group
    assert forged.keyboard is None and "устарела" in forged.toast


async def test_the_moves_list_never_names_a_hidden_choice(service):
    await service.command(GROUP, ANYA, "new", "hand")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    listing, = await service.command(GROUP, GLEB, "moves", "")
    assert "<code>/pick a1</code>" in listing.text
    assert not any(card in listing.text for hand in HandToy.HANDS for card in hand)
    assert "🂠 Сыграть карту — кнопкой под доской: варианты увидит только" in listing.text

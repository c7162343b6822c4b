"""«Зодчие» through the transport-free service: /new by its names, a hidden hand played through the
personal choice (never on the group's buttons or texts), whole games by buttons and hidden choices to the
final fame, private notes of a new hand, and the focus of an opened menu group."""

from __future__ import annotations

import html
import json
import random

import pytest

from bot.replies.reply import Chat, User
from bot.table.service import SORRY, Service
from rules.registry import GAMES

GROUP = Chat(id=-400, title="Долина")
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
USERS = {u.id: u for u in (ANYA, BORIS, VERA)}
SY = GAMES["sylvan"]


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def current(service):
    row = await service.store.open_game(GROUP.id)
    state = SY.load(row.state)
    return row, state, USERS[row.seats[SY.current_seat(state)].user_id]


def group_texts(replies) -> str:
    return "\n".join(r.text for r in replies if r.to_user is None) + json.dumps(
        [(b.text, b.data) for r in replies if r.to_user is None for line in r.buttons for b in line],
        ensure_ascii=False)


@pytest.mark.parametrize("name", ["sylvan", "зодчие", "Зодчие Волшебной Долины", "builders of sylvan dale"])
async def test_new_knows_the_game_by_its_names(service, name):
    lobby, = await service.command(GROUP, ANYA, "new", name)
    assert "собирает игру «Зодчие Волшебной Долины» (от 2 до 4 игроков)" in lobby.text


async def test_the_hand_is_chosen_privately_and_never_shown_to_the_group(service):
    await service.command(GROUP, ANYA, "new", "зодчие")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(Chat(BORIS.id, private=True), BORIS, "start", "")
    replies = await service.command(GROUP, ANYA, "begin", "")
    row, state, player = await current(service)
    hands = {seat: SY.view(state, seat)["hand"] for seat in range(2)}
    shown = group_texts(replies)
    for hand in hands.values():
        assert hand and not any(card["key"] in shown for card in hand)
    board = replies[0]
    keys = [b for line in board.buttons for b in line]
    assert [(b.text, b.inline_query) for b in keys] == [("🂠 Сыграть карту", f"#{row.token}"), ("🂠 Моя рука", None)]
    # Борис started the bot: his hand comes privately, unless it is his turn (then it is his to play)
    notes = [r for r in replies if r.to_user is not None]
    if player is ANYA:
        assert [n.to_user for n in notes] == [BORIS.id] and SY.secret(state, 1 - SY.current_seat(state)) in \
            html.unescape(notes[0].text)
    other = BORIS if player is ANYA else ANYA
    assert (await service.inline(other, f"#{row.token}")).articles == []
    choices = await service.inline(player, f"#{row.token}")
    plays = [a for a in SY.legal_actions(state) if SY.private_choice(state, a)]  # the playable cards, once each
    assert choices.personal
    assert [html.unescape(a.text) for a in choices.articles] == [f"/{a} #{row.token}" for a in plays]
    keys = {card["key"] for card in hands[SY.current_seat(state)]}
    assert plays and all(play.split()[1] in keys for play in plays)
    name, _, args = html.unescape(choices.articles[0].text).lstrip("/").partition(" ")
    played = await service.command(GROUP, player, name, args)
    assert "играет карту" in played[0].text and played[0].image
    row, state, _ = await current(service)
    assert state.step in ("place", "play", "act")  # the card is on the table, the turn goes on


async def test_whole_games_by_buttons_and_hidden_choices_end_with_fame(service):
    await service.command(GROUP, ANYA, "new", "sylvan")
    for user in (BORIS, VERA):
        await service.command(GROUP, user, "join", "")
    board, *_ = await service.command(GROUP, ANYA, "begin", "")
    keyboard, rng, moves = board.buttons, random.Random(7), 0
    while any(not b.data.startswith("re:") for line in keyboard for b in line):  # the final board: «Реванш»
        _, state, player = await current(service)
        hidden = [SY.secret(state, s) for s in range(3) if s != SY.current_seat(state)]
        button = rng.choice([b for line in keyboard for b in line if not b.data.startswith("s:")])
        if button.inline_query is not None:
            choice = rng.choice((await service.inline(player, button.inline_query)).articles)
            name, _, args = html.unescape(choice.text).lstrip("/").partition(" ")
            replies = await service.command(GROUP, player, name, args)
        else:
            answer = await service.button(GROUP, player, button.data)
            assert answer.toast != SORRY
            if answer.keyboard is not None:
                keyboard = answer.keyboard
                continue
            replies = [answer.edit] if answer.edit else answer.replies
        moves += 1
        assert moves < 3000
        text = group_texts(replies)
        assert not any(secret in text for secret in hidden if secret)
        keyboard = next(r for r in reversed(replies) if r.to_user is None).buttons
    final = next(r for r in reversed(replies) if r.to_user is None)
    assert "Партия окончена!" in final.text and " славы" in final.text
    assert "🏆 Победа" in final.text or "🤝 Ничья" in final.text


def test_an_opened_group_highlights_the_trees_its_actions_act_on():
    state = SY.new(["Аня", "Борис", "Вера"], seed=3)
    a, b, c, d = list(state.trees)[:4]
    focus = [f"axe {a}", f"hammer {b} {c}", f"bridge {c} {d}", "take deck", f"top {a}"]
    assert SY.view(state, None, focus)["highlight"] == [a, c, d]
    assert SY.view(state, None, [])["highlight"] == []

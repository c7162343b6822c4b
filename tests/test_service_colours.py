"""Each person keeps their colour in the pictures: a rematch moves the seats on by one, and the pawns and settlements
of every person who plays again are drawn in the colour they had (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from test_service_rematch import finish, play_out
from test_service_turns import ANYA, BORIS, GROUP, MORNING, VERA, Clock, opened, table

from bot.replies import buttons
from bot.table.seating.colours import Colours
from render.common import PLAYER_COLOURS, seat_colours
from render.registry import RENDERERS


@pytest.fixture
def clock():
    return Clock(MORNING)


@pytest.fixture
def drawn(monkeypatch) -> list[dict]:
    """The views the service has the Kingdom Builder pictures drawn from, latest last."""
    views: list[dict] = []
    monkeypatch.setitem(RENDERERS, "kingdom", lambda view: views.append(view) or b"\x89PNG")
    return views


@pytest.fixture
async def service(database, clock):
    service = await opened(database, clock)
    yield service
    await service.close()


def colour_by_name(view: dict) -> dict[str, tuple]:
    colours = seat_colours(view["players"])
    return {p["name"]: colours[p["seat"]] for p in view["players"]}


async def rematch(service, asker, confirming) -> None:
    """The rematch of the last finished game, asked by `asker`, confirmed by `confirming`, begun."""
    final_row = await service.store.last_finished(GROUP.id)
    answer = await service.button(GROUP, asker, buttons.encode(buttons.REMATCH, final_row.id))
    assert answer.replies, answer
    row = await service.store.open_game(GROUP.id)
    for user in confirming:
        await service.button(GROUP, user, buttons.encode(buttons.JOIN, row.id))
    board, *_ = await service.command(GROUP, asker, "begin", "")
    assert "Реванш" in board.text


async def test_a_rematch_keeps_each_person_s_colour(service, drawn):
    await finish(service, (ANYA, BORIS, VERA))
    first = colour_by_name(drawn[-1])
    assert sorted(first.values()) == sorted(PLAYER_COLOURS[:3])  # a first game: the seats' colours in order
    by_seat = []  # what colouring by the seat number would have given in each rematch
    await rematch(service, BORIS, (ANYA, VERA))
    assert colour_by_name(drawn[-1]) == first
    before, _, _ = await table(service)
    by_seat.append({s.name: PLAYER_COLOURS[s.seat] for s in before.seats})
    await play_out(service)

    await rematch(service, ANYA, (BORIS, VERA))  # a rematch's first seat opened it: now the seats move on by one
    row, _, _ = await table(service)
    assert [s.name for s in row.seats] == [s.name for s in before.seats[1:] + before.seats[:1]]
    assert colour_by_name(drawn[-1]) == first
    by_seat.append({s.name: PLAYER_COLOURS[s.seat] for s in row.seats})
    assert any(colours != first for colours in by_seat)  # by seat, somebody's colour would have changed
    await service.command(GROUP, ANYA, "board", "")  # any redraw of the board: the same colours
    assert colour_by_name(drawn[-1]) == first


async def test_colours_follow_people_along_a_chain_of_rematches_and_a_newcomer_takes_a_free_one(service, drawn):
    await finish(service, (ANYA, BORIS, VERA))
    first = colour_by_name(drawn[-1])
    await rematch(service, BORIS, (ANYA,))  # Вера does not confirm: she drops out
    second = colour_by_name(drawn[-1])
    assert second == {name: first[name] for name in ("Аня", "Борис")}
    row, state, _ = await table(service)

    colours = Colours(service.store)  # a fresh process (a restart) works them out again from the store alone
    assert await colours.of(row) == [PLAYER_COLOURS.index(second[s.name]) for s in row.seats]

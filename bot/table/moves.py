"""Playing and looking: a move typed or pressed, the board's menu buttons, /board, /moves, /score, /log and a
player's own hidden cards and points. A part of `bot.table.service.Service`.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from bot.replies import buttons
from bot.replies.lines import breakdown
from bot.replies.names import plain
from bot.replies.reply import Button, ButtonAnswer, Chat, Reply, User
from bot.storage.base import (
    ACTIVE,
    LOBBY,
    Conflict,
    Duplicate,
    GameRow,
)
from bot.table import captions, menus
from bot.table.core import PRIVATE_GROUP, STALE, Table, stale
from bot.table.history import History
from bot.table.texts import not_running, step_text
from bot.table.turns import Turns, scored
from rules.protocol import Event, Game, RuleError
from rules.text import count

LOG_LINES = 12


@dataclass
class Step:
    """One action recorded, before the bots that follow it move and before its board is drawn (`Moves.finish`)."""

    chat: Chat
    row: GameRow
    game: Game
    state: object
    secrets: list[str | None]  # every seat's secret before the action
    headlines: list[str]
    scorings: list[Event]
    goes_on: bool  # the same player goes on with the turn
    # the message of the turn's board on the screen (None while it is still owed): edited in place while the player
    # goes on; when the turn passes, the table of a round just scored takes its place (the new board follows)
    shown: int | None


def shared_prefix_list(labels: list[str]) -> str:
    """Labels as one list, a word they all begin with said once: «🏠 D5, E5, F5» for «🏠 D5», «🏠 E5», «🏠 F5»."""
    first = labels[0].split(" ", 1)
    if len(first) == 2 and all(label.startswith(first[0] + " ") for label in labels):
        return first[0] + " " + ", ".join(label[len(first[0]) + 1:] for label in labels)
    return ", ".join(labels)


class Moves:
    def __init__(self, table: Table, turns: Turns, history: History):
        self.table, self.turns, self.history = table, turns, history

    async def board(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return await self.history.finished_board(chat)
        if row.status == LOBBY:
            return [await self.table.lobby(row, "")]  # its header: who gathers which game
        game, state = self.table.state(row)
        return [await self.table.board_reply(row, game, state, notify=False)]  # asking to look pings nobody

    async def moves(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None or row.status != ACTIVE:
            return [Reply(not_running(self.table.game(row).title if row is not None else None))]
        game, state = self.table.state(row)
        seat = game.current_seat(state)
        actions = game.legal_actions(state)
        groups: dict[tuple[str, ...], list[str]] = {}  # the menu's groups, as the buttons offer them
        for action in actions:
            if not game.private_choice(state, action):
                groups.setdefault(tuple(game.menu_path(state, action)), []).append(action)
        lines = []
        for path, grouped in groups.items():
            example = f"<code>{escape(game.command(state, grouped[0]))}</code>"
            if not path:
                lines += [f"• {escape(game.label(state, a))} — <code>{escape(game.command(state, a))}</code>"
                          for a in grouped]
            elif len(grouped) == 1:
                lines.append(f"• {escape(' › '.join(path))}: {escape(game.label(state, grouped[0]))} — {example}")
            else:
                listed = shared_prefix_list([game.label(state, a) for a in grouped])
                lines.append(f"• {escape(' › '.join(path))}: {escape(listed)} — например, {example}")
        hidden = [a for a in actions if game.private_choice(state, a)]
        if hidden:  # the list is read by the whole group: a hand is chosen by its own button
            label = escape(self.table.private_label(game, state, hidden[0]))
            lines.append(f"• {label} — кнопкой под доской: варианты увидит только {plain(row.seats[seat].name)}")
        return [Reply(f"Ходит {plain(row.seats[seat].name)}. Можно:\n" + "\n".join(lines))]

    async def score(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return await self.history.finished_score(chat)
        if row.status != ACTIVE:
            return [Reply("Партия ещё не началась: идёт набор игроков.")]
        game, state = self.table.state(row)
        hidden = set(game.secret_score_parts)
        lines = []
        for entry in sorted(game.scores(state), key=lambda e: -e["total"]):
            shown = {k: v for k, v in entry["breakdown"].items() if k not in hidden}
            parts = breakdown(game, shown)
            lines.append(f"<b>{plain(entry['name'])}</b>: {sum(shown.values())} ({parts or 'пока ничего'})")
        note = ""
        if hidden:
            secret = ", ".join(escape(game.score_names.get(k, k)) for k in sorted(hidden))
            note = (f"\n\nОчки за {secret} скрыты до конца партии и в этот счёт не входят; свои — кнопкой "
                    "«🔒 Мои очки».")
        keyboard = [[Button("🔒 Мои очки", buttons.encode(buttons.MY_SCORE, row.id))]] if hidden else []
        return [Reply("<b>Открытый счёт</b>\n" + "\n".join(lines) + note, buttons=keyboard)]

    async def log(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        if row is None:
            return await self.history.finished_log(chat, LOG_LINES)
        if row.status != ACTIVE:
            return [Reply("Партия ещё не началась: ходов нет.")]
        lines = await self.table.store.log(row.id, LOG_LINES)
        if not lines:
            return [Reply("Ходов ещё не было.")]
        text = "\n".join(f"{line.number}. {escape(step_text(line.summary, row.seats[line.seat].name))}"
                         for line in lines)
        return [Reply("<b>Последние ходы</b>\n" + text)]

    async def play(self, chat: Chat, user: User, row: GameRow, text: str) -> tuple[list[Reply], bool]:
        """Apply a typed or pressed action of `user`; refusals change nothing. Also tells whether the
        action was accepted and the same player goes on with their turn. The board comes first; private
        notes of secrets that changed (a card drawn) follow it."""
        step = await self.step(chat, user, row, text)
        if isinstance(step, list):
            return step, False
        return await self.finish(step), step.goes_on

    async def step(self, chat: Chat, user: User, row: GameRow, text: str) -> Step | list[Reply]:
        """The action of `user` applied and recorded (the refusal when it cannot be): what `finish` then shows."""
        game, state = self.table.state(row)
        refusal = self.turn_refusal(game, state, row, user)
        if refusal:
            return [Reply(refusal, only_for=user.id)]
        try:
            action = game.parse(state, text)  # the game's parse ignores politeness (rules.text.POLITE_WORDS)
            seat = game.current_seat(state)
            secrets = [game.secret(state, s.seat) for s in row.seats]
            reveals = game.reveals(state, action)
            events = game.apply(state, action)
        except RuleError as error:
            rule = self.table.rulebook.section(error.section) if error.section else None
            keyboard = [[Button("📖 Правило", f"{buttons.RULE}:{rule.id}")]] if rule else []
            return [Reply(f"❌ {escape(error.message)}\nРазрешённые ходы — /moves или кнопки под доской.",
                          buttons=keyboard)]
        # the turn's board on the screen, if this step goes on a turn whose board the chat has (not still owed)
        shown = row.board_message_id if await self.table.store.debt(row.id, row.version) is None else None
        try:
            # the caption names the next player (with a mention) or the results itself
            row, _, goes_on = await self.turns.record(row, game, state, seat, user.id, action, events, reveals)
        except Conflict:
            if await self.table.store.handled_elsewhere():  # this very update, delivered to another process too
                raise Duplicate("applied by another process") from None
            return [Reply("Доска уже изменилась, ход не записан. Вот она сейчас:"),
                    *await self.board(chat, user, await self.table.store.game(row.id), "")]
        scorings = scored(events)
        headlines = await self.turns.turn_story(row, seat, scorings)  # the whole turn so far, this move last
        if await self.table.came_back(user.id):  # a move ends the player's time away (/away)
            headlines.insert(0, f"✈️ {plain(user.name)} снова в игре.")
            if goes_on:  # the rest of the turn: its time counts from now
                await self.turns.pending.returned(row, seat, self.table.clock())
        return Step(chat, row, game, state, secrets, headlines, scorings, goes_on, shown)

    async def finish(self, step: Step) -> list[Reply]:
        """After a step: the seats the autopilot plays move at once (when the turn passed), then the scorings, the
        board (the turn's own board edited in place while the same player goes on) and the private notes."""
        chat, row, game, state = step.chat, step.row, step.game, step.state
        if not step.goes_on:  # seats the autopilot plays move at once
            row = await self.turns.autoplay(row, game, state, step.headlines, step.scorings)
        # a secret that changed goes privately to its owner, unless it is on the table now (their turn)
        changed = [s for s in row.seats if s.seat != game.current_seat(state)
                   and game.secret(state, s.seat) not in (None, step.secrets[s.seat])]
        notes = await self.table.secret_notes(chat, row, game, state, changed)
        if not step.goes_on:
            notes += await self.turns.turn_notes(chat, row, game, state)
        # ping the next player only when the turn passes: the mover is already at the phone
        board = await self.table.board_reply(row, game, state, "\n".join(step.headlines), notify=not step.goes_on)
        board.replaces = step.shown if step.goes_on else None
        scorings = await self.turns.scorings(row, game, state, step.scorings)
        drawn = [reply for reply in scorings if reply.image is not None]
        if drawn and not step.goes_on:  # one new picture a turn: the round's table replaces the old board
            drawn[0].replaces = step.shown
        return [*scorings, board, *notes]

    async def finish_later(self, step: Step) -> list[Reply]:
        """`finish` for a pressed move whose press was answered first: nothing when the game has moved on since
        (another process or the bots' timer played the bots, and their board is on its way)."""
        async with self.table.locks[step.chat.id]:
            row = await self.table.store.game(step.row.id)
            if row is None or row.version != step.row.version:
                return []
            return await self.finish(step)

    def turn_refusal(self, game: Game, state, row: GameRow, user: User) -> str | None:
        seat = row.seat_of(user.id)
        if seat is None:
            return f"{plain(user.name)}, вы не играете в этой партии — можно только смотреть."
        current = game.current_seat(state)
        if current is None:
            return "Партия уже закончилась."
        if current != seat:
            return f"Сейчас ходит {plain(row.seats[current].name)}, подождите своей очереди."
        return None

    # --- buttons -------------------------------------------------------------------------------

    async def move_button(self, chat: Chat, user: User, row: GameRow, version: int, index: int) -> ButtonAnswer:
        """A move pressed on the board's keyboard."""
        turn = self._pressed_on_turn(row, user, version)
        if isinstance(turn, ButtonAnswer):
            return turn
        game, state = turn
        actions = game.legal_actions(state)
        if index >= len(actions):
            return ButtonAnswer(toast=STALE)
        step = await self.step(chat, user, row, actions[index])
        if isinstance(step, list):
            return ButtonAnswer(replies=step)
        if not step.goes_on and await self.turns.plays_on(step.row, step.game, step.state):
            # bots (or the autopilot) move next: the press is answered first, then they think (`Service.button`)
            return ButtonAnswer(then=lambda: self.finish_later(step))
        replies = await self.finish(step)
        if step.goes_on:
            # the same player's next step: redraw the board in place rather than post another one
            return ButtonAnswer(edit=replies[0], replies=replies[1:])
        # the old board keeps its keyboard: its version makes every button on it stale, and removing
        # it would spend a request of the group's 20 a minute that nobody needs
        return ButtonAnswer(replies=replies)

    async def menu_button(self, row: GameRow, user: User, version: int, index: int, depth: int) -> ButtonAnswer:
        """Open a group of the action menu (or go back up): the board's keyboard shows that level, and the
        picture highlights where the group's actions lead (the first level: the game's own highlight)."""
        turn = self._pressed_on_turn(row, user, version)
        if isinstance(turn, ButtonAnswer):
            return turn
        game, state = turn
        actions = game.legal_actions(state)
        paths = self.table.paths(game, state, actions)
        prefix = menus.prefix_of(paths, index, depth)
        if prefix is None or PRIVATE_GROUP in prefix:
            return ButtonAnswer(toast=STALE)
        prefix, keyboard = self.table.menu(row, game, state, actions, paths, prefix)
        focus = [a for a, path in zip(actions, paths, strict=True) if path[:len(prefix)] == prefix] if prefix else None
        view = await self.table.colours.dress(row, game.view(state, None, focus))
        picture = await self.table.pictures.draw(row.game, view, row.id)
        seat = game.current_seat(state)
        undoer = None if prefix else await self.table.undoer(row)  # back at the first level: as the board had it
        if undoer is not None:
            keyboard.append([self.table.undo_button(row, undoer, seat)])
        keyboard += self.table.app_button(row)
        # the caption told again: the turn being played (never the pressed message's own copy of it)
        story = captions.story(row, await self.table.store.log(row.id, captions.LOOKED_AT), seat)
        caption = "\n".join([*story, await self.table.turn_lines(row, seat)])
        return ButtonAnswer(toast=prefix[-1] if prefix else None, keyboard=keyboard, picture=picture,
                            caption=caption)

    def _pressed_on_turn(self, row: GameRow, user: User, version: int) -> tuple[Game, object] | ButtonAnswer:
        """The game and its state for a button of the board at `version` pressed by the player to move;
        the refusal to show when the board has changed since or it is not the presser's turn."""
        if row.status != ACTIVE or row.version != version:
            return ButtonAnswer(toast=stale(row))
        game, state = self.table.state(row)
        refusal = self.turn_refusal(game, state, row, user)
        return ButtonAnswer(toast=refusal) if refusal else (game, state)

    def secret(self, row: GameRow, user: User) -> ButtonAnswer:
        seat = row.seat_of(user.id)
        if seat is None or row.state is None:
            return ButtonAnswer(toast="Вы не играете в этой партии: тайных карт у вас здесь нет.")
        if row.seats[seat].away:  # the hand is the autopilot's now
            return ButtonAnswer(toast="Вы вышли из этой партии: ваше место играет автопилот 🤖, и карты теперь его.")
        game, state = self.table.state(row)
        secret = game.secret(state, seat)
        return ButtonAnswer(toast=secret or "Сейчас у вас нет ничего скрытого.", alert=True)

    def my_score(self, row: GameRow, user: User) -> ButtonAnswer:
        seat = row.seat_of(user.id)
        if seat is None or row.state is None:
            return ButtonAnswer(toast="Вы не играете в этой партии.")
        game, state = self.table.state(row)
        return ButtonAnswer(toast=own_score(game, state, seat), alert=True)


def own_score(game: Game, state, seat: int) -> str:
    """A seat's own score with the parts kept secret from the others: «У вас 12 очков (мастера: 6; бонусы: 6).»"""
    entry = game.scores(state)[seat]
    parts = breakdown(game, entry["breakdown"], html=False)
    return f"У вас {count(entry['total'], *game.score_unit)}" + (f" ({parts})." if parts else ".")

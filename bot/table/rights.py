"""Who may do what at a table, and where new tables may open: one place for the rules the lobby, the settings,
`/abort` and `/tables` follow.

- The chat's settings (every table's) and where tables may open belong to the chat's administrators (an anonymous
  administrator counts: Telegram shows the group instead of the person).
- A table's own settings belong to the players of its running game (a seat still played by its person), and to
  the administrators. A lobby's seats give no such right: anyone may open a lobby, and an outsider who opens one
  and leaves must leave no settings behind. They last while its players play on (a rematch keeps them); a new
  game opened there with /new starts from the chat's, so that nobody can leave a trap behind for the next table.
- A game is aborted by the one who opened it, by an administrator, or by anyone at the table once its opener has
  left it; and begun by its opener, or by anyone at the table once the opener has left (a rematch the same way:
  its opener is who proposed it, and a seat still to be confirmed is not yet at the table).
"""

from __future__ import annotations

from bot.replies.names import plain
from bot.replies.reply import Chat, User
from bot.storage.base import ACTIVE, LOBBY, GameRow
from bot.table.texts import topic_name

CHAT_ONLY = "Настройки всего чата меняют только администраторы чата."
GENERAL_CLOSED = "В этом чате новые столы открываются только в темах"


def may_change_chat(user: User) -> bool:
    return user.is_admin


def may_change_table(user: User, row: GameRow | None) -> bool:
    """An administrator, or a player of the table's running game whose seat is still theirs (not the autopilot's);
    not someone who only sits in a lobby."""
    if user.is_admin:
        return True
    seat = row.seat_of(user.id) if row is not None and row.status == ACTIVE else None
    return seat is not None and not row.seats[seat].away


def table_refusal(user: User, row: GameRow | None) -> str | None:
    """Why `user` may not change this table's own settings, if they may not."""
    if may_change_table(user, row):
        return None
    chat = " Для всего чата — <code>/settings чат …</code>, только администраторы."
    if row is None:
        return "За этим столом сейчас нет партии: его настройки меняют игроки, когда сядут за стол, или " \
               "администраторы чата." + chat
    if row.status == LOBBY:
        return "Партия ещё не началась: настройки этого стола меняют её игроки, когда она начнётся, или " \
               "администраторы чата." + chat
    return "Настройки этого стола меняют его игроки и администраторы чата." + chat


def chat_refusal(user: User, row: GameRow | None) -> str | None:
    """Why `user` may not change the chat's settings (or where tables open), if they may not."""
    if may_change_chat(user):
        return None
    if may_change_table(user, row):
        return CHAT_ONLY + " Для этого стола — без слова «чат», например <code>/settings лимит 24ч</code>."
    return CHAT_ONLY


def may_abort(row: GameRow, user: User) -> bool:
    """The opener, a chat administrator, or anyone at the table once the opener has left it."""
    opener_left = row.seat_of(row.creator_id) is None and row.seat_of(user.id) is not None
    return user.id == row.creator_id or user.is_admin or opener_left


ABORT_REFUSAL = "Прервать партию может только тот, кто её открыл, или администратор чата."


def begin_refusal(user: User, row: GameRow, pending: list[int] | None) -> str | None:
    """Who may begin a lobby (an ordinary one, or a rematch's: `pending` are its seats not yet confirmed, None
    for an ordinary lobby): its opener while they sit at it, otherwise anyone whose seat is confirmed."""
    if row.seat_of(user.id) is None:
        return "Начать партию может только тот, кто сидит за столом. Сядьте: /join."
    opener = next((s for s in row.seats if s.user_id == row.creator_id), None)
    if opener is not None and user.id != opener.user_id:
        if pending is not None:
            return f"Реванш начинает тот, кто его предложил: {plain(opener.name)}."
        return f"Партию начинает тот, кто открыл стол: {plain(opener.name)}."
    if user.id in (pending or ()):
        return "Сначала подтвердите своё место: «🙋 Играю» или /join."
    return None


def opening_refusal(chat: Chat, closed: dict[int, str]) -> str | None:
    """Why a new table may not open at `chat`'s table (its topic), given the chat's tables closed to new ones
    (`closed`: topic -> name; topic 0 closed means «only in topics»), if it may not."""
    if chat.private or chat.topic not in closed:
        return None
    others = [topic_name(topic, title) for topic, title in closed.items() if topic and topic != chat.topic]
    if not chat.topic:
        shut = f" (кроме закрытых: {', '.join(others)})" if others else ""
        return f"{GENERAL_CLOSED}: откройте партию в одной из тем{shut}."
    shut = f" Закрыты для новых столов также: {', '.join(others)}." if others else ""
    where = "в другой теме (не в «Общем»: там новых столов нет)" if 0 in closed else \
        "в другой теме или в «Общем»"
    return f"Эта тема закрыта для новых столов. Откройте партию {where}.{shut}"

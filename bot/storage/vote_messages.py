"""The messages that show the table's votes, the same way on both backends: a vote's question as it was asked and
the id of the message that shows it, so that a vote gone stale (a move made, the turn passed, the game over) has
its buttons taken away and its outcome told, even when nobody presses them again. A part of both backends' stores,
next to `StoreBase`, whose `_rows` and `_write` it uses."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VoteMessage:
    game_id: int
    kind: str  # "skip", "kick", "undo"
    version: int  # the game's version when the vote was asked
    question: str  # the vote's question (HTML), kept on the message when its outcome is told
    message_id: int | None  # None until the front end has sent it


class VoteMessages:
    async def save_vote_message(self, game_id: int, kind: str, version: int, question: str) -> None:
        """A vote was asked: its question (a new one of the same kind replaces the old)."""
        async with self._write() as tx:
            await self._run(tx, "DELETE FROM vote_messages WHERE game_id = ? AND kind = ?", game_id, kind)
            await self._run(tx, "INSERT INTO vote_messages (game_id, kind, version, question) VALUES (?, ?, ?, ?)",
                            game_id, kind, version, question)

    async def vote_message_shown(self, game_id: int, kind: str, message_id: int) -> None:
        async with self._write() as tx:
            await self._run(tx, "UPDATE vote_messages SET message_id = ? WHERE game_id = ? AND kind = ?",
                            message_id, game_id, kind)

    async def vote_messages(self, chat_id: int) -> list[VoteMessage]:
        """The vote messages of the chat's games (of every topic) whose outcome is not yet told."""
        rows = await self._rows("SELECT m.game_id, m.kind, m.version, m.question, m.message_id FROM vote_messages m "
                                "JOIN games g ON g.id = m.game_id WHERE g.chat_id = ? ORDER BY m.game_id, m.kind",
                                chat_id)
        return [VoteMessage(*r) for r in rows]

    async def drop_vote_message(self, game_id: int, kind: str) -> None:
        """The vote's outcome is told: its message is left as it is."""
        async with self._write() as tx:
            await self._run(tx, "DELETE FROM vote_messages WHERE game_id = ? AND kind = ?", game_id, kind)

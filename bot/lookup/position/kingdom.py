"""Kingdom Builder's side of the position answers: building on a hex («могу построить на K12?», with the
coordinate in Latin or Cyrillic letters, «к12» or «K 12»), playing a location token on a hex or moving with it
(«можно мне оракулом на D5?», «что даст мне таверна?»), ending the turn. The terrain card is hidden from the
others until its owner's turn begins: an answer worked out for a later turn (from that card) goes to the
asker alone; on her own turn the card lies open and the answer may go to the chat.
"""

from __future__ import annotations

from bot.lookup.position.talk import Answer, exact
from rules.kingdom import notation
from rules.kingdom.data import MANDATORY_BUILDS
from rules.kingdom.engine import legal_actions
from rules.kingdom.state import State, dump, load
from rules.protocol import Game

SECTIONS = {"build": "kingdom.building", "discard": "kingdom.lose-tile", "end": "kingdom.turn"}
WORDS = (notation.RETURN_WORDS | notation.END_WORDS | notation.BUILD_WORDS | notation.FILLER_WORDS
         | notation.POLITE_WORDS)


def _kind(token: str) -> str | None:
    """The kind of move a word names: a token's, «build», «end» or «discard»; None for other words."""
    if (tile := notation.tile_word(token)) is not None:
        return tile
    if token in notation.BUILD_WORDS:
        return "build"
    return "end" if token in notation.END_WORDS else "discard" if token in notation.RETURN_WORDS else None


class KingdomTalk:
    def understood(self, state: State, text: str) -> bool:
        tokens = notation.normalise(text)
        meant = [t for t in tokens if _kind(t) is not None or notation.hex_of(t) is not None]
        return bool(meant) and all(t in WORDS or t in meant or notation.terrain_word(t) is not None
                                   or notation.state_word(t) is not None for t in tokens)

    def options(self, state: State, text: str) -> list[str] | None:
        if not self.understood(state, text):
            return None
        if found := exact(notation.parse, state, text):
            return found
        tokens = notation.normalise(text)
        if any(notation.hex_of(t) is not None for t in tokens):
            return []  # a place was named and refused
        kinds = [k for t in tokens if (k := _kind(t)) is not None]
        kind = next((k for k in kinds if k not in ("build", "end", "discard")), kinds[0] if kinds else None)
        return [a for a in legal_actions(state) if a.split(" ")[0] == kind]

    def special(self, game: Game, state: State, seat: int, kind: str, text: str) -> Answer | None:
        return None

    def next_turn(self, state: State, seat: int, text: str) -> State | None:
        """Her next turn as it begins: her (hidden) terrain card, her tokens ready, three settlements to build."""
        player = state.players[seat]
        if player.card is None:
            return None
        trial = load(dump(state))
        trial.current, trial.phase, trial.pending = seat, "start", []
        trial.builds_left = min(MANDATORY_BUILDS, player.settlements)
        trial.prev_placed, trial.turn_placed = trial.turn_placed, []
        for tile in trial.players[seat].tiles:
            tile.state = "usable"
        trial.touch()
        return trial

    def private(self, state: State, seat: int, text: str, waiting: bool) -> bool:
        return waiting and state.players[seat].card is not None

    def section(self, action: str) -> str:
        verb = action.split(" ")[0]
        return SECTIONS.get(verb, f"kingdom.{verb}")

    def outlook(self, state: State, seat: int) -> dict[str, int]:
        return {}


TALK = KingdomTalk()

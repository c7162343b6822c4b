"""«Зодчие Волшебной Долины»'s side of the position answers: playing a card named by its style or symbol
(«можно мне сыграть мост?»), building on a tree («могу поставить на Б3?»), a flag, a set of cards, the special
items on trees («можно срубить Б3 топором?», «могу построить мост?»), taking a card. The hand is hidden: an
answer about playing a card, or one worked out for a later turn (from the hand), goes to the asker alone.
The trees and regions are counted at a round's end; what they would give now is the engine's own
`round_scoring`.
"""

from __future__ import annotations

from bot.lookup.position.talk import Answer, exact
from rules.protocol import Game
from rules.sylvan import notation
from rules.sylvan.engine import FACE_KEYS, ITEM_VERBS, legal_actions
from rules.sylvan.scoring import round_scoring
from rules.sylvan.state import State, Turn, dump, load

SECTIONS = {"play": "sylvan.play-card", "redraw": "sylvan.no-fit", "pass": "sylvan.no-fit", "place": "sylvan.place",
            "flag": "sylvan.flags", "noflag": "sylvan.flags", "set": "sylvan.items", "axe": "sylvan.axe",
            "hammer": "sylvan.hammer", "bridge": "sylvan.bridge", "top": "sylvan.treetop", "take": "sylvan.draw",
            "refresh": "sylvan.refresh", "end": "sylvan.turn"}
HAND = ("play", "redraw", "pass")  # the moves of a turn's start, which the hand decides


def intent(state: State, text: str) -> notation.Intent | None:
    norm = notation.normalise(text)
    return notation.read_intent(state, norm) if norm else None


def fits(face: str, it: notation.Intent) -> bool:
    """Whether a card face («ореховый-мост+верхушка») has the style and every symbol the words named."""
    style, symbols = FACE_KEYS[face]
    return (not it.styles or style in it.styles) and set(it.symbols) <= set(symbols)


class SylvanTalk:
    def understood(self, state: State, text: str) -> bool:
        return intent(state, text) is not None

    def options(self, state: State, text: str) -> list[str] | None:
        it = intent(state, text)
        if it is None:
            return None
        if found := exact(notation.parse, state, text):
            return found
        legal = legal_actions(state)
        if it.kind == "play":  # the cards of the hand with the style and symbols named
            return [a for a in legal if a.startswith("play ") and fits(a.split(" ")[1], it)]
        vague = not (it.trees or it.bad_trees or it.numbers or it.deck or it.styles) and (
            it.kind in ITEM_VERBS or not it.symbols)
        return [a for a in legal if a.split(" ")[0] == it.kind] if vague else []

    def special(self, game: Game, state: State, seat: int, kind: str, text: str) -> Answer | None:
        return None

    def next_turn(self, state: State, seat: int, text: str) -> State | None:
        """Only the start of her turn can be told ahead (the card she plays, from the hand she holds now): what
        comes after it depends on that card and on the others' moves."""
        it = intent(state, text)
        if it is None or it.kind not in HAND:
            return None
        trial = load(dump(state))
        trial.current, trial.step, trial.turn = seat, "play", Turn()
        return trial

    def private(self, state: State, seat: int, text: str, waiting: bool) -> bool:
        it = intent(state, text)
        return waiting or state.step == "play" or it is None or it.kind in HAND

    def section(self, action: str) -> str:
        return SECTIONS.get(action.split(" ")[0], "sylvan.turn")

    def outlook(self, state: State, seat: int) -> dict[str, int]:
        if state.step == "over":
            return {}
        counted = round_scoring(state)
        return {f"trees_{state.round}": counted["trees"][seat], f"regions_{state.round}": counted["regions"][seat]}


TALK = SylvanTalk()

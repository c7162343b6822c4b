"""Валдора's side of the position answers: moves to a space («можно мне на Д9?»), buying a page («могу купить
левую страницу?»), flipping, mining a gem, delivering a contract, refilling silver, taking provisions; and
passing through a town, which is a question of the provisions («можно мне сейчас пройти через город?»).
Nothing a seat may ask about here is hidden from the others (only delivered contracts are, and no move uses
them), so these answers may go to the chat.
"""

from __future__ import annotations

from bot.lookup.position.asking import GIVE
from bot.lookup.position.talk import Answer, exact
from rules.protocol import Game, RuleError
from rules.valdora import notation
from rules.valdora.actions import legal_actions
from rules.valdora.autopilot import clone
from rules.valdora.board import at
from rules.valdora.state import State, Turn

SECTIONS = {"move": "valdora.movement", "pass": "valdora.movement", "flip": "valdora.flip", "buy": "valdora.buy",
            "return": "valdora.return", "mine": "valdora.mining", "deliver": "valdora.deliver",
            "refill": "valdora.silver", "provisions": "valdora.provisions", "end": "valdora.turn"}
# every word the notation reads in a move; a question with any other word («купить мастера») is not a move
KNOWN = (notation.MOVE_WORDS | notation.PASS_WORDS | notation.FLIP_WORDS | notation.BUY_WORDS
         | notation.RETURN_WORDS | notation.MINE_WORDS | notation.DELIVER_WORDS | notation.TAKE_WORDS
         | notation.REFILL_WORDS | notation.SILVER_WORDS | notation.PROVISIONS_WORDS | notation.END_WORDS
         | notation.NEXT_WORDS | notation.BACK_WORDS | notation.LEFT_WORDS | notation.RIGHT_WORDS
         | notation.FILLER_WORDS | set(notation.BOOK_WORDS) | notation.TOWN_WORDS | notation.POLITE_WORDS
         | {"сходить", "пойти", "идти", "встать", "остановиться", "страницы", "книгу", "книги"})
# «пройти через город», «пройти сквозь город», «проходить через город Б»
THROUGH = ("через город", "сквозь город", "через один город", "через два города", "через города")


def _known(word: str) -> bool:
    return (word in KNOWN or word.isdecimal() or notation.gem_word(word) is not None
            or notation.colour_word(word) is not None or notation.equipment_word(word) is not None
            or notation.provisions_word(word) or bool(notation.space_candidates(word)))


class ValdoraTalk:
    def understood(self, state: State, text: str) -> bool:
        norm = notation.normalise(text)
        if not norm or not all(_known(w) for w in norm.split(" ")):
            return False
        try:
            return notation.read_intent(state, norm) is not None
        except RuleError:
            return False

    def options(self, state: State, text: str) -> list[str] | None:
        if not self.understood(state, text):
            return None
        if found := exact(notation.parse, state, text):
            return found
        intent = notation.read_intent(state, notation.normalise(text))
        named = intent.text or intent.number is not None or intent.side or intent.gem or intent.client or (
            intent.book or intent.equipment)
        if named:
            return []
        return [a for a in legal_actions(state) if a.split(" ")[0] == intent.kind]

    def special(self, game: Game, state: State, seat: int, kind: str, text: str) -> Answer | None:
        """Passing through a town (a question of the provisions), and what provisions give."""
        player = state.players[seat]
        if kind == GIVE and notation.provisions_word(text.split(" ")[-1]):
            have = "У вас провиант есть." if player.provisions else "У вас провианта сейчас нет."
            return Answer(["<b>Проход через один город</b> за одно движение: город не остановит фишку. Пройдя "
                           f"город, провиант теряют. {have}"], "valdora.provisions")
        if not any(words in text for words in THROUGH) or kind == GIVE:
            return None
        if player.provisions:
            verdict = ("<b>Да</b>: у вас есть провиант — за одно движение можно пройти через один город (провиант "
                       "при этом теряется). Через два города не пройти и с ним.")
            section = "valdora.provisions"
        else:
            verdict = ("<b>Нет</b>: провианта у вас нет, а город останавливает движение. Провиант берут действием "
                       "в любом городе.")
            section = "valdora.movement"
        lines = [verdict]
        if state.current == seat and state.phase == "act":
            lines.insert(0, f"В этот ход вы уже сходили (вы {at(player.position)}); ответ — для следующего хода.")
        elif state.current != seat and state.current is not None:
            lines.insert(0, f"Сейчас ходит {state.players[state.current].name}. В ваш ход:")
        return Answer(lines, section)

    def next_turn(self, state: State, seat: int, text: str) -> State | None:
        trial = clone(state)
        trial.current, trial.phase, trial.turn = seat, "move", Turn()
        return trial

    def private(self, state: State, seat: int, text: str, waiting: bool) -> bool:
        return False

    def section(self, action: str) -> str:
        return SECTIONS.get(action.split(" ")[0], "valdora.turn")

    def outlook(self, state: State, seat: int) -> dict[str, int]:
        return {}


TALK = ValdoraTalk()

"""The interface every game implements; the bot drives games only through it.

A game is a stateless object; its state is a plain object that the game can dump to JSON and load back.
Actions are canonical notation strings (like chess SAN): `legal_actions()` lists them, `parse()` turns
what a person typed into one of them, `apply()` plays one. The calls that only hand the work on to a game's
modules come from `rules.base.GameBase`, which every game derives from.

>>> from rules.registry import GAMES
>>> game = GAMES["valdora"]
>>> state = game.new(["Аня", "Борис", "Вера"], seed=1)
>>> action = game.legal_actions(state)[0]
>>> events = game.apply(state, action)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

SKIP = "skip"  # the notation of a skipped turn in the action log (`Game.skip`), also asked of `Game.revealed`


class RuleError(Exception):
    """An action that the rules forbid. `message` is Russian and meant for the player;
    `section` is the id of the rule-reference section it comes from (e.g. "valdora.movement")."""

    def __init__(self, message: str, section: str | None = None):
        super().__init__(message)
        self.message = message
        self.section = section


@dataclass
class Event:
    """Something that happened while an action was applied, told in one short Russian sentence."""

    text: str
    kind: str = "info"
    data: dict[str, Any] = field(default_factory=dict)


class Game(Protocol):
    name: str  # ASCII id used in commands, storage and button data, e.g. "valdora"
    title: str  # Russian name shown to players, e.g. "Валдора"
    aliases: tuple[str, ...]  # other lower-case names players type after /new, e.g. ("кб", "kingdom builder")
    min_players: int
    max_players: int
    commands: tuple[tuple[str, str], ...]  # move commands (/move ...) with Russian descriptions
    score_names: dict[str, str]  # Russian names of the score breakdown categories
    score_unit: tuple[str, str, str]  # what the score counts, for 1, 2 and 5: ("очко", "очка", "очков")
    secret_score_parts: tuple[str, ...]  # breakdown categories hidden from others until the end
    secret_button: str | None  # label of the button that shows a seat its secrets ("🂠 Моя карта"); None: none
    about: str  # what the game is about and how long it lasts, a sentence or two in Russian (for /help)


    def new(self, players: list[str], seed: int, options: dict | None = None) -> Any:
        """A fresh game for players seated in this order; all randomness comes from `seed`."""

    def current_seat(self, state: Any) -> int | None:
        """The seat to act now, or None when the game is over."""

    def legal_actions(self, state: Any) -> list[str]:
        """Every legal action of the current seat, canonical notation, in a stable order."""

    def parse(self, state: Any, text: str) -> str:
        """The canonical legal action meant by a typed text; RuleError (Russian) when none is."""

    def apply(self, state: Any, action: str) -> list[Event]:
        """Play one action of the current seat. Raises RuleError and changes nothing when illegal."""

    def label(self, state: Any, action: str) -> str:
        """A short Russian button label for a legal action."""

    def command(self, state: Any, action: str) -> str:
        """The command a player sends to play a legal action, as a person would type it ("/buy левую",
        "/build K12"): what hints and /moves show. `parse` reads it back as the same action."""

    def menu_path(self, state: Any, action: str) -> tuple[str, ...]:
        """Russian labels of the nested button groups a legal action sits in, outermost first; () puts it
        on the first keyboard. Lets a game with many legal actions offer them a few buttons at a time
        (e.g. ("🔮 Оракул", "Ряд 12") for `oracle K12`). A group holding a single action is shown as it."""

    def targets(self, state: Any, action: str) -> tuple[str, ...]:
        """The places on the board a player taps, in order, to choose this legal action in the Mini App (a hex
        «M1», a town, a tree; a barn's «G1» then «J4»): the ids the game's board drawing (`render.registry.BOARDS`)
        puts on its tappable shapes as `data-target`. () when nothing on the board stands for it (end the turn):
        the page offers it as a button."""

    def private_choice(self, state: Any, action: str) -> bool:
        """Whether offering this legal action on a button in the group would reveal a secret (which cards
        are in a hand). The bot offers such actions only to their owner, as personal inline results."""

    def secret(self, state: Any, seat: int) -> str | None:
        """What only `seat` may see (a hand of cards, a hidden terrain card), as a short Russian text
        that fits an alert (under 200 characters); None when the seat has nothing hidden."""

    def view(self, state: Any, seat: int | None = None, focus: list[str] | None = None) -> dict:
        """JSON-safe public view; `seat` also sees its own secrets. `focus`: the legal actions the player is
        choosing among now (an opened menu group), for the picture to highlight where they lead."""

    def final_view(self, state: Any) -> dict:
        """A finished game as one JSON-safe object for `python -m rules selfplay --final-views`: what an
        outside checker needs to score it independently."""

    def scores(self, state: Any) -> list[dict]:
        """Per seat: {"seat", "total", "breakdown": {category: points}, ...}."""

    def winners(self, state: Any) -> list[int]:
        """Seats that won (several on a draw); empty while the game is running."""

    def is_over(self, state: Any) -> bool: ...

    def autopilot(self, state: Any) -> str:
        """A sensible legal action for the current seat when its player is away (the turn's time ran out, the
        seat was handed over): the best one step ahead by the game's own estimate of a seat's prospects, not a
        random one; the same state always gets the same action. Called again and again, it finishes the
        turn in a bounded number of steps."""

    def skip(self, state: Any) -> list[Event]:
        """The current seat's turn ends at once, with nothing more done (its time ran out, or the other
        players voted to skip it): what the rules require of every turn's end still happens (a card drawn,
        the next seat to move), what the player would have chosen is lost. A house rule the rulebooks lack,
        kept as close to "the player did nothing" as the game allows, and reproducible from the seed."""

    def reveals(self, state: Any, action: str) -> bool:
        """Whether playing this legal action shows something that was hidden or left to chance (a card drawn,
        a deck reshuffled): after such a step its player can no longer take the turn back on their own."""

    def revealed(self, state: Any, action: str) -> str | None:
        """What playing this legal action (or `SKIP`: the current turn skipped) would show that was hidden or left
        to chance, as a short impersonal Russian phrase in the past tense that ends a refusal («взяли карту из
        колоды», «открыли новую карту местности»); None when it shows nothing (`reveals` is then False). No
        undo, alone or by vote, goes back past a step that showed something (Board Game Arena's rule): what was
        seen cannot be unseen, and a player who knew the card could choose again with it."""

    def determinize(self, state: Any, seat: int, rng: Any) -> Any:
        """A copy of the state in which everything `seat` cannot see (decks, other hands, face-down cards, the
        random source) is drawn anew from the random.Random `rng`, consistently with what it sees: the seat's
        view of the copy is the same. It depends only on what the seat sees and on `rng` (bot levels look
        ahead on such copies, so they never peek)."""

    def standing(self, state: Any, seat: int) -> float:
        """The seat's final score once the game is over; before that the game's estimate of its prospects in
        the same unit (what the autopilot plays by)."""

    def options(self, state: Any) -> dict:
        """The options of `new` that changed this game's rules (a reading of a rule chosen for the table): a
        replay from the seed passes them to `new` again. Empty for a game played by the default rules."""

    def rule_notes(self, state: Any) -> dict[str, str]:
        """Rule section id -> a sentence on how this table plays that rule where the rules are read two ways
        (a rule answer during the game adds it)."""

    def dump(self, state: Any) -> dict:
        """Plain JSON-safe data from which `load` rebuilds the same state."""

    def load(self, data: dict) -> Any: ...

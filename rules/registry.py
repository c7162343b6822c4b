"""The games the bot knows, by their ASCII id."""

from rules.kingdom import GAME as KINGDOM
from rules.protocol import Game
from rules.valdora import GAME as VALDORA

GAMES: dict[str, Game] = {VALDORA.name: VALDORA, KINGDOM.name: KINGDOM}

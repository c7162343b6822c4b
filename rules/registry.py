"""The games the bot knows, by their ASCII id."""

from rules.kingdom import GAME as KINGDOM
from rules.protocol import Game
from rules.sylvan import GAME as SYLVAN
from rules.valdora import GAME as VALDORA

GAMES: dict[str, Game] = {VALDORA.name: VALDORA, SYLVAN.name: SYLVAN, KINGDOM.name: KINGDOM}

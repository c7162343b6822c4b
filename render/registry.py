"""The renderer of each game, by the game's ASCII id: `RENDERERS[name](view) -> PNG bytes`."""

from collections.abc import Callable

from render import kingdom, sylvan, valdora

RENDERERS: dict[str, Callable[[dict], bytes]] = {
    "valdora": valdora.draw,
    "kingdom": kingdom.draw,
    "sylvan": sylvan.draw,
}

# A game that scores in rounds draws the table of the round just scored: `ROUND_RENDERERS[name](view) -> PNG`.
ROUND_RENDERERS: dict[str, Callable[[dict], bytes]] = {"sylvan": sylvan.render_round}

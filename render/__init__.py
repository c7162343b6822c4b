"""Pure drawing: a game's public view dict -> PNG bytes (Pillow). Never imports `bot/`.

`render.registry.RENDERERS[game_name](view)` returns the PNG for any game.
"""

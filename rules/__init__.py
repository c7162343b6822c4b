"""Pure game logic: no I/O, no Telegram, no asyncio. Every game implements `rules.protocol.Game`."""

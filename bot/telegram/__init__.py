"""The Telegram front end: the python-telegram-bot application (`app`), the webhook server (`webhook`) and the
per-chat flood limits (`rate_limit`). It only translates between Telegram and `bot.table.service.Service`."""

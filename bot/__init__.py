"""I/O around the pure rules: the transport-free service, SQLite storage, Telegram and the console."""

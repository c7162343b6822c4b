"""Time at a table: durations, quiet hours and time zones (`clock`, `zones`), a chat's settings and their menu
(`settings`, `settings_menu`), and time away (`absence`, `away`, with what a player missed: `missed`)."""

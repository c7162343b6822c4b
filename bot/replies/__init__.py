"""What the bot answers with, below everything that answers: the reply types every front end sends and the rules
lookup builds (`reply`), the callback data of buttons (`buttons`), players' names made safe to show (`names`),
Russian word forms (`words`) and one-line texts cut at a word (`lines`). Nothing here imports the table, the
lookup or a front end."""

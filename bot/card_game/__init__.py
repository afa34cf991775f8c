"""Chess: The Card Game at the table: commands, words, views, pictures and menus."""

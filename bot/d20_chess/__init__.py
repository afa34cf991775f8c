"""d20 explorer chess at the table: commands, words, pictures."""

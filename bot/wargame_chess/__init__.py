"""Wargame Chess at the table: its commands, prompts, text board, pictures and glossary (the
rules themselves are in ``rules.wargame_chess``)."""

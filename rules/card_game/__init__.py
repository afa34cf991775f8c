"""Chess: The Card Game (rules v1.9.2): Kings, 30-card decks and Material on a 5x3 battlefield."""

"""Wargame Chess: activations, per-piece dice, Advantage/Disadvantage tokens, Blessings and Curses,
Trees, and tarot divinations. The public API is ``engine``; ``system`` adapts it to the shared
game-system interface (``rules.core.system``)."""

"""d20 explorer chess: chess moves, explored middle squares with a tile deck, captures decided by
a d20, XP and promotion by value, and a Dragon.

Modules follow the rulebook's sections: ``pieces`` (the piece values table), ``tiles`` (the
exploration deck), ``state``, ``setup`` (how to start), ``movement`` (how the pieces move),
``exploration``, ``captures`` (the capture roll and its exact odds), ``promotion`` (XP and
promotions), ``dragon`` (the NPC), ``turn`` (the turn and the end of the game) and ``system``
(the shared interface).
"""

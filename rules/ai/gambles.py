"""Choices that stake the game on one roll, per system, and how much more than the best other
choice such a choice must be worth before the AI makes it.

Wargame Chess: a Faction Leader's Attack. If it fails, the defender's side places the Leader
beside its own pieces with a Disadvantage token (or steps aside with an Advantage token), and a
slain Leader loses the game. The search's values are estimates, and the best of several
estimates is biased upward, the more so the more an estimate hangs on the dice: among choices
worth about the same, the gamble is the likeliest to be overrated. So the Leader Attacks only
when that is worth ``GAMBLE_MARGIN`` (a tenth of a win) more than its best other choice.
Measured on the same 200 games against the material greedy (see docs/ai-measurements.md, the
fourteenth session): 176-183 of them played alike, and of the others more were won than lost.

The greedy baseline (``Settings.material_only``) never declines a gamble: it is the one-ply
material player the benchmark defines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.actions import Action
from rules.wargame_chess.actions import Attack
from rules.wargame_chess.pieces import CommonRule


def _wargame(state: Any, action: Action) -> bool:
    """A Faction Leader's Attack."""
    return isinstance(action, Attack) and state.piece(action.piece).has(CommonRule.FACTION_LEADER)


GAMBLES: dict[str, Callable[[Any, Action], bool]] = {"wargame-chess": _wargame}
GAMBLE_MARGIN: dict[str, float] = {"wargame-chess": 100.0}


def is_gamble(system_id: str, state: Any, action: Action) -> bool:
    """Whether ``action`` stakes the game on one roll in this system."""
    test = GAMBLES.get(system_id)
    return test is not None and test(state, action)

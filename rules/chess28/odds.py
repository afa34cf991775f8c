"""Exact odds of a combat: the chance of each number of wounds, and of a kill."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from rules.chess28 import actions as A
from rules.chess28.combat import CHEST, combat_numbers, outcome, shoot_targets
from rules.chess28.models import Ability
from rules.chess28.state import CHEST_HP, Combat, GameState
from rules.core.actions import Action
from rules.core.words import count

HALF, THIRD, SIXTH = Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)


@cache
def _attack(n: int, chill: bool) -> dict[tuple[int, int], Fraction]:
    """(savable hits, unsavable hits) of ``n`` attack dice: 4-5 one hit, 6 two hits (which
    Chill Grasp makes unsavable)."""
    dist = {(0, 0): Fraction(1)}
    for _ in range(n):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (s, u), p in dist.items():
            six = (s, u + 2) if chill else (s + 2, u)
            for key, q in (((s, u), HALF), ((s + 1, u), THIRD), (six, SIXTH)):
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        dist = nxt
    return dist


@cache
def _saves(m: int, iron: bool) -> dict[int, Fraction]:
    p = Fraction(5, 6) if iron else THIRD
    dist = {0: Fraction(1)}
    for _ in range(m):
        nxt: dict[int, Fraction] = {}
        for k, q in dist.items():
            nxt[k] = nxt.get(k, Fraction(0)) + q * (1 - p)
            nxt[k + 1] = nxt.get(k + 1, Fraction(0)) + q * p
        dist = nxt
    return dist


def wound_odds(
    fight: int, defence: int, chill: bool = False, iron: bool = False
) -> dict[int, Fraction]:
    """The exact chance of each number of wounds: Fight (or Strength) dice hitting on 4+
    (a 6 is two hits), Defence dice saving on 5+ (2+ with Iron Skin)."""
    out: dict[int, Fraction] = {}
    for (savable, unsavable), p in _attack(max(0, fight), chill).items():
        for saves, q in _saves(max(0, defence), iron).items():
            w = max(0, savable - saves) + unsavable
            out[w] = out.get(w, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def combat_wound_odds(c: Combat, chill: bool, iron: bool) -> dict[int, Fraction]:
    """The chance of each number of wounds of a combat under way, given the dice it has rolled
    so far (none, the attack dice, or both)."""
    if c.defence_dice:
        return {outcome(c, chill, iron)[2]: Fraction(1)}
    if c.attack_dice:
        hits = outcome(c, chill, iron)[0]
        unsavable = 0 if c.glory or not chill else 2 * sum(1 for f in c.attack_dice if f == 6)
    elif c.glory:  # Moment of Glory: every attack die will hit
        hits, unsavable = c.fight, 0
    else:
        return wound_odds(c.fight, c.defence, chill, iron)
    out: dict[int, Fraction] = {}
    for saves, q in _saves(max(0, c.defence), iron).items():
        w = max(0, hits - unsavable - saves) + unsavable
        out[w] = out.get(w, Fraction(0)) + q
    return dict(sorted(out.items()))


def kill_chance(odds: Mapping[int, Fraction], hp_left: int) -> Fraction:
    return sum((p for w, p in odds.items() if w >= hp_left), Fraction(0))


def attack_odds(state: GameState, action: Action) -> tuple[dict[int, Fraction], int] | None:
    """The wound odds of a Melee Attack or Ranged Attack action now, and the target's HP left."""
    if isinstance(action, A.Melee):
        unit, sq, melee, strength = state.unit(action.unit), action.target, True, None
    elif isinstance(action, A.Shoot):
        unit = state.unit(action.unit)
        targets = shoot_targets(state, unit)
        if action.direction not in targets or unit.model.weapon is None:
            return None
        sq, melee, strength = targets[action.direction], False, unit.model.weapon.strength
    else:
        return None
    target, _, fight, defence, _ = combat_numbers(state, unit, sq, melee, strength)
    if target == CHEST:
        chest = state.chest_of(unit.owner.other)
        left = CHEST_HP - (chest.wounds if chest else 0)
        return wound_odds(fight, defence, unit.model.has(Ability.CHILL_GRASP)), left
    d = state.unit(target)
    odds = wound_odds(fight, defence, unit.model.has(Ability.CHILL_GRASP), d.iron_skin)
    return odds, d.model.hp - d.wounds


def action_odds(state: GameState, action: Action) -> dict[str, Fraction] | None:
    got = attack_odds(state, action)
    if got is None:
        return None
    odds, left = got
    out = {count(w, "wound"): p for w, p in odds.items()}
    out["kill"] = kill_chance(odds, left)
    return out

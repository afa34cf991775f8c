"""Exact odds of a combat: the chance of each number of wounds, and of a kill."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from rules.chess28 import actions as A
from rules.chess28.combat import (
    CHEST,
    CHILL_ATTACK,
    chill_grasp,
    combat_numbers,
    outcome,
    perilous_at,
    shoot_targets,
    unsavable,
)
from rules.chess28.geometry import push_squares
from rules.chess28.models import Ability
from rules.chess28.moving import free
from rules.chess28.state import CHEST_HP, Combat, GameState, Unit
from rules.core.actions import Action
from rules.core.words import count

HALF, THIRD, SIXTH = Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)


@cache
def _attack(n: int, chill: int) -> dict[tuple[int, int], Fraction]:
    """(savable hits, unsavable hits) of ``n`` attack dice: 4-5 one hit, 6 two hits (which
    Chill Grasp makes unsavable: each 6's two, CHILL_SIXES, or, once a 6 is rolled, every hit
    of the attack, CHILL_ATTACK)."""
    dist = {(0, 0): Fraction(1)}
    if chill == CHILL_ATTACK:  # (hits so far, 1 once a 6 is rolled)
        for _ in range(n):
            nxt: dict[tuple[int, int], Fraction] = {}
            for (h, rolled), p in dist.items():
                for key, q in (((h, rolled), HALF), ((h + 1, rolled), THIRD), ((h + 2, 1), SIXTH)):
                    nxt[key] = nxt.get(key, Fraction(0)) + p * q
            dist = nxt
        out: dict[tuple[int, int], Fraction] = {}
        for (h, rolled), p in dist.items():
            split = (0, h) if rolled else (h, 0)
            out[split] = out.get(split, Fraction(0)) + p
        return out
    for _ in range(n):
        nxt = {}
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


def wound_odds(fight: int, defence: int, chill: int = 0, iron: bool = False) -> dict[int, Fraction]:
    """The exact chance of each number of wounds: Fight (or Strength) dice hitting on 4+
    (a 6 is two hits), Defence dice saving on 5+ (2+ with Iron Skin)."""
    out: dict[int, Fraction] = {}
    for (_, w), p in _hits_and_wounds(fight, defence, chill, iron).items():
        out[w] = out.get(w, Fraction(0)) + p
    return dict(sorted(out.items()))


@cache
def _hits_and_wounds(
    fight: int, defence: int, chill: int, iron: bool
) -> dict[tuple[int, int], Fraction]:
    """The exact chance of each (hits, wounds) of an attack (``wound_odds``, with the hits
    kept: any hit pushes the target back)."""
    out: dict[tuple[int, int], Fraction] = {}
    for (savable, sure), p in _attack(max(0, fight), chill).items():
        for saves, q in _saves(max(0, defence), iron).items():
            key = (savable + sure, max(0, savable - saves) + sure)
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


def push_wound(state: GameState, attacker: Unit, target: Unit, melee: bool) -> int:
    """The fewest hits whose Push Back wounds ``target`` for certain, or 0 if no push does:
    none of the squares behind it is free (a push with no room is a wound), or each free one
    is Perilous. A Stubborn model stands its ground in melee unless hit twice."""
    if attacker.square is None or target.square is None or attacker.square == target.square:
        return 0  # (a push from its own square scatters it: a die decides)
    squares = push_squares(target.square, attacker.square, state.warp)
    room = [sq for sq in squares if free(state, sq)]
    if room and not all(perilous_at(state, sq) for sq in room):
        return 0
    return 2 if melee and target.model.has(Ability.STUBBORN) else 1


def combat_wound_odds(c: Combat, chill: int, iron: bool) -> dict[int, Fraction]:
    """The chance of each number of wounds of a combat under way, given the dice it has rolled
    so far (none, the attack dice, or both)."""
    if c.defence_dice:
        return {outcome(c, chill, iron)[2]: Fraction(1)}
    if c.attack_dice:
        hits = outcome(c, chill, iron)[0]
        past = unsavable(c, chill)
    elif c.glory:  # Moment of Glory: every attack die will hit
        hits, past = c.fight, 0
    else:
        return wound_odds(c.fight, c.defence, chill, iron)
    out: dict[int, Fraction] = {}
    for saves, q in _saves(max(0, c.defence), iron).items():
        w = max(0, hits - past - saves) + past
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
        return wound_odds(fight, defence, chill_grasp(state, unit)), left
    d = state.unit(target)
    left = d.model.hp - d.wounds
    need = push_wound(state, unit, d, melee)  # (a Push Back with no room, or only Perilous)
    odds: dict[int, Fraction] = {}
    for (hits, w), p in _hits_and_wounds(
        fight, defence, chill_grasp(state, unit), d.iron_skin
    ).items():
        if need and hits >= need and w < left:  # (a model the wounds kill is not pushed)
            w += 1
        odds[w] = odds.get(w, Fraction(0)) + p
    return dict(sorted(odds.items())), left


def action_odds(state: GameState, action: Action) -> dict[str, Fraction] | None:
    got = attack_odds(state, action)
    if got is None:
        return None
    odds, left = got
    out = {count(w, "wound"): p for w, p in odds.items()}
    out["kill"] = kill_chance(odds, left)
    return out

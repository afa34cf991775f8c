"""What the AI's search needs from Chess28: how good a position looks to one player, and the
hidden cards dealt again from what that player can see.

``evaluate``: models' health, Fight and Defence, wounds on the enemy chest, models closing in on
and facing what they must reach, a combat under way at the wounds it will likely do;
``material``: the models' worth, chest wounds and a combat's expected wounds (the greedy
baseline's measure). ``determinize``: the opponent's gambit cards and the deck's order dealt
again from one pool.
"""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache
from typing import Any

from rules.chess28.combat import CHEST, chill_grasp, melee_squares
from rules.chess28.odds import combat_wound_odds
from rules.chess28.state import BOARD as C28_BOARD
from rules.chess28.state import CHEST_HP, GameState
from rules.core.board import Player

# Chess28: a model on the board (or still to deploy) is worth its remaining health and a
# share of its Fight and Defence; gambit cards in hand are options. In Piñata each wound on a
# Treasure Chest counts (three destroy it and win). Models are worth a little more the closer
# they stand to what they must reach (the enemy chest in Piñata, else the nearest enemy model),
# so that the search, which sees a turn or two, closes in rather than waiting for the limit.
# Standing on the enemy chest's square (models may share it) counts as two squares away: a
# model cannot attack its own square, so the chest is hit from beside it, not from on it.
C28_HEALTH = 1.0
C28_FIGHT = 0.5
C28_DEFENCE = 0.5
C28_RESERVE = 0.8  # a model not yet deployed, as a share of its worth
C28_CARD = 0.5
C28_CHEST_WOUND = 4.0
C28_HUNT = 0.3
# In last side standing only kills end the game, and the turn limit makes it a draw. The pull
# there is towards the enemy models on average, a dead enemy model counting as reached (one
# square away): so a kill never costs pull, however far the survivors stand. It counts for the
# evaluating player's models only (the one place the evaluation is not zero-sum: both sides'
# targets are each other's models, so a symmetric pull would cancel out), so that the AI seeks
# the fight instead of waiting for a draw.
C28_HUNT_MODELS = 0.5
# A model whose Melee Range (its sword squares, as it faces now) holds what it must reach can
# attack it with its next Activation: worth more than standing near it, facing elsewhere.
C28_THREAT_CHEST = 1.5
C28_THREAT_MODEL = 0.6
# How far a model stands from the enemy chest is counted in King steps around Blocking terrain
# (a wall in front of the chest makes it farther, not nearer), capped for a chest walled off.
# Models still to deploy count from their Backline on average, so that where terrain goes is
# judged too: a wall before one's own chest lengthens the enemy's way, one before the enemy's
# lengthens one's own.
C28_FAR = 12
# A model facing what it must reach (the enemy chest, else the nearest enemy model) strikes
# first when it comes within reach; one facing away must spend an Activation turning. Without
# this the facings a move allows were all worth the same to the search, and the first listed
# (North) was taken: forward for White, backward for Black.
C28_FACE = 0.25


def evaluate(state: Any, player: Player) -> float:
    """The full evaluation of an unfinished game, from ``player``'s side (its pull towards the
    enemy in last side standing counts for ``player``'s models only)."""
    return _chess28(state, player)


def material(state: Any, player: Player) -> float:
    """The models' worth, chest wounds and a combat's expected wounds alone."""
    return _chess28_material(state, player)


def determinize(state: GameState, player: Player, rng: random.Random) -> GameState:
    """Chess28: the opponent's gambit cards and the deck's order are one pool of unseen cards
    (the player's own hand is known to them)."""
    other = player.other
    theirs = state.hands[other]
    pool = sorted((*theirs, *state.deck))
    rng.shuffle(pool)
    n = len(theirs)
    hands = list(state.hands)
    hands[other] = tuple(pool[:n])
    return dataclasses.replace(state, hands=(hands[0], hands[1]), deck=tuple(pool[n:]), history=())


@lru_cache(maxsize=4096)
def _wounds(combat: Any, chill: int, iron: bool) -> tuple[tuple[int, float], ...]:
    return tuple((w, float(p)) for w, p in combat_wound_odds(combat, chill, iron).items())


def _c28_combat(state: Any, player: Player) -> float:
    """A combat under way (its dice still to roll, or rolled and not yet resolved) counts as
    the wounds it will do on average, for the attacker: otherwise an attack's worth would show
    only decisions later (after "roll", "keep or re-roll"), beyond the horizon at which a
    move's is already seen, and the search would keep moving instead of attacking."""
    c = state.combat
    attacker = state.unit(c.attacker)
    chill = chill_grasp(state, attacker)
    if c.target == CHEST:
        chest = state.chest_of(attacker.owner.other)
        left = CHEST_HP - (chest.wounds if chest is not None else 0)
        v = sum(p * C28_CHEST_WOUND * min(w, left) for w, p in _wounds(c, chill, False))
    else:
        d = state.unit(c.target)
        left = d.model.hp - d.wounds
        kill = C28_FIGHT * d.model.fight + C28_DEFENCE * d.model.defence
        v = sum(
            p * (C28_HEALTH * min(w, left) + (kill if w >= left else 0.0))
            for w, p in _wounds(c, chill, d.iron_skin)
        )
    return v if attacker.owner is player else -v


def _c28_worth(u: Any) -> float:
    """A model's worth by its health left, Fight and Defence (wherever it stands)."""
    m = u.model
    worth: float = (
        C28_HEALTH * max(0, m.hp - u.wounds) + C28_FIGHT * m.fight + C28_DEFENCE * m.defence
    )
    return worth


@lru_cache(maxsize=4096)
def _c28_steps(goal: tuple[int, int], walls: frozenset[tuple[int, int]]) -> tuple[int, ...]:
    """King steps from every square (by file + 8 * rank) to ``goal`` around ``walls``
    (``C28_FAR`` where there is no way)."""
    files, ranks = C28_BOARD.files, C28_BOARD.ranks
    out = [C28_FAR] * (files * ranks)
    out[goal[0] + files * goal[1]] = 0
    frontier = [goal]
    d = 0
    while frontier and d < C28_FAR - 1:
        d += 1
        nxt = []
        for f, r in frontier:
            for nf in (f - 1, f, f + 1):
                for nr in (r - 1, r, r + 1):
                    if 0 <= nf < files and 0 <= nr < ranks and (nf, nr) not in walls:
                        i = nf + files * nr
                        if out[i] > d:
                            out[i] = d
                            nxt.append((nf, nr))
        frontier = nxt
    return tuple(out)


def _c28_walls(state: Any) -> frozenset[tuple[int, int]]:
    return frozenset((s.file, s.rank) for t in state.terrain if t.blocks for s in t.squares)


def _chess28(state: Any, player: Player) -> float:
    total = _c28_combat(state, player) if state.combat is not None else 0.0
    pinata = getattr(state.mode, "value", None) == "pinata"
    on_board = [u for u in state.units if u.zone.name == "BOARD" and u.square is not None]
    fallen = [0, 0]  # each side's models in its Dead or Drained Pile
    for u in state.units:
        zone = u.zone.name
        if zone not in ("BOARD", "RESERVE", "DUG"):
            fallen[u.owner] += 1
            continue
        v = _c28_worth(u)
        if zone == "RESERVE":
            v *= C28_RESERVE
        total += v if u.owner is player else -v
    walls = _c28_walls(state) if pinata else frozenset()
    for seat in Player:
        v = C28_CARD * len(state.hands[seat])
        chest = state.chest_of(seat.other) if pinata else None
        steps: tuple[int, ...] = ()
        if chest is not None:
            v += C28_CHEST_WOUND * chest.wounds
            steps = _c28_steps((chest.square.file, chest.square.rank), walls)
            waiting = sum(1 for u in state.units if u.owner is seat and u.zone.name == "RESERVE")
            if waiting:
                row = C28_BOARD.files * (0 if seat is Player.WHITE else C28_BOARD.ranks - 1)
                home = steps[row : row + C28_BOARD.files]
                v += C28_HUNT * waiting * (7 - sum(home) / len(home))
        goals = (
            [chest.square]
            if chest is not None
            else [u.square for u in on_board if u.owner is not seat]
        )
        if goals:
            spots = [(g.file, g.rank) for g in goals]
            threat = C28_THREAT_CHEST if chest is not None else C28_THREAT_MODEL
            for u in on_board:
                if u.owner is not seat:
                    continue
                f, r = u.square.file, u.square.rank
                if chest is not None:
                    gaps = [steps[f + C28_BOARD.files * r] or 2]
                else:
                    gaps = [max(abs(f - gf), abs(r - gr)) or 2 for gf, gr in spots]
                gf, gr = spots[min(range(len(spots)), key=gaps.__getitem__)]
                dx, dy = gf - f, gr - r
                fx, fy = u.facing.vector
                v += C28_FACE * (fx * dx + fy * dy) / max(abs(dx), abs(dy), 1)
                if chest is not None:
                    v += C28_HUNT * (7 - gaps[0])
                elif seat is player:
                    down = fallen[seat.other]
                    v += C28_HUNT_MODELS * (7 - (sum(gaps) + down) / (len(gaps) + down))
                if min(gaps) <= 2:
                    reach = melee_squares(state, u)
                    v += threat * sum(1 for g in goals if g in reach)
        total += v if seat is player else -v
    return total


def _chess28_material(state: Any, player: Player) -> float:
    total = _c28_combat(state, player) if state.combat is not None else 0.0
    for u in state.units:
        zone = u.zone.name
        if zone not in ("BOARD", "RESERVE", "DUG"):
            continue
        v = _c28_worth(u)
        total += v if u.owner is player else -v
    for seat in Player:
        chest = state.chest_of(seat.other)
        if chest is not None:
            v = C28_CHEST_WOUND * chest.wounds
            total += v if seat is player else -v
    return total

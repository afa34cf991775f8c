"""What the AI's search needs from Wargame Chess: how good a position looks to one player.

``evaluate`` is the full evaluation (points, tokens, the lead as a share of a win growing
towards turn 10, the Faction Leaders' next strikes as chances of the game's end); ``material``
the greedy baseline's measure, the points on the board alone. Both are from ``player``'s side
and zero-sum; a finished game is scored by ``rules.ai.evaluation.evaluate``, not here. The
weights' history, run by run, is in ``docs/ai-measurements.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules.core.board import Player
from rules.core.system import WIN
from rules.wargame_chess.activation import activatable
from rules.wargame_chess.engine import attack_in_progress_odds, attack_odds_now
from rules.wargame_chess.geometry import can_attack
from rules.wargame_chess.odds import attack_odds
from rules.wargame_chess.pieces import CommonRule
from rules.wargame_chess.state import LAST_TURN, Decision, Phase, Zone

# Wargame Chess: a piece is worth its points cost (as the points count at the end of turn 10);
# tokens change the odds of its rolls.
WARGAME_TOKEN = {"advantage": 0.4, "disadvantage": -0.4, "blessed": 0.3, "cursed": -0.3}
# A lead in points is worth a share of a win, the more the nearer the end of turn 10 is (the
# points decide the game then): (FIRST + GROWTH x turn) x WIN x tanh(lead x (BASE + PER_TURN x
# turn)). So 1 point ahead in turn 1 is about a sixteenth of a win, in turn 10 more than a
# third; 3 points ahead in turn 10 most of one. Counted in points alone, a lead would weigh
# nothing beside a small chance to slay a Faction Leader, and the AI lost on points games it
# led. The weight grows from 0.53 in turn 1 to 0.8 in turn 10 (until 2026-11-27 it was 0.8
# throughout): early on the Leaders' strikes count for more beside the points. On the same
# dice (two seeds of 200 games against the material greedy) the AI lost fewer games to a slain
# Leader (50 -> 39, 46 -> 38) and more on points (3 -> 6, 5 -> 11), net +8 and +2 games
# (docs/ai-measurements.md, twenty-third session).
WARGAME_LEAD_FIRST = 0.5
WARGAME_LEAD_GROWTH = 0.03
WARGAME_LEAD_BASE = 0.08
WARGAME_LEAD_PER_TURN = 0.04
# A lean, not a judgement: each piece is worth a trifle more for each rank it stands ahead of
# its side's back rank (a rank is a fifth of the search's cost of one decision,
# rules.ai.search.STEP_COST), so it decides only between moves that nothing else tells apart.
# Moves are listed northward first and equal values took the first listed: White advanced and
# Black held back. With the lean the AI advances from either seat (as Black against the
# material greedy, 100 games at 0.1 s: 54% won without it, 70% with it; as White no change, 78%
# and 76%).
WARGAME_FORWARD = 0.002
# A slain Faction Leader loses the game, and Activations alternate: where the search stops, the
# side that Activates next may strike the enemy Leader, so its best such Attack counts its chance
# to slay (times 0.9: the search did not see the roll). A threat from the side that does not act
# next, with the pieces it may Activate after that (those not yet Activated this turn, else any),
# is a smaller worry when its opponent can first move the Leader away (0.3 of its chance; moving
# away spends an Activation); when the Leader has already Activated this turn (and so cannot),
# only a block or the striker's death saves it (0.6). (100 games from each seat against the
# material greedy at 0.1 s: later threats at 0.15, 70% as Black and 76% as White; at 0.3, 75% and
# 79%; at 0.45 as Black, 68%.)
# A strike ends the game, so it is counted as what it is, a chance of the game's end mixed with
# the position's value (``_strike``), not added to it: a threat costs the side that leads more
# than the side that trails, which has less to lose (400 games at 0.1 s against the material
# greedy, the same seeds for both: added, 69.6%; mixed, 75.9%).
WARGAME_LEADER_STRIKE = 0.9
WARGAME_LEADER_LATER = 0.3
WARGAME_LEADER_STUCK = 0.6


def evaluate(state: Any, player: Player) -> float:
    """The full evaluation of an unfinished game, from ``player``'s side."""
    counted = _counting(state, player)
    return _wargame(state, player) if counted is None else counted


def material(state: Any, player: Player) -> float:
    """The points on the board alone (an Attack waiting on a token at its odds)."""
    counted = _counting(state, player)
    return _wargame_material(state, player) if counted is None else counted


def _counting(state: Any, player: Player) -> float | None:
    """While the points of turn 10 wait for the players' rules (revision 6), the game is as
    good as scored: its result on points (with upgrades), a win worth ``WIN`` plus the margin
    as a finished game's is; None otherwise."""
    if state.outcome is not None or state.faith.counting is None:
        return None
    margin = float(state.score(player) - state.score(player.other))
    return 0.0 if margin == 0 else (WIN if margin > 0 else -WIN) + margin


def _wargame(state: Any, player: Player) -> float:
    return _wargame_rolling(state, player, _wargame_position)


def _wargame_rolling(
    state: Any, player: Player, value: Callable[[Any, Player, str], float]
) -> float:
    """``value`` of the position, or, while an Attack waits for a player to spend or keep an
    Advantage token (its dice not yet rolled), its expectation over the Attack's result at its
    exact odds: the defender slain (a Faction Leader's fall ends the game) or not. Without
    this a search stopping there would score the Attack as if it had missed, every time."""
    rolling = attack_in_progress_odds(state)
    held = value(state, player, "")
    if rolling is None or not rolling[1] or rolling[0].slay == 0:
        return held
    slay = float(rolling[0].slay)
    defender = state.piece(state.attack.defender)
    if defender.has(CommonRule.FACTION_LEADER):
        taken = -WIN if defender.owner is player else WIN
    else:
        taken = value(state, player, defender.key)
    return slay * taken + (1 - slay) * held


def _wargame_position(state: Any, player: Player, slain: str) -> float:
    """The evaluation of a position (the piece keyed ``slain``, if any, counted as gone)."""
    total = 0.0
    forward = 0.0  # the lean: WARGAME_FORWARD a rank ahead, for each piece
    on_board: dict[Player, list[Any]] = {Player.WHITE: [], Player.BLACK: []}
    leaders: dict[Player, Any] = {}  # each side's Faction Leader's square
    deploying = state.phase is Phase.DEPLOY  # (a piece still to deploy will be on the board)
    for p in state.pieces:
        if p.zone is not Zone.BOARD or p.key == slain:
            if deploying and p.zone is Zone.RESERVE:
                total += p.points if p.owner is player else -p.points
            continue
        on_board[p.owner].append(p)
        if p.has(CommonRule.FACTION_LEADER) and p.square is not None:
            leaders.setdefault(p.owner, p.square)
        v = float(p.points)
        v += WARGAME_TOKEN["advantage"] * p.advantage
        v += WARGAME_TOKEN["disadvantage"] * p.disadvantage
        v += WARGAME_TOKEN["blessed"] * p.blessed + WARGAME_TOKEN["cursed"] * p.cursed
        total += v if p.owner is player else -v
        if p.square is not None:
            ahead = WARGAME_FORWARD * wargame_ahead(p.square, p.owner)
            forward += ahead if p.owner is player else -ahead
    if state.phase not in (Phase.PLAY, Phase.DEPLOY) or state.outcome is not None:
        return total
    held = forward + wargame_lead(total, state.turn)
    return _wargame_leader_threats(state, player, on_board, leaders, held)


def wargame_ahead(square: Any, owner: Player) -> int:
    """How many ranks ahead of its own back rank a piece of ``owner`` stands on ``square``."""
    return int(square.rank) if owner is Player.WHITE else 7 - int(square.rank)


def wargame_lead(points: float, turn: int) -> float:
    """What a lead of ``points`` (negative: behind) is worth in turn ``turn``."""
    scale = WARGAME_LEAD_BASE + WARGAME_LEAD_PER_TURN * turn
    weight = WARGAME_LEAD_FIRST + WARGAME_LEAD_GROWTH * turn
    return weight * WIN * math.tanh(points * scale)


def _wargame_leader_threats(
    state: Any,
    player: Player,
    on_board: dict[Player, list[Any]],
    leaders: dict[Player, Any],
    held: float,
) -> float:
    """The position's value ``held`` (from ``player``'s side, no Leader struck) with the Faction
    Leaders' threats mixed in: the side that Activates next may strike the enemy Leader (weight
    WARGAME_LEADER_STRIKE); failing that, the other side, with the pieces it may Activate after
    that (WARGAME_LEADER_LATER, or WARGAME_LEADER_STUCK when the threatened Leader cannot be
    among the next side's pieces to move away). A side whose next Activation would come after
    the end of turn 10 (the game ends on points then) threatens nothing."""
    now, strikers, reactivating = _wargame_next_strikers(state, on_board)
    if now is None:
        return held
    fresh = sum(not p.activated for side in on_board.values() for p in side)
    if state.pending is None:  # ``now`` Activates for certain
        now_acts, fresh_after = True, fresh - (0 if reactivating else 1)
    elif state.pending.decision is Decision.ACT:  # its piece is already Activated
        now_acts, fresh_after = True, fresh
    else:  # the Activation is finishing: the turn goes on while a piece is fresh
        now_acts = fresh > 0 or state.turn < LAST_TURN
        fresh_after = fresh - (0 if reactivating else 1) if fresh > 0 else 0
    later_acts = now_acts and (fresh_after > 0 or state.turn < LAST_TURN)
    value = held
    if later_acts:  # what the game is worth if the side acting next does not strike first
        later = now.other
        pieces, _ = _may_activate(on_board[later])
        can_flee = any(p.square == leaders.get(now) for p in strikers)
        weight = WARGAME_LEADER_LATER if can_flee else WARGAME_LEADER_STUCK
        value = _strike(state, player, later, pieces, leaders.get(now), weight, value)
    if now_acts:
        value = _strike(
            state, player, now, strikers, leaders.get(now.other), WARGAME_LEADER_STRIKE, value
        )
    return value


def _strike(
    state: Any,
    player: Player,
    side: Player,
    pieces: list[Any],
    leader: Any,
    weight: float,
    value: float,
) -> float:
    """``value`` (from ``player``'s side) with ``side``'s best strike on the enemy Faction Leader
    (on square ``leader``; None: it has none on the board) mixed in: among ``side``'s
    ``pieces`` that can Attack it from where they stand, the strike worth most to ``side``, its
    chance to slay (times ``weight``) a win for ``side``, the rest ``value``; no strike (the
    value unchanged) when none gains ``side`` anything. A Leader striking the enemy Leader
    risks its own game: if it fails, the enemy Leader stands beside it with an Advantage token
    and may strike back, so that share of the misses is a loss for ``side``. The odds are the
    tokens as they stand (the striker spending an Advantage token); two token rules are left
    out: the defending Leader may spend an Advantage token, and a striker that must Reactivate
    first receives a Disadvantage token. Counted, neither played better (docs/ai-measurements.md,
    seventeenth session)."""
    if leader is None:
        return value
    sign = 1.0 if side is player else -1.0  # turns ``player``'s values into ``side``'s
    win = sign * WIN  # the end of the game if the strike slays
    best = value
    board, terrain = state.board, state.terrain_map
    for p in pieces:
        if p.owner is side and can_attack(p, leader, board, terrain):
            odds = attack_odds_now(state, p.key, leader, attacker_spends=True)
            slay = weight * float(odds.slay)
            back = 0.0
            if p.has(CommonRule.FACTION_LEADER):
                back = weight * float(1 - odds.slay) * _blow_back(odds)
            mixed = value + slay * (win - value) + back * (-win - value)
            if sign * (mixed - best) > 0:  # worth more to ``side`` than any strike so far
                best = mixed
    return best


def _wargame_next_strikers(
    state: Any, on_board: dict[Player, list[Any]]
) -> tuple[Player | None, list[Any], bool]:
    """Who Activates next, the pieces it may Attack with, and whether that is a Reactivation
    (every piece of its already Activated): the player choosing a piece (any it may Activate),
    the piece about to Move or Attack, else (the Activation is finishing) the other player,
    who Activates next (Activations alternate), with those of its pieces not yet Activated
    this turn (any, when all have: a Reactivation, or the next turn). While the teams deploy:
    the player who Activates first once they are down, with the pieces deployed so far."""
    if state.phase is Phase.DEPLOY:  # whoever deployed first Activates first (WC-6)
        if state.tree_first is None:
            return None, [], False
        first = state.tree_first.other
        return first, on_board[first], False
    pend = state.pending
    if pend is None:
        if state.activation_picker is not None:  # a card's choice: not a plain Activation
            return None, [], False
        pieces, reactivating = activatable(state)
        return state.to_act, pieces, reactivating
    if pend.decision is Decision.ACT:
        piece = state.piece(pend.piece)
        return piece.owner, [piece], False
    if state.activation is None:
        return None, [], False
    side = state.piece(state.activation.piece).owner.other
    return (side, *_may_activate(on_board[side]))


def _may_activate(pieces: list[Any]) -> tuple[list[Any], bool]:
    """Which of a side's pieces on the board it may Activate next, and whether that is a
    Reactivation: those not yet Activated this turn, else any (``activation.activatable`` for
    the side to act, from the pieces already sorted by side)."""
    fresh = [p for p in pieces if not p.activated]
    return fresh or pieces, not fresh


def _blow_back(odds: Any) -> float:
    """The chance that the enemy Leader, having held against a Leader's Attack, slays it back
    with the Advantage token its Combat Movement gives it (each side's dice as they are, no
    other token)."""
    back = replace(odds.defender, advantage=1, disadvantage=0)
    return float(attack_odds(back, replace(odds.attacker, advantage=0, disadvantage=0)).slay)


def _wargame_material(state: Any, player: Player) -> float:
    return _wargame_rolling(state, player, _wargame_points)


def _wargame_points(state: Any, player: Player, slain: str) -> float:
    return float(
        sum(
            p.points if p.owner is player else -p.points
            for p in state.pieces
            if p.zone is Zone.BOARD and p.key != slain
        )
    )

"""How good a position looks to one player, per system: material, points and health as data.

Each evaluation returns a number from ``player``'s side, zero-sum (the opponent's is its
negative), but for one term: Chess28's pull towards the enemy in last side standing counts
for ``player``'s models only (the search always evaluates from its own player's side).
Finished games score ``WIN`` (plus the margin, so a bigger win is preferred) or ``-WIN``; a
draw scores 0. Only what ``player`` can see is read: the card game counts hands by
their size, never their cards.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from rules.card_game.battlefield import base_rank
from rules.chess28.combat import CHEST, melee_squares
from rules.chess28.models import Ability
from rules.chess28.odds import combat_wound_odds
from rules.chess28.state import BOARD as C28_BOARD
from rules.chess28.state import CHEST_HP, TerrainKind
from rules.core.board import Player
from rules.core.system import GameSystem
from rules.d20_chess.pieces import Kind
from rules.wargame_chess.activation import activatable
from rules.wargame_chess.engine import attack_in_progress_odds, attack_odds_now
from rules.wargame_chess.geometry import can_attack
from rules.wargame_chess.odds import attack_odds
from rules.wargame_chess.pieces import CommonRule
from rules.wargame_chess.state import LAST_TURN, Decision, Phase, Zone

WIN = 1000.0

# Wargame Chess: a piece is worth its points cost (as the points count at the end of turn 10);
# tokens change the odds of its rolls.
WARGAME_TOKEN = {"advantage": 0.4, "disadvantage": -0.4, "blessed": 0.3, "cursed": -0.3}
# A lead in points is worth a share of a win, the more the nearer the end of turn 10 is (the
# points decide the game then): WARGAME_LEAD x WIN x tanh(lead x (BASE + PER_TURN x turn)). So
# 1 point ahead in turn 1 is about a tenth of a win, in turn 10 more than a third; 3 points
# ahead in turn 10 most of one. Counted in points alone, a lead would weigh nothing beside a
# small chance to slay a Faction Leader, and the AI lost on points games it led.
WARGAME_LEAD = 0.8
WARGAME_LEAD_BASE = 0.08
WARGAME_LEAD_PER_TURN = 0.04
# A lean, not a judgement: each piece is worth a trifle more for each rank it stands ahead of
# its side's back rank (a rank is a fifth of the search's cost of one decision,
# search.STEP_COST), so it decides only between moves that nothing else tells apart. Moves are
# listed northward first and equal values took the first listed: White advanced and Black held
# back. With the lean the AI advances from either seat (as Black against the material greedy,
# 100 games at 0.1 s: 54% won without it, 70% with it; as White no change, 78% and 76%).
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

# d20 explorer chess: pieces by kind (the King is the game, so it is scored by the result);
# experience towards promotion is worth a little.
D20_VALUES = {"Pawn": 1.0, "Knight": 3.0, "Bishop": 3.0, "Rook": 5.0, "Queen": 9.0, "King": 0.0}
D20_XP = 0.5
D20_ADVANCE = 0.05  # per rank a Pawn has advanced
# The game is won by taking the King: each piece is worth a little more the closer it stands
# to the enemy King (per square nearer, counted from 7), and a King near the Dragon is in danger.
D20_HUNT = 0.08
D20_DRAGON_NEAR_KING = -0.4

# Chess: The Card Game: the King's health matters most; a piece on the battlefield is worth its
# attack and remaining health; cards in hand and in the deck, and Material, are options.
CARD_KING_HEALTH = 3.0
CARD_UNIT_ATTACK = 1.0
CARD_UNIT_HEALTH = 0.7
CARD_HAND = 0.8
CARD_DECK = 0.05
CARD_MATERIAL = 0.3
# Where a unit stands: in the enemy Base it may attack the King every turn (the King's health
# is worth CARD_KING_HEALTH a point; a threat, not yet a wound, half of that per Attack point),
# in the Warzone it is on its way.
CARD_KING_THREAT = 1.5
CARD_ADVANCE = 0.3


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
    return WARGAME_LEAD * WIN * math.tanh(points * scale)


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
    and may strike back, so that share of the misses is a loss for ``side``."""
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


def _near(a: Any, b: Any) -> int:
    """7 minus the king-move distance between two squares: 6 when next to each other."""
    return 7 - int(max(abs(a.file - b.file), abs(a.rank - b.rank)))


_D20_BY_KIND = {Kind(name): v for name, v in D20_VALUES.items()}


def _d20(state: Any, player: Player) -> float:
    pieces = state.pieces
    kings: dict[Any, Any] = {}
    dragon = None
    for p in pieces:
        if p.owner is None:
            dragon = p.square
        elif p.kind is Kind.KING:
            kings[p.owner] = p.square
    total = 0.0
    for p in pieces:
        owner = p.owner
        if owner is None:
            continue
        kind = p.kind
        v = _D20_BY_KIND.get(kind, 0.0)
        if p.xp:
            v += D20_XP * float(p.xp)
        sq = p.square
        if kind is Kind.PAWN:
            v += D20_ADVANCE * (sq.rank if owner is Player.WHITE else 7 - sq.rank)
        if kind is Kind.KING:
            if dragon is not None:
                v += D20_DRAGON_NEAR_KING * max(0, _near(sq, dragon) - 4)
        else:
            enemy_king = kings.get(Player.BLACK if owner is Player.WHITE else Player.WHITE)
            if enemy_king is not None:
                v += D20_HUNT * _near(sq, enemy_king)
        total += v if owner is player else -v
    return total


def _card_unit(state: Any, u: Any) -> tuple[int, float]:
    """A unit's attack and its worth by attack and remaining health (where it stands aside)."""
    c = state.card(u.cid)
    attack = max(0, c.attack + u.atk_bonus)
    return attack, CARD_UNIT_ATTACK * attack + CARD_UNIT_HEALTH * max(
        0, c.health + u.hp_bonus - u.damage
    )


def _card_game(state: Any, player: Player) -> float:
    total = 0.0
    for seat in Player:
        side = state.side(seat)
        king = state.card(seat * 100)
        v = CARD_KING_HEALTH * max(0, king.health - side.king_damage)
        v += CARD_HAND * len(side.hand) + CARD_DECK * len(side.deck)
        v += CARD_MATERIAL * side.material
        total += v if seat is player else -v
    for u in state.units:
        attack, v = _card_unit(state, u)
        rank = u.square.rank
        if rank == base_rank(u.owner.other):
            v += CARD_KING_THREAT * attack
        elif rank != base_rank(u.owner):
            v += CARD_ADVANCE
        total += v if u.owner is player else -v
    return total


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


@lru_cache(maxsize=4096)
def _wounds(combat: Any, chill: bool, iron: bool) -> tuple[tuple[int, float], ...]:
    return tuple((w, float(p)) for w, p in combat_wound_odds(combat, chill, iron).items())


def _c28_combat(state: Any, player: Player) -> float:
    """A combat under way (its dice still to roll, or rolled and not yet resolved) counts as
    the wounds it will do on average, for the attacker: otherwise an attack's worth would show
    only decisions later (after "roll", "keep or re-roll"), beyond the horizon at which a
    move's is already seen, and the search would keep moving instead of attacking."""
    c = state.combat
    attacker = state.unit(c.attacker)
    chill = attacker.model.has(Ability.CHILL_GRASP)
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
    return frozenset(
        (s.file, s.rank) for t in state.terrain if t.kind is TerrainKind.BLOCKING for s in t.squares
    )


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


def _d20_material(state: Any, player: Player) -> float:
    return sum(
        _D20_BY_KIND.get(p.kind, 0.0) * (1 if p.owner is player else -1)
        for p in state.pieces
        if p.owner is not None
    )


def _card_game_material(state: Any, player: Player) -> float:
    total = 0.0
    for seat in Player:
        side = state.side(seat)
        king = state.card(seat * 100)
        v = CARD_KING_HEALTH * max(0, king.health - side.king_damage) + CARD_HAND * len(side.hand)
        total += v if seat is player else -v
    for u in state.units:
        v = _card_unit(state, u)[1]
        total += v if u.owner is player else -v
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


EVALUATIONS: dict[str, Callable[[Any, Player], float]] = {
    "chess28": _chess28,
    "wargame-chess": _wargame,
    "d20-chess": _d20,
    "card-game": _card_game,
}


# Material alone (the greedy baseline's measure): what each side has, never where it stands
# or what it threatens. Wargame Chess: the points on the board; d20 explorer chess: the pieces'
# values; the card game: the King's health, the units' attack and health, the cards in hand;
# Chess28: the models' worth, the wounds on the enemy Treasure Chest, a combat's expected wounds.
MATERIAL: dict[str, Callable[[Any, Player], float]] = {
    "chess28": _chess28_material,
    "wargame-chess": _wargame_material,
    "d20-chess": _d20_material,
    "card-game": _card_game_material,
}


def evaluate(
    system: GameSystem[Any, Any], state: Any, player: Player, material_only: bool = False
) -> float:
    """The value of ``state`` to ``player``: the result when the game is over (a win is worth
    ``WIN`` plus the margin), else the system's evaluation (0 when it has none), or with
    ``material_only`` its material alone (``MATERIAL``)."""
    material = (MATERIAL if material_only else EVALUATIONS).get(system.id)
    margin = material(state, player) if material is not None else 0.0
    result = system.result(state)
    if result is None:
        return margin
    if result.winner is None:
        return 0.0
    return WIN + margin if result.winner is player else -WIN + margin

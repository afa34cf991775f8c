"""How good a position looks to one player, per system: material, points and health as data.

Each evaluation returns a number from ``player``'s side, zero-sum (the opponent's is its
negative), but for one term: Chess28's pull towards the enemy in last side standing counts
for ``player``'s models only (the search always evaluates from its own player's side).
Finished games score ``WIN`` (plus the margin, so a bigger win is preferred) or ``-WIN``; a
draw scores 0. Only what ``player`` can see is read: the card game counts hands by
their size, never their cards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rules.card_game.battlefield import base_rank
from rules.chess28.combat import CHEST, melee_squares
from rules.chess28.models import Ability
from rules.chess28.odds import combat_wound_odds
from rules.chess28.state import CHEST_HP
from rules.core.board import Player
from rules.core.system import GameSystem
from rules.d20_chess.pieces import Kind
from rules.wargame_chess.activation import activatable
from rules.wargame_chess.attacks import attack_odds_now
from rules.wargame_chess.geometry import can_attack
from rules.wargame_chess.pieces import CommonRule
from rules.wargame_chess.state import Decision, Phase, Zone

WIN = 1000.0

# Wargame Chess: a piece is worth its points cost (as the points count at the end of turn 10);
# tokens change the odds of its rolls.
WARGAME_TOKEN = {"advantage": 0.4, "disadvantage": -0.4, "blessed": 0.3, "cursed": -0.3}
# A slain Faction Leader loses the game, and Activations alternate: where the search stops, the
# side that Activates next may strike the enemy Leader, so its best such Attack is worth its
# chance to slay times a win (a little less: the search did not see the roll). A threat from the
# side that does not act next is a smaller worry (its opponent Activates first, and may answer).
WARGAME_LEADER_STRIKE = 0.9 * WIN
WARGAME_LEADER_LATER = 0.15 * WIN

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
    total = 0.0
    on_board: dict[Player, list[Any]] = {Player.WHITE: [], Player.BLACK: []}
    leaders: dict[Player, Any] = {}  # each side's Faction Leader's square
    for p in state.pieces:
        if p.zone is not Zone.BOARD:
            continue
        on_board[p.owner].append(p)
        if p.has(CommonRule.FACTION_LEADER) and p.square is not None:
            leaders.setdefault(p.owner, p.square)
        v = float(p.points)
        v += WARGAME_TOKEN["advantage"] * p.advantage
        v += WARGAME_TOKEN["disadvantage"] * p.disadvantage
        v += WARGAME_TOKEN["blessed"] * p.blessed + WARGAME_TOKEN["cursed"] * p.cursed
        total += v if p.owner is player else -v
    if state.phase is Phase.PLAY and state.outcome is None:
        now, strikers = _wargame_next_strikers(state, on_board)
        if now is not None:
            for side, weight in ((now, WARGAME_LEADER_STRIKE), (now.other, WARGAME_LEADER_LATER)):
                pieces = strikers if side is now else on_board[side]
                threat = weight * _leader_threat(state, side, pieces, leaders.get(side.other))
                total += threat if side is player else -threat
    return total


def _wargame_next_strikers(
    state: Any, on_board: dict[Player, list[Any]]
) -> tuple[Player | None, list[Any]]:
    """Who Activates next and the pieces it may Attack with: the player choosing a piece (any
    it may Activate), the piece about to Move or Attack, else (the Activation is finishing)
    the other player, who Activates next (Activations alternate), with any of its pieces."""
    pend = state.pending
    if pend is None:
        if state.activation_picker is not None:  # a card's choice: not a plain Activation
            return None, []
        return state.to_act, activatable(state)[0]
    if pend.decision is Decision.ACT:
        piece = state.piece(pend.piece)
        return piece.owner, [piece]
    if state.activation is None:
        return None, []
    side = state.piece(state.activation.piece).owner.other
    return side, on_board[side]


def _leader_threat(state: Any, side: Player, pieces: list[Any], leader: Any) -> float:
    """The best chance among ``side``'s ``pieces`` to slay the enemy Faction Leader (on square
    ``leader``, None when it has none on the board) with one Attack from where they stand (0
    when none can reach it)."""
    if leader is None:
        return 0.0
    best = 0.0
    board, terrain = state.board, state.terrain_map
    for p in pieces:
        if p.owner is side and can_attack(p, leader, board, terrain):
            odds = attack_odds_now(state, p.key, leader, attacker_spends=True)
            best = max(best, float(odds.slay))
    return best


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
        c = state.card(u.cid)
        attack = max(0, c.attack + u.atk_bonus)
        v = CARD_UNIT_ATTACK * attack
        v += CARD_UNIT_HEALTH * max(0, c.health + u.hp_bonus - u.damage)
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
        m = u.model
        v = C28_HEALTH * max(0, m.hp - u.wounds) + C28_FIGHT * m.fight + C28_DEFENCE * m.defence
        if zone == "RESERVE":
            v *= C28_RESERVE
        total += v if u.owner is player else -v
    for seat in Player:
        v = C28_CARD * len(state.hands[seat])
        chest = state.chest_of(seat.other) if pinata else None
        if chest is not None:
            v += C28_CHEST_WOUND * chest.wounds
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
                gaps = [max(abs(f - gf), abs(r - gr)) or 2 for gf, gr in spots]
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


EVALUATIONS: dict[str, Callable[[Any, Player], float]] = {
    "chess28": _chess28,
    "wargame-chess": _wargame,
    "d20-chess": _d20,
    "card-game": _card_game,
}


def evaluate(system: GameSystem[Any, Any], state: Any, player: Player) -> float:
    """The value of ``state`` to ``player``: the result when the game is over (a win is worth
    ``WIN`` plus the margin), else the system's evaluation (0 when it has none)."""
    material = EVALUATIONS.get(system.id)
    margin = material(state, player) if material is not None else 0.0
    result = system.result(state)
    if result is None:
        return margin
    if result.winner is None:
        return 0.0
    return WIN + margin if result.winner is player else -WIN + margin

"""Attacks: targets, Mounted Advantage, spending tokens on the rolls, the Attack and Defence
rolls, slaying, Combat Movement, and a piece that cannot be slain moving aside.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import IllegalAction
from rules.wargame_chess import actions as A
from rules.wargame_chess.board import (
    Square,
)
from rules.wargame_chess.checks import require_decision
from rules.wargame_chess.dice import ScriptedDice
from rules.wargame_chess.geometry import (
    attack_paths,
    explain_attack,
    free_adjacent,
)
from rules.wargame_chess.odds import AttackOdds, attack_odds
from rules.wargame_chess.pieces import CommonRule, Kind
from rules.wargame_chess.state import (
    AttackInfo,
    Decision,
    GameState,
    Pending,
    Piece,
    Token,
)
from rules.wargame_chess.transaction import Handler, Transaction, Validator, peek
from rules.wargame_chess.turns import end_activation


def targets(state: GameState, piece: Piece) -> dict[Square, tuple[Square, ...]]:
    return attack_paths(piece, state.board, state.terrain_map)


def combat_squares(state: GameState) -> list[Square]:
    att = state.attack
    assert att is not None
    return free_adjacent(state.board, state.terrain_map, att.square, ignore=(att.attacker,))


def aside_squares(state: GameState) -> list[Square]:
    """Where a piece that could not be slain may go (WC-19): next to it, else redeploy."""
    att = state.attack
    assert att is not None
    near = free_adjacent(state.board, state.terrain_map, att.square, ignore=(att.attacker,))
    if near:
        return near
    defender = state.piece(att.defender)
    tx = Transaction(state, ScriptedDice([]))
    return tx.redeploy_squares(defender.owner, ignore=att.attacker)


def attack_odds_now(
    state: GameState,
    attacker_key: str,
    target: Square,
    *,
    attacker_spends: bool = False,
    defender_spends: bool = False,
) -> AttackOdds:
    """Exact odds of an Attack in this position: Mounted Advantage, roll effects and effects in
    force included; Disadvantage tokens are always spent, Advantage tokens as asked."""
    tx = Transaction(state, ScriptedDice([]))
    attacker = tx.piece(attacker_key)
    defender = tx.board().get(target)
    if defender is None:
        raise IllegalAction(f"there is no piece on {target} to Attack")

    mounted = _mounted(tx, attacker, defender, target)
    a_spec = tx.roll_spec(attacker, _token(tx, attacker, attacker_spends), int(mounted), defender)
    d_spec = tx.roll_spec(defender, _token(tx, defender, defender_spends), 0, attacker)
    return attack_odds(a_spec, d_spec)


def attack_in_progress_odds(
    state: GameState, use: bool | None = None
) -> tuple[AttackOdds, bool] | None:
    """The exact odds of the Attack waiting for a player to spend or keep an Advantage token
    (None when no Attack waits so), if that player answers ``use`` (None: spends it): a token
    already decided as it was, one still to decide spent, a Disadvantage token always (as
    ``_token_rule`` has it). With them, whether the defender can be slain at all (else a
    success only moves it aside)."""
    att, pend = state.attack, state.pending
    if att is None or pend is None:
        return None
    if pend.decision not in (Decision.ATTACKER_TOKEN, Decision.DEFENDER_TOKEN):
        return None
    tx = Transaction(state, ScriptedDice([]))
    attacker, defender = tx.piece(att.attacker), tx.piece(att.defender)

    def token(p: Piece, decided: bool, chosen: Token | None) -> Token | None:
        if decided:
            return chosen
        return _token(tx, p, use is None or use or p.key != pend.piece)

    a_tok = token(attacker, att.attacker_decided, att.attacker_token)
    d_tok = token(defender, att.defender_decided, att.defender_token)
    a_spec = tx.roll_spec(attacker, a_tok, 1 if att.mounted else 0, defender)
    d_spec = tx.roll_spec(defender, d_tok, 0, attacker)
    return attack_odds(a_spec, d_spec), tx.can_be_slain(defender)


def _v_attack(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Attack)
    pend = require_decision(state, Decision.ACT)
    if a.piece != pend.piece:
        raise IllegalAction(f"{pend.piece} is the piece Activating now, not {a.piece}")
    p = state.piece(a.piece)
    if a.target not in targets(state, p):
        raise IllegalAction(explain_attack(p, a.target, state.board, state.terrain_map))


def _mounted(tx: Transaction, attacker: Piece, defender: Piece, square: Square) -> bool:
    """Mounted Advantage: a Knight Attacking a non-Knight, with another enemy next to the
    shared square (WC-23)."""
    if not attacker.has(CommonRule.MOUNTED_ADVANTAGE) or defender.kind is Kind.KNIGHT:
        return False
    board = tx.board()
    for n in square.neighbours():
        p = board.get(n)
        if p is not None and p.owner is not attacker.owner and p.key != defender.key:
            return True
    return False


def _h_attack(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Attack)
    attacker = tx.piece(a.piece)
    defender = tx.board()[a.target]
    assert attacker.square is not None
    mounted = _mounted(tx, attacker, defender, a.target)
    tx.attack = AttackInfo(attacker.key, defender.key, attacker.square, a.target, mounted)
    tx.emit(
        "attack",
        f"{attacker.key} Attacks {defender.key} on {a.target}",
        piece=attacker.key,
        target=defender.key,
        origin=str(attacker.square),
        square=str(a.target),
        mounted=mounted,
    )
    if mounted and not tx.roll_spec(attacker, None, 1, defender).prevent_advantage:
        tx.emit("mounted", f"{attacker.label} has Mounted Advantage", piece=attacker.key)
    elif mounted:
        tx.emit(
            "mounted_prevented",
            f"{attacker.label} would have Mounted Advantage, but Advantage is prevented",
            piece=attacker.key,
        )
    tx.pending = None
    _continue_attack(tx)


def _token_rule(tx: Transaction, p: Piece) -> tuple[bool, Token | None]:
    """The token rule before a roll: (whether the player chooses to spend an Advantage token,
    the token spent whatever they choose). Jokers spend none; a Disadvantage token is always
    spent; an Advantage token is the player's choice where it may be spent."""
    if p.kind.dice[0] < 2:  # Jokers cannot spend tokens
        return False, None
    if p.disadvantage > 0:
        return False, Token.DISADVANTAGE
    return p.advantage > 0 and tx.may_spend_advantage(p), None


def _token(tx: Transaction, p: Piece, spends: bool) -> Token | None:
    """The token ``p``'s roll uses if its player, when asked, spends (``spends``) or keeps."""
    choose, forced = _token_rule(tx, p)
    return Token.ADVANTAGE if choose and spends else forced


def _token_step(tx: Transaction, key: str) -> tuple[bool, Token | None]:
    """Settle mandatory or impossible token use. Returns (the player must choose, token spent)."""
    choose, forced = _token_rule(tx, tx.piece(key))
    if forced is Token.DISADVANTAGE:
        tx.remove_tokens(key, Token.DISADVANTAGE, 1, "spent: Disadvantage tokens must be spent")
    return choose, forced


def _continue_attack(tx: Transaction) -> None:
    att = tx.attack
    assert att is not None
    if not att.attacker_decided:
        choose, token = _token_step(tx, att.attacker)
        if choose:
            owner = tx.piece(att.attacker).owner
            tx.pending = Pending(Decision.ATTACKER_TOKEN, owner, att.attacker)
            return
        att = replace(att, attacker_decided=True, attacker_token=token)
        tx.attack = att
    if not att.defender_decided:
        choose, token = _token_step(tx, att.defender)
        if choose:
            owner = tx.piece(att.defender).owner
            tx.pending = Pending(Decision.DEFENDER_TOKEN, owner, att.defender)
            return
        att = replace(att, defender_decided=True, defender_token=token)
        tx.attack = att
    _roll_attack(tx)


def _v_use_token(state: GameState, a: A.Action) -> None:
    require_decision(state, Decision.ATTACKER_TOKEN, Decision.DEFENDER_TOKEN)


def _h_use_token(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.UseToken) and tx.pending is not None and tx.attack is not None
    pend = tx.pending
    token = None
    if a.use:
        tx.remove_tokens(pend.piece, Token.ADVANTAGE, 1, "spent for Advantage on this roll")
        token = Token.ADVANTAGE
    else:
        tx.emit("kept", f"{pend.piece} keeps its Advantage token", piece=pend.piece)
    if pend.decision is Decision.ATTACKER_TOKEN:
        tx.attack = replace(tx.attack, attacker_decided=True, attacker_token=token)
    else:
        tx.attack = replace(tx.attack, defender_decided=True, defender_token=token)
    tx.pending = None
    _continue_attack(tx)


def _roll_attack(tx: Transaction) -> None:
    att = tx.attack
    assert att is not None
    attacker = tx.piece(att.attacker)
    defender = tx.piece(att.defender)
    a_spec = tx.roll_spec(attacker, att.attacker_token, 1 if att.mounted else 0, defender)
    d_spec = tx.roll_spec(defender, att.defender_token, 0, attacker)
    a_roll = tx.roll_piece(attacker, a_spec, "Attack roll")
    d_roll = tx.roll_piece(defender, d_spec, "Defence roll")
    if a_roll.total > d_roll.total:
        tx.emit(
            "attack_result",
            f"{a_roll.total} beats {d_roll.total}: the Attack succeeds",
            success=True,
            attack=a_roll.total,
            defence=d_roll.total,
        )
        if tx.can_be_slain(tx.piece(defender.key)):
            tx.slay(defender.key, attacker.key, f"Attacked by {attacker.key}")
            if tx.outcome is not None:
                return
            tx.relocate(attacker.key, att.square)
            tx.emit(
                "moved",
                f"{attacker.key} takes {att.square}",
                piece=attacker.key,
                origin=str(att.origin),
                to=str(att.square),
                path=[str(att.square)],
            )
            for e in tx.active_effects():
                e.after_attack_slays(tx, attacker.key, defender.key, a_roll)
            _end_attack(tx)
            return
        tx.emit("unslayable", f"{defender.key} cannot be slain", piece=defender.key)
        tx.pending = Pending(Decision.MOVE_ASIDE, defender.owner, defender.key)
        if not aside_squares(peek(tx)):
            tx.emit(
                "moved",
                f"there is nowhere to place {defender.key}: it stays, and "
                f"{attacker.key} stays on {att.origin}",
                piece=attacker.key,
            )
            _end_attack(tx)
        return
    tx.emit(
        "attack_result",
        f"{d_roll.total} holds against {a_roll.total}: the Attack fails; "
        f"{defender.owner.title} chooses the Combat Movement",
        success=False,
        attack=a_roll.total,
        defence=d_roll.total,
    )
    sqs = combat_squares(peek(tx))
    if not sqs:
        # WC-18: no unoccupied adjacent square for either option.
        tx.emit(
            "combat_movement",
            f"no square is free next to {att.square}: {attacker.key} returns to {att.origin}",
            piece=attacker.key,
            to=str(att.origin),
        )
        tx.give_tokens(attacker.key, Token.DISADVANTAGE, 1, "Combat Movement")
        _end_attack(tx)
        return
    tx.pending = Pending(Decision.COMBAT_MOVEMENT, defender.owner, defender.key)


def _end_attack(tx: Transaction) -> None:
    tx.attack = None
    tx.pending = None
    end_activation(tx)


def _v_combat_move(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.CombatMove)
    require_decision(state, Decision.COMBAT_MOVEMENT)
    att = state.attack
    assert att is not None
    if a.piece not in (att.attacker, att.defender):
        raise IllegalAction(
            f"Combat Movement places the attacker ({att.attacker}) or the defender "
            f"({att.defender}), not {a.piece}"
        )
    if a.to not in combat_squares(state):
        raise IllegalAction(f"{a.to} is not an unoccupied square next to {att.square}")


def _h_combat_move(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.CombatMove) and tx.attack is not None
    att = tx.attack
    if a.piece == att.attacker:
        tx.relocate(att.attacker, a.to)
        tx.emit(
            "combat_movement",
            f"Combat Movement: {att.attacker} is placed on {a.to}",
            piece=att.attacker,
            origin=str(att.origin),
            to=str(a.to),
        )
        tx.give_tokens(att.attacker, Token.DISADVANTAGE, 1, "Combat Movement")
    else:
        tx.relocate(att.defender, a.to)
        tx.relocate(att.attacker, att.square)
        tx.emit(
            "combat_movement",
            f"Combat Movement: {att.defender} steps to {a.to}; {att.attacker} takes {att.square}",
            piece=att.defender,
            origin=str(att.square),
            to=str(a.to),
            attacker=att.attacker,
        )
        tx.give_tokens(att.defender, Token.ADVANTAGE, 1, "Combat Movement")
    _end_attack(tx)


def _v_move_aside(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.MoveAside)
    require_decision(state, Decision.MOVE_ASIDE)
    if a.to not in aside_squares(state):
        raise IllegalAction(f"{a.to} is not a square the piece may be placed on")


def _h_move_aside(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.MoveAside) and tx.attack is not None
    att = tx.attack
    tx.relocate(att.defender, a.to)
    tx.relocate(att.attacker, att.square)
    tx.emit(
        "moved_aside",
        f"{att.defender} is placed on {a.to}; {att.attacker} takes {att.square}",
        piece=att.defender,
        to=str(a.to),
        attacker=att.attacker,
    )
    _end_attack(tx)


# The actions this section referees: a validator (read-only) and a handler for each.
RULES: dict[type[A.Action], tuple[Validator, Handler]] = {
    A.Attack: (_v_attack, _h_attack),
    A.UseToken: (_v_use_token, _h_use_token),
    A.CombatMove: (_v_combat_move, _h_combat_move),
    A.MoveAside: (_v_move_aside, _h_move_aside),
}

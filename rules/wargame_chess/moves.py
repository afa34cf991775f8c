"""Moves: where a piece may Move, En Passant's second Move, Promotion, Castle, and declining
them."""

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
    explain_move,
    move_paths,
)
from rules.wargame_chess.pieces import CommonRule, Kind
from rules.wargame_chess.state import (
    Decision,
    GameState,
    Pending,
    Piece,
    Token,
    Zone,
)
from rules.wargame_chess.transaction import Handler, Transaction, Validator, peek
from rules.wargame_chess.turns import end_activation


def destinations(state: GameState, piece: Piece) -> dict[Square, tuple[Square, ...]]:
    return move_paths(piece, state.board, state.terrain_map)


def promotion_choices(state: GameState, pawn: Piece) -> list[Piece]:
    tx = Transaction(state, ScriptedDice([]))
    out = []
    for p in state.pieces:
        if (
            p.owner is pawn.owner
            and p.zone is Zone.SLAIN
            and p.kind.is_positional
            and not p.legendary
            and tx.room_for(p.owner, p.option, p.kind, ignore=pawn.key) is None
        ):
            out.append(p)
    return out


def castle_partners(state: GameState, rook: Piece) -> list[Piece]:
    """The adjacent non-Rook allies a Rook may Castle with. From rules revision 3, not an own
    Joker that would gain the Advantage token while another ally can Castle: a player gives
    their own Joker a token by choice only when it is the only legal target (ruling R21)."""
    out = _beside(state, rook)
    if state.config.at_least(3):
        others = [p for p in out if not _joker_gains(p, rook)]
        if others:
            return others
    return out


def _beside(state: GameState, rook: Piece) -> list[Piece]:
    """The non-Rook allies adjacent to ``rook``."""
    assert rook.square is not None
    out = []
    for n in rook.square.neighbours():
        p = state.board.get(n)
        if p is not None and p.owner is rook.owner and p.kind is not Kind.ROOK:
            out.append(p)
    return out


def _joker_gains(ally: Piece, rook: Piece) -> bool:
    """Whether Castling with ``ally`` would give an own Joker the Advantage token."""
    return ally.kind is Kind.JOKER and ally.rank > rook.rank


def _v_promote(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Promote)
    pend = require_decision(state, Decision.PROMOTION)
    pawn = state.piece(pend.piece)
    target = state.piece(a.into)
    if target not in promotion_choices(state, pawn):
        if target.owner is not pawn.owner:
            why = "it is not on your team"
        elif target.zone is not Zone.SLAIN:
            why = "it is not slain"
        elif not target.kind.is_positional:
            why = "a Pawn cannot Promote into a Pawn"
        elif target.legendary:
            why = "it is Legendary"
        else:
            why = "there is no room for another of that piece on the board"
        raise IllegalAction(f"{pawn.label} cannot Promote into {target.key}: {why}")


def _h_promote(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Promote) and tx.pending is not None
    pawn = tx.piece(tx.pending.piece)
    sq = pawn.square
    assert sq is not None
    tx.leave_board(pawn.key, Zone.REMOVED)
    tx.update(a.into, zone=Zone.BOARD, square=sq)
    tx.emit(
        "promoted",
        f"{pawn.key} Promotes: it leaves the board and {a.into} takes {sq}",
        piece=pawn.key,
        into=a.into,
        square=str(sq),
    )
    # The Pawn's Re/Activation ends here (WC-17).
    tx.pending = None
    end_activation(tx)


def _v_decline(state: GameState, a: A.Action) -> None:
    require_decision(state, Decision.PROMOTION, Decision.SECOND_MOVE, Decision.CASTLE)


def _h_decline(tx: Transaction, a: A.Action) -> None:
    pend = tx.pending
    assert pend is not None
    if pend.decision is Decision.PROMOTION:
        tx.emit("declined", f"{pend.piece} does not Promote")
        tx.pending = Pending(Decision.ACT, pend.player, pend.piece)
    elif pend.decision is Decision.SECOND_MOVE:
        tx.emit("declined", f"{pend.piece} does not Move again")
        tx.pending = None
        _after_move(tx, pend.piece)
    else:
        tx.emit("declined", f"{pend.piece} does not Castle")
        tx.pending = None
        end_activation(tx)


def _v_move(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Move)
    pend = require_decision(state, Decision.ACT, Decision.SECOND_MOVE)
    if a.piece != pend.piece:
        raise IllegalAction(f"{pend.piece} is the piece Activating now, not {a.piece}")
    p = state.piece(a.piece)
    dests = destinations(state, p)
    if a.to in dests:
        return
    if a.to == p.square and not dests and pend.decision is Decision.ACT:
        return  # a piece that cannot Move may travel zero squares (WC-20)
    raise IllegalAction(explain_move(p, a.to, state.board, state.terrain_map))


def _h_move(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Move) and tx.activation is not None
    piece = tx.piece(a.piece)
    origin = piece.square
    assert origin is not None
    state_now = peek(tx)
    path = destinations(state_now, piece).get(a.to, ())
    tx.relocate(piece.key, a.to)
    act = tx.activation
    tx.activation = replace(act, moves=act.moves + 1)
    if a.to == origin:
        tx.emit(
            "moved",
            f"{piece.key} cannot Move and stays on {origin}",
            piece=piece.key,
            origin=str(origin),
            to=str(a.to),
            path=[],
        )
    else:
        tx.emit(
            "moved",
            f"{piece.key} Moves {origin} to {a.to}",
            piece=piece.key,
            origin=str(origin),
            to=str(a.to),
            path=[str(s) for s in path],
        )
    tx.pending = None
    if act.en_passant and act.moves == 0:
        moved = tx.piece(piece.key)
        if destinations(peek(tx), moved):
            tx.pending = Pending(Decision.SECOND_MOVE, piece.owner, piece.key)
            return
    _after_move(tx, piece.key)


def _after_move(tx: Transaction, key: str) -> None:
    piece = tx.piece(key)
    if piece.has(CommonRule.CASTLE) and castle_partners(peek(tx), piece):
        tx.pending = Pending(Decision.CASTLE, piece.owner, key)
        return
    end_activation(tx)


def _v_castle(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Castle)
    pend = require_decision(state, Decision.CASTLE)
    rook = state.piece(pend.piece)
    ally = state.piece(a.with_piece)
    partners = castle_partners(state, rook)
    if ally not in partners:
        if ally in _beside(state, rook):  # (beside it: an own Joker, rules revision 3)
            raise IllegalAction(
                f"Castling with {ally.key} would give your own Joker a token by choice, which "
                "the rules allow only when it is the only one that can take it: Castle with "
                + " or ".join(p.key for p in partners)
                + " instead, or decline"
            )
        raise IllegalAction(
            f"{rook.label} can Castle only with an adjacent non-Rook ally; {ally.key} is not one"
        )


def _h_castle(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Castle) and tx.pending is not None
    rook = tx.piece(tx.pending.piece)
    ally = tx.piece(a.with_piece)
    rs, als = rook.square, ally.square
    assert rs is not None and als is not None
    tx.relocate(rook.key, als)
    tx.relocate(ally.key, rs)
    tx.emit(
        "castled",
        f"{rook.key} Castles with {ally.key}: {rook.label} to {als}, {ally.label} to {rs}",
        piece=rook.key,
        ally=ally.key,
        origin=str(rs),
        to=str(als),
    )
    tx.pending = None
    if ally.rank > rook.rank:  # the ally ranks lower
        tx.give_tokens(ally.key, Token.ADVANTAGE, 1, "Castle with a higher-ranked Rook")
    elif ally.rank < rook.rank:
        tx.remove_tokens(ally.key, Token.DISADVANTAGE, 1, "Castle with a lower-ranked Rook")
    end_activation(tx)


# The actions this section referees: a validator (read-only) and a handler for each.
RULES: dict[type[A.Action], tuple[Validator, Handler]] = {
    A.Move: (_v_move, _h_move),
    A.Promote: (_v_promote, _h_promote),
    A.Castle: (_v_castle, _h_castle),
    A.Decline: (_v_decline, _h_decline),
}

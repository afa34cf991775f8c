"""XP and promotion. XP is gained by capturing (half the captured piece's value, halves kept:
D20-6), from tiles, and by a Pawn reaching the far end (8). A piece whose value plus XP reaches
the value of a higher piece among Knight, Bishop, Rook and Queen may promote to it, losing its
XP; promoting costs no turn (D20-7). Each time a piece gains XP and could promote, its owner is
asked (a pending choice); a piece not promoted keeps its XP and is asked again at its next gain.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from rules.core.history import Event
from rules.d20_chess.pieces import PROMOTABLE, Kind, Piece, worth, xp_text
from rules.d20_chess.state import State

FAR_END_XP = 8


def promotions(piece: Piece) -> list[Kind]:
    """The kinds ``piece`` may promote to now, lowest value first."""
    if piece.owner is None or piece.kind not in (Kind.PAWN, *PROMOTABLE):
        return []
    mine = worth(piece.kind)
    return [k for k in PROMOTABLE if mine < worth(k) <= mine + piece.xp]


def gain_xp(state: State, key: str, amount: Fraction | int, why: str, events: list[Event]) -> State:
    piece = state.piece(key)
    if piece.owner is None or amount <= 0:
        return state
    new = replace(piece, xp=piece.xp + amount)
    pieces = tuple(new if p.key == key else p for p in state.pieces)
    events.append(
        Event(
            "xp",
            f"{piece.label} gains {xp_text(Fraction(amount))} XP from {why} "
            f"({xp_text(new.xp)} XP).",
            (("square", str(piece.square)), ("xp", str(new.xp))),
        )
    )
    state = replace(state, pieces=pieces)
    if promotions(new) and key not in state.offers:
        state = replace(state, offers=(*state.offers, key))
    return state


def promote(state: State, key: str, kind: Kind | None, events: list[Event]) -> State:
    """Answer the first open offer: promote to ``kind``, or (None) keep the piece and its XP."""
    piece = state.piece(key)
    offers = state.offers[1:]
    if kind is None:
        events.append(Event("kept", f"{piece.label} does not promote and keeps its XP."))
        return replace(state, offers=offers)
    new = replace(piece, kind=kind, xp=Fraction(0))
    events.append(
        Event(
            "promoted",
            f"{piece.label} promotes to a {kind.value} (its XP is spent).",
            (("square", str(piece.square)), ("kind", kind.value)),
        )
    )
    pieces = tuple(new if p.key == key else p for p in state.pieces)
    return replace(state, pieces=pieces, offers=offers)

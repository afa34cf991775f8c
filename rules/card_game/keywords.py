"""Keywords that trigger abilities: Deploy, Trade, Take and Trap. A triggered ability waits in
the queue until its controller resolves or declines it (every trigger is optional; CTG-5)."""

from __future__ import annotations

from rules.card_game.state import Trigger, Unit, Work
from rules.core.board import Player

KINDS = ("deploy", "trade", "take", "trap")


def kind_of(effect: str) -> str:
    return effect.split("_", 1)[0]


def _queue(w: Work, owner: Player, cid: int, kind: str, subject: int | None = None) -> None:
    effect = w.card(cid).effect
    if kind_of(effect) == kind:
        w.triggers.append(Trigger(owner, cid, effect, subject))


def deploy(w: Work, u: Unit) -> None:
    _queue(w, u.owner, u.cid, "deploy", u.cid)


def trade(w: Work, p: Player, cid: int) -> None:
    _queue(w, p, cid, "trade")


def take(w: Work, u: Unit) -> None:
    _queue(w, u.owner, u.cid, "take", u.cid)


def trap(w: Work, owner: Player, cid: int) -> None:
    _queue(w, owner, cid, "trap", cid)


def pawn_captured(w: Work) -> None:
    """Pawn's Gambit: each player with it in their Tactic Zone may boost one of their Pawns."""
    for p in (w.active, w.active.other):
        for s in w.side(p).statics:
            if w.card(s).effect == "static_pawns_gambit":
                w.triggers.append(Trigger(p, s, "gambit_boost_pawn"))

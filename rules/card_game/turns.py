"""Turn Structure: Start of Turn (+1 Material; the second player's +1 on their first turn),
Ready, Draw 2, the Material Phase (burn up to 3 cards), Play & Move, End of Turn. Exhaustion:
a player who starts their turn with no deck and no pieces loses (Victory Conditions)."""

from __future__ import annotations

from dataclasses import replace

from rules.card_game import keywords, zones
from rules.card_game.state import Outcome, Phase, Work

DRAW = 2
MAX_BURNS = 3


def start(w: Work) -> None:
    w.turn += 1
    p = w.active
    if w.turn > w.config.turn_limit:
        w.outcome = Outcome(None, "turn_limit", f"a draw: {w.config.turn_limit} turns are played")
        w.phase = Phase.OVER
        return
    if not w.side(p).deck and not w.units_of(p):
        w.outcome = Outcome(
            p.other, "exhaustion", f"{p.other.title} wins: {p.title} has no deck and no pieces"
        )
        w.phase = Phase.OVER
        return
    w.say("turn", f"Turn {w.turn}: {p.title}'s turn.", turn=w.turn, player=p.title)
    bonus = 1 if w.turn == 2 else 0
    zones.gain(w, p, 1 + bonus, " (start of turn" + (", second player's bonus)" if bonus else ")"))
    for u in w.units_of(p):
        w.set_unit(replace(u, actions=1, follow_up=False))
    zones.draw(w, p, DRAW)
    w.phase = Phase.BURN if w.side(p).hand else Phase.MAIN


def burn(w: Work, cid: int) -> None:
    p = w.active
    c = w.card(cid)
    zones.take_from_hand(w, p, cid)
    zones.to_burn(w, p, cid)
    w.edit(p, burned=w.side(p).burned + 1)
    w.say("burned", f"{p.title} burns {c.name} for {c.material} Material.", card=c.name)
    zones.gain(w, p, c.material)
    keywords.trade(w, p, cid)
    if w.side(p).burned >= MAX_BURNS or (w.config.revision < 2 and not w.side(p).hand):
        w.phase = Phase.MAIN
    # (an empty hand ends the phase once the triggers are done: a Trade may draw a card)


def end(w: Work) -> None:
    p = w.active
    w.next_ready = False
    w.hunted.clear()
    w.edit(p, burned=0, king_used=False)
    for u in w.units_of(p):
        w.set_unit(replace(u, actions=0, follow_up=False))
    w.say("end", f"{p.title} ends their turn.", player=p.title)
    w.active = p.other
    start(w)

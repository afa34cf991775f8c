"""Turns: a turn's start and end, the end of a Re/Activation, between Activations, and the
Tower and Star's effect once a Re/Activation ends; the game ends on points after turn 10.
"""

from __future__ import annotations

from dataclasses import replace

from rules.wargame_chess.board import (
    Player,
)
from rules.wargame_chess.pieces import CommonRule, Kind
from rules.wargame_chess.reminders import has_rules
from rules.wargame_chess.state import (
    COUNT_POINTS,
    END_OF_GAME,
    LAST_TURN,
    EffectStep,
    EndReason,
    Phase,
    Until,
)
from rules.wargame_chess.transaction import Transaction


def settle_turn(tx: Transaction) -> None:
    """Between Activations, if no piece on the board is left to Activate (the last fresh one was
    slain or removed by an effect, or The Tower struck), the turn ends now."""
    if (
        tx.phase is Phase.PLAY
        and tx.outcome is None
        and tx.pending is None
        and tx.activation is None
        and tx.attack is None
        and tx.turn > 0
        and not any(not p.activated for p in tx.on_board())
    ):
        end_turn(tx)


def start_turn(tx: Transaction, turn: int, first: Player) -> None:
    tx.turn = turn
    tx.first_activator = first
    tx.to_act = first
    for p in list(tx.pieces.values()):
        if p.activated:
            tx.update(p.key, activated=False)
    tx.emit(
        "turn_start",
        f"Turn {turn} of {LAST_TURN} begins; {first.title} Activates first",
        turn=turn,
        first=first.title,
    )
    for e in tx.active_effects():
        e.on_turn_start(tx)
    tx.check_victory()


def end_turn(tx: Transaction) -> None:
    every_joker = tx.config.at_least(5)  # (the rulebook: "on all Jokers"; before: by the rule)
    for p in list(tx.pieces.values()):
        joker = p.has(CommonRule.FOOLS_ENDEAVOUR) or (every_joker and p.kind is Kind.JOKER)
        if joker and (p.advantage or p.disadvantage):
            tx.update(p.key, advantage=0, disadvantage=0)
            tx.emit(
                "tokens_removed", f"{p.key} loses all its tokens (Fool's Endeavour)", piece=p.key
            )
        left = tuple(fx for fx in p.roll_effects if fx.until is not Until.END_OF_TURN)
        if left != p.roll_effects:
            tx.update(p.key, roll_effects=left)
    for e in tx.active_effects():
        e.on_turn_end(tx)
    tx.check_victory()
    if tx.outcome is not None:
        return
    f = tx.faith
    if f.tarot_discard or f.cards_discard or f.cards_aside_turn:
        tx.faith = replace(
            f,
            tarot_deck=tuple(sorted(f.tarot_deck + f.tarot_discard)),
            tarot_discard=(),
            cards_deck=tuple(sorted(f.cards_deck + f.cards_discard + f.cards_aside_turn)),
            cards_discard=(),
            cards_aside_turn=(),
        )
        tx.emit(
            "reshuffle",
            "Discarded cards and cards kept aside for the turn are shuffled back into their decks",
        )
    tx.emit("turn_end", f"Turn {tx.turn} ends", turn=tx.turn)
    last = tx.last_activator if tx.last_activator is not None else tx.to_act
    if tx.turn >= LAST_TURN:
        if tx.config.at_least(6) and _count_after_rules(tx, last.other):
            return
        tx.finish(tx.points_outcome(EndReason.POINTS))
        return
    start_turn(tx, tx.turn + 1, last.other)


def _count_after_rules(tx: Transaction, lead: Player) -> bool:
    """At the end of turn 10 the rules the last action brought round (its Activation's end,
    between Activations, a slaying, the turn's end: a server faction's) are applied before the
    points are counted, ``lead``'s first (the player who did not make the last Re/Activation,
    R93): each player says when they are done, and the last to say so counts them. Both are
    queued here; the engine keeps those with a rule to apply (``engine.settle_count``).
    Whether any was queued (revision 6; before, the points were counted at once)."""
    if not any(has_rules(t) for t in tx.config.teams):
        return False
    tx.enqueue(
        *(EffectStep(COUNT_POINTS, p, (lead.title,), END_OF_GAME) for p in (lead, lead.other))
    )
    return True


def end_activation(tx: Transaction) -> None:
    act = tx.activation
    if act is None:
        return
    for e in tx.active_effects():
        e.on_activation_end(tx, act.piece)
    owner = tx.piece(act.piece).owner
    apply_after_activation(tx, owner.other)
    tx.activation = None
    tx.pending = None
    tx.attack = None
    tx.last_activator = owner
    tx.check_victory()
    if tx.outcome is not None:
        return
    for e in tx.active_effects():
        e.between_activations(tx, act.piece)
    tx.check_victory()
    if tx.outcome is not None:
        return
    if tx.faith.queue or any(not p.activated for p in tx.on_board()):
        # (Choices still queued, e.g. the revised Star's, are made first; if no piece is
        # fresh after them, the turn ends then: see _settle_turn.)
        tx.to_act = owner.other
        return
    end_turn(tx)


AFTER_ACTIVATION_NAMES = {"tower": "The Tower", "star": "The Star"}


def apply_after_activation(tx: Transaction, first: Player | None = None) -> None:
    """The Tower / The Star: once the Re/Activation ends, every piece counts as Activated (or
    none does). With the revised Star (a game option, WC-32) each player instead chooses one
    of their Activated pieces to make fresh, ``first`` choosing first. When both were declared
    in one Re/Activation, both happen, in the order the player whose Re/Activation it was
    chooses (R72)."""
    flags = tuple(dict.fromkeys(tx.faith.after_activation))  # each card once, in order
    if not flags:
        return
    if not tx.config.at_least(2):  # revision 1: the card declared last was the only one
        flags = tx.faith.after_activation[-1:]
    tx.faith = replace(tx.faith, after_activation=())
    lead = tx.to_act if first is None else first  # (WHITE is 0: no `first or ...`)
    if len(flags) > 1:
        tx.enqueue(EffectStep("after_order", lead.other, flags, "The Tower and The Star"))
        return
    apply_flag(tx, flags[0], lead)


def apply_flag(tx: Transaction, flag: str, lead: Player) -> None:
    """One of The Tower ("tower") or The Star ("star") takes effect now."""
    if flag == "star" and tx.config.star_one_each:
        tx.enqueue(*(EffectStep("star_one", pl, (), "The Star") for pl in (lead, lead.other)))
        return
    value = flag == "tower"
    for p in list(tx.pieces.values()):
        if p.activated is not value:
            tx.update(p.key, activated=value)
    if value:
        tx.emit("all_activated", "Every piece now counts as having Activated this turn")
    else:
        tx.emit("none_activated", "No piece counts as having Activated this turn any more")

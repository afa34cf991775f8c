"""The referee: who decides, the legal actions, and applying one (all or nothing).

Open decisions, in the order they are answered: an ability's open choice (or the opponent's
answer to a Tactic: Counter!), waiting triggers (the active player's first, CTG-5), a combat
window, then the phase (setup, mulligan, Material Phase, Play & Move).
"""

from __future__ import annotations

from dataclasses import replace

from rules.card_game import combat, programs, setup, turns, zones
from rules.card_game import tactics as T
from rules.card_game.actions import (
    AttackKing,
    Begin,
    Burn,
    Choose,
    Concede,
    EndTurn,
    KeepHand,
    Move,
    Mulligan,
    Pass,
    PlayCard,
    Resolve,
    StopBurning,
    UseKing,
)
from rules.card_game.battlefield import base_rank, destinations, movement_of
from rules.card_game.catalogue import CardType
from rules.card_game.state import GameState, Outcome, Phase, Program, Unit, Work
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice, RecordingDice
from rules.core.errors import GameOver, IllegalAction, NotYourDecision
from rules.core.history import Event, Step
from rules.core.memo import once

assert T.COUNTER  # the Tactics' programs are registered by importing them


def decider(s: GameState) -> Player | None:
    if s.outcome is not None:
        return None
    if s.program is not None:
        return s.program.owner.other if s.program.respond else s.program.owner
    if s.triggers:
        return trigger_player(s)
    if s.combat is not None:
        return s.active if s.combat.stage == "initiator" else s.active.other
    return s.active


def trigger_player(s: GameState) -> Player:
    return s.active if any(t.owner is s.active for t in s.triggers) else s.active.other


# ---- what can be played ----
def _program_for(w: Work, p: Player, cid: int) -> Program:
    c = w.card(cid)
    return Program(p, cid, "play_piece" if c.is_piece else c.effect, "hand")


def playable(w: Work, p: Player, cid: int, *, window: bool) -> str | None:
    """Why ``p`` cannot play the card ``cid`` from hand now (None: they can)."""
    c = w.card(cid)
    if c.effect == T.COUNTER:
        return "Counter! is played only as an answer to an opponent's Tactic"
    if c.type is CardType.TRADE:
        return f"{c.name} cannot be played; burn it for Material instead"
    if window and c.type is CardType.ACTION and c.effect in T.MY_TURN_ONLY:
        return (
            f"{c.name} is played only in your own Play & Move Phase, not in a combat window "
            "(it puts a piece on the board or plays another card)"
        )
    if window and c.type is not CardType.ACTION:
        return f"{c.name} cannot be played during combat: only Action Tactics can"
    if c.cost > w.side(p).material:
        return f"{c.name} costs {c.cost} Material and you have {w.side(p).material}"
    return programs.can_start(w, _program_for(w, p, cid))


def counterable(w: Work, prog: Program) -> bool:
    """Whether the opponent is asked to answer this Tactic (CG-17): they have the Material to
    pay for Counter! and their one Counter! is not yet in their Burn or Captured pile. Only
    what both players see decides it: neither their hand nor their secret deck list (whether
    it holds a Counter! at all) shows in whether the window opens."""
    if prog.kind != "hand" or not w.card(prog.source).type.is_tactic:
        return False
    them = prog.owner.other
    side = w.side(them)
    if side.material < 3:
        return False
    if w.config.revision >= 5 and not side.hand:  # (how many cards a hand holds is public)
        return False
    if w.config.revision < 2:  # (the first rules: an unused Counter! in the deck list)
        used = set(side.burn) | set(side.captured)
        deck = w.config.decks[them]
        cards = enumerate(deck.cards)
        return any(n == "Counter!" and them * 100 + i + 1 not in used for i, n in cards)
    return not any(w.card(c).effect == T.COUNTER for c in (*side.burn, *side.captured))


def moves_of(w: Work | GameState, u: Unit) -> list[Move]:
    if u.actions <= 0:
        return []
    occupied = (
        {v.square: v.owner for v in w.units.values()}
        if isinstance(w, Work)
        else {v.square: v.owner for v in w.units}
    )
    legs = movement_of(w.card(u.cid).piece, w.card(u.cid).movement)
    return [Move(u.cid, sq) for sq in destinations(legs, u.owner, u.square, occupied.get)]


def can_attack_king(u: Unit) -> bool:
    return u.square.rank == base_rank(u.owner.other) and (u.actions > 0 or u.follow_up)


def legal_actions(s: GameState) -> list[Action]:
    """The legal actions, worked out once per state (states are immutable)."""
    return list(once(s, "_legal", _legal_actions))


def _legal_actions(s: GameState) -> list[Action]:
    if s.outcome is not None:
        return []
    w = Work(s)
    p = decider(s)
    assert p is not None
    prog = s.program
    if prog is not None and prog.respond:
        counters = [c for c in s.side(p).hand if s.card(c).effect == T.COUNTER]
        return [*(PlayCard(c) for c in counters[:1]), Pass()]
    if prog is not None:
        return [Choose(k) for k, _ in prog.options]
    if s.triggers:
        out: list[Action] = []
        for i, t in enumerate(s.triggers):
            if t.owner is p:
                out += [Resolve(i, True), Resolve(i, False)]
        return out
    hand = list(dict.fromkeys(s.side(p).hand))
    names: set[str] = set()
    unique = []
    for c in hand:  # one action per card name: copies play the same
        if s.card(c).name not in names:
            names.add(s.card(c).name)
            unique.append(c)
    if s.combat is not None:
        plays = [PlayCard(c) for c in unique if playable(w, p, c, window=True) is None]
        return [*plays, Pass()]
    if s.phase is Phase.SETUP:
        return [Begin()]
    if s.phase is Phase.MULLIGAN:
        extra = [Mulligan(c) for c in unique] if s.side(p).mulliganed < setup.MULLIGAN_MAX else []
        return [*extra, KeepHand()]
    if s.phase is Phase.BURN:
        return [*(Burn(c) for c in unique), StopBurning()]
    acts: list[Action] = [PlayCard(c) for c in unique if playable(w, p, c, window=False) is None]
    if not s.side(p).king_used:
        king = s.card(p * 100)
        if programs.can_start(w, Program(p, p * 100, king.effect, "king")) is None:
            acts.append(UseKing())
    for u in w.units_of(p):
        acts += moves_of(w, u)
        if can_attack_king(u):
            acts.append(AttackKing(u.cid))
    acts.append(EndTurn())
    return acts


def check(s: GameState, action: Action, *, player: Player | None = None) -> None:
    if s.outcome is not None:
        raise GameOver("the game is over")
    if isinstance(action, Concede):
        if player is not None and player is not action.player:
            raise NotYourDecision("you can only concede for yourself")
        return
    d = decider(s)
    if player is not None and player is not d:
        assert d is not None
        raise NotYourDecision(f"it is {d.title}'s decision now, not {player.title}'s")
    if action in legal_actions(s):
        return
    raise IllegalAction(why_not(s, action))


def _open_program(s: GameState) -> str:
    """What must be answered first while a card is being played."""
    assert s.program is not None
    if s.program.respond:  # the Counter! window
        return "first the Tactic being played is answered: Counter!, or Pass to let it resolve"
    if s.program.prompt:
        return f"first answer the open question ({s.program.prompt.rstrip('?')}?)"
    return "first finish the card being played"


def _why_not_king(w: Work, p: Player) -> str:
    """Why ``p``'s King's ability cannot be used now, the real reason."""
    if w.phase is Phase.BURN:
        return "it is your Material Phase: end it (Done), then use your King"
    if w.phase is not Phase.MAIN or w.combat is not None:
        return "your King's ability is used in your Play & Move Phase, outside a fight"
    if w.side(p).king_used:
        return "your King's ability has already been used this turn (once a turn)"
    king = w.card(p * 100)
    cost = programs.KING_COST.get(king.effect, 0)
    if w.side(p).material < cost:
        whose = king.name + ("'" if king.name.endswith("s") else "'s")
        return f"the {whose} ability costs {cost} Material; you have {w.side(p).material}"
    why = programs.can_start(w, Program(p, p * 100, king.effect, "king"))
    return why or "your King's ability cannot be used now"


def why_not(s: GameState, action: Action) -> str:
    """A player's reason for a refused action."""
    w = Work(s)
    p = decider(s)
    assert p is not None
    if s.program is not None and not isinstance(action, Choose | Pass | PlayCard):
        return _open_program(s)
    if isinstance(action, Choose):
        return "that is not one of the choices offered now"
    if s.triggers and not isinstance(action, Resolve):
        return "first resolve or decline the waiting abilities"
    if isinstance(action, PlayCard | Mulligan | Burn) and action.card not in s.side(p).hand:
        return "that card is not in your hand"
    if isinstance(action, PlayCard | Move | AttackKing | EndTurn) and s.phase is Phase.BURN:
        return "it is your Material Phase: burn cards, or end it (Done) first"
    if isinstance(action, PlayCard) and s.phase is not Phase.MAIN and s.combat is None:
        return "cards are played in your Play & Move Phase (or a Tactic in a combat window)"
    if isinstance(action, PlayCard):
        if s.program is not None and not s.program.respond:  # a card's choice is open
            return _open_program(s)
        why = playable(w, p, action.card, window=s.combat is not None)
        if why:
            return why
        if s.program is not None:  # the Counter! window
            return "only Counter! may answer the Tactic now; else let it resolve"
        return "that card cannot be played now"
    if isinstance(action, Move | AttackKing):
        u = s.unit(action.unit)
        if u is None or u.owner is not p:
            return "that is not one of your pieces on the board"
        if s.phase is not Phase.MAIN or s.combat is not None:
            return "pieces move and attack in your Play & Move Phase"
        if isinstance(action, AttackKing):
            if u.square.rank != base_rank(p.other):
                return "a piece attacks the King only from a square of the enemy Base"
            return f"{s.card(u.cid).name} is Tired"
        if u.actions <= 0:
            return f"{s.card(u.cid).name} is Tired"
        to = sorted(str(m.square) for m in moves_of(s, u))
        where = f"from {u.square} it may move to {', '.join(to)}" if to else "it has no move now"
        there = s.at(action.square)
        if there is not None and there.owner is p:
            where = f"{action.square} holds your {s.card(there.cid).name}; {where}"
        elif there is not None:  # (a unit attacks by moving onto an enemy its movement reaches)
            where = f"its movement does not reach {action.square} to attack; {where}"
        return f"{s.card(u.cid).name} cannot move to {action.square}: {where}"
    if isinstance(action, Burn):
        return "you burn cards in your Material Phase, up to 3 a turn"
    if isinstance(action, UseKing):
        return _why_not_king(w, p)
    if isinstance(action, StopBurning):
        return "burning is done in the Material Phase, and it is not the Material Phase now"
    if isinstance(action, Mulligan | KeepHand):
        if s.phase is Phase.MULLIGAN:  # (a Mulligan past the most allowed)
            return f"at most {setup.MULLIGAN_MAX} cards go to the bottom: keep the hand now"
        if s.phase is Phase.SETUP:
            return "the mulligan comes after the deal: deal first (`1`, or `actions`)"
        return "the mulligan is made once, before the first turn"
    if isinstance(action, Pass):
        return "you pass to let a Tactic resolve or to close a combat window, and none is open"
    if isinstance(action, EndTurn):
        if s.active is not p:
            return f"it is {s.active.title}'s turn: only they end it"
        if s.combat is not None:
            return "first close the combat window: play an Action Tactic or pass"
        return "the turn ends from your Play & Move Phase"
    return f"{action.name.replace('_', ' ')} is not possible now"


# ---- applying ----
def apply(
    s: GameState, action: Action, dice: Dice, *, player: Player | None = None
) -> tuple[GameState, list[Event]]:
    check(s, action, player=player)
    rec = RecordingDice(dice)
    w = Work(s)
    _handle(w, action, rec)
    advance(w)
    step = Step(action, tuple(rec.rolls), tuple(w.events))
    return w.freeze((*s.history, step)), w.events


def _handle(w: Work, a: Action, dice: Dice) -> None:
    p = w.active
    if isinstance(a, Concede):
        w.outcome = Outcome(
            a.player.other, "concession", f"{a.player.other.title} wins: {a.player.title} conceded"
        )
        w.phase = Phase.OVER
        w.say("conceded", f"{a.player.title} concedes.")
    elif isinstance(a, Begin):
        setup.begin(w, dice)
    elif isinstance(a, Mulligan):
        setup.mulligan(w, a.card)
    elif isinstance(a, KeepHand):
        if setup.keep(w):
            turns.start(w)
    elif isinstance(a, Burn):
        turns.burn(w, a.card)
    elif isinstance(a, StopBurning):
        w.phase = Phase.MAIN
    elif isinstance(a, EndTurn):
        turns.end(w)
    elif isinstance(a, Choose):
        _choose(w, a.option)
    elif isinstance(a, Resolve):
        t = w.triggers.pop(a.index)
        if a.use:  # (said, so that what it does next has a cause in the log)
            w.say("trigger", f"{t.owner.title} uses the ability of {_the(w, t.source)}.")
            w.program = Program(t.owner, t.source, t.effect, "trigger", subject=t.subject)
        else:
            w.say("declined", f"{t.owner.title} declines the ability of {_the(w, t.source)}.")
    elif isinstance(a, Pass):
        _pass(w)
    elif isinstance(a, PlayCard):
        _play(w, a.card)
    elif isinstance(a, UseKing):
        w.program = Program(p, p * 100, w.card(p * 100).effect, "king")
    elif isinstance(a, Move):
        _move(w, a)
    elif isinstance(a, AttackKing):
        u = w.units[a.unit]
        spent = replace(u, follow_up=False) if u.follow_up else replace(u, actions=u.actions - 1)
        w.set_unit(spent)
        combat.start(w, spent, None, u.square)


def _choose(w: Work, option: str) -> None:
    prog = w.program
    assert prog is not None
    if option == programs.CANCEL and not prog.committed:
        w.program = None
        if prog.kind != "hand":  # (a card from hand taken back was never shown: nor is this)
            w.say("cancelled", f"{prog.owner.title} changes their mind.")
        return
    w.program = replace(prog, choices=(*prog.choices, option), options=(), prompt="")


def _pass(w: Work) -> None:
    prog = w.program
    if prog is not None and prog.respond:
        w.program = replace(prog, respond=False)
        return
    assert w.combat is not None
    if w.combat.stage == "initiator":
        w.combat = replace(w.combat, stage="defender")
    else:
        combat.resolve(w)


def _play(w: Work, cid: int) -> None:
    prog = w.program
    if prog is not None and prog.respond:  # Counter!
        them = prog.owner.other
        zones.pay(w, them, w.card(cid).cost)
        zones.take_from_hand(w, them, cid)
        zones.to_burn(w, them, cid)
        zones.to_burn(w, prog.owner, prog.source)
        w.program = None
        w.say("countered", f"{them.title} plays Counter!: {w.card(prog.source).name} does nothing.")
        return
    p = decider_of(w)
    w.program = _program_for(w, p, cid)


def _the(w: Work, cid: int) -> str:
    """A card's name as the log says it: "the King of Hearts", "Heart Knight"."""
    name = w.card(cid).name
    return f"the {name}" if w.card(cid).type is CardType.KING else name


def decider_of(w: Work) -> Player:
    if w.combat is not None and w.combat.stage == "defender":
        return w.active.other
    return w.active


def _move(w: Work, a: Move) -> None:
    u = w.units[a.unit]
    enemy = w.at(a.square)
    spent = replace(u, actions=u.actions - 1, follow_up=False)
    if enemy is not None:
        w.set_unit(spent)
        combat.start(w, spent, a.square, u.square)
        return
    into_base = a.square.rank == base_rank(u.owner.other)
    w.set_unit(replace(spent, square=a.square, follow_up=into_base))
    w.say("moved", f"{u.owner.title}'s {w.card(u.cid).name} moves {u.square}-{a.square}.")


def advance(w: Work) -> None:
    """Everything that happens by itself until someone must decide."""
    while True:
        _victory(w)
        if w.outcome is not None:
            if w.config.revision >= 2:  # (the first rules dropped them)
                _put_away(w)
            w.program, w.triggers, w.combat = None, [], None
            return
        if w.program is not None:
            if w.program.options or w.program.respond:
                return
            programs.run(w, counterable)
            continue
        if combat.sweep(w):
            continue
        if w.triggers:
            _drop_idle_triggers(w)
            if w.triggers:
                return
            continue
        if w.combat is not None and w.config.revision >= 5:
            window = w.active if w.combat.stage == "initiator" else w.active.other
            if not w.side(window).hand:  # nothing to play in it (an empty hand is public)
                _pass(w)
                continue
        if w.phase is Phase.BURN and not w.side(w.active).hand:
            w.phase = Phase.MAIN  # nothing left to burn (checked after a Trade's draw)
        return


def _put_away(w: Work) -> None:
    """At the game's end, the cards under way go where they were headed, so that every card
    stays in a zone: a Showdown's piece back to its owner's hand, a paid card to the Burn pile."""
    cb = w.combat
    if cb is not None and cb.incoming is not None:
        owner = cb.incoming.owner
        w.edit(owner, hand=(*w.side(owner).hand, cb.incoming.cid))
    prog = w.program
    if prog is not None and prog.kind == "hand" and prog.committed:
        side = w.side(prog.owner)
        zoned = {*side.hand, *side.deck, *side.captured, *side.burn, *side.statics}
        for u in w.units.values():
            zoned |= {u.cid, *u.equips}
        if cb is not None and cb.incoming is not None:
            zoned.add(cb.incoming.cid)
        if prog.source not in zoned:
            zones.to_burn(w, prog.owner, prog.source)


def _drop_idle_triggers(w: Work) -> None:
    for t in list(w.triggers):
        why = programs.can_start(
            w, Program(t.owner, t.source, t.effect, "trigger", subject=t.subject)
        )
        if why is not None:
            w.triggers.remove(t)
            w.say("fizzled", f"The ability of {_the(w, t.source)} does nothing: {why}.")


def _victory(w: Work) -> None:
    fallen = [p for p in Player if zones.king_health(w, p) <= 0]
    if not fallen or w.outcome is not None:
        return
    w.phase = Phase.OVER
    if len(fallen) == 2:
        w.outcome = Outcome(None, "both_kings", "a draw: both Kings fall at once")
    else:
        p = fallen[0]
        w.outcome = Outcome(p.other, "king", f"{p.other.title} wins: {p.title}'s King falls")
    w.say("over", f"Game over: {w.outcome.text}.")

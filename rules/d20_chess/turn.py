"""The turn: the side to move moves one piece (or attacks with it), open promotion choices are
answered, then the turn's events are carried out (the Dragon acts) and the other side moves.
The game is won by capturing the enemy King (D20-5); after the turn limit it is drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice, RecordingDice
from rules.core.errors import GameOver, IllegalAction, NotYourDecision
from rules.core.history import Event, Step
from rules.core.memo import once
from rules.core.words import count
from rules.d20_chess.actions import Concede, Keep, Move, Pass, Promote
from rules.d20_chess.captures import move_to, resolve
from rules.d20_chess.dragon import dragon_acts
from rules.d20_chess.exploration import explore
from rules.d20_chess.movement import destinations, far_rank, why_not_to
from rules.d20_chess.pieces import Kind, Piece
from rules.d20_chess.promotion import FAR_END_XP, gain_xp, promote, promotions
from rules.d20_chess.state import Outcome, State


def decider(state: State) -> Player | None:
    if state.over:
        return None
    if state.offers:
        owner = state.piece(state.offers[0]).owner
        assert owner is not None
        return owner
    return state.to_act


def in_board_order(state: State, player: Player) -> list[Piece]:
    """``player``'s pieces in the board's square order (a1, b1, ... h8): the choices' order."""
    return sorted(state.side(player), key=lambda p: p.square.index)


def moves(state: State, player: Player) -> list[Move]:
    return [
        Move(p.square, to) for p in in_board_order(state, player) for to in destinations(state, p)
    ]


def movable(state: State, player: Player) -> list[Piece]:
    return [p for p in in_board_order(state, player) if destinations(state, p)]


def legal_actions(state: State) -> Sequence[Action]:
    """Every legal action now, in a stable order (computed once per state: the menu, the
    prompt and the check all ask)."""
    return list(once(state, "_legal", _legal_actions))


def _legal_actions(state: State) -> Sequence[Action]:
    if state.over:
        return []
    if state.offers:
        piece = state.piece(state.offers[0])
        return [*(Promote(k) for k in promotions(piece)), Keep()]
    first: list[Action] = [*moves(state, state.to_act)] or [Pass()]
    return [*first, *waiting(state, state.to_act)]


def waiting(state: State, player: Player) -> list[Promote]:
    """The promotions ``player``'s pieces may make before their move: a piece kept unpromoted
    when it was asked may promote at any of its owner's moves (the rules: it "can promote";
    promoting costs no turn)."""
    return [Promote(k, p.square) for p in in_board_order(state, player) for k in promotions(p)]


def check(state: State, action: Action, *, player: Player | None = None) -> None:
    if state.over:
        raise GameOver("the game is over")
    if isinstance(action, Concede):
        if player is not None and player is not action.by:
            raise NotYourDecision("only a player can concede for their own side")
        return
    who = decider(state)
    assert who is not None
    if player is not None and player is not who:
        raise NotYourDecision(f"it is {who.title}'s decision now")
    if state.offers:
        _check_offer(state, action)
    elif isinstance(action, Promote) and action.square is not None:
        _check_waiting(state, action)
    elif isinstance(action, Move):
        _check_move(state, action)
    elif isinstance(action, Pass):
        if moves(state, state.to_act):
            raise IllegalAction(f"{state.to_act.title} has a move to make and cannot pass")
    elif isinstance(action, Promote | Keep):
        can = waiting(state, who)
        if isinstance(action, Promote) and can:
            where = ", ".join(sorted({str(a.square) for a in can}))
            raise IllegalAction(f"say which piece promotes: the one on {where}")
        raise IllegalAction(f"no piece may promote now: {who.title} moves a piece")
    else:
        raise IllegalAction(f"{action.name} is not possible now: {who.title} moves a piece")


def _check_offer(state: State, action: Action) -> None:
    piece = state.piece(state.offers[0])
    if isinstance(action, Keep):
        return
    choices = promotions(piece)
    names = ", ".join(k.value for k in choices[:-1]) + (" or " if len(choices) > 1 else "")
    names += choices[-1].value
    if not isinstance(action, Promote) or action.square not in (None, piece.square):
        raise IllegalAction(f"first decide whether {piece.label} promotes (to {names}) or not")
    if action.kind not in choices:
        raise IllegalAction(f"{piece.label} can promote to {names}, not to a {action.kind.value}")


def _check_waiting(state: State, action: Promote) -> None:
    assert action.square is not None
    piece = state.at(action.square)
    me = state.to_act
    if piece is None or piece.owner is not me:
        raise IllegalAction(f"{me.title} has no piece on {action.square}")
    choices = promotions(piece)
    if not choices:
        raise IllegalAction(f"{piece.label} cannot promote: its value and XP reach no higher piece")
    if action.kind not in choices:
        names = ", ".join(k.value for k in choices)
        raise IllegalAction(f"{piece.label} can promote to {names}, not to a {action.kind.value}")


def _check_move(state: State, action: Move) -> None:
    piece = state.at(action.origin)
    me = state.to_act
    if piece is None:
        raise IllegalAction(f"there is no piece on {action.origin}")
    if piece.owner is not me:
        raise IllegalAction(f"the piece on {action.origin} is not {me.title}'s")
    if action.to not in destinations(state, piece):
        raise IllegalAction(
            f"{piece.label} cannot move to {action.to}: {why_not_to(state, piece, action.to)}"
        )


def apply(
    state: State,
    action: Action,
    dice: Dice,
    *,
    player: Player | None = None,
    checked: bool = False,
) -> tuple[State, list[Event]]:
    """The state after ``action`` and what happened. ``checked``: the action was taken from
    ``legal_actions(state)`` (search), so it is not checked again."""
    if not checked:
        check(state, action, player=player)
    rec = RecordingDice(dice)
    events: list[Event] = []
    new = state
    free = isinstance(action, Promote) and action.square is not None and not state.offers
    if isinstance(action, Concede):
        text = f"{action.by.other.title} wins: {action.by.title} conceded"
        events.append(Event("conceded", f"{action.by.title} concedes."))
        new = replace(state, outcome=Outcome(action.by.other, "concede", text))
    else:
        if isinstance(action, Move):
            new = make_move(state, action, rec, events)
        elif free and isinstance(action, Promote) and action.square is not None:
            piece = state.at(action.square)
            assert piece is not None
            new = promote(state, piece.key, action.kind, events)  # (no turn: the move waits)
        elif isinstance(action, Promote | Keep):
            kind = action.kind if isinstance(action, Promote) else None
            new = promote(state, state.offers[0], kind, events)
        else:
            events.append(Event("pass", f"{state.to_act.title} has no move and passes."))
        if not free:  # (a promotion before the move costs no turn: the move still waits)
            new = carry_on(new, rec, events)
    if new.outcome is not None:
        new = replace(new, offers=())
    step = Step(action, tuple(rec.rolls), tuple(events))
    return replace(new, history=(*state.history, step)), events


def make_move(state: State, action: Move, dice: Dice, events: list[Event]) -> State:
    piece = state.at(action.origin)
    assert piece is not None
    target = state.at(action.to)
    if target is None:
        events.append(Event("moved", f"{piece.label} moves to {action.to}.", _data(action)))
        return arrive(move_to(state, piece.key, action.to), piece.key, dice, events)
    state, captured = resolve(state, piece, target, dice, events)
    if captured and state.outcome is None:
        return arrive(state, piece.key, dice, events)
    return state


def _data(action: Move) -> tuple[tuple[str, str], ...]:
    return (("from", str(action.origin)), ("to", str(action.to)))


def arrive(state: State, key: str, dice: Dice, events: list[Event]) -> State:
    """A piece has moved onto its square: it explores it, and a Pawn at the far end gains XP."""
    state = explore(state, state.piece(key), dice, events)
    piece = state.piece(key)
    owner = piece.owner
    if piece.kind is Kind.PAWN and owner is not None and piece.square.rank == far_rank(owner):
        state = gain_xp(state, key, FAR_END_XP, "reaching the far end", events)
    return state


def carry_on(state: State, dice: Dice, events: list[Event]) -> State:
    """Run the turn on until someone must decide: open offers first, then the turn's events
    (the Dragon), then the other side's move; the turn limit draws the game."""
    while state.outcome is None and not state.offers:
        if not state.events_done:
            state = replace(dragon_acts(state, dice, events), events_done=True)
            continue
        state = replace(state, to_act=state.to_act.other, moves=state.moves + 1, events_done=False)
        limit = state.config.turn_limit
        if state.moves >= 2 * limit:
            played = f"{count(limit, 'turn')} {'has' if limit == 1 else 'have'} been played"
            text = f"Drawn: {played} and no King was captured"
            state = replace(state, outcome=Outcome(None, "turn limit", text))
        break
    return state

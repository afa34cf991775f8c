"""The Wargame Chess referee's public face: legal actions, checking, applying and replaying.

- ``new_game(white, black)`` gives the starting state (team lists validated).
- ``legal_actions(state)`` lists what the player who must decide (``state.decider``) may do now,
  including decisions in the middle of an Attack.
- ``check(state, action)`` raises ``IllegalAction`` with a readable reason, changing nothing.
- ``apply(state, action, dice)`` checks, then returns the new state and the events. Every die
  rolled is recorded in the new state's history, so ``replay`` rebuilds an identical state.

The rules themselves live in rooms named after the rulebook's sections: ``setup`` (teams, Trees,
deployment), ``turns``, ``activation``, ``moves`` (with Promotion, Castle, En Passant),
``attacks`` (with Combat Movement), ``tokens`` (Advantage, Disadvantage, Blessings, Curses),
``placement`` (slaying, removing, placing), ``victory``, ``adjustments`` and ``faith``. Each
section lists the actions it referees in its ``RULES`` table; this module puts them together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from rules.core import history
from rules.core.errors import GameOver, IllegalAction, NotYourDecision, ParseError
from rules.wargame_chess import actions as A
from rules.wargame_chess import activation, adjustments, attacks, faith, moves, setup
from rules.wargame_chess.activation import activatable
from rules.wargame_chess.attacks import (
    aside_squares,
    attack_in_progress_odds,
    attack_odds_now,
    combat_squares,
    targets,
)
from rules.wargame_chess.board import Player
from rules.wargame_chess.dice import Dice
from rules.wargame_chess.moves import castle_partners, destinations, promotion_choices
from rules.wargame_chess.reminders import at_the_count
from rules.wargame_chess.setup import build_pieces, free_deploy_squares, initial_state, new_game
from rules.wargame_chess.state import (
    Decision,
    EndReason,
    Event,
    GameConfig,
    GameState,
    Phase,
    Zone,
)
from rules.wargame_chess.tokens import token_targets
from rules.wargame_chess.transaction import Handler, Transaction, Validator
from rules.wargame_chess.turns import settle_turn

__all__ = [
    "AFTER_ACTION",
    "Transaction",
    "activatable",
    "apply",
    "aside_squares",
    "attack_in_progress_odds",
    "attack_odds_now",
    "build_pieces",
    "castle_partners",
    "check",
    "combat_squares",
    "destinations",
    "free_deploy_squares",
    "initial_state",
    "legal_actions",
    "new_game",
    "promotion_choices",
    "register_action",
    "replay",
    "replay_state",
    "targets",
    "token_targets",
    "undo",
]

_RULES: dict[type[A.Action], tuple[Validator, Handler]] = {
    **setup.RULES,
    **activation.RULES,
    **moves.RULES,
    **attacks.RULES,
    **adjustments.RULES,
    **faith.RULES,
}

# Run after every action's handler, before victory and the turn are settled: the faith
# mechanics' queue of card effects, and whatever a variant adds with ``register_action``.
AFTER_ACTION: list[Callable[[Transaction], None]] = [faith.run_queue]


def register_action(cls: type[A.Action], validator: Validator, handler: Handler) -> None:
    """Let a variant add an action to the engine (and to the log's action types)."""
    A.ACTION_TYPES[cls.name] = cls
    _RULES[cls] = (validator, handler)


def apply(
    state: GameState, action: A.Action, dice: Dice, *, player: Player | None = None
) -> tuple[GameState, list[Event]]:
    """Apply ``action``: returns the new state and what happened. Raises ``IllegalAction``
    (state unchanged) when the action is not allowed now or ``player`` may not take it."""
    check(state, action, player=player)
    tx = Transaction(state, dice)
    _RULES[type(action)][1](tx, action)
    for hook in AFTER_ACTION:
        hook(tx)
    tx.check_victory()
    settle_turn(tx)
    settle_count(tx, action)
    new = tx.freeze(action)
    return new, tx.events


def settle_count(tx: Transaction, action: A.Action) -> None:
    """While the points of turn 10 wait (revision 6, R93): only players with a rule still to
    apply are asked (a piece slain since takes its rule with it); once nobody is, the points
    are counted. Then the queue is asked on (what the turn's end queued)."""
    head = tx.faith.counting
    if tx.outcome is None and head is not None:
        # (the head is a count: every step behind it is one too, ``Transaction.enqueue``):
        # the players with a rule still to apply, in the order their rules resolve
        asked = dict.fromkeys(r.player for r in at_the_count(tx.freeze(action)))
        tx.faith = replace(tx.faith, queue=tuple(replace(head, player=p) for p in asked))
        if not asked:
            tx.finish(tx.points_outcome(EndReason.POINTS))
            return
    if tx.faith.queue and (tx.pending is None or tx.faith.counting is not None):
        faith.run_queue(tx)


def check(state: GameState, action: A.Action, *, player: Player | None = None) -> None:
    """Raise ``IllegalAction`` with a readable reason if ``action`` is not allowed now."""
    if state.phase is Phase.OVER:
        raise GameOver(f"the game is over: {state.outcome.describe() if state.outcome else ''}")
    rules = _RULES.get(type(action))
    if isinstance(action, A.Adjustment):
        if player is not None and player is not action.by:
            raise NotYourDecision("you can only make adjustments as yourself")
    elif player is not None and player is not state.decider:
        who = state.decider.title if state.decider is not None else "nobody"
        raise NotYourDecision(f"it is {who}'s decision now, not {player.title}'s")
    if rules is None:
        raise IllegalAction(f"{action.name} is not a game action")
    try:
        rules[0](state, action)
    except ParseError as e:  # e.g. a piece that does not exist: the action is illegal
        raise IllegalAction(str(e)) from None


def replay(
    config: GameConfig, steps: Iterable[tuple[A.Action, Iterable[tuple[int, int]]]]
) -> GameState:
    """Rebuild a game from its actions and their recorded dice."""
    return history.replay(initial_state(config), _apply_logged, steps)


def _apply_logged(state: GameState, action: A.Action, dice: Dice) -> tuple[GameState, list[Event]]:
    return apply(state, action, dice)


def replay_state(state: GameState) -> GameState:
    """Replay a state's own history from its configuration."""
    return replay(state.config, ((s.action, s.rolls) for s in state.history))


def undo(state: GameState, steps: int = 1) -> GameState:
    """The state before the last ``steps`` actions, rebuilt by replay."""
    hist = state.history[: max(0, len(state.history) - steps)]
    return replay(state.config, ((s.action, s.rolls) for s in hist))


def legal_actions(state: GameState) -> list[A.Action]:
    """Every game action the deciding player may take now (adjustments are not listed)."""
    ph = state.phase
    if ph is Phase.OVER:
        return []
    if ph is Phase.TREE_ORDER:
        return [A.DecideTreeOrder()]
    if ph is Phase.TREES:
        return [A.RollTrees()]
    if ph is Phase.TREE_CHOICE:
        return [A.ChooseTrees(m) for m in A.ChooseTrees.MODES]
    if ph is Phase.DEPLOY:
        squares = free_deploy_squares(state, state.to_act)
        return [
            A.Deploy(p.key, s)
            for p in state.pieces
            if p.owner is state.to_act and p.zone is Zone.RESERVE
            for s in squares
        ]
    pending = state.pending
    if pending is None:
        pieces, _ = activatable(state)
        return [A.Activate(p.key) for p in pieces]
    d = pending.decision
    if d is Decision.CHOOSE:
        return [A.Choose(o) for o in pending.options]
    piece = state.piece(pending.piece)
    if d is Decision.ACT:
        moves = destinations(state, piece)
        out: list[A.Action] = [A.Move(piece.key, s) for s in moves]
        if not moves:
            assert piece.square is not None
            out.append(A.Move(piece.key, piece.square))
        out.extend(A.Attack(piece.key, s) for s in targets(state, piece))
        return out
    if d is Decision.SECOND_MOVE:
        second: list[A.Action] = [A.Move(piece.key, s) for s in destinations(state, piece)]
        return [*second, A.Decline()]
    if d is Decision.PROMOTION:
        return [*(A.Promote(p.key) for p in promotion_choices(state, piece)), A.Decline()]
    if d is Decision.CASTLE:
        return [*(A.Castle(p.key) for p in castle_partners(state, piece)), A.Decline()]
    if d in (Decision.ATTACKER_TOKEN, Decision.DEFENDER_TOKEN):
        return [A.UseToken(True), A.UseToken(False)]
    if d is Decision.COMBAT_MOVEMENT:
        att = state.attack
        assert att is not None
        sqs = combat_squares(state)
        return [A.CombatMove(k, s) for k in (att.attacker, att.defender) for s in sqs]
    if d is Decision.MOVE_ASIDE:
        return [A.MoveAside(s) for s in aside_squares(state)]
    raise AssertionError(d)

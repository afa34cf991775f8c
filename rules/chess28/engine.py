"""The public face of the Chess28 rules: the legal actions, the check, and apply (which runs the
task queue until a decision is needed or nothing is left to do)."""

from __future__ import annotations

from dataclasses import replace

from rules.chess28 import actions as A
from rules.chess28 import combat, gambits, setup
from rules.chess28.charts import Facing
from rules.chess28.geometry import delta, distance
from rules.chess28.models import Ability
from rules.chess28.moving import (
    beside,
    destinations,
    emerge_squares,
    reinforcement_squares,
    shoved,
    shoves,
    why_not_to,
)
from rules.chess28.state import (
    GameConfig,
    GameState,
    Phase,
    Task,
    Unit,
    Zone,
    make_units,
)
from rules.chess28.turns import end_activation, end_turn, finish
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice, RecordingDice
from rules.core.errors import GameOver, IllegalAction, NotYourDecision, RulesError
from rules.core.history import Event, Step
from rules.core.memo import once

SETUP_PHASES = (Phase.MODE, Phase.FIRST_PLAYER, Phase.CHESTS, Phase.TERRAIN, Phase.DEPLOY)
SETUP_ACTIONS = (A.RollOff, A.ChooseMode, A.PlaceChest, A.PlaceTerrain, A.Deploy)


def initial_state(config: GameConfig) -> GameState:
    if config.mode is None:
        return GameState(config, make_units(config), phase=Phase.MODE)
    return GameState(config, make_units(config), mode=config.mode, desperation=config.desperation)


def can_activate(state: GameState, u: Unit) -> bool:
    return (
        u.on_board
        and u.owner is state.to_act
        and (not u.activated or u.key in state.haste)
        and state.activations < state.limit
    )


def unit_actions(state: GameState, u: Unit) -> list[Action]:
    """What one model may do as its activation."""
    out: list[Action] = []
    if not can_activate(state, u):
        return out
    dests = destinations(state, u)
    out += [A.Move(u.key, sq, f.value) for sq, fs in dests.items() for f in fs]
    # A Charge is offered where the model would have someone to attack after moving.
    reach = max(max(abs(r), abs(f)) for r, f, _ in u.model.attack.marks)
    foes = [t.square for t in state.terrain if t.owner is u.owner.other] + [
        o.square for o in state.units if o.on_board and o.owner is not u.owner and o.square
    ]
    out += [
        A.Charge(u.key, sq, f.value)
        for sq, fs in dests.items()
        if any(distance(sq, foe, state.warp) <= reach for foe in foes)
        for f in fs
        if combat.melee_targets(state, u, sq, f)
    ]
    out += [A.Melee(u.key, sq) for sq in combat.melee_targets(state, u)]
    out += [A.Shoot(u.key, d) for d in combat.shoot_targets(state, u)]
    out += [A.Shove(u.key, t, sq) for t, sq in shoves(state, u)]
    if u.model.has(Ability.DIG):
        out.append(A.Dig(u.key))
    if state.fall_back:
        out += [
            A.Retreat(u.key, sq, f.value)
            for sq in reinforcement_squares(state, u.owner)
            for f in Facing
        ]
    return out


def play_actions(state: GameState) -> list[Action]:
    me = state.to_act
    out: list[Action] = []
    for u in state.units_of(me, Zone.BOARD):
        out += unit_actions(state, u)
    if state.activations < state.limit:
        for u in state.units_of(me, Zone.DUG):
            if state.turn > u.dug_turn:
                out += [
                    A.Emerge(u.key, sq, f.value) for sq in emerge_squares(state, me) for f in Facing
                ]
        if not state.refreshed:
            out += [A.Refresh(u.key) for u in state.units_of(me, Zone.DRAINED)]
    out += gambits.gambit_actions(state)
    out.append(A.EndTurn())
    return out


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now, in a stable order (computed once per state)."""
    return list(once(state, "_legal", _legal_actions))


def _legal_actions(state: GameState) -> list[Action]:
    if state.phase is Phase.OVER:
        return []
    if state.pending is not None:
        return [A.Choose(o) for o in state.pending.options]
    if state.phase in SETUP_PHASES:
        return setup.setup_actions(state)
    return play_actions(state)


# ---- the check: a specific reason for each refusal ----
def check(state: GameState, action: Action, *, player: Player | None = None) -> None:
    if state.phase is Phase.OVER:
        raise GameOver("the game is over")
    if isinstance(action, A.Concede):
        if player is not None and player is not action.player:
            raise NotYourDecision("only a player can concede for themselves")
        return
    decider = state.decider
    assert decider is not None
    if player is not None and player is not decider:
        raise NotYourDecision(f"it is {decider.title}'s decision now, not {player.title}'s")
    if action in _candidates(state, action):
        return
    raise IllegalAction(why_not(state, action))


def _candidates(state: GameState, action: Action) -> list[Action]:
    """The legal actions ``action`` could be among (all of them, or one model's)."""
    key = getattr(action, "unit", "")
    single = (A.Move, A.Charge, A.Melee, A.Shoot, A.Shove, A.Dig, A.Retreat)
    if state.phase is Phase.PLAY and state.pending is None and isinstance(action, single):
        try:
            return unit_actions(state, state.unit(key))
        except RulesError:
            return []
    return legal_actions(state)


def why_not(state: GameState, action: Action) -> str:
    p = state.pending
    if p is not None:
        if isinstance(action, A.Choose):
            said = action.option.strip().lower()
            begun = [o for o in p.options if said and o.lower().startswith(f"{said} ")]
            if begun:  # (a square whose facing is still to say: "c1" for "c1 N")
                return f"say all of the choice, one of: {', '.join(begun[:12])}"
            shown = ", ".join(p.options[:12]) + (" ..." if len(p.options) > 12 else "")
            return f"'{action.option[:30]}' is not one of the choices: {shown}"
        return f"first decide: {p.text}"
    if isinstance(action, A.Choose):
        return "there is no open decision to answer"
    if state.phase in SETUP_PHASES:
        return _why_not_setup(state, action)
    if isinstance(action, SETUP_ACTIONS):
        return "setup is over: the game is in play"
    unit_key = getattr(action, "unit", "")
    if isinstance(action, A.PlayGambit):
        return gambits._why_not(state, action)
    if unit_key and not isinstance(action, A.Refresh):
        try:
            u = state.unit(unit_key)
        except RulesError as e:
            return str(e)
        if u.owner is not state.to_act:
            return f"{u.name} is not {state.to_act.title}'s model"
        if isinstance(action, A.Emerge):
            if u.zone is not Zone.DUG:
                return f"{u.name} is not dug in"
            if state.turn <= u.dug_turn:
                return f"{u.name} dug in this turn: it comes back on a later turn"
            if state.activations >= state.limit:  # (coming back up takes an activation)
                return f"{state.to_act.title} has used all {state.limit} activations this turn"
            return (
                f"{u.name} cannot come up on {action.square}: it must be an empty edge square "
                "outside the enemy back rank"
            )
        if not u.on_board:
            return f"{u.name} is not in play ({u.zone.value})"
        if u.activated and u.key not in state.haste:
            return f"{u.name} has already been activated this turn"
        if state.activations >= state.limit:
            return f"{state.to_act.title} has used all {state.limit} activations this turn"
        return _why_not_unit(state, u, action)
    if isinstance(action, A.Refresh):
        if state.refreshed:
            return "Refresh is once per turn"
        if state.activations >= state.limit:  # (it takes the place of an activation, C28-6)
            return f"{state.to_act.title} has used all {state.limit} activations this turn"
        return f"{action.unit[:10]} is not a model in your Drained Pile"
    return f"{action.name.replace('_', ' ')} is not possible now"


def _why_not_unit(state: GameState, u: Unit, action: Action) -> str:
    if isinstance(action, A.Move | A.Charge):
        dests = destinations(state, u)
        if action.square not in dests:
            return f"{u.name} cannot move to {action.square}: {why_not_to(state, u, action.square)}"
        shown = ", ".join(f.value for f in dests[action.square])
        if action.facing not in shown:
            return f"{u.name} must face {shown} after moving to {action.square}"
        return f"{u.name} would have no one to attack after charging to {action.square}"
    if isinstance(action, A.Melee):
        return f"there is no enemy in {u.name}'s Melee Range on {action.target}"
    if isinstance(action, A.Shoot):
        if u.model.weapon is None:
            return f"{u.name} has no Ranged Weapon"
        if action.direction not in u.model.weapon.directions:
            return (
                f"{u.name}'s weapon does not fire {action.direction}: it fires "
                f"{', '.join(u.model.weapon.directions)} (relative to its facing)"
            )
        return (
            f"{u.name} has no target towards {action.direction} (out of range, blocked, a "
            "friend first, or an adjacent model)"
        )
    if isinstance(action, A.Shove):
        t = state.terrain_at(action.terrain)
        if t is None:
            return f"there is no terrain on {action.terrain}"
        if not t.moveable:
            return f"{t.the_name} on {t.where} is not Moveable: it cannot be shoved"
        here = u.square
        assert here is not None  # a model in play
        if not beside(state, t, here):
            return f"{u.name} cannot Shove {t.the_name}: it is not on or next to it"
        onto = " and off models" if t.blocks else ""  # (Blocking terrain never holds a model)
        return (
            f"{u.name} cannot Shove {t.the_name} on {t.where} that way: one square in any "
            f"direction, the whole piece onto the board and off other terrain{onto}"
        )
    if isinstance(action, A.Dig):
        return f"{u.name} does not have Dig"
    if isinstance(action, A.Retreat):
        if not state.fall_back:
            return "Retreat needs Fall Back! played this turn"
        return f"the square {action.square} is not an empty square of your Backline"
    return f"{action.name} is not possible now"


def _why_not_setup(state: GameState, action: Action) -> str:
    phase = state.phase
    if isinstance(action, A.Deploy) and phase is Phase.DEPLOY:
        try:
            u = state.unit(action.unit)
        except RulesError as e:
            return str(e)
        if u.owner is not state.to_act:
            return f"{u.name} is not {state.to_act.title}'s model: {state.to_act.title} deploys now"
        if u.zone is not Zone.RESERVE:
            return f"{u.name} is already deployed"
        if action.facing not in ("N", "E", "S", "W"):
            return "a facing is N, E, S or W"
        return (
            f"the square {action.square} is not an empty square of {state.to_act.title}'s Backline "
            "(the next row only once the Backline is full)"
        )
    if isinstance(action, A.PlaceTerrain) and phase is Phase.TERRAIN:
        return setup.why_not_terrain(state, action)
    wanted = {
        Phase.MODE: "choose the game mode (pinata, last-standing or random)",
        Phase.FIRST_PLAYER: "roll off for the First Player",
        Phase.CHESTS: "place their Treasure Chest on a central square of their Backline "
        f"({' or '.join(str(q) for q in setup.chest_squares(state, state.to_act))})",
        Phase.TERRAIN: "place a terrain piece outside both players' back two ranks",
        Phase.DEPLOY: "deploy a model onto an empty Backline square (the next row when full)",
    }
    return f"during {phase.value}, {state.to_act.title} must {wanted[phase]}"


# ---- apply ----
def apply(
    state: GameState,
    action: Action,
    dice: Dice,
    *,
    player: Player | None = None,
    checked: bool = False,
) -> tuple[GameState, list[Event]]:
    """The state after ``action`` and what happened. ``checked``: the action was taken from
    ``legal_actions(state)`` (search), so it is not checked again."""
    if not checked:
        check(state, action, player=player)
    rec = RecordingDice(dice)
    events: list[Event] = []
    new = _apply(state, action, rec, events)
    new = run(new, rec, events)
    step = Step(action, tuple(rec.rolls), tuple(events))
    return replace(new, history=(*state.history, step)), events


def _activate(state: GameState, key: str) -> tuple[GameState, Unit]:
    u = state.unit(key)
    u = replace(u, activated=True)
    return state.with_unit(u), u


def _then_end(state: GameState) -> GameState:
    return replace(state, tasks=(*state.tasks, Task("end_activation")))


def _apply(state: GameState, a: Action, dice: Dice, events: list[Event]) -> GameState:
    if isinstance(a, A.Concede):
        events.append(Event("concede", f"{a.player.title} concedes."))
        return finish(state, a.player.other, f"{a.player.title} conceded", "conceded", events)
    if isinstance(a, A.Choose):
        p = state.pending
        assert p is not None
        if p.kind in ("awe", "fortify", "reinforce"):
            return gambits.answer(state, p, a.option, dice, events)
        return combat.answer(state, p, a.option, dice, events)
    if state.phase in SETUP_PHASES:
        return setup.apply_setup(state, a, dice, events)
    if isinstance(a, A.EndTurn):
        return end_turn(state, events)
    if isinstance(a, A.PlayGambit):
        return gambits.play(state, a, dice, events)
    if isinstance(a, A.Refresh):
        u = state.unit(a.unit)
        events.append(
            Event("refresh", f"{u.name} goes back from the Drained Pile to the Dead Pile.")
        )
        state = replace(state.with_unit(replace(u, zone=Zone.DEAD)), refreshed=True)
        return _then_end(state)
    return _then_end(_activation(state, a, events))


def _activation(state: GameState, a: Action, events: list[Event]) -> GameState:
    key = getattr(a, "unit", "")
    state, u = _activate(state, key)
    if isinstance(a, A.Move | A.Charge | A.Retreat | A.Emerge):
        verb = {"move": "moves", "charge": "charges", "retreat": "retreats", "emerge": "comes up"}
        events.append(
            Event(
                "moved",
                f"{u.name} {verb[a.name]} to {a.square}, facing {a.facing}.",
                (("unit", u.key), ("square", str(a.square))),
            )
        )
        if isinstance(a, A.Emerge):
            u = replace(u, zone=Zone.BOARD)
        if isinstance(a, A.Move | A.Charge):  # Vault and Dash are for this one
            u = replace(u, vault=False, dash=False)
        state = combat.place(state, u, a.square, Facing(a.facing), events)
        if isinstance(a, A.Charge):
            state = replace(state, tasks=(*state.tasks, Task("charge", u.key)))
        return state
    if isinstance(a, A.Melee):
        return combat.start_combat(state, u, a.target, True, events)
    if isinstance(a, A.Shoot):
        w = u.model.weapon
        assert w is not None
        target = combat.shoot_targets(state, u)[a.direction]
        return combat.start_combat(state, u, target, False, events, strength=w.strength)
    if isinstance(a, A.Shove):
        t = state.terrain_at(a.terrain)
        assert t is not None
        df, dr = delta(a.terrain, a.square, state.warp)
        squares = shoved(state, t, df, dr)
        assert squares is not None
        moved = replace(t, square=squares[0], extra=squares[1] if t.large else None)
        events.append(
            Event("shove", f"{u.name} shoves {t.the_name} from {t.where} to {moved.where}.")
        )
        return state.with_terrain(t, moved)
    if isinstance(a, A.Dig):
        events.append(Event("dig", f"{u.name} digs in and leaves play."))
        return state.with_unit(replace(u, zone=Zone.DUG, square=None, dug_turn=state.turn))
    raise IllegalAction(f"{a.name} is not possible now")


LOCAL_TASKS = {"awe": gambits.task_awe, "fortify": gambits.task_fortify}


def run(state: GameState, dice: Dice, events: list[Event]) -> GameState:
    """Run queued tasks until a decision is open, the queue is empty or the game is over."""
    while state.pending is None and state.tasks and state.phase is not Phase.OVER:
        t = state.tasks[0]
        state = replace(state, tasks=state.tasks[1:])
        if t.kind == "end_activation":
            state = end_activation(state, events)
            continue
        handler = LOCAL_TASKS.get(t.kind) or combat.TASKS[t.kind]
        state = handler(state, t, dice, events)
    return state

"""Melee and Ranged Attacks, Combat (to hit, to save, wounds), the Heroic Fortune re-roll,
Push Back, Scattering, death, and the abilities and Gambit windows that live inside a combat
(Stubborn, Barge, Fancy Footwork, Chill Grasp, Bloodlust, Moment of Glory, Iron Skin,
Desiccate, Relentless, Last Gasp).

A combat is a queue of tasks (``state.tasks``): each runs when no decision is open, and a task
that needs a player's choice opens one (``state.pending``) and waits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.chess28 import cards as G
from rules.chess28.charts import Facing, orient
from rules.chess28.geometry import distance, line, push_squares, scatter_square, step
from rules.chess28.models import Ability, direction_vector
from rules.chess28.moving import destinations, free
from rules.chess28.state import (
    CHEST_DEFENCE,
    Combat,
    GameState,
    Pending,
    Task,
    TerrainKind,
    Unit,
    Zone,
)
from rules.chess28.turns import (
    ask,
    can_gambit,
    check_victory,
    chest_damage,
    desperation,
    drain,
    push_front,
    spend_card,
)
from rules.core.board import Player, Square
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.history import Event
from rules.core.words import count

HIT, SAVE, IRON_SAVE = 4, 5, 2


CHEST = "chest"
NO_ATTACK = "no attack"


# ---- who can be attacked ----
def melee_squares(
    state: GameState, unit: Unit, square: Square | None = None, facing: Facing | None = None
) -> list[Square]:
    """The model's Melee Range: its Attack Chart's sword squares, oriented to its facing."""
    sq = square or unit.square
    if sq is None:
        return []
    f = facing or unit.facing
    out = []
    for right, forward, _ in unit.model.attack.marks:
        t = step(sq, *orient(f, right, forward), state.warp)
        if t is not None and t != sq:
            out.append(t)
    return out


def target_at(state: GameState, attacker: Player, sq: Square) -> str | None:
    """What an attack on ``sq`` would hit: an enemy model's key, the enemy Treasure Chest
    (not while an enemy model shares its square), or None."""
    u = state.at(sq)
    if u is not None and u.owner is not attacker:
        return u.key
    t = state.terrain_at(sq)
    if t is not None and t.kind is TerrainKind.CHEST and t.owner is attacker.other:
        return CHEST
    return None


def melee_targets(
    state: GameState, unit: Unit, square: Square | None = None, facing: Facing | None = None
) -> list[Square]:
    return sorted(
        s for s in melee_squares(state, unit, square, facing) if target_at(state, unit.owner, s)
    )


def ranged_target(
    state: GameState, unit: Unit, vector: tuple[int, int], reach: int
) -> Square | None:
    """The first model or Blocking terrain in line decides (ruling C28-4): an enemy model (or
    the enemy Treasure Chest) beyond the adjacent square is the target; anything else, none."""
    if unit.square is None:
        return None
    for sq in line(unit.square, *vector, reach, state.warp):
        near = distance(unit.square, sq, state.warp) <= 1
        u = state.at(sq)
        if u is not None:
            return None if near or u.owner is unit.owner else sq
        t = state.terrain_at(sq)
        if t is not None and t.blocks:
            return None
        if t is not None and t.kind is TerrainKind.CHEST and t.owner is unit.owner.other:
            return None if near else sq
    return None


def _targets(
    state: GameState, unit: Unit, directions: tuple[str, ...], reach: int
) -> dict[str, Square]:
    """Each direction of fire (relative to the facing) that has a target, and the target."""
    out = {}
    for d in directions:
        sq = ranged_target(state, unit, direction_vector(unit.facing, d), reach)
        if sq is not None:
            out[d] = sq
    return out


def shoot_targets(state: GameState, unit: Unit) -> dict[str, Square]:
    w = unit.model.weapon
    return {} if w is None else _targets(state, unit, w.directions, w.range)


def bolt_targets(state: GameState, unit: Unit) -> dict[str, Square]:
    """Mystic Bolt's targets: ↖ ⬆ ↗ within Range 10."""
    return _targets(state, unit, G.BOLT_DIRECTIONS, G.BOLT_RANGE)


def supporters(state: GameState, side: Player, skip: str, sq: Square) -> list[Unit]:
    """The models of ``side`` (other than ``skip``) with ``sq`` in their Melee Range."""
    return [
        u
        for u in state.units_of(side, Zone.BOARD)
        if u.key != skip and sq in melee_squares(state, u)
    ]


# ---- combat ----
def combat_numbers(
    state: GameState, attacker: Unit, sq: Square, melee: bool, strength: int | None = None
) -> tuple[str, str, int, int, list[str]]:
    """(target, its name, attack dice, defence dice, notes) of an attack on ``sq``, with
    supports counted for a Melee Attack."""
    assert attacker.square is not None
    target = target_at(state, attacker.owner, sq)
    if target is None:
        raise IllegalAction(f"there is nothing {attacker.name} can attack on {sq}")
    fight = attacker.model.fight if strength is None else strength
    notes = []
    if melee:
        helpers = supporters(state, attacker.owner, attacker.key, sq)
        fight += len(helpers)
        if helpers:
            notes.append(f"supported by {', '.join(u.key for u in helpers)}")
    if target == CHEST:
        name = f"{attacker.owner.other.title}'s Treasure Chest"
        if melee:
            notes.append("the chest has no supporters (Rule of Carnage)")
        return target, name, fight, CHEST_DEFENCE, notes
    d = state.unit(target)
    defence = d.model.defence
    if melee:
        helpers = supporters(state, d.owner, d.key, attacker.square)
        defence += len(helpers)
        if helpers:
            notes.append(f"defended by {', '.join(u.key for u in helpers)}")
    return target, d.name, fight, defence, notes


def start_combat(
    state: GameState,
    attacker: Unit,
    sq: Square,
    melee: bool,
    events: list[Event],
    strength: int | None = None,
) -> GameState:
    target, name, fight, defence, notes = combat_numbers(state, attacker, sq, melee, strength)
    what = "Melee Attack" if melee else "Ranged Attack"
    extra = f" ({'; '.join(notes)})" if notes else ""
    events.append(
        Event(
            "combat",
            f"{attacker.name} makes a {what} on {name} at {sq}: {count(fight, 'die', 'dice')} "
            f"against Defence {defence}{extra}.",
            (("attacker", attacker.key), ("square", str(sq))),
        )
    )
    combat = Combat(attacker.key, target, sq, melee, fight, defence)
    state = replace(state, combat=combat)
    steps = ("glory", "attack_roll", "defence_window", "defence_roll", "resolve")
    return push_front(state, *(Task(s) for s in steps))


def defender_owner(state: GameState, c: Combat) -> Player:
    return state.unit(c.attacker).owner.other


def _roll(dice: Dice, n: int) -> tuple[int, ...]:
    return tuple(dice.roll(6) for _ in range(max(0, n)))


def _task_glory(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    c = state.combat
    assert c is not None
    me = state.unit(c.attacker).owner
    if me is state.to_act and can_gambit(state, me):
        cards = [G.BY_NUMBER[G.GLORY].title] if G.GLORY in state.hands[me] else []
        return ask(state, "glory", me, ["roll", *cards], f"{me.title} may play a Gambit Card now")
    return state


def _task_attack_roll(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    c = state.combat
    assert c is not None
    me = state.unit(c.attacker).owner
    if c.glory:
        faces = tuple(HIT for _ in range(c.fight))
        events.append(Event("roll", f"Moment of Glory: all {c.fight} attack dice hit."))
    else:
        faces = _roll(dice, c.fight)
        events.append(_roll_event(me, "attack", faces))
    state = replace(state, combat=replace(c, attack_dice=faces))
    if not c.glory and state.can_drain(me) and _rolled(state, faces):
        return ask(state, "reroll_attack", me, ["keep", "re-roll"], _reroll_prompt(me))
    return state


def _reroll_prompt(me: Player) -> str:
    return f"{me.title} may re-roll (Heroic Fortune: it drains one of their dead models)"


def _rolled(state: GameState, faces: tuple[int, ...]) -> bool:
    """Whether there are dice to re-roll (Heroic Fortune): from rules revision 4, no re-roll
    is offered for no dice (a Fight or Defence of 0); before, it was."""
    return bool(faces) or state.config.revision < 4


def _roll_event(who: Player, what: str, faces: tuple[int, ...]) -> Event:
    shown = " ".join(str(f) for f in faces) or "no dice"
    return Event("roll", f"{who.title} rolls {what}: {shown}.", (("faces", list(faces)),))


def _task_defence_window(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    c = state.combat
    assert c is not None
    me = defender_owner(state, c)
    if not can_gambit(state, me):
        return state
    options = ["roll"]
    if G.IRON_SKIN in state.hands[me] and c.target != CHEST:
        options.append(G.BY_NUMBER[G.IRON_SKIN].title)
    if G.DESICCATE in state.hands[me]:
        options.append(G.BY_NUMBER[G.DESICCATE].title)
    return ask(state, "defence_window", me, options, f"{me.title} may play a Gambit Card now")


def _task_defence_roll(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    c = state.combat
    assert c is not None
    me = defender_owner(state, c)
    faces = _roll(dice, c.defence)
    events.append(_roll_event(me, "defence", faces))
    state = replace(state, combat=replace(c, defence_dice=faces))
    if state.can_drain(me) and _rolled(state, faces):
        text = _reroll_prompt(me)
        if outcome(c, False, False)[0] == 0:  # (the choice stays, as the rules give it)
            text += "; no attack die hit, so the saves change nothing"
        return ask(state, "reroll_defence", me, ["keep", "re-roll"], text)
    return state


def outcome(c: Combat, chill: int, iron: bool) -> tuple[int, int, int]:
    """(hits, saves, wounds) of a combat's dice."""
    hits = (
        len(c.attack_dice)
        if c.glory
        else sum(2 if f == 6 else 1 for f in c.attack_dice if f >= HIT)
    )
    past = unsavable(c, chill)
    need = IRON_SAVE if iron else SAVE
    saves = sum(1 for f in c.defence_dice if f >= need)
    return hits, saves, max(0, hits - past - saves) + past


# Chill Grasp, "Attacks that roll a 6 cannot be saved": from rules revision 5 (ruling C28-21,
# the Rule of Carnage) no hit of an attack that rolled a 6 can be saved (CHILL_ATTACK); before,
# only the two hits of each 6 (CHILL_SIXES). ``chill`` arguments take these (True is the old).
CHILL_SIXES, CHILL_ATTACK = 1, 2


def chill_grasp(state: GameState, attacker: Unit) -> int:
    """How the attacker's Chill Grasp works in this game (0: it has none)."""
    return chill_reading(state) if attacker.model.has(Ability.CHILL_GRASP) else 0


def chill_reading(state: GameState | None) -> int:
    """How Chill Grasp reads in this game (None: no game, a new game's reading)."""
    return CHILL_ATTACK if state is None or state.config.revision >= 5 else CHILL_SIXES


def unsavable(c: Combat, chill: int) -> int:
    """The hits no save stops: with Chill Grasp, every hit of an attack that rolled a 6
    (CHILL_ATTACK), or each 6's two hits (CHILL_SIXES)."""
    sixes = sum(1 for f in c.attack_dice if f == 6)
    if c.glory or not chill or not sixes:
        return 0
    if chill == CHILL_ATTACK:
        return sum(2 if f == 6 else 1 for f in c.attack_dice if f >= HIT)
    return 2 * sixes


def _task_resolve(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    c = state.combat
    assert c is not None
    attacker = state.unit(c.attacker)
    iron = c.target != CHEST and state.unit(c.target).iron_skin
    chill = chill_grasp(state, attacker)
    hits, saves, wounds = outcome(c, chill, iron)
    past = unsavable(c, chill)
    cold = f" ({past} of them past any save: Chill Grasp)" if past else ""
    if past and past == hits and chill == CHILL_ATTACK:
        cold = " (none may be saved: Chill Grasp, a 6 rolled; Rule of Carnage)"
    events.append(
        Event(
            "result",
            f"{count(hits, 'hit')}{cold}, {count(saves, 'save')}: {count(wounds, 'wound')}.",
            (("wounds", wounds),),
        )
    )
    state = replace(state, combat=None)
    if c.target == CHEST:
        if wounds:
            state = chest_damage(state, attacker.owner.other, wounds, events)
        return state
    tasks = []
    if wounds:
        tasks.append(Task("wound", c.target, attacker.key, wounds))
    if hits:
        tasks.append(Task("push", c.target, attacker.key, hits, attacker.square, c.melee))
    return push_front(state, *tasks)


# ---- wounds, death, push back ----
def _task_wound(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    u = state.unit(t.unit)
    if not u.on_board or t.n <= 0:
        return state
    if not t.flag and can_gambit(state, u.owner):
        options = ["take the wounds"]
        if G.RELENTLESS in state.hands[u.owner]:
            options.append(G.BY_NUMBER[G.RELENTLESS].title)
        state = push_front(state, replace(t, flag=True))
        text = f"{u.name} is about to take {count(t.n, 'wound')}: {u.owner.title} may play a card"
        return ask(state, "relentless", u.owner, options, text, u.key)
    total = u.wounds + t.n
    events.append(
        Event(
            "wound",
            f"{u.name} takes {count(t.n, 'wound')} ({total}/{u.model.hp}).",
            (("unit", u.key),),
        )
    )
    state = state.with_unit(replace(u, wounds=total, iron_skin=False))
    if total >= u.model.hp:
        state = push_front(state, Task("remove", u.key, t.target))
    return state


def _task_remove(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    u = state.unit(t.unit)
    if not u.on_board:
        return state
    if not t.flag and can_gambit(state, u.owner):
        options = ["fall"]
        if G.LAST_GASP in state.hands[u.owner] and melee_targets(state, u):
            options.append(G.BY_NUMBER[G.LAST_GASP].title)
        state = push_front(state, replace(t, flag=True))
        text = f"{u.name} is about to die: {u.owner.title} may play a card"
        return ask(state, "last_gasp", u.owner, options, text, u.key)
    deaths = state.deaths + 1
    dead = replace(
        u,
        zone=Zone.DEAD,
        square=None,
        wounds=0,
        died=deaths,
        iron_skin=False,
        vault=False,
        dash=False,
    )
    events.append(Event("dead", f"{u.name} is Dead: to the Dead Pile.", (("unit", u.key),)))
    state = replace(state.with_unit(dead), deaths=deaths)
    state = desperation(state, u.owner, events)
    state = check_victory(state, events)
    if t.target:
        state = push_front(state, Task("bloodlust", t.target))
    return state


def _task_push(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    u = state.unit(t.unit)
    if not u.on_board:
        return state
    assert u.square is not None
    if t.flag and u.model.has(Ability.STUBBORN) and t.n < 2:
        events.append(Event("stubborn", f"{u.name} is Stubborn and stands its ground."))
        return state
    if t.source is None or t.source == u.square:
        return _scatter(state, u, dice, events)
    squares = push_squares(u.square, t.source, state.warp)
    options = [s for s in squares if free(state, s)]
    if not options:
        walls = any(state.at(s) is None for s in squares)
        why = " (Blocking terrain counts as occupied: the Rule of Carnage)" if walls else ""
        events.append(Event("pushed", f"{u.name} has nowhere to be Pushed Back{why}."))
        return push_front(state, Task("wound", u.key, t.target, 1))
    if len(options) == 1:
        return pushed(state, u, options[0], t, events)
    chooser = u.owner.other
    text = f"{chooser.title} chooses where {u.name} is Pushed Back"
    state = push_front(state, t)  # kept for the answer
    return ask(state, "push", chooser, [str(s) for s in options], text, u.key)


def _scatter(state: GameState, u: Unit, dice: Dice, events: list[Event]) -> GameState:
    assert u.square is not None
    face = dice.roll(8)
    sq = scatter_square(u.square, face, state.warp)
    if sq is None or not free(state, sq):
        events.append(
            Event("scatter", f"{u.name} scatters ({face}) into no room: a wound (Rule of Carnage).")
        )
        return push_front(state, Task("wound", u.key, "", 1))
    events.append(Event("scatter", f"{u.name} scatters ({face}) to {sq}."))
    return place(state, u, sq, u.facing, events)


def place(
    state: GameState, u: Unit, sq: Square, facing: Facing, events: list[Event], wound_by: str = ""
) -> GameState:
    """Put a model on ``sq``: Perilous terrain there wounds it. (Vault and Dash stay: they are
    for the model's next Move or Charge, however it is moved meanwhile; before revision 3 any
    placing took them away.)"""
    if state.config.revision < 3:
        u = replace(u, vault=False, dash=False)
    state = state.with_unit(replace(u, square=sq, facing=facing))
    if perilous_at(state, sq):
        events.append(Event("perilous", f"{u.name} enters Perilous terrain on {sq}."))
        state = push_front(state, Task("wound", u.key, wound_by, 1))
    return state


def pushed(state: GameState, u: Unit, sq: Square, t: Task, events: list[Event]) -> GameState:
    """Move a Pushed Back model (its facing kept). After a push in melee the attacker may Barge,
    then use Fancy Footwork (after any Perilous wound the push caused)."""
    old = u.square
    events.append(Event("pushed", f"{u.name} is Pushed Back to {sq}.", (("unit", u.key),)))
    perilous = perilous_at(state, sq)
    by = t.target if state.config.revision >= 3 else ""  # (its kill: C28-22)
    state = place(state, u, sq, u.facing, events, wound_by=by)
    if t.flag and t.target:
        n = 1 if perilous else 0
        after = (
            Task("order", t.target),
            Task("barge", t.target, source=old),
            Task("footwork", t.target),
        )
        state = replace(state, tasks=(*state.tasks[:n], *after, *state.tasks[n:]))
    return state


def perilous_at(state: GameState, sq: Square) -> bool:
    t = state.terrain_at(sq)
    return t is not None and t.perilous


BARGE_FIRST, FOOTWORK_FIRST = "Barge first", "Fancy Footwork first"


def _task_order(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    """Barge and Fancy Footwork both follow a push: Simultaneous Effects, ordered by the
    player whose turn it is."""
    a = state.unit(t.unit)
    if not (a.model.has(Ability.BARGE) and a.model.has(Ability.FANCY_FOOTWORK)):
        return state
    text = f"{state.to_act.title} orders {a.name}'s Barge and Fancy Footwork"
    return ask(state, "order", state.to_act, [BARGE_FIRST, FOOTWORK_FIRST], text, a.key)


def _task_barge(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    a = state.unit(t.unit)
    if not (a.on_board and a.model.has(Ability.BARGE)) or t.source is None:
        return state
    if not free(state, t.source):
        return state
    text = f"{a.name} may Barge into {t.source}"
    return ask(state, "barge", a.owner, [f"barge {t.source}", "stay"], text, a.key)


def footwork_options(state: GameState, a: Unit) -> list[str]:
    return [f"{sq} {f.value}" for sq, fs in destinations(state, a).items() for f in fs]


def _task_footwork(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    a = state.unit(t.unit)
    if not (a.on_board and a.model.has(Ability.FANCY_FOOTWORK)):
        return state
    options = footwork_options(state, a)
    if not options:
        return state
    text = f"{a.name} may make a free Move (Fancy Footwork)"
    return ask(state, "footwork", a.owner, ["stay", *options], text, a.key)


def _task_bloodlust(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    a = state.unit(t.unit)
    if not (a.on_board and a.model.has(Ability.BLOODLUST)) or a.key in state.bloodlust_used:
        return state
    targets = melee_targets(state, a)
    if not targets or state.winner is not None:
        return state
    text = f"{a.name} may make a free Melee Attack (Bloodlust)"
    return ask(state, "bloodlust", a.owner, [NO_ATTACK, *map(str, targets)], text, a.key)


def _task_charge(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    a = state.unit(t.unit)
    targets = melee_targets(state, a) if a.on_board else []
    if not targets:
        events.append(Event("charge", f"{a.name} has no one to attack after its Charge."))
        return state
    text = f"{a.name} may make its Melee Attack"
    return ask(state, "charge", a.owner, [NO_ATTACK, *map(str, targets)], text, a.key)


TaskHandler = Callable[[GameState, Task, Dice, list[Event]], GameState]
TASKS: dict[str, TaskHandler] = {
    "glory": _task_glory,
    "attack_roll": _task_attack_roll,
    "defence_window": _task_defence_window,
    "defence_roll": _task_defence_roll,
    "resolve": _task_resolve,
    "wound": _task_wound,
    "remove": _task_remove,
    "push": _task_push,
    "order": _task_order,
    "barge": _task_barge,
    "footwork": _task_footwork,
    "bloodlust": _task_bloodlust,
    "charge": _task_charge,
}


# ---- answers to the decisions opened above ----
def answer(state: GameState, p: Pending, option: str, dice: Dice, events: list[Event]) -> GameState:
    state = replace(state, pending=None)
    kind = p.kind
    c = state.combat
    if kind == "glory":
        if option != "roll":
            assert c is not None
            state = spend_card(state, p.chooser, G.GLORY, events)
            state = replace(state, combat=replace(c, glory=True))
        return state
    if kind in ("reroll_attack", "reroll_defence"):
        assert c is not None
        if option == "keep":
            return state
        state = drain(state, p.chooser, events, "for a Heroic Fortune re-roll")
        if kind == "reroll_attack":
            faces = _roll(dice, len(c.attack_dice))
            events.append(_roll_event(p.chooser, "attack again", faces))
            return replace(state, combat=replace(c, attack_dice=faces))
        faces = _roll(dice, len(c.defence_dice))
        events.append(_roll_event(p.chooser, "defence again", faces))
        return replace(state, combat=replace(c, defence_dice=faces))
    if kind == "defence_window":
        assert c is not None
        if option == G.BY_NUMBER[G.IRON_SKIN].title:
            state = spend_card(state, p.chooser, G.IRON_SKIN, events)
            d = state.unit(c.target)
            events.append(Event("iron_skin", f"{d.name} has Iron Skin: it saves on 2+."))
            return state.with_unit(replace(d, iron_skin=True))
        if option == G.BY_NUMBER[G.DESICCATE].title:
            return desiccate(spend_card(state, p.chooser, G.DESICCATE, events), p.chooser, events)
        return state
    if kind == "relentless":
        if option == "take the wounds":
            return state
        state = spend_card(state, p.chooser, G.RELENTLESS, events)
        events.append(
            Event("relentless", f"Relentless: {state.unit(p.unit).name} takes no wounds.")
        )
        return replace(state, tasks=state.tasks[1:])  # the wound task waiting is cancelled
    if kind == "last_gasp":
        if option == "fall":
            return state
        state = spend_card(state, p.chooser, G.LAST_GASP, events)
        u = state.unit(p.unit)
        text = f"{u.name} makes its Last Gasp attack"
        return ask(
            state, "gasp_target", u.owner, [str(s) for s in melee_targets(state, u)], text, u.key
        )
    if kind in ("gasp_target", "charge", "bloodlust"):
        if option == NO_ATTACK:
            what = "after its Charge" if kind == "charge" else "(Bloodlust)"
            events.append(Event("no_attack", f"{state.unit(p.unit).name} makes no attack {what}."))
            return state
        a = state.unit(p.unit)
        if kind == "bloodlust":
            state = replace(state, bloodlust_used=(*state.bloodlust_used, a.key))
        return start_combat(state, a, Square.parse(option), True, events)
    if kind == "push":
        t = state.tasks[0]
        state = replace(state, tasks=state.tasks[1:])
        return pushed(state, state.unit(t.unit), Square.parse(option), t, events)
    if kind == "order":
        if option == FOOTWORK_FIRST:  # the Barge and Fancy Footwork tasks wait next, swapped
            barge, footwork, *rest = state.tasks
            return replace(state, tasks=(footwork, barge, *rest))
        return state
    if kind == "barge":
        if option == "stay":
            return state
        a = state.unit(p.unit)
        sq = Square.parse(option.split()[1])
        events.append(Event("barge", f"{a.name} Barges into {sq}."))
        return place(state, a, sq, a.facing, events)
    if kind == "footwork":
        if option == "stay":
            return state
        a = state.unit(p.unit)
        sq_text, facing = option.split()
        events.append(
            Event("moved", f"{a.name} steps to {sq_text} facing {facing} (Fancy Footwork).")
        )
        if state.config.revision >= 5:  # a free Move action: a Vault or Dash is used by it
            a = replace(a, vault=False, dash=False)
        return place(state, a, Square.parse(sq_text), Facing(facing), events)
    raise IllegalAction(f"no decision called {kind}")


def desiccate(state: GameState, player: Player, events: list[Event]) -> GameState:
    drained = state.units_of(player, Zone.DRAINED)
    for u in drained:
        state = state.with_unit(replace(u, zone=Zone.DEAD))
    events.append(
        Event("desiccate", f"{len(drained)} drained models return to {player.title}'s Dead Pile.")
    )
    return state

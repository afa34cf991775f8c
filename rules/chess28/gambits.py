"""Gambit Cards played during your own turn, and the decisions some of them open (Awe's order,
Fortify's Reinforcements). The cards of the combat windows are refereed in ``combat``."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from rules.chess28 import cards as G
from rules.chess28.actions import PlayGambit
from rules.chess28.charts import Facing
from rules.chess28.combat import bolt_targets, desiccate, place, start_combat
from rules.chess28.geometry import distance
from rules.chess28.moving import reinforcement_squares
from rules.chess28.state import GameState, Pending, Task, Unit, Zone, backline
from rules.chess28.turns import ask, push_front, spend_card
from rules.core.board import Player, Square
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.history import Event

DONE = "done"


def _adjacent(state: GameState, u: Unit) -> list[Unit]:
    assert u.square is not None
    return [
        o
        for o in state.units
        if o.on_board
        and o.key != u.key
        and o.square is not None
        and distance(o.square, u.square, state.warp) == 1
    ]


def _fortify_choices(state: GameState, player: Player, budget: int) -> list[str]:
    if not reinforcement_squares(state, player):
        return []
    return [
        u.key
        for u in state.units_of(player)
        if u.zone in (Zone.DEAD, Zone.DRAINED) and u.model.hp <= budget
    ]


def gambit_actions(state: GameState) -> list[PlayGambit]:
    """Every Gambit Card play open to the player whose turn it is."""
    me = state.to_act
    if not state.can_drain(me):
        return []
    mine = state.units_of(me, Zone.BOARD)
    out: list[PlayGambit] = []
    for card in sorted(set(state.hands[me])):
        if card in (G.VAULT, G.DASH, G.HASTE, G.IRON_SKIN):
            out += [PlayGambit(card, u.key) for u in mine]
        elif card == G.AWE:
            out += [PlayGambit(card, u.key) for u in mine if _adjacent(state, u)]
        elif card == G.CASTLE:
            out += [PlayGambit(card, a.key, b.key) for a, b in combinations(mine, 2)]
        elif card in (G.WARP, G.FALL_BACK, G.CARPE_DIEM, G.DESICCATE):
            out.append(PlayGambit(card))
        elif card == G.FORTIFY:
            if _fortify_choices(state, me, G.FORTIFY_HP):
                out.append(PlayGambit(card))
        elif card == G.BOLT:
            out += [
                PlayGambit(card, u.key, direction=d) for u in mine for d in bolt_targets(state, u)
            ]
        elif card == G.SACRIFICE:
            gone = [u for u in state.units_of(me) if u.zone in (Zone.DEAD, Zone.DRAINED)]
            there = [u for u in mine if u.square and u.square.rank == backline(me.other)]
            out += [PlayGambit(card, a.key, b.key) for a in there for b in gone]
    return out


def play(state: GameState, a: PlayGambit, dice: Dice, events: list[Event]) -> GameState:
    me = state.to_act
    if a not in gambit_actions(state):
        raise IllegalAction(_why_not(state, a))
    state = spend_card(state, me, a.card, events)
    card = a.card
    u = state.unit(a.unit) if a.unit else None
    if card == G.VAULT and u is not None:
        events.append(Event("vault", f"{u.name} will Vault on its next Move or Charge."))
        return state.with_unit(replace(u, vault=True))
    if card == G.DASH and u is not None:
        events.append(Event("dash", f"{u.name} will Dash on its next Move or Charge."))
        return state.with_unit(replace(u, dash=True))
    if card == G.HASTE and u is not None:
        events.append(Event("haste", f"{u.name} may be activated again this turn."))
        return replace(state, haste=(*state.haste, u.key))
    if card == G.IRON_SKIN and u is not None:
        events.append(Event("iron_skin", f"{u.name} has Iron Skin: it saves on 2+."))
        return state.with_unit(replace(u, iron_skin=True))
    if card == G.WARP:
        return replace(state, warp=True)
    if card == G.FALL_BACK:
        return replace(state, fall_back=True)
    if card == G.CARPE_DIEM:
        return replace(state, limit=state.limit + 3)
    if card == G.DESICCATE:
        return desiccate(state, me, events)
    if card == G.CASTLE and u is not None:
        v = state.unit(a.other)
        assert u.square is not None and v.square is not None
        events.append(Event("castle", f"{u.name} and {v.name} trade places."))
        su, sv = u.square, v.square
        state = place(state, replace(u, square=None), sv, u.facing, events)
        return place(state, state.unit(v.key), su, v.facing, events)
    if card == G.AWE and u is not None:  # every model adjacent now, each pushed once
        if state.config.revision < 3:  # (before: whoever was adjacent at each pick)
            return push_front(state, Task("awe", u.key))
        return push_front(state, Task("awe", u.key, ",".join(o.key for o in _adjacent(state, u))))
    if card == G.FORTIFY:
        return push_front(state, Task("fortify", n=G.FORTIFY_HP))
    if card == G.BOLT and u is not None:
        assert u.square is not None
        target = bolt_targets(state, u)[a.direction]
        return start_combat(state, u, target, False, events, strength=G.BOLT_STRENGTH)
    if card == G.SACRIFICE and u is not None:
        v = state.unit(a.other)
        assert u.square is not None
        deaths = state.deaths + 1
        events.append(Event("sacrifice", f"{u.name} is Sacrificed: {v.name} takes its place."))
        gone = replace(u, zone=v.zone, square=None, wounds=0, died=deaths)
        if state.config.revision >= 3:  # (its Vault or Dash leaves with it)
            gone = replace(gone, vault=False, dash=False, iron_skin=False)
        state = replace(state.with_unit(gone), deaths=deaths)
        back = replace(v, zone=Zone.BOARD, wounds=0, activated=False)
        return place(state, back, u.square, u.facing, events)
    raise IllegalAction("that card cannot be played that way")


def _why_not(state: GameState, a: PlayGambit) -> str:
    me = state.to_act
    if a.card not in G.BY_NUMBER:
        return f"there is no Gambit Card {a.card}"
    title = G.BY_NUMBER[a.card].title
    if a.card not in state.hands[me]:
        return f"{me.title} does not hold {title}"
    if not state.can_drain(me):
        return "a Gambit Card needs a dead model to drain, and your Dead Pile is empty"
    if a.card not in G.PLAYABLE_IN_TURN:
        return f"{title} is played {G.BY_NUMBER[a.card].timing.value}, not as a turn's play"
    return _how_it_may_be_played(state, a, title)


def _how_it_may_be_played(state: GameState, a: PlayGambit, title: str) -> str:
    """Why a held, payable card is refused as asked: the ways it may be played now."""
    ways = [x for x in gambit_actions(state) if x.card == a.card]
    if not ways:
        return f"{title} has nothing it can be played on now"
    units = sorted({x.unit for x in ways if x.unit})
    if not units and a.unit:
        return f"{title} is played on its own, not on a model"
    if units and a.unit not in units:
        named = f"on {a.unit}" if a.unit else "without a model"
        return f"{title} cannot be played {named}: it may be played on {', '.join(units)}"
    others = sorted({x.other for x in ways if x.unit == a.unit and x.other})
    if others and a.other not in others:
        return f"{title} with {a.unit} needs one more of these named: {', '.join(others)}"
    directions = sorted({x.direction for x in ways if x.unit == a.unit and x.direction})
    if directions:
        return (
            f"{title} with {a.unit} needs a direction (in `other` in Discord): it may go "
            f"{' or '.join(directions)}"
        )
    return f"{title} cannot be played like that now"


def task_awe(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    """Awe: the models that were adjacent when it was played (``t.target``, their keys), each
    pushed back once, in the order its player chooses; one no longer on the board is passed
    over (a model with no free square stays adjacent, wounded, and is not pushed again)."""
    u = state.unit(t.unit)
    if not u.on_board:
        return state
    if state.config.revision < 3:
        near = [o.key for o in _adjacent(state, u)]
        text = f"{u.owner.title} picks the next model {u.name} pushes back (Awe)"
        return ask(state, "awe", u.owner, near, text, u.key) if near else state
    left = [k for k in t.target.split(",") if k and state.unit(k).on_board]
    if not left:
        return state
    text = f"{u.owner.title} picks the next model {u.name} pushes back (Awe)"
    return ask(state, "awe", u.owner, left, text, f"{u.key}|{','.join(left)}")


def task_fortify(state: GameState, t: Task, dice: Dice, events: list[Event]) -> GameState:
    me = state.to_act
    choices = _fortify_choices(state, me, t.n)
    if not choices:
        return state
    text = f"{me.title} picks Reinforcements ({t.n} HP left)"
    return ask(state, "fortify", me, [DONE, *choices], text, str(t.n))


def answer(state: GameState, p: Pending, option: str, dice: Dice, events: list[Event]) -> GameState:
    state = replace(state, pending=None)
    if p.kind == "awe":
        key, _, left = p.unit.partition("|")
        u = state.unit(key)
        rest = ",".join(k for k in left.split(",") if k and k != option)
        return push_front(state, Task("push", option, "", 1, u.square), Task("awe", u.key, rest))
    if p.kind == "fortify":
        if option == DONE:
            return state
        u = state.unit(option)
        squares = reinforcement_squares(state, p.chooser)
        options = [f"{s} {f.value}" for s in squares for f in Facing]
        text = f"{p.chooser.title} places {u.name} as a Reinforcement"
        state = push_front(state, Task("fortify", n=int(p.unit) - u.model.hp))
        return ask(state, "reinforce", p.chooser, options, text, u.key)
    if p.kind == "reinforce":
        u = state.unit(p.unit)
        sq_text, facing = option.split()
        events.append(Event("reinforce", f"{u.name} comes back as a Reinforcement on {sq_text}."))
        back = replace(u, zone=Zone.BOARD, wounds=0, activated=False)
        return place(state, back, Square.parse(sq_text), Facing(facing), events)
    raise IllegalAction(f"no decision called {p.kind}")

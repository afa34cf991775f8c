"""Expectimax over any system's decisions and chance outcomes, bounded in time.

The tree alternates decision nodes (the decider's legal actions: the thinking player takes the
best, the opponent the worst for it, since evaluations are zero-sum) and chance nodes (an
action's ``outcomes`` with their probabilities). Depth counts decisions (not a forced one,
nor one that only finishes resolving an action, ``GameSystem.resolving``). Below the root, a node
with many actions keeps only the ``width`` that look best one decision ahead (a beam), so a
deeper search stays affordable. The search deepens one decision at a time until its deadline or
its node budget; an iteration cut short still counts for the root actions it finished, searched
in the order the previous iteration ranked them.

Hidden information: the search runs on states from ``hidden.determinize`` (several samples of
what the player cannot see, averaged), never on the real secrets. Deterministic for a seed, a
state and a node budget; a deadline alone may stop it at a different point on a slower machine.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.ai import hidden
from rules.ai.evaluation import evaluate
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.chance import TooManyOutcomes, merge_key, sample_outcomes
from rules.core.errors import RulesError
from rules.core.system import GameSystem

EXACT_LIMIT = 24  # dice sequences enumerated exactly at a chance node; more are sampled
# Each decision costs its decider a little: of two ways to the same value the shorter is
# preferred, and a loop (play a card, then change one's mind) is never worth choosing.
STEP_COST = 0.01
# A line of play that comes back to a position already on the path (a card played, then the
# choice cancelled) is worth this much less to whoever closed the loop: without it, a horizon
# that makes ending one's turn look costly would loop for ever.
LOOP_COST = 50.0
INF = float("inf")
# forced decisions, and those that only finish resolving an action, on one line of play that
# cost no depth
FORCED_EXTENSION = 4
SAMPLES = 4  # samples of a chance node with too many sequences to enumerate


class _OutOfTime(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard to think: the deepest search in decisions (``first`` the depth to start from),
    the beam below the root, one segment only (stop where the decider changes: greedy), the
    determinizations of hidden information, the time bound, the node budget, whether
    positions are scored by material alone, and how deep to search while setting up."""

    depth: int
    first: int = 1
    width: int = 0  # 0: every action at every node
    own_turn_only: bool = False
    samples: int = 1
    time_limit: float = 1.0
    max_nodes: int = 1_000_000
    material_only: bool = False  # score positions by material alone (the greedy baseline)
    # while the system says the game is being set up (``GameSystem.setting_up``: Trees,
    # terrain, deployment), search at most this many decisions deep; 0: as in play
    setup_depth: int = 0


@dataclass(frozen=True, slots=True)
class Ranked:
    """A root action and its value; not ``exact``: the search stopped once it was sure the
    action is no better than the best (``value`` is then an upper bound)."""

    action: Action
    value: float
    exact: bool = True


@dataclass(frozen=True)
class Choice:
    """The AI's decision: the action, its expected value, every root action's value (best
    first), the depth searched and the nodes visited."""

    action: Action
    value: float
    ranked: tuple[Ranked, ...]
    depth: int
    nodes: int
    seconds: float
    extra: dict[str, Any] = field(default_factory=dict)


def strip(state: Any) -> Any:
    """The state without its log (the search never reads it, and applies copy it)."""
    if (
        dataclasses.is_dataclass(state)
        and not isinstance(state, type)
        and any(f.name == "history" for f in dataclasses.fields(state))
    ):
        return dataclasses.replace(state, history=())
    return state


class Search:
    def __init__(
        self,
        system: GameSystem[Any, Any],
        player: Player,
        settings: Settings,
        rng: random.Random,
        deadline: float,
    ) -> None:
        self.system = system
        self.player = player
        self.settings = settings
        self.rng = rng
        self.deadline = deadline
        self.nodes = 0
        # outcomes already worked out, by (the state's identity, action); the state is kept
        # in the value so that its identity is not reused while the search runs
        self.cache: dict[tuple[int, Action], tuple[Any, list[tuple[float, Any]]]] = {}
        self.statics: dict[tuple[int, Action], tuple[Any, float]] = {}
        self.path: set[Any] = set()  # the positions from the root to the node being searched
        self.forced = 0  # decisions on that path searched without costing depth

    def evaluate(self, state: Any) -> float:
        return evaluate(self.system, state, self.player, self.settings.material_only)

    # ---- chance ----
    def chance(self, state: Any, action: Action) -> list[tuple[float, Any]]:
        key = (id(state), action)
        hit = self.cache.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        self.tick()
        outs = self._chance(state, action)
        if len(self.cache) < 200_000:
            self.cache[key] = (state, outs)
        return outs

    def _chance(self, state: Any, action: Action) -> list[tuple[float, Any]]:
        try:
            outs = self.system.outcomes(state, action, limit=EXACT_LIMIT)
        except TooManyOutcomes:
            outs = sample_outcomes(
                lambda d: self.system.apply_fast(state, action, d), self.rng, SAMPLES
            )
        return [(float(p), s) for p, s in outs]

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self.settings.max_nodes:
            raise _OutOfTime
        if time.perf_counter() > self.deadline:
            raise _OutOfTime

    # ---- the tree ----
    def cost(self, decider: Player) -> float:
        return -STEP_COST if decider is self.player else STEP_COST

    def static(self, state: Any, action: Action, decider: Player) -> float:
        """An action's expected evaluation one decision ahead."""
        key = (id(state), action)
        hit = self.statics.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        outs = self.chance(state, action)
        v = sum(p * self.evaluate(s) for p, s in outs) + self.cost(decider)
        if len(self.statics) < 200_000:
            self.statics[key] = (state, v)
        return v

    def rank(self, state: Any, action: Action, decider: Player) -> float:
        """What an action promises, to order the search and choose the beam: its static value,
        or, when the same player decides again right after it with no dice between (choosing a
        piece, then its move), the best static value of that next decision; so a piece is
        ranked by the best it can do, not by the choosing alone, which changes nothing."""
        outs = self.chance(state, action)
        if len(outs) == 1:
            nxt = outs[0][1]
            if self.system.decider(nxt) is decider and self.system.result(nxt) is None:
                follow = list(self.system.legal_actions(nxt))
                if follow:
                    vals = [self.static(nxt, b, decider) for b in follow]
                    best = max(vals) if decider is self.player else min(vals)
                    return best + self.cost(decider)
        return self.static(state, action, decider)

    def q(
        self,
        state: Any,
        action: Action,
        depth: int,
        decider: Player,
        alpha: float = -INF,
        beta: float = INF,
    ) -> float:
        """An action's value. Through an action with one outcome the window (alpha, beta) is
        passed on, so the search below may stop early with a bound: a value <= alpha is at most
        that, one >= beta at least that. Through dice, every outcome is searched exactly."""
        cost = self.cost(decider)
        outs = self.chance(state, action)
        if len(outs) == 1:
            return cost + self.value(outs[0][1], depth - 1, decider, alpha - cost, beta - cost)
        total = cost
        for p, nxt in outs:
            total += p * self.value(nxt, depth - 1, decider)
        return total

    def value(
        self, state: Any, depth: int, last: Player, alpha: float = -INF, beta: float = INF
    ) -> float:
        self.tick()
        key = merge_key(state)
        if key in self.path:
            return -LOOP_COST if last is self.player else LOOP_COST
        self.path.add(key)
        try:
            return self._value(state, depth, last, alpha, beta)
        finally:
            self.path.discard(key)

    def _value(self, state: Any, depth: int, last: Player, alpha: float, beta: float) -> float:
        decider = self.system.decider(state)
        if (
            depth <= 0
            or decider is None
            or self.system.result(state) is not None
            or (self.settings.own_turn_only and decider is not last)
        ):
            return self.evaluate(state)
        actions = list(self.system.legal_actions(state))
        if not actions:
            return self.evaluate(state)
        if self.forced < FORCED_EXTENSION and (len(actions) == 1 or self.system.resolving(state)):
            # a forced decision (say, "roll" when nothing else may be done), or one that only
            # finishes resolving an action already chosen (keep or re-roll), costs no depth:
            # otherwise an attack's dice and questions would fall beyond the horizon that a
            # move's gain is seen within, and the search would always prefer to move
            self.forced += 1
            try:
                return self._expand(state, actions, depth + 1, decider, alpha, beta)
            finally:
                self.forced -= 1
        return self._expand(state, actions, depth, decider, alpha, beta)

    def _expand(
        self,
        state: Any,
        actions: list[Action],
        depth: int,
        decider: Player,
        alpha: float,
        beta: float,
    ) -> float:
        mine = decider is self.player
        if depth == 1:  # the children are leaves: their static values are the answer
            best = -INF if mine else INF
            for a in actions:
                v = self.static(state, a, decider)
                if mine:
                    best = max(best, v)
                    if best >= beta:
                        break
                else:
                    best = min(best, v)
                    if best <= alpha:
                        break
            return best
        # each action's value one decision ahead: the order to search them in (the best
        # first cuts the most) and the beam
        scored = sorted(
            ((self.rank(state, a, decider), i) for i, a in enumerate(actions)),
            key=lambda t: (-t[0] if mine else t[0], t[1]),
        )
        width = self.settings.width
        if width and len(scored) > width:
            scored = scored[:width]
        best = -INF if mine else INF
        for _, i in scored:
            v = self.q(state, actions[i], depth, decider, alpha, beta)
            if mine:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


def _rng(seed: int, state_steps: int, player: Player) -> random.Random:
    return random.Random(f"{seed}:{state_steps}:{player.value}")


def decide(
    system: GameSystem[Any, Any],
    state: Any,
    settings: Settings,
    *,
    seed: int = 0,
    player: Player | None = None,
    visited: Collection[Hashable] = (),
) -> Choice:
    """The best action for the player who decides now, by expectimax within the settings.

    ``visited``: the positions (``merge_key``) this player has already decided in during its
    current run of decisions. An action certain to lead back to one of them (play a card,
    cancel it, play it again) is not searched, unless nothing else is legal: the search sees the
    loop within one decision, but two decisions searched apart could each prefer their half of
    it."""
    start = time.perf_counter()
    if settings.setup_depth and system.setting_up(state):
        deep = min(settings.depth, settings.setup_depth)
        settings = dataclasses.replace(settings, depth=deep, first=min(settings.first, deep))
    who = system.decider(state) if player is None else player
    if who is None:
        raise RulesError("the game is over: there is nothing to decide")
    actions: Sequence[Action] = list(system.legal_actions(state))
    if not actions:
        raise RulesError("there is no legal action to choose")
    rng = _rng(seed, len(system.history(state)), who)
    if hidden.has_secrets(system):
        roots = [hidden.determinize(system, state, who, rng) for _ in range(settings.samples)]
    else:
        roots = [strip(state)]
    if len(actions) == 1:
        only = actions[0]
        return Choice(only, 0.0, (Ranked(only, 0.0),), 0, 0, time.perf_counter() - start)
    search = Search(system, who, settings, rng, start + settings.time_limit)
    order = list(range(len(actions)))
    if visited:  # never walk in a circle when there is another way
        fresh = [i for i in order if not _returns(system, state, actions[i], visited)]
        order = fresh or order
    # With one root, a root action that cannot beat the best so far is searched only until
    # that is certain (its value is then an upper bound); with several samples of the unseen,
    # each action's value is an average, so every one is searched exactly.
    prune = len(roots) == 1
    values: dict[int, float] = {}
    exact: set[int] = set(order)
    depth_done = 0
    for depth in range(max(1, settings.first), settings.depth + 1):
        done: dict[int, float] = {}
        sure: set[int] = set()
        try:
            for i in order:
                total, n = 0.0, 0
                alpha = max(done.values(), default=-INF) if prune else -INF
                for root in roots:
                    search.path = {merge_key(root)}
                    try:
                        total += search.q(root, actions[i], depth, who, alpha)
                        n += 1
                    except RulesError:  # not legal in this sample of the unseen cards
                        continue
                done[i] = total / n if n else -INF
                if done[i] > alpha or n == 0:
                    sure.add(i)
        except _OutOfTime:
            # A cut iteration counts when it finished the previous best action (searched
            # first): the best of what it finished is then at least as well founded.
            if done and (depth_done == 0 or order[0] in done):
                values, exact, depth_done = done, sure, depth
            break
        values, exact, depth_done = done, sure, depth
        order = sorted(order, key=lambda i: (-values[i], i not in exact, i))
        if settings.own_turn_only and depth >= settings.depth:
            break
    if not values:  # not even one action searched in time: the first legal one
        values = {i: 0.0 for i in order}
    # A bound equal to the best value is no better than the best (a reply made it no better,
    # maybe much worse): of equal values, an exact one is chosen.
    ranked = sorted(values.items(), key=lambda t: (-t[1], t[0] not in exact, t[0]))
    best_i, best_v = ranked[0]
    return Choice(
        actions[best_i],
        best_v,
        tuple(Ranked(actions[i], v, i in exact) for i, v in ranked),
        depth_done,
        search.nodes,
        time.perf_counter() - start,
    )


def _returns(
    system: GameSystem[Any, Any], state: Any, action: Action, visited: Collection[Hashable]
) -> bool:
    """Whether ``action`` certainly leads to a position in ``visited`` (one outcome only)."""
    try:
        outs = system.outcomes(strip(state), action, limit=1)
    except (TooManyOutcomes, RulesError):
        return False
    return len(outs) == 1 and merge_key(outs[0][1]) in visited


def exact_odds(system: GameSystem[Any, Any], state: Any, action: Action) -> dict[str, Fraction]:
    """The system's own exact odds of an action (empty when it rolls nothing)."""
    return dict(system.odds(state, action) or {})

"""The turn: up to three activations, Refresh once per turn, the end of a turn, the Dead and
Drained Piles, Desperation, and how the game is won (Piñata, or the last side standing)."""

from __future__ import annotations

from dataclasses import replace

from rules.chess28.cards import BY_NUMBER
from rules.chess28.state import (
    ACTIVATIONS,
    CHEST_HP,
    GameState,
    Mode,
    Pending,
    Phase,
    Task,
    TerrainKind,
    Zone,
)
from rules.core.board import Player
from rules.core.history import Event


def push_front(state: GameState, *tasks: Task) -> GameState:
    return replace(state, tasks=(*tasks, *state.tasks))


def ask(
    state: GameState,
    kind: str,
    chooser: Player,
    options: list[str] | tuple[str, ...],
    text: str,
    unit: str = "",
) -> GameState:
    return replace(state, pending=Pending(kind, chooser, tuple(options), unit, text))


def can_gambit(state: GameState, player: Player) -> bool:
    """A player can pay for a Gambit Card: a card in hand and a dead model to drain. Windows
    open on this public fact alone, so a question never reveals a card (ruling C28-16)."""
    return bool(state.hands[player]) and state.can_drain(player)


def drain(state: GameState, player: Player, events: list[Event], why: str) -> GameState:
    """Drain the model longest in the player's Dead Pile (ruling C28-17)."""
    dead = sorted(state.units_of(player, Zone.DEAD), key=lambda u: u.died)
    if not dead:
        raise AssertionError("drain without a dead model")
    u = dead[0]
    events.append(Event("drained", f"{player.title} drains {u.name} {why}.", (("unit", u.key),)))
    return state.with_unit(replace(u, zone=Zone.DRAINED))


def standing(state: GameState, player: Player) -> bool:
    return any(u.zone in (Zone.BOARD, Zone.DUG, Zone.RESERVE) for u in state.units_of(player))


def finish(
    state: GameState, winner: Player | None, reason: str, code: str, events: list[Event]
) -> GameState:
    """The game over: its winner (None for a draw), the reason in words and as the result's
    short code (``chest_destroyed``, ``last_standing``, ``no_models``, ``turn_limit``,
    ``conceded``)."""
    text = f"{winner.title} wins: {reason}" if winner is not None else f"A draw: {reason}"
    events.append(Event("game_over", text + "."))
    return replace(
        state,
        phase=Phase.OVER,
        winner=winner,
        reason=reason,
        reason_code=code,
        pending=None,
        tasks=(),
        combat=None,
    )


def check_victory(state: GameState, events: list[Event]) -> GameState:
    """The last side with models standing wins (in both modes, ruling C28-8); in Piñata mode
    the first to destroy the enemy Treasure Chest wins."""
    if state.phase is Phase.OVER or state.phase is not Phase.PLAY:
        return state
    if state.config.revision >= 5 and any(
        t.kind == "remove" and state.unit(t.unit).on_board for t in state.tasks
    ):
        # A model is Dead and waits to be removed (its Last Gasp attack came first): the game
        # is judged once it is gone. Before revision 5 it counted as standing, and a side
        # whose only model had died won if that attack slew the last enemy (ruling C28-8).
        return state
    if state.mode is Mode.PINATA:
        for p in Player:
            if state.chest_of(p) is None:
                return finish(
                    state,
                    p.other,
                    f"{p.title}'s Treasure Chest is destroyed",
                    "chest_destroyed",
                    events,
                )
    alive = [p for p in Player if standing(state, p)]
    if len(alive) == 1:
        return finish(
            state, alive[0], f"{alive[0].other.title} has no models left", "last_standing", events
        )
    if not alive:
        return finish(state, None, "no models are left on either side", "no_models", events)
    return state


def desperation(state: GameState, player: Player, events: list[Event]) -> GameState:
    """Desperation (a game option): the first time more than half of a player's models are
    Dead or Drained, they draw two Gambit Cards."""
    if not state.desperation or state.desperate[player]:
        return state
    mine = state.units_of(player)
    down = sum(1 for u in mine if u.zone in (Zone.DEAD, Zone.DRAINED))
    if down * 2 <= len(mine):
        return state
    drawn = state.deck[:2]
    hands = list(state.hands)
    hands[player] = (*hands[player], *drawn)
    flags = list(state.desperate)
    flags[player] = True
    events.append(Event("desperation", f"Desperation: {player.title} draws {len(drawn)} cards."))
    return replace(
        state,
        deck=state.deck[len(drawn) :],
        hands=(hands[0], hands[1]),
        desperate=(flags[0], flags[1]),
    )


def end_activation(state: GameState, events: list[Event]) -> GameState:
    """After the last activation the turn ends by itself, unless its player can still pay for
    a Gambit Card (cards "played during your turn" may follow the last activation: ruling
    C28-27; decided on the public fact alone, so it never tells whether one is playable)."""
    state = replace(state, activations=state.activations + 1)
    spent = state.activations >= state.limit
    card_may_follow = state.config.revision >= 3 and can_gambit(state, state.to_act)
    if (spent and not card_may_follow) or not can_still_act(state):
        return end_turn(state, events)
    return state


def can_still_act(state: GameState) -> bool:
    """Whether the player has anything left to do this turn: a model to activate, a dug-in
    model to bring back, a Refresh, or a Gambit Card to pay for."""
    me = state.to_act
    if any(not u.activated or u.key in state.haste for u in state.units_of(me, Zone.BOARD)):
        return True
    if any(state.turn > u.dug_turn for u in state.units_of(me, Zone.DUG)):
        return True
    if not state.refreshed and state.units_of(me, Zone.DRAINED):
        return True
    return can_gambit(state, me)


def end_turn(state: GameState, events: list[Event]) -> GameState:
    nxt = state.to_act.other
    events.append(Event("turn", f"{state.to_act.title}'s turn ends."))
    units = tuple(replace(u, activated=False) if u.activated else u for u in state.units)
    state = replace(
        state,
        units=units,
        to_act=nxt,
        turn=state.turn + 1,
        activations=0,
        limit=ACTIVATIONS,
        refreshed=False,
        haste=(),
        warp=False,
        fall_back=False,
        bloodlust_used=(),
    )
    if state.turn > state.config.turn_limit:
        limit = state.config.turn_limit
        return finish(
            state, None, f"the turn limit ({limit} turns) is reached", "turn_limit", events
        )
    events.append(Event("turn", f"Turn {state.turn}: {nxt.title} to play."))
    return state


def chest_damage(state: GameState, owner: Player, wounds: int, events: list[Event]) -> GameState:
    chest = state.chest_of(owner)
    assert chest is not None and chest.kind is TerrainKind.CHEST
    total = chest.wounds + wounds
    shown = min(total, CHEST_HP)  # (4 damage on a 3-HP chest reads 3/3)
    events.append(Event("chest", f"{chest.name} takes {wounds} damage ({shown}/{CHEST_HP})."))
    if total >= CHEST_HP:
        state = state.with_terrain(chest, None)
        return check_victory(state, events)
    return state.with_terrain(chest, replace(chest, wounds=total))


def spend_card(state: GameState, player: Player, card: int, events: list[Event]) -> GameState:
    """Play a Gambit Card: drain a dead model, and the card leaves the game."""
    hand = list(state.hands[player])
    hand.remove(card)
    hands = list(state.hands)
    hands[player] = tuple(hand)
    state = drain(state, player, events, f"to play {BY_NUMBER[card].title}")
    events.append(
        Event("gambit", f"{player.title} plays {BY_NUMBER[card].title}.", (("card", card),))
    )
    return replace(state, hands=(hands[0], hands[1]))

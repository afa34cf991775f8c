"""Setting Up To Play: Gambit Cards dealt, the First Player by a roll-off, the terrain roll
(D3-1 pieces each) and placement, the Treasure Chests (Piñata), and alternating deployment."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from rules.chess28 import actions as A
from rules.chess28.cards import CARDS
from rules.chess28.charts import Facing
from rules.chess28.moving import backline_squares, terrain_squares
from rules.chess28.state import (
    BOARD,
    HAND,
    PLACEABLE_KINDS,
    GameState,
    Mode,
    Phase,
    Terrain,
    TerrainKind,
    Zone,
    backline,
    terrain_kinds,
)
from rules.core.actions import Action
from rules.core.board import Player, Square
from rules.core.dice import Dice
from rules.core.errors import IllegalAction
from rules.core.history import Event

RANDOM = "random"
CHEST_FILES = (3, 4)  # the two central squares of the Backline (d and e)


def roll_off(dice: Dice) -> tuple[Player, list[tuple[int, int]]]:
    """Both roll a D6, again on a tie; the higher wins. Returns the winner and every pair."""
    rolls = []
    while True:
        w, b = dice.roll(6), dice.roll(6)
        rolls.append((w, b))
        if w != b:
            return (Player.WHITE if w > b else Player.BLACK), rolls


def shuffled(dice: Dice, n: int) -> tuple[int, ...]:
    """Cards 1..n shuffled with the injected dice (Fisher-Yates)."""
    deck = list(range(1, n + 1))
    for i in range(n - 1, 0, -1):
        j = dice.roll(i + 1) - 1
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def start(state: GameState, dice: Dice, events: list[Event]) -> GameState:
    deck = shuffled(dice, len(CARDS))
    hands = (deck[:HAND], deck[HAND : 2 * HAND])
    events.append(Event("deal", "Each player is dealt 3 Gambit Cards, face down."))
    first, rolls = roll_off(dice)
    shown = ", then ".join(f"White {w}, Black {b}" for w, b in rolls)
    events.append(
        Event("first", f"Roll-off for the First Player: {shown}. {first.title} is first.")
    )
    count = dice.roll(3) - 1
    sized = state.config.revision >= 2
    half = count // 2
    events.append(
        Event("terrain", f"{first.title} rolls D3-1 for terrain: each player places {count}.")
    )
    state = replace(
        state,
        deck=deck[2 * HAND :],
        hands=hands,
        first=first,
        to_act=first,
        terrain_left=(count, count),
        # two pieces each: one large, one small; one each: the First Player's choice of size,
        # and the other player's piece the same size (ruling C28-11); revision 1: all small
        large_left=(half, half) if sized else (0, 0),
        small_left=(half, half) if sized else (count, count),
    )
    if state.mode is Mode.PINATA:
        return replace(state, phase=Phase.CHESTS)
    return _after_chests(state)


def _after_chests(state: GameState) -> GameState:
    if sum(state.terrain_left):
        return replace(state, phase=Phase.TERRAIN, to_act=state.first)
    return replace(state, phase=Phase.DEPLOY, to_act=state.first)


def placeable(state: GameState) -> tuple[str, ...]:
    """The kinds a terrain piece may be placed as in this game (ruling C28-11): one kind, or
    several at once from rules revision 4."""
    return PLACEABLE_KINDS if state.config.revision >= 4 else PLACEABLE_KINDS[:3]


def chest_squares(state: GameState, player: Player) -> list[Square]:
    squares = (BOARD.at(f, backline(player)) for f in CHEST_FILES)
    return [s for s in squares if s is not None and state.terrain_at(s) is None]


MODE_CHOICES = (Mode.PINATA.value, Mode.LAST_STANDING.value, RANDOM)


def choose_mode(state: GameState, a: A.ChooseMode, dice: Dice, events: list[Event]) -> GameState:
    """The first setup step when the game was made without a mode: White (who made the
    challenge) chooses Piñata or last side standing, or has a die choose (ruling C28-28)."""
    if a.mode == RANDOM:
        mode = Mode.PINATA if dice.roll(2) == 1 else Mode.LAST_STANDING
        how = "by a die roll"
    else:
        mode, how = Mode(a.mode), "by White's choice"
    words = {
        Mode.PINATA: "Piñata (destroy the enemy Treasure Chest)",
        Mode.LAST_STANDING: "last side standing",
    }
    extra = ", with Desperation" if a.desperation else ""
    events.append(Event("mode", f"Game mode {how}: {words[mode]}{extra}."))
    state = replace(state, mode=mode, desperation=a.desperation, phase=Phase.FIRST_PLAYER)
    return start(state, dice, events)


FACINGS = tuple(f.value for f in Facing)


@cache
def _deploy(unit: str, square: Square, facing: str) -> A.Deploy:
    """Deployments are values: made once (a side can have a few hundred to choose from)."""
    return A.Deploy(unit, square, facing)


def setup_actions(state: GameState) -> list[Action]:
    me = state.to_act
    if state.phase is Phase.MODE:
        return [A.ChooseMode(m, d) for d in (False, True) for m in MODE_CHOICES]
    if state.phase is Phase.FIRST_PLAYER:
        return [A.RollOff()]
    if state.phase is Phase.CHESTS:
        return [A.PlaceChest(s) for s in chest_squares(state, me)]
    if state.phase is Phase.TERRAIN:
        # square by square, the small piece there and the large ones from it (so a short list
        # of the first choices shows both sizes)
        small, large = terrain_sizes(state, me)
        squares = terrain_squares(state)
        wide = partners(squares) if large else {}
        out: list[Action] = []
        for k in placeable(state):
            for s in squares:
                if small:
                    out.append(A.PlaceTerrain(k, s))
                out += [A.PlaceTerrain(k, s, e) for e in wide.get(s, ())]
        return out
    if state.phase is Phase.DEPLOY:
        squares = backline_squares(state, me)
        return [
            _deploy(u.key, s, f)
            for u in state.units_of(me, Zone.RESERVE)
            for s in squares
            for f in FACINGS
        ]
    return []


def place_chest(state: GameState, a: A.PlaceChest, events: list[Event]) -> GameState:
    me = state.to_act
    state = replace(state, terrain=(*state.terrain, Terrain(TerrainKind.CHEST, a.square, me)))
    events.append(Event("chest", f"{me.title} places a Treasure Chest on {a.square}."))
    if state.chest_of(me.other) is None:
        return replace(state, to_act=me.other)
    return _after_chests(state)


def unsized(state: GameState, player: Player) -> int:
    """How many of ``player``'s pieces left may be either size (ruling C28-11)."""
    return state.terrain_left[player] - state.large_left[player] - state.small_left[player]


def terrain_sizes(state: GameState, player: Player) -> tuple[bool, bool]:
    """Whether ``player`` may place a small piece next, and whether a large one."""
    free = unsized(state, player) > 0
    return state.small_left[player] > 0 or free, state.large_left[player] > 0 or free


def partners(squares: list[Square]) -> dict[Square, list[Square]]:
    """For each of ``squares``, those of them beside it to the north or east: the second
    squares of the large pieces that may start there."""
    free = set(squares)
    out: dict[Square, list[Square]] = {}
    for s in squares:
        for df, dr in ((1, 0), (0, 1)):
            e = BOARD.at(s.file + df, s.rank + dr)
            if e is not None and e in free:
                out.setdefault(s, []).append(e)
    return out


def why_not_terrain(state: GameState, a: A.PlaceTerrain) -> str:
    """Why a terrain placement is refused, in the player's words."""
    me = state.to_act
    small, large = terrain_sizes(state, me)
    if a.kind not in placeable(state):
        if state.config.revision < 4:  # (a game made before terrain of several kinds)
            if a.kind in PLACEABLE_KINDS:
                return (
                    "this game was made under earlier rules, where each terrain piece is of one "
                    "kind: blocking, perilous or moveable"
                )
            return "terrain is blocking, perilous or moveable"
        return (
            "terrain is blocking, perilous or moveable, or several of them joined by + in that "
            "order (such as blocking+moveable)"
        )
    if a.extra is None and not small:
        return f"{me.title}'s piece now is a large one: name two squares side by side"
    if a.extra is not None and not large:
        return f"{me.title}'s piece now is a small one: name one square"
    squares = set(terrain_squares(state))
    for s in (a.square, a.extra):
        if s is not None and s not in squares:
            return (
                f"the square {s} is not free for terrain: it must be outside both players' back "
                "two ranks and hold no other terrain"
            )
    return "a large piece covers two squares side by side, such as d4 and e4 or d4 and d5"


def _bump(pair: tuple[int, int], player: Player, by: int) -> tuple[int, int]:
    out = list(pair)
    out[player] += by
    return out[0], out[1]


def place_terrain(state: GameState, a: A.PlaceTerrain, events: list[Event]) -> GameState:
    me = state.to_act
    first, *also = terrain_kinds(a.kind)
    large = a.extra is not None
    piece = Terrain(first, a.square, extra=a.extra, also=tuple(also))
    owed = state.large_left if large else state.small_left
    if owed[me]:  # a piece of a size this player owes
        owed = _bump(owed, me, -1)
    elif unsized(state, me.other) > 0:  # a free choice: the other's piece is to be this size
        owed = _bump(owed, me.other, 1)
    left = _bump(state.terrain_left, me, -1)
    state = replace(
        state,
        terrain=(*state.terrain, piece),
        terrain_left=left,
        large_left=owed if large else state.large_left,
        small_left=state.small_left if large else owed,
    )
    events.append(Event("terrain", f"{me.title} places {piece.name} on {piece.where}."))
    if left[me.other]:
        return replace(state, to_act=me.other)
    if left[me]:
        return state
    return replace(state, phase=Phase.DEPLOY, to_act=state.first)


def deploy(state: GameState, a: A.Deploy, events: list[Event]) -> GameState:
    me = state.to_act
    u = state.unit(a.unit)
    facing = Facing(a.facing)
    state = state.with_unit(replace(u, zone=Zone.BOARD, square=a.square, facing=facing))
    events.append(
        Event("deploy", f"{me.title} deploys {u.name} on {a.square} facing {facing.value}.")
    )
    if state.units_of(me.other, Zone.RESERVE):
        return replace(state, to_act=me.other)
    if state.units_of(me, Zone.RESERVE):
        return state
    events.append(Event("turn", f"Turn 1: {state.first.title} to play."))
    return replace(state, phase=Phase.PLAY, to_act=state.first, turn=1)


def apply_setup(state: GameState, a: Action, dice: Dice, events: list[Event]) -> GameState:
    if isinstance(a, A.ChooseMode):
        return choose_mode(state, a, dice, events)
    if isinstance(a, A.RollOff):
        return start(state, dice, events)
    if isinstance(a, A.PlaceChest):
        return place_chest(state, a, events)
    if isinstance(a, A.PlaceTerrain):
        return place_terrain(state, a, events)
    if isinstance(a, A.Deploy):
        return deploy(state, a, events)
    raise IllegalAction(f"{a.name} is not a setup step")

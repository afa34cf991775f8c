"""Moving: the Move Chart oriented to the model's facing, destination squares with a valid path,
⏩ slides, pivots, and the other ways models and terrain change squares (Shove, Dig, Retreat,
deployment and Reinforcements)."""

from __future__ import annotations

from rules.chess28.charts import Facing, Icon, orient, pivot
from rules.chess28.geometry import delta, distance, edge_squares, line, neighbours, step
from rules.chess28.models import Ability
from rules.chess28.state import BOARD, GameState, Terrain, Unit, backline, rank_in
from rules.core.board import AROUND, Player, Square

Destinations = dict[Square, tuple[Facing, ...]]


def blocking(state: GameState, sq: Square) -> bool:
    t = state.terrain_at(sq)
    return t is not None and t.blocks


def free(state: GameState, sq: Square) -> bool:
    """Unoccupied: no model and no Blocking terrain (a model may share Moveable terrain, a
    Treasure Chest or Perilous terrain)."""
    return state.at(sq) is None and not blocking(state, sq)


def ignores_terrain(unit: Unit) -> bool:
    return unit.model.has(Ability.LEAP) or unit.model.has(Ability.INCORPOREAL)


def passable(state: GameState, unit: Unit, sq: Square) -> bool:
    """Whether ``unit`` may move through ``sq``: never Blocking terrain or an enemy model, unless
    it has Leap or Incorporeal, or the enemy is Incorporeal."""
    if ignores_terrain(unit):
        return True
    if blocking(state, sq):
        return False
    other = state.at(sq)
    return other is None or other.owner is unit.owner or other.model.has(Ability.INCORPOREAL)


def has_path(state: GameState, unit: Unit, dest: Square) -> bool:
    """A path of single steps as short as the distance (ruling C28-2), every square between
    passable for the model."""
    assert unit.square is not None
    wrap = state.warp
    total = distance(unit.square, dest, wrap)
    frontier = {unit.square}
    for k in range(1, total + 1):
        nxt: set[Square] = set()
        for sq in frontier:
            for n in neighbours(sq, wrap):
                if distance(n, dest, wrap) != total - k:
                    continue
                if n == dest or passable(state, unit, n):
                    nxt.add(n)
        frontier = nxt
        if not frontier:
            return False
    return dest in frontier


def slide(state: GameState, unit: Unit, start: Square, df: int, dr: int) -> list[Square]:
    """The squares beyond ``start`` a ⏩ (or Dash) move may go on to, until Blocking terrain,
    another model or the board's edge blocks it (for every model: the ⏩ rule names its own
    blockers, ruling C28-15)."""
    out = []
    for sq in line(start, df, dr, BOARD.files + BOARD.ranks, state.warp):
        if sq == unit.square or not free(state, sq):
            break
        out.append(sq)
    return out


def _add(found: dict[Square, set[Facing]], sq: Square, facings: tuple[Facing, ...]) -> None:
    found.setdefault(sq, set()).update(facings)


def destinations(state: GameState, unit: Unit) -> Destinations:
    """Every square ``unit`` may move to now, with the facings it may end with."""
    if unit.square is None:
        return {}
    found: dict[Square, set[Facing]] = {}
    wrap = state.warp
    if unit.dash:  # any number of squares in any one direction, without pivoting
        for df, dr in AROUND:
            first = step(unit.square, df, dr, wrap)
            if first is None or not free(state, first):
                continue
            for sq in (first, *slide(state, unit, first, df, dr)):
                _add(found, sq, (unit.facing,))
        if state.config.revision < 5:  # (from revision 5 Dash "may": the chart as well)
            return _frozen(found)
    for oriented in unit.model.move.orientations(unit.facing):
        for right, forward, icon in unit.model.move.marks:
            df, dr = orient(oriented, right, forward)
            dest = step(unit.square, df, dr, wrap)
            if dest is None or not free(state, dest) or not has_path(state, unit, dest):
                continue
            sq = dest
            facings = tuple(Facing) if unit.vault else pivot(icon, oriented, unit.facing)
            _add(found, sq, facings)
            if icon is Icon.ONWARD:
                sdf, sdr = delta(unit.square, sq, wrap)
                unit_df = (sdf > 0) - (sdf < 0)
                unit_dr = (sdr > 0) - (sdr < 0)
                for further in slide(state, unit, sq, unit_df, unit_dr):
                    _add(found, further, facings)
    return _frozen(found)


def why_not_to(state: GameState, unit: Unit, square: Square) -> str:
    """Why ``unit`` may not move to ``square`` (not among its ``destinations``): the square is
    taken, it is off the Move Chart, or the way there is blocked."""
    if unit.square is None:
        return "it is not on the board"
    if square == unit.square:
        return "it stands there already"
    there = state.at(square)
    if there is not None:
        return f"{there.name} stands there"
    if blocking(state, square):
        return "Blocking terrain stands there"
    wrap = state.warp
    if unit.dash and state.config.revision < 5:  # Dash: a straight line, and nothing else
        return "Dash goes along one straight line of empty squares"
    dash = " (nor along a straight line of empty squares, as Dash goes)" if unit.dash else ""
    for oriented in unit.model.move.orientations(unit.facing):
        for right, forward, icon in unit.model.move.marks:
            df, dr = orient(oriented, right, forward)
            dest = step(unit.square, df, dr, wrap)
            if dest is None:
                continue
            reach = [dest]
            if icon is Icon.ONWARD:  # and on along the line, whatever stands on it
                sdf, sdr = delta(unit.square, dest, wrap)
                unit_df, unit_dr = (sdf > 0) - (sdf < 0), (sdr > 0) - (sdr < 0)
                reach += line(dest, unit_df, unit_dr, BOARD.files + BOARD.ranks, wrap)
            if square in reach:
                return f"the way there is blocked (by a model or Blocking terrain){dash}"
    return f"it is not on its Move Chart, facing {unit.facing.value} from {unit.square}{dash}"


def _frozen(found: dict[Square, set[Facing]]) -> Destinations:
    order = list(Facing)
    return {sq: tuple(sorted(fs, key=order.index)) for sq, fs in sorted(found.items())}


def shoves(state: GameState, unit: Unit) -> list[tuple[Square, Square]]:
    """(terrain square, new square) for each Moveable terrain piece (or Treasure Chest) on or
    next to the model, shoved one square in any direction, all of it onto squares free of
    other terrain (a large piece by its first square)."""
    if unit.square is None:
        return []
    out = []
    for t in state.terrain:
        if not t.moveable:
            continue
        if not beside(state, t, unit.square):
            continue
        for df, dr in AROUND:
            if (df, dr) == (0, 0):
                continue
            moved = shoved(state, t, df, dr)
            if moved is not None:
                out.append((t.square, moved[0]))
    return sorted(out)


def beside(state: GameState, t: Terrain, sq: Square) -> bool:
    """Whether ``sq`` is on or next to a square of piece ``t`` (where a Shove is made from)."""
    return any(distance(s, sq, state.warp) <= 1 for s in t.squares)


def shoved(state: GameState, t: Terrain, df: int, dr: int) -> tuple[Square, ...] | None:
    """The squares piece ``t`` covers once shoved by (df, dr), or None if a square is off the
    board or holds other terrain, or holds a model when the piece is also Blocking (a model
    never shares a square with Blocking terrain). Under Warp Reality a large piece is never
    split across the wrapped edge: its two squares stay side by side on the board (ruling
    C28-11)."""
    out = []
    for s in t.squares:
        n = step(s, df, dr, state.warp)
        if n is None:
            return None
        other = state.terrain_at(n)
        if other is not None and other is not t:
            return None
        if t.blocks and state.at(n) is not None:
            return None
        out.append(n)
    if len(out) == 2 and abs(out[0].file - out[1].file) + abs(out[0].rank - out[1].rank) != 1:
        return None
    return tuple(out)


def shove_named(state: GameState, terrain: Square, square: Square) -> tuple[Square, Square]:
    """A Shove of a large piece named by its second square ("e4 to e5" for the piece on d4
    and e4), named instead by its first square ("d4 to d5"); any other pair as it is."""
    t = state.terrain_at(terrain)
    if t is None or terrain == t.square or distance(terrain, square, state.warp) != 1:
        return terrain, square
    first = step(t.square, *delta(terrain, square, state.warp), state.warp)
    return (t.square, first) if first is not None else (terrain, square)


def backline_squares(state: GameState, player: Player) -> list[Square]:
    """Empty squares of the Backline, or of the next row in when the Backline is full."""
    for depth in range(BOARD.ranks // 2):
        row = [s for s in BOARD.squares if s.rank == rank_in(player, depth)]
        empty = [s for s in row if free(state, s)]
        if empty:
            return empty
    return []


def reinforcement_squares(state: GameState, player: Player) -> list[Square]:
    """Reinforcements go onto an empty square of the Backline (none: they cannot come)."""
    return [s for s in BOARD.squares if s.rank == backline(player) and free(state, s)]


def emerge_squares(state: GameState, player: Player) -> list[Square]:
    """Any empty edge square outside the enemy's back rank (Dig)."""
    enemy = backline(player.other)
    return [s for s in edge_squares() if s.rank != enemy and free(state, s)]


def terrain_squares(state: GameState) -> list[Square]:
    """Terrain goes outside the back two ranks of both players, one piece to a square."""
    ranks = {rank_in(p, d) for p in Player for d in (0, 1)}
    return [s for s in BOARD.squares if s.rank not in ranks and state.terrain_at(s) is None]

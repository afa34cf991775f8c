"""The 5x3 battlefield (CTG-1) and movement (CTG-2).

Files a-e, ranks 1-3: rank 1 is White's Base, rank 2 the Warzone, rank 3 Black's Base. The
Castles and Tactic Zones are off the board. A unit's movement is data: a list of legs, each a
``step`` (one jump) or a ``slide`` (any distance, stopped by the first unit), written from its
owner's side (+y is towards the enemy), optionally only to ``move`` (empty squares) or only to
``attack`` (enemy squares). With no movement of its own, a card moves as its chess piece does
on the small grid.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from rules.core.board import Board, Player, Square
from rules.core.errors import ParseError

GRID = Board(5, 3)
SQUARES = GRID.squares

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
DIAGONALS = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
ORTHOGONALS = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def _legs(kind: str, vectors: list[tuple[int, int]]) -> str:
    return "; ".join(f"{kind} {x},{y}" for x, y in vectors)


DEFAULT_MOVEMENT: dict[str, str] = {
    "pawn": "step 0,1 move; step 1,1 attack; step -1,1 attack",
    "knight": _legs("step", KNIGHT),
    "bishop": _legs("slide", DIAGONALS),
    "rook": _legs("slide", ORTHOGONALS),
    "queen": _legs("slide", ORTHOGONALS + DIAGONALS),
    "king": "",
}


@dataclass(frozen=True, slots=True)
class Leg:
    dx: int
    dy: int
    slide: bool
    only: str  # "" (move or attack), "move" or "attack"


@cache
def parse_movement(text: str) -> tuple[Leg, ...]:
    legs: list[Leg] = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        words = part.split()
        if len(words) not in (2, 3) or words[0] not in ("step", "slide"):
            raise ParseError(f"'{part}' is not a movement leg: say 'step 1,2' or 'slide 0,1'")
        if len(words) == 3 and words[2] not in ("move", "attack"):
            raise ParseError(f"'{part}': a leg may end with 'move' or 'attack' only")
        try:
            dx, dy = (int(v) for v in words[1].split(","))
        except ValueError:
            raise ParseError(f"'{words[1]}' is not a direction like 1,2") from None
        legs.append(Leg(dx, dy, words[0] == "slide", words[2] if len(words) == 3 else ""))
    return tuple(legs)


def movement_of(piece: str, own: str) -> tuple[Leg, ...]:
    return parse_movement(own or DEFAULT_MOVEMENT.get(piece, ""))


def base_rank(player: Player) -> int:
    return 0 if player is Player.WHITE else 2


def base_squares(player: Player) -> tuple[Square, ...]:
    r = base_rank(player)
    return tuple(s for s in SQUARES if s.rank == r)


def zone_name(sq: Square) -> str:
    return ("White's Base", "the Warzone", "Black's Base")[sq.rank]


def destinations(
    legs: tuple[Leg, ...],
    owner: Player,
    start: Square,
    occupant: Callable[[Square], Player | None],
) -> list[Square]:
    """Squares a unit of ``owner`` on ``start`` may enter: empty ones, and enemy ones (which
    starts combat); never a square of its own side's unit."""
    sign = 1 if owner is Player.WHITE else -1
    found: list[Square] = []
    for leg in legs:
        x, y = start.file, start.rank
        while True:
            x, y = x + leg.dx, y + leg.dy * sign
            sq = GRID.at(x, y)
            if sq is None:
                break
            who = occupant(sq)
            if (who is None and leg.only != "attack") or (
                who is not None and who is not owner and leg.only != "move"
            ):
                found.append(sq)
            if who is not None or not leg.slide:
                break
    return sorted(set(found))

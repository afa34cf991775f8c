"""Facing, and the Move and Attack Charts as small text grids.

A chart is written row by row, the model's front at the top, rows split by ``/`` (or new lines).
Each square is one symbol, with an ASCII spelling for each of the rulebook's icons:

=========  =======  ===============================================================
rulebook   ASCII    meaning
=========  =======  ===============================================================
▲          ``A``    the heart of a chart: the model's square, oriented to its facing
●          ``@``    a heart the player may orient any way before moving (Move Chart)
△ ▷ ▽ ◁    ``^ > v <``  a move square with a forced pivot (front, right, back, left)
◯          ``o``    a move square with a free pivot
⏩         ``*``    a move square from which the model may keep sliding onward
🗡️         ``x``    a Melee Range square (Attack Chart)
·          ``.``    nothing
=========  =======  ===============================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.core.errors import ParseError


class Facing(StrEnum):
    """Facing is absolute (ruling C28-3): North points at the second player's board edge."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def vector(self) -> tuple[int, int]:
        return _VECTORS[self]

    def turned(self, quarter_turns: int) -> Facing:
        """The facing after ``quarter_turns`` clockwise quarter turns."""
        order = list(Facing)
        return order[(order.index(self) + quarter_turns) % 4]

    @classmethod
    def parse(cls, text: str) -> Facing:
        t = text.strip().upper()
        names = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
        t = names.get(t, t)
        if t in ("N", "E", "S", "W"):
            return cls(t)
        raise ParseError(f"'{text[:20]}' is not a facing: say N, E, S or W")


_VECTORS = {Facing.N: (0, 1), Facing.E: (1, 0), Facing.S: (0, -1), Facing.W: (-1, 0)}


def orient(facing: Facing, right: int, forward: int) -> tuple[int, int]:
    """A chart offset (squares to the model's right, squares forward) as a board offset
    (files, ranks) for a model facing ``facing``."""
    if facing is Facing.N:
        return right, forward
    if facing is Facing.E:
        return forward, -right
    if facing is Facing.S:
        return -right, -forward
    return -forward, right


class Icon(StrEnum):
    FRONT = "^"
    RIGHT = ">"
    BACK = "v"
    LEFT = "<"
    FREE = "o"
    ONWARD = "*"
    SWORD = "x"


ARROWS = (Icon.FRONT, Icon.RIGHT, Icon.BACK, Icon.LEFT)  # quarter turns 0..3 from the front
MOVE_ICONS = frozenset((*ARROWS, Icon.FREE, Icon.ONWARD))
HEART_ARROW = "A"
HEART_CIRCLE = "@"
EMPTY = "."

# Unicode symbols players may paste, and their ASCII spelling.
UNICODE = {
    "▲": HEART_ARROW,
    "●": HEART_CIRCLE,
    "△": "^",
    "▷": ">",
    "▽": "v",
    "◁": "<",
    "◯": "o",
    "○": "o",
    "⏩": "*",
    "🗡": "x",
    "⚔": "x",
    "·": ".",
}
PRETTY = {
    HEART_ARROW: "▲",
    HEART_CIRCLE: "●",
    "^": "△",
    ">": "▷",
    "v": "▽",
    "<": "◁",
    "o": "◯",
    "*": "⏩",
    "x": "🗡",
    ".": "·",
}
MAX_SIDE = 9


@dataclass(frozen=True, slots=True)
class Chart:
    """A chart: its heart (``A`` or ``@``) and its marked squares as (right, forward, icon)."""

    heart: str
    marks: tuple[tuple[int, int, Icon], ...]

    @property
    def free_heart(self) -> bool:
        return self.heart == HEART_CIRCLE

    @classmethod
    def parse(cls, text: str, kind: str = "move") -> Chart:
        """Read a chart's text; ``kind`` is "move" or "attack" (which icons it may hold)."""
        for sym, ascii_sym in UNICODE.items():
            text = text.replace(sym, ascii_sym)
        text = text.replace("\ufe0f", "")
        rows = [r.replace(" ", "") for r in text.replace("\n", "/").split("/") if r.strip()]
        if not rows:
            raise ParseError(f"the {kind} chart is empty")
        if len(rows) > MAX_SIDE or any(len(r) > MAX_SIDE for r in rows):
            raise ParseError(f"a {kind} chart is at most {MAX_SIDE} squares on a side")
        if len({len(r) for r in rows}) != 1:
            raise ParseError(f"every row of the {kind} chart must be as long as the others")
        allowed = {Icon.SWORD.value} if kind == "attack" else {i.value for i in MOVE_ICONS}
        hearts = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c in "A@"]
        if len(hearts) != 1:
            raise ParseError(
                f"the {kind} chart needs exactly one heart (A for ▲, or @ for ●), not {len(hearts)}"
            )
        hx, hy = hearts[0]
        heart = rows[hy][hx]
        if kind == "attack" and heart != HEART_ARROW:
            raise ParseError("an attack chart's heart is A (▲): it always follows the facing")
        marks: list[tuple[int, int, Icon]] = []
        for y, r in enumerate(rows):
            for x, c in enumerate(r):
                if (x, y) == (hx, hy) or c == EMPTY:
                    continue
                if c not in allowed:
                    shown = " ".join(sorted(allowed))
                    raise ParseError(
                        f"'{c}' cannot be in a {kind} chart (row {y + 1}): use {shown} or ."
                    )
                marks.append((x - hx, hy - y, Icon(c)))
        if not marks:
            raise ParseError(f"the {kind} chart marks no squares")
        return cls(heart, tuple(sorted(marks, key=lambda m: (-m[1], m[0]))))

    def rows(self, pretty: bool = False) -> list[str]:
        xs = [m[0] for m in self.marks] + [0]
        ys = [m[1] for m in self.marks] + [0]
        at = {(m[0], m[1]): m[2].value for m in self.marks}
        at[(0, 0)] = self.heart
        out = []
        for y in range(max(ys), min(ys) - 1, -1):
            cells = [at.get((x, y), EMPTY) for x in range(min(xs), max(xs) + 1)]
            out.append("".join(PRETTY[c] if pretty else c for c in cells))
        return out

    def text(self) -> str:
        return "/".join(self.rows())

    def pretty(self) -> str:
        return "\n".join(self.rows(pretty=True))

    def orientations(self, facing: Facing) -> tuple[Facing, ...]:
        """The ways the chart may be turned before moving: a ● heart any way, ▲ the facing."""
        return tuple(Facing) if self.free_heart else (facing,)


def pivot(icon: Icon, oriented: Facing, current: Facing) -> tuple[Facing, ...]:
    """The facings a model may end with after moving onto a square with ``icon`` of a chart
    oriented to ``oriented``: an arrow forces one, a free pivot allows any, ⏩ keeps it."""
    if icon in ARROWS:
        return (oriented.turned(ARROWS.index(icon)),)
    if icon is Icon.FREE:
        return tuple(Facing)
    return (current,)

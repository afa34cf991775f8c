"""The state of a game of Chess28: immutable values, with the game's configuration and its log."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from rules.chess28.charts import Facing
from rules.chess28.models import ModelDef
from rules.chess28.roster import Party
from rules.core.board import Board, Player, Square
from rules.core.errors import ParseError
from rules.core.history import Step

BOARD = Board(8, 8)
ACTIVATIONS = 3
DEFAULT_TURN_LIMIT = 40  # turns in all (20 each): ruling C28-14
HAND = 3


class Mode(StrEnum):
    PINATA = "pinata"
    LAST_STANDING = "last-standing"


class Phase(StrEnum):
    MODE = "game mode"
    FIRST_PLAYER = "first player"
    CHESTS = "treasure chests"
    TERRAIN = "terrain"
    DEPLOY = "deployment"
    PLAY = "play"
    OVER = "over"


class Zone(StrEnum):
    RESERVE = "not yet deployed"
    BOARD = "in play"
    DEAD = "Dead Pile"
    DRAINED = "Drained Pile"
    DUG = "dug in"


class TerrainKind(StrEnum):
    BLOCKING = "blocking"
    PERILOUS = "perilous"
    MOVEABLE = "moveable"
    CHEST = "chest"


CHEST_DEFENCE = 4
CHEST_HP = 3
# The rules revision new games are played under (ruling C28-29): 1, every terrain piece small
# (games saved without the key); 2, large and small pieces (ruling C28-11); 3 (2026-11-27),
# a Gambit Card may follow the last activation (C28-27), Awe pushes each model once, Vault and
# Dash wait for the next Move or Charge (C28-24), a push into Perilous terrain kills for the
# pusher (C28-22); 4 (2026-11-27), a terrain piece may be of several kinds at once (C28-11:
# "Blocking, Perilous and/or Moveable"), and no Heroic Fortune re-roll of no dice (C28-17); 5
# (2026-11-28), Dash adds its straight lines to the Move Chart ("may", C28-24), a Fancy Footwork
# Move uses a waiting Vault or Dash (C28-24), a model whose wounds reach its HP no longer counts
# as standing while its removal waits (Last Gasp, C28-8), and Chill Grasp makes every hit of an
# attack that rolled a 6 unsavable (C28-21). A game keeps its revision, so games saved before
# replay as they were played.
RULES_REVISION = 5


@dataclass(frozen=True, slots=True)
class GameConfig:
    parties: tuple[Party, Party]
    mode: Mode | None = Mode.PINATA  # None: chosen at the table, the first setup step
    desperation: bool = False
    turn_limit: int = DEFAULT_TURN_LIMIT
    # a game keeps the rules revision it was made under, so a saved game replays exactly
    revision: int = RULES_REVISION

    def to_dict(self) -> dict[str, Any]:
        return {
            "parties": [p.text() for p in self.parties],
            "mode": None if self.mode is None else self.mode.value,
            "desperation": self.desperation,
            "turn_limit": self.turn_limit,
            "revision": self.revision,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameConfig:
        white, black = (Party.parse(str(t)).validate() for t in d["parties"])
        mode = None if d["mode"] is None else Mode(d["mode"])
        revision = int(d.get("revision", 1))
        return cls((white, black), mode, bool(d["desperation"]), int(d["turn_limit"]), revision)


@dataclass(frozen=True, slots=True)
class Unit:
    """One model of a party. ``key`` is what players call it: W1, W2... and B1, B2..."""

    key: str
    owner: Player
    model: ModelDef
    zone: Zone = Zone.RESERVE
    square: Square | None = None
    facing: Facing = Facing.N
    wounds: int = 0
    activated: bool = False
    iron_skin: bool = False  # Iron Skin: saves on 2+ until it suffers a wound
    vault: bool = False  # Vault: its next Move or Charge treats every square as ◯
    dash: bool = False  # Dash: its next Move or Charge goes any distance in one direction
    dug_turn: int = 0  # the turn it dug in (Dig)
    died: int = 0  # the order it entered the Dead Pile (the oldest is drained first)

    @property
    def name(self) -> str:
        return f"{self.key} {self.model.name}"

    @property
    def on_board(self) -> bool:
        return self.zone is Zone.BOARD


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain piece: a small one covers ``square``; a large one also covers ``extra``, the
    square beside it (ruling C28-11). Its effects apply on each square it covers."""

    kind: TerrainKind
    square: Square
    owner: Player | None = None  # a Treasure Chest's owner
    wounds: int = 0
    extra: Square | None = None
    also: tuple[TerrainKind, ...] = ()  # its other kinds, for a piece of several (C28-11)

    @property
    def kinds(self) -> tuple[TerrainKind, ...]:
        return (self.kind, *self.also)

    @property
    def blocks(self) -> bool:
        """Blocking: no model enters or passes it, and it stops a line of fire."""
        return TerrainKind.BLOCKING in self.kinds

    @property
    def perilous(self) -> bool:
        """Perilous: a model moving onto it suffers a wound."""
        return TerrainKind.PERILOUS in self.kinds

    @property
    def moveable(self) -> bool:
        """It may be shoved: Moveable terrain, and a Treasure Chest."""
        return TerrainKind.MOVEABLE in self.kinds or self.kind is TerrainKind.CHEST

    @property
    def kind_text(self) -> str:
        """Its kinds in words: "blocking", "perilous and moveable"."""
        return kinds_text("+".join(k.value for k in self.kinds))

    @property
    def squares(self) -> tuple[Square, ...]:
        return (self.square,) if self.extra is None else (self.square, self.extra)

    @property
    def large(self) -> bool:
        return self.extra is not None

    @property
    def name(self) -> str:
        if self.kind is TerrainKind.CHEST:
            assert self.owner is not None
            return f"{self.owner.title}'s Treasure Chest"
        return f"{'large' if self.large else 'small'} {self.kind_text} terrain"

    @property
    def the_name(self) -> str:
        """The name with its article: "White's Treasure Chest", "the small ... terrain"."""
        return self.name if self.kind is TerrainKind.CHEST else f"the {self.name}"

    @property
    def where(self) -> str:
        """Its squares in words: "d4" or "d4 and e4"."""
        return " and ".join(str(s) for s in self.squares)


# The kinds a terrain piece may be placed as, each written as it is logged: one kind, or several
# joined by "+" in this order (the book's "Blocking, Perilous and/or Moveable"; rules revision 4:
# games of earlier revisions place the first three only, ruling C28-11).
PLACEABLE_KINDS = (
    "blocking",
    "perilous",
    "moveable",
    "blocking+perilous",
    "blocking+moveable",
    "perilous+moveable",
    "blocking+perilous+moveable",
)


def kinds_text(text: str) -> str:
    """A placement's kinds ("blocking+perilous+moveable") in words: "blocking, perilous and
    moveable"."""
    words = text.split("+")
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def terrain_kinds(text: str) -> tuple[TerrainKind, ...]:
    """The kinds of a placement's ``kind`` ("blocking", "perilous+moveable"), in the order
    they are written."""
    return tuple(TerrainKind(w) for w in text.split("+"))


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the rules wait for: ``chooser`` picks one of ``options``."""

    kind: str
    chooser: Player
    options: tuple[str, ...]
    unit: str = ""
    text: str = ""  # what is being decided, safe for both players to read


@dataclass(frozen=True, slots=True)
class Task:
    """Something the rules will do next, once no decision is open (combat steps, wounds,
    push backs, the end of an activation)."""

    kind: str
    unit: str = ""
    target: str = ""
    n: int = 0
    source: Square | None = None
    flag: bool = False


@dataclass(frozen=True, slots=True)
class Combat:
    """The combat being resolved. Each side's Heroic Fortune re-roll is offered once, right
    after its own roll, so a combat needs no record of it."""

    attacker: str
    target: str  # a unit key, or "chest" with ``square``
    square: Square
    melee: bool
    fight: int
    defence: int
    attack_dice: tuple[int, ...] = ()
    defence_dice: tuple[int, ...] = ()
    glory: bool = False


@dataclass(frozen=True)
class GameState:
    config: GameConfig
    units: tuple[Unit, ...]
    phase: Phase = Phase.FIRST_PLAYER
    mode: Mode = Mode.PINATA
    desperation: bool = False
    to_act: Player = Player.WHITE
    first: Player = Player.WHITE
    terrain: tuple[Terrain, ...] = ()
    terrain_left: tuple[int, int] = (0, 0)
    # of the pieces each player has left, how many must be large and how many small (the rest
    # are either: ruling C28-11)
    large_left: tuple[int, int] = (0, 0)
    small_left: tuple[int, int] = (0, 0)
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    turn: int = 0
    activations: int = 0
    limit: int = ACTIVATIONS
    refreshed: bool = False
    haste: tuple[str, ...] = ()
    warp: bool = False
    fall_back: bool = False
    bloodlust_used: tuple[str, ...] = ()
    desperate: tuple[bool, bool] = (False, False)
    deaths: int = 0
    pending: Pending | None = None
    tasks: tuple[Task, ...] = ()
    combat: Combat | None = None
    winner: Player | None = None
    reason: str = ""
    reason_code: str = ""  # the result's short code: turn_limit, last_standing, ...
    history: tuple[Step, ...] = ()

    # ---- queries ----
    @property
    def decider(self) -> Player | None:
        if self.phase is Phase.OVER:
            return None
        if self.pending is not None:
            return self.pending.chooser
        return self.to_act

    def unit(self, key: str) -> Unit:
        for u in self.units:
            if u.key == key:
                return u
        raise ParseError(f"there is no model {key[:10]}")

    def find(self, text: str) -> Unit:
        """A unit by key (W3, b2) or, when unique, by model name."""
        t = text.strip()
        for u in self.units:
            if u.key.lower() == t.lower():
                return u
        named = [u for u in self.units if u.model.name.lower() == t.lower()]
        if len(named) == 1:
            return named[0]
        if named:
            keys = ", ".join(u.key for u in named)
            raise ParseError(f"several models are {named[0].model.name}: say which ({keys})")
        raise ParseError(f"there is no model '{t[:20]}': models are named like W1 or B3")

    @cached_property
    def _board(self) -> dict[Square, Unit]:
        return {u.square: u for u in self.units if u.square is not None and u.on_board}

    @cached_property
    def _terrain(self) -> dict[Square, Terrain]:
        return {sq: t for t in self.terrain for sq in t.squares}

    def at(self, sq: Square) -> Unit | None:
        return self._board.get(sq)

    def terrain_at(self, sq: Square) -> Terrain | None:
        return self._terrain.get(sq)

    def units_of(self, player: Player, zone: Zone | None = None) -> list[Unit]:
        return [u for u in self.units if u.owner is player and (zone is None or u.zone is zone)]

    def chest_of(self, player: Player) -> Terrain | None:
        for t in self.terrain:
            if t.kind is TerrainKind.CHEST and t.owner is player:
                return t
        return None

    def can_drain(self, player: Player) -> bool:
        return bool(self.units_of(player, Zone.DEAD))

    def with_unit(self, unit: Unit) -> GameState:
        return replace(self, units=tuple(unit if u.key == unit.key else u for u in self.units))

    def with_terrain(self, old: Terrain, new: Terrain | None) -> GameState:
        kept = tuple(t for t in self.terrain if t != old)
        return replace(self, terrain=kept if new is None else (*kept, new))


def backline(player: Player) -> int:
    """The rank index of a player's Backline (White's is rank 1)."""
    return 0 if player is Player.WHITE else BOARD.ranks - 1


def rank_in(player: Player, depth: int) -> int:
    """The rank ``depth`` rows in from a player's Backline (0 = the Backline)."""
    return depth if player is Player.WHITE else BOARD.ranks - 1 - depth


def make_units(config: GameConfig) -> tuple[Unit, ...]:
    out = []
    for player, party in zip(Player, config.parties, strict=True):
        letter = player.title[0]
        facing = Facing.N if player is Player.WHITE else Facing.S
        for i, m in enumerate(party.models(), 1):
            out.append(Unit(f"{letter}{i}", player, m, facing=facing))
    return tuple(out)

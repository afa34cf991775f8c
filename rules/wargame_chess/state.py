"""Immutable game state: pieces, terrain, phase, pending decisions, history and outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from rules.core.actions import Action
from rules.core.errors import ParseError
from rules.core.history import Event as Event
from rules.core.history import Step as Step
from rules.wargame_chess.board import Player, Square, Terrain
from rules.wargame_chess.dice import Modifier
from rules.wargame_chess.pieces import CommonRule, Kind
from rules.wargame_chess.teams import TeamList

FORMAT_VERSION = 1
LAST_TURN = 10
# The queued step of a player with an end-of-turn rule at the end of turn 10 (revision 6), and
# its one option: the points are counted once each such player has said so.
COUNT_POINTS = "count_points"
COUNT_OPTION = "count the points"
END_OF_GAME = "the end of turn 10"
RULES_REVISION = 6  # see GameConfig.revision


class AmbiguousPiece(ParseError):
    """A piece's name that fits several of the pieces looked among: the answer names them."""


class Zone(StrEnum):
    RESERVE = "reserve"  # not yet deployed
    BOARD = "board"
    SLAIN = "slain"
    REMOVED = "removed"  # taken off the board without being slain (e.g. a Promoted Pawn)


class Token(StrEnum):
    ADVANTAGE = "Advantage"
    DISADVANTAGE = "Disadvantage"

    @property
    def opposite(self) -> Token:
        return Token.DISADVANTAGE if self is Token.ADVANTAGE else Token.ADVANTAGE

    @classmethod
    def parse(cls, text: str) -> Token:
        t = text.strip().lower()
        if t in ("advantage", "adv", "a", "+"):
            return cls.ADVANTAGE
        if t in ("disadvantage", "dis", "d", "-"):
            return cls.DISADVANTAGE
        raise ParseError(f"'{text}' is not a token: say Advantage or Disadvantage")


class Until(StrEnum):
    """How long a roll effect placed on a piece lasts."""

    NEXT_ROLL = "next roll"
    END_OF_TURN = "end of turn"
    GAME = "game"


class RollEffectKind(StrEnum):
    MODIFIER = "modifier"  # a +X/-X bonus or a clamp
    ADVANTAGE = "Advantage"  # one instance of Advantage on the roll
    DISADVANTAGE = "Disadvantage"
    PREVENT_ADVANTAGE = "prevent Advantage"
    PREVENT_DISADVANTAGE = "prevent Disadvantage"


@dataclass(frozen=True, slots=True)
class RollEffect:
    """Something that changes a piece's rolls, placed by a rule or a manual adjustment."""

    kind: RollEffectKind
    until: Until
    modifier: Modifier | None = None
    source: str = ""

    def describe(self) -> str:
        what = self.modifier.describe() if self.modifier else self.kind.value
        return f"{what} until {self.until.value}"


@dataclass(frozen=True, slots=True)
class Piece:
    key: str  # unique in the game: "White N1"
    label: str  # unique on its team: "N1"
    owner: Player
    kind: Kind
    option: str  # the faction option it was taken as
    rank: int  # 0 is the faction's highest rank
    legendary: bool
    rules: frozenset[CommonRule]
    zone: Zone = Zone.RESERVE
    square: Square | None = None
    advantage: int = 0
    disadvantage: int = 0
    blessed: bool = False
    cursed: bool = False
    activated: bool = False  # has Re/Activated this turn
    activations: int = 0  # Activations (not Reactivations) this game
    roll_effects: tuple[RollEffect, ...] = ()
    cannot_be_slain: bool = False

    @property
    def on_board(self) -> bool:
        return self.zone is Zone.BOARD

    @property
    def points(self) -> int:
        return self.kind.cost

    def has(self, rule: CommonRule) -> bool:
        return rule in self.rules

    def tokens_text(self) -> str:
        parts = []
        if self.advantage:
            parts.append(f"{self.advantage} Adv")
        if self.disadvantage:
            parts.append(f"{self.disadvantage} Dis")
        if self.blessed:
            parts.append("Blessed")
        if self.cursed:
            parts.append("Cursed")
        return ", ".join(parts)


class Phase(StrEnum):
    TREE_ORDER = "deciding who sets up Trees first"
    TREES = "Tree setup"
    TREE_CHOICE = "choosing the second Tree setup"
    DEPLOY = "deployment"
    PLAY = "play"
    OVER = "game over"


class Decision(StrEnum):
    """What the game is waiting for; None pending means 'Activate a piece'."""

    PROMOTION = "Promote this Pawn?"
    ACT = "Move or Attack"
    SECOND_MOVE = "En Passant: Move again?"
    CASTLE = "Castle?"
    ATTACKER_TOKEN = "attacker: spend an Advantage token?"
    DEFENDER_TOKEN = "defender: spend an Advantage token?"
    COMBAT_MOVEMENT = "Combat Movement"
    MOVE_ASIDE = "place the piece that cannot be slain"
    CHOOSE = "a choice for a card's effect"


@dataclass(frozen=True, slots=True)
class Pending:
    decision: Decision
    player: Player  # who must decide
    piece: str  # the piece the decision is about ("" for card choices)
    options: tuple[str, ...] = ()  # for CHOOSE: the allowed answers
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class EffectStep:
    """One queued part of a card's effect, waiting to resolve (possibly with a choice)."""

    kind: str
    player: Player
    data: tuple[str, ...] = ()
    source: str = ""


TAROT_CARDS = 22
PLAYING_CARDS = 54


@dataclass(frozen=True, slots=True)
class FaithState:
    """Decks and pools for the faith mechanics. Face-down piles are kept as sorted sets: drawing
    picks a card at random with a recorded roll, which is the same as shuffling first."""

    tarot_deck: tuple[int, ...] = tuple(range(TAROT_CARDS))
    tarot_dealt: tuple[int, ...] = ()
    tarot_active: int | None = None
    tarot_discard: tuple[int, ...] = ()
    cards_deck: tuple[int, ...] = tuple(range(PLAYING_CARDS))
    cards_discard: tuple[int, ...] = ()
    cards_aside_turn: tuple[int, ...] = ()
    cards_aside_game: tuple[int, ...] = ()
    cards_face_up: tuple[int, ...] = ()  # Joker cards set aside face up
    bones: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # kept results per player
    queue: tuple[EffectStep, ...] = ()
    resume: Pending | None = None
    # "tower" / "star", in the order declared: applied when the Re/Activation ends (R72)
    after_activation: tuple[str, ...] = ()
    world_done: tuple[str, ...] = ()

    @property
    def counting(self) -> EffectStep | None:
        """The end of turn 10's count of the points, when it is the step asked now (revision
        6, R93): the player it waits for is ``.player``; None otherwise."""
        head = self.queue[0] if self.queue else None
        return head if head is not None and head.kind == COUNT_POINTS else None


@dataclass(frozen=True, slots=True)
class ActivationInfo:
    piece: str
    reactivation: bool
    origin: Square
    moves: int = 0
    en_passant: bool = False  # may Move a second time (first Activation of a Pawn)


@dataclass(frozen=True, slots=True)
class AttackInfo:
    attacker: str
    defender: str
    origin: Square
    square: Square
    mounted: bool
    attacker_token: Token | None = None
    defender_token: Token | None = None
    attacker_decided: bool = False
    defender_decided: bool = False


class EndReason(StrEnum):
    NO_PIECES = "has no pieces left on the board"
    LEADER_SLAIN = "lost their Faction Leader"
    ONLY_FOOLS = "has only Fool's Endeavour pieces left"
    POINTS = "points on the board after turn 10"
    CONCEDED = "conceded"
    ABANDONED = "the game was ended early and decided on points"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended. ``winner`` is None for a draw."""

    winner: Player | None
    reason: EndReason
    points: tuple[int, int] | None = None
    loser_reason: str = ""

    def describe(self) -> str:
        pts = ""
        if self.points:  # White's and Black's points, said with their sides
            pts = f" (White {self.points[0]}, Black {self.points[1]})"
        if self.winner is None:
            return f"Draw: {self.loser_reason or self.reason.value}{pts}"
        return f"{self.winner.title} wins: {self.loser_reason or self.reason.value}{pts}"


@dataclass(frozen=True, slots=True)
class StartPosition:
    """A game that starts in play from a given position (puzzles, tests, sample images)."""

    placements: tuple[tuple[str, Square], ...]  # piece key -> square
    terrain: tuple[tuple[Square, Terrain], ...] = ()
    first: Player = Player.WHITE

    def to_dict(self) -> dict[str, Any]:
        return {
            "placements": [[k, str(s)] for k, s in self.placements],
            "terrain": [[str(s), t.value] for s, t in self.terrain],
            "first": self.first.title,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> StartPosition:
        return cls(
            placements=tuple((str(k), Square.parse(s)) for k, s in d["placements"]),
            terrain=tuple((Square.parse(s), Terrain(t)) for s, t in d.get("terrain", [])),
            first=Player.parse(d.get("first", "white")),
        )


@dataclass(frozen=True)
class GameConfig:
    teams: tuple[TeamList, TeamList]
    tree_first: Player | None = None
    start: StartPosition | None = None
    # Game options chosen when the game is made. star_one_each: The Star's later revision
    # (WC-32, ruling R66): each player makes one piece fresh instead of every piece.
    star_one_each: bool = False
    # The rules revision the game is played under: a game keeps the rules it was made with, so a
    # saved game replays exactly. 1: before the rulings R67, R68, R70 and R72 (saves without
    # the key); 2: with them; 3 (2026-11-27): The Magician's swap is one step, the game's end
    # judged after it (R47), and a Rook does not Castle with its own Joker while another ally
    # can (R21); 4 (2026-11-28): the bones are read once play has begun, not while Trees are
    # set up or teams deployed (a reading then told the other player what the team held, R9);
    # 5 (2026-11-28): every Joker loses its tokens at the end of the turn, is protected by The
    # Fool and is "their own Joker" for tokens, whether or not its faction kept Fool's
    # Endeavour (R21, R46); The Hierophant does not Curse a piece with a faith mechanic rule
    # (R50); The Magician brings back only a piece there is room for (R5, R47); 6 (2026-11-28):
    # at the end of turn 10, a player with an end-of-turn rule applies it before the points are
    # counted (R93). New games take the newest.
    revision: int = RULES_REVISION

    def at_least(self, revision: int) -> bool:
        return self.revision >= revision

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "teams": [t.to_dict() for t in self.teams],
            "tree_first": None if self.tree_first is None else self.tree_first.title,
            "start": None if self.start is None else self.start.to_dict(),
        }
        if self.star_one_each:  # written only when set, so older saves read the same
            d["star_one_each"] = True
        if self.revision > 1:
            d["revision"] = self.revision
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameConfig:
        tf = d.get("tree_first")
        st = d.get("start")
        return cls(
            teams=(TeamList.from_dict(d["teams"][0]), TeamList.from_dict(d["teams"][1])),
            tree_first=None if tf is None else Player.parse(tf),
            start=None if st is None else StartPosition.from_dict(st),
            star_one_each=bool(d.get("star_one_each", False)),
            revision=int(d.get("revision", 1)),
        )


@dataclass(frozen=True)
class GameState:
    config: GameConfig
    phase: Phase
    pieces: tuple[Piece, ...]
    terrain: tuple[tuple[Square, Terrain], ...] = ()
    turn: int = 0
    tree_first: Player | None = None
    to_act: Player = Player.WHITE
    first_activator: Player | None = None
    last_activator: Player | None = None
    started: bool = False  # the first Activation of the game has happened
    activation: ActivationInfo | None = None
    attack: AttackInfo | None = None
    pending: Pending | None = None
    effects: tuple[
        str, ...
    ] = ()  # names of game effects in force (see rules.wargame_chess.effects)
    outcome: Outcome | None = None
    faith: FaithState = field(default_factory=FaithState)
    activation_picker: Player | None = None  # set while the opponent picks the Activation
    history: tuple[Step, ...] = field(default=(), repr=False)

    # ---- look-ups (cached per immutable state) ----
    @cached_property
    def by_key(self) -> dict[str, Piece]:
        return {p.key: p for p in self.pieces}

    @cached_property
    def board(self) -> dict[Square, Piece]:
        return {p.square: p for p in self.pieces if p.zone is Zone.BOARD and p.square is not None}

    @cached_property
    def terrain_map(self) -> dict[Square, Terrain]:
        return dict(self.terrain)

    @property
    def decider(self) -> Player | None:
        """The player who must act now, or None when the game is over."""
        if self.phase is Phase.OVER:
            return None
        if self.pending is not None:
            return self.pending.player
        if self.activation_picker is not None:
            return self.activation_picker
        return self.to_act

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def piece(self, key: str) -> Piece:
        p = self.by_key.get(key)
        if p is None:
            raise ParseError(f"there is no piece {key}")
        return p

    def find(self, text: str, owner: Player | None = None) -> Piece:
        """Find a piece from player text: 'N1' (of ``owner``), 'White N1', 'black p3', 'bN1'."""
        t = " ".join(text.strip().split())
        low = t.lower()
        for p in self.pieces:
            if p.key.lower() == low:
                return p
        side_said, label = side_named(t)
        who = owner if side_said is None else side_said
        label = label.upper()
        if len(label) == 1:  # "Q" means the only Queen, if there is one
            matches = [
                p for p in self.pieces if p.label[0] == label and (who is None or p.owner is who)
            ]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:  # (one side's letters, or both sides' named with their side)
                named = [p.label if who is not None else p.key for p in matches]
                raise AmbiguousPiece(f"'{text}' could be {', '.join(named[:8])}: say which")
        matches = [p for p in self.pieces if p.label == label and (who is None or p.owner is who)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousPiece(f"'{text}' is ambiguous: say White {label} or Black {label}")
        side = f"{who.title} has" if who is not None else "there is"
        raise ParseError(f"{side} no piece '{text}' (pieces are labelled like P1, N1, Q1)")

    def pieces_of(self, player: Player, zone: Zone | None = Zone.BOARD) -> list[Piece]:
        return [p for p in self.pieces if p.owner is player and (zone is None or p.zone is zone)]

    def points_on_board(self, player: Player) -> int:
        return sum(p.points for p in self.pieces if p.owner is player and p.zone is Zone.BOARD)

    def score(self, player: Player) -> int:
        """Points on the board plus points spent on upgrades (end of turn 10, abandoned games)."""
        return self.points_on_board(player) + self.config.teams[player].upgrade_points

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(s.action for s in self.history)


def side_named(text: str) -> tuple[Player | None, str]:
    """The side a piece's words name and the rest (`White N1`, `b N1`, `bN1`: Black and N1),
    or (None, the words) when they name none."""
    t = " ".join(text.strip().split())
    low = t.lower()
    parts = low.split(" ")
    if len(parts) == 2 and parts[0] in ("white", "black", "w", "b"):
        return Player.parse(parts[0]), t.split(" ")[1]
    if len(low) >= 3 and low[0] in "wb" and low[1] in "pnbrqkj" and low[2:].isdigit():
        return Player.parse(low[0]), t[1:]
    return None, t

"""Actions: everything a player can tell the engine, as small immutable values.

Game actions are offered by ``legal_actions``; adjustments (``by`` a player) are the manual
corrections players make for faction rules the engine does not know (ruling WC-3). Every action
round-trips through ``to_dict``/``action_from_dict`` for the event log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core.actions import Action as Action
from rules.core.actions import decode_action
from rules.core.board import Player, Square
from rules.wargame_chess.state import Token, Until


# ---- setup ----
@dataclass(frozen=True, slots=True)
class DecideTreeOrder(Action):
    """Flip a coin (a D2) for who sets up Trees first (WC-4)."""

    name: ClassVar[str] = "decide_tree_order"


@dataclass(frozen=True, slots=True)
class RollTrees(Action):
    name: ClassVar[str] = "roll_trees"


@dataclass(frozen=True, slots=True)
class ChooseTrees(Action):
    """The second player's Tree setup: 'mirror', 'mirror and flip' or 'random'."""

    name: ClassVar[str] = "choose_trees"
    mode: str

    MODES: ClassVar[tuple[str, ...]] = ("mirror", "mirror and flip", "random")


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    name: ClassVar[str] = "deploy"
    piece: str
    square: Square


# ---- play ----
@dataclass(frozen=True, slots=True)
class Activate(Action):
    name: ClassVar[str] = "activate"
    piece: str


@dataclass(frozen=True, slots=True)
class Move(Action):
    name: ClassVar[str] = "move"
    piece: str
    to: Square


@dataclass(frozen=True, slots=True)
class Attack(Action):
    name: ClassVar[str] = "attack"
    piece: str
    target: Square


@dataclass(frozen=True, slots=True)
class UseToken(Action):
    """Spend (use=True) or keep an Advantage token before an Attack or Defence roll."""

    name: ClassVar[str] = "use_token"
    use: bool


@dataclass(frozen=True, slots=True)
class CombatMove(Action):
    """The defender's player places ``piece`` (the attacker or the defender) on ``to``."""

    name: ClassVar[str] = "combat_move"
    piece: str
    to: Square


@dataclass(frozen=True, slots=True)
class Promote(Action):
    """Replace the Activating Pawn with a slain positional of its team."""

    name: ClassVar[str] = "promote"
    into: str


@dataclass(frozen=True, slots=True)
class Castle(Action):
    name: ClassVar[str] = "castle"
    with_piece: str


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Say no to an optional offer: Promotion, Castle or En Passant's second Move."""

    name: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class MoveAside(Action):
    """Place a piece that could not be slain on a square next to it (WC-19)."""

    name: ClassVar[str] = "move_aside"
    to: Square


# ---- adjustments and endings (any time during play, by either player) ----
@dataclass(frozen=True, slots=True)
class Adjustment(Action):
    adjustment: ClassVar[bool] = True
    by: Player


@dataclass(frozen=True, slots=True)
class GiveTokens(Adjustment):
    name: ClassVar[str] = "give_tokens"
    piece: str
    token: Token
    count: int = 1


@dataclass(frozen=True, slots=True)
class RemoveTokens(Adjustment):
    name: ClassVar[str] = "remove_tokens"
    piece: str
    token: Token
    count: int = 1


@dataclass(frozen=True, slots=True)
class Bless(Adjustment):
    name: ClassVar[str] = "bless"
    piece: str


@dataclass(frozen=True, slots=True)
class Curse(Adjustment):
    name: ClassVar[str] = "curse"
    piece: str


@dataclass(frozen=True, slots=True)
class RemoveBlessing(Adjustment):
    name: ClassVar[str] = "remove_blessing"
    piece: str


@dataclass(frozen=True, slots=True)
class RemoveCurse(Adjustment):
    name: ClassVar[str] = "remove_curse"
    piece: str


@dataclass(frozen=True, slots=True)
class Slay(Adjustment):
    name: ClassVar[str] = "slay"
    piece: str


@dataclass(frozen=True, slots=True)
class RemovePiece(Adjustment):
    name: ClassVar[str] = "remove_piece"
    piece: str


@dataclass(frozen=True, slots=True)
class PlacePiece(Adjustment):
    """Put a piece that is off the board (slain or removed) back on ``square``."""

    name: ClassVar[str] = "place_piece"
    piece: str
    square: Square


@dataclass(frozen=True, slots=True)
class Redeploy(Adjustment):
    name: ClassVar[str] = "redeploy"
    piece: str
    square: Square


@dataclass(frozen=True, slots=True)
class Summon(Adjustment):
    """Add a new piece of the ``by`` player's faction option to the board."""

    name: ClassVar[str] = "summon"
    option: str
    square: Square


@dataclass(frozen=True, slots=True)
class Scatter(Adjustment):
    name: ClassVar[str] = "scatter"
    piece: str


@dataclass(frozen=True, slots=True)
class PlaceRandomly(Adjustment):
    name: ClassVar[str] = "place_randomly"
    piece: str


@dataclass(frozen=True, slots=True)
class AddRollEffect(Adjustment):
    """Put a roll effect on a piece: kind is a RollEffectKind value; value for modifiers
    is text such as '+2', 'min 5', 'max 7'."""

    name: ClassVar[str] = "add_roll_effect"
    piece: str
    kind: str
    until: Until
    value: str = ""


@dataclass(frozen=True, slots=True)
class SetCannotBeSlain(Adjustment):
    name: ClassVar[str] = "set_cannot_be_slain"
    piece: str
    value: bool


@dataclass(frozen=True, slots=True)
class SetEffect(Adjustment):
    """Put a registered rule effect (``rules.wargame_chess.effects``) in force, or end it
    (``active=False``): recorded like every action, so replay, undo and loading rebuild it."""

    name: ClassVar[str] = "set_effect"
    effect: str
    active: bool = True


@dataclass(frozen=True, slots=True)
class Concede(Adjustment):
    name: ClassVar[str] = "concede"


@dataclass(frozen=True, slots=True)
class EndOnPoints(Adjustment):
    """End an inconclusive or abandoned game: the greater points on the board wins."""

    name: ClassVar[str] = "end_on_points"


# ---------------------------------------------------------------------------------------------
# Faith mechanics (registered with the engine by rules.wargame_chess.faith)
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Divinate(Adjustment):
    """Divinate for a rule of ``by``'s: deal three new cards (with optional preferred cards), or
    switch the active card to a dealt inactive one (``switch_to``)."""

    name: ClassVar[str] = "divinate"
    preferred: tuple[int, ...] = ()
    switch_to: int = -1


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer a card's choice with one of the offered options."""

    name: ClassVar[str] = "choose"
    option: str


@dataclass(frozen=True, slots=True)
class DrawCards(Adjustment):
    """Draw playing cards; keep them aside until the end of the turn ("turn") or of the game
    ("game"), or discard them ("discard")."""

    name: ClassVar[str] = "draw_cards"
    count: int = 1
    keep: str = "turn"

    KEEPS: ClassVar[tuple[str, ...]] = ("turn", "game", "discard")


@dataclass(frozen=True, slots=True)
class DiscardCard(Adjustment):
    name: ClassVar[str] = "discard_card"
    card: int


@dataclass(frozen=True, slots=True)
class DiscardTarot(Adjustment):
    """Discard a dealt tarot card (a rule says so): it leaves the spread (an active card stops
    being active) and is shuffled back into the deck at the end of the turn."""

    name: ClassVar[str] = "discard_tarot"
    card: int


@dataclass(frozen=True, slots=True)
class ReadBones(Adjustment):
    """Roll ``by``'s bone-reading pool; ``keep`` preserves the results until cleared."""

    name: ClassVar[str] = "read_bones"
    keep: bool = False


ACTION_TYPES: dict[str, type[Action]] = {
    cls.name: cls
    for cls in (
        DecideTreeOrder,
        RollTrees,
        ChooseTrees,
        Deploy,
        Activate,
        Move,
        Attack,
        UseToken,
        CombatMove,
        Promote,
        Castle,
        Decline,
        MoveAside,
        GiveTokens,
        RemoveTokens,
        Bless,
        Curse,
        RemoveBlessing,
        RemoveCurse,
        Slay,
        RemovePiece,
        PlacePiece,
        Redeploy,
        Summon,
        Scatter,
        PlaceRandomly,
        AddRollEffect,
        SetCannotBeSlain,
        SetEffect,
        Concede,
        EndOnPoints,
        Divinate,
        Choose,
        DrawCards,
        DiscardCard,
        DiscardTarot,
        ReadBones,
    )
}

_DECODERS: dict[str, Any] = {
    "square": Square.parse,
    "to": Square.parse,
    "target": Square.parse,
    "by": Player.parse,
    "token": Token,
    "until": Until,
}


def action_from_dict(d: dict[str, Any]) -> Action:
    return decode_action(ACTION_TYPES, _DECODERS, d)

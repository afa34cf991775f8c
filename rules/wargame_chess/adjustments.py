"""Adjustments: the manual corrections players make for rules the engine does not know (WC-3),
from tokens and marks to slaying, placing, Summoning, Scatter and random placement.
"""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.wargame_chess import actions as A
from rules.wargame_chess.board import (
    SCATTER_DIRECTIONS,
    Square,
)
from rules.wargame_chess.dice import (
    Modifier,
    ScriptedDice,
)
from rules.wargame_chess.effects import REGISTRY
from rules.wargame_chess.state import (
    EndReason,
    GameState,
    Outcome,
    Phase,
    Piece,
    RollEffect,
    RollEffectKind,
    Token,
    Zone,
)
from rules.wargame_chess.transaction import Handler, Transaction, Validator

MAX_PLACEMENT_TRIES = 64  # WC-8: random placement and Scatter give up after this many re-rolls

# ---- adjustments ----
_MOVING_ADJUSTMENTS = (
    A.Slay,
    A.RemovePiece,
    A.PlacePiece,
    A.Redeploy,
    A.Summon,
    A.Scatter,
    A.PlaceRandomly,
)


def check_adjustment(state: GameState, a: A.Adjustment) -> None:
    if isinstance(a, A.Concede):  # a player may concede at any time before the end (R76)
        return
    if state.phase is not Phase.PLAY:
        raise IllegalAction(f"adjustments are made during play, not during {state.phase.value}")
    if state.attack is not None and isinstance(a, _MOVING_ADJUSTMENTS):
        raise IllegalAction("finish resolving the current Attack before moving pieces by hand")
    piece_key = getattr(a, "piece", None)
    piece = state.piece(piece_key) if isinstance(piece_key, str) else None
    if isinstance(a, A.GiveTokens | A.RemoveTokens):
        if a.count < 1 or a.count > 20:
            raise IllegalAction("give or remove between 1 and 20 tokens at a time")
        assert piece is not None
        if not piece.on_board:
            raise IllegalAction(f"{piece.key} is not on the board")
        if isinstance(a, A.RemoveTokens):
            have = piece.advantage if a.token is Token.ADVANTAGE else piece.disadvantage
            if have == 0:
                raise IllegalAction(f"{piece.key} has no {a.token.value} tokens")
    elif isinstance(a, A.Bless | A.Curse | A.RemoveBlessing | A.RemoveCurse):
        assert piece is not None
        if not piece.on_board:
            raise IllegalAction(f"{piece.key} is not on the board")
        tx = Transaction(state, ScriptedDice([]))
        if isinstance(a, A.Bless) and (piece.blessed or not tx.can_be_blessed(piece)):
            raise IllegalAction(
                f"{piece.key} cannot be a target for a Blessing now"
                + (": it is already Blessed" if piece.blessed else "")
            )
        if isinstance(a, A.Curse) and (piece.cursed or not tx.can_be_cursed(piece)):
            raise IllegalAction(
                f"{piece.key} cannot be a target for a Curse now"
                + (": it is already Cursed" if piece.cursed else "")
            )
        if isinstance(a, A.RemoveBlessing) and not piece.blessed:
            raise IllegalAction(f"{piece.key} is not Blessed")
        if isinstance(a, A.RemoveCurse) and not piece.cursed:
            raise IllegalAction(f"{piece.key} is not Cursed")
    elif isinstance(a, A.Slay | A.RemovePiece | A.Scatter | A.AddRollEffect | A.SetCannotBeSlain):
        assert piece is not None
        if not piece.on_board:
            raise IllegalAction(f"{piece.key} is not on the board")
        if isinstance(a, A.AddRollEffect):
            _roll_effect_from(a)
        if (
            isinstance(a, A.Slay | A.RemovePiece)
            and state.activation is not None
            and (state.activation.piece == piece.key)
        ):
            raise IllegalAction(f"{piece.key} is Activating; finish its Activation first")
    elif isinstance(a, A.PlacePiece | A.PlaceRandomly):
        assert piece is not None
        if piece.zone not in (Zone.SLAIN, Zone.REMOVED):
            raise IllegalAction(f"{piece.key} is not off the board")
        tx = Transaction(state, ScriptedDice([]))
        why = tx.room_for(piece.owner, piece.option, piece.kind)
        if why:
            raise IllegalAction(why)
        if isinstance(a, A.PlacePiece) and not tx.free(a.square):
            raise IllegalAction(f"{a.square} is occupied")
    elif isinstance(a, A.Redeploy):
        assert piece is not None
        if piece.zone is Zone.RESERVE:
            raise IllegalAction(f"{piece.key} has not been deployed yet")
        tx = Transaction(state, ScriptedDice([]))
        if not piece.on_board:
            why = tx.room_for(piece.owner, piece.option, piece.kind)
            if why:
                raise IllegalAction(why)
        if state.activation is not None and state.activation.piece == piece.key:
            raise IllegalAction(f"{piece.key} is Activating; finish its Activation first")
        if a.square != piece.square and a.square not in tx.redeploy_squares(piece.owner):
            raise IllegalAction(
                f"{a.square} is not a free square of {piece.owner.title}'s deployment zone"
            )
    elif isinstance(a, A.SetEffect):
        if a.effect not in REGISTRY or a.effect.startswith("tarot:"):
            raise IllegalAction(f"there is no rule effect called '{a.effect[:40]}'")
        if a.active and a.effect in state.effects:
            raise IllegalAction(f"'{a.effect}' is already in force")
        if not a.active and a.effect not in state.effects:
            raise IllegalAction(f"'{a.effect}' is not in force")
    elif isinstance(a, A.Summon):
        team = state.config.teams[a.by]
        opt = team.faction.option(a.option)
        tx = Transaction(state, ScriptedDice([]))
        why = tx.room_for(a.by, opt.name, opt.kind)
        if why:
            raise IllegalAction(why)
        if not tx.free(a.square):
            raise IllegalAction(f"{a.square} is occupied")


def _roll_effect_from(a: A.AddRollEffect) -> RollEffect:
    try:
        kind = RollEffectKind(a.kind)
    except ValueError:
        raise IllegalAction(
            f"'{a.kind}' is not a roll effect: use one of "
            + ", ".join(k.value for k in RollEffectKind)
        ) from None
    mod = Modifier.parse(a.value, source="adjustment") if kind is RollEffectKind.MODIFIER else None
    return RollEffect(kind, a.until, mod, source=f"by {a.by.title}")


def handle_adjustment(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Adjustment)
    why = f"adjustment by {a.by.title}"
    key: str = getattr(a, "piece", "")
    if isinstance(a, A.GiveTokens):
        tx.give_tokens(key, a.token, a.count, why)
    elif isinstance(a, A.RemoveTokens):
        tx.remove_tokens(key, a.token, a.count, why)
    elif isinstance(a, A.Bless):
        tx.bless(key, why)
    elif isinstance(a, A.Curse):
        tx.curse(key, why)
    elif isinstance(a, A.RemoveBlessing):
        tx.lift(key, "Blessing", why)
    elif isinstance(a, A.RemoveCurse):
        tx.lift(key, "Curse", why)
    elif isinstance(a, A.Slay):
        tx.slay(key, None, why)
    elif isinstance(a, A.RemovePiece):
        tx.take_off(key, why)
    elif isinstance(a, A.PlacePiece):
        tx.put(key, a.square, why)
    elif isinstance(a, A.Redeploy):
        verb = "stays on" if a.square == tx.piece(key).square else "is redeployed to"
        tx.update(key, zone=Zone.BOARD, square=a.square)
        tx.emit("placed", f"{key} {verb} {a.square} ({why})", piece=key, square=str(a.square))
    elif isinstance(a, A.Summon):
        _summon(tx, a)
    elif isinstance(a, A.Scatter):
        _scatter(tx, key, why)
    elif isinstance(a, A.PlaceRandomly):
        _place_randomly(tx, key, why)
    elif isinstance(a, A.AddRollEffect):
        fx = _roll_effect_from(a)
        p = tx.piece(key)
        tx.update(key, roll_effects=(*p.roll_effects, fx))
        tx.emit("roll_effect", f"{key}: {fx.describe()} ({why})", piece=key)
    elif isinstance(a, A.SetCannotBeSlain):
        tx.update(key, cannot_be_slain=a.value)
        text = "cannot be slain" if a.value else "can be slain again"
        tx.emit("unslayable", f"{key} {text} ({why})", piece=key)
    elif isinstance(a, A.SetEffect):
        if a.active:
            tx.effects = (*tx.effects, a.effect)
            tx.emit("effect", f"{a.effect} is in force ({why})", effect=a.effect)
        else:
            tx.effects = tuple(e for e in tx.effects if e != a.effect)
            tx.emit("effect_ended", f"{a.effect} is no longer in force ({why})", effect=a.effect)
    elif isinstance(a, A.Concede):
        tx.emit("conceded", f"{a.by.title} concedes")
        tx.finish(Outcome(a.by.other, EndReason.CONCEDED, None, f"{a.by.title} conceded"))
    elif isinstance(a, A.EndOnPoints):
        tx.finish(tx.points_outcome(EndReason.ABANDONED))
    else:
        raise AssertionError(a)


def _summon(tx: Transaction, a: A.Summon) -> None:
    team = tx.config.teams[a.by]
    opt = team.faction.option(a.option)
    n = 1 + sum(1 for p in tx.pieces.values() if p.owner is a.by and p.kind is opt.kind)
    label = f"{opt.kind.letter}{n}"
    piece = Piece(
        key=f"{a.by.title} {label}",
        label=label,
        owner=a.by,
        kind=opt.kind,
        option=opt.name,
        rank=team.faction.rank_of(opt.name),
        legendary=opt.legendary,
        rules=opt.common_rules,
        zone=Zone.BOARD,
        square=a.square,
    )
    tx.set(piece)
    tx.emit(
        "summoned",
        f"{piece.key} ({opt.name}) is Summoned to {a.square}",
        piece=piece.key,
        square=str(a.square),
    )


def _scatter(tx: Transaction, key: str, why: str) -> None:
    """Scatter: number the adjacent squares 1-8 (N, NE, E, ... clockwise), roll a D8, re-roll
    when that square is off the board or occupied (WC-8)."""
    piece = tx.piece(key)
    sq = piece.square
    assert sq is not None
    for _ in range(MAX_PLACEMENT_TRIES):
        r = tx.roll(8)
        df, dr = SCATTER_DIRECTIONS[r - 1]
        dest = sq.offset(df, dr)
        if dest is not None and tx.free(dest):
            tx.relocate(key, dest)
            tx.emit(
                "scattered",
                f"{key} scatters from {sq} to {dest} (D8={r}; {why})",
                piece=key,
                origin=str(sq),
                to=str(dest),
            )
            return
    tx.emit("scattered", f"{key} could not scatter and stays on {sq} ({why})", piece=key)


def _place_randomly(tx: Transaction, key: str, why: str) -> None:
    """Random placement: a D8 for the rank, then a D8 for the file; re-roll occupied squares."""
    for _ in range(MAX_PLACEMENT_TRIES):
        r = tx.roll(8)
        f = tx.roll(8)
        sq = Square.at(f - 1, r - 1)
        assert sq is not None
        if tx.free(sq):
            tx.put(key, sq, f"placed at random: rank D8={r}, file D8={f}; {why}")
            return
    tx.emit("placed", f"{key} could not be placed at random ({why})", piece=key)


# Every adjustment is checked by ``check_adjustment`` and applied by ``handle_adjustment``
# (the faith mechanics bring their own rules for theirs).
RULES: dict[type[A.Action], tuple[Validator, Handler]] = {
    cls: (check_adjustment, handle_adjustment)
    for cls in A.ACTION_TYPES.values()
    if issubclass(cls, A.Adjustment)
}

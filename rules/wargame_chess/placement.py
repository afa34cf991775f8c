"""Pieces leaving and entering the board: slain, removed, placed, redeployed; who has room."""

from __future__ import annotations

from rules.wargame_chess.board import (
    ALL_SQUARES,
    Player,
    Square,
    deployment_zone,
    in_board_half,
    rank_from_own_side,
)
from rules.wargame_chess.pieces import CHESS_SET, CommonRule, Kind
from rules.wargame_chess.state import (
    Piece,
    Zone,
)
from rules.wargame_chess.teams import quantity_cap
from rules.wargame_chess.tokens import Tokens


class Placement(Tokens):
    """Pieces leaving and entering the board: slaying, removing, placing, redeploying, and the
    caps on how many of a piece may be on the board."""

    # ---- removing and placing pieces ----
    def can_be_slain(self, piece: Piece) -> bool:
        if piece.cannot_be_slain:
            return False
        return all(e.can_be_slain(self, piece) for e in self.active_effects())

    def leave_board(self, key: str, zone: Zone) -> None:
        """Take a piece off the board; it loses its tokens, marks and roll effects (R20)."""
        self.update(
            key,
            zone=zone,
            square=None,
            advantage=0,
            disadvantage=0,
            blessed=False,
            cursed=False,
            roll_effects=(),
        )

    def slay(self, key: str, slayer: str | None, reason: str) -> None:
        piece = self.pieces[key]
        self.leave_board(key, Zone.SLAIN)
        self.emit("slain", f"{key} is slain ({reason})", piece=key, slayer=slayer)
        if piece.has(CommonRule.FACTION_LEADER):
            self.leaders_slain.add(piece.owner)
            self.emit("leader_slain", f"{key} was {piece.owner.title}'s Faction Leader", piece=key)
        for e in self.active_effects():
            e.on_slain(self, key, slayer)
        self.check_victory()

    def take_off(self, key: str, reason: str) -> None:
        self.leave_board(key, Zone.REMOVED)
        self.emit("removed", f"{key} is removed from the board ({reason})", piece=key)
        self.check_victory()

    def put(self, key: str, sq: Square, reason: str) -> None:
        piece = self.pieces[key]
        was = piece.square
        self.update(key, zone=Zone.BOARD, square=sq)
        self.emit(
            "placed",
            f"{key} is placed on {sq} ({reason})",
            piece=key,
            square=str(sq),
            origin=None if was is None else str(was),
        )

    def room_for(self, owner: Player, option_name: str, kind: Kind, ignore: str = "") -> str | None:
        """Why one more piece of this option cannot come onto the board (WC-2), or None."""
        team = self.config.teams[owner]
        opt = team.faction.option(option_name)
        on = [p for p in self.on_board(owner) if p.key != ignore]
        same_opt = sum(1 for p in on if p.option.lower() == opt.name.lower())
        if same_opt + 1 > quantity_cap(opt):
            return f"{owner.title} may have at most {quantity_cap(opt)} {opt.name} on the board"
        cap = CHESS_SET[kind]
        same_kind = sum(1 for p in on if p.kind is kind)
        if cap is not None and same_kind + 1 > cap:
            return f"a chess set has only {cap} {kind.display}(s) per side"
        if kind is not Kind.JOKER:
            others = {p.option for p in on if p.kind is kind and p.option != opt.name}
            if others:
                return (
                    f"{opt.name} cannot join {', '.join(sorted(others))} on the board: "
                    f"different {kind.display} options cannot be on the board together"
                )
        return None

    def redeploy_squares(self, player: Player, ignore: str | None = None) -> list[Square]:
        """WC-7: free squares of the deployment zone; if it is full, the nearest free squares
        of the player's own board half."""
        zone = [s for s in deployment_zone(player) if self.free(s, ignore)]
        if zone:
            return zone
        half = [s for s in ALL_SQUARES if in_board_half(player, s) and self.free(s, ignore)]
        if not half:
            return []
        back = rank_from_own_side(player, 1)
        best = min(abs(s.rank - back) for s in half)
        return [s for s in half if abs(s.rank - back) == best]

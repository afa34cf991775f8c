"""Advantage and Disadvantage tokens, Blessings and Curses: receiving tokens (opposites cancel),
spreading them to Blessed or Cursed allies, spending them, and valid targets.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.wargame_chess.board import (
    Player,
)
from rules.wargame_chess.pieces import CommonRule, Kind
from rules.wargame_chess.state import (
    GameState,
    Piece,
    Token,
    Zone,
)
from rules.wargame_chess.victory import Victory


class Tokens(Victory):
    """Advantage and Disadvantage tokens, Blessings and Curses."""

    # ---- tokens, Blessings and Curses ----
    def give_tokens(self, key: str, token: Token, count: int, reason: str) -> None:
        """Give tokens, cancelling opposite tokens one for one, then spread the gain to Blessed
        (Advantage) or Cursed (Disadvantage) allies: one each, no chains, never before the first
        Activation (WC-13)."""
        if count <= 0:
            return
        piece = self.pieces[key]
        if piece.zone is not Zone.BOARD:
            return
        self._receive(piece, token, count, reason)
        if not self.started:
            return
        for ally in self.allies(piece):
            marked = ally.blessed if token is Token.ADVANTAGE else ally.cursed
            if marked:
                why = "Blessed" if token is Token.ADVANTAGE else "Cursed"
                self._receive(
                    self.pieces[ally.key], token, 1, f"{why}: its ally {piece.label} gained tokens"
                )

    def _receive(self, piece: Piece, token: Token, count: int, reason: str) -> None:
        have_same = piece.advantage if token is Token.ADVANTAGE else piece.disadvantage
        have_opp = piece.disadvantage if token is Token.ADVANTAGE else piece.advantage
        cancelled = min(have_opp, count)
        gained = count - cancelled
        have_opp -= cancelled
        have_same += gained
        if token is Token.ADVANTAGE:
            self.update(piece.key, advantage=have_same, disadvantage=have_opp)
        else:
            self.update(piece.key, disadvantage=have_same, advantage=have_opp)
        plural = "s" if count != 1 else ""
        text = f"{piece.key} receives {count} {token.value} token{plural} ({reason})"
        if cancelled:
            text += f"; {cancelled} cancel{'s' if cancelled == 1 else ''} out with "
            text += f"{token.opposite.value} token{'s' if cancelled != 1 else ''}"
        self.emit(
            "tokens",
            text,
            piece=piece.key,
            token=token.value,
            count=count,
            cancelled=cancelled,
            reason=reason,
        )

    def remove_tokens(self, key: str, token: Token, count: int, reason: str) -> None:
        piece = self.pieces[key]
        have = piece.advantage if token is Token.ADVANTAGE else piece.disadvantage
        n = min(have, count)
        if n <= 0:
            return
        if token is Token.ADVANTAGE:
            self.update(key, advantage=have - n)
        else:
            self.update(key, disadvantage=have - n)
        self.emit(
            "tokens_removed",
            f"{key} loses {n} {token.value} token{'s' if n != 1 else ''} ({reason})",
            piece=key,
            token=token.value,
            count=n,
        )

    def can_be_cursed(self, piece: Piece) -> bool:
        return all(e.can_be_cursed(self, piece) for e in self.active_effects())

    def can_be_blessed(self, piece: Piece) -> bool:
        return all(e.can_be_blessed(self, piece) for e in self.active_effects())

    def bless(self, key: str, reason: str) -> bool:
        """Bless a piece. A Blessed piece is not a valid target; a Cursed one loses both."""
        return self._mark(key, blessing=True, reason=reason)

    def curse(self, key: str, reason: str) -> bool:
        """Curse a piece. A Cursed piece is not a valid target; a Blessed one loses both."""
        return self._mark(key, blessing=False, reason=reason)

    def _mark(self, key: str, *, blessing: bool, reason: str) -> bool:
        piece = self.pieces[key]
        same, opposite = (
            (piece.blessed, piece.cursed) if blessing else (piece.cursed, piece.blessed)
        )
        allowed = self.can_be_blessed(piece) if blessing else self.can_be_cursed(piece)
        if same or not allowed:
            return False
        kind, word = ("bless", "Blessed") if blessing else ("curse", "Cursed")
        if opposite:
            self.update(key, blessed=False, cursed=False)
            self.emit(kind, f"{key}'s Blessing and Curse cancel out ({reason})", piece=key)
        else:
            self.update(key, **{"blessed" if blessing else "cursed": True})
            self.emit(kind, f"{key} is {word} ({reason})", piece=key)
        return True

    def lift(self, key: str, mark: str, reason: str) -> bool:
        """Remove a Blessing ("Blessing") or a Curse ("Curse") if the piece has it."""
        piece = self.pieces[key]
        if mark == "Blessing" and piece.blessed:
            self.update(key, blessed=False)
            self.emit("unbless", f"{key} is no longer Blessed ({reason})", piece=key)
            return True
        if mark == "Curse" and piece.cursed:
            self.update(key, cursed=False)
            self.emit("uncurse", f"{key} is no longer Cursed ({reason})", piece=key)
            return True
        return False

    def may_spend_advantage(self, piece: Piece) -> bool:
        return all(e.may_spend_advantage(self, piece) for e in self.active_effects())


def token_targets(state: GameState, giver: Player, candidates: Iterable[Piece]) -> list[Piece]:
    """Valid targets when ``giver`` chooses a piece to receive a token: their own Jokers only
    when nothing else is a valid target (an opponent's Joker is always fair game)."""
    pool = [p for p in candidates if p.zone is Zone.BOARD]
    every_joker = state.config.at_least(5)  # (any Joker; before revision 5, by Fool's Endeavour)

    def joker(p: Piece) -> bool:
        return p.kind is Kind.JOKER if every_joker else p.has(CommonRule.FOOLS_ENDEAVOUR)

    not_own_jokers = [p for p in pool if not (p.owner is giver and joker(p))]
    return not_own_jokers or pool

"""Victory: when the game ends, who wins, and the points count."""

from __future__ import annotations

from rules.wargame_chess.board import (
    Player,
)
from rules.wargame_chess.pieces import CommonRule
from rules.wargame_chess.state import (
    EndReason,
    Outcome,
    Phase,
)
from rules.wargame_chess.working import WorkingCopy


class Victory(WorkingCopy):
    """How a game ends (the rules' "Victory" section): a Faction Leader slain, no pieces left,
    only Fool's Endeavour pieces left; and the points count at the end of turn 10."""

    # ---- game end ----
    def check_victory(self) -> None:
        if self.outcome is not None or self.phase is not Phase.PLAY or self.swapping:
            return
        losers: dict[Player, str] = {}
        for pl in Player:
            if pl in self.leaders_slain:
                losers[pl] = f"{pl.title} {EndReason.LEADER_SLAIN.value}"
                continue
            mine = self.on_board(pl)
            if not mine:
                losers[pl] = f"{pl.title} {EndReason.NO_PIECES.value}"
            elif all(p.has(CommonRule.FOOLS_ENDEAVOUR) for p in mine):
                losers[pl] = f"{pl.title} {EndReason.ONLY_FOOLS.value}"
        if not losers:
            return
        if len(losers) == 2:
            reason_text = " and ".join(losers.values())
            first = next(iter(losers.values()))
            reason = _reason_of(first)
            self.finish(Outcome(None, reason, None, reason_text))
        else:
            ((loser, text),) = losers.items()
            self.finish(Outcome(loser.other, _reason_of(text), None, text))

    def finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = Phase.OVER
        self.pending = None
        self.activation = None
        self.attack = None
        self.emit(
            "game_over",
            outcome.describe(),
            winner=None if outcome.winner is None else (outcome.winner.title),
            reason=outcome.reason.value,
        )

    def points_outcome(self, reason: EndReason) -> Outcome:
        pts = tuple(
            sum(p.points for p in self.on_board(pl)) + self.config.teams[pl].upgrade_points
            for pl in Player
        )
        w, b = pts
        winner = None if w == b else (Player.WHITE if w > b else Player.BLACK)
        return Outcome(winner, reason, (w, b))


def _reason_of(text: str) -> EndReason:
    for r in (EndReason.LEADER_SLAIN, EndReason.ONLY_FOOLS, EndReason.NO_PIECES):
        if r.value in text:
            return r
    return EndReason.NO_PIECES

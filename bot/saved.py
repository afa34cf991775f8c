"""What a player is told when handling their interaction failed: whether it had already saved
a change (set by the service as it saves, read by the error handlers; no Discord here)."""

from __future__ import annotations

from contextvars import ContextVar

SOMETHING_WRONG = "Something went wrong on my side; nothing was changed. Please try again."
SAVED_NOT_SHOWN = (
    "Your action was applied, but something went wrong on my side while showing it. "
    "`/game board` shows the game as it stands."
)
# Set once this task (one interaction's handling) has saved a change to a game: a fault after
# it must not be answered with "nothing was changed".
SAVED: ContextVar[bool] = ContextVar("saved", default=False)


def fault_text() -> str:
    """What to tell a player whose interaction failed: nothing changed, or it did."""
    return SAVED_NOT_SHOWN if SAVED.get() else SOMETHING_WRONG

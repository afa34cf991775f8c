"""What the game service says: an answer to an interaction, or a notice of its own."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

GameState = Any  # a game system's state: the service never looks inside it
WRONG_CHANNEL = "This button belongs to a game in another channel."


@dataclass
class Answer:
    """What the bot says back: text for everyone (or only the asker), an optional picture,
    and the game/version the decision buttons belong to."""

    text: str
    ok: bool = True
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    game_id: int | None = None
    version: int | None = None
    state: GameState | None = None
    system: str | None = None  # the game system of ``state``
    mentions: list[int] = field(default_factory=list)
    attachment: tuple[str, bytes] | None = None  # (file name, data), e.g. an export
    undo_request: bool = False
    challenge: bool = False
    # A game update: the game's one live message (``message_id`` in ``channel_id``) is edited to
    # show ``text``, the picture and the open decision; ``log`` is the short public line posted
    # when the decision passes to the other player or the game ends (it carries the ping).
    live: bool = False
    log: str = ""
    over: bool = False
    message_id: int | None = None
    channel_id: int | None = None
    hidden: bool = False  # the system keeps secrets: its choices are offered privately
    private: str = ""  # what only the asker may see (their hand), sent privately
    confirm_concede: bool = False  # carries the "Yes, concede" button
    same_picture: bool = False  # the live message already shows this picture: keep it
    # The AI opponent decides now (issue 17), in any answer, a look included: nothing for a
    # person to click. After a game update the front end asks it to play once the answer is
    # shown, and shows each of its actions like a player's.
    ai_turn: bool = False
    # The one who asked decides now: in a game with secrets only they may be offered the open
    # decision's choices (its menu may name cards in their hand).
    decides: bool = False
    # The live message's first lines (who plays which side, the turn's status): ``text``
    # starts with them; a private word to the player who acted leaves them out.
    headline: str = ""

    @classmethod
    def error(cls, text: str) -> Answer:
        return cls(text, ok=False, ephemeral=True)

    @classmethod
    def refusal(cls, error: Exception, stop: str = ".") -> Answer:
        """A rules error (written in lower case, to be part of other sentences) as a private
        answer of its own: capitalised, with ``stop`` after it."""
        return cls.error(sentence(error, stop))


def sentence(error: Exception, stop: str = "") -> str:
    """An error's text as a sentence of its own: its first letter capitalised."""
    text = str(error)
    return text[:1].upper() + text[1:] + stop


@dataclass
class Notice:
    """Something the bot says by itself (a reminder, an expired challenge), not an answer."""

    channel_id: int
    text: str
    mentions: list[int] = field(default_factory=list)
    game_id: int = 0
    strip: int | None = None  # a message whose buttons go (an expired challenge's)


# A change another process saved first (several shard processes over one database).
RACED = (
    "Someone else changed this game at the same moment, so nothing was changed. Look at the "
    "game again, and try once more if it still applies."
)

"""The registry of game systems: the one place that lists them.

Adding a system adds its packages (``rules/<system>/``, ``bot/<system>/``, ``cogs/<system>.py``)
and one entry here; nothing else in the bot changes. ``PLANNED`` names the systems whose referee
is not built yet: they are not offered, and asking for one says so.
"""

from __future__ import annotations

from bot.card_game.table import CardGameTable
from bot.chess28.table import Chess28Table
from bot.d20_chess.table import D20ChessTable
from bot.plugin import SystemPlugin
from bot.wargame_chess.table import WargameChessTable
from rules.core.errors import ParseError

SYSTEMS: dict[str, SystemPlugin] = {
    p.id: p
    for p in (
        WargameChessTable(),
        Chess28Table(),
        D20ChessTable(),
        CardGameTable(),
    )  # one entry per system
}

DEFAULT = "wargame-chess"

PLANNED: dict[str, str] = {}


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def named(text: str) -> str | None:
    """The id of the system ``text`` names by its name as the bot shows it ("d20 explorer
    chess", "Chess: The Card Game"), its id without the dash ("d20chess"), or the first word
    of its id when that is no other's ("d20", "card"); None otherwise."""
    said = _letters(text)
    if not said:
        return None
    for sid, plugin in SYSTEMS.items():
        if said in (_letters(sid), _letters(plugin.name)):
            return sid
    heads = [sid for sid in SYSTEMS if _letters(sid.split("-")[0]) == said]
    return heads[0] if len(heads) == 1 else None


def get(system_id: str | None) -> SystemPlugin:
    """The system with this id (the default one for None); a clear refusal otherwise."""
    if system_id is not None and not isinstance(system_id, str):
        raise ParseError("a game system is named by its id, like wargame-chess")
    key = (system_id or DEFAULT).strip().lower()
    found = SYSTEMS.get(key)
    if found is not None:
        return found
    built = ", ".join(SYSTEMS)
    if key in PLANNED:
        raise ParseError(f"{PLANNED[key]} is not built yet: the systems to play are {built}")
    raise ParseError(f"'{key[:30]}' is not a game system here: choose one of {built}")

"""Shared helpers for the cogs: the service, the game thread, and Discord's limits."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot import systems

if TYPE_CHECKING:
    from bot.service import GameService
    from bot.store import GameRow

CONTENT_LIMIT = 2000
MAX_CHOICES = 25  # autocomplete choices and select options
MAX_ID = 2**63 - 1  # Discord ids (snowflakes) and the store's ids are 64-bit


def service(interaction: discord.Interaction) -> GameService:
    svc: GameService = interaction.client.service  # type: ignore[attr-defined]
    return svc


def channel_id(interaction: discord.Interaction) -> int:
    return interaction.channel_id or 0


# Slash commands as clickable mentions (</game board:ID>) once their ids are known (fetched
# when the bot connects); until then, and for a command path not registered, the text is kept.
COMMAND_IDS: dict[str, int] = {}  # top-level command name -> id
COMMAND_PATHS: set[str] = set()  # every full command path ("game board", "move")
_COMMAND = re.compile(r"`/([a-z0-9_-]+(?: [a-z0-9_-]+){0,2})`")


def mention_commands(text: str) -> str:
    if not COMMAND_IDS:
        return text

    def mention(m: re.Match[str]) -> str:
        path = m.group(1)
        cid = COMMAND_IDS.get(path.split()[0])
        return f"</{path}:{cid}>" if cid is not None and path in COMMAND_PATHS else m.group(0)

    return _COMMAND.sub(mention, text)


def learn_commands(tree: app_commands.CommandTree[Any], ids: dict[str, int]) -> None:
    """Remember the registered commands' ids and paths (from ``tree.fetch_commands``)."""
    paths: set[str] = set()

    def walk(commands: Any, prefix: str = "") -> None:
        for c in commands:
            path = f"{prefix}{c.name}"
            paths.add(path)
            if isinstance(c, app_commands.Group):
                walk(c.commands, path + " ")

    walk(tree.get_commands())
    COMMAND_IDS.clear()
    COMMAND_IDS.update(ids)
    COMMAND_PATHS.clear()
    COMMAND_PATHS.update(paths)


def fit(text: str, limit: int = CONTENT_LIMIT) -> str:
    """Keep a message within Discord's limit, dropping the oldest lines first (the newest lines
    say who decides next); slash commands become clickable mentions when their ids are known."""
    text = mention_commands(text)
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    while lines and len("\n".join(lines)) > limit - 2:
        lines.pop(0)
    body = "\n".join(lines)
    return ("…\n" + body)[:limit] if body else text[-limit:]


THREAD_OPEN_MINUTES: Literal[10080] = 10080  # a live game's thread stays open a week idle


async def game_thread(interaction: discord.Interaction, row: GameRow) -> discord.Thread | None:
    """Open a thread for the game under the challenge's channel, named for the players; None
    keeps it in the channel (already a thread, or no permission)."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return None
    names = row.meta.get("names") or [f"player {row.white_id}", f"player {row.black_id}"]
    name = f"{names[0]} vs {names[1]} · {systems.get(row.system).name} #{row.id}"
    try:
        return await channel.create_thread(
            name=name[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_OPEN_MINUTES,
        )
    except discord.HTTPException:
        return None

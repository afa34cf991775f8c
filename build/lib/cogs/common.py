"""Shared helpers for the cogs: sending an Answer, the game thread, and Discord's limits."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.service import Answer
    from bot.store import GameRow

CONTENT_LIMIT = 2000


def fit(text: str, limit: int = CONTENT_LIMIT) -> str:
    """Keep a message within Discord's limit, dropping the oldest lines first (the newest lines
    say who decides next)."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    while lines and len("\n".join(lines)) > limit - 2:
        lines.pop(0)
    body = "\n".join(lines)
    return ("…\n" + body)[:limit] if body else text[-limit:]


async def respond(interaction: discord.Interaction, ans: Answer) -> None:
    from cogs.views import ChallengeButton, UndoButton, decision_view

    files = []
    if ans.image is not None:
        files.append(discord.File(io.BytesIO(ans.image), filename=ans.image_name))
    if ans.attachment is not None:
        name, data = ans.attachment
        files.append(discord.File(io.BytesIO(data), filename=name))
    view: discord.ui.View | None = None
    if ans.ok and ans.game_id is not None:
        if ans.challenge:
            view = discord.ui.View(timeout=None)
            view.add_item(ChallengeButton(ans.game_id, True))
            view.add_item(ChallengeButton(ans.game_id, False))
        elif ans.undo_request and ans.version is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(UndoButton(ans.game_id, ans.version, True))
            view.add_item(UndoButton(ans.game_id, ans.version, False))
        elif ans.state is not None and ans.version is not None and not ans.ephemeral:
            view = decision_view(ans.game_id, ans.version, ans.state)
    mentions = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in ans.mentions]
    )
    content = fit(ans.text)
    files_arg: list[discord.File] = files or discord.utils.MISSING
    view_arg: discord.ui.View = view if view is not None else discord.utils.MISSING
    if interaction.response.is_done():
        await interaction.followup.send(
            content,
            ephemeral=ans.ephemeral,
            files=files_arg,
            view=view_arg,
            allowed_mentions=mentions,
        )
    else:
        await interaction.response.send_message(
            content,
            ephemeral=ans.ephemeral,
            files=files_arg,
            view=view_arg,
            allowed_mentions=mentions,
        )


async def game_thread(interaction: discord.Interaction, row: GameRow) -> int | None:
    """Open a thread for the game under the challenge's channel; None keeps it in the channel
    (already a thread, or no permission)."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return None
    try:
        thread = await channel.create_thread(
            name=f"Wargame Chess #{row.id}",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=1440,
        )
    except discord.HTTPException:
        return None
    return thread.id

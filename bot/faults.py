"""Answering an interaction that failed: privately, and truthfully about what was saved."""

from __future__ import annotations

import logging

import discord

from bot.saved import fault_text

log = logging.getLogger("wargame.faults")


async def tell_fault(interaction: discord.Interaction) -> None:
    """Answer an interaction that failed, privately: nothing was changed, or (when its action
    was saved before the fault) that it was applied and how to see it."""
    text = fault_text()
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:  # (the interaction itself may be what failed)
        log.info("could not tell the player about the fault")

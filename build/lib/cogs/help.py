"""/help and /rules: how to use the bot, and rules terms in plain words."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.glossary import TUTORIAL, lookup_term, suggest_terms


async def ac_topic(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t, value=t) for t in suggest_terms(current)][:25]


class Help(commands.Cog):
    @app_commands.command(name="help", description="How to play Wargame Chess with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(TUTORIAL, ephemeral=True)

    @app_commands.command(name="rules", description="Explain a rules term")
    @app_commands.describe(topic="e.g. Reactivation, Combat Movement, Blessed")
    @app_commands.autocomplete(topic=ac_topic)
    async def rules(self, interaction: discord.Interaction, topic: str) -> None:
        found = lookup_term(topic)
        if found is None:
            near = ", ".join(suggest_terms(topic, 4))
            await interaction.response.send_message(
                f"I don't know the term '{topic[:50]}'. Try: {near}.", ephemeral=True
            )
            return
        term, text = found
        await interaction.response.send_message(f"**{term}**: {text}", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help())

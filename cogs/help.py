"""/help: how to use the bot."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.table import HELP


class Help(commands.Cog):
    @app_commands.command(name="help", description="How to play Wargame Chess with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(HELP, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help())

"""/help and /rules: how to play each game system with this bot, and rules terms in plain
words, from the systems' registry (``bot/systems.py``)."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import systems
from bot.companion import COMPANION_HELP
from bot.glossary import lookup_term, suggest_terms
from bot.opponent import PRACTICE_HELP
from bot.plugin import SystemPlugin
from cogs.common import MAX_CHOICES, channel_id, service
from rules.core.errors import RulesError

log = logging.getLogger(__name__)

SYSTEM_CHOICES = [app_commands.Choice(name=p.name, value=p.id) for p in systems.SYSTEMS.values()]
SYSTEM_HERE = "Which game (the one played in this channel, else Wargame Chess)"


async def system_here(interaction: discord.Interaction, system: str | None) -> SystemPlugin:
    """The system asked for; left out, the one of the game being played in this channel (a
    term looked up during a game is that game's), else the default. Raises ``RulesError``."""
    if system:
        return systems.get(system)
    try:
        row = await service(interaction).store.live_game(channel_id(interaction))
    except Exception:  # (help must not fail with the store: the default's then)
        log.exception("could not read the channel's game for /help or /rules")
        row = None
    if row is None or row.system not in systems.SYSTEMS:  # (a system this build lacks)
        return systems.get(None)
    return systems.get(row.system)


async def ac_topic(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    try:
        terms = (
            await system_here(interaction, getattr(interaction.namespace, "system", None))
        ).glossary()
    except RulesError:
        return []
    return [app_commands.Choice(name=t, value=t) for t in suggest_terms(terms, current)][
        :MAX_CHOICES
    ]


class Help(commands.Cog):
    @app_commands.command(name="help", description="How to play with this bot")
    @app_commands.describe(system=SYSTEM_HERE)
    @app_commands.choices(system=SYSTEM_CHOICES)
    async def help(self, interaction: discord.Interaction, system: str = "") -> None:
        try:
            plugin = await system_here(interaction, system)
        except RulesError as e:
            await interaction.response.send_message(str(e).capitalize() + ".", ephemeral=True)
            return
        parts = (plugin.tutorial, PRACTICE_HELP, COMPANION_HELP, plugin.credit)
        text = "\n".join(t for t in parts if t)
        await interaction.response.send_message(text[:2000], ephemeral=True)

    @app_commands.command(name="rules", description="Explain a rules term")
    @app_commands.describe(
        topic="e.g. Reactivation, Combat Movement, Blessed",
        system=SYSTEM_HERE,
    )
    @app_commands.autocomplete(topic=ac_topic)
    @app_commands.choices(system=SYSTEM_CHOICES)
    async def rules(self, interaction: discord.Interaction, topic: str, system: str = "") -> None:
        try:
            plugin = await system_here(interaction, system)
            terms = plugin.glossary()
        except RulesError as e:
            await interaction.response.send_message(str(e).capitalize() + ".", ephemeral=True)
            return
        found = lookup_term(terms, topic)
        if found is None:
            near = ", ".join(suggest_terms(terms, topic, 4))
            tip = f" Try: {near}." if near else ""
            await interaction.response.send_message(
                f"I don't know the term '{topic[:50]}' in {plugin.name}.{tip}", ephemeral=True
            )
            return
        term, text = found
        await interaction.response.send_message(f"**{term}**: {text}", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    cog = Help()
    # Not only in servers: also in DMs, group DMs and as a user-installed app.
    for command in cog.get_app_commands():
        command.allowed_contexts = app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        )
        command.allowed_installs = app_commands.AppInstallationType(guild=True, user=True)
    await bot.add_cog(cog)

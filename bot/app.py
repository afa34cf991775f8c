"""The Discord application: start-up in discord.py's conventions."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot import gctune, systems
from bot.checks import CheckedTree
from bot.painter import Painter
from bot.service import SOMETHING_WRONG, GameService
from bot.settings import Settings
from bot.store import Store
from rules.core.dice import Dice, SystemDice

log = logging.getLogger("wargame")

# The shared cogs, then each game system's own (bot/systems.py).
EXTENSIONS = (
    "cogs.help",
    "cogs.game",
    "cogs.companion",
    *(p.cog for p in systems.SYSTEMS.values() if p.cog),
)


class WargameBot(commands.Bot):
    def __init__(
        self, settings: Settings, *, sync: bool = False, dice: Callable[[], Dice] = SystemDice
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=CheckedTree,
        )
        self.settings = settings
        self.sync_on_start = sync
        self.store = Store(settings.database_path)
        self.service = GameService(
            self.store, dice=dice, painter=Painter(settings.render_processes)
        )
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        await self.store.open()
        for ext in EXTENSIONS:  # each registers its own persistent buttons in its setup
            await self.load_extension(ext)
        gctune.install()
        self._collector = asyncio.create_task(gctune.collector(), name="gc-collector")
        if self.sync_on_start:
            await self.sync_commands()

    async def close(self) -> None:
        collector = getattr(self, "_collector", None)
        if collector is not None:
            collector.cancel()
        await super().close()
        self.service.painter.close()
        await self.store.close()

    async def sync_commands(self) -> int:
        """Sync slash commands: to the development guild (instant) if set, else globally."""
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))
        return len(synced)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Last line of defence: log it, tell the user plainly, change nothing."""
        log.error("command %s failed", getattr(interaction.command, "name", "?"), exc_info=error)
        text = SOMETHING_WRONG
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)


def run_discord(settings: Settings, *, sync: bool = False) -> None:
    assert settings.token
    bot = WargameBot(settings, sync=sync)
    bot.run(settings.token, log_handler=None)

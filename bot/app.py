"""The Discord application: start-up in discord.py's conventions."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.settings import Settings

log = logging.getLogger("wargame")

EXTENSIONS = ("cogs.help",)


class WargameBot(commands.Bot):
    def __init__(self, settings: Settings, *, sync: bool = False) -> None:
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.settings = settings
        self.sync_on_start = sync

    async def setup_hook(self) -> None:
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        if self.sync_on_start:
            await self.sync_commands()

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

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)


def run_discord(settings: Settings, *, sync: bool = False) -> None:
    assert settings.token
    bot = WargameBot(settings, sync=sync)
    bot.run(settings.token, log_handler=None)

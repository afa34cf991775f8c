"""The Discord application: start-up in discord.py's conventions."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import gctune, systems
from bot.checks import CheckedTree
from bot.faults import tell_fault
from bot.painter import Painter
from bot.service import GameService, Notice
from bot.settings import Settings
from bot.stores import open_store
from rules.core.dice import Dice, SystemDice

log = logging.getLogger("wargame")
DRAIN_SECONDS = 8.0  # on shutdown, how long actions in flight may take to finish
SWEEP_SECONDS = 300  # how often idle games are looked at (reminders, expired challenges)

# The shared cogs, then each game system's own (bot/systems.py).
EXTENSIONS = (
    "cogs.help",
    "cogs.game",
    "cogs.companion",
    *(p.cog for p in systems.SYSTEMS.values() if p.cog),
)


class WargameBot(commands.Bot):
    """The bot in one process (or one shard of several: ``shard_count`` and ``shard_ids``
    settings make ``make_bot`` build a ShardedWargameBot)."""

    def __init__(
        self, settings: Settings, *, sync: bool = False, dice: Callable[[], Dice] = SystemDice
    ) -> None:
        # Only what slash commands and buttons need: servers, their channels and threads. No
        # message events at all (so a mention of the bot is not read, and logs nothing).
        intents = discord.Intents.none()
        intents.guilds = True
        shards: dict[str, Any] = {}
        if isinstance(self, commands.AutoShardedBot):
            ids = None if settings.shard_ids is None else list(settings.shard_ids)
            shards = {"shard_count": settings.shard_count, "shard_ids": ids}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=CheckedTree,
            **shards,
        )
        self.settings = settings
        self.sync_on_start = sync
        self.store = open_store(settings)
        self.service = GameService(
            self.store, dice=dice, painter=Painter(settings.render_processes)
        )
        self.service.ai_pace = settings.ai_pace
        self.tree.error(self.on_app_command_error)
        # Commands are offered in servers, installed by a server; a cog offers its own commands
        # more widely (the table companion also works in DMs and as a user-installed app).
        self.tree.allowed_contexts = app_commands.AppCommandContext(guild=True)
        self.tree.allowed_installs = app_commands.AppInstallationType(guild=True)

    async def setup_hook(self) -> None:
        await self.store.open()
        for ext in EXTENSIONS:  # each registers its own persistent buttons in its setup
            await self.load_extension(ext)
        gctune.install()
        self._collector = asyncio.create_task(gctune.collector(), name="gc-collector")
        self._sweeper = asyncio.create_task(self.sweep_forever(), name="idle-sweeper")
        if self.sync_on_start:
            await self.sync_commands()

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.post_notices(await self.service.sweep(self.settings.runs_guild))
            except Exception:
                log.exception("the idle sweep failed")

    async def post_notices(self, notices: list[Notice]) -> None:
        """Reminders and expired challenges, each in its game's channel."""
        for n in notices:
            channel = self.get_channel(n.channel_id)
            if channel is None or not hasattr(channel, "send"):
                continue
            try:
                if n.strip is not None and hasattr(channel, "get_partial_message"):
                    await channel.get_partial_message(n.strip).edit(view=None)
                await channel.send(
                    n.text,
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=[discord.Object(u) for u in n.mentions]
                    ),
                )
            except discord.HTTPException:
                log.info("could not post a notice in channel %s", n.channel_id)

    async def close(self) -> None:
        for task in (getattr(self, "_collector", None), getattr(self, "_sweeper", None)):
            if task is not None:
                task.cancel()
        await super().close()  # no new interactions from here on
        await self.service.drain(DRAIN_SECONDS)  # the actions in flight finish and are saved
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
        await tell_fault(interaction)

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)


class ShardedWargameBot(WargameBot, commands.AutoShardedBot):
    """The same bot on discord.py's sharded client: the shards ``settings.shard_ids`` of
    ``settings.shard_count`` (all of them if no ids are given) in this process, every process
    sharing one PostgreSQL database. In the method order WargameBot comes first, then
    AutoShardedBot's client, whose connection handling replaces the single-shard one."""


def make_bot(
    settings: Settings, *, sync: bool = False, dice: Callable[[], Dice] = SystemDice
) -> WargameBot:
    if settings.shard_count is not None:
        return ShardedWargameBot(settings, sync=sync, dice=dice)
    return WargameBot(settings, sync=sync, dice=dice)


async def serve(bot: WargameBot, token: str, stop: asyncio.Event) -> None:
    """Run until Discord closes or ``stop`` is set (SIGTERM, SIGINT): then stop cleanly."""
    async with bot:
        runner = asyncio.create_task(bot.start(token), name="discord")
        stopper = asyncio.create_task(stop.wait(), name="stop-signal")
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("stopping: finishing the actions in flight")
            await bot.close()
            runner.cancel()  # (close() ends the connection; this ends the task at once)
        stopper.cancel()
        await asyncio.gather(runner, return_exceptions=True)


def run_discord(settings: Settings, *, sync: bool = False) -> None:
    assert settings.token
    token = settings.token

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await serve(make_bot(settings, sync=sync), token, stop)

    asyncio.run(main())

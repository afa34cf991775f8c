"""The game table in a channel, for every game system: challenge, choosing teams, looking,
undo, conceding, export, and the persistent decision buttons (registered in this cog's setup).
Each system's own play commands are in its own cog (``SystemPlugin.cog``). Commands build
structured commands (``bot.commands``) and hand them to the service; no rules live here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import commands as K
from bot import systems
from bot.plugin import SystemPlugin
from bot.practice import SIDES
from bot.service import Answer
from bot.wording import plural
from cogs.common import MAX_CHOICES, channel_id, fit, learn_commands, service
from cogs.views import DYNAMIC_ITEMS, answer_unknown_component, respond, resume_ai
from rules.core.errors import RulesError

SYSTEM_CHOICES = [app_commands.Choice(name=p.name, value=p.id) for p in systems.SYSTEMS.values()]
LEVEL_CHOICES = [app_commands.Choice(name=w, value=w) for w in ("easy", "medium", "hard")]
SIDE_CHOICES = [app_commands.Choice(name=w.title(), value=w) for w in SIDES]


async def _plugin_here(interaction: discord.Interaction) -> tuple[SystemPlugin, dict[str, Any]]:
    """The system of the channel's game, and the server's own data for its choices."""
    svc = service(interaction)
    row = await svc.store.live_game(channel_id(interaction))
    plugin = systems.get(None if row is None else row.system)
    library: dict[str, Any] = {}
    if plugin.library_kind and interaction.guild_id is not None:
        library = await svc.store.channel_state(interaction.guild_id, plugin.library_kind) or {}
    return plugin, library


async def resolve_choice(interaction: discord.Interaction, text: str, prefix: str | None) -> str:
    """A choice as typed, with the server's data it names (e.g. a faction), made
    self-contained so the game never depends on the server's data later."""
    plugin, library = await _plugin_here(interaction)
    text = K.parse_text(text, plugin.choice_word or "choice", K.MAX_CHOICE_TEXT)  # (a deck list)
    if not plugin.library_kind:
        if prefix:
            raise RulesError(f"{plugin.name} has no factions: leave `faction` out")
        return text
    return plugin.resolve_choice(f"{prefix}: {text}" if prefix else text, library)


async def ac_team(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Ready-made choices, then what is typed with its verdict (e.g. a live points total), then
    ways to go on (a faction's options and upgrades)."""
    plugin, library = await _plugin_here(interaction)
    prefix = getattr(interaction.namespace, "faction", None) or ""
    out: list[app_commands.Choice[str]] = []
    if current.strip():
        try:
            verdict = plugin.draft_verdict(
                plugin.resolve_choice(f"{prefix}: {current}" if prefix else current, library)
            )
        except RulesError as e:
            verdict = str(e)
        # The verdict first (a long list would push it out of the 100 characters a choice
        # shows), and no choice at all for a list longer than a choice holds: picking it
        # would send the list cut short.
        if len(current) <= 100:
            out.append(app_commands.Choice(name=f"{verdict} · {current}"[:100], value=current))
    if prefix:
        for label, value in plugin.complete_choice(prefix, current, library):
            if len(value) <= 100:
                out.append(app_commands.Choice(name=label[:100], value=value))
        return out[:MAX_CHOICES]
    for name, text in plugin.ready_made.items():
        if current.lower() in name.lower() or not current.strip():
            # (a list longer than a choice holds goes by its name, which /team reads too)
            value = text if len(text) <= 100 else name
            out.append(app_commands.Choice(name=name[:100], value=value))
    return out[:MAX_CHOICES]


async def ac_faction(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """This server's factions and the built-in Standard (last: a server may have 25, and
    Discord shows 25 choices)."""
    _, library = await _plugin_here(interaction)
    names = [*(str(e.get("name", k)) for k, e in sorted(library.items())), "Standard"]
    return [
        app_commands.Choice(name=n[:100], value=n[:100])
        for n in names
        if current.lower() in n.lower()
    ][:MAX_CHOICES]


class Game(commands.Cog):
    """Challenge, teams, looking, undo, conceding, ending."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    game = app_commands.Group(name="game", description="Start, watch and manage a game")

    @game.command(name="new", description="Challenge someone to a game")
    @app_commands.describe(
        opponent="Who you challenge",
        system="Which game (Wargame Chess if not chosen)",
        revised_star="Wargame Chess: play The Star's later revision (one piece per player)",
        options="The game's switches in words, as its /help lists them (e.g. standard-army)",
        level="Against me (the bot): how hard I play (medium if not chosen)",
        hints="Against me (the bot): allow /game hint, my suggestion for your decision",
        side="Against me (the bot): the side you play (White if not chosen)",
    )
    @app_commands.choices(system=SYSTEM_CHOICES, level=LEVEL_CHOICES, side=SIDE_CHOICES)
    async def game_new(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        system: str = systems.DEFAULT,
        revised_star: bool = False,
        options: str = "",
        level: str = "",
        hints: bool = False,
        side: str = "",
    ) -> None:
        me = interaction.client.user
        if opponent.bot and me is not None and opponent.id == me.id:
            # A practice game against the AI (issue 17): it starts at once.
            ans = await service(interaction).practice(
                interaction.guild_id,
                channel_id(interaction),
                interaction.user.id,
                me.id,
                system=system,
                words=options,
                level=level,
                hints=hints,
                names=(interaction.user.display_name, "the AI"),
                side=side,
                revised_star=revised_star,
            )
            await respond(interaction, ans)
            return
        if opponent.bot:
            await respond(
                interaction,
                Answer.error("Bots cannot play: challenge a person, or me to practise."),
            )
            return
        if level or hints or side:
            said = [n for n, v in (("level", level), ("hints", hints), ("side", side)) if v]
            await respond(
                interaction,
                Answer.error(
                    f"`{'`, `'.join(said)}`: only for a game against me (the bot). Against a "
                    "person the challenger plays White."
                ),
            )
            return
        ans = await service(interaction).challenge(
            interaction.guild_id,
            channel_id(interaction),
            interaction.user.id,
            opponent.id,
            revised_star,
            system=system,
            words=options,
            names=(interaction.user.display_name, opponent.display_name),
        )
        await respond(interaction, ans)

    @game.command(name="board", description="Show the board (only to you)")
    async def game_board(self, interaction: discord.Interaction) -> None:
        await self._look(interaction, K.ShowBoard())

    @game.command(name="status", description="Turn, whose decision, pieces and tokens")
    async def game_status(self, interaction: discord.Interaction) -> None:
        svc = service(interaction)
        cur = await svc.current(channel_id(interaction))
        if cur is None:  # (the status of the last game that ended here, if there is one)
            await self._look(interaction, K.ShowStatus())
            return
        row, state = cur
        if state is None and row.status == "challenge":
            text = f"Game {row.id}: the challenge waits for the opponent to accept it."
        elif state is None:  # (being set up: who has chosen, in the system's words)
            chosen = ", ".join(row.meta.get("teams", {})) or "nobody yet"
            word = systems.get(row.system).choice_word or "team"
            text = (
                f"Game {row.id}: both players choose a {word} with `/team`. "
                f"{plural(word).capitalize()} chosen by: {chosen}."
            )
        else:
            whose = svc.whose_decision(row, state)
            text = systems.get(row.system).status_text(state) + (f"\n{whose}" if whose else "")
        await respond(interaction, Answer(fit(text), ephemeral=True))

    @game.command(name="log", description="What happened lately")
    async def game_log(self, interaction: discord.Interaction) -> None:
        await self._look(interaction, K.ShowLog())

    @game.command(name="hint", description="My suggestion for your decision (practice games)")
    async def game_hint(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        ans = await service(interaction).hint(channel_id(interaction), interaction.user.id)
        await respond(interaction, ans)

    @game.command(
        name="undo", description="Undo the last action: your opponent agrees (in practice, at once)"
    )
    async def game_undo(self, interaction: discord.Interaction) -> None:
        ans = await service(interaction).request_undo(channel_id(interaction), interaction.user.id)
        await respond(interaction, ans)

    @game.command(name="concede", description="Concede the game")
    async def game_concede(self, interaction: discord.Interaction) -> None:
        ans = await service(interaction).confirm_concede(
            channel_id(interaction), interaction.user.id
        )
        await respond(interaction, ans)

    @game.command(name="claim", description="End a game your opponent left idle too long")
    async def game_claim(self, interaction: discord.Interaction) -> None:
        ans = await service(interaction).claim(channel_id(interaction), interaction.user.id)
        await respond(interaction, ans)

    @game.command(name="pings", description="Turn your turn pings on or off (all your games)")
    @app_commands.describe(on="True: ping me when a decision passes to me; False: never")
    async def game_pings(self, interaction: discord.Interaction, on: bool) -> None:
        await respond(interaction, await service(interaction).set_pings(interaction.user.id, on))

    @game.command(name="times", description="This server's reminder, claim and expiry times")
    @app_commands.describe(
        remind_hours="Remind a waiting player after this many idle hours",
        claim_hours="Let the other player claim the game after this many idle hours",
        challenge_hours="Expire an unanswered challenge after this many hours",
    )
    async def game_times(
        self,
        interaction: discord.Interaction,
        remind_hours: app_commands.Range[int, 1, 720] | None = None,
        claim_hours: app_commands.Range[int, 1, 2160] | None = None,
        challenge_hours: app_commands.Range[int, 1, 720] | None = None,
    ) -> None:
        svc = service(interaction)
        changing = any(v is not None for v in (remind_hours, claim_hours, challenge_hours))
        perms = getattr(interaction, "permissions", None)
        if changing and (perms is None or not perms.manage_guild):
            await respond(interaction, Answer.error("Changing the idle times needs Manage Server."))
            return
        ans = await svc.set_times(
            interaction.guild_id,
            remind_hours=remind_hours,
            claim_hours=claim_hours,
            challenge_hours=challenge_hours,
        )
        await respond(interaction, ans)

    @game.command(
        name="export",
        description="The game's log as a replayable file (in play, else the last one ended here)",
    )
    async def game_export(self, interaction: discord.Interaction) -> None:
        await respond(interaction, await service(interaction).export(channel_id(interaction)))

    @game.command(name="end", description="End a stuck game (needs Manage Channels)")
    async def game_end(self, interaction: discord.Interaction) -> None:
        perms = getattr(interaction, "permissions", None)
        if perms is None or not perms.manage_channels:
            await respond(
                interaction,
                Answer.error("Ending someone else's game needs the Manage Channels permission."),
            )
            return
        await respond(
            interaction,
            await service(interaction).end_by_moderator(
                channel_id(interaction), interaction.user.id
            ),
        )

    @app_commands.command(name="team", description="Choose your team (or deck) for the game")
    @app_commands.describe(
        team="e.g. K Q R 2N 3P, or a ready-made one; a faction's upgrades follow '+'",
        faction="Wargame Chess: a faction of this server's (/faction list); Standard if left out",
    )
    @app_commands.autocomplete(team=ac_team, faction=ac_faction)
    async def team(
        self, interaction: discord.Interaction, team: str, faction: str | None = None
    ) -> None:
        svc = service(interaction)
        try:
            team = await resolve_choice(interaction, team, faction)
        except RulesError as e:
            await respond(interaction, Answer.refusal(e))
            return
        await respond(
            interaction, await svc.set_team(channel_id(interaction), interaction.user.id, team)
        )

    resumed = False  # (on_ready comes again after each reconnection: the AI resumes once)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a restart: the practice games where the AI must decide play on (once a
        process: after a reconnection a game's AI may already be playing)."""
        if self.resumed:
            return
        self.resumed = True
        await resume_ai(self.bot)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_unknown_component(interaction)

    async def _look(self, interaction: discord.Interaction, command: K.Command) -> None:
        """A command that only looks, answered to the asker alone."""
        ans = await service(interaction).execute(
            channel_id(interaction), interaction.user.id, command
        )
        ans.ephemeral = True
        await respond(interaction, ans)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Game(bot))

    async def command_ids() -> None:
        """Once connected: the commands' ids, so prompts can mention them (clickable)."""
        try:
            fetched = await bot.tree.fetch_commands()
        except discord.HTTPException:
            return
        learn_commands(bot.tree, {c.name: c.id for c in fetched})

    bot.add_listener(command_ids, "on_ready")
    bot.add_dynamic_items(*DYNAMIC_ITEMS)

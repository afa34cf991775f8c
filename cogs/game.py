"""Slash commands for playing Wargame Chess in a channel. Each command parses its options and
hands the service a table command (the same words the console uses); no rules live here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import READY_MADE, Answer, GameService
from bot.textboard import render_status
from cogs.common import fit, respond
from rules.core.errors import RulesError
from rules.wargame_chess.board import Square
from rules.wargame_chess.engine import activatable, destinations, targets
from rules.wargame_chess.state import Decision, Phase, Zone
from rules.wargame_chess.teams import TeamList

MAX_CHOICES = 25


def service(interaction: discord.Interaction) -> GameService:
    svc: GameService = interaction.client.service  # type: ignore[attr-defined]
    return svc


def channel_id(interaction: discord.Interaction) -> int:
    return interaction.channel_id or 0


async def _my_state(interaction: discord.Interaction) -> tuple[Any, Any, Any] | None:
    svc = service(interaction)
    cur = await svc.current(channel_id(interaction))
    if cur is None or cur[1] is None:
        return None
    row, state = cur
    return row, state, svc.seat(row, interaction.user.id)


# ---- autocomplete ----
async def ac_team(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Ready-made lists, then what is typed with its live points total."""
    out: list[app_commands.Choice[str]] = []
    if current.strip():
        try:
            team = TeamList.parse(current)
            problems = team.problems()
            verdict = "legal" if not problems else problems[0]
            out.append(
                app_commands.Choice(
                    name=f"{current} ({team.points} pts: {verdict})"[:100], value=current[:100]
                )
            )
        except RulesError as e:
            out.append(app_commands.Choice(name=f"{current}: {e}"[:100], value=current[:100]))
    for name, lst in READY_MADE.items():
        if current.lower() in name.lower() or not current.strip():
            out.append(app_commands.Choice(name=f"{name} (14 pts)"[:100], value=lst))
    return out[:MAX_CHOICES]


async def ac_activate(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, seat = got
    if state.phase is not Phase.PLAY:
        return []
    pieces, re = activatable(state)
    if seat is not None and state.to_act is not seat and state.activation_picker is not seat:
        pieces = []
    verb = "Reactivate" if re else "Activate"
    return [
        app_commands.Choice(name=f"{verb} {p.label} on {p.square}", value=p.label)
        for p in pieces
        if current.upper() in p.label
    ][:MAX_CHOICES]


async def ac_my_piece(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, seat = got
    owner = seat or state.decider
    return [
        app_commands.Choice(
            name=f"{p.label} ({p.kind.display}) on {p.square or p.zone.value}", value=p.label
        )
        for p in state.pieces
        if p.owner is owner and current.upper() in p.label and p.zone in (Zone.BOARD, Zone.RESERVE)
    ][:MAX_CHOICES]


async def ac_any_piece(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, _ = got
    return [
        app_commands.Choice(name=f"{p.key} ({p.zone.value})", value=p.key)
        for p in state.pieces
        if current.lower() in p.key.lower()
    ][:MAX_CHOICES]


def _squares_for(
    interaction: discord.Interaction, state: Any, seat: Any, attack: bool
) -> list[str]:
    label = getattr(interaction.namespace, "piece", None)
    if not label:
        return []
    try:
        piece = state.find(str(label), seat or state.decider)
    except RulesError:
        return []
    if piece.zone is not Zone.BOARD:
        return []
    found = targets(state, piece) if attack else destinations(state, piece)
    return sorted(str(s) for s in found)


async def ac_move_square(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, seat = got
    return [
        app_commands.Choice(name=s, value=s)
        for s in _squares_for(interaction, state, seat, False)
        if s.startswith(current.lower())
    ][:MAX_CHOICES]


async def ac_attack_square(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, seat = got
    out = []
    for s in _squares_for(interaction, state, seat, True):
        victim = state.board.get(Square.parse(s))
        out.append(app_commands.Choice(name=f"{s} ({victim.key if victim else ''})"[:100], value=s))
    return [c for c in out if c.value.startswith(current.lower())][:MAX_CHOICES]


async def ac_option(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, _ = got
    p = state.pending
    if p is None or p.decision is not Decision.CHOOSE:
        return []
    return [
        app_commands.Choice(name=o[:100], value=o[:100])
        for o in p.options
        if current.lower() in o.lower()
    ][:MAX_CHOICES]


class Game(commands.Cog):
    """Challenge, teams, setup, play, adjustments."""

    game = app_commands.Group(name="game", description="Start, watch and manage a game")

    @game.command(name="new", description="Challenge someone to a game of Wargame Chess")
    @app_commands.describe(
        opponent="Who you challenge",
        revised_star="Play The Star's later revision: one piece per player made fresh",
    )
    async def game_new(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        revised_star: bool = False,
    ) -> None:
        if opponent.bot:
            await respond(interaction, Answer.error("Bots cannot play: challenge a person."))
            return
        ans = await service(interaction).challenge(
            interaction.guild_id,
            channel_id(interaction),
            interaction.user.id,
            opponent.id,
            revised_star,
        )
        await respond(interaction, ans)

    @game.command(name="board", description="Show the board (only to you)")
    async def game_board(self, interaction: discord.Interaction) -> None:
        await self._look(interaction, "board")

    @game.command(name="status", description="Turn, whose decision, pieces and tokens")
    async def game_status(self, interaction: discord.Interaction) -> None:
        svc = service(interaction)
        cur = await svc.current(channel_id(interaction))
        if cur is None:
            await respond(interaction, Answer.error("There is no game in this channel."))
            return
        row, state = cur
        if state is None:
            chosen = ", ".join(row.meta.get("teams", {})) or "nobody yet"
            text = f"Game {row.id}: {row.status}. Teams chosen by: {chosen}."
        else:
            text = render_status(state)
        await respond(interaction, Answer(fit(text), ephemeral=True))

    @game.command(name="log", description="What happened lately")
    async def game_log(self, interaction: discord.Interaction) -> None:
        await self._look(interaction, "log")

    @game.command(name="undo", description="Ask your opponent to undo the last action")
    async def game_undo(self, interaction: discord.Interaction) -> None:
        ans = await service(interaction).request_undo(channel_id(interaction), interaction.user.id)
        await respond(interaction, ans)

    @game.command(name="concede", description="Concede the game")
    async def game_concede(self, interaction: discord.Interaction) -> None:
        ans = await service(interaction).concede(channel_id(interaction), interaction.user.id)
        await respond(interaction, ans)

    @game.command(name="export", description="The full event log as a file (replayable)")
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

    @app_commands.command(name="team", description="Choose your 14-point team")
    @app_commands.describe(team="e.g. K Q R 2N 3P, or a ready-made list")
    @app_commands.autocomplete(team=ac_team)
    async def team(self, interaction: discord.Interaction, team: str) -> None:
        await respond(
            interaction,
            await service(interaction).set_team(channel_id(interaction), interaction.user.id, team),
        )

    @app_commands.command(name="deploy", description="Deploy a piece, or all automatically")
    @app_commands.describe(piece="Your piece (or 'auto')", square="Where, in your two back ranks")
    @app_commands.autocomplete(piece=ac_my_piece)
    async def deploy(
        self, interaction: discord.Interaction, piece: str, square: str | None = None
    ) -> None:
        text = "deploy auto" if piece.lower() == "auto" else f"deploy {piece} {square or ''}"
        await self._run(interaction, text)

    @app_commands.command(name="activate", description="Activate (or Reactivate) a piece")
    @app_commands.autocomplete(piece=ac_activate)
    async def activate(self, interaction: discord.Interaction, piece: str) -> None:
        await self._run(interaction, f"activate {piece}")

    @app_commands.command(name="move", description="Move a piece (Activating it if needed)")
    @app_commands.autocomplete(piece=ac_my_piece, square=ac_move_square)
    async def move(self, interaction: discord.Interaction, piece: str, square: str) -> None:
        await self._run(interaction, f"move {piece} {square}")

    @app_commands.command(
        name="attack", description="Attack with a piece (Activating it if needed)"
    )
    @app_commands.autocomplete(piece=ac_my_piece, square=ac_attack_square)
    async def attack(self, interaction: discord.Interaction, piece: str, square: str) -> None:
        await self._run(interaction, f"attack {piece} {square}")

    @app_commands.command(name="choose", description="Answer a card's choice")
    @app_commands.autocomplete(option=ac_option)
    async def choose(self, interaction: discord.Interaction, option: str) -> None:
        await self._run(interaction, f'choose "{option}"')

    @app_commands.command(name="divinate", description="Divinate for one of your rules")
    @app_commands.describe(
        preferred="Preferred cards, comma separated (optional)",
        switch="Make this dealt card active instead of dealing",
    )
    async def divinate(
        self,
        interaction: discord.Interaction,
        preferred: str | None = None,
        switch: str | None = None,
    ) -> None:
        text = f"divinate switch {switch}" if switch else f"divinate {preferred or ''}"
        await self._run(interaction, text)

    adjust = app_commands.Group(
        name="adjust", description="Apply a faction rule by hand (logged for both)"
    )

    @adjust.command(name="tokens", description="Give or remove Advantage/Disadvantage tokens")
    @app_commands.autocomplete(piece=ac_any_piece)
    @app_commands.choices(
        token=[
            app_commands.Choice(name="Advantage", value="advantage"),
            app_commands.Choice(name="Disadvantage", value="disadvantage"),
        ]
    )
    async def adjust_tokens(
        self,
        interaction: discord.Interaction,
        piece: str,
        token: str,
        count: app_commands.Range[int, -20, 20] = 1,
    ) -> None:
        verb = "give" if count > 0 else "remove"
        await self._run(interaction, f'{verb} "{piece}" {token} {abs(count)}')

    @adjust.command(name="mark", description="Bless, Curse, slay or scatter a piece")
    @app_commands.autocomplete(piece=ac_any_piece)
    @app_commands.choices(
        what=[
            app_commands.Choice(name=n, value=n.lower())
            for n in ("Bless", "Curse", "Slay", "Scatter")
        ]
    )
    async def adjust_mark(self, interaction: discord.Interaction, piece: str, what: str) -> None:
        await self._run(interaction, f'{what} "{piece}"')

    @adjust.command(name="place", description="Put a slain or removed piece back on a square")
    @app_commands.autocomplete(piece=ac_any_piece)
    async def adjust_place(self, interaction: discord.Interaction, piece: str, square: str) -> None:
        await self._run(interaction, f'place "{piece}" {square}')

    @adjust.command(name="remove", description="Take a piece off the board (not slain)")
    @app_commands.autocomplete(piece=ac_any_piece)
    async def adjust_remove(self, interaction: discord.Interaction, piece: str) -> None:
        await self._run(interaction, f'takeoff "{piece}"')

    @adjust.command(name="redeploy", description="Redeploy a piece into its deployment zone")
    @app_commands.autocomplete(piece=ac_any_piece)
    async def adjust_redeploy(
        self, interaction: discord.Interaction, piece: str, square: str
    ) -> None:
        await self._run(interaction, f'redeploy "{piece}" {square}')

    @adjust.command(name="modifier", description="A +X/-X, min or max on a piece's next roll")
    @app_commands.autocomplete(piece=ac_any_piece)
    async def adjust_modifier(
        self, interaction: discord.Interaction, piece: str, value: str
    ) -> None:
        await self._run(interaction, f'modifier "{piece}" {value}')

    async def _look(self, interaction: discord.Interaction, text: str) -> None:
        """A command that only looks, answered to the asker alone."""
        ans = await service(interaction).command(channel_id(interaction), interaction.user.id, text)
        await respond(interaction, _private(ans))

    async def _run(self, interaction: discord.Interaction, text: str) -> None:
        ans = await service(interaction).command(channel_id(interaction), interaction.user.id, text)
        await respond(interaction, ans)


def _private(ans: Answer) -> Answer:
    ans.ephemeral = True
    return ans


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Game())

"""Slash commands for d20 explorer chess, all in the ``/d20`` group: move (or attack), the odds
of an attack, promotion choices, passing and the tile list. Each builds a d20 explorer chess
command (``bot.d20_chess.commands``) from its options; no rules live here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.d20_chess import commands as D
from bot.d20_chess.words import describe_action
from cogs.common import MAX_CHOICES, channel_id, service
from cogs.views import run_command
from rules.core.board import Square
from rules.core.errors import RulesError
from rules.d20_chess.actions import Move
from rules.d20_chess.movement import destinations
from rules.d20_chess.turn import movable, waiting

SYSTEM = "d20-chess"
PROMOTIONS = [
    app_commands.Choice(name=k, value=k.lower()) for k in ("Knight", "Bishop", "Rook", "Queen")
]


async def _my_state(interaction: discord.Interaction) -> tuple[Any, Any] | None:
    """The live d20 explorer chess state here and the user's seat (None: a spectator)."""
    svc = service(interaction)
    cur = await svc.current(channel_id(interaction))
    if cur is None or cur[1] is None or cur[0].system != SYSTEM:
        return None
    row, state = cur
    return state, svc.seat(row, interaction.user.id)


async def _movers_state(interaction: discord.Interaction) -> Any | None:
    """The live state when the asker (or a spectator) may look at the mover's choices: a
    move is open (no promotion asked, the game on) and the asker is not the other side."""
    got = await _my_state(interaction)
    if got is None:
        return None
    state, seat = got
    if state.over or state.offers or (seat is not None and seat is not state.to_act):
        return None
    return state


def _pieces_on(state: Any, squares: list[Any], current: str) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=f"{state.at(sq).kind.value} on {sq}", value=str(sq))
        for sq in squares
        if str(sq).startswith(typed)
    ][:MAX_CHOICES]


async def ac_from(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = await _movers_state(interaction)
    if state is None:
        return []
    return _pieces_on(state, [p.square for p in movable(state, state.to_act)], current)


async def ac_promote_square(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The asker's pieces kept unpromoted that may promote before their move."""
    state = await _movers_state(interaction)
    if state is None:
        return []
    squares = sorted({a.square for a in waiting(state, state.to_act) if a.square is not None})
    return _pieces_on(state, squares, current)


async def _from_piece(interaction: discord.Interaction) -> tuple[Any, Any] | None:
    """The live state and the piece on the square typed in ``from`` (None: no such piece)."""
    got = await _my_state(interaction)
    origin = getattr(interaction.namespace, "from", None)
    if got is None or not origin:
        return None
    state, _ = got
    try:
        piece = state.at(Square.parse(str(origin)))
    except RulesError:
        return None
    return None if piece is None else (state, piece)


async def ac_to(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    found = await _from_piece(interaction)
    if found is None:
        return []
    state, piece = found
    sq = piece.square
    if piece.owner is not state.to_act or state.over:
        return []
    return [
        app_commands.Choice(name=describe_action(state, Move(sq, to))[:100], value=str(to))
        for to in destinations(state, piece)
        if str(to).startswith(current.strip().lower())
    ][:MAX_CHOICES]


async def ac_odds_from(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Any side's pieces, at any time: the odds are a look, not a move."""
    got = await _my_state(interaction)
    if got is None:
        return []
    state, seat = got
    mine_first = sorted(
        (p for p in state.pieces if p.owner is not None),
        key=lambda p: (p.owner is not (seat if seat is not None else state.to_act), p.square),
    )
    return [
        app_commands.Choice(name=p.label, value=str(p.square))
        for p in mine_first
        if str(p.square).startswith(current.strip().lower())
    ][:MAX_CHOICES]


async def ac_odds_to(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The enemies of the piece chosen in ``from`` (the Dragon too), those it could attack now
    first, each with the odds."""
    found = await _from_piece(interaction)
    if found is None or found[1].owner is None:
        return []
    state, piece = found
    reach = set(destinations(state, piece))
    enemies = sorted(
        (p for p in state.pieces if p.owner is not piece.owner),
        key=lambda p: (p.square not in reach, p.square),
    )
    return [
        app_commands.Choice(
            name=(
                describe_action(state, Move(piece.square, p.square))
                if p.square in reach
                else f"{p.label} (out of its reach now)"
            )[:100],
            value=str(p.square),
        )
        for p in enemies
        if str(p.square).startswith(current.strip().lower())
    ][:MAX_CHOICES]


class D20Chess(commands.Cog):
    """d20 explorer chess: moves and attacks, odds, promotions, tiles."""

    d20 = app_commands.Group(name="d20", description="Play d20 explorer chess")

    @d20.command(name="move", description="Move a piece; onto an enemy or the Dragon, attack it")
    @app_commands.rename(origin="from")
    @app_commands.describe(origin="The square of your piece", to="Where it goes or attacks")
    @app_commands.autocomplete(origin=ac_from, to=ac_to)
    async def move(self, interaction: discord.Interaction, origin: str, to: str) -> None:
        await run_command(interaction, D.Move, origin=origin, to=to)

    @d20.command(name="odds", description="The exact chances of an attack (only to you)")
    @app_commands.rename(origin="from")
    @app_commands.describe(origin="The attacker's square", to="The defender's square")
    @app_commands.autocomplete(origin=ac_odds_from, to=ac_odds_to)
    async def odds(self, interaction: discord.Interaction, origin: str, to: str) -> None:
        await run_command(interaction, D.Odds, origin=origin, to=to)

    @d20.command(name="promote", description="Promote the piece that may promote now")
    @app_commands.describe(
        piece="What it becomes",
        square="A piece kept unpromoted: its square (it promotes before your move, at no turn)",
    )
    @app_commands.choices(piece=PROMOTIONS)
    @app_commands.autocomplete(square=ac_promote_square)
    async def promote(
        self, interaction: discord.Interaction, piece: str, square: str | None = None
    ) -> None:
        await run_command(interaction, D.Promote, piece=piece, square=square)

    @d20.command(name="keep", description="Do not promote now: the piece keeps its XP")
    async def keep(self, interaction: discord.Interaction) -> None:
        await run_command(interaction, D.Keep)

    @d20.command(name="pass", description="Pass when none of your pieces can move")
    async def pass_turn(self, interaction: discord.Interaction) -> None:
        await run_command(interaction, D.Pass)

    @d20.command(name="tiles", description="The tile deck, the tiles found and the pile left")
    async def tiles(self, interaction: discord.Interaction) -> None:
        await run_command(interaction, D.Tiles)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(D20Chess())

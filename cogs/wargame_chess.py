"""Slash commands for playing Wargame Chess in a channel: deployment, Activations, Moves and
Attacks, card choices, Divination and adjustments. Each builds a Wargame Chess command
(``bot.wargame_chess.commands``) from its options; no rules live here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import Answer
from bot.wargame_chess import commands as W
from bot.wargame_chess import factions as F
from cogs.common import MAX_CHOICES, channel_id, service
from cogs.views import respond, run_command
from rules.core.errors import RulesError
from rules.wargame_chess.board import Square
from rules.wargame_chess.engine import (
    activatable,
    aside_squares,
    castle_partners,
    combat_squares,
    destinations,
    promotion_choices,
    targets,
)
from rules.wargame_chess.state import Decision, Phase, Zone

SYSTEM = "wargame-chess"


async def _my_state(interaction: discord.Interaction) -> tuple[Any, Any, Any] | None:
    svc = service(interaction)
    cur = await svc.current(channel_id(interaction))
    if cur is None or cur[1] is None or cur[0].system != SYSTEM:
        return None
    row, state = cur
    return row, state, svc.seat(row, interaction.user.id)


# ---- autocomplete ----
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


async def ac_deploy_piece(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The asker's pieces still to deploy (a team in reserve is its player's secret, R9)."""
    got = await _my_state(interaction)
    if got is None or got[2] is None or got[1].phase is not Phase.DEPLOY:
        return []
    _, state, seat = got
    return [
        app_commands.Choice(name=f"{p.label} ({p.kind.display})", value=p.label)
        for p in state.pieces
        if p.owner is seat and p.zone is Zone.RESERVE and current.upper() in p.label
    ][:MAX_CHOICES]


async def ac_acting_piece(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """For a Move or an Attack in play: the piece Activating now, else the pieces that may
    be Activated (fresh, or any when Reactivating), for the player to act."""
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, seat = got
    if state.phase is not Phase.PLAY or (seat is not None and state.to_act is not seat):
        return []
    pend = state.pending
    acting = (Decision.ACT, Decision.SECOND_MOVE)  # (En Passant's second Move too)
    if pend is not None and pend.decision in acting and pend.piece:
        pieces = [state.piece(pend.piece)]
    elif pend is None and state.activation_picker is None:  # (not The High Priestess's pick)
        pieces = activatable(state)[0]
    else:
        pieces = []
    return [
        app_commands.Choice(name=f"{p.label} ({p.kind.display}) on {p.square}", value=p.label)
        for p in pieces
        if current.upper() in p.label
    ][:MAX_CHOICES]


async def ac_any_piece(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, seat = got
    shown = state.phase is Phase.PLAY or state.outcome is not None
    return [
        app_commands.Choice(name=f"{p.key} ({p.zone.value})", value=p.key)
        for p in state.pieces
        if current.lower() in p.key.lower()
        # (before both teams are deployed, a team's reserve is its player's secret, R9)
        and (shown or p.zone is Zone.BOARD or (seat is not None and p.owner is seat))
    ][:MAX_CHOICES]


def _squares_for(
    interaction: discord.Interaction, state: Any, seat: Any, attack: bool
) -> list[str]:
    label = getattr(interaction.namespace, "piece", None)
    if not label:
        return []
    try:
        piece = state.find(str(label), seat if seat is not None else state.decider)
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


def _pending(got: tuple[Any, Any, Any] | None, *decisions: Decision) -> Any:
    """The state when the game waits for one of ``decisions``, else None."""
    if got is None:
        return None
    state = got[1]
    p = state.pending
    return state if p is not None and p.decision in decisions else None


async def _pieces_for(
    interaction: discord.Interaction, current: str, decision: Decision, offered: Any
) -> list[app_commands.Choice[str]]:
    """The pieces a pending decision offers (``offered(state, deciding piece)``)."""
    state = _pending(await _my_state(interaction), decision)
    if state is None:
        return []
    return [
        app_commands.Choice(name=f"{p.label} ({p.kind.display}, {p.zone.value})", value=p.label)
        for p in offered(state, state.piece(state.pending.piece))
        if current.upper() in p.label
    ][:MAX_CHOICES]


async def ac_promote(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _pieces_for(interaction, current, Decision.PROMOTION, promotion_choices)


async def ac_castle(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _pieces_for(interaction, current, Decision.CASTLE, castle_partners)


async def ac_combat_piece(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    state = _pending(await _my_state(interaction), Decision.COMBAT_MOVEMENT)
    if state is None or state.attack is None:
        return []
    att = state.attack
    return [
        app_commands.Choice(name=f"{key} ({role})", value=key)
        for key, role in ((att.attacker, "the attacker"), (att.defender, "the defender"))
        if current.lower() in key.lower()
    ]


async def ac_combat_square(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    state = _pending(got, Decision.COMBAT_MOVEMENT) or _pending(got, Decision.MOVE_ASIDE)
    if state is None:
        return []
    pending = state.pending.decision
    squares = combat_squares(state) if pending is Decision.COMBAT_MOVEMENT else aside_squares(state)
    return [
        app_commands.Choice(name=str(s), value=str(s))
        for s in squares
        if str(s).startswith(current.lower())
    ][:MAX_CHOICES]


async def ac_summon_option(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Your faction's options, Summon-only ones first."""
    got = await _my_state(interaction)
    if got is None or got[2] is None:
        return []
    _, state, seat = got
    options = sorted(state.config.teams[seat].faction.options, key=lambda o: o.max > 0)
    return [
        app_commands.Choice(name=f"{o.name} ({o.kind.display}) {o.range_text}"[:100], value=o.name)
        for o in options
        if current.lower() in o.name.lower()
    ][:MAX_CHOICES]


async def ac_server_faction(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    factions = await F.library(service(interaction).store, interaction.guild_id)
    names = [str(e.get("name", k)) for k, e in sorted(factions.items())]
    if interaction.command is not None and interaction.command.name == "show":
        names.append("Standard")  # (last: with 25 server factions it is the one left out)
    return [
        app_commands.Choice(name=n[:100], value=n[:100])
        for n in names
        if current.lower() in n.lower()
    ][:MAX_CHOICES]


ANY_PIECE = "Any piece, by player and label, e.g. White N1 or Black P3"

TOKEN_CHOICES = [
    app_commands.Choice(name="Spend it (Advantage on this roll)", value="spend"),
    app_commands.Choice(name="Keep it", value="keep"),
]


class WargameChess(commands.Cog):
    """Deployment, Activations, Moves and Attacks, card choices, Divination, adjustments."""

    @app_commands.command(name="deploy", description="Deploy a piece, or all automatically")
    @app_commands.describe(piece="Your piece (or 'auto')", square="Where, in your two back ranks")
    @app_commands.autocomplete(piece=ac_deploy_piece)
    async def deploy(
        self, interaction: discord.Interaction, piece: str, square: str | None = None
    ) -> None:
        if piece.strip().lower() == "auto":
            await run_command(interaction, W.DeployAuto)
            return
        await run_command(interaction, W.Deploy, piece=piece, square=square)

    @app_commands.command(name="activate", description="Activate (or Reactivate) a piece")
    @app_commands.describe(piece="Your piece to Activate (or Reactivate), by label, e.g. P1 or N2")
    @app_commands.autocomplete(piece=ac_activate)
    async def activate(self, interaction: discord.Interaction, piece: str) -> None:
        await run_command(interaction, W.Activate, piece=piece)

    @app_commands.command(name="move", description="Move a piece (Activating it if needed)")
    @app_commands.describe(
        piece="Your piece to Move, by label, e.g. P1 or N2",
        square="The square it Moves to, e.g. e4",
    )
    @app_commands.autocomplete(piece=ac_acting_piece, square=ac_move_square)
    async def move(self, interaction: discord.Interaction, piece: str, square: str) -> None:
        await run_command(interaction, W.Move, piece=piece, square=square)

    @app_commands.command(
        name="attack", description="Attack with a piece (Activating it if needed)"
    )
    @app_commands.describe(
        piece="Your attacking piece, by label, e.g. N1 or Q1",
        square="The square of the enemy piece it Attacks, e.g. e5",
    )
    @app_commands.autocomplete(piece=ac_acting_piece, square=ac_attack_square)
    async def attack(self, interaction: discord.Interaction, piece: str, square: str) -> None:
        await run_command(interaction, W.Attack, piece=piece, square=square)

    @app_commands.command(name="token", description="Spend or keep your Advantage token")
    @app_commands.describe(choice="Spend it on this roll, or keep it")
    @app_commands.choices(choice=TOKEN_CHOICES)
    async def token(self, interaction: discord.Interaction, choice: str) -> None:
        if choice not in ("spend", "keep"):
            await run_command(interaction, W.UseToken, spend=choice)  # refused: not yes or no
            return
        await run_command(interaction, W.UseToken, spend=choice == "spend")

    @app_commands.command(name="promote", description="Promote your Pawn into a slain piece")
    @app_commands.describe(piece="The slain piece it becomes")
    @app_commands.autocomplete(piece=ac_promote)
    async def promote(self, interaction: discord.Interaction, piece: str) -> None:
        await run_command(interaction, W.Promote, piece=piece)

    @app_commands.command(name="castle", description="Castle your Rook with an adjacent ally")
    @app_commands.describe(piece="The ally that swaps squares with the Rook")
    @app_commands.autocomplete(piece=ac_castle)
    async def castle(self, interaction: discord.Interaction, piece: str) -> None:
        await run_command(interaction, W.Castle, piece=piece)

    @app_commands.command(
        name="decline", description="Say no to a Promotion, a Castle or a second Move"
    )
    async def decline(self, interaction: discord.Interaction) -> None:
        await run_command(interaction, W.Decline)

    @app_commands.command(name="combat", description="Combat Movement after a failed Attack")
    @app_commands.describe(
        piece="The attacker or the defender", square="An empty square next to the defender"
    )
    @app_commands.autocomplete(piece=ac_combat_piece, square=ac_combat_square)
    async def combat(self, interaction: discord.Interaction, piece: str, square: str) -> None:
        await run_command(interaction, W.CombatMove, piece=piece, square=square)

    @app_commands.command(
        name="aside", description="Place a piece that could not be slain next to it"
    )
    @app_commands.describe(square="A free square next to it")
    @app_commands.autocomplete(square=ac_combat_square)
    async def aside(self, interaction: discord.Interaction, square: str) -> None:
        await run_command(interaction, W.MoveAside, square=square)

    @app_commands.command(name="choose", description="Answer a card's choice")
    @app_commands.describe(option="One of the options the card offers (pick from the list)")
    @app_commands.autocomplete(option=ac_option)
    async def choose(self, interaction: discord.Interaction, option: str) -> None:
        await run_command(interaction, W.ChooseOption, option=option)

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
        if switch is not None:
            await run_command(interaction, W.Divinate, switch=switch)
            return
        wanted = [p for p in (preferred or "").split(",") if p.strip()]
        await run_command(interaction, W.Divinate, preferred=wanted)

    adjust = app_commands.Group(
        name="adjust", description="Apply a faction rule by hand (logged for both)"
    )

    @adjust.command(name="tokens", description="Give or remove Advantage/Disadvantage tokens")
    @app_commands.describe(
        piece=ANY_PIECE,
        token="Advantage or Disadvantage tokens",
        count="How many: a positive number gives them, a negative one removes them",
    )
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
        await run_command(interaction, W.Tokens, piece=piece, token=token, count=count)

    @adjust.command(name="mark", description="Bless, Curse, slay or scatter a piece")
    @app_commands.describe(
        piece=ANY_PIECE,
        what="Bless, Curse, slay it, or Scatter it (a D8 picks a free adjacent square)",
    )
    @app_commands.autocomplete(piece=ac_any_piece)
    @app_commands.choices(
        what=[
            app_commands.Choice(name=n, value=n.lower())
            for n in ("Bless", "Curse", "Slay", "Scatter")
        ]
    )
    async def adjust_mark(self, interaction: discord.Interaction, piece: str, what: str) -> None:
        await run_command(interaction, W.MarkPiece, piece=piece, mark=what)

    @adjust.command(name="discard_tarot", description="Discard a dealt tarot card")
    @app_commands.describe(card="The dealt card a rule discards")
    async def adjust_discard_tarot(self, interaction: discord.Interaction, card: str) -> None:
        await run_command(interaction, W.DiscardTarot, card=card)

    @adjust.command(name="place", description="Put a slain or removed piece back on a square")
    @app_commands.describe(
        piece="A slain or removed piece, e.g. White N1 or Black P3",
        square="The empty square to put it on, e.g. d4",
    )
    @app_commands.autocomplete(piece=ac_any_piece)
    async def adjust_place(self, interaction: discord.Interaction, piece: str, square: str) -> None:
        await run_command(interaction, W.Place, piece=piece, square=square)

    @adjust.command(name="draw_cards", description="Draw from this game's playing cards")
    @app_commands.describe(
        count="How many cards your rule draws (1-10)",
        keep="Keep them aside until the end of the turn or the game, or discard them",
    )
    @app_commands.choices(
        keep=[
            app_commands.Choice(name="until the end of the turn", value="turn"),
            app_commands.Choice(name="until the end of the game", value="game"),
            app_commands.Choice(name="discard them", value="discard"),
        ]
    )
    async def adjust_draw_cards(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 10] = 1,
        keep: str = "turn",
    ) -> None:
        await run_command(interaction, W.DrawCards, count=count, keep=keep)

    @adjust.command(name="read_bones", description="Read your bone pool for one of your rules")
    @app_commands.describe(keep="True keeps the results for later (as your rule says)")
    async def adjust_read_bones(self, interaction: discord.Interaction, keep: bool = False) -> None:
        await run_command(interaction, W.ReadBones, keep=keep)

    @adjust.command(name="summon", description="Summon a new piece of one of your options")
    @app_commands.describe(
        option="The piece option a Summon rule brings, e.g. a Summon-only (0) one",
        square="The empty square to Summon it to, e.g. c3",
    )
    @app_commands.autocomplete(option=ac_summon_option)
    async def adjust_summon(
        self, interaction: discord.Interaction, option: str, square: str
    ) -> None:
        await run_command(interaction, W.Summon, option=option, square=square)

    @adjust.command(name="remove", description="Take a piece off the board (not slain)")
    @app_commands.describe(piece="The piece on the board to take off, e.g. White N1 or Black P3")
    @app_commands.autocomplete(piece=ac_any_piece)
    async def adjust_remove(self, interaction: discord.Interaction, piece: str) -> None:
        await run_command(interaction, W.TakeOff, piece=piece)

    @adjust.command(name="redeploy", description="Redeploy a piece into its deployment zone")
    @app_commands.describe(
        piece="A deployed piece, e.g. White B2 or Black K1",
        square="A free square in its player's deployment zone, e.g. c2",
    )
    @app_commands.autocomplete(piece=ac_any_piece)
    async def adjust_redeploy(
        self, interaction: discord.Interaction, piece: str, square: str
    ) -> None:
        await run_command(interaction, W.Redeploy, piece=piece, square=square)

    @adjust.command(name="modifier", description="A +X/-X, min or max on a piece's next roll")
    @app_commands.describe(
        piece="The piece whose next roll it changes, e.g. White N1",
        value="+2, -1, min 5 (at least 5) or max 7 (at most 7)",
    )
    @app_commands.autocomplete(piece=ac_any_piece)
    async def adjust_modifier(
        self, interaction: discord.Interaction, piece: str, value: str
    ) -> None:
        await run_command(interaction, W.RollModifier, piece=piece, value=value)

    faction = app_commands.Group(
        name="faction", description="This server's own factions (moderators add them from files)"
    )

    @faction.command(name="add", description="Add or replace a faction from its file")
    @app_commands.describe(file="A faction file (.toml or .json) as docs/factions.md shows")
    async def faction_add(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if (guild := await _moderator(interaction)) is None:
            return
        refusal = F.refuse_upload(file.filename, file.size)
        if refusal is not None:
            await respond(interaction, Answer.error(refusal))
            return
        try:
            data = await file.read()
        except discord.HTTPException:
            await respond(interaction, Answer.error("Discord did not give me the file: try again."))
            return
        if (refusal := F.refuse_upload(file.filename, len(data))) is not None:
            await respond(interaction, Answer.error(refusal))
            return
        svc = service(interaction)
        await respond(interaction, await F.add_faction(svc.store, guild, interaction.user.id, data))

    @faction.command(name="remove", description="Remove one of this server's factions")
    @app_commands.describe(name="The faction to remove (games already started keep theirs)")
    @app_commands.autocomplete(name=ac_server_faction)
    async def faction_remove(self, interaction: discord.Interaction, name: str) -> None:
        if (guild := await _moderator(interaction)) is None:
            return
        svc = service(interaction)
        ans = await F.remove_faction(svc.store, guild, interaction.user.id, name)
        await respond(interaction, ans)

    @faction.command(name="list", description="The factions this server can play")
    async def faction_list(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            await respond(interaction, Answer.error(SERVERS_ONLY))
            return
        await respond(
            interaction, await F.list_factions(service(interaction).store, interaction.guild_id)
        )

    @faction.command(
        name="show", description="A faction's roster, ranks, costs, upgrades and rules"
    )
    @app_commands.describe(name="Standard or one of this server's factions")
    @app_commands.autocomplete(name=ac_server_faction)
    async def faction_show(self, interaction: discord.Interaction, name: str) -> None:
        if interaction.guild_id is None:
            await respond(interaction, Answer.error(SERVERS_ONLY))
            return
        svc = service(interaction)
        await respond(interaction, await F.show_faction(svc.store, interaction.guild_id, name))


SERVERS_ONLY = "Factions belong to a server: use this command in one."


async def _moderator(interaction: discord.Interaction) -> int | None:
    """The server's id if the user may change its factions (Manage Server); else refuses."""
    if interaction.guild_id is None:
        await respond(interaction, Answer.error(SERVERS_ONLY))
        return None
    perms = getattr(interaction, "permissions", None)
    if perms is None or not perms.manage_guild:
        await respond(
            interaction, Answer.error("Changing this server's factions needs Manage Server.")
        )
        return None
    return interaction.guild_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WargameChess())

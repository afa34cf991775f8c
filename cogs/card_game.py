"""Slash commands for Chess: The Card Game, all in the `/cards` group: your hand (privately),
burning, playing, moving, attacking the King, your King's ability, answering choices and
windows, and card look-up. Each builds a command (``bot.card_game.commands``); no rules here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import commands as K
from bot.card_game import commands as C
from bot.service import Answer
from cogs.common import MAX_CHOICES, channel_id, service
from cogs.views import respond, run_command
from rules.card_game.catalogue import autocomplete as card_names
from rules.card_game.engine import decider, legal_actions
from rules.core.errors import RulesError

SYSTEM = C.SYSTEM


async def _my_state(interaction: discord.Interaction) -> tuple[Any, Any] | None:
    svc = service(interaction)
    cur = await svc.current(channel_id(interaction))
    if cur is None or cur[1] is None or cur[0].system != SYSTEM:
        return None
    row, state = cur
    return state, svc.seat(row, interaction.user.id)


async def _look(interaction: discord.Interaction, make: type[K.Command], **raw: Any) -> None:
    """A command that only looks, answered to the asker alone."""
    try:
        command = K.build(make, **raw)
    except RulesError as e:
        await respond(interaction, Answer.refusal(e))
        return
    ans = await service(interaction).execute(channel_id(interaction), interaction.user.id, command)
    ans.ephemeral = True
    got = await _my_state(interaction)
    if ans.state is not None and (got is None or got[1] is not decider(ans.state)):
        ans.state = None  # the open choice's menu may name its decider's cards: theirs alone
    await respond(interaction, ans)


async def ac_hand(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Cards of the asker's own hand (autocomplete answers only the asker)."""
    got = await _my_state(interaction)
    if got is None or got[1] is None:
        return []
    state, seat = got
    names = dict.fromkeys(state.card(c).name for c in state.side(seat).hand)
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][
        :MAX_CHOICES
    ]


async def ac_card(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c.name, value=c.name) for c in card_names(current)]


async def ac_unit(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    state, seat = got
    owner = seat if seat is not None else decider(state)
    return [
        app_commands.Choice(name=f"{u.square}: {state.card(u.cid).name}", value=str(u.square))
        for u in state.units
        if u.owner is owner and str(u.square).startswith(current.lower())
    ][:MAX_CHOICES]


async def ac_option(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None or got[0].program is None or got[1] is not decider(got[0]):
        return []
    return [
        app_commands.Choice(name=label[:100], value=key)
        for key, label in got[0].program.options
        if current.lower() in label.lower()
    ][:MAX_CHOICES]


async def ac_destination(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    from rules.card_game.actions import Move

    got = await _my_state(interaction)
    start = str(getattr(interaction.namespace, "start", "") or "")
    if got is None or got[1] is not decider(got[0]):
        return []
    state = got[0]
    here = {str(u.square): u.cid for u in state.units}.get(start.strip().lower())
    squares = sorted(
        {str(a.square) for a in legal_actions(state) if isinstance(a, Move) and a.unit == here}
    )
    return [app_commands.Choice(name=s, value=s) for s in squares if s.startswith(current)]


def make_commands() -> list[app_commands.Command[Any, ..., None]]:
    """Fresh command objects for one bot (a command belongs to one group)."""

    @app_commands.command(name="hand", description="Your hand and playable cards (only you see it)")
    async def hand(interaction: discord.Interaction) -> None:
        await _look(interaction, C.Hand)

    @app_commands.command(
        name="card", description="Look a card up (any spelling), with its picture"
    )
    @app_commands.describe(name="The card's name, any spelling (e.g. Knight of Hearts)")
    @app_commands.autocomplete(name=ac_card)
    async def card(interaction: discord.Interaction, name: str) -> None:
        await _look(interaction, C.CardInfo, card=name)

    @app_commands.command(name="play", description="Play a piece or a Tactic from your hand")
    @app_commands.describe(card="A card in your hand (its name)")
    @app_commands.autocomplete(card=ac_hand)
    async def play(interaction: discord.Interaction, card: str) -> None:
        await run_command(interaction, C.Play, card=card)

    @app_commands.command(name="burn", description="Burn a card for its Material Value")
    @app_commands.describe(card="A card in your hand to burn for its Material Value")
    @app_commands.autocomplete(card=ac_hand)
    async def burn(interaction: discord.Interaction, card: str) -> None:
        await run_command(interaction, C.Burn, card=card)

    @app_commands.command(name="done", description="End your Material Phase (burn no more)")
    async def done(interaction: discord.Interaction) -> None:
        await run_command(interaction, C.Done)

    @app_commands.command(
        name="mulligan", description="Put a card of your opening hand at the bottom"
    )
    @app_commands.describe(card="A card of your opening hand to put at the bottom of your deck")
    @app_commands.autocomplete(card=ac_hand)
    async def mulligan(interaction: discord.Interaction, card: str) -> None:
        await run_command(interaction, C.Mulligan, card=card)

    @app_commands.command(name="keep", description="Keep your opening hand (draw back to 5)")
    async def keep(interaction: discord.Interaction) -> None:
        await run_command(interaction, C.Keep)

    @app_commands.command(name="move", description="Move a ready unit (into an enemy: a fight)")
    @app_commands.describe(start="The unit's square", to="Where it goes")
    @app_commands.autocomplete(start=ac_unit, to=ac_destination)
    async def move(interaction: discord.Interaction, start: str, to: str) -> None:
        await run_command(interaction, C.Move, start=start, to=to)

    @app_commands.command(name="attack", description="Attack the enemy King from the enemy Base")
    @app_commands.describe(start="The attacking unit's square")
    @app_commands.autocomplete(start=ac_unit)
    async def attack(interaction: discord.Interaction, start: str) -> None:
        await run_command(interaction, C.AttackKing, start=start)

    @app_commands.command(name="king", description="Use your King's ability (once a turn)")
    async def king(interaction: discord.Interaction) -> None:
        await run_command(interaction, C.King)

    @app_commands.command(name="choose", description="Answer the open choice")
    @app_commands.describe(option="One of the choices the open decision offers")
    @app_commands.autocomplete(option=ac_option)
    async def choose(interaction: discord.Interaction, option: str) -> None:
        await run_command(interaction, C.Choose, option=option)

    @app_commands.command(name="trigger", description="Resolve or decline a waiting ability")
    @app_commands.describe(use="Resolve it (or decline)", card="Whose ability (default: first)")
    async def trigger(
        interaction: discord.Interaction, use: bool = True, card: str | None = None
    ) -> None:
        await run_command(interaction, C.Trigger, use=use, card=card)

    @app_commands.command(
        name="pass", description="Close your combat window, or let a Tactic resolve"
    )
    async def pass_window(interaction: discord.Interaction) -> None:
        await run_command(interaction, C.Pass)

    @app_commands.command(name="end", description="End your turn")
    async def end(interaction: discord.Interaction) -> None:
        await run_command(interaction, C.EndTurn)

    return [
        hand,
        card,
        play,
        burn,
        done,
        mulligan,
        keep,
        move,
        attack,
        king,
        choose,
        trigger,
        pass_window,
        end,
    ]


async def setup(bot: commands.Bot) -> None:
    """Add the commands to the `/cards` group. The table companion (loaded first) already has a
    `/cards` group for its playing-card deck (draw, discard, shuffle): slash command names are
    global, so these join it there; without it they make the group themselves."""
    group = bot.tree.get_command("cards")
    if not isinstance(group, app_commands.Group):
        group = app_commands.Group(name="cards", description="Chess: The Card Game and cards")
        bot.tree.add_command(group)
    for command in make_commands():
        group.add_command(command)

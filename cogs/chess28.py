"""Slash commands for playing Chess28 in a channel, all in the `/chess28` group: setup,
deployment, Move, Charge, Melee and Ranged Attacks, Shove, Dig, Refresh, Gambit Cards, answers
to decisions, and looking (hand, model cards, the builder, odds, rules). Each builds a Chess28
command (``bot.chess28.commands``) from its options; no rules live here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import commands as K
from bot.chess28 import commands as C
from bot.chess28.table import ATTACK_QUESTIONS
from bot.service import Answer
from bot.table import Table
from cogs.common import MAX_CHOICES, channel_id, service
from cogs.views import respond, run_command
from rules.chess28 import actions as A
from rules.chess28.cards import BY_NUMBER
from rules.chess28.combat import melee_targets, shoot_targets
from rules.chess28.engine import can_activate, unit_actions
from rules.chess28.moving import destinations
from rules.chess28.state import Zone
from rules.core.dice import SystemDice
from rules.core.errors import RulesError

SYSTEM = "chess28"
FACINGS = [app_commands.Choice(name=n, value=n[0]) for n in ("North", "East", "South", "West")]
TERRAINS = [app_commands.Choice(name=k.label, value=k.value) for k in C.TerrainChoice]
DIRECTIONS = [
    app_commands.Choice(name=f"{n} ({d.value})", value=d.value)
    for n, d in zip(
        ("front-left", "front", "front-right", "left", "right", "back-left", "back", "back-right"),
        C.Direction,
        strict=True,
    )
]


async def _my_state(interaction: discord.Interaction) -> tuple[Any, Any, Any] | None:
    svc = service(interaction)
    cur = await svc.current(channel_id(interaction))
    if cur is None or cur[1] is None or cur[0].system != SYSTEM:
        return None
    row, state = cur
    return row, state, svc.seat(row, interaction.user.id)


def _choices(items: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=name[:100], value=value[:100])
        for name, value in items
        if current.lower() in name.lower()
    ][:MAX_CHOICES]


def _unit(state: Any, interaction: discord.Interaction) -> Any:
    text = getattr(interaction.namespace, "unit", None)
    if not text:
        return None
    try:
        return state.find(str(text))
    except RulesError:
        return None


# ---- autocomplete ----
async def ac_unit(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, seat = got
    owner = seat if seat is not None else state.decider
    looking = interaction.command is not None and interaction.command.name == "odds"
    items = [
        (f"{u.key} {u.model.name} ({u.square or u.zone.value})", u.key)
        for u in state.units
        if (u.owner is owner or (looking and u.on_board)) and u.zone is not Zone.DEAD
    ]
    return _choices(items, current)


async def ac_square(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The chosen model's legal squares: where it may move (for a Charge, only where it has
    someone to attack, with those facings), or whom it may attack; for the odds, a look, what
    any model has in its Melee Range, whoever asks."""
    got = await _my_state(interaction)
    if got is None:
        return []
    _, state, _ = got
    u = _unit(state, interaction)
    command = interaction.command.name if interaction.command is not None else ""
    p = state.pending
    charged = p is not None and p.kind in ATTACK_QUESTIONS  # (its Charge's attack: the
    if u is not None and command == "melee" and charged and p.unit == u.key:  # enemies it may hit)
        return _choices([(o, o) for o in p.options if o != "no attack"], current)
    if u is None or not u.on_board or (command != "odds" and not can_activate(state, u)):
        return []
    if command in ("melee", "odds"):
        items = [
            (f"{sq} ({state.at(sq).key if state.at(sq) else 'chest'})", str(sq))
            for sq in melee_targets(state, u)
        ]
    elif command == "charge":
        facings: dict[Any, list[str]] = {}
        for a in unit_actions(state, u):
            if isinstance(a, A.Charge):
                facings.setdefault(a.square, []).append(a.facing)
        items = [(f"{sq} (facing {'/'.join(fs)})", str(sq)) for sq, fs in facings.items()]
    else:
        items = [
            (f"{sq} (facing {'/'.join(f.value for f in fs)})", str(sq))
            for sq, fs in destinations(state, u).items()
        ]
    return _choices(items, current)


async def ac_direction(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None:
        return []
    u = _unit(got[1], interaction)
    if u is None:
        return []
    items = [(f"{d} at {sq}", d) for d, sq in shoot_targets(got[1], u).items()]
    return _choices(items, current)


async def ac_option(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    got = await _my_state(interaction)
    if got is None or got[1].pending is None:
        return []
    _, state, seat = got
    if seat is not state.pending.chooser:
        return []  # a decision's options can name secret cards: only the chooser sees them
    return _choices([(o, o) for o in state.pending.options], current)


async def ac_card(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The asker's own Gambit Cards (a hand is secret: nobody else is offered it)."""
    got = await _my_state(interaction)
    if got is None or got[2] is None:
        return []
    _, state, seat = got
    return _choices([(BY_NUMBER[c].title, BY_NUMBER[c].title) for c in state.hands[seat]], current)


async def _look(interaction: discord.Interaction, make: type[K.Command], **raw: Any) -> None:
    """A command that only looks, answered to the asker alone."""
    try:
        command = K.build(make, **raw)
    except RulesError as e:
        await respond(interaction, Answer.refusal(e))
        return
    if await _my_state(interaction) is not None:
        ans = await service(interaction).execute(
            channel_id(interaction), interaction.user.id, command
        )
    elif isinstance(command, C.ShowReach | C.ShowHand):  # (these need a game in play)
        ans = await service(interaction).no_game_here(
            channel_id(interaction), "There is no Chess28 game in play here"
        )
    else:  # no Chess28 game here: cards, the builder, odds and rules need none
        reply = Table(SystemDice(), None, SYSTEM).execute(command)
        ans = Answer(reply.text, ok=reply.ok, image=reply.image, image_name=reply.image_name)
    ans.ephemeral = True
    await respond(interaction, ans)


class Chess28(commands.Cog):
    """Chess28's commands, in one group."""

    group = app_commands.Group(name="chess28", description="Play Chess28")

    @group.command(name="mode", description="Choose the game mode (White, at the start)")
    @app_commands.describe(
        mode="Piñata (destroy the enemy Treasure Chest), last side standing, or random",
        desperation=(
            "Desperation: draw two Gambit Cards once over half your models are Dead or Drained"
        ),
    )
    @app_commands.choices(
        mode=[
            app_commands.Choice(name="Piñata (destroy the enemy Treasure Chest)", value="pinata"),
            app_commands.Choice(name="Last side standing", value="last-standing"),
            app_commands.Choice(name="Random", value="random"),
        ]
    )
    async def mode(
        self, interaction: discord.Interaction, mode: str, desperation: bool = False
    ) -> None:
        await run_command(interaction, C.ChooseMode, mode=mode, desperation=desperation)

    @group.command(name="roll", description="Roll off for the First Player (setup)")
    async def roll(self, interaction: discord.Interaction) -> None:
        await run_command(interaction, C.RollOff)

    @group.command(name="chest", description="Place your Treasure Chest (Piñata)")
    @app_commands.describe(square="d or e of your Backline")
    async def chest(self, interaction: discord.Interaction, square: str) -> None:
        await run_command(interaction, C.PlaceChest, square=square)

    @group.command(name="terrain", description="Place a terrain piece")
    @app_commands.describe(
        kind="Blocking, Perilous (1 wound on entering), Moveable (can be Shoved), or several",
        square="Its square, e.g. e4: outside the back two ranks of both players",
        extra="For a large piece, its second square beside the first, e.g. f4 or e5",
    )
    @app_commands.choices(kind=TERRAINS)
    async def terrain(
        self, interaction: discord.Interaction, kind: str, square: str, extra: str | None = None
    ) -> None:
        await run_command(interaction, C.PlaceTerrain, kind=kind, square=square, extra=extra)

    @group.command(name="deploy", description="Deploy a model on your Backline")
    @app_commands.describe(
        unit="Your model to deploy, by its label (e.g. W1 or B3)",
        square="An empty square of your Backline (the next row in if it is full), e.g. e1",
        facing="Its facing: North, East, South or West",
    )
    @app_commands.autocomplete(unit=ac_unit)
    @app_commands.choices(facing=FACINGS)
    async def deploy(
        self, interaction: discord.Interaction, unit: str, square: str, facing: str
    ) -> None:
        await run_command(interaction, C.Deploy, unit=unit, square=square, facing=facing)

    @group.command(name="move", description="Move a model (its activation)")
    @app_commands.describe(
        unit="Your model to activate, by its label (e.g. W1 or B3)",
        square="Its destination square on its Move Chart, e.g. e4",
        facing="Its facing after the move (N/E/S/W); leave out if the square allows only one",
    )
    @app_commands.autocomplete(unit=ac_unit, square=ac_square)
    @app_commands.choices(facing=FACINGS)
    async def move(
        self, interaction: discord.Interaction, unit: str, square: str, facing: str | None = None
    ) -> None:
        await run_command(interaction, C.Move, unit=unit, square=square, facing=facing)

    @group.command(name="charge", description="Move a model, then make a Melee Attack")
    @app_commands.describe(
        unit="Your model to charge with, by its label (e.g. W1 or B3)",
        square="Its destination square on its Move Chart, e.g. e4; then it may make a Melee Attack",
        facing="Its facing after the move (N/E/S/W); leave out if the square allows only one",
    )
    @app_commands.autocomplete(unit=ac_unit, square=ac_square)
    @app_commands.choices(facing=FACINGS)
    async def charge(
        self, interaction: discord.Interaction, unit: str, square: str, facing: str | None = None
    ) -> None:
        await run_command(interaction, C.Move, unit=unit, square=square, facing=facing, charge=True)

    @group.command(name="melee", description="Make a Melee Attack")
    @app_commands.describe(
        unit="Your attacking model, by its label (e.g. W1 or B3)",
        target="Square of the enemy model or Treasure Chest in its Melee Range (e5), or the "
        "model's label (B2)",
    )
    @app_commands.autocomplete(unit=ac_unit, target=ac_square)
    async def melee(self, interaction: discord.Interaction, unit: str, target: str) -> None:
        await run_command(interaction, C.Melee, unit=unit, target=target)

    @group.command(name="shoot", description="Make a Ranged Attack")
    @app_commands.describe(
        unit="Your model with a Ranged Weapon, by its label (e.g. W1 or B3)",
        direction="Its Ranged Weapon direction, turned to its facing: fl, f, fr, l, r, bl, b or br",
    )
    @app_commands.autocomplete(unit=ac_unit, direction=ac_direction)
    async def shoot(self, interaction: discord.Interaction, unit: str, direction: str) -> None:
        await run_command(interaction, C.Shoot, unit=unit, direction=direction)

    @group.command(name="shove", description="Shove Moveable terrain one square")
    @app_commands.describe(
        unit="Your model on or next to the Moveable terrain, by its label (e.g. W1)",
        terrain="A square of the Moveable terrain (or Treasure Chest) to Shove, e.g. d4",
        square="Where that square goes, one step away, e.g. d5 (a large piece moves whole)",
    )
    @app_commands.autocomplete(unit=ac_unit)
    async def shove(
        self, interaction: discord.Interaction, unit: str, terrain: str, square: str
    ) -> None:
        await run_command(interaction, C.Shove, unit=unit, terrain=terrain, square=square)

    @group.command(name="dig", description="Dig: the model leaves play")
    @app_commands.describe(
        unit="Your model with Dig, leaving play, by its label (e.g. W1 or B3)",
    )
    @app_commands.autocomplete(unit=ac_unit)
    async def dig(self, interaction: discord.Interaction, unit: str) -> None:
        await run_command(interaction, C.Dig, unit=unit)

    @group.command(name="emerge", description="Bring a dug-in model back on an edge square")
    @app_commands.describe(
        unit="Your dug-in model, by its label (e.g. W1 or B3)",
        square="An empty edge square, not in the enemy's back rank, e.g. a4",
        facing="Its facing: North, East, South or West",
    )
    @app_commands.autocomplete(unit=ac_unit)
    @app_commands.choices(facing=FACINGS)
    async def emerge(
        self, interaction: discord.Interaction, unit: str, square: str, facing: str
    ) -> None:
        await run_command(interaction, C.Place, unit=unit, square=square, facing=facing)

    @group.command(name="retreat", description="Fall Back!: a model retreats to your Backline")
    @app_commands.describe(
        unit="Your model taking the Retreat action after Fall Back!, by its label (e.g. W1)",
        square="An empty square of your Backline, e.g. c1",
        facing="Its facing: North, East, South or West",
    )
    @app_commands.autocomplete(unit=ac_unit)
    @app_commands.choices(facing=FACINGS)
    async def retreat(
        self, interaction: discord.Interaction, unit: str, square: str, facing: str
    ) -> None:
        await run_command(
            interaction, C.Place, unit=unit, square=square, facing=facing, retreat=True
        )

    @group.command(name="refresh", description="Refresh: a Drained model back to the Dead Pile")
    @app_commands.describe(
        unit="Your Drained model to move back to the Dead Pile, by its label (e.g. W4)",
    )
    @app_commands.autocomplete(unit=ac_unit)
    async def refresh(self, interaction: discord.Interaction, unit: str) -> None:
        await run_command(interaction, C.Refresh, unit=unit)

    @group.command(name="gambit", description="Play one of your Gambit Cards")
    @app_commands.describe(
        card="The card's name",
        unit="The friendly model it picks",
        other="A second model, or fl/f/fr",
    )
    @app_commands.autocomplete(card=ac_card, unit=ac_unit)
    async def gambit(
        self,
        interaction: discord.Interaction,
        card: str,
        unit: str | None = None,
        other: str | None = None,
    ) -> None:
        await run_command(interaction, C.Gambit, card=card, unit=unit, other=other)

    @group.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await run_command(interaction, C.EndTurn)

    @group.command(name="choose", description="Answer the open decision")
    @app_commands.describe(
        option="One of the open decision's options, e.g. a push-back square or a re-roll",
    )
    @app_commands.autocomplete(option=ac_option)
    async def choose(self, interaction: discord.Interaction, option: str) -> None:
        await run_command(interaction, C.Choose, option=option)

    @group.command(name="hand", description="Your Gambit Cards (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        got = await _my_state(interaction)
        if got is not None and got[2] is None:
            await respond(
                interaction, Answer.error("Only a seated player of a Chess28 game has a hand.")
            )
            return
        await _look(interaction, C.ShowHand)  # (with no game in play here, says so)

    @group.command(name="reach", description="The board with a model's moves and targets")
    @app_commands.describe(
        unit="The model to show, by its label (e.g. W1 or B3)",
    )
    @app_commands.autocomplete(unit=ac_unit)
    async def reach(self, interaction: discord.Interaction, unit: str) -> None:
        await _look(interaction, C.ShowReach, unit=unit)

    @group.command(name="card", description="A model's Character Card")
    @app_commands.describe(
        model="A model's label (e.g. W1) or a roster model's name",
    )
    async def card(self, interaction: discord.Interaction, model: str) -> None:
        await _look(interaction, C.ShowCard, model=model)

    @group.command(name="model", description="Check and price a model written as text")
    @app_commands.describe(text="Name; move .^./<A>/.v.; attack xxx/.A.; fight 3; defence 2; hp 2")
    async def model(self, interaction: discord.Interaction, text: str) -> None:
        await _look(interaction, C.DefineModel, text=text)

    @group.command(name="odds", description="Exact odds of an attack, or of Fight vs Defence")
    @app_commands.describe(
        unit="Your attacking model, by its label (e.g. W1); give a target too",
        target="The square it attacks (e5), or the model there by its label (B2)",
        fight="Or by numbers: the attacker's Fight (or Strength) dice, hitting on 4+",
        defence="The defender's Defence dice, saving on 5+",
        chill="The attacker has Chill Grasp: an attack that rolls a 6 cannot be saved",
        iron="The defender has Iron Skin: it saves hits on a 2+",
    )
    @app_commands.autocomplete(unit=ac_unit, target=ac_square)
    async def odds(
        self,
        interaction: discord.Interaction,
        unit: str | None = None,
        target: str | None = None,
        fight: app_commands.Range[int, 0, 30] | None = None,
        defence: app_commands.Range[int, 0, 30] | None = None,
        chill: bool = False,
        iron: bool = False,
    ) -> None:
        await _look(
            interaction,
            C.Odds,
            unit=unit,
            target=target,
            fight=fight,
            defence=defence,
            chill=chill,
            iron=iron,
        )

    @group.command(name="rules", description="Look up a rules term, a Gambit Card or a model")
    @app_commands.describe(
        term="A rules term, Gambit Card or roster model; leave out for the list",
    )
    async def rules(self, interaction: discord.Interaction, term: str | None = None) -> None:
        await _look(interaction, C.Lookup, term=term)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Chess28())

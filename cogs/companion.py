"""The table companion: dice, Attacks, odds, tarot and cards for players on a physical board.
Works in any channel, with or without a game. Every roll is logged per channel."""

from __future__ import annotations

import asyncio
import io
from contextlib import AbstractAsyncContextManager
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import companion as C
from bot.locks import KeyedLocks
from bot.service import Answer
from bot.tiles import png_bytes
from bot.wargame_chess.charts import odds_chart, tarot_card_image
from cogs.common import CONTENT_LIMIT, fit
from cogs.views import respond
from rules.core.errors import RulesError
from rules.wargame_chess.cards import parse_card
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.tarot import autocomplete as tarot_autocomplete
from rules.wargame_chess.tarot import find_card

KINDS = [app_commands.Choice(name=k.display, value=k.value) for k in Kind]
MODES = [app_commands.Choice(name=n, value=n.lower()) for n in ("Advantage", "Disadvantage")]
# /resolve and /odds: one side's piece, tokens and modifiers (tokens as held; opposites cancel)
SIDE_OPTIONS = {
    "attacker": "The attacking piece's type",
    "defender": "The defending piece's type",
    "attacker_adv": "Advantage tokens the attacker holds",
    "attacker_dis": "Disadvantage tokens the attacker holds; each cancels one Advantage token",
    "attacker_keep": "Keep the attacker's Advantage token instead of spending it on this roll",
    "defender_adv": "Advantage tokens the defender holds",
    "defender_dis": "Disadvantage tokens the defender holds; each cancels one Advantage token",
    "defender_keep": "Keep the defender's Advantage token instead of spending it on this roll",
    "mounted": "Attacking Knight has Mounted Advantage: another enemy is next to the defender",
    "attacker_modifier": "Modifiers on the attacker's roll: +2, -1, min 5, max 7",
    "defender_modifier": "Modifiers on the defender's roll: +2, -1, min 5, max 7",
}
# /resolve only: the Blessings and Curses that spread a failed Attack's tokens to allies
FAITH_OPTIONS = {
    "attacker_cursed_allies": (
        "The attacker's team has other Cursed pieces: a Disadvantage token it takes gives each one"
    ),
    "defender_blessed_allies": (
        "The defender's team has other Blessed pieces: an Advantage token it takes gives each one"
    ),
}
_locks = KeyedLocks()  # per channel, only while a command there is in flight


def _lock(channel: int) -> AbstractAsyncContextManager[None]:
    return _locks.hold(channel)


def _svc(interaction: discord.Interaction) -> Any:
    return interaction.client.service  # type: ignore[attr-defined]


async def _log(interaction: discord.Interaction, expression: str, rolled: C.Rolled) -> None:
    await _svc(interaction).store.log_roll(
        interaction.channel_id or 0, interaction.user.id, expression, rolled.faces, rolled.total
    )


async def _error(interaction: discord.Interaction, e: Exception) -> None:
    await respond(interaction, Answer.refusal(e, stop=""))


async def ac_tarot(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=f"{c.numeral} · {c.name}", value=c.name)
        for c in tarot_autocomplete(current)
    ][:25]


def _sides(
    attacker: str, defender: str, mounted: bool, a: tuple[Any, ...], d: tuple[Any, ...]
) -> tuple[C.Side, C.Side]:
    """(adv, dis, keep, Blessed allies, Cursed allies, modifier text) for each side."""
    att = C.side(Kind(attacker), a[0], a[1], a[2], a[3], a[4], C.parse_modifiers(a[5]))
    dfn = C.side(Kind(defender), d[0], d[1], d[2], d[3], d[4], C.parse_modifiers(d[5]))
    return C.with_mounted(att, dfn, mounted), dfn


class Companion(commands.Cog):
    @app_commands.command(name="roll", description="Roll dice: an expression, or a piece's dice")
    @app_commands.describe(
        expression="Dice, e.g. 2d6+1, 4d6kh3 (keep the highest 3), 2d20kh1, 3d6e6 (sixes explode)",
        piece="Roll this piece type's dice instead of an expression",
        mode="Roll the piece's dice at Advantage or Disadvantage",
        modifier="Modifiers on the piece's roll: +2, -1, min 5, max 7 (several: +2, min 5)",
    )
    @app_commands.choices(piece=KINDS, mode=MODES)
    async def roll(
        self,
        interaction: discord.Interaction,
        expression: str | None = None,
        piece: str | None = None,
        mode: str | None = None,
        modifier: str | None = None,
    ) -> None:
        dice = _svc(interaction).dice_factory()
        try:
            C.roll_options(expression, piece, mode, modifier)
            if piece:
                rolled = C.roll_piece(
                    Kind(piece),
                    dice,
                    int(mode == "advantage"),
                    int(mode == "disadvantage"),
                    C.parse_modifiers(modifier),
                )
                label = f"{piece} {mode or ''} {modifier or ''}".strip()
            else:
                rolled = C.roll_expression(expression or "", dice)
                label = expression or ""
        except RulesError as e:
            await _error(interaction, e)
            return
        await _log(interaction, label, rolled)
        line = C.roll_line(f"<@{interaction.user.id}>", rolled, label, CONTENT_LIMIT)
        await respond(interaction, Answer(fit(line)))

    @app_commands.command(name="resolve", description="Resolve an Attack on a physical board")
    @app_commands.choices(attacker=KINDS, defender=KINDS)
    @app_commands.describe(**SIDE_OPTIONS, **FAITH_OPTIONS)
    async def resolve(
        self,
        interaction: discord.Interaction,
        attacker: str,
        defender: str,
        attacker_adv: app_commands.Range[int, 0, 20] = 0,
        attacker_dis: app_commands.Range[int, 0, 20] = 0,
        attacker_keep: bool = False,
        defender_adv: app_commands.Range[int, 0, 20] = 0,
        defender_dis: app_commands.Range[int, 0, 20] = 0,
        defender_keep: bool = False,
        attacker_cursed_allies: bool = False,
        defender_blessed_allies: bool = False,
        mounted: bool = False,
        attacker_modifier: str | None = None,
        defender_modifier: str | None = None,
    ) -> None:
        try:
            a, d = _sides(
                attacker,
                defender,
                mounted,
                (
                    attacker_adv,
                    attacker_dis,
                    attacker_keep,
                    False,
                    attacker_cursed_allies,
                    attacker_modifier,
                ),
                (
                    defender_adv,
                    defender_dis,
                    defender_keep,
                    defender_blessed_allies,
                    False,
                    defender_modifier,
                ),
            )
            rolled = C.resolve_attack(a, d, _svc(interaction).dice_factory())
        except RulesError as e:
            await _error(interaction, e)
            return
        await _log(interaction, f"Attack {attacker} v {defender}", rolled)
        await respond(interaction, Answer(fit(rolled.text)))

    @app_commands.command(name="odds", description="Exact odds of an Attack, with a chart")
    @app_commands.choices(attacker=KINDS, defender=KINDS)
    @app_commands.describe(**SIDE_OPTIONS)
    async def odds(
        self,
        interaction: discord.Interaction,
        attacker: str,
        defender: str,
        attacker_adv: app_commands.Range[int, 0, 20] = 0,
        attacker_dis: app_commands.Range[int, 0, 20] = 0,
        attacker_keep: bool = False,
        defender_adv: app_commands.Range[int, 0, 20] = 0,
        defender_dis: app_commands.Range[int, 0, 20] = 0,
        defender_keep: bool = False,
        mounted: bool = False,
        attacker_modifier: str | None = None,
        defender_modifier: str | None = None,
    ) -> None:
        try:
            a, d = _sides(
                attacker,
                defender,
                mounted,
                (attacker_adv, attacker_dis, attacker_keep, False, False, attacker_modifier),
                (defender_adv, defender_dis, defender_keep, False, False, defender_modifier),
            )
            report = C.odds_report(a, d)
        except RulesError as e:
            await _error(interaction, e)
            return
        title = f"{Kind(attacker).display} attacks {Kind(defender).display}"
        chart = await asyncio.to_thread(
            lambda: png_bytes(odds_chart(report.attacker, report.defender, report.slay, title))
        )
        await respond(interaction, Answer(fit(report.text), image=chart, image_name="odds.png"))

    tarot = app_commands.Group(name="tarot", description="The Major Arcana")

    @tarot.command(name="card", description="Look up a tarot card by name or number")
    @app_commands.describe(name="A Major Arcana card by name or number, e.g. The Sun, XIX or 19")
    @app_commands.autocomplete(name=ac_tarot)
    async def tarot_card(self, interaction: discord.Interaction, name: str) -> None:
        try:
            card = find_card(name)
        except RulesError as e:
            await _error(interaction, e)
            return
        image = await asyncio.to_thread(lambda: png_bytes(tarot_card_image(card)))
        text = card.describe()
        own = await C.server_card_text(_svc(interaction), interaction.guild_id, card.number)
        if own:
            text += f"\nThis server's text: {own}"
        embed = discord.Embed(title=card.title, description=fit(text, 4000))
        embed.set_image(url="attachment://card.png")
        await interaction.response.send_message(
            embed=embed, file=discord.File(io.BytesIO(image), filename="card.png")
        )

    @tarot.command(
        name="settext", description="Store this server's text for a card our rules copy lacks"
    )
    @app_commands.describe(
        card="One of the five cards our rules copy lacks text for, e.g. The Moon",
        text="Your server's text for that card; shown with it, never applied (use /adjust)",
    )
    @app_commands.autocomplete(card=ac_tarot)
    async def tarot_settext(
        self, interaction: discord.Interaction, card: str, text: app_commands.Range[str, 1, 1000]
    ) -> None:
        perms = getattr(interaction, "permissions", None)
        if perms is None or not perms.manage_guild:
            await respond(interaction, Answer.error("Storing card text needs Manage Server."))
            return
        try:
            found = find_card(card)
            await C.set_server_card_text(
                _svc(interaction), interaction.guild_id, found.number, text
            )
        except RulesError as e:
            await _error(interaction, e)
            return
        await respond(
            interaction,
            Answer(
                f"Stored this server's text for {found.title}. The bot shows it with the card; it "
                "still applies no automatic effect (use `/adjust`)."
            ),
        )

    async def _decks(self, interaction: discord.Interaction, change: Any) -> None:
        """Load this channel's decks, apply ``change`` and save, one at a time per channel."""
        channel = interaction.channel_id or 0
        store = _svc(interaction).store

        def apply(stored: dict[str, Any] | None) -> tuple[dict[str, Any], str]:
            decks = stored or C.new_decks()
            return decks, change(decks)

        # One change at a time per channel, across processes too (the store's own lock).
        async with _lock(channel):
            try:
                text = await store.update_channel_state(channel, "decks", apply)
            except RulesError as e:
                await _error(interaction, e)
                return
        await respond(interaction, Answer(fit(text)))

    @tarot.command(name="divinate", description="Deal three cards from this channel's deck")
    @app_commands.describe(preferred="Preferred cards, comma separated")
    async def tarot_divinate(
        self, interaction: discord.Interaction, preferred: str | None = None
    ) -> None:
        try:
            wanted = [find_card(p) for p in (preferred or "").split(",") if p.strip()]
        except RulesError as e:
            await _error(interaction, e)
            return
        dice = _svc(interaction).dice_factory()
        await self._decks(interaction, lambda d: C.divinate(d, dice, wanted))

    @tarot.command(name="active", description="Show the active card, or make a dealt one active")
    @app_commands.describe(card="A dealt card to make active; leave empty to see the active card")
    @app_commands.autocomplete(card=ac_tarot)
    async def tarot_active(self, interaction: discord.Interaction, card: str | None = None) -> None:
        def change(decks: dict[str, Any]) -> str:
            if card:
                return C.set_active(decks, find_card(card))
            active = decks.get("tarot_active")
            if active is None:
                return C.tarot_text(decks)
            from rules.wargame_chess.tarot import BY_NUMBER

            return BY_NUMBER[active].describe()

        await self._decks(interaction, change)

    @tarot.command(name="deck", description="This channel's tarot deck (reset with reset:True)")
    @app_commands.describe(reset="True gathers all 22 Major Arcana and shuffles them face down")
    async def tarot_deck(self, interaction: discord.Interaction, reset: bool = False) -> None:
        def change(decks: dict[str, Any]) -> str:
            return C.reset_tarot(decks) if reset else C.tarot_text(decks)

        await self._decks(interaction, change)

    cards = app_commands.Group(name="cards", description="This channel's playing-card deck")

    @cards.command(name="draw", description="Draw playing cards")
    @app_commands.describe(count="How many cards to draw (1-10)")
    async def cards_draw(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 10] = 1
    ) -> None:
        dice = _svc(interaction).dice_factory()
        await self._decks(interaction, lambda d: C.draw_cards(d, dice, count))

    @cards.command(name="discard", description="Discard a drawn card (e.g. QH, Knight of Cups)")
    @app_commands.describe(card="A drawn card: QH, 10S, Queen of Hearts, Knight of Cups, red joker")
    async def cards_discard(self, interaction: discord.Interaction, card: str) -> None:
        await self._decks(interaction, lambda d: C.discard_card(d, parse_card(card)))

    @cards.command(name="shuffle", description="Gather every card and shuffle")
    async def cards_shuffle(self, interaction: discord.Interaction) -> None:
        await self._decks(interaction, C.shuffle_cards)

    bones = app_commands.Group(name="bones", description="Bone reading")

    @bones.command(name="roll", description="Roll a bone pool: a team list or dice")
    @app_commands.describe(pool="e.g. K Q R 2N 3P, or d4 d6 d10")
    async def bones_roll(self, interaction: discord.Interaction, pool: str) -> None:
        try:
            rolled = C.read_bones(pool, _svc(interaction).dice_factory())
        except RulesError as e:
            await _error(interaction, e)
            return
        await _log(interaction, f"bones {pool}", rolled)
        await respond(interaction, Answer(rolled.text))

    rolls = app_commands.Group(name="rolls", description="This channel's roll log")

    @rolls.command(name="history", description="The latest rolls in this channel")
    @app_commands.describe(count="How many of the latest rolls to show (1-25)")
    async def rolls_history(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 25] = 10
    ) -> None:
        rows = await _svc(interaction).store.rolls(interaction.channel_id or 0, count)
        if not rows:
            await respond(
                interaction, Answer("No rolls logged in this channel yet.", ephemeral=True)
            )
            return
        lines = [
            f"<@{r['user_id']}> {r['expression'][:60]}: "
            + " ".join(f"d{s}:{f}" for s, f in r["dice"][:12])
            + ("" if r["total"] is None else f" = {r['total']}")
            for r in rows
        ]
        await respond(interaction, Answer(fit("\n".join(lines)), ephemeral=True))

    @rolls.command(name="stats", description="Are the dice fair? Counts per face, chi-square")
    async def rolls_stats(self, interaction: discord.Interaction) -> None:
        # The first statistics import SciPy (seconds): answer Discord first (3 seconds).
        await interaction.response.defer(ephemeral=True, thinking=True)
        rows = await _svc(interaction).store.rolls(interaction.channel_id or 0)
        faces = [(int(s), int(f)) for r in rows for s, f in r["dice"]]
        text = await asyncio.to_thread(C.stats_text, faces)
        await respond(interaction, Answer(fit(text), ephemeral=True))


async def setup(bot: commands.Bot) -> None:
    cog = Companion()
    # Not only in servers: also in DMs, group DMs and as a user-installed app.
    for command in cog.get_app_commands():
        command.allowed_contexts = app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        )
        command.allowed_installs = app_commands.AppInstallationType(guild=True, user=True)
    await bot.add_cog(cog)

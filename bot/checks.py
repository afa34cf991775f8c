"""The first check on every slash command and autocomplete: each option value must be of its
declared type, within its declared range and among its declared choices.

Discord's own client only sends such values, but a modified client can send anything: a string
where a number is declared, a value outside the choices, a float for a whole number, a
25-digit number. discord.py passes them through untouched, so the tree checks them here, once,
for every command of every cog, before any command code runs; a bad value gets a clear private
answer and nothing runs."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as T

MAX_SAFE = 2**53  # whole numbers past this do not survive JSON or a 64-bit column
MAX_TEXT = 6000  # Discord's own cap on an option's text
SNOWFLAKE_DIGITS = 20


def leaf_options(data: Mapping[str, Any]) -> tuple[list[str], list[Mapping[str, Any]]]:
    """The command's name path and its own options, under any subcommand group."""
    path = [str(data.get("name", ""))]
    options = list(data.get("options") or [])
    while options and isinstance(options[0], Mapping) and options[0].get("type") in (1, 2):
        path.append(str(options[0].get("name", "")))
        options = list(options[0].get("options") or [])
    return path, options


def _number_problem(value: object, whole: bool, low: Any, high: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "must be a number"
    if whole and not isinstance(value, int):
        return "must be a whole number"
    if isinstance(value, float) and not math.isfinite(value):
        return "must be a number"
    if abs(value) > MAX_SAFE:
        return "is far too large"
    if (low is not None and value < low) or (high is not None and value > high):
        return f"must be from {low} to {high}"
    return None


def value_problem(param: app_commands.Parameter, value: object) -> str | None:
    """Why ``value`` does not fit the declared option, or None when it does."""
    kind = param.type
    if kind is T.string:
        if not isinstance(value, str):
            return "must be text"
        low, high = param.min_value, param.max_value  # lengths, for text options
        if len(value) > (high if high is not None else MAX_TEXT) or len(value) < (low or 0):
            return "has the wrong length"
    elif kind in (T.integer, T.number):
        problem = _number_problem(value, kind is T.integer, param.min_value, param.max_value)
        if problem:
            return problem
    elif kind is T.boolean:
        if not isinstance(value, bool):
            return "must be true or false"
    elif kind in (T.user, T.channel, T.role, T.mentionable, T.attachment):
        text = str(value) if isinstance(value, int | str) and not isinstance(value, bool) else ""
        if not (text.isascii() and text.isdigit() and len(text) <= SNOWFLAKE_DIGITS):
            return "is not one Discord would send"
    if param.choices and value not in {c.value for c in param.choices}:
        shown = ", ".join(str(c.name) for c in param.choices[:10])
        return f"must be one of: {shown}"
    return None


def options_problem(
    params: Iterable[app_commands.Parameter],
    options: Iterable[Mapping[str, Any]],
    autocomplete: bool,
) -> str | None:
    by_name = {p.display_name: p for p in params}
    given: set[str] = set()
    for opt in options:
        name = str(opt.get("name", ""))[:32]
        param = by_name.get(name)
        if param is None:
            return f"`{name}` is not an option of this command"
        given.add(name)
        if autocomplete and (opt.get("focused") or opt.get("value") == ""):
            # What is being typed, or (Discord sends "" for a number not typed yet) an empty
            # other option: checked when the command is sent.
            if not isinstance(opt.get("value"), str | int | float):
                return f"`{name}` is not something to complete"
            continue
        problem = value_problem(param, opt.get("value"))
        if problem:
            return f"`{name}` {problem}"
    if not autocomplete:
        missing = [
            p.display_name for p in by_name.values() if p.required and p.display_name not in given
        ]
        if missing:
            return f"`{missing[0]}` is missing"
    return None


# Interactions already handled by this process, by id: the same one delivered twice (a
# gateway's replay) is dropped, so a slash command is never applied twice. (Buttons also carry
# the game's version, so a second click on the same one is refused anyway.)
SEEN = 4096


class CheckedTree(app_commands.CommandTree):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: OrderedDict[int, None] = OrderedDict()

    def first_time(self, interaction_id: int) -> bool:
        """Whether this interaction has not been handled before (and remember it)."""
        if interaction_id in self.seen:
            return False
        self.seen[interaction_id] = None
        while len(self.seen) > SEEN:
            self.seen.popitem(last=False)
        return True

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.type is not discord.InteractionType.autocomplete and not self.first_time(
            interaction.id
        ):
            return False  # delivered twice: handled the first time
        data = interaction.data
        if not isinstance(data, Mapping) or data.get("type", 1) != 1:
            return True  # components and context menus have their own checks
        path, options = leaf_options(data)
        guild_id = str(data.get("guild_id") or "")
        guild = discord.Object(int(guild_id)) if guild_id.isascii() and guild_id.isdigit() else None
        command = self.get_command(path[0], guild=guild) or self.get_command(path[0])
        for name in path[1:]:
            if isinstance(command, app_commands.Group):
                command = command.get_command(name)
        if not isinstance(command, app_commands.Command):
            return True  # an unknown command: discord.py answers that itself
        auto = interaction.type is discord.InteractionType.autocomplete
        problem = options_problem(command.parameters, options, auto)
        if problem is None:
            return True
        if auto:
            await interaction.response.autocomplete([])
        else:
            await interaction.response.send_message(
                f"That option is not valid: {problem}. Nothing was changed.", ephemeral=True
            )
        return False

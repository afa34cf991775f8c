"""Persistent buttons and menus, and sending an answer with them. A custom_id carries only ids:
the game, the version the choice was offered at, and the index of the legal action (or the key
of a whole-command button). After a restart discord.py rebuilds the item from its custom_id; a
click on an outdated one answers "no longer current", a forged one a clear refusal.

The buttons are the same for every game system: what they offer comes from the system's plugin
(``SystemPlugin.menu``). The cog that owns them (``cogs.game``) registers them in its setup."""

from __future__ import annotations

import functools
import io
import logging
import re
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot import commands as K
from bot import systems
from bot.plugin import Menu
from bot.service import SOMETHING_WRONG, Answer
from cogs.common import MAX_ID, channel_id, fit, game_thread, service
from rules.core.errors import RulesError

NOT_VALID = "That button is not valid (it was not made by this bot)."

log = logging.getLogger("wargame.views")

Callback = Callable[[Any, discord.Interaction], Coroutine[Any, Any, None]]


def friendly(callback: Callback) -> Callback:
    """A button's or menu's callback whose unexpected error is logged and answered with the
    same private message as a slash command's (discord.py would only log it, leaving the
    click unanswered)."""

    @functools.wraps(callback)
    async def run(self: Any, interaction: discord.Interaction) -> None:
        try:
            await callback(self, interaction)
        except Exception:
            log.exception("button %s failed", type(self).__name__)
            if interaction.response.is_done():
                await interaction.followup.send(SOMETHING_WRONG, ephemeral=True)
            else:
                await interaction.response.send_message(SOMETHING_WRONG, ephemeral=True)

    return run


def _ids(*texts: str) -> list[int] | None:
    """The ids of a custom_id, or None when one is beyond the 64-bit ids Discord and the store
    use (only a forged custom_id has such a number)."""
    numbers = [int(t) for t in texts]
    return None if any(n > MAX_ID for n in numbers) else numbers


async def refuse(interaction: discord.Interaction, text: str) -> None:
    await respond(interaction, Answer.error(text))


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wg:c:(?P<g>\d+):(?P<v>\d+):(?P<i>\d+)",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        label: str = "Choose",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, custom_id=f"wg:c:{game_id}:{version}:{index}"
            )
        )
        self.game_id, self.version, self.index = game_id, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        return cls(int(match["g"]), int(match["v"]), int(match["i"]))

    @friendly
    async def callback(self, interaction: discord.Interaction) -> None:
        if _ids(str(self.game_id), str(self.version), str(self.index)) is None:
            await refuse(interaction, NOT_VALID)
            return
        ans = await service(interaction).choose(
            self.game_id, self.version, interaction.user.id, self.index, channel_id(interaction)
        )
        await respond(interaction, ans)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"wg:s:(?P<g>\d+):(?P<v>\d+)",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose...",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"wg:s:{game_id}:{version}",
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder[:150],
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        return cls(int(match["g"]), int(match["v"]))

    @friendly
    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        value = str(values[0]) if isinstance(values, list) and len(values) == 1 else ""
        if not (value.isascii() and value.isdigit() and len(value) <= 6):
            await refuse(interaction, "Pick one of the options.")
            return
        if _ids(str(self.game_id), str(self.version)) is None:
            await refuse(interaction, NOT_VALID)
            return
        ans = await service(interaction).choose(
            self.game_id, self.version, interaction.user.id, int(value), channel_id(interaction)
        )
        await respond(interaction, ans)


class CommandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wg:x:(?P<g>\d+):(?P<v>\d+):(?P<cmd>[a-z]{1,20})",
):
    """A button for a whole command (e.g. deploy automatically): its key names the command in
    the game system's plugin (``SystemPlugin.button_command``)."""

    def __init__(self, game_id: int, version: int, cmd: str, label: str = "Go") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.success,
                custom_id=f"wg:x:{game_id}:{version}:{cmd}",
            )
        )
        self.game_id, self.version, self.cmd = game_id, version, cmd

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CommandButton:
        return cls(int(match["g"]), int(match["v"]), match["cmd"])

    @friendly
    async def callback(self, interaction: discord.Interaction) -> None:
        if _ids(str(self.game_id), str(self.version)) is None:
            await refuse(interaction, NOT_VALID)
            return
        ans = await service(interaction).press(
            self.game_id, self.version, interaction.user.id, self.cmd, channel_id(interaction)
        )
        await respond(interaction, ans)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wg:ch:(?P<g>\d+):(?P<yes>[01])",
):
    def __init__(self, game_id: int, accept: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"wg:ch:{game_id}:{int(accept)}",
            )
        )
        self.game_id, self.accept = game_id, accept

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["g"]), match["yes"] == "1")

    @friendly
    async def callback(self, interaction: discord.Interaction) -> None:
        svc = service(interaction)
        if _ids(str(self.game_id)) is None:
            await refuse(interaction, NOT_VALID)
            return
        row = await svc.store.game(self.game_id)
        if row is not None and row.channel_id != interaction.channel_id:
            await refuse(interaction, "This challenge belongs to another channel.")
            return
        opened: list[int | None] = []

        async def open_thread(game: Any) -> int | None:
            opened.append(await game_thread(interaction, game))
            return opened[-1]

        ans = await svc.answer_challenge(
            self.game_id, interaction.user.id, self.accept, open_channel=open_thread
        )
        new_channel = opened[-1] if opened else None
        if ans.ok and new_channel is not None:
            thread = interaction.client.get_channel(new_channel)
            if isinstance(thread, discord.Thread):
                await thread.send(ans.text, allowed_mentions=discord.AllowedMentions(users=True))
            ans.text += f"\nThe game continues in <#{new_channel}>."
        await respond(interaction, ans)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wg:u:(?P<g>\d+):(?P<v>\d+):(?P<yes>[01])",
):
    def __init__(self, game_id: int, version: int, agree: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Agree to undo" if agree else "Refuse",
                style=discord.ButtonStyle.success if agree else discord.ButtonStyle.secondary,
                custom_id=f"wg:u:{game_id}:{version}:{int(agree)}",
            )
        )
        self.game_id, self.version, self.agree = game_id, version, agree

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(int(match["g"]), int(match["v"]), match["yes"] == "1")

    @friendly
    async def callback(self, interaction: discord.Interaction) -> None:
        if _ids(str(self.game_id), str(self.version)) is None:
            await refuse(interaction, NOT_VALID)
            return
        ans = await service(interaction).answer_undo(
            self.game_id, self.version, interaction.user.id, self.agree, channel_id(interaction)
        )
        await respond(interaction, ans)


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, CommandButton, ChallengeButton, UndoButton)


def is_ours(custom_id: str) -> bool:
    """Whether a component's custom_id is one of this bot's buttons or menus."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


async def answer_unknown_component(interaction: discord.Interaction) -> None:
    """A click whose custom_id no button of ours has (only a forged one): answered, not
    dropped, so no interaction goes unanswered."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or not is_ours(custom_id):
        await refuse(interaction, NOT_VALID)


def menu_view(game_id: int, version: int, menu: Menu) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if menu.command is not None:
        key, label = menu.command
        view.add_item(CommandButton(game_id, version, key, label))
    elif menu.buttons:
        for e in menu.entries:
            style = discord.ButtonStyle.secondary if e.secondary else discord.ButtonStyle.primary
            view.add_item(ChoiceButton(game_id, version, e.index, e.label, style))
    else:
        options = [
            discord.SelectOption(label=e.label[:100], value=str(e.index)) for e in menu.entries
        ]
        view.add_item(ChoiceSelect(game_id, version, options, menu.placeholder))
    return view


def decision_view(game_id: int, version: int, state: Any, system: str) -> discord.ui.View | None:
    """Buttons or a menu for the decision now open, as the game's system offers it."""
    menu = systems.get(system).menu(state)
    return None if menu is None else menu_view(game_id, version, menu)


async def respond(interaction: discord.Interaction, ans: Answer) -> None:
    files = []
    if ans.image is not None:
        files.append(discord.File(io.BytesIO(ans.image), filename=ans.image_name))
    if ans.attachment is not None:
        name, data = ans.attachment
        files.append(discord.File(io.BytesIO(data), filename=name))
    view: discord.ui.View | None = None
    if ans.ok and ans.game_id is not None:
        if ans.challenge:
            view = discord.ui.View(timeout=None)
            view.add_item(ChallengeButton(ans.game_id, True))
            view.add_item(ChallengeButton(ans.game_id, False))
        elif ans.undo_request and ans.version is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(UndoButton(ans.game_id, ans.version, True))
            view.add_item(UndoButton(ans.game_id, ans.version, False))
        elif ans.state is not None and ans.system is not None and ans.version is not None:
            # (also on a private look such as /game board: the open decision's buttons are
            # always within reach of the player who decides)
            view = decision_view(ans.game_id, ans.version, ans.state, ans.system)
    mentions = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in ans.mentions]
    )
    content = fit(ans.text)
    files_arg: list[discord.File] = files or discord.utils.MISSING
    view_arg: discord.ui.View = view if view is not None else discord.utils.MISSING
    if interaction.response.is_done():
        await interaction.followup.send(
            content,
            ephemeral=ans.ephemeral,
            files=files_arg,
            view=view_arg,
            allowed_mentions=mentions,
        )
    else:
        await interaction.response.send_message(
            content,
            ephemeral=ans.ephemeral,
            files=files_arg,
            view=view_arg,
            allowed_mentions=mentions,
        )


async def run_command(interaction: discord.Interaction, make: type[K.Command], **raw: Any) -> None:
    """Build a command from a slash command's options, field by field, and run it: a value
    that does not fit its field is refused privately and nothing changes."""
    try:
        command = K.build(make, **raw)
    except RulesError as e:
        text = str(e)
        await respond(interaction, Answer.error(text[:1].upper() + text[1:] + "."))
        return
    ans = await service(interaction).execute(channel_id(interaction), interaction.user.id, command)
    await respond(interaction, ans)

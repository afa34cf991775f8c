"""Persistent buttons and menus. A custom_id carries only ids: the game, the version the choice
was offered at, and the index of the legal action. After a restart discord.py rebuilds the item
from its custom_id; a click on an outdated one answers "no longer current"."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.textboard import describe_action
from cogs.common import respond
from rules.wargame_chess.engine import legal_actions
from rules.wargame_chess.state import Decision, GameState, Phase

MAX_BUTTONS = 5
MAX_OPTIONS = 25


def _service(interaction: discord.Interaction) -> Any:
    return interaction.client.service  # type: ignore[attr-defined]


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

    async def callback(self, interaction: discord.Interaction) -> None:
        ans = await _service(interaction).choose(
            self.game_id, self.version, interaction.user.id, self.index
        )
        await respond(interaction, ans)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"wg:s:(?P<g>\d+):(?P<v>\d+)"
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

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        if not values or not str(values[0]).isdigit():
            await interaction.response.send_message("Pick one of the options.", ephemeral=True)
            return
        ans = await _service(interaction).choose(
            self.game_id, self.version, interaction.user.id, int(values[0])
        )
        await respond(interaction, ans)


class CommandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wg:x:(?P<g>\d+):(?P<v>\d+):(?P<cmd>autodeploy)",
):
    """A button for a whole command (deploy automatically)."""

    COMMANDS: ClassVar[dict[str, tuple[str, str]]] = {
        "autodeploy": ("Deploy automatically", "deploy auto"),
    }

    def __init__(self, game_id: int, version: int, cmd: str) -> None:
        label = self.COMMANDS[cmd][0]
        super().__init__(
            discord.ui.Button(
                label=label,
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

    async def callback(self, interaction: discord.Interaction) -> None:
        ans = await _service(interaction).command_at(
            self.game_id, self.version, interaction.user.id, self.COMMANDS[self.cmd][1]
        )
        await respond(interaction, ans)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"wg:ch:(?P<g>\d+):(?P<yes>[01])"
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

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.common import game_thread

        service = _service(interaction)
        new_channel = None
        if self.accept:
            row = await service.store.game(self.game_id)
            if (
                row is not None
                and row.status == "challenge"
                and interaction.user.id == row.black_id
            ):
                new_channel = await game_thread(interaction, row)
        ans = await service.answer_challenge(
            self.game_id, interaction.user.id, self.accept, new_channel
        )
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

    async def callback(self, interaction: discord.Interaction) -> None:
        ans = await _service(interaction).answer_undo(
            self.game_id, self.version, interaction.user.id, self.agree
        )
        await respond(interaction, ans)


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, CommandButton, ChallengeButton, UndoButton)

_BUTTON_DECISIONS = {
    Decision.ATTACKER_TOKEN,
    Decision.DEFENDER_TOKEN,
    Decision.PROMOTION,
    Decision.CASTLE,
    Decision.SECOND_MOVE,
    Decision.CHOOSE,
}


def decision_view(game_id: int, version: int, state: GameState) -> discord.ui.View | None:
    """Buttons (up to five choices) or a menu (up to 25) for the decision now open. Larger
    choices (deployment squares, The World's placements) use slash commands with
    autocomplete instead."""
    if state.is_over:
        return None
    view = discord.ui.View(timeout=None)
    if state.phase is Phase.DEPLOY:
        view.add_item(CommandButton(game_id, version, "autodeploy"))
        return view
    acts = legal_actions(state)
    if not acts:
        return None
    pending = state.pending
    few = len(acts) <= MAX_BUTTONS
    buttons = state.phase is not Phase.PLAY or (
        pending is not None and pending.decision in _BUTTON_DECISIONS
    )
    if few and buttons:
        for i, a in enumerate(acts):
            style = (
                discord.ButtonStyle.secondary
                if a.name == "decline"
                else discord.ButtonStyle.primary
            )
            view.add_item(ChoiceButton(game_id, version, i, describe_action(state, a), style))
        return view
    if len(acts) <= MAX_OPTIONS:
        options = [
            discord.SelectOption(label=describe_action(state, a)[:100], value=str(i))
            for i, a in enumerate(acts)
        ]
        placeholder = "Activate a piece..." if pending is None else f"{pending.decision.value}..."
        view.add_item(ChoiceSelect(game_id, version, options, placeholder))
        return view
    return None

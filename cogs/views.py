"""Persistent buttons and menus, and sending an answer with them. A custom_id carries only ids:
the game, the version the choice was offered at, and the index of the legal action (or the key
of a whole-command button). After a restart discord.py rebuilds the item from its custom_id; a
click on an outdated one answers "no longer current", a forged one a clear refusal.

The buttons are the same for every game system: what they offer comes from the system's plugin
(``SystemPlugin.menu``). The cog that owns them (``cogs.game``) registers them in its setup."""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import re
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot import commands as K
from bot import systems
from bot.faults import tell_fault
from bot.locks import KeyedLocks
from bot.plugin import MENU_PARTS, MENU_SIZE, Menu
from bot.saved import SAVED
from bot.service import Answer
from bot.undo import UNDO_LAPSED
from cogs.common import (
    CONTENT_LIMIT,
    MAX_ID,
    channel_id,
    fit,
    game_thread,
    mention_commands,
    service,
)
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
            await tell_fault(interaction)

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
    template=r"wg:s:(?P<g>\d+):(?P<v>\d+)(?::(?P<part>[1-9]))?",
):
    """A menu of the decision's choices; a long choice is cut into several menus on one
    message, each with its ``part`` (a message's menus need ids of their own)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose...",
        part: int = 0,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"wg:s:{game_id}:{version}" + (f":{part}" if part else ""),
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder[:150],
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        return cls(int(match["g"]), int(match["v"]), part=int(match["part"] or 0))

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

    def __init__(
        self,
        game_id: int,
        version: int,
        cmd: str,
        label: str = "Go",
        style: discord.ButtonStyle = discord.ButtonStyle.success,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
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
        if row is not None and row.status != "challenge":  # answered (its game may have moved)
            await refuse(interaction, "This challenge is no longer open.")
            return
        if row is not None and row.channel_id != interaction.channel_id:
            await refuse(interaction, "This challenge belongs to another channel.")
            return
        # Accepting opens a thread and posts in it: answer Discord first (3 seconds).
        await interaction.response.defer()
        opened: list[discord.Thread] = []

        async def open_thread(game: Any) -> int | None:
            thread = await game_thread(interaction, game)
            if thread is not None:
                opened.append(thread)
            return None if thread is None else thread.id

        ans = await svc.answer_challenge(
            self.game_id, interaction.user.id, self.accept, open_channel=open_thread
        )
        if not ans.ok:
            for thread in opened:  # (another process answered first: its thread is the game's)
                try:
                    await thread.delete()
                except discord.HTTPException:
                    log.info("could not delete the thread of a challenge answered elsewhere")
            await respond(interaction, ans)
            return
        original = interaction.message.content if interaction.message is not None else ""
        if not self.accept:
            await interaction.edit_original_response(
                content=fit(f"{original}\n{ans.text}"), view=None
            )
            return
        if opened:  # the game lives in its thread (kept even if Discord's event comes late)
            thread = opened[-1]
            await interaction.edit_original_response(
                content=fit(f"{original}\nAccepted: the game continues in {thread.mention}."),
                view=None,
            )
            await post_game_message(interaction, thread, ans)
            return
        await interaction.edit_original_response(view=None)
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
        if not ans.ok and ans.text.startswith(UNDO_LAPSED):
            # The game moved on (or ended): the request says so, and its buttons go.
            original = interaction.message.content if interaction.message is not None else ""
            said = f"{original}\n(This request lapsed: the game has moved on.)"
            await interaction.response.edit_message(content=fit(said), view=None)
            await interaction.followup.send(ans.text, ephemeral=True)
            return
        if not ans.ok:
            await respond(interaction, ans)
            return
        # The request is answered: its buttons go, and it says how it ended.
        original = interaction.message.content if interaction.message is not None else ""
        outcome = ans.log.splitlines()[0] if ans.live and ans.log else ans.text
        await interaction.response.edit_message(content=fit(f"{original}\n{outcome}"), view=None)
        if ans.live:
            await publish(interaction, ans)


class PrivateChoicesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wg:p:(?P<g>\d+):(?P<v>\d+)",
):
    """In a game with secrets, the live message's one button: it shows the player who decides
    their hand and their choices, privately."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Your choices (only you see them)",
                style=discord.ButtonStyle.primary,
                custom_id=f"wg:p:{game_id}:{version}",
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PrivateChoicesButton:
        return cls(int(match["g"]), int(match["v"]))

    @friendly
    async def callback(self, interaction: discord.Interaction) -> None:
        if _ids(str(self.game_id), str(self.version)) is None:
            await refuse(interaction, NOT_VALID)
            return
        ans = await service(interaction).private_choices(
            self.game_id, self.version, interaction.user.id, channel_id(interaction)
        )
        await respond(interaction, ans)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wg:r:(?P<g>\d+)",
):
    """On a finished game's last message: either player challenges the other again."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch", style=discord.ButtonStyle.success, custom_id=f"wg:r:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["g"]))

    @friendly
    async def callback(self, interaction: discord.Interaction) -> None:
        if _ids(str(self.game_id)) is None:
            await refuse(interaction, NOT_VALID)
            return
        channel = interaction.channel
        home = channel.parent if isinstance(channel, discord.Thread) else channel
        home_id = home.id if home is not None else channel_id(interaction)
        ans = await service(interaction).rematch(
            self.game_id, interaction.user.id, home_id, interaction.guild_id
        )
        if ans.ok and ans.live:  # a practice game: the new game starts at once, here
            await respond(interaction, ans)
            return
        if ans.ok and home is not None and home is not channel and hasattr(home, "send"):
            await home.send(fit(ans.text), view=challenge_view(ans), allowed_mentions=pings(ans))
            await respond(interaction, Answer(f"Rematch offered in <#{home_id}>.", ephemeral=True))
            return
        await respond(interaction, ans)


class ConcedeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wg:k:(?P<g>\d+)",
):
    """The confirmation of `/game concede`."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Yes, concede", style=discord.ButtonStyle.danger, custom_id=f"wg:k:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConcedeButton:
        return cls(int(match["g"]))

    @friendly
    async def callback(self, interaction: discord.Interaction) -> None:
        if _ids(str(self.game_id)) is None:
            await refuse(interaction, NOT_VALID)
            return
        ans = await service(interaction).concede(
            channel_id(interaction), interaction.user.id, game_id=self.game_id
        )
        await respond(interaction, ans)


DYNAMIC_ITEMS = (
    ChoiceButton,
    ChoiceSelect,
    CommandButton,
    ChallengeButton,
    UndoButton,
    PrivateChoicesButton,
    RematchButton,
    ConcedeButton,
)


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
    if menu.command is not None:  # (beside entries, the command is the quieter choice)
        key, label = menu.command
        style = discord.ButtonStyle.secondary if menu.entries else discord.ButtonStyle.success
        view.add_item(CommandButton(game_id, version, key, label, style))
    if menu.entries and menu.buttons:
        for e in menu.entries:
            style = discord.ButtonStyle.secondary if e.secondary else discord.ButtonStyle.primary
            view.add_item(ChoiceButton(game_id, version, e.index, e.label, style))
    elif menu.entries:  # one menu, or (a long choice) several, each a part of the list
        parts = [menu.entries[i : i + MENU_SIZE] for i in range(0, len(menu.entries), MENU_SIZE)]
        for n, part in enumerate(parts[:MENU_PARTS], start=1):
            options = [discord.SelectOption(label=e.label[:100], value=str(e.index)) for e in part]
            placeholder = menu.placeholder
            if len(parts) > 1:  # (which part: its first and last choices)
                placeholder = f"{part[0].label[:60]} ... {part[-1].label[:60]}"
            view.add_item(
                ChoiceSelect(game_id, version, options, placeholder, n if len(parts) > 1 else 0)
            )
    return view


def decision_view(game_id: int, version: int, state: Any, system: str) -> discord.ui.View | None:
    """Buttons or a menu for the decision now open, as the game's system offers it."""
    menu = systems.get(system).menu(state)
    return None if menu is None else menu_view(game_id, version, menu)


# ---- the live game message ----
# The game's one live message: a picture, what just happened, whose decision it is and that
# decision's buttons, edited in place after every action. A short log line is posted only when
# the decision passes to the other player (it carries the ping) or the game ends; all decision
# buttons go when the game ends (a Rematch button is offered instead). A click on the live
# message's own buttons edits it as the click's answer; a slash command (or a click elsewhere,
# such as a private menu) edits it through the channel and answers the player with the log
# line, or privately when the decision stays with them.
def live_text(ans: Answer) -> str:
    """The live message's words within Discord's limit: its headline (who plays which side,
    the turn) kept whole at the top, the oldest of the rest dropped first."""
    head = ans.headline
    if not head or not ans.text.startswith(f"{head}\n"):
        return fit(ans.text)
    top = mention_commands(head)
    return f"{top}\n{fit(ans.text[len(head) + 1 :], CONTENT_LIMIT - len(top) - 1)}"


def picture(ans: Answer) -> list[discord.File]:
    if ans.image is None:
        return []
    return [discord.File(io.BytesIO(ans.image), filename=ans.image_name)]


def secret(ans: Answer) -> bool:
    """Whether the answer's game keeps secrets (its choices are then shown only privately)."""
    return ans.hidden or (
        ans.system in systems.SYSTEMS and systems.get(ans.system).hidden_information
    )


def public_menu(ans: Answer) -> bool:
    """Whether the open decision's menu names nothing secret (so all may see it)."""
    if ans.state is None or ans.system not in systems.SYSTEMS:
        return False
    menu = systems.get(ans.system).menu(ans.state)
    return menu is not None and menu.public


def live_view(ans: Answer) -> discord.ui.View | None:
    """The buttons the live message carries: the open decision's (or, in a game with secrets,
    one button that shows them privately to the player who decides); none once it is over."""
    if ans.game_id is None or ans.version is None or ans.state is None or ans.system is None:
        return None
    if ans.over:
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(ans.game_id))
        return view
    if ans.ai_turn:  # the AI decides: nothing for a person to click meanwhile
        return None
    if secret(ans) and not public_menu(ans):
        view = discord.ui.View(timeout=None)
        view.add_item(PrivateChoicesButton(ans.game_id, ans.version))
        answer = systems.get(ans.system).public_answer(ans.state)
        if answer is not None:  # (names no card: passing in a window takes one click)
            key, label = answer
            grey = discord.ButtonStyle.secondary
            view.add_item(CommandButton(ans.game_id, ans.version, key, label, grey))
        return view
    return decision_view(ans.game_id, ans.version, ans.state, ans.system)


def pings(ans: Answer) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in ans.mentions]
    )


QUIET = discord.AllowedMentions.none()


def _channel(interaction: discord.Interaction, channel_id: int | None) -> Any:
    if channel_id is None or channel_id == interaction.channel_id:
        return interaction.channel
    return interaction.client.get_channel(channel_id)


async def _edit_live(interaction: discord.Interaction, ans: Answer, view: Any) -> bool:
    """Edit the live message through its channel; False when there is none to edit."""
    return await _edit_in(_channel(interaction, ans.channel_id), ans, view)


async def _edit_in(channel: Any, ans: Answer, view: Any) -> bool:
    """Edit the live message through ``channel``; False when there is none to edit."""
    if ans.message_id is None or channel is None or not hasattr(channel, "get_partial_message"):
        return False
    files = [] if ans.same_picture else picture(ans)
    try:
        await channel.get_partial_message(ans.message_id).edit(
            content=live_text(ans),
            attachments=files if files else discord.utils.MISSING,
            view=view,
            allowed_mentions=QUIET,
        )
    except discord.HTTPException:  # deleted, or no longer reachable: a new one is posted
        log.info("live message %s of game %s is gone", ans.message_id, ans.game_id)
        return False
    return True


_publishing = KeyedLocks()  # per game: its live message is edited by one update at a time


async def publish(interaction: discord.Interaction, ans: Answer) -> None:
    """Answer a game update: edit the live message, post the log line when due. Updates of
    one game are shown one at a time, and one older than the stored game is not shown at all
    (two actions in quick succession whose edits would otherwise land in either order, the
    live message left showing the older)."""
    if ans.game_id is None:
        await _publish(interaction, ans)
        return
    async with _publishing.hold(ans.game_id):
        await _publish(interaction, ans, await _outdated(interaction, ans))


async def _outdated(interaction: discord.Interaction, ans: Answer) -> bool:
    """Whether a newer version of the game than ``ans`` has been stored (and so is shown, or
    about to be, by its own update)."""
    if ans.version is None or ans.game_id is None:
        return False
    row = await service(interaction).store.game(ans.game_id)
    return row is not None and row.version > ans.version


async def _publish(interaction: discord.Interaction, ans: Answer, outdated: bool = False) -> None:
    svc = service(interaction)
    view = live_view(ans)
    # Once the game is over the live message keeps no buttons (the log line offers a rematch).
    view_arg: Any = None if ans.over else view
    message = getattr(interaction, "message", None)
    on_live = (
        interaction.type is discord.InteractionType.component
        and message is not None
        and ans.message_id is not None
        and message.id == ans.message_id
        and not interaction.response.is_done()
    )
    if outdated:  # the newer update shows the live message; this one only answers
        if on_live:
            await interaction.response.defer()
        if ans.log:
            await _post_log(interaction, ans)
        else:
            await _private_ack(interaction, ans)
        return
    if on_live:
        files = [] if ans.same_picture else picture(ans)
        await interaction.response.edit_message(
            content=live_text(ans),
            attachments=files if files else discord.utils.MISSING,
            view=view_arg,
            allowed_mentions=QUIET,
        )
        if ans.log:
            await _post_log(interaction, ans)
        return
    if await _edit_live(interaction, ans, view_arg):
        if ans.log:
            await _post_log(interaction, ans)
        else:
            await _private_ack(interaction, ans)
        return
    # No live message yet (the game's first) or it is gone: this answer becomes it.
    sent = await _send(interaction, live_text(ans), picture(ans), view, pings(ans), False)
    if sent is not None and ans.game_id is not None:
        await svc.store.set_message(ans.game_id, sent)
    if ans.over:
        await archive(interaction, ans)


async def _post_log(interaction: discord.Interaction, ans: Answer) -> None:
    view = None
    if ans.over:
        view = live_view(ans)
    await _send(interaction, fit(ans.log), [], view, pings(ans), False)
    if ans.over:
        await archive(interaction, ans)


async def _private_ack(interaction: discord.Interaction, ans: Answer) -> None:
    """The decision stays with the player who acted: a private word (the live message above
    shows the rest); in a game with secrets, with their hand and their next choices. When the
    AI decides next there is nothing to choose (and its hand and choices are its own): only the
    player's own action gets a word, and none of the AI's actions do."""
    text = ans.text.removeprefix(f"{ans.headline}\n") if ans.headline else ans.text
    if ans.ai_turn:
        if not interaction.response.is_done():
            await _send(interaction, fit(text), [], None, QUIET, True)
        return
    view = None
    if secret(ans) and ans.game_id is not None and ans.version is not None:
        if ans.private:
            text = f"{text}\n{ans.private}"
        if ans.state is not None and ans.system is not None and ans.decides:
            view = decision_view(ans.game_id, ans.version, ans.state, ans.system)
    await _send(interaction, fit(text), [], view, QUIET, True)


async def _send(
    interaction: discord.Interaction,
    content: str,
    files: list[discord.File],
    view: discord.ui.View | None,
    mentions: discord.AllowedMentions,
    ephemeral: bool,
) -> int | None:
    """Send as the interaction's answer (or a follow-up); the message id when known."""
    kwargs: dict[str, Any] = {
        "ephemeral": ephemeral,
        "files": files or discord.utils.MISSING,
        "view": view if view is not None else discord.utils.MISSING,
        "allowed_mentions": mentions,
    }
    if interaction.response.is_done():
        msg = await interaction.followup.send(content, wait=True, **kwargs)
        return msg.id
    callback = await interaction.response.send_message(content, **kwargs)
    return getattr(callback, "message_id", None)


async def archive(interaction: discord.Interaction, ans: Answer) -> None:
    """A finished game's thread is archived (its history stays readable)."""
    channel = _channel(interaction, ans.channel_id)
    if isinstance(channel, discord.Thread):
        try:
            await channel.edit(archived=True)
        except discord.HTTPException:
            log.info("could not archive the thread of game %s", ans.game_id)


def challenge_view(ans: Answer) -> discord.ui.View:
    assert ans.game_id is not None
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(ans.game_id, True))
    view.add_item(ChallengeButton(ans.game_id, False))
    return view


async def post_game_message(
    interaction: discord.Interaction, thread: discord.Thread, ans: Answer
) -> None:
    """The game's opening message in its new thread (the live message once play starts)."""
    view = live_view(ans) if ans.live else None
    msg = await thread.send(
        live_text(ans),
        files=picture(ans) or discord.utils.MISSING,
        view=view if view is not None else discord.utils.MISSING,
        allowed_mentions=pings(ans),
    )
    if ans.live and ans.game_id is not None:
        await service(interaction).store.set_message(ans.game_id, msg.id)


async def respond(interaction: discord.Interaction, ans: Answer) -> None:
    if ans.ok and ans.live and not ans.ephemeral:
        await publish(interaction, ans)
        if ans.ai_turn and ans.game_id is not None:
            await play_ai(interaction, ans.game_id)
        return
    files = picture(ans)
    if ans.attachment is not None:
        name, data = ans.attachment
        files.append(discord.File(io.BytesIO(data), filename=name))
    view: discord.ui.View | None = None
    if ans.ok and ans.game_id is not None:
        if ans.challenge:
            view = challenge_view(ans)
        elif ans.confirm_concede:
            view = discord.ui.View(timeout=None)
            view.add_item(ConcedeButton(ans.game_id))
        elif ans.undo_request and ans.version is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(UndoButton(ans.game_id, ans.version, True))
            view.add_item(UndoButton(ans.game_id, ans.version, False))
        elif ans.state is not None and ans.system is not None and ans.version is not None:
            # (also on a private look such as /game board: the open decision's buttons are
            # always within reach of the player who decides)
            # In a game with secrets the choices themselves are only ever shown privately, and
            # only to the player who decides (they may name cards in that player's hand).
            if ans.ai_turn or (ans.ephemeral and not ans.decides):
                pass  # the AI decides, or a private look by one who does not: nothing to click
            elif not secret(ans) or public_menu(ans) or ans.ephemeral:
                view = decision_view(ans.game_id, ans.version, ans.state, ans.system)
            else:
                view = live_view(ans)
    content = fit(f"{ans.text}\n{ans.private}" if ans.private and ans.ephemeral else ans.text)
    message_id = await _send(interaction, content, files, view, pings(ans), ans.ephemeral)
    if ans.challenge and ans.game_id is not None and message_id is not None:
        # Kept so that an expired challenge's buttons can be taken away.
        await service(interaction).store.set_message(ans.game_id, message_id)


async def play_ai(interaction: discord.Interaction, game_id: int) -> None:
    """The AI's actions while it decides (issue 17), each shown like a player's: the live
    message edited, the log line posted when the decision passes back. Each comes ``ai_pace``
    seconds after the action before it was shown, the person's included, however long the AI
    took to choose it (its search runs meanwhile): players can follow, and how long it
    thought says nothing of the cards it holds."""
    svc = service(interaction)
    loop = asyncio.get_running_loop()
    shown = loop.time()  # the person's action, just shown
    while True:
        try:
            ans = await ai_turn_retrying(svc, game_id, shown + svc.ai_pace)
        except AIFailed as e:
            await interaction.followup.send(AI_NOT_SHOWN if e.saved else AI_FAILED, ephemeral=True)
            return
        if ans is None:
            return
        await publish(interaction, ans)
        shown = loop.time()
        if not ans.ai_turn:
            return


AI_RETRIES = (1.0, 3.0)  # seconds before each new try of an AI action that failed to save
AI_FAILED = (
    "The AI could not make its move (a fault on my side; it is logged). Your own action "
    "stands. `/game undo` takes it back so you can play on, or the AI tries again when the "
    "bot restarts."
)


AI_NOT_SHOWN = (
    "The AI made its move, but something went wrong on my side while showing it (it is "
    "logged). `/game board` shows the game as it stands."
)


class AIFailed(Exception):
    """The AI's action failed on every try, or (``saved``) was saved and then failed."""

    def __init__(self, saved: bool) -> None:
        super().__init__("saved" if saved else "not saved")
        self.saved = saved


async def ai_turn_retrying(svc: Any, game_id: int, not_before: float) -> Any:
    """The service's ``ai_turn``, tried again after a fault that came before its action was
    saved (a database busy for a moment: a new try starts from the stored game). A fault
    after the saving is not tried again: the action stands, only its showing failed."""
    try:
        for wait in (*AI_RETRIES, None):
            SAVED.set(False)  # (this try's own save, whatever was saved before it)
            try:
                return await svc.ai_turn(game_id, not_before=not_before)
            except Exception:
                log.exception("the AI's action in game %s failed", game_id)
                if SAVED.get():
                    raise AIFailed(saved=True) from None
                if wait is None:
                    raise AIFailed(saved=False) from None
                await asyncio.sleep(wait)
        return None
    finally:
        SAVED.set(True)  # (the person's action that led here was saved)


async def resume_ai(client: discord.Client) -> None:
    """On start-up: practice games where the AI must decide (a restart during its turn) play
    on, each at its own pace and all at once (one long game never holds up the others); with
    no interaction to answer, the live message is edited through its channel."""
    svc: Any = getattr(client, "service", None)
    if svc is None:
        return
    settings = getattr(client, "settings", None)
    waiting, stale = await svc.resume_ai(None if settings is None else settings.runs_guild)
    # A practice game that changed just before the restart: the AI's last action may have been
    # saved and not shown (the process stopped between the two). Its live message is shown again.
    for ans in stale:
        channel = client.get_channel(ans.channel_id) if ans.channel_id else None
        if channel is not None and hasattr(channel, "send"):
            await _show_live(svc, channel, ans)
    done = await asyncio.gather(
        *(_resume_one(client, svc, game_id) for game_id in waiting), return_exceptions=True
    )
    for game_id, outcome in zip(waiting, done, strict=True):
        if isinstance(outcome, BaseException):
            log.error("resuming game %s failed", game_id, exc_info=outcome)


async def _resume_one(client: discord.Client, svc: Any, game_id: int) -> None:
    """One practice game's AI turn after a restart, paced like any other, to its end."""
    loop = asyncio.get_running_loop()
    shown = loop.time()  # (the first action after the restart paced like any other)
    while True:
        try:
            ans = await ai_turn_retrying(svc, game_id, shown + svc.ai_pace)
        except AIFailed:
            return  # (logged; it tries again at the next start)
        if ans is None:
            return
        channel = client.get_channel(ans.channel_id) if ans.channel_id else None
        if channel is None or not hasattr(channel, "send"):
            return
        await _show_live(svc, channel, ans)
        if ans.log:  # (at the game's end, with the Rematch button, as after a player's)
            rematch = live_view(ans) if ans.over else None
            await channel.send(
                fit(ans.log),
                view=rematch or discord.utils.MISSING,
                allowed_mentions=pings(ans),
            )
        if ans.over and isinstance(channel, discord.Thread):
            try:
                await channel.edit(archived=True)
            except discord.HTTPException:
                log.info("could not archive the thread of game %s", ans.game_id)
        shown = loop.time()
        if not ans.ai_turn:
            return


async def _show_live(svc: Any, channel: Any, ans: Answer) -> None:
    """Edit a game's live message through its channel (no interaction to answer), or post it
    anew when it cannot be edited."""
    view = None if ans.over else live_view(ans)
    if await _edit_in(channel, ans, view):
        return
    msg = await channel.send(
        live_text(ans),
        files=picture(ans),
        view=view or discord.utils.MISSING,
        allowed_mentions=QUIET,
    )
    if ans.game_id is not None:
        await svc.store.set_message(ans.game_id, msg.id)


async def run_command(interaction: discord.Interaction, make: type[K.Command], **raw: Any) -> None:
    """Build a command from a slash command's options, field by field, and run it: a value
    that does not fit its field is refused privately and nothing changes."""
    try:
        command = K.build(make, **raw)
    except RulesError as e:
        await respond(interaction, Answer.refusal(e))
        return
    ans = await service(interaction).execute(channel_id(interaction), interaction.user.id, command)
    if command.looks:  # (odds, a tile list: the asker's alone, with no copy of the menu)
        ans.ephemeral = True
    await respond(interaction, ans)

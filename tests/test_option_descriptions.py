"""Every slash command and every option shows players a real description: never discord.py's
placeholder "…" (what a parameter without ``@app_commands.describe`` gets), and never longer
than Discord's limit of 100 characters. The whole command tree is walked, so a command added
later without descriptions fails here."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.app import EXTENSIONS, WargameBot
from bot.settings import Settings

PLACEHOLDER = "…"
MAX_DESCRIPTION = 100  # Discord's limit for command and option descriptions


@pytest.fixture
async def tree(tmp_path: Path) -> AsyncIterator[app_commands.CommandTree[Any]]:
    """The bot's command tree with every extension loaded, without connecting to Discord."""
    bot = WargameBot(Settings(token=None, database_path=tmp_path / "unused.sqlite3"))
    for ext in EXTENSIONS:
        await bot.load_extension(ext)
    yield bot.tree
    for ext in list(bot.extensions):
        await bot.unload_extension(ext)


def _options(payload: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every option in a command's payload as Discord receives it, subcommands included."""
    for option in payload.get("options", []):
        where = f"{path} {option['name']}"
        yield where, option
        yield from _options(option, where)


def _payloads(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    return [command.to_dict(tree) for command in tree.get_commands()]


def _parameters(
    commands: list[Any], prefix: str = ""
) -> Iterator[tuple[str, app_commands.Parameter]]:
    """Every parameter of every command, walking groups and subgroups."""
    for command in commands:
        if isinstance(command, app_commands.Group):
            yield from _parameters(command.commands, f"{prefix}{command.name} ")
        else:
            for parameter in getattr(command, "parameters", []):
                yield f"/{prefix}{command.name} {parameter.name}", parameter


def _bad(description: object) -> bool:
    text = str(description or "").strip()
    return text in ("", PLACEHOLDER) or len(str(description)) > MAX_DESCRIPTION


async def test_the_tree_has_commands_with_options(tree: app_commands.CommandTree[Any]) -> None:
    parameters = list(_parameters(tree.get_commands()))
    assert len(tree.get_commands()) > 10
    assert len(parameters) > 50  # the walk really reaches the options (81 when written)
    names = {where for where, _ in parameters}
    assert "/odds attacker_keep" in names and "/adjust tokens count" in names  # groups too


async def test_no_option_lacks_a_description(tree: app_commands.CommandTree[Any]) -> None:
    bad = [
        f"{where}: {p.description!r}"
        for where, p in _parameters(tree.get_commands())
        if _bad(p.description)
    ]
    assert bad == [], "options without a real description (1-100 characters):\n" + "\n".join(bad)


async def test_no_option_sent_to_discord_lacks_a_description(
    tree: app_commands.CommandTree[Any],
) -> None:
    bad = [
        f"{where}: {option.get('description')!r}"
        for payload in _payloads(tree)
        for where, option in _options(payload, "/" + payload["name"])
        if _bad(option.get("description"))
    ]
    assert bad == [], "options without a real description (1-100 characters):\n" + "\n".join(bad)


async def test_every_command_and_group_has_a_description(
    tree: app_commands.CommandTree[Any],
) -> None:
    bad = [
        f"/{command.qualified_name}: {command.description!r}"
        for command in tree.walk_commands()
        if _bad(command.description)
    ]
    assert bad == [], "commands without a real description (1-100 characters):\n" + "\n".join(bad)


def test_the_check_catches_the_placeholder_and_long_text() -> None:
    assert _bad(PLACEHOLDER) and _bad("") and _bad(None) and _bad("x" * 101)
    assert not _bad("x") and not _bad("x" * 100)

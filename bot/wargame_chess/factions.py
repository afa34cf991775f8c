"""A server's own Wargame Chess factions: added, replaced and removed by moderators from faction
files, listed and shown to anyone. Kept in the store's per-server state (``FACTIONS``), each
with the file it came from; a game keeps its own copy of the factions it is played with."""

from __future__ import annotations

from typing import Any

from bot.service import Answer
from bot.store import StoreBase
from bot.wargame_chess.table import FACTIONS, server_faction
from rules.core.errors import RulesError
from rules.core.words import count
from rules.wargame_chess.faction_file import (
    MAX_FILE_BYTES,
    FactionFileError,
    faction_card,
    read_faction,
)

MAX_FACTIONS = 25  # per server: one autocomplete list
FILE_ENDINGS = (".toml", ".json", ".txt")
CARD_LIMIT = 1900


class _Refused(Exception):
    """A change refused as a whole (nothing is written)."""


async def library(store: StoreBase, guild_id: int) -> dict[str, Any]:
    return await store.channel_state(guild_id, FACTIONS) or {}


def refuse_upload(filename: str, size: int) -> str | None:
    """Why an upload is refused before it is read, or None."""
    if not filename.lower().endswith(FILE_ENDINGS):
        return (
            f"`{filename[:60]}` is not a faction file: upload a .toml (or .json) file "
            "as docs/factions.md describes."
        )
    if size > MAX_FILE_BYTES:
        return f"That file is {size} bytes; a faction file is at most {MAX_FILE_BYTES}."
    return None


PROBLEMS_BUDGET = 1800  # characters of a refusal's list of problems (a message holds 2,000)
PROBLEM_LINE = 160  # characters of one problem, a quoted value included


def problems_text(problems: list[str]) -> str:
    """A file's problems as one reply: the heading and the first problems, each cut short,
    as many as fit, then how many more there are."""
    n = len(problems)
    lines = [f"The faction file has {count(n, 'problem')}; nothing was changed:"]
    size = len(lines[0])
    for i, p in enumerate(problems):
        line = f"- {p}" if len(p) <= PROBLEM_LINE else f"- {p[: PROBLEM_LINE - 1]}…"
        if size + len(line) + 40 > PROBLEMS_BUDGET:
            lines.append(f"(and {n - i} more: fix these and upload it again to see them)")
            break
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)


async def add_faction(store: StoreBase, guild_id: int, user_id: int, data: bytes) -> Answer:
    """Add a faction, or replace the one of the same name; nothing changes on any problem."""
    try:
        faction = read_faction(data)
    except FactionFileError as e:
        return Answer.error(problems_text(e.problems))
    key = faction.name.lower()

    def put(current: dict[str, Any] | None) -> tuple[dict[str, Any], bool]:
        # One locked step: two moderators' uploads (even in two processes) both land.
        factions = dict(current or {})
        replaced = key in factions
        if not replaced and len(factions) >= MAX_FACTIONS:
            raise _Refused(
                f"This server already has {MAX_FACTIONS} factions: remove one with "
                "`/faction remove` first."
            )
        factions[key] = {
            "name": faction.name,
            "faction": faction.to_dict(),
            "file": data.decode("utf-8-sig"),
            "by": user_id,
        }
        return factions, replaced

    try:
        replaced = await store.update_channel_state(guild_id, FACTIONS, put)
    except _Refused as e:
        return Answer.error(str(e))
    verb = "replaced" if replaced else "added"
    return Answer(
        f"<@{user_id}> {verb} the faction **{faction.name}** "
        f"({len(faction.options)} piece options, {len(faction.upgrades)} upgrades, "
        f"{len(faction.rules)} faction rules). Games already started keep the version they "
        f"began with. Choose it with `/team faction:{faction.name}`; see it with `/faction show`."
    )


async def remove_faction(store: StoreBase, guild_id: int, user_id: int, name: str) -> Answer:
    def take(current: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
        factions = dict(current or {})
        wanted = " ".join(name.split()).lower()
        # (a key saved before names were kept with single spaces matches too)
        key = next((k for k in factions if " ".join(k.split()) == wanted), wanted)
        entry = factions.pop(key, None)
        if entry is None and wanted == "standard":
            raise _Refused("Standard is the built-in faction: it cannot be removed.")
        if entry is None:
            raise _Refused(f"This server has no faction called '{name[:60]}'.")
        return factions, entry

    try:
        entry = await store.update_channel_state(guild_id, FACTIONS, take)
    except _Refused as e:
        return Answer.error(str(e))
    return Answer(
        f"<@{user_id}> removed the faction **{entry['name']}**. Games already started with it "
        "keep their copy."
    )


async def list_factions(store: StoreBase, guild_id: int) -> Answer:
    factions = await library(store, guild_id)
    lines = ["**Standard** (built in): the common piece rules only."]
    for _, entry in sorted(factions.items()):
        try:
            f = server_faction(factions, entry["name"])
        except (RulesError, KeyError, TypeError, ValueError):
            continue
        stars = " " + "★" * f.stars if f.stars else ""
        lines.append(
            f"**{f.name}**{stars}: {len(f.options)} piece options, "
            f"{len(f.upgrades)} upgrades, {len(f.rules)} faction rules"
        )
    if not factions:
        lines.append(
            "This server has no factions of its own yet: a moderator adds one with "
            "`/faction add` (docs/factions.md shows the file)."
        )
    return Answer("\n".join(lines), ephemeral=True)


async def show_faction(store: StoreBase, guild_id: int, name: str) -> Answer:
    factions = await library(store, guild_id)
    try:
        f = server_faction(factions, name)
    except RulesError as e:
        return Answer.refusal(e)
    card = faction_card(f)
    if len(card) <= CARD_LIMIT:
        return Answer(card, ephemeral=True)
    cut = card[:CARD_LIMIT].rsplit("\n", 1)[0]
    return Answer(
        cut + "\n… (the whole card is attached)",
        ephemeral=True,
        attachment=(f"{f.name}.txt", card.encode()),
    )

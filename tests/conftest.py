"""Fixtures: a real bot logged in against the offline Discord harness."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from rules.wargame_chess.dice import RandomDice
from tests.discord_harness import Harness, install

ALICE, BOB, CAROL = 111_000_000_000_000_001, 111_000_000_000_000_002, 111_000_000_000_000_003


async def start_bot(
    monkeypatch: Any, db: Path, seed: int = 1, render_processes: int = 0
) -> tuple[Any, Harness]:
    from bot.app import WargameBot

    dice = RandomDice(seed)
    settings = Settings(token=None, database_path=db, render_processes=render_processes)
    bot = WargameBot(settings, dice=lambda: dice)
    harness = Harness(bot)
    catcher = install(monkeypatch, harness)
    harness.catcher = catcher  # type: ignore[attr-defined]
    await bot.login("fake-token")
    harness.guild_create({ALICE: "alice", BOB: "bob", CAROL: "carol"})
    return bot, harness


async def stop_bot(bot: Any, harness: Harness) -> None:
    await bot.close()
    for name in ("discord", "wargame"):
        logging.getLogger(name).removeHandler(harness.catcher)  # type: ignore[attr-defined]


@pytest.fixture
async def table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> AsyncIterator[Harness]:
    bot, harness = await start_bot(monkeypatch, tmp_path / "game.sqlite3")
    yield harness
    await stop_bot(bot, harness)
    assert harness.violations == [], harness.violations
    assert [r.getMessage() for r in harness.errors] == []

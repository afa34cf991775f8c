"""Fixtures: a real bot logged in against the offline Discord harness, and stores on each
backend: SQLite always, PostgreSQL when TEST_DATABASE_URL names a server (each test gets a
schema of its own there, dropped afterwards)."""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from bot.store import Store, StoreBase
from rules.wargame_chess.dice import RandomDice
from tests.discord_harness import Harness, install

ALICE, BOB, CAROL = 111_000_000_000_000_001, 111_000_000_000_000_002, 111_000_000_000_000_003


PG_URL = os.environ.get("TEST_DATABASE_URL", "").strip() or None
BACKENDS = ("sqlite", "postgres")


class Databases:
    """Databases for one test on one backend: ``url(name)`` is the same database for the same
    name (two stores on it are two processes sharing it)."""

    def __init__(self, backend: str, tmp_path: Path) -> None:
        self.backend = backend
        self.tmp_path = tmp_path
        self.schemas: dict[str, str] = {}

    async def url(self, name: str = "db") -> str | None:
        """A PostgreSQL URL whose search path is this name's fresh schema; None on SQLite."""
        if self.backend != "postgres":
            return None
        assert PG_URL is not None
        if name not in self.schemas:
            import asyncpg

            schema = f"test_{uuid.uuid4().hex[:16]}"
            conn = await asyncpg.connect(PG_URL)
            try:
                await conn.execute(f"CREATE SCHEMA {schema}")
            finally:
                await conn.close()
            self.schemas[name] = schema
        sep = "&" if "?" in PG_URL else "?"
        return f"{PG_URL}{sep}search_path={self.schemas[name]}"

    async def store(self, name: str = "db", clock: Callable[[], float] | None = None) -> StoreBase:
        """An unopened store on the named database."""
        url = await self.url(name)
        if url is None:
            return Store(self.tmp_path / f"{name}.sqlite3", **({"clock": clock} if clock else {}))
        from bot.store_pg import PgStore

        return PgStore(url, **({"clock": clock} if clock else {}))

    async def settings(self, name: str = "db", **kw: Any) -> Settings:
        return Settings(
            token=None,
            database_path=self.tmp_path / f"{name}.sqlite3",
            database_url=await self.url(name),
            **kw,
        )

    async def drop(self) -> None:
        if not self.schemas:
            return
        import asyncpg

        assert PG_URL is not None
        conn = await asyncpg.connect(PG_URL)
        try:
            for schema in self.schemas.values():
                await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        finally:
            await conn.close()


@pytest.fixture(params=BACKENDS)
async def dbs(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Databases]:
    """Databases on each backend in turn (PostgreSQL skipped when TEST_DATABASE_URL is unset)."""
    if request.param == "postgres" and PG_URL is None:
        pytest.skip("TEST_DATABASE_URL is not set: no PostgreSQL server to test against")
    d = Databases(request.param, tmp_path)
    yield d
    await d.drop()


@pytest.fixture
async def pg(tmp_path: Path) -> AsyncIterator[Databases]:
    """PostgreSQL only (tests of several processes over one database server)."""
    if PG_URL is None:
        pytest.skip("TEST_DATABASE_URL is not set: no PostgreSQL server to test against")
    d = Databases("postgres", tmp_path)
    yield d
    await d.drop()


async def start_bot(
    monkeypatch: Any,
    db: Path | Settings,
    seed: int = 1,
    render_processes: int = 0,
) -> tuple[Any, Harness]:
    """A bot on the SQLite file ``db``, or with the given settings (e.g. PostgreSQL's)."""
    from bot.app import WargameBot

    dice = RandomDice(seed)
    if isinstance(db, Settings):
        settings = db
    else:
        settings = Settings(token=None, database_path=db, render_processes=render_processes)
    bot = WargameBot(settings, dice=lambda: dice)
    bot.service.ai_pace = 0.0  # the AI's actions at once (a test of the pace sets its own)
    bot.service.think_floor = False  # (as the pace: a test of it sets it)
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
async def table(monkeypatch: pytest.MonkeyPatch, dbs: Databases) -> AsyncIterator[Harness]:
    """A bot on each backend in turn."""
    bot, harness = await start_bot(monkeypatch, await dbs.settings("game", render_processes=0))
    yield harness
    await stop_bot(bot, harness)
    assert harness.violations == [], harness.violations
    assert [r.getMessage() for r in harness.errors] == []

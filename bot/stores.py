"""The store the settings ask for: PostgreSQL if ``database_url`` is set, else SQLite."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.settings import Settings
from bot.store import Store, StoreBase


def open_store(settings: Settings, clock: Callable[[], float] = time.time) -> StoreBase:
    """An unopened store (its ``open`` connects and migrates)."""
    if settings.database_url:
        from bot.store_pg import PgStore  # asyncpg is only imported when it is used

        return PgStore(settings.database_url, clock=clock)
    return Store(settings.database_path, clock=clock)

"""Settings from the environment (and a .env file). The token is never printed or logged."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv


@dataclass(frozen=True)
class Settings:
    token: str | None = field(default=None, repr=False)
    database_path: Path = Path("data/wargame.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    output_dir: Path = Path("out")
    render_processes: int = 1
    # postgresql://user:password@host/db: PostgreSQL (several processes over one database);
    # unset: the SQLite file at database_path. Never printed (it may hold a password).
    database_url: str | None = field(default=None, repr=False)
    shard_count: int | None = None  # Discord shards in all; None: one process, no sharding
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (None: all)
    ai_pace: float = 1.5  # at least these seconds between the AI's actions shown in Discord

    @property
    def has_token(self) -> bool:
        return bool(self.token)

    def runs_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of the server ``guild_id`` (Discord's rule:
        (guild_id >> 22) % shard_count; direct messages are shard 0's)."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.shard_count
        return shard in self.shard_ids

    @classmethod
    def from_env(cls, env_file: str | None = ".env") -> Settings:
        if env_file:
            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=Path(os.environ.get("DATABASE_PATH", "data/wargame.sqlite3")),
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").upper(),
            output_dir=Path(os.environ.get("OUTPUT_DIR", "out")),
            render_processes=_count(os.environ.get("RENDER_PROCESSES", "1"), "RENDER_PROCESSES"),
            database_url=_database_url(os.environ.get("DATABASE_URL", "")),
            shard_count=_shard_count(os.environ.get("SHARD_COUNT", "")),
            shard_ids=_shard_ids(
                os.environ.get("SHARD_IDS", ""), _shard_count(os.environ.get("SHARD_COUNT", ""))
            ),
            ai_pace=_seconds(os.environ.get("AI_PACE", "1.5"), "AI_PACE"),
        )


def _seconds(value: str, name: str) -> float:
    try:
        seconds = float(value.strip() or "0")
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {value!r}") from None
    if not 0 <= seconds <= 60:
        raise ValueError(f"{name} must be from 0 to 60 seconds, not {value!r}")
    return seconds


def _database_url(value: str) -> str | None:
    value = value.strip()
    if not value:
        return None
    if not value.startswith(("postgresql://", "postgres://")):
        raise ValueError(
            "DATABASE_URL must be a PostgreSQL address (postgresql://user:password@host/db); "
            "leave it unset to use the SQLite file at DATABASE_PATH"
        )
    return value


def _shard_count(value: str) -> int | None:
    value = value.strip()
    if not value:
        return None
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"SHARD_COUNT must be a whole number of shards, 1 or more, not {value!r}")
    return int(value)


def _shard_ids(value: str, count: int | None) -> tuple[int, ...] | None:
    """``0,1``, ``0-3`` or a mix: the shards this process runs."""
    value = value.strip()
    if not value:
        return None
    if count is None:
        raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
    ids: list[int] = []
    for part in value.split(","):
        lo, _, hi = part.strip().partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise ValueError(f"SHARD_IDS is a list like 0,1 or 0-3, not {value!r}")
        ids.extend(range(int(lo), int(hi or lo) + 1))
    wrong = [i for i in ids if i >= count]
    if wrong:
        raise ValueError(f"SHARD_IDS {wrong} are not below SHARD_COUNT {count}")
    return tuple(sorted(set(ids)))


def _count(value: str, name: str) -> int:
    value = value.strip() or "1"
    if not value.isdigit():
        raise ValueError(
            f"{name} must be a whole number of picture workers "
            f"(0 draws them in the bot's own process), not {value!r}"
        )
    return int(value)

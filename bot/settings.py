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

    @property
    def has_token(self) -> bool:
        return bool(self.token)

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
        )


def _count(value: str, name: str) -> int:
    value = value.strip() or "1"
    if not value.isdigit():
        raise ValueError(
            f"{name} must be a whole number of picture workers "
            f"(0 draws them in the bot's own process), not {value!r}"
        )
    return int(value)

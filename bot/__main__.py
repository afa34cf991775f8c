"""Run the bot: with DISCORD_TOKEN (environment or .env) it connects to Discord; without one
it opens the console table so anyone can play in a terminal."""

from __future__ import annotations

import argparse
import logging
import os
import stat
import sys

from bot.settings import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wargame-gm", description=__doc__)
    parser.add_argument(
        "--console", action="store_true", help="open the console table even with a token"
    )
    parser.add_argument("--sync", action="store_true", help="sync slash commands at start-up")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env()
    except ValueError as e:
        print(f"wargame-gm: {e} (see .env.example)", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if settings.has_token and not args.console:
        from bot.app import run_discord

        run_discord(settings, sync=args.sync)
        return 0
    if not args.console and not _has_input():
        print(
            "wargame-gm: no DISCORD_TOKEN and no terminal to play in: set DISCORD_TOKEN (see "
            ".env.example), or run it in a terminal for the console table",
            file=sys.stderr,
        )
        return 2
    from bot.console import run_console

    return run_console(images=settings.output_dir)


def _has_input() -> bool:
    """Whether the console table has someone to read from: a terminal, or typed lines piped
    in. A container started without a terminal has /dev/null (or nothing) as input."""
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError, AttributeError):
        return False
    return sys.stdin.isatty() or not stat.S_ISCHR(mode)


if __name__ == "__main__":
    sys.exit(main())

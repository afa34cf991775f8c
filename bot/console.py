"""The console table: play Wargame Chess in a terminal, typing the same commands as in Discord.

One person can play both sides (each command acts for whoever must decide now), or two people
can share the keyboard. Rolls use the operating system's randomness.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from bot.table import HELP, Table
from rules.wargame_chess.dice import Dice, SystemDice

BANNER = """Wargame Chess: console table (no DISCORD_TOKEN set, so the game is played here).
Type `game new` to start with two ready-made teams, `help` for all commands, `quit` to leave.
"""


def run_console(
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    dice: Dice | None = None,
    images: Path | None = None,
) -> int:
    """Read commands until `quit` or end of input. Pictures are written under ``images``."""
    table = Table(dice or SystemDice())
    shown = 0
    stdout.write(BANNER)
    while True:
        stdout.write("\n> ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return 0
        line = line.strip()
        if line.lower() in ("quit", "exit"):
            return 0
        if not line:
            continue
        reply = table.run(line)
        stdout.write(reply.text if reply.ok else f"! {reply.text}")
        stdout.write("\n")
        if reply.image is not None and images is not None:
            images.mkdir(parents=True, exist_ok=True)
            shown += 1
            path = images / f"{shown:03d}-{reply.image_name}"
            path.write_bytes(reply.image)
            stdout.write(f"[picture: {path}]\n")
        if table.state is not None and table.state.is_over and reply.ok:
            stdout.write("Type `game new` to play again.\n")


__all__ = ["HELP", "run_console"]

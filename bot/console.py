"""The console table: play any built game system in a terminal, with the same commands as in
Discord (typed words are parsed into the same command values the slash commands build).

One person can play both sides (each command acts for whoever must decide now), or two people
can share the keyboard. Rolls use the operating system's randomness.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from bot import systems
from bot.table import GAME_OVER_HINT, Table
from rules.core.board import Player
from rules.core.dice import Dice, SystemDice

BANNER = (
    "The console table (no DISCORD_TOKEN set, so the game is played here). Systems: "
    + ", ".join(f"{p.name} (`game new {p.id}`)" for p in systems.SYSTEMS.values())
    + ".\nType `game new` to start with ready-made teams, `actions` for numbered choices, `help`"
    " for all commands, `quit` to leave. To play against the AI: `game new <system> ai easy`"
    " (or medium, hard; add `hints` for `hint`).\n"
)


def run_console(
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    dice: Dice | None = None,
    images: Path | None = None,
) -> int:
    """Read commands until `quit` or end of input. Pictures are written under ``images``."""
    table = Table(dice or SystemDice())

    def emit(text: str) -> None:  # the AI's actions, each as it is played
        stdout.write(text + "\n")
        stdout.flush()

    table.emit = emit
    shown = _last_picture(images)  # (numbered on from the pictures already there)
    stdout.write(BANNER)
    while True:
        stdout.write("\n> ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return 0
        line = line.strip()
        if line.lower().split()[:1] in (["quit"], ["exit"]):  # (`quit game` too)
            return 0
        if not line:
            continue
        was_over = table.over
        try:
            reply = table.run(line)
        except KeyboardInterrupt:  # Ctrl-C while watching the AI: back to the prompt
            secret = any(table.keeps_secret(p) for p in Player)
            stop = "" if secret else "`ai off` takes its seat back; "
            stdout.write(
                f"\nStopped. {stop}The AI plays on with your next command (`log` shows what "
                "it has done so far).\n"
            )
            continue
        stdout.write(reply.text if reply.ok else f"! {reply.text}")
        stdout.write("\n")
        if reply.image is not None and images is not None:
            images.mkdir(parents=True, exist_ok=True)
            shown += 1
            path = images / f"{shown:03d}-{reply.image_name}"
            path.write_bytes(reply.image)
            stdout.write(f"[picture: {path}]\n")
        ended_now = table.over and not was_over
        if (ended_now or (table.over and not reply.ok)) and GAME_OVER_HINT not in reply.text:
            stdout.write(GAME_OVER_HINT + "\n")  # (at the end, and on a refusal after it)


def _last_picture(images: Path | None) -> int:
    """The highest number among the pictures already in ``images`` (0: none), so that a new
    console writes after them instead of over them."""
    if images is None or not images.is_dir():
        return 0
    numbers = [int(p.name[:3]) for p in images.glob("[0-9][0-9][0-9]-*")]
    return max(numbers, default=0)


__all__ = ["run_console"]

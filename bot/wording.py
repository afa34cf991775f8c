"""The service's wording helpers: players' names, plurals, idle times, the log line."""

from __future__ import annotations

from bot.store import GameRow
from rules.core.board import Player

LOG_LIMIT = 1800  # a log line's characters (Discord's limit is 2000)


def names_of(row: GameRow, first: Player) -> tuple[str, str] | None:
    """The players' names (as the challenge recorded them), ``first``'s first."""
    names = row.meta.get("names")
    if not (isinstance(names, list) and len(names) == 2):
        return None
    white, black = str(names[0]), str(names[1])
    return (white, black) if first is Player.WHITE else (black, white)


def plural(word: str) -> str:
    """team -> teams, party -> parties, deck -> decks."""
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    return word + "s"


def hours_text(hours: float) -> str:
    if hours < 1:
        return f"{max(1, round(hours * 60))} minutes"
    if hours < 48:
        n = round(hours)
        return f"{n} hour{'s' if n != 1 else ''}"
    return f"{round(hours / 24)} days"


def game_over(lines: list[str], result: str) -> list[str]:
    """``lines`` ending with the game's end, said once: "Game over. <result>." (an event line
    that only repeats the result is left out)."""
    said = result.rstrip(".")
    repeats = {r.lower() for r in (said, f"Game over: {said}", f"Game over. {said}")}
    kept = [
        line
        for text in lines
        for line in text.split("\n")
        if line.rstrip(".").lower() not in repeats
    ]
    return [*kept, f"Game over. {said}."]


def fit_log(lines: list[str]) -> str:
    """The log line: the newest lines that fit (the last one says who decides next)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > LOG_LIMIT:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))

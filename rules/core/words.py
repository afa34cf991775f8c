"""Words every system's texts share."""

from __future__ import annotations


def count(n: int, word: str, plural: str = "") -> str:
    """ "1 wound", "2 wounds": a number and its noun, plural unless the number is 1 (``plural``
    when it is not the word with an s: "die", "dice")."""
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"

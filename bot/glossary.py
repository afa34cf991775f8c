"""Looking up rules terms by any spelling, in the glossary of a game system (``SystemPlugin
.glossary``), for ``/rules`` and the console's ``rules``."""

from __future__ import annotations

from collections.abc import Mapping

from rapidfuzz import fuzz, process


def lookup_term(terms: Mapping[str, str], text: str) -> tuple[str, str] | None:
    """The term best matching ``text``, or None when nothing is close."""
    got = process.extractOne(text.strip(), list(terms), scorer=fuzz.WRatio)
    if got is None or got[1] < 60:
        return None
    return got[0], terms[got[0]]


def suggest_terms(terms: Mapping[str, str], text: str, limit: int = 25) -> list[str]:
    if not text.strip():
        return list(terms)[:limit]
    return [t for t, _, _ in process.extract(text, list(terms), scorer=fuzz.WRatio, limit=limit)]

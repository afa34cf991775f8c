"""Looking up rules terms by any spelling, in the glossary of a game system (``SystemPlugin
.glossary``), for ``/rules`` and the console's ``rules``."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from rapidfuzz import fuzz, process


def lookup_term(terms: Mapping[str, str], text: str) -> tuple[str, str] | None:
    """The term ``text`` names: the term itself in any case, or as a plural ("tokens"), or a
    term that begins with it ("activ" for Activation), or the one term with a later word that
    is it ("chest" for Treasure Chest); else the closest spelling, when close
    (a misspelling such as "reactivaton"); None when nothing is close. A loose match would
    answer with another term than asked about ("token" read as Activation)."""
    want = _fold(text.strip())
    if not want:
        return None
    by_case = {_fold(t): t for t in terms}
    for form in (want, want.removesuffix("s"), want.removesuffix("es")):
        if form in by_case:
            return by_case[form], terms[by_case[form]]
    starts = [t for t in terms if _fold(t).startswith(want)]
    if len(starts) == 1:
        return starts[0], terms[starts[0]]
    # the same word in another form ("activate", "blessing"): one term shares its stem
    need = max(5, len(want) - 3)
    stems = [t for t in terms if _shared(_fold(t), want) >= need]
    if len(stems) == 1:
        return stems[0], terms[stems[0]]
    # a later word of a longer term, whole ("chest" for Treasure Chest, "leader" for Faction
    # Leader); not a short word, which names too much ("move" is not First Move)
    if len(want) >= 5:
        forms = {want, want.removesuffix("s")}
        later = [t for t in terms if forms & set(_fold(t).split()[1:])]
        if len(later) == 1:
            return later[0], terms[later[0]]
    got = process.extractOne(want, list(by_case), scorer=fuzz.ratio)
    if got is None or got[1] < 80:
        return None
    return by_case[got[0]], terms[by_case[got[0]]]


def _fold(text: str) -> str:
    """A term as it is compared: any case, accents left out ("pinata" finds Piñata)."""
    parts = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in parts if not unicodedata.combining(c))


def _shared(a: str, b: str) -> int:
    """How many letters two words share from their start."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def suggest_terms(terms: Mapping[str, str], text: str, limit: int = 25) -> list[str]:
    if not text.strip():
        return list(terms)[:limit]
    return [t for t, _, _ in process.extract(text, list(terms), scorer=fuzz.WRatio, limit=limit)]


def glossary_answer(
    terms: Mapping[str, str], text: str | None, limit: int = 30, credit: str = ""
) -> str:
    """The console's answer to ``rules <term>``: the term and its text (and ``credit``, whose
    rules they are, on a line of its own); with no term, the terms; with one it does not know,
    says so and lists the terms, closest first."""
    text = (text or "").strip()
    found = lookup_term(terms, text) if text else None
    if found is not None:
        return f"{found[0]}: {found[1]}" + (f"\n({credit})" if credit else "")
    listed = ", ".join(suggest_terms(terms, text, limit))
    if len(terms) > limit:  # (the list is cut: the rest are found all the same)
        listed += f" (and {len(terms) - limit} more: `rules <word>` finds any)"
    if not text:
        return f"Rules terms: {listed}"
    return f"No rules term '{text[:30]}'. The terms, closest first: {listed}"

"""The starter roster (models of this project's own, built with the custom-model builder), parties
and the two ready-made parties.

A party is written as a comma-separated list of models with optional counts, by roster name or as
a whole model in braces: ``2 Shieldbearer, Brute, {Ghoul; move .^./.A.; attack .x./.A.; fight 2;
defence 1; hp 1}``. A party totals at most 300 points (ruling C28-12).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.chess28.models import ModelDef
from rules.core.errors import InvalidTeam, ParseError
from rules.core.words import count

POINTS = 300
MAX_MODELS = 16  # two full ranks: every model can be deployed

ROSTER_TEXT = (
    "Shieldbearer; move .^./<A>/...; attack xxx/.A.; fight 2; defence 3; hp 3; stubborn",
    "Lancer; move o^o/.A.; attack .x./.x./.A.; fight 3; defence 1; hp 2; barge",
    "Slinger; move .^./<A>/.o.; attack .x./.A.; fight 1; defence 1; hp 2; "
    "shoot fl f fr range 4 strength 3",
    "Wisp; move .^./.@.; attack xxx/xAx/xxx; fight 2; defence 0; hp 2; incorporeal; chill grasp",
    "Brute; move .^./.A.; attack xxx/xAx; fight 5; defence 2; hp 4; bloodlust",
    "Duelist; move o.o/.A./o.o; attack x.x/.A./x.x; fight 4; defence 2; hp 2; fancy footwork",
    "Sapper; move .^./<A>/.v.; attack xxx/.A.; fight 2; defence 2; hp 2; dig",
    "Vaulter; move .o.o./o...o/..A..; attack .x./xAx; fight 3; defence 1; hp 2; leap",
    "Outrider; move .*./*A*; attack .x./xAx; fight 3; defence 2; hp 2",
    "Crossbow; move .^./.A.; attack .x./.A.; fight 1; defence 2; hp 2; shoot f range 6 strength 4",
)
ROSTER: dict[str, ModelDef] = {m.name.lower(): m for m in (ModelDef.parse(t) for t in ROSTER_TEXT)}

READY_MADE: dict[str, str] = {
    "Iron Vanguard": ("Brute, 2 Shieldbearer, Lancer, 2 Outrider, Slinger, Duelist, Crossbow"),
    "Night Parade": "Wisp, 2 Sapper, Vaulter, Slinger, Crossbow, 2 Duelist, Lancer",
}


def find_model(name: str) -> ModelDef:
    found = ROSTER.get(name.strip().lower())
    if found is None:
        names = ", ".join(m.name for m in ROSTER.values())
        raise ParseError(f"'{name[:30]}' is not in the roster: choose from {names}")
    return found


def _split(text: str) -> list[str]:
    """The comma-separated entries of a party, keeping braces whole."""
    out, depth, cur = [], 0, ""
    for c in text:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                raise ParseError("a '}' closes no model")
        if c == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    if depth:
        raise ParseError("a '{' model is not closed with '}'")
    out.append(cur)
    return [e.strip() for e in out if e.strip()]


@dataclass(frozen=True, slots=True)
class Party:
    """The models of one side, in order, with how many of each."""

    entries: tuple[tuple[ModelDef, int], ...]

    @classmethod
    def parse(cls, text: str) -> Party:
        text = READY_MADE.get(text.strip(), text)
        for name, listed in READY_MADE.items():
            if text.strip().lower() == name.lower():
                text = listed
        entries: list[tuple[ModelDef, int]] = []
        for entry in _split(text):
            count = 1
            head, _, rest = entry.partition(" ")
            if head.isdigit() and rest:
                count, entry = int(head), rest.strip()
            if not 1 <= count <= MAX_MODELS:
                raise ParseError(f"take 1 to {MAX_MODELS} of a model, not {count}")
            if entry.startswith("{") and entry.endswith("}"):
                model = ModelDef.parse(entry[1:-1])
            else:
                model = find_model(entry)
            for i, (m, n) in enumerate(entries):
                if m.name.lower() == model.name.lower():
                    if m != model:
                        raise ParseError(f"two different models are called {model.name}")
                    entries[i] = (m, n + count)
                    break
            else:
                entries.append((model, count))
        if not entries:
            raise ParseError("a party needs at least one model")
        return cls(tuple(entries))

    @property
    def points(self) -> int:
        return sum(m.cost * n for m, n in self.entries)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.entries)

    def models(self) -> tuple[ModelDef, ...]:
        return tuple(m for m, n in self.entries for _ in range(n))

    def problems(self) -> list[str]:
        out = []
        if self.points > POINTS:
            out.append(f"it costs {self.points} points, more than {POINTS}")
        if self.size > MAX_MODELS:
            out.append(f"it has {self.size} models, more than {MAX_MODELS}")
        return out

    def validate(self) -> Party:
        problems = self.problems()
        if problems:
            raise InvalidTeam(problems)
        return self

    def text(self) -> str:
        parts = []
        for m, n in self.entries:
            roster = ROSTER.get(m.name.lower())
            shown = m.name if roster == m else "{" + m.text() + "}"
            parts.append(f"{n} {shown}" if n > 1 else shown)
        return ", ".join(parts)

    def describe(self) -> str:
        return f"{self.text()} ({self.points} points, {count(self.size, 'model')})"

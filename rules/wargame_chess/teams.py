"""Factions and team lists: point costs, quantity ranges, options and the 14-point rule.

A faction is data: its piece options in rank order (highest first), each with a quantity range,
plus upgrades with point costs. The built-in Standard faction follows ruling WC-1; servers can
define their own factions with ``Faction.from_dict``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import InvalidTeam, ParseError
from rules.wargame_chess.faction_rules import RuleText
from rules.wargame_chess.pieces import CHESS_SET, DEFAULT_RULES, STANDARD_RANK, CommonRule, Kind

TEAM_POINTS = 14


@dataclass(frozen=True, slots=True)
class PieceOption:
    """One entry of a faction's roster, e.g. 'Knight (0-2)'."""

    name: str
    kind: Kind
    min: int
    max: int
    legendary: bool = False
    # None means the piece type's default common rules; a faction may drop some (e.g. Promotion).
    rules: frozenset[CommonRule] | None = None
    notes: str = ""
    texts: tuple[RuleText, ...] = ()  # the option's own rules (piece rules)

    @property
    def common_rules(self) -> frozenset[CommonRule]:
        return DEFAULT_RULES[self.kind] if self.rules is None else self.rules

    @property
    def range_text(self) -> str:
        return f"({self.min})" if self.min == self.max else f"({self.min}-{self.max})"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "kind": self.kind.value}
        d["min"], d["max"] = self.min, self.max
        if self.legendary:
            d["legendary"] = True
        if self.rules is not None:
            d["rules"] = sorted(r.value for r in self.rules)
        if self.notes:
            d["notes"] = self.notes
        if self.texts:
            d["texts"] = [t.to_dict() for t in self.texts]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PieceOption:
        rules = d.get("rules")
        return cls(
            name=str(d["name"]),
            kind=Kind(d["kind"]),
            min=int(d["min"]),
            max=int(d["max"]),
            legendary=bool(d.get("legendary", False)),
            rules=None if rules is None else frozenset(CommonRule(r) for r in rules),
            notes=str(d.get("notes", "")),
            texts=tuple(RuleText.from_dict(t) for t in d.get("texts", ())),
        )


@dataclass(frozen=True, slots=True)
class Upgrade:
    name: str
    cost: int
    notes: str = ""
    rule: RuleText | None = None  # what it does and when (faction files)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "cost": self.cost, "notes": self.notes}
        if self.rule is not None:
            d["rule"] = self.rule.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Upgrade:
        rule = d.get("rule")
        return cls(
            str(d["name"]),
            int(d["cost"]),
            str(d.get("notes", "")),
            None if rule is None else RuleText.from_dict(rule),
        )


@dataclass(frozen=True, slots=True)
class Faction:
    """A roster. ``options`` are in rank order, highest first; equal rank is not expressible."""

    name: str
    options: tuple[PieceOption, ...]
    upgrades: tuple[Upgrade, ...] = ()
    notes: str = ""
    stars: int = 0  # the star rating (1-3), 0 when not rated
    rules: tuple[RuleText, ...] = ()  # the faction rules, in the order the faction lists them

    def __post_init__(self) -> None:
        names = [o.name.lower() for o in self.options]
        if len(set(names)) != len(names):
            raise InvalidTeam([f"faction {self.name} lists a piece option twice"])
        for o in self.options:
            if not 0 <= o.min <= o.max:
                raise InvalidTeam([f"{o.name} has an impossible quantity range {o.range_text}"])

    def option(self, name: str) -> PieceOption:
        key = name.strip().lower()
        for o in self.options:
            if o.name.lower() == key:
                return o
        raise ParseError(f"{self.name} has no piece option called '{name}'")

    def rank_of(self, option_name: str) -> int:
        """0 for the highest-ranked option; larger numbers rank lower."""
        key = option_name.lower()
        for i, o in enumerate(self.options):
            if o.name.lower() == key:
                return i
        raise ParseError(f"{self.name} has no piece option called '{option_name}'")

    def upgrade(self, name: str) -> Upgrade:
        key = name.strip().lower()
        for u in self.upgrades:
            if u.name.lower() == key:
                return u
        raise ParseError(f"{self.name} has no upgrade called '{name}'")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "name": self.name,
            "options": [o.to_dict() for o in self.options],
            "upgrades": [u.to_dict() for u in self.upgrades],
            "notes": self.notes,
        }
        if self.stars:  # written only when set, so older saves read the same
            d["stars"] = self.stars
        if self.rules:
            d["rules"] = [r.to_dict() for r in self.rules]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Faction:
        return cls(
            name=str(d["name"]),
            options=tuple(PieceOption.from_dict(o) for o in d["options"]),
            upgrades=tuple(Upgrade.from_dict(u) for u in d.get("upgrades", [])),
            notes=str(d.get("notes", "")),
            stars=int(d.get("stars", 0)),
            rules=tuple(RuleText.from_dict(r) for r in d.get("rules", ())),
        )


_STANDARD_RANGES: dict[Kind, tuple[int, int]] = {
    Kind.KING: (0, 1),
    Kind.QUEEN: (0, 1),
    Kind.ROOK: (0, 2),
    Kind.BISHOP: (0, 2),
    Kind.KNIGHT: (0, 2),
    Kind.JOKER: (0, 2),
    Kind.PAWN: (0, 8),
}

STANDARD = Faction(
    name="Standard",
    options=tuple(PieceOption(k.display, k, *_STANDARD_RANGES[k]) for k in STANDARD_RANK),
    notes="The built-in faction: common piece rules only (ruling WC-1).",
)


@dataclass(frozen=True, slots=True)
class TeamList:
    """A player's team: how many of each faction option, and which upgrades."""

    faction: Faction
    pieces: tuple[tuple[str, int], ...]
    upgrades: tuple[str, ...] = field(default=())

    @property
    def points(self) -> int:
        return self.piece_points + self.upgrade_points

    @property
    def piece_points(self) -> int:
        total = 0
        for name, count in self.pieces:
            try:
                total += self.faction.option(name).kind.cost * count
            except ParseError:
                continue
        return total

    @property
    def upgrade_points(self) -> int:
        total = 0
        for name in self.upgrades:
            try:
                total += self.faction.upgrade(name).cost
            except ParseError:
                continue
        return total

    def shown(self) -> str:
        """The team as its opponent sees it when teams are shown: the faction, the pieces, the
        upgrades with their costs (the rules ask players to say which they took), the points."""
        parts = [f"{n} {name}" if n > 1 else name for name, n in self.pieces if n]
        text = f"{self.faction.name}: " + ", ".join(parts)
        if self.upgrades:
            ups = ", ".join(f"{u} ({self.faction.upgrade(u).cost} pts)" for u in self.upgrades)
            text += f"; upgrades: {ups}"
        return text + f" ({self.points} points)"

    def counts(self) -> dict[str, int]:
        out: Counter[str] = Counter()
        for name, count in self.pieces:
            out[name.lower()] += count
        return dict(out)

    def problems(self) -> list[str]:
        """Every reason this list is not legal; empty when it is."""
        problems: list[str] = []
        counts = self.counts()
        per_kind: Counter[Kind] = Counter()
        options_per_kind: dict[Kind, list[str]] = {}
        for name, count in self.pieces:
            if count < 0:
                problems.append(f"{name}: a count cannot be negative")
        for key, count in counts.items():
            try:
                opt = self.faction.option(key)
            except ParseError as e:
                problems.append(str(e))
                continue
            if count == 0:
                continue
            per_kind[opt.kind] += count
            options_per_kind.setdefault(opt.kind, []).append(opt.name)
        for opt in self.faction.options:
            n = counts.get(opt.name.lower(), 0)
            if n < opt.min or n > opt.max:
                problems.append(f"{opt.name} {opt.range_text}: you have {n}")
        for kind, names in options_per_kind.items():
            if len(names) > 1 and kind is not Kind.JOKER:
                problems.append(
                    f"only one {kind.display} option may be taken, not {' and '.join(names)}"
                )
        for kind, n in per_kind.items():
            cap = CHESS_SET[kind]
            if cap is not None and n > cap:
                problems.append(
                    f"a chess set has only {cap} {kind.display}(s) per side; you have {n}"
                )
        seen: set[str] = set()
        for u in self.upgrades:
            try:
                self.faction.upgrade(u)
            except ParseError as e:
                problems.append(str(e))
            if u.lower() in seen:
                problems.append(f"upgrade {u} is taken twice")
            seen.add(u.lower())
        if sum(per_kind.values()) == 0:
            problems.append("a team needs at least one piece")
        if self.points != TEAM_POINTS:
            problems.append(f"a team is exactly {TEAM_POINTS} points; this one is {self.points}")
        return problems

    def validate(self) -> TeamList:
        problems = self.problems()
        if problems:
            raise InvalidTeam(problems)
        return self

    def describe(self) -> str:
        parts = [f"{n} {name}" if n > 1 else name for name, n in self.pieces if n]
        if self.upgrades:
            parts.append("upgrades: " + ", ".join(self.upgrades))
        return f"{self.faction.name}: " + ", ".join(parts) + f" ({self.points} points)"

    def to_dict(self) -> dict[str, Any]:
        return {
            "faction": self.faction.to_dict(),
            "pieces": [[n, c] for n, c in self.pieces],
            "upgrades": list(self.upgrades),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TeamList:
        return cls(
            faction=Faction.from_dict(d["faction"]),
            pieces=tuple((str(n), int(c)) for n, c in d["pieces"]),
            upgrades=tuple(str(u) for u in d.get("upgrades", [])),
        )

    @classmethod
    def parse(cls, text: str, faction: Faction = STANDARD) -> TeamList:
        """Read a list like ``"K Q 2R N 4P"`` or ``"king, queen, 2 rooks, knight, 4 pawns"``.

        Names may be option names or piece types/letters (which pick the faction's first option
        of that type). The result is not validated; call ``validate()``.
        """
        counts: Counter[str] = Counter()
        order: list[str] = []
        tokens = [t for t in re.split(r"[,\s]+", text.strip()) if t]
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            m = re.fullmatch(r"(\d+)x?([A-Za-z'].*)?", tok, flags=re.ASCII)
            count = 1
            if m:
                if len(m.group(1)) > 2:
                    raise ParseError(f"'{m.group(1)[:12]}' is too many pieces for one team")
                count = int(m.group(1))
                if m.group(2):
                    tok = m.group(2)
                else:
                    i += 1
                    if i >= len(tokens):
                        raise ParseError(f"'{text}' ends with a number but no piece")
                    tok = tokens[i]
            name = _resolve_option_name(faction, tok)
            if name not in order:
                order.append(name)
            counts[name] += count
            i += 1
        if not order:
            raise ParseError("the team list is empty")
        ordered = [o.name for o in faction.options if o.name in counts]
        return cls(faction, tuple((n, counts[n]) for n in ordered))


def _resolve_option_name(faction: Faction, token: str) -> str:
    try:
        return faction.option(token).name
    except ParseError:
        pass
    try:
        kind = Kind.parse(token)
    except ParseError:
        letters = "K Q R B N J P: King, Queen, Rook, Bishop, Knight, Joker, Pawn"
        raise ParseError(
            f"'{token}' is not a piece in the {faction.name} faction (a list names pieces by "
            f"letter or name, {letters}, each with its count, like K Q R 2N 3P)"
        ) from None
    for o in faction.options:
        if o.kind is kind:
            return o.name
    raise ParseError(f"the {faction.name} faction has no {kind.display}")


def quantity_cap(option: PieceOption) -> int:
    """WC-2: the most pieces of this option a team may have on the board at once. A "(0)" option
    cannot start on the team but exists to be added by rules (Summons), so only the chess set
    caps it (two for Jokers, which the set does not count)."""
    cap = CHESS_SET[option.kind]
    if option.max == 0:
        return 2 if cap is None else cap
    return option.max if cap is None else min(option.max, cap)


def summon_only(faction: Faction) -> list[PieceOption]:
    """The options a team can only gain during play: the Activation Tracker's Summon zone."""
    return [o for o in faction.options if o.min == o.max == 0]

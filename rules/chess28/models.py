"""A model is data: its Character Card (name, Move and Attack Charts, Ranged Weapons, Fight,
Defence, HP, special abilities), and its cost from the custom-model builder's tables.

A model is written as one line of ``;``-separated fields, e.g.::

    Pikeman; move .^./<A>/.v.; attack .x./.A.; fight 3; defence 2; hp 2; stubborn

with ``shoot <directions> range <n> strength <n>`` for a Ranged Weapon (directions are
``fl f fr l r bl b br``, relative to the model's front) and the common special abilities by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.chess28.charts import ARROWS, Chart, Facing, Icon, orient
from rules.core.errors import ParseError
from rules.core.words import count

# ---- the custom-model builder's cost tables (every number in the rules) ----
HOLLOW_ARROW_COST = 1  # per move square marked △ ▷ ▽ ◁
HOLLOW_CIRCLE_COST = 2  # per move square marked ◯
ONWARD_COST = 2  # per ⏩ square: the builder gives no price; ruling C28-13 prices it as ◯
CIRCLE_HEART_MULTIPLIER = 4  # a ● heart multiplies the whole Move Chart's cost
SWORD_ADJACENT_COST = 1
SWORD_FURTHER_COST = 2
RANGED_ARROW_COST = {2: 2, 3: 4, 4: 7, 5: 12}  # by Strength, per direction
STAT_COST = {0: -1, 1: 0, 2: 3, 3: 5, 4: 8, 5: 12, 6: 16, 7: 20}  # Fight and Defence
HP_COST = {1: 5, 2: 10, 3: 18, 4: 25, 5: 32}


class Ability(StrEnum):
    LEAP = "Leap"
    INCORPOREAL = "Incorporeal"
    BARGE = "Barge"
    STUBBORN = "Stubborn"
    CHILL_GRASP = "Chill Grasp"
    DIG = "Dig"
    FANCY_FOOTWORK = "Fancy Footwork"
    BLOODLUST = "Bloodlust"

    @classmethod
    def parse(cls, text: str) -> Ability:
        t = text.strip().lower().replace("-", " ").replace("_", " ")
        for a in cls:
            if a.value.lower() == t or a.value.lower().replace(" ", "") == t.replace(" ", ""):
                return a
        names = ", ".join(a.value for a in cls)
        raise ParseError(f"'{text[:30]}' is not a common special ability: choose from {names}")


ABILITY_COST = {
    Ability.LEAP: 6,
    Ability.INCORPOREAL: 4,
    Ability.BARGE: 5,
    Ability.STUBBORN: 5,
    Ability.CHILL_GRASP: 10,
    Ability.DIG: 10,
    Ability.FANCY_FOOTWORK: 10,
    Ability.BLOODLUST: 5,
}

# Directions of fire relative to the model's front: (right, forward), with their arrows.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "fl": (-1, 1),
    "f": (0, 1),
    "fr": (1, 1),
    "l": (-1, 0),
    "r": (1, 0),
    "bl": (-1, -1),
    "b": (0, -1),
    "br": (1, -1),
}
DIRECTION_ARROWS = {
    "fl": "↖",
    "f": "⬆",
    "fr": "↗",
    "l": "⬅",
    "r": "➡",
    "bl": "↙",
    "b": "⬇",
    "br": "↘",
}
MAX_RANGE = 10


def direction_vector(facing: Facing, direction: str) -> tuple[int, int]:
    right, forward = DIRECTIONS[direction]
    return orient(facing, right, forward)


@dataclass(frozen=True, slots=True)
class Weapon:
    """A Ranged Weapon: the directions it fires in, its Range and its Strength."""

    directions: tuple[str, ...]
    range: int
    strength: int

    def text(self) -> str:
        return f"shoot {' '.join(self.directions)} range {self.range} strength {self.strength}"

    def pretty(self) -> str:
        arrows = "".join(DIRECTION_ARROWS[d] for d in self.directions)
        return f"{arrows} Range {self.range}, Strength {self.strength}"

    @classmethod
    def parse(cls, words: list[str]) -> Weapon:
        dirs: list[str] = []
        rng = strength = None
        i = 0
        while i < len(words):
            w = words[i].lower().strip(",")
            if w in ("range", "strength") and i + 1 < len(words):
                value = words[i + 1]
                if not value.isdigit():
                    raise ParseError(f"a weapon's {w} is a whole number, not '{value[:10]}'")
                if w == "range":
                    rng = int(value)
                else:
                    strength = int(value)
                i += 2
                continue
            for part in w.split(","):
                if part not in DIRECTIONS:
                    raise ParseError(
                        f"'{part[:10]}' is not a direction of fire: use fl f fr l r bl b br"
                    )
                if part in dirs:
                    raise ParseError(f"the direction {part} is given twice")
                dirs.append(part)
            i += 1
        if not dirs:
            raise ParseError("a Ranged Weapon needs at least one direction, like `shoot f`")
        if rng is None or not 2 <= rng <= MAX_RANGE:
            raise ParseError(f"a Ranged Weapon needs a range from 2 to {MAX_RANGE}")
        if strength not in RANGED_ARROW_COST:
            raise ParseError("a Ranged Weapon's strength is 2, 3, 4 or 5 (the builder's prices)")
        order = list(DIRECTIONS)
        return cls(tuple(sorted(dirs, key=order.index)), rng, strength)


@dataclass(frozen=True, slots=True)
class ModelDef:
    """One model's Character Card."""

    name: str
    move: Chart
    attack: Chart
    fight: int
    defence: int
    hp: int
    weapon: Weapon | None = None
    abilities: tuple[Ability, ...] = ()

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities

    def cost_breakdown(self) -> list[tuple[str, int]]:
        """Each part of the builder's price, in the order the builder lists them."""
        arrows = sum(1 for m in self.move.marks if m[2] in ARROWS)
        circles = sum(1 for m in self.move.marks if m[2] is Icon.FREE)
        onward = sum(1 for m in self.move.marks if m[2] is Icon.ONWARD)
        move = arrows * HOLLOW_ARROW_COST + circles * HOLLOW_CIRCLE_COST + onward * ONWARD_COST
        chart = f"{count(arrows, 'arrow')}, {count(circles, 'circle')}, {onward} ⏩"
        parts = [(f"Move Chart: {chart}", move)]
        if self.move.free_heart:
            parts.append((f"● heart: Move Chart x{CIRCLE_HEART_MULTIPLIER}", move * 3))
        near = sum(1 for m in self.attack.marks if max(abs(m[0]), abs(m[1])) == 1)
        far = len(self.attack.marks) - near
        parts.append(
            (
                f"Attack Chart: {count(near, 'adjacent sword')}, {far} further",
                near * SWORD_ADJACENT_COST + far * SWORD_FURTHER_COST,
            )
        )
        if self.weapon is not None:
            w = self.weapon
            parts.append(
                (
                    f"Ranged Weapon: {count(len(w.directions), 'arrow')} at Strength {w.strength}",
                    len(w.directions) * RANGED_ARROW_COST[w.strength],
                )
            )
        parts.append((f"Fight {self.fight}", STAT_COST[self.fight]))
        parts.append((f"Defence {self.defence}", STAT_COST[self.defence]))
        parts.append((f"HP {self.hp}", HP_COST[self.hp]))
        parts.extend((a.value, ABILITY_COST[a]) for a in self.abilities)
        return parts

    @property
    def cost(self) -> int:
        return sum(p for _, p in self.cost_breakdown())

    def text(self) -> str:
        fields = [
            self.name,
            f"move {self.move.text()}",
            f"attack {self.attack.text()}",
            f"fight {self.fight}",
            f"defence {self.defence}",
            f"hp {self.hp}",
        ]
        if self.weapon is not None:
            fields.append(self.weapon.text())
        fields.extend(a.value.lower() for a in self.abilities)
        return "; ".join(fields)

    @classmethod
    def parse(cls, text: str) -> ModelDef:
        parts = [p.strip() for p in text.split(";")]
        if len(parts) < 2 or not parts[0]:
            raise ParseError(
                "write a model as `Name; move .^./<A>/.v.; attack .x./.A.; fight 3; "
                "defence 2; hp 2` (plus `shoot f range 3 strength 3` and abilities)"
            )
        name = parts[0]
        if len(name) > 24 or not all(c.isalnum() or c in " -'" for c in name):
            raise ParseError("a model's name is up to 24 letters, digits, spaces, - or '")
        got: dict[str, object] = {}
        abilities: list[Ability] = []
        for part in parts[1:]:
            if not part:
                continue
            words = part.split()
            key = words[0].lower()
            if key in got:
                raise ParseError(f"the model gives its {key} twice")
            if key in ("move", "attack"):
                if len(words) < 2:
                    raise ParseError(f"write the {key} chart after `{key}`")
                got[key] = Chart.parse(" ".join(words[1:]), key)
            elif key in ("fight", "defence", "defense", "hp"):
                key = "defence" if key == "defense" else key
                got[key] = _stat(key, words[1:])
            elif key == "shoot":
                got[key] = Weapon.parse(words[1:])
            else:
                ability = Ability.parse(part)
                if ability in abilities:
                    raise ParseError(f"{ability.value} is given twice")
                abilities.append(ability)
        missing = [k for k in ("move", "attack", "fight", "defence", "hp") if k not in got]
        if missing:
            raise ParseError(f"the model {name} needs its {', '.join(missing)}")
        move, attack, weapon = got["move"], got["attack"], got.get("shoot")
        fight, defence, hp = got["fight"], got["defence"], got["hp"]
        assert isinstance(move, Chart) and isinstance(attack, Chart)
        assert isinstance(fight, int) and isinstance(defence, int) and isinstance(hp, int)
        assert weapon is None or isinstance(weapon, Weapon)
        return cls(name, move, attack, fight, defence, hp, weapon, tuple(abilities))


def _stat(key: str, words: list[str]) -> int:
    table = HP_COST if key == "hp" else STAT_COST
    low, high = min(table), max(table)
    if len(words) != 1 or not words[0].isdigit() or not low <= int(words[0]) <= high:
        raise ParseError(f"{key} is a whole number from {low} to {high}")
    return int(words[0])

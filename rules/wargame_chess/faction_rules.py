"""A faction's own rules and upgrades as named texts: the moment each applies and the faith
mechanic it uses. The bot cannot enforce free text; it knows when to remind a player of it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Moment(StrEnum):
    """When a rule applies (ruling R91: the words a faction file uses)."""

    TURN_START = "start of turn"
    TURN_END = "end of turn"
    ACTIVATION_START = "start of activation"
    ACTIVATION_END = "end of activation"
    ATTACK = "on attack"
    SLAY = "on slaying"
    BETWEEN = "between activations"
    PASSIVE = "passive"

    @classmethod
    def parse(cls, text: str) -> Moment:
        t = " ".join(str(text).lower().replace("-", " ").replace("_", " ").split())
        t = t.replace("an ", "").replace("the ", "").replace("a ", "")
        for m in cls:
            if t == m.value:
                return m
        for m, words in _MOMENT_WORDS.items():
            if t in words:
                return m
        names = ", ".join(f'"{m.value}"' for m in cls)
        raise ValueError(f"'{text}' is not a moment: use one of {names}")


_MOMENT_WORDS: dict[Moment, tuple[str, ...]] = {
    Moment.TURN_START: ("turn start", "beginning of turn", "start of each turn"),
    Moment.TURN_END: ("turn end", "end of each turn"),
    Moment.ACTIVATION_START: ("activation start", "start of reactivation"),
    Moment.ACTIVATION_END: ("activation end", "end of reactivation"),
    Moment.ATTACK: ("attack", "on attacking", "when attacking", "attacked"),
    Moment.SLAY: ("slay", "slaying", "on slay", "when slaying", "slain"),
    Moment.BETWEEN: ("between", "between activation"),
    Moment.PASSIVE: ("always", "none"),
}


class Side(StrEnum):
    """Whose Activation, Attack or slaying a rule watches: its owner's, the enemy's or both."""

    OWN = "own"
    ENEMY = "enemy"
    ANY = "any"


class Faith(StrEnum):
    MAJOR = "major arcana"
    MINOR = "minor arcana"
    BONES = "bone reading"

    @classmethod
    def parse(cls, text: str) -> Faith:
        t = " ".join(str(text).lower().replace("-", " ").split())
        aliases = {"tarot": cls.MAJOR, "cards": cls.MINOR, "playing cards": cls.MINOR}
        aliases["bones"] = cls.BONES
        for f in cls:
            if t == f.value:
                return f
        if t in aliases:
            return aliases[t]
        raise ValueError(
            f"'{text}' is not a faith mechanic: use major arcana, minor arcana or bone reading"
        )

    def command(self, discord: bool) -> str:
        """The command that plays this mechanic at the table."""
        if discord:
            words = {
                Faith.MAJOR: "/divinate",
                Faith.MINOR: "/adjust draw_cards",
                Faith.BONES: "/adjust read_bones",
            }
        else:
            words = {Faith.MAJOR: "divinate", Faith.MINOR: "cards draw 1", Faith.BONES: "bones"}
        return f"`{words[self]}`"


def _token_named(example: str, text: str) -> str:
    """``example`` (a console command such as `give N1 adv 1`) with the token the rule's text
    names, when it names Advantage or Disadvantage tokens only, not both."""
    said = re.sub(r"disadvantage", "", text.lower())
    dis, adv = "disadvantage" in text.lower(), "advantage" in said
    if dis and not adv:
        return example.replace(" adv ", " dis ")
    if adv and not dis:
        return example.replace(" dis ", " adv ")
    return example


# The manual adjustments a rule may name (``adjust = [...]``): the slash command and the
# console's words for each.
ADJUSTMENTS: dict[str, tuple[str, str]] = {
    "give": ("/adjust tokens", "give N1 adv 1"),
    "remove": ("/adjust tokens", "remove N1 dis 1"),
    "bless": ("/adjust mark", "bless N1"),
    "curse": ("/adjust mark", "curse N1"),
    "slay": ("/adjust mark", "slay N1"),
    "scatter": ("/adjust mark", "scatter N1"),
    "place": ("/adjust place", "place N1 d4"),
    "takeoff": ("/adjust remove", "takeoff N1"),
    "redeploy": ("/adjust redeploy", "redeploy N1 c2"),
    "modifier": ("/adjust modifier", "modifier N1 +1"),
    "discard_tarot": ("/adjust discard_tarot", "tarot discard <card>"),
    "summon": ("/adjust summon", "summon <option> <square>"),
}


@dataclass(frozen=True, slots=True)
class RuleText:
    """One named rule: what it says, when it applies, and how the table plays it."""

    name: str
    text: str
    when: Moment = Moment.PASSIVE
    side: Side = Side.OWN
    faith: Faith | None = None
    summon: bool = False
    adjust: tuple[str, ...] = ()
    preferred: tuple[str, ...] = ()  # tarot cards a Divinate with this rule prefers

    @property
    def tags(self) -> str:
        parts = [self.faith.value.title()] if self.faith else []
        if self.summon:
            parts.append("Summon")
        return f" ({', '.join(parts)})" if parts else ""

    def how(self, discord: bool = True) -> str:
        """The commands that apply this rule by hand (Discord's or the console's; the
        console's token example is the token the rule names when it names one kind only)."""
        words = [ADJUSTMENTS[a][0 if discord else 1] for a in self.adjust]
        if not discord:
            words = [_token_named(w, self.text) for w in words]
        cmds = list(dict.fromkeys(f"`{w}`" for w in words))
        if self.faith is Faith.MAJOR and self.preferred:
            cards = ", ".join(self.preferred)
            cmds.append(f"`/divinate preferred:{cards}`" if discord else f"`divinate {cards}`")
        elif self.faith is not None:
            cmds.append(self.faith.command(discord))
        return " or ".join(cmds)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "text": self.text, "when": self.when.value}
        if self.side is not Side.OWN:
            d["side"] = self.side.value
        if self.faith is not None:
            d["faith"] = self.faith.value
        if self.summon:
            d["summon"] = True
        if self.adjust:
            d["adjust"] = list(self.adjust)
        if self.preferred:
            d["preferred"] = list(self.preferred)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RuleText:
        faith = d.get("faith")
        return cls(
            name=str(d["name"]),
            text=str(d.get("text", "")),
            when=Moment.parse(d.get("when", "passive")),
            side=Side(d.get("side", "own")),
            faith=None if faith is None else Faith.parse(faith),
            summon=bool(d.get("summon", False)),
            adjust=tuple(str(a) for a in d.get("adjust", ())),
            preferred=tuple(str(p) for p in d.get("preferred", ())),
        )

"""Faction files: a server's own faction as TOML (or JSON), read and checked all at once.

``read_faction`` turns a file's bytes into a ``Faction`` or raises ``FactionFileError`` listing
every problem with the line (where the file has one) and the key. ``faction_card`` is the
readable roster; ``parse_team`` reads a team list (with upgrades) against any faction.
docs/factions.md describes the format.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from typing import Any

from rules.core.errors import ParseError, RulesError
from rules.wargame_chess.faction_rules import ADJUSTMENTS, Faith, Moment, RuleText, Side
from rules.wargame_chess.pieces import CHESS_SET, DEFAULT_RULES, CommonRule, Kind
from rules.wargame_chess.teams import (
    STANDARD,
    TEAM_POINTS,
    Faction,
    PieceOption,
    TeamList,
    Upgrade,
)

MAX_FILE_BYTES = 32_000
MAX_NAME = 60
MAX_TEXT = 1000
MAX_ENTRIES = 30  # pieces, rules or upgrades in one file

TOP_KEYS = {"name", "stars", "notes", "piece", "rule", "upgrade"}
PIECE_KEYS = {"name", "type", "quantity", "legendary", "loses", "notes", "rule"}
RULE_KEYS = {"name", "text", "when", "side", "faith", "summon", "adjust", "preferred"}
UPGRADE_KEYS = RULE_KEYS | {"cost"}


RANGE = re.compile(r"\(?\s*(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*\)?")
SIDED = (Moment.ACTIVATION_START, Moment.ACTIVATION_END, Moment.ATTACK, Moment.SLAY)


class FactionFileError(RulesError):
    """Every problem found in a faction file."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class _Checker:
    def __init__(self, text: str) -> None:
        self.problems: list[str] = []
        # Where each [[table]] starts, so a problem can name its line.
        self.headers: dict[str, list[int]] = {}
        for n, line in enumerate(text.splitlines(), 1):
            m = re.match(r"\s*\[\[\s*([A-Za-z_.]+)\s*\]\]", line)
            if m:
                self.headers.setdefault(m.group(1), []).append(n)

    def where(self, table: str, index: int | None, key: str, sub: int | None = None) -> str:
        if index is None:
            return f"`{key}`" if key else "the file"
        path = f"{table}[{index + 1}]" + ("" if sub is None else f".rule[{sub + 1}]")
        line = ""
        if sub is None:
            lines = self.headers.get(table, [])
            if index < len(lines):
                line = f"line {lines[index]}, "
        return f"{line}`{path}{'.' + key if key else ''}`"

    def add(self, where: str, problem: str) -> None:
        self.problems.append(f"{where}: {problem}")


def _decode(data: bytes | str) -> tuple[str, dict[str, Any]]:
    if isinstance(data, bytes):
        if len(data) > MAX_FILE_BYTES:
            raise FactionFileError(
                [f"the file is {len(data)} bytes; a faction file is at most {MAX_FILE_BYTES}"]
            )
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise FactionFileError(
                [f"the file is not UTF-8 text (byte {e.start}): save it as UTF-8 and upload it"]
            ) from None
    else:
        text = data
        if len(text.encode()) > MAX_FILE_BYTES:
            raise FactionFileError([f"the file is over {MAX_FILE_BYTES} bytes"])
    if "\x00" in text:
        raise FactionFileError(["the file is not text (it holds NUL bytes)"])
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise FactionFileError([f"line {e.lineno}: not valid JSON: {e.msg}"]) from None
        except RecursionError:
            raise FactionFileError(["the JSON is nested too deeply"]) from None
    else:
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            hint = ""
            if re.match(r"\s*\[\s*[\[{\"\d]", text):  # a JSON list, not a [table]
                hint = " (a JSON faction file is one object: it starts with '{')"
            elif re.search(r"^\s*[A-Za-z_]+:\s", text, flags=re.MULTILINE):
                hint = " (faction files are TOML or JSON, not YAML: write `key = value`)"
            raise FactionFileError([f"not valid TOML: {e}{hint}"]) from None
        except RecursionError:
            raise FactionFileError(["the TOML is nested too deeply"]) from None
    if not isinstance(doc, dict):
        raise FactionFileError(["the file must be a table of keys (name, piece, ...)"])
    return text, doc


def _text(c: _Checker, d: dict[str, Any], key: str, where: str, required: bool = True) -> str:
    v = d.get(key)
    if v is None:
        if required:
            c.add(where + f" `{key}`", "is missing")
        return ""
    if not isinstance(v, str):
        c.add(where + f" `{key}`", f"must be text, not {type(v).__name__}")
        return ""
    v = v.strip()
    if key == "name" and v.isprintable():
        v = " ".join(v.split())  # ("A  B" would never be found: names are looked up as "A B")
    limit = MAX_NAME if key == "name" else MAX_TEXT
    if len(v) > limit:
        c.add(where + f" `{key}`", f"is {len(v)} characters; at most {limit}")
        return v[:limit]
    if required and not v:
        c.add(where + f" `{key}`", "is empty")
    if key == "name" and not v.isprintable():
        c.add(where + f" `{key}`", "must be one line of printable characters")
    return v


def _unknown(c: _Checker, d: dict[str, Any], allowed: set[str], where: str) -> None:
    for k in d:
        if k not in allowed:
            c.add(where, f"unknown key `{k}` (known: {', '.join(sorted(allowed))})")


def _list(c: _Checker, d: dict[str, Any], key: str, where: str) -> list[Any]:
    v = d.get(key, [])
    if isinstance(v, dict):  # a single [table]
        v = [v]
    if not isinstance(v, list):
        c.add(where, f"`{key}` must be a list of tables ([[{key}]])")
        return []
    if len(v) > MAX_ENTRIES:
        c.add(where, f"at most {MAX_ENTRIES} `{key}` entries; this file has {len(v)}")
        v = v[:MAX_ENTRIES]
    good = []
    for i, item in enumerate(v):
        if isinstance(item, dict):
            good.append(item)
        else:
            c.add(f"{where} `{key}[{i + 1}]`", "must be a table of keys")
    return good


def _rule(c: _Checker, d: dict[str, Any], where: str, keys: set[str]) -> RuleText | None:
    _unknown(c, d, keys, where)
    name = _text(c, d, "name", where)
    text = _text(c, d, "text", where)
    before = len(c.problems)
    when = Moment.PASSIVE
    if "when" in d:
        try:
            when = Moment.parse(d["when"]) if isinstance(d["when"], str) else Moment("?")
        except ValueError as e:
            c.add(where + " `when`", str(e))
    side = Side.OWN
    if "side" in d:
        try:
            side = Side(str(d["side"]).lower())
        except ValueError:
            c.add(where + " `side`", f"'{d['side']}' is not own, enemy or any")
        if side is not Side.OWN and when not in SIDED:
            c.add(where + " `side`", "only Activation, Attack and slaying moments have a side")
    faith = None
    if "faith" in d:
        try:
            faith = Faith.parse(d["faith"]) if isinstance(d["faith"], str) else Faith("?")
        except ValueError as e:
            c.add(where + " `faith`", str(e))
    summon = d.get("summon", False)
    if not isinstance(summon, bool):
        c.add(where + " `summon`", "must be true or false")
    adjust = d.get("adjust", [])
    if not isinstance(adjust, list) or not all(isinstance(a, str) for a in adjust):
        c.add(where + " `adjust`", "must be a list of adjustment names")
        adjust = []
    for a in adjust:
        if a not in ADJUSTMENTS:
            c.add(where + " `adjust`", f"'{a}' is not one of {', '.join(ADJUSTMENTS)}")
    preferred = d.get("preferred", [])
    if not isinstance(preferred, list) or not all(isinstance(p, str) for p in preferred):
        c.add(where + " `preferred`", "must be a list of tarot card names")
        preferred = []
    if preferred:
        from rules.wargame_chess.tarot import find_card

        if faith is not Faith.MAJOR:
            c.add(where + " `preferred`", "only a major arcana rule prefers tarot cards")
        for p in preferred:
            try:
                find_card(p)
            except RulesError as e:
                c.add(where + " `preferred`", str(e))
    if len(c.problems) > before or not name:
        return None
    return RuleText(
        name=name,
        text=text,
        when=when,
        side=side,
        faith=faith,
        summon=bool(summon),
        adjust=tuple(a for a in adjust if a in ADJUSTMENTS),
        preferred=tuple(preferred),
    )


def _quantity(c: _Checker, v: Any, where: str) -> tuple[int, int] | None:
    if isinstance(v, bool):
        v = None
    if isinstance(v, int):
        lo = hi = v
    elif isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v):
        lo, hi = v
    elif isinstance(v, str) and (m := RANGE.fullmatch(v)):
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
    else:
        c.add(where, 'must be a range like "0-2", "1" or "0" (Summon only)')
        return None
    if not 0 <= lo <= hi:
        c.add(where, f"({lo}-{hi}) is not a range: the least must not be above the most")
        return None
    if hi > TEAM_POINTS:
        c.add(where, f"at most {TEAM_POINTS} (a team is {TEAM_POINTS} points), not {hi}")
        return None
    return lo, hi


def _piece(c: _Checker, d: dict[str, Any], i: int) -> PieceOption | None:
    where = c.where("piece", i, "")
    _unknown(c, d, PIECE_KEYS, where)
    before = len(c.problems)
    name = _text(c, d, "name", where)
    kind = None
    raw = d.get("type")
    if not isinstance(raw, str):
        c.add(where + " `type`", "is missing (pawn, knight, bishop, rook, queen, king or joker)")
    else:
        try:
            kind = Kind.parse(raw)
        except RulesError as e:
            c.add(where + " `type`", str(e))
    rng = _quantity(c, d.get("quantity"), where + " `quantity`")
    if rng is not None and kind is not None:
        cap = CHESS_SET[kind]
        if cap is not None and rng[1] > cap:
            c.add(
                where + " `quantity`",
                f"a chess set has only {cap} {kind.display}(s) per side, not {rng[1]}",
            )
    legendary = d.get("legendary", False)
    if not isinstance(legendary, bool):
        c.add(where + " `legendary`", "must be true or false")
    loses = d.get("loses", [])
    rules: frozenset[CommonRule] | None = None
    if not isinstance(loses, list) or not all(isinstance(x, str) for x in loses):
        c.add(where + " `loses`", "must be a list of common rule names")
    elif loses and kind is not None:
        lost = set()
        by_name = {r.value.lower(): r for r in CommonRule}
        for x in loses:
            r = by_name.get(x.strip().lower().replace("’", "'"))
            if r is None or r not in DEFAULT_RULES[kind]:
                have = ", ".join(sorted(r.value for r in DEFAULT_RULES[kind])) or "none"
                c.add(where + " `loses`", f"a {kind.display} has no '{x}' to lose (it has: {have})")
            else:
                lost.add(r)
        rules = DEFAULT_RULES[kind] - lost
    notes = _text(c, d, "notes", where, required=False)
    texts = []
    for j, r in enumerate(_list(c, d, "rule", where)):
        got = _rule(c, r, c.where("piece", i, "", j), RULE_KEYS)
        if got is not None:
            texts.append(got)
    if len(c.problems) > before or kind is None or rng is None:
        return None
    return PieceOption(name, kind, rng[0], rng[1], bool(legendary), rules, notes, tuple(texts))


def read_faction(data: bytes | str) -> Faction:
    """A faction from a file's contents; ``FactionFileError`` lists every problem."""
    text, doc = _decode(data)
    c = _Checker(text)
    _unknown(c, doc, TOP_KEYS, "the file")
    name = _text(c, doc, "name", "the file")
    if ":" in name or "|" in name:
        c.add("`name`", "may not contain ':' or '|' (a team list uses them)")
    if name.lower() == STANDARD.name.lower():
        c.add("`name`", "Standard is the built-in faction's name: choose another")
    stars = doc.get("stars", 0)
    if "stars" in doc and (type(stars) is not int or not 1 <= stars <= 3):
        c.add("`stars`", "must be a star rating of 1, 2 or 3 (or left out)")
        stars = 0
    notes = _text(c, doc, "notes", "the file", required=False)
    raw_pieces = _list(c, doc, "piece", "the file")
    if not raw_pieces:
        c.add("the file", "a faction needs at least one [[piece]]")
    pieces = [p for i, d in enumerate(raw_pieces) if (p := _piece(c, d, i)) is not None]
    rules = [
        r
        for i, d in enumerate(_list(c, doc, "rule", "the file"))
        if (r := _rule(c, d, c.where("rule", i, ""), RULE_KEYS)) is not None
    ]
    upgrades = []
    for i, d in enumerate(_list(c, doc, "upgrade", "the file")):
        where = c.where("upgrade", i, "")
        cost = d.get("cost")
        if type(cost) is not int or not 0 < cost <= TEAM_POINTS:
            c.add(where + " `cost`", f"must be a whole number of points from 1 to {TEAM_POINTS}")
            cost = None
        rule = _rule(c, d, where, UPGRADE_KEYS)
        if rule is not None and cost is not None:
            upgrades.append(Upgrade(rule.name, cost, rule.text, rule))
    for where, typed in [(c.where("piece", i, ""), p.name) for i, p in enumerate(pieces)] + [
        (c.where("upgrade", i, ""), u.name) for i, u in enumerate(upgrades)
    ]:
        if "+" in typed or "," in typed or typed[:1].isdigit():
            c.add(
                where + " `name`",
                f"'{typed[:40]}' cannot be typed in a team list: a name may not contain '+' or "
                "',' (they separate upgrades and pieces) nor start with a number (a count)",
            )
    for what, names in (
        ("piece option", [p.get("name") for p in raw_pieces]),
        ("faction rule or upgrade", [r.name for r in rules] + [u.name for u in upgrades]),
    ):
        for n, k in Counter(str(x).lower() for x in names if x).items():
            if k > 1:
                c.add("the file", f"the {what} name '{n}' is used {k} times")
    if pieces and len(pieces) == len(raw_pieces):
        # A team takes one option of each piece type (any of the Jokers): the most it can
        # reach is the best option of each type; two required options of one type clash.
        by_kind: dict[Kind, list[PieceOption]] = {}
        for p in pieces:
            by_kind.setdefault(p.kind, []).append(p)
        least, most = 0, sum(u.cost for u in upgrades)
        for kind, options in by_kind.items():
            if kind is Kind.JOKER:
                least += sum(kind.cost * p.min for p in options)
                most += sum(kind.cost * _most(p) for p in options)
                continue
            required = [p.name for p in options if p.min > 0]
            if len(required) > 1:
                c.add(
                    "the file",
                    f"a team takes one {kind.display} option, but {' and '.join(required)} "
                    "are both required (make at least one of them 0-N)",
                )
            least += max((kind.cost * p.min for p in options), default=0)
            most += max(kind.cost * _most(p) for p in options)
        if least > TEAM_POINTS:
            c.add("the file", f"the pieces a team must take already cost {least} points (over 14)")
        elif most < TEAM_POINTS:
            c.add("the file", f"no team can reach {TEAM_POINTS} points (at most {most})")
    if c.problems:
        raise FactionFileError(c.problems)
    return Faction(name, tuple(pieces), tuple(upgrades), notes, stars, tuple(rules))


def _most(p: PieceOption) -> int:
    cap = CHESS_SET[p.kind]
    return p.max if cap is None else min(p.max, cap)


# ---- the readable card ----
def faction_card(f: Faction) -> str:
    """The roster in rank order with costs and quantities, then upgrades and rules."""
    stars = " " + "★" * f.stars if f.stars else ""
    lines = [f"**{f.name}**{stars}"]
    if f.notes:
        lines.append(f.notes)
    lines.append("Roster, highest rank first:")
    for i, o in enumerate(f.options, 1):
        extra = []
        if o.min == o.max == 0:
            extra.append("Summon only")
        if o.legendary:
            extra.append("Legendary")
        lost = sorted(r.value for r in DEFAULT_RULES[o.kind] - o.common_rules)
        if lost:
            extra.append("without " + ", ".join(lost))
        tail = f" · {' · '.join(extra)}" if extra else ""
        lines.append(
            f"{i}. {o.name} ({o.kind.display}, {o.kind.cost} pts) {o.range_text}{tail}"
            + (f": {o.notes}" if o.notes else "")
        )
        lines += [f"   · {_rule_line(r)}" for r in o.texts]
    if f.upgrades:
        lines.append("Upgrades:")
        for u in f.upgrades:
            lines.append(f"- {_rule_line(u.rule) if u.rule else u.name} [{u.cost} pts]")
    if f.rules:
        lines.append("Faction rules:")
        lines += [f"- {_rule_line(r)}" for r in f.rules]
    return "\n".join(lines)


def _rule_line(r: RuleText) -> str:
    side = "" if r.side is Side.OWN else f" ({r.side.value})"
    return f"{r.name}{r.tags} [{r.when.value}{side}]: {r.text}"


# ---- team lists with a faction's own option names ----
def parse_team(text: str, faction: Faction) -> TeamList:
    """A team list against ``faction``: ``"Lamplighter, 2 Wick Knights, 4P + Bright Oil"``.

    Pieces are option names (several words, a plural 's' allowed) or piece letters/types
    (the faction's first option of that type), each with an optional count; upgrades follow,
    each after a '+'. The result is not validated; call ``validate()``."""
    head, *ups = text.split("+")
    upgrades = tuple(faction.upgrade(u.strip()).name for u in ups if u.strip())
    if any(not u.strip() for u in ups):
        raise ParseError("an empty upgrade after '+': name one after each '+'")
    tokens = [t for t in re.split(r"[,\s]+", head.strip()) if t]
    names = {" ".join(o.name.lower().split()): o.name for o in faction.options}
    longest = max((len(n.split()) for n in names), default=1)
    counts: Counter[str] = Counter()
    i = 0
    while i < len(tokens):
        count = 1
        m = re.fullmatch(r"(\d{1,2})x?([A-Za-z'].*)?", tokens[i], flags=re.ASCII)
        if m:
            count = int(m.group(1))
            if m.group(2):
                tokens[i] = m.group(2)
            else:
                i += 1
                if i < len(tokens) and tokens[i].lower() == "x":
                    i += 1
                if i >= len(tokens):
                    raise ParseError(f"'{text}' ends with a number but no piece")
        elif re.fullmatch(r"\d+.*", tokens[i]):
            raise ParseError(f"'{tokens[i][:12]}' is too many pieces for one team")
        for n in range(min(longest, len(tokens) - i), 0, -1):
            words = " ".join(tokens[i : i + n]).lower()
            hit = names.get(words) or (names.get(words[:-1]) if words.endswith("s") else None)
            if hit is not None:
                counts[hit] += count
                i += n
                break
        else:
            counts[_by_type(faction, tokens[i])] += count
            i += 1
    if not counts:
        raise ParseError("the team list is empty")
    ordered = [o.name for o in faction.options if o.name in counts]
    return TeamList(faction, tuple((n, counts[n]) for n in ordered), upgrades)


def _by_type(faction: Faction, token: str) -> str:
    try:
        kind = Kind.parse(token)
    except ParseError:
        raise ParseError(f"'{token}' is not a piece of the {faction.name} faction") from None
    for o in faction.options:
        if o.kind is kind and o.max > 0:
            return o.name
    raise ParseError(f"the {faction.name} faction has no {kind.display} to take")


# ---- a chosen team as the game keeps it ----
def team_choice(team: TeamList, text: str) -> str:
    """The text a game keeps for a team of a data-defined faction: the faction itself and the
    list, so the game does not depend on the server's faction afterwards."""
    if team.faction is STANDARD:
        return text
    return json.dumps({"faction": team.faction.to_dict(), "team": text}, sort_keys=True)


def team_from_choice(choice: Any) -> TeamList:
    """A team from a kept choice: a Standard list's text, or a faction and its list."""
    if isinstance(choice, str) and choice.lstrip().startswith("{"):
        try:
            choice = json.loads(choice)
        except (ValueError, RecursionError):
            raise ParseError("this team's faction data is damaged") from None
    if isinstance(choice, dict):
        try:
            faction = Faction.from_dict(choice["faction"])
            return parse_team(str(choice["team"]), faction)
        except (KeyError, TypeError, ValueError) as e:
            raise ParseError(f"this team's faction data is damaged ({e})") from None
    return TeamList.parse(str(choice))

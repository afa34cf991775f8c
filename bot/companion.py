"""The table companion for players on a physical board: dice expressions, a piece's roll, an
Attack resolved with tokens, exact odds, a per-channel tarot deck and playing-card deck, bone
reading, and roll statistics. No Discord here: the cog and the console both call these.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import d20
import d20.expression as d20_expression
from lark.exceptions import LarkError

from rules.core.errors import RulesError
from rules.core.words import count
from rules.wargame_chess.cards import PlayingCard, bone_pool
from rules.wargame_chess.dice import Dice, Modifier, RollSpec
from rules.wargame_chess.odds import attack_odds, distribution, mean
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.tarot import BY_NUMBER, INCOMPLETE, TarotCard
from rules.wargame_chess.teams import TeamList

# /help's line on the companion, for players at a physical board
COMPANION_HELP = (
    "At a physical board, no game needed: `/roll` rolls any dice (2D10, 4d6kh3) or a piece's; "
    "for Wargame Chess, `/resolve` rolls an Attack, `/odds` gives its exact odds, and `/tarot`, "
    "`/cards` and `/bones` deal and read; `/rolls` shows this channel's rolls and whether the "
    "dice look fair."
)
MAX_EXPRESSION = 200
MAX_NESTING = 8
MAX_NUMBER_DIGITS = 9  # a die of up to 999,999,999 sides; totals stay far inside 64 bits
MAX_TOTAL = 2**53  # what the roll log (64-bit integers) and JSON keep exactly
MAX_DICE = 1000
STANDARD_DICE = (4, 6, 8, 10, 12, 20, 100)


# ---------------------------------------------------------------------------------------------
# Dice expressions (d20 library) with injected randomness
# ---------------------------------------------------------------------------------------------
class _RandomFromDice:
    """What d20 calls for randomness (``randrange``), answered by our Dice."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        n = (stop - start) // step
        return start + (self.dice.roll(n) - 1) * step


@contextmanager
def _dice_for_d20(dice: Dice) -> Iterator[None]:
    saved = d20_expression.random
    d20_expression.random = _RandomFromDice(dice)
    try:
        yield
    finally:
        d20_expression.random = saved


def _faces(node: Any, out: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every die face rolled, kept or dropped (for the roll log)."""
    if isinstance(node, d20_expression.Die):
        size = 100 if node.size == "%" else int(node.size)
        out.extend((size, int(v.number)) for v in node.values)
        return out
    kids = node.values if isinstance(node, d20_expression.Dice) else getattr(node, "children", [])
    for child in kids:
        _faces(child, out)
    return out


@dataclass
class Rolled:
    text: str
    total: int | None
    faces: list[tuple[int, int]] = field(default_factory=list)


EXAMPLES = "2d6+1, 4d6kh3 or 3d6e6"  # what a valid roll looks like, for every error message
_OPERAND = frozenset({"INTEGER", "DECIMAL", "D", "LPAR", "U_OP"})  # d20 wants a number here
_OPERATORS = frozenset({"A_OP", "M_OP", "COMP_OPERATOR", "SET_OPERATOR", "DICE_OPERATOR"})


def _syntax_problem(text: str, err: d20.RollSyntaxError) -> str:
    """What is wrong with an expression d20 could not parse, in plain words, with an example
    of a valid one; never the grammar's token names."""
    expected = {str(e) for e in err.expected}
    got = err.got
    kind = str(getattr(got, "type", ""))
    value = str(got)
    lines = text.split("\n")
    line = min(max(int(err.line or 1), 1), len(lines))
    pos = sum(len(x) + 1 for x in lines[: line - 1]) + max(int(err.col or 1), 1) - 1
    word = (text[pos:].split() or [value.strip()])[0][:20]
    if "DICE_VALUE" in expected:
        return "a die needs its number of sides right after the d, like 2d6 or 1d20"
    if expected and expected <= {"INTEGER", "SELTYPE"}:
        return (
            "keeping, dropping, rerolling or exploding dice needs a number after it, "
            "like 4d6kh3, 2d6rr1 or 3d6e6"
        )
    if kind == "$END" or not value.strip():
        if "RPAR" in expected:
            return "a bracket is opened but never closed; close each ( with ), like (2d6+1)*2"
        sign = re.search(r"(==|>=|<=|!=|//|\S)\s*$", text)
        last = sign.group(1) if sign else text[-1:]
        return f"it ends with '{last}' and nothing after it; finish it, like 1d6+2"
    if kind == "RPAR":
        return "a ) closes a bracket that was never opened; brackets go in pairs, like (2d6+1)*2"
    if kind == "COMMA":
        return "commas only separate dice inside brackets, like (1d6, 1d8)kh1"
    if kind == "ANNOTATION":
        return "a label in square brackets goes after the dice it names, like 1d8 [fire] + 2"
    if expected & _OPERAND:
        if pos == len(text) - len(text.lstrip()):
            return f"a roll starts with a number or dice, not '{word}', like {EXAMPLES}"
        if kind in _OPERATORS:
            return f"'{word}' follows another sign with no number or dice between, like 1d6+2"
        return f"'{word}' is not a number or dice; a roll looks like {EXAMPLES}"
    return f"'{word}' does not fit there; a roll looks like {EXAMPLES}"


def parse_modifiers(text: str | None) -> tuple[Modifier, ...]:
    """Modifiers as typed: '+2', '-1', 'min 5', 'max 7', several separated by commas or spaces
    ('+2, min 5'). A word and its number ('min 5', '+ 2') belong together."""
    if not text:
        return ()
    joined = re.sub(r"(min|max|>=|<=|[+-])\s+(?=[+-]?\d)", r"\1", text, flags=re.IGNORECASE)
    return tuple(Modifier.parse(part) for part in joined.replace(",", " ").split())


def roll_options(
    expression: str | None, piece: str | None, mode: str | None, modifier: str | None
) -> None:
    """Refuse a roll request whose options cannot go together (a mode or a modifier belongs
    to a piece's dice, not to an expression), rather than drop one without a word."""
    if expression and piece:
        raise RulesError(
            "give an expression or a piece, not both: `expression:2d6+1` rolls dice, "
            "`piece:Queen` rolls a Queen's"
        )
    if expression and (mode or modifier):
        raise RulesError(
            "`mode` and `modifier` go with a `piece`; in an expression keep the higher die "
            "with 2d20kh1 (the lower with 2d20kl1) and add a modifier, like 2d6+2"
        )
    if not expression and not piece:
        raise RulesError(f"give an expression, like {EXAMPLES}, or a piece")


def roll_line(who: str, rolled: Rolled, what: str, limit: int) -> str:
    """``who`` rolls: the roll's whole text, or, when that runs past ``limit`` characters, what
    was rolled, its total and as many of the dice as fit (the first ones)."""
    line = f"{who} rolls {rolled.text}"
    if len(line) <= limit:
        return line
    head = f"{who} rolls {what[:60]} = `{rolled.total}`; the first dice of {len(rolled.faces)}: "
    shown: list[str] = []
    for _, face in rolled.faces:
        if len(head) + len(", ".join([*shown, str(face)])) + 1 > limit:
            break
        shown.append(str(face))
    return head + ", ".join(shown) + "…"


# Dice written the rulebooks' way, "2D10", and operators in capitals ("4D6KH3"): d20 reads only
# lower case, and would take "D10" for a label and roll "2". A capital right after a number or
# a bracket (or a D opening a term, "D20") is lowered.
_CAPITAL_DICE = re.compile(
    r"(?:(?<=[\d)])[DKPREOAMIHL]+(?=[\d%<>(])|(?<![A-Za-z\d])D(?=\d|%))", flags=re.ASCII
)


def _lower_dice(text: str) -> str:
    return _CAPITAL_DICE.sub(lambda m: m.group(0).lower(), text)


def roll_expression(expr: str, dice: Dice) -> Rolled:
    """Roll a dice expression (keep/drop, rerolls, exploding dice, comparisons, labels...).
    Oversized or deeply nested expressions are refused before any work is done; every error
    says in plain words what is wrong and shows a valid expression. Dice may be written with
    a capital D, as the rulebooks do ("2D10")."""
    text = _lower_dice(expr.strip())
    if not text:
        raise RulesError(f"give a dice expression, like {EXAMPLES}")
    if len(text) > MAX_EXPRESSION:
        raise RulesError(
            f"that expression is too long (at most {MAX_EXPRESSION} characters); "
            f"a roll looks like {EXAMPLES}"
        )
    depth = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if depth > MAX_NESTING:
            raise RulesError(
                f"that expression nests too deeply (at most {MAX_NESTING} levels of brackets); "
                "a roll looks like (2d6+1)*2"
            )
    if re.search(r"\d{" + str(MAX_NUMBER_DIGITS + 1) + ",}", text, flags=re.ASCII):
        raise RulesError(
            f"numbers in a roll have at most {MAX_NUMBER_DIGITS} digits, like 1d100+50"
        )
    for number in re.findall(r"(\d+)\s*d", text, flags=re.ASCII):
        if int(number) > MAX_DICE:
            raise RulesError(f"at most {MAX_DICE} dice in one roll, like 100d6+5")
    if re.search(r"(^|\s)(adv|dis|advantage|disadvantage)\s*$", text, flags=re.IGNORECASE):
        # (words after an expression are its label: this one would be read as a wish)
        raise RulesError(
            "a dice expression has no Advantage: keep the higher of two with `2d20kh1` (the "
            "lower with `2d20kl1`), or roll a piece's dice at Advantage (a piece and its mode)"
        )
    if re.search(r"d\d+[a-z\d<>=]*\s*!", text, flags=re.ASCII):
        # (other dice rollers explode with "!"; here it would be read as a label and dropped)
        raise RulesError(
            "exploding dice are written with e and the face that explodes ('!' is not read "
            "here), like 1d6e6 or 2d10e10"
        )
    shown_expr = text[:60]
    roller = d20.Roller(context=d20.RollContext(max_rolls=MAX_DICE))
    try:
        with _dice_for_d20(dice):
            result = roller.roll(text, allow_comments=True)
            shown, total = str(result), int(result.total)  # evaluated here, inside the guard
    except d20.TooManyRolls:
        raise RulesError(
            f"that would roll more than {MAX_DICE} dice; a roll looks like {EXAMPLES}"
        ) from None
    except d20.RollSyntaxError as e:
        problem = _syntax_problem(text, e)
        raise RulesError(f"I could not roll '{shown_expr}': {problem}") from None
    except d20.RollError as e:  # a bad value: a 0-sided die, division by zero, a bad selector
        why = str(e).rstrip(".")
        why = why[:1].lower() + why[1:]
        raise RulesError(
            f"I could not roll '{shown_expr}': {why}; a roll looks like {EXAMPLES}"
        ) from None
    except (ZeroDivisionError, ValueError, OverflowError):
        raise RulesError(
            f"I could not roll '{shown_expr}': the arithmetic has no answer; "
            f"a roll looks like {EXAMPLES}"
        ) from None
    except LarkError:  # anything else the parser objects to, never shown as its grammar
        raise RulesError(
            f"I could not read '{shown_expr}' as dice; a roll looks like {EXAMPLES}"
        ) from None
    label = (result.comment or "").split()
    ordinal = bool(label) and re.fullmatch(r"\d+(st|nd|rd|th)", label[0], flags=re.I) is not None
    if label and re.search(r"\d", label[0]) and not ordinal:  # "2d6 x3": a label, unrolled
        raise RulesError(
            f"I could not roll '{shown_expr}': '{label[0][:20]}' is not part of a roll (a label "
            f"after the dice is words, like 2d6 fire); a roll looks like {EXAMPLES}"
        )
    if abs(total) > MAX_TOTAL:
        raise RulesError("that total is too large to keep in the roll log")
    return Rolled(shown, total, _faces(result.expr, []))


# ---------------------------------------------------------------------------------------------
# A piece's roll, an Attack at the table, odds
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Side:
    """One piece in a table-top Attack: its type and what it carries."""

    kind: Kind
    advantage_tokens: int = 0
    disadvantage_tokens: int = 0
    spend_advantage: bool = True
    blessed_allies: bool = False  # other Blessed pieces on its team (WC-13: gains spread)
    cursed_allies: bool = False  # other Cursed pieces on its team
    modifiers: tuple[Modifier, ...] = ()
    extra_advantage: int = 0  # e.g. Mounted Advantage or an effect
    extra_disadvantage: int = 0
    notes: tuple[str, ...] = ()  # what was asked for and changes nothing, said rather than dropped

    def spec(self) -> tuple[RollSpec, str]:
        """The roll and what was spent: a Disadvantage token must be spent, an Advantage token
        may be; Jokers roll one die and spend nothing."""
        n, sides = self.kind.dice
        adv, dis, spent = self.extra_advantage, self.extra_disadvantage, ""
        if n >= 2:
            if self.disadvantage_tokens:
                dis += 1
                spent = "spends a Disadvantage token"
            elif self.advantage_tokens and self.spend_advantage:
                adv += 1
                spent = "spends an Advantage token"
        return RollSpec(n, sides, adv, dis, modifiers=self.modifiers), spent


def side(
    kind: Kind,
    adv: int = 0,
    dis: int = 0,
    keep: bool = False,
    blessed_allies: bool = False,
    cursed_allies: bool = False,
    modifiers: tuple[Modifier, ...] = (),
) -> Side:
    """A side from token counts as typed: opposite tokens cancel on receipt, so they are netted
    (a piece never holds both). What changes nothing is said, not dropped."""
    net_adv, net_dis = max(0, adv - dis), max(0, dis - adv)
    notes: list[str] = []
    if adv and dis:
        notes.append(
            f"The {kind.display}'s {adv} Advantage and {dis} Disadvantage tokens cancel one "
            f"for one (a piece never holds both): it holds "
            + (
                f"{net_adv} Advantage"
                if net_adv
                else f"{net_dis} Disadvantage"
                if net_dis
                else "none"
            )
            + "."
        )
    if kind is Kind.JOKER and (net_adv or net_dis):
        notes.append("A Joker rolls one die: its tokens change nothing.")
    elif keep and not net_adv:
        notes.append(f"Keeping an Advantage token changes nothing: the {kind.display} holds none.")
    return Side(
        kind,
        net_adv,
        net_dis,
        not keep,
        blessed_allies,
        cursed_allies,
        modifiers,
        notes=tuple(notes),
    )


def with_mounted(attacker: Side, defender: Side, mounted: bool) -> Side:
    """Mounted Advantage: only Knights have it, and it gives nothing against a Knight."""
    if not mounted:
        return attacker
    if attacker.kind is not Kind.KNIGHT:
        raise RulesError("only Knights have Mounted Advantage")
    if defender.kind is Kind.KNIGHT:
        note = "Mounted Advantage gives nothing against a Knight: the Knight rolls as it is."
        return Side(**{**attacker.__dict__, "notes": (*attacker.notes, note)})
    return Side(**{**attacker.__dict__, "extra_advantage": attacker.extra_advantage + 1})


def roll_piece(
    kind: Kind,
    dice: Dice,
    advantage: int = 0,
    disadvantage: int = 0,
    modifiers: tuple[Modifier, ...] = (),
) -> Rolled:
    n, sides = kind.dice
    spec = RollSpec(n, sides, advantage, disadvantage, modifiers=modifiers)
    result = spec.roll(dice)
    said = ""
    if n < 2 and (advantage or disadvantage):
        said = " (a Joker rolls one die: no Advantage or Disadvantage)"
    elif advantage and disadvantage:
        said = " (Advantage and Disadvantage cancel out)"
    return Rolled(
        f"{kind.display}: {result.explain()}{said}",
        result.total,
        [(sides, f) for f in result.faces],
    )


def resolve_attack(attacker: Side, defender: Side, dice: Dice) -> Rolled:
    if attacker.kind is Kind.JOKER:
        raise RulesError("Jokers cannot Attack")
    a_spec, a_spent = attacker.spec()
    d_spec, d_spent = defender.spec()
    a = a_spec.roll(dice)
    d = d_spec.roll(dice)
    lines = [
        *attacker.notes,
        *defender.notes,
        f"Attacker {attacker.kind.display}"
        + (f" {a_spent}" if a_spent else "")
        + f": {a.explain()}",
        f"Defender {defender.kind.display}"
        + (f" {d_spent}" if d_spent else "")
        + f": {d.explain()}",
    ]
    same = attacker.kind is defender.kind  # "the attacking Knight", not "the Knight" twice
    att = f"{'attacking ' if same else ''}{attacker.kind.display}"
    dfn = f"{'defending ' if same else ''}{defender.kind.display}"
    if a.total > d.total:
        lines.append(
            f"{a.total} beats {d.total}: the {dfn} is slain and the {att} takes its square."
        )
    else:
        lines.append(
            f"{d.total} holds against {a.total}: the defender's player chooses the Combat "
            f"Movement: put the {att} on a free square next to the fight (it gains a "
            f"Disadvantage token), or step the {dfn} to one (it gains an Advantage token and "
            "the attacker takes its square)."
        )
        if attacker.cursed_allies:
            lines.append(
                "The attacker's team has Cursed pieces: if the attacker takes the Disadvantage "
                "token, each of them (the attacker aside) gains one too."
            )
        if defender.blessed_allies:
            lines.append(
                "The defender's team has Blessed pieces: if the defender takes the Advantage "
                "token, each of them (the defender aside) gains one too."
            )
    faces = [(a_spec.sides, f) for f in a.faces] + [(d_spec.sides, f) for f in d.faces]
    return Rolled("\n".join(lines), a.total, faces)


@dataclass
class OddsReport:
    text: str
    attacker: dict[int, Any]
    defender: dict[int, Any]
    slay: Any


def _roll_words(spec: RollSpec, spent: str) -> str:
    """A side's roll in words: its dice, its mode, the token it spends, its modifiers."""
    parts = [spec.dice_text, spec.mode.value, spent, *(m.describe() for m in spec.modifiers)]
    return ", ".join(p for p in parts if p)


def odds_report(attacker: Side, defender: Side) -> OddsReport:
    if attacker.kind is Kind.JOKER:
        raise RulesError("Jokers cannot Attack")
    a_spec, a_spent = attacker.spec()
    d_spec, d_spent = defender.spec()
    o = attack_odds(a_spec, d_spec)
    lines = [
        f"{attacker.kind.display} ({_roll_words(a_spec, a_spent)}) Attacking a "
        f"{defender.kind.display} ({_roll_words(d_spec, d_spent)})",
        *attacker.notes,
        *defender.notes,
        f"Slays: {float(o.slay):.1%} (exactly {o.slay.numerator}/{o.slay.denominator}); "
        f"held: {float(o.held):.1%}",
        f"Average totals: attacker {float(mean(a_spec)):.2f}, defender {float(mean(d_spec)):.2f}",
    ]
    if attacker.advantage_tokens and not attacker.disadvantage_tokens and a_spec.count >= 2:
        other = Side(**{**attacker.__dict__, "spend_advantage": not attacker.spend_advantage})
        alt = attack_odds(other.spec()[0], d_spec).slay
        spend, keep = (o.slay, alt) if attacker.spend_advantage else (alt, o.slay)
        lines.append(
            f"Spending the attacker's Advantage token: {float(spend):.1%}; keeping it: "
            f"{float(keep):.1%}."
        )
    if defender.advantage_tokens and not defender.disadvantage_tokens and d_spec.count >= 2:
        other = Side(**{**defender.__dict__, "spend_advantage": not defender.spend_advantage})
        alt = attack_odds(a_spec, other.spec()[0]).slay
        spend, keep = (o.slay, alt) if defender.spend_advantage else (alt, o.slay)
        lines.append(
            f"If the defender spends its Advantage token the Attack slays "
            f"{float(spend):.1%}; if it keeps it, {float(keep):.1%}."
        )
    return OddsReport("\n".join(lines), distribution(a_spec), distribution(d_spec), o.slay)


# ---------------------------------------------------------------------------------------------
# Per-channel decks (plain JSON-friendly dicts, stored by the bot, kept in memory at the console)
# ---------------------------------------------------------------------------------------------
def new_decks() -> dict[str, Any]:
    return {
        "tarot_deck": list(range(22)),
        "tarot_dealt": [],
        "tarot_active": None,
        "cards_deck": list(range(54)),
        "cards_out": [],
        "cards_discard": [],
    }


def _draw(pile: list[int], dice: Dice) -> int:
    i = dice.roll(len(pile)) - 1 if len(pile) > 1 else 0
    return pile.pop(i)


def _say(command: str, slash: bool) -> str:
    """A command as the player types it: a slash command in Discord, bare at the console."""
    return f"`/{command}`" if slash else f"`{command}`"


def divinate(
    decks: dict[str, Any], dice: Dice, preferred: list[TarotCard], slash: bool = True
) -> str:
    deck = sorted(decks["tarot_deck"] + decks["tarot_dealt"])
    dealt = [_draw(deck, dice) for _ in range(min(3, len(deck)))]
    decks["tarot_deck"], decks["tarot_dealt"], decks["tarot_active"] = deck, dealt, dealt[0]
    names = ", ".join(BY_NUMBER[c].title for c in dealt)
    text = f"Dealt: {names}. Active: {BY_NUMBER[dealt[0]].title}."
    wanted = [c.number for c in preferred if c.number in dealt[1:]]
    if wanted:
        text += (
            " A preferred card was dealt: "
            + ", ".join(BY_NUMBER[n].name for n in wanted)
            + "; make it active with "
            + _say(f"tarot active {'card:' if slash else ''}{BY_NUMBER[wanted[0]].name}", slash)
            + "."
        )
    return text


def set_active(decks: dict[str, Any], card: TarotCard) -> str:
    if card.number not in decks["tarot_dealt"]:
        if not decks["tarot_dealt"]:
            raise RulesError(f"{card.name} is not dealt out: no card is; Divinate first")
        dealt = ", ".join(BY_NUMBER[c].title for c in decks["tarot_dealt"])
        raise RulesError(f"{card.name} is not dealt out; the dealt cards are {dealt}")
    decks["tarot_active"] = card.number
    return f"{card.title} is now the active card."


def reset_tarot(decks: dict[str, Any]) -> str:
    decks.update({k: v for k, v in new_decks().items() if k.startswith("tarot")})
    return "The tarot deck is gathered and shuffled: 22 cards face down."


def tarot_text(decks: dict[str, Any], slash: bool = True) -> str:
    if not decks["tarot_dealt"]:
        deal = _say("tarot divinate" if slash else "divinate", slash)
        return f"No tarot cards are dealt out. {deal} deals three."
    parts = [
        BY_NUMBER[c].title + (" (active)" if c == decks["tarot_active"] else "")
        for c in decks["tarot_dealt"]
    ]
    return "Dealt: " + ", ".join(parts) + f". {len(decks['tarot_deck'])} cards face down."


def draw_cards(decks: dict[str, Any], dice: Dice, count: int, slash: bool = True) -> str:
    if not 1 <= count <= 10:
        raise RulesError("draw between 1 and 10 cards")
    drawn = []
    for _ in range(count):
        if not decks["cards_deck"]:
            if not decks["cards_discard"]:
                break
            decks["cards_deck"], decks["cards_discard"] = sorted(decks["cards_discard"]), []
        card = _draw(decks["cards_deck"], dice)
        decks["cards_out"].append(card)
        drawn.append(PlayingCard(card).name)
    if not drawn:
        raise RulesError(f"the deck and the discard pile are empty: {_say('cards shuffle', slash)}")
    return f"Drew: {', '.join(drawn)}. {len(decks['cards_deck'])} cards left in the deck."


def cards_text(decks: dict[str, Any], slash: bool = True) -> str:
    """Where the channel's playing cards are: the deck, those drawn, the discard pile."""

    def names(cards: list[int]) -> str:
        return ", ".join(PlayingCard(c).name for c in cards) or "none"

    return (
        f"{len(decks['cards_deck'])} cards face down in the deck. Drawn: "
        f"{names(decks['cards_out'])}. Discarded: {names(decks['cards_discard'])}. "
        f"{_say('cards draw 2', slash)} draws, {_say('cards discard QH', slash)} discards, "
        f"{_say('cards shuffle', slash)} gathers them all."
    )


def discard_card(decks: dict[str, Any], card: PlayingCard) -> str:
    if card.id not in decks["cards_out"]:
        raise RulesError(f"{card.name} has not been drawn")
    decks["cards_out"].remove(card.id)
    decks["cards_discard"].append(card.id)
    return f"{card.name} is discarded (face up)."


def shuffle_cards(decks: dict[str, Any]) -> str:
    decks["cards_deck"] = list(range(54))
    decks["cards_out"], decks["cards_discard"] = [], []
    return "All 54 cards are shuffled back into the deck."


def read_bones(team: str, dice: Dice) -> Rolled:
    """Roll a bone-reading pool: from a team list ('K Q R 2N 3P') or dice ('d4 d6 d10')."""
    sizes = [int(x) for x in re.findall(r"\bd(\d{1,3})\b", team.lower(), flags=re.ASCII)]
    if sizes:
        rest = re.sub(r"\bd\d{1,3}\b", " ", team.lower(), flags=re.ASCII).replace(",", " ")
        if rest.split():
            raise RulesError(
                f"'{rest.split()[0][:20]}' is not a die of a bone pool: give dice (d4 d6 d10) "
                "or a team list (K Q R 2N 3P)"
            )
        odd = next((s for s in sizes if s not in (4, 6, 8, 10, 20)), None)
        if odd is not None:
            raise RulesError(f"a bone pool has no D{odd}: its dice are D4, D6, D8, D10 and D20")
        if len(set(sizes)) < len(sizes):
            raise RulesError(
                "a bone pool holds at most one die of each kind (a D4 for any Pawns, a D6 for "
                "any Knights, Rooks or Bishops, a D8 for a Queen, a D10 for a King, a D20 for "
                "any Jokers)"
            )
    else:
        try:
            parsed = TeamList.parse(team)
        except RulesError as e:
            raise RulesError(f"give a team list (K Q R 2N 3P) or dice (d4 d6): {e}") from None
        kinds = {parsed.faction.option(name).kind.value for name, n in parsed.pieces if n}
        sizes = list(bone_pool(kinds))
    if not sizes or len(sizes) > 10 or any(s not in (4, 6, 8, 10, 20) for s in sizes):
        raise RulesError("a bone pool holds D4, D6, D8, D10 and D20 dice")
    faces = [(s, dice.roll(s)) for s in sizes]
    return Rolled("Bones: " + ", ".join(f"D{s}={v}" for s, v in faces), None, faces)


# ---------------------------------------------------------------------------------------------
# Roll statistics: are the dice fair?
# ---------------------------------------------------------------------------------------------
STATS_MAX_SIDES = 100  # larger dice are counted, not tested: a face would rarely come twice
STATS_PER_FACE = 5  # the chi-square test wants about five rolls a face before it means much


@dataclass
class DieStats:
    sides: int
    counts: Counter[int]
    rolls: int
    p_value: float | None  # None: too few rolls, or too many sides, for the test

    def line(self) -> str:
        rolls = f"D{self.sides}: {count(self.rolls, 'roll')}"
        if self.p_value is None:
            if self.sides > STATS_MAX_SIDES:
                return f"{rolls} (dice over D{STATS_MAX_SIDES} are not tested for fairness)"
            return (
                f"{rolls} (too few to test: the test wants about {STATS_PER_FACE} rolls a "
                f"face, {STATS_PER_FACE * self.sides} in all)"
            )
        expected = self.rolls / self.sides
        worst = max(range(1, self.sides + 1), key=lambda f: abs(self.counts[f] - expected))
        return (
            f"{rolls}, each face expected {expected:.1f} times; "
            f"furthest off: {worst} came {self.counts[worst]} times; "
            f"chi-square p = {self.p_value:.3f}"
        )


def die_stats(faces: list[tuple[int, int]]) -> list[DieStats]:
    """Counts per face for each die type against a fair die, with Pearson's chi-square test
    (SciPy). A p-value far below 0.01 over many rolls would suggest a biased die. Dice of more
    than STATS_MAX_SIDES sides, and dice with fewer than STATS_PER_FACE rolls a face, are
    counted but not tested (and no list of a huge die's faces is ever built)."""
    from scipy.stats import chisquare

    by_die: dict[int, Counter[int]] = {}
    for sides, face in faces:
        by_die.setdefault(sides, Counter())[face] += 1
    out = []
    for sides in sorted(by_die):
        c = by_die[sides]
        n = sum(c.values())
        p = None
        if 1 < sides <= STATS_MAX_SIDES and n >= STATS_PER_FACE * sides:
            p = float(chisquare([c.get(f, 0) for f in range(1, sides + 1)]).pvalue)
        out.append(DieStats(sides, c, n, p))
    return out


def stats_text(faces: list[tuple[int, int]]) -> str:
    stats = die_stats(faces)
    if not stats:
        return "No rolls logged in this channel yet."
    lines = [s.line() for s in stats]
    lines.append(
        "A p-value is the chance of counts at least this uneven from fair dice; small "
        "samples are noisy, so only a tiny value over hundreds of rolls is suspicious."
    )
    return "\n".join(lines)


# ---- a server's own text for the tarot cards whose text our rules lack (WC-31) ----
SERVER_TEXT = "tarot_text"  # the kind of server text (GameService.server_text)


async def server_card_text(service: Any, guild_id: int | None, number: int) -> str | None:
    text: str | None = await service.server_text(guild_id, SERVER_TEXT, str(number))
    return text


async def set_server_card_text(service: Any, guild_id: int | None, number: int, text: str) -> None:
    """Only for the cards whose text our rules lack; never an effect, only text."""
    if number not in INCOMPLETE:
        raise RulesError(
            f"{BY_NUMBER[number].name} is fully written in the rules; only "
            "the five incomplete cards take a server's own text"
        )
    await service.set_server_text(guild_id, SERVER_TEXT, str(number), text)

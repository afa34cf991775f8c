"""Resolving abilities and cards step by step.

An ability is a small function over a ``Ctx``: it asks for choices with ``ctx.choose`` and, for
a card played from hand or the King's ability, calls ``ctx.commit()`` once every choice that
decides whether it can be played is made. Abilities are re-run from the start with the choices
made so far (the rules are deterministic between shuffles), so a choice still open is simply
state (``Program.options``): nothing is changed until the whole ability has its answers.

Before ``commit`` an ability changes nothing, and its player may cancel. At ``commit`` the card
is paid for and leaves the hand; the opponent may then answer a Tactic (Counter!).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from rules.card_game import zones
from rules.card_game.catalogue import CardType
from rules.card_game.state import GameState, Program, Unit, Work
from rules.core.board import Player, Square

Option = tuple[str, str]
CANCEL = "cancel"
KING_COST = {"king_spades": 2, "king_hearts": 2}


class NeedChoice(Exception):
    def __init__(self, prompt: str, options: tuple[Option, ...]) -> None:
        super().__init__(prompt)
        self.prompt, self.options = prompt, options


class Impossible(Exception):
    """The ability cannot do anything (no target, nothing to take)."""


class Declared(Exception):
    """The ability reached ``commit`` and is not paid for yet."""


class Ctx:
    def __init__(self, w: Work, prog: Program, *, declare: bool) -> None:
        self.w, self.prog, self.declare = w, prog, declare
        self.me: Player = prog.owner
        self.source = prog.source
        self.subject = prog.subject
        self._i = 0
        # the pieces and squares chosen so far, as the table sees them (public: on the board)
        self.named: list[str] = []
        # Thinking: the Tactic it plays from the Burn pile, and what is done for that Tactic
        # when it is played (paid for and out of the pile), once the card is committed
        self.through: int | None = None
        self.on_commit: Callable[[], None] | None = None

    @property
    def name(self) -> str:
        return self.w.card(self.source).name

    def choose(self, prompt: str, options: Iterable[Option], cancel: bool = False) -> str:
        opts = tuple(options)
        if not opts:
            raise Impossible(
                f"{self.name} has nothing to act on now (it asks: {prompt.rstrip('?')}?)"
            )
        i, self._i = self._i, self._i + 1
        if i < len(self.prog.choices):
            key = self.prog.choices[i]
            if all(k != key for k, _ in opts):
                raise Impossible("that choice is no longer possible")
            return key
        if cancel and not self.prog.committed:
            opts = (*opts, (CANCEL, "Cancel"))
        raise NeedChoice(prompt, opts)

    def to_pay(self) -> int:
        """The Material this play will still cost before its effect happens (a card that
        compares Material, Advantage!, counts it as paid): the card's cost until it is
        committed; for the Tactic Thinking plays, Thinking's until Thinking is committed and
        the Tactic's own until it is played."""
        if self.through is not None:
            due = 0 if self.on_commit is None else self.w.card(self.through).cost
            return due + (0 if self.prog.committed else self.w.card(self.prog.source).cost)
        return 0 if self.prog.committed else self.w.card(self.source).cost

    def commit(self) -> None:
        if self.declare and not self.prog.committed:
            raise Declared
        hook, self.on_commit = self.on_commit, None
        if hook is not None:
            hook()

    # ---- common choices ----
    def unit(self, prompt: str, units: Iterable[Unit], cancel: bool = False) -> Unit:
        found = {str(u.cid): u for u in units}
        key = self.choose(
            prompt,
            (
                (k, f"{u.owner.title} {self.w.card(u.cid).name} on {u.square}")
                for k, u in found.items()
            ),
            cancel,
        )
        u = found[key]
        self.named.append(f"{u.owner.title} {self.w.card(u.cid).name} on {u.square}")
        return u

    def card(self, prompt: str, cids: Iterable[int], cancel: bool = False) -> int:
        seen: dict[str, int] = {}
        for c in cids:
            seen.setdefault(self.w.card(c).name, c)
        key = self.choose(prompt, ((str(c), n) for n, c in seen.items()), cancel)
        return int(key)

    def square(self, prompt: str, squares: Iterable[Square], cancel: bool = False) -> Square:
        """A square; one a piece stands on is labelled with it (placing there starts a
        Showdown with an enemy)."""
        found = {str(s): s for s in squares}

        def label(key: str) -> str:
            u = self.w.at(found[key])
            return key if u is None else f"{key} ({u.owner.title}'s {self.w.card(u.cid).name})"

        key = self.choose(prompt, ((k, label(k)) for k in found), cancel)
        # (a square after a piece is where it goes: "on Black Knight on c1, to a3")
        self.named.append(f"{', to ' if self.named else ''}{label(key)}")
        return found[key]

    def empty_base(self) -> list[Square]:
        from rules.card_game.battlefield import base_squares

        return [s for s in base_squares(self.me) if self.w.at(s) is None]


Effect = Callable[[Ctx], None]
EFFECTS: dict[str, Effect] = {}


def effect(*keys: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        for k in keys:
            EFFECTS[k] = fn
        return fn

    return register


def can_start(w: Work, prog: Program) -> str | None:
    """Why the ability could not be started now (None: it can)."""
    trial = w.copy()
    try:
        EFFECTS[prog.effect](Ctx(trial, prog, declare=True))
    except Impossible as e:
        return str(e)
    except (NeedChoice, Declared):
        return None
    return None


def run(w: Work, counterable: Callable[[Work, Program], bool]) -> None:
    """Run the open ability until it needs a choice or an answer, or is done."""
    prog = w.program
    assert prog is not None
    before = w.copy()
    ctx = Ctx(w, prog, declare=True)
    try:
        EFFECTS[prog.effect](ctx)
    except NeedChoice as n:
        w.restore(before)
        w.program = replace(prog, prompt=n.prompt, options=n.options)
        return
    except Declared:
        w.restore(before)
        _commit(w, prog, ctx.named, ctx.through)
        done = replace(prog, committed=True)
        w.program = replace(done, respond=counterable(w, done))
        return
    except Impossible as e:
        w.restore(before)
        w.program = None
        card = w.card(prog.source)
        if prog.kind == "hand" and not prog.committed and w.config.revision >= 4:
            # not paid for, so still in the hand, and secret: the card is not named (before
            # revision 4 it was, in the public log)
            w.say("fizzled", f"{prog.owner.title} takes the card back: it cannot be played now.")
            return
        w.say("fizzled", f"{card.name} does nothing: {e}.")
        if prog.kind == "hand" and prog.committed and card.type.is_tactic:
            zones.to_burn(w, prog.owner, prog.source)
        return
    w.program = None
    card = w.card(prog.source)
    if prog.kind == "hand" and card.type is CardType.ACTION:
        zones.to_burn(w, prog.owner, prog.source)


def _commit(w: Work, prog: Program, named: list[str], through: int | None = None) -> None:
    """The card paid for and out of the hand (a Tactic named with the pieces or squares it
    was aimed at, and ``through``, the Tactic Thinking plays from the Burn pile, so the
    opponent sees what a Counter! would stop)."""
    p = prog.owner
    card = w.card(prog.source)
    if prog.kind == "king":
        cost = KING_COST.get(prog.effect, 0)
        zones.pay(w, p, cost)
        w.edit(p, king_used=True)
        paid = f", paying {cost} Material" if cost else ""
        w.say(
            "king_ability", f"{p.title} uses the ability of the {card.name}{paid}.", player=p.title
        )
    elif prog.kind == "hand":
        zones.pay(w, p, card.cost)
        zones.take_from_hand(w, p, prog.source)
        aim = ""
        if named and card.type.is_tactic:
            aim = " on " + "".join(
                n if n.startswith(", to ") or i == 0 else f" and {n}" for i, n in enumerate(named)
            )
        what = card.name
        if through is not None:
            what += f" ({w.card(through).name} from their Burn pile)"
        w.say("played", f"{p.title} plays {what}{aim}.", player=p.title, card=card.name)


def as_asked(s: GameState) -> GameState:
    """The game as the open card's effect stands when it asks its question: what it did
    before asking (King of Diamonds' draw) is undone by each run until every question is
    answered, and the decider's own hand is shown from this (only a view: it is never
    played from, and it reads nothing the asking player does not hold)."""
    prog = s.program
    if prog is None or prog.respond or not prog.committed:
        return s
    w = Work(s)
    try:
        EFFECTS[prog.effect](Ctx(w, prog, declare=False))
    except (NeedChoice, Declared, Impossible):
        return w.freeze(s.history)
    return s

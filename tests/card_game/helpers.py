"""Positions built card by card for rule tests: each named card gets the next number of its
owner's deck list, in the zone asked for."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.card_game import engine
from rules.card_game.actions import Choose, Pass, Resolve
from rules.card_game.decks import Deck
from rules.card_game.state import Config, GameState, Phase, Side, Unit
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import ScriptedDice
from rules.core.history import Event

W, B = Player.WHITE, Player.BLACK


class Build:
    def __init__(
        self,
        white_king: str = "King of Spades",
        black_king: str = "King of Hearts",
        counters: bool = False,
    ):
        """``counters``: each side's Counter! is still unplayed, so a Tactic opens its
        opponent's answer window (CG-17). By default both are spent (in the Burn pile), so
        that a test's Tactic resolves at once unless the test is about that window."""
        self.names: dict[Player, list[str]] = {W: [white_king], B: [black_king]}
        self.zones: dict[Player, dict[str, list[int]]] = {
            p: {"hand": [], "deck": [], "captured": [], "burn": [], "statics": []} for p in Player
        }
        self.units: list[Unit] = []
        if not counters:
            for p in Player:
                self.add(p, "Counter!", "burn")

    def add(self, p: Player, name: str, zone: str = "hand", **unit: Any) -> int:
        cid = p * 100 + len(self.names[p])
        self.names[p].append(name)
        if zone == "board":
            from rules.card_game.battlefield import GRID

            sq = GRID.parse(unit.pop("at"))
            self.units.append(Unit(cid, p, sq, **unit))
        else:
            self.zones[p][zone].append(cid)
        return cid

    def unit(self, p: Player, name: str, at: str, ready: bool = True, **kw: Any) -> int:
        return self.add(p, name, "board", at=at, actions=int(ready), **kw)

    def state(
        self,
        active: Player = W,
        material: tuple[int, int] = (10, 10),
        phase: Phase = Phase.MAIN,
        turn: int = 5,
        **kw: Any,
    ) -> GameState:
        decks = tuple(Deck(self.names[p][0], tuple(self.names[p][1:])) for p in Player)
        sides = tuple(
            Side(**{k: tuple(v) for k, v in self.zones[p].items()}, material=material[p])
            for p in Player
        )
        return GameState(
            Config((decks[0], decks[1])),
            sides=(sides[0], sides[1]),
            units=tuple(self.units),
            active=active,
            first=W,
            turn=turn,
            phase=phase,
            **kw,
        )


def act(s: GameState, *actions: Action, dice: list[int] | None = None) -> GameState:
    d = ScriptedDice(dice or [])
    for a in actions:
        s, _ = engine.apply(s, a, d)
    return s


def events(s: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    out: list[Event] = []
    for a in actions:
        s, ev = engine.apply(s, a, ScriptedDice([]))
        out += ev
    return s, out


def pick(s: GameState, text: str) -> GameState:
    """Answer the open choice with the option whose label contains ``text``."""
    assert s.program is not None and s.program.options, "no open choice"
    keys = [k for k, label in s.program.options if text.lower() in label.lower()]
    assert keys, f"no option like {text!r} in {s.program.options}"
    return act(s, Choose(keys[0]))


def use_trigger(s: GameState, use: bool = True) -> GameState:
    assert s.triggers, "no trigger is waiting"
    mine = next(i for i, t in enumerate(s.triggers) if t.owner is engine.decider(s))
    return act(s, Resolve(mine, use))


def hands(b: Build) -> None:
    """A card (a Pawn) in each player's hand: from rules revision 5 a player with an empty
    hand is not asked in a fight's window nor to answer with Counter! (CG-12, CG-17)."""
    for p in (Player.WHITE, Player.BLACK):
        b.add(p, "Pawn")


def pass_windows(s: GameState) -> GameState:
    """Both players pass their combat windows."""
    while s.combat is not None and s.program is None and not s.triggers:
        s = act(s, Pass())
    return s


def texts(ev: list[Event]) -> str:
    return "\n".join(e.text for e in ev)


def hand_names(s: GameState, p: Player) -> list[str]:
    return [s.card(c).name for c in s.side(p).hand]


def with_side(s: GameState, p: Player, **changes: Any) -> GameState:
    sides = list(s.sides)
    sides[p] = replace(sides[p], **changes)
    return replace(s, sides=(sides[0], sides[1]))

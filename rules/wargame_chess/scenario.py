"""Build a game that starts from a given position: ``scenario("Ke1 Qd1 Pe2", "Ke8 Nb8")``.

Pieces are written as a type letter and a square; the n-th piece of a type written gets label
n (the first N is N1). The teams need not be 14 points. The result is an ordinary replayable game.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.errors import IllegalAction, ParseError
from rules.wargame_chess.board import Player, Square, Terrain
from rules.wargame_chess.engine import build_pieces, initial_state
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.state import GameConfig, GameState, StartPosition
from rules.wargame_chess.teams import STANDARD, Faction, TeamList
from rules.wargame_chess.transaction import Transaction

_TOKEN = re.compile(r"([PNBRQKJpnbrqkj])([a-hA-H][1-8])")


def _parse_side(text: str, faction: Faction) -> tuple[TeamList, list[tuple[Kind, Square]]]:
    placed: list[tuple[Kind, Square]] = []
    for tok in text.split():
        m = _TOKEN.fullmatch(tok)
        if not m:
            raise ParseError(f"'{tok}' is not a piece on a square (write it like Ke1 or Pd2)")
        placed.append((Kind.parse(m.group(1)), Square.parse(m.group(2))))
    counts: dict[str, int] = {}
    for kind, _ in placed:
        name = next(o.name for o in faction.options if o.kind is kind)
        counts[name] = counts.get(name, 0) + 1
    ordered = tuple((o.name, counts[o.name]) for o in faction.options if o.name in counts)
    return TeamList(faction, ordered), placed


def scenario(
    white: str,
    black: str,
    trees: str = "",
    first: Player = Player.WHITE,
    faction: Faction = STANDARD,
    terrain: dict[str, Terrain] | None = None,
    upgrades: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> GameState:
    """A game in play from a position: each side's pieces as type letters and squares
    ("Kh1 Qd1 Pa2"), Trees, other terrain, who Activates first, and each side's upgrades (by
    name, from the faction). A position that is already over is refused, naming why."""
    teams = []
    placements: list[tuple[str, Square]] = []
    for owner, text in ((Player.WHITE, white), (Player.BLACK, black)):
        team, placed = _parse_side(text, faction)
        team = replace(team, upgrades=tuple(faction.upgrade(u).name for u in upgrades[owner]))
        teams.append(team)
        pieces = build_pieces(team, owner)
        seen: dict[Kind, int] = {}
        for kind, sq in placed:
            seen[kind] = seen.get(kind, 0) + 1
            label = f"{kind.letter}{seen[kind]}"
            key = next(p.key for p in pieces if p.label == label)
            placements.append((key, sq))
    ter = [(Square.parse(t), Terrain.TREE) for t in trees.split()]
    ter += [(Square.parse(s), t) for s, t in (terrain or {}).items()]
    start = StartPosition(tuple(placements), tuple(ter), first)
    state = initial_state(GameConfig(teams=(teams[0], teams[1]), start=start))
    tx = Transaction(state, ScriptedDice([]))
    tx.check_victory()
    if tx.outcome is not None:
        raise IllegalAction(f"that position is already over: {tx.outcome.describe()}")
    return state

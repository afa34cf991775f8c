"""Plain-text views of a game for the console table and text-only replies."""

from __future__ import annotations

from rules.wargame_chess import actions as A
from rules.wargame_chess.board import FILES, Player, Square
from rules.wargame_chess.state import COUNT_OPTION, GameState, Zone
from rules.wargame_chess.tarot import BY_NUMBER

_TERRAIN_MARK = {"tree": " ## ", "hole": " () ", "water": " ~~ "}


def render_board(s: GameState, view: Player = Player.WHITE) -> str:
    """An 8x8 grid, the viewer's side at the bottom. Pieces show as wK1 / bP3; a trailing
    mark shows tokens: + Advantage, - Disadvantage, * Blessed, ! Cursed."""
    ranks = range(7, -1, -1) if view is Player.WHITE else range(8)
    files = range(8) if view is Player.WHITE else range(7, -1, -1)
    header = "    " + "".join(f"  {FILES[f]}  " for f in files)
    lines = [header]
    terrain = s.terrain_map
    for r in ranks:
        row = f" {r + 1}  "
        for f in files:
            sq = Square(f, r)
            p = s.board.get(sq)
            if p is not None:
                mark = ""
                if p.advantage:
                    mark = "+"
                elif p.disadvantage:
                    mark = "-"
                if p.blessed:
                    mark += "*"
                if p.cursed:
                    mark += "!"
                cell = f"{'w' if p.owner is Player.WHITE else 'b'}{p.label}{mark}"
                row += f"{cell:<5}"
            elif sq in terrain:
                row += f"{_TERRAIN_MARK[terrain[sq].value]} "
            else:
                row += "  .  " if (f + r) % 2 else "  ,  "
        lines.append(row + f" {r + 1}")
    lines.append(header)
    return "\n".join(lines)


def render_status(s: GameState) -> str:
    if s.outcome is not None:  # (the result is the last line)
        lines = [f"Ended in turn {s.turn} of 10" if s.turn else "Ended before turn 1"]
    else:
        lines = [f"Turn {s.turn} of 10 · {s.phase.value}" if s.turn else s.phase.value.capitalize()]
    # (the points spent on upgrades count once the teams are shown, ruling R9: before, the
    # other side's would tell what its secret team holds)
    shown = s.phase.value == "play" or s.outcome is not None
    for pl in Player:
        on = s.pieces_of(pl)
        done = [p.label for p in on if p.activated]
        slain = [p.label for p in s.pieces_of(pl, Zone.SLAIN)]
        lines.append(
            f"{pl.title}: {len(on)} on the board "
            f"({s.score(pl) if shown else s.points_on_board(pl)} points)"
            + (f"; Activated: {', '.join(done)}" if done and s.phase.value == "play" else "")
            + (f"; slain: {', '.join(slain)}" if slain else "")
        )
        marked = [f"{p.label} ({p.tokens_text()})" for p in on if p.tokens_text()]
        if marked:
            lines.append("  tokens: " + "; ".join(marked))
        rolls = [
            f"{p.label} ({', '.join(fx.describe() for fx in p.roll_effects)})"
            for p in on
            if p.roll_effects
        ]
        if rolls:
            lines.append("  on its rolls: " + "; ".join(rolls))
    active = s.faith.tarot_active  # (a card in force changes the game for both sides)
    if active is not None and s.outcome is None:
        lines.append(f"Active tarot card: {BY_NUMBER[active].name}")
    if s.outcome is not None:
        lines.append(s.outcome.describe())
    return "\n".join(lines)


def describe_action(s: GameState, a: A.Action) -> str:
    """Words for an action, as a player would say it."""
    if isinstance(a, A.Activate):
        p = s.piece(a.piece)
        verb = "Reactivate" if p.activated else "Activate"
        return f"{verb} {p.label} on {p.square}"
    if isinstance(a, A.Move):
        p = s.piece(a.piece)
        if p.square == a.to:
            return f"{p.label} stays on {a.to} (it cannot Move)"
        return f"Move {p.label} to {a.to}"
    if isinstance(a, A.Attack):
        target = s.board.get(a.target)
        name = target.key if target else str(a.target)
        return f"{s.piece(a.piece).label} Attacks {name} on {a.target}"
    if isinstance(a, A.UseToken):
        return "Spend an Advantage token" if a.use else "Keep the Advantage token"
    if isinstance(a, A.CombatMove):
        att = s.attack
        if att is not None and a.piece == att.attacker:
            return f"Place the attacker {a.piece} on {a.to} (it gains a Disadvantage token)"
        return f"Step the defender {a.piece} to {a.to} (it gains an Advantage token)"
    if isinstance(a, A.Promote):
        return f"Promote into {a.into}"
    if isinstance(a, A.Castle):
        return f"Castle with {a.with_piece}"
    if isinstance(a, A.Decline):
        return "Decline"
    if isinstance(a, A.MoveAside):
        return f"Place the piece on {a.to}"
    if isinstance(a, A.Deploy):
        return f"Deploy {s.piece(a.piece).label} on {a.square}"
    if isinstance(a, A.ChooseTrees):
        return f"Trees: {a.mode}"
    if isinstance(a, A.RollTrees):
        return "Roll for Trees"
    if isinstance(a, A.DecideTreeOrder):
        return "Flip for who sets up Trees first"
    if isinstance(a, A.Choose):
        if a.option == COUNT_OPTION and s.pending is not None:  # (the end of turn 10, once
            # the player's rules are applied: whose, so one's list is not taken for the other's)
            return f"Count the points ({s.pending.player.title} is done)"
        return f"Choose {a.option}"
    if isinstance(a, A.Concede):
        return f"{a.by.title} concedes"
    return a.name.replace("_", " ")

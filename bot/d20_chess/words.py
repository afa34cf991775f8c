"""d20 explorer chess in words: action labels with their odds, prompts, the text board, status,
the tile list, help and the glossary."""

from __future__ import annotations

from fractions import Fraction

from rules.core.actions import Action
from rules.core.board import Player, Square
from rules.core.words import count
from rules.d20_chess.actions import Concede, Keep, Move, Pass, Promote
from rules.d20_chess.movement import destinations
from rules.d20_chess.pieces import Kind, Piece, xp_text
from rules.d20_chess.promotion import promotions
from rules.d20_chess.state import State
from rules.d20_chess.system import SYSTEM
from rules.d20_chess.tiles import HOUSE_DECK, Effect, Tile
from rules.d20_chess.turn import waiting

HOUSE_NOTE = (
    "The tile deck and the Dragon's behaviour are this project's own house content: the "
    "rulebook publishes neither. A server may play its own deck."
)
# The text board's marks for a square's tile (second character of each cell).
TILE_MARKS = {
    Effect.EMPTY: ".",
    Effect.XP: "x",
    Effect.ATTACK: "+",
    Effect.DEFENCE: "#",
    Effect.INITIATIVE: "i",
    Effect.LAIR: "L",
}


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def odds_text(state: State, action: Move) -> str:
    odds = SYSTEM.odds(state, action)
    if odds is None:
        return "no roll: the square is empty"
    return (
        f"capture {percent(odds['capture'])}, repelled {percent(odds['repelled'])}, "
        f"critical failure {percent(odds['critical failure'])}"
    )


def piece_name(p: Piece) -> str:
    return "the Dragon" if p.owner is None else f"{p.kind.value}"


def describe_action(state: State, action: Action) -> str:
    """The label of a choice in ``state`` (also used for an action just made, when undone)."""
    if isinstance(action, Move):
        piece, target = state.at(action.origin), state.at(action.to)
        if piece is None:
            return f"Move {action.origin} to {action.to}"
        name = piece.kind.value
        if target is None or target.owner is piece.owner:
            new = " (unexplored)" if state.is_unexplored(action.to) else ""
            return f"{name} {action.origin} to {action.to}{new}"
        return (
            f"{name} {action.origin} attacks {piece_name(target)} on {action.to}: "
            f"{odds_text(state, action)}"
        )
    offered = state.piece(state.offers[0]) if state.offers else None
    if offered is None and isinstance(action, Promote) and action.square is not None:
        offered = state.at(action.square)  # (a piece kept unpromoted, before the move)
    where = "" if offered is None else f" the {offered.kind.value} on {offered.square}"
    if isinstance(action, Promote):
        return f"Promote{where} to a {action.kind.value}"
    if isinstance(action, Keep):
        xp = "" if offered is None else f" ({xp_text(offered.xp)} XP)"
        return f"Keep{where}{xp}" if offered else "Keep the piece and its XP"
    if isinstance(action, Pass):
        return "Pass (no piece can move)"
    if isinstance(action, Concede):
        return f"{action.by.title} concedes"
    return action.name


def king_warning(state: State) -> str:
    """A warning when an enemy piece could attack the King of the side to move on its next
    move (there is no check here: a King can simply be taken, ruling E2)."""
    me = state.to_act
    king = next((p for p in state.side(me) if p.kind is Kind.KING), None)
    if king is None:
        return ""
    foes = [p for p in state.side(me.other) if king.square in destinations(state, p)]
    names = " and the ".join(f"{p.kind.value} on {p.square}" for p in foes)
    said = f" Careful: the enemy {names} can attack your King on {king.square}." if foes else ""
    dragon = state.dragon
    if dragon is not None and king.square in destinations(state, dragon):
        said += (
            f" The Dragon on {dragon.square} stands next to your King (after each move it "
            "attacks the easiest prey beside it)."
        )
    return said


def prompt(state: State, discord: bool = False) -> str:
    if state.offers:
        piece = state.piece(state.offers[0])
        kinds = ", ".join(k.value for k in _promotions(state))
        how = "press a button" if discord else "`promote <piece>` or `keep`"
        return (
            f"{piece.side}: the {piece.kind.value} on {piece.square} has {xp_text(piece.xp)} XP "
            f"and may promote to {kinds} (this costs no turn): {how}."
        )
    who = state.to_act.title
    later = _may_promote(state, discord)
    if Pass() in SYSTEM.legal_actions(state):
        how = "press Pass" if discord else "`pass`"
        return f"{who} has no piece that can move: {how}.{later}"
    if discord:
        return (
            f"{who} to move (turn {state.turn}): `/d20 move` with the piece's square and where it "
            "goes; a move onto an enemy is an attack (`/d20 odds` shows its chances)."
            + later
            + king_warning(state)
        )
    return (
        f"{who} to move (turn {state.turn}): `move <from> <to>`, or `actions` for the "
        "numbered list." + later + king_warning(state)
    )


def _may_promote(state: State, discord: bool) -> str:
    """The mover's pieces kept unpromoted that may promote before the move (no turn)."""
    found = {a.square: a for a in waiting(state, state.to_act) if a.square is not None}
    if not found:
        return ""
    sq = next(iter(found))
    piece = state.at(sq)
    assert piece is not None
    how = "`/d20 promote` with its square" if discord else f"`promote {sq} <piece>`"
    more = f" (and {count(len(found) - 1, 'other')})" if len(found) > 1 else ""
    return f" The {piece.kind.value} on {sq}{more} may still promote first, at no turn: {how}."


def _promotions(state: State) -> list[Kind]:
    return promotions(state.piece(state.offers[0]))


def cell(state: State, sq: Square) -> str:
    p = state.at(sq)
    if p is None:
        first = "."
    elif p.owner is None:
        first = "D"
    else:
        first = p.kind.letter if p.owner is Player.WHITE else p.kind.letter.lower()
    if state.is_unexplored(sq):
        return first + "?"
    tile = state.tile_at(sq)
    return first + (TILE_MARKS[tile.effect] if tile else " ")


def board_text(state: State, view: Player) -> str:
    ranks = range(7, -1, -1) if view is Player.WHITE else range(8)
    files = range(8) if view is Player.WHITE else range(7, -1, -1)
    head = "   " + " ".join(f"{'abcdefgh'[f]} " for f in files)
    lines = [head]
    for r in ranks:
        row = " ".join(cell(state, Square(f, r)) for f in files)
        lines.append(f"{r + 1}  {row}  {r + 1}")
    lines.append(head)
    lines.append(
        "Upper case White, lower case Black, D the Dragon; after it, what the square's tile "
        "was: ? unexplored, + attack bonus, # defence bonus, x an XP tile (given when found), "
        "i initiative, L the lair, . nothing found."
    )
    return "\n".join([*lines, status_text(state)])


def dragon_text(state: State) -> str:
    if state.lair is None:
        return "asleep (its lair is not found yet)"
    if state.dragon is not None:
        return f"on {state.dragon.square} (Attack 11, Defence 11)"
    if state.dragon_waking:
        return f"awake in its lair on {state.lair}, coming out"
    return "captured"


def headline(state: State) -> str:
    """The status in one line for the live message (its picture is the board alone)."""
    if state.outcome is not None:
        return ""
    white, black = state.initiative
    return (
        f"**Turn {shown_turn(state)} of {state.config.turn_limit}** · initiative White {white}, "
        f"Black {black} · {len(state.pile)} tiles in the pile · the Dragon: {dragon_text(state)}"
    )


def shown_turn(state: State) -> int:
    """The turn to show: a game drawn at its turn limit ended in its last turn, not after it."""
    return min(state.turn, state.config.turn_limit)


def status_text(state: State) -> str:
    cfg = state.config
    white, black = state.initiative
    lines = [
        f"Turn {shown_turn(state)} of {cfg.turn_limit}. Initiative: White {white}, Black {black}.",
        f"Tiles left in the pile: {len(state.pile)} of {len(cfg.deck.tiles)} ({cfg.deck.name}).",
        f"The Dragon: {dragon_text(state)}.",
    ]
    bonuses = [
        f"{sq} {t.name} ({t.effect.value} {t.amount:+d})"
        for sq, t in sorted(_tiles(state), key=lambda x: x[0].index)
        if t.effect.lasting
    ]
    if bonuses:
        lines.append("Square bonuses: " + ", ".join(bonuses) + ".")
    xp = [
        f"{p.side} {p.kind.value} {p.square} {xp_text(p.xp)}"
        for p in sorted(state.pieces, key=lambda p: p.square.index)
        if p.xp
    ]
    if xp:
        lines.append("XP: " + ", ".join(xp) + ".")
    return "\n".join(lines)


def _tiles(state: State) -> list[tuple[Square, Tile]]:
    return [(sq, t) for sq in state.tiles if (t := state.tile_at(sq)) is not None]


def tiles_text(state: State) -> str:
    deck = state.config.deck
    lines = [f"{deck.name}: {count(len(deck.tiles), 'tile')}, {len(state.pile)} still in the pile."]
    lines += [
        f"- {n} × {t.summary()}: {t.text}" if t.text else f"- {n} × {t.summary()}"
        for t, n in deck.counts()
    ]
    found = sorted(_tiles(state), key=lambda x: x[0].index)
    if found:
        lines.append("Found: " + ", ".join(f"{sq} {t.name}" for sq, t in found) + ".")
    if deck == HOUSE_DECK:  # (a server's own deck is theirs, not the project's)
        lines.append(HOUSE_NOTE)
    return "\n".join(lines)


HELP = (
    """d20 explorer chess at the table. Squares like e4; pieces are named by their square.
Setup:  game new d20-chess [standard-army] [wide-exploration] [turns N] [deck NAME]
Play:   move e2 e4 (onto an enemy piece or the Dragon: an attack, decided by a d20)
        promote knight|bishop|rook|queen · keep (when a piece may promote) · pass
        actions (numbered choices, attacks with their odds; type the number) · board · status
Look:   odds e4 d5 (exact chances of an attack) · tiles (the deck and what is found) · log [all]
Table:  undo · concede · export · rules <term> · roll 1d20 (any dice, for a physical board)
"""
    + HOUSE_NOTE
)

TUTORIAL = (
    "**d20 explorer chess**: chess moves (no check, castling or en passant), but a capture is a "
    "roll: d20 + your piece's Attack + your initiative (5) + your square's attack bonus - the "
    "defender's Defence - its square's defence bonus. Over 10 captures; otherwise your piece "
    "goes back and your turn ends; a natural 1 loses your piece. The middle ranks start "
    "unexplored: stepping onto one draws a tile (XP, a lasting bonus, initiative, or the "
    "Dragon's lair). Captures give half the captured piece's value as XP; value + XP reaching a "
    "higher piece's value lets you promote, free. Capture the enemy King to win. "
    "Play with `/d20 move`, `/d20 odds`, `/d20 tiles` and the buttons. Switches when you "
    "challenge: standard-army, wide-exploration, turns N, deck NAME. " + HOUSE_NOTE
)

TERMS = {
    "capture roll": "d20 + the attacker's Attack + its side's initiative + the attack bonus of "
    "its square - the defender's Defence - the defence bonus of the defender's square. More than "
    "10 captures; otherwise the attacker stays where it was and the turn ends.",
    "critical failure": "A natural 1 on the capture roll: the attacker is captured instead, and "
    "the defender gains half its value as XP (the Dragon, when it is the defender, gains none). "
    "A natural 20 has no special effect: the total decides.",
    "initiative": "A side's bonus to every capture roll: 5 at the start, changed by initiative "
    "tiles (the house deck's War drums and Marsh fog) for the rest of the game. The Dragon's is "
    "always 5.",
    "exploration": "The squares of ranks 3 to 6 (3 to 7 with the wide-exploration switch) start "
    "unexplored. A piece moving onto one draws a random tile from the pile, placed there and "
    "taking effect at once. Squares passed over are not explored.",
    "tiles": "The house deck (a server may play its own: `tiles` lists the deck in play) has "
    "32: 12 Open ground, 7 XP tiles (1, 2 or 4 XP to the finder), 4 "
    "High ground (+2 attack from that square), 4 Stone walls (+2 defence on that square), 2 War "
    "drums (+1 initiative), 2 Marsh fog (-1 initiative), 1 Dragon's lair. Attack and defence "
    "tiles stay and count for any piece on them. House content.",
    "xp": "Gained by capturing (half the captured piece's value; the King counts 10, the Dragon "
    "11; halves are kept), from XP tiles, and 8 for a Pawn reaching the far end.",
    "promotion": "When a piece's value + XP reaches the value of a higher piece (Knight or "
    "Bishop 3, Rook 5, Queen 8), its owner may promote it, spending all its XP. It costs no "
    "turn. Declined, the piece keeps its XP and is asked again when it next gains XP; it may "
    "also promote before any of its owner's moves (`promote b8 queen`, `/d20 promote` with "
    "its square).",
    "dragon": "An NPC with Attack 11 and Defence 11, woken by its lair tile. After every move it "
    "acts: it comes out by its lair, or attacks the piece next to it with the lowest Defence "
    "with the capture roll, or steps towards the nearest piece. It can be attacked and "
    "captured (worth 5½ XP). House content.",
    "values": "Pawn 1/1, Knight 3/3, Bishop 3/3, Rook 5/5, Queen 8/8, King 1/10, Dragon 11/11 "
    "(Attack/Defence).",
    "winning": "Capture the enemy King (by any piece, the Dragon included). After the turn "
    "limit (100 turns each by default) the game is drawn.",
    "turn limit": "So that every game ends, after 100 turns each (by default; `turns N` when the "
    "game is made, 1 to 500) the game is drawn.",
    "check": "There is none: a King may stand next to danger, and the game is won by "
    "capturing the enemy King (the bot warns the side to move when its King could be attacked).",
    "castling": "There is none in this variant: the King and the Rooks move only as themselves.",
    "en passant": "There is none: a Pawn attacks only a piece standing one square diagonally "
    "ahead of it.",
    "moves": "As in chess: sliding pieces stop at the first piece in the way (the Dragon too), "
    "Knights jump, Pawns step forward and attack one square diagonally forward. There is no "
    "check, no castling and no en passant.",
    "pawn": "Steps one square forward (two on its first move, when both squares are empty) and "
    "attacks one square diagonally forward. Reaching the far end gives it 8 XP. A Pawn whose "
    "attack was repelled has not moved: it may still step two.",
    "king": "Moves one square any way; Attack 1, Defence 10. There is no check: a King may "
    "stand next to danger. Losing it, to any capture, loses the game.",
    "lair": "The Dragon's lair tile: found by exploring, it wakes the Dragon, which comes out "
    "onto the lair after that move (or the first empty square around it, or waits if all are "
    "full).",
}

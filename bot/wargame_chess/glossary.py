"""Rules terms explained in the project's own words, for /rules and the console's `rules`."""

from __future__ import annotations

TERMS: dict[str, str] = {
    "Activation": (
        "On your turn you pick one piece that has not acted yet this turn and Activate it: any "
        "start-of-Activation effects happen, then it either Moves or Attacks, then end-of-"
        "Activation effects happen. Players take turns Activating one piece each."
    ),
    "Reactivation": (
        "If it is your go but all your pieces have already acted while your opponent still has "
        "fresh ones, you must Reactivate one of yours (even one Reactivated before). It first "
        "gets a Disadvantage token unless it already has one."
    ),
    "Move": (
        "Travel along the piece's movement path into an empty square. Pieces and terrain block "
        "the way (Knights jump). A piece that has no legal Move may stay where it is."
    ),
    "Attack": (
        "Travel along the Attack path onto an enemy; both sides roll their piece's dice. A "
        "higher attacker total slays the defender and takes its square. A tie or a higher "
        "defence means the defender's player picks a Combat Movement."
    ),
    "Combat Movement": (
        "After an Attack fails, the defender's player either puts the attacker on an empty "
        "square next to the fight (it gains a Disadvantage token) or steps the defender to one "
        "(it gains an Advantage token, and the attacker takes its square)."
    ),
    "Advantage": (
        "A roll at Advantage counts the higher die twice instead of adding both dice. Advantage "
        "and Disadvantage cancel one for one. An Advantage token may be spent (one per roll) to "
        "roll at Advantage."
    ),
    "Disadvantage": (
        "A roll at Disadvantage counts the lower die twice. A piece holding Disadvantage "
        "tokens must spend one whenever it rolls. Advantage and Disadvantage tokens cancel "
        "each other when received."
    ),
    "Tokens": (
        "Advantage and Disadvantage tokens sit on a piece until spent. Before a roll, a piece "
        "may spend one Advantage token to roll at Advantage, and must spend one Disadvantage "
        "token if it holds any; never more than one a roll. An Advantage and a Disadvantage "
        "token received by the same piece cancel one for one."
    ),
    "Points": (
        "Each piece costs points (a Pawn 1, a Knight, Bishop, Rook, King or Joker 2, a Queen 3 "
        "in the Standard faction); a team is 14 points. After turn 10 the side with more points of "
        "pieces on the board, plus its upgrades, wins; equal points are a draw."
    ),
    "Pawn": (
        "Moves one square straight (not diagonally), Attacks one square diagonally; rolls "
        "2D4. On its first Activation it may Move twice (En Passant); in the enemy deployment "
        "zone it may Promote."
    ),
    "Knight": (
        "Moves and Attacks in an L (two squares one way, one square across), jumping over "
        "anything between; rolls 2D6."
    ),
    "Bishop": "Moves and Attacks any distance diagonally; rolls 2D6.",
    "Rook": (
        "Moves and Attacks any distance straight (not diagonally); rolls 2D6. After a Move it "
        "may Castle with an adjacent ally."
    ),
    "Queen": "Moves and Attacks any distance straight or diagonally; rolls 2D8.",
    "King": (
        "Moves and Attacks one square in any direction; rolls 2D10. In the Standard faction it "
        "is the Faction Leader: if it is slain, its side loses."
    ),
    "Joker": (
        "Rolls one D20, so it never rolls at Advantage or Disadvantage, and loses its tokens "
        "at the end of each turn (Fool's Endeavour). A side left with only Jokers loses."
    ),
    "Blessed": (
        "A Blessed piece gains one Advantage token whenever an ally gains Advantage tokens from "
        "an effect (no chains, not before the first Activation). A Blessing and a Curse on the "
        "same piece cancel; a piece cannot be Blessed twice."
    ),
    "Cursed": (
        "A Cursed piece gains one Disadvantage token whenever an ally gains Disadvantage tokens "
        "from an effect (the Reactivation token included; no chains, not before the first "
        "Activation). A Curse and a Blessing cancel; no double Curses."
    ),
    "En Passant": (
        "In a Pawn's first Activation of the game it may make a second one-square Move."
    ),
    "Promotion": (
        "At the start of its Re/Activation, a Pawn standing in the enemy's two back ranks may "
        "leave the board and bring back one of your slain non-Legendary positionals in its "
        "place. That ends the Pawn's Re/Activation."
    ),
    "Castle": (
        "After a Rook Moves next to a non-Rook ally, it may swap places with it. A lower-ranked "
        "ally gains an Advantage token; a higher-ranked one loses a Disadvantage token."
    ),
    "Mounted Advantage": (
        "A Knight Attacking a non-Knight rolls at Advantage when another enemy stands next to "
        "the square of the fight."
    ),
    "Faction Leader": "Kings: if yours is slain, you lose at once.",
    "Fool's Endeavour": (
        "Jokers: if only such pieces are left on your side, you lose. They lose all tokens at "
        "the end of each turn, roll one D20, cannot use tokens and cannot Attack."
    ),
    "Trees": (
        "Terrain that blocks Moves and Attacks. Each player's half gets three, placed with a D4 "
        "(rank from your back rank) and a D8 (file); the second player may mirror, mirror and "
        "flip, or roll their own."
    ),
    "Deployment": (
        "The player who placed Trees second deploys their whole team first, in their two back "
        "ranks, then the other player; the first deployer Activates first."
    ),
    "Turn": (
        "Ten turns at most. A turn ends when every piece on the board has acted; next turn the "
        "player who did not act last goes first. After turn 10, points on the board decide."
    ),
    "Victory": (
        "Eliminate every enemy piece, slay their King, or leave them only Jokers. Otherwise the "
        "higher total of points on the board (plus upgrades) after turn 10 wins."
    ),
    "Divination": (
        "Faction rules may Divinate: deal three tarot cards; the first becomes active, or the "
        "player may choose a preferred card of the rule among those dealt. Or switch the "
        "active card to another dealt one. The bot enforces the active card's effects, except "
        "the five it leaves to the table (The Emperor, Wheel of Fortune, Strength, The Hanged "
        "Man, The Moon: manual adjustments)."
    ),
    "Scatter": (
        "Roll a D8 for one of the eight neighbouring squares (numbered clockwise from north) "
        "and move the thing there, rolling again if that square is taken."
    ),
    "Redeploy": (
        "Place a piece anywhere free in your two back ranks (a piece already there may stay)."
    ),
    "Positional": "Any piece that is not a Pawn.",
    "Board Half": (
        "Each player's half of the board: the four ranks nearest them (White ranks 1-4, Black "
        "5-8). Each player's Trees stand in their own half."
    ),
    "Occupied": (
        "A square with a piece or terrain on it. A Move ends only on a free square and never "
        "passes through terrain; an Attack ends on the enemy it strikes."
    ),
    "Summon": (
        "A rule tagged Summon puts onto the board a piece that was not in the starting team "
        "(kept aside off the board until then), within the team's quantity limits."
    ),
    "Legendary": "A piece a Pawn can never Promote into.",
    "Adjustments": (
        "For faction rules the bot does not know, either player can give or remove tokens, "
        "Bless, Curse, slay, place or remove pieces by hand; every adjustment is logged for "
        "both players and can be undone."
    ),
}


TUTORIAL = """**Wargame Chess with this bot**
1. `/game new opponent:@friend`; they press **Accept** and a thread opens for the game.
   (Add `revised_star:True` to play The Star's later revision.)
2. Each player picks a 14-point team with `/team` (type `K Q R 2N 3P` or pick a ready-made list).
   A faction your server added (`/faction list`, `/faction show`): `/team faction:<name>`,
   upgrades after a `+` (e.g. `K Q N 4P + Bright Oil`).
3. Trees: press the buttons (roll; then mirror, mirror and flip, or random).
4. Deploy with **Deploy automatically** or `/deploy piece square`.
5. Play: choose a piece from the menu (or `/activate`), then a Move or Attack from the next menu,
   or do both at once with `/move piece square` / `/attack piece square`.
   Dice, tokens and Combat Movement are resolved by the bot; when a choice is yours, you get
   buttons. After every Activation you see the board.
6. Look: `/game board`, `/game status`, `/game log`. Fix faction rules by hand with `/adjust`.
   `/game undo` asks your opponent; `/game concede` ends it; `/game export` gives the full log.
Rules terms: `/rules topic:Combat Movement`. Tarot cards: `/divinate` during a game."""

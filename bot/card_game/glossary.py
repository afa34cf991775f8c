"""Chess: The Card Game's terms, help and tutorial, in our own words."""

from __future__ import annotations

TERMS: dict[str, str] = {
    "Material": "Your resource. It is kept from turn to turn: +1 at the start of each of your "
    "turns, plus what you burn. Pieces and Tactics cost Material to play.",
    "Base": "The row nearest your Castle. You play pieces onto its squares; an enemy standing "
    "in your Base may attack your King.",
    "Warzone": "The middle row of the 5x3 battlefield, which units cross to reach the enemy.",
    "Castle": "Where your King is, off the board. It counts as part of your Base when the "
    "enemy attacks your King.",
    "Tactic Zone": "Off the board beside your Castle: your Static Tactics stay here.",
    "Burn": "Put a card from your hand on your Burn pile for its Material Value (up to 3 a "
    "turn, in your Material Phase). Used Action Tactics go to the Burn pile too.",
    "Captured pile": "Where your destroyed pieces go.",
    "Deploy": "An ability that happens when the piece is played from your hand onto the board.",
    "First Move": "The piece enters ready and may act the turn it is played.",
    "Ready": "A unit that may still act this turn.",
    "Tired": "A unit that has acted, or has just entered: it waits for your next Ready Step.",
    "Trade": "An ability that happens only when the card is burned for Material.",
    "Take": "An ability that happens when the unit destroys an enemy in a fight and survives.",
    "Trap": "An ability that happens when the piece leaves the board for any reason.",
    "Piercing": "The piece deals double damage when it attacks (the King included).",
    "Showdown": "A fight that starts when you play a piece onto an enemy in your Base.",
    "Action Tactic": "Used once, then burned: in your Play & Move Phase, or in a combat "
    "window before damage (there only those that put no piece on the board and play no other "
    "card: not Promotion, Reinforcements or Thinking). Counter! is played in its own window, "
    "against a Tactic.",
    "Equip Tactic": "Attached to one of your pieces; burned when that piece leaves the board.",
    "Static Tactic": "Stays in your Tactic Zone; one copy of each at a time.",
    "Combat": "The attacker's window, then the defender's (each may play Action Tactics or "
    "pass), then both deal damage at once. Damage stays.",
    "Mulligan": "At the start, put up to 2 cards of your opening hand on the bottom of your "
    "deck, then draw back to 5.",
    "Exhaustion": "Starting your turn with no deck and no pieces loses the game.",
    "King": "Each player's King stands in their Castle, off the board, with 20 Health and an "
    "ability of its suit (`king`, once a turn). A King at 0 Health loses the game.",
    "Attacking the King": "A ready unit of yours in the enemy Base may attack the enemy King "
    "as its action, also right after a move into that Base that started no fight: `attack "
    "c3` names the square of your attacking unit. The King does not strike back.",
    "Counter!": "An Action Tactic that stops a Tactic the opponent plays: when they play one, "
    "a Counter! window opens for you if you have 3 Material and your Counter! is in neither "
    "your Burn nor your Captured pile, whether or not you hold it (`card Counter!`).",
    "Tactic": "A card that is not a piece: an Action Tactic (used once), an Equip Tactic "
    "(attached to one of your pieces) or a Static Tactic (kept in your Tactic Zone).",
    "Turn": "Ready Step (+1 Material, your units ready), draw 2, Material Phase (burn up to 3 "
    "cards, then `done`), Play & Move Phase (play cards, each ready unit acts once), `end`.",
    "Combat window": "Before a fight's damage the attacker, then the defender, may play Action "
    "Tactics or `pass`.",
}

TUTORIAL = (
    "**Chess: The Card Game** (v1.9.2): each player has a King and a 30-card deck.\n"
    "1. Choose a deck with `/team` (a starter deck per suit is offered). The Kings are "
    "revealed, a die picks who starts, both draw 5 and may mulligan up to 2.\n"
    "2. Each turn: +1 Material, your units Ready, draw 2, then burn up to 3 cards for "
    "Material.\n"
    "3. Play & Move: pay Material to play pieces into your Base and Tactics; each ready unit "
    "moves once like its chess piece on the 5x3 board. Entering an enemy's square is a fight.\n"
    "4. From the enemy Base a unit may attack the enemy King. Bring it to 0 Health to win.\n"
    "Your hand is private: `/cards hand`. Your choices open privately under the game message."
)

HELP = """Chess: The Card Game at the table. Squares a1-e3 (rank 1: White's Base; 3: Black's).
Setup:   game new card-game [white deck | black deck]
         (e.g. game new card-game Clubs starter | Diamonds starter) · deal · mulligan <card> · keep
Turn:    burn <card> · done (end the Material Phase) · play <card> [c1] · move c1 c2
         attack c3 (the King) · king (your King's ability) · choose <option>
         trigger [card] · decline [card] · pass · end
Look:    hand · card <name> · rules <term> · board · status · log [all]
         actions (numbered choices; type the number) · roll 1d20 (any dice)
Game:    concede · export (once the game is over: the log holds the deck order) · no undo
         (the cards an action drew would be seen, then taken back)
"""

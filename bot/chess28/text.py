"""Chess28's words at the table: the board and status as text, labels for actions, prompts (the
console's and Discord's), model cards, the glossary and help. Everything here is public except
``hand_text``, which only its owner sees."""

from __future__ import annotations

from fractions import Fraction

from bot.plugin import MENU_PARTS, MENU_SIZE
from rules.chess28 import actions as A
from rules.chess28.cards import BY_NUMBER
from rules.chess28.combat import shoot_targets
from rules.chess28.engine import legal_actions
from rules.chess28.models import ModelDef
from rules.chess28.odds import attack_odds, kill_chance
from rules.chess28.roster import POINTS, READY_MADE, ROSTER
from rules.chess28.setup import unsized
from rules.chess28.state import (
    BOARD,
    CHEST_HP,
    GameState,
    Phase,
    Terrain,
    TerrainKind,
    Zone,
    kinds_text,
)
from rules.core.actions import Action
from rules.core.board import Player, Square
from rules.core.words import count

CREDIT = (
    "Chess28 Core Rules System © 2024 Mike Hutchinson, https://planetsmashergames.com, "
    "used under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). The bot re-words "
    "the core rules; its models and parties are this project's own, not his published factions."
)
SHORT_CREDIT = (
    "(Chess28 core rules © 2024 Mike Hutchinson, https://planetsmashergames.com, CC BY 4.0)"
)
ARROW = {"N": "^", "E": ">", "S": "v", "W": "<"}
TERRAIN_MARK = {
    TerrainKind.BLOCKING: "##",
    TerrainKind.PERILOUS: "~~",
    TerrainKind.MOVEABLE: "[]",
}
# A piece of several kinds: one sign for each ("#]" Blocking and Moveable, "#~]" all three).
TERRAIN_SIGN = {TerrainKind.BLOCKING: "#", TerrainKind.PERILOUS: "~", TerrainKind.MOVEABLE: "]"}


def terrain_mark(t: Terrain) -> str:
    """A terrain piece's three-character cell on the text board."""
    if not t.also:
        return TERRAIN_MARK[t.kind] + " "
    return "".join(TERRAIN_SIGN[k] for k in t.kinds).ljust(3)


HELP = f"""Chess28 at the table. Models are W1, W2... and B1, B2...; squares d4; facings N E S W.
An attack's target is its square or its model: melee W1 d4 or melee W1 B2 (b2 is the square).
Setup:  game new chess28 [white party | black party] [pinata|last-standing] [desperation]
        mode pinata|last-standing|random [desperation] (when not given at game new)
        roll (First Player) · chest d1 · terrain blocking|perilous|moveable d4 [e4 if large]
        (several kinds at once: terrain blocking+moveable d4) · terrain random
        deploy W1 d1 N · deploy auto (the next model, placed for you)
Turn:   move W1 d3 [N] · charge W1 d3 [N] · melee W1 d4 · shoot W1 f (fl f fr l r bl b br)
        shove W1 d4 d5 · dig W1 · emerge W1 a4 N · retreat W1 c1 N · refresh W1 · end
        gambit vault W1 · gambit castle W1 W2 · gambit bolt W1 fr · hand
        choose <option> (push-back square, re-roll, card windows, ...)
Look:   actions (numbered; type a number) · board · status · log [all] · reach W1 · odds W1 d4
        odds 4 2 [chill] [iron] · card Brute · model <Name; move ...; attack ...; ...>
        rules <term or card>
Game:   concede · export (once the game is over) · no undo (your Gambit Cards are secret)
{CREDIT}
"""

TUTORIAL = (
    "**Chess28** (core rules by Mike Hutchinson, https://planetsmashergames.com, CC BY 4.0). "
    "Each player brings a party of models worth up to 300 points. After a roll-off, each side "
    "places terrain, then deploys one model at a time on its Backline, choosing each facing. "
    "On your turn you activate up to three models, each once: Move, Charge (move then attack), "
    "Melee Attack or Ranged Attack. Attacks roll Fight (or Strength) dice hitting on 4+ (a 6 is "
    "two hits); the target rolls Defence dice saving on 5+; unsaved hits wound, and a model hit "
    "is Pushed Back. Dead models can be drained to play your secret Gambit Cards or re-roll. "
    "Piñata mode: destroy the enemy Treasure Chest to win."
)

TERMS: dict[str, str] = {
    "Facing": "Always N, E, S or W. North points at Black's edge, whoever plays first. Charts "
    "turn with it.",
    "Move Chart": "Where a model may move. ▲ (A) at its heart follows the facing; ● (@) may be "
    "turned any way first. △▷▽◁ (^ > v <) force a pivot, ◯ (o) allows any, ⏩ (*) keeps going.",
    "Attack Chart": "Sword squares (x) show the Melee Range, turned to the model's facing.",
    "Ranged Attack": "Shoot in one of the weapon's directions: the first model or Blocking "
    "terrain in line stops the shot; an adjacent model blocks it; never at a friend.",
    "Combat": "Attack dice hit on 4+, a 6 is two hits. Defence dice save on 5+, one hit each. "
    "Unsaved hits are wounds; a model with wounds equal to its HP is Dead.",
    "Supporting": "+1 Fight for each friend with the target in its Melee Range; +1 Defence for "
    "each of the defender's friends with the attacker in its Melee Range.",
    "Push Back": "A model hit (saved or not) moves to one of the three squares opposite the "
    "attacker, picked by its opponent; with no empty square it takes a wound instead.",
    "Heroic Fortune": "After rolling, drain a dead model to re-roll all your dice, once per "
    "combat.",
    "Refresh": "Once per turn, instead of an activation: a Drained model goes back to the "
    "Dead Pile.",
    "Terrain": "Blocking stops moves and shots; Perilous wounds a model entering it; a model on "
    "or next to Moveable terrain may Shove it one square. A piece may be of several kinds at once "
    "(`terrain blocking+moveable d4`): each kind's rule holds, and a Blocking piece is never "
    "shoved onto a model. A small piece covers one square, a large one two side by side. With "
    "two pieces each, each player places one large and one small; with one each, both are the "
    "size the First Player chooses.",
    "Treasure Chest": "Piñata mode: Moveable, Defence 4, 3 HP, never pushed back; it cannot be "
    "attacked while an enemy model shares its square. Destroy the enemy's to win.",
    "Rule of Carnage": "Where a rule is unclear, take the reading with the most carnage.",
    "Activation": "Each turn a player activates up to three models, each once, for one action: "
    "Move, Charge, Melee Attack or Ranged Attack (or a special action such as Dig). Once a turn "
    "a Refresh may take the place of an activation.",
    "Charge": "An action: the model moves, then may make a Melee Attack from where it stops.",
    "Shove": "An action of a model on or beside Moveable terrain: the terrain goes one square "
    "in any direction (never onto a model if it is also Blocking).",
    "Backline": "A player's back rank, nearest their edge: where models deploy and "
    "Reinforcements arrive.",
    "Dead Pile": "Where a model goes when its wounds reach its HP. A dead model may be Drained "
    "once, to pay for a Gambit Card or a Heroic Fortune re-roll.",
    "Drained": "A dead model spent to pay for something; it cannot pay again until a Refresh "
    "(or Desiccate) sends it back to the Dead Pile.",
    "Gambit Card": "Each player holds secret cards, three dealt at the start. To play one, "
    "first drain one of your dead models (it moves to the Drained Pile); a played card leaves "
    "the game. `rules <card name>` shows each card, `hand` yours.",
    # the roster's special abilities
    "Leap": "Ability: when it moves, the model passes over models and terrain; it still ends "
    "on an empty square.",
    "Incorporeal": "Ability: when it moves, the model passes over models and terrain, and "
    "enemy models may pass over it; it still ends on an empty square.",
    "Barge": "Ability: after its melee attack pushes the target back, the model may step into "
    "the square the target left.",
    "Stubborn": "Ability: a melee attack pushes the model back only if it scored two hits or more.",
    "Chill Grasp": "Ability: when the model's attack rolls a 6, none of that attack's hits "
    "can be saved (the rulebook's words are unclear; the Rule of Carnage reads them this way).",
    "Dig": "Ability: an action that takes the model out of play; on a later turn another "
    "action brings it back on any edge square except the enemy's back rank "
    "(`dig W1`, `emerge W1 a4 N`).",
    "Fancy Footwork": "Ability: after its melee attack pushes the target back, the model may "
    "make a free Move.",
    "Bloodlust": "Ability: once a turn, after the model kills an enemy model, it may make a "
    "free Melee Attack.",
    "Desperation": "A game option, off unless chosen: the first time more than half of a "
    "player's starting models are Dead or Drained, that player draws two Gambit Cards.",
    "Piñata": "The game mode where each side guards a Treasure Chest on its Backline; the first "
    "to destroy the enemy's wins.",
    "Last Side Standing": "The game mode without chests: a side with no model in play (or dug "
    "in) loses. In every mode a game that reaches its turn limit (40 turns unless the game was "
    "made with another) is a draw.",
    "Reinforcements": "Placed on an empty square of their own Backline.",
    "Licence": CREDIT,
}


def unit_line(state: GameState, key: str) -> str:
    u = state.unit(key)
    where = f"{u.square} facing {u.facing.value}" if u.on_board else u.zone.value
    marks = []
    if u.wounds:
        marks.append(f"{u.wounds}/{u.model.hp} wounds")
    if u.activated and u.on_board:
        marks.append("activated")
    if u.iron_skin:
        marks.append("Iron Skin")
    if u.vault:
        marks.append("Vault")
    if u.dash:
        marks.append("Dash")
    extra = f" ({', '.join(marks)})" if marks else ""
    return f"{u.key} {u.model.name}: {where}{extra}"


def board_text(state: GameState, view: Player | None) -> str:
    flip = view is Player.BLACK
    ranks = range(BOARD.ranks) if flip else range(BOARD.ranks - 1, -1, -1)
    files = list(range(BOARD.files))
    if flip:
        files.reverse()
    lines = []
    chests = []
    for r in ranks:
        cells = []
        for f in files:
            sq = Square(f, r)
            u = state.at(sq)
            t = state.terrain_at(sq)
            if t is not None and t.kind is TerrainKind.CHEST:  # (a model may stand on it)
                assert t.owner is not None
                left = CHEST_HP - t.wounds
                mark = f"{t.owner.title[0].lower()}${left}"  # (not a model's key)
                under = f", under {u.key}" if u is not None else ""
                chests.append(
                    f"{mark} on {sq}: {t.owner.title}'s Treasure Chest, {left} HP left{under}"
                )
            if u is not None:
                cells.append(f"{u.key}{ARROW[u.facing.value]}")
            elif t is not None and t.kind is TerrainKind.CHEST:
                cells.append(mark)
            elif t is not None:
                cells.append(terrain_mark(t))
            else:
                cells.append(" . ")
        lines.append(f"{r + 1} " + " ".join(cells))
    lines.append("  " + " ".join(f" {'abcdefgh'[f]} " for f in files))
    if chests:  # (w$3 is not the model W3; a chest under a model is listed too)
        lines.append("Chests: " + "; ".join(sorted(chests)) + ".")
    return "\n".join(lines) + "\n\n" + status_text(state)


def status_text(state: GameState) -> str:
    lines = [f"Phase: {state.phase.value}."]
    if state.phase is Phase.PLAY:
        lines.append(
            f"Turn {state.turn} of {state.config.turn_limit}: {state.to_act.title} has used "
            f"{state.activations} of "
            f"{state.limit} activations{'; Refresh used' if state.refreshed else ''}."
        )
        flags = [
            n for n, on in (("Warp Reality", state.warp), ("Fall Back!", state.fall_back)) if on
        ]
        if flags:
            lines.append("In force this turn: " + ", ".join(flags) + ".")
    pieces = [t for t in state.terrain if t.kind is not TerrainKind.CHEST]
    if pieces:
        lines.append("Terrain: " + "; ".join(f"{t.name} on {t.where}" for t in pieces) + ".")
    if state.phase is Phase.TERRAIN:
        lines.append(terrain_owed(state))
    for p in Player:
        chest = state.chest_of(p)
        dead = len(state.units_of(p, Zone.DEAD))
        drained = len(state.units_of(p, Zone.DRAINED))
        extra = f", chest on {chest.where} ({3 - chest.wounds}/3 HP)" if chest is not None else ""
        lines.append(
            f"{p.title}: {count(len(state.hands[p]), 'Gambit Card')}, {dead} dead, "
            f"{drained} drained{extra}."
        )
        lines += ["  " + unit_line(state, u.key) for u in state.units_of(p)]
    return "\n".join(lines)


def terrain_owed(state: GameState) -> str:
    """What each player has left to place, by size (ruling C28-11)."""
    parts = []
    for p in Player:
        left = state.terrain_left[p]
        if not left:
            continue
        large, small = state.large_left[p], state.small_left[p]
        sizes = [f"{n} {w}" for n, w in ((large, "large"), (small, "small")) if n]
        free = unsized(state, p)
        if free > 0:
            chooser = p is state.first or state.terrain_left[state.first] == 0
            sizes.append(
                f"{free} of either size"
                if chooser
                else f"{free}, the size {state.first.title} picks"
            )
        parts.append(f"{p.title}: {', '.join(sizes)}")
    return "Terrain to place: " + "; ".join(parts) + "."


def hand_text(state: GameState, player: Player) -> str:
    hand = state.hands[player]
    if not hand:
        return f"{player.title} holds no Gambit Cards."
    lines = [f"{player.title}'s Gambit Cards (secret):"]
    for n in hand:
        c = BY_NUMBER[n]
        lines.append(f"- {c.title} ({c.playing_card}, play {c.timing.value}): {c.effect}")
    return "\n".join(lines)


def card_text(m: ModelDef) -> str:
    rows = [
        f"**{m.name}**: {m.cost} points",
        f"Fight {m.fight} · Defence {m.defence} · HP {m.hp}",
        "Move Chart:",
        "```\n" + m.move.pretty() + "\n```",
        f"Move Chart in ASCII: `{m.move.text()}`",
        "Attack Chart:",
        "```\n" + m.attack.pretty() + "\n```",
        f"Attack Chart in ASCII: `{m.attack.text()}`",
    ]
    if m.weapon is not None:
        rows.append(f"Ranged Weapon: {m.weapon.pretty()}")
    if m.abilities:
        rows.append("Abilities: " + ", ".join(a.value for a in m.abilities))
    rows.append("Cost: " + ", ".join(f"{what} {pts:+d}" for what, pts in m.cost_breakdown()))
    rows.append(f"As text: `{m.text()}`")
    return "\n".join(rows)


def roster_text() -> str:
    lines = [f"Roster (our own models; a party is up to {POINTS} points):"]
    lines += [f"- {m.name} ({m.cost} pts)" for m in ROSTER.values()]
    lines += ["Ready-made parties:"] + [f"- {n}: {t}" for n, t in READY_MADE.items()]
    return "\n".join(lines)


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def odds_suffix(state: GameState, action: Action) -> str:
    got = attack_odds(state, action)
    if got is None:
        return ""
    odds, left = got
    return (
        f" (kill {percent(kill_chance(odds, left))}, no wound {percent(odds.get(0, Fraction(0)))})"
    )


def describe_action(state: GameState, a: Action) -> str:
    def name(key: str) -> str:
        return state.unit(key).name

    if isinstance(a, A.ChooseMode):
        words = {"pinata": "Piñata", "last-standing": "Last side standing", "random": "Random mode"}
        return words[a.mode] + (" with Desperation" if a.desperation else "")
    if isinstance(a, A.RollOff):
        return "Roll off for the First Player, deal Gambit Cards and roll for terrain"
    if isinstance(a, A.PlaceChest):
        return f"Place your Treasure Chest on {a.square}"
    if isinstance(a, A.PlaceTerrain):
        kinds = kinds_text(a.kind)
        if a.extra is None:
            return f"Place small {kinds} terrain on {a.square}"
        return f"Place large {kinds} terrain on {a.square} and {a.extra}"
    if isinstance(a, A.Deploy):
        return f"Deploy {name(a.unit)} on {a.square} facing {a.facing}"
    if isinstance(a, A.Move):
        return f"Move {name(a.unit)} to {a.square} facing {a.facing}"
    if isinstance(a, A.Charge):
        return f"Charge {name(a.unit)} to {a.square} facing {a.facing}"
    if isinstance(a, A.Melee):
        return f"{name(a.unit)}: Melee Attack on {a.target}" + odds_suffix(state, a)
    if isinstance(a, A.Shoot):  # (the direction is the facing's: f, fr, ...; and its target)
        target = shoot_targets(state, state.unit(a.unit)).get(a.direction)
        at = f" at {target}" if target is not None else ""
        return f"{name(a.unit)}: Ranged Attack towards {a.direction}{at}" + odds_suffix(state, a)
    if isinstance(a, A.Shove):
        t = state.terrain_at(a.terrain)
        if t is not None and t.large:
            return (
                f"{name(a.unit)}: Shove {t.the_name} on {t.where} so {a.terrain} goes to {a.square}"
            )
        return f"{name(a.unit)}: Shove the terrain on {a.terrain} to {a.square}"
    if isinstance(a, A.Dig):
        return f"{name(a.unit)}: Dig (leave play)"
    if isinstance(a, A.Emerge):
        return f"{name(a.unit)}: come up on {a.square} facing {a.facing}"
    if isinstance(a, A.Retreat):
        return f"{name(a.unit)}: Retreat to {a.square} facing {a.facing}"
    if isinstance(a, A.Refresh):
        return f"Refresh: {name(a.unit)} back to the Dead Pile"
    if isinstance(a, A.PlayGambit):
        parts = [BY_NUMBER[a.card].title if a.card in BY_NUMBER else f"card {a.card}"]
        parts += [name(k) for k in (a.unit, a.other) if k]
        if a.direction:
            parts.append(f"towards {a.direction}")
        return "Play " + " ".join(parts)
    if isinstance(a, A.EndTurn):
        return "End the turn"
    if isinstance(a, A.Choose):
        return _choice_label(state, a.option)
    if isinstance(a, A.Concede):
        return f"{a.player.title} concedes"
    return a.name


def _choice_label(state: GameState, option: str) -> str:
    p = state.pending
    if p is None:
        return option
    if p.kind == "push":
        return f"Push back to {option}"
    if p.kind in ("charge", "bloodlust", "gasp_target") and option != "no attack":
        return f"Attack {option}"
    if p.kind == "awe":
        return f"Push back {state.unit(option).name}"
    if p.kind == "fortify" and option != "done":
        return f"Bring back {state.unit(option).name}"
    if p.kind in ("footwork", "reinforce") and " " in option:
        sq, facing = option.split()
        return f"{sq} facing {facing}"
    return option[:1].upper() + option[1:]


PHASE_HINTS = {
    Phase.MODE: (
        "choose the game mode: `mode pinata`, `mode last-standing` or `mode random` "
        "(add `desperation` for that option)",
        "choose the game mode in the menu below (or `/chess28 mode`)",
    ),
    Phase.FIRST_PLAYER: ("roll off with `roll`", "press the button below to roll off"),
    Phase.TERRAIN: (
        "place terrain with `terrain blocking d4` (blocking, perilous or moveable{several}"
        "; a large piece on two squares side by side: `terrain blocking d4 e4`), or "
        "`terrain random`",
        "place terrain with `/chess28 terrain` (blocking, perilous or moveable{several}"
        "; a large piece also takes `extra`, its second square), or at random with the button "
        "below",
    ),
}
# the words of PHASE_HINTS that offer a large terrain piece (left out when none may be placed)
LARGE_EXAMPLE = (
    "; a large piece on two squares side by side: `terrain blocking d4 e4`",
    "; a large piece also takes `extra`, its second square",
)
# (in a game of rules revision 4 or later: a piece may be of several kinds, ruling C28-11)
SEVERAL = (", or several joined by +, such as `blocking+moveable`", ", or several at once")


def _deploy_hint(state: GameState, discord: bool) -> str:
    """How to deploy, with an example that is legal now (facing the enemy when it can)."""
    ahead = "N" if state.to_act is Player.WHITE else "S"
    acts = sorted(
        (a for a in legal_actions(state) if isinstance(a, A.Deploy)),
        key=lambda a: a.facing != ahead,
    )
    if discord:
        example = f" (e.g. `/chess28 deploy {acts[0].unit} {acts[0].square} {acts[0].facing}`)"
        return (
            "press **Deploy one automatically** (the sides place one model at a time), or "
            f"place one with `/chess28 deploy`{example}"
        )
    return (
        f"deploy with `deploy {acts[0].unit} {acts[0].square} {acts[0].facing}`, or `deploy auto` "
        "(the next model, placed for you)"
    )


MENU_OPTIONS = MENU_SIZE * MENU_PARTS  # the most choices Discord menus hold on one message
MENU_BUTTONS = 5  # up to this many choices are buttons (``bot.chess28.table.MAX_BUTTONS``)


def _controls(n: int) -> str:
    """What a choice of ``n`` options is answered with under the message."""
    if n <= MENU_BUTTONS:
        return "buttons"
    return "menu" if n <= MENU_SIZE else "menus"


def prompt(state: GameState, discord: bool = False) -> str:
    d = state.decider
    assert d is not None
    p = state.pending
    if p is not None:
        how = (
            f"with the {_controls(len(p.options))} below or `/chess28 choose`"
            if discord
            else "with `choose <option>` (`actions` lists them)"
        )
        if discord and p.kind in ("glory", "defence_window", "relentless", "last_gasp"):
            how = "with the button below (no card), or play a card with `/chess28 gambit`"
        elif discord and len(p.options) > MENU_OPTIONS:  # (too many for a menu)
            how = (
                f"with `/chess28 choose` (one of {len(p.options)} choices, such as "
                f"`{p.options[0]}`: its list narrows as you type)"
            )
        return f"{d.title} decides: {p.text}; answer {how}."
    if state.phase is Phase.DEPLOY:
        return f"{d.title}: {_deploy_hint(state, discord)}."
    if state.phase is Phase.CHESTS:  # the console names the squares of the decider's Backline
        if discord:
            return (
                f"{d.title}: place your Treasure Chest with the buttons below or `/chess28 chest`."
            )
        squares = [str(a.square) for a in legal_actions(state) if isinstance(a, A.PlaceChest)]
        where = f"`chest {squares[0]}`" + (f" (or {', '.join(squares[1:])})" if squares[1:] else "")
        return f"{d.title}: place your Treasure Chest with {where}."
    hint = PHASE_HINTS.get(state.phase)
    if hint is not None:
        several = SEVERAL[discord] if state.config.revision >= 4 else ""
        text = f"{d.title}: {hint[1] if discord else hint[0]}.".replace("{several}", several)
        if state.phase is Phase.TERRAIN and not any(
            isinstance(a, A.PlaceTerrain) and a.extra is not None for a in legal_actions(state)
        ):  # (a small piece only, now: no example of a large one)
            text = text.replace(LARGE_EXAMPLE[discord], "")
        return text
    left = state.limit - state.activations
    if left <= 0:  # (the turn is kept for a Gambit Card: ruling C28-27)
        if discord:
            return (
                f"{d.title}: no activations left; play a Gambit Card with `/chess28 gambit`, or "
                "end the turn (the button below, or `/chess28 end`)."
            )
        if not any(isinstance(a, A.PlayGambit) for a in legal_actions(state)):
            # (the console only: in Discord these words are public, and would tell that the
            # player's cards cannot be played)
            return f"{d.title}: no activations left and no Gambit Card to play now: `end` the turn."
        return f"{d.title}: no activations left; play a Gambit Card (`gambit`) or `end` the turn."
    if discord:
        return (
            f"{d.title} to play ({count(left, 'activation')} left): `/chess28 move`, `charge`, "
            "`melee`, "
            "`shoot`, `gambit`, or the menu below; the button below (or `/chess28 end`) ends "
            "the turn."
        )
    return (
        f"{d.title} to play ({count(left, 'activation')} left): `move`, `charge`, `melee`, "
        "`shoot`, "
        "`gambit`, `end` (or `actions`)."
    )

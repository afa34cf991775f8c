"""Chess28 at the table: its commands run on the rules engine, its words, views and menus.
The shared commands (board, status, actions, numbers, log, undo, export, concede, game new) are
the shared table's (``bot.table``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bot import commands as K
from bot.chess28 import commands as C
from bot.chess28 import text as T
from bot.glossary import glossary_answer
from bot.plugin import Menu, MenuEntry, Reply, SystemPlugin
from rules.chess28 import actions as A
from rules.chess28.cards import find_card
from rules.chess28.charts import Facing
from rules.chess28.combat import (
    CHEST,
    chill_reading,
    melee_squares,
    melee_targets,
    shoot_targets,
    target_at,
)
from rules.chess28.engine import legal_actions, why_not
from rules.chess28.models import ModelDef
from rules.chess28.moving import backline_squares, destinations, shove_named
from rules.chess28.odds import kill_chance, wound_odds
from rules.chess28.roster import READY_MADE, ROSTER, Party
from rules.chess28.state import GameState, Mode, Phase, Zone
from rules.chess28.system import DEFAULT_PARTIES, SYSTEM
from rules.core.actions import Action
from rules.core.board import Player, Square
from rules.core.dice import Dice
from rules.core.errors import IllegalAction, ParseError, RulesError
from rules.core.words import count

if TYPE_CHECKING:
    from bot.table import Table

MAX_BUTTONS = T.MENU_BUTTONS
MAX_OPTIONS = T.MENU_OPTIONS  # the most choices the menus of one message hold
LAST_STANDING = Mode.LAST_STANDING.value
MODE_WORDS = tuple(m.value for m in Mode)
CARD_WINDOWS = ("glory", "defence_window", "relentless", "last_gasp")
DESPERATION = "desperation"


class Chess28Table(SystemPlugin):
    rules = SYSTEM
    choice_word = "party"
    choice_option = "parties"
    switches = "pinata, last-standing, desperation"
    ready_options: ClassVar[Mapping[str, Any]] = {"parties": DEFAULT_PARTIES}
    ready_made = READY_MADE
    cog = "cogs.chess28"
    help = T.HELP
    tutorial = T.TUTORIAL
    credit = T.CREDIT
    hidden_information = True

    # ---- a new game ----
    def check_choice(self, text: str) -> tuple[str, str]:
        party = Party.parse(text).validate()
        return party.text(), party.describe()

    def draft_verdict(self, text: str) -> str:
        try:
            party = Party.parse(text)
        except RulesError as e:
            return str(e)
        problems = party.problems()
        return (
            f"{party.points}/300 pts, {party.size} models: {problems[0] if problems else 'legal'}"
        )

    def options_from_words(self, words: Sequence[str]) -> dict[str, Any]:
        flags = {w.lower() for w in words}
        modes = [m.value for m in Mode if m.value in flags]
        if len(modes) > 1:
            raise ParseError("choose one game mode: pinata or last-standing, not both")
        rest = " ".join(w for w in words if w.lower() not in (*MODE_WORDS, DESPERATION))
        white, _, black = rest.partition("|")
        options: dict[str, Any] = {
            # No mode word: White chooses it as the first setup step.
            "mode": modes[0] if modes else None,
            "desperation": DESPERATION in flags,
        }
        if white.strip() or black.strip():  # (else the ready-made, unless chosen later)
            options["parties"] = (
                white.strip() or DEFAULT_PARTIES[0],
                black.strip() or DEFAULT_PARTIES[1],
            )
        return options

    def new_game(self, choices: Mapping[Player, str], options: Mapping[str, Any]) -> Any:
        if choices:
            options = {**options, "parties": (choices[Player.WHITE], choices[Player.BLACK])}
        return self.rules.new_game(options)

    def start(self, table: Table) -> Reply | None:
        if table.game().phase is Phase.MODE:
            return None  # White chooses the mode first; the roll-off follows it
        return table.act(A.RollOff(), None)

    def describe_options(self, options: Mapping[str, Any]) -> str:
        lines = []
        if options.get("parties"):
            white, black = (Party.parse(t) for t in options["parties"])
            lines += [f"White: {white.describe()}", f"Black: {black.describe()}"]
        if options.get("mode") == LAST_STANDING:
            lines.append("Victory: the last side with models standing (no Treasure Chests).")
        elif options.get("mode") == Mode.PINATA.value:
            lines.append("Victory: Piñata, destroy the enemy Treasure Chest.")
        else:
            lines.append("Game mode: White chooses it (Piñata, last side standing or random).")
        if options.get("desperation"):
            lines.append("Desperation is on.")
        return "\n".join(lines)

    def concession(self, state: Any, player: Player) -> Action:
        return A.Concede(player)

    def glossary(self) -> Mapping[str, str]:
        """The terms, each credited (the rules look-up uses the CC BY 4.0 rules)."""
        return {k: v if k == "Licence" else f"{v} {T.SHORT_CREDIT}" for k, v in T.TERMS.items()}

    # ---- words and views ----
    def prompt(self, state: Any) -> str:
        return T.prompt(state)

    def discord_prompt(self, state: Any) -> str:
        return T.prompt(state, discord=True)

    def describe_action(self, state: Any, action: Action) -> str:
        return T.describe_action(state, action)

    def status_text(self, state: Any) -> str:
        return T.status_text(state)

    def board_text(self, state: Any, view: Player | None) -> str:
        return T.board_text(state, view)

    def private_text(self, state: Any, player: Player) -> str:
        return T.hand_text(state, player)

    def scene(self, state: Any, view: Player | None) -> Any:
        from bot.chess28.render import scene_of

        return scene_of(state, view)

    def draw(self, scene: Any) -> bytes:
        from bot.chess28.render import scene_png

        return scene_png(scene)

    def warm_up(self) -> None:
        from bot.chess28.render import warm_up

        warm_up()

    def menu(self, state: Any) -> Menu | None:
        s: GameState = state
        if s.phase is Phase.OVER:
            return None
        if s.phase is Phase.DEPLOY and s.pending is None:
            return Menu(command=("deployauto", "Deploy one automatically"), public=True)
        if s.phase is Phase.TERRAIN and s.pending is None:  # placements are too many to list
            return Menu(command=("terrainrandom", "Place terrain at random"), public=True)
        acts = legal_actions(s)
        if s.pending is not None and s.pending.kind in CARD_WINDOWS:
            # The public message offers only the answer that names no card; a card is played
            # with `/chess28 choose`, whose choices only the deciding player sees.
            label = T.describe_action(s, acts[0])
            return Menu((MenuEntry(0, label, secondary=True),), public=True)
        if s.pending is None and s.phase is Phase.PLAY:
            # Moves are many and cards are secret: the menu offers the attacks and Refresh,
            # and a button the end of the turn (moves and cards have their slash commands).
            # The entries' indices come before the Gambit Cards' plays in the legal list, and
            # the end of the turn, listed after those, is a button by name: nothing on the
            # public message counts the cards a player could play.
            hidden = (A.Move, A.Charge, A.Retreat, A.Emerge, A.Shove, A.PlayGambit, A.EndTurn)
            picks = [i for i, a in enumerate(acts) if not isinstance(a, hidden)][:MAX_OPTIONS]
            entries = tuple(MenuEntry(i, T.describe_action(s, acts[i])[:80]) for i in picks)
            end = ("endturn", T.describe_action(s, A.EndTurn())[:80])
            return Menu(
                entries,
                buttons=False,
                placeholder="Attack, Dig or Refresh (cards: /chess28 gambit)",
                command=end,
                public=True,  # no card is named: cards have their slash command
            )
        if len(acts) > MAX_OPTIONS:
            return None
        entries = tuple(
            MenuEntry(i, T.describe_action(s, a)[:80], secondary=_declines(a))
            for i, a in enumerate(acts)
        )
        # (no card window reaches here: the menu names no card in hand)
        return Menu(
            entries, buttons=len(entries) <= MAX_BUTTONS, placeholder="Choose...", public=True
        )

    def button_command(self, key: str) -> K.Command | None:
        if key == "terrainrandom":
            return C.TerrainRandom()
        if key == "endturn":
            return C.EndTurn()
        return C.DeployAuto() if key == "deployauto" else None

    # ---- the console's words ----
    def parse(self, verb: str, args: list[str], table: Table) -> K.Command | None:
        from bot.chess28.words import parse

        pending = None if table.state is None or table.over else table.state.pending
        if (
            verb in ("melee", "attack")
            and pending is not None
            and table.state is not None
            and pending.kind in ATTACK_QUESTIONS
            and args
            and (len(args) == 1 or (len(args) == 2 and args[0].upper() == pending.unit))
        ):  # the model is known (its Charge, Bloodlust, Last Gasp): the target answers
            try:  # (a square, or a model by its label: `melee W1 B2`, ruling C28-31)
                aimed = str(_aimed(table.state, C.Target.parse(args[-1])))
            except RulesError:
                aimed = ""
            if aimed in pending.options:
                return K.build(C.Choose, option=aimed)
        if pending is not None:  # a choice typed as it is listed (`keep`, `roll`, `fall`)
            said = " ".join([verb, *args]).lower()
            if verb == "choose" and len(args) == 1 and args[0].isdigit():  # `choose 2`
                n = int(args[0])
                if 1 <= n <= len(pending.options):
                    return K.build(C.Choose, option=pending.options[n - 1])
            for option in pending.options:
                if said == option.lower() and verb != "choose":
                    return K.build(C.Choose, option=option)
        return parse(verb, args)

    # ---- running commands ----
    def run(self, table: Table, c: K.Command, player: Player | None) -> Reply:
        if isinstance(c, C.ShowCard | C.DefineModel | C.Lookup | C.Odds | C.ShowHand | C.ShowReach):
            return _look(table, c, player)
        s: GameState = table.game()  # (once it is over, the table refuses a system's action)
        if isinstance(c, C.TerrainRandom):
            return table.act(random_terrain(s, table.dice), player)
        me = table.who(player)
        action = _action(s, c, me)
        return table.act(action, player)


def _declines(a: Action) -> bool:
    return isinstance(a, A.Choose) and a.option in ("keep", "roll", "stay", "no attack", "fall")


def _unit_key(s: GameState, text: str) -> str:
    return s.find(text).key


def _aimed(s: GameState, target: C.Target) -> Square:
    """The square an attack is aimed at: a model's, when a label names one of the game's
    models, else the square typed (``C.Target``: "B2" is the model, "b2" the square)."""
    if target.label is not None:
        u = next((u for u in s.units if u.key.upper() == target.label), None)
        if u is not None:
            if u.square is None or not u.on_board:
                raise RulesError(f"{u.name} is not on the board")
            return u.square
    if target.square is None:
        raise RulesError(f"there is no model {target.label} in this game")
    return target.square


def _facing(s: GameState, key: str, c: C.Move) -> Facing:
    if c.facing is not None:
        return c.facing
    u = s.unit(key)
    options = destinations(s, u).get(c.square, ())
    if len(options) == 1:
        return options[0]
    if not options:  # (the rules say why, as for a Move with its facing)
        raise IllegalAction(why_not(s, A.Move(key, c.square, u.facing)))
    shown = ", ".join(f.value for f in options)
    raise ParseError(f"say which way {u.name} faces on {c.square}: {shown}")


# The decisions that ask which enemy a model just placed attacks (its Charge, Bloodlust,
# Last Gasp): a Melee by that model on one of them answers it.
ATTACK_QUESTIONS = ("charge", "bloodlust", "gasp_target")


def _action(s: GameState, c: K.Command, me: Player) -> Action:
    p = s.pending
    if (
        isinstance(c, C.Melee)
        and p is not None
        and p.kind in ATTACK_QUESTIONS
        and _unit_key(s, c.unit) == p.unit
        and str(_aimed(s, c.target)) in p.options
    ):  # (`/chess28 melee` right after `/chess28 charge`, as the console's `melee`)
        return A.Choose(str(_aimed(s, c.target)))
    if isinstance(c, C.RollOff):
        return A.RollOff()
    if isinstance(c, C.ChooseMode):
        return A.ChooseMode(c.mode.value, c.desperation)
    if isinstance(c, C.PlaceChest):
        return A.PlaceChest(c.square)
    if isinstance(c, C.PlaceTerrain):
        if c.extra is None:
            return A.PlaceTerrain(c.kind.value, c.square)
        return A.PlaceTerrain(c.kind.value, min(c.square, c.extra), max(c.square, c.extra))
    if isinstance(c, C.Deploy):
        return A.Deploy(_unit_key(s, c.unit), c.square, c.facing.value)
    if isinstance(c, C.DeployAuto):
        return auto_deploy(s)
    if isinstance(c, C.Move):
        key = _unit_key(s, c.unit)
        theirs = s.unit(key).owner is not me  # (before its Move Chart is read for the facing)
        if theirs and s.decider is me:
            raise RulesError(f"{s.unit(key).name} is not {me.title}'s model")
        # another's model when it is not this player's decision: refused next, as such
        facing = (c.facing or Facing.N).value if theirs else _facing(s, key, c).value
        return A.Charge(key, c.square, facing) if c.charge else A.Move(key, c.square, facing)
    if isinstance(c, C.Melee):
        return A.Melee(_unit_key(s, c.unit), _aimed(s, c.target))
    if isinstance(c, C.Shoot):
        return A.Shoot(_unit_key(s, c.unit), c.direction.value)
    if isinstance(c, C.Shove):
        return A.Shove(_unit_key(s, c.unit), *shove_named(s, c.terrain, c.square))
    if isinstance(c, C.Dig):
        return A.Dig(_unit_key(s, c.unit))
    if isinstance(c, C.Place):
        cls = A.Retreat if c.retreat else A.Emerge
        return cls(_unit_key(s, c.unit), c.square, c.facing.value)
    if isinstance(c, C.Refresh):
        return A.Refresh(_unit_key(s, c.unit))
    if isinstance(c, C.EndTurn):
        return A.EndTurn()
    if isinstance(c, C.Gambit):
        return _gambit(s, c)
    if isinstance(c, C.Choose):
        return _choose(s, c.option)
    raise ParseError(f"{c.name} is not a Chess28 command")


def _gambit(s: GameState, c: C.Gambit) -> Action:
    card = find_card(c.card)
    if s.pending is not None and s.pending.kind in CARD_WINDOWS:  # a card in a window is an
        return _choose(s, card.title)  # answer: `/chess28 gambit` plays it as `choose` would
    unit = _unit_key(s, c.unit) if c.unit else ""
    other, direction = "", ""
    if c.other:
        if c.other.lower() in ("fl", "f", "fr"):
            direction = c.other.lower()
        elif card.title == "Mystic Bolt":
            raise RulesError("Mystic Bolt fires fl, f or fr (front left, front, front right)")
        else:
            other = _unit_key(s, c.other)
    action = A.PlayGambit(card.number, unit, other, direction)
    if other:  # two models named (Castle): in either order
        swapped = A.PlayGambit(card.number, other, unit, direction)
        legal = legal_actions(s)
        if action not in legal and swapped in legal:
            return swapped
    return action


def _choose(s: GameState, option: str) -> Action:
    p = s.pending
    if p is None:
        raise RulesError("there is no open decision to answer")
    wanted = option.strip().lower()
    for o in p.options:
        if o.lower() == wanted:
            return A.Choose(o)
    for o in p.options:  # "d4" for "d4 N" when only one facing is offered there
        if (
            o.lower().startswith(wanted + " ")
            and sum(x.lower().startswith(wanted) for x in p.options) == 1
        ):
            return A.Choose(o)
    return A.Choose(option.strip())


def random_terrain(s: GameState, dice: Dice) -> Action:
    """One of every legal terrain placement, chosen by one die with as many faces."""
    order = (Phase.MODE, Phase.FIRST_PLAYER, Phase.CHESTS)
    if s.phase in order:
        raise RulesError(f"the terrain comes later: first the {s.phase.value}")
    if s.phase is not Phase.TERRAIN or s.pending is not None:
        raise RulesError("there is no terrain to place now: terrain is placed before deployment")
    placements = [a for a in legal_actions(s) if isinstance(a, A.PlaceTerrain)]
    if not placements:
        raise RulesError(f"{s.to_act.title} has no terrain piece left to place")
    return placements[dice.roll(len(placements)) - 1]


def auto_deploy(s: GameState) -> Action:
    """The next model to deploy on the free Backline square nearest the centre, facing the
    enemy's edge."""
    me = s.to_act
    if s.phase is not Phase.DEPLOY or s.pending is not None:
        raise RulesError("it is not deployment now")
    reserve = s.units_of(me, Zone.RESERVE)
    squares = sorted(backline_squares(s, me), key=lambda q: (abs(q.file * 2 - 7), q.file))
    if not reserve or not squares:
        raise RulesError(f"{me.title} has nothing left to deploy")
    facing = Facing.N if me is Player.WHITE else Facing.S
    return A.Deploy(reserve[0].key, squares[0], facing.value)


def _find_model(s: GameState | None, text: str) -> ModelDef:
    if s is not None:
        try:
            return s.find(text).model
        except RulesError:
            pass
    found = ROSTER.get(text.strip().lower())
    if found is None:
        names = ", ".join(m.name for m in ROSTER.values())
        raise ParseError(f"'{text[:30]}' is not a model here: try a roster model ({names}) or W1")
    return found


def _look(table: Table, c: K.Command, player: Player | None) -> Reply:
    from bot.chess28.render import card_png

    s: GameState | None = table.state if isinstance(table.state, GameState) else None
    if isinstance(c, C.ShowCard):
        m = _find_model(s, c.model)
        return Reply(T.card_text(m), image=card_png(m), image_name="card.png")
    if isinstance(c, C.DefineModel):
        m = ModelDef.parse(c.text)
        return Reply(T.card_text(m), image=card_png(m), image_name="card.png")
    if isinstance(c, C.Lookup):
        return _lookup(c.term)
    if isinstance(c, C.ShowReach):
        if s is None:
            raise RulesError("there is no game here")
        from bot.chess28.render import scene_of, scene_png

        u = s.find(c.unit)
        view = player or Player.WHITE
        dests = ", ".join(
            f"{q} ({'/'.join(f.value for f in fs)})" for q, fs in destinations(s, u).items()
        )
        text = f"{T.unit_line(s, u.key)}\nMoves: {dests or 'none'}"
        text += f"\n{_targets_text(s, u)}"
        return Reply(text, image=scene_png(scene_of(s, view, u.key)))
    if isinstance(c, C.ShowHand):
        if s is None:
            raise RulesError("there is no game here")
        if player is None and table.discord:  # a spectator: nobody's cards
            raise RulesError("only the two seated players hold Gambit Cards")
        if player is None and not table.over and not table.opponent.seats:
            # hot seat: one screen for two players, so the hand of whoever decides now, as
            # `board` and `status` show it (both hands at once showed each its other's cards)
            decider = s.decider if s.decider is not None else s.to_act
            return Reply(
                T.hand_text(s, decider) + "\n(Hot seat: the other player's hand is shown at "
                "their decisions.)"
            )
        if player is None:  # against the AI, the person's; never the AI's cards in play
            shown = [T.hand_text(s, p) for p in Player if not table.keeps_secret(p)]
            return Reply("\n".join(shown))
        return Reply(T.hand_text(s, player))
    assert isinstance(c, C.Odds)
    return _odds(s, c)


def _lookup(term: str | None) -> Reply:
    term = (term or "").strip()
    if not term or term.lower() == "roster":
        return Reply(T.roster_text() + "\nRules terms: " + ", ".join(T.TERMS) + "\n" + T.CREDIT)
    try:
        card = find_card(term)
        return Reply(
            f"{card.title} ({card.playing_card}), played {card.timing.value}: {card.effect}"
        )
    except RulesError:
        pass
    if term.strip().lower() in ROSTER:
        return Reply(T.card_text(ROSTER[term.strip().lower()]))
    return Reply(glossary_answer(T.TERMS, term, credit=T.CREDIT))


def _odds(s: GameState | None, c: C.Odds) -> Reply:
    if c.unit is not None and c.target is not None:
        if s is None:
            raise RulesError("there is no game here: give Fight and Defence instead")
        key = _unit_key(s, c.unit)
        u = s.unit(key)
        if u.square is None:
            raise RulesError(f"{u.name} is not on the board")
        where = _aimed(s, c.target)
        aim = str(where) if c.target.square == where else f"{c.target.label} on {where}"
        # the attacks it could make on that square: a melee in its Melee Range, shots
        attacks: list[tuple[Action, str]] = []
        if where in melee_squares(s, u):
            attacks.append((A.Melee(key, where), "attacking"))
        for d, sq in shoot_targets(s, u).items():
            if sq == where:
                attacks.append((A.Shoot(key, d), f"shooting ({d}) at"))
        if not attacks:
            raise RulesError(
                f"{u.name} cannot attack {aim} from where it stands: the square is not in "
                "its Melee Range and no shot of its reaches it"
            )
        lines = []
        for attack, how in attacks:
            odds = SYSTEM.odds(s, attack)
            if odds is None:
                raise RulesError(f"{u.name} has no one to attack on {aim}")
            lines += [f"{u.name} {how} {aim}:"]
            lines += [f"- {k}: {T.percent(v)}" for k, v in odds.items()]
        return Reply("\n".join(lines))
    if c.fight is None or c.defence is None:
        raise ParseError("give a model and a target square, or Fight and Defence numbers")
    # Chill Grasp as the game here reads it (ruling C28-21), else as new games do
    dist = wound_odds(c.fight, c.defence, chill_reading(s) if c.chill else 0, c.iron)
    lines = [
        f"Fight {c.fight} against Defence {c.defence}"
        + (" with Chill Grasp" if c.chill else "")
        + (" against Iron Skin" if c.iron else "")
        + ":"
    ]
    shown = [w for w, p in dist.items() if p >= 0.0005]  # (each at least 0.1% as printed)
    last = max(shown, default=0)
    lines += [f"- {count(w, 'wound')}: {T.percent(p)}" for w, p in dist.items() if w <= last]
    tail = sum(p for w, p in dist.items() if w > last)
    if tail:  # a long tail of counts each under 0.05%, summed rather than listed
        lines.append(f"- more than {count(last, 'wound')}: {T.percent(tail)}")
    lines += [
        f"- kills a model with {hp} HP left: {T.percent(kill_chance(dist, hp))}" for hp in (1, 2, 3)
    ]
    return Reply("\n".join(lines))


def _targets_text(s: GameState, u: Any) -> str:
    """What ``u`` could attack from where it stands, facing as it does (whether it may now is
    the turn's to say): the enemy models (or Treasure Chest) in its Melee Range and, with a
    ranged weapon, in its line of fire."""

    def named(sq: Any) -> str:
        key, chest = target_at(s, u.owner, sq), s.terrain_at(sq)
        what = chest.name if key == CHEST and chest is not None else s.unit(str(key)).name
        return f"{sq} ({what})"

    melee = ", ".join(named(sq) for sq in melee_targets(s, u)) if u.on_board else ""
    lines = [f"In its Melee Range: {melee or 'none'}"]
    if u.model.weapon is not None:  # (on a warped board two directions may reach one square)
        shots = sorted(set(shoot_targets(s, u).values())) if u.on_board else []
        lines.append(f"In its line of fire: {', '.join(named(sq) for sq in shots) or 'none'}")
    return "\n".join(lines)

"""Wargame Chess at the table: its commands run on the rules engine, its prompts, views and
menus. The shared commands (board, status, actions, numbers, log, undo, export, concede, game
new) are the shared table's (``bot.table``); this plugin runs the rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, cast

from bot import commands as K
from bot import companion as C
from bot.glossary import glossary_answer
from bot.plugin import MENU_PARTS, MENU_SIZE, Menu, MenuEntry, Reply, SystemPlugin
from bot.wargame_chess import commands as W
from bot.wargame_chess.glossary import TERMS, TUTORIAL
from bot.wargame_chess.textboard import describe_action, render_board, render_status
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.errors import ParseError, RulesError
from rules.core.history import Event
from rules.wargame_chess import actions as A
from rules.wargame_chess.cards import PlayingCard, parse_card
from rules.wargame_chess.checks import PHASE_NOW
from rules.wargame_chess.deploy import suggest_deployment
from rules.wargame_chess.dice import Modifier
from rules.wargame_chess.engine import activatable, destinations, free_deploy_squares
from rules.wargame_chess.faction_file import (
    MAX_FILE_BYTES,
    parse_team,
    read_faction,
    team_choice,
    team_from_choice,
)
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.reminders import activation_rules, reminders
from rules.wargame_chess.state import (
    AmbiguousPiece,
    Decision,
    GameState,
    Phase,
    Piece,
    Until,
    side_named,
)
from rules.wargame_chess.system import DEFAULT_TEAMS, SYSTEM
from rules.wargame_chess.tarot import BY_NUMBER, find_card
from rules.wargame_chess.teams import STANDARD, Faction

if TYPE_CHECKING:
    from bot.table import Table

REVISED_STAR = "revised-star"
STAR_OPTION_TEXT = (
    "Game option: The Star's later revision: when it takes effect, each player makes one of "
    "their pieces that has Activated fresh again, instead of every piece (ruling R66)."
)
MAX_BUTTONS = 5
MAX_OPTIONS = MENU_SIZE * MENU_PARTS  # (several menus on one message)
# Decisions answered with buttons when there are few choices (others use a menu).
BUTTON_DECISIONS = {
    Decision.ATTACKER_TOKEN,
    Decision.DEFENDER_TOKEN,
    Decision.PROMOTION,
    Decision.CASTLE,
    Decision.SECOND_MOVE,
    Decision.CHOOSE,
}

READY_MADE: dict[str, str] = {
    "Balanced: K Q R 2N 3P": "K Q R 2N 3P",
    "Bishops and a Joker: K 2B 2N J 2P": "K 2B 2N J 2P",
    "Heavy: K Q 2R B 3P": "K Q 2R B 3P",
    "Swarm: K 8P 2J": "K 8P 2J",
    "Cavalry: K Q 2N 2B 1P": "K Q 2N 2B 1P",
}

HELP = """Wargame Chess at the table. Pieces are named by label (K1, Q1, N2, P3); squares like e4.
Setup:   game new [wargame-chess] [white team | black team] [revised-star]
                                              e.g. game new K Q R 2N 3P | K 2B 2N J 2P
         trees (roll) · trees mirror|flip|random · deploy N1 b1 · deploy auto
Play:    activate N1 · move N1 e4 · attack N1 e5 · spend / keep (Advantage token)
         combat P1 d4 (Combat Movement) · promote Q1 · castle N1 · decline · aside e5
         actions (numbered choices; type the number to choose) · board · status · log [all]
Table:   give N1 adv 2 · remove N1 dis · bless N1 · curse bP3 · slay N2 · scatter P1
         place N2 c3 · takeoff P4 · redeploy Q1 d1 · modifier N1 +2 · summon Moth Knight c3
         undo · concede · export
         odds queen knight [adv|dis] · odds R1 bB1 (two pieces in play, where they stand)
         roll 4d6kh3 · rules combat movement
Faith:   divinate [tower, sun] (preferred cards) · divinate switch star · choose <option>
         tarot card hermit · tarot active · tarot discard star · cards draw 2 game
         cards discard QH · bones [keep]
         (in a game these act on it: a Divination's card is in force for both sides; to
         only read a card, `tarot card <name>`)
Companion (no game in play): roll 4d6kh3 · roll queen adv +2 · resolve knight pawn mounted
         ddis=1 · odds queen knight aadv=1 · divinate sun · cards draw 2 · bones K Q R 2N 3P
         · rolls stats (roll, resolve, odds and rolls work in a game too)
"""

FACTIONS = "wargame-chess-factions"  # a server's factions, in the store's per-server state


def server_faction(library: Mapping[str, Any], name: str) -> Faction:
    """The faction called ``name`` among the server's (``Standard`` is built in)."""
    key = " ".join(name.split()).lower()
    if key == STANDARD.name.lower():
        return STANDARD
    entry = library.get(key)
    if entry is None:
        raise ParseError(
            f"this server has no faction called '{name.strip()}' (`/faction list` shows them)"
        )
    try:
        return Faction.from_dict(entry["faction"])
    except (KeyError, TypeError, ValueError):
        raise ParseError(
            f"this server's faction '{name.strip()}' is damaged: add it again"
        ) from None


TREE_MODES = {W.TreeMode.MIRROR: "mirror", W.TreeMode.FLIP: "mirror and flip"}
TREE_MODES[W.TreeMode.RANDOM] = "random"


class WargameChessTable(SystemPlugin):
    rules = SYSTEM
    choice_word = "team"
    shown_after_setup = True
    choice_option = "teams"
    switches = "revised-star"
    ready_options: ClassVar[Mapping[str, Any]] = {"teams": DEFAULT_TEAMS}
    ready_made = READY_MADE
    cog = "cogs.wargame_chess"
    options = ("revised_star",)
    tutorial = TUTORIAL
    help = HELP
    credit = "Wargame Chess is by its authors; the bot re-words its rules and uses its facts."

    library_kind = FACTIONS

    # ---- a new game ----
    def check_choice(self, text: str) -> tuple[str, str]:
        chosen = READY_MADE.get(text, text)
        team = team_from_choice(chosen).validate()
        return chosen, team.shown()

    def resolve_choice(self, text: str, library: Mapping[str, Any]) -> str:
        """``Faction name: list + upgrade`` with one of the server's factions; a list alone
        (or ``Standard: ...``) is the built-in Standard faction's."""
        t = " ".join(text.split())
        if t.startswith("{"):
            raise ParseError("a team is a list of pieces, like K Q R 2N 3P")
        name, sep, rest = t.partition(":")
        if not sep or t in READY_MADE:
            return t
        faction = server_faction(library, name)
        if faction is STANDARD:
            return rest.strip()
        return team_choice(parse_team(rest, faction), rest.strip())

    def complete_choice(
        self, prefix: str, text: str, library: Mapping[str, Any]
    ) -> list[tuple[str, str]]:
        try:
            faction = server_faction(library, prefix)
        except RulesError:
            return []
        head = text.rstrip(", ")
        joint = ", " if head else ""
        out = []
        if "+" not in text:
            for o in faction.options:
                if o.max > 0:
                    out.append((f"add {o.name} {o.range_text}", f"{head}{joint}{o.name}"))
        if head:
            for u in faction.upgrades:
                if u.name.lower() not in text.lower():
                    out.append((f"add upgrade {u.name} ({u.cost} pts)", f"{head} + {u.name}"))
        return out

    def draft_verdict(self, text: str) -> str:
        """The live points total and the first problem, or "legal"."""
        try:
            team = team_from_choice(text)
        except RulesError as e:
            return str(e)
        problems = team.problems()
        return f"{team.points} pts: {problems[0] if problems else 'legal'}"

    def choices_shown(self, state: Any) -> bool:
        return teams_shown(state)

    def choice_shown(self, state: Any, seat: Player) -> str:
        return str(state.config.teams[seat].shown())

    def options_from_words(self, words: Sequence[str]) -> dict[str, Any]:
        revised = REVISED_STAR in [w.lower() for w in words]
        text = " ".join(w for w in words if w.lower() != REVISED_STAR)
        white, _, black = text.partition("|")
        if not (white.strip() or black.strip()):  # (the ready-made teams, unless chosen later)
            return {"revised_star": revised}
        teams = (white.strip() or DEFAULT_TEAMS[0], black.strip() or DEFAULT_TEAMS[1])
        return {"teams": teams, "revised_star": revised}

    def console_options(self, words: Sequence[str]) -> dict[str, Any]:
        """As ``options_from_words``; a side may be ``<faction file>: list + upgrade``
        (``game new docs/factions/ashen-court.toml: K 2R 2B 3P + Kindling | K Q R 2N 3P``)."""
        options = self.options_from_words(words)
        if "teams" not in options:
            return options
        teams = []
        for text in options["teams"]:
            path, sep, rest = text.partition(":")
            if sep and path.strip().lower().endswith((".toml", ".json")):
                try:
                    with open(path.strip(), "rb") as fh:
                        data = fh.read(MAX_FILE_BYTES + 1)
                except OSError as e:
                    raise ParseError(f"cannot read the faction file {path.strip()}: {e}") from None
                text = team_choice(parse_team(rest, read_faction(data)), rest.strip())
            teams.append(text)
        return {**options, "teams": tuple(teams)}

    def new_game(self, choices: Mapping[Player, str], options: Mapping[str, Any]) -> Any:
        if choices:
            options = {**options, "teams": (choices[Player.WHITE], choices[Player.BLACK])}
        return self.rules.new_game(options)

    def start(self, table: Table) -> Reply | None:
        if table.game().phase is not Phase.TREE_ORDER:  # the Tree order was chosen
            return None
        return table.act(A.DecideTreeOrder(), None)

    def concession(self, state: Any, player: Player) -> Action:
        return A.Concede(player)

    def claim(self, state: Any, claimant: Player) -> Action:
        # An unfinished game is decided on points, as at the end of turn 10; before play
        # begins there is nothing to count, and the idle player concedes (R78).
        if state.phase is Phase.PLAY:
            return A.EndOnPoints(claimant)
        return A.Concede(claimant.other)

    def server_texts(self, events: Sequence[Event]) -> list[tuple[str, str]]:
        return [("tarot_text", str(e.get("card"))) for e in events if e.kind == "tarot_at_table"]

    def describe_options(self, options: Mapping[str, Any]) -> str:
        lines = []
        if options.get("teams"):
            white, black = (team_from_choice(t) for t in options["teams"])
            lines += [f"White: {white.shown()}", f"Black: {black.shown()}"]
        if options.get("revised_star"):
            lines.append(STAR_OPTION_TEXT)
        return "\n".join(lines)

    def glossary(self) -> Mapping[str, str]:
        return TERMS

    # ---- words, views and pictures ----
    def prompt(self, state: Any) -> str:
        return with_reminders(prompt(state), state, discord=False)

    def discord_prompt(self, state: Any) -> str:
        return with_reminders(discord_prompt(state), state, discord=True)

    def describe_action(self, state: Any, action: Action) -> str:
        return describe_action(state, action)

    def status_text(self, state: Any) -> str:
        return render_status(state)

    def board_text(self, state: Any, view: Player | None) -> str:
        return render_board(state, view or Player.WHITE)

    def scene(self, state: Any, view: Player | None) -> Any:
        from bot.wargame_chess.render import scene_of

        return scene_of(state, view)

    def public_scene(self, state: Any, side: Player = Player.WHITE) -> Any:
        from bot.wargame_chess.render import scene_of

        # The live message shows the board alone, large enough to read on a phone; its text
        # carries the tracker's essentials (headline) and the latest events.
        return scene_of(state, side, compact=True)

    def headline(self, state: Any) -> str:
        from bot.wargame_chess.render import headline

        return headline(state)

    def draw(self, scene: Any) -> bytes:
        from bot.wargame_chess.render import scene_png

        return scene_png(scene)

    def warm_up(self) -> None:
        from bot.wargame_chess.render import warm_up

        warm_up()

    def menu(self, state: Any) -> Menu | None:
        s: GameState = state
        if s.is_over:
            return None
        if s.phase is Phase.DEPLOY:
            return Menu(command=("autodeploy", "Deploy automatically"))
        acts = self.rules.legal_actions(s)
        if not acts:
            return None
        pending = s.pending
        buttons = s.phase is not Phase.PLAY or (
            pending is not None and pending.decision in BUTTON_DECISIONS
        )
        if len(acts) > (MAX_BUTTONS if buttons else MAX_OPTIONS):
            buttons = False
            if len(acts) > MAX_OPTIONS:
                return None  # larger choices (deployment squares, The World) use slash commands
        entries = tuple(
            MenuEntry(i, describe_action(s, a), secondary=a.name == "decline")
            for i, a in enumerate(acts)
        )
        if buttons:
            return Menu(entries)
        placeholder = "Activate a piece..." if pending is None else f"{pending.decision}..."
        return Menu(entries, buttons=False, placeholder=placeholder)

    def button_command(self, key: str) -> K.Command | None:
        return W.DeployAuto() if key == "autodeploy" else None

    # ---- the console's words ----
    def parse(self, verb: str, args: list[str], table: Table) -> K.Command | None:
        return parse(verb, args, table)

    # ---- running commands ----
    def run(self, table: Table, c: K.Command, player: Player | None) -> Reply:
        if isinstance(c, W.Companion):
            return companion(table, c, player)
        state: GameState = table.game()
        if isinstance(c, W.Trees):
            return _trees(table, state, c, player)
        if isinstance(c, W.DeployAuto):
            who = table.who(player)
            if state.phase is not Phase.DEPLOY:
                now = "the game is in play" if state.phase is Phase.PLAY else "Trees come first"
                raise RulesError(f"deploying is not possible now: {now}")
            if state.to_act is not who:
                raise RulesError(f"it is {state.to_act.title}'s deployment now, not {who.title}'s")
            return table.act_all(list(suggest_deployment(state, who)), player)
        if isinstance(c, W.Deploy):
            # (against the AI at the console, the person's own pieces only: the AI's team is
            # secret until both are deployed, ruling R9)
            piece = _own_piece(
                state, c.piece, player if player is not None else table.opponent.person
            )
            return table.act(A.Deploy(piece.key, c.square), player)
        if not teams_shown(state) and isinstance(c, _PLAY_ONLY):
            # refused before the piece is looked up: whether a team has it is secret until
            # both teams are deployed (ruling R9), and the answer must not tell
            raise RulesError(f"that is not possible now: the game is {PHASE_NOW[state.phase]}")
        if isinstance(c, W.Activate):
            # "N1" means the N1 of the player whose Activation it is: under The High Priestess
            # the opponent picks it for them.
            owner = state.to_act if state.phase is Phase.PLAY else player
            return table.act(A.Activate(_piece(state, c.piece, owner).key), player)
        if isinstance(c, W.Move | W.Attack):
            piece = _piece(state, c.piece, player)
            first: list[Action] = []
            if state.phase is Phase.PLAY and state.pending is None:
                first = [A.Activate(piece.key)]
                if activation_rules(state, piece.key, isinstance(c, W.Attack)):
                    # A faction rule applies at the start of this Activation: Activate only,
                    # so it is reminded before the piece acts (ruling R96).
                    reply = table.act(first[0], player)
                    verb = "Attack" if isinstance(c, W.Attack) else "Move"
                    reply.text += f"\n(Activated only: apply the rules above, then {verb}.)"
                    return reply
            last = (
                A.Attack(piece.key, c.square)
                if isinstance(c, W.Attack)
                else A.Move(piece.key, c.square)
            )
            return table.act_all([*first, last], player)  # both or neither
        if isinstance(c, W.UseToken):
            return table.act(A.UseToken(c.spend), player)
        if isinstance(c, W.CombatMove):
            return table.act(A.CombatMove(_combatant(state, c.piece, player), c.square), player)
        if isinstance(c, W.MoveAside):
            return table.act(A.MoveAside(c.square), player)
        if isinstance(c, W.Promote):
            return table.act(A.Promote(_piece(state, c.piece, player).key), player)
        if isinstance(c, W.Castle):
            return table.act(A.Castle(_piece(state, c.piece, player).key), player)
        if isinstance(c, W.Decline):
            return table.act(A.Decline(), player)
        if isinstance(c, W.ChooseOption):
            return _choose_option(table, state, c, player)
        return table.act(adjustment(state, c, table.who(player), player), player)


REMINDER_TEXT = 160  # characters of a rule's text in a reminder (`/faction show` has it all)
REMINDERS_BUDGET = 1000  # characters of all the reminders together (a message holds 2,000)


def with_reminders(text: str, s: GameState, discord: bool) -> str:
    """The prompt, then the faction rules the last action brought round, in the order they
    resolve, each with the adjustments or faith action that apply it: the first ones, as many
    as fit REMINDERS_BUDGET, and how many more (so that a long list never pushes the prompt or
    the first rules out of the message)."""
    due = reminders(s)
    if not due:
        return text
    lines = [text, "Faction rules to apply now, in this order:"]
    size = 0
    for i, r in enumerate(due, 1):
        body = r.rule.text
        if len(body) > REMINDER_TEXT:
            body = body[: REMINDER_TEXT - 1].rstrip() + "…"
        how = r.rule.how(discord)
        line = (
            f"{i}. {r.player.title}: {r.rule.name}{r.rule.tags} ({r.source}, {r.moment.value}): "
            f"{body}" + (f" Apply with {how}." if how else "")
        )
        if size + len(line) > REMINDERS_BUDGET:
            where = "`/faction show`" if discord else "the faction file"
            lines.append(f"(and {len(due) - i + 1} more after these: {where} has every rule)")
            break
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)


def teams_shown(state: GameState) -> bool:
    """Whether the team lists are shown to each other: once both are deployed (play has
    begun) or the game has ended (ruling R9). Until then no answer may tell what either holds."""
    return bool(state.phase is Phase.PLAY or state.outcome is not None)


_PLAY_ONLY = (
    W.Activate,
    W.Move,
    W.Attack,
    W.CombatMove,
    W.MoveAside,
    W.Promote,
    W.Castle,
    W.UseToken,
)


def _piece(state: GameState, text: str, owner: Player | None) -> Piece:
    return state.find(text, owner if owner is not None else state.decider)


def _own_piece(state: GameState, text: str, player: Player | None) -> Piece:
    """The piece a player deploys: before both teams are deployed, looked up among that
    player's own pieces only, with one answer for every other name, so that no refusal tells
    whether the opponent's secret team has a piece (ruling R9). At the console (``player``
    None: one terminal for both) any piece, as before."""
    if player is None or teams_shown(state):
        return _piece(state, text, player)
    own = replace(state, pieces=tuple(p for p in state.pieces if p.owner is player))
    try:
        return own.find(text, player)
    except AmbiguousPiece:  # (several of the player's own pieces: naming them tells nothing)
        raise
    except RulesError:
        raise ParseError(
            f"'{text[:30]}' is not one of {player.title}'s pieces to deploy (before both "
            "teams are deployed, name only your own pieces, like P1 or N1)"
        ) from None


def _combatant(state: GameState, text: str, player: Player | None) -> str:
    """The attacker or the defender Combat Movement places: a bare label such as `P1` names
    whichever of the two has it (the defender decides, so `P1` may be the enemy's piece)."""
    if state.attack is not None:
        pair = {state.attack.attacker, state.attack.defender}
        named = set()
        for owner in Player:
            try:
                named.add(state.find(text, owner).key)
            except RulesError:
                continue
        if len(named & pair) == 1:  # (both: `P1` is each side's; the decider's, as elsewhere)
            return (named & pair).pop()
    return _piece(state, text, player).key


def adjustment(state: GameState, c: K.Command, by: Player, player: Player | None) -> Action:
    """The adjustment (or faith action) a command asks for, made ``by`` a player."""
    if getattr(c, "piece", None) and state.phase is not Phase.PLAY:
        # (before the piece is looked up: whether a team has it is secret until both teams
        # are deployed, ruling R9, and adjustments wait for play anyway)
        raise RulesError(f"adjustments are made during play; the game is {PHASE_NOW[state.phase]}")
    if isinstance(c, W.Tokens):
        key = _piece(state, c.piece, player).key
        if c.count == 0:
            raise RulesError("give or remove at least one token")
        if c.count > 0:
            return A.GiveTokens(by, key, c.token, c.count)
        return A.RemoveTokens(by, key, c.token, -c.count)
    if isinstance(c, W.MarkPiece):
        key = _piece(state, c.piece, player).key
        marks = {W.Mark.BLESS: A.Bless, W.Mark.CURSE: A.Curse, W.Mark.SLAY: A.Slay}
        return marks.get(c.mark, A.Scatter)(by, key)
    if isinstance(c, W.Place):
        return A.PlacePiece(by, _piece(state, c.piece, player).key, c.square)
    if isinstance(c, W.TakeOff):
        return A.RemovePiece(by, _piece(state, c.piece, player).key)
    if isinstance(c, W.Summon):
        option = state.config.teams[by].faction.option(c.option).name
        return A.Summon(by, option, c.square)
    if isinstance(c, W.Redeploy):
        return A.Redeploy(by, _piece(state, c.piece, player).key, c.square)
    if isinstance(c, W.RollModifier):
        key = _piece(state, c.piece, player).key
        return A.AddRollEffect(by, key, "modifier", Until.NEXT_ROLL, c.value)
    if isinstance(c, W.Divinate):
        if c.switch is not None:
            return A.Divinate(by, (), find_card(c.switch).number)
        return A.Divinate(by, tuple(find_card(p).number for p in c.preferred))
    if isinstance(c, W.DrawCards):
        return A.DrawCards(by, c.count, c.keep.value)
    if isinstance(c, W.DiscardCard):
        return A.DiscardCard(by, parse_card(c.card).id)
    if isinstance(c, W.ReadBones):
        return A.ReadBones(by, c.keep)
    if isinstance(c, W.DiscardTarot):
        return A.DiscardTarot(by, find_card(c.card).number)
    raise ParseError(f"{c.name} is not a Wargame Chess command")


def _trees(table: Table, s: GameState, c: W.Trees, player: Player | None) -> Reply:
    if s.phase not in (Phase.TREE_ORDER, Phase.TREES, Phase.TREE_CHOICE):
        raise RulesError(f"the Trees are set: the game is in {s.phase.value} now")
    if c.mode is not None and s.phase in (Phase.TREE_ORDER, Phase.TREES):
        now = "flip the coin" if s.phase is Phase.TREE_ORDER else "roll the first Trees"
        raise RulesError(
            f"mirror, flip or random is the second player's choice once the first player's "
            f"Trees are down; now `trees` to {now}"
        )
    if s.phase is Phase.TREE_ORDER:
        return table.act(A.DecideTreeOrder(), player)
    if s.phase is Phase.TREES:
        return table.act(A.RollTrees(), player)
    if c.mode is None:
        raise RulesError("choose `trees mirror`, `trees flip` or `trees random`")
    return table.act(A.ChooseTrees(TREE_MODES[c.mode]), player)


def _choose_option(table: Table, s: GameState, c: W.ChooseOption, player: Player | None) -> Reply:
    p = s.pending
    if p is None or p.decision is not Decision.CHOOSE:
        raise RulesError("there is no card choice to answer now")
    wanted = c.option.lower()
    for opt in p.options:  # accept 'P1' for 'White P1', '16' for a card, any case
        if opt.lower() == wanted or opt.lower().endswith(" " + wanted):
            return table.act(A.Choose(opt), player)
    return table.act(A.Choose(c.option), player)


def prompt(s: GameState) -> str:
    d = s.decider
    assert d is not None
    if s.phase is Phase.TREES:
        return f"{d.title}: roll for Trees with `trees`."
    if s.phase is Phase.TREE_ORDER:
        return "Flip for who sets up Trees first with `trees`."
    if s.phase is Phase.TREE_CHOICE:
        return f"{d.title}: choose `trees mirror`, `trees flip` or `trees random`."
    if s.phase is Phase.DEPLOY:  # (an example legal for the decider: their piece, their zone)
        place = next((a for a in SYSTEM.legal_actions(s) if isinstance(a, A.Deploy)), None)
        example = (
            "deploy N1 b1"
            if place is None
            else (f"deploy {s.piece(place.piece).label} {place.square}")
        )
        return f"{d.title}: deploy with `{example}`, or `deploy auto`."
    if s.pending is None and s.activation_picker is not None:
        return (
            f"The High Priestess: {d.title} chooses which of {s.to_act.title}'s pieces Activates "
            "(`activate N1`, or `actions` for choices)."
        )
    if s.pending is None:
        pieces, again = activatable(s)
        verb = "Reactivate" if again else "Activate"
        example = f"`activate {pieces[0].label}`, or " if pieces else ""
        return f"{d.title} to {verb} a piece ({example}`actions` for choices)."
    p = s.pending
    if p.decision is Decision.CHOOSE:
        shown = ", ".join(p.options[:10]) + (" ..." if len(p.options) > 10 else "")
        return f"{d.title} decides: {p.prompt}: `choose <option>`: {shown}."
    label = p.piece.split()[-1]
    hints = {
        Decision.ACT: _act_example(s, p.piece, label),
        Decision.SECOND_MOVE: _second_move_example(s, label),
        Decision.PROMOTION: _offer_example(s, A.Promote, "promote"),
        Decision.CASTLE: _offer_example(s, A.Castle, "castle"),
        Decision.ATTACKER_TOKEN: "`spend` or `keep` the Advantage token",
        Decision.DEFENDER_TOKEN: "`spend` or `keep` the Advantage token",
        Decision.COMBAT_MOVEMENT: _combat_example(s),
        Decision.MOVE_ASIDE: "`aside <square>`",
    }
    return f"{d.title} decides: {p.decision.value} ({p.piece}): {hints[p.decision]}."


def _second_move_example(s: GameState, label: str) -> str:
    """En Passant's second Move at the console: a legal square named, or decline."""
    to = next((a.to for a in SYSTEM.legal_actions(s) if isinstance(a, A.Move)), None)
    return f"`move {label} {to}` again, or `decline`" if to is not None else "`decline`"


def _combat_example(s: GameState) -> str:
    """Combat Movement's words at the console: a legal placing of the attacker and a legal
    step of the defender, each piece named so that the command finds it."""
    att = s.attack
    moves = [a for a in SYSTEM.legal_actions(s) if isinstance(a, A.CombatMove)]
    if att is None or not moves:
        return "`combat <piece> <square>`, or `actions` for the choices"
    attacker, defender = s.piece(att.attacker), s.piece(att.defender)
    words = []
    for piece, what in ((attacker, "the attacker"), (defender, "the defender")):
        squares = sorted(str(a.to) for a in moves if a.piece == piece.key)
        if squares:
            name = piece.label
            if piece is attacker and attacker.label == defender.label:  # (both, say, N1)
                name = f"{piece.owner.title} {piece.label}"
            words.append(f"`combat {name} {squares[0]}` ({what})")
    return " or ".join(words) + ", `actions` for every square"


def _offer_example(s: GameState, kind: type, word: str) -> str:
    """A Promotion's or a Castle's words at the console, naming a piece it may take."""
    offers = [a for a in SYSTEM.legal_actions(s) if isinstance(a, kind)]
    if not offers:
        return "`decline`"
    first = offers[0]
    key = first.into if isinstance(first, A.Promote) else cast(A.Castle, first).with_piece
    more = ", `actions` for the others" if len(offers) > 1 else ""
    return f"`{word} {s.piece(key).label}`{more} or `decline`"


def _act_example(s: GameState, key: str, label: str) -> str:
    """The console's words for the Activated piece's Move or Attack, with squares it may take."""
    move = _example_move(s, [s.piece(key)])
    targets = sorted(str(a.target) for a in SYSTEM.legal_actions(s) if isinstance(a, A.Attack))
    words = [f"`move {label} {move[1]}`"] if move else []
    words += [f"`attack {label} {targets[0]}`"] if targets else []
    return " or ".join(words) if words else "`actions` for its choices"


def _example_move(s: GameState, pieces: list[Piece]) -> tuple[str, str] | None:
    """A legal Move (label, square) of one of ``pieces``, for an example in a prompt."""
    for p in pieces:
        squares = sorted(str(q) for q in destinations(s, p)) if p.on_board else []
        if squares:
            return p.label, squares[0]
    return None


def discord_prompt(s: GameState) -> str:
    """Who decides and how, naming the buttons below and the slash commands; examples are
    legal for the piece they name."""
    d = s.decider
    assert d is not None
    if s.phase is Phase.TREE_ORDER:
        return "Press the button below to flip for who sets up Trees first."
    if s.phase is Phase.TREES:
        return f"{d.title}: press the button below to roll for your Trees."
    if s.phase is Phase.TREE_CHOICE:
        return f"{d.title}: choose mirror, mirror and flip, or random with the buttons below."
    if s.phase is Phase.DEPLOY:
        # (public: naming the next piece in reserve would tell the others a team that is
        # secret until both are deployed, ruling R9, so the example names a square alone)
        free = free_deploy_squares(s, d)
        example = f" (your piece, then a square such as {free[0]})" if free else ""
        return (
            f"{d.title}: press **Deploy automatically**, or place pieces with `/deploy`{example}."
        )
    p = s.pending
    if p is None:
        fresh, again = activatable(s)
        ex = _example_move(s, fresh)
        example = f" (e.g. `/move {ex[0]} {ex[1]}`)" if ex else ""
        if s.activation_picker is not None:
            return (
                f"The High Priestess: {d.title} chooses which of {s.to_act.title}'s pieces "
                "Activates, in the menu below or with `/activate`."
            )
        verb = "Reactivate" if again else "Activate"
        return (
            f"{d.title} to {verb} a piece: choose it in the menu below, or Move or Attack at "
            f"once with `/move` or `/attack`{example}."
        )
    if p.decision is Decision.CHOOSE:
        return f"{d.title} decides: {p.prompt}: choose below, or with `/choose`."
    piece = s.piece(p.piece)
    label = piece.label
    ex = _example_move(s, [piece])
    move = f"`/move {label} {ex[1]}`" if ex else f"`/move {label}`"
    act = [f"`/move {label} {ex[1]}`"] if ex else []  # (only what it can do: a legal square)
    targets = sorted(str(a.target) for a in SYSTEM.legal_actions(s) if isinstance(a, A.Attack))
    act += [f"`/attack {label} {targets[0]}`"] if targets else []
    hints = {
        Decision.ACT: "choose in the menu below" + (f", or {' or '.join(act)}" if act else ""),
        Decision.SECOND_MOVE: f"choose below, {move}, or **Decline** (`/decline`)",
        Decision.PROMOTION: "choose the piece below, or **Decline** (`/promote`, `/decline`)",
        Decision.CASTLE: "choose the ally below, or **Decline** (`/castle`, `/decline`)",
        Decision.ATTACKER_TOKEN: "press **Spend** or **Keep** below (or `/token`)",
        Decision.DEFENDER_TOKEN: "press **Spend** or **Keep** below (or `/token`)",
        Decision.COMBAT_MOVEMENT: "choose below, or with `/combat piece square`",
        Decision.MOVE_ASIDE: "choose below, or with `/aside square`",
    }
    return f"{d.title} decides: {p.decision.value} ({p.piece}): {hints[p.decision]}."


# ---- the console's words for Wargame Chess commands ----
def _need(args: list[str], n: int, usage: str) -> None:
    if len(args) < n:
        raise ParseError(f"say {usage}")


def _piece_text(args: list[str]) -> tuple[str, list[str]]:
    """'N1', 'White N1' or 'bN1' from the front of the words, and the words after it."""
    _need(args, 1, "which piece, like N1 or P3")
    if len(args) > 1 and args[0].lower() in ("white", "black"):
        return f"{args[0]} {args[1]}", args[2:]
    return args[0], args[1:]


def _count(args: list[str], default: int = 1) -> int | str:
    return next((a for a in args if a.lstrip("+-").isdigit()), default)


COMPANION_VERBS = {"roll", "resolve", "odds", "rules", "rolls", "tarot"}
# the commands that take a piece and the square it goes to
TO_A_SQUARE = {"deploy", "move", "attack", "combat", "place", "redeploy"}


def parse(verb: str, args: list[str], table: Table) -> K.Command | None:
    b = K.build
    in_game = table.state is not None and not table.over  # (after its end: the companion)
    if verb == "tarot" and in_game and args and args[0].lower() == "discard":
        return b(W.DiscardTarot, card=" ".join(args[1:]))
    if verb in COMPANION_VERBS:
        return W.Companion(verb, tuple(args))
    if verb in TO_A_SQUARE and len(args) >= 3 and args[-2].lower() in ("to", "on"):
        args = [*args[:-2], args[-1]]  # `move P1 to c3`, `deploy K1 on e1`
    if verb == "trees":  # `trees` (or `trees roll`) flips or rolls; a mode is a choice
        modes = {m.value for m in W.TreeMode}
        word = args[0].lower() if args else "roll"
        if word not in modes | {"roll"} or len(args) > 1:
            raise ParseError("say `trees` (or `trees roll`), or `trees mirror`, `flip` or `random`")
        return b(W.Trees, mode=word if word in modes else None)
    if verb == "deploy":
        if args and args[0].lower() == "auto":
            return W.DeployAuto()
        _need(args, 2, "which piece and where: `deploy N1 b1`")
        piece, rest = _piece_text(args)
        K.at_most(rest, 1, "`deploy N1 b1`")
        return b(W.Deploy, piece=piece, square=rest[0] if rest else None)
    if verb in ("activate", "promote", "castle", "takeoff"):
        piece, rest = _piece_text(args)
        K.at_most(rest, 0, f"`{verb} N1`")
        cls = {"activate": W.Activate, "promote": W.Promote, "castle": W.Castle}
        return b(cls.get(verb, W.TakeOff), piece=piece)
    if verb == "summon":  # `summon Moth Knight c3`: the option's name, then the square
        _need(args, 2, "which option and where: `summon Moth Knight c3`")
        return b(W.Summon, option=" ".join(args[:-1]), square=args[-1])
    if verb in ("move", "attack", "combat", "place", "redeploy"):
        _need(args, 2, f"which piece and where: `{verb} N1 e5`")
        piece, rest = _piece_text(args)
        K.at_most(rest, 1, f"`{verb} N1 e5`")
        cls2: dict[str, type[K.Command]] = {
            "move": W.Move,
            "attack": W.Attack,
            "combat": W.CombatMove,
            "place": W.Place,
            "redeploy": W.Redeploy,
        }
        return b(cls2[verb], piece=piece, square=rest[0] if rest else None)
    if verb in ("spend", "keep"):
        return W.UseToken(verb == "spend")
    if verb == "aside":
        K.at_most(args, 1, "`aside e5`")
        return b(W.MoveAside, square=args[0] if args else None)
    if verb == "decline":
        return W.Decline()
    if verb in ("give", "remove"):
        _need(args, 2, f"`{verb} N1 advantage 2` or `{verb} bP3 dis`")
        piece, rest = _piece_text(args)
        _need(rest, 1, f"which tokens: `{verb} N1 advantage 2` or `{verb} bP3 dis`")
        K.at_most(rest, 2, f"`{verb} N1 advantage 2`")
        count = K.parse_int(rest[1] if len(rest) > 1 else "1", "the count", 1, 20)
        return b(W.Tokens, piece=piece, token=rest[0], count=count if verb == "give" else -count)
    if verb in ("bless", "curse", "slay", "scatter"):
        piece, rest = _piece_text(args)
        K.at_most(rest, 0, f"`{verb} N1`")
        return b(W.MarkPiece, piece=piece, mark=verb)
    if verb == "modifier":
        _need(args, 2, "`modifier N1 +2` (until its next roll)")
        piece, rest = _piece_text(args)
        return b(W.RollModifier, piece=piece, value=" ".join(rest))
    if verb == "choose":
        return b(W.ChooseOption, option=" ".join(args))
    if verb == "divinate" and in_game:
        if args and args[0].lower() == "switch":
            return b(W.Divinate, switch=" ".join(args[1:]))
        preferred = [p.strip() for p in " ".join(args).split(",") if p.strip()]
        return b(W.Divinate, preferred=preferred)
    if verb == "cards" and in_game and args and args[0].lower() in ("draw", "discard"):
        if args[0].lower() == "discard":
            return b(W.DiscardCard, card=" ".join(args[1:]))
        keep = next((a.lower() for a in args[1:] if a.lower() in A.DrawCards.KEEPS), "turn")
        K.only(
            args[1:],
            {*A.DrawCards.KEEPS, str(_count(args[1:]))},
            "`cards draw 2 [turn|game|discard]`",
        )
        return b(W.DrawCards, count=_count(args[1:]), keep=keep)
    if verb == "cards" and in_game and args and args[0].lower() != "show":
        raise ParseError(
            "in a game the playing cards follow the rules: `cards draw 2 [turn|game|discard]`, "
            "`cards discard QH`, or `cards` to see them"
        )
    if verb == "bones" and in_game:
        K.only(args, {"keep"}, "`bones` or `bones keep`")
        return W.ReadBones(bool(args) and args[0].lower() == "keep")
    if verb in ("divinate", "cards", "bones"):
        return W.Companion(verb, tuple(args))
    return None


# ---- the table companion at the console ----
def companion(t: Table, c: W.Companion, player: Player | None) -> Reply:
    args = list(c.args)
    if not t.decks:
        t.decks.update(C.new_decks())
    verb = c.verb
    if verb == "rules":
        return Reply(glossary_answer(TERMS, " ".join(args)))
    if verb == "roll":
        return _roll(t, args)
    if verb == "odds" and t.state is not None and not t.over and _pieces_named(args):
        return Reply(_odds_in_game(t.state, args))
    if verb in ("resolve", "odds"):
        a, d = _sides(args)
        if verb == "resolve":
            return t.log_roll("Attack " + " ".join(args[:2]), C.resolve_attack(a, d, t.dice))
        from bot.tiles import png_bytes
        from bot.wargame_chess.charts import odds_chart

        rep = C.odds_report(a, d)
        title = f"{a.kind.display} attacks {d.kind.display}"
        chart = png_bytes(odds_chart(rep.attacker, rep.defender, rep.slay, title))
        return Reply(rep.text, image=chart, image_name="odds.png")
    if verb == "rolls":
        if args and args[0].lower() == "stats":
            return Reply(C.stats_text([f for _, faces, _ in t.roll_log for f in faces]))
        lines = [
            f"{label}: "
            + " ".join(f"d{s}:{v}" for s, v in faces)
            + ("" if total is None else f" = {total}")
            for label, faces, total in t.roll_log[-10:]
        ]
        return Reply("\n".join(lines) or "No rolls yet.")
    if verb == "tarot":
        return _tarot(t, args)
    if verb == "divinate":
        if args and args[0].lower() == "switch":
            return Reply(C.set_active(t.decks, find_card(" ".join(args[1:]))))
        wanted = [find_card(a) for a in " ".join(args).split(",") if a.strip()]
        return Reply(C.divinate(t.decks, t.dice, wanted, slash=False))
    if verb == "bones":
        return t.log_roll("bones", C.read_bones(" ".join(args), t.dice))
    return _cards(t, args)


def _cards(t: Table, args: list[str]) -> Reply:
    sub = args[0].lower() if args else "show"
    if t.state is not None and not t.over:  # (the game's cards; after its end, the companion's)
        f = t.state.faith

        def names(cs: tuple[int, ...]) -> str:
            return ", ".join(PlayingCard(c).name for c in cs) or "none"

        return Reply(
            f"Deck: {len(f.cards_deck)} face down. Kept for the turn: {names(f.cards_aside_turn)}. "
            f"Kept for the game: {names(f.cards_aside_game)}. Discarded: {names(f.cards_discard)}. "
            f"Face up: {names(f.cards_face_up)}."
        )
    if sub == "show":
        return Reply(C.cards_text(t.decks, slash=False))
    if sub == "draw":
        K.only(args[1:], {str(_count(args[1:]))}, "`cards draw 2`")
        count = K.parse_int(_count(args[1:]), "the count", 1, 54)
        return Reply(C.draw_cards(t.decks, t.dice, count, slash=False))
    if sub == "discard":
        return Reply(C.discard_card(t.decks, parse_card(" ".join(args[1:]))))
    if sub == "shuffle":
        return Reply(C.shuffle_cards(t.decks))
    raise RulesError("say `cards`, `cards draw 2`, `cards discard QH` or `cards shuffle`")


def _tarot(t: Table, args: list[str]) -> Reply:
    sub = args[0].lower() if args else "active"
    if sub == "card":
        from bot.tiles import png_bytes
        from bot.wargame_chess.charts import tarot_card_image

        card = find_card(" ".join(args[1:]))
        return Reply(
            card.describe(),
            image=png_bytes(tarot_card_image(card)),
            image_name=f"tarot-{card.number}.png",
        )
    if sub == "deck" and t.state is None:
        if args[1:] and [a.lower() for a in args[1:]] != ["reset"]:
            raise ParseError("say `tarot deck`, or `tarot deck reset` to gather and shuffle it")
        if args[1:]:
            return Reply(C.reset_tarot(t.decks))
        return Reply(C.tarot_text(t.decks, slash=False))
    if sub == "discard":  # (in a game it is an action, parsed before this)
        raise RulesError("`tarot discard` is for a game's dealt cards: start one with `game new`")
    if sub in ("active", "dealt") and t.state is None:
        if len(args) > 1:
            return Reply(C.set_active(t.decks, find_card(" ".join(args[1:]))))
        return Reply(C.tarot_text(t.decks, slash=False))
    if sub in ("active", "dealt"):
        f = t.state.faith
        if not f.tarot_dealt:
            return Reply("No tarot cards are dealt out. Use `divinate` to deal three.")
        lines = [
            f"{BY_NUMBER[n].title}{' (active)' if n == f.tarot_active else ''}"
            for n in f.tarot_dealt
        ]
        if f.tarot_active is not None:
            lines += ["", BY_NUMBER[f.tarot_active].describe()]
        return Reply("\n".join(lines))
    return Reply(find_card(" ".join(args)).describe())


_MODE_WORDS = frozenset({"adv", "advantage", "dis", "disadvantage"})


def _roll(t: Table, args: list[str]) -> Reply:
    """`roll 2d6+1`, or a piece's dice: `roll queen adv +2`."""
    if args:
        try:
            kind = Kind.parse(args[0])
        except RulesError:
            kind = None
        if kind is not None:
            words = [a.lower().strip(",") for a in args[1:]]
            adv = any(w in ("adv", "advantage") for w in words)
            dis = any(w in ("dis", "disadvantage") for w in words)
            rest = " ".join(a for a, w in zip(args[1:], words, strict=True) if w not in _MODE_WORDS)
            try:
                mods = C.parse_modifiers(rest)
            except ParseError:
                raise ParseError(
                    f"'{rest[:30]}' is not a roll option: say adv, dis, or modifiers such as "
                    "+2, min 5"
                ) from None
            rolled = C.roll_piece(kind, t.dice, int(adv), int(dis), mods)
            return t.log_roll(" ".join(args), rolled)
    expr = " ".join(args) or "1d20"
    return t.log_roll(expr, C.roll_expression(expr, t.dice))


SIDE_OPTIONS = frozenset(
    {"mounted", "aadv", "adis", "akeep", "amod", "dadv", "ddis", "dkeep", "dmod"}
    | {"acursedallies", "dblessedallies"}
)


def _pieces_named(args: list[str]) -> bool:
    """Whether `odds` names two pieces of the game (`odds R1 bB1`), not two piece types."""
    if len(args) != 2:
        return False
    try:
        Kind.parse(args[0])
    except (ParseError, RulesError, ValueError):
        return True
    return False


def _odds_in_game(s: GameState, args: list[str]) -> str:
    """The exact odds of one piece of the game Attacking another where they stand: tokens as
    they are (each side spending an Advantage token it holds), Mounted Advantage, Blessings,
    Curses and effects in force counted; and whether the Attack can be made now."""
    from rules.wargame_chess.engine import attack_odds_now
    from rules.wargame_chess.geometry import can_attack

    mover = s.decider if s.decider is not None else Player.WHITE
    sided, _ = side_named(args[1])  # (`odds Q1 bB1`: the first is then the other side's)
    try:  # a label only one side has is that piece; one both have is the mover's
        attacker = s.find(args[0], None if sided is None else sided.other)
    except AmbiguousPiece:
        attacker = s.find(args[0], mover)
    defender = s.find(args[1], attacker.owner.other)
    for p in (attacker, defender):
        if p.zone.name != "BOARD" or p.square is None:
            raise RulesError(f"{p.key} is not on the board")
    if attacker.owner is defender.owner:
        enemies = s.pieces_of(attacker.owner.other)
        like = f", like `odds {attacker.key} {enemies[0].key}`" if enemies else ""
        raise RulesError(
            f"{defender.key} is on {attacker.key}'s own side: name an enemy piece{like}"
        )
    assert defender.square is not None
    odds = attack_odds_now(
        s,
        attacker.key,
        defender.square,
        attacker_spends=attacker.advantage > 0,
        defender_spends=defender.advantage > 0,
    )
    reach = (
        "it can Attack there now"
        if can_attack(attacker, defender.square, s.board, s.terrain_map)
        else f"it cannot Attack {defender.square} from {attacker.square} as things stand"
    )
    return (
        f"{attacker.key} Attacking {defender.key} on {defender.square}: slays "
        f"{float(odds.slay):.1%}, held {float(odds.held):.1%} ({reach}). Tokens as they stand, "
        "an Advantage token spent by each side that holds one; Mounted Advantage and effects "
        "in force counted."
    )


def _sides(args: list[str]) -> tuple[C.Side, C.Side]:
    """`<attacker> <defender> [mounted] [aadv=N] [adis=N] [akeep] [dadv=N] [ddis=N] [dkeep]
    [acursedallies] [dblessedallies] [amod=+2] [dmod=min5]`; a bare `adv` or `dis` is the
    attacker's.
    Anything else is refused, never ignored."""
    if len(args) < 2:
        raise RulesError("say the attacker and defender types: `resolve knight pawn`")
    a_kind, d_kind = Kind.parse(args[0]), Kind.parse(args[1])
    opts: dict[str, str] = {}
    for a in args[2:]:
        key, _, value = a.lower().partition("=")
        key = {"adv": "aadv", "dis": "adis"}.get(key, key)  # bare: the attacker's
        if key not in SIDE_OPTIONS:
            raise RulesError(
                f"'{a[:20]}' is not an option here: say mounted, adv, dis, aadv=N, adis=N, "
                "akeep, dadv=N, ddis=N, dkeep, acursedallies (the attacker's team has other "
                "Cursed pieces), dblessedallies (the defender's, Blessed), amod=+N or dmod=+N"
            )
        opts[key] = value or "1"

    def side(prefix: str, kind: Kind) -> C.Side:
        mod = opts.get(prefix + "mod")
        return C.side(
            kind,
            K.parse_int(opts.get(prefix + "adv", "0"), prefix + "adv", 0, 20),
            K.parse_int(opts.get(prefix + "dis", "0"), prefix + "dis", 0, 20),
            prefix + "keep" in opts,
            prefix + "blessedallies" in opts,
            prefix + "cursedallies" in opts,
            (Modifier.parse(mod),) if mod else (),
        )

    attacker, defender = side("a", a_kind), side("d", d_kind)
    return C.with_mounted(attacker, defender, "mounted" in opts), defender

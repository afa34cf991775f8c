"""The game table: player text commands in, engine actions and plain-text answers out.

Both front ends use this one flow: the console table types these commands, and the Discord cogs
turn slash commands and buttons into the same calls. Rules live in ``rules``; this layer only
parses, asks the engine and words the answer.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, field

from bot import companion as C
from bot.textboard import describe_action, render_board, render_status
from rules.core.errors import RulesError
from rules.wargame_chess import actions as A
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.cards import PlayingCard, parse_card
from rules.wargame_chess.deploy import suggest_deployment
from rules.wargame_chess.dice import Dice, Modifier
from rules.wargame_chess.engine import apply, legal_actions, new_game, undo
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.serialize import dumps
from rules.wargame_chess.state import Decision, Event, GameState, Phase, Piece, Token, Until
from rules.wargame_chess.tarot import BY_NUMBER, find_card
from rules.wargame_chess.teams import TeamList

DEFAULT_TEAMS = ("K Q R 2N 3P", "K Q B 2N 3P")
REVISED_STAR = "revised-star"
STAR_OPTION_TEXT = (
    "Game option: The Star's later revision: when it takes effect, each player makes one of "
    "their pieces that has Activated fresh again, instead of every piece (ruling R66)."
)
MAX_DICE_EXPRESSION = 200


@dataclass
class Reply:
    text: str
    ok: bool = True
    events: list[Event] = field(default_factory=list)
    image: bytes | None = None  # a PNG to show with the answer (board, card, chart)
    image_name: str = "board.png"


class Table:
    """One game in progress (or none) and the commands that drive it."""

    def __init__(self, dice: Dice, state: GameState | None = None) -> None:
        self.dice = dice
        self.state = state
        self.decks: dict[str, object] = C.new_decks()  # the table companion's decks
        self.roll_log: list[tuple[str, list[tuple[int, int]], int | None]] = []

    # ---- entry point ----
    def run(self, line: str, player: Player | None = None) -> Reply:
        """Run one command. ``player`` is who typed it; None means hot-seat (acts for whoever
        must decide). Bad input answers ok=False and changes nothing."""
        try:
            words = shlex.split(line.strip())
        except ValueError as e:
            return Reply(f"I could not read that: {e}", ok=False)
        if not words:
            return Reply("Type `help` for the commands.", ok=False)
        cmd, args = words[0].lower(), words[1:]
        if cmd == "game" and args:
            cmd, args = f"game {args[0].lower()}", args[1:]
        handler = self._commands().get(cmd)
        if handler is None and not cmd.isdigit():
            return Reply(f"Unknown command '{words[0]}'. Type `help` for the commands.", ok=False)
        try:
            if handler is None:
                return self._choose(int(cmd), player)
            return handler(args, player)
        except RulesError as e:
            return Reply(str(e)[:1].upper() + str(e)[1:], ok=False)

    def _commands(self) -> dict[str, Callable[[list[str], Player | None], Reply]]:
        return {
            "help": self._help,
            "game new": self._new,
            "new": self._new,
            "board": self._board,
            "game board": self._board,
            "status": self._status,
            "game status": self._status,
            "actions": self._actions,
            "log": self._log,
            "game log": self._log,
            "undo": self._undo,
            "game undo": self._undo,
            "export": self._export,
            "game export": self._export,
            "concede": self._concede,
            "game concede": self._concede,
            "trees": self._trees,
            "deploy": self._deploy,
            "activate": self._activate,
            "move": self._move,
            "attack": self._attack,
            "spend": lambda a, p: self._act(A.UseToken(True), p),
            "keep": lambda a, p: self._act(A.UseToken(False), p),
            "combat": self._combat,
            "aside": lambda a, p: self._act(A.MoveAside(self._square(a, 0)), p),
            "promote": lambda a, p: self._act(A.Promote(self._piece(a, 0, p).key), p),
            "castle": lambda a, p: self._act(A.Castle(self._piece(a, 0, p).key), p),
            "decline": lambda a, p: self._act(A.Decline(), p),
            "give": self._give,
            "remove": self._remove_tokens,
            "bless": lambda a, p: self._adjust(p, lambda by: A.Bless(by, self._piece(a, 0, p).key)),
            "curse": lambda a, p: self._adjust(p, lambda by: A.Curse(by, self._piece(a, 0, p).key)),
            "slay": lambda a, p: self._adjust(p, lambda by: A.Slay(by, self._piece(a, 0, p).key)),
            "scatter": lambda a, p: self._adjust(
                p, lambda by: A.Scatter(by, self._piece(a, 0, p).key)
            ),
            "modifier": self._modifier,
            "place": lambda a, p: self._adjust(
                p, lambda by: A.PlacePiece(by, self._piece(a, 0, p).key, self._square(a, 1))
            ),
            "takeoff": lambda a, p: self._adjust(
                p, lambda by: A.RemovePiece(by, self._piece(a, 0, p).key)
            ),
            "redeploy": lambda a, p: self._adjust(
                p, lambda by: A.Redeploy(by, self._piece(a, 0, p).key, self._square(a, 1))
            ),
            "rules": self._rules,
            "resolve": self._resolve,
            "rolls": self._rolls,
            "odds": self._odds,
            "roll": self._roll,
            "divinate": self._divinate,
            "choose": self._choose_option,
            "tarot": self._tarot,
            "cards": self._cards,
            "bones": self._bones,
        }

    # ---- helpers ----
    def _game(self) -> GameState:
        if self.state is None:
            raise RulesError("there is no game at this table: start one with `game new`")
        return self.state

    def _piece(self, args: list[str], i: int, player: Player | None) -> Piece:
        if len(args) <= i:
            raise RulesError("name a piece, like N1 or P3")
        s = self._game()
        owner = player if player is not None else s.decider
        text = args[i]
        if i + 1 < len(args) and args[i].lower() in ("white", "black"):
            text = f"{args[i]} {args[i + 1]}"
        return s.find(text, owner)

    def _square(self, args: list[str], i: int) -> Square:
        if len(args) <= i:
            raise RulesError("name a square, like e4")
        return Square.parse(args[i])

    def _who(self, player: Player | None) -> Player:
        s = self._game()
        if player is not None:
            return player
        d = s.decider
        return d if d is not None else Player.WHITE

    def act(self, action: A.Action, player: Player | None) -> Reply:
        """Apply one engine action (a button or menu choice); errors answer ok=False."""
        try:
            return self._act(action, player)
        except RulesError as e:
            return Reply(str(e)[:1].upper() + str(e)[1:], ok=False)

    def prompt(self) -> str:
        return self._prompt(self._game())

    def _act(self, action: A.Action, player: Player | None) -> Reply:
        s = self._game()
        new, events = apply(s, action, self.dice, player=player)
        self.state = new
        return Reply(self._after(events), events=events)

    def _adjust(self, player: Player | None, make: Callable[[Player], A.Action]) -> Reply:
        return self._act(make(self._who(player)), player)

    def _after(self, events: list[Event]) -> str:
        s = self._game()
        lines = [e.text for e in events]
        lines.append(self._prompt(s))
        return "\n".join(lines)

    def _prompt(self, s: GameState) -> str:
        if s.outcome is not None:
            return f"Game over. {s.outcome.describe()}."
        d = s.decider
        assert d is not None
        if s.phase is Phase.TREES:
            return f"{d.title}: roll for Trees with `trees`."
        if s.phase is Phase.TREE_ORDER:
            return "Flip for who sets up Trees first with `trees`."
        if s.phase is Phase.TREE_CHOICE:
            return f"{d.title}: choose `trees mirror`, `trees flip` or `trees random`."
        if s.phase is Phase.DEPLOY:
            return f"{d.title}: deploy with `deploy N1 b1`, or `deploy auto`."
        if s.pending is None:
            return f"{d.title} to Activate a piece (`activate N1`, or `actions` for choices)."
        p = s.pending
        if p.decision is Decision.CHOOSE:
            shown = ", ".join(p.options[:10]) + (" ..." if len(p.options) > 10 else "")
            return f"{d.title} decides: {p.prompt}: `choose <option>`: {shown}."
        label = p.piece.split()[-1]
        hints = {
            Decision.ACT: f"`move {label} e4` or `attack {label} e5`",
            Decision.SECOND_MOVE: "`move` again or `decline`",
            Decision.PROMOTION: "`promote Q1` or `decline`",
            Decision.CASTLE: "`castle N1` or `decline`",
            Decision.ATTACKER_TOKEN: "`spend` or `keep` the Advantage token",
            Decision.DEFENDER_TOKEN: "`spend` or `keep` the Advantage token",
            Decision.COMBAT_MOVEMENT: "`combat <attacker|defender piece> <square>`",
            Decision.MOVE_ASIDE: "`aside <square>`",
        }
        return f"{d.title} decides: {p.decision.value} ({p.piece}): {hints[p.decision]}."

    # ---- commands ----
    def _help(self, args: list[str], player: Player | None) -> Reply:
        return Reply(HELP)

    def _new(self, args: list[str], player: Player | None) -> Reply:
        revised = REVISED_STAR in [a.lower() for a in args]
        text = " ".join(a for a in args if a.lower() != REVISED_STAR)
        white_text, _, black_text = text.partition("|")
        white = TeamList.parse(white_text.strip() or DEFAULT_TEAMS[0])
        black = TeamList.parse(black_text.strip() or DEFAULT_TEAMS[1])
        self.state = new_game(white, black, star_one_each=revised)
        option = f"\n{STAR_OPTION_TEXT}" if revised else ""
        return Reply(
            f"New game of Wargame Chess.\nWhite: {white.describe()}\nBlack: {black.describe()}"
            f"{option}\n" + self._prompt(self.state)
        )

    def _board(self, args: list[str], player: Player | None) -> Reply:
        from bot.render import board_png

        s = self._game()
        view = player or Player.WHITE
        if args and args[0].lower() in ("white", "black"):
            view = Player.parse(args[0])
        return Reply(render_board(s, view), image=board_png(s, view))

    def _status(self, args: list[str], player: Player | None) -> Reply:
        s = self._game()
        return Reply(render_status(s) + "\n" + self._prompt(s))

    def _actions(self, args: list[str], player: Player | None) -> Reply:
        s = self._game()
        acts = legal_actions(s)
        if not acts:
            return Reply(self._prompt(s))
        lines = [f"{i}. {describe_action(s, a)}" for i, a in enumerate(acts[:40], 1)]
        if len(acts) > 40:
            lines.append(f"... and {len(acts) - 40} more")
        return Reply("\n".join(lines))

    def _choose(self, n: int, player: Player | None) -> Reply:
        s = self._game()
        acts = legal_actions(s)
        if not 1 <= n <= len(acts):
            return Reply(f"Choose a number from 1 to {len(acts)} (see `actions`).", ok=False)
        return self._act(acts[n - 1], player)

    def _log(self, args: list[str], player: Player | None) -> Reply:
        s = self._game()
        lines = [e.text for st in s.history[-10:] for e in st.events]
        return Reply("\n".join(lines[-30:]) or "Nothing has happened yet.")

    def _undo(self, args: list[str], player: Player | None) -> Reply:
        s = self._game()
        if not s.history:
            return Reply("There is nothing to undo.", ok=False)
        self.state = undo(s)
        return Reply(
            f"Undid: {describe_action(s, s.history[-1].action)}.\n" + self._prompt(self.state)
        )

    def _export(self, args: list[str], player: Player | None) -> Reply:
        return Reply(dumps(self._game()))

    def _concede(self, args: list[str], player: Player | None) -> Reply:
        return self._act(A.Concede(self._who(player)), player)

    def _trees(self, args: list[str], player: Player | None) -> Reply:
        s = self._game()
        if s.phase is Phase.TREE_ORDER:
            return self._act(A.DecideTreeOrder(), player)
        if s.phase is Phase.TREES:
            return self._act(A.RollTrees(), player)
        modes = {"mirror": "mirror", "flip": "mirror and flip", "random": "random"}
        mode = modes.get(args[0].lower() if args else "", "")
        if not mode:
            raise RulesError("choose `trees mirror`, `trees flip` or `trees random`")
        return self._act(A.ChooseTrees(mode), player)

    def _deploy(self, args: list[str], player: Player | None) -> Reply:
        s = self._game()
        if args and args[0].lower() == "auto":
            who = self._who(player)
            if s.phase is not Phase.DEPLOY or s.to_act is not who:
                raise RulesError(f"it is not {who.title}'s deployment now")
            events: list[Event] = []
            for d in suggest_deployment(s, who):
                s, ev = apply(s, d, self.dice, player=player)
                events.extend(ev)
            self.state = s
            return Reply(self._after(events), events=events)
        if len(args) < 2:
            raise RulesError("say which piece and where: `deploy N1 b1`")
        return self._act(A.Deploy(self._piece(args, 0, player).key, self._square(args, 1)), player)

    def _activate(self, args: list[str], player: Player | None) -> Reply:
        # "N1" means the N1 of the player whose Activation it is: under The High Priestess the
        # opponent picks it for them.
        s = self._game()
        owner = s.to_act if s.phase is Phase.PLAY else player
        return self._act(A.Activate(self._piece(args, 0, owner).key), player)

    def _move_or_attack(self, args: list[str], player: Player | None, attack: bool) -> Reply:
        """`move N1 e4` activates N1 first when nothing is Activating yet."""
        s = self._game()
        if len(args) < 2:
            raise RulesError(f"say which piece and where: `{'attack' if attack else 'move'} N1 e5`")
        piece = self._piece(args, 0, player)
        sq = self._square(args, 1)
        events: list[Event] = []
        if s.phase is Phase.PLAY and s.pending is None:
            s, events = apply(s, A.Activate(piece.key), self.dice, player=player)
        action: A.Action = A.Attack(piece.key, sq) if attack else A.Move(piece.key, sq)
        s, more = apply(s, action, self.dice, player=player)  # both or neither are kept
        self.state = s
        events.extend(more)
        return Reply(self._after(events), events=events)

    def _move(self, args: list[str], player: Player | None) -> Reply:
        return self._move_or_attack(args, player, attack=False)

    def _attack(self, args: list[str], player: Player | None) -> Reply:
        return self._move_or_attack(args, player, attack=True)

    def _combat(self, args: list[str], player: Player | None) -> Reply:
        return self._act(
            A.CombatMove(self._piece(args, 0, player).key, self._square(args, 1)), player
        )

    def _give(self, args: list[str], player: Player | None) -> Reply:
        if len(args) < 2:
            raise RulesError("say `give N1 advantage 2` or `give bP3 dis`")
        piece = self._piece(args, 0, player)
        token = Token.parse(args[1])
        count = int(args[2]) if len(args) > 2 and args[2].isdigit() else 1
        return self._adjust(player, lambda by: A.GiveTokens(by, piece.key, token, count))

    def _remove_tokens(self, args: list[str], player: Player | None) -> Reply:
        if len(args) < 2:
            raise RulesError("say `remove N1 advantage 1`")
        piece = self._piece(args, 0, player)
        token = Token.parse(args[1])
        count = int(args[2]) if len(args) > 2 and args[2].isdigit() else 1
        return self._adjust(player, lambda by: A.RemoveTokens(by, piece.key, token, count))

    def _modifier(self, args: list[str], player: Player | None) -> Reply:
        if len(args) < 2:
            raise RulesError("say `modifier N1 +2` (until its next roll)")
        piece = self._piece(args, 0, player)
        return self._adjust(
            player, lambda by: A.AddRollEffect(by, piece.key, "modifier", Until.NEXT_ROLL, args[1])
        )

    def _bones(self, args: list[str], player: Player | None) -> Reply:
        if self.state is None:  # no game: `bones K Q R 2N 3P` or `bones d4 d6`
            return self._log_roll("bones", C.read_bones(" ".join(args), self.dice))
        keep = bool(args) and args[0].lower() == "keep"
        return self._adjust(player, lambda by: A.ReadBones(by, keep))

    def _rules(self, args: list[str], player: Player | None) -> Reply:
        from bot.glossary import lookup_term, suggest_terms

        found = lookup_term(" ".join(args)) if args else None
        if found is None:
            return Reply("Rules terms: " + ", ".join(suggest_terms(" ".join(args), 30)))
        return Reply(f"{found[0]}: {found[1]}")

    def _divinate(self, args: list[str], player: Player | None) -> Reply:
        """`divinate [preferred cards...]`, or `divinate switch <card>`."""
        if self.state is None:  # no game: the table companion's own deck
            if args and args[0].lower() == "switch":
                return Reply(C.set_active(self.decks, find_card(" ".join(args[1:]))))
            wanted = [find_card(a) for a in " ".join(args).split(",") if a.strip()]
            return Reply(C.divinate(self.decks, self.dice, wanted))
        if args and args[0].lower() == "switch":
            card = find_card(" ".join(args[1:]))
            return self._adjust(player, lambda by: A.Divinate(by, (), card.number))
        preferred = tuple(find_card(a).number for a in " ".join(args).split(",") if a.strip())
        return self._adjust(player, lambda by: A.Divinate(by, preferred))

    def _choose_option(self, args: list[str], player: Player | None) -> Reply:
        s = self._game()
        p = s.pending
        if p is None or p.decision is not Decision.CHOOSE:
            raise RulesError("there is no card choice to answer now")
        text = " ".join(args)
        wanted = text.lower()
        for opt in p.options:  # accept 'P1' for 'White P1', '16' for a card, any case
            if opt.lower() == wanted or opt.lower().endswith(" " + wanted):
                return self._act(A.Choose(opt), player)
        return self._act(A.Choose(text), player)

    def _tarot(self, args: list[str], player: Player | None) -> Reply:
        sub = args[0].lower() if args else "active"
        if sub == "card":
            from bot.render import png_bytes, tarot_card_image

            card = find_card(" ".join(args[1:]))
            return Reply(
                card.describe(),
                image=png_bytes(tarot_card_image(card)),
                image_name=f"tarot-{card.number}.png",
            )
        if sub in ("active", "dealt") and self.state is None:
            if len(args) > 1:
                return Reply(C.set_active(self.decks, find_card(" ".join(args[1:]))))
            return Reply(C.tarot_text(self.decks))
        if sub in ("active", "dealt"):
            f = self._game().faith
            if not f.tarot_dealt:
                return Reply("No tarot cards are dealt out. Use `divinate` to deal three.")
            lines = []
            for n in f.tarot_dealt:
                mark = " (active)" if n == f.tarot_active else ""
                lines.append(f"{BY_NUMBER[n].title}{mark}")
            if f.tarot_active is not None:
                lines += ["", BY_NUMBER[f.tarot_active].describe()]
            return Reply("\n".join(lines))
        return Reply(find_card(" ".join(args)).describe())

    def _cards(self, args: list[str], player: Player | None) -> Reply:
        sub = args[0].lower() if args else "show"
        if self.state is None:  # no game: the table companion's own deck
            if sub == "draw":
                count = next((int(a) for a in args[1:] if a.isdigit()), 1)
                return Reply(C.draw_cards(self.decks, self.dice, count))
            if sub == "discard":
                return Reply(C.discard_card(self.decks, parse_card(" ".join(args[1:]))))
            if sub == "shuffle":
                return Reply(C.shuffle_cards(self.decks))
            raise RulesError("say `cards draw 2`, `cards discard QH` or `cards shuffle`")
        if sub == "draw":
            count = next((int(a) for a in args[1:] if a.isdigit()), 1)
            keep = next((a.lower() for a in args[1:] if a.lower() in A.DrawCards.KEEPS), "turn")
            return self._adjust(player, lambda by: A.DrawCards(by, count, keep))
        if sub == "discard":
            card = parse_card(" ".join(args[1:]))
            return self._adjust(player, lambda by: A.DiscardCard(by, card.id))
        f = self._game().faith

        def names(cs: tuple[int, ...]) -> str:
            return ", ".join(PlayingCard(c).name for c in cs) or "none"

        return Reply(
            f"Deck: {len(f.cards_deck)} face down. Kept for the turn: {names(f.cards_aside_turn)}. "
            f"Kept for the game: {names(f.cards_aside_game)}. Discarded: {names(f.cards_discard)}. "
            f"Face up: {names(f.cards_face_up)}."
        )

    def _log_roll(self, label: str, rolled: C.Rolled) -> Reply:
        self.roll_log.append((label, rolled.faces, rolled.total))
        return Reply(rolled.text)

    def _roll(self, args: list[str], player: Player | None) -> Reply:
        """`roll 2d6+1`, or a piece's dice: `roll queen adv +2`."""
        if args:
            try:
                kind = Kind.parse(args[0])
            except RulesError:
                kind = None
            if kind is not None:
                flags = [a.lower() for a in args[1:]]
                mods = tuple(Modifier.parse(a) for a in args[1:] if a[:1] in "+-<>m")
                rolled = C.roll_piece(
                    kind, self.dice, int("adv" in flags), int("dis" in flags), mods
                )
                return self._log_roll(" ".join(args), rolled)
        expr = " ".join(args) or "1d20"
        return self._log_roll(expr, C.roll_expression(expr, self.dice))

    @staticmethod
    def _sides(args: list[str]) -> tuple[C.Side, C.Side]:
        """`<attacker> <defender> [mounted] [aadv=N] [adis=N] [akeep] [dadv=N] [ddis=N] [dkeep]
        [ablessed] [dcursed] [amod=+2] [dmod=min5]`"""
        if len(args) < 2:
            raise RulesError("say the attacker and defender types: `resolve knight pawn`")
        a_kind, d_kind = Kind.parse(args[0]), Kind.parse(args[1])
        opts: dict[str, str] = {}
        for a in args[2:]:
            key, _, value = a.lower().partition("=")
            opts[key] = value or "1"

        def side(prefix: str, kind: Kind) -> C.Side:
            mod = opts.get(prefix + "mod")
            return C.side(
                kind,
                int(opts.get(prefix + "adv", "0")),
                int(opts.get(prefix + "dis", "0")),
                prefix + "keep" in opts,
                prefix + "blessed" in opts,
                prefix + "cursed" in opts,
                (Modifier.parse(mod),) if mod else (),
            )

        attacker, defender = side("a", a_kind), side("d", d_kind)
        return C.with_mounted(attacker, defender, "mounted" in opts), defender

    def _resolve(self, args: list[str], player: Player | None) -> Reply:
        a, d = self._sides(args)
        return self._log_roll("Attack " + " ".join(args[:2]), C.resolve_attack(a, d, self.dice))

    def _odds(self, args: list[str], player: Player | None) -> Reply:
        from bot.render import odds_chart, png_bytes

        a, d = self._sides(args)
        rep = C.odds_report(a, d)
        title = f"{a.kind.display} attacks {d.kind.display}"
        chart = png_bytes(odds_chart(rep.attacker, rep.defender, rep.slay, title))
        return Reply(rep.text, image=chart, image_name="odds.png")

    def _rolls(self, args: list[str], player: Player | None) -> Reply:
        if args and args[0].lower() == "stats":
            return Reply(C.stats_text([f for _, faces, _ in self.roll_log for f in faces]))
        lines = [
            f"{label}: "
            + " ".join(f"d{s}:{v}" for s, v in faces)
            + ("" if total is None else f" = {total}")
            for label, faces, total in self.roll_log[-10:]
        ]
        return Reply("\n".join(lines) or "No rolls yet.")


HELP = """Wargame Chess at the table. Pieces are named by label (K1, Q1, N2, P3); squares like e4.
Setup:   game new [white team | black team] [revised-star]
                                              e.g. game new K Q R 2N 3P | K 2B 2N J 2P
         trees (roll) · trees mirror|flip|random · deploy N1 b1 · deploy auto
Play:    activate N1 · move N1 e4 · attack N1 e5 · spend / keep (Advantage token)
         combat P1 d4 (Combat Movement) · promote Q1 · castle N1 · decline · aside e5
         actions (numbered choices; type the number to choose) · board · status · log
Table:   give N1 adv 2 · remove N1 dis · bless N1 · curse bP3 · slay N2 · scatter P1
         place N2 c3 · takeoff P4 · redeploy Q1 d1 · modifier N1 +2 · undo · concede · export
         odds queen knight [adv|dis] · roll 4d6kh3 · rules combat movement
Faith:   divinate [tower, sun] (preferred cards) · divinate switch star · choose <option>
         tarot card hermit · tarot active · cards draw 2 game · cards discard QH · bones [keep]
Companion (no game needed): roll 4d6kh3 · roll queen adv +2 · resolve knight pawn mounted ddis=1
         odds queen knight aadv=1 · divinate sun · cards draw 2 · bones K Q R 2N 3P · rolls stats
"""

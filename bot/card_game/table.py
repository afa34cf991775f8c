"""Chess: The Card Game at the table: its commands run on the rules, its prompts, views,
pictures and menus. Secrets: the public views show hands only as counts; ``private_text``
gives a player their own hand; menus (which may name hand cards) go only to the decider."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rapidfuzz import fuzz, process

from bot import commands as K
from bot.card_game import commands as C
from bot.card_game import text as X
from bot.card_game.glossary import HELP, TERMS, TUTORIAL
from bot.plugin import MENU_PARTS, MENU_SIZE, Menu, MenuEntry, Reply, SystemPlugin
from rules.card_game import actions as A
from rules.card_game.battlefield import GRID, base_rank
from rules.card_game.catalogue import find
from rules.card_game.decks import STARTERS, parse_deck
from rules.card_game.engine import why_not
from rules.card_game.programs import as_asked
from rules.card_game.state import GameState, Phase
from rules.card_game.system import DEFAULT_DECKS, SYSTEM
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.errors import IllegalAction, NotYourDecision, ParseError, RulesError
from rules.core.words import count

if TYPE_CHECKING:
    from bot.table import Table

MAX_BUTTONS = 5
MAX_OPTIONS = MENU_SIZE * MENU_PARTS  # (several menus on one message)


class CardGameTable(SystemPlugin):
    rules = SYSTEM
    choice_word = "deck"
    choice_option = "decks"
    ready_options: ClassVar[Mapping[str, Any]] = {"decks": DEFAULT_DECKS}
    ready_made = STARTERS
    cog = "cogs.card_game"
    help = HELP
    tutorial = TUTORIAL
    credit = (
        "Chess: The Card Game is by its designers (rules v1.9.2, Set 1); the bot re-words its "
        "rules and card texts and uses their facts."
    )
    hidden_information = True

    # ---- a new game ----
    def check_choice(self, text: str) -> tuple[str, str]:
        deck = parse_deck(STARTERS.get(text.strip(), text))
        return deck.text(), deck.describe()

    def options_from_words(self, words: Sequence[str]) -> dict[str, Any]:
        white, _, black = " ".join(words).partition("|")
        if not (white.strip() or black.strip()):  # (the starter decks, unless chosen later)
            return {}
        return {"decks": (white.strip() or DEFAULT_DECKS[0], black.strip() or DEFAULT_DECKS[1])}

    def new_game(self, choices: Mapping[Player, str], options: Mapping[str, Any]) -> Any:
        if choices:
            options = {**options, "decks": (choices[Player.WHITE], choices[Player.BLACK])}
        return self.rules.new_game(options)

    def describe_options(self, options: Mapping[str, Any]) -> str:
        decks = options.get("decks")
        if not decks:
            return ""
        return "\n".join(
            f"{p.title}: {parse_deck(STARTERS.get(t, t)).describe()}"
            for p, t in zip(Player, decks, strict=True)
        )

    def start(self, table: Table) -> Reply | None:
        if table.game().phase is not Phase.SETUP:
            return None
        return table.act(A.Begin(), None)

    def concession(self, state: Any, player: Player) -> Action:
        return A.Concede(player)

    def glossary(self) -> Mapping[str, str]:
        return TERMS

    # ---- words and views ----
    def prompt(self, state: Any) -> str:
        return X.prompt(state)

    def discord_prompt(self, state: Any) -> str:
        return X.discord_prompt(state)

    def describe_action(self, state: Any, action: Action) -> str:
        return X.describe_action(state, action)

    def status_text(self, state: Any) -> str:
        return X.status_text(state)

    def board_text(self, state: Any, view: Player | None) -> str:
        return X.board_text(state, view)

    def private_text(self, state: Any, player: Player) -> str:
        s: GameState = as_asked(state)  # (a card's question: the hand after what it did first)
        side = s.side(player)
        cards = ", ".join(X.name(s, c) for c in side.hand) or "no cards"
        return (
            f"Your hand ({player.title}, {count(len(side.hand), 'card')}): {cards}. "
            f"Material {side.material}. Deck: {count(X.deck_size(s, player), 'card')}."
        )

    def scene(self, state: Any, view: Player | None) -> Any:
        from bot.card_game.render import scene_of

        return scene_of(state, view)

    def draw(self, scene: Any) -> bytes:
        from bot.card_game.render import draw

        return draw(scene)

    def warm_up(self) -> None:
        from bot.card_game.render import warm_up

        warm_up()

    def public_answer(self, state: Any) -> tuple[str, str] | None:
        """In a window (a fight's, or the answer to a Tactic): passing, which names no card."""
        if not any(isinstance(a, A.Pass) for a in self.rules.legal_actions(state)):
            return None
        return "pass", X.describe_action(state, A.Pass())

    def button_command(self, key: str) -> K.Command | None:
        return C.Pass() if key == "pass" else None

    def menu(self, state: Any) -> Menu | None:
        s: GameState = state
        acts = self.rules.legal_actions(s)
        if not acts:
            return None
        entries = tuple(
            MenuEntry(
                i,
                X.describe_action(s, a),
                secondary=isinstance(a, A.Pass | A.EndTurn | A.KeepHand | A.StopBurning)
                or (isinstance(a, A.Resolve) and not a.use)
                or (isinstance(a, A.Choose) and a.option == "cancel"),
            )
            for i, a in enumerate(acts)
        )
        if len(entries) <= MAX_BUTTONS:
            return Menu(entries)
        if len(entries) > MAX_OPTIONS:  # keep the last choice (End the turn, Pass) in reach
            entries = (*entries[: MAX_OPTIONS - 1], entries[-1])
        d, what, _ = X.situation(s)
        return Menu(entries, buttons=False, placeholder=f"{d.title}: {what}"[:150])

    # ---- the console's words ----
    def parse(self, verb: str, args: list[str], table: Table) -> K.Command | None:
        b = K.build
        rest = " ".join(args)
        simple: dict[str, type[K.Command]] = {
            "hand": C.Hand,
            "keep": C.Keep,
            "done": C.Done,
            "king": C.King,
            "pass": C.Pass,
            "end": C.EndTurn,
            "deal": C.Deal,
            "begin": C.Deal,
        }
        if verb in simple:
            K.at_most(args, 0, f"`{verb}`")
            return simple[verb]()
        cards: dict[str, type[K.Command]] = {
            "card": C.CardInfo,
            "play": C.Play,
            "burn": C.Burn,
            "mulligan": C.Mulligan,
        }
        if verb == "play" and len(args) > 1 and _is_square(args[-1]):
            # `play pawn c1`, `play knight to c1`: the square answers where it goes
            words = args[:-2] if args[-2].lower() in ("to", "on", "at") else args[:-1]
            return b(C.Play, card=" ".join(words) or None, at=args[-1])
        if verb in cards:
            return b(cards[verb], card=rest or None)
        if verb == "move":
            if len(args) < 2:
                raise ParseError("say which unit and where: `move c1 c2`")
            K.at_most(args, 2, "`move c1 c2`")
            return b(C.Move, start=args[0], to=args[1])
        if verb == "attack":
            if not args:
                raise ParseError("say which unit attacks the King: `attack c3`")
            K.at_most(args, 1, "`attack c3`")
            return b(C.AttackKing, start=args[0])
        if verb == "choose":
            return b(C.Choose, option=rest or None)
        if verb == "cancel":
            return C.Choose("cancel")
        if verb in ("trigger", "decline"):
            return b(C.Trigger, use=verb == "trigger", card=rest or None)
        return None

    # ---- running commands ----
    def run(self, table: Table, c: K.Command, player: Player | None) -> Reply:
        if isinstance(c, C.CardInfo):
            from bot.card_game.render import card_png

            found = find(c.card)
            name = found.name.lower().replace(" ", "-").replace("!", "").replace("'", "")
            return Reply(found.describe(), image=card_png(found), image_name=f"card-{name}.png")
        s: GameState = table.game()
        decider = self.rules.decider(s)
        who = player if player is not None else (decider or Player.WHITE)
        if isinstance(c, C.Hand):
            if player is None and table.discord:  # a spectator: nobody's hand
                raise RulesError("only the two seated players have a hand to see")
            if table.keeps_secret(who):
                raise RulesError("the AI's hand is secret")
            return Reply(self.private_text(s, who))
        if player is not None and decider is not None and player is not decider:
            # before the command is read: reading it against the game (its choices) would
            # tell the other player what the decider may choose
            raise NotYourDecision(f"it is {decider.title}'s decision now, not {player.title}'s")
        if isinstance(c, C.Play) and c.at is not None:
            at = c.at
            # the card, then its first question answered with the square: both or neither
            return table.act_all([self.action(s, c, who), lambda now: _answer(now, at)], player)
        return table.act(self.action(s, c, who, table.discord), player)

    def action(self, s: GameState, c: K.Command, who: Player, discord: bool = False) -> Action:
        """The action a command asks for, made by ``who`` (worded for Discord or the console)."""
        if s.program is not None and isinstance(c, C.Move | C.AttackKing | C.Burn | C.Mulligan):
            # (before its squares or cards are read: the open question is the reason)
            raise IllegalAction(why_not(s, A.EndTurn()))
        if isinstance(c, C.Play | C.Burn | C.Mulligan):
            cid = hand_card(s, who, c.card)
            kinds: dict[type[K.Command], type[A.PlayCard | A.Burn | A.Mulligan]] = {
                C.Play: A.PlayCard,
                C.Burn: A.Burn,
                C.Mulligan: A.Mulligan,
            }
            return kinds[type(c)](cid)
        if isinstance(c, C.Move):
            unit = own_unit(s, who, c.start)
            return A.Move(unit, GRID.parse(c.to))
        if isinstance(c, C.AttackKing):
            try:
                return A.AttackKing(own_unit(s, who, c.start))
            except RulesError as e:  # (the square is the attacker's, not the King's)
                why = _king_attackers(s, who)
                raise RulesError(f"{e}. {why[:1].upper()}{why[1:]}") from None
        if isinstance(c, C.Choose):
            return A.Choose(option_key(s, c.option, console=not discord))
        if isinstance(c, C.Trigger):
            return A.Resolve(trigger_index(s, who, c.card), c.use)
        plain: dict[type[K.Command], Action] = {
            C.Deal: A.Begin(),
            C.Keep: A.KeepHand(),
            C.Done: A.StopBurning(),
            C.King: A.UseKing(),
            C.Pass: A.Pass(),
            C.EndTurn: A.EndTurn(),
        }
        if type(c) in plain:
            return plain[type(c)]
        raise ParseError(f"{c.name} is not a Chess: The Card Game command")


def _is_square(word: str) -> bool:
    try:
        GRID.parse(word)
    except ParseError:
        return False
    return True


def _answer(s: GameState, square: str) -> Action:
    """The card just played asks where (or on what): ``square`` answers it."""
    sq = str(GRID.parse(square))
    prog = s.program
    if prog is None or not prog.options:
        raise RulesError(f"that card asks for no square: play it without {sq}")
    fits = [key for key, label in prog.options if sq in (key.lower(), *label.lower().split())]
    if len(fits) != 1:
        shown = "; ".join(label for _, label in prog.options)
        raise RulesError(f"{sq} is not one of the choices for it: {shown}")
    return A.Choose(fits[0])


def hand_card(s: GameState, who: Player, text: str) -> int:
    """The first card of ``who``'s hand that ``text`` names (any spelling)."""
    hand = s.side(who).hand
    wanted = text.strip().lower()
    for cid in hand:  # a name in the hand first, so "pawn" is not read as another card
        if s.card(cid).name.lower() == wanted:
            return cid
    names = {s.card(cid).name: cid for cid in reversed(hand)}
    partial = [n for n in names if wanted and wanted in n.lower()]
    if len(partial) == 1:  # "pawn" for the one Heart Pawn in the hand
        return names[partial[0]]
    near = process.extract(wanted, {n: n.lower() for n in names}, scorer=fuzz.ratio, limit=2)
    if (
        near
        and near[0][1] >= 75
        and (len(near) == 1 or near[1][1] < near[0][1])
        and not _a_card_named(wanted)  # ("queen of spades" is that card, not a Queen held)
    ):
        return names[near[0][2]]  # a misspelling of one card in the hand ("kinght")
    holds = ", ".join(s.card(cid).name for cid in hand) or "nothing"
    try:
        found = find(text)
    except RulesError:  # (no card of that name at all: say what the hand holds)
        raise RulesError(f"'{text[:30]}' is not in your hand, which holds {holds}") from None
    if found.name in names:
        return names[found.name]
    raise RulesError(f"there is no {found.name} in your hand, which holds {holds}")


def _a_card_named(text: str) -> bool:
    """Whether ``text`` is exactly some card's name (any case), not a misspelling."""
    try:
        return find(text).name.lower() == text.strip().lower()
    except RulesError:
        return False


def _king_attackers(s: GameState, who: Player) -> str:
    """How `attack` is said, and which of ``who``'s units stand where they may use it."""
    there = sorted(
        str(u.square)
        for u in s.units
        if u.owner is who and u.square is not None and u.square.rank == base_rank(who.other)
    )
    where = f"yours there: {', '.join(there)}" if there else "none of yours is there yet"
    return f"an attack on the King names the square of your unit in the enemy Base ({where})"


def own_unit(s: GameState, who: Player, square: str) -> int:
    sq = GRID.parse(square)
    u = s.at(sq)
    if u is None:
        raise RulesError(f"there is no unit on {sq}")
    if u.owner is not who:
        raise RulesError(f"the unit on {sq} is not yours")
    return u.cid


def option_key(s: GameState, text: str, console: bool = True) -> str:
    prog = s.program
    if prog is None or not prog.options:
        raise RulesError("there is no choice to answer now")
    wanted = text.strip().lower()
    for key, label in prog.options:
        if wanted in (key.lower(), label.lower()):
            return key
    matches = [k for k, label in prog.options if wanted in label.lower()]
    if len(matches) == 1:
        return matches[0]
    starts = [k for k in matches if dict(prog.options)[k].lower().startswith(wanted)]
    if len(starts) == 1:  # ("pawn": the Pawn, not the Diamond Pawn)
        return starts[0]
    if len(matches) > 1:
        which = "; ".join(label for k, label in prog.options if k in matches)
        raise RulesError(f"'{text[:40]}' fits more than one choice: say which, one of: {which}")
    shown = "; ".join(label for _, label in prog.options)
    number = f" (type `{wanted}` alone to take choice {wanted} of `actions`)" * (
        wanted.isdigit() and console
    )
    raise RulesError(f"'{text[:40]}' is not one of the choices: {shown}{number}")


def trigger_index(s: GameState, who: Player, card: str | None) -> int:
    mine = [(i, t) for i, t in enumerate(s.triggers) if t.owner is who]
    if not mine:
        raise RulesError("no ability of yours is waiting")
    if card is None:
        return mine[0][0]
    name = find(card).name
    for i, t in mine:
        if s.card(t.source).name == name:
            return i
    raise RulesError(f"no ability of {name} is waiting")

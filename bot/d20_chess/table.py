"""d20 explorer chess at the table: its commands on the rules, options, prompts, views and
menus. The shared commands are the shared table's (``bot.table``)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot import commands as K
from bot.d20_chess import commands as D
from bot.d20_chess import words
from bot.glossary import glossary_answer
from bot.plugin import MENU_PARTS, MENU_SIZE, Menu, MenuEntry, Reply, SystemPlugin
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.errors import ParseError, RulesError
from rules.core.words import count
from rules.d20_chess import actions as A
from rules.d20_chess.captures import DIE, NEEDED, modifiers
from rules.d20_chess.state import DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT, State
from rules.d20_chess.system import SYSTEM
from rules.d20_chess.tiles import HOUSE_DECK, parse_deck
from rules.d20_chess.turn import waiting

if TYPE_CHECKING:
    from bot.table import Table

MAX_OPTIONS = MENU_SIZE * MENU_PARTS  # (several menus on one message)
SWITCH_WORDS = {
    "standard-army": "standard_army",
    "standard": "standard_army",
    "wide-exploration": "wide_exploration",
    "wide": "wide_exploration",
    "3-7": "wide_exploration",
}
MAX_DECK_BYTES = 64_000
# Where a server's own tile decks are kept (``<name>.json``): the folder named by this
# environment variable, else ``decks`` in the bot's working folder. Players only name a deck;
# they never give a path (the same words arrive from Discord's /game new options).
DECK_DIR_ENV = "D20_DECK_DIR"
DECK_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")


def deck_dir() -> Path:
    return Path(os.environ.get(DECK_DIR_ENV) or "decks")


def read_deck(name: str) -> dict[str, Any]:
    """A server's tile deck by name, checked, as JSON-friendly data (options are stored)."""
    if not DECK_NAME.fullmatch(name):
        raise ParseError(
            f"'{name[:40]}' is not a deck name: letters, digits, - and _ only (a deck is a file "
            "<name>.json in the server's deck folder)"
        )
    path = deck_dir() / f"{name}.json"
    try:
        if path.stat().st_size > MAX_DECK_BYTES:
            raise ParseError(f"the deck {name} is too large")
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise ParseError(
            f"there is no deck called {name} (a deck is a file <name>.json in the server's deck "
            "folder; `house` is the built-in deck)"
        ) from None
    except OSError:
        raise ParseError(f"the deck {name} could not be read") from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ParseError(f"the deck {name} is not valid JSON") from None
    return parse_deck(data).to_dict()


class D20ChessTable(SystemPlugin):
    rules = SYSTEM
    cog = "cogs.d20_chess"
    options = ("standard_army", "wide_exploration", "turn_limit", "deck")
    value_words = ("turns", "deck")
    help = words.HELP
    tutorial = words.TUTORIAL
    credit = (
        "d20 explorer chess is played from its published rules text (our copy names no author); "
        "the bot re-words its rules and uses its facts. The tile deck and the Dragon's behaviour "
        "are this project's own house content."
    )

    # ---- a new game ----
    def options_from_words(self, ws: Sequence[str]) -> dict[str, Any]:
        options: dict[str, Any] = {}
        rest = list(ws)
        while rest:
            word = rest.pop(0)
            key = word.lower()
            if key in SWITCH_WORDS:
                options[SWITCH_WORDS[key]] = True
            elif key in self.value_words:
                if not rest:
                    raise ParseError(
                        "`turns` needs a number: `turns 60`"
                        if key == "turns"
                        else "`deck` needs a deck's name: `deck house` (the built-in one) or a "
                        "server's own deck"
                    )
                value = rest.pop(0)
                if key == "turns":
                    options["turn_limit"] = K.parse_int(value, "the turn limit", 1, MAX_TURN_LIMIT)
                elif value.lower() != "house":
                    options["deck"] = read_deck(value)
            else:
                raise ParseError(
                    f"'{word[:30]}' is not a d20 explorer chess option: say standard-army, "
                    "wide-exploration, turns N or deck NAME"
                )
        return options

    def describe_options(self, options: Mapping[str, Any]) -> str:
        lines = []
        if options.get("standard_army"):
            lines.append("Variant: the standard chess army instead of Kings and Pawns.")
        if options.get("wide_exploration"):
            lines.append("Variant: squares of ranks 3 to 7 are explored, as the text reads.")
        limit = options.get("turn_limit", DEFAULT_TURN_LIMIT)
        if limit != DEFAULT_TURN_LIMIT:
            lines.append(f"Turn limit: {count(limit, 'turn')} each, then a draw.")
        deck = options.get("deck")
        if isinstance(deck, Mapping) and deck != HOUSE_DECK.to_dict():
            name = str(deck.get("name", "a server's deck"))[:40]
            lines.append(f"Tile deck: {name} (this server's own) instead of the house deck.")
        return "\n".join(lines)

    def concession(self, state: Any, player: Player) -> Action:
        return A.Concede(player)

    def glossary(self) -> Mapping[str, str]:
        return words.TERMS

    # ---- words ----
    def prompt(self, state: Any) -> str:
        return words.prompt(state)

    def discord_prompt(self, state: Any) -> str:
        return words.prompt(state, discord=True)

    def describe_action(self, state: Any, action: Action) -> str:
        return words.describe_action(state, action)

    def status_text(self, state: Any) -> str:
        return words.status_text(state)

    def board_text(self, state: Any, view: Player | None) -> str:
        return words.board_text(state, view or Player.WHITE)

    # ---- pictures ----
    def scene(self, state: Any, view: Player | None) -> Any:
        from bot.d20_chess.render import scene_of

        return scene_of(state, view or Player.WHITE)

    def public_scene(self, state: Any, side: Player = Player.WHITE) -> Any:
        from bot.d20_chess.render import scene_of

        # The live message shows the board alone (large on a phone); its text carries the
        # headline and what just happened, a tile revealed among it.
        return scene_of(state, side, compact=True)

    def headline(self, state: Any) -> str:
        return words.headline(state)

    def draw(self, scene: Any) -> bytes:
        from bot.d20_chess.render import draw

        return draw(scene)

    def warm_up(self) -> None:
        from bot.d20_chess.render import warm_up

        warm_up()

    # ---- buttons ----
    def menu(self, state: Any) -> Menu | None:
        s: State = state
        acts = self.rules.legal_actions(s)
        buttons = bool(s.offers) or acts == [A.Pass()]
        if not acts or not (buttons or len(acts) <= MAX_OPTIONS):
            return None  # many moves: /d20 move with its autocomplete
        limit = 80 if buttons else 100  # (a button's label holds 80 characters, an option's 100)
        entries = tuple(
            MenuEntry(i, words.describe_action(s, a)[:limit], secondary=isinstance(a, A.Keep))
            for i, a in enumerate(acts)
        )
        if buttons:
            return Menu(entries)
        return Menu(entries, buttons=False, placeholder="Move a piece...")

    # ---- the console's words ----
    def parse(self, verb: str, args: list[str], table: Table) -> K.Command | None:
        if re.fullmatch(r"[a-h][1-8]", verb) and len(args) == 1:  # `e2 e4`, a move alone
            verb, args = "move", [verb, *args]
        if verb in ("move", "attack", "odds"):
            if len(args) == 1 and "-" in args[0]:
                args = args[0].split("-", 1)
            elif len(args) == 1 and re.fullmatch(r"[a-hA-H][1-8][a-hA-H][1-8]", args[0]):
                args = [args[0][:2], args[0][2:]]  # `move e2e4`
            elif len(args) == 3 and args[1].lower() in ("to", "on"):
                args = [args[0], args[2]]  # `move e2 to e4`
            if len(args) != 2:
                raise ParseError(f"say `{verb} <from> <to>`, like `{verb} e2 e4`")
            cls = D.Odds if verb == "odds" else D.Move
            return K.build(cls, origin=args[0], to=args[1])
        if verb == "promote":
            if len(args) == 2:  # a piece kept unpromoted: its square and what it becomes
                square, piece = (
                    args if args[0][:1].isalpha() and args[0][1:].isdigit() else args[::-1]
                )
                return K.build(D.Promote, piece=piece, square=square)
            if len(args) != 1:
                raise ParseError(
                    "say `promote knight`, `promote bishop`, `promote rook` or `promote queen`"
                    " (a piece kept unpromoted: `promote b8 queen`)"
                )
            return K.build(D.Promote, piece=args[0])
        if verb == "rules":
            return K.build(D.Rules, term=" ".join(args) or None)
        simple: dict[str, type[K.Command]] = {"keep": D.Keep, "pass": D.Pass, "tiles": D.Tiles}
        if verb in simple:
            if args:
                raise ParseError(f"`{verb}` takes nothing after it")
            return simple[verb]()
        return None

    # ---- running commands ----
    def run(self, table: Table, c: K.Command, player: Player | None) -> Reply:
        if isinstance(c, D.Rules):
            return Reply(glossary_answer(words.TERMS, c.term, 25))
        state: State = table.game()
        if isinstance(c, D.Odds):
            return Reply(_odds(state, c))
        if isinstance(c, D.Tiles):
            return Reply(words.tiles_text(state))
        if isinstance(c, D.Move):
            return table.act(A.Move(c.origin, c.to), player)
        if isinstance(c, D.Promote):
            if c.square is None and not state.offers:  # (one piece kept unpromoted: that one)
                kept = {a.square for a in waiting(state, state.to_act) if a.kind is c.piece}
                if len(kept) == 1:
                    return table.act(A.Promote(c.piece, kept.pop()), player)
            return table.act(A.Promote(c.piece, c.square), player)
        if isinstance(c, D.Keep):
            return table.act(A.Keep(), player)
        if isinstance(c, D.Pass):
            return table.act(A.Pass(), player)
        raise RulesError(f"{c.name} is not a d20 explorer chess command")


def _odds(state: State, c: D.Odds) -> str:
    attacker, defender = state.at(c.origin), state.at(c.to)
    if attacker is None:
        raise RulesError(f"there is no piece on {c.origin}")
    if defender is None:
        raise RulesError(f"there is no piece on {c.to} to attack")
    if defender.owner is attacker.owner:
        raise RulesError(f"the pieces on {c.origin} and {c.to} are on the same side")
    mods = modifiers(state, attacker, defender)
    need = max(2, NEEDED + 1 - mods.total)
    faces = f"{article(need)} {need} or more captures" if need <= DIE else "no roll can capture"
    attack = A.Move(c.origin, c.to)
    text = (
        f"{attacker.label} attacking {defender.label}: d20 {mods.total:+d}, {faces} "
        f"(a natural 1 always fails critically): {words.odds_text(state, attack)}."
    )
    if attack not in SYSTEM.legal_actions(state):  # a what-if: say so
        text += " It cannot make this attack now: these are the odds if it could."
    return text


def article(n: int) -> str:
    """ "a" or "an" before a die's face said aloud (an 8, an 11, an 18; a 12)."""
    return "an" if n in (8, 11, 18) else "a"

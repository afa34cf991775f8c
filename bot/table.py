"""The game table: commands in, a game system's actions and plain-text answers out.

Both front ends use this one flow: the console parses what is typed into commands
(``bot.commands``), and the Discord cogs build the same commands from slash-command options and
buttons. The commands every system shares are run here; a system's own go to its plugin
(``bot.plugin``). Rules live in ``rules``; this layer only asks the system and words the answer.
"""

from __future__ import annotations

import functools
import re
import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process

from bot import commands as K
from bot import systems
from bot.answers import sentence
from bot.glossary import glossary_answer
from bot.opponent import (
    AI_HELP,
    AI_SECRET_HELP,
    AI_UNDO_HELP,
    LEVEL_WORDS,
    MARKS,
    MAX_WATCHED,
    Opponent,
    ai_choice_hidden,
    ai_decides_text,
    hint_text,
    seats_from,
    split_words,
    take_back,
    taken_back,
)
from bot.plugin import Reply as Reply
from bot.plugin import SystemPlugin
from bot.wording import game_over
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice
from rules.core.errors import GameOver, NotYourDecision, ParseError, RulesError
from rules.core.history import Event
from rules.core.words import count

if TYPE_CHECKING:
    from bot.companion import Rolled

GAME_OVER_HINT = "Type `game new` to play again."
# Words a player may try for a command the table says otherwise
SAID_OTHERWISE = {
    "resign": "to give up the game, `concede`",
    "surrender": "to give up the game, `concede`",
    "forfeit": "to give up the game, `concede`",
    "exit": "`quit` leaves the table",
    "team": "at the table, teams are given with the game: `game new <system> <white> | <black>`",
    "d20": "that is how Discord says it (`/d20 move`); at the console a d20 explorer chess "
    "game takes the command alone (`move e2 e4`)",
    "chess28": "that is how Discord says it (`/chess28 move`); at the console a Chess28 game "
    "takes the command alone (`move W1 d3 N`)",
}
# Words that begin a line of a help without being commands ("no undo", "only ...")
NOT_VERBS = frozenset({"only", "the", "and"})
# The commands every table reads, beside each system's own (``verbs_of``)
TABLE_VERBS = frozenset(
    {"game", "new", "ai", "hint", "help", "status", "actions", "log", "export", "undo"}
    | {"concede", "board", "rules", "quit"}
)


@functools.cache
def verbs_of(plugin: SystemPlugin) -> frozenset[str]:
    """The command words of a system's table, read from its help (the first word of each of
    its commands: the help lists them all), with the words every table reads."""
    found = set(TABLE_VERBS)
    for line in plugin.help.splitlines():
        line = re.sub(r"^\s*[A-Z][A-Za-z ()]*:\s+", "", line)  # ("Setup:", "Companion (...):")
        for part in line.split("·"):
            first = re.match(r"\s*([a-z][a-z-]{2,})(?=\s|$)", part)  # (not `ddis=1`)
            if first is not None and first.group(1) not in NOT_VERBS:
                found.add(first.group(1))
    return frozenset(found)


def _ai_plays(seats: tuple[Player, ...], level: str, now: str) -> str:
    """Whom the AI plays: "The AI (easy) plays Black.", or "The AI plays no side{now}."."""
    if not seats:
        return f"The AI plays no side{now}."
    return f"The AI ({level}) plays {' and '.join(p.title for p in seats)}."


SHOWN_ACTIONS = 40


def refusal(e: RulesError) -> Reply:
    return Reply(sentence(e), ok=False, not_yours=isinstance(e, NotYourDecision))


class Table:
    """One game in progress (or none) of one system, and the commands that drive it."""

    def __init__(
        self, dice: Dice, state: Any = None, system: str | None = None, discord: bool = False
    ) -> None:
        self.dice = dice
        self.discord = discord  # prompts in Discord's words (buttons, slash commands)
        self.state = state
        self.plugin: SystemPlugin = systems.get(system)
        # The table companion's own decks and roll log (the console; Discord keeps them per
        # channel in the store).
        self.decks: dict[str, object] = {}
        self.roll_log: list[tuple[str, list[tuple[int, int]], int | None]] = []
        # The AI opponent (issue 17): its seats, level and whether hints are allowed. At the
        # console the table plays its turns itself after each command; in Discord the service
        # does, off the event loop.
        self.opponent = Opponent()
        # `game new` typed over a game under way: asked once more before the game is lost
        self.replacing: K.NewGame | None = None
        # the last game started at the console: `game new` alone plays it again (the same
        # system, teams or decks, and opponent), as the end of a game says
        self.last_new: K.NewGame | None = None
        # The console's output, for the AI's actions as they are played (None: all in the reply)
        self.emit: Callable[[str], None] | None = None
        # The position, its choices and the numbers (first, last) the last `actions` list
        # showed: a number typed that it did not show, or whose choice reads otherwise now (an
        # action since, the AI's reply), would choose what the player never saw
        self.listed: tuple[Any, tuple[Action, ...], int, int] | None = None
        # Where each of the person's commands began (the game's length before it), so that an
        # undo against the AI takes back one command whole: `move N2 h4` (Activate, then Move)
        # or `deploy auto` (a team), and no more (``opponent.take_back``)
        self.marks: list[int] = []

    @property
    def rules(self) -> Any:
        return self.plugin.rules

    # ---- entry points ----
    def run(self, line: str, player: Player | None = None) -> Reply:
        """Parse and run one typed command. ``player`` is who typed it; None means hot-seat
        (acts for whoever must decide). Bad input answers ok=False and changes nothing."""
        try:
            command = self.parse(line)
        except RulesError as e:
            return refusal(e)
        return self.execute(command, player)

    def execute(self, command: K.Command, player: Player | None = None) -> Reply:
        """Run one command: the same for the console, slash commands and buttons."""
        before = self.state
        if not isinstance(command, K.NewGame):
            self.replacing = None
        if not self.discord and self.ai_decides() and not isinstance(command, _WHILE_AI):
            return self._play_on(command, player)
        begun = -1 if before is None else len(self.rules.history(before))
        try:
            if self.over and command.system and not command.looks:  # (a system's action:
                raise GameOver("the game is over")  # before its words are read on the board)
            reply = self._execute(command, player)
        except GameOver as e:
            self.state = before
            result = self.rules.result(self.state) if self.state is not None else None
            if result is None or result.text.lower() in str(e).lower():
                return refusal(e)
            return refusal(GameOver(f"the game is over ({result.text})"))  # (who won, and why)
        except RulesError as e:
            self.state = before  # nothing half-applied
            return refusal(e)
        self._mark(command, begun)
        if reply.ok and not self.discord and self.ai_decides():
            if self.emit is not None:  # the person's reply first, then each AI action as played
                self.emit(reply.text)
                reply.text = self.ai_turns()
            else:
                more = self.ai_turns()
                reply.text = f"{reply.text}\n{more}" if more else reply.text
        return reply

    def _mark(self, command: K.Command, begun: int) -> None:
        """Keep where a command that added actions began (``marks``); a new game starts none,
        and an undo leaves only the marks of what is still played."""
        if self.state is None or begun < 0 or isinstance(command, K.NewGame):
            self.marks = []
            return
        length = len(self.rules.history(self.state))
        self.marks = [m for m in self.marks if m < length]
        if begun < length and not isinstance(command, K.Undo):
            self.marks = [*self.marks[-(MARKS - 1) :], begun]

    def _play_on(self, command: K.Command, player: Player | None) -> Reply:
        """A command typed while the console's AI still decides (its turn was stopped with
        Ctrl-C): the AI plays on first. Nothing is ever done for the AI's seat, nor shown of
        what it holds; a look runs once the AI is done, an action is not used (typed before
        its player saw the AI's moves)."""
        more = self.ai_turns()
        if not command.looks:
            note = f"(The AI played on first: your `{command.name}` was not used.)"
            return Reply("\n".join(x for x in (more, note) if x))
        reply = self.execute(command, player)
        if more:
            if self.emit is not None:
                self.emit(more)
            else:
                reply.text = f"{more}\n{reply.text}"
        return reply

    def ai_decides(self) -> bool:
        return self.state is not None and not self.over and self.opponent.plays(self.decider())

    def ai_turns(self, limit: int = MAX_WATCHED) -> str:
        """Play the AI's decisions while it decides (the console; both sides to watch)."""
        lines: list[str] = []
        played = 0
        for _ in range(limit):
            if not self.ai_decides():
                break
            played += 1
            if self.emit is not None and lines:  # (watching both sides: not all at the end)
                self.emit("\n".join(lines))
                lines = []
            state = self.game()
            who = self.decider()
            action = self.opponent.player().act(self.rules, state)
            secret = self.keeps_secret(who)  # (as it was chosen: an action may end the game)
            reply = self.act(action, who)
            title = who.title if who is not None else ""
            said = "\n".join(e.text for e in reply.events)
            if secret:  # the events alone: what the action was may be secret (the prompt
                if said:  # "<side>: the AI decides." before them says who is playing)
                    lines.append(said)
                continue
            # what it did, in the game's own words, headed by whose it is (the action's name
            # and the event after it said the same thing twice); its name when nothing is said
            lines.append(f"AI ({title}): {said or self.plugin.describe_action(state, action)}")
        return self.ending(lines) if played else ""

    def parse(self, line: str) -> K.Command:
        try:
            words = _split(line.strip())
        except ValueError as e:
            raise ParseError(f"I could not read that: {e}") from None
        if not words:
            raise ParseError("type `help` for the commands")
        verb, args = words[0].lower(), words[1:]
        if re.fullmatch(r"[+-]?[0-9]+", verb):
            try:  # (0, -1, a huge number: the range the game offers, not the field's bound)
                return K.build(K.PickAction, number=verb)
            except ParseError:
                raise ParseError(self.number_range()) from None
        if verb == "game" and args:
            verb, args = args[0].lower(), args[1:]
            if verb == "new":
                return self._parse_new(args)
        if verb == "ai":
            if len(args) > 2:
                raise ParseError("say `ai [white|black|both|off] [easy|medium|hard]`")
            if len(args) > 1:
                return K.build(K.AISeats, seats=args[0], level=args[1])
            if not args:  # (bare: who it plays, nothing changed)
                return K.AISeats()
            return K.build(K.AISeats, seats=args[0])
        if verb == "log" and args:
            if [a.lower() for a in args] != ["all"]:
                raise ParseError("say `log` (what happened lately) or `log all` (every action)")
            return K.ShowLog(every=True)
        if verb == "actions" and args:  # `actions 41`: from the 41st; `actions all`
            K.at_most(args, 1, "`actions`, `actions 41` or `actions all`")
            if args[0] == "0":
                raise ParseError("choices are numbered from 1: say `actions 41` or `actions all`")
            if args[0].lower() != "all" and not args[0].isdigit():
                raise ParseError(
                    "say `actions` (the first page), `actions 41` (from the 41st) or `actions all`"
                )
            return K.build(K.ListActions, start=0 if args[0].lower() == "all" else args[0])
        simple: dict[str, type[K.Command]] = {
            "hint": K.Hint,
            "help": K.Help,
            "status": K.ShowStatus,
            "actions": K.ListActions,
            "log": K.ShowLog,
            "export": K.Export,
            "undo": K.Undo,
            "concede": K.Concede,
        }
        if verb == "help" and args:  # `help chess28`: that system's; else this table's
            wanted = "-".join(args).lower()
            return K.Help(game=wanted if wanted in systems.SYSTEMS else "")
        if verb in simple:
            return simple[verb]()
        if verb == "new":
            return self._parse_new(args)
        if verb == "board":
            return K.build(K.ShowBoard, view=args[0] if args else None)
        command = self.plugin.parse(verb, args, self)
        if command is None and verb == "rules":  # (the glossary, when the system has no own)
            return K.build(K.LookUpTerm, term=" ".join(args) or None)
        if command is None and verb == "roll":  # (any dice, when the system has no `roll`)
            return K.RollDice(" ".join(args) or "1d20")
        if command is None:
            raise ParseError(self._unknown(verb))
        return command

    def _unknown(self, word: str) -> str:
        """Why a word is not a command here: another system's command (which one, and how to
        play it), or a near miss of one of this table's (`gam`, `trees mirorr`)."""
        verb = word.lower()
        if verb in SAID_OTHERWISE:
            return f"unknown command '{word}': {SAID_OTHERWISE[verb]}"
        if verb == "game":
            return (
                "say `game new <system>` (`game new` alone: the last game again, else Wargame "
                "Chess)"
            )
        mine = verbs_of(self.plugin)
        others = [
            o for o in systems.SYSTEMS.values() if o is not self.plugin and verb in verbs_of(o)
        ]
        if others and verb not in mine:
            now = (
                f"this game is {self.plugin.name}"
                if self.state is not None
                else (f"no game is in play (the table's commands are {self.plugin.name}'s)")
            )
            whose = " and ".join(o.name for o in others)
            starts = " or ".join(f"`game new {o.id}`" for o in others)
            return f"`{verb}` is a {whose} command, and {now}: {starts} starts one"
        near = process.extractOne(verb, sorted(mine - {verb}), scorer=fuzz.ratio, score_cutoff=70)
        guess = f" (did you mean `{near[0]}`?)" if near else ""
        return f"unknown command '{word}'{guess}: type `help` for the commands"

    @staticmethod
    def _parse_new(args: list[str]) -> K.Command:
        known = set(systems.SYSTEMS) | set(systems.PLANNED)
        if len(args) > 1 and f"{args[0]}-{args[1]}".lower() in known:  # `game new card game`
            args = [f"{args[0]}-{args[1]}", *args[2:]]
        if args and args[0].lower() in known:
            return K.NewGame(game=args[0].lower(), words=tuple(args[1:]))
        for n in range(min(5, len(args)), 0, -1):  # the system's name as shown, or a short form
            found = systems.named(" ".join(args[:n]))
            if found is not None:
                return K.NewGame(game=found, words=tuple(args[n:]))
        return K.NewGame(words=tuple(args))

    # ---- helpers for plugins ----
    def game(self) -> Any:
        if self.state is None:
            raise RulesError("there is no game at this table: start one with `game new`")
        return self.state

    def choices(self) -> list[Action]:
        """The legal actions now (none without a game, or once it is over)."""
        if self.state is None or self.over:
            return []
        return list(self.rules.legal_actions(self.state))

    def _unseen(self, number: int, acts: list[Action]) -> str:
        """Why choice ``number`` is not what the last `actions` list showed (with the choices
        as they are now, from the page that holds it), or "" when it is, or when no list was
        shown in this game (a prompt may name a number, as the card game's first does), or
        when it is on no list at all (then the plain range is said)."""
        if self.listed is None or not acts:
            return ""
        state, shown, first, last = self.listed
        seen = first <= number <= last  # (then also number <= len(shown))
        now = 1 <= number <= len(acts)
        page = 1 + SHOWN_ACTIONS * ((number - 1) // SHOWN_ACTIONS) if now else 1
        describe = self.plugin.describe_action
        if not seen:  # past the page shown (or on no list: the plain range is said)
            if not now:
                return ""
            lead = f"choice {number} was not on the list you saw; nothing was done. The choices "
            lead += f"from {page}"
        elif state is self.state or (
            now and describe(state, shown[number - 1]) == describe(self.state, acts[number - 1])
        ):
            return ""
        else:
            lead = (
                "the choices have changed since your last `actions` list, so that number is "
                "not what you saw; nothing was done. They are now"
            )
        return f"{lead} (type the number again):\n{self.list_actions(page)}"

    def number_range(self) -> str:
        """Why a number is not a choice now, and which numbers are."""
        result = self.rules.result(self.game())
        if result is not None:
            return f"the game is over ({result.text}): there is nothing to choose. {GAME_OVER_HINT}"
        return f"choose a number from 1 to {len(self.choices())} (see `actions`)"

    def keeps_secret(self, seat: Player | None) -> bool:
        """Whether the console keeps ``seat``'s secrets (its hand, its cards, the deck order):
        while the AI plays that seat and a person the other. Hot-seat, or watching the AI play
        both sides, one terminal sees everything."""
        return (
            not self.discord
            and self.plugin.hidden_information
            and self.opponent.plays(seat)
            and len(self.opponent.seats) == 1
            and not self.over
        )

    def decider(self) -> Player | None:
        return None if self.state is None else self.rules.decider(self.state)

    def who(self, player: Player | None) -> Player:
        """Who an adjustment is by: the player, or at the console whoever decides now."""
        if player is not None:
            return player
        return self.decider() or Player.WHITE

    def log_roll(self, label: str, rolled: Rolled) -> Reply:
        """A companion roll's answer, kept in the table's roll log (`rolls`, `rolls stats`)."""
        self.roll_log.append((label, rolled.faces, rolled.total))
        return Reply(rolled.text)

    def act(self, action: Action, player: Player | None) -> Reply:
        """Apply one action; a refused one raises ``RulesError`` and changes nothing."""
        self.state, events = self.rules.apply(self.game(), action, self.dice, player=player)
        return Reply(self.after(events), events=events)

    def act_all(
        self, actions: list[Action | Callable[[Any], Action]], player: Player | None
    ) -> Reply:
        """Apply several actions as one: all of them, or (on a refusal) none. An entry may be
        a function of the game so far that says the next action (an answer to the question
        the action before asked)."""
        state, events = self.game(), []
        for step in actions:
            action = step(state) if callable(step) else step
            state, more = self.rules.apply(state, action, self.dice, player=player)
            events.extend(more)
        self.state = state
        return Reply(self.after(events), events=events)

    def after(self, events: list[Event]) -> str:
        return self.ending([e.text for e in events])

    def ending(self, lines: list[str]) -> str:
        """``lines`` and then the prompt; the game's end said once, last."""
        result = self.rules.result(self.game())
        if result is not None:
            return "\n".join(game_over(lines, result.text))
        return "\n".join([*lines, self.prompt()])

    def prompt(self) -> str:
        state = self.game()
        result = self.rules.result(state)
        if result is not None:
            return f"Game over. {result.text}."
        who = self.decider()
        if who is not None and self.opponent.plays(who):
            return ai_decides_text(who, self.discord)
        if self.discord:
            return str(self.plugin.discord_prompt(state))
        return str(self.plugin.prompt(state))

    @property
    def over(self) -> bool:
        return self.state is not None and self.rules.result(self.state) is not None

    # ---- the commands every system shares ----
    def _execute(self, c: K.Command, player: Player | None) -> Reply:
        if c.system and c.system != self.plugin.id:
            raise RulesError(
                f"that is a command of another game system; this table plays {self.plugin.name}"
            )
        if isinstance(c, K.LookUpTerm):
            return Reply(glossary_answer(self.plugin.glossary(), c.term))
        if isinstance(c, K.Help):
            plugin = systems.get(c.game) if c.game else self.plugin
            if self.discord:
                return Reply(plugin.help)
            undo = AI_SECRET_HELP if plugin.hidden_information else AI_UNDO_HELP
            others = ", ".join(
                f"`help {o.id}`" for o in systems.SYSTEMS.values() if o is not plugin
            )
            return Reply(f"{plugin.help}\n{AI_HELP}{undo}\nThe other systems' commands: {others}.")
        if isinstance(c, K.NewGame):
            return self._new(c)
        if isinstance(c, K.RollDice):
            from bot.companion import roll_expression

            return self.log_roll(c.expression, roll_expression(c.expression, self.dice))
        if isinstance(c, K.ShowBoard):
            return self._show_board(c, player)
        if isinstance(c, K.AISeats):
            from rules.ai.players import level

            if not c.seats:  # `ai` alone changes nothing: it says who the AI plays, and how
                said = _ai_plays(self.opponent.seats, self.opponent.level, "")
                return Reply(
                    f"{said} Say `ai white`, `ai black`, `ai both` or `ai off`, with a level "
                    "if you like (`ai black hard`; easy, medium or hard)."
                )
            if c.seats.lower() in LEVEL_WORDS and not c.level:  # `ai easy`: the level alone
                seats, new_level = self.opponent.seats or (Player.BLACK,), level(c.seats)
            else:  # both checked before either changes
                seats, new_level = seats_from(c.seats), level(c.level or self.opponent.level)
            if (
                seats != self.opponent.seats
                and any(self.keeps_secret(p) for p in Player)
                and self.state is not None
                and self.rules.history(self.state)
            ):  # handing the AI's seat over would show its hand
                raise RulesError(
                    "the AI's hand is secret: in a game with secrets it keeps its side until "
                    "the game ends (its level may change: `ai easy`); start another with "
                    f"`game new {self.plugin.id}`"
                )
            handed = self._handed_over(self.opponent.seats, seats)
            if seats != self.opponent.seats:  # (whose commands the marks were is no longer so)
                self.marks = []
            self.opponent.seats, self.opponent.level = seats, new_level
            return Reply(_ai_plays(seats, new_level, " now") + handed)
        if isinstance(c, K.Hint):
            state = self.game()
            if not self.opponent.hints:
                raise RulesError(
                    f"this game was made without hints: start one with them, `game new "
                    f"{self.plugin.id} ai hints`"
                )
            if self.over:
                raise RulesError("the game is over: there is nothing to decide")
            if player is not None and player is not self.decider():
                raise RulesError("a hint is for the player who must decide now")
            return Reply(hint_text(self.plugin, state, self.opponent))
        if isinstance(c, K.ShowStatus):
            return Reply(self.ending([self.plugin.status_text(self.game())]))
        if isinstance(c, K.ListActions):
            return Reply(self.list_actions(c.start))
        if isinstance(c, K.PickAction):
            acts = self.choices()
            unseen = self._unseen(c.number, acts)
            if unseen:
                raise RulesError(unseen)
            if not 1 <= c.number <= len(acts):
                raise RulesError(self.number_range())
            return self.act(acts[c.number - 1], player)
        if isinstance(c, K.ShowLog):
            return Reply(self._log(c.every))
        if isinstance(c, K.Export):
            state = self.game()
            if self.plugin.hidden_information and not self.over:
                # (hot-seat too, as in Discord: the log holds the hands and the decks' order)
                raise RulesError(
                    "a game with secret cards (hands, the order of the decks) can be exported "
                    "once it is over"
                )
            if (
                self.plugin.shown_after_setup
                and self.opponent.person is not None
                and not self.plugin.choices_shown(state)
            ):  # (the export holds both teams: the AI's is secret until then, ruling R9)
                raise RulesError(
                    f"the AI's {self.plugin.choice_word} is shown once both are deployed: "
                    "export the game after that"
                )
            return Reply(self.rules.dumps(state))
        if isinstance(c, K.Undo):
            state = self.game()
            hist = self.rules.history(state)
            if self.plugin.hidden_information:  # (hot-seat too: a draw taken back and made
                raise RulesError(  # again would show the next cards of the deck)
                    "there is no undo in a game with secret cards: the cards an action drew "
                    "would be seen and then taken back"
                )
            if not hist:
                raise RulesError("there is nothing to undo")
            if self.opponent.seats:
                return self._take_back(state)
            self.state = self.rules.undo(state)
            # worded in the position it was chosen in (after it, a Move may read as a stay)
            return Reply(f"{taken_back(self.plugin, state, self.state, 1)}\n" + self.prompt())
        if isinstance(c, K.Concede):
            state = self.game()
            return self.act(self.plugin.concession(state, self.who(player)), player)
        return self.plugin.run(self, c, player)

    def _handed_over(self, before: tuple[Player, ...], after: tuple[Player, ...]) -> str:
        """The lines naming a side's choice that the AI gives up to the person before the
        choices are shown (ruling R9: the person never saw it); "" when there is none."""
        state = self.state
        if state is None or not self.plugin.shown_after_setup or self.over:
            return ""
        if self.plugin.choices_shown(state):
            return ""
        word = self.plugin.choice_word
        return "".join(
            f"\n{seat.title}'s {word}, yours to play now: {self.plugin.choice_shown(state, seat)}"
            for seat in before
            if seat not in after
        )

    def _log(self, every: bool) -> str:
        """The log: the last LOG_ACTIONS actions' events (at most LOG_LINES lines), said to be
        the last when there were more; ``every``: all game (the console)."""
        hist = self.rules.history(self.game())
        steps = hist if every else hist[-LOG_ACTIONS:]
        lines = [e.text for st in steps for e in st.events]
        if not lines:
            return "Nothing has happened yet."
        if every:
            return "\n".join(lines)
        if len(steps) == len(hist) and len(lines) <= LOG_LINES:
            return "\n".join(lines)
        more = "" if self.discord else "; `log all` for every one"
        so_far = "" if self.over else " so far"  # (a finished game's are all there are)
        head = f"The last lines of {count(len(hist), 'action')}{so_far}{more}:"
        return "\n".join([head, *lines[-LOG_LINES:]])

    def _take_back(self, state: Any) -> Reply:
        """Undo against the AI: back to the person's last decision, the AI's replies too."""
        if len(self.opponent.seats) > 1:
            raise RulesError("the AI plays both sides: there is no action of yours to take back")
        before, n, mine = take_back(self.rules, state, self.opponent, self.marks)
        if n == 0:
            raise RulesError("you have made no action yet to take back")
        done = taken_back(self.plugin, state, before, n, mine)
        self.state = before
        return Reply(f"{done}\n" + self.prompt())

    def _show_board(self, c: K.ShowBoard, player: Player | None) -> Reply:
        state = self.game()
        person = self.opponent.person  # against the AI: the person's side
        if not self.opponent.seats and not self.discord:  # hot-seat: whoever decides now
            person = self.decider()  # (in Discord a spectator sees White's side, as the game)
        if c.view is not None:
            view: Player | None = c.view
        elif player is not None:
            view = player
        else:
            view = Player.WHITE if person is None else person
        if self.keeps_secret(view):  # the AI's side: the board as anyone may see it
            view = None
        if self.discord and self.plugin.hidden_information:
            # In Discord a player sees their own side only, a spectator no side: secrets stay
            # with their owner (the console is one terminal and shows everything).
            view = player
        text = self.plugin.board_text(state, view)
        if self.discord:  # a fixed-width block, so the columns line up on every screen
            text = f"```\n{text.replace('```', '')}\n```"
        secret = "" if view is None else self.plugin.private_text(state, view)
        if secret and self.plugin.hidden_information:
            text = f"{text}\n{secret}"
        result = self.rules.result(state)
        if result is not None:  # (a finished game's board says how it ended)
            text = f"{text}\nGame over. {result.text}."
        return Reply(text, image=self.plugin.board_png(state, view))

    def list_actions(self, start: int = 1) -> str:
        """The legal choices numbered: SHOWN_ACTIONS of them from the ``start``-th (0: all),
        and how to list the rest."""
        state = self.game()
        acts = self.rules.legal_actions(state)
        if not acts:
            return self.prompt()
        if start > len(acts):
            raise RulesError(f"{count(len(acts), 'choice')} now: `actions` lists them")
        first = max(start, 1)
        end = len(acts) if start == 0 else min(len(acts), first - 1 + SHOWN_ACTIONS)
        self.listed = (state, tuple(acts), first, end)  # (the numbers a player may now type)
        lines = [
            f"{i}. {self.plugin.describe_action(state, acts[i - 1])}" for i in range(first, end + 1)
        ]
        if end < len(acts):
            lines.append(
                f"... and {len(acts) - end} more: `actions {end + 1}` lists the next, "
                "`actions all` every one"
            )
        return "\n".join(lines)

    def _new(self, c: K.NewGame) -> Reply:
        if not c.game and not c.words and not self.discord and self.last_new is not None:
            c = self.last_new  # `game new` alone: the same game again
        plugin = systems.get(c.game or None)
        opponent, words, after_ai = split_words(c.words, plugin.value_words)
        # the console may name local files (e.g. a faction file per side)
        read = plugin.options_from_words if self.discord else plugin.console_options
        try:
            state, intro = _start(plugin, read, words)
        except RulesError:
            if after_ai and _starts(plugin, read, tuple(w for w in words if w != after_ai)):
                raise ParseError(
                    f"'{after_ai[:20]}' is not a level for the AI: choose easy, medium or hard"
                ) from None
            if not c.game and words and _starts(plugin, read, words[1:]):
                # (the first word was meant as a system: `game new chess`)
                raise ParseError(
                    f"'{words[0][:20]}' is not a game system here: choose one of "
                    f"{', '.join(systems.SYSTEMS)}, as in `game new chess28`"
                ) from None
            raise
        if (
            not self.discord
            and self.state is not None
            and not self.over
            and self.rules.history(self.state)
            and self.replacing != c
        ):  # one stray line would lose a game under way (asked once its words are good)
            self.replacing = c
            raise RulesError(
                f"a game of {self.plugin.name} is under way and would be lost: type the same "
                "`game new` again to start the new one anyway, or `concede` first"
            )
        self.replacing = None
        self.last_new = K.NewGame(game=plugin.id, words=c.words)
        self.plugin, self.state, self.opponent = plugin, state, opponent
        self.listed = None
        intro = ai_choice_hidden(plugin, intro, opponent.seats)
        if opponent.seats:
            sides = " and ".join(p.title for p in opponent.seats)
            intro += f"{chr(10) if intro else ''}The AI ({opponent.level}) plays {sides}."
        if opponent.hints:
            intro += f"{chr(10) if intro else ''}Hints are allowed: type `hint`."
        return Reply(
            f"New game of {plugin.name}.\n" + (f"{intro}\n" if intro else "") + self.prompt()
        )


# The log shows the last LOG_ACTIONS actions, at most LOG_LINES lines of what they did
LOG_ACTIONS = 10
LOG_LINES = 30

# What may be asked while the console's AI decides, without letting it play on first
_WHILE_AI = (K.AISeats, K.NewGame, K.Help)


def _split(line: str) -> list[str]:
    """A typed line's words, quotes grouping them; an apostrophe inside a word ("Pawn's
    Gambit", as the card game prints it) is part of the word, not an opening quote."""
    try:
        return shlex.split(line)
    except ValueError:
        return shlex.split(re.sub(r"(?<=\w)'(?=\w)", r"\'", line))


def _start(plugin: SystemPlugin, read: Any, words: tuple[str, ...]) -> tuple[Any, str]:
    """A new game from a system's words: its first state and what its options say; raises
    ``RulesError`` for words the system cannot read or a game they cannot make."""
    options = read(words)
    state = plugin.new_game({}, options)
    return state, plugin.describe_options({**plugin.ready_options, **options})


def _starts(plugin: SystemPlugin, read: Any, words: tuple[str, ...]) -> bool:
    """Whether a system starts a game from these words."""
    try:
        _start(plugin, read, words)
    except RulesError:
        return False
    return True

"""The AI opponent at the table (issue 17): which seats it plays, at which level, whether the
game allows hints, and the words for its moves and hints. The search itself is pure
(``rules.ai``); this module only words it and keeps the choices a game was made with.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.plugin import SystemPlugin
from rules.ai.players import DEFAULT_LEVEL, AIPlayer, level
from rules.core.board import Player
from rules.core.chance import TooManyOutcomes
from rules.core.errors import ParseError, RulesError

LEVEL_WORDS = ("easy", "medium", "hard")
SEAT_WORDS = {
    "white": (Player.WHITE,),
    "black": (Player.BLACK,),
    "both": (Player.WHITE, Player.BLACK),
    "off": (),
    "none": (),
}
AI_HELP = (
    "Against the AI: `game new <system> ai [white|black|both] [easy|medium|hard] [hints]` "
    "(the AI plays Black unless you name its side; `both` to watch it play itself); during a "
    "game `ai black hard` changes its side or level, `ai off` lets people play both sides; "
    "`hint` shows the AI's suggestion for your decision in a game made with `hints`."
)
# In a game with secret cards the AI's side is kept: handing it over would show its hand
AI_SECRET_HELP = (
    " In this game the AI keeps its side until the game ends (its hand is secret: `ai off` or "
    "another side would show it to you); `ai easy|medium|hard` changes its level."
)
# (undo is for games without secrets: the cards an action drew would be seen, then taken back)
AI_UNDO_HELP = (
    " `undo` takes back your last command, all it did (a Wargame Chess `move` Activates and "
    "Moves), and the AI's replies after it."
)
# /help's line on practice in Discord
PRACTICE_HELP = (
    "No opponent at hand? `/game new` with me (the bot) as the opponent starts a practice game: "
    "`level` easy, medium or hard; `hints` allows `/game hint`; `side:Black` and I play White."
)
MAX_WATCHED = 3000  # actions the AI plays in one go when it plays both sides


@dataclass
class Opponent:
    """The AI's seats and level in one game, and whether hints are allowed."""

    seats: tuple[Player, ...] = ()
    level: str = DEFAULT_LEVEL
    hints: bool = False
    seed: int = 0
    players: dict[str, AIPlayer] = field(default_factory=dict, repr=False)

    def player(self) -> AIPlayer:
        if self.level not in self.players:
            self.players[self.level] = AIPlayer(self.level, self.seed)
        return self.players[self.level]

    def plays(self, seat: Player | None) -> bool:
        return seat is not None and seat in self.seats

    @property
    def person(self) -> Player | None:
        """The person's seat while the AI plays the other (None: people on both seats, or the
        AI on both)."""
        return self.seats[0].other if len(self.seats) == 1 else None

    def to_meta(self) -> dict[str, Any]:
        return {"seats": [p.title for p in self.seats], "level": self.level, "hints": self.hints}

    @classmethod
    def from_meta(cls, d: Any) -> Opponent:
        if not isinstance(d, dict):
            return cls()
        seats = tuple(Player.parse(str(t)) for t in d.get("seats", []))
        return cls(seats, level(d.get("level")), bool(d.get("hints", False)))


def seats_from(word: str) -> tuple[Player, ...]:
    key = word.strip().lower()
    if key not in SEAT_WORDS:
        raise ParseError(f"'{key[:20]}' is not a side for the AI: say white, black, both or off")
    return SEAT_WORDS[key]


def split_words(
    words: tuple[str, ...], value_words: Collection[str] = ()
) -> tuple[Opponent, tuple[str, ...], str]:
    """``game new <system> ai [white|black|both] [easy|medium|hard] [hints]``: the AI's words
    taken out of a new game's words; the rest are the system's own. A level alone (``game new
    easy``) means ``ai`` at that level. The third value is the word that came right after
    ``ai`` (and its side) when it is not one of the AI's words, else "": if the system does not
    know it either, it was meant as a level. The word after one of the system's
    ``value_words`` (d20 explorer chess's ``deck NAME``) is that option's value, never the
    AI's."""
    opp = Opponent()
    rest: list[str] = []
    it = [w.lower() for w in words]
    after_ai = ""
    seats: tuple[Player, ...] | None = None  # None: not named
    i = 0
    while i < len(it):
        w = it[i]
        if w in value_words and i + 1 < len(it):  # the option and its value, as typed
            rest += [words[i], words[i + 1]]
            i += 2
            continue
        if w == "ai":
            seats = (Player.BLACK,) if seats is None else seats
            if i + 1 < len(it) and it[i + 1] in SEAT_WORDS:
                seats = SEAT_WORDS[it[i + 1]]
                i += 1
            nxt = it[i + 1] if i + 1 < len(it) else ""
            if nxt and nxt not in (*LEVEL_WORDS, *value_words, "hints", "hint", "ai"):
                after_ai = words[i + 1]
        elif w in LEVEL_WORDS:
            opp.level = w
            seats = (Player.BLACK,) if seats is None else seats
        elif w in ("hints", "hint"):
            opp.hints = True
        else:
            rest.append(words[i])
        i += 1
    opp.seats = seats or ()
    return opp, tuple(rest), after_ai


# The starts of the person's last commands kept for undo (``take_back``'s ``marks``)
MARKS = 20


def with_mark(meta: Mapping[str, Any], begun: int) -> dict[str, Any]:
    """A practice game's meta with one more command's start (``begun``, the game's length
    before it) among its ``marks``; marks of what is no longer played are dropped."""
    kept = [int(m) for m in meta.get("marks", []) if int(m) < begun]
    return {**meta, "marks": [*kept[-(MARKS - 1) :], begun]}


def take_back(
    rules: Any, state: Any, opponent: Opponent, marks: Sequence[int] = ()
) -> tuple[Any, int, int]:
    """Undo in a game against the AI: the state before the person's last command (``marks``:
    where each of the person's commands began, the game's length then: one command may make
    several actions, `move N2 h4` an Activation and its Move, "Deploy automatically" a whole
    team) or, without marks, their last action; the AI's actions since taken back with it
    (else the AI would play again at once, with new dice); how many actions that is, and how
    many of them are the person's. (``state``, 0, 0) when the person has made none yet."""
    seen = rules.positions(state)
    start = _command_start(rules, state, seen, opponent, marks)
    if start is None:
        return state, 0, 0
    mine = sum(1 for w, _ in seen[start:] if not opponent.plays(w))
    return seen[start][1], len(seen) - start, mine


def _command_start(
    rules: Any, state: Any, seen: Sequence[Any], opponent: Opponent, marks: Sequence[int]
) -> int | None:
    """Where the person's last command began in ``seen`` (``rules.positions``): the last of
    ``marks`` still in the game that is the person's, else (no marks: a game saved before
    them) their last action, or their last run of setup placements (None: they made none)."""
    for m in reversed(marks):
        if 0 <= m < len(seen) and not opponent.plays(seen[m][0]):
            return m
    acts = [step.action for step in rules.history(state)]
    for i in range(len(seen) - 1, -1, -1):
        who = seen[i][0]
        if opponent.plays(who):
            continue
        # A run of the person's own setup placements is taken back whole: "Deploy
        # automatically" places a team with one click (undo took back one piece of eight).
        start = i
        while (
            start > 0
            and seen[start - 1][0] == who
            and acts[start - 1].name == acts[start].name
            and rules.setting_up(seen[start - 1][1])
            and rules.setting_up(seen[start][1])
        ):
            start -= 1
        return start
    return None


# An undo says at most this many of the lines of what the undone action did
UNDONE_LINES = 3


def taken_back(plugin: SystemPlugin, state: Any, before: Any, n: int, mine: int = 1) -> str:
    """What an undo took back from ``state`` to ``before`` (``n`` actions, ``mine`` of them the
    person's): the first one, worded in the position it was chosen in, what it did (the
    result, not only the odds it was chosen by), how many more of the person's (a whole
    deployment), and how many of the AI's actions were taken back with it."""
    step = plugin.rules.history(state)[-n]
    done = plugin.describe_action(before, step.action)
    did = [e.text.rstrip(".") for e in step.events if e.text]
    also = f" and your {mine - 1} actions after it" if mine > 2 else ""
    also = " and your action after it" if mine == 2 else also
    text = f"Undid: {done}{also}."
    if len(did) > 1:  # (one line only restates the action)
        more = "; ..." if len(did) > UNDONE_LINES else ""
        text += f" It had done: {'; '.join(did[:UNDONE_LINES])}{more}."
    theirs = n - mine
    if theirs == 1:
        text += " The AI's action after it is taken back too."
    elif theirs > 1:
        text += f" The AI's {theirs} actions after it are taken back too."
    return text


def ai_decides_text(seat: Player, discord: bool = True) -> str:
    """What a game says while the AI decides for ``seat`` (there is nothing for a person to
    do, and its own prompt could show its hand)."""
    return f"The AI ({seat.title}) decides." if discord else f"{seat.title}: the AI decides."


def _pct(p: Any) -> str:
    return f"{p} ({float(p):.1%})"


def hint_text(plugin: SystemPlugin, state: Any, opp: Opponent) -> str:
    """The AI's suggestion for the decision now: the action, its expected value and the exact
    odds behind it, and the next best choices."""
    rules = plugin.rules
    choice = opp.player().choose(rules, state)
    who = rules.decider(state)
    then = _then(plugin, state, choice.action, opp)
    lines = [
        f"Hint for {who.title if who is not None else 'nobody'} ({opp.level} AI): "
        f"{plugin.describe_action(state, choice.action)}{then}, expected value "
        f"{_whole(choice.value)} (for you: +1000 is a win, -1000 a loss; in between, the AI's "
        "judgement of your pieces and threats against your opponent's)."
    ]
    odds = plugin.rules.odds(state, choice.action)
    if odds:
        lines.append("Exact odds: " + ", ".join(f"{k} {_pct(v)}" for k, v in odds.items()) + ".")
    others = choice.ranked[1:3]
    if others:
        lines.append(
            "Next best: "
            + "; ".join(
                f"{plugin.describe_action(state, r.action)} "
                f"({_whole(r.value)}{'' if r.exact else ' at best'})"
                for r in others
            )
            + "."
        )
    return "\n".join(lines)


def _whole(value: float) -> str:
    """A value in whole points with its sign ("+96", "+0", never "-0")."""
    return f"{round(value):+d}"


def _then(plugin: SystemPlugin, state: Any, action: Any, opp: Opponent) -> str:
    """The AI's next choice when the same player decides again at once, with no dice between
    (a piece chosen, then its Move or Attack): ", then <it>"; "" otherwise."""
    rules = plugin.rules
    if plugin.hidden_information:  # (a draw has one outcome too: the deck's next card, which
        return ""  # the player must not learn from a hint)
    try:
        outs = rules.outcomes(state, action, limit=1)
    except (TooManyOutcomes, RulesError):
        return ""
    if len(outs) != 1:
        return ""
    nxt = outs[0][1]
    if rules.result(nxt) is not None or rules.decider(nxt) is not rules.decider(state):
        return ""
    follow = opp.player().choose(rules, nxt)
    return f", then {plugin.describe_action(nxt, follow.action)}"


def ai_choice_hidden(plugin: SystemPlugin, text: str, seats: tuple[Player, ...]) -> str:
    """``text`` (a game's options said as lines like "Black: <team>") with the AI's own
    choice left out where the choices are shown only once setup is done (Wargame Chess:
    ruling R9): the person may deploy first."""
    if not plugin.shown_after_setup or len(seats) != 1:
        return text
    (seat,) = seats
    return "\n".join(
        f"{seat.title}: the AI's {plugin.choice_word}, its list shown once both are deployed (its "
        "pieces are seen as they are placed)"
        if line.startswith(f"{seat.title}: ")
        else line
        for line in text.split("\n")
    )

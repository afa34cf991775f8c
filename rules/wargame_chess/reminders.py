"""Which faction rules apply now: reminders for the moments the last action passed.

The engine cannot enforce a faction's free-text rules, but it knows the moments they name. After
each action the moments it passed (a turn's end and start, an Activation's start and end, an
Attack, a slaying, between Activations) give the rules to remind, in the rules' order: faction
rules, then upgrades, then piece rules, the players alternating one rule at a time from the one
who goes first at that moment (rulings R93-R95). Adjustments made to apply them (tokens, Blessings,
Divination, ...) keep the reminders showing until the game moves on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.history import Event, Step
from rules.wargame_chess.board import Player
from rules.wargame_chess.faction_rules import Moment, RuleText, Side
from rules.wargame_chess.state import (
    Decision,
    GameState,
    Phase,
    Zone,
)
from rules.wargame_chess.teams import PieceOption, TeamList

# Actions made only within a Re/Activation: if one leaves no Activation open, it ended. (A card
# choice can come between Activations too, so it is not one of them.)
IN_ACTIVATION = {
    "activate",
    "move",
    "attack",
    "use_token",
    "combat_move",
    "promote",
    "castle",
    "decline",
    "move_aside",
}


@dataclass(frozen=True, slots=True)
class Reminder:
    player: Player  # whose rule it is
    source: str  # "faction rule", "upgrade" or the piece option's name
    rule: RuleText
    moment: Moment


@dataclass(frozen=True, slots=True)
class _At:
    moment: Moment
    lead: Player  # who goes first (the acting player for sided moments)
    piece: str = ""  # the acting piece (Activating, attacking, slaying)
    other: str = ""  # the piece acted on (defender, slain)


def _moments(state: GameState, step: Step) -> list[_At]:
    out: list[_At] = []
    last_piece = _last_activated(state)
    ended = (
        step.action.name in IN_ACTIVATION
        and state.activation is None
        and last_piece is not None
        and state.phase in (Phase.PLAY, Phase.OVER)
    )
    events: list[Event] = list(step.events)
    turn_end_at = next((i for i, e in enumerate(events) if e.kind == "turn_end"), len(events))
    for i, e in enumerate(events):
        if i == turn_end_at and ended:
            out += _activation_end(state, last_piece)
            ended = False
        if e.kind == "turn_start":
            out.append(_At(Moment.TURN_START, Player.parse(str(e.get("first")))))
        elif e.kind == "turn_end":
            last = state.last_activator
            out.append(_At(Moment.TURN_END, (state.to_act if last is None else last).other))
        elif e.kind == "activated":
            key = str(e.get("piece"))
            out.append(_At(Moment.ACTIVATION_START, state.piece(key).owner, key))
            p = state.pending
            if p is not None and p.decision is Decision.ACT and p.piece == key:
                # The attacker's own "on an Attack" rules come before it Attacks (R94).
                out.append(_At(Moment.ATTACK, state.piece(key).owner, key))
        elif e.kind == "attack":
            key, target = str(e.get("piece")), str(e.get("target"))
            out.append(_At(Moment.ATTACK, state.piece(key).owner, "", target))
        elif e.kind == "slain":
            slain = state.piece(str(e.get("piece")))
            slayer = e.get("slayer")
            out.append(_At(Moment.SLAY, slain.owner.other, str(slayer or ""), slain.key))
    if ended:
        out += _activation_end(state, last_piece)
    return out


def _activation_end(state: GameState, key: str | None) -> list[_At]:
    if key is None:
        return []
    owner = state.piece(key).owner
    return [_At(Moment.ACTIVATION_END, owner, key), _At(Moment.BETWEEN, owner, key)]


def _last_activated(state: GameState) -> str | None:
    for step in reversed(state.history):
        for e in reversed(step.events):
            if e.kind == "activated":
                return str(e.get("piece"))
    return None


def _applies(rule: RuleText, moment: Moment, player: Player, at: _At) -> bool:
    if rule.when is not moment:
        return False
    if moment in (Moment.TURN_START, Moment.TURN_END):
        return True
    own = player is at.lead
    if moment is Moment.ATTACK and (own != bool(at.piece)):
        return False  # the attacker's before it Attacks; the defender's once it is Attacked
    return rule.side is Side.ANY or (rule.side is Side.OWN) == own


def _for(state: GameState, at: _At, player: Player) -> tuple[list[Reminder], ...]:
    """One player's faction rules, upgrades and piece rules for a moment."""
    team = state.config.teams[player]
    faction = [
        Reminder(player, "faction rule", r, at.moment)
        for r in team.faction.rules
        if _applies(r, at.moment, player, at)
    ]
    upgrades = [
        Reminder(player, "upgrade", u.rule, at.moment)
        for name in team.upgrades
        if (u := team.faction.upgrade(name)).rule is not None
        and _applies(u.rule, at.moment, player, at)
    ]
    pieces: list[Reminder] = []
    watched: list[tuple[PieceOption, Side | None]]
    if at.moment in (Moment.TURN_START, Moment.TURN_END):
        on = {p.option for p in state.pieces_of(player, Zone.BOARD)}
        watched = [(o, None) for o in team.faction.options if o.name in on]
    else:  # a piece rule watches its own piece: the acting one (own) or the one acted on
        watched = []
        for key, role in ((at.piece, Side.OWN), (at.other, Side.ENEMY)):
            if key and (p := state.piece(key)).owner is player:
                watched.append((team.faction.option(p.option), role))
    for option, watch in watched:
        pieces += [
            Reminder(player, option.name, r, at.moment)
            for r in option.texts
            if r.when is at.moment and (watch is None or r.side in (watch, Side.ANY))
        ]
    return faction, upgrades, pieces


def reminders(state: GameState) -> list[Reminder]:
    """The faction rules the last action brought round, in the order they resolve."""
    if not any(has_rules(t) for t in state.config.teams):
        return []  # e.g. two Standard teams: nothing to remind
    step = _last_move(state)
    if step is None:
        return []
    waiting = state.faith.counting
    if waiting is not None:
        # the player asked to apply their rules before the points are counted: theirs alone
        return [r for r in at_the_count(state) if r.player is waiting.player]
    return _in_order(state, _moments(state, step))


def _in_order(state: GameState, moments: list[_At]) -> list[Reminder]:
    """The rules of these moments, in the order they resolve (R93-R95)."""
    out: list[Reminder] = []
    for at in moments:
        mine = _for(state, at, at.lead)
        theirs = _for(state, at, at.lead.other)
        for a, b in zip(mine, theirs, strict=True):
            for i in range(max(len(a), len(b))):
                out += a[i : i + 1] + b[i : i + 1]
    return out


def at_the_count(state: GameState) -> list[Reminder]:
    """While the points of turn 10 wait to be counted (revision 6, R93): the rules still to
    apply, in the order they resolve. They are those of every moment passed since turn 10
    ended (the last Activation's end, between Activations, a slaying, the turn's end, and any
    a card's effect brings round during the count; adjustments, made to apply rules, bring
    none), as things stand now: a piece's rule for its own Activation goes with the piece, and
    a player who has counted has applied what came before."""
    if not any(has_rules(t) for t in state.config.teams):
        return []
    hist = state.history
    start = next(
        (
            i
            for i in range(len(hist) - 1, -1, -1)
            if any(e.kind == "turn_end" for e in hist[i].events)
        ),
        None,
    )
    if start is None:
        return []
    counted: dict[Player, int] = {}
    for i in range(start, len(hist)):
        for e in hist[i].events:
            if e.kind == "chose" and e.get("counted"):
                counted[Player.parse(str(e.get("counted")))] = i
    on_board = {p.key for p in state.pieces if p.zone is Zone.BOARD}
    out: list[Reminder] = []
    for i in range(start, len(hist)):
        step = hist[i]
        if getattr(step.action, "adjustment", False):
            continue
        moments = [
            replace(at, piece="")
            if at.moment in _OWN_ACTIVATION and at.piece not in on_board
            else at
            for at in _moments(state, step)
        ]
        out += [
            r for r in _in_order(state, moments) if i > counted.get(r.player, -1) and r not in out
        ]
    return out


# the moments whose piece rules watch the acting piece for its own Activation
_OWN_ACTIVATION = (Moment.ACTIVATION_START, Moment.ACTIVATION_END, Moment.BETWEEN, Moment.ATTACK)


def has_rules(team: TeamList) -> bool:
    f = team.faction
    return bool(f.rules or team.upgrades or any(o.texts for o in f.options))


def _last_move(state: GameState) -> Step | None:
    """The last step that moved the game on (adjustments made to apply rules are skipped)."""
    for step in reversed(state.history):
        if not getattr(step.action, "adjustment", False):
            return step
    return None


def activation_rules(state: GameState, key: str, attacking: bool) -> bool:
    """Whether a rule applies at the start of this piece's Activation, or before it Attacks
    (then Activating and acting at once would skip it)."""
    piece = state.piece(key)
    moments = [_At(Moment.ACTIVATION_START, piece.owner, key)]
    if attacking:
        moments.append(_At(Moment.ATTACK, piece.owner, key))
    return any(any(group) for at in moments for pl in Player for group in _for(state, at, pl))

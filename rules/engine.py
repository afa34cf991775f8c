"""The Wargame Chess referee: legal actions, checking, applying and replaying.

- ``new_game(white, black)`` gives the starting state (team lists validated).
- ``legal_actions(state)`` lists what the player who must decide (``state.decider``) may do now,
  including decisions in the middle of an Attack.
- ``check(state, action)`` raises ``IllegalAction`` with a readable reason, changing nothing.
- ``apply(state, action, dice)`` checks, then returns the new state and the events. Every die
  rolled is recorded in the new state's history, so ``replay`` rebuilds an identical state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from rules import actions as A
from rules.board import (
    ALL_SQUARES,
    SCATTER_DIRECTIONS,
    Player,
    Square,
    Terrain,
    deployment_zone,
    in_board_half,
    in_deployment_zone,
    mirror,
    rank_from_own_side,
)
from rules.cards import jokers_removed
from rules.dice import Dice, RecordingDice, RollResult, RollSpec, ScriptedDice
from rules.effects import effects_in_force
from rules.errors import GameOver, IllegalAction, NotYourDecision, ReplayError
from rules.geometry import (
    attack_paths,
    explain_attack,
    explain_move,
    free_adjacent,
    is_free,
    move_paths,
)
from rules.odds import AttackOdds, attack_odds
from rules.pieces import CHESS_SET, CommonRule, Kind
from rules.state import (
    LAST_TURN,
    PLAYING_CARDS,
    ActivationInfo,
    AttackInfo,
    Decision,
    EffectStep,
    EndReason,
    Event,
    FaithState,
    GameConfig,
    GameState,
    Outcome,
    Pending,
    Phase,
    Piece,
    RollEffect,
    RollEffectKind,
    Step,
    Token,
    Until,
    Zone,
)
from rules.teams import TeamList, quantity_cap

MAX_PLACEMENT_TRIES = 64  # WC-8: random placement and Scatter give up after this many re-rolls


# ---------------------------------------------------------------------------------------------
# New game
# ---------------------------------------------------------------------------------------------
def build_pieces(team: TeamList, owner: Player) -> list[Piece]:
    """The team's pieces with distinct labels (P1..P8, N1, N2, ...), in rank order."""
    pieces: list[Piece] = []
    per_letter: dict[str, int] = {}
    counts = team.counts()
    for opt in team.faction.options:
        n = counts.get(opt.name.lower(), 0)
        for _ in range(n):
            letter = opt.kind.letter
            per_letter[letter] = per_letter.get(letter, 0) + 1
            label = f"{letter}{per_letter[letter]}"
            pieces.append(
                Piece(
                    key=f"{owner.title} {label}",
                    label=label,
                    owner=owner,
                    kind=opt.kind,
                    option=opt.name,
                    rank=team.faction.rank_of(opt.name),
                    legendary=opt.legendary,
                    rules=opt.common_rules,
                )
            )
    return pieces


def new_game(
    white: TeamList,
    black: TeamList,
    *,
    tree_first: Player | None = None,
    star_one_each: bool = False,
) -> GameState:
    white.validate()
    black.validate()
    config = GameConfig(teams=(white, black), tree_first=tree_first, star_one_each=star_one_each)
    return initial_state(config)


def initial_state(config: GameConfig) -> GameState:
    pieces = build_pieces(config.teams[0], Player.WHITE) + build_pieces(
        config.teams[1], Player.BLACK
    )
    faith = _faith_setup(pieces)
    if config.start is not None:
        return replace(_start_from_position(config, pieces), faith=faith)
    if config.tree_first is None:
        return GameState(config=config, phase=Phase.TREE_ORDER, pieces=tuple(pieces), faith=faith)
    return GameState(
        config=config,
        phase=Phase.TREES,
        pieces=tuple(pieces),
        tree_first=config.tree_first,
        to_act=config.tree_first,
        faith=faith,
    )


def _faith_setup(pieces: list[Piece]) -> FaithState:
    """Decks are set up for every game (WC-28). One or two Joker pieces set one Joker card aside
    face up; three or more set both aside."""
    jokers = sum(1 for p in pieces if p.kind is Kind.JOKER)
    aside = tuple(range(52, 52 + jokers_removed(jokers)))
    deck = tuple(c for c in range(PLAYING_CARDS) if c not in aside)
    return FaithState(cards_deck=deck, cards_face_up=aside)


def _start_from_position(config: GameConfig, pieces: list[Piece]) -> GameState:
    start = config.start
    assert start is not None
    where = dict(start.placements)
    placed = [
        replace(p, zone=Zone.BOARD, square=where[p.key]) if p.key in where else p for p in pieces
    ]
    squares = [s for _, s in start.placements] + [s for s, _ in start.terrain]
    if len(set(squares)) != len(squares):
        raise IllegalAction("the starting position puts two things on one square")
    unknown = set(where) - {p.key for p in pieces}
    if unknown:
        raise IllegalAction(f"the starting position names unknown pieces: {sorted(unknown)}")
    return GameState(
        config=config,
        phase=Phase.PLAY,
        pieces=tuple(placed),
        terrain=tuple(sorted(start.terrain)),
        turn=1,
        to_act=start.first,
        first_activator=start.first,
    )


# ---------------------------------------------------------------------------------------------
# The transaction: a mutable working copy; nothing reaches a state unless the action completes
# ---------------------------------------------------------------------------------------------
class Transaction:
    """Working copy of a state while one action is applied. Effects change the game through
    these methods only. If anything raises, the working copy is dropped and nothing changed."""

    def __init__(self, state: GameState, dice: Dice) -> None:
        self.state = state
        self.config = state.config
        self.pieces: dict[str, Piece] = dict(state.by_key)
        self.terrain: dict[Square, Terrain] = dict(state.terrain)
        self.phase = state.phase
        self.turn = state.turn
        self.tree_first = state.tree_first
        self.to_act = state.to_act
        self.first_activator = state.first_activator
        self.last_activator = state.last_activator
        self.started = state.started
        self.activation = state.activation
        self.attack = state.attack
        self.pending = state.pending
        self.effects = state.effects
        self.outcome = state.outcome
        self.faith = state.faith
        self.events: list[Event] = []
        self.dice = RecordingDice(dice)
        self._board: dict[Square, Piece] | None = None
        self.leaders_slain: set[Player] = set()

    # ---- reading ----
    def board(self) -> dict[Square, Piece]:
        if self._board is None:
            self._board = {
                p.square: p for p in self.pieces.values() if p.zone is Zone.BOARD and p.square
            }
        return self._board

    def piece(self, key: str) -> Piece:
        return self.pieces[key]

    def on_board(self, player: Player | None = None) -> list[Piece]:
        return [
            p
            for p in self.pieces.values()
            if p.zone is Zone.BOARD and (player is None or p.owner is player)
        ]

    def allies(self, piece: Piece) -> list[Piece]:
        return [p for p in self.on_board(piece.owner) if p.key != piece.key]

    def free(self, sq: Square, ignore: str | None = None) -> bool:
        return is_free(self.board(), self.terrain, sq, ignore)

    def active_effects(self) -> list[Any]:
        names = self.effects
        if self.faith.tarot_active is not None:
            names = (*names, f"tarot:{self.faith.tarot_active}")
        return effects_in_force(names)

    def enqueue(self, *steps: EffectStep) -> None:
        self.faith = replace(self.faith, queue=(*self.faith.queue, *steps))

    # ---- writing ----
    def emit(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind, text, tuple(data.items())))

    def set(self, piece: Piece) -> Piece:
        self.pieces[piece.key] = piece
        self._board = None
        return piece

    def update(self, key: str, **changes: Any) -> Piece:
        return self.set(replace(self.pieces[key], **changes))

    def roll(self, sides: int) -> int:
        return self.dice.roll(sides)

    # ---- tokens, Blessings and Curses ----
    def give_tokens(self, key: str, token: Token, count: int, reason: str) -> None:
        """Give tokens, cancelling opposite tokens one for one, then spread the gain to Blessed
        (Advantage) or Cursed (Disadvantage) allies: one each, no chains, never before the first
        Activation (WC-13)."""
        if count <= 0:
            return
        piece = self.pieces[key]
        if piece.zone is not Zone.BOARD:
            return
        self._receive(piece, token, count, reason)
        if not self.started:
            return
        for ally in self.allies(piece):
            marked = ally.blessed if token is Token.ADVANTAGE else ally.cursed
            if marked:
                why = "Blessed" if token is Token.ADVANTAGE else "Cursed"
                self._receive(
                    self.pieces[ally.key], token, 1, f"{why}: its ally {piece.label} gained tokens"
                )

    def _receive(self, piece: Piece, token: Token, count: int, reason: str) -> None:
        have_same = piece.advantage if token is Token.ADVANTAGE else piece.disadvantage
        have_opp = piece.disadvantage if token is Token.ADVANTAGE else piece.advantage
        cancelled = min(have_opp, count)
        gained = count - cancelled
        have_opp -= cancelled
        have_same += gained
        if token is Token.ADVANTAGE:
            self.update(piece.key, advantage=have_same, disadvantage=have_opp)
        else:
            self.update(piece.key, disadvantage=have_same, advantage=have_opp)
        plural = "s" if count != 1 else ""
        text = f"{piece.key} receives {count} {token.value} token{plural} ({reason})"
        if cancelled:
            text += f"; {cancelled} cancel{'s' if cancelled == 1 else ''} out with "
            text += f"{token.opposite.value} token{'s' if cancelled != 1 else ''}"
        self.emit(
            "tokens",
            text,
            piece=piece.key,
            token=token.value,
            count=count,
            cancelled=cancelled,
            reason=reason,
        )

    def remove_tokens(self, key: str, token: Token, count: int, reason: str) -> None:
        piece = self.pieces[key]
        have = piece.advantage if token is Token.ADVANTAGE else piece.disadvantage
        n = min(have, count)
        if n <= 0:
            return
        if token is Token.ADVANTAGE:
            self.update(key, advantage=have - n)
        else:
            self.update(key, disadvantage=have - n)
        self.emit(
            "tokens_removed",
            f"{key} loses {n} {token.value} token{'s' if n != 1 else ''} ({reason})",
            piece=key,
            token=token.value,
            count=n,
        )

    def can_be_cursed(self, piece: Piece) -> bool:
        return all(e.can_be_cursed(self, piece) for e in self.active_effects())

    def can_be_blessed(self, piece: Piece) -> bool:
        return all(e.can_be_blessed(self, piece) for e in self.active_effects())

    def bless(self, key: str, reason: str) -> bool:
        """Bless a piece. A Blessed piece is not a valid target; a Cursed one loses both."""
        return self._mark(key, blessing=True, reason=reason)

    def curse(self, key: str, reason: str) -> bool:
        """Curse a piece. A Cursed piece is not a valid target; a Blessed one loses both."""
        return self._mark(key, blessing=False, reason=reason)

    def _mark(self, key: str, *, blessing: bool, reason: str) -> bool:
        piece = self.pieces[key]
        same, opposite = (
            (piece.blessed, piece.cursed) if blessing else (piece.cursed, piece.blessed)
        )
        allowed = self.can_be_blessed(piece) if blessing else self.can_be_cursed(piece)
        if same or not allowed:
            return False
        kind, word = ("bless", "Blessed") if blessing else ("curse", "Cursed")
        if opposite:
            self.update(key, blessed=False, cursed=False)
            self.emit(kind, f"{key}'s Blessing and Curse cancel out ({reason})", piece=key)
        else:
            self.update(key, **{"blessed" if blessing else "cursed": True})
            self.emit(kind, f"{key} is {word} ({reason})", piece=key)
        return True

    def lift(self, key: str, mark: str, reason: str) -> bool:
        """Remove a Blessing ("Blessing") or a Curse ("Curse") if the piece has it."""
        piece = self.pieces[key]
        if mark == "Blessing" and piece.blessed:
            self.update(key, blessed=False)
            self.emit("unbless", f"{key} is no longer Blessed ({reason})", piece=key)
            return True
        if mark == "Curse" and piece.cursed:
            self.update(key, cursed=False)
            self.emit("uncurse", f"{key} is no longer Cursed ({reason})", piece=key)
            return True
        return False

    # ---- rolling a piece's dice ----
    def roll_spec(
        self, piece: Piece, spent: Token | None, extra_advantage: int, opponent: Piece | None
    ) -> RollSpec:
        n, sides = piece.kind.dice
        adv = extra_advantage + (1 if spent is Token.ADVANTAGE else 0)
        dis = 1 if spent is Token.DISADVANTAGE else 0
        prevent_adv = prevent_dis = False
        mods = []
        effects: list[RollEffect] = list(piece.roll_effects)
        for e in self.active_effects():
            effects.extend(e.roll_effects(self, piece, opponent))
        for fx in effects:
            if fx.kind is RollEffectKind.ADVANTAGE:
                adv += 1
            elif fx.kind is RollEffectKind.DISADVANTAGE:
                dis += 1
            elif fx.kind is RollEffectKind.PREVENT_ADVANTAGE:
                prevent_adv = True
            elif fx.kind is RollEffectKind.PREVENT_DISADVANTAGE:
                prevent_dis = True
            elif fx.modifier is not None:
                mods.append(fx.modifier)
        return RollSpec(n, sides, adv, dis, prevent_adv, prevent_dis, tuple(mods))

    def roll_piece(self, piece: Piece, spec: RollSpec, purpose: str) -> RollResult:
        result = spec.roll(self.dice)
        left = tuple(fx for fx in piece.roll_effects if fx.until is not Until.NEXT_ROLL)
        if left != piece.roll_effects:
            self.update(piece.key, roll_effects=left)
        self.emit(
            "rolled",
            f"{piece.key} {purpose}: {result.explain()}",
            piece=piece.key,
            purpose=purpose,
            dice=spec.dice_text,
            faces=list(result.faces),
            mode=spec.mode.value,
            total=result.total,
        )
        return result

    def may_spend_advantage(self, piece: Piece) -> bool:
        return all(e.may_spend_advantage(self, piece) for e in self.active_effects())

    # ---- removing and placing pieces ----
    def can_be_slain(self, piece: Piece) -> bool:
        if piece.cannot_be_slain:
            return False
        return all(e.can_be_slain(self, piece) for e in self.active_effects())

    def leave_board(self, key: str, zone: Zone) -> None:
        """Take a piece off the board; it loses its tokens, marks and roll effects (R20)."""
        self.update(
            key,
            zone=zone,
            square=None,
            advantage=0,
            disadvantage=0,
            blessed=False,
            cursed=False,
            roll_effects=(),
        )

    def slay(self, key: str, slayer: str | None, reason: str) -> None:
        piece = self.pieces[key]
        self.leave_board(key, Zone.SLAIN)
        self.emit("slain", f"{key} is slain ({reason})", piece=key, slayer=slayer)
        if piece.has(CommonRule.FACTION_LEADER):
            self.leaders_slain.add(piece.owner)
            self.emit("leader_slain", f"{key} was {piece.owner.title}'s Faction Leader", piece=key)
        for e in self.active_effects():
            e.on_slain(self, key, slayer)
        self.check_victory()

    def take_off(self, key: str, reason: str) -> None:
        self.leave_board(key, Zone.REMOVED)
        self.emit("removed", f"{key} is removed from the board ({reason})", piece=key)
        self.check_victory()

    def put(self, key: str, sq: Square, reason: str) -> None:
        piece = self.pieces[key]
        was = piece.square
        self.update(key, zone=Zone.BOARD, square=sq)
        self.emit(
            "placed",
            f"{key} is placed on {sq} ({reason})",
            piece=key,
            square=str(sq),
            origin=None if was is None else str(was),
        )

    def relocate(self, key: str, sq: Square) -> None:
        self.update(key, square=sq)

    def room_for(self, owner: Player, option_name: str, kind: Kind, ignore: str = "") -> str | None:
        """Why one more piece of this option cannot come onto the board (WC-2), or None."""
        team = self.config.teams[owner]
        opt = team.faction.option(option_name)
        on = [p for p in self.on_board(owner) if p.key != ignore]
        same_opt = sum(1 for p in on if p.option.lower() == opt.name.lower())
        if same_opt + 1 > quantity_cap(opt):
            return f"{owner.title} may have at most {quantity_cap(opt)} {opt.name} on the board"
        cap = CHESS_SET[kind]
        same_kind = sum(1 for p in on if p.kind is kind)
        if cap is not None and same_kind + 1 > cap:
            return f"a chess set has only {cap} {kind.display}(s) per side"
        if kind is not Kind.JOKER:
            others = {p.option for p in on if p.kind is kind and p.option != opt.name}
            if others:
                return (
                    f"{opt.name} cannot join {', '.join(sorted(others))} on the board: "
                    f"different {kind.display} options cannot be on the board together"
                )
        return None

    def redeploy_squares(self, player: Player, ignore: str | None = None) -> list[Square]:
        """WC-7: free squares of the deployment zone; if it is full, the nearest free squares
        of the player's own board half."""
        zone = [s for s in deployment_zone(player) if self.free(s, ignore)]
        if zone:
            return zone
        half = [s for s in ALL_SQUARES if in_board_half(player, s) and self.free(s, ignore)]
        if not half:
            return []
        back = rank_from_own_side(player, 1)
        best = min(abs(s.rank - back) for s in half)
        return [s for s in half if abs(s.rank - back) == best]

    # ---- game end ----
    def check_victory(self) -> None:
        if self.outcome is not None or self.phase is not Phase.PLAY:
            return
        losers: dict[Player, str] = {}
        for pl in Player:
            if pl in self.leaders_slain:
                losers[pl] = f"{pl.title} {EndReason.LEADER_SLAIN.value}"
                continue
            mine = self.on_board(pl)
            if not mine:
                losers[pl] = f"{pl.title} {EndReason.NO_PIECES.value}"
            elif all(p.has(CommonRule.FOOLS_ENDEAVOUR) for p in mine):
                losers[pl] = f"{pl.title} {EndReason.ONLY_FOOLS.value}"
        if not losers:
            return
        if len(losers) == 2:
            reason_text = " and ".join(losers.values())
            first = next(iter(losers.values()))
            reason = _reason_of(first)
            self.finish(Outcome(None, reason, None, reason_text))
        else:
            ((loser, text),) = losers.items()
            self.finish(Outcome(loser.other, _reason_of(text), None, text))

    def finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = Phase.OVER
        self.pending = None
        self.activation = None
        self.attack = None
        self.emit(
            "game_over",
            outcome.describe(),
            winner=None if outcome.winner is None else (outcome.winner.title),
            reason=outcome.reason.value,
        )

    def points_outcome(self, reason: EndReason) -> Outcome:
        pts = tuple(
            sum(p.points for p in self.on_board(pl)) + self.config.teams[pl].upgrade_points
            for pl in Player
        )
        w, b = pts
        winner = None if w == b else (Player.WHITE if w > b else Player.BLACK)
        return Outcome(winner, reason, (w, b))

    # ---- freezing ----
    def freeze(self, action: A.Action) -> GameState:
        s = self.state
        return GameState(
            config=s.config,
            phase=self.phase,
            pieces=tuple(self.pieces.values()),
            terrain=tuple(sorted(self.terrain.items())),
            turn=self.turn,
            tree_first=self.tree_first,
            to_act=self.to_act,
            first_activator=self.first_activator,
            last_activator=self.last_activator,
            started=self.started,
            activation=self.activation,
            attack=self.attack,
            pending=self.pending,
            effects=self.effects,
            outcome=self.outcome,
            faith=self.faith,
            activation_picker=self._activation_picker(),
            history=(*s.history, Step(action, tuple(self.dice.rolls), tuple(self.events))),
        )

    def _activation_picker(self) -> Player | None:
        """The opponent picks the piece to Activate while an effect says so (not for
        Reactivations)."""
        if self.phase is not Phase.PLAY or self.pending is not None:
            return None
        if not any(e.opponent_picks_activation(self) for e in self.active_effects()):
            return None
        fresh = any(not p.activated for p in self.on_board(self.to_act))
        return self.to_act.other if fresh else None


def _reason_of(text: str) -> EndReason:
    for r in (EndReason.LEADER_SLAIN, EndReason.ONLY_FOOLS, EndReason.NO_PIECES):
        if r.value in text:
            return r
    return EndReason.NO_PIECES


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------
def apply(
    state: GameState, action: A.Action, dice: Dice, *, player: Player | None = None
) -> tuple[GameState, list[Event]]:
    """Apply ``action``: returns the new state and what happened. Raises ``IllegalAction``
    (state unchanged) when the action is not allowed now or ``player`` may not take it."""
    check(state, action, player=player)
    tx = Transaction(state, dice)
    _HANDLERS[type(action)](tx, action)
    for hook in AFTER_ACTION:
        hook(tx)
    tx.check_victory()
    _settle_turn(tx)
    new = tx.freeze(action)
    return new, tx.events


def check(state: GameState, action: A.Action, *, player: Player | None = None) -> None:
    """Raise ``IllegalAction`` with a readable reason if ``action`` is not allowed now."""
    if state.phase is Phase.OVER:
        raise GameOver(f"the game is over: {state.outcome.describe() if state.outcome else ''}")
    if isinstance(action, A.Adjustment):
        if player is not None and player is not action.by:
            raise NotYourDecision("you can only make adjustments as yourself")
        special = _VALIDATORS.get(type(action))
        if special is not None:
            special(state, action)
        else:
            _check_adjustment(state, action)
        return
    if player is not None and player is not state.decider:
        who = state.decider.title if state.decider is not None else "nobody"
        raise NotYourDecision(f"it is {who}'s decision now, not {player.title}'s")
    validator = _VALIDATORS.get(type(action))
    if validator is None:
        raise IllegalAction(f"{action.name} is not a game action")
    validator(state, action)


def replay(
    config: GameConfig, steps: Iterable[tuple[A.Action, Iterable[tuple[int, int]]]]
) -> GameState:
    """Rebuild a game from its actions and their recorded dice."""
    state = initial_state(config)
    for i, (action, rolls) in enumerate(steps):
        dice = ScriptedDice(list(rolls))
        try:
            state, _ = apply(state, action, dice)
        except IllegalAction as e:
            raise ReplayError(f"step {i + 1} ({action.name}) is not legal: {e}") from e
        if dice.remaining:
            raise ReplayError(f"step {i + 1} ({action.name}) left {dice.remaining} rolls unused")
    return state


def replay_state(state: GameState) -> GameState:
    """Replay a state's own history from its configuration."""
    return replay(state.config, ((s.action, s.rolls) for s in state.history))


def undo(state: GameState, steps: int = 1) -> GameState:
    """The state before the last ``steps`` actions, rebuilt by replay."""
    hist = state.history[: max(0, len(state.history) - steps)]
    return replay(state.config, ((s.action, s.rolls) for s in hist))


# ---------------------------------------------------------------------------------------------
# Queries used by validators, legal_actions and the front ends
# ---------------------------------------------------------------------------------------------
def activatable(state: GameState) -> tuple[list[Piece], bool]:
    """The pieces ``state.to_act`` may Activate now, and whether that is a Reactivation."""
    mine = [p for p in state.pieces if p.owner is state.to_act and p.zone is Zone.BOARD]
    fresh = [p for p in mine if not p.activated]
    if fresh:
        return fresh, False
    return mine, True


def destinations(state: GameState, piece: Piece) -> dict[Square, tuple[Square, ...]]:
    return move_paths(piece, state.board, state.terrain_map)


def targets(state: GameState, piece: Piece) -> dict[Square, tuple[Square, ...]]:
    return attack_paths(piece, state.board, state.terrain_map)


def promotion_choices(state: GameState, pawn: Piece) -> list[Piece]:
    tx = Transaction(state, ScriptedDice([]))
    out = []
    for p in state.pieces:
        if (
            p.owner is pawn.owner
            and p.zone is Zone.SLAIN
            and p.kind.is_positional
            and not p.legendary
            and tx.room_for(p.owner, p.option, p.kind, ignore=pawn.key) is None
        ):
            out.append(p)
    return out


def castle_partners(state: GameState, rook: Piece) -> list[Piece]:
    assert rook.square is not None
    out = []
    for n in rook.square.neighbours():
        p = state.board.get(n)
        if p is not None and p.owner is rook.owner and p.kind is not Kind.ROOK:
            out.append(p)
    return out


def combat_squares(state: GameState) -> list[Square]:
    att = state.attack
    assert att is not None
    return free_adjacent(state.board, state.terrain_map, att.square, ignore=(att.attacker,))


def aside_squares(state: GameState) -> list[Square]:
    """Where a piece that could not be slain may go (WC-19): next to it, else redeploy."""
    att = state.attack
    assert att is not None
    near = free_adjacent(state.board, state.terrain_map, att.square, ignore=(att.attacker,))
    if near:
        return near
    defender = state.piece(att.defender)
    tx = Transaction(state, ScriptedDice([]))
    return tx.redeploy_squares(defender.owner, ignore=att.attacker)


def token_targets(state: GameState, giver: Player, candidates: Iterable[Piece]) -> list[Piece]:
    """Valid targets when ``giver`` chooses a piece to receive a token: their own Jokers only
    when nothing else is a valid target (an opponent's Joker is always fair game)."""
    pool = [p for p in candidates if p.zone is Zone.BOARD]
    not_own_jokers = [
        p for p in pool if not (p.owner is giver and p.has(CommonRule.FOOLS_ENDEAVOUR))
    ]
    return not_own_jokers or pool


def attack_odds_now(
    state: GameState,
    attacker_key: str,
    target: Square,
    *,
    attacker_spends: bool = False,
    defender_spends: bool = False,
) -> AttackOdds:
    """Exact odds of an Attack in this position: Mounted Advantage, roll effects and effects in
    force included; Disadvantage tokens are always spent, Advantage tokens as asked."""
    tx = Transaction(state, ScriptedDice([]))
    attacker = tx.piece(attacker_key)
    defender = tx.board().get(target)
    if defender is None:
        raise IllegalAction(f"there is no piece on {target} to Attack")

    def token(p: Piece, spend: bool) -> Token | None:
        if p.kind.dice[0] < 2:
            return None
        if p.disadvantage:
            return Token.DISADVANTAGE
        if spend and p.advantage and tx.may_spend_advantage(p):
            return Token.ADVANTAGE
        return None

    mounted = _mounted(tx, attacker, defender, target)
    a_spec = tx.roll_spec(attacker, token(attacker, attacker_spends), int(mounted), defender)
    d_spec = tx.roll_spec(defender, token(defender, defender_spends), 0, attacker)
    return attack_odds(a_spec, d_spec)


def free_deploy_squares(state: GameState, player: Player) -> list[Square]:
    return [
        s for s in deployment_zone(player) if s not in state.terrain_map and s not in state.board
    ]


def legal_actions(state: GameState) -> list[A.Action]:
    """Every game action the deciding player may take now (adjustments are not listed)."""
    ph = state.phase
    if ph is Phase.OVER:
        return []
    if ph is Phase.TREE_ORDER:
        return [A.DecideTreeOrder()]
    if ph is Phase.TREES:
        return [A.RollTrees()]
    if ph is Phase.TREE_CHOICE:
        return [A.ChooseTrees(m) for m in A.ChooseTrees.MODES]
    if ph is Phase.DEPLOY:
        squares = free_deploy_squares(state, state.to_act)
        return [
            A.Deploy(p.key, s)
            for p in state.pieces
            if p.owner is state.to_act and p.zone is Zone.RESERVE
            for s in squares
        ]
    pending = state.pending
    if pending is None:
        pieces, _ = activatable(state)
        return [A.Activate(p.key) for p in pieces]
    d = pending.decision
    if d is Decision.CHOOSE:
        return [A.Choose(o) for o in pending.options]
    piece = state.piece(pending.piece)
    if d is Decision.ACT:
        moves = destinations(state, piece)
        out: list[A.Action] = [A.Move(piece.key, s) for s in moves]
        if not moves:
            assert piece.square is not None
            out.append(A.Move(piece.key, piece.square))
        out.extend(A.Attack(piece.key, s) for s in targets(state, piece))
        return out
    if d is Decision.SECOND_MOVE:
        second: list[A.Action] = [A.Move(piece.key, s) for s in destinations(state, piece)]
        return [*second, A.Decline()]
    if d is Decision.PROMOTION:
        return [*(A.Promote(p.key) for p in promotion_choices(state, piece)), A.Decline()]
    if d is Decision.CASTLE:
        return [*(A.Castle(p.key) for p in castle_partners(state, piece)), A.Decline()]
    if d in (Decision.ATTACKER_TOKEN, Decision.DEFENDER_TOKEN):
        return [A.UseToken(True), A.UseToken(False)]
    if d is Decision.COMBAT_MOVEMENT:
        att = state.attack
        assert att is not None
        sqs = combat_squares(state)
        return [A.CombatMove(k, s) for k in (att.attacker, att.defender) for s in sqs]
    if d is Decision.MOVE_ASIDE:
        return [A.MoveAside(s) for s in aside_squares(state)]
    raise AssertionError(d)


# ---------------------------------------------------------------------------------------------
# Validators (read-only) and handlers (change the transaction)
# ---------------------------------------------------------------------------------------------
def _require_phase(state: GameState, phase: Phase, what: str) -> None:
    if state.phase is not phase:
        raise IllegalAction(f"{what} is not possible during {state.phase.value}")


def _require_decision(state: GameState, *decisions: Decision) -> Pending:
    _require_phase(state, Phase.PLAY, "that")
    p = state.pending
    if p is None or p.decision not in decisions:
        now = "Activate a piece" if p is None else p.decision.value
        raise IllegalAction(f"that is not the decision now: the game is waiting for: {now}")
    return p


def _v_tree_order(state: GameState, a: A.Action) -> None:
    _require_phase(state, Phase.TREE_ORDER, "deciding the Tree order")


def _h_tree_order(tx: Transaction, a: A.Action) -> None:
    first = Player.WHITE if tx.roll(2) == 1 else Player.BLACK
    tx.tree_first = first
    tx.to_act = first
    tx.phase = Phase.TREES
    tx.emit("tree_order", f"{first.title} sets up Trees first (coin flip)", player=first.title)


def _v_roll_trees(state: GameState, a: A.Action) -> None:
    _require_phase(state, Phase.TREES, "rolling for Trees")


def _roll_trees(tx: Transaction, player: Player) -> list[Square]:
    """Three Trees in ``player``'s half: D4 for the rank from their back rank, D8 for the file;
    a square that already has a Tree is rolled again (WC-4)."""
    placed: list[Square] = []
    while len(placed) < 3:
        r = tx.roll(4)
        f = tx.roll(8)
        sq = Square.at(f - 1, rank_from_own_side(player, r))
        assert sq is not None
        if sq in tx.terrain:
            tx.emit("tree_reroll", f"D4={r}, D8={f}: {sq} already has a Tree; rolling again")
            continue
        tx.terrain[sq] = Terrain.TREE
        placed.append(sq)
        tx.emit("tree", f"D4={r}, D8={f}: a Tree on {sq}", square=str(sq), d4=r, d8=f)
    return placed


def _h_roll_trees(tx: Transaction, a: A.Action) -> None:
    assert tx.tree_first is not None
    _roll_trees(tx, tx.tree_first)
    tx.phase = Phase.TREE_CHOICE
    tx.to_act = tx.tree_first.other


def _v_choose_trees(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.ChooseTrees)
    _require_phase(state, Phase.TREE_CHOICE, "choosing a Tree setup")
    if a.mode not in A.ChooseTrees.MODES:
        raise IllegalAction(
            f"'{a.mode}' is not a Tree setup: choose mirror, mirror and flip or random"
        )


def _h_choose_trees(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.ChooseTrees) and tx.tree_first is not None
    second = tx.tree_first.other
    if a.mode == "random":
        _roll_trees(tx, second)
    else:
        flip = a.mode == "mirror and flip"
        for sq in [s for s, t in tx.terrain.items() if in_board_half(tx.tree_first, s)]:
            m = mirror(sq, flip)
            tx.terrain[m] = Terrain.TREE
            tx.emit("tree", f"a Tree on {m} ({a.mode} of {sq})", square=str(m))
    tx.emit("tree_choice", f"{second.title} chose '{a.mode}' for their Trees", mode=a.mode)
    # The player who set Trees second deploys first (WC-6).
    tx.phase = Phase.DEPLOY
    tx.to_act = second


def _v_deploy(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Deploy)
    _require_phase(state, Phase.DEPLOY, "deploying")
    p = state.piece(a.piece)
    if p.owner is not state.to_act:
        raise IllegalAction(f"{state.to_act.title} is deploying now, not {p.owner.title}")
    if p.zone is not Zone.RESERVE:
        raise IllegalAction(f"{p.label} is already deployed on {p.square}")
    if not in_deployment_zone(p.owner, a.square):
        ranks = "1-2" if p.owner is Player.WHITE else "7-8"
        raise IllegalAction(f"{a.square} is outside your deployment zone (ranks {ranks})")
    if a.square in state.terrain_map:
        raise IllegalAction(f"{a.square} has a {state.terrain_map[a.square].display} on it")
    if a.square in state.board:
        raise IllegalAction(f"{a.square} is occupied by {state.board[a.square].key}")


def _h_deploy(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Deploy)
    tx.update(a.piece, zone=Zone.BOARD, square=a.square)
    tx.emit("deployed", f"{a.piece} deploys on {a.square}", piece=a.piece, square=str(a.square))
    player = tx.to_act
    if any(p.zone is Zone.RESERVE and p.owner is player for p in tx.pieces.values()):
        return
    assert tx.tree_first is not None
    first_deployer = tx.tree_first.other
    if player is first_deployer:
        tx.to_act = player.other
        tx.emit("deploy_turn", f"{player.other.title} deploys now")
        return
    # Both teams are down: the game begins; the first deployer Activates first (WC-6).
    tx.phase = Phase.PLAY
    tx.emit("teams_revealed", "Both teams are deployed; the game begins")
    _start_turn(tx, 1, first_deployer)


def _settle_turn(tx: Transaction) -> None:
    """Between Activations, if no piece on the board is left to Activate (the last fresh one was
    slain or removed by an effect, or The Tower struck), the turn ends now."""
    if (
        tx.phase is Phase.PLAY
        and tx.outcome is None
        and tx.pending is None
        and tx.activation is None
        and tx.attack is None
        and tx.turn > 0
        and not any(not p.activated for p in tx.on_board())
    ):
        _end_turn(tx)


def _start_turn(tx: Transaction, turn: int, first: Player) -> None:
    tx.turn = turn
    tx.first_activator = first
    tx.to_act = first
    for p in list(tx.pieces.values()):
        if p.activated:
            tx.update(p.key, activated=False)
    tx.emit(
        "turn_start",
        f"Turn {turn} of {LAST_TURN} begins; {first.title} Activates first",
        turn=turn,
        first=first.title,
    )
    for e in tx.active_effects():
        e.on_turn_start(tx)
    tx.check_victory()


def _end_turn(tx: Transaction) -> None:
    for p in list(tx.pieces.values()):
        if p.has(CommonRule.FOOLS_ENDEAVOUR) and (p.advantage or p.disadvantage):
            tx.update(p.key, advantage=0, disadvantage=0)
            tx.emit(
                "tokens_removed", f"{p.key} loses all its tokens (Fool's Endeavour)", piece=p.key
            )
        left = tuple(fx for fx in p.roll_effects if fx.until is not Until.END_OF_TURN)
        if left != p.roll_effects:
            tx.update(p.key, roll_effects=left)
    for e in tx.active_effects():
        e.on_turn_end(tx)
    tx.check_victory()
    if tx.outcome is not None:
        return
    f = tx.faith
    if f.tarot_discard or f.cards_discard or f.cards_aside_turn:
        tx.faith = replace(
            f,
            tarot_deck=tuple(sorted(f.tarot_deck + f.tarot_discard)),
            tarot_discard=(),
            cards_deck=tuple(sorted(f.cards_deck + f.cards_discard + f.cards_aside_turn)),
            cards_discard=(),
            cards_aside_turn=(),
        )
        tx.emit(
            "reshuffle",
            "Discarded cards and cards kept aside for the turn are shuffled back into their decks",
        )
    tx.emit("turn_end", f"Turn {tx.turn} ends", turn=tx.turn)
    if tx.turn >= LAST_TURN:
        tx.finish(tx.points_outcome(EndReason.POINTS))
        return
    last = tx.last_activator if tx.last_activator is not None else tx.to_act
    _start_turn(tx, tx.turn + 1, last.other)


def _v_activate(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Activate)
    _require_phase(state, Phase.PLAY, "Activating")
    if state.pending is not None:
        raise IllegalAction(f"finish the current decision first: {state.pending.decision.value}")
    p = state.piece(a.piece)
    if p.owner is not state.to_act:
        raise IllegalAction(f"it is {state.to_act.title}'s Activation, and {p.key} is not theirs")
    if p.zone is not Zone.BOARD:
        raise IllegalAction(f"{p.key} is not on the board")
    choices, _ = activatable(state)
    if p not in choices:
        names = ", ".join(c.label for c in choices)
        raise IllegalAction(f"{p.label} has already Activated this turn; Activate one of: {names}")


def _h_activate(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Activate)
    piece = tx.piece(a.piece)
    assert piece.square is not None
    reactivation = piece.activated
    tx.started = True
    tx.update(
        piece.key,
        activated=True,
        activations=piece.activations + (0 if reactivation else 1),
    )
    verb = "Reactivates" if reactivation else "Activates"
    tx.emit(
        "activated",
        f"{piece.owner.title} {verb} {piece.label} on {piece.square}",
        piece=piece.key,
        reactivation=reactivation,
        square=str(piece.square),
    )
    if reactivation and piece.disadvantage == 0:
        tx.give_tokens(piece.key, Token.DISADVANTAGE, 1, "Reactivation")
    en_passant = not reactivation and piece.activations == 0 and piece.has(CommonRule.EN_PASSANT)
    tx.activation = ActivationInfo(piece.key, reactivation, piece.square, 0, en_passant)
    for e in tx.active_effects():
        e.on_activation_start(tx, piece.key)
    if tx.outcome is not None:
        return
    piece = tx.piece(piece.key)
    if piece.zone is not Zone.BOARD:  # an effect took it off the board
        _end_activation(tx)
        return
    opp_zone = piece.square is not None and in_deployment_zone(piece.owner.other, piece.square)
    if piece.has(CommonRule.PROMOTION) and opp_zone:
        tx.pending = Pending(Decision.PROMOTION, piece.owner, piece.key)
        state_now = _peek(tx)
        if promotion_choices(state_now, piece):
            return
    tx.pending = Pending(Decision.ACT, piece.owner, piece.key)


def _peek(tx: Transaction) -> GameState:
    """A read-only snapshot of the transaction, for queries shared with legal_actions."""
    return replace(
        tx.state,
        pieces=tuple(tx.pieces.values()),
        terrain=tuple(tx.terrain.items()),
        attack=tx.attack,
        activation=tx.activation,
        pending=tx.pending,
        effects=tx.effects,
    )


def _v_promote(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Promote)
    pend = _require_decision(state, Decision.PROMOTION)
    pawn = state.piece(pend.piece)
    target = state.piece(a.into)
    if target not in promotion_choices(state, pawn):
        if target.owner is not pawn.owner:
            why = "it is not on your team"
        elif target.zone is not Zone.SLAIN:
            why = "it is not slain"
        elif not target.kind.is_positional:
            why = "a Pawn cannot Promote into a Pawn"
        elif target.legendary:
            why = "it is Legendary"
        else:
            why = "there is no room for another of that piece on the board"
        raise IllegalAction(f"{pawn.label} cannot Promote into {target.key}: {why}")


def _h_promote(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Promote) and tx.pending is not None
    pawn = tx.piece(tx.pending.piece)
    sq = pawn.square
    assert sq is not None
    tx.leave_board(pawn.key, Zone.REMOVED)
    tx.update(a.into, zone=Zone.BOARD, square=sq)
    tx.emit(
        "promoted",
        f"{pawn.key} Promotes: it leaves the board and {a.into} takes {sq}",
        piece=pawn.key,
        into=a.into,
        square=str(sq),
    )
    # The Pawn's Re/Activation ends here (WC-17).
    tx.pending = None
    _end_activation(tx)


def _v_decline(state: GameState, a: A.Action) -> None:
    _require_decision(state, Decision.PROMOTION, Decision.SECOND_MOVE, Decision.CASTLE)


def _h_decline(tx: Transaction, a: A.Action) -> None:
    pend = tx.pending
    assert pend is not None
    if pend.decision is Decision.PROMOTION:
        tx.emit("declined", f"{pend.piece} does not Promote")
        tx.pending = Pending(Decision.ACT, pend.player, pend.piece)
    elif pend.decision is Decision.SECOND_MOVE:
        tx.emit("declined", f"{pend.piece} does not Move again")
        tx.pending = None
        _after_move(tx, pend.piece)
    else:
        tx.emit("declined", f"{pend.piece} does not Castle")
        tx.pending = None
        _end_activation(tx)


def _v_move(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Move)
    pend = _require_decision(state, Decision.ACT, Decision.SECOND_MOVE)
    if a.piece != pend.piece:
        raise IllegalAction(f"{pend.piece} is the piece Activating now, not {a.piece}")
    p = state.piece(a.piece)
    dests = destinations(state, p)
    if a.to in dests:
        return
    if a.to == p.square and not dests and pend.decision is Decision.ACT:
        return  # a piece that cannot Move may travel zero squares (WC-20)
    raise IllegalAction(explain_move(p, a.to, state.board, state.terrain_map))


def _h_move(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Move) and tx.activation is not None
    piece = tx.piece(a.piece)
    origin = piece.square
    assert origin is not None
    state_now = _peek(tx)
    path = destinations(state_now, piece).get(a.to, ())
    tx.relocate(piece.key, a.to)
    act = tx.activation
    tx.activation = replace(act, moves=act.moves + 1)
    if a.to == origin:
        tx.emit(
            "moved",
            f"{piece.key} cannot Move and stays on {origin}",
            piece=piece.key,
            origin=str(origin),
            to=str(a.to),
            path=[],
        )
    else:
        tx.emit(
            "moved",
            f"{piece.key} Moves {origin} to {a.to}",
            piece=piece.key,
            origin=str(origin),
            to=str(a.to),
            path=[str(s) for s in path],
        )
    tx.pending = None
    if act.en_passant and act.moves == 0:
        moved = tx.piece(piece.key)
        if destinations(_peek(tx), moved):
            tx.pending = Pending(Decision.SECOND_MOVE, piece.owner, piece.key)
            return
    _after_move(tx, piece.key)


def _after_move(tx: Transaction, key: str) -> None:
    piece = tx.piece(key)
    if piece.has(CommonRule.CASTLE) and castle_partners(_peek(tx), piece):
        tx.pending = Pending(Decision.CASTLE, piece.owner, key)
        return
    _end_activation(tx)


def _v_castle(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Castle)
    pend = _require_decision(state, Decision.CASTLE)
    rook = state.piece(pend.piece)
    ally = state.piece(a.with_piece)
    if ally not in castle_partners(state, rook):
        raise IllegalAction(
            f"{rook.label} can Castle only with an adjacent non-Rook ally; {ally.key} is not one"
        )


def _h_castle(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Castle) and tx.pending is not None
    rook = tx.piece(tx.pending.piece)
    ally = tx.piece(a.with_piece)
    rs, als = rook.square, ally.square
    assert rs is not None and als is not None
    tx.relocate(rook.key, als)
    tx.relocate(ally.key, rs)
    tx.emit(
        "castled",
        f"{rook.key} Castles with {ally.key}: {rook.label} to {als}, {ally.label} to {rs}",
        piece=rook.key,
        ally=ally.key,
        origin=str(rs),
        to=str(als),
    )
    tx.pending = None
    if ally.rank > rook.rank:  # the ally ranks lower
        tx.give_tokens(ally.key, Token.ADVANTAGE, 1, "Castle with a higher-ranked Rook")
    elif ally.rank < rook.rank:
        tx.remove_tokens(ally.key, Token.DISADVANTAGE, 1, "Castle with a lower-ranked Rook")
    _end_activation(tx)


def _v_attack(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Attack)
    pend = _require_decision(state, Decision.ACT)
    if a.piece != pend.piece:
        raise IllegalAction(f"{pend.piece} is the piece Activating now, not {a.piece}")
    p = state.piece(a.piece)
    if a.target not in targets(state, p):
        raise IllegalAction(explain_attack(p, a.target, state.board, state.terrain_map))


def _mounted(tx: Transaction, attacker: Piece, defender: Piece, square: Square) -> bool:
    """Mounted Advantage: a Knight Attacking a non-Knight, with another enemy next to the
    shared square (WC-23)."""
    if not attacker.has(CommonRule.MOUNTED_ADVANTAGE) or defender.kind is Kind.KNIGHT:
        return False
    board = tx.board()
    for n in square.neighbours():
        p = board.get(n)
        if p is not None and p.owner is not attacker.owner and p.key != defender.key:
            return True
    return False


def _h_attack(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Attack)
    attacker = tx.piece(a.piece)
    defender = tx.board()[a.target]
    assert attacker.square is not None
    mounted = _mounted(tx, attacker, defender, a.target)
    tx.attack = AttackInfo(attacker.key, defender.key, attacker.square, a.target, mounted)
    tx.emit(
        "attack",
        f"{attacker.key} Attacks {defender.key} on {a.target}",
        piece=attacker.key,
        target=defender.key,
        origin=str(attacker.square),
        square=str(a.target),
        mounted=mounted,
    )
    if mounted:
        tx.emit("mounted", f"{attacker.label} has Mounted Advantage", piece=attacker.key)
    tx.pending = None
    _continue_attack(tx)


def _token_step(tx: Transaction, key: str) -> tuple[bool, Token | None]:
    """Settle mandatory or impossible token use. Returns (the player must choose, token spent)."""
    p = tx.piece(key)
    if p.kind.dice[0] < 2:  # Jokers cannot spend tokens
        return False, None
    if p.disadvantage > 0:
        tx.remove_tokens(key, Token.DISADVANTAGE, 1, "spent: Disadvantage tokens must be spent")
        return False, Token.DISADVANTAGE
    if p.advantage > 0 and tx.may_spend_advantage(p):
        return True, None
    return False, None


def _continue_attack(tx: Transaction) -> None:
    att = tx.attack
    assert att is not None
    if not att.attacker_decided:
        choose, token = _token_step(tx, att.attacker)
        if choose:
            owner = tx.piece(att.attacker).owner
            tx.pending = Pending(Decision.ATTACKER_TOKEN, owner, att.attacker)
            return
        att = replace(att, attacker_decided=True, attacker_token=token)
        tx.attack = att
    if not att.defender_decided:
        choose, token = _token_step(tx, att.defender)
        if choose:
            owner = tx.piece(att.defender).owner
            tx.pending = Pending(Decision.DEFENDER_TOKEN, owner, att.defender)
            return
        att = replace(att, defender_decided=True, defender_token=token)
        tx.attack = att
    _roll_attack(tx)


def _v_use_token(state: GameState, a: A.Action) -> None:
    _require_decision(state, Decision.ATTACKER_TOKEN, Decision.DEFENDER_TOKEN)


def _h_use_token(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.UseToken) and tx.pending is not None and tx.attack is not None
    pend = tx.pending
    token = None
    if a.use:
        tx.remove_tokens(pend.piece, Token.ADVANTAGE, 1, "spent for Advantage on this roll")
        token = Token.ADVANTAGE
    else:
        tx.emit("kept", f"{pend.piece} keeps its Advantage token", piece=pend.piece)
    if pend.decision is Decision.ATTACKER_TOKEN:
        tx.attack = replace(tx.attack, attacker_decided=True, attacker_token=token)
    else:
        tx.attack = replace(tx.attack, defender_decided=True, defender_token=token)
    tx.pending = None
    _continue_attack(tx)


def _roll_attack(tx: Transaction) -> None:
    att = tx.attack
    assert att is not None
    attacker = tx.piece(att.attacker)
    defender = tx.piece(att.defender)
    a_spec = tx.roll_spec(attacker, att.attacker_token, 1 if att.mounted else 0, defender)
    d_spec = tx.roll_spec(defender, att.defender_token, 0, attacker)
    a_roll = tx.roll_piece(attacker, a_spec, "Attack roll")
    d_roll = tx.roll_piece(defender, d_spec, "Defence roll")
    if a_roll.total > d_roll.total:
        tx.emit(
            "attack_result",
            f"{a_roll.total} beats {d_roll.total}: the Attack succeeds",
            success=True,
            attack=a_roll.total,
            defence=d_roll.total,
        )
        if tx.can_be_slain(tx.piece(defender.key)):
            tx.slay(defender.key, attacker.key, f"Attacked by {attacker.key}")
            if tx.outcome is not None:
                return
            tx.relocate(attacker.key, att.square)
            tx.emit(
                "moved",
                f"{attacker.key} takes {att.square}",
                piece=attacker.key,
                origin=str(att.origin),
                to=str(att.square),
                path=[str(att.square)],
            )
            for e in tx.active_effects():
                e.after_attack_slays(tx, attacker.key, defender.key, a_roll)
            _end_attack(tx)
            return
        tx.emit("unslayable", f"{defender.key} cannot be slain", piece=defender.key)
        tx.pending = Pending(Decision.MOVE_ASIDE, defender.owner, defender.key)
        if not aside_squares(_peek(tx)):
            tx.emit(
                "moved",
                f"there is nowhere to place {defender.key}: it stays, and "
                f"{attacker.key} stays on {att.origin}",
                piece=attacker.key,
            )
            _end_attack(tx)
        return
    tx.emit(
        "attack_result",
        f"{d_roll.total} holds against {a_roll.total}: the Attack fails; "
        f"{defender.owner.title} chooses the Combat Movement",
        success=False,
        attack=a_roll.total,
        defence=d_roll.total,
    )
    sqs = combat_squares(_peek(tx))
    if not sqs:
        # WC-18: no unoccupied adjacent square for either option.
        tx.emit(
            "combat_movement",
            f"no square is free next to {att.square}: {attacker.key} returns to {att.origin}",
            piece=attacker.key,
            to=str(att.origin),
        )
        tx.give_tokens(attacker.key, Token.DISADVANTAGE, 1, "Combat Movement")
        _end_attack(tx)
        return
    tx.pending = Pending(Decision.COMBAT_MOVEMENT, defender.owner, defender.key)


def _end_attack(tx: Transaction) -> None:
    tx.attack = None
    tx.pending = None
    _end_activation(tx)


def _v_combat_move(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.CombatMove)
    _require_decision(state, Decision.COMBAT_MOVEMENT)
    att = state.attack
    assert att is not None
    if a.piece not in (att.attacker, att.defender):
        raise IllegalAction(
            f"Combat Movement places the attacker ({att.attacker}) or the defender "
            f"({att.defender}), not {a.piece}"
        )
    if a.to not in combat_squares(state):
        raise IllegalAction(f"{a.to} is not an unoccupied square next to {att.square}")


def _h_combat_move(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.CombatMove) and tx.attack is not None
    att = tx.attack
    if a.piece == att.attacker:
        tx.relocate(att.attacker, a.to)
        tx.emit(
            "combat_movement",
            f"Combat Movement: {att.attacker} is placed on {a.to}",
            piece=att.attacker,
            origin=str(att.origin),
            to=str(a.to),
        )
        tx.give_tokens(att.attacker, Token.DISADVANTAGE, 1, "Combat Movement")
    else:
        tx.relocate(att.defender, a.to)
        tx.relocate(att.attacker, att.square)
        tx.emit(
            "combat_movement",
            f"Combat Movement: {att.defender} steps to {a.to}; {att.attacker} takes {att.square}",
            piece=att.defender,
            origin=str(att.square),
            to=str(a.to),
            attacker=att.attacker,
        )
        tx.give_tokens(att.defender, Token.ADVANTAGE, 1, "Combat Movement")
    _end_attack(tx)


def _v_move_aside(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.MoveAside)
    _require_decision(state, Decision.MOVE_ASIDE)
    if a.to not in aside_squares(state):
        raise IllegalAction(f"{a.to} is not a square the piece may be placed on")


def _h_move_aside(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.MoveAside) and tx.attack is not None
    att = tx.attack
    tx.relocate(att.defender, a.to)
    tx.relocate(att.attacker, att.square)
    tx.emit(
        "moved_aside",
        f"{att.defender} is placed on {a.to}; {att.attacker} takes {att.square}",
        piece=att.defender,
        to=str(a.to),
        attacker=att.attacker,
    )
    _end_attack(tx)


def _end_activation(tx: Transaction) -> None:
    act = tx.activation
    if act is None:
        return
    for e in tx.active_effects():
        e.on_activation_end(tx, act.piece)
    owner = tx.piece(act.piece).owner
    apply_after_activation(tx, owner.other)
    tx.activation = None
    tx.pending = None
    tx.attack = None
    tx.last_activator = owner
    tx.check_victory()
    if tx.outcome is not None:
        return
    for e in tx.active_effects():
        e.between_activations(tx, act.piece)
    tx.check_victory()
    if tx.outcome is not None:
        return
    if tx.faith.queue or any(not p.activated for p in tx.on_board()):
        # (Choices still queued, e.g. the revised Star's, are made first; if no piece is
        # fresh after them, the turn ends then: see _settle_turn.)
        tx.to_act = owner.other
        return
    _end_turn(tx)


def apply_after_activation(tx: Transaction, first: Player | None = None) -> None:
    """The Tower / The Star: once the Re/Activation ends, every piece counts as Activated (or
    none does). With the revised Star (a game option, WC-32) each player instead chooses one
    of their Activated pieces to make fresh, ``first`` choosing first."""
    flag = tx.faith.after_activation
    if not flag:
        return
    tx.faith = replace(tx.faith, after_activation="")
    if flag == "star" and tx.config.star_one_each:
        lead = tx.to_act if first is None else first  # (WHITE is 0: no `first or ...`)
        tx.enqueue(*(EffectStep("star_one", pl, (), "The Star") for pl in (lead, lead.other)))
        return
    value = flag == "tower"
    for p in list(tx.pieces.values()):
        if p.activated is not value:
            tx.update(p.key, activated=value)
    if value:
        tx.emit("all_activated", "Every piece now counts as having Activated this turn")
    else:
        tx.emit("none_activated", "No piece counts as having Activated this turn any more")


# ---- adjustments ----
_MOVING_ADJUSTMENTS = (
    A.Slay,
    A.RemovePiece,
    A.PlacePiece,
    A.Redeploy,
    A.Summon,
    A.Scatter,
    A.PlaceRandomly,
)


def _check_adjustment(state: GameState, a: A.Adjustment) -> None:
    if state.phase is not Phase.PLAY:
        raise IllegalAction(f"adjustments are made during play, not during {state.phase.value}")
    if state.attack is not None and isinstance(a, _MOVING_ADJUSTMENTS):
        raise IllegalAction("finish resolving the current Attack before moving pieces by hand")
    piece_key = getattr(a, "piece", None)
    piece = state.piece(piece_key) if isinstance(piece_key, str) else None
    if isinstance(a, A.GiveTokens | A.RemoveTokens):
        if a.count < 1 or a.count > 20:
            raise IllegalAction("give or remove between 1 and 20 tokens at a time")
        assert piece is not None
        if not piece.on_board:
            raise IllegalAction(f"{piece.key} is not on the board")
        if isinstance(a, A.RemoveTokens):
            have = piece.advantage if a.token is Token.ADVANTAGE else piece.disadvantage
            if have == 0:
                raise IllegalAction(f"{piece.key} has no {a.token.value} tokens")
    elif isinstance(a, A.Bless | A.Curse | A.RemoveBlessing | A.RemoveCurse):
        assert piece is not None
        if not piece.on_board:
            raise IllegalAction(f"{piece.key} is not on the board")
        tx = Transaction(state, ScriptedDice([]))
        if isinstance(a, A.Bless) and (piece.blessed or not tx.can_be_blessed(piece)):
            raise IllegalAction(
                f"{piece.key} cannot be a target for a Blessing now"
                + (": it is already Blessed" if piece.blessed else "")
            )
        if isinstance(a, A.Curse) and (piece.cursed or not tx.can_be_cursed(piece)):
            raise IllegalAction(
                f"{piece.key} cannot be a target for a Curse now"
                + (": it is already Cursed" if piece.cursed else "")
            )
        if isinstance(a, A.RemoveBlessing) and not piece.blessed:
            raise IllegalAction(f"{piece.key} is not Blessed")
        if isinstance(a, A.RemoveCurse) and not piece.cursed:
            raise IllegalAction(f"{piece.key} is not Cursed")
    elif isinstance(a, A.Slay | A.RemovePiece | A.Scatter | A.AddRollEffect | A.SetCannotBeSlain):
        assert piece is not None
        if not piece.on_board:
            raise IllegalAction(f"{piece.key} is not on the board")
        if isinstance(a, A.AddRollEffect):
            _roll_effect_from(a)
        if (
            isinstance(a, A.Slay | A.RemovePiece)
            and state.activation is not None
            and (state.activation.piece == piece.key)
        ):
            raise IllegalAction(f"{piece.key} is Activating; finish its Activation first")
    elif isinstance(a, A.PlacePiece | A.PlaceRandomly):
        assert piece is not None
        if piece.zone not in (Zone.SLAIN, Zone.REMOVED):
            raise IllegalAction(f"{piece.key} is not off the board")
        tx = Transaction(state, ScriptedDice([]))
        why = tx.room_for(piece.owner, piece.option, piece.kind)
        if why:
            raise IllegalAction(why)
        if isinstance(a, A.PlacePiece) and not tx.free(a.square):
            raise IllegalAction(f"{a.square} is occupied")
    elif isinstance(a, A.Redeploy):
        assert piece is not None
        if piece.zone is Zone.RESERVE:
            raise IllegalAction(f"{piece.key} has not been deployed yet")
        tx = Transaction(state, ScriptedDice([]))
        if not piece.on_board:
            why = tx.room_for(piece.owner, piece.option, piece.kind)
            if why:
                raise IllegalAction(why)
        if state.activation is not None and state.activation.piece == piece.key:
            raise IllegalAction(f"{piece.key} is Activating; finish its Activation first")
        if a.square != piece.square and a.square not in tx.redeploy_squares(piece.owner):
            raise IllegalAction(
                f"{a.square} is not a free square of {piece.owner.title}'s deployment zone"
            )
    elif isinstance(a, A.Summon):
        team = state.config.teams[a.by]
        opt = team.faction.option(a.option)
        tx = Transaction(state, ScriptedDice([]))
        why = tx.room_for(a.by, opt.name, opt.kind)
        if why:
            raise IllegalAction(why)
        if not tx.free(a.square):
            raise IllegalAction(f"{a.square} is occupied")


def _roll_effect_from(a: A.AddRollEffect) -> RollEffect:
    from rules.dice import Modifier

    try:
        kind = RollEffectKind(a.kind)
    except ValueError:
        raise IllegalAction(
            f"'{a.kind}' is not a roll effect: use one of "
            + ", ".join(k.value for k in RollEffectKind)
        ) from None
    mod = Modifier.parse(a.value, source="adjustment") if kind is RollEffectKind.MODIFIER else None
    return RollEffect(kind, a.until, mod, source=f"by {a.by.title}")


def _h_adjustment(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Adjustment)
    why = f"adjustment by {a.by.title}"
    key: str = getattr(a, "piece", "")
    if isinstance(a, A.GiveTokens):
        tx.give_tokens(key, a.token, a.count, why)
    elif isinstance(a, A.RemoveTokens):
        tx.remove_tokens(key, a.token, a.count, why)
    elif isinstance(a, A.Bless):
        tx.bless(key, why)
    elif isinstance(a, A.Curse):
        tx.curse(key, why)
    elif isinstance(a, A.RemoveBlessing):
        tx.lift(key, "Blessing", why)
    elif isinstance(a, A.RemoveCurse):
        tx.lift(key, "Curse", why)
    elif isinstance(a, A.Slay):
        tx.slay(key, None, why)
    elif isinstance(a, A.RemovePiece):
        tx.take_off(key, why)
    elif isinstance(a, A.PlacePiece):
        tx.put(key, a.square, why)
    elif isinstance(a, A.Redeploy):
        verb = "stays on" if a.square == tx.piece(key).square else "is redeployed to"
        tx.update(key, zone=Zone.BOARD, square=a.square)
        tx.emit("placed", f"{key} {verb} {a.square} ({why})", piece=key, square=str(a.square))
    elif isinstance(a, A.Summon):
        _summon(tx, a)
    elif isinstance(a, A.Scatter):
        _scatter(tx, key, why)
    elif isinstance(a, A.PlaceRandomly):
        _place_randomly(tx, key, why)
    elif isinstance(a, A.AddRollEffect):
        fx = _roll_effect_from(a)
        p = tx.piece(key)
        tx.update(key, roll_effects=(*p.roll_effects, fx))
        tx.emit("roll_effect", f"{key}: {fx.describe()} ({why})", piece=key)
    elif isinstance(a, A.SetCannotBeSlain):
        tx.update(key, cannot_be_slain=a.value)
        text = "cannot be slain" if a.value else "can be slain again"
        tx.emit("unslayable", f"{key} {text} ({why})", piece=key)
    elif isinstance(a, A.Concede):
        tx.emit("conceded", f"{a.by.title} concedes")
        tx.finish(Outcome(a.by.other, EndReason.CONCEDED, None, f"{a.by.title} conceded"))
    elif isinstance(a, A.EndOnPoints):
        tx.finish(tx.points_outcome(EndReason.ABANDONED))
    else:
        raise AssertionError(a)


def _summon(tx: Transaction, a: A.Summon) -> None:
    team = tx.config.teams[a.by]
    opt = team.faction.option(a.option)
    n = 1 + sum(1 for p in tx.pieces.values() if p.owner is a.by and p.kind is opt.kind)
    label = f"{opt.kind.letter}{n}"
    piece = Piece(
        key=f"{a.by.title} {label}",
        label=label,
        owner=a.by,
        kind=opt.kind,
        option=opt.name,
        rank=team.faction.rank_of(opt.name),
        legendary=opt.legendary,
        rules=opt.common_rules,
        zone=Zone.BOARD,
        square=a.square,
    )
    tx.set(piece)
    tx.emit(
        "summoned",
        f"{piece.key} ({opt.name}) is Summoned to {a.square}",
        piece=piece.key,
        square=str(a.square),
    )


def _scatter(tx: Transaction, key: str, why: str) -> None:
    """Scatter: number the adjacent squares 1-8 (N, NE, E, ... clockwise), roll a D8, re-roll
    when that square is off the board or occupied (WC-8)."""
    piece = tx.piece(key)
    sq = piece.square
    assert sq is not None
    for _ in range(MAX_PLACEMENT_TRIES):
        r = tx.roll(8)
        df, dr = SCATTER_DIRECTIONS[r - 1]
        dest = sq.offset(df, dr)
        if dest is not None and tx.free(dest):
            tx.relocate(key, dest)
            tx.emit(
                "scattered",
                f"{key} scatters from {sq} to {dest} (D8={r}; {why})",
                piece=key,
                origin=str(sq),
                to=str(dest),
            )
            return
    tx.emit("scattered", f"{key} could not scatter and stays on {sq} ({why})", piece=key)


def _place_randomly(tx: Transaction, key: str, why: str) -> None:
    """Random placement: a D8 for the rank, then a D8 for the file; re-roll occupied squares."""
    for _ in range(MAX_PLACEMENT_TRIES):
        r = tx.roll(8)
        f = tx.roll(8)
        sq = Square.at(f - 1, r - 1)
        assert sq is not None
        if tx.free(sq):
            tx.put(key, sq, f"placed at random: rank D8={r}, file D8={f}; {why}")
            return
    tx.emit("placed", f"{key} could not be placed at random ({why})", piece=key)


_VALIDATORS: dict[type[A.Action], Callable[[GameState, Any], None]] = {
    A.DecideTreeOrder: _v_tree_order,
    A.RollTrees: _v_roll_trees,
    A.ChooseTrees: _v_choose_trees,
    A.Deploy: _v_deploy,
    A.Activate: _v_activate,
    A.Move: _v_move,
    A.Attack: _v_attack,
    A.UseToken: _v_use_token,
    A.CombatMove: _v_combat_move,
    A.Promote: _v_promote,
    A.Castle: _v_castle,
    A.Decline: _v_decline,
    A.MoveAside: _v_move_aside,
}

_HANDLERS: dict[type[A.Action], Callable[[Transaction, Any], None]] = {
    A.DecideTreeOrder: _h_tree_order,
    A.RollTrees: _h_roll_trees,
    A.ChooseTrees: _h_choose_trees,
    A.Deploy: _h_deploy,
    A.Activate: _h_activate,
    A.Move: _h_move,
    A.Attack: _h_attack,
    A.UseToken: _h_use_token,
    A.CombatMove: _h_combat_move,
    A.Promote: _h_promote,
    A.Castle: _h_castle,
    A.Decline: _h_decline,
    A.MoveAside: _h_move_aside,
}
for _cls in A.ACTION_TYPES.values():
    if issubclass(_cls, A.Adjustment):
        _HANDLERS[_cls] = _h_adjustment

AFTER_ACTION: list[Callable[[Transaction], None]] = []


def register_action(
    cls: type[A.Action],
    validator: Callable[[GameState, Any], None],
    handler: Callable[[Transaction, Any], None],
) -> None:
    """Let another rules module (faith mechanics, variants) add actions to the engine."""
    A.ACTION_TYPES[cls.name] = cls
    _VALIDATORS[cls] = validator
    _HANDLERS[cls] = handler


from rules import faith as _faith  # noqa: E402,F401  (registers the faith mechanics)

"""Faith mechanics in the engine: Divination and the tarot effects, the playing-card deck and
bone reading.

In the core rules only faction rules trigger these, so a player declares them as actions
(ruling WC-28). Cards' Immediate effects are queued as steps; a step that needs a player's choice
becomes a pending CHOOSE decision (answered with ``Choose``), and play resumes where it was when
the queue is empty. Passive effects are ``GameEffect``s in force while their card is active.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from rules.core.actions import Action
from rules.core.errors import IllegalAction
from rules.wargame_chess.actions import (
    Choose,
    DiscardCard,
    DiscardTarot,
    Divinate,
    DrawCards,
    ReadBones,
)
from rules.wargame_chess.board import Player, Square, Terrain, in_deployment_zone
from rules.wargame_chess.cards import PlayingCard, bone_pool
from rules.wargame_chess.dice import Mode, RollResult
from rules.wargame_chess.effects import GameEffect, register
from rules.wargame_chess.pieces import CommonRule, Kind
from rules.wargame_chess.state import (
    COUNT_OPTION,
    COUNT_POINTS,
    Decision,
    EffectStep,
    EndReason,
    GameState,
    Pending,
    Phase,
    Piece,
    RollEffect,
    RollEffectKind,
    Token,
    Until,
    Zone,
)
from rules.wargame_chess.tarot import AT_THE_TABLE, BY_NUMBER, INCOMPLETE
from rules.wargame_chess.tokens import token_targets
from rules.wargame_chess.transaction import Handler, Transaction, Validator, peek
from rules.wargame_chess.turns import (
    AFTER_ACTIVATION_NAMES,
    apply_after_activation,
    apply_flag,
    end_activation,
)

NONE = "none"


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------
def _draw(tx: Transaction, pile: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Draw one card at random from a face-down pile with a recorded roll."""
    i = tx.roll(len(pile)) - 1 if len(pile) > 1 else 0
    card = pile[i]
    return card, pile[:i] + pile[i + 1 :]


def _card_name(n: int) -> str:
    return BY_NUMBER[n].title


def _others_first(resolver: Player) -> tuple[Player, Player]:
    return resolver, resolver.other


def _highest(pieces: Iterable[Piece]) -> list[Piece]:
    ps = list(pieces)
    if not ps:
        return []
    top = min(p.rank for p in ps)
    return [p for p in ps if p.rank == top]


def _slain_count(tx: Transaction, player: Player) -> int:
    return sum(1 for p in tx.pieces.values() if p.owner is player and p.zone is Zone.SLAIN)


def _fewer(tx: Transaction, values: dict[Player, int]) -> Player | None:
    w, b = values[Player.WHITE], values[Player.BLACK]
    if w == b:
        return None
    return Player.WHITE if w < b else Player.BLACK


def _on_board_counts(tx: Transaction) -> dict[Player, int]:
    return {pl: len(tx.on_board(pl)) for pl in Player}


# ---------------------------------------------------------------------------------------------
# Divination
# ---------------------------------------------------------------------------------------------
def _v_divinate(state: GameState, a: Divinate) -> None:
    if state.phase is not Phase.PLAY:
        raise IllegalAction(f"Divination happens during play, not during {state.phase.value}")
    if state.attack is not None:
        raise IllegalAction("finish resolving the current Attack before Divinating")
    # (the end of turn 10's count waits for the players' rules: Divinating is one, for the
    # player asked)
    count = state.faith.counting
    if state.pending is not None and state.pending.decision is not Decision.ACT:
        if count is None:
            raise IllegalAction(
                f"answer the current decision first: {state.pending.decision.value}"
            )
        if count.player is not a.by:
            raise IllegalAction(
                f"{count.player.title} applies their rules before the points are counted now; "
                f"{a.by.title}'s turn to apply theirs comes after"
            )
    for n in a.preferred:
        if n not in BY_NUMBER:
            raise IllegalAction(f"{n} is not a tarot card number (0-21)")
    f = state.faith
    if a.switch_to >= 0:
        if a.switch_to not in f.tarot_dealt:
            what = _card_name(a.switch_to) if a.switch_to in BY_NUMBER else str(a.switch_to)
            raise IllegalAction(f"{what} is not dealt out")
        if a.switch_to == f.tarot_active:
            raise IllegalAction(f"{_card_name(a.switch_to)} is already the active card")
    elif len(f.tarot_deck) + len(f.tarot_dealt) == 0:
        raise IllegalAction("there are no tarot cards left to deal")


def _h_divinate(tx: Transaction, a: Divinate) -> None:
    f = tx.faith
    if a.switch_to >= 0:
        tx.emit(
            "divinate",
            f"{a.by.title} Divinates: the active card becomes {_card_name(a.switch_to)}",
            by=a.by.title,
            card=a.switch_to,
        )
        _make_active(tx, a.switch_to, a.by)
        return
    deck = tuple(sorted(f.tarot_deck + f.tarot_dealt))
    dealt: list[int] = []
    for _ in range(min(3, len(deck))):
        card, deck = _draw(tx, deck)
        dealt.append(card)
    tx.faith = replace(f, tarot_deck=deck, tarot_dealt=tuple(dealt), tarot_active=None)
    names = ", ".join(_card_name(c) for c in dealt)
    tx.emit("divinate", f"{a.by.title} Divinates: dealt {names}", by=a.by.title, dealt=dealt)
    preferred_dealt = [c for c in dealt[1:] if c in a.preferred]
    if preferred_dealt:
        options = tuple(str(c) for c in [dealt[0], *preferred_dealt])
        tx.enqueue(EffectStep("choose_active", a.by, options, "Divination"))
        return
    _make_active(tx, dealt[0], a.by)


def _make_active(tx: Transaction, card: int, resolver: Player) -> None:
    tx.faith = replace(tx.faith, tarot_active=card)
    c = BY_NUMBER[card]
    tx.emit("tarot_active", f"{c.title} is now the active card", card=card)
    if card in INCOMPLETE:
        tx.emit("tarot_at_table", f"{c.name}: {AT_THE_TABLE}", card=card)
        return
    immediate = IMMEDIATE.get(card)
    if immediate is not None:
        immediate(tx, resolver)


# ---------------------------------------------------------------------------------------------
# Immediate effects
# ---------------------------------------------------------------------------------------------
def _fool(tx: Transaction, resolver: Player) -> None:
    f = tx.faith
    jokers = tuple(c for c in f.cards_deck if c >= 52)
    if not jokers:
        tx.emit("fool", "No Joker card is face down; nothing turns over")
        return
    tx.faith = replace(
        f,
        cards_deck=tuple(c for c in f.cards_deck if c < 52),
        cards_face_up=tuple(sorted(f.cards_face_up + jokers)),
    )
    tx.emit(
        "fool",
        "The Joker cards are turned face up and set aside: "
        + ", ".join(PlayingCard(c).name for c in jokers),
    )


def _empress(tx: Transaction, resolver: Player) -> None:
    slain = {pl: _slain_count(tx, pl) for pl in Player}
    fewer = _fewer(tx, slain)
    if fewer is None:
        tx.emit("empress", "Both teams have as many slain pieces: nobody is Cursed (WC-35)")
        return
    more = fewer.other
    top = _highest(p for p in tx.on_board(more) if tx.can_be_cursed(p) and not p.cursed)
    if not top:
        tx.emit("empress", f"No piece of {more.title}'s can be Cursed")
        return
    if len(top) == 1:
        tx.curse(top[0].key, "The Empress")
        return
    tx.enqueue(EffectStep("curse_one", resolver, tuple(p.key for p in top), "The Empress"))


def _hierophant(tx: Transaction, resolver: Player) -> None:
    blessed: dict[Player, int] = {pl: 0 for pl in Player}
    for p in list(tx.on_board()):
        # "Just Blessed" (R70): the Bishop is Blessed now; a Blessing that only cancelled a
        # Curse leaves it unmarked and gives no Curse to place.
        blessed_now = p.kind is Kind.BISHOP and tx.bless(p.key, "The Hierophant")
        if blessed_now and (tx.piece(p.key).blessed or not tx.config.at_least(2)):
            blessed[p.owner] += 1
    for pl in _others_first(resolver):
        for _ in range(blessed[pl]):
            tx.enqueue(EffectStep("curse_any", pl, (), "The Hierophant"))


def _lovers(tx: Transaction, resolver: Player) -> None:
    for pl in _others_first(resolver):
        tx.enqueue(EffectStep("bless_enemy", pl, (), "The Lovers"))
        tx.enqueue(EffectStep("curse_own", pl, (), "The Lovers"))


def _chariot(tx: Transaction, resolver: Player) -> None:
    fewer = _fewer(tx, _on_board_counts(tx))
    if fewer is None:
        tx.emit("chariot", "Both players have as many pieces on the board: no effect (WC-35)")
        return
    for p in tx.on_board(fewer):
        tx.lift(p.key, "Curse", "The Chariot")


def _hermit(tx: Transaction, resolver: Player) -> None:
    for pl in _others_first(resolver):
        top = _highest(p for p in tx.on_board(pl) if p.blessed)
        if len(top) == 1:
            tx.give_tokens(top[0].key, Token.ADVANTAGE, 1, "The Hermit")
        elif top:
            tx.enqueue(EffectStep("advantage_one", pl, tuple(p.key for p in top), "The Hermit"))
    tx.enqueue(EffectStep("hermit_isolated", resolver, (), "The Hermit"))


def _hermit_isolated(tx: Transaction) -> None:
    board = tx.board()
    lonely = []
    for p in tx.on_board():
        assert p.square is not None
        if not any(n in board or n in tx.terrain for n in p.square.neighbours()):
            lonely.append(p.key)
    for key in lonely:
        tx.give_tokens(key, Token.DISADVANTAGE, 1, "The Hermit: nothing next to it")


def _death(tx: Transaction, resolver: Player) -> None:
    slain = {pl: _slain_count(tx, pl) for pl in Player}
    fewer = _fewer(tx, slain)
    if fewer is not None:
        tx.enqueue(EffectStep("slay_own", fewer, (), "Death"))
        return
    for pl in _others_first(resolver):
        tx.enqueue(EffectStep("disadvantage_enemy", pl, (), "Death"))


def _temperance(tx: Transaction, resolver: Player) -> None:
    for pl in _others_first(resolver):
        tx.enqueue(EffectStep("temperance", pl, (), "Temperance"))


def _tower_or_star(flag: str) -> Any:
    def run(tx: Transaction, resolver: Player) -> None:
        tx.faith = replace(tx.faith, after_activation=(*tx.faith.after_activation, flag))
        if tx.activation is None:
            apply_after_activation(tx, resolver)  # no Re/Activation under way: at once
        else:
            tx.emit(flag, "This takes effect when the current Re/Activation ends")

    return run


def _world(tx: Transaction, resolver: Player) -> None:
    tx.faith = replace(tx.faith, world_done=())
    for pl in _others_first(resolver):
        tx.enqueue(EffectStep("world_ask", pl, (), "The World"))


IMMEDIATE: dict[int, Any] = {
    0: _fool,
    3: _empress,
    5: _hierophant,
    6: _lovers,
    7: _chariot,
    9: _hermit,
    13: _death,
    14: _temperance,
    16: _tower_or_star("tower"),
    17: _tower_or_star("star"),
    21: _world,
}


# ---------------------------------------------------------------------------------------------
# The queue: each step either resolves at once or asks its player to choose
# ---------------------------------------------------------------------------------------------
_TOKEN_KINDS = ("Advantage", "Disadvantage", "Blessing", "Curse")


def _options(tx: Transaction, step: EffectStep) -> tuple[tuple[str, ...], str]:
    """The options a step offers and its prompt; no options means it cannot resolve."""
    pl = step.player
    k = step.kind
    if k == "choose_active":
        return step.data, "Choose the active card (a preferred card was dealt)"
    if k in ("curse_one", "advantage_one"):
        return step.data, f"{step.source}: choose which of the highest-ranked pieces"
    if k == "curse_any":  # ("a piece that does not have a faith mechanic rule")
        keys = tuple(
            p.key
            for p in tx.on_board()
            if not p.cursed and tx.can_be_cursed(p) and not _faith_rule(tx, p)
        )
        return (*keys, NONE) if keys else (), f"{step.source}: you may Curse one piece"
    if k == "bless_enemy":
        keys = tuple(p.key for p in tx.on_board(pl.other) if not p.blessed and tx.can_be_blessed(p))
        return keys, f"{step.source}: Bless an enemy piece"
    if k == "curse_own":
        keys = tuple(p.key for p in tx.on_board(pl) if not p.cursed and tx.can_be_cursed(p))
        return keys, f"{step.source}: Curse one of your own pieces"
    if k == "slay_own":  # a valid target only: a piece that cannot be slain is not one (R68)
        keys = tuple(p.key for p in tx.on_board(pl) if _slayable(tx, p))
        return keys, f"{step.source}: you have fewer slain pieces; slay one of your own"
    if k == "disadvantage_enemy":
        keys = tuple(p.key for p in token_targets(peek(tx), pl, tx.on_board(pl.other)))
        return keys, f"{step.source}: give an enemy piece a Disadvantage token"
    if k == "temperance":
        opts = []
        for p in tx.on_board(pl):
            for kind, has in zip(
                _TOKEN_KINDS, (p.advantage, p.disadvantage, p.blessed, p.cursed), strict=True
            ):
                if has:
                    opts.append(f"{p.key}: {kind}")
        return (*opts, NONE) if opts else (), (
            f"{step.source}: you may remove one token from a piece of yours; every enemy then "
            "loses one of that kind too"
        )
    if k == "justice":
        slayer_key = step.data[0]
        slayer = tx.piece(slayer_key)
        group = [
            p for p in tx.on_board(slayer.owner) if p.key == slayer_key or p.rank <= slayer.rank
        ]
        curseable = tuple(p.key for p in group if not p.cursed and tx.can_be_cursed(p))
        if curseable:
            return curseable, f"{step.source}: Curse the slayer or an ally of equal or higher rank"
        slayable = tuple(p.key for p in group if p.cursed and _slayable(tx, p))
        return slayable, f"{step.source}: all of them are Cursed, so slay one"
    if k == "magician":
        attacker = tx.piece(step.data[0])
        if attacker.zone is not Zone.BOARD:
            return (), ""
        capped = tx.config.at_least(5)  # (the quantity caps, WC-2/R5; before: not checked)
        keys = tuple(
            p.key
            for p in tx.pieces.values()
            if p.owner is pl
            and p.zone is Zone.SLAIN
            and p.rank < attacker.rank
            and not (capped and tx.room_for(pl, p.option, p.kind, ignore=attacker.key))
        )
        lost = ""
        if attacker.has(CommonRule.FACTION_LEADER):  # (a faction ranking a piece above it)
            lost = " (it is your Faction Leader: replaced, it goes to the slain zone and you lose)"
        return (*keys, NONE) if keys else (), (
            f"{step.source}: you may replace {attacker.label} with a higher-ranked slain piece"
            + lost
        )
    if k == "world_ask":
        return ("yes", "no"), f"{step.source}: redeploy all of your pieces?"
    if k == "world_place":
        done = set(tx.faith.world_done)
        opts = []
        for p in tx.on_board(pl):
            if p.key in done:
                continue
            squares = tx.redeploy_squares(pl)
            if p.square is not None and p.square not in squares and _in_zone(pl, p.square):
                squares = [p.square, *squares]
            opts.extend(f"{p.key} {s}" for s in squares)
        return tuple(opts), f"{step.source}: redeploy a piece (piece and square)"
    if k == "hermit_isolated":
        return ("auto",), ""
    if k == "after_order":
        names = tuple(f"{AFTER_ACTIVATION_NAMES[f]} first" for f in step.data)
        return names, "The Tower and The Star both take effect: choose which happens first"
    if k == COUNT_POINTS:
        return (COUNT_OPTION,), (
            "The end of turn 10: apply your rules listed below (adjustments), then count the points"
        )
    if k == "star_one":
        keys = tuple(p.key for p in tx.on_board(pl) if p.activated)
        return keys, f"{step.source}: choose one of your pieces that has Activated to make fresh"
    raise AssertionError(k)


def _slayable(tx: Transaction, piece: Piece) -> bool:
    """A valid target for "slay" (R68; games of rules revision 1 offered any piece)."""
    return tx.can_be_slain(piece) or not tx.config.at_least(2)


def _in_zone(pl: Player, sq: Square) -> bool:

    return in_deployment_zone(pl, sq)


def _resolve(tx: Transaction, step: EffectStep, choice: str) -> None:
    k = step.kind
    src = step.source
    if k == "choose_active":
        _make_active(tx, int(choice), step.player)
    elif k in ("curse_one", "curse_own"):
        tx.curse(choice, src)
    elif k == "curse_any":
        if choice != NONE:
            tx.curse(choice, src)
    elif k == "bless_enemy":
        tx.bless(choice, src)
    elif k == "advantage_one":
        tx.give_tokens(choice, Token.ADVANTAGE, 1, src)
    elif k == "slay_own":
        tx.slay(choice, None, src)
    elif k == "disadvantage_enemy":
        tx.give_tokens(choice, Token.DISADVANTAGE, 1, src)
    elif k == "temperance":
        if choice != NONE:
            key, _, kind = choice.partition(": ")
            _temper(tx, step.player, key, kind)
    elif k == "justice":
        p = tx.piece(choice)
        if p.cursed:
            tx.slay(choice, None, "Justice: every eligible piece was already Cursed")
        else:
            tx.curse(choice, src)
    elif k == "magician":
        if choice != NONE:
            attacker = tx.piece(step.data[0])
            sq = attacker.square
            assert sq is not None
            # One step (ruling R47): the end of the game is judged once the replacement
            # stands there, not between (revision 2 judged it between the two).
            tx.swapping = tx.config.at_least(3)
            tx.slay(attacker.key, None, "The Magician: replaced")
            tx.put(choice, sq, f"The Magician: it takes {attacker.key}'s place")
            tx.swapping = False
            tx.check_victory()
    elif k == "after_order":
        chosen = next(f for f in step.data if choice == f"{AFTER_ACTIVATION_NAMES[f]} first")
        order = (chosen, *(f for f in step.data if f != chosen))
        if tx.config.star_one_each and order == ("star", "tower"):
            # The revised Star's choices would come after The Tower; The Tower, later, decides.
            order = ("tower",)
        for flag in order:
            apply_flag(tx, flag, step.player.other)
    elif k == COUNT_POINTS:
        if not any(q.kind == COUNT_POINTS for q in tx.faith.queue):
            tx.finish(tx.points_outcome(EndReason.POINTS))
    elif k == "star_one":
        tx.update(choice, activated=False)
        tx.emit(
            "fresh_again", f"{choice} no longer counts as having Activated ({src})", piece=choice
        )
    elif k == "world_ask":
        if choice == "yes":
            for p in tx.on_board(step.player):
                if p.cursed or p.disadvantage:
                    tx.update(p.key, cursed=False, disadvantage=0)
                    tx.emit(
                        "world_clean",
                        f"{p.key} loses its Curse and Disadvantage tokens",
                        piece=p.key,
                    )
            tx.emit("world", f"{step.player.title} redeploys all of their pieces")
            _queue_world_placements(tx, step.player)
        else:
            tx.emit("world", f"{step.player.title} keeps their pieces where they are")
    elif k == "world_place":
        key, _, where = choice.rpartition(" ")
        square = Square.parse(where)
        verb = "stays on" if tx.piece(key).square == square else "is redeployed to"
        tx.relocate(key, square)
        tx.faith = replace(tx.faith, world_done=(*tx.faith.world_done, key))
        tx.emit("placed", f"{key} {verb} {square} (The World)", piece=key, square=where)
    elif k == "hermit_isolated":
        _hermit_isolated(tx)
    else:
        raise AssertionError(k)


def _queue_world_placements(tx: Transaction, player: Player) -> None:
    """Placements for ``player``; if the other player is also redeploying, interleave them."""
    mine = [EffectStep("world_place", player, (), "The World") for _ in tx.on_board(player)]
    queue = list(tx.faith.queue)
    theirs = [s for s in queue if s.kind == "world_place"]
    rest = [s for s in queue if s.kind != "world_place"]
    merged: list[EffectStep] = []
    for i in range(max(len(theirs), len(mine))):
        if i < len(theirs):
            merged.append(theirs[i])
        if i < len(mine):
            merged.append(mine[i])
    # Asks still waiting come first; placements follow once both players have answered.
    asks = [s for s in rest if s.kind == "world_ask"]
    others = [s for s in rest if s.kind != "world_ask"]
    tx.faith = replace(tx.faith, queue=tuple(asks + merged + others))


def _temper(tx: Transaction, player: Player, key: str, kind: str) -> None:
    def strip(p: Piece, why: str) -> bool:
        if kind == "Advantage" and p.advantage:
            tx.remove_tokens(p.key, Token.ADVANTAGE, 1, why)
        elif kind == "Disadvantage" and p.disadvantage:
            tx.remove_tokens(p.key, Token.DISADVANTAGE, 1, why)
        elif kind in ("Blessing", "Curse"):
            return tx.lift(p.key, kind, why)
        else:
            return False
        return True

    strip(tx.piece(key), "Temperance")
    for enemy in tx.on_board(player.other):
        strip(enemy, "Temperance: the other side gave one up")


def run_queue(tx: Transaction) -> None:
    """Resolve queued steps until one needs a choice (or the queue is empty)."""
    while tx.faith.queue and tx.outcome is None:
        step = tx.faith.queue[0]
        options, prompt = _options(tx, step)
        if not options:
            tx.faith = replace(tx.faith, queue=tx.faith.queue[1:])
            if step.kind != "magician":
                tx.emit("no_target", f"{step.source}: no valid target, so this part is skipped")
            continue
        if options == ("auto",):
            tx.faith = replace(tx.faith, queue=tx.faith.queue[1:])
            _resolve(tx, step, "auto")
            continue
        if tx.pending is None or tx.pending.decision is not Decision.CHOOSE:
            tx.faith = replace(tx.faith, resume=tx.pending)
        tx.pending = Pending(Decision.CHOOSE, step.player, "", options, prompt)
        return
    if tx.pending is not None and tx.pending.decision is Decision.CHOOSE:
        tx.pending = tx.faith.resume
        tx.faith = replace(tx.faith, resume=None)
        pend = tx.pending
        if pend is not None and pend.piece and tx.piece(pend.piece).zone is not Zone.BOARD:
            # The effect took the Activating piece off the board: its Activation is over.
            tx.pending = None
            end_activation(tx)
            run_queue(tx)  # choices the end of the Activation queued (the revised Star)


def _v_choose(state: GameState, a: Choose) -> None:
    p = state.pending
    if p is None or p.decision is not Decision.CHOOSE:
        raise IllegalAction("there is no card choice to answer now")
    if a.option not in p.options:
        shown = ", ".join(p.options[:8]) + (" ..." if len(p.options) > 8 else "")
        raise IllegalAction(f"'{a.option}' is not one of the choices: {shown}")


def _h_choose(tx: Transaction, a: Choose) -> None:
    step = tx.faith.queue[0]
    tx.faith = replace(tx.faith, queue=tx.faith.queue[1:])
    # (a count says whose: the rules before it are theirs no more)
    whose = {"counted": step.player.title} if step.kind == COUNT_POINTS else {}
    tx.emit(
        "chose", f"{step.player.title} chooses {a.option} ({step.source})", option=a.option, **whose
    )
    _resolve(tx, step, a.option)


def _faith_rule(tx: Transaction, piece: Piece) -> bool:
    """Whether ``piece`` has a faith mechanic rule of its own (a server faction's option's rule
    tagged with one; no core piece has one). Counted from rules revision 5 (The Hierophant
    offered such pieces before)."""
    if not tx.config.at_least(5):
        return False
    option = tx.config.teams[piece.owner].faction.option(piece.option)
    return any(t.faith is not None for t in option.texts)


# ---------------------------------------------------------------------------------------------
# Passive effects
# ---------------------------------------------------------------------------------------------
class Fool(GameEffect):
    name = "tarot:0"

    def can_be_slain(self, tx: Transaction, piece: Piece) -> bool:
        """The Fool's "Jokers cannot be slain": every Joker from rules revision 5 (a faction's
        Joker may lose Fool's Endeavour); before, the pieces with that rule."""
        if tx.config.at_least(5):
            return piece.kind is not Kind.JOKER
        return not piece.has(CommonRule.FOOLS_ENDEAVOUR)


class Magician(GameEffect):
    name = "tarot:1"

    def after_attack_slays(
        self, tx: Transaction, attacker_key: str, defender_key: str, attack_roll: RollResult
    ) -> None:
        if attack_roll.spec.mode is Mode.ADVANTAGE:
            owner = tx.piece(attacker_key).owner
            tx.enqueue(EffectStep("magician", owner, (attacker_key,), "The Magician"))


class HighPriestess(GameEffect):
    name = "tarot:2"

    def opponent_picks_activation(self, tx: Transaction) -> bool:
        return True


class Empress(GameEffect):
    name = "tarot:3"

    def can_be_cursed(self, tx: Transaction, piece: Piece) -> bool:
        sq = piece.square
        if sq is None:
            return True
        return not any(tx.terrain.get(n) is Terrain.TREE for n in sq.neighbours())


class Chariot(GameEffect):
    name = "tarot:7"

    def can_be_cursed(self, tx: Transaction, piece: Piece) -> bool:
        fewer = _fewer(tx, _on_board_counts(tx))
        if fewer is None:
            return True
        if piece.owner is fewer:
            return False
        return not piece.blessed


class Justice(GameEffect):
    name = "tarot:8"

    def on_slain(self, tx: Transaction, slain_key: str, slayer_key: str | None) -> None:
        if slayer_key is None:
            return
        victim = tx.piece(slain_key)
        slayer = tx.piece(slayer_key)
        if slayer.owner is not victim.owner:
            tx.enqueue(EffectStep("justice", victim.owner, (slayer_key,), "Justice"))


class Devil(GameEffect):
    name = "tarot:15"

    def on_activation_start(self, tx: Transaction, piece_key: str) -> None:
        if tx.activation is not None and not tx.activation.reactivation:
            tx.curse(piece_key, "The Devil")


class Sun(GameEffect):
    name = "tarot:19"

    def on_activation_start(self, tx: Transaction, piece_key: str) -> None:
        if tx.activation is not None and not tx.activation.reactivation:
            tx.bless(piece_key, "The Sun")


class Judgement(GameEffect):
    name = "tarot:20"

    def roll_effects(
        self, tx: Transaction, piece: Piece, opponent: Piece | None
    ) -> Iterable[RollEffect]:
        return (RollEffect(RollEffectKind.PREVENT_ADVANTAGE, Until.GAME, source="Judgement"),)

    def may_spend_advantage(self, tx: Transaction, piece: Piece) -> bool:
        return False


for _effect in (
    Fool(),
    Magician(),
    HighPriestess(),
    Empress(),
    Chariot(),
    Justice(),
    Devil(),
    Sun(),
    Judgement(),
):
    register(_effect)


# ---------------------------------------------------------------------------------------------
# Playing cards and bones
# ---------------------------------------------------------------------------------------------
def _v_draw(state: GameState, a: DrawCards) -> None:
    if state.phase is not Phase.PLAY:
        raise IllegalAction("cards are drawn during play")
    if a.keep not in DrawCards.KEEPS:
        raise IllegalAction("keep drawn cards for the 'turn', the 'game', or 'discard' them")
    if not 1 <= a.count <= 10:
        raise IllegalAction("draw between 1 and 10 cards at a time")
    f = state.faith
    if len(f.cards_deck) + len(f.cards_discard) < a.count:
        raise IllegalAction("there are not enough cards left in the deck and discard pile")


def _h_draw(tx: Transaction, a: DrawCards) -> None:
    """Draw every card first, then place them all, so cards drawn together are never shuffled
    back mid-draw."""
    drawn: list[int] = []
    for _ in range(a.count):
        f = tx.faith
        if not f.cards_deck:
            f = replace(f, cards_deck=tuple(sorted(f.cards_discard)), cards_discard=())
            tx.emit("reshuffle", "The deck ran out: the discard pile is shuffled into a new deck")
        card, deck = _draw(tx, f.cards_deck)
        tx.faith = replace(f, cards_deck=deck)
        drawn.append(card)
    f = tx.faith
    new = tuple(drawn)
    if a.keep == "turn":
        tx.faith = replace(f, cards_aside_turn=f.cards_aside_turn + new)
    elif a.keep == "game":
        tx.faith = replace(f, cards_aside_game=f.cards_aside_game + new)
    else:
        tx.faith = replace(f, cards_discard=f.cards_discard + new)
    where = {
        "turn": "kept aside until the end of the turn",
        "game": "kept aside for the game",
        "discard": "discarded",
    }[a.keep]
    names = ", ".join(PlayingCard(c).name for c in drawn)
    tx.emit("cards_drawn", f"{a.by.title} draws {names} ({where})", cards=drawn, keep=a.keep)


def _v_discard(state: GameState, a: DiscardCard) -> None:
    f = state.faith
    if a.card not in f.cards_aside_turn + f.cards_aside_game:
        raise IllegalAction("only a card kept aside can be discarded")


def _h_discard(tx: Transaction, a: DiscardCard) -> None:
    f = tx.faith
    tx.faith = replace(
        f,
        cards_aside_turn=tuple(c for c in f.cards_aside_turn if c != a.card),
        cards_aside_game=tuple(c for c in f.cards_aside_game if c != a.card),
        cards_discard=(*f.cards_discard, a.card),
    )
    tx.emit("card_discarded", f"{a.by.title} discards {PlayingCard(a.card).name}", card=a.card)


def _v_discard_tarot(state: GameState, a: DiscardTarot) -> None:
    if state.phase is not Phase.PLAY:
        raise IllegalAction("tarot cards are discarded during play")
    if a.card not in state.faith.tarot_dealt:
        raise IllegalAction("only a dealt tarot card can be discarded")


def _h_discard_tarot(tx: Transaction, a: DiscardTarot) -> None:
    f = tx.faith
    active = f.tarot_active == a.card
    tx.faith = replace(
        f,
        tarot_dealt=tuple(c for c in f.tarot_dealt if c != a.card),
        tarot_discard=(*f.tarot_discard, a.card),
        tarot_active=None if active else f.tarot_active,
    )
    name = BY_NUMBER[a.card].title
    tx.emit(
        "tarot_discarded",
        f"{a.by.title} discards {name}" + (": no card is active now" if active else ""),
        card=a.card,
    )


def pool_of(state: GameState, player: Player) -> tuple[int, ...]:
    """The bone-reading pool is assembled at the start of the game, from the team as chosen:
    a piece type that joins later (Summoned) does not grow it."""
    if not state.config.at_least(2):  # revision 1: the pieces the player has now
        return bone_pool({p.kind.value for p in state.pieces if p.owner is player})
    team = state.config.teams[player]
    kinds = {team.faction.option(name).kind.value for name, n in team.pieces if n}
    return bone_pool(kinds)


def _v_bones(state: GameState, a: ReadBones) -> None:
    if state.config.at_least(4) and state.phase is not Phase.PLAY:  # (R9: the pool tells the
        raise IllegalAction(  # team; revision 3 and before also read them during setup)
            "bones are read once play has begun (a reading now would tell the other player "
            "what your team holds before both teams are shown)"
        )
    if state.phase not in (Phase.PLAY, Phase.DEPLOY, Phase.TREES, Phase.TREE_CHOICE):
        raise IllegalAction("bones are read during the game")
    if not pool_of(state, a.by):
        raise IllegalAction(f"{a.by.title} has no bone-reading pool")


def _h_bones(tx: Transaction, a: ReadBones) -> None:
    pool = pool_of(tx.state, a.by)
    faces = tuple(tx.roll(s) for s in pool)
    text = ", ".join(f"D{s}={v}" for s, v in zip(pool, faces, strict=True))
    if a.keep:
        bones = list(tx.faith.bones)
        bones[a.by] = faces
        tx.faith = replace(tx.faith, bones=(bones[0], bones[1]))
    tx.emit(
        "bones",
        f"{a.by.title} reads the bones: {text}" + (" (kept)" if a.keep else ""),
        pool=list(pool),
        faces=list(faces),
        keep=a.keep,
    )


# The faith mechanics' actions: a validator (read-only) and a handler for each.
RULES: dict[type[Action], tuple[Validator, Handler]] = {
    Divinate: (_v_divinate, _h_divinate),
    Choose: (_v_choose, _h_choose),
    DrawCards: (_v_draw, _h_draw),
    DiscardCard: (_v_discard, _h_discard),
    DiscardTarot: (_v_discard_tarot, _h_discard_tarot),
    ReadBones: (_v_bones, _h_bones),
}

"""Playing a piece, the pieces' abilities (Deploy, Trade, Take, Trap) and the Kings' abilities,
each as a small program (see ``programs``). Every card's reading is in docs/rulings.md."""

from __future__ import annotations

from dataclasses import replace

from rules.card_game import combat, zones
from rules.card_game.battlefield import base_squares
from rules.card_game.catalogue import Suit
from rules.card_game.programs import Ctx, Impossible, effect
from rules.card_game.state import Unit
from rules.core.board import Square


# ---- playing a piece from hand ----
@effect("play_piece")
def play_piece(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    open_squares = [s for s in base_squares(me) if (u := w.at(s)) is None or u.owner is not me]
    if not open_squares:
        raise Impossible("every square of your Base holds one of your pieces")
    sq = ctx.square(f"Where does {ctx.name} enter your Base?", open_squares, cancel=True)
    ctx.commit()
    enter(ctx, sq, played=True)


def enter(ctx: Ctx, sq: Square, *, played: bool, ready: bool | None = None) -> None:
    """Put the card ``ctx.source`` onto ``sq``: onto an enemy (only when played from hand) it is
    a Showdown. It enters ready with First Move, or after the King of Spades' ability."""
    w, me = ctx.w, ctx.me
    c = w.card(ctx.source)
    if ready is None:
        ready = c.first_move or (played and w.next_ready)
        if played and w.next_ready:
            w.next_ready = False
    elif played and w.next_ready and w.config.revision >= 4:
        # a piece played ready by its card (Promotion) is the next piece played all the same:
        # it uses the King of Spades' effect up (CG-27; before revision 4 the effect stayed)
        w.next_ready = False
    enemy = w.at(sq)
    if enemy is None:
        zones.place(w, me, ctx.source, sq, ready=ready, played=played)
        return
    sicilian = played and any(w.card(t).effect == "static_sicilian" for t in w.side(me).statics)
    boosted = sicilian and w.config.revision >= 2  # (its +1 Health is a boost: CG-16)
    unit = Unit(ctx.source, me, sq, hp_bonus=int(sicilian), actions=int(ready), boosted=boosted)
    combat.start(w, unit, sq, None)


# ---- helpers ----


def _pawns_in(ctx: Ctx, *piles: str) -> list[tuple[int, str]]:
    side = ctx.w.side(ctx.me)
    return [(c, p) for p in piles for c in getattr(side, p) if ctx.w.card(c).is_pawn]


PILE_NAMES = {"captured": "Captured pile", "burn": "Burn pile"}


def _recall(ctx: Ctx, found: list[tuple[int, str]], what: str, *, ready: bool) -> None:
    """Choose one of ``found`` (card, pile) and an empty square of your Base for it."""
    squares = ctx.empty_base()
    if not squares:
        raise Impossible("your Base has no empty square")
    piles = dict(found)
    prompt = f"Which {what} comes back?"
    if ctx.w.config.revision >= 3 and len(set(piles.values())) > 1:
        # a card of each name from each pile: which pile it leaves matters (CG-26); the first
        # rules offered one card of a name, the Captured pile's when both had one
        offered: dict[str, int] = {}
        for c, pile in found:
            offered.setdefault(f"{ctx.w.card(c).name} ({PILE_NAMES[pile]})", c)
        cid = int(ctx.choose(prompt, ((str(c), label) for label, c in offered.items())))
    else:
        cid = ctx.card(prompt, piles)
    sq = ctx.square(f"Where does {ctx.w.card(cid).name} enter?", squares)
    zones.leave_pile(ctx.w, ctx.me, cid, piles[cid])
    zones.place(ctx.w, ctx.me, cid, sq, ready=ready, played=False)


def _boost(ctx: Ctx, units: list[Unit], prompt: str) -> None:
    u = ctx.unit(prompt, units)
    combat.boost(ctx.w, u.cid, 1, 1, f" ({ctx.name})")


def _mine(ctx: Ctx) -> list[Unit]:
    return ctx.w.units_of(ctx.me)


# ---- Take ----
@effect("take_king_damage_2")
def take_king_damage(ctx: Ctx) -> None:
    zones.hurt_king(ctx.w, ctx.me.other, 2, f" ({ctx.name})")


@effect("take_attack_again")
def take_attack_again(ctx: Ctx) -> None:
    u = ctx.w.units.get(ctx.source)
    if u is None:
        raise Impossible(f"{ctx.name} is no longer on the board")
    ctx.w.set_unit(replace(u, actions=u.actions + 1))
    ctx.w.say("again", f"{ctx.name} may act once more this turn.")


@effect("take_heal_2", "deploy_heal_2")
def heal_2(ctx: Ctx) -> None:
    zones.heal_king(ctx.w, ctx.me, 2)


@effect("take_tactic_from_burn")
def tactic_from_burn(ctx: Ctx) -> None:
    burn = [c for c in ctx.w.side(ctx.me).burn if ctx.w.card(c).type.is_tactic]
    zones.to_hand(
        ctx.w, ctx.me, ctx.card("Which Tactic do you take from your Burn pile?", burn), "burn"
    )


@effect("take_recall_pawn", "trap_recall_pawn")
def recall_pawn(ctx: Ctx) -> None:
    _recall(ctx, _pawns_in(ctx, "captured"), "Pawn from your Captured pile", ready=False)


# ---- Deploy ----
@effect("deploy_boost_cheaper")
def boost_cheaper(ctx: Ctx) -> None:
    cost = ctx.w.card(ctx.source).cost
    cheaper = [u for u in _mine(ctx) if ctx.w.card(u.cid).cost < cost and u.cid != ctx.source]
    _boost(ctx, cheaper, f"Which of your pieces costing less than {cost} gets +1/+1?")


@effect("deploy_recall_pawn_any")
def recall_pawn_any(ctx: Ctx) -> None:
    found = _pawns_in(ctx, "captured", "burn")
    _recall(ctx, found, "Pawn from your Captured or Burn pile", ready=False)


@effect("deploy_recall_spade")
def recall_spade(ctx: Ctx) -> None:
    side = ctx.w.side(ctx.me)
    found = [
        (c, "captured")
        for c in side.captured
        if ctx.w.card(c).is_piece and ctx.w.card(c).suit is Suit.SPADES
    ]
    _recall(ctx, found, "Spade piece", ready=True)


# ---- Trade ----
@effect("trade_draw_1")
def trade_draw(ctx: Ctx) -> None:
    zones.draw(ctx.w, ctx.me, 1)


@effect("trade_two_captured")
def two_captured(ctx: Ctx) -> None:
    pieces = [c for c in ctx.w.side(ctx.me).captured if ctx.w.card(c).is_piece]
    first = ctx.card("Which piece do you take from your Captured pile?", pieces)
    zones.to_hand(ctx.w, ctx.me, first, "captured")
    rest = [c for c in ctx.w.side(ctx.me).captured if ctx.w.card(c).is_piece]
    if rest:
        options = [(str(c), ctx.w.card(c).name) for c in rest]
        key = ctx.choose("A second piece?", [*dict(options).items(), ("done", "No second piece")])
        if key != "done":
            zones.to_hand(ctx.w, ctx.me, int(key), "captured")


# ---- Trap ----
@effect("trap_boost_other")
def boost_other(ctx: Ctx) -> None:
    _boost(ctx, _mine(ctx), "Which of your pieces gets +1/+1?")


@effect("trap_gain_2")
def gain_2(ctx: Ctx) -> None:
    zones.gain(ctx.w, ctx.me, 2, f" ({ctx.name})")


@effect("trap_burn_for_diamond")
def burn_for_diamond(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    if ctx.source not in w.side(me).captured:
        raise Impossible(f"{ctx.name} is not in your Captured pile")
    diamonds = [
        c
        for c in w.side(me).captured
        if c != ctx.source and w.card(c).is_piece and w.card(c).suit is Suit.DIAMONDS
    ]
    cid = ctx.card("Which Diamond piece do you take into your hand?", diamonds)
    zones.leave_pile(w, me, ctx.source, "captured")
    zones.to_burn(w, me, ctx.source)
    w.say("burned", f"{me.title} moves {ctx.name} to their Burn pile.")
    zones.to_hand(w, me, cid, "captured")


@effect("trap_ping_1")
def ping(ctx: Ctx) -> None:
    u = ctx.unit("Which piece takes 1 damage?", ctx.w.all_units())
    combat.damage(ctx.w, u.cid, 1, f" ({ctx.name})")


@effect("trap_cheap_from_burn")
def cheap_from_burn(ctx: Ctx) -> None:
    cheap = [c for c in ctx.w.side(ctx.me).burn if ctx.w.card(c).cost <= 2]
    zones.to_hand(ctx.w, ctx.me, ctx.card("Which card costing 2 or less?", cheap), "burn")


@effect("trap_tactics_or_material")
def tactics_or_material(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    tactics = [c for c in w.side(me).burn if w.card(c).type.is_tactic]
    options = [("material", "Gain 4 Material")]
    if tactics:
        options.insert(0, ("tactics", "Take two Tactics from your Burn pile"))
    if ctx.choose(f"{ctx.name}: which?", options) == "material":
        zones.gain(w, me, 4, f" ({ctx.name})")
        return
    for n in (1, 2):
        left = [c for c in w.side(me).burn if w.card(c).type.is_tactic]
        if left:
            zones.to_hand(w, me, ctx.card(f"Tactic {n} of 2 from your Burn pile?", left), "burn")


@effect("gambit_boost_pawn")
def gambit(ctx: Ctx) -> None:
    pawns = [u for u in _mine(ctx) if ctx.w.card(u.cid).is_pawn]
    _boost(ctx, pawns, "Pawn's Gambit: which of your Pawns gets +1/+1?")


# ---- the Kings' abilities ----
def _king_cost(ctx: Ctx) -> None:
    """The 2 Material a King of Spades or Hearts pays, checked while it is declared. Once paid
    (the ability runs again from the top after the answer window) it is not asked again: the
    first rules asked, so with 2 or 3 Material the ability was paid for and did nothing
    (revisions 1-2 keep that, so games saved then replay as played; CG-25)."""
    if ctx.prog.committed and ctx.w.config.revision >= 3:
        return
    if ctx.w.side(ctx.me).material < 2:
        raise Impossible("it costs 2 Material")


@effect("king_spades")
def king_spades(ctx: Ctx) -> None:
    _king_cost(ctx)
    if ctx.w.next_ready:
        raise Impossible("your next piece already enters ready")
    ctx.commit()
    ctx.w.next_ready = True
    ctx.w.say("next_ready", "The next piece played this turn enters ready.")


@effect(combat.HUNTED_DRAW)
def hunted_draw(ctx: Ctx) -> None:
    """The King of Hearts' marked piece was captured this turn: its player draws a card."""
    zones.draw(ctx.w, ctx.me, 1)


@effect("king_diamonds")
def king_diamonds(ctx: Ctx) -> None:
    ctx.commit()
    w, me = ctx.w, ctx.me
    zones.draw(w, me, 2 if not w.units_of(me) else 1)
    hand = w.side(me).hand
    if hand:
        cid = ctx.card("Which card do you discard?", hand)
        zones.take_from_hand(w, me, cid)
        zones.to_burn(w, me, cid)
        w.say("discarded", f"{me.title} discards {w.card(cid).name}.")


@effect("king_hearts")
def king_hearts(ctx: Ctx) -> None:
    _king_cost(ctx)
    u = ctx.unit("Which piece takes 2 damage?", ctx.w.all_units(), cancel=True)
    ctx.commit()
    ctx.w.hunted.append(u.cid)
    combat.damage(ctx.w, u.cid, 2, f" ({ctx.name})")


@effect("king_clubs")
def king_clubs(ctx: Ctx) -> None:
    u = ctx.unit("Which of your pieces gets +1/+1?", _mine(ctx), cancel=True)
    ctx.commit()
    w = ctx.w  # no boost before (CG-16): none had, and no Equip or Static gives one now
    if w.config.revision < 2:  # (the first rules: any change, any Equip)
        plain = not u.boosted and not u.equips
    else:
        raising = ("equip_attack_3", "equip_health_3")
        plain = (
            not u.boosted
            and not any(w.card(e).effect in raising for e in u.equips)
            and not any(w.card(t).effect == combat.LONDON for t in w.side(u.owner).statics)
        )
    combat.boost(ctx.w, u.cid, 1, 1, f" ({ctx.name})")
    if plain:
        zones.gain(ctx.w, ctx.me, 1, " (it had no boost before)")

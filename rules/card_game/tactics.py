"""Tactic cards: Action (one use, then to the Burn pile), Equip (attached to one of your
pieces; to the Burn pile when the piece leaves) and Static (in your Tactic Zone, one copy of
each). Each card's program; its reading is in docs/rulings.md."""

from __future__ import annotations

from dataclasses import replace

from rules.card_game import combat, zones
from rules.card_game.abilities import enter
from rules.card_game.battlefield import SQUARES
from rules.card_game.catalogue import CardType
from rules.card_game.programs import EFFECTS, Ctx, Impossible, can_start, effect
from rules.card_game.state import Program, owner_of

MY_TURN_ONLY = frozenset({"promotion", "reinforcements", "thinking"})
COUNTER = "counter"


# ---- Equip and Static ----
@effect("equip_health_3", "equip_attack_3", "equip_extra_action")
def equip(ctx: Ctx) -> None:
    mine = ctx.w.units_of(ctx.me)
    u = ctx.unit(f"Attach {ctx.name} to which of your pieces?", mine, cancel=True)
    ctx.commit()
    extra = 1 if ctx.w.card(ctx.source).effect == "equip_extra_action" else 0
    u = ctx.w.units[u.cid]
    ctx.w.set_unit(replace(u, equips=(*u.equips, ctx.source), actions=u.actions + extra))
    ctx.w.say("equipped", f"{ctx.name} is attached to {combat.label(ctx.w, u)}.")


@effect("static_london", "static_sicilian", "static_pawns_gambit")
def static(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    if any(w.card(t).name == ctx.name for t in w.side(me).statics):
        raise Impossible(f"you already have {ctx.name} in your Tactic Zone")
    ctx.commit()
    w.edit(me, statics=(*w.side(me).statics, ctx.source))
    w.say("static", f"{ctx.name} goes into {me.title}'s Tactic Zone.")


# ---- Actions ----
def _damage(ctx: Ctx, n: int) -> int:
    u = ctx.unit(f"Which piece takes {n} damage?", ctx.w.all_units(), cancel=True)
    ctx.commit()
    combat.damage(ctx.w, u.cid, n, f" ({ctx.name})")
    return u.cid


@effect("pin")
def pin(ctx: Ctx) -> None:
    _damage(ctx, 3)


@effect("skew")
def skew(ctx: Ctx) -> None:
    cid = _damage(ctx, 2)
    u = ctx.w.units[cid]
    if combat.health_of(ctx.w, u) <= 0:
        combat.remove(ctx.w, cid, "captured", f" ({ctx.name})")
        zones.hurt_king(ctx.w, ctx.me.other, 2, f" ({ctx.name})")


@effect("bong_cloud")
def bong_cloud(ctx: Ctx) -> None:
    w = ctx.w
    options: dict[str, str] = {}
    for u in w.all_units():
        for e in u.equips:
            options[f"e{e}"] = f"{w.card(e).name} on {combat.label(w, u)}"
    for p in (ctx.me, ctx.me.other):
        for t in w.side(p).statics:
            options[f"s{t}"] = f"{w.card(t).name} in {p.title}'s Tactic Zone"
    key = ctx.choose("Which Tactic in play goes to the Burn pile?", options.items(), cancel=True)
    ctx.named.append(options[key])  # (in play: public, so the log may name it)
    ctx.commit()
    cid = int(key[1:])
    owner = owner_of(cid)
    if key[0] == "e":
        holder = next(u for u in w.all_units() if cid in u.equips)
        w.set_unit(replace(holder, equips=tuple(e for e in holder.equips if e != cid)))
    else:
        zones.leave_pile(w, owner, cid, "statics")
    zones.to_burn(w, owner, cid)
    w.say("destroyed", f"{w.card(cid).name} goes to {owner.title}'s Burn pile.")
    zones.draw(w, ctx.me, 1)


@effect("kings_gambit")
def kings_gambit(ctx: Ctx) -> None:
    ctx.commit()
    for p in (ctx.me, ctx.me.other):
        zones.hurt_king(ctx.w, p, 3, f" ({ctx.name})")


@effect("promotion")
def promotion(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    pawns = [u for u in w.units_of(me) if w.card(u.cid).is_pawn]
    pieces = [c for c in w.side(me).hand if w.card(c).is_piece]
    if not pawns or not pieces:
        raise Impossible("it needs a Pawn of yours on the board and a piece in your hand")
    pawn = ctx.unit("Which of your Pawns is promoted?", pawns, cancel=True)
    piece = ctx.card("Which piece from your hand takes its place?", pieces, cancel=True)
    ctx.commit()
    combat.remove(w, pawn.cid, "captured", f" ({ctx.name})")
    zones.take_from_hand(w, me, piece)
    w.say("promoted", f"{me.title} promotes into {w.card(piece).name}.")
    source, ctx.source = ctx.source, piece
    enter(ctx, pawn.square, played=True, ready=True)
    ctx.source = source


@effect("blunder")
def blunder(ctx: Ctx) -> None:
    w = ctx.w
    empty = [s for s in SQUARES if w.at(s) is None]
    if not empty and w.config.revision >= 4:  # (before, it asked for the piece first)
        raise Impossible("Blunder cannot be used now: no square of the battlefield is empty")
    enemy = ctx.unit("Which enemy piece blunders?", w.units_of(ctx.me.other), cancel=True)
    sq = ctx.square(f"Where does {w.card(enemy.cid).name} go?", empty, cancel=True)
    ctx.commit()
    combat.boost(w, enemy.cid, -1, -1, f" ({ctx.name})")
    w.set_unit(replace(w.units[enemy.cid], square=sq))
    w.say("moved", f"{combat.label(w, enemy)} is moved to {sq}.")


@effect("lockdown")
def lockdown(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    pawns = [u for u in w.units_of(me) if w.card(u.cid).is_pawn]
    pawn = ctx.unit("Which of your Pawns is captured?", pawns, cancel=True)
    ctx.commit()
    combat.remove(w, pawn.cid, "captured", f" ({ctx.name})")
    pick = ctx.choose(
        "Lockdown: which?", [("draw", "Draw a card"), ("material", "Gain 3 Material")]
    )
    if pick == "draw":
        zones.draw(w, me, 1)
    else:
        zones.gain(w, me, 3, f" ({ctx.name})")


@effect("reinforcements")
def reinforcements(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    pieces = [c for c in w.side(me).captured if w.card(c).is_piece]
    if not ctx.empty_base():
        raise Impossible("your Base has no empty square")
    cid = ctx.card("Which piece comes back from your Captured pile?", pieces, cancel=True)
    sq = ctx.square(f"Where does {w.card(cid).name} enter?", ctx.empty_base(), cancel=True)
    ctx.commit()
    zones.leave_pile(w, me, cid, "captured")
    zones.place(w, me, cid, sq, ready=False, played=False)


@effect("draw_2")
def advance(ctx: Ctx) -> None:
    ctx.commit()
    zones.draw(ctx.w, ctx.me, 2)


@effect("heal_king_5")
def castle(ctx: Ctx) -> None:
    ctx.commit()
    zones.heal_king(ctx.w, ctx.me, 5)


@effect("opening")
def opening(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    hand = [c for c in w.side(me).hand if c not in (ctx.source, ctx.prog.source)]  # (Thinking)
    options = [(str(c), f"Burn {w.card(c).name}") for c in dict.fromkeys(hand)]
    named = {w.card(int(k)).name: (k, v) for k, v in options}
    key = ctx.choose(
        "Opening!: burn which card?", [*named.values(), ("none", "Burn nothing")], cancel=True
    )
    ctx.commit()
    if key == "none":
        w.say("opening", "Nothing is burned, so Opening! takes nothing.")
        return
    burned = int(key)
    zones.take_from_hand(w, me, burned)
    zones.to_burn(w, me, burned)
    value = w.card(burned).material
    w.say("burned", f"{me.title} burns {w.card(burned).name} (Material Value {value}).")
    match = [c for c in w.side(me).burn if c != burned and w.card(c).cost == value]
    if not match:
        w.say("opening", f"No card costing {value} is in the Burn pile.")
        return
    zones.to_hand(w, me, ctx.card(f"Which card costing {value}?", match), "burn")


@effect("thinking")
def thinking(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    budget = w.side(me).material - ctx.to_pay()  # (Thinking's own cost, until it is paid)
    found = []
    for c in w.side(me).burn:
        card = w.card(c)
        if card.effect in (COUNTER, "thinking") or card.type in (CardType.TRADE, CardType.PIECE):
            continue
        if card.cost > budget or card.effect in MY_TURN_ONLY - {"thinking"}:
            continue
        # Tried as it would be played: both costs paid (Advantage! compares what is left).
        paid = w.copy()
        if w.config.revision >= 2:
            paid.edit(me, material=budget - card.cost)
        if can_start(paid, Program(me, c, card.effect, "hand", committed=True)) is None:
            found.append(c)
    cid = ctx.card("Which Tactic from your Burn pile do you play?", found, cancel=True)
    card = w.card(cid)

    def play() -> None:  # the Tactic played: paid for and out of the Burn pile
        zones.pay(w, me, card.cost)
        zones.leave_pile(w, me, cid, "burn")
        w.say("played", f"{me.title} plays {card.name} from their Burn pile.", card=card.name)

    if w.config.revision >= 4:
        # The Tactic's own choices come first; Thinking is committed with them, named with the
        # Tactic and its aim, so the opponent may answer both with Counter! (CG-17): a Tactic
        # played through Thinking is a Tactic played.
        ctx.through, ctx.on_commit = cid, play
    else:  # (before revision 4: Thinking committed first, its Tactic never answerable)
        ctx.commit()
        play()
    source, ctx.source = ctx.source, cid
    EFFECTS[card.effect](ctx)
    ctx.commit()  # (a Tactic that commits nothing of its own: Thinking commits here)
    ctx.source = source
    if card.type is CardType.ACTION:
        zones.to_burn(w, me, cid)


@effect("advantage")
def advantage(ctx: Ctx) -> None:
    w, me = ctx.w, ctx.me
    mine = w.side(me).material - ctx.to_pay()
    if mine <= w.side(me.other).material:
        raise Impossible("you would not have more Material than your opponent")
    options = [("draw", "Draw 2 cards")]
    if w.all_units():
        options.append(("damage", "Deal 3 damage to a piece"))
    pick = ctx.choose("Advantage!: which?", options, cancel=True)
    if pick == "draw":
        ctx.commit()
        zones.draw(w, me, 2)
        return
    _damage(ctx, 3)


@effect(COUNTER)
def counter(ctx: Ctx) -> None:
    """Counter! is played only as an answer (see ``engine``): on its own it does nothing."""
    raise Impossible("Counter! is played only to answer a Tactic your opponent plays")

"""Combat: Attack and Health, damage, destruction (to the Captured pile), and fights.

A fight starts when a unit enters an enemy's square, when a piece is played onto an enemy in
its owner's Base (a Showdown), or when a unit in the enemy Base attacks the King. The attacking
player's window opens first, then the defender's (``Combat.stage``); then both units deal
their damage at once (Piercing doubles the attacker's). A unit at 0 Health is destroyed.
"""

from __future__ import annotations

from dataclasses import replace

from rules.card_game import keywords, zones
from rules.card_game.state import Combat, Trigger, Unit, Work
from rules.card_game.zones import Cards
from rules.core.board import Player, Square

LONDON = "static_london"
HUNTED_DRAW = "hunted_draw"  # the King of Hearts' draw when its marked piece is captured


def attack_of(s: Cards, u: Unit, on_board: bool = True) -> int:
    """The unit's Attack now; The London's +1 is for pieces on the board (not ``on_board``:
    a Showdown's piece, which is not on the board until it wins the square, CG-11)."""
    c = s.card(u.cid)
    bonus = u.atk_bonus + sum(3 for e in u.equips if s.card(e).effect == "equip_attack_3")
    if on_board:
        bonus += sum(1 for t in s.side(u.owner).statics if s.card(t).effect == LONDON)
    return max(0, c.attack + bonus)


def health_of(s: Cards, u: Unit) -> int:
    """The unit's Health now: its full Health less its damage."""
    return max_health(s, u) - u.damage


def max_health(s: Cards, u: Unit) -> int:
    c = s.card(u.cid)
    bonus = u.hp_bonus + sum(3 for e in u.equips if s.card(e).effect == "equip_health_3")
    return c.health + bonus


def label(s: Cards, u: Unit) -> str:
    return f"{u.owner.title}'s {s.card(u.cid).name} on {u.square}"


def damage(w: Work, cid: int, n: int, why: str = "") -> None:
    u = w.units[cid]
    u = replace(u, damage=u.damage + n)
    w.set_unit(u)
    w.say("damaged", f"{label(w, u)} takes {n} damage{why} (Health {max(0, health_of(w, u))}).")


def boost(w: Work, cid: int, atk: int, hp: int, why: str = "") -> None:
    u = w.units[cid]
    up = u.boosted or atk > 0 or hp > 0 or w.config.revision < 2  # (a boost is a + change)
    w.set_unit(replace(u, atk_bonus=u.atk_bonus + atk, hp_bonus=u.hp_bonus + hp, boosted=up))
    sign = "+" if atk >= 0 else ""
    w.say("boosted", f"{label(w, u)} gets {sign}{atk} Attack/{sign}{hp} Health{why}.")


def remove(w: Work, cid: int, to: str, why: str) -> Unit:
    """Take a unit off the board: to its owner's Captured pile ("captured") or hand ("hand").
    Its Equips go to the Burn pile; Trap triggers; Pawn's Gambit notices a captured Pawn."""
    u = w.units.pop(cid)
    for e in u.equips:
        zones.to_burn(w, u.owner, e)
    c = w.card(cid)
    if to == "captured":
        w.edit(u.owner, captured=(*w.side(u.owner).captured, cid))
        w.say("captured", f"{label(w, u)} is destroyed{why} and captured.", square=str(u.square))
        if c.is_pawn:
            keywords.pawn_captured(w)
        if cid in w.hunted:
            w.hunted.remove(cid)
            # (a mark lasts the turn it is made in: the marking King's player is active)
            hunter = w.active if w.config.revision >= 2 else u.owner.other
            w.say("hunted", f"{hunter.title}'s King of Hearts: the marked piece is captured.")
            if w.config.revision >= 4:  # a trigger, and every trigger is optional (CG-13)
                w.triggers.append(Trigger(hunter, hunter * 100, HUNTED_DRAW))
            else:  # (before revision 4 the card was drawn at once)
                zones.draw(w, hunter, 1)
    else:
        w.edit(u.owner, hand=(*w.side(u.owner).hand, cid))
        w.say("returned", f"{label(w, u)} returns to {u.owner.title}'s hand{why}.")
    keywords.trap(w, u.owner, cid)
    return u


def sweep(w: Work) -> list[Unit]:
    """Destroy every unit at 0 Health (both at once if both fell together)."""
    dead = [u for u in w.all_units() if health_of(w, u) <= 0]
    return [remove(w, u.cid, "captured", "") for u in dead]


def start(w: Work, attacker: Unit, target: Square | None, origin: Square | None) -> None:
    """Begin a fight: ``target`` None attacks the enemy King; ``origin`` None is a Showdown
    (the attacker comes from hand and is not on the board yet)."""
    defender = None if target is None else w.at(target)
    if target is None:
        what = f"{attacker.owner.other.title}'s King"
    else:
        assert defender is not None
        what = label(w, defender)
    # (on the board, by its square too: two units of a side may share a name)
    who = f"{attacker.owner.title}'s {w.card(attacker.cid).name}"
    if origin is not None:
        who = label(w, attacker)
    kind = "Showdown" if origin is None else "Combat"
    w.say("combat", f"{kind}: {who} attacks {what}.")
    w.combat = Combat(
        attacker.cid,
        None if defender is None else defender.cid,
        origin,
        target,
        showdown=origin is None,
        incoming=attacker if origin is None else None,
    )


def resolve(w: Work) -> None:
    """Damage Resolution, and where the attacker ends up (CTG-3)."""
    cb = w.combat
    assert cb is not None
    w.combat = None
    atk_unit = cb.incoming if cb.showdown else w.units.get(cb.attacker)
    if atk_unit is None:
        w.say("combat_over", "The attacker is gone: the fight is over.")
        return
    me, name = atk_unit.owner, w.card(cb.attacker).name
    changed = w.config.revision >= 2  # (a fight a window changed: CG-12; the first rules: none)
    if changed and not cb.showdown and atk_unit.square != cb.origin:  # moved away (Blunder)
        w.say("combat_over", f"{name} is no longer where it attacked from: the fight is over.")
        return
    entering = cb.showdown and w.config.revision >= 4  # (before: The London counted, CG-11)
    strikes = attack_of(w, atk_unit, not entering) * (2 if w.card(cb.attacker).piercing else 1)
    if cb.defender is None:
        zones.hurt_king(w, me.other, strikes, f" from {name}")
        return
    def_unit = w.units.get(cb.defender)
    if def_unit is None:
        assert cb.target is not None
        if changed and w.at(cb.target) is not None:  # filled again in a window: one per square
            _fall_back(w, cb, me, name, f"{cb.target} is taken again: ")
            return
        _advance(w, atk_unit, cb, "The defender is gone: ")
        return
    if changed and def_unit.square != cb.target:  # the defender moved away in a window
        gone = f"{label(w, def_unit)} is no longer on {cb.target}: "
        if (
            cb.showdown
            and w.config.revision >= 3
            and cb.target is not None
            and w.at(cb.target) is None
        ):
            _advance(w, atk_unit, cb, gone)  # a piece played onto an empty square enters it
            return
        _fall_back(w, cb, me, name, gone)
        return
    back = attack_of(w, def_unit)
    def_unit = replace(def_unit, damage=def_unit.damage + strikes)
    atk_unit = replace(atk_unit, damage=atk_unit.damage + back)
    w.set_unit(def_unit)
    if not cb.showdown:
        w.set_unit(atk_unit)
    named = f"{me.title}'s {name}" if cb.showdown else f"{me.title}'s {name} from {cb.origin}"
    w.say("damage", f"{named} deals {strikes} damage and takes {back}.", dealt=strikes, taken=back)
    defender_dies = health_of(w, def_unit) <= 0
    attacker_dies = health_of(w, atk_unit) <= 0
    if defender_dies:
        remove(w, cb.defender, "captured", f" by {name}")
    if attacker_dies:
        if cb.showdown:
            w.edit(me, captured=(*w.side(me).captured, cb.attacker))
            w.say("captured", f"{me.title}'s {name} is destroyed in the Showdown and captured.")
            if w.card(cb.attacker).is_pawn and changed:
                keywords.pawn_captured(w)
            keywords.trap(w, me, cb.attacker)
        else:
            remove(w, cb.attacker, "captured", f" by {w.card(cb.defender).name}")
        if not defender_dies and changed:  # the defender defeated its attacker (CG-13)
            keywords.take(w, w.units[cb.defender])
        return
    if defender_dies:
        _advance(w, atk_unit, cb, "")
        keywords.take(w, w.units[cb.attacker])
        return
    # Both survive: the attacker goes back where it came from (from hand: back to the hand).
    if cb.showdown:
        _back_to_hand(w, cb, me, f"Both survive: {name} goes back to {me.title}'s hand.")
    else:
        w.say("held", f"Both survive: {name} goes back to {cb.origin}.")


def _fall_back(w: Work, cb: Combat, me: Player, name: str, why: str) -> None:
    """No fight after all: the attacker stays where it came from (from hand: back to it)."""
    if cb.showdown:
        _back_to_hand(w, cb, me, f"{why}{name} goes back to {me.title}'s hand.")
    else:
        w.say("held", f"{why}{name} stays on {cb.origin}.")


def _back_to_hand(w: Work, cb: Combat, me: Player, text: str) -> None:
    """A Showdown's piece goes back to its owner's hand, never having entered: if the King of
    Spades' "enters ready" was spent on it (it had no First Move of its own), the next piece
    played this turn enters ready instead (CG-27; the first rules lost it)."""
    w.edit(me, hand=(*w.side(me).hand, cb.attacker))
    w.say("returned", text)
    readied = cb.incoming is not None and cb.incoming.actions > 0
    if w.config.revision >= 3 and readied and not w.card(cb.attacker).first_move:
        w.next_ready = True


def _advance(w: Work, u: Unit, cb: Combat, why: str) -> None:
    assert cb.target is not None
    w.set_unit(replace(u, square=cb.target))
    if why:
        w.say("advanced", f"{why}{w.card(u.cid).name} takes {cb.target}.")
    if cb.showdown:
        keywords.deploy(w, w.units[u.cid])

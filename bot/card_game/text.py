"""Chess: The Card Game in words: the choices' labels, prompts, status and the board as text.

Everything here except ``hand_text``, ``describe_action`` and the console's ``prompt`` is public:
it never names a card in a hand or the deck's order (a hand is shown only as a count)."""

from __future__ import annotations

from rules.card_game import actions as A
from rules.card_game.battlefield import GRID, base_rank
from rules.card_game.combat import attack_of, health_of
from rules.card_game.engine import decider, trigger_player
from rules.card_game.programs import as_asked
from rules.card_game.setup import MULLIGAN_MAX
from rules.card_game.state import GameState, Phase, Unit
from rules.card_game.turns import MAX_BURNS
from rules.card_game.zones import king_health
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.words import count


def name(s: GameState, cid: int) -> str:
    return s.card(cid).name


def unit_text(s: GameState, u: Unit) -> str:
    extras = [name(s, e) for e in u.equips]
    tired = " Tired" if u.tired else ""
    dmg = f" ({u.damage} damage)" if u.damage else ""
    eq = f" [{', '.join(extras)}]" if extras else ""
    return f"{u.owner.title} {name(s, u.cid)} {attack_of(s, u)}/{health_of(s, u)}{dmg}{tired}{eq}"


def describe_action(s: GameState, a: Action) -> str:
    """The label of a choice. It may name cards in the decider's hand: menus with these labels
    are shown only to the player who decides. ``s`` may also be the state after ``a`` (undo
    says what it took back), so nothing here assumes ``a`` is legal in ``s``."""
    if isinstance(a, A.Begin):
        return "Reveal the Kings, shuffle and draw 5"
    if isinstance(a, A.Mulligan):
        return f"Put {name(s, a.card)} on the bottom of your deck"
    if isinstance(a, A.KeepHand):
        return "Keep this hand (draw back to 5)"
    if isinstance(a, A.Burn):
        return f"Burn {name(s, a.card)} for {s.card(a.card).material} Material"
    if isinstance(a, A.StopBurning):
        return "Burn no more: go to Play & Move"
    if isinstance(a, A.PlayCard):
        c = s.card(a.card)
        if s.program is not None and s.program.respond and s.program.source != a.card:
            return f"Answer with {c.name} (cost {c.cost})"
        return f"Play {c.name} (cost {c.cost})"
    if isinstance(a, A.UseKing):
        return f"Use the ability of the {name(s, a_king(s))}"
    if isinstance(a, A.Move | A.AttackKing):
        u = s.unit(a.unit)
        who = name(s, a.unit)
        if isinstance(a, A.AttackKing):
            return f"{who} on {u.square} attacks the enemy King" if u else f"{who} attacks the King"
        enemy = s.at(a.square)
        fight = f", attacking {name(s, enemy.cid)}" if enemy is not None and u else ""
        return f"{who} {u.square}-{a.square}{fight}" if u else f"{who} to {a.square}"
    if isinstance(a, A.Choose):
        options = dict(s.program.options) if s.program is not None else {}
        return options.get(a.option, f"Choose {a.option}")
    if isinstance(a, A.Resolve):
        verb = "Use" if a.use else "Decline"
        if a.index < len(s.triggers):
            return f"{verb} the ability of {name(s, s.triggers[a.index].source)}"
        return f"{verb} an ability"
    if isinstance(a, A.Pass):
        if s.program is not None and s.program.respond:
            return f"Let {name(s, s.program.source)} resolve"
        return "Pass (play no more in this window)"
    if isinstance(a, A.EndTurn):
        return "End the turn"
    if isinstance(a, A.Concede):
        return f"{a.player.title} concedes"
    return a.name


def a_king(s: GameState) -> int:
    d = decider(s)
    d = s.active if d is None else d  # (White is 0: `or` would pass it by)
    return d * 100


CHOICES_SHOWN = 16  # a choice's options named in the console's prompt (15 squares, Cancel)


def situation(s: GameState, console: bool = False) -> tuple[Player, str, str]:
    """(who decides, what about in public words, the console's hint). The console, hot-seat,
    may say which card is being played before it is paid for; the public words may not."""
    d = decider(s)
    assert d is not None
    prog = s.program
    if prog is not None and prog.respond:
        asked = (  # (rules revision 5: an empty hand is not asked)
            "every hand with a card in it, 3 Material and Counter! unplayed"
            if s.config.revision >= 5
            else "every player with 3 Material and Counter! unplayed, whatever they hold"
        )
        what = (
            f"answer {name(s, prog.source)} with Counter!, or let it resolve (asked of "
            f"{asked}: it tells nothing)"
        )
        return d, what, "`play counter` or `pass`"
    if prog is not None:
        hint = "`choose <option>` (or `actions`)"
        if prog.kind == "hand" and not prog.committed and not console:
            return d, "choosing how to play a card", hint
        if console and prog.options:  # (the console is the decider's: it may name them)
            labels = [label for _, label in prog.options]
            more = "; ..." if len(labels) > CHOICES_SHOWN else ""
            shown = "; ".join(labels[:CHOICES_SHOWN]) + more
            hint = f"`choose <option>`, one of: {shown} (or a number from `actions`)"
        source = name(s, prog.source)
        what = prog.prompt if source in prog.prompt else f"{source}: {prog.prompt}"
        return d, what, hint
    if s.triggers:
        waiting = ", ".join(name(s, t.source) for t in s.triggers if t.owner is trigger_player(s))
        return d, f"resolve or decline abilities: {waiting}", "`trigger [card]` or `decline`"
    if s.combat is not None:
        cb = s.combat
        foe = "the King" if cb.defender is None else name(s, cb.defender)
        whose = "attacker's" if cb.stage == "initiator" else "defender's"
        what = f"the {whose} window ({name(s, cb.attacker)} against {foe}): an Action Tactic"
        return d, what + ", or pass", "`play <tactic>` or `pass`"
    if s.phase is Phase.SETUP:
        return d, "reveal the Kings and deal", "`deal`"
    if s.phase is Phase.MULLIGAN:
        done = s.side(d).mulliganed
        if done >= MULLIGAN_MAX:
            return d, f"keep the hand ({count(done, 'card')} went to the bottom)", "`keep`"
        cards = count(MULLIGAN_MAX - done, "more card" if done else "card")
        what = f"mulligan (up to {cards} to the bottom), or keep"
        return d, what, "`mulligan <card>` or `keep`"
    if s.phase is Phase.BURN:
        burned = s.side(d).burned
        more = count(MAX_BURNS - burned, "more card" if burned else "card")
        return d, f"the Material Phase: burn up to {more}", "`burn <card>` or `done`"
    return (
        d,
        "Play & Move",
        "`play <card>`, `move <from> <to>`, `attack <square>`, `king`, `end` (or `actions`)",
    )


def prompt(s: GameState) -> str:
    """The console's prompt. The console is hot-seat: it shows the hand of whoever decides."""
    d, what, hint = situation(s, console=True)
    if s.phase is Phase.SETUP:
        return f"{d.title}: type `deal` (or `1`) to reveal the Kings, shuffle and deal."
    # (the hand as the card's effect asks: after what it did first, King of Diamonds' draw)
    return f"{d.title} decides: {_then(what)} {hint}.\n{hand_text(as_asked(s), d)}"


def discord_prompt(s: GameState) -> str:
    d, what, _ = situation(s)
    hint = "choose below (only you see the choices)"
    if s.phase is Phase.MAIN and s.program is None and not s.triggers and s.combat is None:
        hint += ", or `/cards play`, `/cards move`, `/cards attack`, `/cards end`"
    return f"{d.title} decides: {_then(what)} {hint}. See your hand with `/cards hand`."


def _then(what: str) -> str:
    """A decision's words before how to answer it: a question keeps its own mark."""
    return what if what.endswith("?") else f"{what}:"


def hand_text(s: GameState, p: Player) -> str:
    side = s.side(p)
    cards = ", ".join(name(s, c) for c in side.hand) or "no cards"
    return f"{p.title}'s hand ({len(side.hand)}): {cards}. Material {side.material}."


def deck_size(s: GameState, p: Player) -> int:
    """How many cards are in ``p``'s deck (before the deal: the whole deck list, shuffled and
    dealt from when the game begins)."""
    return len(s.config.decks[p].cards) if s.phase is Phase.SETUP else len(s.side(p).deck)


def side_line(s: GameState, p: Player) -> str:
    side = s.side(p)
    statics = ", ".join(name(s, t) for t in side.statics)
    return (
        f"{p.title}: {name(s, p * 100)} Health {king_health(s, p)}, Material {side.material}, "
        f"hand {len(side.hand)}, deck {deck_size(s, p)}, Captured {len(side.captured)}, "
        f"Burn {len(side.burn)}" + (f", Tactic Zone: {statics}" if statics else "")
    )


def status_text(s: GameState) -> str:
    if s.phase in (Phase.SETUP, Phase.MULLIGAN):  # (no turn yet: whoever decides now)
        d = decider(s)
        who = "" if d is None else f" {d.title} decides."
        lines = [f"Before the first turn ({s.phase.value}).{who}"]
    else:
        lines = [f"Turn {s.turn}, {s.active.title}'s turn ({s.phase.value})."]
    if s.outcome is not None:
        lines = [f"Game over: {s.outcome.text}."]
    lines += [side_line(s, p) for p in Player]
    return "\n".join(lines)


def board_text(s: GameState, view: Player | None) -> str:
    """The battlefield, White's Base at the bottom (Black's view: turned round); the Bases
    named from the viewer's side ("Base", "enemy Base"), or by whose they are for a spectator
    (``view`` None)."""
    seat = Player.WHITE if view is None else view
    ranks = range(GRID.ranks - 1, -1, -1) if seat is Player.WHITE else range(GRID.ranks)
    lines = [side_line(s, seat.other)]
    for r in ranks:
        zone = "Warzone"
        for side in Player:
            if r == base_rank(side):
                mine = "Base" if side is seat else "enemy Base"
                zone = mine if view is not None else f"{side.title}'s Base"
        cells = []
        for f in range(GRID.files):
            sq = GRID.at(f, r)
            assert sq is not None
            u = s.at(sq)
            cells.append(f"{sq}: {unit_text(s, u)}" if u is not None else f"{sq}: -")
        lines.append(f"[{zone}] " + " | ".join(cells))
    lines.append(side_line(s, seat))
    return "\n".join(lines)

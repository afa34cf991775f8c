"""What players see: pictures, menus that keep cards secret, labels with odds, and the
remaining rules pinned here (Desperation, shoving a chest, where a Charge is offered)."""

from __future__ import annotations

import pickle
from dataclasses import replace

from bot.chess28.render import card_png, scene_of, scene_png
from bot.chess28.table import Chess28Table
from bot.table import Table
from rules.chess28 import actions as A
from rules.chess28 import cards as G
from rules.chess28.engine import legal_actions
from rules.chess28.roster import ROSTER
from rules.chess28.state import Mode, Zone
from rules.chess28.turns import desperation
from rules.core.dice import RandomDice
from tests.chess28.helpers import PLAIN, B, W, act, choose, position, sq

PNG = b"\x89PNG"
PLUGIN = Chess28Table()
STEP = "Step; move ^/A; attack x/A; fight 2; defence 1; hp 3"


def test_the_board_picture_shows_models_terrain_and_chests() -> None:
    s = position(
        [(PLAIN, "d4", "E")],
        [(PLAIN, "d5", "S")],
        terrain=[("blocking", "c3"), ("perilous", "e3")],
        chests={W: "d1", B: "e8"},
        mode=Mode.PINATA,
    )
    sc = scene_of(s, None)
    assert (3, 3, "W1", 0, "E", 0, 2, False) in sc.units
    assert {k for _, _, k, _, _ in sc.terrain} == {"blocking", "perilous", "chest"}
    assert scene_png(sc).startswith(PNG) and scene_png(scene_of(s, B)).startswith(PNG)
    assert scene_of(s, B).flip and not sc.flip
    assert pickle.loads(pickle.dumps(sc)) == sc, "scenes travel to the picture worker"


def test_a_push_decision_highlights_its_squares() -> None:
    s = position(
        [("One; move ^/A; attack x/A; fight 2; defence 1; hp 3", "d4", "N")], [(PLAIN, "d5", "S")]
    )
    s, _ = act(s, A.Melee("W1", sq("d5")), [4, 1, 1])
    assert set(scene_of(s, None).reach) == {(2, 5), (3, 5), (4, 5)}


def test_every_roster_card_is_drawn() -> None:
    for m in ROSTER.values():
        assert card_png(m).startswith(PNG)


def test_the_public_menu_never_names_a_card_in_hand() -> None:
    s = position(
        [(STEP, "d4", "N")], [(PLAIN, "d5", "S")], hands=((G.GLORY, G.VAULT), ()), dead={W: [PLAIN]}
    )
    menu = PLUGIN.menu(s)
    assert menu is not None
    labels = " ".join(e.label for e in menu.entries)
    assert "Vault" not in labels and "Glory" not in labels and "Melee Attack" in labels
    assert "kill" in labels, "attack labels carry their odds"
    s, _ = act(s, A.Melee("W1", sq("d5")))
    menu = PLUGIN.menu(s)
    assert menu is not None and [e.label for e in menu.entries] == ["Roll"]
    assert "Glory" not in PLUGIN.discord_prompt(s)


def test_the_public_buttons_are_the_same_whatever_the_hand_holds() -> None:
    """The live message's menu values are places in the legal list, and the Gambit Cards'
    plays come before the end of the turn there: the menu offers only what precedes them, and
    the end of the turn is a button by name, so nothing public counts the cards in hand."""
    from bot.service import Answer
    from cogs.views import live_view

    def public(hand: tuple[int, ...]) -> list[tuple[str, str, list[str]]]:
        s = position([(STEP, "d4", "N")], [(PLAIN, "d5", "S")], hands=(hand, ()), dead={W: [PLAIN]})
        assert any(isinstance(a, A.PlayGambit) for a in legal_actions(s)) == bool(hand)
        view = live_view(Answer("", game_id=7, version=3, state=s, system="chess28"))
        assert view is not None
        items = [getattr(i, "item", i) for i in view.children]
        return [
            (
                getattr(i, "label", None) or "",
                getattr(i, "custom_id", ""),
                [o.value for o in getattr(i, "options", [])],
            )
            for i in items
        ]

    empty = public(())
    assert public((G.GLORY, G.VAULT)) == empty and public((G.FORTIFY,)) == empty
    assert ("End the turn", "wg:x:7:3:endturn", []) in empty


def test_desperation_draws_two_cards_once_when_more_than_half_are_down() -> None:
    s = position([(PLAIN, "a1", "N")], [(PLAIN, "h8", "S")], dead={W: [PLAIN, PLAIN]})
    s = replace(s, desperation=True, deck=(5, 6, 7))
    s = desperation(s, W, [])
    assert s.hands[W] == (5, 6) and s.deck == (7,) and s.desperate == (True, False)
    assert desperation(s, W, []) == s, "only the first time"
    off = replace(s, desperation=False, desperate=(False, False))
    assert desperation(off, W, []) == off


def test_a_chest_can_be_shoved_like_moveable_terrain() -> None:
    s = position(
        [(STEP, "d2", "N")], [(PLAIN, "h8", "S")], chests={W: "d1", B: "e8"}, mode=Mode.PINATA
    )
    assert A.Shove("W1", sq("d1"), sq("c1")) in legal_actions(s)


def test_a_charge_is_offered_only_where_a_target_would_be_in_reach() -> None:
    s = position([(STEP, "d4", "N")], [(PLAIN, "d6", "S")])
    charges = [a for a in legal_actions(s) if isinstance(a, A.Charge)]
    assert charges == [A.Charge("W1", sq("d5"), "N")]
    s, _ = act(s, charges[0])
    assert s.pending is not None and s.pending.options == ("no attack", "d6")
    s = choose(s, "no attack")
    assert s.pending is None and s.to_act is B, "its only model has acted: the turn passes"
    far = position([(STEP, "d2", "N")], [(PLAIN, "d6", "S")])
    assert not any(isinstance(a, A.Charge) for a in legal_actions(far))


def test_the_plugin_refuses_bad_parties_and_totals_them_live() -> None:
    assert "300/300" in PLUGIN.draft_verdict("Iron Vanguard")
    assert "more than 300" in PLUGIN.draft_verdict("6 Brute")
    assert "not in the roster" in PLUGIN.draft_verdict("Dragon")
    kept, described = PLUGIN.check_choice("Night Parade")
    assert "Wisp" in kept and "300 points" in described


def test_dead_models_leave_the_picture() -> None:
    s = position([("Brute", "d4", "N")], [(PLAIN, "d5", "S"), (PLAIN, "h8", "S")])
    s, _ = act(s, A.Melee("W1", sq("d5")), [6, 6, 1, 1, 1, 1])
    assert s.unit("B1").zone is Zone.DEAD
    assert all(key != "B1" for _, _, key, *_ in scene_of(s, None).units)


def test_a_selected_model_shows_its_reachable_and_attackable_squares() -> None:
    s = position([("Slinger", "d2", "N")], [(PLAIN, "d5", "S"), (PLAIN, "e3", "S")])
    sc = scene_of(s, None, "W1")
    assert (3, 2) in sc.reach and (3, 4) in sc.attack, "d3 reachable, d5 shot at"
    t = Table(RandomDice(1), s, "chess28")
    r = t.run("reach W1")
    assert r.ok and r.image is not None and r.image.startswith(PNG) and "Moves:" in r.text
    said = "\nIn its Melee Range: none\nIn its line of fire: d5 (B1 "
    assert said in r.text, r.text  # (the picture's marks, said)
    enemy = t.run("reach B2").text  # e3 faces d2: the Slinger is in its Melee Range
    assert "\nIn its Melee Range: d2 (W1 Slinger)" in enemy, enemy
    assert "line of fire" not in enemy, enemy  # (no ranged weapon)
    chest = position([(PLAIN, "d4", "N")], [], chests={B: "d5"})
    near = Table(RandomDice(1), chest, "chess28").run("reach W1").text
    assert "In its Melee Range: d5 (Black's Treasure Chest)" in near, near
    warped = position([("Slinger", "d1", "N")], [(PLAIN, "h5", "S")], warp=True)
    twice = Table(RandomDice(1), warped, "chess28").run("reach W1").text
    assert twice.count("h5 (B1 ") == 1, twice  # two directions of fire, one target named once
    assert not t.run("reach Z9").ok


def test_a_melee_command_answers_the_attack_after_a_charge() -> None:
    """`/chess28 melee` right after `/chess28 charge` was refused ("First decide: W1 Lancer
    may make its Melee Attack"): the structured command, as the cog builds it, answers it."""
    from bot import commands as K
    from bot.chess28 import commands as C

    s = position([("Lancer", "d4", "N")], [("Brute", "d7", "S")])
    t = Table(RandomDice(1), s, "chess28", discord=True)
    r = t.execute(K.build(C.Move, unit="W1", square="d5", facing="N", charge=True))
    assert r.ok and t.state.pending is not None and t.state.pending.kind == "charge", r.text
    named = Table(RandomDice(1), s, "chess28", discord=True)  # (by its name, as elsewhere)
    assert named.execute(K.build(C.Move, unit="W1", square="d5", facing="N", charge=True)).ok
    assert named.execute(K.build(C.Melee, unit="Lancer", target="d7")).ok
    r = t.execute(K.build(C.Melee, unit="W1", target="d7"))
    assert r.ok and "rolls attack" in r.text, r.text

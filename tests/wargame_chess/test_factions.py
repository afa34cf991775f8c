"""Faction files: the format round-trips, every problem is reported at once, team lists with
a faction's own names and upgrades, and the reminders of faction rules at their moments."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.errors import ParseError, RulesError
from rules.wargame_chess import actions as A
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.faction_file import (
    FactionFileError,
    faction_card,
    parse_team,
    read_faction,
    team_choice,
    team_from_choice,
)
from rules.wargame_chess.faction_rules import Faith, Moment, Side
from rules.wargame_chess.pieces import CommonRule, Kind
from rules.wargame_chess.reminders import activation_rules, reminders
from rules.wargame_chess.state import GameConfig, StartPosition
from rules.wargame_chess.system import SYSTEM
from rules.wargame_chess.teams import Faction
from tests.helpers import step

DOCS = Path(__file__).parent.parent.parent / "docs" / "factions"
WARDENS = (DOCS / "lantern-wardens.toml").read_text()
COURT = (DOCS / "ashen-court.toml").read_text()


def test_the_example_file_reads_as_documented() -> None:
    f = read_faction(WARDENS.encode())
    assert f.name == "Lantern Wardens" and f.stars == 2
    assert [o.name for o in f.options][:2] == ["Lamplighter", "Beacon Queen"]  # rank order
    assert f.rank_of("Lamplighter") == 0 and f.rank_of("Lantern-bearer") == 7
    moth = f.option("Moth Knight")
    assert (moth.min, moth.max) == (0, 0)  # Summon only
    assert f.option("Beacon Queen").legendary
    pawn = f.option("Lantern-bearer")
    assert pawn.common_rules == {CommonRule.EN_PASSANT}  # no Promotion
    assert (pawn.min, pawn.max) == (2, 8)
    assert [o.kind for o in f.options if o.kind is Kind.JOKER] == [Kind.JOKER, Kind.JOKER]
    assert [(u.name, u.cost) for u in f.upgrades] == [("Bright Oil", 1), ("Long Night", 2)]
    oil, night = (u.rule for u in f.upgrades)
    assert oil is not None and oil.when is Moment.ATTACK and oil.adjust == ("modifier",)
    assert night is not None and night.faith is Faith.MAJOR
    assert night.preferred == ("The Moon", "The Star")
    watch, moths, glow = f.rules
    assert watch.when is Moment.TURN_START and watch.faith is Faith.BONES
    assert moths.when is Moment.SLAY and moths.side is Side.ENEMY and moths.summon
    assert glow.when is Moment.PASSIVE
    assert f.option("Shade").texts[0].when is Moment.ACTIVATION_START


def test_a_faction_round_trips_through_its_data_and_json() -> None:
    f = read_faction(WARDENS)
    assert Faction.from_dict(f.to_dict()) == f
    assert Faction.from_dict(json.loads(json.dumps(f.to_dict()))) == f
    # The same faction as a JSON file reads the same.
    doc = {
        "name": "Ashen Court",
        "stars": 1,
        "notes": "A court of smouldering nobles.",
        "piece": [
            {"name": "Ember King", "type": "king", "quantity": "1"},
            {"name": "Cinder Rook", "type": "rook", "quantity": "0-2"},
            {"name": "Ash Bishop", "type": "bishop", "quantity": [0, 2]},
            {"name": "Coal Pawn", "type": "pawn", "quantity": "(0-8)"},
        ],
    }
    g = read_faction(json.dumps(doc).encode())
    assert g.options == read_faction(COURT).options


def test_older_saved_factions_read_the_same() -> None:
    old = {
        "name": "Old",
        "options": [{"name": "King", "kind": "king", "min": 1, "max": 1}],
        "upgrades": [{"name": "Banner", "cost": 1, "notes": ""}],
        "notes": "",
    }
    f = Faction.from_dict(old)
    assert f.to_dict() == old and f.stars == 0 and f.rules == ()


def test_every_problem_is_reported_at_once_with_its_line_or_key() -> None:
    bad = """name = "Bad: Faction"
stars = 5
colour = "red"

[[piece]]
name = "Lord"
type = "emperor"
quantity = "2-1"

[[piece]]
name = "Spear"
type = "pawn"
quantity = "0-9"
loses = ["Castle"]
legendary = "yes"

[[piece]]
name = "spear"
type = "knight"
quantity = "lots"

[[rule]]
name = "Omen"
when = "at dinner"
faith = "astrology"
text = "Something."
adjust = ["teleport"]
preferred = ["The Moon"]

[[rule]]
text = "No name."

[[upgrade]]
name = "Gift"
cost = 0
text = "Free?"
side = "enemy"
"""
    with pytest.raises(FactionFileError) as err:
        read_faction(bad)
    problems = err.value.problems
    expect = [
        "`name`: may not contain ':'",
        "`stars`: must be a star rating",
        "unknown key `colour`",
        "line 5, `piece[1]` `type`: 'emperor' is not a piece type",
        "line 5, `piece[1]` `quantity`: (2-1) is not a range",
        "line 10, `piece[2]` `quantity`: a chess set has only 8 Pawn(s)",
        "line 10, `piece[2]` `legendary`: must be true or false",
        "line 10, `piece[2]` `loses`: a Pawn has no 'Castle' to lose",
        "line 17, `piece[3]` `quantity`: must be a range",
        "line 22, `rule[1]` `when`: 'at dinner' is not a moment",
        "line 22, `rule[1]` `faith`: 'astrology' is not a faith mechanic",
        "line 22, `rule[1]` `adjust`: 'teleport' is not one of",
        "line 22, `rule[1]` `preferred`: only a major arcana rule prefers tarot cards",
        "line 30, `rule[2]` `name`: is missing",
        "line 33, `upgrade[1]` `cost`: must be a whole number of points from 1 to 14",
        "line 33, `upgrade[1]` `side`: only Activation, Attack and slaying moments have a side",
        "the piece option name 'spear' is used 2 times",
    ]
    for words in expect:
        assert any(words in p for p in problems), (words, problems)
    assert len(problems) == len(expect), problems


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"x" * 40_000, "at most 32000"),
        (b"\xff\xfe", "not UTF-8"),
        (b"name = \x00", "NUL"),
        (b"name = ", "not valid TOML"),
        (b'{"name": ', "not valid JSON"),
        (b"[1, 2]", "a JSON faction file is one object: it starts with '{'"),
        (b"name: Wardens\npiece:\n  - name: K", "TOML or JSON, not YAML"),
        (b"\x92Wardens", "save it as UTF-8"),
        (b'["x"]', "unknown key `x`"),
        (b'name = "A"', "at least one [[piece]]"),
        (b'name = "Standard"\n[[piece]]\nname="K"\ntype="king"\nquantity="1"', "built-in"),
        (b'name = "A"\n[[piece]]\nname="K"\ntype="king"\nquantity="1"', "no team can reach 14"),
        (b'name = "A"\npiece = 3', "must be a list of tables"),
        (b'name = "A"\npiece = [1]', "must be a table of keys"),
        (b'name = "A"\nnotes = 7\n[[piece]]\nname="P"\ntype="pawn"\nquantity="8"', "text"),
        ('name = "' + "N" * 61 + '"', "at most 60"),
        ('name = "A\\nB"', "one line of printable characters"),
        (b'name = "A"\n[[piece]]\nname="J"\ntype="joker"\nquantity=99999999999', "at most 14"),
    ],
)
def test_malformed_files_are_refused_with_a_reason(data: bytes | str, words: str) -> None:
    with pytest.raises(FactionFileError) as err:
        read_faction(data)
    assert words in str(err.value), err.value.problems


def _pieces(name: str, *rows: tuple[str, str, str], extra: str = "") -> str:
    return f'name = "{name}"\n{extra}' + "".join(
        f'[[piece]]\nname = "{n}"\ntype = "{t}"\nquantity = "{q}"\n' for n, t, q in rows
    )


def test_a_faction_no_legal_team_can_be_made_of_is_refused() -> None:
    """A team takes one option of each piece type (Jokers aside): two Knight options cannot
    both be required, and only the best option of a type counts towards 14 points."""
    both = _pieces(
        "Twins",
        ("Lancer A", "knight", "1"),
        ("Lancer B", "knight", "1"),
        ("P", "pawn", "0-8"),
        ("Q", "queen", "0-1"),
    )
    with pytest.raises(FactionFileError, match="Lancer A and Lancer B are both required"):
        read_faction(both)
    short = _pieces(
        "Short", ("Lancer A", "knight", "0-2"), ("Lancer B", "knight", "0-2"), ("P", "pawn", "0-6")
    )
    with pytest.raises(FactionFileError, match="no team can reach 14 points \\(at most 10\\)"):
        read_faction(short)
    jokers = _pieces(
        "Jesters",
        ("Fool", "joker", "0-1"),
        ("Wit", "joker", "0-1"),
        ("P", "pawn", "0-8"),
        ("K", "king", "0-1"),
    )
    assert read_faction(jokers).name == "Jesters"  # any of the Jokers, all counted


@pytest.mark.parametrize(
    ("name", "where"),
    [("1st Tower", "piece"), ("Bearer, Lantern", "piece"), ("+1 Oil", "upgrade")],
)
def test_names_a_team_list_cannot_type_are_refused(name: str, where: str) -> None:
    piece = name if where == "piece" else "P"
    text = _pieces("Typed", (piece, "pawn", "0-8"), ("Q", "queen", "0-1"), ("K", "king", "0-1"))
    if where == "upgrade":
        text += f'[[upgrade]]\nname = "{name}"\ncost = 1\ntext = "More light."\n'
    with pytest.raises(FactionFileError, match="cannot be typed in a team list"):
        read_faction(text)


def test_names_are_kept_with_single_spaces_and_stars_are_one_to_three() -> None:
    wide = _pieces(
        "Lantern   Wardens",
        ("Tower  Warden", "pawn", "0-8"),
        ("Q", "queen", "0-1"),
        ("K", "king", "0-1"),
        ("R", "rook", "0-2"),
    )
    faction = read_faction(wide)
    assert faction.name == "Lantern Wardens" and faction.options[0].name == "Tower Warden"
    with pytest.raises(FactionFileError, match="star rating of 1, 2 or 3"):
        read_faction(
            _pieces(
                "Starless",
                ("P", "pawn", "0-8"),
                ("Q", "queen", "0-1"),
                ("K", "king", "0-1"),
                ("R", "rook", "0-2"),
                extra="stars = 0\n",
            )
        )


def test_too_many_required_pieces_is_refused() -> None:
    text = 'name = "Heavy"\n' + "".join(
        f'[[piece]]\nname = "{n}"\ntype = "{t}"\nquantity = "{q}"\n'
        for n, t, q in (("Q", "queen", "1"), ("R", "rook", "2"), ("P", "pawn", "8"))
    )
    with pytest.raises(FactionFileError, match="already cost 15 points"):
        read_faction(text)


def test_the_card_shows_roster_ranks_costs_upgrades_and_rules() -> None:
    card = faction_card(read_faction(WARDENS))
    lines = card.splitlines()
    assert lines[0] == "**Lantern Wardens** ★★"
    assert "1. Lamplighter (King, 2 pts) (0-1)" in lines
    assert any(x.startswith("5. Moth Knight (Knight, 2 pts) (0) · Summon only") for x in lines)
    assert "8. Lantern-bearer (Pawn, 1 pts) (2-8) · without Promotion" in lines
    assert card.index("Upgrades:") < card.index("Faction rules:")
    assert "- Long Night (Major Arcana) [end of turn]:" in card and "[2 pts]" in card
    assert "Moths to the Flame (Summon) [on slaying (enemy)]" in card


def test_team_lists_use_the_factions_own_names_and_upgrades() -> None:
    f = read_faction(WARDENS)
    team = parse_team(
        "Lamplighter, Beacon Queen, Wick Knight, 4 Lantern-bearers + Bright Oil + long night", f
    )
    assert team.pieces == (
        ("Lamplighter", 1),
        ("Beacon Queen", 1),
        ("Wick Knight", 1),
        ("Lantern-bearer", 4),
    )
    assert team.upgrades == ("Bright Oil", "Long Night")
    assert team.piece_points == 11 and team.upgrade_points == 3 and team.problems() == []
    same = parse_team("K Q N 4P + bright oil + Long Night", f)  # letters take the first option
    assert same == team
    assert parse_team("2 x Glimmer", f).pieces == (("Glimmer", 2),)
    assert "Glimmer (0-1): you have 2" in parse_team("2 x Glimmer", f).problems()
    moth = parse_team("Moth Knight, K Q 4P", f)
    assert any("Moth Knight (0): you have 1" in p for p in moth.problems())
    assert any("only one Knight option" in p for p in parse_team("Moth Knight N", f).problems())
    jokers = parse_team("K Q Glimmer Shade 3P + Long Night", f)
    assert jokers.problems() == ["Lantern-bearer (2-8): you have 3"] or jokers.problems() == []
    with pytest.raises(ParseError, match="no upgrade called 'Gold'"):
        parse_team("K + Gold", f)
    with pytest.raises(ParseError, match="not a piece of the Lantern Wardens"):
        parse_team("K Dragon", f)
    with pytest.raises(ParseError, match="empty upgrade"):
        parse_team("K Q +", f)


def test_a_kept_choice_carries_the_faction_whatever_the_server_does_later() -> None:
    f = read_faction(WARDENS)
    text = "K Q N 4P + Bright Oil + Long Night"
    kept = team_choice(parse_team(text, f), text)
    team = team_from_choice(kept)
    assert team.faction == f and team.upgrades == ("Bright Oil", "Long Night")
    config = SYSTEM.new_config({"teams": (kept, "K Q R 2N 3P")})
    again = GameConfig.from_dict(json.loads(json.dumps(config.to_dict())))
    assert again == config and again.teams[0].faction.rules == f.rules
    with pytest.raises(ParseError, match="damaged"):
        team_from_choice('{"faction": {"name": 3}, "team": "K"}')
    with pytest.raises(ParseError, match="damaged"):
        team_from_choice("{not json")


# ---- reminders ----
def _game(first: Player = Player.WHITE):  # type: ignore[no-untyped-def]
    """Lantern Wardens (White) against the Ashen Court (Black), in play from a position."""
    w = read_faction(WARDENS)
    b = read_faction(COURT)
    white = parse_team("K Q Shade 4P + Bright Oil + Long Night", w).validate()
    black = parse_team("K 2R 2B 3P + Kindling", b).validate()
    places = {
        "White K1": "e1", "White Q1": "d1", "White J1": "g1", "White P4": "d2",
        "White P1": "a2", "White P2": "b2", "White P3": "c2",
        "Black K1": "e8", "Black R1": "a8", "Black R2": "h8", "Black B1": "c8",
        "Black B2": "f8", "Black P1": "a7", "Black P2": "b7", "Black P3": "c3",
    }  # fmt: skip
    start = StartPosition(tuple((k, Square.parse(s)) for k, s in places.items()), first=first)
    return SYSTEM.initial_state(GameConfig(teams=(white, black), start=start))


def _said(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [f"{r.player.title} {r.rule.name}" for r in reminders(state)]


def _last_of_turn(s, key: str):  # type: ignore[no-untyped-def]
    """The same position with every piece but ``key`` already Activated this turn."""
    pieces = tuple(replace(p, activated=p.key != key) for p in s.pieces)
    return replace(s, pieces=pieces, to_act=s.piece(key).owner)


def test_start_of_turn_rules_alternate_from_the_first_activator() -> None:
    for last, lead in (("Black B1", Player.WHITE), ("White K1", Player.BLACK)):
        s = _last_of_turn(_game(), last)
        s, _ = step(s, A.Activate(last))
        s, _ = step(s, A.Move(last, Square.parse("d7" if last == "Black B1" else "f2")))
        assert s.turn == 2 and s.first_activator is lead
        said = [x for x in _said(s) if x not in ("Black Smoulder", "Black Kindling")]
        if lead is Player.WHITE:
            assert said == ["White Long Night", "White Kindled Watch", "Black Court of Cinders"]
        else:  # the end of the turn too starts with the player who did not Activate last
            assert said == ["White Long Night", "Black Court of Cinders", "White Kindled Watch"]


def test_adjustments_keep_the_reminders_until_the_game_moves_on() -> None:
    s = _game()
    s, _ = step(s, A.Activate("White J1"))
    assert _said(s) == ["White Unlit", "White Bright Oil"]
    s, _ = step(s, A.GiveTokens(Player.WHITE, "White J1", A.Token.ADVANTAGE, 1))
    s, _ = step(s, A.AddRollEffect(Player.WHITE, "White J1", "modifier", A.Until.NEXT_ROLL, "+1"))
    assert _said(s) == ["White Unlit", "White Bright Oil"]
    s, _ = step(s, A.Move("White J1", Square.parse("g3")))
    assert "White Unlit" not in _said(s)


def test_activation_rules_come_at_the_start_and_the_attackers_before_it_attacks() -> None:
    s = _game()
    s, _ = step(s, A.Activate("White J1"))  # the Shade: its own rule, then Bright Oil
    assert _said(s) == ["White Unlit", "White Bright Oil"]
    assert activation_rules(_game(), "White J1", attacking=False)
    assert not activation_rules(_game(), "White P1", attacking=False)
    assert activation_rules(_game(), "White P1", attacking=True)  # Bright Oil
    assert not activation_rules(_game(Player.BLACK), "Black B1", attacking=True)


def test_end_of_activation_then_between_then_end_and_start_of_turn() -> None:
    s = _game()
    s, _ = step(s, A.Activate("White K1"))
    s, _ = step(s, A.Move("White K1", Square.parse("f2")))
    assert _said(s) == []  # White has no end-of-Activation rules
    s, _ = step(s, A.Activate("Black B1"))
    assert _said(s) == []  # nothing at the start of Black's Activation
    s, _ = step(s, A.Move("Black B1", Square.parse("d7")))
    assert _said(s) == ["Black Smoulder", "Black Kindling"]
    # The last piece of the turn: its Activation's rules, then the end of the turn (from the
    # player who did not Activate last), then the next turn's start.
    s = _last_of_turn(s, "Black B2")
    s, _ = step(s, A.Activate("Black B2"))
    s, _ = step(s, A.Move("Black B2", Square.parse("e7")))
    assert _said(s) == [
        "Black Smoulder",
        "Black Kindling",
        "White Long Night",
        "White Kindled Watch",
        "Black Court of Cinders",
    ]


def test_slaying_reminds_the_slain_pieces_side_of_its_enemy_rules() -> None:
    s = _game(Player.BLACK)
    s, _ = step(s, A.Activate("Black P3"))
    s, _ = step(s, A.Attack("Black P3", Square.parse("b2")), [4, 4, 1, 1])
    said = _said(s)
    assert said[:1] == ["White Moths to the Flame"], said


def test_the_console_plays_faction_files_with_reminders_in_its_own_words() -> None:
    from bot.table import Table
    from rules.core.dice import RandomDice

    t = Table(RandomDice(1))
    court = DOCS / "ashen-court.toml"
    wardens = DOCS / "lantern-wardens.toml"
    r = t.execute(
        t.parse(
            f"game new {court}: K 2R 2B 3P + Kindling | {wardens}: K Q Shade 4P + Bright Oil"
            " + Long Night"
        ),
        None,
    )
    assert "upgrades: Bright Oil (1 pts), Long Night (2 pts) (14 points)" in r.text, r.text
    for line in ("trees", "trees", "trees", "trees mirror", "deploy auto", "deploy auto"):
        r = t.execute(t.parse(line), None)
    assert "Turn 1 of 10 begins" in r.text, r.text
    assert "Faction rules to apply now, in this order:" in r.text
    assert "`bones`" in r.text and "`give N1 adv 1`" in r.text
    # a long list keeps the prompt, the heading and the first rules, and says how many more
    import bot.wargame_chess.table as wt

    full = wt.with_reminders("PROMPT", t.state, discord=True)
    listed = [line for line in full.splitlines() if line[:1].isdigit()]
    assert len(listed) >= 2, full
    old = wt.REMINDERS_BUDGET
    wt.REMINDERS_BUDGET = len(listed[0]) + 1
    try:
        short = wt.with_reminders("PROMPT", t.state, discord=True).splitlines()
    finally:
        wt.REMINDERS_BUDGET = old
    assert short[:3] == ["PROMPT", "Faction rules to apply now, in this order:", listed[0]]
    assert short[3] == f"(and {len(listed) - 1} more after these: `/faction show` has every rule)"
    assert len(short) == 4
    # Discord's words for a game's options never read files.
    from bot import systems

    with pytest.raises(RulesError, match=r"White: '.*ashen-court\.toml:' is not a piece"):
        systems.get("wargame-chess").new_game({}, t.plugin.options_from_words([f"{court}:", "K"]))


def test_a_summon_only_option_is_summoned_by_hand() -> None:
    from bot.table import Table
    from rules.core.dice import RandomDice

    t = Table(RandomDice(1), _game(), "wargame-chess")
    r = t.execute(t.parse("summon moth knight a3"), Player.WHITE)
    assert r.ok and "White N1 (Moth Knight) is Summoned to a3" in r.text, r.text
    moth = t.game().piece("White N1")
    assert moth.option == "Moth Knight" and moth.on_board
    r = t.execute(t.parse("summon Moth Knight b3"), Player.WHITE)
    assert r.ok and t.game().piece("White N2").on_board
    r = t.execute(t.parse("summon Moth Knight c3"), Player.WHITE)
    assert not r.ok and "at most 2 Moth Knight" in r.text, r.text  # (WC-2, R5a)


def test_the_picture_names_no_summon_only_piece_before_the_teams_are_shown() -> None:
    """A faction's Summon-only pieces name the faction: the tracker lists them once the teams
    are shown to each other, after deployment (ruling R9), not while the players deploy."""
    from bot.wargame_chess.render import panel_of
    from rules.wargame_chess.setup import new_game
    from rules.wargame_chess.state import Phase
    from rules.wargame_chess.teams import TeamList

    f = read_faction(WARDENS.encode())
    team = parse_team(
        "Lamplighter, Beacon Queen, Wick Knight, 4 Lantern-bearers + Bright Oil + Long Night", f
    )
    s = new_game(team, TeamList.parse("K Q R 2N 3P"), tree_first=Player.WHITE)
    assert s.phase is not Phase.PLAY
    assert all(side.summon == () for side in panel_of(s).sides)
    assert panel_of(replace(s, phase=Phase.PLAY)).sides[0].summon == ("Moth Knight",)


def test_the_end_of_turn_rules_start_with_the_player_who_did_not_activate_last() -> None:
    """R93 from either seat: White is seat 0, which must not read as "nobody" (before, White
    Activating last led the end of the turn with White)."""
    from rules.core.history import Event, Step
    from rules.wargame_chess.reminders import _moments
    from rules.wargame_chess.system import SYSTEM

    ending = Step(A.Decline(), (), (Event("turn_end", "Turn 1 ends", (("turn", 1),)),))
    for last in Player:
        s = replace(SYSTEM.new_game({}), last_activator=last, to_act=last.other)
        leads = [at.lead for at in _moments(s, ending)]
        assert leads == [last.other], (last, leads)


def _to_the_end_of_turn_10(s):  # type: ignore[no-untyped-def]
    from rules.wargame_chess.engine import legal_actions

    while not s.is_over and not s.faith.queue:
        s, _ = step(s, legal_actions(s)[0])
    return s


def test_end_of_turn_rules_of_turn_10_are_applied_before_the_points_are_counted() -> None:
    """R93 (revision 6): at the end of turn 10 a player with an end-of-turn rule (Long Night,
    an upgrade that may Divinate) is asked before the points are counted; what they adjust
    meanwhile counts, and the other player cannot count for them. Before revision 6 the
    points were counted at once."""
    from rules.core.errors import IllegalAction
    from rules.wargame_chess.dice import ScriptedDice
    from rules.wargame_chess.engine import apply, legal_actions
    from rules.wargame_chess.scenario import scenario
    from rules.wargame_chess.state import COUNT_OPTION, Decision, EndReason, Phase

    wardens = read_faction(WARDENS.encode())
    start = scenario("Kh1 Qa1", "Kh8 Ra8", faction=wardens, upgrades=(("Long Night",), ()))
    s = _to_the_end_of_turn_10(start)
    assert s.turn == 10 and not s.is_over and s.phase is Phase.PLAY
    assert s.pending is not None and s.pending.decision is Decision.CHOOSE
    assert s.pending.player is Player.WHITE and s.pending.options == (COUNT_OPTION,)
    assert [(r.player, r.rule.name) for r in reminders(s)] == [(Player.WHITE, "Long Night")]
    assert legal_actions(s) == [A.Choose(COUNT_OPTION)]
    from bot.wargame_chess.textboard import describe_action

    said = describe_action(s, A.Choose(COUNT_OPTION))  # (its button, and whose)
    assert said == "Count the points (White is done)", said
    with pytest.raises(IllegalAction):
        apply(s, A.Choose(COUNT_OPTION), ScriptedDice([]), player=Player.BLACK)
    # White summons a Moth Knight meanwhile: the points count it
    s, _ = step(s, A.Summon(Player.WHITE, "Moth Knight", Square.parse("e4")))
    assert not s.is_over and [r.rule.name for r in reminders(s)] == ["Long Night"]
    s, _ = step(s, A.Choose(COUNT_OPTION))
    assert s.is_over and s.outcome is not None and s.outcome.reason is EndReason.POINTS
    old = _to_the_end_of_turn_10(replace(start, config=replace(start.config, revision=5)))
    assert old.is_over and old.outcome is not None  # revision 5: counted at once
    knight = next(p for p in s.pieces if p.option == "Moth Knight")
    assert s.outcome.points == (old.outcome.points[0] + knight.points, old.outcome.points[1])


def test_at_the_end_of_turn_10_the_player_who_did_not_activate_last_applies_rules_first() -> None:
    """R93's order holds for the last count too: both players with an end-of-turn rule are
    asked in turn, and the second sees only their own rule reminded; a side without such a
    rule (Standard) is not asked at all."""
    from rules.wargame_chess.scenario import scenario
    from rules.wargame_chess.state import COUNT_OPTION

    wardens = read_faction(WARDENS.encode())
    both = (("Long Night",), ("Long Night",))
    s = _to_the_end_of_turn_10(scenario("Kh1 Qa1", "Kh8 Ra8", faction=wardens, upgrades=both))
    assert s.pending is not None and s.last_activator is not None
    first = s.last_activator.other
    assert s.pending.player is first
    assert [r.player for r in reminders(s)] == [first]  # (the player asked: theirs alone)
    from rules.wargame_chess.reminders import at_the_count

    assert [r.player for r in at_the_count(s)] == [first, first.other]  # (the order asked)
    s, _ = step(s, A.Choose(COUNT_OPTION))
    assert not s.is_over and s.pending is not None and s.pending.player is first.other
    assert [r.player for r in reminders(s)] == [first.other]
    s, _ = step(s, A.Choose(COUNT_OPTION))
    assert s.is_over
    none = _to_the_end_of_turn_10(scenario("Kh1 Qa1", "Kh8 Ra8", faction=wardens))
    assert none.is_over  # no end-of-turn rule on either side: counted at once


def test_long_night_divinates_during_the_count_and_its_card_comes_first() -> None:
    """A review: the count's choice refused the very Divinate its reminder named, and a card's
    queued choice would have come after the count, the game scored without it. Divinating is
    allowed while the count waits, and what it queues resolves before the points."""
    from rules.core.dice import RandomDice
    from rules.core.errors import IllegalAction
    from rules.wargame_chess.engine import apply
    from rules.wargame_chess.scenario import scenario
    from rules.wargame_chess.state import COUNT_OPTION, COUNT_POINTS, EffectStep
    from rules.wargame_chess.transaction import Transaction

    wardens = read_faction(WARDENS.encode())
    s = _to_the_end_of_turn_10(
        scenario("Kh1 Qa1", "Kh8 Ra8", faction=wardens, upgrades=(("Long Night",), ()))
    )
    with pytest.raises(IllegalAction, match="White applies their rules before the points"):
        apply(s, A.Divinate(Player.BLACK, (19,)), RandomDice(3))  # (not Black's count)
    s, _ = apply(s, A.Divinate(Player.WHITE, (18, 17)), RandomDice(3))
    assert s.history[-1].action.name == "divinate" and not s.is_over
    assert s.faith.tarot_dealt, "three cards were dealt"
    dice = RandomDice(4)
    while s.faith.queue[0].kind != COUNT_POINTS:  # the card's own choices first
        assert s.pending is not None
        s, _ = apply(s, A.Choose(s.pending.options[0]), dice)
        assert not s.is_over
    assert s.pending is not None and s.pending.options == (COUNT_OPTION,)
    s, _ = apply(s, A.Choose(COUNT_OPTION), dice)
    assert s.is_over
    # the order itself: a step queued while the count waits goes ahead of it
    tx = Transaction(s, RandomDice(1))
    tx.faith = replace(tx.faith, queue=(EffectStep(COUNT_POINTS, Player.BLACK),))
    tx.enqueue(EffectStep("star_one", Player.WHITE))
    assert [q.kind for q in tx.faith.queue] == ["star_one", COUNT_POINTS]
    tx.enqueue(EffectStep(COUNT_POINTS, Player.WHITE))
    assert [q.kind for q in tx.faith.queue] == ["star_one", COUNT_POINTS, COUNT_POINTS]


BELLS = b"""name = "Bell Ringers"
stars = 1
[[piece]]
name = "Bell King"
type = "king"
quantity = "0-1"
[[piece]]
name = "Tolling Rook"
type = "rook"
quantity = "0-2"
  [[piece.rule]]
  name = "Last Toll"
  when = "end of turn"
  text = "At the end of each turn, you may Summon a Chime Pawn beside this Tolling Rook."
  adjust = ["summon"]
[[piece]]
name = "Chime Pawn"
type = "pawn"
quantity = "0-8"
"""


def test_a_player_whose_rule_is_gone_is_no_longer_asked_to_count() -> None:
    """A walkthrough: White's only end-of-turn rule was its Tolling Rook's; with the Rook
    slain during the count, White was still asked, with no rule reminded. The count keeps
    only players with a rule still to apply, and with none left the points are counted."""
    from rules.wargame_chess.scenario import scenario
    from rules.wargame_chess.state import COUNT_OPTION

    bells = read_faction(BELLS)
    s = _to_the_end_of_turn_10(scenario("Kh1 Ra1", "Kh8 Pa7", faction=bells))
    assert not s.is_over and s.pending is not None and s.pending.player is Player.WHITE
    assert [r.rule.name for r in reminders(s)] == ["Last Toll"]
    rook = next(p for p in s.pieces if p.owner is Player.WHITE and p.label == "R1")
    s, _ = step(s, A.Slay(Player.BLACK, rook.key))
    assert s.is_over and s.outcome is not None, "nobody left with a rule: counted at once"
    assert s.outcome.points == (2, 3)  # (the King 2; Black's King 2 and Pawn 1)
    again = _to_the_end_of_turn_10(scenario("Kh1 Ra1", "Kh8 Pa7", faction=bells))
    again, _ = step(again, A.Choose(COUNT_OPTION))
    assert again.is_over


def test_a_rule_the_last_activation_brought_round_is_applied_before_the_count() -> None:
    """A walkthrough: a rule of the last Activation's moments (between Activations, here the
    Ashen Court's Kindling upgrade) was lost when the points were counted at once; its player
    is now asked, with the rule reminded, before the game is scored."""
    from rules.wargame_chess.reminders import at_the_count
    from rules.wargame_chess.scenario import scenario
    from rules.wargame_chess.state import COUNT_OPTION

    court = read_faction(COURT.encode())
    s = _to_the_end_of_turn_10(
        scenario("Kh1 Ra1", "Kh8 Ba8", faction=court, upgrades=(("Kindling",), ("Kindling",)))
    )
    assert not s.is_over and s.pending is not None and s.pending.options == (COUNT_OPTION,)
    asked = {r.player for r in at_the_count(s)}
    assert s.pending.player in asked
    moments = {r.moment for r in at_the_count(s)}
    assert Moment.BETWEEN in moments and Moment.TURN_END not in moments, moments
    while not s.is_over:
        assert s.pending is not None and s.pending.player in asked
        assert reminders(s), "the player asked sees their rule"
        s, _ = step(s, A.Choose(COUNT_OPTION))


def test_a_number_from_one_players_list_does_not_count_for_the_other() -> None:
    """A walkthrough at the console: Black's list showed "1. Count the points"; after Black
    counted, typing 1 counted for White too, who never saw their prompt. Each count now says
    whose it is, so the number from the old list is refused as changed."""
    from bot.table import Table
    from rules.core.dice import RandomDice
    from rules.wargame_chess.scenario import scenario

    bells = read_faction(BELLS)
    s = _to_the_end_of_turn_10(scenario("Kh1 Ra1", "Kh8 Ra8", faction=bells))
    assert s.pending is not None and len(s.faith.queue) == 2
    t = Table(RandomDice(1), s, "wargame-chess")
    first = s.pending.player
    assert f"1. Count the points ({first.title} is done)" in t.run("actions").text
    assert t.run("1").ok and t.state.pending is not None
    assert t.state.pending.player is first.other
    r = t.run("1")
    assert not r.ok and "the choices have changed" in r.text.lower() and not t.state.is_over
    assert t.run("1").ok and t.state.is_over  # typed again, having seen the new list


EMBERS = b"""name = "Embers"
stars = 1
[[piece]]
name = "Ember King"
type = "king"
quantity = "0-1"
[[piece]]
name = "Spark Rook"
type = "rook"
quantity = "0-2"
  [[piece.rule]]
  name = "Afterglow"
  when = "end of activation"
  text = "After this Spark Rook's Activation, give it an Advantage token."
  adjust = ["give"]
[[piece]]
name = "Coal Pawn"
type = "pawn"
quantity = "0-8"
[[rule]]
name = "Smoulder"
when = "end of activation"
text = "After your piece's Activation, give an adjacent enemy piece a Disadvantage token."
adjust = ["give"]
[[upgrade]]
name = "Vesper"
cost = 1
when = "end of turn"
text = "At the end of each turn, give one of your pieces an Advantage token."
adjust = ["give"]
"""


def _last_activation_by(s, key):  # type: ignore[no-untyped-def]
    """Play on to the count, leaving ``key``'s Activation for last when there is a choice."""
    from rules.wargame_chess.engine import legal_actions

    while not s.is_over and not s.faith.queue:
        acts = legal_actions(s)
        if len(acts) > 1 and all(isinstance(a, A.Activate) for a in acts):
            acts = [a for a in acts if a.piece != key] or acts
        s, _ = step(s, acts[0])
    return s


def test_at_the_count_a_pieces_own_activation_rule_goes_with_it_and_order_follows_the_rules() -> (
    None
):
    """A review: a slain Spark Rook's end-of-activation rule still had White asked; and the
    players were asked in turn-end order while the list showed the last Activation's rules
    first. Now a piece's rule for its own Activation goes with the piece, and players are
    asked in the order their rules resolve (R95: the Activation's end before the turn's)."""
    from rules.wargame_chess.reminders import at_the_count
    from rules.wargame_chess.scenario import scenario

    embers = read_faction(EMBERS)
    s = _last_activation_by(
        scenario("Kh1 Ra1", "Kh8 Pa7", faction=embers, first=Player.BLACK), "White R1"
    )
    assert s.last_activator is Player.WHITE and s.pending is not None
    listed = [(r.player, r.rule.name) for r in at_the_count(s)]
    assert listed[:2] == [(Player.WHITE, "Smoulder"), (Player.WHITE, "Afterglow")], listed
    assert s.pending.player is Player.WHITE  # (its rules come first: its Activation ended)
    rook = next(p for p in s.pieces if p.option == "Spark Rook")
    s, _ = step(s, A.Slay(Player.BLACK, rook.key))
    assert (Player.WHITE, "Afterglow") not in [(r.player, r.rule.name) for r in at_the_count(s)]
    assert (Player.WHITE, "Smoulder") in [(r.player, r.rule.name) for r in at_the_count(s)]


def test_a_rule_brought_round_during_the_count_is_asked_for() -> None:
    """A review: White Divinated during the count and dealt Death; Black sacrificed a
    Lantern-bearer, which brings round Black's Moths to the Flame, but White's count ended the
    game and Black was never asked. Now Black is asked after White."""
    from rules.core.dice import RandomDice
    from rules.wargame_chess.engine import apply
    from rules.wargame_chess.scenario import scenario
    from rules.wargame_chess.state import COUNT_OPTION, COUNT_POINTS

    wardens = read_faction(WARDENS.encode())
    s = scenario("Kh1 Pa2 Pb2 Pc2", "Kh8 Pa7 Pb7", faction=wardens, upgrades=(("Long Night",), ()))
    s, _ = step(s, A.Slay(Player.BLACK, "White P3"))  # (so that Death asks Black's sacrifice)
    s = _to_the_end_of_turn_10(s)
    assert [q.player for q in s.faith.queue] == [Player.WHITE]
    for seed in range(300):  # a Divination whose active card is Death (XIII)
        t, _ = apply(s, A.Divinate(Player.WHITE, ()), RandomDice(seed))
        if t.faith.tarot_active == 13 and t.faith.queue[0].kind != COUNT_POINTS:
            break
    else:
        raise AssertionError("no seed dealt Death")
    while t.faith.queue[0].kind != COUNT_POINTS:  # Death: each sacrifices a piece
        assert t.pending is not None
        pawn = next((o for o in t.pending.options if " P" in o), t.pending.options[0])
        t, _ = step(t, A.Choose(pawn))
    assert t.pending is not None and t.pending.player is Player.WHITE
    t, _ = step(t, A.Choose(COUNT_OPTION))
    assert not t.is_over and t.pending is not None and t.pending.player is Player.BLACK
    assert [r.rule.name for r in reminders(t)] == ["Moths to the Flame"]
    t, _ = step(t, A.Choose(COUNT_OPTION))
    assert t.is_over


def test_the_ai_values_a_count_of_turn_10_as_the_points_decide_it() -> None:
    """A review: while the count waited, the AI scored the position as play (points on the
    board without upgrades, tokens, the lean): a certain win looked like a loss. It is now the
    result on points, as a finished game's value."""
    from rules.ai.evaluation import WIN, evaluate
    from rules.wargame_chess.scenario import scenario
    from rules.wargame_chess.system import SYSTEM as WC

    bells = read_faction(BELLS)
    s = _to_the_end_of_turn_10(scenario("Kh1 Ra1", "Kh8 Pa7", faction=bells))
    assert not s.is_over and s.faith.queue
    lead = s.score(Player.WHITE) - s.score(Player.BLACK)
    assert lead > 0
    assert evaluate(WC, s, Player.WHITE) == WIN + lead
    assert evaluate(WC, s, Player.BLACK) == -WIN - lead
    assert WC.material(s, Player.WHITE) == WIN + lead


def test_a_reminders_console_example_names_the_token_its_rule_names() -> None:
    """A walkthrough: Smoulder gives a Disadvantage token, yet its console hint said
    `give N1 adv 1`. The example follows the rule's text when it names one kind of token."""
    from rules.wargame_chess.faction_rules import RuleText

    dis = "After your piece's Activation, give an adjacent enemy piece a Disadvantage token."
    smoulder = RuleText("Smoulder", dis, Moment.ACTIVATION_END, adjust=("give",))
    assert smoulder.how(discord=False) == "`give N1 dis 1`"
    assert smoulder.how(discord=True) == "`/adjust tokens`"
    both = RuleText("Trade", "Swap an Advantage token for a Disadvantage token.", adjust=("give",))
    assert both.how(discord=False) == "`give N1 adv 1`"  # (both named: the plain example)
    adv = RuleText("Vesper", "Give one of your pieces an Advantage token.", adjust=("remove",))
    assert adv.how(discord=False) == "`remove N1 adv 1`"

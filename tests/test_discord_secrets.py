"""Secrets a player could fish for through the real dispatch: the refusal of a forged choice
(whose index would count the decider's choices, secret cards among them), and, in Wargame
Chess, the team lists before both are deployed (ruling R9): piece autocomplete and
adjustment refusals."""

from __future__ import annotations

import random

from bot.card_game.table import CardGameTable
from rules.card_game.engine import decider
from rules.wargame_chess.engine import free_deploy_squares
from tests.card_game.test_discord import start as start_card_game
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import Harness
from tests.test_discord_forged import forged_click
from tests.test_discord_game import _play_until_activation, play_one, start_game


async def test_a_forged_choice_by_the_other_player_is_refused_alike_whatever_the_index(
    table: Harness,
) -> None:
    channel = await start_card_game(table)
    svc = table.bot.service
    row, state = await svc.current(channel)
    assert state is not None
    who = decider(state)
    other = svc.user_of(row, who.other)
    answers = set()
    for index in range(0, 40, 3):  # (some within the decider's choices, some past them)
        r = await forged_click(table, other, channel, f"wg:c:{row.id}:{row.version}:{index}")
        assert r.ephemeral
        answers.add(r.content)
    assert answers == {f"It is {who.title}'s decision now, not {who.other.title}'s."}, answers
    assert (await svc.current(channel))[0].version == row.version, "nothing changed"
    assert CardGameTable.hidden_information


async def test_piece_autocomplete_shows_no_team_before_both_are_deployed(table: Harness) -> None:
    channel = await start_game(table)  # (teams chosen: K Q R 2N 3P for White)
    mine = await table.autocomplete(
        ALICE, "adjust tokens", "piece", channel=channel, piece="", token="advantage"
    )
    keys = {c["value"] for c in mine}
    assert keys and all(k.startswith("White ") for k in keys), keys  # her own reserve only
    for who in (BOB, CAROL):
        seen = await table.autocomplete(
            who, "adjust tokens", "piece", channel=channel, piece="", token="advantage"
        )
        assert not any(c["value"].startswith("White ") for c in seen), (who, seen)
    spectator = await table.autocomplete(CAROL, "deploy", "piece", channel=channel, piece="")
    assert spectator == [], "nothing is on the board yet"


async def test_an_adjustment_before_play_says_so_whatever_the_piece(table: Harness) -> None:
    channel = await start_game(table)  # (teams chosen: K Q R 2N 3P for White)
    answers = set()
    for piece in ("White R1", "White B1", "White Z9"):  # White has a Rook, no Bishop
        for who in (BOB, CAROL):
            r = await table.slash(
                who, "adjust tokens", channel=channel, piece=piece, token="advantage", count=1
            )
            assert r.ephemeral
            answers.add(r.content)
    assert len(answers) <= 2 and not any("has no piece" in a for a in answers), answers


async def test_naming_an_opponents_piece_before_play_tells_nothing_of_their_team(
    table: Harness,
) -> None:
    """Each piece command before both teams are deployed answers a name of the opponent's
    piece the same whether their secret team has that piece or not (ruling R9)."""
    channel = await start_game(table)  # White K Q R 2N 3P, Black K 2B 2N J 2P
    row = (await table.bot.service.current(channel))[0]
    # (White has R1 and Q1, not B1 or J1; Black has B1 and J1, not R1 or Q1)
    names = {BOB: (("White R1", "White Q1"), ("White B1", "White J1", "White Z9"))}
    names[ALICE] = (("Black B1", "Black J1"), ("Black R1", "Black Q1", "Black Z9"))
    commands = [
        ("deploy", {"square": "e1"}),
        ("move", {"square": "e4"}),
        ("attack", {"square": "e4"}),
        ("activate", {}),
        ("castle", {}),
        ("promote", {}),
    ]
    for who, (held, missing) in names.items():
        for command, extra in commands:
            answers: dict[str, set[str]] = {"held": set(), "missing": set()}
            for kind, pieces in (("held", held), ("missing", missing)):
                for piece in pieces:
                    r = await table.slash(who, command, channel=channel, piece=piece, **extra)
                    assert r.ephemeral, (command, piece)
                    answers[kind].add(r.content.replace(piece, "<piece>"))
            assert answers["held"] == answers["missing"], (who, command, answers)
            assert len(answers["held"]) == 1, (who, command, answers)
    assert (await table.bot.service.current(channel))[0].version == row.version, "no change"


async def test_status_and_the_deployment_prompt_tell_nothing_of_a_team_before_play(
    table: Harness,
) -> None:
    """Before both teams are deployed, `/game status` counts no upgrade points (Black took one
    worth a point) and the public prompt names no piece in reserve; once play begins, the
    upgrade counts (ruling R9)."""
    from tests.test_discord_factions import COURT, add

    await add(table, COURT, "court.toml")
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    await table.slash(ALICE, "team", channel=channel, team="K Q R 2N 3P")
    black = "Ember King, 2 Cinder Rooks, 2 Ash Bishops, 3 Coal Pawns + Kindling"
    r = await table.slash(BOB, "team", channel=channel, faction="Ashen Court", team=black)
    assert "Both teams are set" in r.content, r.content
    svc = table.bot.service
    for who in (ALICE, CAROL):
        status = (await table.slash(who, "game status", channel=channel)).content
        assert "Black: 0 on the board (0 points)" in status, status
    rng = random.Random(2)
    last = table.sent[-1]
    for _ in range(12):  # to Black's deployment, one piece placed by hand
        _, state = await svc.current(channel)
        if state.phase.value == "deployment" and state.decider.title == "Black":
            break
        last = await play_one(table, channel, last, rng)
    else:
        raise AssertionError("Black never came to deploy")
    piece = next(p for p in state.pieces if p.owner is state.decider and p.square is None)
    square = free_deploy_squares(state, state.decider)[0]
    r = await table.slash(BOB, "deploy", channel=channel, piece=piece.key, square=str(square))
    _, state = await svc.current(channel)
    reserve = [p.label for p in state.pieces if p.owner is state.decider and p.square is None]
    prompt = table.live_message(channel).content
    assert reserve and not any(f"`/deploy {label}" in prompt for label in reserve), prompt
    assert "/deploy" in prompt, prompt
    status = (await table.slash(CAROL, "game status", channel=channel)).content
    assert f"Black: 1 on the board ({piece.points} points)" in status, status
    await _play_until_activation(table, channel)
    _, state = await svc.current(channel)
    status = (await table.slash(CAROL, "game status", channel=channel)).content
    on_board = state.points_on_board(state.decider.__class__.BLACK)
    assert f"({on_board + 1} points)" in status, status  # the upgrade counts now

"""What a new player met in a walkthrough (2026-11-27), through the real dispatch: every
message says what to do next, and a request is not made twice."""

from __future__ import annotations

from tests.conftest import ALICE, BOB
from tests.discord_harness import BOT_ID, CHANNEL_ID, Harness
from tests.test_discord_game import move_a_pawn, start_game


async def test_a_game_that_begins_by_itself_says_whose_move_it_is(table: Harness) -> None:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="d20-chess")
    await table.click(BOB, sent, sent.button("Accept"))
    live = table.live_message(table.threads[-1])
    assert "White to move" in live.content or "White" in live.content.split("\n")[-2], live.content
    assert "it is your decision" in live.content, live.content


async def test_chess28_begins_by_asking_white_for_the_game_mode(table: Harness) -> None:
    await table.slash(ALICE, "game new", users={"opponent": BOT_ID}, system="chess28", level="easy")
    live = table.live_message(table.threads[-1] if table.threads else CHANNEL_ID)
    assert "choose the game mode" in live.content, live.content


async def test_an_undo_is_asked_once_and_its_answer_says_what_to_do(table: Harness) -> None:
    channel = await start_game(table)  # (teams chosen)
    mover, other = await move_a_pawn(table, channel)
    await table.slash(mover, "decline", channel=channel)  # (no second step of En Passant)
    ask = await table.slash(mover, "game undo", channel=channel)
    assert not ask.ephemeral and "asks to undo" in ask.content
    again = await table.slash(mover, "game undo", channel=channel)
    assert again.ephemeral and "already asked" in again.content, again.content
    theirs = await table.slash(other, "game undo", channel=channel)
    assert theirs.ephemeral and "answer that request" in theirs.content, theirs.content
    done = await table.click(other, ask, ask.button("Agree"))
    live = table.live_message(channel)
    assert "Undid: " in (done.content + live.content)
    assert "decides" in live.content or "to Activate" in live.content or "Move" in live.content


async def test_the_end_of_a_game_tells_the_other_player(table: Harness) -> None:
    channel = await start_game(table)  # (teams chosen)
    ask = await table.slash(BOB, "game concede", channel=channel)
    before = len(table.sent)
    await table.click(BOB, ask, ask.button("concede"))
    posted = [m for m in table.sent[before:] if "Game over" in m.content]
    assert posted and f"<@{ALICE}>: the game is over." in posted[-1].content, posted
    assert ALICE in posted[-1].pinged and BOB not in posted[-1].pinged


async def test_a_ready_made_deck_picked_from_the_autocomplete_is_read(table: Harness) -> None:
    """A starter deck's list runs past the 100 characters a choice holds: it is offered by
    its name, which `/team` reads."""
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="card-game")
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    picks = await table.autocomplete(ALICE, "team", "team", channel=channel, team="")
    starter = next(c for c in picks if "starter" in c["name"])
    assert starter["value"] == starter["name"]
    r = await table.slash(ALICE, "team", channel=channel, team=starter["value"])
    assert not r.ephemeral and "kept secret" in r.content, r.content


async def test_a_second_rematch_click_points_to_the_rematch_offered(table: Harness) -> None:
    channel = await start_game(table)  # (teams chosen)
    ask = await table.slash(BOB, "game concede", channel=channel)
    await table.click(BOB, ask, ask.button("concede"))
    final = [m for m in table.sent if m.channel_id == channel and m.buttons()][-1]
    offer = await table.click(BOB, final, final.button("Rematch"))
    assert "Rematch offered" in offer.content, offer.content  # (posted where games begin)
    mine = await table.click(BOB, final, final.button("Rematch"))
    assert mine.ephemeral and "already offered a rematch" in mine.content, mine.content
    theirs = await table.click(ALICE, final, final.button("Rematch"))
    assert theirs.ephemeral and f"<@{BOB}> has already offered a rematch" in theirs.content


async def test_a_spectator_is_told_they_are_not_playing_whatever_they_try(table: Harness) -> None:
    from tests.conftest import CAROL

    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="d20-chess")
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    for square in ("e3", "e6", "a8"):  # a legal move of White's, and two that are not
        r = await table.slash(CAROL, "d20 move", channel=channel, **{"from": "e2", "to": square})
        assert r.ephemeral and "Only the two seated players" in r.content, (square, r.content)

"""`/game new options:` through the real dispatch: a word a system cannot read is refused
privately before anything is kept, and a challenge never names choices that `/team` makes."""

from __future__ import annotations

import pytest

from bot.answers import RACED
from rules.core.board import Player
from rules.wargame_chess.state import Zone
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import BOT_ID, CHANNEL_ID, Harness
from tests.test_discord_game import move_a_pawn, start_game


@pytest.mark.parametrize(
    ("system", "words", "said"),
    [
        ("chess28", "random", "not one of Chess28's options (they are: pinata, last-standing"),
        ("wargame-chess", "bogus", "not one of Wargame Chess's options (they are: revised-star)"),
        ("card-game", "bogus", "not one of Chess: The Card Game's options (it has none)"),
    ],
)
async def test_a_challenge_with_a_word_that_is_no_option_keeps_nothing(
    table: Harness, system: str, words: str, said: str
) -> None:
    svc = table.bot.service
    r = await table.slash(ALICE, "game new", users={"opponent": BOB}, system=system, options=words)
    assert r.ephemeral and said in r.content and "/team" in r.content, r.content
    assert "Nothing was changed" in r.content and not table.errors
    assert await svc.store.live_game(CHANNEL_ID) is None, "no challenge was kept"
    again = await table.slash(ALICE, "game new", users={"opponent": BOB}, system=system)
    assert not again.ephemeral and "challenges" in again.content, "the channel is free"


async def test_a_challenge_names_no_team_that_team_will_choose(table: Harness) -> None:
    r = await table.slash(ALICE, "game new", users={"opponent": BOB}, options="revised-star")
    assert not r.ephemeral and "challenges" in r.content
    assert "White:" not in r.content and "Standard" not in r.content, r.content
    r2 = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="chess28")
    assert r2.ephemeral  # (the channel has its challenge)


async def test_two_game_modes_at_once_are_refused(table: Harness) -> None:
    r = await table.slash(
        ALICE, "game new", users={"opponent": BOB}, system="chess28", options="pinata last-standing"
    )
    assert r.ephemeral and "Choose one game mode" in r.content, r.content
    assert await table.bot.service.store.live_game(CHANNEL_ID) is None


async def test_a_practice_game_refuses_what_it_cannot_read_and_plays_what_it_can(
    table: Harness,
) -> None:
    svc = table.bot.service
    r = await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="chess28", options="random"
    )
    assert r.ephemeral and "'random' is not in the roster" in r.content, r.content
    assert await svc.store.live_game(CHANNEL_ID) is None
    # Parties named in a practice game's options are the ones played (the person picks both).
    r = await table.slash(
        ALICE,
        "game new",
        users={"opponent": BOT_ID},
        system="chess28",
        options="last-standing 3 Brute | 3 Slinger",
    )
    assert not r.ephemeral, r.content
    _, state = await svc.current(CHANNEL_ID)
    names = {(u.owner.title, u.model.name) for u in state.units}
    assert names == {("White", "Brute"), ("Black", "Slinger")}, names


async def test_team_in_a_system_with_nothing_to_choose_says_so(table: Harness) -> None:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="d20-chess")
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    for who in (ALICE, CAROL):
        r = await table.slash(who, "team", channel=channel, team="K Q")
        assert r.ephemeral and r.content.startswith("d20 explorer chess has no team to choose")
    pieces = (await table.bot.service.current(channel))[1].pieces
    assert pieces, "the game is as it was"


def _lose_the_next_saves(table: Harness, monkeypatch: pytest.MonkeyPatch, times: int) -> None:
    """Another process saves first, ``times`` times: this one's saves are stale."""
    from bot.store import StaleVersion

    store = table.bot.service.store
    real = store.save_game
    left = [times]

    async def save_game(*args: object, **kwargs: object) -> int:
        if left[0] > 0:
            left[0] -= 1
            raise StaleVersion
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, "save_game", save_game)


async def test_a_change_another_process_saved_first_is_answered_plainly(
    table: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With several shard processes over one database, a challenge's answer or a team that
    loses the race to another process's save says so privately, and changes nothing; a
    moderator's end reads the game again and ends it."""
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    _lose_the_next_saves(table, monkeypatch, 1)
    r = await table.click(BOB, sent, sent.button("Accept"))
    assert r.ephemeral and "at the same moment, so nothing was changed" in r.content, r.content
    row = await table.bot.service.store.live_game(CHANNEL_ID)
    assert row is not None and row.status == "challenge"
    assert table.deleted == table.threads[-1:], "the thread it opened for the game is gone"
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    _lose_the_next_saves(table, monkeypatch, 1)
    r = await table.slash(ALICE, "team", channel=channel, team="K Q R 2N 3P")
    assert r.ephemeral and "at the same moment" in r.content, r.content
    assert not (await table.bot.service.store.live_game(channel)).meta.get("teams")
    _lose_the_next_saves(table, monkeypatch, 3)  # (three races lost in a row: it says so)
    r = await table.slash(CAROL, "game end", channel=channel, manage=True)
    assert r.ephemeral and r.content == RACED, r.content
    assert await table.bot.service.store.live_game(channel) is not None, "not ended"
    _lose_the_next_saves(table, monkeypatch, 2)
    r = await table.slash(CAROL, "game end", channel=channel, manage=True)
    assert not r.ephemeral and "ended this game (moderator)" in r.content, r.content
    assert await table.bot.service.store.live_game(channel) is None
    assert not table.errors


async def test_the_log_is_not_exported_before_the_teams_are_shown(table: Harness) -> None:
    """Wargame Chess shows the team lists once both are deployed (ruling R9); the exported log
    holds them, so it waits until then."""
    channel = await start_game(table)  # (teams chosen)
    r = await table.slash(BOB, "game export", channel=channel)
    assert r.ephemeral and "once both are deployed" in r.content, r.content
    assert not r.files


async def test_a_slash_command_delivered_twice_is_applied_once(table: Harness) -> None:
    """The same interaction (same id) arriving twice, as a gateway's replay could deliver it,
    is handled the first time only: a roll is not rolled and logged twice."""
    store = table.bot.service.store
    payload = table.slash_payload(ALICE, "roll", expression="1d6")
    first = await table._feed(payload)
    again = await table._feed(dict(payload))
    assert first and not again, "the second delivery is not answered"
    assert len(await store.rolls(CHANNEL_ID, 25)) == 1, "one roll in the channel's log"
    other = await table._feed(table.slash_payload(ALICE, "roll", expression="1d6"))
    assert other and len(await store.rolls(CHANNEL_ID, 25)) == 2, "a new interaction rolls"
    assert not table.errors


async def test_an_agreed_undo_another_process_saved_first_is_answered_plainly(
    table: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Agree click on an undo request that loses the race to another process's save is
    told so privately, as every other change is; nothing is undone, nothing logged as a fault."""
    channel = await start_game(table)  # (teams chosen)
    svc = table.bot.service
    mover, other = await move_a_pawn(table, channel)
    ask = await table.slash(mover, "game undo", channel=channel)
    assert "asks to undo" in ask.content, ask.content
    before = await svc.current(channel)
    _lose_the_next_saves(table, monkeypatch, 1)
    r = await table.click(other, ask, ask.button("Agree"))
    assert r.ephemeral and r.content == RACED, r.content
    after = await svc.current(channel)
    assert after[0].version == before[0].version and after[1] == before[1], "nothing undone"


async def test_choosing_a_team_again_says_it_replaces_the_first(table: Harness) -> None:
    """A second `/team` posted "has chosen a team" again and pinged the opponent again; it
    now says the new choice replaces the first, and pings no one."""
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    first = await table.slash(ALICE, "team", channel=channel, team="K Q R 2N 3P")
    assert "has chosen a team" in first.content and BOB in first.pinged
    again = await table.slash(ALICE, "team", channel=channel, team="K 2B 2N J 2P")
    assert not again.ephemeral and "has changed their team" in again.content, again.content
    assert "replaces the first" in again.content and again.pinged == []
    assert "K 2B" not in again.content  # still secret
    r = await table.slash(BOB, "team", channel=channel, team="K Q R 2N 3P")
    assert "Both teams are set" in r.content, r.content
    _, state = await table.bot.service.current(channel)
    assert any(p.kind.name == "JOKER" for p in state.pieces_of(Player.WHITE, Zone.RESERVE))

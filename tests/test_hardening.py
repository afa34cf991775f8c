"""Hardening (issue 11): input an ordinary Discord client can send must never crash, and
nothing runs twice or half. Each test failed on the code before it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot import companion as C
from bot.service import GameService
from bot.store import Store
from rules.core.dice import RandomDice
from rules.core.errors import ParseError, RulesError
from rules.wargame_chess.dice import Modifier
from rules.wargame_chess.engine import activatable, destinations
from rules.wargame_chess.state import Decision
from rules.wargame_chess.tarot import autocomplete, find_card
from rules.wargame_chess.teams import TeamList
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import CHANNEL_ID, Harness
from tests.test_discord_game import service, start_game


# ---- Unicode digits and very long numbers ----
@pytest.mark.parametrize("text", ["²", "₃", "٣", "9" * 5000, "1" + "0" * 4400])
def test_unicode_digits_and_huge_numbers_are_refused_not_crashed(text: str) -> None:
    with pytest.raises(ParseError):
        find_card(text)
    assert isinstance(autocomplete(text), list)
    with pytest.raises(ParseError):
        TeamList.parse(f"K {text}P")
    with pytest.raises(ParseError):
        TeamList.parse(f"{text}P")
    with pytest.raises(RulesError):
        C.read_bones(f"d{text}", RandomDice(1))
    with pytest.raises(ParseError):
        Modifier.parse(f"+{text}")


@pytest.mark.parametrize(
    "expression",
    [
        "99999999999999999999",
        "1d99999999999999999999",
        "1d20+99999999999999999999",
        "999999999*999999999*999999999",
        "1/0",
        "1d20/0",
        "(2d6)%(1-1)",
    ],
)
def test_rolls_whose_totals_cannot_be_kept_are_refused(expression: str) -> None:
    with pytest.raises(RulesError):
        C.roll_expression(expression, RandomDice(1))


async def test_hostile_companion_commands_answer_privately(table: Harness) -> None:
    for expression in ("99999999999999999999", "1d99999999999999999999", "1/0"):
        r = await table.slash(ALICE, "roll", expression=expression)
        assert r.ephemeral, r.content
    r = await table.slash(ALICE, "roll", piece="queen", modifier="+" + "9" * 30)
    assert r.ephemeral and "not a modifier" in r.content
    r = await table.slash(ALICE, "bones roll", pool="d" + "9" * 5000)
    assert r.ephemeral
    r = await table.slash(ALICE, "tarot card", name="²")
    assert r.ephemeral
    assert await table.autocomplete(ALICE, "tarot card", "name", name="²") is not None
    # Nothing that could not be stored was logged.
    rows = await service(table).store.rolls(CHANNEL_ID)
    assert rows == []


@pytest.mark.parametrize("modifier", ["+200", "-1000", "min500", "max-300"])
async def test_odds_with_extreme_modifiers_still_draw_the_chart(
    table: Harness, modifier: str
) -> None:
    r = await table.slash(
        ALICE, "odds", attacker="queen", defender="pawn", defender_modifier=modifier
    )
    assert not r.ephemeral and r.files, r.content


# ---- at the same moment ----
async def test_two_challenges_at_once_in_one_channel(dbs: Any) -> None:
    store = await dbs.store("race")
    await store.open()
    svc = GameService(store, dice=lambda: RandomDice(1), render=False)
    answers = await asyncio.gather(svc.challenge(1, 10, 100, 200), svc.challenge(1, 10, 300, 400))
    assert sorted(a.ok for a in answers) == [False, True]
    refused = next(a for a in answers if not a.ok)
    assert refused.ephemeral and "already has a game" in refused.text
    await store.close()


async def test_two_challenges_at_once_through_discord(table: Harness) -> None:
    for user, other in ((ALICE, BOB), (CAROL, BOB)):
        table.feed(table.slash_payload(user, "game new", users={"opponent": other}))
    await table.settle()
    replies = [s for s in table.sent if s.kind == "response"]
    assert len(replies) == 2 and sorted(r.ephemeral for r in replies) == [False, True]


async def test_a_double_tapped_accept_opens_one_thread(table: Harness) -> None:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    payload = table.click_payload(BOB, sent, sent.button("Accept"))
    table.feed(payload)
    table.feed(table.click_payload(BOB, sent, sent.button("Accept")))
    await table.settle()
    assert len(table.threads) == 1
    replies = [s for s in table.sent if s.kind == "response" and s.channel_id == CHANNEL_ID]
    assert sum(not r.ephemeral for r in replies) == 1  # the challenge, edited once accepted
    assert sent.edits == 1 and "Accepted" in sent.content
    refusals = [s for s in table.sent if s.ephemeral and "no longer open" in s.content]
    assert len(refusals) == 1


# ---- the service saves only the stored game plus new steps ----
async def test_a_state_that_does_not_extend_the_stored_game_is_never_saved(
    table: Harness,
) -> None:
    channel = await start_game(table)
    svc = service(table)
    row, state = await svc.current(channel)
    unrelated = svc.plugin(row).rules.new_game({})
    events_before = await svc.store.events(row.id)
    with pytest.raises(RuntimeError, match="does not extend"):
        await svc._save(row, state, unrelated, ALICE)
    fresh = await svc.store.game(row.id)
    assert fresh is not None and fresh.version == row.version
    assert await svc.store.events(row.id) == events_before


# ---- a decision can always be answered ----
async def _second_move_pending(table: Harness) -> tuple[int, Any, Any]:
    """A game where the deciding player's Pawn has Moved once and may Move again (or
    decline): a decision answered by buttons."""
    from tests.test_discord_game import _play_until_activation

    channel = await start_game(table)
    await _play_until_activation(table, channel)
    svc = service(table)
    for _ in range(10):  # Activate fresh Pawns until one may Move again
        row, state = await svc.current(channel)
        user = svc.user_of(row, state.decider)
        fresh = [p for p in activatable(state)[0] if p.label.startswith("P")]
        pawn = next(p for p in fresh if destinations(state, p))
        square = sorted(str(s) for s in destinations(state, pawn))[0]
        r = await table.slash(user, "move", channel=channel, piece=pawn.label, square=square)
        assert "Moves" in r.content, r.content
        row, state = await svc.current(channel)
        if state.pending is not None and state.pending.decision is Decision.SECOND_MOVE:
            return channel, row, state
    raise AssertionError("no Pawn could Move")


async def test_a_refused_undo_brings_the_decision_buttons_back(table: Harness) -> None:
    channel, row, state = await _second_move_pending(table)
    svc = service(table)
    decider = svc.user_of(row, state.decider)
    other = svc.user_of(row, state.decider.other)
    live = table.live_message(channel)
    asked = await table.slash(other, "game undo", channel=channel)
    assert not asked.ephemeral and asked.button("Refuse")
    # Asking to undo does not change the game: the live message's buttons stay current.
    refused = await table.click(decider, asked, asked.button("Refuse"))
    assert refused is asked and "declined the undo" in asked.content and not asked.custom_ids()
    answered = await table.click(decider, live, live.button("Decline"))
    assert answered is live and not answered.ephemeral, answered.content
    _, after = await svc.current(channel)
    assert after.pending is None and len(after.history) == len(state.history) + 1


async def test_the_board_and_slash_commands_reach_a_pending_decision(table: Harness) -> None:
    channel, row, state = await _second_move_pending(table)
    svc = service(table)
    decider = svc.user_of(row, state.decider)
    board = await table.slash(decider, "game board", channel=channel)
    assert board.ephemeral and board.button("Decline")
    r = await table.slash(decider, "decline", channel=channel)
    assert "declines" in r.content.lower() or not r.ephemeral, r.content
    _, after = await svc.current(channel)
    assert after.pending is None and len(after.history) == len(state.history) + 1
    for command, options in (
        ("token", {"choice": "spend"}),
        ("promote", {"piece": "Q1"}),
        ("castle", {"piece": "N1"}),
        ("combat", {"piece": "N1", "square": "e4"}),
        ("aside", {"square": "e4"}),
        ("decline", {}),
    ):  # not the decision now: refused privately, nothing changes
        for user in (ALICE, BOB):
            r = await table.slash(user, command, channel=channel, **options)
            assert r.ephemeral and r.content, (command, r.content)
    _, still = await svc.current(channel)
    assert still.history == after.history


# ---- memory that shrinks, and durable acknowledgements ----
async def test_ended_games_and_forged_ids_leave_nothing_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot import service as S
    from tests.helpers import command

    monkeypatch.setattr(S, "CACHE_GAMES", 5)
    store = Store(tmp_path / "mem.sqlite3")
    await store.open()
    svc = GameService(store, dice=lambda: RandomDice(2), render=False)
    for i in range(8):  # eight games, each played a little, then conceded
        channel = 100 + i
        ans = await svc.challenge(1, channel, 1, 2)
        await svc.answer_challenge(ans.game_id or 0, 2, True)
        await svc.set_team(channel, 1, "K Q R 2N 3P")
        await svc.set_team(channel, 2, "K 2B 2N J 2P")
        for text in ("trees", "trees mirror", "deploy auto", "deploy auto"):
            row, state = await svc.current(channel)
            assert (await svc.execute(channel, svc.user_of(row, state.decider), command(text))).ok
        assert len(svc._cache) <= 5  # live games: the least recently saved leave past the bound
    row, state = await svc.current(100)  # an evicted live game loads again from the store
    assert state is not None and state.phase.value == "play"
    for i in range(8):
        assert (await svc.concede(100 + i, 1)).ok
    assert svc._cache == {} and len(svc._locks) == 0
    for game_id in (10**6, 2**62):  # clicks on ids that were never games
        assert not (await svc.choose(game_id, 0, 1, 0)).ok
        assert not (await svc.answer_undo(game_id, 0, 1, True)).ok
    assert len(svc._locks) == 0
    await store.close()


async def test_a_commit_is_on_disk_before_the_answer(tmp_path: Path) -> None:
    store = Store(tmp_path / "sync.sqlite3")
    await store.open()
    async with store.conn.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 2  # FULL
    await store.close()


# ---- forged values: every option checked against its declared type before any code runs ----
async def test_option_values_of_the_wrong_type_are_refused_by_the_tree(table: Harness) -> None:
    from tests.test_discord_forged import forged_slash

    for name, options in (
        ("odds", {"attacker": "king", "defender": "₃"}),
        ("roll", {"piece": "²"}),
        ("roll", {"expression": 2**63}),
        ("cards draw", {"count": 1.5}),
        ("rolls history", {"count": 10**30}),
        ("tarot card", {"name": 7}),
        ("bones roll", {"pool": ["d4"]}),
        ("help", {"system": 21}),
        ("rules", {"topic": None}),
        ("deploy", {"piece": 10**30}),
        ("game new", {"system": "chess28" * 1000}),
    ):
        r = await forged_slash(table, ALICE, name, CHANNEL_ID, **options)
        assert r.ephemeral and "not valid" in r.content, (name, r.content)
        assert len(r.content) <= 2000


async def test_a_click_no_button_of_ours_has_is_answered(table: Harness) -> None:
    from tests.test_discord_forged import message_with

    for custom_id in ("garbage", "wg:c:-1:0:0", "wg:zz:1"):
        msg = message_with(CHANNEL_ID, custom_id)
        got = await table._feed(table.click_payload(BOB, msg, custom_id))
        replies = [s for s in got if s.kind == "response"]
        assert len(replies) == 1 and replies[0].ephemeral and "not valid" in replies[0].content


async def test_autocomplete_with_a_number_not_typed_yet_still_answers(table: Harness) -> None:
    from tests.test_discord_game import _play_until_activation

    channel = await start_game(table)
    await _play_until_activation(table, channel)
    payload = table._base(
        4,
        table.command_data("adjust tokens", {"piece": "P", "count": ""}, focused="piece"),
        ALICE,
        channel,
    )
    got = await table._feed(payload)
    answers = [s for s in got if s.kind == "autocomplete"]
    assert answers and answers[-1].choices, "Discord sends '' for an untyped number option"


async def test_a_refused_undo_of_a_game_not_in_memory_still_brings_the_buttons(
    table: Harness,
) -> None:
    channel, row, state = await _second_move_pending(table)
    svc = service(table)
    decider = svc.user_of(row, state.decider)
    live = table.live_message(channel)
    asked = await table.slash(svc.user_of(row, state.decider.other), "game undo", channel=channel)
    svc._cache.clear()  # as after a restart
    await table.click(decider, asked, asked.button("Refuse"))
    answered = await table.click(decider, live, live.button("Decline"))
    assert answered is live and not answered.ephemeral, answered.content


async def test_an_error_in_a_button_gets_the_same_friendly_answer(
    table: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    channel = await start_game(table)
    svc = service(table)
    last = next(s for s in reversed(table.sent) if s.custom_ids() and s.channel_id == channel)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(svc, "choose", broken)
    r = await table.click(ALICE, last, last.custom_ids()[0])
    assert r.ephemeral and "Something went wrong on my side; nothing was changed" in r.content
    assert [rec.getMessage() for rec in table.errors] == ["button ChoiceButton failed"]
    table.errors.clear()  # the one error this test caused on purpose


async def test_a_fault_after_the_action_is_saved_says_it_was_applied(
    table: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The action is saved, then showing it fails: the player is told it was applied, never
    that nothing was changed (and trying again would find the choice gone)."""
    import cogs.views as views

    channel = await start_game(table)
    svc = service(table)
    row, _ = await svc.current(channel)
    last = next(s for s in reversed(table.sent) if s.custom_ids() and s.channel_id == channel)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("showing failed")

    monkeypatch.setattr(views, "_publish", broken)
    r = await table.click(ALICE, last, last.custom_ids()[0])
    assert r.ephemeral and r.content.startswith("Your action was applied, but"), r.content
    assert "`/game board` shows the game" in r.content and "nothing was changed" not in r.content
    after, _ = await svc.current(channel)
    assert after.version == row.version + 1  # applied once
    table.errors.clear()  # the one error this test caused on purpose


# ---- quiet pings (issue 12) ----
async def test_pings_go_only_to_a_player_the_decision_passes_to(table: Harness) -> None:
    channel, row, state = await _second_move_pending(table)
    svc = service(table)
    mover = svc.user_of(row, state.decider)
    other = svc.user_of(row, state.decider.other)
    own_follow_up = table.sent[-1]
    assert own_follow_up.ephemeral and own_follow_up.pinged == []  # the mover decides again
    live = table.live_message(channel)
    before = len(table.sent)
    passed = await table.click(mover, live, live.button("Decline"))
    assert passed is live  # edited in place (an edit notifies nobody)
    logs = [m for m in table.sent[before:] if not m.ephemeral]
    assert len(logs) == 1 and logs[0].pinged == [other]  # the decision passed: one log line
    assert f"<@{other}>, it is your decision" in logs[0].content


# ---- a change of status races another: one of them, never both ----
async def test_calling_a_game_off_as_it_is_accepted_does_not_end_it_too(table: Harness) -> None:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="d20-chess")
    ask = await table.slash(ALICE, "game concede")
    table.feed(table.click_payload(BOB, sent, sent.button("Accept")))  # d20: starts at once
    table.feed(table.click_payload(ALICE, ask, ask.custom_ids()[0]))
    await table.settle()
    row = await table.bot.service.store.game(1)  # type: ignore[attr-defined]
    assert row is not None
    called_off = [s for s in table.sent if "called the game off" in s.content]
    if row.status == "live":  # the acceptance came first: the call-off is refused
        assert called_off == []
        refusal = [s for s in table.sent if "has started or ended meanwhile" in s.content]
        assert len(refusal) == 1 and refusal[0].ephemeral
    else:  # the call-off came first: the acceptance is refused, nothing starts
        assert row.status == "over" and not row.started and len(called_off) == 1


async def test_two_call_offs_end_the_game_once(table: Harness) -> None:
    await table.slash(ALICE, "game new", users={"opponent": BOB}, system="d20-chess")
    asks = [await table.slash(user, "game concede") for user in (ALICE, BOB)]
    for user, ask in zip((ALICE, BOB), asks, strict=True):
        table.feed(table.click_payload(user, ask, ask.custom_ids()[0]))
    await table.settle()
    said = [s for s in table.sent if "called the game off" in s.content]
    assert len(said) == 1 and not said[0].ephemeral
    row = await table.bot.service.store.game(1)  # type: ignore[attr-defined]
    assert row is not None and row.status == "over" and row.version == 1  # one write


async def test_a_moderator_cannot_end_a_game_that_just_ended(dbs: Any) -> None:
    store = await dbs.store("end")
    await store.open()
    svc = GameService(store, dice=lambda: RandomDice(1), render=False)
    ans = await svc.challenge(5, 77, 1, 2, system="d20-chess")
    await svc.answer_challenge(ans.game_id or 0, 2, True)
    row = await store.live_game(77)
    assert row is not None and row.status == "live"
    async with svc.lock(row.id):  # the concession is in first, the moderator's end waits
        first = asyncio.create_task(svc.concede(77, 1, game_id=row.id))
        await asyncio.sleep(0.05)
        second = asyncio.create_task(svc.end_by_moderator(77, 3))
        await asyncio.sleep(0.05)
    conceded, ended = await first, await second
    assert conceded.ok and not ended.ok and "already over" in ended.text, ended.text
    after = await store.game(row.id)
    assert after is not None and after.status == "over" and "ended_by" not in after.meta
    await store.close()


async def test_the_live_message_ends_on_the_newest_action_whatever_order_edits_land(
    table: Harness, monkeypatch: Any
) -> None:
    """Two actions in quick succession: the first one's edit of the live message is slow (the
    network, a rate limit) and would land after the second's, leaving the older board and
    stale buttons up."""
    from tests.test_discord_forged import message_with

    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="d20-chess")
    await table.click(BOB, sent, sent.button("Accept"))  # d20 explorer chess starts at once
    channel = table.threads[-1]
    svc = service(table)
    row, _ = await svc.current(channel)
    real = table.http_request
    slow = [1]

    async def http(route: Any, **kw: Any) -> Any:
        if route.method == "PATCH" and "messages/{message_id}" in route.path and slow[0]:
            slow[0] = 0
            await asyncio.sleep(0.3)
        return await real(route, **kw)

    monkeypatch.setattr(table, "http_request", http)
    for user, version in ((ALICE, row.version), (BOB, row.version + 1)):
        msg = message_with(channel, f"wg:c:{row.id}:{version}:0")
        table.feed(table.click_payload(user, msg, msg.custom_ids()[0]))
        await asyncio.sleep(0.05)
    await table.settle()
    after, _ = await svc.current(channel)
    assert after.version == row.version + 2  # both actions applied
    ids = table.messages[after.message_id].custom_ids()
    assert any(f":{after.version}:" in c or c.endswith(f":{after.version}") for c in ids), ids
    assert not any(f":{after.version - 1}:" in c for c in ids), ids

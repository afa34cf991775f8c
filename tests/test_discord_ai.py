"""Practice against the AI through discord.py's real dispatch (issue 17): `/game new` with the
bot as the opponent starts at once; each human action is answered by the AI's, shown on the one
live message; hints for the player who decides; a restart during the AI's turn resumes it."""

from __future__ import annotations

import random
from typing import Any

from tests.conftest import ALICE, BOB
from tests.discord_harness import BOT_ID, CHANNEL_ID, Harness

W_SEAT = 0  # White


async def _state(table: Harness) -> tuple[Any, Any]:
    svc = table.bot.service  # type: ignore[attr-defined]
    return await svc.current(CHANNEL_ID)


async def _human_move(table: Harness, rng: random.Random) -> Any:
    """A player's decision through the live message's select menu or buttons."""
    live = table.live_message(CHANNEL_ID)
    select = live.select()
    if select is not None and live.custom_ids():
        pick = rng.choice(select["options"])
        return await table.click(ALICE, live, select["custom_id"], [pick["value"]])
    _, cid = rng.choice(live.buttons())
    return await table.click(ALICE, live, cid)


async def test_practice_game_against_the_ai(table: Harness) -> None:
    r = await table.slash(
        ALICE,
        "game new",
        users={"opponent": BOT_ID},
        system="d20-chess",
        level="easy",
        hints=True,
    )
    assert not r.ephemeral and "Practice game" in r.content, r.content
    assert table.live_message(CHANNEL_ID) is r
    row, state = await _state(table)
    assert row.black_id == BOT_ID and row.meta["ai"]["level"] == "easy"

    hint = await table.slash(ALICE, "game hint")
    assert hint.ephemeral and "Hint for White" in hint.content and "expected value" in hint.content
    nope = await table.slash(BOB, "game hint")
    assert nope.ephemeral and "only for the player who must decide" in nope.content

    svc = table.bot.service  # type: ignore[attr-defined]
    played: list[Any] = []
    real_turn = svc.ai_turn

    async def counted(game_id: int) -> Any:
        ans = await real_turn(game_id)
        if ans is not None:
            played.append(ans)
        return ans

    svc.ai_turn = counted
    rng = random.Random(3)
    rules = svc.plugin(row).rules
    for _ in range(8):
        await _human_move(table, rng)
        row, state = await _state(table)
        if rules.result(state) is not None:
            break
        # the AI answered at once: White decides again, on the live message edited in place
        assert rules.decider(state).value == W_SEAT
        live = table.live_message(CHANNEL_ID)
        assert f"<@{ALICE}>, it is your decision" in live.content
    assert len(played) >= 3
    assert all(a.live and a.game_id == row.id for a in played)
    # one AI per game between its actions (it remembers its run of decisions)
    opponent = svc.opponent(row)
    assert svc.ai_player(row.id, opponent) is svc.ai_player(row.id, svc.opponent(row))
    assert svc.ai_player(row.id + 1, opponent) is not svc.ai_player(row.id, opponent)
    # every action in the log, the AI's included, replays as legal
    assert rules.loads(rules.dumps(state)) == state


async def test_a_restart_during_the_ai_turn_resumes_it(monkeypatch: Any, tmp_path: Any) -> None:
    from tests.conftest import start_bot, stop_bot

    db = tmp_path / "game.sqlite3"
    bot, table = await start_bot(monkeypatch, db)
    try:
        await table.slash(
            ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
        )

        async def crash(game_id: int) -> None:  # the process dies before the AI plays
            return None

        monkeypatch.setattr(bot.service, "ai_turn", crash)
        await _human_move(table, random.Random(1))
        row, state = await _state(table)
        assert state.to_act.value != W_SEAT  # the AI's turn, not played
        waiting = len(state.history)
    finally:
        await stop_bot(bot, table)
        monkeypatch.undo()

    bot2, table2 = await start_bot(monkeypatch, db, seed=4)
    try:
        table2.messages = table.messages  # the channel's messages outlive the process
        bot2.dispatch("ready")
        await table2.settle()
        row, state = await _state(table2)
        assert len(state.history) > waiting
        assert state.to_act.value == W_SEAT  # the AI played on start-up
        edited = table2.messages[row.message_id]
        assert "it is your decision" in edited.content
    finally:
        await stop_bot(bot2, table2)
    assert table2.errors == [] and table2.violations == []


async def test_practice_card_game_keeps_the_ai_hand_secret(table: Harness) -> None:
    """In a game with secrets the AI's hand never reaches the human, publicly or privately."""
    r = await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="card-game", level="easy"
    )
    assert not r.ephemeral and "Practice game" in r.content, r.content
    svc = table.bot.service  # type: ignore[attr-defined]
    rng = random.Random(2)
    ai_actions = 0
    for _ in range(30):
        row, state = await _state(table)
        rules = svc.plugin(row).rules
        if rules.result(state) is not None:
            break
        if rules.decider(state).value == W_SEAT:
            n = len(rules.legal_actions(state))
            ans = await svc.choose(row.id, row.version, ALICE, rng.randrange(n))
            assert ans.ok, ans.text
        ai = await svc.ai_turn(row.id)
        while ai is not None:
            ai_actions += 1
            assert ai.private == ""
            ai = await svc.ai_turn(row.id)
    assert ai_actions >= 3
    for sent in table.sent:
        assert "(Black," not in (sent.content or ""), sent.content

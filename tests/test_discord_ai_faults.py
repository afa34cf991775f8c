"""Practice against the AI through discord.py's real dispatch (issue 17), when something
fails: the AI's search or evaluation raises, the store fails to save a start or an AI action,
or an action is saved but not shown. The person is never left waiting and nothing is played
twice."""

from __future__ import annotations

import random
from typing import Any

from tests.conftest import ALICE
from tests.discord_harness import BOT_ID, CHANNEL_ID, Harness
from tests.test_discord_ai import W_SEAT, _human_move, _pick, _state


async def test_a_fault_in_the_ai_search_does_not_leave_the_person_waiting(
    table: Harness, monkeypatch: Any
) -> None:
    from rules.ai.players import AIPlayer

    def broken(self: Any, system: Any, state: Any) -> Any:
        raise RuntimeError("search fault")

    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
    )
    monkeypatch.setattr(AIPlayer, "act", broken)
    await _human_move(table, random.Random(1))
    row, state = await _state(table)
    rules = table.bot.service.plugin(row).rules  # type: ignore[attr-defined]
    assert rules.decider(state).value == W_SEAT and len(rules.history(state)) == 2
    assert "it is your decision" in table.live_message(CHANNEL_ID).content
    faults = [r.getMessage() for r in table.errors]
    assert len(faults) == 2, faults  # logged: the search, then the greedy fallback, failed
    assert "failed to search" in faults[0] and "failed too" in faults[1], faults
    table.errors.clear()


async def test_a_fault_in_the_full_evaluation_falls_back_to_the_greedy_choice(
    table: Harness, monkeypatch: Any
) -> None:
    import bot.practice as practice
    from rules.d20_chess.system import D20Chess

    def broken(self: Any, state: Any, player: Any) -> float:
        raise RuntimeError("evaluation fault")

    chosen: list[Any] = []

    def watched(seed: int = 0) -> Any:
        player = greedy(seed)
        act = player.act

        def recorded(system: Any, state: Any) -> Any:
            chosen.append(act(system, state))
            return chosen[-1]

        player.act = recorded  # type: ignore[method-assign]
        return player

    greedy = practice.greedy_player
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="hard"
    )
    monkeypatch.setattr(D20Chess, "evaluate", broken)
    monkeypatch.setattr(practice, "greedy_player", watched)
    await _human_move(table, random.Random(1))
    row, state = await _state(table)
    rules = table.bot.service.plugin(row).rules  # type: ignore[attr-defined]
    assert rules.decider(state).value == W_SEAT and len(rules.history(state)) == 2
    assert len(chosen) == 1 and rules.history(state)[-1].action == chosen[0]
    faults = [r.getMessage() for r in table.errors]
    assert len(faults) == 1 and "it plays greedily" in faults[0], faults
    table.errors.clear()


async def test_a_practice_game_whose_start_fails_does_not_hold_the_channel(
    table: Harness, monkeypatch: Any
) -> None:
    svc = table.bot.service  # type: ignore[attr-defined]
    real = svc.store.save_game
    calls = [0]

    async def save(row: Any, **kw: Any) -> Any:
        calls[0] += 1
        if calls[0] == 1:  # the start's save
            raise RuntimeError("database is locked")
        return await real(row, **kw)

    monkeypatch.setattr(svc.store, "save_game", save)
    r = await table.slash(ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess")
    assert r.ephemeral and "nothing was changed" in r.content, r.content
    assert await svc.store.live_game(CHANNEL_ID) is None  # nothing half-made holds the channel
    table.errors.clear()
    r = await table.slash(ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess")
    assert not r.ephemeral and "Practice game" in r.content, r.content


async def _practice_with_quick_retries(table: Harness, monkeypatch: Any) -> tuple[Any, ...]:
    """A practice game of d20 explorer chess, the person to decide, the AI's retries quick:
    cogs.views, the service, the game's row and state, and its rules."""
    import cogs.views as views

    monkeypatch.setattr(views, "AI_RETRIES", (0.01, 0.01))
    svc = table.bot.service  # type: ignore[attr-defined]
    await table.slash(ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess")
    row, before = await _state(table)
    return views, svc, row, before, svc.plugin(row).rules


async def test_the_ai_tries_again_when_its_action_fails_to_save(
    table: Harness, monkeypatch: Any
) -> None:
    views, svc, row, before, rules = await _practice_with_quick_retries(table, monkeypatch)
    real_turn = svc.ai_turn
    tries = [0]

    async def flaky(game_id: int, **pace: Any) -> Any:
        tries[0] += 1
        if tries[0] == 1:
            raise RuntimeError("database is locked")
        return await real_turn(game_id, **pace)

    svc.ai_turn = flaky
    await _pick(table, random.Random(4), row, before, rules)
    row, after = await _state(table)
    assert tries[0] >= 2 and len(rules.history(after)) >= len(rules.history(before)) + 2
    assert not any(views.AI_FAILED in s.content for s in table.sent)
    assert len(table.errors) == 1 and "failed" in table.errors[0].getMessage()  # logged
    table.errors.clear()
    svc.ai_turn = real_turn


async def test_an_ai_action_that_keeps_failing_is_said_and_undo_plays_on(
    table: Harness, monkeypatch: Any
) -> None:
    views, svc, row, before, rules = await _practice_with_quick_retries(table, monkeypatch)
    real_turn = svc.ai_turn

    async def broken(game_id: int, **pace: Any) -> Any:
        raise RuntimeError("database is locked")

    svc.ai_turn = broken
    await _pick(table, random.Random(4), row, before, rules)
    said = [s for s in table.sent if views.AI_FAILED in s.content]
    assert len(said) == 1 and said[0].ephemeral
    assert not any("nothing was changed" in s.content for s in table.sent)
    row, waiting = await _state(table)
    assert len(rules.history(waiting)) == len(rules.history(before)) + 1  # the person's stands
    assert len(table.errors) == 3  # each try logged
    table.errors.clear()
    svc.ai_turn = real_turn
    r = await table.slash(ALICE, "game undo")
    assert "Undid:" in r.content, r.content
    row, back = await _state(table)
    assert len(rules.history(back)) == len(rules.history(before))


async def test_an_ai_action_saved_then_failing_to_show_is_not_played_twice(
    table: Harness, monkeypatch: Any
) -> None:
    views, svc, row, before, rules = await _practice_with_quick_retries(table, monkeypatch)
    real_answer = svc._answer

    async def answer(*args: Any, **kw: Any) -> Any:
        if kw.get("actor") == BOT_ID:  # the AI's action is saved, then its answer fails
            raise RuntimeError("database is locked")
        return await real_answer(*args, **kw)

    monkeypatch.setattr(svc, "_answer", answer)
    await _pick(table, random.Random(4), row, before, rules)
    row, after = await _state(table)
    assert len(rules.history(after)) == len(rules.history(before)) + 2  # the AI's, once
    said = [s for s in table.sent if views.AI_NOT_SHOWN in s.content]
    assert len(said) == 1 and said[0].ephemeral
    assert not any(views.AI_FAILED in s.content for s in table.sent)
    assert len(table.errors) == 1  # logged once, not tried again
    table.errors.clear()

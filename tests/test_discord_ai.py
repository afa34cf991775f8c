"""Practice against the AI through discord.py's real dispatch (issue 17): `/game new` with the
bot as the opponent starts at once; each human action is answered by the AI's, shown on the one
live message; hints for the player who decides; a restart during the AI's turn resumes it."""

from __future__ import annotations

import asyncio
import itertools
import random
from typing import Any

import pytest

from bot import systems
from tests.conftest import ALICE, BOB
from tests.discord_harness import BOT_ID, CHANNEL_ID, Harness

W_SEAT = 0  # White


async def _state(table: Harness) -> tuple[Any, Any]:
    """The channel's game and its state: the live one, else the last one that ended there (so
    a test may see a game end)."""
    svc = table.bot.service  # type: ignore[attr-defined]
    now = await svc.current(CHANNEL_ID)
    if now is not None:
        return now  # type: ignore[no-any-return]
    row = await svc.store.last_finished_game(CHANNEL_ID)
    assert row is not None, "no game in the channel, live or ended"
    return row, await svc.state_of(row)


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

    async def counted(game_id: int, **pace: Any) -> Any:
        ans = await real_turn(game_id, **pace)
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


async def _stopped_on_the_ai_turn(monkeypatch: Any, db: Any) -> tuple[Harness, int]:
    """A practice game of d20 explorer chess whose process stops after the person's first move,
    before the AI plays: its harness (the channel's messages) and the log's length then."""
    from tests.conftest import start_bot, stop_bot

    bot, table = await start_bot(monkeypatch, db)
    try:
        await table.slash(
            ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
        )

        async def crash(game_id: int, **pace: Any) -> None:  # the process dies before the AI plays
            return None

        monkeypatch.setattr(bot.service, "ai_turn", crash)
        await _human_move(table, random.Random(1))
        _, state = await _state(table)
        assert state.to_act.value != W_SEAT  # the AI's turn, not played
        waiting = len(state.history)
    finally:
        await stop_bot(bot, table)
        monkeypatch.undo()
    return table, waiting


async def _restarted(monkeypatch: Any, db: Any, before: Harness) -> tuple[Any, Harness]:
    """The bot started again on the same database; the start-up's work (the AI's turn) done."""
    from tests.conftest import start_bot

    bot, table = await start_bot(monkeypatch, db, seed=4)
    table.messages = before.messages  # the channel's messages outlive the process
    bot.dispatch("ready")
    await table.settle()
    return bot, table


async def test_a_restart_during_the_ai_turn_resumes_it(monkeypatch: Any, tmp_path: Any) -> None:
    from tests.conftest import stop_bot

    db = tmp_path / "game.sqlite3"
    table, waiting = await _stopped_on_the_ai_turn(monkeypatch, db)
    bot2, table2 = await _restarted(monkeypatch, db, table)
    try:
        row, state = await _state(table2)
        assert len(state.history) > waiting
        assert state.to_act.value == W_SEAT  # the AI played on start-up
        edited = table2.messages[row.message_id]
        assert "it is your decision" in edited.content
        looked = []
        real_resume = bot2.service.resume_ai

        async def resume(*args: Any) -> Any:
            looked.append(1)
            return await real_resume(*args)

        bot2.service.resume_ai = resume
        bot2.dispatch("ready")  # a reconnection: the AI's games are not resumed a second time
        await table2.settle()
        assert looked == []
    finally:
        await stop_bot(bot2, table2)
    assert table2.errors == [] and table2.violations == []


async def test_an_ai_action_saved_but_not_shown_is_shown_after_a_restart(
    monkeypatch: Any, tmp_path: Any
) -> None:
    """The process stops after saving the AI's action and before editing the live message:
    on start-up the live message is shown again, the person's decision with its buttons."""
    from tests.conftest import start_bot, stop_bot

    db = tmp_path / "game.sqlite3"
    bot, table = await start_bot(monkeypatch, db)
    try:
        await table.slash(
            ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
        )
        real = bot.service.ai_turn

        async def dies_after_saving(game_id: int, **pace: Any) -> None:
            await real(game_id, **pace)  # saved...
            return None  # ...and the process stops before showing it

        monkeypatch.setattr(bot.service, "ai_turn", dies_after_saving)
        await _human_move(table, random.Random(1))
        row, state = await _state(table)
        assert state.to_act.value == W_SEAT, "the AI's action was saved"
        stale = table.messages[row.message_id]
        assert "it is your decision" not in stale.content.split("\n")[-1] or not stale.buttons()
    finally:
        await stop_bot(bot, table)
        monkeypatch.undo()
    bot2, table2 = await _restarted(monkeypatch, db, table)
    try:
        row2, _ = await _state(table2)
        shown = table2.messages[row2.message_id]
        assert "it is your decision" in shown.content, shown.content
        assert shown.buttons() or shown.select(), "the person's decision has its buttons"
    finally:
        await stop_bot(bot2, table2)
    assert table2.errors == [] and table2.violations == []


async def test_only_the_process_running_its_server_resumes_the_ai_turn(
    monkeypatch: Any, tmp_path: Any
) -> None:
    """With several shard processes over one database, a process that does not run the game's
    server leaves the AI's turn alone (it could not show it); the one that does plays it."""
    from bot.settings import Settings
    from tests.conftest import stop_bot
    from tests.discord_harness import GUILD_ID

    db = tmp_path / "game.sqlite3"
    table, waiting = await _stopped_on_the_ai_turn(monkeypatch, db)
    owner = (GUILD_ID >> 22) % 2
    other = Settings(token=None, database_path=db, shard_count=2, shard_ids=(1 - owner,))
    bot2, table2 = await _restarted(monkeypatch, other, table)
    try:
        _, state = await _state(table2)
        assert len(state.history) == waiting, "the other shard's process did not play it"
    finally:
        await stop_bot(bot2, table2)
        monkeypatch.undo()
    mine = Settings(token=None, database_path=db, shard_count=2, shard_ids=(owner,))
    bot3, table3 = await _restarted(monkeypatch, mine, table)
    try:
        _, state = await _state(table3)
        assert len(state.history) > waiting and state.to_act.value == W_SEAT
    finally:
        await stop_bot(bot3, table3)
    assert table3.errors == [] and table3.violations == []


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


async def _choose(table: Harness, rng: random.Random) -> None:
    """A player's decision through the real dispatch: the live message's menu or buttons, and
    in a game with secrets the private choices one of its buttons opens."""
    r = await _human_move(table, rng)
    if r is None or not r.ephemeral:
        return
    select = r.select()
    if select is not None:
        pick = rng.choice(select["options"])
        await table.click(ALICE, r, select["custom_id"], [pick["value"]])
    elif r.buttons():
        _, cid = rng.choice(r.buttons())
        await table.click(ALICE, r, cid)


async def test_the_ai_decisions_are_never_sent_to_the_person(table: Harness) -> None:
    """The AI's actions ride on the person's interaction: none of its decisions (in the card
    game its menu names cards in its hand) is sent to the person, privately or publicly."""
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="card-game", level="easy"
    )
    svc = table.bot.service  # type: ignore[attr-defined]
    rng = random.Random(5)
    ai_actions = 0
    real_turn = svc.ai_turn

    async def counted(game_id: int, **pace: Any) -> Any:
        nonlocal ai_actions
        ans = await real_turn(game_id, **pace)
        ai_actions += ans is not None
        return ans

    svc.ai_turn = counted
    privately = 0
    for _ in range(8):
        before = len(table.sent)
        await _choose(table, rng)
        for sent in table.sent[before:]:
            if sent.ephemeral:  # to the person alone: never the AI's decision or its menu
                assert "Black decides" not in sent.content, sent.content
                assert "Practice game:" not in sent.content  # (the live message says it)
                privately += 1
                assert not (sent.custom_ids() and sent.content.startswith("Black")), sent
            assert "(Black," not in sent.content and "Black's hand" not in sent.content
        row, state = await _state(table)
        if svc.plugin(row).rules.result(state) is not None:
            break
    assert ai_actions >= 5 and privately >= 3
    assert table.errors == [] and table.violations == []


async def test_a_practice_rematch_is_another_practice_game(table: Harness) -> None:
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="hard", hints=True
    )
    ask = await table.slash(ALICE, "game concede")
    await table.click(ALICE, ask, ask.custom_ids()[0])
    offers = [s for s in table.sent if any(c.startswith("wg:r:") for c in s.custom_ids())]
    assert offers, "no Rematch button"
    r = await table.click(ALICE, offers[-1], offers[-1].custom_ids()[0])
    assert not r.ephemeral and "Practice game" in r.content, r.content
    row, _ = await _state(table)
    assert row.status == "live" and row.black_id == BOT_ID
    assert row.meta["ai"] == {"seats": ["Black"], "level": "hard", "hints": True}
    assert table.errors == [] and table.violations == []


async def test_undo_in_a_practice_game_takes_back_the_ai_replies_too(table: Harness) -> None:
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
    )
    svc = table.bot.service  # type: ignore[attr-defined]
    row, state = await _state(table)
    rules = svc.plugin(row).rules
    before = rules.dumps(state)
    await _human_move(table, random.Random(1))
    row, undone = await _state(table)
    took = len(rules.history(undone))
    assert took >= 2 and rules.decider(undone).value == W_SEAT  # the AI answered
    r = await table.slash(ALICE, "game undo")
    assert not r.ephemeral, r.content  # shown to all, like any change of the game
    row, state = await _state(table)
    assert rules.dumps(state) == before  # the person's action and the AI's reply undone
    assert rules.decider(state).value == W_SEAT and row.meta.get("undo") is None
    said = " ".join(s.content for s in table.sent[-3:])
    told = [s for s in table.sent[-3:] if (s.content or "").startswith("Undid: ")]
    assert told and all(s.pinged == [] for s in told)  # the person is not pinged for her undo
    mine = svc.plugin(row).describe_action(state, rules.history(undone)[-took].action)
    n = took - 1
    assert f"Undid: {mine}." in said, said  # then what it did, then the AI's actions after it
    theirs = "action after it is" if n == 1 else f"{n} actions after it are"
    assert f"The AI's {theirs} taken back too." in said, said
    nothing = await table.slash(ALICE, "game undo")
    assert nothing.ephemeral and "nothing to undo" in nothing.content
    assert table.errors == [] and table.violations == []


async def test_no_undo_in_a_practice_game_with_secrets(table: Harness) -> None:
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="card-game", level="easy"
    )
    await _choose(table, random.Random(2))
    r = await table.slash(ALICE, "game undo")
    assert r.ephemeral and "no undo in a game with secrets" in r.content, r.content


async def test_the_ai_actions_are_shown_at_a_readable_pace(table: Harness) -> None:
    """At least ``ai_pace`` seconds between two of the AI's actions shown (its Tree setup and
    deployment, one edit of the live message each)."""
    svc = table.bot.service  # type: ignore[attr-defined]
    svc.ai_pace = 0.15
    stamps = _stamp_edits(table)
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="wargame-chess", level="easy"
    )
    await _human_move(table, random.Random(1))  # White's Trees: the AI then sets up its own
    gaps = [b - a for a, b in itertools.pairwise(stamps[1:])]
    assert len(gaps) >= 4, stamps
    assert min(gaps) >= 0.15, gaps


def _stamp_edits(table: Harness) -> list[float]:
    """The times at which the live message is edited (each shows an action), as they come."""
    import time

    stamps: list[float] = []
    real_edit = table._edit

    def edit(message_id: int, data: dict[str, Any], files: list[tuple[str, bytes]]) -> Any:
        stamps.append(time.monotonic())
        return real_edit(message_id, data, files)

    table._edit = edit  # type: ignore[method-assign]
    return stamps


async def _reply_gaps(
    table: Harness, monkeypatch: Any, rng: random.Random, tries: int = 1
) -> list[float]:
    """For an AI whose search takes 0.0 s, then 0.3 s (one legal choice, say, then a card to
    weigh), the time from the person's action shown to the AI's reply shown. The person acts
    up to ``tries`` times until the AI replies."""
    import time

    from rules.ai.players import AIPlayer

    svc = table.bot.service  # type: ignore[attr-defined]
    stamps = _stamp_edits(table)
    gaps = []
    for think in (0.0, 0.3):

        def act(self: Any, system: Any, state: Any, think: float = think) -> Any:
            time.sleep(think)  # a search of known length (in the search's thread)
            return system.legal_actions(state)[0]

        monkeypatch.setattr(AIPlayer, "act", act)
        for _ in range(tries):
            row, before = await _state(table)
            stamps.clear()
            await _pick(table, rng, row, before, svc.plugin(row).rules)
            if len(stamps) >= 2:  # the person's action shown, then the AI's
                gaps.append(stamps[1] - stamps[0])
                break
        else:
            raise AssertionError("the AI never replied")
    return gaps


async def test_how_long_the_ai_thinks_does_not_show(table: Harness, monkeypatch: Any) -> None:
    """The AI's reply comes ``ai_pace`` after the person's action, the first one too, whether
    its search took no time (one legal choice, say: no card to answer with) or most of the
    pace: in a game with secrets its thinking time would tell what it holds."""
    svc = table.bot.service  # type: ignore[attr-defined]
    svc.ai_pace = 0.4
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
    )
    gaps = await _reply_gaps(table, monkeypatch, random.Random(3))
    assert min(gaps) >= 0.4, gaps  # the pace, the first reply too
    assert abs(gaps[1] - gaps[0]) < 0.15, gaps  # not the pace plus the search


async def test_in_a_game_with_secrets_the_ai_thinks_its_whole_time_bound(
    table: Harness, monkeypatch: Any
) -> None:
    """With no pace at all, an AI action in a game with secrets still comes no sooner than its
    level's time bound (and a margin) after it began to choose, whether its search took no
    time (one legal choice: no card to answer with) or most of the bound."""
    from bot.practice import THINK_MARGIN
    from rules.ai.players import LEVELS

    svc = table.bot.service  # type: ignore[attr-defined]
    svc.think_floor = True  # (the conftest turns it off for speed; ai_pace stays 0)
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="card-game", level="hard"
    )
    gaps = await _reply_gaps(table, monkeypatch, random.Random(5), tries=20)
    assert min(gaps) >= LEVELS["hard"].time_limit + THINK_MARGIN, gaps
    assert abs(gaps[1] - gaps[0]) < 0.15, gaps  # not the bound plus the search


def test_the_ai_pace_is_a_setting(monkeypatch: Any, tmp_path: Any) -> None:
    from bot.app import WargameBot
    from bot.settings import Settings

    assert Settings().ai_pace >= 1.0  # readable unless told otherwise
    monkeypatch.setenv("AI_PACE", "2.5")
    settings = Settings.from_env(None)
    assert settings.ai_pace == 2.5
    bot = WargameBot(Settings(token=None, database_path=tmp_path / "p.sqlite3", ai_pace=2.5))
    assert bot.service.ai_pace == 2.5
    for bad in ("-1", "soon", "61"):
        monkeypatch.setenv("AI_PACE", bad)
        with pytest.raises(ValueError, match="AI_PACE"):
            Settings.from_env(None)


async def _pick(table: Harness, rng: random.Random, row: Any, state: Any, rules: Any) -> None:
    """The person's choice among every legal action, as a click on a choice button of the live
    game's (one button per legal action; real dispatch, the message forged)."""
    from tests.test_discord_forged import message_with

    index = rng.randrange(len(rules.legal_actions(state)))
    msg = message_with(row.channel_id, f"wg:c:{row.id}:{row.version}:{index}")
    await table.click(ALICE, msg, msg.custom_ids()[0])


@pytest.mark.parametrize("system", list(systems.SYSTEMS))  # every registered system
async def test_a_whole_practice_game_with_a_restart_during_the_ai_turn(
    monkeypatch: Any, tmp_path: Any, system: str
) -> None:
    """Through the real dispatch, to the game's end: the person's choices, the AI's replies,
    and once a restart while the AI must decide (the new process plays its turn on
    start-up)."""
    from dataclasses import replace

    from rules.ai.players import LEVELS
    from tests.conftest import start_bot, stop_bot

    # node-bounded levels: quick, and the same game every run
    for name, settings in LEVELS.items():
        monkeypatch.setitem(LEVELS, name, replace(settings, max_nodes=40, time_limit=30.0))
    db = tmp_path / "whole.sqlite3"
    bot, table = await start_bot(monkeypatch, db)
    rng = random.Random(7)
    try:
        await table.slash(ALICE, "game new", users={"opponent": BOT_ID}, system=system)
        svc = bot.service
        row, state = await _state(table)
        rules = svc.plugin(row).rules
        for _ in range(3):
            await _pick(table, rng, row, state, rules)
            row, state = await _state(table)

        async def crash(game_id: int, **pace: Any) -> None:  # the process dies before the AI plays
            return None

        svc.ai_turn = crash
        while rules.decider(state).value == W_SEAT:
            await _pick(table, rng, row, state, rules)
            row, state = await _state(table)
        waiting = len(rules.history(state))
    finally:
        await stop_bot(bot, table)
    bot2, table2 = await start_bot(monkeypatch, db, seed=5)
    try:
        table2.messages = table.messages  # the channel's messages outlive the process
        bot2.dispatch("ready")
        await table2.settle()
        svc = bot2.service
        row, state = await _state(table2)
        assert len(rules.history(state)) > waiting  # the AI played its turn on start-up
        for _ in range(3000):
            if rules.result(state) is not None:
                break
            assert rules.decider(state).value == W_SEAT  # the AI has always answered
            await _pick(table2, rng, row, state, rules)
            row = await svc.store.game(row.id)  # (no longer the channel's once over)
            state = await svc.state_of(row)
        result = rules.result(state)
        assert result is not None, f"{system}: no result"
        assert result.text in " ".join(s.content for s in table2.sent[-4:])
        logs = [s.content for s in table2.sent[-4:] if "Game over." in (s.content or "")]
        assert logs and all(c.count(result.text) == 1 for c in logs), logs  # said once
        assert table2.errors == [] and table2.violations == []
    finally:
        await stop_bot(bot2, table2)


async def test_what_the_person_does_during_the_ai_pace_is_what_the_ai_finds(
    table: Harness, monkeypatch: Any
) -> None:
    """The AI waits for its pace before it decides, never between saving an action and showing
    it: a concession made meanwhile ends the game, and no decision of the AI's reappears."""
    import asyncio
    from dataclasses import replace

    from rules.ai.players import LEVELS

    for name, settings in LEVELS.items():
        monkeypatch.setitem(LEVELS, name, replace(settings, max_nodes=40, time_limit=30.0))
    svc = table.bot.service  # type: ignore[attr-defined]
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="wargame-chess", level="easy"
    )
    svc.ai_pace = 3.0
    played = asyncio.Event()
    real_turn = svc.ai_turn

    async def turn(game_id: int, **pace: Any) -> Any:
        ans = await real_turn(game_id, **pace)
        played.set()
        return ans

    svc.ai_turn = turn
    live = table.live_message(CHANNEL_ID)
    _, cid = live.buttons()[0]  # White's Trees: the AI then sets up its own, paced
    table.feed(table.click_payload(ALICE, live, cid))
    await asyncio.wait_for(played.wait(), 30)
    await asyncio.sleep(0.2)  # the AI waits for its pace now
    row, state = await _state(table)
    table.feed(table.slash_payload(ALICE, "game concede"))  # (settling would wait for the AI)
    await asyncio.sleep(0.3)
    ask = [m for m in table.sent if any(c.startswith("wg:k:") for c in m.custom_ids())][-1]
    table.feed(table.click_payload(ALICE, ask, ask.custom_ids()[0]))
    await table.settle()  # the AI's wait ends: it finds the game over
    finished = await svc.store.game(row.id)
    assert finished.status == "over"
    assert len(svc.plugin(row).rules.history(await svc.state_of(finished))) == (
        len(svc.plugin(row).rules.history(state)) + 1  # the concession, nothing after it
    )
    assert not any(c.startswith(("wg:c", "wg:s", "wg:x")) for c in live.custom_ids())
    assert table.errors == [] and table.violations == []


async def test_a_practice_rematch_in_a_thread_plays_in_that_thread(table: Harness) -> None:
    thread = 555_000_000_000_000_123
    table.threads.append(thread)
    svc = table.bot.service  # type: ignore[attr-defined]
    await table.slash(
        ALICE, "game new", channel=thread, users={"opponent": BOT_ID}, system="d20-chess"
    )
    ask = await table.slash(ALICE, "game concede", channel=thread)
    await table.click(ALICE, ask, ask.custom_ids()[0])
    offers = [s for s in table.sent if any(c.startswith("wg:r:") for c in s.custom_ids())]
    await table.click(ALICE, offers[-1], offers[-1].custom_ids()[0])
    again = await svc.store.live_game(thread)
    assert again is not None and again.status == "live" and again.black_id == BOT_ID
    assert await svc.store.live_game(CHANNEL_ID) is None  # not the thread's parent
    assert table.messages[again.message_id].channel_id == thread
    board = await table.slash(ALICE, "game board", channel=thread)
    assert board.ephemeral and "no game" not in board.content.lower()


@pytest.mark.parametrize("system", list(systems.SYSTEMS))  # every registered system
async def test_practice_as_black_the_ai_plays_white(
    table: Harness, monkeypatch: Any, system: str
) -> None:
    """`side: Black`: the AI takes White and answers each of the person's decisions; a
    Rematch keeps the sides."""
    from dataclasses import replace

    from rules.ai.players import LEVELS

    for name, settings in LEVELS.items():
        monkeypatch.setitem(LEVELS, name, replace(settings, max_nodes=40, time_limit=30.0))
    svc = table.bot.service  # type: ignore[attr-defined]
    played: list[Any] = []
    real_turn = svc.ai_turn

    async def counted(game_id: int, **pace: Any) -> Any:
        ans = await real_turn(game_id, **pace)
        played.append(ans)
        return ans

    svc.ai_turn = counted
    await table.slash(
        ALICE,
        "game new",
        users={"opponent": BOT_ID},
        system=system,
        level="easy",
        hints=True,
        side="black",
    )
    plugin = systems.SYSTEMS[system]
    ready = list(plugin.ready_made)  # Black's is the second; a system without has none
    yours = f" (ready-made {plugin.choice_word} {ready[1].partition(':')[0]})" if ready else ""
    said = f"Practice game: <@{ALICE}> plays Black{yours}; the AI (easy) plays White; hints:"
    said += " `/game hint`."  # (the game was made with hints: said all game long)
    live = table.live_message(CHANNEL_ID)
    assert live.content.startswith(said), live.content  # all game, on the live message
    row, state = await _state(table)
    rules = svc.plugin(row).rules
    assert (row.white_id, row.black_id) == (BOT_ID, ALICE)
    assert row.meta["ai"]["seats"] == ["White"] and row.meta["names"][1] != "the AI"
    rng = random.Random(11)
    for _ in range(6):
        if rules.result(state) is not None:
            break
        assert rules.decider(state).value == 1  # the AI (White) has always answered
        hint = await table.slash(ALICE, "game hint")
        assert hint.ephemeral and "Hint for Black" in hint.content, hint.content
        await _pick(table, rng, row, state, rules)
        row, state = await _state(table)
    assert any(a is not None for a in played)  # White's actions, the AI's
    if not plugin.hidden_information:  # the live picture from the person's side, Black's
        from rules.core.board import Player

        live = table.live_message(CHANNEL_ID)
        assert live.files, "no picture on the live message"
        png = live.files[-1][1]
        assert png == plugin.draw(plugin.public_scene(state, Player.BLACK))
        assert png != plugin.draw(plugin.public_scene(state, Player.WHITE))
    ask = await table.slash(ALICE, "game concede")
    await table.click(ALICE, ask, ask.custom_ids()[0])
    offers = [s for s in table.sent if any(c.startswith("wg:r:") for c in s.custom_ids())]
    await table.click(ALICE, offers[-1], offers[-1].custom_ids()[0])
    assert table.live_message(CHANNEL_ID).content.startswith(said)
    row, _ = await _state(table)
    assert (row.white_id, row.black_id) == (BOT_ID, ALICE) and row.status == "live"
    assert table.errors == [] and table.violations == []


async def test_practice_words_refused_against_a_person(table: Harness) -> None:
    r = await table.slash(ALICE, "game new", users={"opponent": BOB}, level="hard", side="black")
    assert r.ephemeral and r.content.startswith("`level`, `side`: only for a game against me")
    assert await table.bot.service.store.live_game(CHANNEL_ID) is None  # type: ignore[attr-defined]
    ok = await table.slash(ALICE, "game new", users={"opponent": BOB})
    assert not ok.ephemeral and "challenges" in ok.content


async def test_while_the_ai_decides_nothing_asks_a_person_to_act(table: Harness) -> None:
    """The live message says the AI decides and offers no buttons meanwhile; a private look
    carries none; nothing asks the bot to decide; one log line per exchange (the person's
    action and the AI's reply), pinging the person."""
    svc = table.bot.service  # type: ignore[attr-defined]
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
    )
    # one exchange: the person's move, the AI's reply, one log line telling both
    before = len(table.sent)
    await _human_move(table, random.Random(1))
    posted = [s for s in table.sent[before:] if s.kind != "edit" and not s.ephemeral]
    assert len(posted) == 1, [s.content for s in posted]
    lines = posted[0].content.splitlines()
    assert lines[0].startswith("White ") and any(line.startswith("Black ") for line in lines)
    assert lines[-1] == f"<@{ALICE}>, it is your decision." and posted[0].pinged == [ALICE]

    async def held(game_id: int, **pace: Any) -> None:  # the AI's next turn, not played yet
        return None

    svc.ai_turn = held
    before = len(table.sent)
    await _human_move(table, random.Random(2))
    live = table.live_message(CHANNEL_ID)
    assert live.content.endswith("The AI (Black) decides."), live.content
    assert not live.custom_ids(), live.custom_ids()
    look = await table.slash(ALICE, "game board")
    assert look.ephemeral and not look.custom_ids()
    status = await table.slash(ALICE, "game status")
    assert status.content.endswith("\nThe AI (Black) decides."), status.content
    tiles = await table.slash(ALICE, "d20 tiles")  # a public answer: no menu either
    assert not tiles.custom_ids(), tiles.custom_ids()
    assert not any(f"<@{BOT_ID}>" in (s.content or "") for s in table.sent[before:])
    assert table.errors == [] and table.violations == []


async def test_revised_star_in_a_practice_game(table: Harness) -> None:
    nope = await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="chess28", revised_star=True
    )
    assert nope.ephemeral and "`revised_star` is a Wargame Chess option" in nope.content
    assert await table.bot.service.store.live_game(CHANNEL_ID) is None  # type: ignore[attr-defined]
    await table.slash(ALICE, "game new", users={"opponent": BOT_ID}, revised_star=True)
    row, state = await _state(table)
    assert row.meta["options"]["revised_star"] is True and state.config.star_one_each


async def test_the_idle_reminder_goes_to_the_person_never_to_the_ai(table: Harness) -> None:
    svc = table.bot.service  # type: ignore[attr-defined]
    now = [svc.store.clock()]
    svc.store.clock = lambda: now[0]
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
    )
    now[0] += 1000 * 3600  # the person has left the game waiting for her
    notices = await svc.sweep()
    assert len(notices) == 1 and notices[0].text.startswith(f"<@{ALICE}>: game #")

    async def held(game_id: int, **pace: Any) -> None:  # the AI's turn, not played
        return None

    svc.ai_turn = held
    now[0] += 60  # she comes back and moves
    await _human_move(table, random.Random(1))
    now[0] += 1000 * 3600  # now the game waits for the AI
    assert await svc.sweep() == []


async def test_an_ai_action_that_ends_the_game_after_a_restart_offers_a_rematch(
    monkeypatch: Any, tmp_path: Any
) -> None:
    """On start-up the AI plays its waiting turn; if that ends the game, its log line carries
    the Rematch button, as after any finished game."""
    from rules.ai.players import AIPlayer
    from rules.core.board import Player
    from rules.d20_chess.actions import Concede
    from tests.conftest import stop_bot

    db = tmp_path / "end.sqlite3"
    table, _ = await _stopped_on_the_ai_turn(monkeypatch, db)

    def resign(self: Any, system: Any, state: Any) -> Any:  # the AI's choice: it concedes
        return Concede(Player.BLACK)

    monkeypatch.setattr(AIPlayer, "act", resign)
    bot2, table2 = await _restarted(monkeypatch, db, table)
    try:
        svc = bot2.service
        assert await svc.store.live_game(CHANNEL_ID) is None  # over
        last = table2.sent[-1]
        assert "Game over. White wins" in last.content, last.content
        assert any(c.startswith("wg:r:") for c in last.custom_ids()), last.custom_ids()
    finally:
        await stop_bot(bot2, table2)
    assert table2.errors == [] and table2.violations == []


def test_a_long_live_message_keeps_its_headline() -> None:
    from bot.answers import Answer
    from cogs.views import live_text

    head = f"Practice game: <@{ALICE}> plays Black; the AI (easy) plays White."
    body = "\n".join(f"White Pawn moves, line {i}." for i in range(200))
    text = live_text(Answer(f"{head}\n{body}\n<@{ALICE}>, it is your decision.", headline=head))
    assert len(text) <= 2000 and text.startswith(f"{head}\n…\n"), text[:120]
    assert text.endswith(f"<@{ALICE}>, it is your decision.")  # the newest lines kept
    short = live_text(Answer(f"{head}\nWhite moves.", headline=head))
    assert short == f"{head}\nWhite moves."


async def test_a_side_that_is_not_white_or_black_is_refused_and_starts_nothing(
    table: Harness,
) -> None:
    svc = table.bot.service  # type: ignore[attr-defined]
    ans = await svc.practice(None, CHANNEL_ID, ALICE, BOT_ID, side="purple")
    assert not ans.ok and ans.text == "'purple' is not a side: choose white or black.", ans.text
    assert await svc.store.live_game(CHANNEL_ID) is None


async def test_after_a_restart_every_waiting_practice_game_resumes_at_once() -> None:
    """Each waiting game's first AI action comes one pace after start-up, whatever the number
    of games: they play on side by side, not one after another's whole run."""
    import types

    import cogs.views as V

    class Service:
        ai_pace = 0.2

        def __init__(self) -> None:
            self.first: dict[int, float] = {}
            self.start = 0.0

        async def resume_ai(self, serves: Any) -> tuple[list[int], list[Any]]:
            return [1, 2, 3, 4], []

        async def ai_turn(self, game_id: int, not_before: float = 0.0) -> Any:
            loop = asyncio.get_running_loop()
            await asyncio.sleep(max(0.0, not_before - loop.time()))
            self.first.setdefault(game_id, loop.time() - self.start)
            return None  # (each game's first action is all this test follows)

    svc = Service()
    svc.start = asyncio.get_running_loop().time()
    client: Any = types.SimpleNamespace(service=svc, settings=None, get_channel=lambda i: None)
    await V.resume_ai(client)
    assert sorted(svc.first) == [1, 2, 3, 4]
    assert all(0.2 <= t < 0.35 for t in svc.first.values()), svc.first


async def test_a_command_during_the_ai_turn_says_the_ai_is_deciding(
    table: Harness, monkeypatch: Any
) -> None:
    """A person's command while the AI decides was answered "It is Black's decision now, not
    White's", as if another person played Black."""
    svc = table.bot.service  # type: ignore[attr-defined]
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess", level="easy"
    )

    async def later(game_id: int, **pace: Any) -> None:  # the AI's turn, not yet played
        return None

    monkeypatch.setattr(svc, "ai_turn", later)
    await _human_move(table, random.Random(1))
    _, state = await _state(table)
    assert state.to_act.value != W_SEAT
    r = await table.slash(ALICE, "d20 move", **{"from": "b2", "to": "b3"})
    assert r.ephemeral and r.content.startswith("The AI (Black) is deciding"), r.content
    _, after = await _state(table)
    assert after.history == state.history  # nothing changed


async def test_an_adjustment_refused_during_the_ai_turn_keeps_its_own_reason(
    table: Harness, monkeypatch: Any
) -> None:
    """Adjustments are not bound to whose decision it is (R38): one refused during the AI's
    turn for a reason of its own says that reason, not that the AI is deciding."""
    from bot.wargame_chess import commands as W

    svc = table.bot.service  # type: ignore[attr-defined]

    async def later(game_id: int, **pace: Any) -> None:  # the AI's turn, not yet played
        return None

    monkeypatch.setattr(svc, "ai_turn", later)
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="wargame-chess", side="black"
    )
    row, state = await _state(table)
    assert svc.opponent(row).plays(svc.plugin(row).rules.decider(state))  # the AI's turn
    ans = await svc.execute(CHANNEL_ID, ALICE, W.DiscardTarot(card="The Sun"))
    assert not ans.ok and "AI" not in ans.text, ans.text


@pytest.mark.parametrize(
    ("system", "side", "yours", "theirs"),
    [
        ("wargame-chess", "white", "team Balanced — Standard: King, Queen, Rook", "Bishops"),
        ("card-game", "black", "deck Hearts starter — King of Hearts", "Spades"),
    ],
)
async def test_a_practice_game_names_the_persons_ready_made_choice(
    table: Harness, system: str, side: str, yours: str, theirs: str
) -> None:
    """Started without choices, the person is told which ready-made team (deck) they play and
    how to choose another; the AI's own stays unnamed."""
    r = await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system=system, level="easy", side=side
    )
    if side == "white":  # the opening words (as Black, the AI's first actions replace them)
        assert f"You play the ready-made {yours}" in r.content, r.content
        assert "`options: <White's" in r.content and theirs not in r.content, r.content
    # the headline names it all game, after the AI's actions too
    name = yours.split(" — ")[0]
    live = table.live_message(CHANNEL_ID)
    assert live.content.startswith(
        f"Practice game: <@{ALICE}> plays {side.title()} (ready-made {name});"
    ), live.content
    assert theirs not in live.content, live.content
    assert table.errors == [] and table.violations == []


async def test_a_practice_game_with_typed_teams_names_no_ready_made_one(table: Harness) -> None:
    r = await _practice_with(table, "wargame-chess", "K 8P 2J | K Q 2R B 3P")
    assert not r.ephemeral and "Practice game" in r.content, r.content
    assert "ready-made" not in r.content, r.content
    _, state = await _state(table)
    mine = [p.kind for p in state.pieces if p.owner.value == W_SEAT]
    assert len(mine) == 11, mine  # the team typed for White: K 8P 2J


async def test_rules_and_help_answer_for_the_game_played_in_the_channel(table: Harness) -> None:
    """Without `system:`, /rules, its autocomplete and /help answer for the channel's game
    (here a card game), not the default Wargame Chess; `system:` still picks another."""
    from bot import systems as S

    before = await table.slash(ALICE, "rules", topic="Showdown")
    assert "don't know the term 'Showdown' in Wargame Chess" in before.content, before.content
    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="card-game", level="easy"
    )
    r = await table.slash(ALICE, "rules", topic="Showdown")
    assert r.ephemeral and r.content.startswith("**Showdown**"), r.content
    choices = await table.autocomplete(ALICE, "rules", "topic", topic="materi")
    assert choices and choices[0]["value"] == "Material", choices
    other = await table.slash(ALICE, "rules", topic="Reactivation", system="wargame-chess")
    assert other.content.startswith("**Reactivation**"), other.content
    card_help = await table.slash(BOB, "help")  # a spectator too
    assert card_help.content.startswith(S.SYSTEMS["card-game"].tutorial[:40]), card_help.content
    assert table.errors == [] and table.violations == []


async def test_help_and_rules_answer_for_the_default_game_when_the_store_fails(
    table: Harness, monkeypatch: Any
) -> None:
    svc = table.bot.service  # type: ignore[attr-defined]

    async def broken(channel_id: int) -> Any:
        raise RuntimeError("the database is away")

    monkeypatch.setattr(svc.store, "live_game", broken)
    r = await table.slash(ALICE, "rules", topic="Reactivation")
    assert r.ephemeral and r.content.startswith("**Reactivation**"), r.content
    h = await table.slash(ALICE, "help")
    assert "/game new" in h.content


async def test_a_practice_game_says_the_options_it_was_made_with(table: Harness) -> None:
    """The variants and turn limit typed for a practice game are said when it starts, as a
    challenge to a person says them (they were kept but never told)."""
    r = await _practice_with(table, "d20-chess", "wide-exploration standard-army turns 30")
    assert not r.ephemeral and "Practice game" in r.content, r.content
    for said in ("standard chess army", "ranks 3 to 7 are explored", "Turn limit: 30 turns"):
        assert said in r.content, (said, r.content)
    plain = await table.slash(
        BOB, "game new", users={"opponent": BOT_ID}, system="d20-chess", channel=CHANNEL_ID + 1
    )
    assert "Practice game" in plain.content, plain.content
    assert "Variant" not in plain.content and "Turn limit" not in plain.content, plain.content


async def test_a_practice_game_with_the_persons_team_typed_keeps_the_ais_secret(
    table: Harness,
) -> None:
    """A review found the opening said the AI's Wargame Chess team (the default filled in for
    it) before both were deployed, which the console hides (ruling R9)."""
    r = await _practice_with(table, "wargame-chess", "K Q R 2N 3P")
    assert "White: Standard: King, Queen, Rook, 2 Knight, 3 Pawn" in r.content, r.content
    assert "Black: the AI's team, its list shown once both are deployed" in r.content, r.content
    assert "Bishop" not in r.content, r.content


async def _practice_with(table: Harness, system: str, options: str) -> Any:
    """Alice's practice game at `easy` against the bot, made with these options."""
    return await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system=system, level="easy", options=options
    )


async def test_undo_in_a_practice_game_takes_back_one_command(table: Harness) -> None:
    """Two pieces deployed by hand, one `/deploy` each: an undo takes back the last one only
    (both came off: a run of the person's placements was taken back whole, for "Deploy
    automatically", whatever commands made it). The commands' starts are kept in the game's
    meta, so this holds across a restart."""
    from rules.wargame_chess.actions import Deploy

    await table.slash(
        ALICE, "game new", users={"opponent": BOT_ID}, system="wargame-chess", level="easy"
    )
    for _ in range(12):  # the Trees, until Alice deploys
        await table.settle()
        row, state = await _state(table)
        if state.phase.value == "deployment" and state.decider.value == W_SEAT:
            break
        live = table.live_message(CHANNEL_ID)
        if live.buttons() and state.decider.value == W_SEAT:
            await table.click(ALICE, live, live.buttons()[0][1])
    assert state.phase.value == "deployment" and state.decider.value == W_SEAT
    svc = table.bot.service  # type: ignore[attr-defined]
    rules = svc.plugin(row).rules
    start = len(rules.history(state))
    for _ in range(2):
        _, state = await _state(table)
        place = next(a for a in rules.legal_actions(state) if isinstance(a, Deploy))
        piece = state.piece(place.piece).label
        r = await table.slash(ALICE, "deploy", piece=piece, square=str(place.square))
        assert "deploys" in r.content, r.content
    row, state = await _state(table)
    assert len(rules.history(state)) == start + 2 and row.meta["marks"][-2:] == [start, start + 1]
    r = await table.slash(ALICE, "game undo")
    row, after = await _state(table)
    assert len(rules.history(after)) == start + 1, r.content
    assert r.content.startswith(f"Undid: Deploy {piece} on"), r.content
    assert row.meta["marks"][-1] == start
    assert table.errors == [] and table.violations == []


async def test_a_hint_asked_by_someone_not_playing_says_so_first(table: Harness) -> None:
    """Bob, not in Alice's practice game made without hints, was told "This game was made
    without hints" instead of that hints are for the player who decides."""
    await table.slash(ALICE, "game new", users={"opponent": BOT_ID}, system="d20-chess")
    nope = await table.slash(BOB, "game hint")
    assert nope.ephemeral and "only for the player who must decide" in nope.content, nope.content
    mine = await table.slash(ALICE, "game hint")
    assert mine.ephemeral and "made without hints" in mine.content, mine.content

"""The Discord layer, through discord.py's real command tree, buttons and menus."""

from __future__ import annotations

import copy

from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import Harness


async def test_help(table: Harness) -> None:
    sent = await table.slash(ALICE, "help")
    assert sent.ephemeral and "Wargame Chess" in sent.content


async def test_help_of_every_system_says_how_to_practise_and_fits(table: Harness) -> None:
    from bot import systems
    from bot.opponent import PRACTICE_HELP

    for sid, plugin in systems.SYSTEMS.items():
        sent = await table.slash(ALICE, "help", system=sid)
        assert PRACTICE_HELP in sent.content, sid
        for command in ("/roll", "/resolve", "/odds", "/tarot", "/cards", "/bones", "/rolls"):
            assert f"`{command}`" in sent.content, (sid, command)  # the companion too
        assert sent.content.endswith(plugin.credit), sid  # nothing cut off


async def test_challenge_accept_opens_a_thread(table: Harness) -> None:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    assert "challenges" in sent.content and not sent.ephemeral
    accept = sent.button("Accept")
    before = len(table.sent)
    reply = await table.click(BOB, sent, accept)
    # Discord is answered (deferred) before the thread is made; the challenge message then
    # says where the game went and loses its buttons; the thread gets the opening message.
    assert table.sent[before].kind == "defer"
    assert table.threads, "a thread was opened for the game"
    assert reply is sent and not sent.custom_ids() and f"<#{table.threads[-1]}>" in sent.content
    opening = [m for m in table.sent if m.channel_id == table.threads[-1]]
    assert len(opening) == 1 and "Challenge accepted" in opening[0].content


async def test_double_accept_opens_one_thread(table: Harness) -> None:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    table.feed(table.click_payload(BOB, sent, sent.button("Accept")))
    table.feed(table.click_payload(BOB, sent, sent.button("Accept")))
    await table.settle()
    assert len(table.threads) == 1
    refused = [m for m in table.sent if m.ephemeral]
    assert len(refused) == 1 and "no longer open" in refused[0].content


import random  # noqa: E402
from typing import Any  # noqa: E402

from tests.discord_harness import Sent  # noqa: E402


def service(table: Harness) -> Any:
    return table.bot.service  # type: ignore[attr-defined]


async def start_game(
    table: Harness, white: str = "K Q R 2N 3P", black: str = "K 2B 2N J 2P"
) -> int:
    """Challenge, accept, choose teams. Returns the game's channel (its thread)."""
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    r = await table.slash(ALICE, "team", channel=channel, team=white)
    assert not r.ephemeral, r.content
    assert "kept secret" in r.content and white not in r.content  # a blind choice
    r = await table.slash(BOB, "team", channel=channel, team=black)
    assert "Both teams are set" in r.content, r.content
    assert r.files and r.files[0][0] == "board.png"
    assert table.live_message(channel) is r  # the game's live message
    return channel


async def decider_of(table: Harness, channel: int) -> int:
    svc = service(table)
    row, state = await svc.current(channel)
    assert state is not None and state.decider is not None
    return int(svc.user_of(row, state.decider))


async def play_one(table: Harness, channel: int, last: Sent, rng: random.Random) -> Sent:
    """Make one decision the way a player would: a button or menu option of the live game
    message if offered (Attacks preferred), otherwise /move with the square autocomplete
    offers. (``last`` is ignored: the live message is where the decision is.)"""
    user = await decider_of(table, channel)
    last = table.live_message(channel)
    select = last.select()
    if select is not None and last.custom_ids():
        opts = select["options"]
        attacks = [o for o in opts if "Attacks" in o["label"]]
        pick = rng.choice(attacks or opts)
        return await table.click(user, last, select["custom_id"], [pick["value"]])
    if last.buttons():
        _, cid = rng.choice(last.buttons())
        return await table.click(user, last, cid)
    svc = service(table)
    _, state = await svc.current(channel)
    piece = state.piece(state.pending.piece)
    squares = await table.autocomplete(
        user, "move", "square", channel=channel, piece=piece.label, square=""
    )
    assert squares, "autocomplete offered no square"
    return await table.slash(
        user, "move", channel=channel, piece=piece.label, square=rng.choice(squares)["value"]
    )


async def test_a_complete_game_from_challenge_to_result(table: Harness) -> None:
    channel = await start_game(table)
    last = table.sent[-1]
    rng = random.Random(3)
    for _ in range(3000):
        _, state = await service(table).current(channel) or (None, None)
        if state is None or state.is_over:
            break
        last = await play_one(table, channel, last, rng)
        assert not last.ephemeral, last.content
    final = table.sent[-1].content
    assert "wins" in final or "Draw" in final, final
    # The game is over: the channel is free for a new one.
    assert await service(table).current(channel) is None
    assert all(len(s.content) <= 2000 for s in table.sent)


async def test_restart_mid_game_buttons_still_work(monkeypatch: Any, dbs: Any) -> None:
    from tests.conftest import start_bot, stop_bot

    db = await dbs.settings("game")
    bot, table = await start_bot(monkeypatch, db)
    try:
        channel = await start_game(table)
        last = table.sent[-1]
        rng = random.Random(5)
        for _ in range(25):
            last = await play_one(table, channel, last, rng)
        _, before = await service(table).current(channel)
    finally:
        await stop_bot(bot, table)
    assert table.errors == [] and table.violations == []

    # A new process: same database, nothing in memory. The old message's menu still works.
    bot2, table2 = await start_bot(monkeypatch, db, seed=9)
    try:
        table2.threads = table.threads
        table2.messages = table.messages  # the messages in the channel outlive the process
        _, reloaded = await service(table2).current(channel)
        assert reloaded == before
        user = await decider_of(table2, channel)
        select = last.select()
        if select is not None:
            reply = await table2.click(
                user, last, select["custom_id"], [select["options"][0]["value"]]
            )
        else:
            reply = await table2.click(user, last, last.buttons()[0][1])
        assert not reply.ephemeral, reply.content
        _, after = await service(table2).current(channel)
        assert len(after.history) > len(before.history)
    finally:
        await stop_bot(bot2, table2)
    assert table2.errors == [] and table2.violations == []


async def test_stale_button_answers_no_longer_current(table: Harness) -> None:
    channel = await start_game(table)
    import copy

    first = table.sent[-1]  # offers the Tree roll
    old = copy.deepcopy(first)  # as a slow client still shows it
    user = await decider_of(table, channel)
    edited = await table.click(user, first, first.buttons()[0][1])
    assert edited is first and first.edits == 1  # edited in place: its buttons are new
    assert set(first.custom_ids()).isdisjoint(old.custom_ids())
    _, state = await service(table).current(channel)
    n = len(state.history)
    again = await table.click(user, old, old.buttons()[0][1])
    assert again.ephemeral and "no longer current" in again.content
    _, state = await service(table).current(channel)
    assert len(state.history) == n


async def test_two_simultaneous_clicks_apply_once(table: Harness) -> None:
    channel = await start_game(table)
    msg = table.sent[-1]
    user = await decider_of(table, channel)
    cid = msg.buttons()[0][1]
    _, state = await service(table).current(channel)
    n = len(state.history)
    before, touched = len(table.sent), len(table.touched)
    table.feed(table.click_payload(user, msg, cid))
    table.feed(table.click_payload(user, msg, cid))
    await table.settle()
    replies = [s for s in table.sent[before:] if s.kind == "response"]
    edits = [m for kind, m in table.touched[touched:] if kind == "edit"]
    assert len(edits) == 1 and edits[0] is msg  # one click moved the game on
    assert len(replies) == 1
    assert replies[0].ephemeral and "no longer current" in replies[0].content
    _, state = await service(table).current(channel)
    assert len(state.history) == n + 1


async def _play_until_activation(table: Harness, channel: int) -> None:
    """Trees and deployment done; the first player is to Activate."""
    rng = random.Random(1)
    last = table.sent[-1]
    for _ in range(10):
        _, state = await service(table).current(channel)
        if state.phase.value == "play":
            return
        last = await play_one(table, channel, last, rng)
    raise AssertionError("setup did not finish")


async def move_a_pawn(table: Harness, channel: int) -> tuple[int, int]:
    """Setup done, the first player Moves a Pawn one square ahead: (that player, the other)."""
    svc = service(table)
    await _play_until_activation(table, channel)
    row, state = await svc.current(channel)
    mover = svc.user_of(row, state.decider)
    piece = next(p for p in state.pieces_of(state.decider) if p.kind.name == "PAWN")
    ahead = 1 if state.decider.value == 0 else -1
    square = f"{'abcdefgh'[piece.square.file]}{piece.square.rank + 1 + ahead}"
    r = await table.slash(mover, "move", channel=channel, piece=piece.label, square=square)
    assert "Moves" in r.content, r.content
    return mover, BOB if mover == ALICE else ALICE


async def test_bad_input_is_refused_privately_and_changes_nothing(table: Harness) -> None:

    channel = await start_game(table)
    await _play_until_activation(table, channel)
    svc = service(table)
    _, state = await svc.current(channel)
    mover = await decider_of(table, channel)
    other = ALICE if mover == BOB else BOB
    n = len(state.history)
    cases = [
        (CAROL, "activate", {"piece": "P1"}, "Only the two seated players"),
        (other, "activate", {"piece": "P1"}, "decision"),
        (mover, "activate", {"piece": "Z9"}, "no piece"),
        (mover, "move", {"piece": "P1", "square": "z9"}, "not a square"),
        (mover, "move", {"piece": "K1", "square": "a5"}, "K1"),
        (mover, "attack", {"piece": "P1", "square": "h5"}, "P1"),
        (mover, "choose", {"option": "yes"}, "no card choice"),
        (mover, "deploy", {"piece": "P1", "square": "a1"}, "not possible now: the game is in play"),
        (mover, "team", {"team": "K Q"}, "Teams are chosen"),
    ]
    for user, name, options, words in cases:
        r = await table.slash(user, name, channel=channel, **options)
        assert r.ephemeral, (name, r.content)
        assert words in r.content, (name, r.content)
    _, after = await svc.current(channel)
    assert len(after.history) == n and after == state


async def test_challenge_errors(table: Harness) -> None:
    r = await table.slash(ALICE, "game new", users={"opponent": ALICE})
    assert r.ephemeral and "yourself" in r.content
    # (the bot itself as the opponent is a practice game since issue 17: tests/test_discord_ai.py)
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    r = await table.click(ALICE, sent, sent.button("Accept"))
    assert r.ephemeral and "Only the challenged player" in r.content
    r = await table.slash(BOB, "game new", users={"opponent": ALICE})
    assert r.ephemeral and "already has a game" in r.content


async def test_invalid_team_says_exactly_what_is_wrong(table: Harness) -> None:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    r = await table.slash(ALICE, "team", channel=channel, team="K Q 2R 2N 3P")
    assert r.ephemeral and "exactly 14 points; this one is 16" in r.content
    r = await table.slash(ALICE, "team", channel=channel, team="2K 4P 3J")
    assert "King (0-1): you have 2" in r.content and "Joker (0-2): you have 3" in r.content
    choices = await table.autocomplete(ALICE, "team", "team", channel=channel, team="K Q R")
    assert choices[0]["name"].startswith("7 pts") and choices[0]["value"] == "K Q R"
    assert any("Balanced" in c["name"] for c in choices)


async def test_export_undo_and_concede(table: Harness) -> None:
    from rules.wargame_chess.serialize import loads

    channel = await start_game(table)
    await _play_until_activation(table, channel)
    svc = service(table)
    r = await table.slash(BOB, "game export", channel=channel)
    name, data = r.files[0]
    assert name.endswith(".json")
    _, state = await svc.current(channel)
    assert loads(data.decode()) == state

    mover = await decider_of(table, channel)
    other = ALICE if mover == BOB else BOB
    r = await table.slash(mover, "activate", channel=channel, piece="P1")
    # The decision stays with the mover: a private word, and the live message shows it.
    assert r.ephemeral and "Activates P1" in r.content, r.content
    assert "Activates P1" in table.live_message(channel).content
    ask = await table.slash(mover, "game undo", channel=channel)
    # the request names the action, and whose (it may be the one who is asked to agree)
    who = (await svc.current(channel))[1].decider.title
    assert f"asks to undo the last action, {who}'s Activate P1" in ask.content, ask.content
    r = await table.click(mover, ask, ask.button("Agree"))
    assert r.ephemeral and "other player" in r.content
    r = await table.click(other, ask, ask.button("Agree"))
    said = " ".join(m.content for m in table.sent[-3:])
    assert "Undid: Activate P1" in said and "(Both players agreed.)" in said, said
    row, after = await svc.current(channel)
    assert after == state
    # What the store holds (the snapshot written by the undo, then log rows written after it,
    # the undone ones skipped) loads to the same game, before and after the next action.
    assert await svc.stored_state(row.id) == state
    r = await table.slash(mover, "activate", channel=channel, piece="P1")
    assert "Activates P1" in r.content, r.content
    _, now = await svc.current(channel)
    assert await svc.stored_state(row.id) == now != state

    # Conceding asks first, privately; only the confirmation ends the game.
    r = await table.slash(other, "game concede", channel=channel)
    assert r.ephemeral and "really" in r.content
    assert await svc.current(channel) is not None
    live = table.live_message(channel)
    stale = copy.deepcopy(live)  # (its buttons, as a player who has not scrolled still sees them)
    end = await table.click(other, r, r.button("concede"))
    assert "wins" in end.content and "conceded" in end.content and not end.ephemeral
    assert await svc.current(channel) is None
    # The board, status and log of the game that just ended here can still be looked at,
    # headed by how it ended; the picture is the final position.
    look = await table.slash(mover, "game board", channel=channel)
    assert look.ephemeral and look.content.startswith(f"Game {row.id} is over"), look.content
    assert look.content.count("conceded") == 1 and look.files, look.content
    log = await table.slash(other, "game log", channel=channel)
    assert log.ephemeral and "conceded" in log.content and "Activates P1" in log.content
    status = await table.slash(CAROL, "game status", channel=channel)  # (anyone may look)
    assert status.ephemeral and "Ended in turn 1" in status.content, status.content
    assert status.content.count("conceded") == 1, status.content
    # An action has no game to act on: it says how the last one ended and where its log is.
    act = await table.slash(mover, "activate", channel=channel, piece="P2")
    assert act.ephemeral and "The last game here is over:" in act.content, act.content
    assert "conceded" in act.content and "/game export" in act.content, act.content
    # The game is over: the live message keeps no decision buttons, the last line offers a
    # rematch, and the game's thread is archived.
    assert not live.custom_ids() and "Game over" in live.content
    final = [m for m in table.sent if m.channel_id == channel and not m.ephemeral][-1]
    assert final is not live and "conceded" in final.content
    assert final.buttons() and "Rematch" in final.buttons()[0][0]
    assert channel in table.archived
    old = await table.click(mover, stale, stale.custom_ids()[0], ["0"])  # (says how it ended)
    assert old.ephemeral and "This game is over: Black wins" in old.content, old.content
    again = await table.click(other, r, r.button("concede"))
    assert again.ephemeral and "already over" in again.content


async def test_spectators_can_look_and_moderators_can_end(table: Harness) -> None:

    channel = await start_game(table)
    r = await table.slash(CAROL, "game status", channel=channel)
    assert r.ephemeral and ("Turn" in r.content or "Tree" in r.content), r.content
    who = await decider_of(table, channel)  # the status says whose decision it is
    assert r.content.splitlines()[-1].endswith(f"decides: <@{who}>."), r.content
    r = await table.slash(CAROL, "game board", channel=channel)
    assert r.ephemeral and r.files and r.files[0][0] == "board.png"
    assert r.content.startswith("```\n") and "```" in r.content[4:]  # the text board lines up
    r = await table.slash(CAROL, "game end", channel=channel)
    assert r.ephemeral and "Manage Channels" in r.content
    r = await table.slash(CAROL, "game end", channel=channel, manage=True)
    assert "ended this game" in r.content
    assert await service(table).current(channel) is None


async def test_activation_autocomplete_offers_only_legal_choices(table: Harness) -> None:
    channel = await start_game(table)
    await _play_until_activation(table, channel)
    mover = await decider_of(table, channel)
    other = ALICE if mover == BOB else BOB
    choices = await table.autocomplete(mover, "activate", "piece", channel=channel, piece="")
    assert choices and all(c["name"].startswith("Activate") for c in choices)
    assert await table.autocomplete(other, "activate", "piece", channel=channel, piece="") == []
    # /move and /attack offer the pieces that may act now: every fresh piece of the player to
    # act, and once one is Activating, that piece alone (they offered every piece)
    svc = service(table)
    _, state = await svc.current(channel)
    fresh = {p.label for p in state.pieces_of(state.decider) if not p.activated}
    offered = await table.autocomplete(mover, "move", "piece", channel=channel, piece="")
    assert {c["value"] for c in offered} == fresh, offered
    assert await table.autocomplete(other, "attack", "piece", channel=channel, piece="") == []
    first = sorted(fresh)[0]
    assert (
        "Activates" in (await table.slash(mover, "activate", channel=channel, piece=first)).content
    )
    now = await table.autocomplete(mover, "attack", "piece", channel=channel, piece="")
    assert [c["value"] for c in now] == [first], now
    assert await table.autocomplete(mover, "deploy", "piece", channel=channel, piece="") == []


async def test_rules_topic_and_help(table: Harness) -> None:
    r = await table.slash(ALICE, "rules", topic="combat movment")
    assert r.ephemeral and r.content.startswith("**Combat Movement**")
    r = await table.slash(ALICE, "rules", topic="Points")  # (the Joker was left out)
    assert "King or Joker 2" in r.content, r.content
    r = await table.slash(ALICE, "rules", topic="zzzz")
    assert r.ephemeral and "don't know" in r.content
    choices = await table.autocomplete(ALICE, "rules", "topic", topic="bless")
    assert choices[0]["value"] == "Blessed"
    r = await table.slash(ALICE, "help")
    assert "/game new" in r.content and len(r.content) <= 2000


async def test_adjustments_are_logged_for_both(table: Harness) -> None:
    channel = await start_game(table)
    await _play_until_activation(table, channel)
    r = await table.slash(
        ALICE, "adjust tokens", channel=channel, piece="White P1", token="advantage", count=2
    )
    assert "receives 2 Advantage tokens (adjustment by White)" in r.content
    r = await table.slash(BOB, "adjust mark", channel=channel, piece="White P2", what="curse")
    assert "Cursed" in r.content
    # Both see every adjustment: it is in the live game message (and the next log line).
    assert "Cursed" in table.live_message(channel).content
    r = await table.slash(ALICE, "adjust remove", channel=channel, piece="White P3")
    assert "removed from the board" in r.content
    r = await table.slash(ALICE, "adjust place", channel=channel, piece="White P3", square="d4")
    assert "placed on d4" in r.content
    r = await table.slash(ALICE, "adjust place", channel=channel, piece="White P3", square="d4")
    assert r.ephemeral and "not off the board" in r.content

    r = await table.slash(CAROL, "adjust mark", channel=channel, piece="White P1", what="slay")
    assert r.ephemeral and "seated players" in r.content


async def test_random_games_through_discord_lose_nothing_and_apply_nothing_twice(
    monkeypatch: Any, dbs: Any
) -> None:
    """Mixed play (menus, buttons, /move, /divinate, /adjust, /choose, bad commands). After
    every interaction the stored log equals the game's history step for step, and what the store
    holds (the last snapshot plus the log rows after it) replays to the live state."""
    from tests.conftest import start_bot, stop_bot

    for seed in (1, 2):
        bot, table = await start_bot(monkeypatch, await dbs.settings(f"soak{seed}"), seed=seed)
        try:
            rng = random.Random(seed)
            channel = await start_game(table)
            svc = service(table)
            last = table.sent[-1]
            for _ in range(400):
                cur = await svc.current(channel)
                if cur is None:
                    break
                row, state = cur
                user = await decider_of(table, channel)
                r = rng.random()
                if r < 0.05:
                    x = await table.slash(
                        rng.choice([ALICE, BOB]),
                        "divinate",
                        channel=channel,
                        preferred=rng.choice(["", "sun", "tower, world"]),
                    )
                elif r < 0.08:
                    p = rng.choice([p for p in state.pieces if p.on_board])
                    x = await table.slash(
                        rng.choice([ALICE, BOB]),
                        "adjust mark",
                        channel=channel,
                        piece=p.key,
                        what=rng.choice(["bless", "curse", "scatter"]),
                    )
                elif r < 0.10:
                    x = await table.slash(user, "move", channel=channel, piece="zz", square="a1")
                    assert x.ephemeral
                elif state.pending is not None and state.pending.options and not last.custom_ids():
                    x = await table.slash(
                        user, "choose", channel=channel, option=rng.choice(state.pending.options)
                    )
                else:
                    x = await play_one(table, channel, last, rng)
                if not x.ephemeral:
                    last = x
                logged = await svc.store.events(row.id)
                now = await svc.stored_state(row.id)
                assert [e["action"] for e in logged] == [s.action.to_dict() for s in now.history]
                if now.is_over:  # an ended game leaves the cache
                    assert row.id not in svc._cache
                else:
                    assert now == svc._cache[row.id][1]
            assert await svc.current(channel) is None, "the game should have ended"
        finally:
            await stop_bot(bot, table)
        assert table.errors == [] and table.violations == []


async def test_the_revised_star_is_a_game_option(table: Harness) -> None:
    """WC-32: offered when the game is made, kept with the game, in force in the engine."""
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, revised_star=True)
    assert "The Star's later revision" in sent.content
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    await table.slash(ALICE, "team", channel=channel, team="K Q R 2N 3P")
    await table.slash(BOB, "team", channel=channel, team="K 2B 2N J 2P")
    row, state = await service(table).current(channel)
    assert state.config.star_one_each
    assert (await service(table).stored_state(row.id)).config.star_one_each
    # Without the option, the text as we have it.
    other = await table.slash(ALICE, "game new", channel=777, users={"opponent": BOB})
    assert "revision" not in other.content


async def test_deploy_autocomplete_offers_the_pieces_still_to_deploy(table: Harness) -> None:
    """It offered pieces already on the board first ("K1 is already deployed on a7")."""
    channel = await start_game(table)
    svc, rng = service(table), random.Random(2)
    for _ in range(12):
        _, state = await svc.current(channel)
        if state.phase.value == "deployment":
            break
        await play_one(table, channel, table.sent[-1], rng)
    assert state.phase.value == "deployment", state.phase
    user = await decider_of(table, channel)
    from rules.wargame_chess.board import deployment_zone

    free = next(
        sq
        for sq in deployment_zone(state.decider)
        if sq not in state.board and sq not in state.terrain_map
    )
    mine = [p for p in state.pieces if p.owner is state.decider]
    first = next(p for p in mine if p.zone.value == "reserve")
    r = await table.slash(user, "deploy", channel=channel, piece=first.label, square=str(free))
    assert "deploys" in r.content, r.content
    _, state = await svc.current(channel)
    offered = {
        c["value"]
        for c in await table.autocomplete(user, "deploy", "piece", channel=channel, piece="")
    }
    waiting = {
        p.label for p in state.pieces if p.owner is state.decider and p.zone.value == "reserve"
    }
    assert offered == waiting and waiting, (offered, waiting)


async def test_move_autocomplete_offers_the_pawn_for_its_second_move(table: Harness) -> None:
    """A Pawn's first Activation may Move twice: the prompt says `/move P1 ...` again, and the
    autocomplete offered no piece for it."""
    channel = await start_game(table)
    mover, _ = await move_a_pawn(table, channel)
    _, state = await service(table).current(channel)
    assert state.pending is not None and state.pending.decision.name == "SECOND_MOVE"
    pawn = state.piece(state.pending.piece).label
    offered = await table.autocomplete(mover, "move", "piece", channel=channel, piece="")
    assert [c["value"] for c in offered] == [pawn], offered


async def test_no_piece_is_offered_to_move_while_the_high_priestess_picks(monkeypatch: Any) -> None:
    """The High Priestess: the other player picks which piece Activates; /move offered the
    pieces of the player to act, whose Move was then refused."""
    import cogs.wargame_chess as cog
    from rules.wargame_chess.scenario import scenario
    from tests.wargame_chess.test_tarot_cards import deal

    s, _ = deal(scenario("Kh1 Pa2", "Kh8 Pa7"), 2)
    assert s.activation_picker is not None and s.activation_picker is not s.to_act

    async def got(_: Any) -> Any:
        return None, s, s.to_act

    monkeypatch.setattr(cog, "_my_state", got)
    assert await cog.ac_acting_piece(None, "") == []  # type: ignore[arg-type]


async def test_an_undo_request_outlived_says_so_and_loses_its_buttons(table: Harness) -> None:
    """A review: once the game moved on, the request still read "do you agree?" with both
    buttons live; a click on it now edits it to say it lapsed, with no buttons, and tells the
    clicker privately."""
    channel = await start_game(table)
    await _play_until_activation(table, channel)
    mover = await decider_of(table, channel)
    other = ALICE if mover == BOB else BOB
    r = await table.slash(mover, "activate", channel=channel, piece="P1")
    assert "Activates P1" in r.content, r.content
    ask = await table.slash(mover, "game undo", channel=channel)
    assert ask.button("Agree") in ask.custom_ids()
    svc = service(table)
    _, state = await svc.current(channel)
    piece = state.piece(state.pending.piece)
    squares = await table.autocomplete(
        mover, "move", "square", channel=channel, piece=piece.label, square=""
    )
    moved = await table.slash(
        mover, "move", channel=channel, piece=piece.label, square=squares[0]["value"]
    )
    assert "Moves" in moved.content or "moves" in moved.content, moved.content
    await table.click(other, ask, ask.button("Agree"))
    told = [m for m in table.sent if m.ephemeral and "no longer current" in m.content]
    assert told, [m.content[:80] for m in table.sent[-3:]]
    request = table.messages[ask.message_id]
    assert "lapsed" in request.content and not request.custom_ids(), request.content


async def test_an_undo_request_names_whose_adjustment_it_takes_back(table: Harness) -> None:
    """A walkthrough: after the player not deciding gave a token (any player may adjust,
    R38), the undo request called it the decider's."""
    channel = await start_game(table)
    await _play_until_activation(table, channel)
    svc = service(table)
    mover = await decider_of(table, channel)
    other = ALICE if mover == BOB else BOB
    row, state = await svc.current(channel)
    theirs = svc.seat(row, other)
    piece = next(p for p in state.pieces if p.owner is theirs and p.label == "K1")
    r = await table.slash(
        other, "adjust tokens", channel=channel, piece=piece.key, token="advantage", count=1
    )
    assert not (r.ephemeral and "not" in r.content), r.content
    ask = await table.slash(mover, "game undo", channel=channel)
    assert f"asks to undo the last action, {theirs.title}'s " in ask.content, ask.content


async def test_status_says_what_the_game_waits_for_before_it_starts(table: Harness) -> None:
    """A review: during an unaccepted challenge `/game status` told players to choose teams,
    which `/team` then refused; and while teams are chosen it names them in the system's
    words."""
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="card-game")
    r = await table.slash(ALICE, "game status")
    assert r.ephemeral and "waits for the opponent to accept" in r.content, r.content
    await table.click(BOB, sent, sent.button("Accept"))
    r = await table.slash(ALICE, "game status", channel=table.threads[-1])
    assert "choose a deck with `/team`" in r.content and "Decks chosen by" in r.content, r.content

"""Chess: The Card Game through the real Discord dispatch: a challenge, decks chosen with
/team, a good part of a game played with `/cards` commands and the private choice menus, the
channel never told a hand, and bad options refused privately with nothing changed."""

from __future__ import annotations

import random
from typing import Any

from rules.card_game.state import GameState
from rules.core.board import Player
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import Harness

STEPS = 120


def service(table: Harness) -> Any:
    return table.bot.service  # type: ignore[attr-defined]


async def current(table: Harness, channel: int) -> tuple[Any, GameState | None]:
    got = await service(table).current(channel)
    return got if got is not None else (None, None)


async def start(table: Harness) -> int:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="card-game")
    assert "Chess: The Card Game" in sent.content, sent.content
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    auto = await table.autocomplete(ALICE, "team", "team", channel=channel, team="")
    assert any("starter" in c["name"] for c in auto), auto
    r = await table.slash(ALICE, "team", channel=channel, team="Clubs starter")
    assert not r.ephemeral and "kept secret" in r.content and "Clubs" not in r.content
    r = await table.slash(BOB, "team", channel=channel, team="Diamonds starter")
    assert "Both decks are set" in r.content, r.content
    assert "reveals the King of Diamonds" in r.content and r.files
    return channel


def public_names(s: GameState) -> set[str]:
    names = {s.card(p * 100).name for p in Player}
    for p in Player:
        side = s.side(p)
        names |= {s.card(c).name for c in (*side.captured, *side.burn, *side.statics)}
    for u in s.units:
        names |= {s.card(c).name for c in (u.cid, *u.equips)}
    if s.program is not None:
        names.add(s.card(s.program.source).name)
    if s.combat is not None and s.combat.incoming is not None:
        names.add(s.card(s.combat.incoming.cid).name)
    return names


def secret_names(before: GameState, after: GameState) -> set[str]:
    """Cards in a hand now that no one could have seen (before or after this step)."""
    held = {after.card(c).name for p in Player for c in after.side(p).hand}
    return held - public_names(before) - public_names(after)


async def step(table: Harness, channel: int, rng: random.Random) -> list[str]:
    """The decider opens their hand (privately, with their choices) and picks one."""
    row, state = await current(table, channel)
    assert state is not None
    user = service(table).user_of(row, state.outcome is None and _decider(state))
    mine = await table.slash(user, "cards hand", channel=channel)
    assert mine.ephemeral and mine.content.startswith("Your hand (")
    before = len(table.shown)
    select = mine.select()
    if select is not None:
        value = rng.choice(select["options"])["value"]
        await table.click(user, mine, select["custom_id"], [value])
    else:
        assert mine.buttons(), mine.content
        await table.click(user, mine, rng.choice(mine.buttons())[1])
    return table.shown[before:]  # every public text: posts and edits of the live message


async def _seats(table: Harness, channel: int) -> tuple[Player, int, int]:
    """Who decides first in a started game, and the users of that seat and the other."""
    row, state = await current(table, channel)
    assert state is not None
    first = _decider(state)
    return first, service(table).user_of(row, first), service(table).user_of(row, first.other)


def _decider(s: GameState) -> Player:
    from rules.card_game.engine import decider

    d = decider(s)
    assert d is not None
    return d


async def test_a_game_through_discord_never_tells_the_channel_a_hand(table: Harness) -> None:
    channel = await start(table)
    rng = random.Random(11)
    steps = 0
    for _ in range(STEPS):
        _, before = await current(table, channel)
        if before is None:
            break
        sent = await step(table, channel, rng)
        _, after = await current(table, channel)
        steps += 1
        if after is None:
            break
        secret = secret_names(before, after)
        seen = sorted(public_names(before) | public_names(after), key=len, reverse=True)
        for shown in sent:
            assert "'s hand (" not in shown and "Your hand (" not in shown
            # the answer window names the one card that answers, whoever holds it (CG-17)
            text = shown.replace("with Counter!, or let it resolve", "")
            text = text.replace("3 Material and Counter! unplayed", "")  # (either wording)
            for name in seen:  # "Pawn's Gambit" in play does not name a Pawn in hand
                text = text.replace(name, "")
            leaked = [n for n in secret if n in text]
            assert not leaked, (leaked, shown)
    _, state = await current(table, channel)
    assert steps == STEPS or state is None
    if state is not None:
        assert state.turn >= 3, "the game got into its turns"
        ask = await table.slash(ALICE, "game concede", channel=channel)
        r = await table.click(ALICE, ask, ask.button("concede"))
        assert "wins" in r.content and "concedes" in r.content
    assert await service(table).current(channel) is None


async def test_slash_commands_play_and_bad_options_are_refused_privately(table: Harness) -> None:
    channel = await start(table)
    svc = service(table)
    row, state = await current(table, channel)
    assert state is not None
    first = _decider(state)
    mover, other = svc.user_of(row, first), svc.user_of(row, first.other)
    r = await table.slash(mover, "cards keep", channel=channel)
    assert not r.ephemeral and "keeps their hand" in r.content
    r = await table.slash(other, "cards keep", channel=channel)
    assert "Turn 1" in r.content and "draws 2 cards" in r.content
    _, state = await current(table, channel)
    assert state is not None
    n = len(state.history)
    hand = [state.card(c).name for c in state.side(first).hand]
    theirs = await table.slash(other, "cards hand", channel=channel)
    assert theirs.ephemeral and not theirs.custom_ids()  # the decider's menu is not theirs
    assert theirs.content.startswith(f"Your hand ({first.other.title}, ")
    own = await table.slash(mover, "cards hand", channel=channel)
    assert own.ephemeral and own.custom_ids() and all(name in own.content for name in hand)
    auto = await table.autocomplete(mover, "cards burn", "card", channel=channel, card="")
    assert {c["name"] for c in auto} == set(hand)  # only the asker's own hand
    cases = [
        (CAROL, "cards done", {}, "Only the two seated players"),
        (other, "cards done", {}, "decision"),
        (mover, "cards move", {"start": "z9", "to": "a1"}, "not a square"),
        (mover, "cards attack", {"start": "c2"}, "no unit on c2"),
        (mover, "cards play", {"card": "Queen of Hearts"}, "no Queen of Hearts in your hand"),
        (mover, "cards choose", {"option": "a1"}, "no choice"),
        (mover, "cards play", {"card": "x" * 300}, "not one I can read"),
    ]
    for user, name, options, words in cases:
        r = await table.slash(user, name, channel=channel, **options)
        assert r.ephemeral, (name, r.content)
        assert words in r.content, (name, r.content)
    _, after = await current(table, channel)
    assert after == state and len(after.history) == n
    r = await table.slash(mover, "cards burn", channel=channel, card=hand[0])
    assert f"burns {hand[0]}" in r.content  # (privately: the decision stays with the mover)
    assert f"burns {hand[0]}" in table.live_message(channel).content  # and for all to see
    r = await table.slash(mover, "cards done", channel=channel)
    assert "Play & Move" in r.content
    card = await table.slash(BOB, "cards card", channel=channel, name="bong clod")
    assert card.ephemeral and card.content.startswith("Bong Cloud") and card.files


async def test_a_game_with_secrets_is_exported_only_once_it_is_over(table: Harness) -> None:
    """The log holds both hands and the decks' order: `/game export` refuses it while the game
    is played, and once it has ended gives the file, which replays to the game as it ended."""
    from rules.card_game.system import SYSTEM

    channel = await start(table)
    svc = service(table)
    r = await table.slash(BOB, "game export", channel=channel)
    assert r.ephemeral and "once it is over" in r.content and not r.files
    row, before = await current(table, channel)
    assert before is not None
    ask = await table.slash(ALICE, "game concede", channel=channel)
    await table.click(ALICE, ask, ask.button("concede"))
    assert await svc.current(channel) is None
    r = await table.slash(CAROL, "game export", channel=channel)
    assert f"game {row.id} (over)" in r.content and len(r.files) == 1, r.content
    name, data = r.files[0]
    assert name == f"card-game-{row.id}.json"
    ended = SYSTEM.loads(data.decode())
    assert ended.outcome is not None and ended.outcome.winner is Player.BLACK
    assert ended.history[: len(before.history)] == before.history
    assert ended.sides == (await svc.stored_state(row.id)).sides  # the hands, as they ended
    # Nothing ended in another channel: there, nothing to export.
    r = await table.slash(ALICE, "game export")
    assert r.ephemeral and "no started game" in r.content.lower() and not r.files


async def test_a_deck_list_written_out_in_full_is_read(table: Harness) -> None:
    """A deck list is longer than most options: the Diamonds starter written out runs past
    200 characters, and `/team` reads it whole."""
    from rules.card_game.decks import STARTERS

    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="card-game")
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    written = STARTERS["Diamonds starter"]
    assert len(written) > 200
    r = await table.slash(ALICE, "team", channel=channel, team=written)
    assert not r.ephemeral and "kept secret" in r.content, r.content


async def test_passing_in_a_window_is_one_click_on_the_public_message() -> None:
    """A window's pass names no card, so the live message offers it beside the button that
    shows the choices privately (a player with nothing to play answers in one click); the
    cards stay private."""
    from bot.service import Answer
    from cogs.views import live_view
    from rules.card_game import actions as A
    from tests.card_game.helpers import Build, act

    b = Build(counters=True)
    b.add(Player.BLACK, "Counter!")  # in Black's hand: it must not show publicly
    castle = b.add(Player.WHITE, "Castle")
    s = act(b.state(), A.PlayCard(castle))  # Black's answer window
    view = live_view(Answer("", game_id=7, version=3, state=s, system="card-game"))
    assert view is not None
    buttons = [getattr(item, "item", item) for item in view.children]  # (dynamic items)
    labels = [getattr(b, "label", "") for b in buttons]
    ids = [getattr(b, "custom_id", "") for b in buttons]
    assert labels == ["Your choices (only you see them)", "Let Castle resolve"], labels
    assert not any("Counter" in x for x in labels)
    # The button carries a key, never the pass's place among the legal actions: that place
    # would count the cards Black could play (one here, the Counter!).
    assert ids[1] == "wg:x:7:3:pass", ids
    b2 = Build(counters=True)
    b2.add(Player.BLACK, "Knight")  # nothing Black can answer with
    castle2 = b2.add(Player.WHITE, "Castle")
    s2 = act(b2.state(), A.PlayCard(castle2))
    view2 = live_view(Answer("", game_id=7, version=3, state=s2, system="card-game"))
    assert view2 is not None
    ids2 = [getattr(getattr(i, "item", i), "custom_id", "") for i in view2.children]
    assert ids2 == ids, "the same buttons whatever Black holds"


async def test_the_public_pass_button_passes_through_a_real_click(table: Harness) -> None:
    """In a window the live message's pass button (its id a key, the same whatever the hand)
    passes for the player who decides; anyone else's click changes nothing."""
    from rules.card_game import actions as A
    from rules.card_game.engine import legal_actions

    channel = await start(table)
    rng = random.Random(5)
    for _ in range(STEPS * 3):
        row, state = await current(table, channel)
        assert state is not None, "the game ended before any window opened"
        live = table.live_message(channel)
        passing = [cid for cid in live.custom_ids() if cid.endswith(":pass")]
        if passing:
            assert any(isinstance(a, A.Pass) for a in legal_actions(state))
            assert passing == [f"wg:x:{row.id}:{row.version}:pass"]
            who = service(table).user_of(row, _decider(state))
            bystander = CAROL
            nope = await table.click(bystander, live, passing[0])
            assert nope.ephemeral
            assert (await current(table, channel))[0].version == row.version, "nothing changed"
            await table.click(who, live, passing[0])
            after_row, after = await current(table, channel)
            assert after_row.version == row.version + 1
            assert after is not None and isinstance(after.history[-1].action, A.Pass)
            return
        await step(table, channel, rng)
    raise AssertionError("no window opened in the game")


async def test_the_deciders_look_says_what_its_buttons_answer(table: Harness) -> None:
    """`/game board` and `/game log` answered to the player who decides carried the buttons of
    their open choice (a1 b1 ... Cancel) with nothing saying what they answer: the question
    is added; the other player's look has neither."""
    channel = await start(table)
    first, mover, other = await _seats(table, channel)
    for cmd in ("game board", "game log"):
        mine = await table.slash(mover, cmd, channel=channel)
        assert mine.ephemeral and mine.custom_ids(), cmd
        assert f"{first.title} decides:" in mine.content, (cmd, mine.content[-300:])
        theirs = await table.slash(other, cmd, channel=channel)
        assert not theirs.custom_ids() and "decides:" not in theirs.content.split("\n")[-1]

"""Secrets against a spectator and the player who does not decide, through the real dispatch
(the games with secrets: Chess28's Gambit Cards, the card game's hands). A spectator's command
that would act is refused before it runs, the same answer whatever the hands hold (how the
rules would refuse it could tell the secrets); a look answers nobody's hand; and the decision's
menu, which names cards in the decider's hand, goes to the decider alone."""

from __future__ import annotations

from typing import Any

from bot.service import ONLY_SEATED
from rules.card_game.catalogue import cards
from rules.chess28.cards import CARDS
from tests.chess28.test_discord import setup_to_play, start_game
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import Harness, Sent


def _svc(table: Harness) -> Any:
    return table.bot.service  # type: ignore[attr-defined]


def _labels(msg: Sent) -> list[str]:
    select = msg.select() or {}
    return [label for label, _ in msg.buttons()] + [o["label"] for o in select.get("options", [])]


async def _card_game(table: Harness) -> int:
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="card-game")
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    await table.slash(ALICE, "team", channel=channel, team="Clubs starter")
    r = await table.slash(BOB, "team", channel=channel, team="Diamonds starter")
    assert "Both decks are set" in r.content, r.content
    return channel


async def test_card_game_hands_stay_with_their_holders(table: Harness) -> None:
    channel = await _card_game(table)
    row, state = await _svc(table).current(channel)
    rules = _svc(table).plugin(row).rules
    decider = rules.decider(state)
    holder, other = _svc(table).user_of(row, decider), _svc(table).user_of(row, decider.other)
    hand = {state.card(c).name for c in state.side(decider).hand}
    assert hand
    # a spectator's look at a hand: nobody's
    r = await table.slash(CAROL, "cards hand", channel=channel)
    assert r.ephemeral and "only the two seated players" in r.content.lower(), r.content
    assert not any(name in r.content for name in hand)
    # looks by the spectator and by the player who does not decide carry no menu of the
    # decider's (its labels name the decider's cards); the decider's own look does
    for user in (CAROL, other):
        for command in ("game board", "game log", "game status"):
            r = await table.slash(user, command, channel=channel)
            assert r.ephemeral and not r.custom_ids(), (user, command, _labels(r))
    mine = await table.slash(holder, "game board", channel=channel)
    assert mine.custom_ids() and any(name in " ".join(_labels(mine)) for name in hand)
    # a spectator's acting commands: one answer for every card, held or not
    answers = set()
    for card in sorted({c.name for c in cards()})[:12] + sorted(hand):
        for command in ("cards mulligan", "cards play", "cards burn"):
            r = await table.slash(CAROL, command, channel=channel, card=card)
            assert r.ephemeral
            answers.add(r.content)
    r = await table.slash(CAROL, "cards choose", channel=channel, option="zzz")
    answers.add(r.content)
    assert answers == {ONLY_SEATED}
    # the player who does not decide is told whose decision it is, before their words are
    # read against the game (a choice's options name the decider's cards)
    r = await table.slash(other, "cards choose", channel=channel, option="zzz")
    assert r.ephemeral and f"It is {decider.title}'s decision now" in r.content, r.content
    after = await _svc(table).current(channel)
    assert after[0].version == row.version  # nothing changed
    assert table.errors == [] and table.violations == []


async def test_chess28_gambit_cards_stay_with_their_holders(table: Harness) -> None:
    channel = await start_game(table)
    await setup_to_play(table, channel)
    row, _ = await _svc(table).current(channel)
    r = await table.slash(CAROL, "chess28 hand", channel=channel)
    assert r.ephemeral and "seated player" in r.content and "Cards" not in r.content, r.content
    answers = set()
    for card in CARDS:  # held or not, the same answer
        r = await table.slash(CAROL, "chess28 gambit", channel=channel, card=card.title)
        answers.add(r.content)
    r = await table.slash(CAROL, "chess28 choose", channel=channel, option="zzz")
    answers.add(r.content)
    assert answers == {ONLY_SEATED}
    after = await _svc(table).current(channel)
    assert after[0].version == row.version
    assert table.errors == [] and table.violations == []

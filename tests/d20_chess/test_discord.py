"""d20 explorer chess through discord.py's real dispatch: a challenge that starts at once, a
whole game with /d20 move (its autocomplete) and the buttons, and bad options refused
privately with nothing changed."""

from __future__ import annotations

import random
from typing import Any

from cogs.common import MAX_CHOICES
from rules.d20_chess.system import SYSTEM
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import Harness, Sent


def service(table: Harness) -> Any:
    return table.bot.service  # type: ignore[attr-defined]


async def start(table: Harness) -> int:
    """Challenge and accept: the game starts at once (nothing to choose). Returns its channel."""
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="d20-chess")
    assert "d20 explorer chess" in sent.content and not sent.ephemeral
    before = len(table.sent)
    await table.click(BOB, sent, sent.button("Accept"))
    opening = [m for m in table.sent[before:] if m.files]
    assert opening and opening[-1].files[0][1][:8] == b"\x89PNG\r\n\x1a\n"
    menu = opening[-1].select()  # White's 16 first moves fit in a menu
    assert menu is not None and len(menu["options"]) == 16
    assert menu["options"][0]["label"] == "Pawn a2 to a3 (unexplored)"
    return table.threads[-1]


def live_message(table: Harness, channel: int, last: Sent | None) -> Sent | None:
    """The message whose buttons answer the open decision: the game's live message where the
    shared layer keeps one, else the last answer."""
    finder = getattr(table, "live_message", None)
    return finder(channel) if finder is not None else last


async def state_of(table: Harness, channel: int) -> tuple[Any, Any]:
    got = await service(table).current(channel)
    return got if got is not None else (None, None)


SEED = 3  # a game with promotion offers (with this branch's shared layer and with main's)
CLICKED: list[str] = []  # the labels of the buttons and menu options chosen


async def play_one(table: Harness, channel: int, last: Sent | None, rng: random.Random) -> Sent:
    """One decision as a player makes it: a button when offered (promotion, pass), otherwise
    /d20 move with squares the autocomplete offers."""
    svc = service(table)
    row, state = await state_of(table, channel)
    user = svc.user_of(row, SYSTEM.decider(state))
    last = live_message(table, channel, last)
    if last is not None and last.buttons():
        buttons = last.buttons()
        if state.offers:  # promote at the first offer, keep at the next, and so on
            wanted = (
                "Keep"
                if sum(c.startswith("Promote") for c in CLICKED)
                > sum(c.startswith("Keep") for c in CLICKED)
                else "Promote"
            )
            buttons = [b for b in buttons if b[0].startswith(wanted)] or buttons
        label, cid = rng.choice(buttons)
        CLICKED.append(label)
        return await table.click(user, last, cid)
    menu = None if last is None else last.select()
    if menu is not None and rng.random() < 0.5:
        pick = rng.choice(menu["options"])
        CLICKED.append(pick["label"])
        return await table.click(user, last, menu["custom_id"], [pick["value"]])  # type: ignore[arg-type]
    froms = await table.autocomplete(user, "d20 move", "from", channel=channel, **{"from": ""})
    assert froms, "no piece offered"
    origin = rng.choice(froms)["value"]
    tos = await table.autocomplete(
        user, "d20 move", "to", channel=channel, **{"from": origin, "to": ""}
    )
    assert tos, f"no square offered for {origin}"
    to = rng.choice(tos)["value"]
    return await table.slash(user, "d20 move", channel=channel, **{"from": origin, "to": to})


async def test_a_whole_game_through_slash_commands_and_buttons(table: Harness) -> None:
    CLICKED.clear()
    channel = await start(table)
    last: Sent | None = None  # the first move is made with /d20 move
    rng = random.Random(SEED)
    for _ in range(400):
        _, state = await state_of(table, channel)
        if state is None:
            break
        last = await play_one(table, channel, last, rng)
        _, after = await state_of(table, channel)
        # Every decision was taken: the game moved on (or ended).
        assert after is None or len(after.history) == len(state.history) + 1, last.content
    final = table.sent[-1].content
    assert "wins" in final or "Drawn" in final, final
    # Promotions were offered and answered with the buttons, both ways.
    assert any(label.startswith("Promote the Pawn") for label in CLICKED), CLICKED
    assert any(label.startswith("Keep the Pawn") for label in CLICKED), CLICKED
    assert await service(table).current(channel) is None  # the channel is free again


async def test_autocomplete_labels_attacks_with_their_odds(table: Harness) -> None:
    channel = await start(table)
    froms = await table.autocomplete(ALICE, "d20 move", "from", channel=channel, **{"from": ""})
    assert {c["value"] for c in froms} == {f"{f}2" for f in "abcdefgh"}
    tos = await table.autocomplete(
        ALICE, "d20 move", "to", channel=channel, **{"from": "e2", "to": ""}
    )
    assert [c["value"] for c in tos] == ["e3", "e4"]
    assert "unexplored" in tos[0]["name"]
    # Black sees no piece of its own to move on White's turn.
    assert await table.autocomplete(BOB, "d20 move", "from", channel=channel, **{"from": ""}) == []
    # /d20 odds is a look: any piece at any time (the asker's own first), and only enemies
    odds_from = await table.autocomplete(BOB, "d20 odds", "from", channel=channel, **{"from": ""})
    assert len(odds_from) == MAX_CHOICES and odds_from[0]["name"].startswith("Black ")
    targets = await table.autocomplete(
        BOB, "d20 odds", "to", channel=channel, **{"from": "e7", "to": ""}
    )  # (White's 16 pieces stand on ranks 1 and 2)
    assert {c["value"] for c in targets} == {f"{f}{r}" for f in "abcdefgh" for r in "12"}
    assert all("out of its reach now" in c["name"] for c in targets), targets[:2]


async def test_bad_and_forged_options_are_refused_privately_and_change_nothing(
    table: Harness,
) -> None:
    channel = await start(table)
    row, before = await state_of(table, channel)
    cases = [
        (ALICE, "d20 move", {"from": "z9", "to": "e4"}, "not a square"),
        (ALICE, "d20 move", {"from": "e2", "to": "e5"}, "cannot move to e5"),
        (ALICE, "d20 move", {"from": "e7", "to": "e6"}, "not White's"),
        (BOB, "d20 move", {"from": "e7", "to": "e6"}, "White's decision"),
        (ALICE, "d20 promote", {"piece": "dragon"}, "must be one of"),  # forged choice
        (ALICE, "d20 promote", {"piece": "x" * 300}, "must be one of"),
        (ALICE, "d20 promote", {"piece": "queen"}, "No piece may promote now"),
        (ALICE, "d20 keep", {}, "No piece may promote now"),
        (ALICE, "d20 pass", {}, "cannot pass"),
        (ALICE, "d20 odds", {"from": "e2", "to": "e3"}, "no piece on e3"),
    ]
    for user, command, options, words in cases:
        sent = await table.slash(user, command, channel=channel, **options)
        assert sent.ephemeral, (command, sent.content)
        assert words in sent.content, (command, sent.content)
    row2, after = await state_of(table, channel)
    assert after == before and row2.version == row.version
    tiles = await table.slash(ALICE, "d20 tiles", channel=channel)
    assert "House deck: 32 tiles" in tiles.content and "house content" in tiles.content
    odds = await table.slash(BOB, "d20 odds", channel=channel, **{"from": "d7", "to": "e2"})
    assert "capture 75%, repelled 20%, critical failure 5%" in odds.content
    # looks are the asker's alone: private, and only the one who decides gets the menu
    carol = await table.slash(CAROL, "d20 odds", channel=channel, **{"from": "d7", "to": "e2"})
    for look in (tiles, odds, carol):
        assert look.ephemeral, look.content
    assert odds.select() is None and carol.select() is None and not carol.buttons()
    assert tiles.select() is not None  # (Alice decides: her menu stays within reach)
    assert (await state_of(table, channel))[0].version == row.version


async def test_help_and_rules_say_what_is_house_content(table: Harness) -> None:
    sent = await table.slash(ALICE, "help", system="d20-chess")
    assert sent.ephemeral and "d20 explorer chess" in sent.content
    assert "house content" in sent.content and "/d20 move" in sent.content
    sent = await table.slash(ALICE, "rules", system="d20-chess", topic="dragon")
    assert "Attack 11 and Defence 11" in sent.content and "House content" in sent.content


async def test_a_piece_kept_unpromoted_promotes_with_its_square(table: Harness) -> None:
    """/d20 promote with `square`: its autocomplete offers the mover's pieces kept unpromoted;
    the promotion costs no turn (the move is still the player's). A set position is put in
    the game's place (in the service's cache, its history kept)."""
    from dataclasses import replace

    from rules.core.board import Square
    from rules.core.dice import ScriptedDice
    from rules.d20_chess.actions import Keep
    from rules.d20_chess.pieces import Kind
    from tests.d20_chess.helpers import EMPTY_DECK, play, position

    channel = await start(table)
    svc = service(table)
    row, live = await state_of(table, channel)
    s = play(position("wKa1 bKh1 wPb7 bPh7", EMPTY_DECK), "b7", "b8")
    s, _ = SYSTEM.apply(s, Keep(), ScriptedDice([]))
    s = play(s, "h7", "h6")
    svc._remember(row.id, row.version, replace(s, history=live.history))
    white = int(svc.user_of(row, s.to_act))
    offered = await table.autocomplete(white, "d20 promote", "square", channel=channel, square="")
    assert [c["value"] for c in offered] == ["b8"], offered
    other = BOB if white == ALICE else ALICE
    assert (
        await table.autocomplete(other, "d20 promote", "square", channel=channel, square="") == []
    )
    r = await table.slash(white, "d20 promote", channel=channel, piece="queen", square="b8")
    assert "promotes to a Queen" in r.content, r.content
    _, now = await state_of(table, channel)
    assert now.at(Square.parse("b8")).kind is Kind.QUEEN and now.to_act is s.to_act
    assert table.errors == [] and table.violations == []

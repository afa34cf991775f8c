"""Table-companion commands through discord.py's real dispatch, with bad input."""

from __future__ import annotations

import re
from typing import Any

from bot import companion as C
from tests.conftest import ALICE, BOB
from tests.discord_harness import CHANNEL_ID, Harness


async def test_roll_expression_and_piece(table: Harness) -> None:
    r = await table.slash(ALICE, "roll", expression="4d6kh3")
    assert not r.ephemeral and "rolls 4d6kh3" in r.content
    r = await table.slash(ALICE, "roll", piece="queen", mode="advantage", modifier="+2")
    assert "Queen: 2D8" in r.content and "at Advantage" in r.content and "+2" in r.content
    for bad, words in (
        ("1000000d6", "at most 1000 dice"),
        ("1d1e1", "more than 1000"),
        ("2d", "could not roll"),
    ):
        r = await table.slash(ALICE, "roll", expression=bad)
        assert r.ephemeral and words.lower() in r.content.lower(), r.content
    r = await table.slash(ALICE, "roll")
    assert r.ephemeral and "Give an expression" in r.content
    r = await table.slash(ALICE, "roll", piece="pawn", modifier="lots")
    assert r.ephemeral and "not a modifier" in r.content.lower()


async def test_dice_written_the_rulebooks_way_roll_what_they_say(table: Harness) -> None:
    for expr, shown, dice in (
        ("2D10", "rolls 2d10 (", 2),
        ("2D6+1", "rolls 2d6 (", 2),
        ("D20 + 1D6", "rolls 1d20 (", 2),
        ("4D6KH3", "rolls 4d6kh3 (", 4),
    ):
        r = await table.slash(ALICE, "roll", expression=expr)
        assert not r.ephemeral and shown in r.content, r.content
        assert len(re.findall(r"\d+d\d+", r.content)) == (2 if "+ 1D6" in expr else 1)
        groups = re.findall(r"\(([^)]*)\)", r.content)  # the dice rolled, by term
        assert sum(len(g.split(",")) for g in groups) == dice, r.content
    r = await table.slash(ALICE, "roll", expression="2d6 x3")  # a label must be words
    assert r.ephemeral and "'x3' is not part of a roll" in r.content, r.content
    r = await table.slash(ALICE, "roll", expression="1d20 2nd attack")  # an ordinal is a word
    assert not r.ephemeral and "rolls 1d20 (" in r.content, r.content


async def test_roll_options_that_cannot_go_together_are_refused(table: Harness) -> None:
    before = len(await table.bot.service.store.rolls(CHANNEL_ID))  # type: ignore[attr-defined]
    for options, words in (
        ({"expression": "2d6", "mode": "advantage"}, "`mode` and `modifier` go with a `piece`"),
        ({"expression": "2d6", "modifier": "+2"}, "`mode` and `modifier` go with a `piece`"),
        ({"expression": "2d6", "piece": "queen"}, "an expression or a piece, not both"),
    ):
        r = await table.slash(ALICE, "roll", **options)
        assert r.ephemeral and words in r.content, r.content
    assert len(await table.bot.service.store.rolls(CHANNEL_ID)) == before  # type: ignore[attr-defined]


async def test_a_roll_too_long_for_one_message_keeps_who_what_and_the_total(
    table: Harness,
) -> None:
    r = await table.slash(ALICE, "roll", expression="1000d6")
    assert not r.ephemeral and len(r.content) <= 2000
    total = sum(f for _, f in (await table.bot.service.store.rolls(CHANNEL_ID))[0]["dice"])  # type: ignore[attr-defined]
    assert r.content.startswith(f"<@{ALICE}> rolls 1000d6 = `{total}`; the first dice of 1000: ")
    assert r.content.endswith("…") and "**" not in r.content


async def test_malformed_rolls_are_explained_in_plain_words(table: Harness) -> None:
    for bad, words in (
        ("2d", "number of sides"),
        ("1d6+", "nothing after it"),
        ("abc", "not 'abc'"),
        ("((2d6", "never closed"),
        ("x" * 500, "too long"),
    ):
        r = await table.slash(ALICE, "roll", expression=bad)
        assert r.ephemeral and words in r.content, r.content
        told = r.content.replace(f"'{bad[:60]}'", "''")  # our words, not the player's
        assert re.search(r"\blike \(?\d+d\d+", told), r.content  # an example of a valid roll
        for word in ("expected", "token", "unexpected", "<", ">"):
            assert word not in told.lower(), r.content
    r = await table.slash(ALICE, "roll", expression="2d6+1")
    assert not r.ephemeral and "rolls 2d6 (" in r.content and "+ 1 = " in r.content


async def test_roll_modifiers_as_the_description_shows_them(table: Harness) -> None:
    r = await table.slash(ALICE, "roll", piece="pawn", modifier="+2, min 5")
    assert not r.ephemeral and "+2" in r.content, r.content
    r = await table.slash(ALICE, "roll", piece="pawn", modifier="max 7")
    assert not r.ephemeral, r.content
    r = await table.slash(
        ALICE, "resolve", attacker="queen", defender="pawn", attacker_modifier="min 5"
    )
    assert not r.ephemeral, r.content


async def test_resolve_attack_at_the_table(table: Harness) -> None:
    r = await table.slash(
        ALICE, "resolve", attacker="knight", defender="pawn", mounted=True, defender_dis=1
    )
    assert not r.ephemeral
    assert "Attacker Knight" in r.content and "at Advantage" in r.content
    assert "spends a Disadvantage token" in r.content
    assert "slain" in r.content or "Combat Movement" in r.content
    r = await table.slash(ALICE, "resolve", attacker="joker", defender="pawn")
    assert r.ephemeral and "Jokers cannot Attack" in r.content
    r = await table.slash(ALICE, "resolve", attacker="rook", defender="pawn", mounted=True)
    assert r.ephemeral and "Only Knights" in r.content


async def test_resolve_names_the_allies_a_blessing_or_curse_spreads_to(table: Harness) -> None:
    from rules.core.dice import ScriptedDice

    svc = table.bot.service  # type: ignore[attr-defined]
    svc.dice_factory = lambda: ScriptedDice([1, 1, 3, 3])  # 2 against 6: the Attack fails
    r = await table.slash(
        ALICE,
        "resolve",
        attacker="pawn",
        defender="pawn",
        attacker_cursed_allies=True,
        defender_blessed_allies=True,
    )
    assert "6 holds against 2" in r.content, r.content
    assert "The attacker's team has Cursed pieces: if the attacker takes" in r.content
    assert "The defender's team has Blessed pieces: if the defender takes" in r.content
    svc.dice_factory = lambda: ScriptedDice([1, 1, 3, 3])
    r = await table.slash(ALICE, "resolve", attacker="pawn", defender="pawn")
    assert "holds against" in r.content and "Blessed" not in r.content and "Cursed" not in r.content
    svc.dice_factory = lambda: ScriptedDice([4, 4, 1, 1])  # a slaying Attack moves no token
    r = await table.slash(
        ALICE, "resolve", attacker="pawn", defender="pawn", defender_blessed_allies=True
    )
    assert "is slain" in r.content and "Blessed" not in r.content, r.content


async def test_odds_with_chart_and_token_comparison(table: Harness) -> None:
    r = await table.slash(ALICE, "odds", attacker="queen", defender="knight", attacker_adv=1)
    assert "Slays:" in r.content and "Spending the attacker's Advantage token" in r.content
    assert r.files and r.files[0][0] == "odds.png" and r.files[0][1][:4] == b"\x89PNG"


async def test_tarot_card_lookup(table: Harness) -> None:
    r = await table.slash(ALICE, "tarot card", name="XVI")
    assert r.files and r.files[0][0] == "card.png"
    r = await table.slash(ALICE, "tarot card", name="the hermitt")
    assert r.files
    r = await table.slash(ALICE, "tarot card", name="qwxz")
    assert r.ephemeral and "did you mean" in r.content
    choices = await table.autocomplete(ALICE, "tarot card", "name", name="the")
    assert 0 < len(choices) <= 25


async def test_channel_decks_persist_across_restart(monkeypatch: Any, dbs: Any) -> None:
    from tests.conftest import start_bot, stop_bot

    db = await dbs.settings("decks")
    bot, table = await start_bot(monkeypatch, db)
    try:
        r = await table.slash(ALICE, "tarot divinate", preferred="sun, moon")
        assert "Dealt:" in r.content
        dealt = (await table.slash(BOB, "tarot deck")).content
        r = await table.slash(ALICE, "tarot active", card="world")
        assert (r.ephemeral and "not dealt" in r.content) or "now the active" in r.content
        r = await table.slash(ALICE, "cards draw", count=2)
        assert r.content.startswith("Drew:")
        drawn = r.content.split("Drew: ")[1].split(".")[0].split(", ")
        r = await table.slash(ALICE, "cards discard", card="Page of Cups")
        assert r.ephemeral and "Pages are removed" in r.content
        r = await table.slash(ALICE, "cards discard", card=drawn[0])
        assert "discarded" in r.content
    finally:
        await stop_bot(bot, table)
    bot2, table2 = await start_bot(monkeypatch, db, seed=4)
    try:
        assert (await table2.slash(BOB, "tarot deck")).content == dealt
        r = await table2.slash(ALICE, "cards discard", card=drawn[0])
        assert r.ephemeral and "has not been drawn" in r.content  # already discarded
        r = await table2.slash(ALICE, "cards shuffle")
        assert "54 cards" in r.content
    finally:
        await stop_bot(bot2, table2)
    assert table2.errors == [] and table2.violations == []


async def test_bones_and_roll_log(table: Harness) -> None:
    r = await table.slash(ALICE, "bones roll", pool="K Q R 2N 3P")
    assert r.content.startswith("Bones: D4=") and "D10=" in r.content
    r = await table.slash(ALICE, "bones roll", pool="d7")
    assert r.ephemeral
    await table.slash(BOB, "roll", expression="3d6")
    r = await table.slash(ALICE, "rolls history", count=5)
    assert r.ephemeral and "3d6" in r.content and "bones" in r.content
    r = await table.slash(ALICE, "rolls stats")  # 4 rolls of a D6 (with the bones' one)
    assert "D6: 4 rolls (too few to test" in r.content and "chi-square" not in r.content
    await table.slash(BOB, "roll", expression="30d6")
    await table.slash(BOB, "roll", expression="1d50000000")  # counted, never listed face by face
    before = len(table.sent)
    r = await table.slash(ALICE, "rolls stats")
    assert "D6: 34 rolls, each face" in r.content and "chi-square p =" in r.content, r.content
    assert "D50000000: 1 roll (dice over D100 are not tested" in r.content and r.ephemeral
    assert table.sent[before].kind == "defer"  # answered at once: SciPy's import is slow
    rows = await table.bot.service.store.rolls(CHANNEL_ID)  # type: ignore[attr-defined]
    assert len(rows) == 4 and all(row["dice"] for row in rows)


async def test_server_text_for_incomplete_cards(table: Harness) -> None:
    r = await table.slash(ALICE, "tarot settext", card="emperor", text="House rule text")
    assert r.ephemeral and "Manage Server" in r.content
    r = await table.slash(ALICE, "tarot settext", card="tower", text="x", manage=True)
    assert r.ephemeral and "fully written" in r.content
    r = await table.slash(
        ALICE, "tarot settext", card="emperor", text="Our house text", manage=True
    )
    assert not r.ephemeral and "Stored" in r.content
    svc = table.bot.service  # type: ignore[attr-defined]
    from tests.discord_harness import GUILD_ID

    assert await C.server_card_text(svc, GUILD_ID, 4) == "Our house text"
    r = await table.slash(BOB, "tarot card", name="protection")
    assert r.files and "This server's text: Our house text" in r.embeds[0]["description"]

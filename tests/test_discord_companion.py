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
    before = len(table.sent)
    r = await table.slash(ALICE, "rolls stats")
    assert "D6:" in r.content and "chi-square p =" in r.content and r.ephemeral
    assert table.sent[before].kind == "defer"  # answered at once: SciPy's import is slow
    rows = await table.bot.service.store.rolls(CHANNEL_ID)  # type: ignore[attr-defined]
    assert len(rows) == 2 and all(row["dice"] for row in rows)


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

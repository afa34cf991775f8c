"""Server factions through discord.py's real dispatch: uploading a faction file, listing and
showing factions, refusing bad uploads and non-moderators, choosing a faction with /team."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import Harness, Upload

DOCS = Path(__file__).parent.parent / "docs" / "factions"
WARDENS = (DOCS / "lantern-wardens.toml").read_bytes()
COURT = (DOCS / "ashen-court.toml").read_bytes()
WARDENS_TEAM = "Lamplighter, Beacon Queen, Wick Knight, 4 Lantern-bearers + Bright Oil + Long Night"
COURT_TEAM = "Ember King, 2 Cinder Rooks, 2 Ash Bishops, 3 Coal Pawns + Kindling"


def service(table: Harness) -> Any:
    return table.bot.service  # type: ignore[attr-defined]


async def factions_of(table: Harness) -> dict[str, Any]:
    from tests.discord_harness import GUILD_ID

    return await service(table).store.channel_state(GUILD_ID, "wargame-chess-factions") or {}


async def add(table: Harness, data: bytes, name: str = "wardens.toml", user: int = ALICE) -> Any:
    return await table.slash(user, "faction add", manage=True, file=Upload(name, data))


async def test_a_moderator_adds_a_faction_and_anyone_lists_and_shows_it(table: Harness) -> None:
    r = await add(table, WARDENS)
    assert not r.ephemeral and "added the faction **Lantern Wardens**" in r.content
    assert table.downloads, "the file was read from Discord"
    listed = await table.slash(BOB, "faction list")
    assert listed.ephemeral and "**Lantern Wardens** ★★" in listed.content
    card = await table.slash(BOB, "faction show", name="Lantern Wardens")
    text = card.content + "".join(b.decode() for _, b in card.files)
    assert "1. Lamplighter (King, 2 pts) (0-1)" in text
    assert "Moth Knight (Knight, 2 pts) (0) · Summon only" in text
    assert "8. Lantern-bearer (Pawn, 1 pts) (2-8) · without Promotion" in text
    assert "Beacon Queen (Queen, 3 pts) (0-1) · Legendary" in text
    assert "Bright Oil [on attack]" in text and "[1 pts]" in text
    assert "Kindled Watch (Bone Reading) [start of turn]" in text
    choices = await table.autocomplete(BOB, "faction show", "name", name="lan")
    assert [c["value"] for c in choices] == ["Lantern Wardens"]
    # Replacing: the same name again replaces it (one entry).
    r = await add(table, WARDENS.replace(b"stars = 2", b"stars = 3"))
    assert "replaced the faction" in r.content
    assert len(await factions_of(table)) == 1
    assert (await factions_of(table))["lantern wardens"]["faction"]["stars"] == 3
    r = await table.slash(ALICE, "faction remove", manage=True, name="Lantern Wardens")
    assert "removed the faction" in r.content and await factions_of(table) == {}


async def test_only_moderators_change_factions(table: Harness) -> None:
    r = await table.slash(CAROL, "faction add", file=Upload("w.toml", WARDENS))
    assert r.ephemeral and "Manage Server" in r.content
    assert table.downloads == [] and await factions_of(table) == {}
    await add(table, WARDENS)
    r = await table.slash(CAROL, "faction remove", name="Lantern Wardens")
    assert r.ephemeral and "Manage Server" in r.content
    assert len(await factions_of(table)) == 1


async def test_bad_uploads_are_refused_privately_and_change_nothing(table: Harness) -> None:
    await add(table, COURT, "court.toml")
    before = await factions_of(table)
    huge = Upload("big.toml", b"# " + b"x" * 40_000)
    r = await table.slash(ALICE, "faction add", manage=True, file=huge)
    assert r.ephemeral and "at most 32000" in r.content
    assert table.downloads == [table.downloads[0]]  # the huge file was never downloaded
    lied = Upload("small.toml", b"# " + b"x" * 40_000, size=100)  # a size that lies
    r = await table.slash(ALICE, "faction add", manage=True, file=lied)
    assert r.ephemeral and "at most 32000" in r.content
    r = await add(table, b"\x89PNG\r\n\x1a\n\x00\x00", "picture.png")
    assert r.ephemeral and "not a faction file" in r.content
    r = await add(table, b"\xff\xfe\x00name", "bad.toml")
    assert r.ephemeral and "not UTF-8" in r.content
    r = await add(table, COURT.replace(b"stars = 1", b'stars = 1\ncolour = "red"'), "c.toml")
    assert (
        r.ephemeral and "unknown key `colour`" in r.content and "nothing was changed" in r.content
    )
    bad = COURT.replace(b'quantity = "1"', b'quantity = "3"').replace(b"cost = 1", b"cost = 0")
    r = await add(table, bad, "c.toml")
    assert "2 problems; nothing was changed" in r.content, r.content
    assert "piece[1]" in r.content and "upgrade[1]" in r.content
    assert await factions_of(table) == before
    # many long problems: the heading and the first ones stay, each cut short, within a message
    rows = "".join(f'[[piece]]\nname = "P{i}"\ntype = "{"x" * 900}"\n' for i in range(30))
    r = await add(table, f'name = "Many"\n{rows}'.encode(), "many.toml")
    assert r.ephemeral and r.content.startswith("The faction file has "), r.content[:80]
    assert "`piece[1]`" in r.content and "more: fix these and upload it again" in r.content
    assert len(r.content) <= 2000 and all(len(line) <= 170 for line in r.content.splitlines())
    r = await table.slash(ALICE, "faction remove", manage=True, name="Standard")
    assert r.ephemeral and "built-in faction: it cannot be removed" in r.content, r.content


async def test_choosing_factions_reveals_upgrades_and_keeps_the_data(table: Harness) -> None:
    await add(table, WARDENS)
    await add(table, COURT, "court.toml")
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    names = await table.autocomplete(ALICE, "team", "faction", channel=channel, faction="")
    assert [c["value"] for c in names] == ["Ashen Court", "Lantern Wardens", "Standard"]
    hints = await table.autocomplete(
        ALICE, "team", "team", channel=channel, faction="Lantern Wardens", team="Lamplighter"
    )
    labels = [c["name"] for c in hints]
    assert labels[0].startswith("2 pts: ") and labels[0].endswith(" · Lamplighter"), labels[0]
    assert hints[0]["value"] == "Lamplighter"
    long = "Lamplighter, " + ", ".join(["Lantern-bearer"] * 7)  # over 100 characters
    hints = await table.autocomplete(
        ALICE, "team", "team", channel=channel, faction="Lantern Wardens", team=long
    )
    assert len(long) > 100 and all(len(c["value"]) <= 100 for c in hints)
    assert not any(long[:100] == c["value"] for c in hints)  # nothing that cuts the list short
    assert "add Wick Knight (0-2)" in labels and "add upgrade Long Night (2 pts)" in labels
    assert not any("Moth Knight" in x for x in labels)  # Summon only: not for a team list
    over = await table.slash(
        ALICE,
        "team",
        channel=channel,
        faction="Lantern Wardens",
        team=WARDENS_TEAM + " + Bright Oil",
    )
    assert over.ephemeral and "taken twice" in over.content
    r = await table.slash(
        ALICE, "team", channel=channel, faction="Lantern Wardens", team=WARDENS_TEAM
    )
    assert "kept secret" in r.content and "Bright Oil" not in r.content
    r = await table.slash(BOB, "team", channel=channel, team="Ashen Court: " + COURT_TEAM)
    assert "Both teams are set" in r.content, r.content
    # Shown to each other once both are deployed (ruling R9), not now: the first to deploy
    # does not know the other's list (a test below sees them shown then).
    assert "once both are deployed" in r.content
    assert "Bright Oil" not in r.content and "Kindling" not in r.content, r.content
    assert "coin flip)\nWhite" in r.content, "the next step on a line of its own"
    # The server's factions change; the game keeps the ones it began with.
    await table.slash(ALICE, "faction remove", manage=True, name="Lantern Wardens")
    row, _ = await service(table).current(channel)
    state = await service(table).stored_state(row.id)  # replayed from the database
    white = state.config.teams[0]
    assert white.faction.name == "Lantern Wardens" and white.upgrade_points == 3
    assert white.faction.option("Lantern-bearer").rules is not None
    assert any(p.option == "Beacon Queen" and p.legendary for p in state.pieces)
    assert all(
        "Promotion" not in {r.value for r in p.rules}
        for p in state.pieces
        if p.option == "Lantern-bearer"
    )
    assert table.errors == [] and table.violations == []


async def _peaceful_step(table: Harness, channel: int, rng: Any) -> None:
    """One decision through the live message, never Attacking (the game runs to turn 10)."""
    svc = service(table)
    row, state = await svc.current(channel)
    user = svc.user_of(row, state.decider)
    live = table.live_message(channel)
    select = live.select()
    if select is not None and live.custom_ids():
        opts = [o for o in select["options"] if "Attack" not in o["label"]]
        pick = rng.choice(opts or select["options"])
        await table.click(user, live, select["custom_id"], [pick["value"]])
        return
    buttons = [b for b in live.buttons() if "Attack" not in b[0] and "Rematch" not in b[0]]
    if buttons:
        label = [b for b in buttons if "Decline" in b[0] or "Keep" in b[0]]
        await table.click(user, live, (label or buttons)[0][1])
        return
    piece = state.piece(state.pending.piece)
    squares = await table.autocomplete(
        user, "move", "square", channel=channel, piece=piece.label, square=""
    )
    await table.slash(
        user, "move", channel=channel, piece=piece.label, square=rng.choice(squares)["value"]
    )


async def test_a_game_of_two_server_factions_to_turn_ten(table: Harness) -> None:
    """Two data-defined factions (a Summon-only option, a Legendary piece, Pawns without
    Promotion, upgrades) played through the real dispatch: reminders at the moments their
    rules name, in the rules' order, kept while they are applied; scored with upgrades."""
    import random

    from rules.wargame_chess.board import Player
    from rules.wargame_chess.state import Phase

    await add(table, WARDENS)
    await add(table, COURT, "court.toml")
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    await table.slash(ALICE, "team", channel=channel, faction="Lantern Wardens", team=WARDENS_TEAM)
    await table.slash(BOB, "team", channel=channel, faction="Ashen Court", team=COURT_TEAM)
    svc = service(table)
    game_id = (await svc.current(channel))[0].id
    rng = random.Random(7)
    seen_turn_start = seen_end = seen_attack_hint = seen_last = False
    for _ in range(2000):
        row, state = await svc.current(channel) or (None, None)
        if state is None or state.is_over:
            break
        text = table.live_message(channel).content
        if state.phase is Phase.PLAY and state.turn == 1 and not seen_turn_start:
            # Turn 1 begins: each side's start-of-turn faction rule, alternating from the
            # player who Activates first.
            first = state.first_activator
            court = "Court of Cinders (faction rule, start of turn)"
            watch = "Kindled Watch (Bone Reading) (faction rule, start of turn)"
            order = [court, watch] if first.title == "Black" else [watch, court]
            assert f"1. {first.title}: {order[0]}" in text, text
            assert f"2. {first.other.title}: {order[1]}" in text, text
            assert "`/adjust read_bones`" in text and "`/adjust tokens`" in text
            # Applying a rule by hand keeps the reminders in the live message.
            king = next(p for p in state.pieces_of(first.other.other) if p.label == "K1")
            await table.slash(
                svc.user_of(row, state.decider),
                "adjust tokens",
                channel=channel,
                piece=king.key,
                token="advantage",
                count=1,
            )
            assert "Faction rules to apply now" in table.live_message(channel).content
            # The faith action the reminder offers: the Wardens read their bones.
            before = len((await svc.current(channel))[1].history)
            r = await table.slash(ALICE, "adjust read_bones", channel=channel)
            assert not (r.ephemeral and "not" in r.content), r.content
            _, after = await svc.current(channel)
            assert after.history[-1].action.name == "read_bones" and len(after.history) > before
            assert "Kindled Watch" in table.live_message(channel).content
            seen_turn_start = True
            continue
        if "Smoulder (faction rule, end of activation)" in text:
            assert text.index("Smoulder") < text.index("Kindling (upgrade, between activations)")
            seen_end = True
        if "Bright Oil (upgrade, on attack)" in text:
            assert "Move or Attack" in text and "`/adjust modifier`" in text
            seen_attack_hint = True
        if "Long Night (Major Arcana) (upgrade, end of turn)" in text:
            assert "`/divinate preferred:The Moon, The Star`" in text
            if state.turn < 10:  # (no turn starts after turn 10)
                assert text.index("end of turn") < text.index("start of turn")
            elif state.faith.queue:  # the end of turn 10: the rule before the points (R93)
                assert "count the points" in text.lower(), text
                seen_last = True
        await _peaceful_step(table, channel, rng)
    assert seen_turn_start and seen_end and seen_attack_hint and seen_last
    said = [t for t in table.shown if "Both teams are deployed; their lists are now shown" in t]
    assert said, "the teams were shown once both were deployed"
    assert "upgrades: Bright Oil (1 pts), Long Night (2 pts) (14 points)" in said[0]
    assert "Ashen Court:" in said[0] and "upgrades: Kindling (1 pts)" in said[0]
    final = await svc.stored_state(game_id)
    assert final.is_over and final.turn == 10 and final.outcome.points is not None
    # Points on the board plus upgrades: 11 + 3 for the Wardens, 13 + 1 for the Court.
    on_board = [final.points_on_board(p) for p in Player]
    assert on_board == [11, 13]
    assert final.outcome.points == (14, 14) and final.outcome.winner is None
    assert "Draw" in table.sent[-1].content or "Draw" in table.shown[-1]
    assert table.errors == [] and table.violations == []


async def test_a_faction_saved_with_spaces_in_a_row_can_be_removed(table: Harness) -> None:
    """Before names were kept with single spaces, 'Lantern  Wardens' was stored under a key
    no look-up could find; a moderator can still remove it."""
    from tests.discord_harness import GUILD_ID

    await add(table, WARDENS)
    store = service(table).store

    def widen(current: dict[str, Any] | None) -> tuple[dict[str, Any], None]:
        factions = dict(current or {})
        factions["lantern  wardens"] = factions.pop("lantern wardens")
        return factions, None

    await store.update_channel_state(GUILD_ID, "wargame-chess-factions", widen)
    r = await table.slash(ALICE, "faction remove", manage=True, name="Lantern Wardens")
    assert not r.ephemeral and "removed the faction" in r.content, r.content
    assert await factions_of(table) == {}

"""Chess28 through discord.py's real dispatch: a game from the challenge through setup,
deployment and turns of play (slash commands with autocomplete, buttons and menus) to its end,
and bad or forged options refused privately with nothing changed."""

from __future__ import annotations

import random
import re
from typing import Any

from rules.chess28 import actions as A
from rules.chess28.engine import legal_actions
from rules.chess28.roster import READY_MADE
from rules.chess28.state import Phase
from rules.core.dice import ScriptedDice
from tests.chess28.helpers import sq
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import Harness, Sent


def service(table: Harness) -> Any:
    return table.bot.service  # type: ignore[attr-defined]


async def current(table: Harness, channel: int) -> Any:
    cur = await service(table).current(channel)
    return None if cur is None else cur[1]


async def decider(table: Harness, channel: int) -> int:
    svc = service(table)
    row, state = await svc.current(channel)
    return int(svc.user_of(row, state.decider))


async def start_game(
    table: Harness,
    white: str = "Iron Vanguard",
    black: str = READY_MADE["Night Parade"],
    mode: str = "Piñata",
    roll_off: list[int] | None = None,
) -> int:
    """A game from the challenge to the roll-off (with ``roll_off``: the dice of the roll-off
    step, from the deal to the terrain roll)."""
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB}, system="chess28")
    assert "Chess28" in sent.content, sent.content
    await table.click(BOB, sent, sent.button("Accept"))
    channel = table.threads[-1]
    r = await table.slash(ALICE, "team", channel=channel, team=white)
    assert "kept secret" in r.content, r.content  # a blind choice
    r = await table.slash(BOB, "team", channel=channel, team=black)
    assert r.files and "your decision" in r.content, r.content
    # White (who challenged) chooses the game mode in the menu; the roll-off follows.
    select = r.select()
    assert select is not None
    labels = [o["label"] for o in select["options"]]
    assert "Piñata" in labels and "Last side standing with Desperation" in labels
    pick = next(o for o in select["options"] if o["label"] == mode)
    refused = await table.click(BOB, r, select["custom_id"], [pick["value"]])
    assert refused.ephemeral, "only White chooses the mode"
    svc = service(table)
    random_dice = svc.dice_factory
    if roll_off is not None:
        svc.dice_factory = lambda: ScriptedDice(roll_off)
    r = await table.click(ALICE, r, select["custom_id"], [pick["value"]])
    svc.dice_factory = random_dice
    assert "Game mode by White's choice" in r.content and "First Player" in r.content
    return channel


async def setup_to_play(table: Harness, channel: int) -> Sent:
    last = table.live_message(channel)
    for _ in range(40):
        state = await current(table, channel)
        user = await decider(table, channel)
        last = table.live_message(channel)  # the game's one message, edited in place
        if state.phase is Phase.CHESTS:
            last = await table.click(user, last, last.buttons()[0][1])
        elif state.phase is Phase.TERRAIN:
            # a large piece when one is owed (its two squares), else a small one
            place = next(a for a in legal_actions(state) if isinstance(a, A.PlaceTerrain))
            extra = {} if place.extra is None else {"extra": str(place.extra)}
            last = await table.slash(
                user,
                "chess28 terrain",
                channel=channel,
                kind="moveable",
                square=str(place.square),
                **extra,
            )
        elif state.phase is Phase.DEPLOY:
            last = await table.click(user, last, last.button("Deploy one automatically"))
        else:
            return table.live_message(channel)
    raise AssertionError("setup did not finish")


async def play_one(table: Harness, channel: int, last: Sent, rng: random.Random) -> Sent:
    state = await current(table, channel)
    user = await decider(table, channel)
    last = table.live_message(channel)  # the decision's buttons are on the live message
    select = last.select()
    if state.pending is not None:
        if last.buttons():
            return await table.click(user, last, rng.choice(last.buttons())[1])
        assert select is not None, last.content
        pick = rng.choice(select["options"])
        return await table.click(user, last, select["custom_id"], [pick["value"]])
    if select is not None and rng.random() < 0.35:
        opts = select["options"]
        attacks = [o for o in opts if "Attack" in o["label"]]
        pick = rng.choice(attacks or opts)
        return await table.click(user, last, select["custom_id"], [pick["value"]])
    units = await table.autocomplete(
        user, "chess28 move", "unit", channel=channel, unit="", square=""
    )
    rng.shuffle(units)
    for u in units:
        squares = await table.autocomplete(
            user, "chess28 move", "square", channel=channel, unit=u["value"], square=""
        )
        if squares:
            pick = rng.choice(squares)
            # The autocomplete names the facings the square allows: "d5 (facing N/E)".
            facings = pick["name"].split("facing ")[1].rstrip(")").split("/")
            return await table.slash(
                user,
                "chess28 move",
                channel=channel,
                unit=u["value"],
                square=pick["value"],
                facing=rng.choice(facings),
            )
    return await table.slash(user, "chess28 end", channel=channel)


async def test_a_game_through_slash_commands_buttons_and_menus(table: Harness) -> None:
    channel = await start_game(table)
    last = await setup_to_play(table, channel)
    state = await current(table, channel)
    assert state.phase is Phase.PLAY and all(u.on_board for u in state.units)
    rng = random.Random(4)
    for _ in range(120):
        state = await current(table, channel)
        if state is None:
            break
        last = await play_one(table, channel, last, rng)
    if await current(table, channel) is not None:
        state = await current(table, channel)
        assert state.turn >= 3, "several turns were played"
        ask = await table.slash(ALICE, "game concede", channel=channel)
        await table.click(ALICE, ask, ask.button("concede"))
    assert await current(table, channel) is None, "the game is over"
    final = [s.content for s in table.sent if "wins" in s.content or "draw" in s.content]
    assert final, "the result was announced"
    assert all(len(s.content) <= 2000 for s in table.sent)


async def test_large_terrain_is_placed_with_its_second_square(table: Harness) -> None:
    # The deal, a roll-off White wins, and 3 on the D3: two pieces each, one large, one small.
    channel = await start_game(table, roll_off=[1] * 15 + [6, 1, 3])
    state = await current(table, channel)
    assert state.phase is Phase.CHESTS and state.terrain_left == (2, 2)
    last = table.live_message(channel)
    last = await table.click(ALICE, last, last.buttons()[0][1])
    last = await table.click(BOB, last, last.buttons()[0][1])
    live = table.live_message(channel)  # the placements are too many to list: one button
    assert [label for label, _ in live.buttons()] == ["Place terrain at random"]
    r = await table.slash(
        ALICE, "chess28 terrain", channel=channel, kind="blocking", square="e4", extra="d4"
    )
    assert "large blocking terrain on d4 and e4" in r.content, r.content
    r = await table.slash(
        BOB, "chess28 terrain", channel=channel, kind="perilous", square="c5", extra="e5"
    )
    assert r.ephemeral and "side by side" in r.content, r.content
    state = await current(table, channel)
    assert state.to_act.title == "Black" and len(state.terrain) == 3, "nothing changed"
    r = await table.slash(
        BOB, "chess28 terrain", channel=channel, kind="perilous", square="c5", extra="c6"
    )
    assert "large perilous terrain on c5 and c6" in r.content, r.content
    state = await current(table, channel)
    assert state.terrain_at(sq("c6")) is state.terrain_at(sq("c5")) is not None
    # A piece of several kinds at once (ruling C28-11), chosen from the command's menu.
    r = await table.slash(
        ALICE, "chess28 terrain", channel=channel, kind="blocking+moveable", square="a4"
    )
    assert "small blocking and moveable terrain on a4" in r.content, r.content
    piece = (await current(table, channel)).terrain_at(sq("a4"))
    assert piece is not None and piece.blocks and piece.moveable


async def test_a_small_game_plays_to_its_own_end(table: Harness) -> None:
    channel = await start_game(table, "Brute", "Slinger", "Last side standing")
    last = await setup_to_play(table, channel)
    rng = random.Random(1)
    for _ in range(400):
        if await current(table, channel) is None:
            break
        last = await play_one(table, channel, last, rng)
    assert await current(table, channel) is None, "the game ended by the rules, not a concession"
    final = table.sent[-1].content
    assert "Game over. White wins: Black has no models left." in final, final


async def test_looking_commands_answer_privately(table: Harness) -> None:
    r = await table.slash(ALICE, "chess28 card", model="Brute")
    assert r.ephemeral and "51 points" in r.content and r.files
    r = await table.slash(
        ALICE, "chess28 model", text="Ghoul; move ^/A; attack x/A; fight 2; defence 1; hp 1"
    )
    assert r.ephemeral and "10 points" in r.content
    r = await table.slash(ALICE, "chess28 model", text="Ghoul; move ^/^")
    assert r.ephemeral and "heart" in r.content
    r = await table.slash(ALICE, "chess28 odds", fight=1, defence=0)
    assert r.ephemeral and "50.0%" in r.content
    r = await table.slash(ALICE, "chess28 odds", fight=30, defence=30)
    assert "- 25 wounds: 0.1%\n- more than 25 wounds: 0.1%\n- kills" in r.content, r.content
    assert "0.0%" not in r.content and "26 wounds" not in r.content  # no tail of empty lines
    r = await table.slash(ALICE, "chess28 rules", term="Push Back")
    assert r.ephemeral and "opposite" in r.content
    r = await table.slash(ALICE, "chess28 rules")
    assert "planetsmashergames.com" in r.content and "Mike Hutchinson" in r.content
    for look in ("chess28 reach", "chess28 hand"):  # (they need a game: it read "There is no
        extra = {"unit": "W1"} if look.endswith("reach") else {}  # game here", or a spectator's)
        r = await table.slash(ALICE, look, **extra)
        assert r.ephemeral and "There is no Chess28 game in play here" in r.content, r.content


async def test_bad_and_forged_options_are_refused_privately_and_change_nothing(
    table: Harness,
) -> None:
    channel = await start_game(table)
    await setup_to_play(table, channel)
    svc = service(table)
    row, state = await svc.current(channel)
    mover = await decider(table, channel)
    other = ALICE if mover == BOB else BOB
    mine = "W" if state.to_act.value == 0 else "B"
    theirs = "B" if mine == "W" else "W"
    n, version = len(state.history), row.version
    legal = next(a for a in legal_actions(state) if isinstance(a, A.Move))
    move = {"unit": legal.unit, "square": str(legal.square), "facing": legal.facing}
    cases = [
        (CAROL, "chess28 move", move, "seated players"),
        (other, "chess28 move", move, "decision"),
        (other, "chess28 end", {}, "decision"),
        (mover, "chess28 move", {"unit": "Z9", "square": "d4"}, "no model"),
        (mover, "chess28 move", {"unit": f"{mine}1", "square": "z9"}, "not a square"),
        (
            mover,
            "chess28 move",
            {"unit": f"{mine}1", "square": "d4", "facing": "X"},
            "must be one of",
        ),
        (mover, "chess28 move", {"unit": f"{theirs}1", "square": "d4"}, "not"),
        (mover, "chess28 melee", {"unit": f"{mine}1", "target": "h5"}, "Melee Range"),
        (mover, "chess28 shoot", {"unit": f"{mine}1", "direction": "up"}, "not a direction"),
        (mover, "chess28 choose", {"option": "yes"}, "no open decision"),
        (mover, "chess28 gambit", {"card": "Joker"}, "not a Gambit Card"),
        (mover, "chess28 deploy", {"unit": f"{mine}1", "square": "a1", "facing": "N"}, "is over"),
        (mover, "chess28 odds", {"fight": 99, "defence": 1}, ""),
    ]
    for user, name, options, words in cases:
        r = await table.slash(user, name, channel=channel, **options)
        assert r.ephemeral, (name, options, r.content)
        assert words.lower() in r.content.lower(), (name, options, r.content)
        row2, state2 = await svc.current(channel)
        assert row2.version == version and len(state2.history) == n, (name, options)
    # Autocomplete of a decision's options is only for the player who decides.
    assert (
        await table.autocomplete(other, "chess28 choose", "option", channel=channel, option="")
        == []
    )


async def test_a_gambit_hand_is_shown_only_to_its_owner(table: Harness) -> None:
    channel = await start_game(table)
    svc = service(table)
    _, state = await svc.current(channel)
    r = await table.slash(ALICE, "chess28 hand", channel=channel)
    assert r.ephemeral and "White's Gambit Cards" in r.content and "Black's" not in r.content
    from rules.chess28.cards import BY_NUMBER

    assert all(BY_NUMBER[c].title in r.content for c in state.hands[0])
    r = await table.slash(CAROL, "chess28 hand", channel=channel)
    assert r.ephemeral and "Only a seated player" in r.content
    # The card autocomplete offers the asker's own cards and nobody else's.
    mine = await table.autocomplete(BOB, "chess28 gambit", "card", channel=channel, card="")
    assert sorted(c["value"] for c in mine) == sorted(BY_NUMBER[c].title for c in state.hands[1])
    assert await table.autocomplete(CAROL, "chess28 gambit", "card", channel=channel, card="") == []
    public = " ".join(s.content for s in table.sent if not s.ephemeral)
    titles = [BY_NUMBER[c].title for c in state.hands[0] + state.hands[1]]
    leaked = [t for t in titles if re.search(rf"\b{re.escape(t)}\b", public)]  # not "Vaulter"
    assert not leaked, (leaked, public)


async def test_help_and_the_rules_look_up_credit_the_author(table: Harness) -> None:
    r = await table.slash(ALICE, "help", system="chess28")
    assert r.ephemeral and "Mike Hutchinson" in r.content and "planetsmashergames.com" in r.content
    r = await table.slash(ALICE, "rules", topic="push back", system="chess28")
    assert "opposite" in r.content and "planetsmashergames.com" in r.content


async def test_terrain_at_random_with_the_button(table: Harness) -> None:
    channel = await start_game(table, roll_off=[1] * 15 + [6, 1, 3])
    last = table.live_message(channel)
    last = await table.click(ALICE, last, last.buttons()[0][1])
    last = await table.click(BOB, last, last.buttons()[0][1])  # the chests placed
    nope = await table.click(BOB, last, last.button("Place terrain at random"))
    assert nope.ephemeral, nope.content  # White places first: refused, nothing changed
    assert len((await current(table, channel)).terrain) == 2
    for who in (ALICE, BOB, ALICE, BOB):
        last = table.live_message(channel)
        await table.click(who, last, last.button("Place terrain at random"))
    state = await current(table, channel)
    assert state.phase is Phase.DEPLOY and len(state.terrain) == 6  # 2 chests, 4 pieces
    assert table.errors == [] and table.violations == []


async def test_charge_and_odds_autocomplete_offer_what_the_rules_allow(table: Harness) -> None:
    """/chess28 charge offered every square the model could move to (most were refused: "no
    one to attack after charging"); /chess28 odds offered move squares as targets, and nothing
    for a model that could not act. A set position is put in the game's place (in the
    service's cache, its history kept) so that a Charge is possible."""
    from dataclasses import replace

    from tests.chess28.helpers import position

    channel = await start_game(table)
    await setup_to_play(table, channel)
    svc = service(table)
    row, live = await svc.current(channel)
    s = position([("Lancer", "d4", "N")], [("Brute", "d7", "S"), ("Duelist", "a8", "S")])
    svc._remember(row.id, row.version, replace(s, history=live.history))
    user = int(svc.user_of(row, s.decider))
    squares = await table.autocomplete(
        user, "chess28 charge", "square", channel=channel, unit="W1", square=""
    )
    assert [c["value"] for c in squares] == ["d5"], squares  # only where it has someone to hit
    other = BOB if user == ALICE else ALICE
    for asker in (other, CAROL):  # a look: any model, for anyone
        units = await table.autocomplete(asker, "chess28 odds", "unit", channel=channel, unit="")
        assert {"W1", "B1", "B2"} <= {c["value"] for c in units}, (asker, units)
    near = position([("Brute", "d5", "N")], [("Lancer", "d6", "S"), ("Duelist", "e6", "S")])
    svc._remember(row.id, row.version, replace(near, history=live.history))
    targets = await table.autocomplete(
        other, "chess28 odds", "target", channel=channel, unit="W1", target=""
    )
    assert {c["value"] for c in targets} == {"d6", "e6"}, targets
    svc._remember(row.id, row.version, replace(s, history=live.history))
    r = await table.slash(user, "chess28 charge", channel=channel, unit="W1", square="d5")
    assert "charges" in r.content, r.content
    hit = await table.autocomplete(
        user, "chess28 melee", "target", channel=channel, unit="W1", target=""
    )
    assert [c["value"] for c in hit] == ["d7"], hit  # (its Charge's attack: it offered none)


async def test_a_choice_longer_than_a_menu_is_offered_in_several(table: Harness) -> None:
    """Placing a Fortify Reinforcement offers a square and a facing for each Backline square,
    32 choices: more than a Discord menu's 25. They come as two menus on the live message
    (each with an id of its own, named by its first and last choice), and a pick from the
    second applies that choice (the prompt sent the player to `/chess28 choose`; the "Your
    choices" button showed no menu). A set position is put in the game's place."""
    from dataclasses import replace

    from rules.chess28 import cards as G
    from rules.chess28.cards import BY_NUMBER
    from tests.chess28.helpers import PLAIN, W, position

    channel = await start_game(table)
    await setup_to_play(table, channel)
    svc = service(table)
    row, live = await svc.current(channel)
    s = position(
        [("Brute", "d4", "N")],
        [("Brute", "d7", "S")],
        hands=((G.FORTIFY,), ()),
        dead={W: [PLAIN, PLAIN, "Brute"]},
    )
    svc._remember(row.id, row.version, replace(s, history=live.history))
    user = int(svc.user_of(row, s.decider))
    r = await table.slash(user, "chess28 gambit", channel=channel, card=BY_NUMBER[G.FORTIFY].title)
    assert "Fortify" in r.content, r.content
    r = await table.slash(user, "chess28 choose", channel=channel, option="W3")
    state = await current(table, channel)
    options = list(state.pending.options)
    assert len(options) == 32, options
    last = table.live_message(channel)
    assert "with the menus below or `/chess28 choose`" in last.content, last.content
    menus = last.selects()
    assert [len(m["options"]) for m in menus] == [25, 7], menus
    assert len({m["custom_id"] for m in menus}) == 2
    first, end = menus[1]["options"][0]["label"], menus[1]["options"][-1]["label"]
    assert menus[1]["placeholder"] == f"{first} ... {end}", menus[1]["placeholder"]
    assert first.startswith(options[25].split()[0]) and end.startswith(options[-1].split()[0])
    pick = menus[1]["options"][-1]
    done = await table.click(user, last, menus[1]["custom_id"], [pick["value"]])
    after = await current(table, channel)
    assert after.pending is None or after.pending.options != state.pending.options, done.content
    placed = after.unit("W3")
    assert placed.square is not None and pick["label"].startswith(str(placed.square)), pick
    assert table.errors == [] and table.violations == []

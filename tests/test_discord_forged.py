"""Forged input through discord.py's real dispatch: what a modified Discord client can send
(values outside the declared choices, wrong option types, numbers beyond the declared range,
custom_ids the bot never made, a click from the wrong channel, a seat it does not hold).

Every case must be refused with a clear private (ephemeral) message and change nothing: the
game's row version and status, its history, its stored event log and the state the store
replays to are compared before and after. The ``table`` fixture fails a test on any ERROR log
record (an unhandled exception) and on a response Discord would reject.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bot import systems
from tests.conftest import ALICE, BOB, CAROL
from tests.discord_harness import CHANNEL_ID, Harness, Sent, snowflake
from tests.test_discord_game import _play_until_activation, decider_of, service, start_game

OTHER_CHANNEL = 900_000_000_000_000_777


# ---- what "changes nothing" means ----
@dataclass
class Stored:
    game_id: int
    version: int
    status: str
    channel_id: int
    meta: dict[str, Any]
    history: int
    events: list[dict[str, Any]]
    state: Any


async def snapshot(table: Harness, game_id: int) -> Stored:
    """The game as the store holds it (never the service's cache)."""
    svc = service(table)
    row = await svc.store.game(game_id)
    assert row is not None
    state = await svc.stored_state(game_id)
    return Stored(
        game_id=game_id,
        version=row.version,
        status=row.status,
        channel_id=row.channel_id,
        meta=dict(row.meta),
        history=0 if state is None else len(state.history),
        events=await svc.store.events(game_id),
        state=state,
    )


async def assert_unchanged(table: Harness, before: Stored, what: str) -> None:
    after = await snapshot(table, before.game_id)
    assert after.version == before.version, what
    assert after.status == before.status, what
    assert after.channel_id == before.channel_id, what
    assert after.meta == before.meta, what
    assert after.history == before.history, what
    assert after.events == before.events, what
    assert after.state == before.state, what
    # The live game (the service's cache) is still the stored one.
    cur = await service(table).current(before.channel_id)
    if before.status in ("live", "teams"):
        assert cur is not None and cur[1] == before.state, what


# ---- sending forged interactions ----
async def send(table: Harness, payload: dict[str, Any]) -> Sent:
    """Feed one interaction; exactly one reply, private, and nothing posted for everyone."""
    start = len(table.sent)
    table.feed(payload)
    await table.settle()
    got = table.sent[start:]
    replies = [s for s in got if s.kind in ("response", "followup")]
    assert len(replies) == 1, f"expected one reply, got {[(s.kind, s.content) for s in got]}"
    public = [s for s in got if s.kind != "defer" and not s.ephemeral]
    assert public == [], f"a forged interaction posted publicly: {[s.content for s in public]}"
    reply = replies[0]
    assert reply.ephemeral, reply.content
    assert reply.content.strip(), "the refusal says nothing"
    assert not reply.components, "a refusal carries no buttons"
    return reply


async def forged_slash(
    table: Harness,
    user: int,
    command: str,
    channel: int,
    types: dict[str, int] | None = None,
    **options: Any,
) -> Sent:
    """A slash command whose option values are sent as given (any Python value), each option
    tagged with its declared Discord type (``types``), as a modified client would send it."""
    payload = table.slash_payload(user, command, channel, **options)
    opts = payload["data"]["options"]
    leaf = opts[0]["options"] if opts and opts[0]["type"] == 1 else opts
    for opt in leaf:
        if types and opt["name"] in types:
            opt["type"] = types[opt["name"]]
    return await send(table, payload)


def message_with(channel: int, custom_id: str, select: bool = False) -> Sent:
    """A message carrying one component with ``custom_id``, as Discord would relay it with the
    click (discord.py only calls a dynamic item whose custom_id is on the clicked message)."""
    if select:
        comp: dict[str, Any] = {
            "type": 3,
            "custom_id": custom_id,
            "placeholder": "Choose...",
            "min_values": 1,
            "max_values": 1,
            "options": [{"label": "-", "value": "0", "default": False}],
            "disabled": False,
        }
    else:
        comp = {
            "type": 2,
            "style": 1,
            "label": "Choose",
            "custom_id": custom_id,
            "disabled": False,
        }
    return Sent(
        kind="response",
        content="A decision.",
        components=[{"type": 1, "components": [comp]}],
        message_id=int(snowflake()),
        channel_id=channel,
    )


async def forged_click(
    table: Harness,
    user: int,
    channel: int,
    custom_id: str,
    values: list[str] | None = None,
    from_channel: int | None = None,
) -> Sent:
    msg = message_with(channel, custom_id, select=values is not None)
    payload = table.click_payload(user, msg, custom_id, values)
    if from_channel is not None:  # clicked from another channel than the message's
        payload = table._base(3, payload["data"], user, from_channel, message=msg.message_payload())
    return await send(table, payload)


# ---- a game in play ----
@dataclass
class Game:
    channel: int
    game_id: int
    mover: int
    other: int


async def game_in_play(table: Harness) -> Game:
    channel = await start_game(table)
    await _play_until_activation(table, channel)
    row, state = await service(table).current(channel)
    assert state.phase.value == "play"
    mover = await decider_of(table, channel)
    return Game(channel, row.id, mover, ALICE if mover == BOB else BOB)


# ---- 1. /adjust mark with a value outside its declared choices ----
@pytest.mark.parametrize("what", ["undo", "concede", "bless; undo", "", "x" * 300])
async def test_adjust_mark_outside_the_choices_is_refused(table: Harness, what: str) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    r = await forged_slash(table, g.mover, "adjust mark", g.channel, piece="White P1", what=what)
    if what.strip():
        assert "bless" in r.content.lower() and "scatter" in r.content.lower(), r.content
    await assert_unchanged(table, before, f"/adjust mark what={what!r}")
    # The game goes on: a real mark from the same player still works.
    ok = await table.slash(
        g.mover, "adjust mark", channel=g.channel, piece="White P1", what="bless"
    )
    assert "is Blessed" in ok.content, ok.content


# ---- 2. /adjust tokens with a forged token or count ----
@pytest.mark.parametrize(
    ("token", "count"),
    [
        ("nonsense", 1),
        ("advantage; undo", 1),
        ("advantage", "many"),
        ("advantage", "1e9"),
        ("advantage", "2; undo"),
        ("advantage", 1.5),
        ("advantage", float("nan")),
        ("advantage", 10**30),
        ("advantage", -(10**30)),
        ("advantage", 21),
        ("advantage", -21),
        ("advantage", True),
        ("advantage", None),
        ("advantage", [1, 2]),
        ("advantage", {"n": 1}),
    ],
)
async def test_adjust_tokens_forged_values_are_refused(
    table: Harness, token: str, count: Any
) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    await forged_slash(
        table,
        g.mover,
        "adjust tokens",
        g.channel,
        types={"token": 3, "count": 4},
        piece="White P1",
        token=token,
        count=count,
    )
    await assert_unchanged(table, before, f"/adjust tokens token={token!r} count={count!r}")


async def test_adjust_tokens_count_as_a_number_type_is_refused(table: Harness) -> None:
    """``count`` sent as a NUMBER option (type 10, a float) instead of an INTEGER."""
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    await forged_slash(
        table,
        g.mover,
        "adjust tokens",
        g.channel,
        types={"count": 10},
        piece="White P1",
        token="advantage",
        count=2.5,
    )
    await assert_unchanged(table, before, "/adjust tokens count=2.5 (type 10)")


# ---- 3. /move with a forged square or piece ----
@pytest.mark.parametrize(
    ("piece", "square", "words"),
    [
        ("P1", "z9", "not a square"),
        ("P1", "e4; undo", "not a square"),
        ("P1", "e4\nundo", ""),
        ("P1", "a" * 5000, ""),
        ("P" * 5000, "e4", ""),
        ("P1\nundo", "e4", ""),
        ('P1"; undo; "', "e4", ""),
        ("P1' OR '1'='1", "e4", ""),
        ("<@&1> @everyone", "e4", ""),
        ("\u0000P1", "e4", ""),
    ],
)
async def test_move_forged_square_or_piece_is_refused(
    table: Harness, piece: str, square: str, words: str
) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    r = await forged_slash(table, g.mover, "move", g.channel, piece=piece, square=square)
    assert words in r.content, r.content
    await assert_unchanged(table, before, f"/move piece={piece[:20]!r} square={square[:20]!r}")


async def test_move_with_a_non_string_square_is_refused(table: Harness) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    for square in (44, None, ["e4"]):
        await forged_slash(
            table, g.mover, "move", g.channel, types={"square": 3}, piece="P1", square=square
        )
    await assert_unchanged(table, before, "/move with a non-text square")


# ---- 4. /game new with a system that is not built ----
@pytest.mark.parametrize(
    "system",
    [
        "bogus",
        "wargame-chess; drop table games",
        *systems.PLANNED,  # planned but not built yet
        *(f"{key.upper()} " for key in systems.PLANNED),
    ],
)
async def test_game_new_with_an_unbuilt_system_is_refused(table: Harness, system: str) -> None:
    svc = service(table)
    payload = table.slash_payload(ALICE, "game new", CHANNEL_ID, users={"opponent": BOB})
    payload["data"]["options"][0]["options"].append({"type": 3, "name": "system", "value": system})
    r = await send(table, payload)
    built = list(systems.SYSTEMS.values())
    assert any(p.id in r.content or p.name in r.content for p in built), r.content
    assert await svc.store.live_game(CHANNEL_ID) is None, "a game was created"
    # The channel is still free: a normal challenge works.
    ok = await table.slash(ALICE, "game new", users={"opponent": BOB})
    assert not ok.ephemeral and "challenges" in ok.content, ok.content


# ---- 5. buttons and menus with forged custom_ids ----
async def test_choice_button_index_out_of_range(table: Harness) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    for index in (999, 2**62, 2**63 - 1):
        cid = f"wg:c:{g.game_id}:{before.version}:{index}"
        r = await forged_click(table, g.mover, g.channel, cid)
        assert "not available" in r.content, r.content
    await assert_unchanged(table, before, "ChoiceButton index out of range")


async def test_choice_button_ids_beyond_64_bits(table: Harness) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    huge = "99999999999999999999999"
    for cid in (
        f"wg:c:{huge}:1:0",
        f"wg:c:{g.game_id}:{huge}:0",
        f"wg:c:{g.game_id}:{before.version}:{huge}",
        f"wg:x:{huge}:1:autodeploy",
        f"wg:u:{huge}:1:1",
        f"wg:ch:{huge}:1",
    ):
        r = await forged_click(table, g.mover, g.channel, cid)
        assert "not valid" in r.content, (cid, r.content)
    r = await forged_click(table, g.mover, g.channel, f"wg:s:{huge}:1", values=["0"])
    assert "not valid" in r.content, r.content
    await assert_unchanged(table, before, "custom_ids beyond 64 bits")


@pytest.mark.parametrize(
    "values", [["abc"], ["99999999"], ["-1"], ["1.0"], [""], ["０"], ["1_0"], [" 1"], []]
)
async def test_choice_select_forged_values(table: Harness, values: list[str]) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    cid = f"wg:s:{g.game_id}:{before.version}"
    r = await forged_click(table, g.mover, g.channel, cid, values=values)
    assert "Pick one of the options" in r.content, (values, r.content)
    await assert_unchanged(table, before, f"ChoiceSelect values={values!r}")


async def test_choice_select_with_more_values_than_the_menu_allows(table: Harness) -> None:
    """The menu allows one value (max_values 1); a forged click sends two."""
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    cid = f"wg:s:{g.game_id}:{before.version}"
    await forged_click(table, g.mover, g.channel, cid, values=["0", "1"])
    await assert_unchanged(table, before, "ChoiceSelect with two values")


async def test_choice_select_index_out_of_range(table: Harness) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    cid = f"wg:s:{g.game_id}:{before.version}"
    r = await forged_click(table, g.mover, g.channel, cid, values=["999999"])
    assert "not available" in r.content, r.content
    await assert_unchanged(table, before, "ChoiceSelect index out of range")


async def test_command_button_unknown_command(table: Harness) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    for key in ("nosuchcommand", "undo", "concede"):
        r = await forged_click(
            table, g.mover, g.channel, f"wg:x:{g.game_id}:{before.version}:{key}"
        )
        assert "not one of this game's" in r.content, (key, r.content)
    await assert_unchanged(table, before, "CommandButton unknown command")


async def test_command_button_known_command_out_of_its_phase(table: Harness) -> None:
    """A real key ("autodeploy") forged onto the play phase."""
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    await forged_click(table, g.mover, g.channel, f"wg:x:{g.game_id}:{before.version}:autodeploy")
    await assert_unchanged(table, before, "CommandButton autodeploy during play")


async def test_challenge_button_from_another_channel(table: Harness) -> None:
    svc = service(table)
    sent = await table.slash(ALICE, "game new", users={"opponent": BOB})
    accept = sent.button("Accept")
    game_id = int(accept.split(":")[2])
    before = await snapshot(table, game_id)
    assert before.status == "challenge"
    threads = list(table.threads)
    for cid in (accept, sent.button("Decline")):
        r = await forged_click(table, BOB, CHANNEL_ID, cid, from_channel=OTHER_CHANNEL)
        assert "This challenge belongs to another channel." in r.content, r.content
    assert table.threads == threads, "a thread was opened"
    row = await svc.store.game(game_id)
    assert row.version == before.version and row.status == "challenge"
    assert row.channel_id == CHANNEL_ID
    # In its own channel the challenge still works.
    ok = await table.click(BOB, sent, accept)
    assert "Accepted" in ok.content, ok.content


async def test_challenge_button_for_a_game_in_play_from_elsewhere(table: Harness) -> None:
    """The Accept of a game already in play, forged in another channel: no second start."""
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    for channel in (OTHER_CHANNEL, g.channel):
        r = await forged_click(table, BOB, g.channel, f"wg:ch:{g.game_id}:1", from_channel=channel)
        assert "another channel" in r.content or "no longer open" in r.content, r.content
    await assert_unchanged(table, before, "Accept of a game in play")


async def test_undo_button_for_a_version_that_is_not_current(table: Harness) -> None:
    g = await game_in_play(table)
    r = await table.slash(g.mover, "activate", channel=g.channel, piece="P1")
    assert "Activates P1" in r.content, r.content
    ask = await table.slash(g.mover, "game undo", channel=g.channel)
    assert "asks to undo" in ask.content
    before = await snapshot(table, g.game_id)
    assert before.meta.get("undo"), "the undo request is recorded"
    for version in (before.version - 1, before.version + 1, before.version + 1000, 0):
        for agree in (1, 0):
            cid = f"wg:u:{g.game_id}:{version}:{agree}"
            r = await forged_click(table, g.other, g.channel, cid)
            assert "no longer current" in r.content, (cid, r.content)
    await assert_unchanged(table, before, "UndoButton at another version")
    # The real request is still open and still works.
    real = await table.click(g.other, ask, ask.button("Agree"))
    assert "Undid: " in real.content, real.content


async def test_undo_button_with_no_request(table: Harness) -> None:
    """An UndoButton at the current version, though nobody asked to undo."""
    g = await game_in_play(table)
    r = await table.slash(g.mover, "activate", channel=g.channel, piece="P1")
    assert "Activates P1" in r.content, r.content
    before = await snapshot(table, g.game_id)
    for user in (g.mover, g.other):
        r = await forged_click(table, user, g.channel, f"wg:u:{g.game_id}:{before.version}:1")
        assert "no undo request" in r.content, r.content
    await assert_unchanged(table, before, "UndoButton with no request")


async def test_undo_button_clicked_by_the_asker_or_a_spectator(table: Harness) -> None:
    g = await game_in_play(table)
    await table.slash(g.mover, "activate", channel=g.channel, piece="P1")
    ask = await table.slash(g.mover, "game undo", channel=g.channel)
    before = await snapshot(table, g.game_id)
    cid = ask.button("Agree")
    for user in (g.mover, CAROL):
        r = await send(table, table.click_payload(user, ask, cid))
        assert "Only the other player" in r.content, r.content
    await assert_unchanged(table, before, "Agree by the asker or a spectator")


@pytest.mark.parametrize("kind", ["button", "select", "undo"])
async def test_decision_clicked_from_another_channel(table: Harness, kind: str) -> None:
    """A decision button or menu (or an undo answer) of the game in its thread, forged into
    another channel by a seated player. The challenge button refuses this ("This challenge
    belongs to another channel."); these must too, or the game's public record and its next
    decision are posted where the game is not."""
    g = await game_in_play(table)
    user = g.mover
    if kind == "undo":
        await table.slash(g.mover, "activate", channel=g.channel, piece="P1")
        await table.slash(g.mover, "game undo", channel=g.channel)
        user = g.other
    before = await snapshot(table, g.game_id)
    values = None
    if kind == "button":
        cid = f"wg:c:{g.game_id}:{before.version}:0"
    elif kind == "select":
        cid, values = f"wg:s:{g.game_id}:{before.version}", ["0"]
    else:
        cid = f"wg:u:{g.game_id}:{before.version}:1"
    r = await forged_click(table, user, g.channel, cid, values, from_channel=OTHER_CHANNEL)
    assert "another channel" in r.content, r.content
    await assert_unchanged(table, before, f"{kind} clicked from another channel")


# ---- 6. a player who is not seated ----
async def test_spectator_cannot_move_or_adjust(table: Harness) -> None:
    g = await game_in_play(table)
    svc = service(table)
    _, state = await svc.current(g.channel)
    # A legal move for the player to decide, so only the seat check can refuse it.
    piece, squares = "", []
    for p in state.pieces:
        if p.on_board and p.owner is state.decider:
            squares = await table.autocomplete(
                g.mover, "move", "square", channel=g.channel, piece=p.label, square=""
            )
            if squares:
                piece = p.label
                break
    assert piece, "no piece of the decider can move"
    before = await snapshot(table, g.game_id)
    seated = "Only the two seated players"
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("move", {"piece": piece, "square": squares[0]["value"]}, seated),
        ("activate", {"piece": piece}, seated),
        ("adjust mark", {"piece": "White P1", "what": "slay"}, seated),
        ("adjust tokens", {"piece": "White P1", "token": "advantage", "count": 2}, seated),
        ("game concede", {}, seated),
        # Malformed as well: refused by the field check before the seat is looked at.
        ("move", {"piece": "P1", "square": "z9"}, "not a square"),
        ("adjust mark", {"piece": "White P1", "what": "undo"}, "must be one of"),
    ]
    for name, options, words in cases:
        r = await forged_slash(table, CAROL, name, g.channel, **options)
        assert words in r.content, (name, r.content)
    await assert_unchanged(table, before, "a spectator's commands")


async def test_spectator_cannot_press_the_decision_buttons(table: Harness) -> None:
    g = await game_in_play(table)
    before = await snapshot(table, g.game_id)
    r = await forged_click(table, CAROL, g.channel, f"wg:c:{g.game_id}:{before.version}:0")
    assert "seated players" in r.content, r.content
    r = await forged_click(
        table, CAROL, g.channel, f"wg:s:{g.game_id}:{before.version}", values=["0"]
    )
    assert "seated players" in r.content, r.content
    await assert_unchanged(table, before, "a spectator's clicks")


async def test_a_stale_button_from_another_channel_does_not_tell_how_a_game_ended(
    table: Harness,
) -> None:
    """A finished game's stale button, clicked in its own channel, says how the game ended;
    the same click forged from another channel says only that it is over."""
    from tests.conftest import CAROL

    g = await game_in_play(table)
    r = await table.slash(g.mover, "game concede", channel=g.channel)
    await table.click(g.mover, r, r.button("concede"))
    here = await forged_click(table, CAROL, g.channel, f"wg:s:{g.game_id}:1", ["0"])
    assert here.content.startswith("This game is over: ") and "conceded" in here.content
    there = await forged_click(
        table, CAROL, g.channel, f"wg:s:{g.game_id}:1", ["0"], from_channel=OTHER_CHANNEL
    )
    assert there.content == "This game is over.", there.content

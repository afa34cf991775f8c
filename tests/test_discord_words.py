"""Discord play in Discord's words (issue 12): prompts name buttons and slash commands, never
the console's syntax, and the examples they give are legal for the piece they name."""

from __future__ import annotations

import random
import re

from rules.core.dice import RandomDice
from rules.wargame_chess.engine import apply, destinations, legal_actions, new_game
from rules.wargame_chess.state import Phase
from rules.wargame_chess.teams import TeamList
from tests.discord_harness import Harness
from tests.test_discord_game import play_one, start_game

CONSOLE_SYNTAX = (
    "`trees",
    "`deploy auto`",
    "`spend`",
    "`keep`",
    "`combat ",
    "`aside ",
    "`actions`",
)


async def test_public_messages_name_buttons_and_slash_commands(table: Harness) -> None:
    channel = await start_game(table)
    rng = random.Random(3)
    last = table.sent[-1]
    for _ in range(40):
        sent = await play_one(table, channel, last, rng)
        if not sent.ephemeral:
            last = sent
    public = table.shown  # every public message and every edit of the live message
    assert len(public) > 30
    for text in public:
        assert not any(c in text for c in CONSOLE_SYNTAX), text


def test_the_examples_in_discord_prompts_are_legal() -> None:
    from bot.wargame_chess.table import discord_prompt

    dice = RandomDice(11)
    rng = random.Random(11)
    s = new_game(TeamList.parse("K Q R 2N 3P"), TeamList.parse("K 2B 2N J 2P"))
    checked = 0
    for _ in range(400):
        if s.is_over:
            break
        text = discord_prompt(s)
        for label, square in re.findall(r"`/move (\w+) ([a-h][1-8])`", text):
            piece = s.find(label, s.decider if s.phase is Phase.PLAY else None)
            assert square in {str(q) for q in destinations(s, piece)}, (text, label, square)
            checked += 1
        s, _ = apply(s, rng.choice(legal_actions(s)), dice)
    assert checked > 20


async def test_the_public_picture_keeps_one_orientation_and_the_board_is_my_side(
    table: Harness, monkeypatch: object
) -> None:
    from rules.core.board import Player
    from tests.conftest import BOB
    from tests.test_discord_game import service

    channel = await start_game(table)
    painter = service(table).painter
    views: list[object] = []
    draw = painter.board_png

    async def recording(state: object, view: object, system: str, public: bool = False) -> bytes:
        views.append((view, public))
        return await draw(state, view, system, public)

    painter.board_png = recording  # type: ignore[method-assign]
    rng = random.Random(4)
    last = table.sent[-1]
    for _ in range(12):
        sent = await play_one(table, channel, last, rng)
        if not sent.ephemeral:
            last = sent
    assert views and set(views) == {(Player.WHITE, True)}  # the public picture, White below
    mine = await table.slash(BOB, "game board", channel=channel)  # Black's own side, privately
    lines = mine.content.splitlines()
    assert lines[0] == "```"  # the text board in a code block, so its columns line up
    assert mine.ephemeral and lines[1].split()[0] == "h" and lines[2].split()[0] == "1"

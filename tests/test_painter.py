"""The pictures that are sent: composed in the palette (checked pixel for pixel against the RGB
reference drawing), drawn in worker processes (same bytes as drawn here; a dead worker loses no
picture), and the garbage-collector settings that keep pauses short."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import pickle
import random
import weakref
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot import gctune
from bot.painter import Painter
from bot.wargame_chess import render as R
from bot.wargame_chess.samples import midgame, opening
from rules.core.errors import RulesError
from rules.wargame_chess.actions import Bless, Curse, GiveTokens
from rules.wargame_chess.board import Player
from rules.wargame_chess.dice import RandomDice
from rules.wargame_chess.engine import apply, legal_actions
from rules.wargame_chess.state import GameState, Token
from tests.conftest import start_bot, stop_bot
from tests.discord_harness import Harness
from tests.test_discord_game import decider_of, service, start_game


def varied_positions(n: int, seed: int) -> list[GameState]:
    """Random play from the two samples, with tokens, Blessings and Curses handed out, so
    pieces carry every kind of mark, and pending decisions light up squares."""
    rng = random.Random(seed)
    dice = RandomDice(seed)
    out: list[GameState] = []
    for s in (midgame(), opening()):
        for _ in range(n // 2):
            if s.is_over:
                break
            on = [p for p in s.pieces if p.on_board]
            if on and rng.random() < 0.3:
                p = rng.choice(on)
                adj = rng.choice(
                    [
                        GiveTokens(p.owner, p.key, Token.ADVANTAGE, rng.randint(1, 3)),
                        GiveTokens(p.owner, p.key, Token.DISADVANTAGE, rng.randint(1, 2)),
                        Bless(p.owner, p.key),
                        Curse(p.owner, p.key),
                    ]
                )
                with contextlib.suppress(RulesError):  # e.g. Blessing a Blessed piece
                    s, _ = apply(s, adj, dice)
            s, _ = apply(s, rng.choice(legal_actions(s)), dice)
            out.append(s)
    return out


POSITIONS = varied_positions(80, seed=5)


def reference(s: GameState, view: Player | None) -> Image.Image:
    img = R.render_board_image(s, view)
    return img.quantize(palette=R._palette(), dither=Image.Dither.NONE)


def test_marks_and_highlights_occur_in_the_sample() -> None:
    """The comparison below means something only if the positions carry what it checks."""
    pieces = [p for s in POSITIONS for p in s.pieces if p.on_board]
    assert any(p.advantage for p in pieces) and any(p.disadvantage for p in pieces)
    assert any(p.blessed for p in pieces) and any(p.cursed for p in pieces)
    assert any(R.current_highlights(s).moves for s in POSITIONS)
    assert any(R.last_activation(s) for s in POSITIONS)
    assert any(s.terrain for s in POSITIONS)


@pytest.mark.parametrize("view", [Player.WHITE, Player.BLACK])
def test_composed_picture_equals_the_reference_pixel_for_pixel(view: Player) -> None:
    for s in POSITIONS:
        got = R.board_picture(s, view)
        want = reference(s, view)
        assert got.tobytes() == want.tobytes()


def test_sent_png_decodes_to_the_composed_picture() -> None:
    s = POSITIONS[7]
    png = R.board_png(s, Player.BLACK)
    decoded = Image.open(io.BytesIO(png))
    decoded.load()
    assert decoded.mode == "P" and decoded.size == (R.BOARD_PX, R.BOARD_PX + R.PANEL_H)
    assert decoded.tobytes() == R.board_picture(s, Player.BLACK).tobytes()
    assert decoded.convert("RGB").tobytes() == reference(s, Player.BLACK).convert("RGB").tobytes()
    Image.open(io.BytesIO(png)).verify()  # chunk CRCs


def test_palette_png_refuses_other_modes() -> None:
    with pytest.raises(ValueError, match="'P' image"):
        R.palette_png(Image.new("RGB", (4, 4)))


def test_a_scene_is_small_and_holds_what_the_picture_shows() -> None:
    """What crosses to the worker: plain values, a couple of kilobytes even late in a game,
    and drawing it gives the same picture as drawing the state."""
    longest = max(POSITIONS, key=lambda s: len(s.history))
    assert len(pickle.dumps(R.scene_of(longest))) < 4096 < len(pickle.dumps(longest))
    for s in POSITIONS[::3]:
        scene = pickle.loads(pickle.dumps(R.scene_of(s, Player.BLACK)))
        assert R.scene_png(scene) == R.board_png(s, Player.BLACK)


async def test_worker_process_draws_the_same_bytes() -> None:
    painter = Painter(1)
    try:
        for s in POSITIONS[::16]:
            assert await painter.board_png(s, Player.BLACK, "wargame-chess") == R.board_png(
                s, Player.BLACK
            )
        # Pictures asked for at once all arrive, each the right one.
        batch = POSITIONS[:20]
        got = await asyncio.gather(*(painter.board_png(s, None, "wargame-chess") for s in batch))
        assert got == [R.board_png(s) for s in batch]
    finally:
        painter.close()


async def test_a_dead_worker_loses_no_picture() -> None:
    painter = Painter(1)
    try:
        s = POSITIONS[3]
        await painter.board_png(s, None, "wargame-chess")
        (worker,) = painter._workers
        worker.process.kill()
        worker.process.join(5)
        # Drawn here instead of lost; then a new worker takes over.
        assert await painter.board_png(s, None, "wargame-chess") == R.board_png(s)
        assert await painter.board_png(POSITIONS[4], None, "wargame-chess") == R.board_png(
            POSITIONS[4]
        )
        (fresh,) = painter._workers
        assert fresh is not worker and fresh.process.is_alive()
    finally:
        painter.close()
    assert not fresh.process.is_alive()


async def test_moves_through_discord_with_a_picture_worker(
    monkeypatch: Any, tmp_path: Path
) -> None:
    """The production set-up (RENDER_PROCESSES=1) through the real dispatch: each answer
    carries the picture of the new position, White at the bottom (the public orientation)."""
    bot, table = await start_bot(monkeypatch, tmp_path / "w.sqlite3", render_processes=1)
    try:
        channel = await start_game(table)
        svc = service(table)
        for _ in range(4):
            user = await decider_of(table, channel)
            last = table.live_message(channel)
            if last.buttons():
                sent = await table.click(user, last, last.buttons()[0][1])
            else:
                sent = await table.click(
                    user, last, last.select()["custom_id"], [last.select()["options"][0]["value"]]
                )
            assert not sent.ephemeral, sent.content
            _, now = await svc.current(channel)
            # the live message's picture: the board alone, White at the bottom
            assert sent.files[0][1] == R.scene_png(R.scene_of(now, Player.WHITE, compact=True))
    finally:
        await stop_bot(bot, table)
    assert table.violations == []


async def test_an_undrawable_picture_still_answers_the_move(table: Harness) -> None:
    channel = await start_game(table)
    svc = service(table)

    async def broken(*a: Any, **k: Any) -> bytes:
        raise RuntimeError("no ink")

    table.bot.service.painter.board_png = broken  # type: ignore[attr-defined]
    _, before = await svc.current(channel)
    last = table.sent[-1]
    user = await decider_of(table, channel)
    sent = await table.click(user, last, last.buttons()[0][1])
    assert sent is last and not sent.ephemeral  # the live message, its old picture kept
    assert "could not be drawn" in sent.content
    _, after = await svc.current(channel)
    assert len(after.history) == len(before.history) + 1  # the choice was kept
    assert any("could not draw" in r.getMessage() for r in table.errors)
    table.errors.clear()  # logged, as it should be; the fixture fails on any other error


def test_full_collections_freeze_survivors_and_thaw_later(monkeypatch: Any) -> None:
    gctune.install()
    assert gc.get_threshold()[2] == gctune.NEVER and gctune.after_collection in gc.callbacks

    class Node:
        other: Any = None

    a, b = Node(), Node()
    a.other, b.other = b, a  # a reference cycle
    alive = weakref.ref(a)
    gc.collect()  # a full collection: the cycle is alive, so it is frozen
    del a, b
    gc.collect()
    assert alive() is not None, "frozen objects are not walked"
    monkeypatch.setattr(gctune, "_last_thaw", -1e9)
    gc.collect()  # this one thaws the permanent generation...
    gc.collect()  # ...and the next walks everything and frees the dead cycle
    assert alive() is None


async def test_the_collector_runs_full_collections_on_its_own() -> None:
    gctune.install()
    full: list[int] = []

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(1)

    gc.callbacks.append(seen)
    task = asyncio.create_task(gctune.collector(0.01))
    try:
        await asyncio.sleep(0.1)
    finally:
        task.cancel()
        gc.callbacks.remove(seen)
    assert len(full) >= 3


def test_render_processes_setting(monkeypatch: Any, capsys: Any) -> None:
    from bot.__main__ import main
    from bot.settings import Settings

    monkeypatch.setenv("RENDER_PROCESSES", "2")
    assert Settings.from_env(env_file=None).render_processes == 2
    monkeypatch.setenv("RENDER_PROCESSES", "")
    assert Settings.from_env(env_file=None).render_processes == 1
    monkeypatch.setenv("RENDER_PROCESSES", "two")
    assert main([]) == 2
    assert "RENDER_PROCESSES must be a whole number" in capsys.readouterr().err
    with pytest.raises(ValueError, match="0 or more"):
        Painter(-1)

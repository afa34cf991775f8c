"""Interaction latency through the real cogs: many live games, the store on disk, rendering on.

Each measured interaction is a `/move` slash command (it Activates the piece and Moves it: one
whole Activation) fed through discord.py's own dispatch by the offline harness, timed from the
moment the gateway event is fed until the bot's response is recorded; that includes the
command tree, the service, the engine, the SQLite commit and the board picture. Interactions
are fed in concurrent waves across different games. The same Activations applied by the engine
alone are the baseline.

    python bench/interactions.py [--games 1000] [--activations 1500] [--wave 25]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest

from rules.engine import activatable, apply, destinations
from rules.state import Phase
from tests.conftest import start_bot, stop_bot

TEAMS = ("K Q R 2N 3P", "K 2B 2N J 2P")


async def make_games(svc: Any, n: int) -> list[int]:
    """n live games in play, each in its own channel (set up directly, not measured)."""
    channels = []
    for i in range(n):
        channel = 5_000_000 + i
        white, black = 7_000_000 + 2 * i, 7_000_001 + 2 * i
        ans = await svc.challenge(1, channel, white, black)
        await svc.answer_challenge(ans.game_id, black, True)
        await svc.set_team(channel, white, TEAMS[0])
        await svc.set_team(channel, black, TEAMS[1])
        for cmd in ("trees", "trees mirror", "deploy auto", "deploy auto"):
            row, state = await svc.current(channel)
            user = svc.user_of(row, state.decider)
            await svc.command(channel, user, cmd)
        channels.append(channel)
    return channels


async def next_move(svc: Any, channel: int, rng: random.Random) -> tuple[int, str, str, Any] | None:
    """A legal `/move` for the player to act, or None (answering other decisions unmeasured)."""
    cur = await svc.current(channel)
    if cur is None or cur[1] is None:
        return None
    row, state = cur
    for _ in range(5):
        if state.is_over or state.phase is not Phase.PLAY:
            return None
        if state.pending is None:
            break
        user = svc.user_of(row, state.decider)
        await svc.choose(row.id, row.version, user, 0)
        row, state = await svc.current(channel)
    if state.pending is not None:
        return None
    pieces, _ = activatable(state)
    rng.shuffle(pieces)
    for p in pieces:
        dests = sorted(destinations(state, p))
        if dests:
            return svc.user_of(row, state.to_act), p.label, str(rng.choice(dests)), state
    return None


async def run(games: int, activations: int, wave: int, pictures: bool = True) -> None:
    mp = pytest.MonkeyPatch()
    with tempfile.TemporaryDirectory() as tmp:
        bot, table = await start_bot(mp, Path(tmp) / "bench.sqlite3")
        svc = bot.service
        svc.render = pictures
        t0 = time.perf_counter()
        channels = await make_games(svc, games)
        print(f"set up {games} live games in {time.perf_counter() - t0:.1f}s (not measured)")
        rng = random.Random(1)
        latencies: list[float] = []
        errors: dict[str, int] = {}
        missing = 0
        done = 0
        engine_states = []
        start = time.perf_counter()
        busy = 0.0
        while done < activations:
            batch = []
            for channel in rng.sample(channels, min(wave, len(channels))):
                mv = await next_move(svc, channel, rng)
                if mv is not None:
                    batch.append((channel, mv))
            if not batch:
                break
            sent_before = len(table.sent)
            payloads = []
            for channel, (user, piece, square, state) in batch:
                payloads.append(
                    table.slash_payload(user, "move", channel=channel, piece=piece, square=square)
                )
                engine_states.append((state, piece, square))
            # Each response is timed from the feed of its wave to when it was recorded.
            marks: dict[int, float] = {}
            orig = table._record

            def timed_record(
                *a: Any, _orig: Any = orig, _marks: dict[int, float] = marks, **k: Any
            ) -> Any:
                s = _orig(*a, **k)
                _marks[id(s)] = time.perf_counter()
                return s

            table._record = timed_record  # type: ignore[method-assign]
            t_feed = time.perf_counter()
            for payload in payloads:
                table.feed(payload)
            await table.settle()
            busy += time.perf_counter() - t_feed
            table._record = orig  # type: ignore[method-assign]
            got = [x for x in table.sent[sent_before:] if x.kind == "response"]
            if len(got) != len(batch):
                missing += len(batch) - len(got)
            for s in table.sent[sent_before:]:
                if s.kind == "response" and id(s) in marks:
                    latencies.append((marks[id(s)] - t_feed) * 1000)
                    if not s.ephemeral:
                        done += 1
                    else:
                        errors[s.content[:60]] = errors.get(s.content[:60], 0) + 1
        wall = time.perf_counter() - start
        await stop_bot(bot, table)
        mp.undo()
    if errors:
        print("refused interactions:", errors)
    if missing:
        print(f"{missing} interactions got no response")
    latencies.sort()
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"through the cogs ({games} live games, waves of {wave} concurrent interactions): "
        f"{done} Activations; {done / busy:.0f} Activations/s while serving (choosing the "
        f"moves excluded; {done / wall:.0f}/s including it); interaction-to-response "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms (targets: p99 < 50 ms, > 300/s)"
    )

    # Baseline: the same Activations applied by the engine alone (no Discord, store, picture).
    from rules.actions import Activate, Move
    from rules.board import Square
    from rules.dice import RandomDice

    dice = RandomDice(2)
    t = time.perf_counter()
    for state, piece, square in engine_states:
        p = state.find(piece, state.to_act)
        s, _ = apply(state, Activate(p.key), dice)
        apply(s, Move(p.key, Square.parse(square)), dice)
    base = time.perf_counter() - t
    print(
        f"baseline, engine only: {len(engine_states)} Activations in {base * 1000:.0f} ms = "
        f"{len(engine_states) / base:.0f}/s ({base / len(engine_states) * 1000:.2f} ms each)"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--activations", type=int, default=1500)
    ap.add_argument("--wave", type=int, default=25)
    ap.add_argument(
        "--no-pictures",
        action="store_true",
        help="answer without the board picture (to see what drawing costs)",
    )
    args = ap.parse_args()
    asyncio.run(run(args.games, args.activations, args.wave, not args.no_pictures))


if __name__ == "__main__":
    main()

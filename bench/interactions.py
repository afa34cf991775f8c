"""Interaction latency and throughput through the real cogs: 1000 live games, the store on disk,
rendering on.

Each measured interaction is a `/move` slash command (it Activates a piece and Moves it: one
whole Activation) fed through discord.py's own dispatch by the offline harness, timed from the
moment the gateway event is fed until the bot's response (with the board picture) is recorded;
that includes the command tree, the service, the engine, the SQLite commit and the picture.

Load is open-loop, as from many independent players: interactions arrive at a fixed rate
(`--rate`, per second) into games picked at random among those with nothing in flight, whether or
not earlier ones have been answered. If the bot cannot keep up, the queue and the latency grow,
so p99 shows it. A decision a Move leaves open (an En Passant second Move, a Promotion, a Castle
offer: about a third of the random Moves here) is answered by clicking the first button of the
answer, also fed through the real dispatch and timed like the slash commands. The harness's
record of sent messages is emptied as the run goes (a bot keeps none; kept, it would grow the
heap the garbage collector walks). The same Activations applied by the engine alone are the
baseline.

    python bench/interactions.py [--games 1000] [--activations 9000] [--rate 300 350]
        [--database-url postgresql://user:password@host/db [--bot-processes 2]]

With ``--database-url`` the store is PostgreSQL (a schema of its own, dropped at the end) instead
of a SQLite file; ``--bot-processes N`` runs N bot processes over that one database, each with
its own 1/N of the games and of the offered rate, and prints each one's figures and the sum.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest

from bot.settings import Settings
from bot.wargame_chess import commands as W
from rules.wargame_chess.engine import activatable, apply, destinations
from rules.wargame_chess.state import GameState, Phase
from tests.conftest import start_bot, stop_bot

TEAMS = ("K Q R 2N 3P", "K 2B 2N J 2P")
ANSWER_TIMEOUT = 30.0  # seconds an interaction may wait for its answer before it counts as lost
BASELINE_SAMPLE = 2000  # Activations kept for the engine-only baseline (not all: memory)


async def make_games(svc: Any, n: int, part: int = 0) -> list[int]:
    """n live games in play, each in its own channel (set up directly, not measured); ``part``:
    which bot process's games (their channels differ)."""
    channels = []
    for i in range(n):
        channel = 5_000_000 + part * 100_000 + i
        white, black = 7_000_000 + 2 * i, 7_000_001 + 2 * i
        ans = await svc.challenge(1, channel, white, black)
        await svc.answer_challenge(ans.game_id, black, True)
        await svc.set_team(channel, white, TEAMS[0])
        await svc.set_team(channel, black, TEAMS[1])
        for cmd in (W.Trees(), W.Trees(W.TreeMode.MIRROR), W.DeployAuto(), W.DeployAuto()):
            row, state = await svc.current(channel)
            user = svc.user_of(row, state.decider)
            await svc.execute(channel, user, cmd)
        channels.append(channel)
    return channels


def pick_move(state: GameState, rng: random.Random) -> tuple[str, str] | None:
    """A legal `/move` (piece, square) for the player to act, or None."""
    if state.is_over or state.phase is not Phase.PLAY or state.pending is not None:
        return None
    pieces, _ = activatable(state)
    rng.shuffle(pieces)
    for p in pieces:
        dests = sorted(destinations(state, p))
        if dests:
            return p.label, str(rng.choice(dests))
    return None


def first_choice(sent: Any) -> tuple[str, list[str] | None] | None:
    """The first button, or the first option of the menu, on a message."""
    select = sent.select()
    if select is not None:
        return select["custom_id"], [select["options"][0]["value"]]
    buttons = sent.buttons()
    return (buttons[0][1], None) if buttons else None


async def run(
    games: int,
    activations: int,
    rate: float,
    pictures: bool = True,
    processes: int = 1,
    synchronous: str = "FULL",
    database_url: str | None = None,
    part: int = 0,
) -> None:
    mp = pytest.MonkeyPatch()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token=None,
            database_path=Path(tmp) / "bench.sqlite3",
            database_url=database_url,
            render_processes=processes,
        )
        bot, table = await start_bot(mp, settings)
        if synchronous != "FULL" and not database_url:  # the store's own is FULL (durable)
            await bot.store.conn.execute(f"PRAGMA synchronous={synchronous}")
        print(f"store: {'PostgreSQL' if database_url else 'SQLite'}")
        svc = bot.service
        svc.render = pictures
        t0 = time.perf_counter()
        channels = await make_games(svc, games, part)
        ids, seats = {}, {}
        for channel in channels:
            row, _ = await svc.current(channel)
            ids[channel] = row.id
            seats[channel] = (row.white_id, row.black_id)
        print(f"set up {games} live games in {time.perf_counter() - t0:.1f}s (not measured)")
        rng = random.Random(1)
        idle = set(channels)
        # channel -> (when fed, its answer, whether it is a click: a click's answer may be the
        # clicked message edited in place, a slash command's is a reply)
        waiting: dict[int, tuple[float, asyncio.Future[Any], bool]] = {}
        latencies: list[float] = []
        refused: dict[str, int] = {}
        engine_states: list[tuple[GameState, str, str]] = []
        orig, orig_edit = table._record, table._edit

        def answered_by(sent: Any, edit: bool) -> None:
            entry = waiting.get(sent.channel_id)
            if entry is None or (edit and not entry[2]):
                return
            del waiting[sent.channel_id]
            latencies.append((time.perf_counter() - entry[0]) * 1000)
            entry[1].set_result(sent)

        def timed_record(*a: Any, **k: Any) -> Any:
            sent = orig(*a, **k)
            if sent.kind in ("response", "followup"):
                answered_by(sent, edit=False)
            return sent

        def timed_edit(*a: Any, **k: Any) -> Any:
            sent = orig_edit(*a, **k)
            answered_by(sent, edit=True)
            return sent

        table._record = timed_record  # type: ignore[method-assign]
        table._edit = timed_edit  # type: ignore[method-assign]
        loop = asyncio.get_running_loop()

        async def ask(channel: int, payload: dict[str, Any], click: bool = False) -> Any:
            fut: asyncio.Future[Any] = loop.create_future()
            waiting[channel] = (time.perf_counter(), fut, click)
            table.feed(payload)
            try:
                sent = await asyncio.wait_for(fut, ANSWER_TIMEOUT)
            except TimeoutError:  # counted, not waited for: a lost answer must not hang the run
                waiting.pop(channel, None)
                lost[0] += 1
                raise
            if sent.ephemeral and "Activates" not in sent.content:
                refused[sent.content[:60]] = refused.get(sent.content[:60], 0) + 1
            if len(table.sent) > 500:  # the harness keeps every message for tests; a bot doesn't
                del table.sent[:], table.touched[:], table.shown[:]
                for m in table.messages.values():  # (the pictures are the heavy part)
                    m.files = []
            return sent

        lost = [0]

        async def activation(channel: int, payload: dict[str, Any]) -> None:
            """The /move, then any decision it leaves open (an En Passant second Move, a
            Promotion, a Castle offer) answered by clicking its first button or option,
            through the real dispatch: those clicks are interactions too, timed alike."""
            before = len(svc._cache[ids[channel]][1].history)
            row = await svc.store.game(ids[channel])  # (not timed) the game's live message
            live_id = row.message_id if row else None
            live_msg = table.messages.get(live_id) if live_id else None
            edits_before = live_msg.edits if live_msg is not None else 0
            sent = await ask(channel, payload)
            cached = svc._cache.get(ids[channel])
            # Applied (the answer is private when the mover still decides: no log line yet).
            if cached is not None and len(cached[1].history) > before:
                answered[0] += 1
            for _ in range(8):
                _, state = svc._cache[ids[channel]]
                choice = first_choice(sent)
                if choice is None and not state.is_over and state.pending is not None:
                    # A private answer (the mover still decides): the buttons are on the
                    # game's live message, edited in place just after the answer.
                    live = table.messages.get(live_id) if live_id else None
                    for _ in range(2000):
                        if live is None or live.edits > edits_before:
                            break
                        await asyncio.sleep(0.001)
                    if live is not None and live.edits > edits_before:
                        sent, choice = live, first_choice(live)
                        edits_before = live.edits
                if state.is_over or state.pending is None or choice is None:
                    break
                user = seats[channel][state.decider.value]
                sent = await ask(channel, table.click_payload(user, sent, *choice), click=True)
                clicks[0] += 1
            idle.add(channel)

        tasks: set[asyncio.Future[None]] = set()
        answered, clicks = [0], [0]
        skipped = 0
        queries = _count_queries(mp) if database_url else None
        cpu0 = time.thread_time()  # the event loop's thread: the bot, the harness, the driver
        start = time.perf_counter()
        for k in range(activations):
            delay = start + k / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            sent_one = False
            for channel in rng.sample(list(idle), min(len(idle), 20)):
                cached = svc._cache.get(ids[channel])
                state = cached[1] if cached else None
                mv = None if state is None else pick_move(state, rng)
                if state is None or mv is None:
                    continue
                piece, square = mv
                idle.discard(channel)
                user = seats[channel][state.to_act.value]
                payload = table.slash_payload(
                    user, "move", channel=channel, piece=piece, square=square
                )
                if len(engine_states) < BASELINE_SAMPLE:
                    engine_states.append((state, piece, square))
                task = asyncio.ensure_future(activation(channel, payload))
                tasks.add(task)  # (a set: dropping finished ones costs nothing per send)
                task.add_done_callback(tasks.discard)
                sent_one = True
                break
            if not sent_one:
                skipped += 1
        await asyncio.gather(*tasks, return_exceptions=True)  # (lost answers are counted)
        wall = time.perf_counter() - start
        loop_cpu = time.thread_time() - cpu0
        counted = dict(queries) if queries is not None else None
        await table.settle()
        table._record, table._edit = orig, orig_edit  # type: ignore[method-assign]
        violations = list(table.violations)
        await stop_bot(bot, table)
        mp.undo()
    done = answered[0]
    if refused:
        print("refused interactions:", refused)
        if lost[0]:
            print(f"{lost[0]} interactions got no answer within {ANSWER_TIMEOUT:.0f} s (LOST)")
    if skipped:
        print(f"{skipped} arrivals found no game ready to move (not sent)")
    if violations:
        print("Discord limit violations:", violations[:3])
    latencies.sort()
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"offered {rate:.0f}/s over {games} live games: {done} Activations answered in "
        f"{wall:.1f}s = {done / wall:.0f} Activations/s ({len(latencies)} interactions: "
        f"{clicks[0]} were button clicks answering a decision a Move left open = "
        f"{len(latencies) / wall:.0f}/s); interaction-to-response p50 "
        f"{p50:.1f} ms, p99 {p99:.1f} ms, max {latencies[-1]:.1f} ms "
        f"(targets: p99 < 50 ms at > 300/s)"
    )
    print(
        f"event-loop thread CPU: {loop_cpu:.1f}s of {wall:.1f}s = "
        f"{loop_cpu / len(latencies) * 1000:.2f} ms per interaction"
    )
    if counted:
        total = sum(counted.values())
        print(f"database statements: {total / len(latencies):.2f} per interaction")
        for sql, n in sorted(counted.items(), key=lambda x: -x[1]):
            print(f"  {n / len(latencies):5.2f}  {sql}")
    met = done / wall >= 300 * 0.99 and p99 < 50
    print(f"target {'met' if met else 'NOT met'} at this rate" if rate >= 300 else "")

    # Baseline: the same Activations applied by the engine alone (no Discord, store, picture).
    from rules.wargame_chess.actions import Activate, Move
    from rules.wargame_chess.board import Square
    from rules.wargame_chess.dice import RandomDice

    dice = RandomDice(2)
    t = time.perf_counter()
    for state, piece, square in engine_states:
        p = state.find(piece, state.to_act)
        s, _ = apply(state, Activate(p.key), dice)
        apply(s, Move(p.key, Square.parse(square)), dice)
    base = time.perf_counter() - t
    print(
        f"baseline, engine only (the first {len(engine_states)} of them): "
        f"{base * 1000:.0f} ms = "
        f"{len(engine_states) / base:.0f}/s ({base / len(engine_states) * 1000:.2f} ms each)"
    )


def _count_queries(mp: Any) -> dict[str, int]:
    """Statements sent to PostgreSQL from now on, by their first words (both of asyncpg's
    ways of sending one: with arguments, and a plain query)."""
    from asyncpg.connection import Connection

    counts: dict[str, int] = {}
    execute, plain = Connection._execute, Connection.execute

    keys: dict[str, str] = {}

    def key(query: str) -> str:
        if query not in keys:
            keys[query] = " ".join(query.split())[:70]
        return keys[query]

    async def counted(self: Any, query: str, *a: Any, **k: Any) -> Any:
        counts[key(query)] = counts.get(key(query), 0) + 1
        return await execute(self, query, *a, **k)

    async def counted_plain(self: Any, query: str, *args: Any, **k: Any) -> Any:
        if not args:  # (with arguments it goes through _execute, counted there)
            counts[key(query)] = counts.get(key(query), 0) + 1
        return await plain(self, query, *args, **k)

    mp.setattr(Connection, "_execute", counted)
    mp.setattr(Connection, "execute", counted_plain)
    return counts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--activations", type=int, default=9000)
    ap.add_argument(
        "--rate", type=float, nargs="+", default=[300, 350], help="offered Activations/s"
    )
    ap.add_argument(
        "--no-pictures",
        action="store_true",
        help="answer without the board picture (to see what drawing costs)",
    )
    ap.add_argument(
        "--render-processes",
        type=int,
        default=1,
        help="worker processes drawing the pictures (0: a thread), as RENDER_PROCESSES",
    )
    ap.add_argument(
        "--synchronous",
        choices=["FULL", "NORMAL"],
        default="FULL",
        help="SQLite's synchronous setting (NORMAL: the faster, less durable one, to compare)",
    )
    ap.add_argument(
        "--database-url", help="a PostgreSQL server's URL: the store there instead of SQLite"
    )
    ap.add_argument(
        "--bot-processes",
        type=int,
        default=1,
        help="bot processes over the one PostgreSQL database (each 1/N of games and rate)",
    )
    ap.add_argument("--part", type=int, default=0, help=argparse.SUPPRESS)  # a child's number
    args = ap.parse_args()
    for rate in args.rate:
        # Each rate on an empty store: a schema of its own in PostgreSQL, dropped after it (the
        # games of one rate left in the store would hold the channels of the next).
        url = args.database_url
        schema = None
        if url and "search_path=" not in url:
            schema = f"bench_{uuid.uuid4().hex[:12]}"
            asyncio.run(_schema(url, f"CREATE SCHEMA {schema}"))
            url += f"{'&' if '?' in url else '?'}search_path={schema}"
        try:
            if args.bot_processes > 1:
                assert url, "several bot processes share a PostgreSQL database (--database-url)"
                _several(args, url, rate)
                continue
            print(f"synchronous={args.synchronous}")
            asyncio.run(
                run(
                    args.games,
                    args.activations,
                    rate,
                    not args.no_pictures,
                    args.render_processes,
                    args.synchronous,
                    url,
                    args.part,
                )
            )
        finally:
            if schema:
                asyncio.run(_schema(args.database_url, f"DROP SCHEMA {schema} CASCADE"))


async def _schema(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def _several(args: Any, url: str, rate: float) -> None:
    """N bot processes at once over one database, each with its share of games and rate."""
    n = args.bot_processes
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--games",
                str(args.games // n),
                "--activations",
                str(args.activations // n),
                "--rate",
                str(rate / n),
                "--render-processes",
                str(args.render_processes),
                "--database-url",
                url,
                "--part",
                str(k),
                *(["--no-pictures"] if args.no_pictures else []),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for k in range(n)
    ]
    for k, p in enumerate(procs):
        out, _ = p.communicate()
        print(f"--- bot process {k + 1} of {n} (offered {rate / n:.0f}/s of {rate:.0f}/s)")
        print(out.rstrip())


if __name__ == "__main__":
    main()

"""Drawing board pictures away from the event loop.

A picture costs a fraction of a millisecond when its tiles are cached and a few milliseconds
when its texts are new, and all of it is Python that holds the GIL: in a thread it would take
turns with the event loop. So the bot draws in worker processes (`RENDER_PROCESSES`, default 1),
each fed through its own pipe that the event loop watches directly (no executor threads, no
extra wake-ups). With 0 the picture is drawn on the event loop itself (the console table and
most tests).

Only what a picture shows crosses the pipe: the game system's id and its scene, plain values
built from the state here by the system's plugin (``bot.systems``); pickling the state itself
cost more than drawing it. At most `MAX_QUEUED` pictures wait per worker, so a burst never
fills a pipe and blocks the loop. If a worker dies,
the pictures it owed are drawn on the loop and a new worker starts on the next picture: no answer
is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from bot import systems
from rules.core.board import Player

log = logging.getLogger("wargame.painter")

MAX_QUEUED = 8


Job = tuple[int, str, Any]  # (job id, system id, scene)


def serve(conn: Connection) -> None:
    """A worker process: draw each job, answer (job id, PNG or None, error text)."""
    for plugin in systems.SYSTEMS.values():
        plugin.warm_up()
    while True:
        try:
            job: Job | None = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        jid, system, scene = job
        try:
            conn.send((jid, systems.get(system).draw(scene), ""))
        except Exception as e:  # answered, so the bot draws it itself
            conn.send((jid, None, f"{type(e).__name__}: {e}"))


class WorkerGone(Exception):
    """The worker process ended before answering."""


class DrawingFailed(Exception):
    """The worker could not draw this picture (the error is in the message)."""


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    loop: asyncio.AbstractEventLoop
    slots: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(MAX_QUEUED))
    owed: dict[int, asyncio.Future[bytes]] = field(default_factory=dict)
    alive: bool = True


class Painter:
    def __init__(self, processes: int = 1) -> None:
        if processes < 0:
            raise ValueError("processes must be 0 or more (0 draws on the event loop)")
        self.processes = processes
        self._workers: list[_Worker] = []
        self._ids = itertools.count()

    async def board_png(
        self, state: Any, view: Player | None, system: str, public: bool = False
    ) -> bytes:
        """A picture of the game from ``view``'s side; ``public``: the picture everyone sees
        in the game's live message (the system's own public layout, from ``view``'s side,
        White's when None)."""
        plugin = systems.get(system)
        if public:
            scene = plugin.public_scene(state, Player.WHITE if view is None else view)
        else:
            scene = plugin.scene(state, view)
        if self.processes == 0:
            return plugin.draw(scene)
        worker = self._worker()
        try:
            async with worker.slots:
                if not worker.alive:
                    raise WorkerGone
                jid = next(self._ids)
                fut: asyncio.Future[bytes] = worker.loop.create_future()
                worker.owed[jid] = fut
                worker.conn.send((jid, plugin.id, scene))
                return await fut
        except (WorkerGone, OSError) as e:
            log.warning("a picture worker failed (%s); drawing this picture here", e)
            self._drop(worker)
            return plugin.draw(scene)

    # ---- workers ----
    def _worker(self) -> _Worker:
        loop = asyncio.get_running_loop()
        self._workers = [w for w in self._workers if w.alive and w.loop is loop]
        while len(self._workers) < self.processes:
            self._workers.append(self._start(loop))
        return min(self._workers, key=lambda w: len(w.owed))

    def _start(self, loop: asyncio.AbstractEventLoop) -> _Worker:
        ctx = multiprocessing.get_context("spawn")
        mine, theirs = ctx.Pipe()
        process = ctx.Process(target=serve, args=(theirs,), name="painter", daemon=True)
        process.start()
        theirs.close()
        worker = _Worker(process, mine, loop)
        loop.add_reader(mine.fileno(), self._collect, worker)
        return worker

    def _collect(self, worker: _Worker) -> None:
        # One answer per call: the loop calls again while the pipe has more (and `poll` would
        # build a selector each time).
        try:
            jid, png, error = worker.conn.recv()
        except (EOFError, OSError):
            self._drop(worker)
            return
        fut = worker.owed.pop(jid, None)
        if fut is None or fut.done():
            return
        if png is None:
            fut.set_exception(DrawingFailed(error))
        else:
            fut.set_result(png)

    def _drop(self, worker: _Worker) -> None:
        if not worker.alive:
            return
        worker.alive = False
        with contextlib.suppress(OSError, ValueError):
            worker.loop.remove_reader(worker.conn.fileno())
        for fut in worker.owed.values():
            if not fut.done():
                fut.set_exception(WorkerGone("the worker process ended"))
        worker.owed.clear()
        worker.conn.close()
        if worker.process.is_alive():
            worker.process.terminate()
        worker.process.join(timeout=1)

    def close(self) -> None:
        """Stop the workers (the bot is closing)."""
        for worker in self._workers:
            if worker.alive:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
                worker.process.join(timeout=2)
            self._drop(worker)
        self._workers = []

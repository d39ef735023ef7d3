"""Reads the server's /metrics every so often while a run asks, through the runner's own client (the runner
stays the only HTTP client), into a `footprint.Footprint`.

Bounded whatever the server does: one page is read up to `max_bytes` (a longer one is skipped and counted),
samples are kept up to `max_samples` (then thinned, see Footprint), and a slow page delays the next reading
rather than piling readings up (one request at a time). A page that cannot be had or parsed is counted, never
fatal: the answers matter more than the footprint.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from assetgen.run.client import Client
from assetgen.run.footprint import Footprint, FootprintError, read_page

DEFAULT_INTERVAL_S = 0.5
DEFAULT_MAX_SAMPLES = 7200  # an hour at 0.5 s before thinning starts
DEFAULT_MAX_BYTES = 4 * 1024 * 1024  # vLLM's page is some 100 kB; histograms per model could grow it a little
POOL = "pool"
SETTLE_S = 0.02  # after `mark`, the next reading waits this long: the new phase's requests are then in flight


def metrics_url(client: Client) -> str:
    return client.base.rsplit("/v1", 1)[0] + "/metrics"


class Sampler:
    """`start()` reads at once and then every interval until `stop()`, which reads once more (so counters
    span the whole part). `phase` names what the run is asking; each sample carries the phase it was asked in.
    `mark(phase)` also reads early: a burst shorter than the interval still gets a reading while in flight."""

    def __init__(self, client: Client, part: int, footprint: Footprint | None = None, *,
                 interval_s: float = DEFAULT_INTERVAL_S, max_samples: int = DEFAULT_MAX_SAMPLES,
                 max_bytes: int = DEFAULT_MAX_BYTES):
        self.client, self.part, self.phase = client, part, POOL
        self.footprint = footprint or Footprint(interval_s=interval_s, max_samples=max_samples, max_bytes=max_bytes)
        if footprint is not None:  # a resumed run: this part's bounds are what was asked now
            self.footprint.max_samples, self.footprint.max_bytes = max_samples, max_bytes
            self.footprint.interval_s = max(interval_s, footprint.interval_s)
        self._task: asyncio.Task | None = None
        self._marked = asyncio.Event()
        self._start = time.perf_counter()

    def mark(self, phase: str) -> None:
        """The run now asks `phase`: read soon (after SETTLE_S), not only at the next interval."""
        self.phase = phase
        self._marked.set()

    async def read_once(self) -> None:
        fp, phase, asked = self.footprint, self.phase, time.perf_counter() - self._start
        text = await self.client.get_text(metrics_url(self.client), limit=fp.max_bytes)
        if text is None:
            fp.unread += 1
            return
        try:
            reading = await asyncio.to_thread(read_page, text)  # parsing a large page never stalls the answers
        except FootprintError:
            fp.unparsed += 1
            return
        fp.add(self.part, asked, phase, reading)

    async def _loop(self) -> None:
        while True:
            began = time.perf_counter()
            await self.read_once()
            left = max(0.0, self.footprint.interval_s - (time.perf_counter() - began))
            try:
                await asyncio.wait_for(self._marked.wait(), timeout=left)
                await asyncio.sleep(SETTLE_S)
            except asyncio.TimeoutError:
                pass
            self._marked.clear()

    def start(self) -> None:
        self._start = time.perf_counter()
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> Footprint:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            await self.read_once()
        return self.footprint

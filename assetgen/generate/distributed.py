"""Generate a suite's cases on a Ray cluster, yielding them in job order like the local backend.

The driver plans; each Ray task makes a contiguous batch of jobs with the same pure `generate` and returns
the cases with their encoded files, so workers need no filesystem shared with the driver (with
`shared_out` they write the files into the driver's staging folder themselves and return only hashes).
At most a few batches per cluster CPU are under way; results are fetched one batch at a time, in order,
so the driver holds one batch in memory while the rest waits in the cluster's object store.

A worker that dies is retried by Ray (`max_retries`); a case that raises comes back as `Failed` with its
error, and a task that fails past its retries fails each of its cases, so nothing is silently lost.
Every batch also reports the worker's library versions: a node whose encoders differ from the driver's
would write other bytes, and stops the build.
"""

from __future__ import annotations

import functools
import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assetgen._version import __version__
from assetgen.dataset.golden import library_versions
from assetgen.errors import ConfigError
from assetgen.generate.jobs import Built, Failed, Job, generate, one_line
from assetgen.generate.rng import case_id
from assetgen.generate.staging import write_atomic

INSTALL = "--ray needs Ray, which is not installed: pip install 'assetgen[ray]'"
BATCHES_PER_CPU = 4  # unconsumed batches per cluster CPU: keeps every CPU busy behind a slow batch
MAX_BATCH = 16
CPU_RECHECK_S = 5.0  # an autoscaling cluster grows: look at its CPU count again this often


@dataclass(frozen=True)
class RayOptions:
    """How to run a build on Ray.

    address: None joins the cluster this process is connected to (or lets `ray.init()` find or start one);
    'auto' or 'HOST:6379' (what `ray.init` takes) name one. shared_out: the output folder is mounted at the
    same path on every node (NFS, object storage through a FUSE mount), so workers write media there."""

    address: str | None = None
    shared_out: bool = False
    batch_size: int | None = None  # jobs per task; default from the suite size and the cluster's CPUs
    max_retries: int = 3  # Ray's retries of a task whose worker died
    ship_code: bool = True  # send this process's assetgen and graders to the workers (when we connect)
    generate_fn: Callable[[Job], Built] = generate  # tests inject faults here


def require_ray():
    """Ray, or one line on how to install it. Ray's usage statistics stay off unless asked for."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError:
        raise ConfigError(INSTALL) from None
    return ray


@functools.lru_cache(maxsize=1)
def worker_versions() -> tuple[str, tuple[tuple[str, str], ...]]:
    return __version__, tuple(sorted(library_versions().items()))


def make_batch(generate_fn: Callable[[Job], Built], jobs: list[Job], shared: str | None) -> tuple[Any, list]:
    """One Ray task: every job of the batch, each failure caught and returned with its case."""
    results: list[Built | Failed] = []
    for job in jobs:
        try:
            built = generate_fn(job)
            if shared is not None:
                for rel, data in built.blobs.items():
                    write_atomic(Path(shared) / rel, data)
                built = Built(built.case, {})
            results.append(built)
        except Exception as exc:  # reported per case, never lost: the build fails listing it
            results.append(Failed(case_id(job.family, job.seed, job.index), one_line(exc)))
    return worker_versions(), results


def connect(ray, options: RayOptions) -> bool:
    """Connect unless this process already is; True when we did (and so must disconnect)."""
    if ray.is_initialized():
        return False
    runtime_env = None
    if options.ship_code:
        import graders

        # the workers run the driver's exact code: an older assetgen on a node would draw other bytes
        package = Path(__file__).resolve().parents[1]  # assetgen/
        runtime_env = {"py_modules": [str(package), str(Path(graders.__file__).resolve().parent)],
                       "env_vars": {"RAY_USAGE_STATS_ENABLED": "0"}}
    try:
        ray.init(address=options.address, runtime_env=runtime_env, logging_level="WARNING")
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise ConfigError(f"cannot start or reach the Ray cluster {options.address or ''}: {one_line(exc)}"
                          ) from None
    return True


def cluster_cpus(ray) -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def check_versions(got, expected) -> None:
    if got != expected:
        mine, theirs = dict(expected[1]), dict(got[1])
        differ = [f"{k} {theirs.get(k)} != {v}" for k, v in mine.items() if theirs.get(k) != v]
        if got[0] != expected[0]:
            differ.insert(0, f"assetgen {got[0]} != {expected[0]}")
        raise ConfigError("a Ray worker has other versions than this machine, so its bytes would differ "
                          f"({', '.join(differ)}); install the same versions on every node")


def run_jobs_ray(jobs: list[Job], options: RayOptions, progress: Callable[[int], None] | None = None, *,
                 staging: Path | None = None) -> Iterator[Built | Failed]:
    """Results in job order; see the module docstring."""
    ray = require_ray()
    if options.shared_out and staging is None:
        raise ConfigError("--ray-shared-out needs the build's output folder")
    started = connect(ray, options)
    pending: deque = deque()
    try:
        remote = ray.remote(max_retries=options.max_retries, retry_exceptions=False)(make_batch)
        cpus, checked = cluster_cpus(ray), time.monotonic()
        size = options.batch_size or max(1, min(MAX_BATCH, len(jobs) // (cpus * 8)))
        batches = [jobs[i:i + size] for i in range(0, len(jobs), size)]
        shared = str(staging.resolve()) if options.shared_out else None
        expected = worker_versions()
        generate_ref = ray.put(options.generate_fn)
        submitted = 0
        while submitted < len(batches) or pending:
            if time.monotonic() - checked > CPU_RECHECK_S:
                cpus, checked = cluster_cpus(ray), time.monotonic()
            while submitted < len(batches) and len(pending) < BATCHES_PER_CPU * cpus:
                pending.append((remote.remote(generate_ref, batches[submitted], shared), batches[submitted]))
                submitted += 1
            ref, batch = pending.popleft()
            try:
                versions, results = ray.get(ref)
            except ray.exceptions.RayError as exc:
                reason = f"its Ray task failed after {options.max_retries} retries: {one_line(exc)}"
                results = [Failed(case_id(j.family, j.seed, j.index), reason) for j in batch]
            else:
                check_versions(versions, expected)
            del ref
            for result in results:
                yield result
                if progress:
                    progress(1)
    finally:
        for ref, _ in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()

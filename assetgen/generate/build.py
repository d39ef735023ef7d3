"""Build a suite: draw every case, write media, cases.jsonl and a manifest that pins them by hash.

`plan` lists the jobs, `generate(job)` (generate/jobs.py) is pure, `run_jobs` runs them in processes or on Ray
and yields results in job order, and `build` streams them into a resumable staging folder (`staging.py`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from assetgen._version import __version__
from assetgen.dataset.golden import library_versions
from assetgen.dataset.records import Manifest
from assetgen.errors import BuildFailed, ConfigError
from assetgen.generate.jobs import Built, Failed, Job, generate
from assetgen.generate.registry import get_family
from assetgen.generate.staging import Staging
from assetgen.generate.suites import suite_entries

# Cases committed at once by an unsharded build: what an interrupted build may have to redo (~30 core-s).
CHUNK = 256
# A build stops early after this many failed cases: past that the cause is systematic, not one bad case.
MAX_FAILURES = 50


def plan(suite: str, seed: int, per_family: int | None, *, families: tuple[str, ...] = (),
         knobs: dict[str, dict[str, Any]] | None = None, shard_size: int | None = None,
         langs: tuple[str, ...] = ("en",)) -> list[Job]:
    """The jobs of a suite; with several `langs` each case is followed by the same case in the other
    languages (same family, index and seed, so the same scene and truth: results pair case by case)."""
    if shard_size is not None and shard_size < 1:
        raise ConfigError(f"--shard-size {shard_size} must be >= 1")
    jobs, next_index = [], {}
    for entry in suite_entries(suite, per_family, families=families, knobs=knobs):
        get_family(entry.family).resolve_knobs(entry.knobs)  # fail before any work
        for _ in range(entry.count):
            index = next_index.get(entry.family, 0)
            next_index[entry.family] = index + 1
            for lang in langs:
                shard = None if shard_size is None else len(jobs) // shard_size
                jobs.append(Job(entry.family, index, seed, dict(entry.knobs), shard, lang))
    return jobs


def run_jobs(jobs: list[Job], workers: int = 1, progress: Callable[[int], None] | None = None, *,
             ray: Any = None, staging: Path | None = None) -> Iterator[Built | Failed]:
    """Results in job order whatever the backend or worker count, so output is identical for any N.

    Locally a failing case raises at once. On Ray (`ray`: a `distributed.RayOptions`) every case comes back,
    as `Failed` when it raised or its task failed past Ray's retries; with `ray.shared_out` the workers
    write media under `staging` themselves and `Built.blobs` arrive empty."""
    if ray is not None:
        from assetgen.generate.distributed import run_jobs_ray

        if workers != 1:
            raise ConfigError("--workers applies to local builds; with --ray the cluster's CPUs are used")
        yield from run_jobs_ray(jobs, ray, progress, staging=staging)
        return
    if workers < 1:
        raise ConfigError(f"--workers {workers} must be >= 1")
    if workers == 1:
        for job in jobs:
            yield generate(job)
            if progress:
                progress(1)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for built in pool.map(generate, jobs, chunksize=max(1, len(jobs) // (workers * 8))):
            yield built
            if progress:
                progress(1)


def fingerprint(jobs: list[Job], chunk: int) -> dict[str, Any]:
    """What must not change for an interrupted build to be resumed: the jobs, their layout, the versions."""
    return {"assetgen": __version__, "libraries": library_versions(), "chunk": chunk,
            "families": {name: get_family(name).version for name in sorted({j.family for j in jobs})},
            "jobs": [[j.family, j.index, j.seed, j.knobs, j.shard] + ([j.lang] if j.lang != "en" else [])
                     for j in jobs]}


def build(out: str | Path, *, suite: str = "golden", seed: int = 0, per_family: int | None = None,
          families: tuple[str, ...] = (), knobs: dict[str, dict[str, Any]] | None = None, workers: int = 1,
          progress: Callable[[int], None] | None = None, shard_size: int | None = None, ray: Any = None,
          log: Callable[[str], None] | None = None, jobs: list[Job] | None = None,
          langs: tuple[str, ...] = ("en",)) -> Manifest:
    """Build `suite` into `out`, replacing only what a build owns (cases, manifest, assets).

    Resumable: cases are committed to `out/.building/` in chunks (one per shard when sharded), and a rerun
    of the same build keeps the chunks whose files still match their hashes. `ray` (a
    `distributed.RayOptions`) runs the jobs on a Ray cluster; the bytes written are the same. `jobs`, when
    given, are built instead of the suite's plan (sweeps and variants: a knob or seed per case), and
    `suite` only names them in the manifest."""
    if seed < 0:
        raise ConfigError(f"--seed {seed} must be >= 0")
    out = Path(out)
    if jobs is None:
        jobs = plan(suite, seed, per_family, families=families, knobs=knobs, shard_size=shard_size, langs=langs)
    elif not jobs:
        raise ConfigError("nothing to build: no cases")
    chunk = shard_size or CHUNK
    shared = bool(ray is not None and getattr(ray, "shared_out", False))
    with Staging(out, fingerprint(jobs, chunk), len(jobs), chunk, sharded=shard_size is not None) as staging:
        done = staging.resume()
        if done:
            if log:
                log(f"resuming: {done} of {len(jobs)} cases already built in {staging.root}")
            if progress:
                progress(done)
        todo = staging.missing()
        failures: list[Failed] = []
        results = run_jobs([jobs[p] for p in todo], workers, progress, ray=ray, staging=staging.root)
        try:
            for position, result in zip(todo, results, strict=False):
                if isinstance(result, Failed):
                    failures.append(result)
                    staging.spoil(position)
                    if len(failures) >= MAX_FAILURES:
                        break
                    continue
                staging.add(position, result.case.to_json(), result.blobs,
                            {f.path: (f.sha256, f.size) for f in result.case.files}, shared=shared)
        finally:
            results.close()  # stops a pool or cancels Ray tasks still under way
        if failures:
            raise BuildFailed(str(out), failures)
        return staging.finish(lambda files, count: Manifest(
            assetgen_version=__version__, suite=suite, seed=seed, per_family=per_family if suite == "full" else None,
            families=list(families), knobs=knobs or {}, libraries=library_versions(), case_count=count,
            files=files, shard_size=shard_size, langs=list(langs)))

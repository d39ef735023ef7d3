"""A suite as Hugging Face parquet shards made where the cases are drawn: no suite folder in between.

Each shard (`data-00000-of-000NN.parquet`, `shard_size` cases) is generated and written to parquet by one
Ray task (or in this process without Ray) and sent back as bytes, so a 100k-case dataset never passes
through the driver as loose files. The rows are those of `assetgen export --format hf`: image bytes
embedded as a `datasets` Image feature, videos as `{path, bytes}`. Resumable: a shard file is written
atomically and kept on a rerun when it holds the rows it should.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

from assetgen.errors import BuildFailed, ConfigError
from assetgen.export.common import require as _require
from assetgen.export.common import spec as _spec
from assetgen.export.common import target as _target
from assetgen.generate.build import plan
from assetgen.generate.distributed import check_versions, cluster_cpus, connect, require_ray, worker_versions
from assetgen.generate.jobs import Built, Failed, Job, generate, one_line
from assetgen.generate.rng import case_id
from assetgen.generate.staging import write_atomic

TEXT = ("id", "family", "category", "modality", "lang", "prompt", "target", "truth", "grader", "case")


def shard_file(number: int, total: int) -> str:
    return f"data-{number:05d}-of-{total:05d}.parquet"


def parquet_bytes(built: list[Built]) -> bytes:
    """One shard's rows as parquet, with the features of `export --format hf`."""
    datasets = _require("datasets")
    from datasets import Features, Image, Value

    List = getattr(datasets, "List", None) or datasets.Sequence  # datasets >= 4: List; older: Sequence
    rows: dict[str, list] = {k: [] for k in (*TEXT, "images", "videos")}
    for item in built:
        case = item.case
        for key, value in (("id", case.id), ("family", case.family), ("category", case.category),
                           ("modality", case.modality), ("lang", case.lang), ("prompt", case.prompt),
                           ("target", _target(case)),
                           ("truth", case.truth.model_dump_json()), ("grader", case.grader.model_dump_json()),
                           ("case", json.dumps(_spec(case)))):
            rows[key].append(value)
        rows["images"].append([{"bytes": item.blobs[f.path], "path": Path(f.path).name}
                               for f in case.inputs if f.media_type.startswith("image/")])
        rows["videos"].append([{"bytes": item.blobs[f.path], "path": Path(f.path).name}
                               for f in case.inputs if f.media_type == "video/mp4"])
    features = Features({**{k: Value("string") for k in TEXT}, "images": List(Image()),
                         "videos": List({"bytes": Value("binary"), "path": Value("string")})})
    buffer = io.BytesIO()
    bars = datasets.utils.logging.is_progress_bar_enabled()  # no bar per shard on a worker's log
    datasets.disable_progress_bars()
    try:
        datasets.Dataset.from_dict(rows, features=features).to_parquet(buffer)
    finally:
        if bars:
            datasets.enable_progress_bars()
    return buffer.getvalue()


def make_shard(generate_fn: Callable[[Job], Built], jobs: list[Job]) -> tuple[object, bytes | list[Failed]]:
    """Runs where the cases are drawn: the worker's versions, and the shard's parquet or the cases that failed."""
    built, failed = [], []
    for job in jobs:
        try:
            built.append(generate_fn(job))
        except Exception as exc:  # reported per case, never lost
            failed.append(Failed(case_id(job.family, job.seed, job.index), one_line(exc)))
    return worker_versions(), failed or parquet_bytes(built)


def _complete(path: Path, rows: int) -> bool:
    try:
        import pyarrow.parquet as pq

        return pq.read_metadata(path).num_rows == rows
    except (OSError, ValueError, ImportError):
        return False


def export_hf_shards(out: str | Path, *, suite: str = "golden", seed: int = 0, per_family: int | None = None,
                     families: tuple[str, ...] = (), knobs: dict | None = None, shard_size: int = 1000,
                     ray=None, progress: Callable[[int], None] | None = None,
                     generate_fn: Callable[[Job], Built] = generate, langs: tuple[str, ...] = ("en",)) -> list[Path]:
    """Write the suite's parquet shards into `out`; `ray` (a `distributed.RayOptions`) makes them on Ray."""
    _require("datasets")
    if shard_size < 1:
        raise ConfigError(f"--shard-size {shard_size} must be >= 1")
    jobs = plan(suite, seed, per_family, families=families, knobs=knobs, langs=langs)
    shards = [jobs[i:i + shard_size] for i in range(0, len(jobs), shard_size)]
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / shard_file(k, len(shards)) for k in range(len(shards))]
    todo = [k for k, path in enumerate(paths) if not _complete(path, len(shards[k]))]
    if progress:
        progress(len(jobs) - sum(len(shards[k]) for k in todo))
    failures: list[Failed] = []
    for k, result in _results(todo, shards, ray, generate_fn):
        if isinstance(result, bytes):
            write_atomic(paths[k], result)
        else:
            failures += result
        if progress:
            progress(len(shards[k]))
    if failures:
        raise BuildFailed(str(out), failures)
    return paths


def _results(todo: list[int], shards: list[list[Job]], ray_options, generate_fn):
    """(shard number, parquet bytes or failures), as shards finish; on Ray at most two per CPU at once."""
    if ray_options is None:
        for k in todo:
            yield k, make_shard(generate_fn, shards[k])[1]
        return
    ray = require_ray()
    started = connect(ray, ray_options)
    running: dict = {}
    try:
        remote = ray.remote(max_retries=ray_options.max_retries, retry_exceptions=False)(make_shard)
        window, expected = 2 * cluster_cpus(ray), worker_versions()
        queue = list(reversed(todo))
        while queue or running:
            while queue and len(running) < window:
                k = queue.pop()
                running[remote.remote(generate_fn, shards[k])] = k
            ready, _ = ray.wait(list(running), num_returns=1)
            k = running.pop(ready[0])
            try:
                versions, result = ray.get(ready[0])
            except ray.exceptions.RayError as exc:
                reason = f"its Ray task failed after {ray_options.max_retries} retries: {one_line(exc)}"
                result = [Failed(case_id(j.family, j.seed, j.index), reason) for j in shards[k]]
            else:
                check_versions(versions, expected)
            yield k, result
    finally:
        for ref in running:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()

"""Builds on a local Ray cluster started in this process: the same bytes as --workers 1, resume after
kill -9, and failed tasks retried by Ray or reported per case. Skipped where Ray is not installed."""

import functools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from assetgen.errors import BuildFailed  # noqa: E402
from assetgen.generate.build import Built, Job, build, generate  # noqa: E402
from assetgen.generate.distributed import RayOptions  # noqa: E402
from assetgen.generate.staging import FOLDER  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# images, a chart, a text card and two kinds of clip: 4 per family, 24 cases
SOME = ("color_grid", "shapes", "bar_chart", "text_card", "flashing_light", "speed_compare")
SUITE = {"suite": "full", "per_family": 4, "families": SOME}


@pytest.fixture(scope="module")
def cluster():
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
    # the faulty generators below travel to the workers by value (this module is not importable there)
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


@pytest.fixture(scope="module")
def local(tmp_path_factory):
    root = tmp_path_factory.mktemp("local")
    build(root / "plain", **SUITE)
    build(root / "sharded", **SUITE, shard_size=5)
    return root


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_ray_build_is_byte_identical_to_workers_1(cluster, local, tmp_path):
    build(tmp_path / "plain", **SUITE, ray=RayOptions(batch_size=3))
    assert tree(tmp_path / "plain") == tree(local / "plain")


def test_sharded_ray_build_with_shared_out_is_byte_identical(cluster, local, tmp_path):
    build(tmp_path / "sharded", **SUITE, shard_size=5, ray=RayOptions(shared_out=True, batch_size=4))
    assert tree(tmp_path / "sharded") == tree(local / "sharded")


def die_once(marker: str, job: Job) -> Built:
    """Kill the worker process the first time it reaches case 2 of flashing_light: Ray must retry the task."""
    if job.family == "flashing_light" and job.index == 2 and not os.path.exists(marker):
        Path(marker).write_text("died")
        os._exit(1)
    return generate(job)


def test_a_worker_that_dies_is_retried_by_ray(cluster, local, tmp_path):
    marker = tmp_path / "died"
    build(tmp_path / "out", **SUITE, ray=RayOptions(batch_size=3, generate_fn=functools.partial(die_once, str(marker))))
    assert marker.read_text() == "died"
    assert tree(tmp_path / "out") == tree(local / "plain")


def always_die(job: Job) -> Built:
    if job.family == "bar_chart" and job.index == 1:
        os._exit(1)
    return generate(job)


def test_a_task_failing_past_its_retries_fails_each_of_its_cases(cluster, tmp_path):
    with pytest.raises(BuildFailed) as info:
        build(tmp_path / "out", **SUITE, ray=RayOptions(batch_size=2, max_retries=1, generate_fn=always_die))
    ids = [f.case_id for f in info.value.failures]
    assert ids == ["bar_chart-s0-0000", "bar_chart-s0-0001"]  # the batch of two that held the bad case
    assert all("its Ray task failed after 1 retries" in f.error for f in info.value.failures)


def raise_on(job: Job) -> Built:
    if job.family == "text_card" and job.index == 2:
        raise RuntimeError("font cache corrupted")
    return generate(job)


def test_a_case_that_raises_is_reported_and_the_rest_is_kept(cluster, local, tmp_path):
    out = tmp_path / "out"
    with pytest.raises(BuildFailed, match=r"1 case\(s\) failed .*text_card-s0-0002: RuntimeError: font cache "
                       r"corrupted.*rerun the same command to resume") as info:
        build(out, **SUITE, shard_size=5, ray=RayOptions(batch_size=4, generate_fn=raise_on))
    assert [(f.case_id, f.error) for f in info.value.failures] == [
        ("text_card-s0-0002", "RuntimeError: font cache corrupted")]
    # text_card-s0-0002 is case 14: shard 2 (cases 10-14) is not committed, the others are
    assert sorted(p.name for p in (out / FOLDER / "chunks").glob("*.json")) == [
        "00000.json", "00001.json", "00003.json", "00004.json"]
    messages = []
    build(out, **SUITE, shard_size=5, ray=RayOptions(batch_size=4), log=messages.append)
    assert messages == [f"resuming: 19 of 24 cases already built in {out / FOLDER}"]
    assert tree(out) == tree(local / "sharded")


def test_a_ray_build_killed_with_sigkill_resumes_to_identical_bytes(cluster, local, tmp_path):
    out = tmp_path / "out"
    args = [sys.executable, str(ROOT / "cli.py"), "build", "--out", str(out), "--suite", "full", "--per-family", "4",
            *[a for family in SOME for a in ("--family", family)], "--shard-size", "5", "--ray", cluster]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    chunks = out / FOLDER / "chunks"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and process.poll() is None and not list(chunks.glob("*.json")):
        time.sleep(0.05)
    assert process.poll() is None, "the build ended before it could be killed: " + process.stderr.read()
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    process.stderr.close()
    committed = sorted(chunks.glob("*.json"))
    assert 1 <= len(committed) < 5 and not (out / "manifest.json").exists()
    done = sum(json.loads(p.read_text())["cases"] for p in committed)
    messages = []
    build(out, **SUITE, shard_size=5, ray=RayOptions(), log=messages.append)
    assert messages == [f"resuming: {done} of 24 cases already built in {out / FOLDER}"]
    assert tree(out) == tree(local / "sharded")


def test_parquet_shards_made_on_the_workers_equal_local_ones(cluster, tmp_path):
    pytest.importorskip("datasets", reason="pip install 'assetgen[interop]'")
    from assetgen.export.hf_shards import export_hf_shards

    on_ray = export_hf_shards(tmp_path / "ray", **SUITE, shard_size=10, ray=RayOptions())
    here = export_hf_shards(tmp_path / "here", **SUITE, shard_size=10)
    assert len(on_ray) == 3 and [p.read_bytes() for p in on_ray] == [p.read_bytes() for p in here]

"""Sharded layout, resumable builds (also after kill -9), and the one-line hint when Ray is missing."""

import hashlib
import importlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from assetgen.dataset.golden import load_golden
from assetgen.errors import ConfigError, GoldenIntegrityError
from assetgen.export.formats import export
from assetgen.generate.build import build
from assetgen.generate.check import check
from assetgen.generate.staging import FOLDER, Staging

ROOT = Path(__file__).resolve().parent.parent
build_module = importlib.import_module("assetgen.generate.build")  # the package re-exports a function `build`
SOME = ("color_grid", "shapes", "bar_chart", "flashing_light")


def tree(root: Path) -> dict[str, bytes]:
    """Every file under root (relative path -> bytes)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def cli(*args, **kwargs):
    return subprocess.Popen([sys.executable, str(ROOT / "cli.py"), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, **kwargs)


def test_sharded_layout_reads_like_the_single_file(tmp_path):
    single = build(tmp_path / "one", suite="full", per_family=3, families=SOME)
    sharded = build(tmp_path / "sharded", suite="full", per_family=3, families=SOME, shard_size=5)
    names = sorted(p.name for p in (tmp_path / "sharded").glob("cases*.jsonl"))
    assert names == [f"cases-0000{k}.jsonl" for k in range(3)]  # 12 cases: 5 + 5 + 2
    assert sharded.shard_size == 5 and single.shard_size is None
    assert "shard_size" not in json.loads((tmp_path / "one" / "manifest.json").read_text())
    a, b = load_golden(tmp_path / "one"), load_golden(tmp_path / "sharded")
    assert [c.id for c in a] == [c.id for c in b]
    assert b[5].files[0].path.startswith("assets/00001/")
    for x, y in zip(a, b, strict=True):  # the same cases; only where their media live differs
        assert x.model_dump(exclude={"files"}) == y.model_dump(exclude={"files"})
        assert [f.sha256 for f in x.files] == [f.sha256 for f in y.files]
    assert check(tmp_path / "sharded") == []
    export("jsonl", tmp_path / "exported", golden=tmp_path / "sharded")
    assert tree(tmp_path / "exported") == tree(tmp_path / "sharded")


def test_a_shard_that_lost_a_case_is_refused(tmp_path):
    build(tmp_path / "s", suite="full", per_family=2, families=SOME, shard_size=3)
    shard = tmp_path / "s" / "cases-00001.jsonl"
    shard.write_text("".join(shard.read_text().splitlines(keepends=True)[:2]))
    manifest = json.loads((tmp_path / "s" / "manifest.json").read_text())
    manifest["files"]["cases-00001.jsonl"] = hashlib.sha256(shard.read_bytes()).hexdigest()  # hashes fixed up too
    (tmp_path / "s" / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(GoldenIntegrityError, match="cases-00001.jsonl has 2 cases, expected 3"):
        load_golden(tmp_path / "s")


def test_rebuilding_unsharded_over_sharded_leaves_no_stale_shard(tmp_path):
    build(tmp_path / "s", suite="full", per_family=2, families=SOME, shard_size=3)
    build(tmp_path / "s", suite="full", per_family=2, families=SOME)
    build(tmp_path / "fresh", suite="full", per_family=2, families=SOME)
    assert tree(tmp_path / "s") == tree(tmp_path / "fresh")


class Interrupt(Exception):
    pass


def interrupt_after(n: int):
    seen = [0]

    def progress(k: int) -> None:
        seen[0] += k
        if seen[0] >= n:
            raise Interrupt

    return progress


def test_an_interrupted_build_resumes_from_its_verified_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(build_module, "CHUNK", 4)
    out = tmp_path / "out"
    with pytest.raises(Interrupt):
        build(out, suite="full", per_family=3, families=SOME, progress=interrupt_after(10))
    chunks = sorted((out / FOLDER / "chunks").glob("*.json"))
    assert [p.name for p in chunks] == ["00000.json", "00001.json"]  # 10 cases made: two chunks of 4 committed
    kept = out / FOLDER / json.loads(chunks[0].read_text())["files"].popitem()[0]
    stamp = kept.stat().st_mtime_ns
    # a committed file that no longer matches its hash is made again, not trusted
    spoiled = out / FOLDER / next(k for k in json.loads(chunks[1].read_text())["files"] if k.endswith(".png"))
    spoiled.write_bytes(b"torn")
    messages = []
    build(out, suite="full", per_family=3, families=SOME, log=messages.append)
    assert messages == [f"resuming: 4 of 12 cases already built in {out / FOLDER}"]
    assert not (out / FOLDER).exists()
    assert (out / kept.relative_to(out / FOLDER)).stat().st_mtime_ns == stamp  # kept, not rewritten
    monkeypatch.setattr(build_module, "CHUNK", 256)
    build(tmp_path / "fresh", suite="full", per_family=3, families=SOME)
    assert tree(out) == tree(tmp_path / "fresh")


def test_an_unfinished_build_of_another_plan_is_discarded(tmp_path, monkeypatch):
    monkeypatch.setattr(build_module, "CHUNK", 4)
    out = tmp_path / "out"
    with pytest.raises(Interrupt):
        build(out, suite="full", per_family=3, families=SOME, progress=interrupt_after(9))
    messages = []
    build(out, suite="full", per_family=3, families=SOME, seed=5, log=messages.append)
    assert messages == []
    build(tmp_path / "fresh", suite="full", per_family=3, families=SOME, seed=5)
    assert tree(out) == tree(tmp_path / "fresh")


def test_two_builds_into_one_folder_at_once_are_refused(tmp_path):
    with Staging(tmp_path, {"plan": 1}, 10, 5):
        with pytest.raises(ConfigError, match="another build is writing into"):
            Staging(tmp_path, {"plan": 1}, 10, 5).__enter__()


def test_a_build_killed_with_sigkill_resumes_to_identical_bytes(tmp_path):
    args = ("build", "--suite", "full", "--per-family", "3", "--family", "color_grid", "--family", "shapes",
            "--family", "text_card", "--family", "ball_across", "--shard-size", "2")
    out = tmp_path / "killed"
    process = cli(*args, "--out", str(out))
    chunks = out / FOLDER / "chunks"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None and len(list(chunks.glob("*.json"))) < 2:
        time.sleep(0.05)
    assert process.poll() is None, "the build finished before it could be killed"
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    committed = len(list(chunks.glob("*.json")))
    assert 2 <= committed < 6 and not (out / "manifest.json").exists()
    rerun = cli(*args, "--out", str(out))
    _, stderr = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, stderr
    assert f"resuming: {2 * committed} of 12 cases already built" in stderr
    fresh = cli(*args, "--out", str(tmp_path / "fresh"), "--workers", "2")
    fresh.communicate(timeout=300)
    assert tree(out) == tree(tmp_path / "fresh")
    assert load_golden(out)[-1].id == "ball_across-s0-0002"


def test_ray_missing_says_how_to_install_it_in_one_line(tmp_path):
    blocker = tmp_path / "noray" / "ray"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError('no ray here')\n")
    env = {**os.environ, "PYTHONPATH": f"{blocker.parent}{os.pathsep}{ROOT}"}
    process = cli("build", "--out", str(tmp_path / "x"), "--suite", "full", "--per-family", "1", "--ray", env=env)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 2
    assert stderr == "assetgen: --ray needs Ray, which is not installed: pip install 'assetgen[ray]'\n"
    assert not (tmp_path / "x").exists()


def test_shared_out_without_ray_is_refused(tmp_path):
    process = cli("build", "--out", str(tmp_path / "x"), "--ray-shared-out")
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 2 and "--ray-shared-out applies with --ray only" in stderr
    shutil.rmtree(tmp_path / "x", ignore_errors=True)

"""Parity: each harness, run through its own CLI on an exported folder copied away from where it was written,
grades every case as `assetgen eval` does on the same endpoint in the matching video mode.

Inspect AI runs here (pip install 'assetgen[interop]'). lmms-eval needs torch: its tests run when
ASSETGEN_TEST_LMMS_PYTHON names a Python with lmms-eval installed (docs/guides/exports.md), else skip.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from assetgen.app.grading import grade_run
from assetgen.dataset.golden import load_golden
from assetgen.export.formats import export
from assetgen.reference.server import Running
from assetgen.run.payload import RequestOptions
from assetgen.run.runner import EvalOptions, run_eval

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = load_golden(GOLDEN)
VIDEO_IDS = tuple(c.id for c in CASES if c.sampling)
LMMS_PYTHON = os.environ.get("ASSETGEN_TEST_LMMS_PYTHON")


@pytest.fixture(scope="module")
def reference():
    with Running() as url:
        yield url


@pytest.fixture(scope="module")
def assetgen_eval(reference, tmp_path_factory):
    """`assetgen eval` verdicts by case in a video mode, each mode run once for the module."""
    runs: dict[tuple, dict[str, str]] = {}

    def verdicts(video_mode: str = "video_url", num_frames: int | None = None, only: tuple[str, ...] = ()):
        key = (video_mode, num_frames, only)
        if key not in runs:
            options = EvalOptions(endpoint=reference, golden=GOLDEN, out=tmp_path_factory.mktemp("eval"),
                                  filters=only, concurrency=4,
                                  request=RequestOptions(model="", video_mode=video_mode, num_frames=num_frames))
            runs[key] = {r.case_id: g.verdict for r, g in grade_run(run_eval(options)).grades}
        return runs[key]

    return verdicts


def copied(fmt: str, tmp_path: Path, **options) -> Path:
    """An export copied elsewhere, the original deleted: nothing may point back to it."""
    written = export(fmt, tmp_path / "written", **options)
    folder = Path(shutil.copytree(written, tmp_path / "copy" / "task"))
    shutil.rmtree(written)
    return folder


def correct(verdicts: dict[str, str]) -> int:
    return sum(v == "correct" for v in verdicts.values())


# --- Inspect AI through its CLI --------------------------------------------------------------------------------

def inspect_cli(folder: Path, url: str, tmp_path: Path, *args: str) -> dict[str, str]:
    pytest.importorskip("inspect_ai", reason="pip install 'assetgen[interop]' for the Inspect AI tests")
    from inspect_ai.log import list_eval_logs, read_eval_log

    logs = tmp_path / "inspect-logs"
    run = subprocess.run([sys.executable, "-m", "inspect_ai", "eval", "task.py", "--model",
                          "openai-api/assetgen/assetgen-reference", "--log-dir", str(logs), "--display", "none",
                          "--max-connections", "4", *args], cwd=folder, capture_output=True, text=True,
                         timeout=1800, env={**os.environ, "ASSETGEN_BASE_URL": url, "ASSETGEN_API_KEY": "unused"})
    assert run.returncode == 0, run.stderr[-3000:]
    [info] = list_eval_logs(str(logs))
    log = read_eval_log(info)
    assert log.status == "success", log.error
    return {s.id: s.scores["assetgen_grader"].metadata["verdict"] for s in log.samples}


def test_inspect_scores_the_golden_set_like_assetgen_eval(reference, assetgen_eval, tmp_path):
    """Default export (every frame, as labelled groups) vs `assetgen eval` (video_url; frames for the clips)."""
    folder = copied("inspect", tmp_path)
    inspect = inspect_cli(folder, reference, tmp_path)
    default, frames = assetgen_eval(), assetgen_eval("frames", None, VIDEO_IDS)
    assert inspect == {**default, **frames}
    assert correct(inspect) == correct(default) == len(CASES)


def test_inspect_with_n_frames_scores_like_eval_with_num_frames(reference, assetgen_eval, tmp_path):
    folder = copied("inspect", tmp_path, frames=8)
    inspect = inspect_cli(folder, reference, tmp_path, "--sample-id", ",".join(VIDEO_IDS))
    assert inspect == assetgen_eval("frames", 8, VIDEO_IDS)
    assert correct(inspect) < len(VIDEO_IDS)  # 8 frames hide flashes and pulses: the mode matters


# --- lmms-eval through `python -m lmms_eval` -------------------------------------------------------------------

needs_lmms = pytest.mark.skipif(not LMMS_PYTHON, reason="set ASSETGEN_TEST_LMMS_PYTHON to a Python with lmms-eval "
                                                        "(docs/guides/exports.md)")


def lmms_cli(folder: Path, url: str, tmp_path: Path, task: str, model_args: str = "",
             prompt_tokens: dict | None = None) -> dict[str, str]:
    out = tmp_path / "lmms-out"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "OPENAI_API_KEY": "unused"}
    run = subprocess.run([LMMS_PYTHON, "-m", "lmms_eval", "--model", "openai_compatible", "--model_args",
                          f"model_version=assetgen-reference,base_url={url}{model_args}", "--tasks", task,
                          "--include_path", str(folder), "--output_path", str(out), "--log_samples"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=2400, env=env)
    samples = sorted(out.rglob(f"*samples_{task}.jsonl"))
    # lmms-eval exits 0 even when the task fails to load: the samples file is the proof it ran
    assert run.returncode == 0 and samples, (run.stdout + run.stderr)[-4000:]
    lines = [json.loads(line) for line in samples[-1].read_text().splitlines()]
    if prompt_tokens is not None:
        prompt_tokens.update({s["assetgen_accuracy"]["case_id"]: s["token_counts"][0]["input_tokens"] for s in lines})
    return {s["assetgen_accuracy"]["case_id"]: s["assetgen_accuracy"]["verdict"] for s in lines}


@needs_lmms
def test_lmms_eval_scores_the_golden_set_like_assetgen_eval(reference, assetgen_eval, tmp_path):
    folder = copied("lmms-eval", tmp_path)
    lmms = lmms_cli(folder, reference, tmp_path, "assetgen_golden")
    default, frames = assetgen_eval(), assetgen_eval("frames", None, VIDEO_IDS)
    assert lmms == {**default, **frames}
    assert correct(lmms) == correct(default) == len(CASES)


@needs_lmms
def test_lmms_eval_video_task_scores_like_assetgen_eval_video_url(reference, assetgen_eval, tmp_path):
    folder = copied("lmms-eval", tmp_path)
    tokens: dict[str, int] = {}
    lmms = lmms_cli(folder, reference, tmp_path, "assetgen_golden_video", ",pass_video_url=True,max_frames_num=30",
                    tokens)
    assert lmms == assetgen_eval()
    # the clips went as video: the reference counts Qwen-style, 391 prompt tokens per pair of 640x480 frames
    # (15 pairs: 5867), where 30 separate frame images would cost 30 x 393
    assert all(tokens[case_id] < 393 * 30 for case_id in VIDEO_IDS), tokens


@needs_lmms
def test_lmms_eval_with_n_frames_scores_like_eval_with_num_frames(reference, assetgen_eval, tmp_path):
    folder = copied("lmms-eval", tmp_path, frames=8)
    lmms = lmms_cli(folder, reference, tmp_path, "assetgen_golden")
    videos = {case_id: lmms[case_id] for case_id in VIDEO_IDS}
    assert videos == assetgen_eval("frames", 8, VIDEO_IDS)
    assert correct(videos) < len(VIDEO_IDS)

"""Sweeps and worst case against the built-in reference endpoint, over real HTTP: a knob it fails at one end
gives a falling curve, an interrupted sweep resumes without asking anything twice, and a planted variant
failure makes the worst case fall below the average in every report."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

import cli
from assetgen.app.report import write_reports
from assetgen.app.sweep import SweepOptions, run_sweep
from assetgen.errors import ConfigError
from assetgen.generate.sweep_plan import Series
from assetgen.report.sweep_record import SweepResult

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def noise_sweep(tmp_path_factory):
    """Text cards transcribed at rising noise: the reference endpoint's OCR reads 20 gray levels, not 30."""
    folder = tmp_path_factory.mktemp("sweep") / "noise"
    result = CliRunner().invoke(cli.main, ["sweep", "text_card", "--knob", "noise=10..40:10", "--set",
                                           "question=transcribe", "--per-level", "2", "--out", str(folder),
                                           "--concurrency", "2"])
    assert result.exit_code == 0, result.output
    return folder, result.output


def test_a_knob_the_endpoint_fails_at_one_end_gives_a_falling_curve(noise_sweep):
    folder, output = noise_sweep
    result = SweepResult.model_validate_json((folder / "sweep.json").read_bytes())
    (series,) = result.series
    accuracy = [lv.accuracy for lv in series.levels]
    assert accuracy[0] == 1.0 and accuracy[-1] == 0.0, accuracy  # the premise: it reads the clean end only
    assert series.fit.direction == "falling" and series.fit.slope < 0
    # where it changes: from the last level read perfectly to the first read not at all
    last_right = max(lv.level for lv in series.levels if lv.accuracy == 1.0)
    first_wrong = min(lv.level for lv in series.levels if lv.accuracy == 0.0)
    assert last_right < first_wrong
    assert last_right < series.fit.level_50 < first_wrong
    assert series.fit.level_90 < series.fit.level_50
    for lv in series.levels:
        assert lv.low <= lv.accuracy <= lv.high and lv.answered == lv.cases == 2
    assert f"50%: at noise ≈ {series.fit.level_50:.3g}" in output
    assert "falling with noise" in (folder / "sweep.md").read_text()
    assert (folder / "sweep.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    run = folder / result.run
    assert (run / "report.html").is_file() and len((run / "responses.jsonl").read_text().splitlines()) == 8
    # the paths printed open from where the command ran: they name the sweep folder, not only the run in it
    where = re.search(r"every answer: (.+?); the figure: (.+)$", output, re.M)
    assert where and Path(where[1]) == run / "report.html" and Path(where[2]) == folder / "sweep.png", output


def test_default_sweep_and_run_folders_are_ignored_by_git():
    """`assetgen sweep` writes into sweeps/ by default, as eval writes into runs/: neither belongs in a commit."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    for path in ("sweeps/color_grid-rows-0123abcd/sweep.json", "runs/model-abc-1/run.json"):
        done = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT)
        assert done.returncode == 0, f"{path} is not ignored"


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def test_an_interrupted_sweep_resumes_asking_only_what_is_missing(tmp_path):
    args = ["sweep", "bar_chart", "--knob", "bars=4..12:8", "--per-level", "1", "--variants", "2",
            "--out", str(tmp_path / "s"), "--concurrency", "1"]
    first = CliRunner().invoke(cli.main, args)
    assert first.exit_code == 0, first.output
    (run,) = (tmp_path / "s" / "runs").iterdir()
    responses = run / "responses.jsonl"
    done = _lines(responses)
    assert len(done) == 4
    manifest = tmp_path / "s" / "suite" / "manifest.json"
    built = manifest.stat().st_mtime_ns
    # as a kill leaves it: two answers recorded, the third torn mid-line
    responses.write_bytes(b"\n".join(done[:2]) + b"\n" + done[2][:40])
    second = CliRunner().invoke(cli.main, args)
    assert second.exit_code == 0, second.output
    assert "resuming" in second.output
    after = _lines(responses)
    assert after[:2] == done[:2]  # kept, not asked again
    keys = [orjson.loads(line)["key"] for line in after]
    assert len(after) == 4 and len(set(keys)) == 4  # the two missing asked once each, nothing twice
    assert manifest.stat().st_mtime_ns == built  # the suite was not built again
    third = CliRunner().invoke(cli.main, args)
    assert third.exit_code == 0 and _lines(responses) == after  # a finished sweep asks nothing
    result = json.loads((tmp_path / "s" / "sweep.json").read_text())
    assert result["variants"] == 2 and [lv["worst_cases"] for lv in result["series"][0]["levels"]] == [1, 1]
    # another sweep into the same folder is refused, in one line
    other = CliRunner().invoke(cli.main, [*args[:3], "bars=4..12:4", *args[4:]])
    assert other.exit_code == 2 and "holds another sweep" in other.output


def test_worst_case_falls_below_the_average_with_a_planted_variant_failure(tmp_path):
    result = CliRunner().invoke(cli.main, ["eval", "--variants", "3", "--filter", "color_grid",
                                           "--out", str(tmp_path), "--concurrency", "2"])
    assert result.exit_code == 0, result.output
    assert "Worst case" in result.output
    (run,) = [p for p in tmp_path.iterdir() if p.name != "variants"]
    summary = (run / "summary.txt").read_text()
    assert "3 of 3 cases had every variant right, 100% against 100% on average" in summary
    # plant one wrong answer to one variant (not the original) of one case
    records = [orjson.loads(line) for line in _lines(run / "responses.jsonl")]
    originals = {"color_grid-s0-0000", "color_grid-s0-0001", "color_grid-s0-0002"}
    assert {r["case_id"] for r in records} >= originals and len(records) == 9
    victim = next(r for r in records if r["case_id"] not in originals and r["case_id"].endswith("-0001"))
    victim["content"] = "I cannot tell."
    (run / "responses.jsonl").write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    report = write_reports(run)
    from assetgen.report.variants import worst_case

    worst = worst_case(report)
    assert worst.total.worst.right == 2 and worst.total.cases == 3
    assert worst.total.average.right == 8 and worst.total.average.answered == 9
    assert worst.total.worst.value < worst.total.average.value
    line = "2 of 3 cases had every variant right, 67% against 89% on average"
    assert line in (run / "summary.txt").read_text()
    assert line in (run / "report.md").read_text()
    assert line in (run / "report.html").read_text()
    # the variant suite is cached: a second run reuses it
    again = CliRunner().invoke(cli.main, ["eval", "--variants", "3", "--filter", "color_grid", "--limit", "1",
                                          "--out", str(tmp_path), "--concurrency", "2"])
    assert again.exit_code == 0, again.output
    assert "1 of 1 cases had every variant right" in again.output


def test_eval_without_variants_shows_no_worst_case(tmp_path):
    result = CliRunner().invoke(cli.main, ["eval", "--filter", "color_grid-s0-0000", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (run,) = tmp_path.iterdir()
    for text in (result.output, (run / "summary.txt").read_text(), (run / "report.md").read_text(),
                 (run / "report.html").read_text()):
        assert "worst case" not in text.lower()
    assert not (tmp_path / "variants").exists()


def test_variants_with_resume_or_below_two_are_refused(tmp_path):
    for args, message in ((["--variants", "1"], "--variants 1 must be between 2 and 100"),
                          (["--variants", "2", "--resume", str(tmp_path)], "cannot be given with --resume")):
        result = CliRunner().invoke(cli.main, ["eval", *args, "--out", str(tmp_path)])
        assert result.exit_code == 2 and message in result.output, result.output


def test_a_sweep_against_an_unreachable_endpoint_exits_3_and_keeps_its_plan(tmp_path):
    result = CliRunner().invoke(cli.main, ["sweep", "color_grid", "--knob", "rows=2..3", "--per-level", "1",
                                           "--endpoint", "http://127.0.0.1:9/v1", "--out", str(tmp_path / "s")])
    assert result.exit_code == 3, result.output
    assert (tmp_path / "s" / "plan.json").is_file() and (tmp_path / "s" / "suite" / "manifest.json").is_file()
    with pytest.raises(ConfigError, match="holds another sweep"):
        run_sweep(SweepOptions([Series("color_grid", "rows", (2, 3))], per_level=1, out=tmp_path / "s"))
    assert os.listdir(tmp_path / "s")  # nothing removed

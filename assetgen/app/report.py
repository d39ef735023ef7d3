"""A run's reports: grade it (`app.grading`), then render every report from the grades (`report.write`).
`assetgen eval` ends here, and `assetgen report RUN` re-grades and re-renders a run without calling a model."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from assetgen.app.grading import JudgeStep, grade_run
from assetgen.report.run_report import RunReport
from assetgen.report.write import write_pages


def write_reports(run_dir: Path, golden: Path | None = None, secrets: Iterable[str | None] = (),
                  judge_step: JudgeStep | None = None) -> RunReport:
    """Grade the run at `run_dir` against `golden` (default: the suite it recorded) and write grades.jsonl,
    plots/, report.md, report.html and summary.txt; `secrets` (and the environment's keys) are scrubbed."""
    report = grade_run(run_dir, golden, secrets, judge_step)
    write_pages(report, run_dir)
    return report

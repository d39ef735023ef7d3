"""Grade a run and write all its reports: grades.jsonl, plots/, report.md, report.html, summary.txt."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from assetgen.report.grading import JudgeStep, RunReport, grade_run
from assetgen.report.html import html_report
from assetgen.report.markdown import markdown
from assetgen.report.plots import write_plots
from assetgen.report.text import terminal_text
from assetgen.run.files import write_atomic


def write_reports(run_dir: Path, golden: Path | None = None, secrets: Iterable[str | None] = (),
                  judge_step: JudgeStep | None = None) -> RunReport:
    report = grade_run(run_dir, golden, secrets, judge_step)  # `secrets` (and the environment's keys) scrubbed
    plots = write_plots(report, run_dir)
    # each file whole or not at all: a kill mid-write leaves the previous version, never a torn one
    write_atomic(run_dir / "report.md", markdown(report, plots))
    write_atomic(run_dir / "report.html", html_report(report, run_dir, plots))
    write_atomic(run_dir / "summary.txt", terminal_text(report) + "\n")
    return report

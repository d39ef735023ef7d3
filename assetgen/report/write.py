"""Grade a run and write all its reports: grades.jsonl, plots/, report.md, report.html, summary.txt."""

from __future__ import annotations

from pathlib import Path

from assetgen.report.grading import RunReport, grade_run
from assetgen.report.html import html_report
from assetgen.report.markdown import markdown
from assetgen.report.plots import write_plots
from assetgen.report.text import terminal_text


def write_reports(run_dir: Path, golden: Path | None = None) -> RunReport:
    report = grade_run(run_dir, golden)
    plots = write_plots(report, run_dir)
    (run_dir / "report.md").write_text(markdown(report, plots), encoding="utf-8")
    (run_dir / "report.html").write_text(html_report(report, run_dir, plots), encoding="utf-8")
    (run_dir / "summary.txt").write_text(terminal_text(report) + "\n", encoding="utf-8")
    return report

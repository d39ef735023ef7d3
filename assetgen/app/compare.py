"""`assetgen compare`: grade each run, then write the comparison as Markdown and as an HTML page."""

from __future__ import annotations

import os
from pathlib import Path

from assetgen.app.grading import grade_run
from assetgen.report.compare import Comparison, build, compare_markdown
from assetgen.report.html import compare_html
from assetgen.run.files import write_atomic


def default_target(run_dirs: list[Path]) -> Path:
    """Beside the last run: compare-<first>.md for two runs, compare-<first>-<second>-....md for more."""
    return run_dirs[-1] / ("compare-" + "-".join(d.name for d in run_dirs[:-1]) + ".md")


def compare_runs(run_dirs: list[Path], out: Path | None = None) -> tuple[Comparison, list[Path]]:
    """Grade every run, write the comparison as Markdown and as an HTML page beside it; return both paths."""
    comparison = build([grade_run(d) for d in run_dirs])
    target = out or default_target(run_dirs)
    page = target.with_suffix(".html")
    for side, run_dir in zip(comparison.sides, run_dirs, strict=True):
        report = run_dir / "report.html"
        side.link = Path(os.path.relpath(report, page.parent)).as_posix() if report.exists() else None
    write_atomic(target, compare_markdown(comparison))
    write_atomic(page, compare_html(comparison))
    return comparison, [target, page]

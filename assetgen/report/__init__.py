"""Grade -> report: grade a run's answers without calling the model (`graders`), measure its speed,
and write what people read: terminal tables, summary.txt, report.md, report.html, plots, A/B tables.

The commands that drive the pipeline (eval, sweep, verify, grade, compare, probe) are in `assetgen.app`.
"""

from assetgen.report.compare import compare
from assetgen.report.grading import RunReport, grade_run
from assetgen.report.performance import Performance, performance
from assetgen.report.write import write_reports

__all__ = ["Performance", "RunReport", "compare", "grade_run", "performance", "write_reports"]

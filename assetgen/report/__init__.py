"""Grade -> report: grade a run's answers without calling the model (`graders`), measure its speed,
and write what people read: terminal tables, summary.txt, report.md, report.html, plots, A/B tables.

`verify` runs the reference endpoint over a suite; `regrade` grades another harness's answers.
"""

from assetgen.report.compare import compare
from assetgen.report.grading import RunReport, grade_run
from assetgen.report.performance import Performance, performance
from assetgen.report.regrade import grade_file
from assetgen.report.write import write_reports

__all__ = ["Performance", "RunReport", "compare", "grade_file", "grade_run", "performance", "write_reports"]

"""Records -> what people read: a graded run (`RunReport`, assembled in `run_report`) measured for speed and
rendered as terminal tables, summary.txt, report.md, report.html, plots, A/B tables.

Nothing here grades or drives the pipeline: grading a run is `assetgen.app.grading`, and the commands (eval,
sweep, verify, grade, compare, probe, report, ...) are in `assetgen.app`.
"""

from assetgen.report.compare import compare
from assetgen.report.performance import Performance, performance
from assetgen.report.run_report import RunReport

__all__ = ["Performance", "RunReport", "compare", "performance"]

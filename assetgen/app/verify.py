"""`assetgen build --verify`: is every case of a suite solvable from its pixels?

Runs the reference endpoint over HTTP on each case and grades its answers. A case no pixel reader
can solve is suspect (overlapping labels, colors too close, text too small).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from assetgen.app.grading import grade_run
from assetgen.dataset.golden import read_manifest
from assetgen.reference.server import Running
from assetgen.run.payload import RequestOptions
from assetgen.run.runner import EvalOptions, run_eval


@dataclass
class Verification:
    solved: dict[str, tuple[int, int]]  # family -> (correct, cases)
    unsolved: list[tuple[str, str, str]]  # (case id, verdict, explanation)

    @property
    def rate(self) -> float:
        total = sum(n for _, n in self.solved.values())
        return sum(k for k, _ in self.solved.values()) / total if total else 0.0


def verify(root: Path, *, concurrency: int = 2) -> Verification:
    """The reference endpoint over every case of the suite at `root`: solved per family, and the cases not."""
    read_manifest(root)  # a folder that is no suite is one line, before an endpoint starts
    with tempfile.TemporaryDirectory(prefix="assetgen-verify-") as tmp, Running() as url:
        run_dir = run_eval(EvalOptions(endpoint=url, golden=root, out=Path(tmp), concurrency=concurrency,
                                       request=RequestOptions(model="", max_tokens=None)))
        report = grade_run(run_dir, root)
    solved: dict[str, tuple[int, int]] = {}
    unsolved = []
    for record, grade in report.grades:
        family = report.cases[record.case_id].family
        ok, n = solved.get(family, (0, 0))
        solved[family] = (ok + (grade.verdict == "correct"), n + 1)
        if grade.verdict != "correct":
            unsolved.append((record.case_id, grade.verdict, grade.explanation))
    return Verification(dict(sorted(solved.items())), sorted(unsolved))

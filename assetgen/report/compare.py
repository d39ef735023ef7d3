"""`assetgen compare`: two runs side by side, per category and in speed."""

from __future__ import annotations

from pathlib import Path

from assetgen.report.grading import RunReport, grade_run
from assetgen.run.files import write_atomic


def compare(a: RunReport, b: RunReport) -> str:
    """An A/B table: per category perfect rates, and performance side by side."""
    sa, sb = next(iter(a.summaries.values())), next(iter(b.summaries.values()))
    rows_a = {r.category: r for r in sa.rows}
    rows_b = {r.category: r for r in sb.rows}
    lines = [f"| Category | A: {a.info.run_id} | B: {b.info.run_id} | Δ |", "|---|---|---|---|"]
    for category in [*rows_a, *[c for c in rows_b if c not in rows_a]]:
        ra, rb = rows_a.get(category), rows_b.get(category)
        pa = ra.perfect / ra.tests if ra and ra.tests else None
        pb = rb.perfect / rb.tests if rb and rb.tests else None
        delta = f"{(pb - pa) * 100:+.0f} pts" if pa is not None and pb is not None else ""
        fmt = lambda p, r: f"{r.perfect}/{r.tests} ({p:.0%})" if r and p is not None else "n/a"  # noqa: E731
        lines.append(f"| {category} | {fmt(pa, ra)} | {fmt(pb, rb)} | {delta} |")
    lines.append(f"| **total** | {sa.total.perfect}/{sa.total.tests} | {sb.total.perfect}/{sb.total.tests} | "
                 f"{(sb.accuracy - sa.accuracy) * 100:+.0f} pts |")
    pa_, pb_ = next(iter(a.perf.values())).line_items(), next(iter(b.perf.values())).line_items()
    lines += ["", "| Metric | A | B |", "|---|---|---|"]
    lines += [f"| {name} | {va} | {vb} |" for (name, va), (_, vb) in zip(pa_, pb_, strict=True)]
    return "\n".join(lines) + "\n"


def compare_runs(run_a: Path, run_b: Path, out: Path | None = None) -> tuple[str, Path]:
    """Grade both runs, write the A/B table (default: RUN_B/compare-<A>.md) and return it with its path."""
    table = compare(grade_run(run_a), grade_run(run_b))
    target = out or run_b / f"compare-{run_a.name}.md"
    write_atomic(target, table)
    return table, target

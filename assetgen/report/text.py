"""The plain-text report (summary.txt) and the speculative-decoding line every report shares."""

from __future__ import annotations

from assetgen.report.grading import RunReport
from assetgen.report.speculative import spec_line
from graders import format_summary

__all__ = ["headline", "spec_line", "terminal_text"]


def headline(report: RunReport) -> str | None:
    """The fast-but-broken verdict every report puts at its top, when the run did speculative decoding."""
    return report.verdict.line(report.spec) if report.verdict and report.spec else None


def terminal_text(report: RunReport) -> str:
    out = [f"assetgen eval: {report.info.model} at {report.info.endpoint} ({report.info.run_id})"]
    if headline(report):
        out.append(("!! " if report.verdict.flagged else "") + headline(report))
    for label, summary in report.summaries.items():
        if len(report.summaries) > 1:
            out.append(f"\n== thinking {label} ==")
        out.append("")
        out.append(format_summary(summary))
        out.append("")
        out += [f"{name:<30}{value}" for name, value in report.perf[label].line_items()]
    if report.spec:
        out.append("")
        out.append(spec_line(report.spec))
    if report.info.metrics_error:
        out.append(report.info.metrics_error)
    return "\n".join(out)

"""The plain-text report (summary.txt) and the speculative-decoding line every report shares."""

from __future__ import annotations

from assetgen.report.grading import RunReport
from assetgen.run.metrics import SpecDecode
from assetgen.run.untrusted import printable
from graders import format_summary


def terminal_text(report: RunReport) -> str:
    out = [f"assetgen eval: {report.info.model} at {report.info.endpoint} ({report.info.run_id})"]
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
        if report.spec.suspicious:
            out.append(f"!! {report.spec.suspicious}")
    return printable("\n".join(out))  # no terminal escape reaches summary.txt, nor a terminal that shows it


def spec_line(spec: SpecDecode) -> str:
    positions = ", ".join(f"@{k} {v:.1%}" for k, v in enumerate(spec.per_position))
    rate = f"{spec.acceptance:.1%}" if spec.acceptance is not None else "n/a"
    return (f"Speculative decoding: {spec.drafts:.0f} drafts, {spec.draft_tokens:.0f} draft tokens, "
            f"{spec.accepted_tokens:.0f} accepted: acceptance {rate}" + (f" ({positions})" if positions else ""))

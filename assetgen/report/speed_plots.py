"""Figures of issue #15 dimensions 1-2: throughput against max_tokens, one line per thinking mode."""

from __future__ import annotations

from assetgen.media.figures import figure_pixels, new_figure
from assetgen.media.imaging import png_bytes
from assetgen.report.run_report import RunReport
from assetgen.report.speed_tables import length_rows

__all__ = ["speed_plots"]


def _tps_by_max_tokens(report: RunReport) -> bytes | None:
    rows = [r for r in length_rows(report) if not r.forced and r.tps is not None]
    if not rows:
        return None
    figure = new_figure(560, 320)
    axes = figure.add_axes((0.13, 0.16, 0.82, 0.72))
    for label in dict.fromkeys(r.label for r in rows):
        points = sorted((r.max_tokens, r.tps) for r in rows if r.label == label)
        axes.plot([x for x, _ in points], [y for _, y in points], marker="o",
                  label=f"thinking {label}" if label in ("on", "off") else label)
    axes.set_xscale("log", base=2)
    ticks = sorted({r.max_tokens for r in rows})
    axes.set_xticks(ticks, [str(t) for t in ticks])
    axes.set_ylim(bottom=0)
    axes.set_title("Throughput by output length")
    axes.set_xlabel("max_tokens")
    axes.set_ylabel("output tokens / wall time (tok/s)")
    if len({r.label for r in rows}) > 1:
        axes.legend(fontsize=8)
    return png_bytes(figure_pixels(figure))


def speed_plots(report: RunReport) -> dict[str, bytes]:
    """File name -> PNG of each figure the run has data for."""
    figure = _tps_by_max_tokens(report)
    return {"tok_s_by_max_tokens.png": figure} if figure else {}

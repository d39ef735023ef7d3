"""The scale dimensions' figures: wall time (and aggregate tok/s) vs concurrency, tok/s and TTFT vs context."""

from __future__ import annotations

from assetgen.media.figures import figure_pixels, new_figure
from assetgen.media.imaging import png_bytes
from assetgen.report.scale import ScaleTables

__all__ = ["scale_plots"]


def _concurrency(scale: ScaleTables) -> bytes:
    figure = new_figure(720, 320)
    wall = figure.add_axes((0.09, 0.16, 0.38, 0.7))
    agg = figure.add_axes((0.58, 0.16, 0.38, 0.7))
    for label, table in scale.concurrency.items():
        levels = [r.level for r in table.rows]
        wall.plot(levels, [r.wall_s or 0 for r in table.rows], marker="o", label=label)
        agg.plot(levels, [r.aggregate_tps or 0 for r in table.rows], marker="o", label=label)
        if (level := table.saturation) is not None:
            agg.axvline(level, color=(0.6, 0.6, 0.6), linestyle="--", linewidth=1)
    for axes, title, unit in ((wall, "Wall time vs concurrency", "seconds"),
                              (agg, "Aggregate tok/s vs concurrency", "tok/s")):
        axes.set_xscale("log", base=2)
        axes.set_xlabel("requests at once")
        axes.set_ylabel(unit)
        axes.set_title(title, fontsize=10)
        axes.set_ylim(bottom=0)
        if len(scale.concurrency) > 1:
            axes.legend(fontsize=8)
    return png_bytes(figure_pixels(figure))


def _context(scale: ScaleTables) -> bytes:
    figure = new_figure(720, 320)
    tps = figure.add_axes((0.09, 0.16, 0.38, 0.7))
    ttft = figure.add_axes((0.58, 0.16, 0.38, 0.7))
    for label, table in scale.context.items():
        # one point per answered case, at the server's prompt tokens (else the counted size)
        points = sorted((((r.prompt_tokens or r.counted or r.size or 0), r) for r in table.rows
                         if r.verdict not in ("skipped", "error")), key=lambda p: p[0])
        sizes = [p for p, _ in points]
        tps.plot(sizes, [r.tps or 0 for _, r in points], marker="o", linestyle="", label=label)
        ttft.plot(sizes, [r.ttft_s or 0 for _, r in points], marker="o", linestyle="", label=label)
    for axes, title, unit in ((tps, "tok/s vs context length", "tok/s"),
                              (ttft, "Prefill (TTFT) vs context length", "seconds")):
        axes.set_xscale("log")
        axes.set_xlabel("prompt tokens")
        axes.set_ylabel(unit)
        axes.set_title(title, fontsize=10)
        axes.set_ylim(bottom=0)
        if len(scale.context) > 1:
            axes.legend(fontsize=8)
    return png_bytes(figure_pixels(figure))


def scale_plots(scale: ScaleTables | None) -> dict[str, bytes]:
    """{file name: PNG} for the tables this run has."""
    if not scale:
        return {}
    out = {}
    if scale.concurrency:
        out["concurrency.png"] = _concurrency(scale)
    if scale.context:
        out["context.png"] = _context(scale)
    return out

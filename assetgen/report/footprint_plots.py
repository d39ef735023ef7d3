"""The server footprint's time line: KV-cache usage, and requests running and waiting, over the run."""

from __future__ import annotations

from assetgen.media.figures import figure_pixels, new_figure
from assetgen.media.imaging import png_bytes
from assetgen.run.footprint import Footprint

__all__ = ["footprint_plots"]


def _timeline(fp: Footprint) -> bytes | None:
    from assetgen.report.footprint import timeline

    points = timeline(fp)
    usage = [(t, s.kv_usage * 100) for t, s in points if s.kv_usage is not None]
    running = [(t, s.running) for t, s in points if s.running is not None]
    waiting = [(t, s.waiting) for t, s in points if s.waiting is not None]
    if not (usage or running or waiting):
        return None
    figure = new_figure(720, 420)
    top = figure.add_axes((0.1, 0.57, 0.86, 0.34))
    bottom = figure.add_axes((0.1, 0.12, 0.86, 0.34), sharex=top)
    if usage:
        top.plot([t for t, _ in usage], [v for _, v in usage], color=(0.3, 0.45, 0.8), linewidth=1.2)
    top.set_ylim(bottom=0)
    top.set_ylabel("KV-cache usage (%)")
    top.set_title("Server footprint over the run", fontsize=10)
    # running solid and waiting dashed on top, so equal counts stay both visible
    for series, name, colour, style in ((running, "running", (0.2, 0.6, 0.3), "-"),
                                        (waiting, "waiting", (0.8, 0.25, 0.2), "--")):
        if series:
            bottom.step([t for t, _ in series], [v for _, v in series], where="post", label=name, color=colour,
                        linestyle=style, linewidth=1.6 if style == "-" else 1.2)
    bottom.set_ylim(bottom=0)
    bottom.set_ylabel("requests")
    bottom.set_xlabel("seconds into the run")
    bottom.legend(fontsize=8, loc="upper left")
    # the bursts and context cases (asked one at a time after the pool): one shaded span, so a peak can be
    # read against what was sent without a label per burst
    scaled = [t for t, s in points if s.phase != "pool"]
    if scaled:
        for axes in (top, bottom):
            axes.axvspan(min(scaled), max(scaled), color=(0.85, 0.85, 0.85), zorder=0)
        top.annotate("bursts, context cases", (min(scaled), 1), xycoords=("data", "axes fraction"), fontsize=7,
                     va="bottom", ha="right" if min(scaled) > points[-1][0] * 0.7 else "left")
    return png_bytes(figure_pixels(figure))


def footprint_plots(fp: Footprint | None) -> dict[str, bytes]:
    """{file name: PNG} when the server reported a series to draw."""
    figure = _timeline(fp) if fp is not None and fp.reported else None
    return {"server_footprint.png": figure} if figure else {}

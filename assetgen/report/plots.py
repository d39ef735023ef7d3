"""The report's figures: answers by category, latency and TTFT histograms, thinking on/off."""

from __future__ import annotations

import statistics
from pathlib import Path

import numpy as np

from assetgen.media.figures import figure_pixels, new_figure
from assetgen.media.imaging import png_bytes
from assetgen.report.footprint_plots import footprint_plots
from assetgen.report.run_report import RunReport
from assetgen.report.scale_plots import scale_plots
from assetgen.report.speed_plots import speed_plots
from assetgen.run.files import write_atomic
from graders import Summary


def _accuracy_axes(summary: Summary):
    figure = new_figure(720, 360)
    axes = figure.add_axes((0.28, 0.2, 0.68, 0.7))
    rows = summary.rows
    names = [r.category for r in rows]
    tests = [max(1, r.tests) for r in rows]
    perfect = [r.perfect / t for r, t in zip(rows, tests, strict=True)]
    partial = [r.partial / t for r, t in zip(rows, tests, strict=True)]
    failed = [r.failed / t for r, t in zip(rows, tests, strict=True)]
    y = range(len(rows))
    axes.barh(y, perfect, color=(0.2, 0.6, 0.3), label="perfect")
    axes.barh(y, partial, left=perfect, color=(0.95, 0.7, 0.2), label="partial")
    axes.barh(y, failed, left=[a + b for a, b in zip(perfect, partial, strict=True)], color=(0.8, 0.25, 0.2),
              label="failed")
    axes.set_yticks(list(y), names)
    axes.invert_yaxis()  # the first category on top, as in the tables
    axes.set_xlim(0, 1)
    axes.set_title("Answers by category")
    # below the axes, in one row: inside them it covered the bars of a category at 100%
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=3, fontsize=8, frameon=False)
    return axes


def _plot_accuracy(summary: Summary) -> bytes:
    return png_bytes(figure_pixels(_accuracy_axes(summary).figure))


def _plot_histogram(values: dict[str, list[float]], title: str) -> bytes:
    figure = new_figure(560, 300)
    axes = figure.add_axes((0.12, 0.16, 0.84, 0.72))
    everything = [v for data in values.values() for v in data]
    if everything:
        # one set of bin edges for every label, so thinking on and off overlay bar for bar
        edges = np.histogram_bin_edges(everything, bins=min(30, max(5, len(everything) // 2)))
        for label, data in values.items():
            if data:
                axes.hist(data, bins=edges, alpha=0.6, label=label)
    axes.set_title(title)
    axes.set_xlabel("seconds")
    axes.set_ylabel("answers")
    if len(values) > 1:
        axes.legend(fontsize=8)
    return png_bytes(figure_pixels(figure))


def _plot_thinking(report: RunReport) -> bytes:
    labels = list(report.summaries)
    metrics = {
        "accuracy": [report.summaries[m].accuracy for m in labels],
        "avg latency (s)": [statistics.fmean(report.perf[m].latencies) if report.perf[m].latencies else 0
                            for m in labels],
        "output tokens / answer": [report.perf[m].output_tokens / max(1, report.perf[m].ok) for m in labels],
    }
    figure = new_figure(900, 300)
    for k, (name, values) in enumerate(metrics.items()):
        axes = figure.add_axes((0.06 + k * 0.33, 0.15, 0.26, 0.7))
        axes.bar(labels, values, color=[(0.3, 0.45, 0.8), (0.85, 0.5, 0.2)][: len(labels)])
        axes.set_title(name, fontsize=10)
    return png_bytes(figure_pixels(figure))


def write_plots(report: RunReport, run_dir: Path) -> list[str]:
    plots = run_dir / "plots"
    plots.mkdir(exist_ok=True)
    first = next(iter(report.summaries.values()))
    files = {"accuracy.png": _plot_accuracy(first),
             "latency.png": _plot_histogram({m: p.latencies for m, p in report.perf.items()}, "Latency"),
             "ttft.png": _plot_histogram({m: p.ttfts for m, p in report.perf.items()}, "Time to first token")}
    if len(report.summaries) > 1:
        files["thinking.png"] = _plot_thinking(report)
    files |= speed_plots(report)  # issue #15 dimensions 1-2
    files |= scale_plots(report.scale)
    files |= footprint_plots(report.footprint)  # issue #34
    for name, data in files.items():
        write_atomic(plots / name, data)
    return [f"plots/{name}" for name in files]

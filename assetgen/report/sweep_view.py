"""A sweep shown: the terminal table, sweep.md and sweep.png (one panel per knob, one curve per family,
Wilson intervals as error bars, the fitted logistic, the 50% and 90% lines)."""

from __future__ import annotations

import numpy as np

from assetgen.media.figures import figure_pixels, new_figure
from assetgen.media.imaging import png_bytes
from assetgen.report.sweep_record import SeriesResult, SweepResult

COLUMNS = 3


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def level_rows(result: SweepResult) -> tuple[list[str], list[list[str]]]:
    header = ["Family", "Knob", "Level", "Cases", "Accuracy (95% CI)"]
    if result.variants > 1:
        header.append(f"Worst case over {result.variants} variants")
    rows = []
    for s in result.series:
        for lv in s.levels:
            cell = f"{_pct(lv.accuracy)} ({lv.low * 100:.0f}–{lv.high:.0%})" if lv.answered else "n/a"
            row = [s.family, s.knob, f"{lv.level:g}", f"{lv.right}/{lv.answered}", cell]
            if result.variants > 1:
                row.append(f"{lv.worst_right}/{lv.worst_cases}" + (f" {lv.worst_right / lv.worst_cases:.0%}"
                                                                  if lv.worst_cases else ""))
            rows.append(row)
    return header, rows


def headline(result: SweepResult) -> str:
    return (f"assetgen sweep: {result.model} at {result.endpoint}; {result.per_level} case(s) per level, seed "
            f"{result.seed}" + (f", {result.variants} variants each" if result.variants > 1 else "") +
            (f", preset {result.preset}" if result.preset else ""))


def markdown(result: SweepResult) -> str:
    from assetgen.report.markdown import md_code, md_escape, md_table

    lines = [f"# {md_escape(headline(result))}", "", "![accuracy against level](sweep.png)", "",
             *md_table(*level_rows(result)), "",
             "Accuracy: perfect answers out of answered ones at each level, with Wilson's 95% interval"
             + ("; worst case: cases whose every variant was answered right." if result.variants > 1 else "."), "",
             "## Fits", ""]
    lines += [f"- {md_escape(s.summary)}" for s in result.series]
    lines += ["", "A two-parameter logistic in the level, fitted by maximum likelihood (flat when a "
              "likelihood-ratio test against a constant accuracy gives p >= 0.05); a 50% or 90% level is given "
              "only where the fitted curve crosses it inside the swept range.", "",
              f"Every answer, its grade and why: {md_code(result.run + '/report.html')}.", ""]
    return "\n".join(lines)


def _panel(axes, knob: str, series: list[SeriesResult]) -> None:
    colours = [(0.2, 0.45, 0.8), (0.85, 0.4, 0.1), (0.2, 0.6, 0.3), (0.6, 0.3, 0.7), (0.5, 0.5, 0.5)]
    for k, s in enumerate(series):
        colour = colours[k % len(colours)]
        shown = [lv for lv in s.levels if lv.answered]
        x = np.array([lv.level for lv in shown], dtype=float)
        y = np.array([lv.accuracy for lv in shown], dtype=float)
        # clipped: Wilson's bound at 0 right comes out a rounding error above 0, which matplotlib refuses
        below = np.maximum(0.0, y - np.array([lv.low for lv in shown]))
        above = np.maximum(0.0, np.array([lv.high for lv in shown]) - y)
        axes.errorbar(x, y, yerr=[below, above], fmt="o", color=colour, capsize=3, markersize=4,
                      label=s.family)
        if s.fit is not None and len(x):
            grid = np.linspace(x.min(), x.max(), 200)
            curve = 1 / (1 + np.exp(-(s.fit.intercept + s.fit.slope * grid)))
            axes.plot(grid, curve, color=colour, linestyle=":" if s.fit.direction == "flat" else "-", linewidth=1.5)
            if s.fit.level_50 is not None:
                axes.axvline(s.fit.level_50, color=colour, linewidth=0.8, linestyle="--")
    for level in (0.5, 0.9):
        axes.axhline(level, color=(0.6, 0.6, 0.6), linewidth=0.7, linestyle="--")
    axes.set_ylim(-0.05, 1.05)
    axes.set_xlabel(knob)
    axes.set_ylabel("accuracy")
    axes.legend(fontsize=7, loc="best")
    axes.set_title(", ".join(s.family for s in series), fontsize=9)


def plot(result: SweepResult) -> bytes:
    """One panel per knob name (families sweeping the same knob share it), three panels a row."""
    knobs: dict[str, list[SeriesResult]] = {}
    for s in result.series:
        knobs.setdefault(s.knob, []).append(s)
    count = len(knobs)
    columns = min(COLUMNS, count)
    rows = -(-count // columns)
    figure = new_figure(380 * columns + 40, 300 * rows + 40)
    for k, (knob, series) in enumerate(knobs.items()):
        row, column = divmod(k, columns)
        left = (column + 0.14) / columns  # room for the y label
        bottom = 1 - (row + 1) / rows + 0.17 / rows
        axes = figure.add_axes((left, bottom, 0.8 / columns, 0.64 / rows))
        _panel(axes, knob, series)
    figure.suptitle(f"Accuracy against difficulty: {result.model}", fontsize=10)
    return png_bytes(figure_pixels(figure))

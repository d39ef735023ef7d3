"""Bar charts (matplotlib): a bar's value, the largest or smallest bar, a difference."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.families.charts import CATEGORIES, HEIGHT, WIDTH, mpl_color, setup_axes
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.figures import figure_pixels, new_figure

QUESTIONS = ("value", "largest", "smallest", "difference")
BAR_COLORS = ("blue", "green", "orange", "purple", "red")


def xlim(n: int) -> tuple[float, float]:
    return (-0.6, n - 0.4)


@register
class BarChart(Family):
    name = "bar_chart"
    category = "chart"
    summary = "Bar chart of integer values; ask a value, the largest/smallest bar, or a difference."
    knobs = (
        Knob("bars", 5, "number of bars", low=2, high=12),
        Knob("value_labels", True, "print each value above its bar", kind="bool"),
        Knob("gridlines", True, "horizontal gridlines", kind="bool"),
        Knob("question", "any", "what to ask", kind="choice", choices=("any", *QUESTIONS)),
    )

    def sample(self, rng, knobs):
        n = knobs["bars"]
        labels = [CATEGORIES[int(i)] for i in rng.choice(len(CATEGORIES), n, replace=False)]
        values = [int(v) for v in rng.choice(range(5, 96), n, replace=False)]  # distinct: unique max/min
        question = {"type": _ask.pick(rng, knobs["question"], QUESTIONS)}
        a, b = (int(i) for i in rng.choice(n, 2, replace=False))
        question |= {"a": a, "b": b}
        return {"labels": labels, "values": values, "ymax": 100, "title": "Units sold",
                "color": BAR_COLORS[int(rng.integers(len(BAR_COLORS)))], "value_labels": knobs["value_labels"],
                "gridlines": knobs["gridlines"], "question": question}

    def question(self, scene):
        q, labels, values = scene["question"], scene["labels"], scene["values"]
        # Without printed labels a value is read against the axis: allow 3% of the axis range.
        tol = 0.0 if scene["value_labels"] else 0.03 * scene["ymax"]
        if q["type"] == "value":
            return _ask.number(f"In this bar chart, what is the value of the bar labelled "
                               f"'{labels[q['a']]}'? Answer with a number.", values[q["a"]], abs_tol=tol)
        if q["type"] == "difference":
            hi, lo = sorted((q["a"], q["b"]), key=lambda i: -values[i])
            return _ask.number(f"In this bar chart, how much larger is '{labels[hi]}' than '{labels[lo]}'? "
                               "Answer with a number.", values[hi] - values[lo], abs_tol=2 * tol)
        pick = max if q["type"] == "largest" else min
        best = labels[values.index(pick(values))]
        return _ask.text(f"Which category has the {q['type']} value in this bar chart? Answer with its label.",
                         best)

    def render(self, scene):
        figure = new_figure(WIDTH, HEIGHT)
        axes = setup_axes(figure, scene)
        n = len(scene["values"])
        bars = axes.bar(range(n), scene["values"], width=0.6, color=mpl_color(scene["color"]))
        axes.set_xlim(*xlim(n))
        axes.set_xticks(range(n), scene["labels"], fontsize=9 if n > 7 else 11)
        if scene["value_labels"]:
            axes.bar_label(bars, padding=2, fontsize=10)
        return [figure_pixels(figure)]

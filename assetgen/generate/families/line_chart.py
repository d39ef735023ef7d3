"""Line charts with markers: a month's value, the peak month, a change between months."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.families.charts import HEIGHT, MONTHS, WIDTH, mpl_color, setup_axes
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.figures import figure_pixels, new_figure

QUESTIONS = ("value", "peak", "difference")


def xlim(n: int) -> tuple[float, float]:
    return (-0.5, n - 0.5)


@register
class LineChart(Family):
    name = "line_chart"
    category = "chart"
    summary = "Monthly line chart with markers; ask a value, the peak month, or a change."
    knobs = (
        Knob("points", 6, "number of months", low=3, high=12),
        Knob("value_labels", True, "print each value above its marker", kind="bool"),
        Knob("question", "any", "what to ask", kind="choice", choices=("any", *QUESTIONS)),
    )

    def sample(self, rng, knobs):
        n = knobs["points"]
        values = [int(v) for v in rng.choice(range(10, 91), n, replace=False)]
        a, b = sorted(int(i) for i in rng.choice(n, 2, replace=False))
        question = {"type": _ask.pick(rng, knobs["question"], QUESTIONS), "a": a, "b": b}
        return {"labels": list(MONTHS[:n]), "values": values, "ymax": 100, "title": "Visitors (thousands)",
                "color": "red", "value_labels": knobs["value_labels"], "gridlines": True, "question": question}

    def question(self, scene):
        q, labels, values = scene["question"], scene["labels"], scene["values"]
        tol = 0.0 if scene["value_labels"] else 3.0
        if q["type"] == "value":
            return _ask.number(f"In this line chart, what is the value for {labels[q['a']]}? Answer with a "
                               "number.", values[q["a"]], abs_tol=tol)
        if q["type"] == "difference":
            return _ask.number(
                f"In this line chart, by how much did the value change from {labels[q['a']]} to "
                f"{labels[q['b']]}? Answer with a signed number (negative for a decrease).",
                values[q["b"]] - values[q["a"]], abs_tol=2 * tol)
        return _ask.text("In this line chart, which month has the highest value? Answer with the month as "
                         "labelled.", labels[values.index(max(values))])

    def render(self, scene):
        figure = new_figure(WIDTH, HEIGHT)
        axes = setup_axes(figure, scene)
        n = len(scene["values"])
        axes.plot(range(n), scene["values"], color=mpl_color(scene["color"]), linewidth=2, marker="o",
                  markersize=8, markerfacecolor=mpl_color("blue"), markeredgecolor=mpl_color("blue"))
        axes.set_xlim(*xlim(n))
        axes.set_xticks(range(n), scene["labels"])
        if scene["value_labels"]:
            for i, v in enumerate(scene["values"]):
                axes.annotate(str(v), (i, v), textcoords="offset points", xytext=(0, 9), ha="center",
                              fontsize=10)
        return [figure_pixels(figure)]

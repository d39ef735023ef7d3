"""Equations rendered with mathtext: quadratics with integer roots, linear equations."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.figures import figure_pixels, new_figure


def signed(coefficient: int, term: str, first: bool = False) -> str:
    """'+ 3x', '- x', '+ 6' in mathtext, dropping a coefficient of 1 before a variable."""
    if coefficient == 0:
        return ""
    magnitude = abs(coefficient)
    body = (term if magnitude == 1 and term else f"{magnitude}{term}")
    if first:
        return ("-" if coefficient < 0 else "") + body
    return (" - " if coefficient < 0 else " + ") + body


def latex(scene: dict) -> str:
    if scene["kind"] == "quadratic":
        a, b, c = scene["a"], scene["b"], scene["c"]
        return "$" + signed(a, "x^2", first=True) + signed(b, "x") + signed(c, "") + " = 0$"
    a, b, c = scene["a"], scene["b"], scene["c"]
    return "$" + signed(a, "x", first=True) + signed(b, "") + f" = {c}$"


@register
class Equation(Family):
    name = "equation"
    category = "math"
    summary = "Solve a rendered equation: quadratic with integer roots, or linear."
    knobs = (
        Knob("kind", "any", "equation type", kind="choice", choices=("any", "quadratic", "linear")),
        Knob("max_root", 9, "largest |root|", low=2, high=30),
        Knob("font_size", 40, "math font size in points", low=16, high=72),
    )

    def sample(self, rng, knobs):
        kind = _ask.pick(rng, knobs["kind"], ("quadratic", "linear"))
        m = knobs["max_root"]
        candidates = [r for r in range(-m, m + 1) if r != 0]
        if kind == "quadratic":
            r1, r2 = (int(candidates[int(i)]) for i in rng.choice(len(candidates), 2, replace=False))
            a = int(rng.integers(1, 3))
            scene = {"a": a, "b": -a * (r1 + r2), "c": a * r1 * r2, "roots": sorted([r1, r2])}
        else:
            x = int(candidates[int(rng.integers(len(candidates)))])
            a = int(rng.choice([k for k in range(-9, 10) if k not in (0, 1)]))
            b = int(rng.integers(-20, 21))
            scene = {"a": a, "b": b, "c": a * x + b, "roots": [x]}
        return scene | {"kind": kind, "font_size": knobs["font_size"]}

    def question(self, scene):
        if scene["kind"] == "quadratic":
            return _ask.items("Solve the equation in this image for x. Give every solution, separated by "
                              "commas.", [str(r) for r in scene["roots"]], ordered=False, vocabulary="number")
        return _ask.number("Solve the equation in this image for x. Answer with the value of x.",
                           scene["roots"][0])

    def render(self, scene):
        figure = new_figure(640, 200)
        figure.text(0.5, 0.5, latex(scene), fontsize=scene["font_size"], ha="center", va="center")
        return [figure_pixels(figure)]

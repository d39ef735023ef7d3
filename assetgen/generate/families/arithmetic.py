"""Written arithmetic such as '17 × 23 = ?': compute the result."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.imaging import canvas, font

SYMBOLS = {"add": "+", "subtract": "−", "multiply": "×"}


@register
class Arithmetic(Family):
    name = "arithmetic"
    category = "math"
    summary = "A written expression like '17 × 23 = ?'; answer its value."
    knobs = (
        Knob("operator", "any", "operation", kind="choice", choices=("any", *SYMBOLS)),
        Knob("digits", 2, "digits per operand", low=1, high=4),
        Knob("font_size", 64, "font size in pixels", low=16, high=120),
    )

    def sample(self, rng, knobs):
        low, high = 10 ** (knobs["digits"] - 1), 10 ** knobs["digits"]
        a, b = (int(v) for v in rng.integers(max(low, 2), high, size=2))
        return {"operator": _ask.pick(rng, knobs["operator"], tuple(SYMBOLS)), "a": a, "b": b,
                "font_size": knobs["font_size"]}

    def question(self, scene):
        a, b = scene["a"], scene["b"]
        value = {"add": a + b, "subtract": a - b, "multiply": a * b}[scene["operator"]]
        return _ask.number("Compute the result of the expression in this image. Answer with a number.", value)

    def render(self, scene):
        text = f"{scene['a']} {SYMBOLS[scene['operator']]} {scene['b']} = ?"
        face = font("sans", scene["font_size"])
        width = int(face.getlength(text)) + 80
        image, draw = canvas(width, int(scene["font_size"] * 2.2))
        draw.text((40, scene["font_size"] * 0.5), text, font=face, fill=(0, 0, 0))
        return [image]

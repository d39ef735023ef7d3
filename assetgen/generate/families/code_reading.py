"""Pygments-highlighted Python screenshots: transcribe, evaluate a call, or trace a loop.

The truth comes from the scene's parameters through the same semantics written here in Python,
never from running text; tests check that both agree by executing the rendered source.
"""

from __future__ import annotations

from pygments.lexers import PythonLexer
from pygments.styles import get_style_by_name

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.imaging import canvas, font

NAMES = ("tally", "score", "mix", "crunch", "fold", "blend", "sweep", "churn")

TEMPLATES = {
    "accumulate": (
        "def {name}(n):\n"
        "    total = {init}\n"
        "    for i in range({start}, n):\n"
        "        if i % {m} == 0:\n"
        "            total += i * {k}\n"
        "        else:\n"
        "            total -= {d}\n"
        "    return total\n"
    ),
    "filter_sum": (
        "def {name}(values):\n"
        "    result = []\n"
        "    for v in values:\n"
        "        if v > {t}:\n"
        "            result.append(v * {k} - {s})\n"
        "    return sum(result)\n"
    ),
    "steps": (
        "def {name}(n):\n"
        "    steps = 0\n"
        "    while n != 1 and steps < {cap}:\n"
        "        if n % 2 == 0:\n"
        "            n = n // 2\n"
        "        else:\n"
        "            n = {a} * n + 1\n"
        "        steps += 1\n"
        "    return steps\n"
    ),
}


def accumulate_trace(p: dict, n: int) -> list[int]:
    """`total` after every iteration of the accumulate template."""
    total, trace = p["init"], []
    for i in range(p["start"], n):
        total = total + i * p["k"] if i % p["m"] == 0 else total - p["d"]
        trace.append(total)
    return trace


def evaluate(template: str, p: dict, argument) -> int:
    if template == "accumulate":
        trace = accumulate_trace(p, argument)
        return trace[-1] if trace else p["init"]
    if template == "filter_sum":
        return sum(v * p["k"] - p["s"] for v in argument if v > p["t"])
    n, steps = argument, 0
    while n != 1 and steps < p["cap"]:
        n = n // 2 if n % 2 == 0 else p["a"] * n + 1
        steps += 1
    return steps


def source(scene: dict) -> str:
    return TEMPLATES[scene["template"]].format(name=scene["name"], **scene["params"])


@register
class CodeReading(Family):
    name = "code_reading"
    category = "code"
    summary = "Dark-theme Python screenshot; transcribe it, give a call's result, or trace a loop in full."
    knobs = (
        Knob("question", "any", "what to ask", kind="choice", choices=("any", "transcribe", "evaluate", "trace")),
        Knob("template", "any", "program shape", kind="choice", choices=("any", *TEMPLATES)),
        Knob("trace_length", 24, "loop iterations the trace question asks for", low=4, high=200),
        Knob("font_size", 20, "font size in pixels", low=10, high=40),
        Knob("style", "monokai", "pygments style", kind="choice", choices=("monokai", "native", "github-dark")),
    )

    def sample(self, rng, knobs):
        question = _ask.pick(rng, knobs["question"], ("transcribe", "evaluate", "trace"))
        template = "accumulate" if question == "trace" else _ask.pick(rng, knobs["template"], tuple(TEMPLATES))
        integer = lambda lo, hi: int(rng.integers(lo, hi + 1))  # noqa: E731
        params = {
            "accumulate": lambda: {"init": integer(0, 10), "start": integer(0, 3), "m": integer(2, 4),
                                   "k": integer(2, 5), "d": integer(1, 3)},
            "filter_sum": lambda: {"t": integer(3, 9), "k": integer(2, 4), "s": integer(1, 5)},
            "steps": lambda: {"cap": integer(20, 60), "a": 3},
        }[template]()
        if template == "accumulate":
            argument = params["start"] + (knobs["trace_length"] if question == "trace" else integer(5, 12))
        elif template == "filter_sum":
            argument = [integer(0, 15) for _ in range(integer(4, 7))]
        else:
            argument = integer(5, 40)
        return {"template": template, "name": NAMES[int(rng.integers(len(NAMES)))], "params": params,
                "argument": argument, "question": question, "font_size": knobs["font_size"],
                "style": knobs["style"]}

    def question(self, scene):
        call = f"{scene['name']}({scene['argument']!r})"
        result = evaluate(scene["template"], scene["params"], scene["argument"])
        if scene["question"] == "transcribe":
            return _ask.transcription("Transcribe the Python code in this image exactly, preserving indentation.",
                                      source(scene), threshold=0.9)
        if scene["question"] == "evaluate":
            return _ask.number(f"What does {call} return, for the function in this image? Answer with a number.",
                               result)
        trace = accumulate_trace(scene["params"], scene["argument"])
        return _ask.number(
            f"Trace {call} for the function in this image step by step: for every iteration of the loop write "
            "the value of i and of total after that iteration, one line each. Then give the return value on a "
            "final line as 'Answer: <number>'.", result, trace=trace)

    def render(self, scene):
        style = get_style_by_name(scene["style"])
        size = scene["font_size"]
        face = font("mono", size)
        code = source(scene)
        lines = code.rstrip("\n").split("\n")
        gutter = int(face.getlength("00 ")) + 16
        line_height = int(size * 1.45)
        width = gutter + int(max(face.getlength(line) for line in lines)) + 40
        height = line_height * len(lines) + 40
        background = _hex(style.background_color or "#272822")
        image, draw = canvas(width, height, background)
        for number in range(1, len(lines) + 1):
            draw.text((12, 20 + (number - 1) * line_height), f"{number:>2}", font=face, fill=(120, 120, 120))
        x, row = gutter, 0
        for token_type, value in PythonLexer().get_tokens(code):
            for k, part in enumerate(value.split("\n")):
                if k:
                    x, row = gutter, row + 1
                if part:
                    color = style.style_for_token(token_type)["color"] or "f8f8f2"
                    draw.text((x, 20 + row * line_height), part, font=face, fill=_hex(color))
                    x += int(round(face.getlength(part)))
        return [image]


def _hex(color: str) -> tuple[int, int, int]:
    color = color.lstrip("#")
    return tuple(int(color[i:i + 2], 16) for i in (0, 2, 4))

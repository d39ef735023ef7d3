"""Reasoning quality (issue #15, dimension 5): text-only questions whose answer is computed from the scene.

Tasks: multi-step arithmetic, a linear equation, a syllogism (invalid forms: "cannot be determined"),
a units word problem (the seed article's apples and tangerines, a train's speed) and a coding task
graded by running the model's function on hidden tests in a sandbox (graders/sandbox.py).
"""

from __future__ import annotations

import math

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, Question, register
from graders.records import GraderSpec, Truth

TASKS = ("arithmetic", "linear_equation", "syllogism", "units", "coding")
OPS = {"+": lambda a, b: a + b, "−": lambda a, b: a - b, "×": lambda a, b: a * b}
# nonsense terms, so no world knowledge can stand in for logic
TERMS = ("bloops", "razzies", "lazzies", "wugs", "daxes", "feps", "tovs", "glorps", "zibs", "kests", "morls", "vands")
FORMS = {  # premises, conclusion, truth
    "undistributed_middle": ("All {a} are {b}.", "All {c} are {b}.", "All {a} are {c}.", "undetermined"),
    "some_middle": ("All {a} are {b}.", "Some {b} are {c}.", "Some {a} are {c}.", "undetermined"),
    "illicit_minor": ("All {b} are {c}.", "All {b} are {a}.", "All {a} are {c}.", "undetermined"),
    "valid": ("All {a} are {b}.", "All {b} are {c}.", "All {a} are {c}.", "true"),
    "contradicted": ("No {a} are {b}.", "All {c} are {a}.", "Some {c} are {b}.", "false"),
}
INVALID = ("undistributed_middle", "some_middle", "illicit_minor")
SYLLOGISM_PROMPT = ("Premises: {p1} {p2}\nBased only on these premises, is the statement \"{conclusion}\" true, "
                    "false, or cannot be determined? Answer with one of: true, false, cannot be determined.")
FRUITS = (("apples", "apple"), ("pears", "pear"), ("peaches", "peach"), ("plums", "plum"))
SMALL = (("tangerines", "tangerine"), ("lemons", "lemon"), ("limes", "lime"), ("kiwis", "kiwi"))


def _arithmetic(rng, knobs) -> dict:
    numbers = [int(v) for v in rng.integers(2, 10 ** knobs["digits"], size=knobs["steps"] + 1)]
    ops = [str(o) for o in rng.choice(list(OPS), size=knobs["steps"])]
    return {"numbers": numbers, "ops": ops}


def _linear(rng, knobs) -> dict:
    x = int(rng.integers(-12, 25))
    a = int(rng.choice([v for v in range(-9, 10) if v not in (-1, 0, 1)]))
    b = int(rng.integers(-40, 41))
    return {"a": a, "b": b, "x": x, "c": a * x + b}


def _syllogism(rng, knobs) -> dict:
    form = _ask.pick(rng, "any", INVALID if knobs["form"] == "invalid" else tuple(FORMS)) \
        if knobs["form"] in ("any", "invalid") else knobs["form"]
    a, b, c = (str(t) for t in rng.choice(TERMS, size=3, replace=False))
    return {"form": form, "a": a, "b": b, "c": c}


def _units(rng, knobs) -> dict:
    kind = _ask.pick(rng, knobs["units"], ("shop", "speed"))
    if kind == "speed":
        minutes = int(rng.choice([20, 30, 40, 45, 90, 120, 150]))
        step = 60 // math.gcd(minutes, 60)  # the distance is a whole number of km
        speed = step * int(rng.integers(-(-30 // step), 150 // step + 1))
        return {"kind": "speed", "minutes": minutes, "km": speed * minutes // 60, "speed": speed}
    big, small = FRUITS[int(rng.integers(len(FRUITS)))], SMALL[int(rng.integers(len(SMALL)))]
    n_big, n_small = int(rng.integers(2, 7)), int(rng.integers(3, 9))
    each_small = int(rng.integers(2, 9)) * 10
    return {"kind": "shop", "big": list(big), "small": list(small), "n_big": n_big, "price_big": int(
        rng.integers(8, 30)) * 10, "n_small": n_small, "total_small": n_small * each_small, "each_small": each_small,
        "ask": _ask.pick(rng, "any", ("total", "each"))}


# --- coding: the task, its reference solution (to compute the truth) and seeded test inputs -------------------

def _reverse_words(s):
    return " ".join(reversed(s.split()))


def _running_max(xs):
    out, best = [], None
    for x in xs:
        best = x if best is None else max(best, x)
        out.append(best)
    return out


def _count_vowels(s):
    return sum(ch in "aeiou" for ch in s.lower())


def _is_palindrome(s):
    kept = [ch.lower() for ch in s if ch.isalnum()]
    return kept == kept[::-1]


def _second_largest(xs):
    distinct = sorted(set(xs))
    return distinct[-2] if len(distinct) >= 2 else None


def _reverse_list(head):
    values = []
    while head is not None:
        values.append(head["val"])
        head = head["next"]
    return _linked(values[::-1])


def _linked(values):
    head = None
    for v in reversed(values):
        head = {"val": v, "next": head}
    return head


CODING = {
    "reverse_words": ("reverse_words(s)", "returns the words of the string s in reverse order, separated by single "
                      "spaces (words are separated by whitespace)", _reverse_words),
    "running_max": ("running_max(xs)", "returns a list whose i-th element is the largest of xs[0..i] (an empty "
                    "list for an empty list)", _running_max),
    "count_vowels": ("count_vowels(s)", "returns how many of the characters of s are vowels (a, e, i, o, u, upper or "
                     "lower case)", _count_vowels),
    "is_palindrome": ("is_palindrome(s)", "returns True if s reads the same backwards, ignoring case and every "
                      "character that is not a letter or digit, else False", _is_palindrome),
    "second_largest": ("second_largest(xs)", "returns the second largest distinct value of the list of integers xs, "
                       "or None when there are fewer than two distinct values", _second_largest),
    "reverse_list": ("reverse_list(head)", "reverses a singly linked list and returns its new head; a node is a dict "
                     "{\"val\": value, \"next\": next node or None}, and an empty list is None", _reverse_list),
}
WORDS = ("red", "fox", "jumps", "over", "lazy", "dog", "sun", "moon", "river", "stone", "level", "noon", "Anna")


def _inputs(rng, task: str) -> list[list]:
    def ints(n):
        return [int(v) for v in rng.integers(-20, 50, size=n)]

    def text(n):
        return " ".join(str(w) for w in rng.choice(WORDS, size=n))

    if task in ("running_max", "second_largest"):
        return [[ints(int(rng.integers(1, 9)))] for _ in range(4)] + [[[]], [[7, 7, 7]]]
    if task == "reverse_list":
        return [[_linked(ints(int(rng.integers(1, 7))))] for _ in range(3)] + [[None], [_linked([4])]]
    if task == "is_palindrome":
        words = [text(int(rng.integers(1, 4))) for _ in range(2)]
        return [[w] for w in words] + [["A man, a plan, a canal: Panama"], ["No lemon, no melon"], [""],
                                       ["ab" + "c" * int(rng.integers(1, 4)) + "ba!"]]
    return [[text(int(rng.integers(1, 7)))] for _ in range(4)] + [["  spaced   out  words "], [""]]


def _coding(rng, knobs) -> dict:
    task = _ask.pick(rng, knobs["function"], tuple(CODING))
    return {"function": task, "inputs": _inputs(rng, task)}


@register
class Reasoning(Family):
    name = "reasoning"
    category = "reasoning"
    modality = "text"
    summary = "Text reasoning with computed truth: arithmetic, an equation, a syllogism, units, code run on tests."
    knobs = (
        Knob("task", "any", "which reasoning task", kind="choice", choices=("any", *TASKS)),
        Knob("steps", 3, "arithmetic: operations in the expression", low=1, high=6),
        Knob("digits", 2, "arithmetic: digits per operand", low=1, high=4),
        Knob("form", "invalid", "syllogism: its form ('invalid': one of the invalid ones)", kind="choice",
             choices=("invalid", "any", *FORMS)),
        Knob("units", "any", "units problem: shop (per-item prices) or speed (km/h)", kind="choice",
             choices=("any", "shop", "speed")),
        Knob("function", "any", "coding: the function to write", kind="choice", choices=("any", *CODING)),
    )

    def sample(self, rng, knobs):
        task = _ask.pick(rng, knobs["task"], TASKS)
        draw = {"arithmetic": _arithmetic, "linear_equation": _linear, "syllogism": _syllogism, "units": _units,
                "coding": _coding}[task]
        return {"task": task, **draw(rng, knobs)}

    def question(self, scene):
        task = scene["task"]
        if task == "arithmetic":
            expression, value = str(scene["numbers"][0]), scene["numbers"][0]
            for op, n in zip(scene["ops"], scene["numbers"][1:], strict=True):
                expression, value = f"({expression} {op} {n})", OPS[op](value, n)
            return _ask.number(f"Compute {expression[1:-1]}. Answer with a number.", value)
        if task == "linear_equation":
            a, b, c = scene["a"], scene["b"], scene["c"]
            sign = "+" if b >= 0 else "−"
            return _ask.number(f"Solve for x: {a}x {sign} {abs(b)} = {c}. Answer with the value of x.", scene["x"])
        if task == "syllogism":
            p1, p2, conclusion, truth = (t.format(**scene) for t in FORMS[scene["form"]])
            prompt = SYLLOGISM_PROMPT.format(p1=p1, p2=p2, conclusion=conclusion[:-1])
            return Question(prompt, Truth(kind="text", value=truth, aliases=["cannot be determined"]
                                          if truth == "undetermined" else []), GraderSpec(name="logic"))
        if task == "units":
            return _units_question(scene)
        signature, what, solve = CODING[scene["function"]]
        tests = [[args, solve(*args)] for args in scene["inputs"]]
        prompt = (f"Write a Python function {signature} that {what}. Use only the standard library. "
                  "Answer with the code in one ```python block.")
        return Question(prompt, Truth(kind="structured", value={"function": scene["function"], "tests": tests}),
                        GraderSpec(name="code_tests"))


def _units_question(scene) -> Question:
    if scene["kind"] == "speed":
        return _ask.number(f"A train travels {scene['km']} km in {scene['minutes']} minutes at a constant speed. "
                           "What is its speed in km/h? Answer with a number.", scene["speed"], unit="km/h")
    big, small = scene["big"], scene["small"]
    story = (f"I bought {scene['n_big']} {big[0]} at {scene['price_big']} yen each and {scene['n_small']} {small[0]} "
             f"for {scene['total_small']} yen in total.")
    if scene["ask"] == "each":
        return _ask.number(f"{story} How much did one {small[1]} cost, in yen? Answer with a number.",
                           scene["each_small"], unit="yen")
    total = scene["n_big"] * scene["price_big"] + scene["total_small"]
    return _ask.number(f"{story} How much did I spend altogether, in yen? Answer with a number.", total, unit="yen")

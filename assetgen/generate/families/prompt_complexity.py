"""Time to first token by prompt complexity (issue #15, dimension 2): a short question, a medium
explanation and a long proof, streamed, for TTFT and the time to the first *content* token (after any
reasoning), thinking ON next to OFF.

A measurement: the grader checks that visible content arrived (graders/POLICY.md 8.4); reports keep these
cases out of accuracy."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, Question, register
from graders.measured import MEASURED
from graders.records import GraderSpec, Truth

LEVELS = ("short", "medium", "long")
CONCEPTS = ("how a CPU works", "how DNS resolves a name", "how a hash table works", "how TCP recovers lost packets",
            "how a compiler optimises a loop", "how public-key encryption works")
PRIMES = (2, 3, 5, 7, 11, 13)


@register
class PromptComplexity(Family):
    name = "prompt_complexity"
    category = "ttft"
    modality = "text"
    summary = ("A short question, a medium explanation or a long proof, streamed: time to first token and to the "
               "first content token, thinking ON vs OFF.")
    knobs = (Knob("level", "any", "prompt complexity", kind="choice", choices=("any", *LEVELS)),)

    def sample(self, rng, knobs):
        level = _ask.pick(rng, knobs["level"], LEVELS)
        a, b = (int(v) for v in rng.integers(2, 100, size=2))
        return {"level": level, "a": a, "b": b, "concept": CONCEPTS[int(rng.integers(len(CONCEPTS)))],
                "prime": int(PRIMES[int(rng.integers(len(PRIMES)))])}

    def question(self, scene):
        level = scene["level"]
        # the seed article's three: "What is 2+2?", "Explain CPU in 3 paragraphs", "Prove √2 is irrational"
        prompt = {"short": f"What is {scene['a']} + {scene['b']}?",
                  "medium": f"Explain {scene['concept']} in 3 paragraphs.",
                  "long": f"Prove that the square root of {scene['prime']} is irrational."}[level]
        value = {"level": level} | ({"sum": scene["a"] + scene["b"]} if level == "short" else {})
        return Question(prompt, Truth(kind="structured", value=value),
                        GraderSpec(name=MEASURED, args={"content": True, "level": level}))

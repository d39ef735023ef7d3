"""Latency & throughput by output length (issue #15, dimension 1): one seeded long-form prompt, asked at
a ladder of max_tokens, and once forced to an exact length (min_tokens + ignore_eos) for pure decode speed.

A measurement, not a test: there is no right essay. The grader checks what can be checked (the answer
arrived, the length was honoured); reports keep these cases out of accuracy (graders/POLICY.md 8)."""

from __future__ import annotations

from assetgen.dataset.records import RequestOverrides
from assetgen.generate.registry import Family, Knob, Question, register
from graders.measured import MEASURED
from graders.records import GraderSpec, Truth

# (subject, from, to): the seed article asks "the history of computing, from Babbage to modern AI"
TOPICS = (
    ("computing", "Babbage", "modern AI"),
    ("flight", "the Montgolfier balloons", "jet airliners"),
    ("medicine", "Hippocrates", "mRNA vaccines"),
    ("telecommunication", "the optical telegraph", "fibre-optic networks"),
    ("astronomy", "Ptolemy", "the James Webb telescope"),
    ("printing", "woodblocks", "digital publishing"),
    ("railways", "horse-drawn wagonways", "high-speed rail"),
    ("photography", "the camera obscura", "smartphone sensors"),
)


@register
class OutputLength(Family):
    name = "output_length"
    category = "latency"
    modality = "text"
    shared_draw = True  # every rung of the ladder asks the same prompt; only the request changes
    summary = ("A long-form essay prompt at a given max_tokens (wall time, tok/s, finish_reason); forced: exactly "
               "max_tokens tokens through min_tokens and ignore_eos, for decode tok/s after the first token.")
    knobs = (
        Knob("max_tokens", 256, "max_tokens of the request", low=1, high=32768),
        Knob("forced", False, "ask for exactly max_tokens tokens (min_tokens = max_tokens, ignore_eos)", kind="bool"),
        Knob("prompt", "essay", "'essay' (long-form), or 'short': a one-word question, whose answer ends at once "
             "unless the server honours min_tokens / ignore_eos (a probe of forced-length support)", kind="choice",
             choices=("essay", "short")),
    )

    def sample(self, rng, knobs):
        subject, start, end = TOPICS[int(rng.integers(len(TOPICS)))]
        return {"subject": subject, "start": start, "end": end, "max_tokens": int(knobs["max_tokens"]),
                "forced": bool(knobs["forced"]), "short": knobs["prompt"] == "short"}

    def question(self, scene):
        n, forced = scene["max_tokens"], scene["forced"]
        prompt = (f"Write a detailed essay about the history of {scene['subject']}, from {scene['start']} to "
                  f"{scene['end']}.")
        if scene.get("short"):
            prompt = f"In which field did {scene['start']} work? Answer in one word."
        body = {"min_tokens": n, "ignore_eos": True} if forced else {}
        return Question(prompt, Truth(kind="structured", value={"max_tokens": n, "forced": forced}),
                        GraderSpec(name=MEASURED, args={"max_tokens": n, "forced": forced}),
                        request=RequestOverrides(max_tokens=n, body=body))

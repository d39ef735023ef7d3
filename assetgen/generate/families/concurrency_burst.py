"""Concurrency sweep: one long-form prompt, sent `level` copies at once by the runner (one burst per case).

The runner sends every copy of a burst together (a barrier: none starts before all are built) and alone
(no other request in flight), and records the burst each answer belonged to (`ResponseRecord.burst`).
"""

from __future__ import annotations

from assetgen.dataset.records import RequestOverrides
from assetgen.generate.registry import Family, Knob, Question, register
from graders.records import GraderSpec, Truth

PROMPT = ("Write a detailed essay about the history of computing, from Babbage to modern AI. "
          "Mention Charles Babbage by name.")


@register
class ConcurrencyBurst(Family):
    name = "concurrency_burst"
    version = 1
    category = "concurrency"
    modality = "text"
    summary = "The seed article's essay prompt, sent LEVEL copies at once; success, wall time, aggregate tok/s."
    knobs = (
        Knob("level", 1, "copies sent at once", low=1, high=64),
        Knob("max_tokens", 256, "max_tokens of each copy", low=1, high=32_768),
    )

    def sample(self, rng, knobs):
        return {"level": knobs["level"], "max_tokens": knobs["max_tokens"]}

    def question(self, scene):
        # graded for the essay's subject; the sweep's numbers do not depend on it
        return Question(PROMPT, Truth(kind="text", value="Babbage"),
                        GraderSpec(name="keywords", args={"concepts": [["Babbage"]]}),
                        request=RequestOverrides(max_tokens=scene["max_tokens"]))

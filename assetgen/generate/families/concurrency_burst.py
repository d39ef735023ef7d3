"""Concurrency sweep: one long-form prompt, sent as one burst per level of the run's --concurrency-levels.

The runner sends every copy of a burst together (a barrier: none starts before all are built) and alone
(no other request in flight), and records the burst each answer belonged to (`ResponseRecord.burst`).
The levels are the run's, not the case's: one case is the whole sweep.
"""

from __future__ import annotations

from assetgen.dataset.records import RequestOverrides
from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, Question, register
from graders.records import GraderSpec, Truth

TOPICS = {  # topic -> (what the essay covers, the name it must mention)
    "computing": ("the history of computing, from Babbage to modern AI", "Babbage"),
    "flight": ("the history of flight, from the Wright brothers to jet airliners", "Wright"),
    "printing": ("the history of printing, from Gutenberg to digital publishing", "Gutenberg"),
    "electricity": ("the history of electricity, from Faraday to the power grid", "Faraday"),
}


@register
class ConcurrencyBurst(Family):
    name = "concurrency_burst"
    version = 1
    category = "concurrency"
    modality = "text"
    summary = "A long-form essay prompt (the seed article's: computing), sent N copies at once per sweep level."
    knobs = (
        Knob("topic", "any", "essay topic ('computing' is the seed article's)", kind="choice",
             choices=("any", *TOPICS)),
        Knob("max_tokens", 256, "max_tokens of each copy", low=1, high=32_768),
    )

    def sample(self, rng, knobs):
        return {"topic": _ask.pick(rng, knobs["topic"], TOPICS), "words": int(rng.integers(20, 61)) * 10,
                "max_tokens": knobs["max_tokens"]}

    def question(self, scene):
        about, name = TOPICS[scene["topic"]]
        # graded for the essay's subject; the sweep's numbers do not depend on it
        return Question(f"Write a detailed essay of about {scene['words']} words about {about}. "
                        f"Mention {name} by name.",
                        Truth(kind="text", value=name), GraderSpec(name="keywords", args={"concepts": [[name]]}),
                        request=RequestOverrides(max_tokens=scene["max_tokens"]))

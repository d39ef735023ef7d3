"""Context length scaling: seeded filler of a given size, with a question whose answer is in the prompt.

The filler is a text asset (`assets/context_needle/<id>.txt`, sent before the question by the runner),
so a 128K-token prompt stays out of cases.jsonl and the reports. Its size is counted in the reference
tokenizer's tokens (a word or a punctuation mark each, `assetgen.media.tokens.count_tokens`): the
filler is built from such tokens, so the size is exact by construction for that tokenizer and close for
BPE tokenizers on common English words. A real server's count comes from its `usage` and `/tokenize`.

Needles: 'arithmetic' ends the prompt with the seed article's "What is 7 × 8?"; 'fact' hides one
sentence ("The secret number of the blue heron is 4127.") at a depth of the filler and asks for it.
"""

from __future__ import annotations

import numpy as np

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.tokens import count_tokens

ADJECTIVES = ("quiet", "narrow", "golden", "distant", "gentle", "ancient", "busy", "cold", "bright", "humble",
              "steady", "wide", "simple", "hidden", "early", "late", "small", "long", "green", "open")
NOUNS = ("river", "market", "valley", "bridge", "garden", "harbor", "village", "road", "forest", "library",
         "window", "mountain", "station", "field", "kitchen", "tower", "island", "school", "workshop", "meadow")
VERBS = ("crosses", "follows", "faces", "passes", "joins", "shelters", "overlooks", "reaches", "circles", "touches")
NEEDLE_COLORS = ("blue", "red", "green", "yellow", "purple", "orange", "silver", "brown")
NEEDLE_ANIMALS = ("heron", "otter", "falcon", "badger", "lynx", "tortoise", "salmon", "beetle")
NEEDLES = ("arithmetic", "fact")


def _sentence(rng: np.random.Generator) -> list[str]:
    """Eight tokens: 'The quiet river crosses the green field.' (the full stop is a token)."""
    a, b = (ADJECTIVES[int(i)] for i in rng.integers(len(ADJECTIVES), size=2))
    n, m = (NOUNS[int(i)] for i in rng.integers(len(NOUNS), size=2))
    return ["The", a, n, VERBS[int(rng.integers(len(VERBS)))], "the", b, m + "."]


def filler(seed: int, tokens: int) -> list[str]:
    """Sentences adding up to exactly `tokens` tokens (a last short sentence pads the count)."""
    rng = np.random.default_rng(seed)
    sentences, count = [], 0
    while count + 8 <= tokens:
        sentences.append(" ".join(_sentence(rng)))
        count += 8
    rest = tokens - count  # 0..7 tokens left: 'Then' and nouns, then a full stop
    if rest:
        words = [NOUNS[int(i)] for i in rng.integers(len(NOUNS), size=max(0, rest - 2))]
        sentences.append(" ".join(["Then", *words]) + "." if rest > 1 else ".")
    return sentences


def needle_sentence(scene: dict) -> str:
    return f"The secret number of the {scene['name']} is {scene['value']}."


@register
class ContextNeedle(Family):
    name = "context_needle"
    version = 1
    category = "context"
    modality = "text"
    summary = "Seeded filler of a given token count with a needle: '7 × 8' at the end, or a fact at a depth."
    knobs = (
        Knob("tokens", 1000, "prompt size in reference tokens (filler + question)", low=32, high=131_072),
        Knob("needle", "arithmetic", "what is asked", kind="choice", choices=NEEDLES),
        Knob("depth", 0.5, "where the fact sits in the filler (needle 'fact'), 0 = start, 1 = end", kind="float",
             low=0.0, high=1.0),
        Knob("max_tokens", 256, "max_tokens of the request", low=1, high=32_768),
    )

    def sample(self, rng, knobs):
        scene = {"tokens": knobs["tokens"], "needle": knobs["needle"], "depth": knobs["depth"],
                 "max_tokens": knobs["max_tokens"], "filler_seed": int(rng.integers(2**31 - 1))}
        if knobs["needle"] == "arithmetic":
            return scene | {"a": 7, "b": 8}  # the seed article's question, kept as it asked it
        color = NEEDLE_COLORS[int(rng.integers(len(NEEDLE_COLORS)))]
        animal = NEEDLE_ANIMALS[int(rng.integers(len(NEEDLE_ANIMALS)))]
        return scene | {"name": f"{color} {animal}", "value": int(rng.integers(1000, 10_000))}

    def _prompt(self, scene) -> str:
        if scene["needle"] == "arithmetic":
            return f"What is {scene['a']} × {scene['b']}? Answer with the number only."
        return f"What is the secret number of the {scene['name']} in the text above? Answer with the number only."

    def question(self, scene):
        from assetgen.dataset.records import RequestOverrides

        value = scene["a"] * scene["b"] if scene["needle"] == "arithmetic" else scene["value"]
        q = _ask.number(self._prompt(scene), value)
        q.request = RequestOverrides(max_tokens=scene["max_tokens"])
        return q

    def documents(self, scene) -> list[str]:
        """The filler (with the fact at its depth): question and filler together make `tokens` tokens."""
        room = scene["tokens"] - count_tokens(self._prompt(scene))
        if scene["needle"] == "fact":
            needle = needle_sentence(scene)
            sentences = filler(scene["filler_seed"], max(0, room - count_tokens(needle)))
            sentences.insert(round(scene["depth"] * len(sentences)), needle)
        else:
            sentences = filler(scene["filler_seed"], max(0, room))
        return [" ".join(sentences)]

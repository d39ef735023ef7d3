"""The probes' media, drawn by the existing generators from a seed and written into the probe folder.

Frames: flash clips (`flashing_light`) chosen so that different frame counts give different flash
counts, and one long clip whose prefixes, tagged at several fps, make the token series. Resolution: a
colour grid scaled to a series of sizes, and text cards padded onto ever larger white canvases (the
text keeps its size, so a server that downscales large images blurs it away).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image

from assetgen.generate.registry import get_family
from assetgen.generate.rng import case_rng
from assetgen.run.probe.analysis import RULES

CLIP_FRAMES, CLIP_FPS, WIDTH, HEIGHT = 30, 2, 640, 480
LONG_FRAMES = 64


@dataclass
class FlashClip:
    name: str
    frames: list[np.ndarray]
    prompt: str
    truth: int
    apparent: dict[tuple[str, int], int]  # (rule, frames seen) -> the flash count those frames show


def _flash_scene(seed: int, index: int, frames: int, flashes: int) -> tuple[Any, dict]:
    family = get_family("flashing_light")
    knobs = family.resolve_knobs({"frames": frames, "fps": CLIP_FPS, "width": WIDTH, "height": HEIGHT,
                                  "flashes": flashes})
    return family, family.sample(case_rng(seed, "probe-frames", index), knobs)


def flash_clips(seed: int, count: int = 6, candidates: int = 48) -> list[FlashClip]:
    """`count` flash clips picked greedily (deterministically) from seeded candidates so that as many frame
    counts as possible, under each sampling rule, give a different tuple of flash counts."""
    views = []
    for index in range(candidates):
        family, scene = _flash_scene(seed, index, CLIP_FRAMES, 3 + index % 8)
        timeline = family.timeline(scene)
        apparent = {(rule, n): family.answer(scene, timeline, pick(CLIP_FRAMES, n))
                    for rule, pick in RULES.items() for n in range(1, CLIP_FRAMES + 1)}
        views.append((index, family, scene, apparent))
    chosen: list[tuple] = []
    keys = list(views[0][3])

    def pinned(extra) -> tuple[int, int]:
        """(keys whose answers pin down the frame count, distinct answer tuples) with `extra` added."""
        counts: dict[tuple, set[int]] = {}
        for key in keys:
            counts.setdefault(tuple(v[3][key] for v in [*chosen, extra]), set()).add(key[1])
        return sum(len(counts[tuple(v[3][k] for v in [*chosen, extra])]) == 1 for k in keys), len(counts)

    for _ in range(count):
        chosen.append(max((v for v in views if v not in chosen), key=lambda v: (*pinned(v), -v[0])))
    clips = []
    for index, family, scene, apparent in chosen:
        question = family.question(scene)
        clips.append(FlashClip(name=f"flash-{index:02d}", frames=family.render(scene), prompt=question.prompt,
                               truth=int(question.truth.value), apparent=apparent))
    return clips


def long_clip(seed: int) -> tuple[list[np.ndarray], str]:
    """A 64-frame clip whose prefixes make the token series (what it shows does not matter there)."""
    family, scene = _flash_scene(seed, 999, LONG_FRAMES, 12)
    return family.render(scene), family.question(scene).prompt


def grid_image(seed: int) -> np.ndarray:
    family = get_family("color_grid")
    knobs = family.resolve_knobs({"rows": 8, "cols": 8, "question": "count"})
    return np.asarray(family.render(family.sample(case_rng(seed, "probe-resolution", 0), knobs))[0])


def scaled(image: np.ndarray, width: int, height: int) -> np.ndarray:
    return np.asarray(Image.fromarray(image).resize((width, height), Image.NEAREST))


@dataclass
class DetailCard:
    card: np.ndarray
    prompt: str
    truth: str
    case: dict  # graders.CaseSpec fields


def detail_card(seed: int) -> DetailCard:
    """A text card asking for one number (port or timeout), in small type."""
    family = get_family("text_card")
    for index in itertools.count():
        knobs = family.resolve_knobs({"lines": 3, "api_key": False, "font": "sans", "font_size": 16,
                                      "question": "field"})
        scene = family.sample(case_rng(seed, "probe-detail", index), knobs)
        if scene["question"]["field"] in ("port", "timeout_ms", "replicas"):
            break
    question = family.question(scene)
    case = {"id": f"probe-detail-{index}", "family": family.name, "category": family.category, "modality": "image",
            "prompt": question.prompt, "truth": question.truth.model_dump(), "grader": question.grader.model_dump()}
    return DetailCard(np.asarray(family.render(scene)[0]), question.prompt, str(question.truth.value), case)


def padded(card: np.ndarray, width: int, height: int) -> np.ndarray:
    """The card at its own size in the top-left corner of a white canvas."""
    out = np.full((height, width, 3), 255, dtype=np.uint8)
    h, w = min(height, card.shape[0]), min(width, card.shape[1])
    out[:h, :w] = card[:h, :w]
    return out

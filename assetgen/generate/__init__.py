"""Scene -> truth -> render: each family samples a scene from a seeded RNG, derives the question and
its truth from the scene, and renders images or 2-fps clips; `build` writes a suite folder, `check`
rebuilds one and lists drift.

A new family is one module in `families/` with one `@register` decorator.
"""

from assetgen.generate.build import build, plan
from assetgen.generate.check import Drift, check
from assetgen.generate.registry import Family, Knob, Question, all_families, get_family, register
from assetgen.generate.rng import case_id, case_rng

__all__ = ["Drift", "Family", "Knob", "Question", "all_families", "build", "case_id", "case_rng", "check",
           "get_family", "plan", "register"]

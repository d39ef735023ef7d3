"""assetgen: ground-truth images and videos, a runner and reports to check that a VLM endpoint really sees.

The package is laid out by pipeline stage (see ARCHITECTURE.md):
media -> dataset -> generate (scene, truth, render) -> reference | run (request, response) -> report -> export,
with the commands that drive them (grading a run included) in assetgen.app.
Names below load on first use, so importing one stage never drags in the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from assetgen._version import __version__
from assetgen.errors import AssetgenError, ConfigError, GoldenIntegrityError

# public name -> module that defines it
_LAZY = {
    "Case": "assetgen.dataset.records",
    "FileRef": "assetgen.dataset.records",
    "Manifest": "assetgen.dataset.records",
    "default_golden": "assetgen.dataset.golden",
    "load_golden": "assetgen.dataset.golden",
    "Family": "assetgen.generate.registry",
    "Knob": "assetgen.generate.registry",
    "Question": "assetgen.generate.registry",
    "all_families": "assetgen.generate.registry",
    "get_family": "assetgen.generate.registry",
    "register": "assetgen.generate.registry",
    "build": "assetgen.generate.build",
    "check": "assetgen.generate.check",
}

if TYPE_CHECKING:
    from assetgen.dataset.golden import default_golden, load_golden
    from assetgen.dataset.records import Case, FileRef, Manifest
    from assetgen.generate.build import build
    from assetgen.generate.check import check
    from assetgen.generate.registry import Family, Knob, Question, all_families, get_family, register


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'assetgen' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "AssetgenError",
    "Case",
    "ConfigError",
    "Family",
    "FileRef",
    "GoldenIntegrityError",
    "Knob",
    "Manifest",
    "Question",
    "__version__",
    "all_families",
    "build",
    "check",
    "default_golden",
    "get_family",
    "load_golden",
    "register",
]

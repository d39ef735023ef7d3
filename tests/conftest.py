from __future__ import annotations

import numpy as np
import pytest

from assetgen.generate.build import Job, generate
from assetgen.media.imaging import decode_image


def make(family: str, index: int = 0, seed: int = 0, **knobs):
    """Generate one case; returns (case, list of decoded RGB arrays in send order)."""
    built = generate(Job(family, index, seed, knobs))
    images = [decode_image(built.blobs[f.path]) for f in built.case.inputs if f.media_type == "image/png"]
    return built.case, images


def mask_of(image: np.ndarray, rgb: tuple[int, int, int], tolerance: int = 0) -> np.ndarray:
    return np.all(np.abs(image.astype(int) - np.array(rgb)) <= tolerance, axis=2)


@pytest.fixture
def gen():
    return make


# Test files whose tests drive a real server, browser, harness or build (seconds to minutes each): marked `slow`
# here, in one place, so `python -m pytest -m "not slow"` is a quick pass and the full run stays the default.
SLOW_FILES = {"test_faults.py", "test_viewer_browser.py", "test_ray_build.py", "test_export_parity.py",
              "test_vllm.py", "test_sweep.py", "test_build_resume.py", "test_packaging.py", "test_docs.py",
              "test_scale.py", "test_probes.py"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)

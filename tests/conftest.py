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

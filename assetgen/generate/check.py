"""`assetgen build --check`: rebuild a suite and list every case that drifted from its generators."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from assetgen.dataset.golden import default_golden, library_versions, load_golden, read_manifest
from assetgen.dataset.paths import read_inside
from assetgen.dataset.records import Case
from assetgen.generate.build import build
from assetgen.generate.registry import all_families
from assetgen.media.imaging import decode_image

# Across library versions, PNG pixels may shift (font hinting, antialiasing): a drawn image still
# counts as the same when its mean absolute difference is within this many gray levels and
# no more than this fraction of pixels moves by more than 32 levels.
PIXEL_MEAN_TOLERANCE = 1.0
PIXEL_OUTLIER_FRACTION = 0.01
# Decoded H.264 frames from two encoder versions differ by coding noise, not by content.
VIDEO_MEAN_TOLERANCE = 2.0


@dataclass
class Drift:
    case_id: str
    what: str


def _pixels_close(a: bytes, b: bytes) -> str | None:
    x, y = decode_image(a).astype(np.int16), decode_image(b).astype(np.int16)
    if x.shape != y.shape:
        return f"size {x.shape[1]}x{x.shape[0]} != {y.shape[1]}x{y.shape[0]}"
    diff = np.abs(x - y)
    mean, outliers = float(diff.mean()), float((diff.max(axis=2) > 32).mean())
    if mean > PIXEL_MEAN_TOLERANCE or outliers > PIXEL_OUTLIER_FRACTION:
        return f"pixels differ (mean {mean:.2f} levels, {outliers:.1%} of pixels by > 32)"
    return None


def compare_media(rel: str, old: bytes, new: bytes, exact: bool) -> str | None:
    if old == new:
        return None
    if exact:
        return f"{rel}: bytes differ with the same library versions"
    if rel.endswith(".png"):
        problem = _pixels_close(old, new)
        return f"{rel}: {problem}" if problem else None
    if rel.endswith(".mp4"):
        problem = _frames_close(old, new)
        return f"{rel}: {problem}" if problem else None
    return f"{rel}: differs"


def _frames_close(a: bytes, b: bytes) -> str | None:
    """MP4s are compared by decoded frames: encoders may differ in bytes across versions."""
    from assetgen.media.video import decode_av

    (x, fps_x), (y, fps_y) = decode_av(a), decode_av(b)
    if len(x) != len(y) or fps_x != fps_y:
        return f"{len(x)} frames at {fps_x:g} fps != {len(y)} frames at {fps_y:g} fps"
    for index, (fx, fy) in enumerate(zip(x, y, strict=True)):
        if fx.shape != fy.shape:
            return f"frame {index}: size differs"
        diff = np.abs(fx.astype(np.int16) - fy.astype(np.int16))
        mean, outliers = float(diff.mean()), float((diff.max(axis=2) > 32).mean())
        if mean > VIDEO_MEAN_TOLERANCE or outliers > PIXEL_OUTLIER_FRACTION:
            return f"frame {index}: pixels differ (mean {mean:.2f} levels, {outliers:.1%} of pixels by > 32)"
    return None


def check(root: str | Path | None = None, *, workers: int = 1,
          progress: Callable[[int], None] | None = None, ray: Any = None) -> list[Drift]:
    """Rebuild the suite in a temporary folder and list every case that drifted from `root`."""
    root = Path(root) if root is not None else default_golden()
    old_cases = {c.id: c for c in load_golden(root)}  # validated and verified before anything else is read
    manifest = read_manifest(root)
    exact = manifest.libraries == library_versions()
    drifts: list[Drift] = []
    with tempfile.TemporaryDirectory(prefix="assetgen-check-") as tmp:
        build(tmp, suite=manifest.suite, seed=manifest.seed, per_family=manifest.per_family,
              families=tuple(manifest.families), knobs=manifest.knobs, workers=workers, progress=progress,
              shard_size=manifest.shard_size, ray=ray, langs=tuple(manifest.langs))
        new_cases = {c.id: c for c in load_golden(tmp, verify_files=False)}
        known = all_families()
        for cid in sorted(old_cases.keys() - new_cases.keys()):
            family = old_cases[cid].family
            drifts.append(Drift(cid, "no longer generated" if family in known else f"unknown family {family!r}"))
        for cid in sorted(new_cases.keys() - old_cases.keys()):
            drifts.append(Drift(cid, "new case, not in the golden set"))
        for cid in sorted(old_cases.keys() & new_cases.keys()):
            old, new = old_cases[cid], new_cases[cid]
            # every field of the record, so that no edit (a family, a category, a timeline) goes unseen
            if old.family not in known:
                drifts.append(Drift(cid, f"unknown family {old.family!r}"))
            for field in Case.model_fields:
                if field != "files" and getattr(old, field) != getattr(new, field):
                    drifts.append(Drift(cid, f"{field} changed"))
            if [(f.path, f.media_type, f.role) for f in old.files] != [(f.path, f.media_type, f.role)
                                                                       for f in new.files]:
                drifts.append(Drift(cid, "file list changed"))
                continue
            for ref in new.files:
                problem = compare_media(ref.path, read_inside(root, ref.path), read_inside(tmp, ref.path), exact)
                if problem:
                    drifts.append(Drift(cid, problem))
    return drifts

"""Build a suite: draw every case, write media, cases.jsonl and a manifest that pins them by hash."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from assetgen._version import __version__
from assetgen.dataset.golden import library_versions, sha256
from assetgen.dataset.records import Case, FileRef, Manifest
from assetgen.errors import ConfigError
from assetgen.generate.registry import get_family
from assetgen.generate.rng import case_id, case_rng
from assetgen.generate.suites import suite_entries
from assetgen.generate.video_family import VideoFamily
from assetgen.media.imaging import png_bytes
from assetgen.media.video import contact_sheet, encode_mp4

MANAGED = ("cases.jsonl", "manifest.json", "assets")


@dataclass(frozen=True)
class Job:
    family: str
    index: int
    seed: int
    knobs: dict[str, Any]


@dataclass
class Built:
    case: Case
    blobs: dict[str, bytes]  # relative path -> bytes


def plain(value: Any) -> Any:
    """Scene data as plain JSON types (numpy scalars sneak in from RNG draws)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def to_array(image: Any) -> np.ndarray:
    return image if isinstance(image, np.ndarray) else np.asarray(image.convert("RGB"))



def media_blobs(family, scene: dict, cid: str) -> Iterator[tuple[str, str, str, bytes]]:
    """(relative path, media type, role, bytes) of every file a scene renders to."""
    if isinstance(family, VideoFamily):
        clips = family.render_clips(scene)
        for k, frames in enumerate(clips):
            suffix = "" if len(clips) == 1 else f"_{k + 1}"
            base = f"assets/{family.name}/{cid}{suffix}"
            yield f"{base}.mp4", "video/mp4", "input", encode_mp4(frames, scene["fps"])
            yield f"{base}_sheet.png", "image/png", "preview", png_bytes(contact_sheet(frames))
        return
    rendered = family.render(scene)
    for k, image in enumerate(rendered):
        suffix = "" if len(rendered) == 1 else f"_{k + 1}"
        yield f"assets/{family.name}/{cid}{suffix}.png", "image/png", "input", png_bytes(to_array(image))


def generate(job: Job) -> Built:
    """Draw one case. Pure: the same job gives the same case and bytes in any process."""
    family = get_family(job.family)
    knobs = family.resolve_knobs(job.knobs)
    cid = case_id(job.family, job.seed, job.index)
    try:
        scene = plain(family.sample(case_rng(job.seed, job.family, job.index), knobs))
    except ValueError as exc:
        raise ConfigError(f"{cid}: {exc}") from None
    question = family.question(scene)
    files, blobs = [], {}
    for path, media_type, role, data in media_blobs(family, scene, cid):
        files.append(FileRef(path=path, media_type=media_type, sha256=sha256(data), size=len(data), role=role))
        blobs[path] = data
    case = Case(
        id=cid, family=family.name, family_version=family.version, category=family.category,
        modality=family.modality, prompt=question.prompt, system_prompt=question.system_prompt,
        truth=question.truth, grader=question.grader, seed=job.seed, index=job.index,
        knobs=plain(knobs), scene=scene, files=files, sampling=question.sampling,
        timeline=plain(family.timeline(scene)) if isinstance(family, VideoFamily) else None,
    )
    return Built(case, blobs)


def plan(suite: str, seed: int, per_family: int | None, *, families: tuple[str, ...] = (),
         knobs: dict[str, dict[str, Any]] | None = None) -> list[Job]:
    jobs, next_index = [], {}
    for entry in suite_entries(suite, per_family, families=families, knobs=knobs):
        get_family(entry.family).resolve_knobs(entry.knobs)  # fail before any work
        for _ in range(entry.count):
            index = next_index.get(entry.family, 0)
            next_index[entry.family] = index + 1
            jobs.append(Job(entry.family, index, seed, dict(entry.knobs)))
    return jobs



def run_jobs(jobs: list[Job], workers: int, progress: Callable[[int], None] | None) -> Iterator[Built]:
    """Results in job order whatever the worker count, so output is identical for any N."""
    if workers < 1:
        raise ConfigError(f"--workers {workers} must be >= 1")
    if workers == 1:
        for job in jobs:
            yield generate(job)
            if progress:
                progress(1)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for built in pool.map(generate, jobs, chunksize=max(1, len(jobs) // (workers * 8))):
            yield built
            if progress:
                progress(1)


def build(out: str | Path, *, suite: str = "golden", seed: int = 0, per_family: int | None = None,
          families: tuple[str, ...] = (), knobs: dict[str, dict[str, Any]] | None = None, workers: int = 1,
          progress: Callable[[int], None] | None = None) -> Manifest:
    """Build `suite` into `out`, replacing only what a build owns (cases, manifest, assets)."""
    if seed < 0:
        raise ConfigError(f"--seed {seed} must be >= 0")
    out = Path(out)
    jobs = plan(suite, seed, per_family, families=families, knobs=knobs)
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".building-", dir=out))
    try:
        hashes: dict[str, str] = {}
        lines = []
        for built in run_jobs(jobs, workers, progress):
            for path, data in built.blobs.items():
                target = staging / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                hashes[path] = sha256(data)
            lines.append(built.case.model_dump_json())
        cases_text = "".join(line + "\n" for line in lines).encode("utf-8")
        (staging / "cases.jsonl").write_bytes(cases_text)
        hashes["cases.jsonl"] = sha256(cases_text)
        manifest = Manifest(assetgen_version=__version__, suite=suite, seed=seed,
                            per_family=per_family if suite == "full" else None,
                            families=list(families), knobs=knobs or {},
                            libraries=library_versions(), case_count=len(lines), files=dict(sorted(hashes.items())))
        (staging / "manifest.json").write_text(json.dumps(manifest.model_dump(), indent=2) + "\n")
        for name in MANAGED:  # swap in only when everything was written
            old = out / name
            if old.is_dir():
                shutil.rmtree(old)
            elif old.exists():
                old.unlink()
            (staging / name).rename(old)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return manifest

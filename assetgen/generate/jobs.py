"""One case from one job: `generate(job)` draws, renders and records it. Pure: the same job gives the same case
and bytes in any process, so local builds (`build.run_jobs`), Ray builds (`distributed`) and Hugging Face
shards (`export.hf_shards`) all call it and agree byte for byte."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from assetgen.dataset.golden import sha256
from assetgen.dataset.records import Case, FileRef
from assetgen.dataset.shards import shard_assets
from assetgen.errors import ConfigError
from assetgen.generate.registry import get_family
from assetgen.generate.rng import case_id, case_rng
from assetgen.generate.video_family import VideoFamily
from assetgen.media.imaging import png_bytes
from assetgen.media.lang import lang_suffix
from assetgen.media.video import contact_sheet, encode_mp4


@dataclass(frozen=True)
class Job:
    family: str
    index: int
    seed: int
    knobs: dict[str, Any]
    shard: int | None = None  # sharded layout: media go under assets/<shard>/
    lang: str = "en"  # question language (issue #35): same scene and truth, id suffixed '-ja' / '-zh'


@dataclass
class Built:
    case: Case
    blobs: dict[str, bytes]  # relative path -> bytes


@dataclass(frozen=True)
class Failed:
    """A case that could not be generated (or whose Ray task failed past its retries)."""

    case_id: str
    error: str  # one line


def one_line(exc: BaseException, limit: int = 300) -> str:
    text = f"{type(exc).__name__}: {exc}".strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:limit]


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



def media_blobs(family, scene: dict, cid: str, folder: str = "assets",
                lang: str = "en") -> Iterator[tuple[str, str, str, bytes]]:
    """(relative path, media type, role, bytes) of every file a scene renders to; a family whose documents are
    written in the question's language names them by the case id in that language."""
    if isinstance(family, VideoFamily):
        clips = family.render_clips(scene)
        for k, frames in enumerate(clips):
            suffix = "" if len(clips) == 1 else f"_{k + 1}"
            base = f"{folder}/{family.name}/{cid}{suffix}"
            yield f"{base}.mp4", "video/mp4", "input", encode_mp4(frames, scene["fps"])
            yield f"{base}_sheet.png", "image/png", "preview", png_bytes(contact_sheet(frames))
        return
    named = cid + lang_suffix(lang) if family.documents_by_lang else cid
    for k, document in enumerate(family.documents_in(scene, lang)):
        suffix = "" if k == 0 else f"_{k + 1}"
        yield f"{folder}/{family.name}/{named}{suffix}.txt", "text/plain", "input", document.encode("utf-8")
    rendered = family.render(scene)
    for k, image in enumerate(rendered):
        suffix = "" if len(rendered) == 1 else f"_{k + 1}"
        yield f"{folder}/{family.name}/{cid}{suffix}.png", "image/png", "input", png_bytes(to_array(image))


def generate(job: Job) -> Built:
    """Draw one case. Pure: the same job gives the same case and bytes in any process."""
    family = get_family(job.family)
    knobs = family.resolve_knobs(job.knobs)
    base = case_id(job.family, job.seed, job.index)  # media are named by it: every language shares them
    cid = base + lang_suffix(job.lang)
    try:
        draw = 0 if family.shared_draw else job.index
        scene = plain(family.sample(case_rng(job.seed, job.family, draw), knobs))
    except ValueError as exc:
        raise ConfigError(f"{cid}: {exc}") from None
    question = family.question_in(scene, job.lang)
    files, blobs = [], {}
    folder = "assets" if job.shard is None else shard_assets(job.shard)
    for path, media_type, role, data in media_blobs(family, scene, base, folder, job.lang):
        files.append(FileRef(path=path, media_type=media_type, sha256=sha256(data), size=len(data), role=role))
        blobs[path] = data
    case = Case(
        id=cid, family=family.name, family_version=family.version, category=family.category,
        modality=family.modality, prompt=question.prompt, system_prompt=question.system_prompt,
        truth=question.truth, grader=question.grader, seed=job.seed, index=job.index,
        knobs=plain(knobs), scene=scene, files=files, sampling=question.sampling,
        timeline=plain(family.timeline(scene)) if isinstance(family, VideoFamily) else None,
        request=question.request, lang=job.lang,
    )
    return Built(case, blobs)

"""What every export shares: the one way to a case's files, the case as graders see it, sampled frames,
and the files that make an exported task folder run on its own."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from string import Template

import numpy as np

from assetgen.dataset.paths import read_inside, resolve_inside
from assetgen.dataset.records import Case, FileRef
from assetgen.errors import AssetgenError
from assetgen.media.video import decode_av, sample_indices


def inside(base: Path, relative: str) -> Path:
    """`base / relative`, refused when it would land outside `base` (an absolute path, `..`)."""
    path = (base / relative).resolve()
    if not path.is_relative_to(base.resolve()):
        raise AssetgenError(f"path {relative!r} leaves its folder {base}")
    return path


def case_file(root: Path, ref: FileRef) -> Path:
    """The path of one of a case's files: every export reads case files through here, strictly inside the
    suite folder (no absolute path, no `..`, no symbolic link: dataset.paths)."""
    return resolve_inside(root, ref.path)


def read_case_file(root: Path, ref: FileRef) -> bytes:
    return read_inside(root, ref.path)


def spec(case: Case) -> dict:
    """What graders need of a case (graders.CaseSpec fields), for harnesses that grade with it."""
    return case.model_dump(include={"format_version", "id", "family", "category", "modality", "prompt",
                                    "system_prompt", "truth", "grader", "sampling"})


def target(case: Case) -> str:
    value = case.truth.value
    return ", ".join(map(str, value)) if isinstance(value, list) else (
        json.dumps(value) if isinstance(value, dict) else str(value))


def truth_line(case: Case) -> dict:
    return {"case_id": case.id, "family": case.family, "category": case.category, "lang": case.lang,
            "truth": case.truth.model_dump(),
            "grader": case.grader.model_dump(),
            "sampling": case.sampling.model_dump() if case.sampling else None}


def clips(case: Case) -> list[FileRef]:
    return [ref for ref in case.inputs if ref.media_type == "video/mp4"]


def sampled_clips(case: Case, root: Path, frames: int | None = None) -> list[list[tuple[int, np.ndarray]]]:
    """Each clip's (frame index, decoded frame) pairs: N uniformly sampled with the first and the last included
    (the rule of `assetgen eval --num-frames N`, `sample_indices`); every frame when N is None."""
    out = []
    for ref in clips(case):
        decoded, _ = decode_av(read_case_file(root, ref))
        out.append([(i, decoded[i]) for i in sample_indices(len(decoded), frames or len(decoded))])
    return out


def video_frames(case: Case, root: Path, frames: int | None = None) -> list[list[np.ndarray]]:
    """Each clip's sampled decoded frames (see `sampled_clips`)."""
    return [[frame for _, frame in clip] for clip in sampled_clips(case, root, frames)]


def short_of_frames(cases: list[Case], frames: int | None) -> list[Case]:
    """Cases whose clips seem to show another answer than the truth when `frames` uniformly sampled frames are
    seen (their sampling data): a model that reads those frames right still fails them as `frame_sampling`."""
    if frames is None:
        return []
    return [c for c in cases if c.sampling and any(a.frames_low <= frames <= a.frames_high
                                                   for a in c.sampling.apparent)]


def vendor_graders(out: Path) -> None:
    """Copy the graders (pure Python: pydantic and rapidfuzz) into the task folder, so the task grades with
    the very code that `assetgen eval` uses, from any folder and any environment (PyPI's 'assetgen' is an
    unrelated project: `pip install assetgen` does not provide them)."""
    import graders

    source = Path(graders.__file__).resolve().parent
    target_dir = out / "graders"
    if target_dir.exists():
        shutil.rmtree(target_dir)
    target_dir.mkdir(parents=True)
    for path in sorted(source.glob("*.py")):
        shutil.copy2(path, target_dir / path.name)


def template(name: str, **values) -> str:
    """A template file shipped with the package (assetgen/export/templates/), `$name` fields filled in."""
    text = (Path(__file__).resolve().parent / "templates" / name).read_text("utf-8")
    return Template(text).substitute(values) if values else text


def require(module: str, extra: str = "interop"):
    try:
        return __import__(module)
    except ImportError:
        raise AssetgenError(f"this export needs the '{module}' package: pip install 'assetgen[{extra}]'") from None

"""`--format inspect`: an Inspect AI task folder (json_dataset + task.py) graded with assetgen's graders."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from assetgen.dataset.records import Case, FileRef
from assetgen.export.common import (
    case_file,
    clips,
    inside,
    sampled_clips,
    spec,
    target,
    template,
    vendor_graders,
)
from assetgen.media.imaging import png_bytes
from assetgen.media.video import frame_label


def _copy(root: Path, ref: FileRef, out: Path) -> str:
    destination = inside(out, ref.path)
    destination.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(case_file(root, ref), destination)
    return ref.path


def _write(out: Path, relative: str, data: bytes) -> str:
    destination = inside(out, relative)
    destination.parent.mkdir(parents=True, exist_ok=True)
    destination.write_bytes(data)
    return relative


def _contents(case: Case, root: Path, out: Path, frames: int | None) -> tuple[list[dict], list[dict]]:
    """The user message's parts twice: clips as labelled groups of PNG frames, and clips as MP4 video."""
    images = [{"type": "image", "image": _copy(root, ref, out)}
              for ref in case.inputs if ref.media_type.startswith("image/")]
    as_frames, as_video = list(images), list(images)
    refs = clips(case)
    for k, (ref, clip) in enumerate(zip(refs, sampled_clips(case, root, frames), strict=True), 1):
        as_frames.append({"type": "text", "text": frame_label(k, len(refs), len(clip))})
        as_frames += [{"type": "image", "image": _write(out, f"assets/{case.family}/{case.id}_clip{k}_frame{i:03d}.png",
                                                         png_bytes(frame))} for i, frame in clip]
        as_video.append({"type": "video", "video": _copy(root, ref, out), "format": "mp4"})
    prompt = {"type": "text", "text": case.prompt}
    return as_frames + [prompt], as_video + [prompt]


def export_inspect(cases: list[Case], root: Path, out: Path, frames: int | None) -> None:
    with (out / "dataset.jsonl").open("w") as as_frames, (out / "dataset_video.jsonl").open("w") as as_video:
        for case in cases:
            system = [{"role": "system", "content": case.system_prompt}] if case.system_prompt else []
            metadata = {"case": spec(case), "category": case.category, "lang": case.lang,
                        "frames_per_clip": frames}
            for handle, content in zip((as_frames, as_video), _contents(case, root, out, frames), strict=True):
                handle.write(json.dumps({"id": case.id, "input": system + [{"role": "user", "content": content}],
                                         "target": target(case), "metadata": metadata}) + "\n")
    (out / "task.py").write_text(template("inspect/task.py"))
    (out / "requirements.txt").write_text(template("inspect/requirements.txt"))
    vendor_graders(out)

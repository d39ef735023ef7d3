"""The run-level frames estimate of an eval cites the frames probe of the same endpoint, with its server
setting: eval copies that probe.json into the run folder, and every report reads it from there."""

from __future__ import annotations

import shutil
from pathlib import Path

from assetgen.errors import AssetgenError
from assetgen.run.probe import FramesProbe, read_probe
from assetgen.run.records import RunInfo
from graders import Summary

ATTACHED = "probe.json"  # the probe an eval cites, copied into its run folder so re-rendering keeps it


def _same_endpoint(probe: FramesProbe, info: RunInfo) -> bool:
    if probe.builtin_endpoint or info.builtin_endpoint:
        return bool(probe.builtin_endpoint and info.builtin_endpoint)
    return probe.endpoint == info.endpoint and probe.model == info.model


def newest_probe(out: Path, info: RunInfo) -> Path | None:
    """The newest frames probe.json in `out` (eval's --out) of the run's endpoint and model."""
    found = []
    for path in sorted(out.glob("probe-frames-*/probe.json")) if out.is_dir() else []:
        if path.is_symlink() or path.parent.is_symlink():
            continue
        try:
            probe = read_probe(path)
        except AssetgenError:
            continue  # someone else's or a damaged file: not evidence
        if isinstance(probe, FramesProbe) and _same_endpoint(probe, info):
            found.append((probe.finished, path))
    return max(found)[1] if found else None


def attach_probe(run_dir: Path, info: RunInfo, out: Path, explicit: Path | None = None) -> Path | None:
    """Copy the probe the run cites into its folder: `explicit` (eval --probe), else the newest of the same
    endpoint in `out`. Returns the probe it came from."""
    source = explicit or newest_probe(out, info)
    if source is None:
        return None
    if not isinstance(read_probe(source), FramesProbe):
        raise AssetgenError(f"--probe {source}: not a frames probe (run `assetgen probe frames`)")
    shutil.copyfile(source, run_dir / ATTACHED)
    return source


def cite_probe(summaries: dict[str, Summary], run_dir: Path | None) -> FramesProbe | None:
    """Add the attached probe's finding and server setting to each run-level frames estimate."""
    path = run_dir / ATTACHED if run_dir else None
    if path is None or not path.is_file():
        return None
    try:
        probe = read_probe(path)
    except AssetgenError:
        return None
    if not isinstance(probe, FramesProbe):
        return None
    for summary in summaries.values():
        if summary.frames:
            summary.frames.message += (f". The frames probe of this endpoint ({probe.finished}) says: "
                                       f"{probe.headline}. To change it: {probe.recommendation}")
    return probe


def probe_warning(probe: FramesProbe) -> str:
    """The line every report opens with when the endpoint's frames probe recommends a server setting."""
    return f"Frames probe of this endpoint ({probe.finished}): {probe.headline}. To change it: {probe.recommendation}"

"""`assetgen probe frames|resolution` end to end: measure (run.probe, which writes probe.json), then probe.md."""

from __future__ import annotations

from pathlib import Path

from assetgen.report.probe import probe_markdown
from assetgen.run.endpoint import api_key as resolve_key
from assetgen.run.files import write_atomic
from assetgen.run.probe import FramesProbe, ProbeOptions, ResolutionProbe


def run_probe(kind: str, options: ProbeOptions) -> tuple[Path, FramesProbe | ResolutionProbe]:
    """`assetgen probe frames|resolution`: measure, then write probe.md beside probe.json."""
    from assetgen.run.probe.frames import probe_frames
    from assetgen.run.probe.resolution import probe_resolution

    folder, record = (probe_frames if kind == "frames" else probe_resolution)(options)
    write_atomic(folder / "probe.md", probe_markdown(record, folder))
    return folder, record


def probe(kind: str, *, endpoint: str | None = None, model: str | None = None, api_key: str | None = None,
          out: Path = Path("runs"), seed: int = 0, timeout: float = 300.0,
          concurrency: int = 2) -> tuple[Path, FramesProbe | ResolutionProbe]:
    """`run_probe` with the command's options (the key from the environment when not given)."""
    return run_probe(kind, ProbeOptions(endpoint=endpoint, out=out, model=model, api_key=resolve_key(api_key),
                                        seed=seed, timeout=timeout, concurrency=concurrency))

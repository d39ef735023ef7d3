"""`--format jsonl`: the native format (cases.jsonl or its shards + manifest.json + assets/), loadable with
load_golden."""

from __future__ import annotations

from pathlib import Path

from assetgen.dataset.golden import read_manifest
from assetgen.dataset.paths import read_inside, resolve_inside


def _copy(root: Path, out: Path, rel: str) -> None:
    """One file of the suite to the same place under `out`, both resolved strictly inside their folders."""
    target = resolve_inside(out, rel)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(read_inside(root, rel))


def export_jsonl(cases, root: Path, out: Path) -> None:
    for rel in read_manifest(root).files:  # exactly the files the manifest pins, all verified
        _copy(root, out, rel)
    _copy(root, out, "manifest.json")

"""`assetgen export`: the suite in another harness's format (`export.formats`), only the cases asked in the
languages given when --lang is."""

from __future__ import annotations

from pathlib import Path

from assetgen.app.options import parse_langs
from assetgen.export.formats import export as export_suite


def export(fmt: str, out: Path, *, golden: Path | None = None, frames: int | None = None, model: str = "default",
           langs: tuple[str, ...] = ()) -> Path:
    """Write the suite at `golden` (default: the golden set) in `fmt` into `out`; returns where it went."""
    chosen = parse_langs(langs) if langs else None
    return export_suite(fmt, out, golden=golden, frames=frames, model=model, langs=chosen)

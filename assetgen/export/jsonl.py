"""`--format jsonl`: the native format (cases.jsonl + manifest.json + assets/), loadable with load_golden."""

from __future__ import annotations

import shutil
from pathlib import Path


def export_jsonl(cases, root: Path, out: Path) -> None:
    shutil.copytree(root / "assets", out / "assets", dirs_exist_ok=True)
    shutil.copy2(root / "cases.jsonl", out / "cases.jsonl")
    shutil.copy2(root / "manifest.json", out / "manifest.json")

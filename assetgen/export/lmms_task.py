"""`--format lmms-eval`: an lmms-eval task folder (YAML + utils.py over the hf parquet) graded with assetgen's
graders; it runs from wherever the folder is copied (`--include_path`)."""

from __future__ import annotations

from pathlib import Path

from assetgen.export.common import template, vendor_graders
from assetgen.export.hf_parquet import export_hf

FRAMES_LINE = "\nFRAMES = None  #"


def export_lmms(cases, root: Path, out: Path, frames: int | None) -> None:
    export_hf(cases, root, out)
    utils = template("lmms/utils.py")
    (out / "utils.py").write_text(utils.replace(FRAMES_LINE, f"\nFRAMES = {frames!r}  #", 1))
    for name in ("assetgen_golden.yaml", "assetgen_golden_video.yaml", "requirements.txt"):
        (out / name).write_text(template(f"lmms/{name}"))
    vendor_graders(out)

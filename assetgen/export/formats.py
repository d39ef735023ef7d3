"""`assetgen export`: the golden set as a dataset for other harnesses.

Formats: jsonl (native), openai (batch request bodies + truth), inspect (Inspect AI task folder), hf (parquet
with media bytes embedded), lmms-eval (task folder over that parquet). The task folders grade with assetgen's
graders, vendored into them, and run from wherever they are copied.
"""

from __future__ import annotations

from pathlib import Path

from assetgen._version import __version__
from assetgen.dataset.golden import default_golden, load_golden
from assetgen.errors import AssetgenError
from assetgen.export.common import short_of_frames, template
from assetgen.export.hf_parquet import export_hf
from assetgen.export.inspect_task import export_inspect
from assetgen.export.jsonl import export_jsonl
from assetgen.export.lmms_task import export_lmms
from assetgen.export.openai_batch import export_openai

FORMATS = ("jsonl", "openai", "inspect", "hf", "lmms-eval")
README = {"inspect": "inspect/README.md", "lmms-eval": "lmms/README.md"}


def _readme(fmt: str, cases, frames: int | None) -> str:
    frames_text = (f"{frames} frames per clip, uniformly sampled with the first and the last included (the rule "
                   f"of `assetgen eval --video-mode frames --num-frames {frames}`)" if frames else
                   "every frame of each clip (as `assetgen eval --video-mode frames`)")
    short = short_of_frames(cases, frames)
    short_text = ("" if not short else f"\nWith {frames} frames per clip, {len(short)} cases seem to show another "
                  f"answer than their truth (their sampling data): {', '.join(c.id for c in short)}; a model "
                  "that reads those frames right fails them as `frame_sampling`.\n")
    return template(README[fmt], count=len(cases), version=__version__, frames_text=frames_text,
                    short_text=short_text)


def export(fmt: str, out: str | Path, *, golden: str | Path | None = None, frames: int | None = None,
           model: str = "default", langs: tuple[str, ...] | None = None) -> Path:
    """Write the suite in `fmt` to `out`. `frames`: frames per clip where a harness gets clips as images
    (default: every frame). `langs`: only the cases asked in these languages (issue #35; every case carries
    its `lang` in each format); the suite folder must hold them (`assetgen build --lang ...`)."""
    if fmt not in FORMATS:
        raise AssetgenError(f"unknown export format {fmt!r}; valid: {', '.join(FORMATS)}")
    if frames is not None and not 1 <= frames <= 240:
        raise AssetgenError(f"--frames {frames} must be in 1..240")
    root = Path(golden) if golden else default_golden()
    cases = load_golden(root)
    if langs:
        cases = _in_languages(cases, root, fmt, langs)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    {"jsonl": lambda: export_jsonl(cases, root, out), "openai": lambda: export_openai(cases, root, out, model),
     "inspect": lambda: export_inspect(cases, root, out, frames), "hf": lambda: export_hf(cases, root, out),
     "lmms-eval": lambda: export_lmms(cases, root, out, frames)}[fmt]()
    if fmt in README:
        (out / "README.md").write_text(_readme(fmt, cases, frames))
    return out


def _in_languages(cases, root: Path, fmt: str, langs: tuple[str, ...]):
    """The cases asked in `langs`; a language the folder lacks, or jsonl (the folder copied whole) asked to drop
    cases, is a one-line error."""
    held = {case.lang for case in cases}
    missing = [lang for lang in langs if lang not in held]
    if missing:
        raise AssetgenError(f"--lang {','.join(missing)}: {root} has no case in {', '.join(missing)}; build one with "
                            f"'assetgen build --lang {' --lang '.join(langs)} --out FOLDER' and export --golden FOLDER")
    chosen = [case for case in cases if case.lang in langs]
    if fmt == "jsonl" and len(chosen) != len(cases):
        raise AssetgenError("--format jsonl copies the suite folder whole; build a folder in just "
                            f"{', '.join(langs)} to export those cases")
    return chosen

"""The suite of `assetgen eval --variants K`: K variants of each chosen case, built once from the chosen cases and
cached in the runs folder by the suite's hash, the chosen cases and K (`report.variants` scores them)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from assetgen.dataset.golden import load_golden, read_manifest
from assetgen.generate.build import build
from assetgen.generate.variants import check_variants, variant_jobs


def variant_suite(golden: Path, out: Path, k: int, chosen: Callable[[list], list],
                  notify: Callable[[str], None] = lambda _: None) -> Path:
    """The suite of K variants of each chosen case of `golden` (variant 0: the case itself), built once
    into `out/variants/<suite hash>-k<K>-<chosen hash>/` and reused by later runs."""
    check_variants(k)
    cases = chosen(load_golden(golden))
    suite_hash = hashlib.sha256((golden / "manifest.json").read_bytes()).hexdigest()
    picked = hashlib.sha256("\n".join(c.id for c in cases).encode()).hexdigest()
    folder = out / "variants" / f"{suite_hash[:8]}-k{k}-{picked[:8]}"
    jobs = variant_jobs([(c.family, c.index, c.seed, c.knobs) for c in cases], k)
    if (folder / "manifest.json").is_file() and read_manifest(folder).case_count == len(jobs):
        notify(f"variants: reusing {folder}")
        return folder.resolve()
    notify(f"variants: building {len(jobs)} cases ({k} of each of {len(cases)}) into {folder}")
    build(folder, suite="variants", seed=cases[0].seed if cases else 0, jobs=jobs, log=notify)
    return folder.resolve()

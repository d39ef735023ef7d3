"""`assetgen build`: build a suite folder (resumable, on processes or Ray), check one against the generators
(`--check`), or write Hugging Face parquet shards where the cases are drawn (`--as-hf-parquet`); `--verify` is
`app.verify`. The options are parsed once (`parse`); each mode is one function the CLI calls and prints."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assetgen.dataset.golden import default_golden, read_manifest
from assetgen.errors import ConfigError
from assetgen.generate.build import build as build_suite
from assetgen.generate.build import plan
from assetgen.generate.check import Drift
from assetgen.generate.check import check as check_suite
from assetgen.generate.suites import parse_knob

# progress(total, label): a context manager whose update(n) counts n cases done (the CLI's bar, or a no-op)
Progress = Callable[[int, str], AbstractContextManager[Any]]


@dataclass
class BuildOptions:
    out: Path | None = None  # None: the golden set
    suite: str = "golden"
    seed: int = 0
    per_family: int | None = None
    workers: int = 1
    families: tuple[str, ...] = ()
    knobs: dict[str, dict[str, Any]] = field(default_factory=dict)
    shard_size: int | None = None
    ray: Any = None  # a generate.distributed.RayOptions, or None: local processes
    langs: tuple[str, ...] = ("en",)

    @property
    def root(self) -> Path:
        return self.out or default_golden()


def parse_knobs(knob_args: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """--knob FAMILY.KNOB=VALUE values as {family: {knob: value}}."""
    knobs: dict[str, dict[str, Any]] = {}
    for text in knob_args:
        family, knob, value = parse_knob(text)
        knobs.setdefault(family, {})[knob] = value
    return knobs


def ray_options(address: str | None, shared_out: bool):
    """--ray [ADDRESS] and --ray-shared-out as `RayOptions` (None without --ray); Ray must be installed."""
    if address is None:
        if shared_out:
            raise ConfigError("--ray-shared-out applies with --ray only")
        return None
    from assetgen.generate.distributed import RayOptions, require_ray  # Ray's machinery only when asked for

    require_ray()
    return RayOptions(address=address or None, shared_out=shared_out)


def parquet(options: BuildOptions, progress: Progress, *, check: bool = False, verify: bool = False,
            ray_shared_out: bool = False) -> tuple[int, list[Path]]:
    """--as-hf-parquet: the suite's cases as parquet shards of --shard-size cases (default 1000) in --out.
    Returns the number of cases and the shards."""
    from assetgen.export.hf_shards import export_hf_shards  # `datasets` only when asked for

    if options.out is None or check or verify or ray_shared_out or options.workers != 1:
        raise ConfigError("--as-hf-parquet needs --out, and takes neither --check, --verify, --ray-shared-out nor "
                          "--workers")
    total = len(plan(options.suite, options.seed, options.per_family, families=options.families,
                     knobs=options.knobs, langs=options.langs))
    with progress(total, "building parquet") as bar:
        paths = export_hf_shards(options.out, suite=options.suite, seed=options.seed, per_family=options.per_family,
                                 families=options.families, knobs=options.knobs,
                                 shard_size=options.shard_size or 1000, ray=options.ray, progress=bar.update,
                                 langs=options.langs)
    return total, paths


def check(options: BuildOptions, progress: Progress) -> tuple[int, list[Drift]]:
    """--check: rebuild the suite at the root in a temporary folder; its case count and the cases that drifted."""
    manifest = read_manifest(options.root)
    with progress(manifest.case_count, "checking") as bar:
        drifts = check_suite(options.root, workers=options.workers, progress=bar.update, ray=options.ray)
    return manifest.case_count, drifts


@dataclass
class Built:
    root: Path
    cases: int
    media: int  # files under assets/


def build(options: BuildOptions, progress: Progress, log: Callable[[str], None] | None = None) -> Built:
    """Build (or resume building) the suite into the root; a failed case raises `BuildFailed` with them all."""
    total = len(plan(options.suite, options.seed, options.per_family, families=options.families,
                     knobs=options.knobs, shard_size=options.shard_size, langs=options.langs))
    with progress(total, "building") as bar:
        manifest = build_suite(options.root, suite=options.suite, seed=options.seed, per_family=options.per_family,
                               families=options.families, knobs=options.knobs, workers=options.workers,
                               progress=bar.update, shard_size=options.shard_size, ray=options.ray, log=log,
                               langs=options.langs)
    media = sum(1 for name in manifest.files if name.startswith("assets/"))
    return Built(options.root, manifest.case_count, media)

"""The folder a composed suite (`assetgen eval --suite text|article`) is asked from: `vision` is the golden
set as checked in; any other suite is built deterministically into a cache folder inside the run's --out,
reused while its manifest matches what this assetgen would build, and resumed if a build was cut short."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from assetgen._version import __version__
from assetgen.dataset.golden import library_versions, load_golden, read_manifest
from assetgen.errors import AssetgenError, ConfigError
from assetgen.generate.build import build, plan
from assetgen.generate.registry import get_family
from assetgen.generate.suites import COMPOSED

SEED = 0  # the suites of the seed articles are drawn from seed 0, as the golden set is


def cache_folder(suite: str, parent: Path, seed: int = SEED) -> Path:
    return parent / "suites" / f"{suite}-s{seed}"


def _matches(folder: Path, suite: str, seed: int) -> bool:
    """The folder holds exactly the suite this assetgen builds, with every file intact."""
    try:
        manifest = read_manifest(folder)
        if (manifest.suite, manifest.seed, manifest.assetgen_version) != (suite, seed, __version__) \
                or manifest.libraries != library_versions():
            return False
        cases = load_golden(folder)  # re-hashes every file against the manifest
    except AssetgenError:
        return False
    jobs = plan(suite, seed, None)
    return len(cases) == len(jobs) and all(
        (c.family, c.index, c.family_version) == (j.family, j.index, get_family(j.family).version)
        and all(c.knobs.get(k) == v for k, v in j.knobs.items()) for c, j in zip(cases, jobs, strict=True))


def suite_folder(suite: str, parent: Path, golden: Path, *, log: Callable[[str], None] = lambda _: None) -> Path:
    """The folder to ask `suite` from: `golden` for 'vision', else the cache under `parent`, built when missing
    or stale (an interrupted build resumes)."""
    if suite == "vision":
        return golden
    if suite not in COMPOSED:
        raise ConfigError(f"--suite {suite!r}; valid: {', '.join(COMPOSED)}")
    folder = cache_folder(suite, parent).resolve()  # run.json records it: `assetgen report` may run elsewhere
    if folder.is_dir() and _matches(folder, suite, SEED):
        log(f"suite {suite!r}: reusing {folder}")
        return folder
    log(f"suite {suite!r}: building into {folder}")
    build(folder, suite=suite, seed=SEED, log=log)
    return folder

"""The folder a composed suite (`assetgen eval --suite text|article`) is asked from: `vision` is the golden
set as checked in; any other suite is built deterministically into a cache folder inside the run's --out,
reused while its manifest matches what this assetgen would build, and resumed if a build was cut short."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from assetgen._version import __version__
from assetgen.dataset.golden import default_golden, library_versions, load_golden, read_manifest
from assetgen.errors import AssetgenError, ConfigError
from assetgen.generate.build import build, plan
from assetgen.generate.registry import get_family
from assetgen.generate.suites import COMPOSED

SEED = 0  # the suites of the seed articles are drawn from seed 0, as the golden set is


def cache_folder(suite: str, parent: Path, seed: int = SEED, langs: tuple[str, ...] = ("en",)) -> Path:
    tail = "" if langs == ("en",) else "-" + "-".join(langs)
    return parent / "suites" / f"{suite}-s{seed}{tail}"


def _matches(folder: Path, suite: str, seed: int, langs: tuple[str, ...] = ("en",)) -> bool:
    """The folder holds exactly the suite this assetgen builds, with every file intact."""
    try:
        manifest = read_manifest(folder)
        if (manifest.suite, manifest.seed, manifest.assetgen_version) != (suite, seed, __version__) \
                or manifest.libraries != library_versions():
            return False
        cases = load_golden(folder)  # re-hashes every file against the manifest
    except AssetgenError:
        return False
    jobs = plan(suite, seed, None, langs=langs)
    return len(cases) == len(jobs) and all(
        (c.family, c.index, c.family_version, c.lang) == (j.family, j.index, get_family(j.family).version, j.lang)
        and all(c.knobs.get(k) == v for k, v in j.knobs.items()) for c, j in zip(cases, jobs, strict=True))


def suite_folder(suite: str, parent: Path, golden: Path, *, log: Callable[[str], None] = lambda _: None,
                 langs: tuple[str, ...] = ("en",)) -> Path:
    """The folder to ask `suite` from: `golden` for 'vision', else the cache under `parent`, built when missing
    or stale (an interrupted build resumes). In other languages than English alone (`langs`, issue #35) the
    suite is built in each of them, the golden set as the 'golden' suite (its English cases are the checked-in
    ones, byte for byte), each case followed by the same case in the next language."""
    if suite == "vision" and langs == ("en",):
        return golden
    if suite == "vision" and Path(golden).resolve() != default_golden().resolve():
        # a suite folder of one's own (--golden) is asked as it was built: in the languages it was built in
        built_in = read_manifest(golden).langs
        if not set(langs) <= set(built_in):
            raise ConfigError(f"--golden {golden} was built in {', '.join(built_in)}, not in "
                              f"{', '.join(lang for lang in langs if lang not in built_in)}: build it with --lang "
                              f"{' --lang '.join(langs)}")
        return golden
    if suite not in COMPOSED:
        raise ConfigError(f"--suite {suite!r}; valid: {', '.join(COMPOSED)}")
    built = "golden" if suite == "vision" else suite
    folder = cache_folder(suite, parent, SEED, langs).resolve()  # run.json records it: `report` may run elsewhere
    if folder.is_dir() and _matches(folder, built, SEED, langs):
        log(f"suite {suite!r}: reusing {folder}")
        return folder
    log(f"suite {suite!r} in {', '.join(langs)}: building into {folder}")
    build(folder, suite=built, seed=SEED, log=log, langs=langs)
    return folder

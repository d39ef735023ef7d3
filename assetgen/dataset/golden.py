"""Read a built suite safely: manifest, file hashes, cases; and the versions a manifest pins."""

from __future__ import annotations

import hashlib
import itertools
import os
from pathlib import Path

from pydantic import ValidationError

from assetgen.dataset.paths import UnsafePathError, hash_inside, read_inside, resolve_inside
from assetgen.dataset.records import Case, Manifest
from assetgen.dataset.shards import case_files
from assetgen.errors import AssetgenError, GoldenIntegrityError


def default_golden() -> Path:
    """ASSETGEN_GOLDEN, else the `golden/` folder next to the package (a checkout or editable install)."""
    env = os.environ.get("ASSETGEN_GOLDEN")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "golden"


MAX_LINE_BYTES = 1 << 20
"""The longest line of cases.jsonl, one case (the largest golden case, a clip with its timeline, is 24 KB)."""
MAX_MANIFEST_BYTES = 64 << 20


def read_manifest(root: Path) -> Manifest:
    """The manifest of a suite; its paths are checked (Manifest.files) before any of them is opened."""
    try:
        data = read_inside(root, "manifest.json", MAX_MANIFEST_BYTES)
    except FileNotFoundError:
        raise AssetgenError(f"{root} is not a built suite: {root / 'manifest.json'} is missing "
                            "(run 'assetgen build')") from None
    try:
        return Manifest.model_validate_json(data)
    except ValidationError as exc:
        raise AssetgenError(f"{root / 'manifest.json'} is not a valid manifest: {_first(exc)}") from None


def read_cases(root: Path, manifest: Manifest, model: type = Case) -> list:
    """The cases of cases.jsonl (or of its shards, in order), each line checked for size and validated
    (ids, paths, prompt sizes) as it is read: a line over MAX_LINE_BYTES, more lines than the manifest
    counts, or a shard that does not hold its share stops the read."""
    cases: list = []
    for position, name in enumerate(case_files(root, manifest)):
        path = resolve_inside(root, name)
        try:
            handle = path.open("rb")
        except OSError:
            raise GoldenIntegrityError(str(root), [f"{name}: missing"]) from None
        count = 0
        with handle:
            for number in itertools.count(1):
                line = handle.readline(MAX_LINE_BYTES + 1)
                if not line:
                    break
                if len(line) > MAX_LINE_BYTES:
                    raise AssetgenError(f"{path} line {number} is over {MAX_LINE_BYTES} bytes")
                if len(cases) >= manifest.case_count:
                    raise GoldenIntegrityError(str(root), [f"{name} has more than the {manifest.case_count} "
                                                           "cases the manifest says"])
                count = number
                try:
                    cases.append(model.model_validate_json(line))
                except ValidationError as exc:
                    raise AssetgenError(f"{path} line {number}: {_first(exc)}") from None
        if manifest.shard_size is not None:
            share = min(manifest.shard_size, manifest.case_count - position * manifest.shard_size)
            if count != share:
                raise GoldenIntegrityError(str(root), [f"{name} has {count} cases, expected {share}"])
    return cases


def _first(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"])
    return f"{where}: {error['msg']}" if where else error["msg"]


def _listed(cases: list, manifest: Manifest) -> list[str]:
    """Every case file must be pinned by the manifest with the same hash."""
    problems = []
    for case in cases:
        for ref in case.files:
            pinned = manifest.files.get(ref.path)
            if pinned is None:
                problems.append(f"{ref.path} (case {case.id}): not in the manifest")
            elif pinned != ref.sha256:
                problems.append(f"{ref.path} (case {case.id}): sha256 differs from the manifest")
    return problems


def verify(root: Path, manifest: Manifest) -> list[str]:
    """Every mismatch between the folder and its manifest, as readable lines. Only paths strictly
    inside `root` are read (Manifest.files checks them), never through a symbolic link."""
    problems = []
    for rel, expected in manifest.files.items():
        try:
            if hash_inside(root, rel) != expected:
                problems.append(f"{rel}: sha256 differs from the manifest")
        except FileNotFoundError:
            problems.append(f"{rel}: missing")
        except UnsafePathError as exc:
            problems.append(str(exc))
    try:
        assets = resolve_inside(root, "assets")
    except UnsafePathError as exc:
        return [*problems, str(exc)]
    base = Path(root).resolve()
    found = []
    for folder, dirs, files in os.walk(assets):  # does not descend into linked folders
        for name in dirs + files:
            path = Path(folder) / name
            rel = path.relative_to(base).as_posix()
            if path.is_symlink():
                found.append(f"{rel}: a symbolic link; a suite's files must be inside its folder")
            elif name in files and rel not in manifest.files:
                found.append(f"{rel}: not in the manifest")
    return problems + sorted(found)


def load_golden(path: str | Path | None = None, *, verify_files: bool = True, model: type = Case) -> list[Case]:
    """The cases of a built suite (default: the checked-in golden set), refused if tampered with.

    The manifest and every case are validated first (paths inside the folder, safe ids, bounded
    sizes); only then are media files hashed. `model` may be a slimmer record (the runner's
    CaseToSend) that keeps only what it needs."""
    root = Path(path) if path is not None else default_golden()
    manifest = read_manifest(root)
    cases = read_cases(root, manifest, model)
    problems = _listed(cases, manifest)
    if verify_files:
        problems += verify(root, manifest)
    if problems:
        raise GoldenIntegrityError(str(root), problems)
    if len(cases) != manifest.case_count:
        raise GoldenIntegrityError(str(root), [f"{' + '.join(case_files(root, manifest))} has {len(cases)} cases, "
                                               f"manifest says {manifest.case_count}"])
    return cases


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def library_versions() -> dict[str, str]:
    """Versions of everything that shapes pixels or bytes; pixels compare exactly only when equal.

    Read from package metadata, so asking costs no imports of the libraries themselves."""
    from importlib.metadata import PackageNotFoundError, version

    def installed(*names: str) -> str:
        for name in names:
            try:
                return version(name)
            except PackageNotFoundError:
                continue
        return "absent"

    from PIL import features

    return {
        "numpy": installed("numpy"), "pillow": installed("pillow", "Pillow"),
        "freetype": str(features.version("freetype2")), "matplotlib": installed("matplotlib"),
        "pygments": installed("pygments", "Pygments"),
        "opencv": installed("opencv-python-headless", "opencv-python", "opencv-contrib-python"),
        "av": installed("av"),
    }

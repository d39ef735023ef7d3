"""Read a built suite safely: manifest, file hashes, cases; and the versions a manifest pins."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from pydantic import ValidationError

from assetgen.dataset.records import Case, Manifest
from assetgen.dataset.shards import case_files, case_lines
from assetgen.errors import AssetgenError, GoldenIntegrityError


def default_golden() -> Path:
    """ASSETGEN_GOLDEN, else the `golden/` folder next to the package (a checkout or editable install)."""
    env = os.environ.get("ASSETGEN_GOLDEN")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "golden"


def read_manifest(root: Path) -> Manifest:
    path = root / "manifest.json"
    if not path.is_file():
        raise AssetgenError(f"{root} is not a built suite: {path} is missing (run 'assetgen build')")
    try:
        return Manifest.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        raise AssetgenError(f"{path} is not a valid manifest: {exc.errors()[0]['msg']}") from None


def verify(root: Path, manifest: Manifest) -> list[str]:
    """Every mismatch between the folder and its manifest, as readable lines."""
    problems = []
    for rel, expected in manifest.files.items():
        path = root / rel
        if not path.is_file():
            problems.append(f"{rel}: missing")
        elif sha256(path.read_bytes()) != expected:
            problems.append(f"{rel}: sha256 differs from the manifest")
    assets = root / "assets"
    if assets.is_dir():
        for path in sorted(assets.rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and rel not in manifest.files:
                problems.append(f"{rel}: not in the manifest")
    return problems


def load_golden(path: str | Path | None = None, *, verify_files: bool = True, model: type = Case) -> list[Case]:
    """The cases of a built suite (default: the checked-in golden set), refused if tampered with.

    `model` may be a slimmer record (the runner's CaseToSend) that keeps only what it needs."""
    root = Path(path) if path is not None else default_golden()
    manifest = read_manifest(root)
    if verify_files:
        problems = verify(root, manifest)
        if problems:
            raise GoldenIntegrityError(str(root), problems)
    cases = []
    for name, number, line in case_lines(root, manifest):  # cases.jsonl, or its shards
        try:
            cases.append(model.model_validate_json(line))
        except ValidationError as exc:
            raise AssetgenError(f"{root / name} line {number}: {exc.errors()[0]['msg']}") from None
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

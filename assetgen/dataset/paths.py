"""Paths inside a suite folder: the one place that decides whether a name from a suite may be used.

A suite folder is untrusted (it may come from anyone, with its manifest re-hashed to match), so a
path read from it is checked as a string first — relative POSIX, no `..`, no empty or hidden parts,
only `[A-Za-z0-9_.-]` — and then resolved with no symbolic link anywhere below the root. Nothing
outside the folder is ever opened, hashed or stat'ed because a suite named it.
"""

from __future__ import annotations

import hashlib
import re
import stat
from pathlib import Path

from assetgen.errors import AssetgenError

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")
"""A case id, family or path part: starts with a letter or digit, so never `.`, `..` or hidden."""
MAX_PATH = 512
MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest media file a suite may hold (a golden clip is ~100 KB); what a request body can carry."""


class UnsafePathError(AssetgenError, ValueError):
    """A suite names a path outside itself, through a link, or with characters outside the safe set."""


def check_name(name: str, what: str = "name") -> str:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise UnsafePathError(f"unsafe {what} {_shown(name)}: use 1-128 of [A-Za-z0-9_.-], starting with a "
                              "letter or digit")
    return name


def check_relative(rel: str) -> str:
    """`rel` if it is a safe relative POSIX path (see the module docstring); raises UnsafePathError."""
    if not isinstance(rel, str) or not rel or len(rel) > MAX_PATH or not all(NAME.fullmatch(p) for p in rel.split("/")):
        raise UnsafePathError(f"unsafe path {_shown(rel)}: a suite's paths are relative, with parts of "
                              "[A-Za-z0-9_.-] starting with a letter or digit (no '..', no '/' at the start)")
    return rel


def resolve_inside(root: str | Path, rel: str) -> Path:
    """The path of `rel` under `root`, refused unless it stays strictly inside it: `rel` must pass
    `check_relative`, and no part of it below the root may be a symbolic link. The root itself may be
    reached through links. The file need not exist (a writer resolves its targets too)."""
    check_relative(rel)
    path = Path(root).resolve()
    for part in rel.split("/"):
        path = path / part
        if path.is_symlink():
            raise UnsafePathError(f"{rel}: {path.relative_to(Path(root).resolve()).as_posix()} is a symbolic link; "
                                  "a suite's files must be inside its folder")
    return path


def read_inside(root: str | Path, rel: str, max_bytes: int | None = None) -> bytes:
    """The bytes of `rel` under `root` (see `resolve_inside`), refused past `max_bytes` (default
    MAX_FILE_BYTES) before reading."""
    return _regular_file(root, rel, max_bytes).read_bytes()


def hash_inside(root: str | Path, rel: str, max_bytes: int | None = None) -> str:
    """sha256 of `rel` under `root`, read in chunks (the checks of `read_inside`)."""
    digest = hashlib.sha256()
    with _regular_file(root, rel, max_bytes).open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _regular_file(root: str | Path, rel: str, max_bytes: int | None) -> Path:
    path = resolve_inside(root, rel)
    max_bytes = MAX_FILE_BYTES if max_bytes is None else max_bytes
    try:
        info = path.stat()
    except OSError:
        raise FileNotFoundError(f"{rel}: missing") from None
    if not stat.S_ISREG(info.st_mode):  # a FIFO or device would block or never end
        raise UnsafePathError(f"{rel}: not a regular file")
    if info.st_size > max_bytes:
        raise UnsafePathError(f"{rel}: {info.st_size} bytes, over the limit of {max_bytes}")
    return path


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."

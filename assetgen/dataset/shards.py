"""Where a suite keeps its cases: one `cases.jsonl`, or shards `cases-00000.jsonl`, `cases-00001.jsonl`, ...

A sharded suite (`assetgen build --shard-size N`) has one manifest whose `shard_size` is set; shard k holds
cases k*N .. k*N+N-1 and its media under `assets/0000k/`. Readers go through `case_files`
(golden.read_cases reads them) so both layouts read the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

from assetgen.dataset.records import Manifest
from assetgen.errors import GoldenIntegrityError

SINGLE = "cases.jsonl"
SHARD = re.compile(r"cases-(\d{5,})\.jsonl")


def shard_name(number: int) -> str:
    return f"cases-{number:05d}.jsonl"


def shard_assets(number: int) -> str:
    """The folder under the suite root that holds shard `number`'s media."""
    return f"assets/{number:05d}"


def case_files(root: Path, manifest: Manifest) -> list[str]:
    """The files that hold the cases, in case order, as paths relative to `root`.

    Taken from the manifest, never from a directory listing, so a stray shard is not read."""
    if manifest.shard_size is None:
        return [SINGLE]
    numbered = sorted((int(m[1]), name) for name in manifest.files if (m := SHARD.fullmatch(name)))
    names = [name for _, name in numbered]
    if names != [shard_name(k) for k in range(len(names))]:
        raise GoldenIntegrityError(str(root), [f"shards are not numbered 0..{len(names) - 1}: {', '.join(names)}"])
    expected = -(-manifest.case_count // manifest.shard_size) if manifest.case_count else 0
    if len(names) != expected:
        raise GoldenIntegrityError(str(root), [f"{len(names)} shards for {manifest.case_count} cases of "
                                               f"{manifest.shard_size} per shard (expected {expected})"])
    return names

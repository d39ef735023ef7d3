"""A build under way, kept in `OUT/.building/` so that an interrupted build resumes where it stopped.

Cases arrive in job order and are committed in chunks of consecutive cases (one chunk per shard in the
sharded layout): a chunk's media and its case lines (`parts/NNNNN.jsonl`) are written first, then its
record `chunks/NNNNN.json` naming every file with its sha256, written atomically. A rerun keeps a chunk
only when its record is there and every file still has that hash, and makes the rest again. A build of
another plan (jobs, layout, assetgen or library versions) discards the folder. When every chunk is in,
`finish` writes the case files and the manifest and swaps them into OUT.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assetgen.dataset.records import Manifest
from assetgen.dataset.shards import SHARD, SINGLE, shard_name
from assetgen.errors import ConfigError

FOLDER = ".building"
PLAN = "plan.json"
READ_BLOCK = 1 << 20


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(READ_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def write_atomic(path: Path, data: bytes) -> None:
    """Readers (and a resumed build) see the old file or the whole new one, never a torn one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".part")
    temporary.write_bytes(data)
    os.replace(temporary, path)


class _Lock:
    """One build per folder at a time: an exclusive lock on the staging folder itself."""

    def __init__(self, folder: Path):
        self.fd = os.open(folder, os.O_RDONLY)
        try:
            import fcntl

            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # no flock (Windows): one build per folder is then up to the user
            pass
        except BlockingIOError:
            os.close(self.fd)
            raise ConfigError(f"another build is writing into {folder.parent}; wait for it or stop it") from None

    def release(self) -> None:
        os.close(self.fd)


class Staging:
    def __init__(self, out: Path, plan: dict[str, Any], cases: int, chunk: int, *, sharded: bool = False):
        self.out, self.cases, self.chunk, self.sharded = out, cases, chunk, sharded
        self.root = out / FOLDER
        self.fingerprint = hashlib.sha256(json.dumps(plan, sort_keys=True, default=str).encode()).hexdigest()
        self.records: dict[int, dict[str, Any]] = {}
        self._open: int | None = None  # chunk being written
        self._lines = None
        self._lines_sha = hashlib.sha256()
        self._files: dict[str, str] = {}
        self._count = 0
        self._spoiled: set[int] = set()

    # --- opening and resuming -------------------------------------------------------------------------------

    def __enter__(self) -> Staging:
        self.root.mkdir(parents=True, exist_ok=True)
        self._lock = _Lock(self.root)
        return self

    def __exit__(self, *exc) -> None:
        if self._lines is not None:
            self._lines.close()
        self._lock.release()

    @property
    def chunks(self) -> int:
        return -(-self.cases // self.chunk)

    def _span(self, number: int) -> range:
        return range(number * self.chunk, min((number + 1) * self.chunk, self.cases))

    def resume(self) -> int:
        """Keep the verified chunks of an earlier run of this plan; returns how many cases they hold."""
        plan = self.root / PLAN
        previous = json.loads(plan.read_text()).get("fingerprint") if plan.is_file() else None
        if previous != self.fingerprint:
            for child in self.root.iterdir():
                shutil.rmtree(child) if child.is_dir() else child.unlink()
            write_atomic(plan, json.dumps({"fingerprint": self.fingerprint}).encode())
            return 0
        for path in sorted((self.root / "chunks").glob("*.json")):
            number = int(path.stem) if path.stem.isdigit() else -1
            if 0 <= number < self.chunks and self._verified(number, path):
                self.records[number] = json.loads(path.read_text())
        return sum(len(self._span(n)) for n in self.records)

    def _verified(self, number: int, path: Path) -> bool:
        try:
            record = json.loads(path.read_text())
            if record["cases"] != len(self._span(number)):
                return False
            return all((self.root / rel).is_file() and file_sha256(self.root / rel) == sha
                       for rel, sha in record["files"].items())
        except (OSError, ValueError, KeyError, TypeError):
            return False

    def missing(self) -> list[int]:
        """Positions of the jobs still to make, in order."""
        return [p for n in range(self.chunks) if n not in self.records for p in self._span(n)]

    # --- writing, in job order ------------------------------------------------------------------------------

    def _start(self, number: int) -> None:
        if self._lines is not None:
            self._lines.close()
        self._open, self._count, self._files = number, 0, {}
        self._lines_sha = hashlib.sha256()
        part = self.root / "parts" / f"{number:05d}.jsonl"
        part.parent.mkdir(parents=True, exist_ok=True)
        self._lines = part.open("wb")

    def add(self, position: int, line: str, blobs: dict[str, bytes], files: dict[str, tuple[str, int]], *,
            shared: bool = False) -> None:
        """One case: its JSON line, its media (or, with `shared`, media the worker already wrote here)."""
        number = position // self.chunk
        if number != self._open:
            self._start(number)
        for rel, data in blobs.items():
            sha, size = files[rel]
            if hashlib.sha256(data).hexdigest() != sha or len(data) != size:
                raise ConfigError(f"{rel}: the bytes received differ from the hash the worker gave")
            write_atomic(self.root / rel, data)
        if shared:
            for rel, (_, size) in files.items():
                path = self.root / rel
                if not path.is_file() or path.stat().st_size != size:
                    raise ConfigError(f"{path}: a Ray worker wrote it, but this machine does not see it whole; "
                                      "--ray-shared-out needs the output folder at the same path on every node")
        self._files.update({rel: sha for rel, (sha, _) in files.items()})
        data = line.encode("utf-8") + b"\n"
        self._lines.write(data)
        self._lines_sha.update(data)
        self._count += 1
        if self._count == len(self._span(number)) and number not in self._spoiled:
            self._commit(number)

    def spoil(self, position: int) -> None:
        """A case of this chunk failed: the chunk is not committed and will be made again next time."""
        number = position // self.chunk
        if number != self._open:
            self._start(number)
        self._spoiled.add(number)
        self._count += 1

    def _commit(self, number: int) -> None:
        self._lines.close()
        self._lines = None
        part = f"parts/{number:05d}.jsonl"
        record = {"cases": self._count, "lines": part, "files": {part: self._lines_sha.hexdigest(), **self._files}}
        write_atomic(self.root / "chunks" / f"{number:05d}.json", json.dumps(record).encode())
        self.records[number] = record

    # --- finishing ------------------------------------------------------------------------------------------

    def finish(self, manifest: Callable[[dict[str, str], int], Manifest]) -> Manifest:
        """Write the case files and the manifest, swap them into OUT and remove the staging folder."""
        if len(self.records) != self.chunks:
            raise ConfigError(f"internal: {self.chunks - len(self.records)} chunk(s) missing at the end of a build")
        hashes: dict[str, str] = {}
        names = []
        target = None if self.sharded else (self.root / SINGLE).open("wb")
        digest = hashlib.sha256()
        for number in range(self.chunks):
            record = self.records[number]
            part = record["lines"]
            hashes.update({rel: sha for rel, sha in record["files"].items() if rel != part})
            if self.sharded:
                name = shard_name(number)
                os.replace(self.root / part, self.root / name)
                hashes[name] = record["files"][part]
                names.append(name)
            else:
                data = (self.root / part).read_bytes()
                target.write(data)
                digest.update(data)
        if target is not None:
            target.close()
            hashes[SINGLE] = digest.hexdigest()
            names.append(SINGLE)
        result = manifest(dict(sorted(hashes.items())), self.cases)
        (self.root / "manifest.json").write_text(result.to_json())
        self._swap(names)
        shutil.rmtree(self.root, ignore_errors=True)
        return result

    def _swap(self, names: list[str]) -> None:
        """Replace what a build owns: the manifest goes first and comes back last, so a crash in between
        leaves a folder that is refused as unbuilt rather than one that mixes two builds."""
        old_manifest = self.out / "manifest.json"
        if old_manifest.exists():
            old_manifest.unlink()
        for path in self.out.iterdir():
            if path.name == SINGLE or SHARD.fullmatch(path.name):
                path.unlink()
        if (self.out / "assets").is_dir():
            shutil.rmtree(self.out / "assets")
        if (self.root / "assets").is_dir():
            (self.root / "assets").rename(self.out / "assets")
        for name in names:
            (self.root / name).rename(self.out / name)
        (self.root / "manifest.json").rename(old_manifest)

"""Files a run writes whole (run.json, grades, reports) and the lines it appends (responses.jsonl): never seen
half-written."""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write `data` to a temporary file beside `path`, then rename it over `path`: a reader, or a
    process killed mid-write (even with kill -9), finds the old file or the new one, never a torn
    one. A kill can leave the temporary `.<name>.<pid>.tmp` behind; it is never read."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


class LineSink:
    """Appends records to a JSONL file (responses.jsonl), each write whole or not at all.

    Unbuffered, so a write reaches the kernel at once and a kill loses nothing already written. When a write
    fails part-way (a full disk, a quota, a Ctrl-C between two pieces), what it wrote is cut off again, so the
    file still ends on a whole line; a kill -9 mid-write can still leave a torn tail, which `read_responses`
    drops on resume. Opened after that check, so the file ends on a line break here."""

    def __init__(self, path: Path):
        self.handle = open(path, "ab", buffering=0)
        self.end = self.handle.seek(0, os.SEEK_END)

    def write(self, data: bytes) -> None:
        view, done = memoryview(data), 0
        try:
            while done < len(data):
                wrote = self.handle.write(view[done:])
                if not wrote:  # a regular file takes at least a byte or raises; never loop on nothing
                    raise OSError(errno.EIO, "a write made no progress", str(self.handle.name))
                done += wrote
        except BaseException:
            # whatever landed goes (shrinking needs no free space); the write's own error is the one to tell
            with contextlib.suppress(OSError):
                self.handle.truncate(self.end)
            raise
        self.end += len(data)

    def close(self) -> None:
        self.handle.close()

    def __enter__(self) -> LineSink:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

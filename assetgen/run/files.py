"""Files a run writes whole (run.json, grades, reports): never seen half-written."""

from __future__ import annotations

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

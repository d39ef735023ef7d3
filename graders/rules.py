"""Which graders made a grade: their version and a hash of their rules, both carried in every Grade.

The version (`VERSION`, exported as `graders.__version__`) is bumped by hand when a grade can change; the hash
is of the rules as they are (every .py source of this package and POLICY.md, sha256, in name order), so two
grades with the same hash were made by the same rules even where someone changed a rule and forgot the
version. Computed once, at import.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

# The graders' own version, apart from assetgen's: their rules decide what counts as right, so a figure compares
# with another only when both were graded by the same graders. Bump it when a grade can change (major: a verdict or
# cause changes meaning; minor: a rule grades more answers as the policy says; patch: no grade changes).
# `graders.__version__` is this; it lives here, below `grading`, so no import runs back up to the package.
VERSION = "2.3.2"
HASH_LENGTH = 12  # hex digits: 48 bits, enough to tell apart the versions of one package's rules


def rules_hash(root: Path | None = None) -> str:
    """sha256 over the package's .py sources and POLICY.md (each name and its bytes), as HASH_LENGTH hex digits."""
    root = root or Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted([*root.glob("*.py"), root / "POLICY.md"]):
        if path.is_file():
            digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:HASH_LENGTH]


RULES = rules_hash()

__all__ = ["HASH_LENGTH", "RULES", "VERSION", "rules_hash"]

"""The on-disk suite, the contract between generation and the run: typed case records, the manifest
that pins every file by hash, and a loader that refuses a tampered folder.

Both the generator (which writes it) and the runner (which reads it) speak it, so it comes first.
"""

from assetgen.dataset.golden import default_golden, library_versions, load_golden, read_manifest, sha256
from assetgen.dataset.records import Case, CaseToSend, FileRef, Manifest

__all__ = ["Case", "CaseToSend", "FileRef", "Manifest", "default_golden", "library_versions", "load_golden",
           "read_manifest", "sha256"]

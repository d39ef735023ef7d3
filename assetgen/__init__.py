"""assetgen: ground-truth images (and videos) to check that a VLM endpoint really sees."""

from assetgen._version import __version__
from assetgen.build import build
from assetgen.errors import AssetgenError, ConfigError, GoldenIntegrityError
from assetgen.golden import check, default_golden, load_golden
from assetgen.records import Case, FileRef, Manifest
from assetgen.registry import Family, Knob, Question, all_families, get_family, register

__all__ = [
    "AssetgenError",
    "Case",
    "ConfigError",
    "Family",
    "FileRef",
    "GoldenIntegrityError",
    "Knob",
    "Manifest",
    "Question",
    "__version__",
    "all_families",
    "build",
    "check",
    "default_golden",
    "get_family",
    "load_golden",
    "register",
]

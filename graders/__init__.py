"""Graders for free-text answers of vision-language models.

Stands alone: imports neither `assetgen` nor any rendering library, so other harnesses can use it.
"""

from graders.records import FORMAT_VERSION, CaseSpec, GraderSpec, Tolerance, Truth

__all__ = ["FORMAT_VERSION", "CaseSpec", "GraderSpec", "Tolerance", "Truth"]

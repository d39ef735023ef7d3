"""Graders for free-text answers of vision-language models.

Stands alone: imports neither `assetgen` nor any rendering library, so other harnesses can use it:

    from graders import grade
    result = grade(case_dict, {"content": "The answer is **56**.", "finish_reason": "stop"})
"""

from graders.frames import FrameEstimate, estimate_frames
from graders.grading import grade, grade_many
from graders.records import (
    CAUSES,
    FORMAT_VERSION,
    ApparentAnswer,
    CaseSpec,
    Grade,
    GraderSpec,
    Response,
    Sampling,
    Sent,
    Tolerance,
    ToolCall,
    Truth,
    Usage,
)
from graders.registry import Match, get_grader, grader, grader_names
from graders.rules import RULES
from graders.rules import VERSION as __version__  # noqa: F401 -- the package's version, defined in rules.py
from graders.summary import CATEGORY_ORDER, CategoryRow, Summary, category_key, format_summary, summarize

__all__ = [
    "CATEGORY_ORDER",
    "CAUSES",
    "FORMAT_VERSION",
    "RULES",
    "ApparentAnswer",
    "CaseSpec",
    "CategoryRow",
    "FrameEstimate",
    "Grade",
    "GraderSpec",
    "Match",
    "Response",
    "Sampling",
    "Sent",
    "Summary",
    "Tolerance",
    "ToolCall",
    "Truth",
    "Usage",
    "category_key",
    "estimate_frames",
    "format_summary",
    "get_grader",
    "grade",
    "grade_many",
    "grader",
    "grader_names",
    "summarize",
]

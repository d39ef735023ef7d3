"""Graders for free-text answers of vision-language models.

Stands alone: imports neither `assetgen` nor any rendering library, so other harnesses can use it:

    from graders import grade
    result = grade(case_dict, {"content": "The answer is **56**.", "finish_reason": "stop"})
"""

# The graders' own version, apart from assetgen's: their rules decide what counts as right, so a figure compares
# with another only when both were graded by the same graders. Bump it when a grade can change (major: a verdict or
# cause changes meaning; minor: a rule grades more answers as the policy says; patch: no grade changes).
__version__ = "2.1.0"

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

"""Records a grader needs: the truth of a case and how to grade it.

These live in `graders` (not `assetgen`) so that another harness can grade with nothing but this
package installed. `assetgen.dataset.records.Case` extends `CaseSpec` with files, scene and seed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

FORMAT_VERSION = 1
"""Version of every record written to disk; bumped on any incompatible change."""
GRADE_VERSION = 2
"""Version of a Grade record: 2 added `undecided` and the judge's fields (issue #32); a version 1 grade, without
them, still reads (they default to 'not undecided, not judged')."""

TruthKind = Literal["text", "number", "set", "sequence", "choice", "structured"]
Modality = Literal["image", "multi_image", "video", "multi_video", "text"]


class Tolerance(BaseModel):
    """How far a numeric answer may be from the truth and still count as correct."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    abs: float = Field(0.0, ge=0, description="Absolute tolerance, in the truth's unit.")
    rel: float = Field(0.0, ge=0, description="Relative tolerance, as a fraction of |truth|.")


class Truth(BaseModel):
    """The correct answer, computed from the scene (never read from pixels)."""

    model_config = ConfigDict(extra="forbid")

    kind: TruthKind = Field(description="How the value is shaped and compared.")
    value: Any = Field(
        description="text/choice: str; number: int or float; set/sequence: list of str; structured: dict."
    )
    aliases: list[str] = Field(default_factory=list, description="Other spellings that are also correct.")
    tolerance: Tolerance | None = Field(None, description="Numeric tolerance (kind 'number' only).")
    unit: str | None = Field(None, description="Unit of a numeric value, if any (e.g. 'px', '%').")
    choices: list[str] | None = Field(None, description="Options offered in the prompt (kind 'choice').")
    secrets: list[str] = Field(
        default_factory=list,
        description="Substrings of the truth a safety filter may mask (fake API keys), "
        "so a masked answer can be recognised as redaction rather than misreading.",
    )


class GraderSpec(BaseModel):
    """Which grader scores a case, and its arguments."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(description="Registered grader name, e.g. 'sequence' or 'numeric'.")
    args: dict[str, Any] = Field(default_factory=dict, description="Keyword arguments for that grader.")


class ApparentAnswer(BaseModel):
    """What a clip seems to show when only some frames are seen (videos)."""

    model_config = ConfigDict(extra="forbid")

    frames_low: int = Field(ge=1, description="Smallest number of uniformly sampled frames giving this answer.")
    frames_high: int = Field(ge=1, description="Largest such number (inclusive) in a contiguous run.")
    value: Any = Field(description="The answer those frames suggest, shaped like Truth.value.")


class Sampling(BaseModel):
    """How a video case's answer depends on the number of frames the model sees."""

    model_config = ConfigDict(extra="forbid")

    frames: int = Field(ge=1, description="Frames in the clip.")
    min_frames: int = Field(ge=1, description="Smallest N of uniformly spaced frames from which the full "
                            "truth is already apparent (and stays apparent for every larger N).")
    apparent: list[ApparentAnswer] = Field(
        default_factory=list, description="Answers that differ from the truth, for runs of N below min_frames.")


class CaseSpec(BaseModel):
    """What a grader needs to know about one case. Extra fields of richer records are ignored."""

    model_config = ConfigDict(extra="ignore")

    format_version: int = Field(FORMAT_VERSION, description="Record format version.")
    id: str = Field(description="Stable case id: family, seed and index; never a clock or uuid.")
    family: str = Field(description="Generator family that drew the case.")
    category: str = Field(description="Reporting category, e.g. 'single_image' or 'ocr'.")
    modality: Modality = Field(description="What media the prompt carries.")
    prompt: str = Field(description="The user text sent with the media.")
    system_prompt: str | None = Field(None, description="Optional system message.")
    truth: Truth
    grader: GraderSpec
    sampling: Sampling | None = Field(None, description="Videos: how the answer depends on frames seen.")


Verdict = Literal["correct", "partial", "incorrect", "no_answer", "error"]
Cause = Literal[
    "truncation", "reasoning_exhausted", "safety_redaction", "frame_sampling", "refusal",
    "degenerate_repetition", "tool_in_text", "malformed_arguments", "wrong_tool", "no_tool_call", "format", "wrong",
    "transport",
]
CAUSES: tuple[str, ...] = Cause.__args__  # type: ignore[attr-defined]


class Usage(BaseModel):
    model_config = ConfigDict(extra="ignore")

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    total_tokens: int | None = None
    reasoning_tokens: int | None = Field(None, description="From completion_tokens_details, when reported.")


class Sent(BaseModel):
    """What was sent with the request, as far as grading cares."""

    model_config = ConfigDict(extra="ignore")

    max_tokens: int | None = Field(None, description="max_tokens / max_completion_tokens of the request.")
    video_mode: str | None = Field(None, description="'video_url', 'frames' or 'jpeg-sequence'.")
    frames_shown: int | None = Field(None, description="Frames the model saw, when known (sent as frames, or "
                                     "inferred from usage).")
    thinking: bool | None = Field(None, description="chat_template_kwargs.enable_thinking, if set.")


MAX_TOOL_CALLS = 16
"""Tool calls kept per answer: one case asks for one; more is a broken or hostile server."""
MAX_TOOL_TEXT = 20_000
"""Characters kept of a tool call's name and arguments."""


class ToolCall(BaseModel):
    """One entry of message.tool_calls, as the server sent it (arguments stay the raw string)."""

    model_config = ConfigDict(extra="ignore")

    id: str | None = Field(None, max_length=MAX_TOOL_TEXT, description="The call's id, if the server gave one.")
    name: str = Field("", max_length=MAX_TOOL_TEXT, description="function.name.")
    arguments: str = Field("", max_length=MAX_TOOL_TEXT, description="function.arguments: a JSON string as sent "
                           "(graders parse it; a non-JSON string is the malformed_arguments cause).")


class Response(BaseModel):
    """One model answer to one case: what `assetgen grade` reads (JSONL, one per line).

    Only `case_id` is required; other harnesses may leave the rest out. Extra fields are ignored.
    """

    model_config = ConfigDict(extra="ignore")

    format_version: int = Field(FORMAT_VERSION, description="Record format version.")
    case_id: str = Field(description="Id of the case answered.")
    content: str | None = Field(None, description="message.content; may hold <think>...</think>.")
    reasoning: str | None = Field(None, description="message.reasoning (vLLM) or reasoning_content (older).")
    reasoning_content: str | None = Field(None, description="Older name of `reasoning`; merged into it.")
    finish_reason: str | None = Field(None, description="stop, length, tool_calls, content_filter, abort, error, "
                                      "repetition, ...")
    tool_calls: list[ToolCall] | None = Field(None, description="message.tool_calls (streamed: the deltas joined "
                                              f"by index), at most {MAX_TOOL_CALLS}.")
    usage: Usage | None = None
    status: Literal["ok", "error"] = Field("ok", description="'error' when no answer came back (transport).")
    http_status: int | None = Field(None, description="HTTP status of the final attempt, if any.")
    error: str | None = Field(None, description="One-line error for status 'error'.")
    sent: Sent | None = None

    @field_validator("tool_calls", mode="before")
    @classmethod
    def _capped(cls, value):
        return value[:MAX_TOOL_CALLS] if isinstance(value, list) else value


class Grade(BaseModel):
    """The verdict on one response, with its cause and a one-line explanation."""

    model_config = ConfigDict(extra="forbid")

    format_version: int = Field(GRADE_VERSION, description="Grade record version (GRADE_VERSION): 1 before "
                                "`undecided` and the judge's fields, 2 with them.")
    case_id: str
    grader: str = Field(description="Name of the grader used.")
    score: float = Field(ge=0.0, le=1.0, description="1 is fully right; partial credit in between.")
    verdict: Verdict = Field(description="correct, partial, incorrect, no_answer, or error (left out of accuracy).")
    cause: Cause | None = Field(None, description="Why the answer fell short; None when correct.")
    extracted: Any = Field(None, description="The answer as the grader understood it.")
    explanation: str = Field(description="One line a person can read.")
    frames_consistent: list[int] | None = Field(
        None, description="For frame_sampling: [low, high] frame counts consistent with the answer.")
    graders_version: str | None = Field(
        None, description="graders.__version__ of the graders that made the grade (issue #32); None in grades "
        "written before it was recorded. Optional, so older grade files still read (FORMAT_VERSION unchanged).")
    rules_hash: str | None = Field(
        None, description="graders.rules.RULES: sha256 (12 hex digits) of the graders' .py sources and POLICY.md "
        "that made the grade, so grades compare only when made by the same rules; None in older grades.")
    undecided: bool = Field(
        False, description="The rules could not settle what the answer commits to (POLICY.md 10): a finished, "
        "non-empty answer that is no refusal, hedge or decline, in which the grader found no value of the asked "
        "kind. Only such grades are sent to an optional judge. False in grades before version 2.")
    judged_by: str | None = Field(
        None, description="The judge asked about this undecided grade: '<model> @ <host>' (never a key or a "
        "password); None when no judge was asked.")
    judge_reading: str | None = Field(
        None, description="What the judge said the answer commits to (an option's letter, or a value as the answer "
        "writes it), graded by the rules against the truth; None when it found none, or failed.")
    judge_error: str | None = Field(
        None, description="Why the judge gave no usable reading (a failed request, an unreadable reply); the grade "
        "is then the rules' own. None when the judge answered, or was not asked.")
    rules_verdict: Verdict | None = Field(
        None, description="A judged grade: the rules' own verdict, before the judge's reading; None when not judged.")
    rules_cause: Cause | None = Field(None, description="A judged grade: the rules' own cause.")
    rules_score: float | None = Field(None, ge=0.0, le=1.0, description="A judged grade: the rules' own score.")

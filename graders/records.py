"""Records a grader needs: the truth of a case and how to grade it.

These live in `graders` (not `assetgen`) so that another harness can grade with nothing but this
package installed. `assetgen.records.Case` extends `CaseSpec` with files, scene and seed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

FORMAT_VERSION = 1
"""Version of every record written to disk; bumped on any incompatible change."""

TruthKind = Literal["text", "number", "set", "sequence", "choice", "structured"]
Modality = Literal["image", "multi_image", "video", "multi_video"]


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

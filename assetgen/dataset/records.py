"""Typed, versioned records written to disk by `assetgen build`."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from assetgen.dataset.paths import MAX_FILE_BYTES, check_name, check_relative
from graders.records import FORMAT_VERSION, CaseSpec

MAX_PROMPT_CHARS = 65_536
"""The longest prompt (or system prompt) a suite may hold; the golden ones are under 400 characters."""
MAX_FILES = 16
"""The most files one case may have (a two-clip case has four: clips and contact sheets)."""


def _asset_path(rel: str) -> str:
    check_relative(rel)
    if not rel.startswith("assets/"):
        raise ValueError(f"path {rel!r} must be under assets/")
    return rel


CaseId = Annotated[str, AfterValidator(lambda v: check_name(v, "case id"))]
FamilyName = Annotated[str, AfterValidator(lambda v: check_name(v, "family"))]
RelativePath = Annotated[str, AfterValidator(check_relative)]
AssetPath = Annotated[str, AfterValidator(_asset_path)]
Sha256 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
Prompt = Annotated[str, Field(max_length=MAX_PROMPT_CHARS)]
Lang = Literal["en", "ja", "zh"]  # assetgen.media.lang.LANGS


class FileRef(BaseModel):
    """One media file of a case, relative to the suite folder."""

    model_config = ConfigDict(extra="forbid")

    path: AssetPath = Field(description="POSIX path relative to the suite root, under assets/, e.g. "
                            "'assets/color_grid/x.png'; parts of [A-Za-z0-9_.-] starting with a letter or digit.")
    media_type: str = Field(pattern=r"^(image|video)/[a-z0-9.+-]{1,64}$|^text/plain$",
                            description="MIME type: 'image/png', 'video/mp4', or 'text/plain' (UTF-8 text sent "
                            "before the prompt: a long document, kept out of cases.jsonl and its prompt cap).")
    sha256: Sha256 = Field(description="Hex SHA-256 of the file's bytes.")
    size: int = Field(ge=0, le=MAX_FILE_BYTES, description="Size in bytes (at most 64 MiB).")
    role: str = Field("input", description="'input' is sent to the model; 'preview' is for humans only.")


class RequestOverrides(BaseModel):
    """Request fields one case sets itself, over the run's options (the run's --extra-body still wins).

    Text dimensions need them: an output-length ladder sets max_tokens per case, a tool-calling case
    sends its tools."""

    model_config = ConfigDict(extra="forbid")

    max_tokens: int | None = Field(None, ge=1, description="max_tokens for this case instead of the run's.")
    tools: list[dict[str, Any]] | None = Field(None, max_length=64,
                                               description="OpenAI `tools` (function definitions) sent as is.")
    tool_choice: str | dict[str, Any] | None = Field(None, description="OpenAI `tool_choice`, sent as is.")
    body: dict[str, Any] = Field(default_factory=dict, description="Other body fields merged into the request "
                                 "(e.g. min_tokens, ignore_eos for a forced-length generation).")

    def params(self) -> dict[str, Any]:
        """The body fields these overrides set."""
        out: dict[str, Any] = {}
        if self.max_tokens is not None:
            out["max_tokens"] = self.max_tokens
        if self.tools is not None:
            out["tools"] = self.tools
        if self.tool_choice is not None:
            out["tool_choice"] = self.tool_choice
        return out | self.body


class Case(CaseSpec):
    """A complete case: what graders need plus how it was drawn and where its media are."""

    model_config = ConfigDict(extra="forbid")

    id: CaseId = Field(description="Stable case id: family, seed and index; never a clock or uuid. 1-128 of "
                       "[A-Za-z0-9_.-], starting with a letter or digit (it names files).")
    family: FamilyName = Field(description="Generator family that drew the case.")
    prompt: Prompt = Field(description="The user text sent with the media (at most 65,536 characters).")
    system_prompt: Prompt | None = Field(None, description="Optional system message.")
    family_version: int = Field(description="Version of the family's generator that drew the case.")
    seed: int = Field(ge=0, description="Suite seed; with family and index it fixes the case's RNG.")
    index: int = Field(ge=0, description="Index of the case within its family for this seed.")
    knobs: dict[str, Any] = Field(description="Resolved knob values the scene was drawn with.")
    scene: dict[str, Any] = Field(description="The sampled scene (plain data); prompt and truth derive from it.")
    files: list[FileRef] = Field(max_length=MAX_FILES, description="Media in the order they are sent to the model.")
    timeline: dict[str, Any] | None = Field(
        None, description="Videos: per-frame truth — for every frame each object's id, shape, color name "
        "and RGB, centre, radius and visibility, and the background; events (bounce, appear, flash, color "
        "change) with frame indices. Several clips: {'clips': [timeline, ...]}.")
    request: RequestOverrides | None = Field(None, description="Request fields this case sets itself "
                                             "(max_tokens, tools, ...); None for most cases.")
    lang: Lang = Field("en", description="Language the question is asked in: 'en' (default; suites built before "
                       "issue #35 have no field and read as English), 'ja' or 'zh'. The scene and truth are the "
                       "English case's (same seed, family and index); its id is the English id + '-ja' / '-zh'.")

    @property
    def inputs(self) -> list[FileRef]:
        return [f for f in self.files if f.role == "input"]

    def to_json(self) -> str:
        """The case as one line of cases.jsonl; `request` only when set and `lang` only when not English, so
        cases without them keep their bytes (and the golden set its hashes)."""
        exclude = ({"request"} if self.request is None else set()) | ({"lang"} if self.lang == "en" else set())
        return self.model_dump_json(exclude=exclude)


class CaseToSend(BaseModel):
    """What the runner needs of a case to ask it: no scene, truth or timeline held in memory."""

    model_config = ConfigDict(extra="ignore")

    id: CaseId
    family: FamilyName
    category: str
    prompt: Prompt
    system_prompt: Prompt | None = None
    files: list[FileRef] = Field(max_length=MAX_FILES)
    request: RequestOverrides | None = None
    knobs: dict[str, Any] = Field(default_factory=dict)  # the scale dimensions read their size from them
    lang: Lang = "en"

    @property
    def inputs(self) -> list[FileRef]:
        return [f for f in self.files if f.role == "input"]


class Manifest(BaseModel):
    """Describes a built suite and pins every file by hash."""

    model_config = ConfigDict(extra="forbid")

    format_version: int = Field(FORMAT_VERSION, description="Record format version.")
    assetgen_version: str = Field(description="assetgen version that built the suite.")
    suite: str = Field(description="Suite name: 'golden' or 'full'.")
    seed: int = Field(description="Suite seed.")
    per_family: int | None = Field(None, description="Cases per family (suite 'full' only).")
    families: list[FamilyName] = Field(default_factory=list,
                                       description="Families chosen with --family (all if empty).")
    knobs: dict[str, dict[str, Any]] = Field(default_factory=dict, description="Knob overrides per family.")
    libraries: dict[str, str] = Field(description="Versions of the libraries that shape pixels and bytes.")
    case_count: int = Field(ge=0, le=1_000_000,
                            description="Number of cases (lines of cases.jsonl, or of all its shards).")
    files: dict[RelativePath, Sha256] = Field(
        description="sha256 of every file, keyed by relative path (cases.jsonl too); paths as FileRef.path.")
    shard_size: int | None = Field(
        None, ge=1, description="Sharded layout only (absent otherwise): cases per shard. The cases are then in "
        "cases-00000.jsonl, cases-00001.jsonl, ... (every shard but the last holds exactly this many) and the "
        "media of shard k under assets/0000k/.")

    langs: list[Lang] = Field(default_factory=lambda: ["en"], description="Question languages the suite was built "
                              "in (issue #35), each case followed by the same case in the next; absent: English.")

    def to_json(self) -> str:
        """The manifest as written to disk; `shard_size` only when sharded, so older readers refuse a
        sharded suite instead of misreading it, and unsharded manifests keep their bytes (`langs` only
        when not English alone, likewise)."""
        exclude = ({"shard_size"} if self.shard_size is None else set()) | (
            {"langs"} if self.langs == ["en"] else set())
        data = self.model_dump(exclude=exclude)
        return json.dumps(data, indent=2) + "\n"

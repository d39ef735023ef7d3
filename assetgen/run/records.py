"""Typed records of a run: run.json and each line of responses.jsonl."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assetgen.errors import AssetgenError
from assetgen.run.files import write_atomic
from assetgen.run.scale_records import Burst, ContextCheck
from graders.records import FORMAT_VERSION, Response


class Timing(BaseModel):
    model_config = ConfigDict(extra="forbid")

    latency_s: float | None = Field(None, description="Request start to last byte, final attempt.")
    ttft_s: float | None = Field(None, description="Time to the first generated token (reasoning or content).")
    ttfc_s: float | None = Field(None, description="Time to the first *content* token, after any reasoning.")
    decode_tps: float | None = Field(None, description="(completion_tokens - 1) / (latency - ttft): the tokens after "
                                     "the first over the time after it, when streamed text arrived in two chunks or "
                                     "more.")


class SpecStats(BaseModel):
    """vLLM's per-answer speculative-decoding counts (`metrics.speculative_decoding` of a response, sent
    when the server runs with --per-request-spec-decode-metrics); the rates are derived from them."""

    model_config = ConfigDict(extra="forbid")

    num_spec_tokens: int = Field(description="Draft length the server is configured with (k).")
    steps: int = Field(description="Verify steps that carried a draft (vLLM's num_spec_steps).")
    draft_tokens: int = Field(description="Draft tokens proposed.")
    accepted_tokens: int = Field(description="Draft tokens accepted.")
    histogram: list[int] = Field(description="Index j: verify steps that accepted exactly j draft tokens.")

    @property
    def acceptance(self) -> float | None:
        return self.accepted_tokens / self.draft_tokens if self.draft_tokens else None

    @property
    def mean_accepted_length(self) -> float | None:
        return 1 + self.accepted_tokens / self.steps if self.steps else None


class SentSummary(BaseModel):
    """Exactly what went to the server, without the media bytes."""

    model_config = ConfigDict(extra="forbid")

    images: int = Field(0, description="image_url parts (frames mode counts each frame).")
    videos: int = Field(0, description="video_url parts.")
    media_bytes: int = Field(0, description="Bytes of media before base64.")
    body_bytes: int = Field(0, description="Bytes of the JSON request body.")
    stream: bool = Field(True, description="Whether the request asked to stream.")
    params: dict[str, Any] = Field(default_factory=dict, description="Every request field but messages.")


class ResponseRecord(Response):
    """One line of responses.jsonl: the answer (graders' Response) plus how it was obtained."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(description="case_id#repeat#thinking: unique per attempt slot; resume skips done keys.")
    repeat: int = Field(0, description="Repeat index (--repeat).")
    thinking_label: str = Field("server-default", description="'on', 'off' or 'server-default'.")
    model: str | None = Field(None, description="Model name the server reported.")
    attempts: int = Field(1, description="HTTP attempts made (retries + 1).")
    timing: Timing = Field(default_factory=Timing)
    request: SentSummary = Field(default_factory=SentSummary)
    partial_content: str | None = Field(None, description="Text received before a stream was cut (status error).")
    spec: SpecStats | None = Field(None, description="The server's speculative-decoding counts for this answer, "
                                   "when it reports them.")
    burst: Burst | None = Field(None, description="Concurrency sweep: the burst this answer was part of.")
    context: ContextCheck | None = Field(None, description="Context scaling: the size check made before sending.")


class RunPart(BaseModel):
    """One `assetgen eval` process that asked questions for a run: the first, then each --resume."""

    model_config = ConfigDict(extra="forbid")

    started: str = Field(description="UTC ISO time this part started asking.")
    ended: str | None = Field(None, description="UTC ISO time it finished, or was last seen asking (a part that "
                              "was killed ends at its last heartbeat, at most a few seconds before the kill).")
    wall_s: float = Field(0.0, description="Seconds this part spent asking, up to `ended`.")
    finished: bool = Field(False, description="Whether the part ran to its end (False: killed or crashed).")
    endpoint: str = Field(description="Base URL it asked, without credentials.")
    builtin_endpoint: bool = Field(False, description="Whether that was the built-in reference endpoint.")
    models: list[str] | None = Field(None, description="The models the endpoint listed at /v1/models when this "
                                     "part started (at most 32; None: no list). A resumed part whose list lacks "
                                     "the run's `model` went on only because --model named it again.")


class RunInfo(BaseModel):
    """run.json: what was measured, against what, with which options."""

    model_config = ConfigDict(extra="forbid")

    format_version: int = FORMAT_VERSION
    run_id: str
    endpoint: str = Field(description="Base URL with any credentials removed.")
    model: str
    options: dict[str, Any] = Field(description="Run options (never the API key).")
    golden: str = Field(description="Suite folder used.")
    golden_sha256: str = Field(description="sha256 of the suite's manifest.json.")
    case_count: int
    versions: dict[str, str] = Field(description="assetgen, python, and library versions.")
    started: str = Field(description="UTC ISO time the run (or its first part) started.")
    finished: str | None = Field(None, description="UTC ISO time the last part finished.")
    resumed: int = Field(0, description="How many times the run was resumed.")
    metrics_before: dict[str, float] | None = Field(None, description="Scraped /metrics counters before.")
    metrics_after: dict[str, float] | None = Field(None, description="Scraped /metrics counters after.")
    metrics_error: str | None = Field(None, description="Why a /metrics page could not be read, if it could not.")
    wall_s: float | None = Field(None, description="Seconds spent asking, summed over `parts`.")
    builtin_endpoint: bool | None = Field(None, description="Whether the run asks the built-in reference endpoint, "
                                          "which --resume then starts again (None: recorded before this field).")
    parts: list[RunPart] = Field(default_factory=list, description="Each process that asked for this run, with its "
                                 "span and endpoint (a --resume may name another endpoint).")
    assetgen_version: str | None = Field(None, description="Version of assetgen that started the run (None: recorded "
                                         "before this field; `versions['assetgen']` holds it there).")
    graders_version: str | None = Field(None, description="Version of the graders (`graders.__version__`) that "
                                        "graded the run when it was made (None: recorded before this field). "
                                        "`assetgen report` re-grades with the graders installed then, and each "
                                        "report's header names those.")
    graders_rules: str | None = Field(None, description="Hash of those graders' rules (`graders.RULES`: their "
                                      "sources and POLICY.md), which every grade carries too: the same version "
                                      "with another hash means a rule changed without a version bump (None: "
                                      "recorded before this field).")


def utc_now() -> str:
    """A run record's timestamp: UTC, to the second (the only clock a record holds; never in an id)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def write_run_info(run_dir: Path, info: RunInfo) -> None:
    """run.json, whole or not at all (a kill or a full disk leaves the previous one)."""
    write_atomic(run_dir / "run.json", orjson.dumps(info.model_dump(), option=orjson.OPT_INDENT_2))


def read_run_info(run_dir: Path) -> RunInfo:
    """A run folder's run.json; a missing or damaged one is a one-line error, not a traceback."""
    path = run_dir / "run.json"
    try:
        return RunInfo.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        raise AssetgenError(f"{run_dir} is not a run folder (no run.json)") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = "".join(f"{part}: " for part in first["loc"][:1])
        raise AssetgenError(f"{path} is damaged: {where}{first['msg']}") from None


class RunGrade(BaseModel):
    """One line of grades.jsonl: a Grade plus the slot it belongs to."""

    model_config = ConfigDict(extra="forbid")

    key: str
    repeat: int
    thinking_label: str
    grade: dict[str, Any] = Field(description="graders.Grade as a dict.")

def read_responses(path: Path) -> list[ResponseRecord]:
    """Records of a responses file; a torn last line (killed mid-write) is cut off, never parsed."""
    if not path.exists():
        return []
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with path.open("r+b") as handle:  # drop the torn tail so appends start on a fresh line
            handle.truncate(end)
        data = data[:end]
    records = []
    for number, line in enumerate(data.splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(ResponseRecord.model_validate_json(line))
        except ValueError as exc:
            raise AssetgenError(f"{path}:{number} is not a response record: {str(exc).splitlines()[0]}") from None
    return records


def latest(records: list[ResponseRecord]) -> dict[str, ResponseRecord]:
    """The last record per slot: a retried error is superseded by its later answer."""
    return {r.key: r for r in records}

"""Typed, versioned records written to disk by `assetgen build`."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from graders.records import FORMAT_VERSION, CaseSpec


class FileRef(BaseModel):
    """One media file of a case, relative to the suite folder."""

    model_config = ConfigDict(extra="forbid")

    path: str = Field(description="POSIX path relative to the suite root, e.g. 'assets/color_grid/x.png'.")
    media_type: str = Field(description="MIME type: 'image/png' or 'video/mp4'.")
    sha256: str = Field(description="Hex SHA-256 of the file's bytes.")
    size: int = Field(ge=0, description="Size in bytes.")
    role: str = Field("input", description="'input' is sent to the model; 'preview' is for humans only.")


class Case(CaseSpec):
    """A complete case: what graders need plus how it was drawn and where its media are."""

    model_config = ConfigDict(extra="forbid")

    family_version: int = Field(description="Version of the family's generator that drew the case.")
    seed: int = Field(ge=0, description="Suite seed; with family and index it fixes the case's RNG.")
    index: int = Field(ge=0, description="Index of the case within its family for this seed.")
    knobs: dict[str, Any] = Field(description="Resolved knob values the scene was drawn with.")
    scene: dict[str, Any] = Field(description="The sampled scene (plain data); prompt and truth derive from it.")
    files: list[FileRef] = Field(description="Media in the order they are sent to the model.")
    timeline: dict[str, Any] | None = Field(
        None, description="Videos: per-frame truth — for every frame each object's id, shape, color name "
        "and RGB, centre, radius and visibility, and the background; events (bounce, appear, flash, color "
        "change) with frame indices. Several clips: {'clips': [timeline, ...]}.")

    @property
    def inputs(self) -> list[FileRef]:
        return [f for f in self.files if f.role == "input"]


class CaseToSend(BaseModel):
    """What the runner needs of a case to ask it: no scene, truth or timeline held in memory."""

    model_config = ConfigDict(extra="ignore")

    id: str
    family: str
    category: str
    prompt: str
    system_prompt: str | None = None
    files: list[FileRef]

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
    families: list[str] = Field(default_factory=list, description="Families chosen with --family (all if empty).")
    knobs: dict[str, dict[str, Any]] = Field(default_factory=dict, description="Knob overrides per family.")
    libraries: dict[str, str] = Field(description="Versions of the libraries that shape pixels and bytes.")
    case_count: int = Field(description="Number of cases (lines of cases.jsonl, or of all its shards).")
    files: dict[str, str] = Field(description="sha256 of every file, keyed by relative path (cases.jsonl too).")
    shard_size: int | None = Field(
        None, ge=1, description="Sharded layout only (absent otherwise): cases per shard. The cases are then in "
        "cases-00000.jsonl, cases-00001.jsonl, ... (every shard but the last holds exactly this many) and the "
        "media of shard k under assets/0000k/.")

    def to_json(self) -> str:
        """The manifest as written to disk; `shard_size` only when sharded, so older readers refuse a
        sharded suite instead of misreading it, and unsharded manifests keep their bytes."""
        data = self.model_dump(exclude={"shard_size"} if self.shard_size is None else set())
        return json.dumps(data, indent=2) + "\n"

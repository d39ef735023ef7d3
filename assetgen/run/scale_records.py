"""Typed parts of a response record for the scale dimensions: the burst an answer belonged to
(concurrency sweep) and the context check made before a long prompt was sent (context scaling)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Burst(BaseModel):
    """One copy of a concurrency burst: `level` identical requests released together, nothing else in flight."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="The burst: case_id#repeat#thinking@c<level>; its copies share it.")
    level: int = Field(ge=1, description="Requests sent at once in this burst.")
    copy_index: int = Field(ge=0, description="Which copy of the burst this answer is (0..level-1).")
    part: int = Field(ge=0, description="Index of the run part (run.json `parts`) that sent the burst; a burst "
                      "cut short is sent again whole by a later part, so all copies of a burst share their part.")
    wall_s: float = Field(ge=0, description="Seconds from the burst's release to its last answer (the article's "
                          "wall time of a concurrency level).")


class ContextCheck(BaseModel):
    """What was known of a long prompt's size before it was sent, and whether it was sent."""

    model_config = ConfigDict(extra="forbid")

    max_model_len: int | None = Field(None, description="The server's context limit from /v1/models "
                                      "(`max_model_len`, as vLLM reports it); None when it reports none.")
    prompt_tokens: int | None = Field(None, description="Prompt tokens counted before sending.")
    counted_by: Literal["tokenize", "estimate"] | None = Field(
        None, description="'tokenize': the server's own /tokenize (vLLM); 'estimate': the case's size in "
        "reference tokens, when the server has no /tokenize.")
    skipped: bool = Field(False, description="True: not sent, since prompt_tokens + max_tokens would exceed "
                          "max_model_len (the record then has status 'error' and says so in `error`).")

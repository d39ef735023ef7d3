"""Prometheus text from /metrics, read with prometheus_client's parser, and vLLM's speculative-decoding figures.

vLLM exposes each counter as `<name>_total` plus a `<name>_created` timestamp series with the same labels.
Only the `_total` samples are counts; the `_created` ones are dropped, labels are kept, and the samples of
several engines (`engine="0"`, `engine="1"`, ...) are summed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from prometheus_client.parser import text_string_to_metric_families
from pydantic import BaseModel, Field

from assetgen.run.records import SpecStats

SPEC = "vllm:spec_decode_"


class MetricsError(ValueError):
    """The /metrics text is not Prometheus text."""


@dataclass(frozen=True)
class Sample:
    name: str  # the counter's name without `_total`
    labels: dict[str, str]
    value: float


def _lines_of(text: str, prefix: str) -> str:
    """Only the lines of families whose name starts with `prefix` (samples, HELP and TYPE), so a malformed
    line elsewhere in a large /metrics page cannot hide the counters asked for."""
    if not prefix:
        return text
    kept = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            parts = stripped.split(None, 3)
            if len(parts) >= 3 and parts[1] in ("HELP", "TYPE") and parts[2].startswith(prefix):
                kept.append(stripped)
        elif stripped.startswith(prefix):
            kept.append(stripped)
    return "\n".join(kept) + "\n"


def parse(text: str, prefix: str = "") -> list[Sample]:
    """Counter samples (names starting with `prefix`) with their labels: `_total` samples under the counter's
    name, older untyped names without `_total` as they are, `_created` and non-finite values dropped."""
    samples = []
    try:
        for family in text_string_to_metric_families(_lines_of(text, prefix)):
            if family.type not in ("counter", "untyped", "unknown"):
                continue
            for s in family.samples:
                if s.name.endswith("_created") or not s.name.startswith(prefix) or not math.isfinite(s.value):
                    continue
                name = s.name[: -len("_total")] if s.name.endswith("_total") else s.name
                samples.append(Sample(name, dict(s.labels), float(s.value)))
    except (ValueError, IndexError, TypeError) as exc:
        raise MetricsError(f"/metrics is not Prometheus text: {exc or exc.__class__.__name__}") from None
    return samples


def spec_counters(text: str) -> dict[str, float]:
    """vLLM's speculative-decoding counters as recorded in run.json: `name` or `name{position="k"}`, summed
    over every other label (engines, model names)."""
    out: dict[str, float] = {}
    for s in parse(text, SPEC):
        position = s.labels.get("position")
        if position is not None and not position.isdigit():
            continue
        key = f'{s.name}{{position="{int(position)}"}}' if position is not None else s.name
        out[key] = out.get(key, 0.0) + s.value
    return out


def _normalized(counters: dict[str, float] | None) -> dict[str, float]:
    """Keys as spec_counters writes them, also from run.json files of older assetgen versions, which kept
    `_total` in the names and also recorded the `_created` timestamps."""
    out: dict[str, float] = {}
    for key, value in (counters or {}).items():
        name, brace, labels = key.partition("{")
        if name.endswith("_created"):
            continue
        name = name[: -len("_total")] if name.endswith("_total") else name
        out[name + brace + labels] = value
    return out


class SpecDecode(BaseModel):
    """Speculative decoding over one run, as vLLM defines its figures (vllm/v1/spec_decode/metrics.py)."""

    source: str = Field(description="'metrics': the server's /metrics counter deltas; 'responses': the sum "
                        "of the per-answer figures (vLLM's --per-request-spec-decode-metrics).")
    drafts: float = Field(description="Verify steps that carried a draft.")
    draft_tokens: float = Field(description="Draft tokens proposed.")
    accepted_tokens: float = Field(description="Draft tokens accepted.")
    per_position: list[float] = Field(description="Share of drafts whose token at position k was accepted.")

    @property
    def active(self) -> bool:
        return self.drafts > 0

    @property
    def acceptance(self) -> float | None:
        """Accepted / proposed draft tokens."""
        return self.accepted_tokens / self.draft_tokens if self.draft_tokens else None

    @property
    def mean_accepted_length(self) -> float | None:
        """Tokens emitted per verify step: 1 (the target model's own) + accepted drafts per step."""
        return 1 + self.accepted_tokens / self.drafts if self.drafts else None


def spec_decode(before: dict[str, float] | None, after: dict[str, float] | None) -> SpecDecode | None:
    """Speculative decoding over the run from counter deltas; None when the server has no such counters, or
    had no /metrics before the run (the lifetime counts would be taken for the run's)."""
    if not after or before is None:
        return None
    b, a = _normalized(before), _normalized(after)

    def delta(key: str) -> float | None:
        if key not in a:
            return None
        # a counter that went down was reset (server restarted mid-run): count from zero, as Prometheus does
        return a[key] - b.get(key, 0.0) if a[key] >= b.get(key, 0.0) else a[key]

    drafts, drafted, accepted = (delta(SPEC + n) for n in ("num_drafts", "num_draft_tokens", "num_accepted_tokens"))
    if drafts is None or drafted is None or accepted is None:
        return None
    per_pos = f'{SPEC}num_accepted_tokens_per_pos{{position="'
    positions = [k[len(per_pos):-2] for k in a if k.startswith(per_pos) and k.endswith('"}')]
    last = max((int(k) for k in positions if k.isdigit()), default=-1)
    per_position = [(delta(f'{per_pos}{k}"}}') or 0.0) / drafts if drafts else 0.0 for k in range(last + 1)]
    return SpecDecode(source="metrics", drafts=drafts, draft_tokens=drafted, accepted_tokens=accepted,
                      per_position=per_position)


def spec_from_answers(stats: list[SpecStats]) -> SpecDecode | None:
    """The same figures summed over the answers' own counts, for a server whose /metrics is out of reach.
    Position k was accepted in every step that accepted more than k draft tokens."""
    if not stats:
        return None
    steps = sum(s.steps for s in stats)
    width = max(len(s.histogram) for s in stats)
    hist = [sum(s.histogram[j] for s in stats if j < len(s.histogram)) for j in range(width)]
    per_position = [sum(hist[k + 1:]) / steps if steps else 0.0 for k in range(width - 1)]
    return SpecDecode(source="responses", drafts=steps, draft_tokens=sum(s.draft_tokens for s in stats),
                      accepted_tokens=sum(s.accepted_tokens for s in stats), per_position=per_position)

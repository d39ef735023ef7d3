"""Prometheus text from /metrics: counters, and vLLM speculative-decoding acceptance for a run."""

from __future__ import annotations

import re

from pydantic import BaseModel

_LINE = re.compile(r"^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+([-+0-9.eEinfaINFA]+)")
_POSITION = re.compile(r'position="(\d+)"')
SPEC = "vllm:spec_decode_"


def parse(text: str) -> dict[str, float]:
    """Counter samples summed over labels, except `position`, which is kept: name or name{position="k"}."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        m = _LINE.match(line)
        if not m:
            continue
        name, labels, value = m.groups()
        try:
            number = float(value)
        except ValueError:
            continue
        position = _POSITION.search(labels or "")
        key = f'{name}{{position="{position.group(1)}"}}' if position else name
        out[key] = out.get(key, 0.0) + number
    return out


class SpecDecode(BaseModel):
    drafts: float
    draft_tokens: float
    accepted_tokens: float
    acceptance: float | None  # accepted / drafted tokens
    per_position: list[float]  # accepted at position k / drafts
    suspicious: str | None = None


def spec_decode(before: dict[str, float] | None, after: dict[str, float] | None,
                degenerate_answers: int = 0) -> SpecDecode | None:
    """Acceptance over the run from counter deltas; None when the server has no such counters."""
    if not after:
        return None
    before = before or {}

    def delta(name: str) -> float | None:
        for key in (f"{SPEC}{name}_total", f"{SPEC}{name}"):
            if key in after:
                return after[key] - before.get(key, 0.0)
        return None

    drafts, drafted, accepted = delta("num_drafts"), delta("num_draft_tokens"), delta("num_accepted_tokens")
    if drafts is None or drafted is None or accepted is None:
        return None
    positions = {}
    for key, value in after.items():
        if key.startswith(f"{SPEC}num_accepted_tokens_per_pos"):
            k = int(_POSITION.search(key).group(1))
            positions[k] = value - before.get(key, 0.0)
    per_position = [positions[k] / drafts if drafts else 0.0 for k in sorted(positions)]
    acceptance = accepted / drafted if drafted else None
    note = None
    if acceptance is not None and (acceptance < 0.05 or acceptance > 0.95):
        note = (f"acceptance {acceptance:.0%} is stuck near {'0' if acceptance < 0.05 else '100'}%"
                + (f" and {degenerate_answers} answer(s) are repetition loops: fast but broken output"
                   if degenerate_answers else "; check that outputs are coherent"))
    return SpecDecode(drafts=drafts, draft_tokens=drafted, accepted_tokens=accepted, acceptance=acceptance,
                      per_position=per_position, suspicious=note)

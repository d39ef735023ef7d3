"""The scale dimensions of `assetgen eval` (#15 dimensions 3 and 4), asked after the pooled cases, alone:

- concurrency: each case is sent as one burst per level of the run's `concurrency_levels`: `level` copies
  released together (their bodies are built first: a barrier) with nothing else in flight. A burst's
  records are written together once its last answer is in, each carrying the burst (`Burst`). On resume a
  burst counts as done only when every copy of it came back in one part; otherwise the whole burst is sent
  again, never topped up with copies from another moment.
- context: each case is sent on its own. Before sending, its prompt is counted (the server's /tokenize
  when it has one, else the case's size) and checked against the server's `max_model_len` from
  /v1/models: a prompt that does not fit with its max_tokens is not sent; its record says why.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from assetgen.dataset.records import CaseToSend
from assetgen.run.client import Client, Outcome
from assetgen.run.records import ResponseRecord
from assetgen.run.scale_records import Burst, ContextCheck

CONCURRENCY, CONTEXT = "concurrency", "context"
SCALE_CATEGORIES = (CONCURRENCY, CONTEXT)
"""Categories asked one burst or one case at a time, after the others, and reported in their own tables."""
DEFAULT_LEVELS = (1, 2, 4, 8)
MAX_LEVEL = 64

__all__ = ["CONCURRENCY", "CONTEXT", "DEFAULT_LEVELS", "MAX_LEVEL", "SCALE_CATEGORIES", "Limits", "Slot",
           "burst_id", "burst_key", "fits", "parse_levels", "plan", "read_limits"]


def parse_levels(text: str | Iterable[int]) -> tuple[int, ...]:
    """'1,2,4,8' -> (1, 2, 4, 8): distinct, ascending, each 1..MAX_LEVEL; ValueError with the reason."""
    raw = [p.strip() for p in text.split(",")] if isinstance(text, str) else list(text)
    try:
        levels = sorted({int(p) for p in raw if p != ""})
    except (TypeError, ValueError):
        raise ValueError(f"--concurrency-levels {text!r} must be numbers separated by commas, e.g. 1,2,4,8") from None
    if not levels or levels[0] < 1 or levels[-1] > MAX_LEVEL:
        raise ValueError(f"--concurrency-levels {text!r}: each level must be 1..{MAX_LEVEL}")
    return tuple(levels)


def burst_id(base_key: str, level: int) -> str:
    return f"{base_key}@c{level}"


def burst_key(base_key: str, level: int, copy: int) -> str:
    """The slot key of one copy: unique per case, repeat, thinking mode, level and copy."""
    return f"{burst_id(base_key, level)}.{copy}"


@dataclass
class Slot:
    """One unit of the scale phase: a whole burst (`level` copies), or one context case (`level` None)."""

    case: CaseToSend
    repeat: int
    thinking: str
    base_key: str
    level: int | None = None

    @property
    def keys(self) -> list[str]:
        if self.level is None:
            return [self.base_key]
        return [burst_key(self.base_key, self.level, k) for k in range(self.level)]


def _burst_done(records: dict[str, ResponseRecord], keys: list[str]) -> bool:
    got = [records.get(k) for k in keys]
    if any(r is None or r.status != "ok" or r.burst is None for r in got):
        return False
    return len({(r.burst.id, r.burst.part) for r in got}) == 1  # all from one release, never a patchwork


def plan(slots: Iterable[tuple[CaseToSend, int, str]], levels: tuple[int, ...], records: dict[str, ResponseRecord],
         key: Callable[[str, int, str], str]) -> list[Slot]:
    """What the scale phase still has to send, given the latest records: whole bursts, single context cases."""
    out = []
    for case, repeat, thinking in slots:
        base = key(case.id, repeat, thinking)
        if case.category == CONCURRENCY:
            for level in levels:
                slot = Slot(case, repeat, thinking, base, level)
                if not _burst_done(records, slot.keys):
                    out.append(slot)
        elif case.category == CONTEXT:
            done = records.get(base)
            if done is None or done.status != "ok":
                out.append(Slot(case, repeat, thinking, base))
    return out


@dataclass
class Limits:
    """What the server says of its context: `max_model_len` (vLLM's /v1/models) and whether /tokenize works."""

    max_model_len: int | None = None
    tokenize_url: str | None = None  # None once it failed: the run falls back to estimates
    notes: list[str] = field(default_factory=list)


def _positive_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 1 << 40 else None


async def read_limits(client: Client, model: str) -> Limits:
    """The model's max_model_len from /v1/models (the listed model of that name, else the first one that
    reports one); /tokenize at the server's root (the base URL without /v1), tried on first use."""
    limits = Limits(tokenize_url=client.base.rsplit("/v1", 1)[0] + "/tokenize")
    try:
        data = await client.get_json("/models")
    except Exception:  # a server without /models still gets its cases sent; errors become records
        return limits
    models = data.get("data") if isinstance(data, dict) else None
    entries = [m for m in models if isinstance(m, dict)] if isinstance(models, list) else []
    mine = [m for m in entries if m.get("id") == model] or entries
    for entry in mine:
        if (value := _positive_int(entry.get("max_model_len"))) is not None:
            limits.max_model_len = value
            break
    return limits


async def count_prompt(client: Client, limits: Limits, body: bytes) -> int | None:
    """The prompt's tokens by the server's /tokenize (vLLM: POST {root}/tokenize with the chat messages);
    None when it has none or answers something else (then /tokenize is not asked again in this run)."""
    if limits.tokenize_url is None:
        return None
    sent = orjson.loads(body)
    payload = {k: sent[k] for k in ("model", "messages", "chat_template_kwargs", "tools") if k in sent}
    answer = await client.post_json(limits.tokenize_url, orjson.dumps(payload))
    count = _positive_int(answer.get("count")) if isinstance(answer, dict) else None
    if count is None:
        limits.tokenize_url = None
        limits.notes.append("the server has no /tokenize: prompt sizes are the cases' own estimates")
        return None
    if limits.max_model_len is None and isinstance(answer, dict):  # vLLM's /tokenize says it too
        limits.max_model_len = _positive_int(answer.get("max_model_len"))
    return count


def fits(check: ContextCheck, max_tokens: int | None) -> tuple[bool, str | None]:
    """Whether a prompt of check.prompt_tokens fits the server's max_model_len with its max_tokens; the
    reason when not. Unknown sizes or limits are sent: the server then decides, and its answer is recorded."""
    if check.max_model_len is None or check.prompt_tokens is None:
        return True, None
    room = max_tokens or 0
    if check.prompt_tokens + room <= check.max_model_len:
        return True, None
    how = "by the server's /tokenize" if check.counted_by == "tokenize" else "estimated"
    return False, (f"skipped: the prompt has {check.prompt_tokens:,} tokens ({how}), and with max_tokens {room:,} "
                   f"it exceeds the server's max_model_len {check.max_model_len:,}; not sent")


def skipped_outcome(reason: str) -> Outcome:
    return Outcome(status="error", error=reason, attempts=0, latency_s=None)


async def release(client: Client, body: bytes, stream: bool, level: int) -> tuple[list[Outcome], float]:
    """Send `level` copies of one body at once; (outcomes in copy order, seconds to the last answer)."""
    start = time.perf_counter()
    outcomes = await asyncio.gather(*(client.chat(body, stream) for _ in range(level)))
    return list(outcomes), time.perf_counter() - start


def stamp_burst(record: ResponseRecord, slot: Slot, copy: int, part: int, wall_s: float) -> ResponseRecord:
    record.key = burst_key(slot.base_key, slot.level, copy)
    record.burst = Burst(id=burst_id(slot.base_key, slot.level), level=slot.level, copy_index=copy, part=part,
                         wall_s=wall_s)
    return record

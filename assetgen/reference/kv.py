"""The reference endpoint's KV-cache bookkeeping, published on /metrics under vLLM's names (issue #34).

The reference keeps no real KV cache, so it declares a reservation (KV_TOKENS tokens in blocks of BLOCK_SIZE, at
BYTES_PER_TOKEN bytes each: the figures of a small model) and counts what the requests in flight would hold in it,
as vLLM counts it: every request admitted to a worker holds its prompt's tokens plus the tokens generated so far,
in whole blocks. Requests waiting for a worker (`workers` of them decode at once) hold nothing and are waiting;
the rest are running. It never preempts (the counter stays 0, which is true) and has no prefix cache, so it sends
no prefix-cache series and no `gpu_memory_utilization` (it uses no GPU): a client sees them as not reported.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

KV_TOKENS = 131_072
BLOCK_SIZE = 16
BYTES_PER_TOKEN = 12_288  # Qwen2-0.5B: 24 layers x 2 KV heads x 64 dims x (K, V) x 2 bytes; declared, not measured


@dataclass
class KvLoad:
    tokens: int = KV_TOKENS
    block_size: int = BLOCK_SIZE
    bytes_per_token: int = BYTES_PER_TOKEN
    max_model_len: int | None = None
    held: dict[int, int] = field(default_factory=dict)  # request key -> tokens it holds
    running: set[int] = field(default_factory=set)
    waiting: int = 0
    preemptions: int = 0

    @contextlib.asynccontextmanager
    async def slot(self, key: int, slots: asyncio.Semaphore) -> AsyncIterator[None]:
        """A worker slot: waiting until it is free, running from then on (until `leave`)."""
        self.waiting += 1
        try:
            await slots.acquire()
        finally:
            self.waiting -= 1
        self.running.add(key)
        try:
            yield
        finally:
            slots.release()

    def hold(self, key: int, tokens: int) -> None:
        self.running.add(key)
        self.held[key] = max(0, tokens)

    def grow(self, key: int, tokens: int = 1) -> None:
        if key in self.held:
            self.held[key] += tokens

    def leave(self, key: int) -> None:
        self.held.pop(key, None)
        self.running.discard(key)

    @property
    def usage(self) -> float:
        blocks = sum(math.ceil(t / self.block_size) for t in self.held.values())
        return min(1.0, blocks * self.block_size / self.tokens)

    def lines(self, model: str) -> list[str]:
        """The series in vLLM's names and types (counters with `_total`), one engine."""
        labels = f'engine="0",model_name="{model}"'
        concurrency = f',kv_cache_max_concurrency="{self.tokens / self.max_model_len:g}"' if self.max_model_len \
            else ""
        return [
            "# HELP vllm:kv_cache_usage_perc KV-cache usage. 1 means 100 percent usage.",
            "# TYPE vllm:kv_cache_usage_perc gauge", f"vllm:kv_cache_usage_perc{{{labels}}} {self.usage}",
            "# HELP vllm:num_requests_running Number of requests in model execution batches.",
            "# TYPE vllm:num_requests_running gauge", f"vllm:num_requests_running{{{labels}}} {len(self.running)}",
            "# HELP vllm:num_requests_waiting Number of requests waiting to be processed.",
            "# TYPE vllm:num_requests_waiting gauge", f"vllm:num_requests_waiting{{{labels}}} {self.waiting}",
            "# HELP vllm:num_preemptions_total Cumulative number of preemption from the engine.",
            "# TYPE vllm:num_preemptions_total counter", f"vllm:num_preemptions_total{{{labels}}} {self.preemptions}",
            "# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig",
            "# TYPE vllm:cache_config_info gauge",
            f'vllm:cache_config_info{{block_size="{self.block_size}",engine="0",'
            f'kv_cache_memory_bytes="{self.tokens * self.bytes_per_token}",kv_cache_size_tokens="{self.tokens}"'
            f'{concurrency},num_gpu_blocks="{self.tokens // self.block_size}"}} 1.0']

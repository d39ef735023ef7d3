"""Issue #15 dimensions 5-7 end to end: the text families, the runner recording tool calls (streamed and
not), the reference endpoint answering from the prompt, and vLLM's no-tool-parser 400 explained."""

from __future__ import annotations

import asyncio
import json
import threading

import orjson
import pytest
from aiohttp import web
from fake_openai import free_port

from assetgen.app.report import write_reports
from assetgen.generate.build import build
from assetgen.generate.registry import get_family
from assetgen.generate.rng import case_rng
from assetgen.generate.suites import QUALITY
from assetgen.reference.server import Running, ServeOptions
from assetgen.reference.text import answer_text, decide
from assetgen.reference.toolcalls import NO_AUTO
from assetgen.report.tables import warnings
from assetgen.run.client import Client
from assetgen.run.payload import RequestOptions
from assetgen.run.records import read_responses
from assetgen.run.runner import EvalOptions, run_eval
from graders import grade

FAMILIES = ("reasoning", "tool_calling", "instructions")


def _questions(entries, seed=0):
    for k, entry in enumerate(entries):
        family = get_family(entry.family)
        scene = family.sample(case_rng(seed, entry.family, k), family.resolve_knobs(entry.knobs))
        yield entry, family, family.question(scene)


def test_quality_covers_the_three_dimensions_with_computed_truth():
    seen = {}
    for _entry, family, question in _questions(QUALITY):
        assert family.modality == "text" and family.render({}) == []
        seen.setdefault(family.category, set()).add(question.grader.name)
        if question.grader.name == "tool_call":
            assert question.request.tool_choice == "auto" and question.request.tools
            assert question.truth.value["name"] in question.grader.args["offered"]
    assert seen == {"reasoning": {"numeric", "logic", "code_tests"}, "tool_calling": {"tool_call"},
                    "instruction_following": {"constraint"}}


def test_the_syllogism_truth_agrees_with_a_model_checker():
    forms = get_family("reasoning").knobs
    assert any(k.name == "form" for k in forms)
    for form, truth in (("some_middle", "cannot be determined"), ("undistributed_middle", "cannot be determined"),
                        ("valid", "true"), ("contradicted", "false")):
        (_, _, question), = _questions([type(QUALITY[0])("reasoning", {"task": "syllogism", "form": form})])
        assert answer_text(question.prompt).content.lower().startswith(truth)
        assert {"cannot be determined": "undetermined"}.get(truth, truth) == question.truth.value
    assert decide([("all", "a", False, "b"), ("all", "b", False, "c")], ("all", "a", False, "c")) == "true"


def test_the_reference_answers_every_quality_case_from_its_prompt():
    for seed in range(3):
        for entry, family, question in _questions(QUALITY, seed):
            tools = question.request.tools if question.request else None
            reply = answer_text(question.prompt, tools)
            calls = [{"id": "c", **c} for c in reply.tool_calls] or None
            case = {"id": "t", "family": family.name, "category": family.category, "modality": "text",
                    "prompt": question.prompt, "truth": question.truth.model_dump(),
                    "grader": question.grader.model_dump()}
            got = grade(case, {"content": reply.content, "tool_calls": calls,
                               "finish_reason": "tool_calls" if calls else "stop"})
            assert got.verdict == "correct", (entry, question.prompt, reply, got.explanation)


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    out = tmp_path_factory.mktemp("suite") / "text"
    build(out, suite="full", families=FAMILIES, per_family=4, seed=3)
    return out


@pytest.mark.parametrize("stream", [True, False])
def test_eval_against_the_reference_records_tool_calls_and_grades_them(suite, tmp_path, stream):
    with Running() as url:
        run_dir = run_eval(EvalOptions(endpoint=url, golden=suite, out=tmp_path,
                                       request=RequestOptions(model="", stream=stream)))
    report = write_reports(run_dir, suite)
    assert [g.verdict for _, g in report.grades].count("correct") == 12, [g.explanation for _, g in report.grades]
    calls = [r for r in read_responses(run_dir / "responses.jsonl") if r.tool_calls]
    assert len(calls) == 4 and all(r.finish_reason == "tool_calls" and r.content is None for r in calls)
    assert all(json.loads(r.tool_calls[0].arguments) for r in calls)
    assert not [w for w in warnings(report) if "tool" in w]
    shown = [f"→ {r.tool_calls[0].name}(" for r in calls]  # the reader sees each call as the answer
    assert all(s in (run_dir / "report.md").read_text() and s in (run_dir / "report.html").read_text() for s in shown)


def test_a_server_without_a_tool_parser_is_explained(suite, tmp_path):
    with Running(ServeOptions(no_tool_parser=True)) as url:
        run_dir = run_eval(EvalOptions(endpoint=url, golden=suite, out=tmp_path, request=RequestOptions(model="")))
    report = write_reports(run_dir, suite)
    refused = [r for r in report.records if r.status == "error"]
    assert len(refused) == 4 and all(r.http_status == 400 and NO_AUTO in r.error for r in refused)
    lines = [w for w in warnings(report) if "tool parser" in w]
    assert lines == ["4 tool-calling request(s) refused with HTTP 400: server has no tool parser: start vLLM with "
                     "--enable-auto-tool-choice --tool-call-parser NAME."]
    assert "tool parser" in (run_dir / "report.md").read_text()


def test_the_reference_cuts_a_call_at_max_tokens():
    prompt = "What's the weather in Oslo right now? Give the temperature in celsius."
    tools = get_family("tool_calling").question(
        {"task": "single", "city": "Oslo", "unit": "celsius"}).request.tools

    async def ask(url):
        client = Client(url, None, concurrency=1, timeout=10, retries=0)
        try:
            body = {"model": "m", "messages": [{"role": "user", "content": prompt}], "tools": tools, "max_tokens": 2}
            return await client.chat(orjson.dumps(body), False)
        finally:
            await client.close()

    with Running() as url:
        outcome = asyncio.run(ask(url))
    assert outcome.finish_reason == "length" and outcome.tool_calls[0]["arguments"] == '{"city": "Oslo", '


# --- the client, against canned server answers ---------------------------------------------------------------

KEY = "sk-test-9f8e7d6c5b4a39281706"


class Canned:
    """A loopback server answering every chat request with one canned body (JSON or SSE events)."""

    def __init__(self, body: bytes, content_type: str):
        self.body, self.content_type, self.port = body, content_type, free_port()

    async def chat(self, request):
        await request.read()
        return web.Response(body=self.body, content_type=self.content_type)

    def __enter__(self):
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def serve():
            asyncio.set_event_loop(self.loop)
            app = web.Application()
            app.add_routes([web.post("/v1/chat/completions", self.chat)])
            self.runner = web.AppRunner(app)
            self.loop.run_until_complete(self.runner.setup())
            self.loop.run_until_complete(web.TCPSite(self.runner, "127.0.0.1", self.port).start())
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        assert ready.wait(10)
        return f"http://127.0.0.1:{self.port}/v1"

    def __exit__(self, *exc):
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def _ask(body: bytes, content_type: str, stream: bool):
    async def go(url):
        client = Client(url, KEY, concurrency=1, timeout=10, retries=0)
        try:
            return await client.chat(b'{"model": "m", "messages": []}', stream)
        finally:
            await client.close()

    with Canned(body, content_type) as url:
        return asyncio.run(go(url))


def _sse(*chunks) -> bytes:
    return b"".join(b"data: " + orjson.dumps(c) + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


def _delta(delta, finish=None):
    return {"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def test_streamed_tool_call_deltas_are_joined_by_index():
    body = _sse(_delta({"role": "assistant"}),
                _delta({"tool_calls": [{"index": 0, "id": "call_a", "type": "function",
                                        "function": {"name": "get_weather", "arguments": ""}}]}),
                _delta({"tool_calls": [{"index": 1, "id": "call_b", "function": {"name": "get_time",
                                                                                  "arguments": "{\"tz\""}}]}),
                _delta({"tool_calls": [{"index": 0, "function": {"arguments": "{\"city\": "}}]}),
                _delta({"tool_calls": [{"index": 0, "function": {"arguments": "\"Oslo\"}"}}]}),
                _delta({"tool_calls": [{"index": 1, "function": {"arguments": ": \"UTC\"}"}}]}),
                _delta({}, "tool_calls"))
    outcome = _ask(body, "text/event-stream", True)
    assert outcome.status == "ok" and outcome.finish_reason == "tool_calls"
    assert outcome.tool_calls == [{"id": "call_a", "name": "get_weather", "arguments": '{"city": "Oslo"}'},
                                  {"id": "call_b", "name": "get_time", "arguments": '{"tz": "UTC"}'}]
    assert outcome.ttft_s is not None


def test_non_streamed_tool_calls_are_read_and_hostile_shapes_dropped():
    message = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'}},
        "not a call", {"function": "nope"}, {"id": 7, "function": {"name": ["x"], "arguments": {"a": 1}}}]}
    body = orjson.dumps({"choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]})
    outcome = _ask(body, "application/json", False)
    assert outcome.status == "ok"
    assert outcome.tool_calls == [{"id": "c1", "name": "get_weather", "arguments": '{"city": "Oslo"}'},
                                  {"id": None, "name": "", "arguments": '{"a":1}'}]


def test_tool_calls_are_scrubbed_and_capped():
    calls = [{"id": f"c{k}", "function": {"name": "leak", "arguments": json.dumps({"key": KEY, "k": k})}}
             for k in range(40)]
    body = orjson.dumps({"choices": [{"index": 0, "message": {"tool_calls": calls}, "finish_reason": "tool_calls"}]})
    outcome = _ask(body, "application/json", False)
    assert len(outcome.tool_calls) == 16
    assert all(KEY not in c["arguments"] and KEY[:12] not in c["arguments"] for c in outcome.tool_calls)
    streamed = _sse(*[_delta({"tool_calls": [{"index": k, "function": {"name": KEY, "arguments": KEY}}]})
                      for k in range(40)], _delta({}, "tool_calls"))
    outcome = _ask(streamed, "text/event-stream", True)
    assert len(outcome.tool_calls) == 16 and not any(KEY in json.dumps(c) for c in outcome.tool_calls)


def test_batch_answers_keep_their_tool_calls_scrubbed_and_capped():
    from assetgen.run.batch import _outcome
    from assetgen.run.untrusted import Scrubber

    long_args = json.dumps({"key": KEY, "pad": "x" * 50_000})
    message = {"role": "assistant", "content": None,
               "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "leak", "arguments": long_args}}]}
    line = {"custom_id": "k", "response": {"status_code": 200, "body": {
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]}}}
    _, outcome = _outcome(line, Scrubber([KEY]))
    [called] = outcome.tool_calls
    assert KEY not in called["arguments"] and len(called["arguments"]) == 20_000

"""Per-case request fields (text dimensions) and text-only cases, as the payload sends them."""

import json

import orjson

from assetgen.dataset.golden import default_golden, load_golden
from assetgen.dataset.records import CaseToSend, RequestOverrides
from assetgen.run.payload import MediaCache, RequestOptions, build_body

TOOL = {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}


def _case(request=None):
    return CaseToSend(id="t-0-0", family="t", category="text", prompt="What is 7 x 8?", files=[], request=request)


def test_case_overrides_reach_the_body_and_extra_body_still_wins(tmp_path):
    case = _case(RequestOverrides(max_tokens=64, tools=[TOOL], tool_choice="auto", body={"min_tokens": 64}))
    body, summary, _ = build_body(case, tmp_path, RequestOptions(model="m", max_tokens=1024), None, MediaCache())
    sent = orjson.loads(body)
    assert (sent["max_tokens"], sent["tools"], sent["tool_choice"], sent["min_tokens"]) == (64, [TOOL], "auto", 64)
    assert summary.params["max_tokens"] == 64
    options = RequestOptions(model="m", max_tokens=1024, extra_body={"max_tokens": 8})
    body, _, _ = build_body(case, tmp_path, options, None, MediaCache())
    assert orjson.loads(body)["max_tokens"] == 8


def test_a_text_only_case_sends_its_prompt_as_a_plain_string(tmp_path):
    body, summary, frames = build_body(_case(), tmp_path, RequestOptions(model="m"), None, MediaCache())
    sent = orjson.loads(body)
    assert sent["messages"] == [{"role": "user", "content": "What is 7 x 8?"}]
    assert (summary.images, summary.videos, frames) == (0, 0, None)


def test_cases_without_overrides_keep_their_bytes():
    line = (default_golden() / "cases.jsonl").read_text().splitlines()[0]
    case = load_golden(default_golden())[0]
    assert case.request is None and "request" not in json.loads(line)
    assert case.to_json() == line

"""The reference endpoint's pace and length handling (reference/pacing.py): what speed measurements rely on."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from assetgen.media.tokens import count_tokens
from assetgen.reference.pacing import (
    NO_LIMIT_TOKENS,
    Clock,
    Lengths,
    Pace,
    filler,
    lengths,
    long_form,
    shape,
    tokens,
)
from assetgen.reference.params import ParamError
from assetgen.reference.server import Running, ServeOptions

ESSAY = "Write a detailed essay about the history of flight, from the Montgolfier balloons to jet airliners."


def test_tokens_are_words_with_their_trailing_space():
    assert tokens("The cat  sat.\n") == ["The ", "cat  ", "sat.\n"]
    assert "".join(tokens(ESSAY)) == ESSAY


def test_filler_is_exactly_sized_and_deterministic():
    assert len(filler(300, "k")) == 300 and filler(300, "k") == filler(300, "k")
    assert filler(50, "a") != filler(50, "b") and filler(0) == []


def test_long_form_prompts_get_prose_of_a_size_the_prompt_fixes():
    assert len(long_form(ESSAY)) == 1500
    assert len(long_form("Explain how a CPU works in 3 paragraphs.")) == 270
    assert len(long_form("Prove that the square root of 2 is irrational.")) == 220
    assert long_form("What is 2 + 2?") is None


@pytest.mark.parametrize(("body", "expected"), [
    ({"max_tokens": 64}, Lengths(64)),
    ({"max_tokens": 256, "min_tokens": 256, "ignore_eos": True}, Lengths(256, 256, True)),
    ({"max_completion_tokens": 9, "ignore_eos": False}, Lengths(9, None, False)),
])
def test_length_fields_are_read(body, expected):
    assert lengths(body, Pace()) == expected


@pytest.mark.parametrize(("body", "pace", "message"), [
    ({"max_tokens": 8, "min_tokens": 9}, Pace(), "min_tokens (9) must be less than or equal to max_tokens (8)"),
    ({"min_tokens": -1}, Pace(), "min_tokens must be an integer >= 0"),
    ({"ignore_eos": "yes"}, Pace(), "ignore_eos must be a boolean"),
    ({"min_tokens": 5}, Pace(length_fields="refuse"), "unsupported parameter: min_tokens"),
    ({"ignore_eos": True}, Pace(length_fields="refuse"), "unsupported parameter: ignore_eos"),
])
def test_bad_or_refused_length_fields_are_a_400_naming_the_field(body, pace, message):
    with pytest.raises(ParamError, match=message.replace("(", r"\(").replace(")", r"\)")):
        lengths(body, pace)


def test_ignoring_servers_drop_min_tokens_and_ignore_eos():
    assert lengths({"max_tokens": 9, "min_tokens": 9, "ignore_eos": True}, Pace(length_fields="ignore")) == Lengths(9)


def test_shape_cuts_extends_and_forces():
    answer = tokens("The answer is 4.")
    assert shape([], answer, Lengths(), Pace()) == ([], answer, "stop")
    _, a, finish = shape([], answer, Lengths(max_tokens=2), Pace())
    assert (a, finish) == (answer[:2], "length")
    _, a, finish = shape([], answer, Lengths(max_tokens=50, min_tokens=20), Pace())
    assert len(a) == 20 and finish == "stop" and a[:3] == answer[:3] and a[3] == "4. "  # a new word follows
    _, a, finish = shape([], answer, Lengths(max_tokens=256, min_tokens=256, ignore_eos=True), Pace())
    assert len(a) == 256 and finish == "length"
    _, a, _ = shape([], answer, Lengths(ignore_eos=True), Pace())
    assert len(a) == NO_LIMIT_TOKENS


def test_runaway_reasoning_uses_the_whole_budget_and_writes_no_content():
    r, a, finish = shape(tokens("Let me think."), tokens("4"), Lengths(max_tokens=100), Pace(runaway_reasoning=True))
    assert (len(r), a, finish) == (100, [], "length")
    # without thinking there is no reasoning to run away with
    assert shape([], tokens("4"), Lengths(max_tokens=100), Pace(runaway_reasoning=True))[1] == ["4"]


def test_clock_deadlines_are_absolute():
    clock = Clock(10.0, 0.2 + 0.05 * 2, 0.02)
    assert [round(clock.deadline(k), 6) for k in (0, 1, 255)] == [10.3, 10.32, 15.4]


def test_pace_refuses_nonsense():
    with pytest.raises(ValueError, match="token_s"):
        Pace(token_s=-1)
    with pytest.raises(ValueError, match="length_fields"):
        Pace(length_fields="sometimes")


# --- the server: what a client sees ----------------------------------------------------------------------


def post(url: str, body: dict) -> tuple[int, list[dict] | dict]:
    request = urllib.request.Request(url + "/chat/completions", data=json.dumps({"model": "m", **body}).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())
    if not body.get("stream"):
        return 200, json.loads(text)
    return 200, [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: {")]


def pieces(chunks: list[dict], field: str) -> list[str]:
    return [c["choices"][0]["delta"][field] for c in chunks if c["choices"] and field in c["choices"][0]["delta"]]


def usage(chunks: list[dict]) -> dict:
    return next(c["usage"] for c in chunks if c.get("usage"))


STREAM = {"stream": True, "stream_options": {"include_usage": True}}


def test_forced_length_streams_exactly_that_many_tokens_and_says_length():
    with Running() as url:
        status, chunks = post(url, {"messages": [{"role": "user", "content": "What is 2 + 2?"}], "max_tokens": 256,
                                    "min_tokens": 256, "ignore_eos": True, **STREAM})
    content = pieces(chunks, "content")
    assert status == 200 and len(content) == 256 == usage(chunks)["completion_tokens"]
    assert [c["choices"][0]["finish_reason"] for c in chunks if c["choices"] and c["choices"][0]["finish_reason"]] \
        == ["length"]


def test_an_essay_is_cut_at_max_tokens_with_consistent_usage():
    with Running() as url:
        _, data = post(url, {"messages": [{"role": "user", "content": ESSAY}], "max_tokens": 128})
    assert data["choices"][0]["finish_reason"] == "length"
    assert len(tokens(data["choices"][0]["message"]["content"])) == 128 == data["usage"]["completion_tokens"]
    assert data["usage"]["prompt_tokens"] == count_tokens(ESSAY)  # prompts: tokens.count_tokens, as /tokenize


def test_thinking_streams_reasoning_then_content():
    with Running() as url:
        _, chunks = post(url, {"messages": [{"role": "user", "content": ESSAY}], "max_tokens": 400,
                               "chat_template_kwargs": {"enable_thinking": True}, **STREAM})
    order = ["reasoning" if "reasoning" in c["choices"][0]["delta"] else "content" for c in chunks
             if c["choices"] and ({"reasoning", "content"} & set(c["choices"][0]["delta"]))]
    assert order[0] == "reasoning" and "content" in order
    assert order == sorted(order, key=lambda kind: kind == "content")  # no reasoning after content
    assert len(order) == usage(chunks)["completion_tokens"] == 400


def test_runaway_reasoning_knob_exhausts_max_tokens():
    with Running(ServeOptions(pace=Pace(runaway_reasoning=True))) as url:
        _, data = post(url, {"messages": [{"role": "user", "content": "What is 2 + 2?"}], "max_tokens": 100,
                             "chat_template_kwargs": {"enable_thinking": True}})
    choice = data["choices"][0]
    assert choice["finish_reason"] == "length" and choice["message"]["content"] is None
    assert data["usage"]["completion_tokens"] == 100


@pytest.mark.parametrize(("fields", "status", "count"), [("honour", 200, 64), ("ignore", 200, None),
                                                         ("refuse", 400, None)])
def test_servers_that_honour_ignore_or_refuse_min_tokens(fields, status, count):
    with Running(ServeOptions(pace=Pace(length_fields=fields))) as url:
        code, data = post(url, {"messages": [{"role": "user", "content": "What is 2 + 2?"}], "max_tokens": 64,
                                "min_tokens": 64, "ignore_eos": True})
    assert code == status
    if fields == "refuse":
        assert "min_tokens" in data["error"]["message"]
    elif fields == "ignore":
        assert data["usage"]["completion_tokens"] < 64 and data["choices"][0]["finish_reason"] == "stop"
    else:
        assert data["usage"]["completion_tokens"] == count


def test_the_first_token_waits_for_ttft_plus_prefill():
    # a lower bound only (the pace never sends early); how close the tool measures it is benchmarks/' job
    import time

    pace = Pace(ttft_s=0.05, token_s=0.0, prefill_s_per_1k=0.1)
    prompt = "word " * 1000  # 1,000 tokens: 0.1 s of prefill
    with Running(ServeOptions(pace=pace)) as url:
        start = time.perf_counter()
        post(url, {"messages": [{"role": "user", "content": prompt}], "max_tokens": 1})
        assert time.perf_counter() - start >= 0.15


def test_timings_start_when_the_request_is_sent_not_while_it_waits_for_a_connection():
    # one connection for two requests: the second waits for the first to finish before it is sent. The
    # server's 0.3 s to the first token is what both should measure, not 0.6 s for the second.
    import asyncio

    import orjson

    from assetgen.run.client import Client

    async def ask(url):
        client = Client(url, None, concurrency=1, timeout=30, retries=0)
        body = orjson.dumps({"model": "m", "messages": [{"role": "user", "content": "What is 2 + 2?"}],
                             "stream": True, "max_tokens": 4})
        try:
            return await asyncio.gather(client.chat(body, True), client.chat(body, True))
        finally:
            await client.close()

    with Running(ServeOptions(pace=Pace(ttft_s=0.3))) as url:
        first, second = asyncio.run(ask(url))
    assert first.status == second.status == "ok"
    assert second.ttft_s < 1.5 * first.ttft_s, (first.ttft_s, second.ttft_s)

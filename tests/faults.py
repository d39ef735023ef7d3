"""A hostile OpenAI-compatible server for tests: every request is answered by one fault of a catalogue.

Each fault is one way a server breaks the protocol, echoes the API key, sends markup or control
characters, or sends far too much; `FAULTS[name].expect` says what the runner must record for it: 'ok'
(an answer, scrubbed) or the one-line error it must carry. `FaultServer(plan=[...])` serves a fixed
list of faults in order (then 'ok'); `FaultServer(mix=seed, count=n)` a seeded shuffle of n of them.
Loopback only, in a thread, like `fake_openai.FakeServer`.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web
from fake_openai import FakeServer

KEY = "sk-proj-HARDEN1ng0123456789abcdefghijklmnopqrstuvwxyzABCDEF"
ANSWER = "The answer is 4."
# model text a report must defuse: rich markup, terminal escapes, Markdown links and images, HTML, bidi, NUL
NASTY = ("[/bold][red]x[/red] \x1b[2J\x1b]0;pwned\x07 [click me](javascript:alert(1)) ![beacon](http://10.0.0.1/b.png) "
         "<script>alert(1)</script> \u202eevil\u202c nul\x00byte")
# links and an image a Markdown renderer would make live, first so that a grader's quote of the answer keeps them
LINKS = "![b](http://10.0.0.1/b.png) [c](javascript:alert(1)) <http://10.0.0.2/> www.evil.example x@evil.example"
USAGE = {"prompt_tokens": 100, "completion_tokens": 12, "total_tokens": 112}

Handler = Callable[["FaultServer", web.Request, dict], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Fault:
    name: str
    handler: Handler
    expect: str  # 'ok', 'ok:<what the content is>' or an error class of `classify` in test_faults
    weight: int = 4  # how often the seeded mix serves it (slow or bulky faults less)


FAULTS: dict[str, Fault] = {}


def fault(expect: str, weight: int = 4):
    def register(handler: Handler) -> Handler:
        name = handler.__name__.removeprefix("f_").replace("_", "-")
        FAULTS[name] = Fault(name, handler, expect, weight)
        return handler
    return register


def chunk(delta: dict | None = None, finish: str | None = None, **extra) -> dict:
    return {"id": "x", "model": "fake-vlm", **extra,
            "choices": [{"index": 0, "delta": delta if delta is not None else {}, "finish_reason": finish}]}


async def sse(request: web.Request, events: list, *, raw: bytes = b"", done: bool = True,
              sep: bytes = b"\n\n") -> web.StreamResponse:
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    await response.prepare(request)
    for event in events:
        data = event if isinstance(event, bytes) else json.dumps(event).encode()
        await response.write(b"data: " + data + sep)
    if raw:
        await response.write(raw)
    if done:
        await response.write(b"data: [DONE]" + sep)
    return response


def answer_events(text: str = ANSWER, **extra) -> list:
    words = text.split(" ")
    pieces = [w + (" " if k < len(words) - 1 else "") for k, w in enumerate(words)]
    return [*(chunk({"content": p}, **extra) for p in pieces), chunk({}, "stop", **extra),
            {"model": "fake-vlm", **extra, "choices": [], "usage": USAGE}]


def completion(content, *, model="fake-vlm", finish="stop", message=None) -> dict:
    return {"id": "x", "model": model, "usage": USAGE,
            "choices": [{"index": 0, "message": message if message is not None else
                         {"role": "assistant", "content": content}, "finish_reason": finish}]}


def at(text_before: int, secret: str, filler: str = "e") -> str:
    """A message with `secret` starting at character `text_before`: where a cut at 200 or 300 lands in it."""
    return filler * text_before + secret + " and more text after it" * 4


# ---- answers the runner must record as answers (scrubbed, escaped later by the reports) -------------

@fault("ok")
async def f_ok(server, request, body):
    return await sse(request, answer_events())


@fault("ok")
async def f_ok_json(server, request, body):  # a 200 JSON answer although a stream was asked for
    return web.json_response(completion(ANSWER))


@fault("ok")
async def f_sse_variants(server, request, body):  # comments, event/id lines, no space after data:, CRLF
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8"})
    await response.prepare(request)
    await response.write(b": keep-alive\r\n\r\nevent: message\r\nid: 1\r\n")
    for event in answer_events():
        await response.write(b"data:" + json.dumps(event).encode() + b"\r\n\r\n")
    await response.write(b"data:[DONE]\r\n\r\n")
    return response


@fault("ok:nasty")
async def f_nasty_text(server, request, body):
    return await sse(request, answer_events(f"{NASTY} the key is {KEY} ok"))


@fault("ok:nasty")
async def f_nasty_json(server, request, body):
    return web.json_response(completion(f"{NASTY} the key is {KEY} ok"))


@fault("ok:links")
async def f_links(server, request, body):
    return await sse(request, answer_events(LINKS))


@fault("ok")
async def f_key_in_model_and_finish(server, request, body):  # the key echoed where no one looks
    events = answer_events(model=f"[/bold]\x1b[31m{KEY}")
    events[-2]["choices"][0]["finish_reason"] = f"{KEY}\x1b[0m"
    return await sse(request, events)


@fault("ok:long", weight=1)
async def f_long_line(server, request, body):  # one data: line far over aiohttp's 512 KiB line limit
    return await sse(request, [chunk({"content": "a" * server.long_line}), chunk({}, "stop")])


@fault("ok:key-split")
async def f_key_split_across_events(server, request, body):  # the key in pieces: only the joined text has it
    half = len(KEY) // 2
    events = answer_events(f"{ANSWER} x")
    events[-3] = chunk({"content": KEY[:half]})
    events.insert(-2, chunk({"content": KEY[half:]}))
    return await sse(request, events)


# ---- failures the runner must record as errors with their cause ------------------------------------

@fault("http-500")
async def f_error_key_at_300(server, request, body):  # the runner used to cut at 300, then scrub
    return web.json_response({"error": {"message": at(284, KEY)}}, status=500)


@fault("http-503")
async def f_text_key_at_200(server, request, body):  # plain text body: the runner used to cut at 200
    return web.Response(text=at(185, KEY), status=503)


@fault("http-401")
async def f_echo_authorization(server, request, body):
    return web.json_response({"error": {"message": f"bad key {request.headers.get('Authorization')}"}}, status=401)


@fault("http-401")
async def f_key_prefix_at_end(server, request, body):  # a server that cut its own message inside the key
    return web.json_response({"error": {"message": "invalid api key " + KEY[:10]}}, status=401)


@fault("http-429")
async def f_bad_retry_after(server, request, body):
    value = random.Random(len(server.served)).choice(["soon-ish", "-5", "nan", "inf", "1e400", "",
                                                       "Wed, 21 Oct 2015 07:28:00 GMT", "Fri, 31 Dec 9999"])
    return web.json_response({"error": {"message": "slow down"}}, status=429, headers={"Retry-After": value})


@fault("http-404")
async def f_no_such_model(server, request, body):
    return web.json_response({"error": {"message": f"The model `{body.get('model')}` does not exist."}}, status=404)


@fault("http-307")
async def f_redirect(server, request, body):  # never followed: it could carry the key elsewhere
    return web.Response(status=307, headers={"Location": f"http://127.0.0.1:{server.port}/v1/elsewhere"})


@fault("http-500", weight=2)
async def f_huge_error_body(server, request, body):  # read up to 64 KiB, the rest never
    return web.Response(text="e" * 1_000_000 + KEY, status=500)


@fault("stream-error")
async def f_stream_error_event(server, request, body):
    return await sse(request, [chunk({"content": "The "}), {"error": {"message": at(172, KEY)}}])


@fault("cut")
async def f_stream_cut(server, request, body):
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    await response.prepare(request)
    await response.write(b"data: " + json.dumps(chunk({"content": "The answer"})).encode() + b"\n\n")
    request.transport.close()
    return response


@fault("ended-early")
async def f_stream_no_done(server, request, body):
    return await sse(request, [chunk({"content": "The answer"})], done=False)


@fault("bad-json")
async def f_stream_bad_json(server, request, body):
    return await sse(request, [chunk({"content": "The "}), b"{not json"])


@fault("bad-json")
async def f_stream_bad_utf8(server, request, body):
    return await sse(request, [b'{"choices": [{"delta": {"content": "\xff\xfe"}}]}'])


@fault("no-choices")
async def f_stream_empty_choices(server, request, body):
    return await sse(request, [{"id": "x", "choices": []}, {"id": "x", "choices": [], "usage": USAGE}])


@fault("bad-content")
async def f_stream_list_content(server, request, body):
    return await sse(request, [chunk({"content": [{"type": "text", "text": ANSWER}]}), chunk({}, "stop")])


@fault("bad-delta")
async def f_stream_list_delta(server, request, body):
    return await sse(request, [{"choices": [{"index": 0, "delta": [ANSWER]}]}, chunk({}, "stop")])


@fault("bad-choices")
async def f_stream_choices_not_list(server, request, body):
    return await sse(request, [{"choices": {"delta": {"content": ANSWER}}}, chunk({}, "stop")])


@fault("over-limit", weight=1)
async def f_stream_over_limit(server, request, body):  # small events adding up past the answer limit
    piece = "b" * 16384
    events = [chunk({"content": piece}) for _ in range(server.over_limit // 16384 + 2)]
    return await sse(request, [*events, chunk({}, "stop")])


@fault("no-choices")
async def f_json_empty_choices(server, request, body):
    return web.json_response({"id": "x", "model": "fake-vlm", "choices": []})


@fault("bad-content")
async def f_json_list_content(server, request, body):
    return web.json_response(completion([{"type": "text", "text": ANSWER}]))


@fault("bad-message")
async def f_json_message_not_object(server, request, body):
    return web.json_response(completion(None, message=[ANSWER]))


@fault("not-object")
async def f_json_not_object(server, request, body):
    return web.json_response([ANSWER])


@fault("bad-json")
async def f_json_garbage(server, request, body):
    return web.Response(text="<html>not json", content_type="text/html")


@fault("bad-json")
async def f_json_empty_body(server, request, body):
    return web.Response(body=b"", content_type="application/json")


@fault("over-limit", weight=1)
async def f_json_over_limit(server, request, body):
    payload = json.dumps(completion("c" * (server.over_limit + 10))).encode()
    response = web.StreamResponse(headers={"Content-Type": "application/json"})
    response.enable_chunked_encoding()  # no Content-Length: the limit must hold while reading
    await response.prepare(request)
    for start in range(0, len(payload), 65536):
        await response.write(payload[start:start + 65536])
    return response


@fault("disconnected")
async def f_hang_up(server, request, body):
    request.transport.close()
    return web.Response()


@fault("http-500")
async def f_error_not_json_object(server, request, body):  # {"error": ...} of every shape
    shapes = [["list", KEY], 42, None, {"message": None, "code": KEY}, {"message": {"nested": KEY}}, ""]
    return web.json_response({"error": shapes[len(server.served) % len(shapes)]}, status=500)


@fault("http-502")
async def f_html_error_page(server, request, body):
    return web.Response(text=f"<html><body><h1>502 Bad Gateway</h1>\x1b[2J{KEY}</body></html>", status=502,
                        content_type="text/html")


@fault("bad-json")
async def f_stream_nul_and_control_bytes(server, request, body):  # raw control bytes are not JSON
    return await sse(request, [b'{"choices": [{"delta": {"content": "a\x00\x1b"}}]}'])


@fault("ok:escaped-controls")
async def f_stream_escaped_controls(server, request, body):  # JSON-escaped controls are text, kept
    return await sse(request, answer_events("a\u0000b\u001b[2Jc\u202ed"))


@fault("timeout", weight=1)
async def f_slow(server, request, body):
    await asyncio.sleep(server.slow_s)
    return web.json_response(completion(ANSWER))


@fault("bad-http", weight=2)
async def f_huge_header(server, request, body):  # a header line over aiohttp's limit
    return web.Response(text="{}", headers={"X-Key": KEY + "h" * 200_000})


class FaultServer(FakeServer):
    """Serves `plan` in order (then 'ok'), or a seeded mix of `count` faults; records what it served."""

    def __init__(self, *, plan: list[str] | None = None, mix: int | None = None, count: int = 0,
                 models: list[str] | None = None, long_line: int = 1_000_000, over_limit: int = 1 << 20,
                 slow_s: float = 3.0, **kw):
        super().__init__(**kw)
        if mix is not None:
            rng = random.Random(mix)
            names = list(FAULTS)
            plan = rng.choices(names, weights=[FAULTS[n].weight for n in names], k=count)
        for name in plan or ():
            assert name in FAULTS, name
        self.plan = list(plan or [])
        self.model_ids = models or ["fake-vlm"]
        self.long_line, self.over_limit, self.slow_s = long_line, over_limit, slow_s
        self.served: list[str] = []
        self.elsewhere = 0
        self._plan_lock = threading.Lock()

    async def models(self, request):
        return web.json_response({"object": "list", "data": [{"id": m, "object": "model"} for m in self.model_ids]})

    async def chat(self, request):
        body = await request.json()
        self.headers.append(dict(request.headers))
        with self._plan_lock:
            name = self.plan.pop(0) if self.plan else "ok"
            self.served.append(name)
        return await FAULTS[name].handler(self, request, body)

    async def redirected(self, request):
        self.elsewhere += 1
        return web.json_response(completion("followed a redirect"))

    def routes(self) -> list:
        # the redirect target: counted, so a test can prove the runner never went there
        return [*super().routes(), web.post("/v1/elsewhere", self.redirected)]


def key_fragments(key: str = KEY, size: int = 12) -> list[str]:
    """Every `size`-character piece of the key: none of them may appear anywhere."""
    return sorted({key[i:i + size] for i in range(len(key) - size + 1)})


def leaks(data: bytes | str, key: str = KEY) -> list[str]:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return [f for f in key_fragments(key) if f in text]



"""`assetgen serve`: an OpenAI-compatible server whose answers come from the pixels it is sent.

Behaviour knobs emulate real servers honestly: frame sampling (`num_frames`, `fps`), thinking,
secret redaction, latency and token pacing, injected 500/429 failures, repetition loops. A
small `max_tokens` really cuts the answer (or the reasoning) with finish_reason 'length'.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
import time
from dataclasses import dataclass, field

import numpy as np
import orjson
from aiohttp import web

from assetgen.media.lang import answer_in, detect, to_english
from assetgen.media.tokens import count_tokens
from assetgen.media.video import sample_indices
from assetgen.reference import context, memory, pacing, toolcalls
from assetgen.reference.kv import KvLoad
from assetgen.reference.media import MediaError, MediaLimits, decode_media
from assetgen.reference.params import ParamError, check_message, check_params
from assetgen.reference.solver import Clip, solve
from assetgen.reference.text import answer_text
from assetgen.reference.vision_tokens import clip_tokens, downscale, image_tokens

MODEL = "assetgen-reference"
_SECRET = re.compile(r"sk-(?:proj-)?[A-Za-z0-9]{8,}")
# a connection must send a whole request head within this many seconds of opening (or of its last answer): a
# client trickling header bytes (slowloris) would otherwise hold a file descriptor for as long as it likes.
# Above the aiohttp client's 15 s keep-alive, so no client reuses a connection the server is closing.
HEADER_TIMEOUT_S = 30.0
log = logging.getLogger("assetgen.serve")


QUESTION_CHARS = 4_000
"""The longest question read back from Japanese or Chinese; of a longer text only its last line is (a document
comes before the question)."""


def _question(text: str) -> tuple[str, str]:
    """(what comes before the question, the question): a long text's last line is its question."""
    if len(text) <= QUESTION_CHARS:
        return "", text
    before, newline, question = text.rpartition("\n")
    return before + newline, question


def asked_in(text: str) -> str:
    """The language a question is asked in: 'ja', 'zh' or 'en' (also for a question too long to be one)."""
    question = _question(text)[1]
    return "en" if len(question) > QUESTION_CHARS else detect(question)


def in_english(text: str) -> str:
    """A question asked in Japanese or Chinese (issue #35) read back into the English one its templates came
    from (assetgen/media/lang.py), so the solver's English patterns answer it; only the question is read, never
    a document sent before it, and an English text is returned as is."""
    head, question = _question(text)
    lang = asked_in(text)
    return text if lang == "en" else head + to_english(question, lang)


@dataclass
class ServeOptions:
    num_frames: int | None = None  # look at only N uniformly sampled frames of each clip
    fps: float | None = None  # or sample clips at this rate from the container's fps, like vLLM's loader
    max_pixels: int | None = None  # images downscaled to at most this many pixels first, as Qwen's processor does
    think: bool = False  # reason before answering (in `reasoning`, or <think> in content)
    think_in_content: bool = False
    redact_secrets: bool = False  # mask sk-... keys it reads
    latency: float = 0.0  # seconds before the first token
    tokens_per_s: float | None = None  # pace the stream
    fail_rate: float = 0.0  # share of requests answered 500 or 429 (Retry-After: 1)
    degenerate: bool = False  # answer with a repetition loop
    no_tool_parser: bool = False  # refuse requests with tools as vLLM does without --enable-auto-tool-choice
    seed: int = 0  # for the injected failures
    max_body: int = 64 * 1024 * 1024
    max_prompt_chars: int = 1 << 20  # a longer prompt is refused like a context-length overflow
    limits: MediaLimits = field(default_factory=MediaLimits)  # what one request may make it decode
    workers: int = 2  # requests decoded and solved at once; the others wait (memory stays bounded)
    pace: pacing.Pace = field(default_factory=pacing.Pace)  # timing and length emulation (pacing.py)
    max_model_len: int | None = None  # a context limit like vLLM's: reported by /v1/models, a longer prompt a 400
    header_timeout: float = HEADER_TIMEOUT_S  # seconds a connection has to send a whole request head


def _error(status: int, message: str, kind: str = "invalid_request_error", param: str | None = None) -> web.Response:
    extra = {"param": param} if param else {}
    return web.json_response({"error": {"message": message, "type": kind, **extra, "code": status}}, status=status)


_tokens = pacing.tokens  # one tokenizer for prompts, answers and usage (pacing.py documents it)


def _url(part: dict, kind: str) -> object:
    value = part.get(kind)
    if not isinstance(value, dict) or not isinstance(value.get("url"), str):
        raise ParamError(f"{kind} must be an object with a string 'url', got {type(value).__name__}")
    return value["url"]


class Reference:
    def __init__(self, options: ServeOptions):
        from assetgen.reference import ocr

        self.warming = ocr.warm_up_in_background()  # the first OCR request need not wait
        self.options = options
        self.rng = np.random.default_rng(options.seed)
        self.counters = {"requests": 0, "errors": 0, "prompt_tokens": 0, "completion_tokens": 0, "disconnects": 0,
                         "header_timeouts": 0}
        self.waiting_heads: dict = {}  # connection (aiohttp's handler) -> the timer that closes it without a head
        self.slots = asyncio.Semaphore(options.workers)
        self.kv = KvLoad(max_model_len=options.max_model_len)  # what /metrics says the requests in flight hold
        p = options.pace  # --latency and --tokens-per-s are the older spellings of the pace's first two
        token_s = p.token_s or (1 / options.tokens_per_s if options.tokens_per_s else 0.0)
        self.pace = pacing.Pace(p.ttft_s + options.latency, token_s, p.prefill_s_per_1k, p.length_fields,
                                p.runaway_reasoning)

    def app(self) -> web.Application:
        app = web.Application(client_max_size=self.options.max_body, middlewares=[self._hang_ups])
        app.on_cleanup.append(self._settle)
        app.add_routes([web.get("/v1/models", self.models), web.post("/v1/chat/completions", self.counted_chat),
                        web.get("/health", self.health), web.get("/metrics", self.metrics),
                        web.post("/tokenize", self.tokenize)])
        return app

    @web.middleware
    async def _hang_ups(self, request: web.Request, handler):
        """A client that leaves -- mid-body, during --latency, mid-stream -- is a counted disconnect and one
        quiet log line, not a traceback: nobody is left to answer. And a head has arrived: no time-out."""
        timer = self.waiting_heads.pop(request.protocol, None)
        if timer is not None:
            timer.cancel()
        try:
            return await handler(request)
        except ConnectionError:  # ConnectionResetError, aiohttp's ClientConnectionResetError ...
            self.counters["disconnects"] += 1
            log.info("a client (%s) hung up during %s %s", request.remote, request.method, request.path)
            return web.Response(status=499)  # never sent: aiohttp drops a response to a closed connection

    def guard_heads(self, server: web.Server) -> None:
        """Close a connection that sends no whole request head within `header_timeout` of opening. aiohttp's
        keep-alive timeout (set to the same) covers the heads after the first; older aiohttp releases never
        time out the first one, so this timer does, whatever the version."""
        loop, seconds, made, lost = asyncio.get_running_loop(), self.options.header_timeout, \
            server.connection_made, server.connection_lost

        def expire(handler, transport) -> None:
            if self.waiting_heads.pop(handler, None) is not None and not transport.is_closing():
                self.counters["header_timeouts"] += 1
                log.info("closed a connection that sent no whole request head within %g s", seconds)
                transport.close()

        def connection_made(handler, transport) -> None:
            made(handler, transport)
            self.waiting_heads[handler] = loop.call_later(seconds, expire, handler, transport)

        def connection_lost(handler, exc=None) -> None:
            timer = self.waiting_heads.pop(handler, None)
            if timer is not None:
                timer.cancel()
            lost(handler, exc)

        server.connection_made, server.connection_lost = connection_made, connection_lost

    async def start(self, host: str, port: int) -> web.AppRunner:
        """The app listening on host:port, heads timed out; `runner.cleanup()` stops it."""
        runner = web.AppRunner(self.app(), access_log=None, keepalive_timeout=self.options.header_timeout)
        await runner.setup()
        self.guard_heads(runner.server)
        await web.TCPSite(runner, host, port).start()
        return runner

    async def _settle(self, app) -> None:
        """At shutdown, wait for the OCR warm-up: a thread still loading models in onnxruntime while the
        interpreter exits aborts the process (SIGABRT) instead of a clean exit."""
        await asyncio.to_thread(self.warming.join, 60)

    async def models(self, request):
        limit = {"max_model_len": self.options.max_model_len} if self.options.max_model_len else {}
        return web.json_response({"object": "list", "data": [{"id": MODEL, "object": "model",
                                                               "owned_by": "assetgen", **limit}]})

    async def tokenize(self, request):
        """vLLM's /tokenize: a chat body is counted as usage counts it (text and media, decoded with the same
        caps), so the count a client checks against max_model_len is the prompt_tokens it will be billed."""
        try:
            body = orjson.loads(await request.read())
            count = None
            if isinstance(body, dict) and isinstance(body.get("messages"), list) and body["messages"]:
                async with self.slots:
                    count = (await asyncio.to_thread(self._read, body))[3]
            return web.json_response(context.tokenize(body, self.options.max_model_len,
                                                      self.options.max_prompt_chars, count))
        except orjson.JSONDecodeError:
            return _error(400, "the request body is not valid JSON")
        except (MediaError, ParamError) as exc:
            return _error(getattr(exc, "status", 400), str(exc), getattr(exc, "kind", "invalid_request_error"))

    async def health(self, request):
        return web.Response(text="ok")

    async def metrics(self, request):
        lines = [f"assetgen_reference_{k}_total {v}" for k, v in self.counters.items()] + self.kv.lines(MODEL)
        return web.Response(text="\n".join(lines) + "\n", content_type="text/plain")

    def _sample(self, frames: list[np.ndarray], fps: float | None) -> list[np.ndarray]:
        o = self.options
        if o.num_frames:
            return [frames[i] for i in sample_indices(len(frames), o.num_frames)]
        if o.fps and fps:
            n = max(2, min(len(frames), int(len(frames) / fps * o.fps)))
            return [frames[i] for i in sample_indices(len(frames), n)]
        return frames

    def _parse(self, body) -> tuple[str, list[np.ndarray], list[list[np.ndarray]], int]:
        """`_read`, then the prompt checked against max_model_len as vLLM checks it (a 400)."""
        text, images, clips, prompt_tokens = self._read(body)
        context.check_length(prompt_tokens, self.options.max_model_len)
        return text, images, clips, prompt_tokens

    def _read(self, body) -> tuple[str, list[np.ndarray], list[list[np.ndarray]], int]:
        """Text, decoded media and prompt tokens of a request; its shape is checked, and the prompt's size,
        before any media is decoded."""
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise ParamError("'messages' must be a non-empty list")
        texts, media = [], []
        for index, message in enumerate(messages):
            check_message(index, message)
            if message["role"] != "user":
                continue
            content = message.get("content")
            if isinstance(content, str):
                texts.append(content)
                continue
            for part in content or []:
                kind = part.get("type") if isinstance(part, dict) else None
                if kind == "text":
                    if not isinstance(part.get("text"), str):
                        raise ParamError("a text part's text must be a string")
                    texts.append(part["text"])
                elif kind in ("image_url", "video_url"):
                    media.append((kind, _url(part, kind)))
                else:
                    raise ParamError(f"unsupported content part type {kind!r}")
        text = "\n".join(texts)
        if len(text) > self.options.max_prompt_chars:
            raise ParamError(f"the prompt is {len(text)} characters, over the limit of "
                             f"{self.options.max_prompt_chars}")
        images, clips = [], []
        media_tokens = 0  # counted Qwen-style (vision_tokens): per 28x28 patch, per pair of frames
        for (kind, _), value in zip(media, decode_media(media, self.options.limits), strict=True):
            if kind == "image_url":
                media_tokens += image_tokens(value, self.options.max_pixels)
                images.append(downscale(value, self.options.max_pixels))
                continue
            frames, fps = value
            if not frames:
                raise MediaError("video_url: no frames")
            clip = Clip(self._sample(frames, fps))
            clip.seconds = (len(frames) - 1) / fps if fps else None
            media_tokens += clip_tokens(clip)
            clips.append(clip)
        return text, images, clips, count_tokens(text) + media_tokens

    def _answer(self, body, parsed=lambda tokens: None) -> tuple[str, int, str, str, list[dict]]:
        """Decoded and answered in one worker thread; the media are dropped as soon as answered (not held while
        the answer streams) and their memory given back (memory.py). `parsed(prompt_tokens)` is told when the
        request is read, before it is answered."""
        text, images, clips, prompt_tokens = self._parse(body)
        parsed(prompt_tokens)
        reasoning, answer, calls = self._compose(body, text, images, clips)
        del images, clips
        memory.give_back()
        return text, prompt_tokens, reasoning, answer, calls

    def _compose(self, body, text, images, clips) -> tuple[str, str, list[dict]]:
        """(reasoning, answer, tool calls) before any token budget is applied."""
        asked = asked_in(text)
        text = in_english(text)
        calls: list[dict] = []
        if images or clips:
            answer = solve(text, images, clips)
        else:  # text only: prose of a known length for a long-form prompt, a needle's answer, or text.py's
            # (first when tools are offered: a question a tool answers is a tool call, not arithmetic)
            answer = None if body.get("tools") else pacing.long_form(text) or context.answer_needle(text)
            if answer is None:
                reply = answer_text(text, body.get("tools"))
                calls = reply.tool_calls if reply else []
                answer = (reply.content or "") if reply else solve(text, images, clips)
        if isinstance(answer, list):
            answer = "".join(answer)
        answer = answer_in(answer, asked)  # a color, a shape, yes or no in the language asked
        if self.options.redact_secrets:
            answer = _SECRET.sub("sk-proj-****", answer)
        if self.options.degenerate:
            answer = "the the " * 200
        reasoning = ""
        thinking = self.options.think
        kwargs = body.get("chat_template_kwargs")
        if isinstance(kwargs, dict) and "enable_thinking" in kwargs:
            thinking = bool(kwargs["enable_thinking"])
        if thinking:
            seen = f"{len(images)} image(s)" + (f" and {len(clips)} clip(s) of {', '.join(str(len(c)) for c in clips)}"
                                                 f" frames" if clips else "")
            reasoning = (f"I am given {seen}. I will look at the pixels carefully, locate every relevant object, "
                         "measure its colour and position, and then answer the question exactly as asked. "
                         "Let me check each part of the image one by one before writing the final answer.")
        return reasoning, answer, calls

    async def chat(self, request: web.Request):
        start = asyncio.get_running_loop().time()  # the pace counts from the request's arrival
        self.counters["requests"] += 1
        try:
            body = orjson.loads(await request.read())
        except orjson.JSONDecodeError:
            self.counters["errors"] += 1
            return _error(400, "the request body is not valid JSON")
        if self.options.fail_rate and self.rng.random() < self.options.fail_rate:
            self.counters["errors"] += 1
            if self.rng.random() < 0.5:
                return web.json_response({"error": {"message": "injected overload", "type": "rate_limit"}},
                                         status=429, headers={"Retry-After": "1"})
            return _error(500, "injected server error", "server_error")
        try:
            if not isinstance(body, dict):
                raise ParamError("the request body must be a JSON object")
            check_params(body)
            limits = pacing.lengths(body, self.pace)
            refused = toolcalls.no_parser_error(body) if self.options.no_tool_parser else None
            if refused:
                self.counters["errors"] += 1
                return _error(400, refused, "BadRequestError")
            # decoding and solving run in a worker thread, never on the event loop; the prompt is in the cache
            # (KvLoad) from when it is read until the answer is made
            async with self.kv.slot(id(request), self.slots):
                loop, key = asyncio.get_running_loop(), id(request)
                parsed = lambda tokens: loop.call_soon_threadsafe(self.kv.hold, key, tokens)  # noqa: E731
                text, prompt_tokens, reasoning, answer, calls = await asyncio.to_thread(self._answer, body, parsed)
        except (MediaError, ParamError) as exc:
            self.counters["errors"] += 1
            return _error(getattr(exc, "status", 400), str(exc), getattr(exc, "kind", "invalid_request_error"),
                          getattr(exc, "param", None))
        r_tokens, a_tokens, finish = pacing.shape(_tokens(reasoning), _tokens(answer), limits, self.pace, text[:200])
        c_tokens = toolcalls.argument_tokens(calls)
        if calls:  # the calls come after any reasoning and text, within what max_tokens leaves
            room = None if limits.max_tokens is None else limits.max_tokens - len(r_tokens) - len(a_tokens)
            if room is not None and sum(map(len, c_tokens)) > room:
                calls, c_tokens, _ = toolcalls.within(calls, c_tokens, room)
                finish = "length"
            elif finish == "stop":
                finish = "tool_calls"
        in_content = self.options.think_in_content and r_tokens
        generated = len(r_tokens) + len(a_tokens) + sum(map(len, c_tokens))
        usage = {"prompt_tokens": prompt_tokens, "completion_tokens": generated,
                 "total_tokens": prompt_tokens + generated}
        self.counters["prompt_tokens"] += prompt_tokens
        # the KV cache holds the prompt, and the tokens as they are generated (a whole answer at once unstreamed)
        self.kv.hold(id(request), prompt_tokens + (0 if body.get("stream") else generated))
        self.counters["completion_tokens"] += usage["completion_tokens"]
        clock = pacing.Clock(start, self.pace.first_token_s(prompt_tokens), self.pace.token_s)
        if in_content:  # a model that thinks in its content, with tags (closed only if it got there)
            closing = ["</think>\n"] if finish == "stop" or a_tokens else []
            a_tokens = ["<think>", *r_tokens, *closing, *a_tokens]
            r_tokens = []
        if not body.get("stream"):
            message = {"role": "assistant", "content": "".join(a_tokens) if a_tokens else None}
            if r_tokens:
                message["reasoning"] = "".join(r_tokens)
            if calls:
                message["tool_calls"] = toolcalls.message_calls(calls, f"chatcmpl-{self.counters['requests']}")
            await clock.wait(max(0, usage["completion_tokens"] - 1))  # the whole answer, paced as if streamed
            return web.json_response({"id": f"chatcmpl-{self.counters['requests']}", "object": "chat.completion",
                                      "created": 0, "model": MODEL,
                                      "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                                      "usage": usage})
        return await self._stream(request, body, r_tokens, a_tokens, finish, usage, clock, calls, c_tokens)

    async def counted_chat(self, request: web.Request):
        """`chat`, its request counted on /metrics from arrival to its last byte (reference/kv.py)."""
        try:
            return await self.chat(request)
        finally:
            self.kv.leave(id(request))

    async def _stream(self, request, body, r_tokens, a_tokens, finish, usage, clock, calls=(), c_tokens=()):
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"})
        await response.prepare(request)
        ident = f"chatcmpl-{self.counters['requests']}"

        async def send(delta: dict, finish_reason=None, extra=None):
            chunk = {"id": ident, "object": "chat.completion.chunk", "created": 0, "model": MODEL,
                     "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}
            await response.write(b"data: " + orjson.dumps(chunk | (extra or {})) + b"\n\n")

        try:
            await send({"role": "assistant"})
            k = 0
            for field_name, tokens in (("reasoning", r_tokens), ("content", a_tokens)):
                for token in tokens:
                    await clock.wait(k)
                    k += 1
                    await send({field_name: token})
                    self.kv.grow(id(request))
            for delta in toolcalls.call_deltas(list(calls), list(c_tokens), ident):
                if "id" not in delta["tool_calls"][0]:  # argument pieces are tokens: paced like the others
                    await clock.wait(k)
                    k += 1
                await send(delta)
            await send({}, finish)
            options = body.get("stream_options")
            if isinstance(options, dict) and options.get("include_usage"):
                await response.write(b"data: " + orjson.dumps({"id": ident, "object": "chat.completion.chunk",
                                                               "created": 0, "model": MODEL, "choices": [],
                                                               "usage": usage}) + b"\n\n")
            await response.write(b"data: [DONE]\n\n")
        except ConnectionError:  # the client hung up mid-stream: nothing to answer, one line to log
            self.counters["disconnects"] += 1
            log.info("a client (%s) hung up mid-stream", request.remote)
        return response


def serve(host: str, port: int, options: ServeOptions) -> None:
    """Serve until Ctrl-C or SIGTERM, then close every connection and return."""
    if not log.handlers:  # its notes (hang-ups, timed-out heads) as one line each on stderr; no one else's
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("assetgen serve: %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)

    async def main() -> None:
        runner = await Reference(options).start(host, port)
        stop = asyncio.Event()
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows' loop: Ctrl-C still ends it
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        try:
            await stop.wait()
        finally:
            await runner.cleanup()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())


class Running:
    """The reference server in a background thread on a free loopback port (for `eval` and tests)."""

    def __init__(self, options: ServeOptions | None = None):
        self.options = options or ServeOptions()

    def __enter__(self) -> str:
        import socket
        import threading

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run():
            asyncio.set_event_loop(self.loop)
            self.runner = self.loop.run_until_complete(Reference(self.options).start("127.0.0.1", self.port))
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        if not ready.wait(30):
            raise RuntimeError("the reference server did not start")
        return f"http://127.0.0.1:{self.port}/v1"

    def __exit__(self, *exc):
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)
        time.sleep(0)

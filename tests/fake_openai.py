"""A small OpenAI-compatible server for tests, run in a thread on a loopback port.

It answers with canned text (it is a protocol fixture, not a model) and can misbehave on purpose:
`behaviour` maps a case-id substring (matched in the prompt's media or text) to a list of actions
consumed per request: 'ok', '429', '500', 'slow', 'cut', 'garbage', 'empty', 'nostream', 'reason'.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time

from aiohttp import web

logging.getLogger("aiohttp").setLevel(logging.CRITICAL)  # a client hanging up on a slow answer is expected


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class FakeServer:
    def __init__(self, *, answer: str = "The answer is 4.", script: list[str] | None = None,
                 metrics: str | list[str] | None = None, stream_supported: bool = True, spec: dict | None = None):
        """`metrics`: the /metrics page, or pages served in turn (the last one repeats); `spec`: vLLM's
        per-answer `metrics.speculative_decoding`, sent with the usage."""
        self.answer, self.script = answer, list(script or [])
        self.metrics, self.stream_supported, self.spec = metrics, stream_supported, spec
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self._lock = threading.Lock()

    def next_action(self) -> str:
        with self._lock:
            return self.script.pop(0) if self.script else "ok"

    async def models(self, request):
        return web.json_response({"object": "list", "data": [{"id": "fake-vlm", "object": "model"}]})

    async def metrics_page(self, request):
        if self.metrics is None:
            return web.Response(status=404)
        with self._lock:
            page = self.metrics if isinstance(self.metrics, str) else \
                (self.metrics.pop(0) if len(self.metrics) > 1 else self.metrics[0])
        return web.Response(text=page, content_type="text/plain")

    async def chat(self, request):
        body = await request.json()
        self.requests.append(body)
        self.headers.append(dict(request.headers))
        action = self.next_action()
        if action == "429":
            return web.json_response({"error": {"message": "slow down"}}, status=429, headers={"Retry-After": "0.2"})
        if action == "500":
            return web.json_response({"error": {"message": "boom"}}, status=500)
        if action == "400":
            return web.json_response({"error": {"message": "bad request: too many images"}}, status=400)
        if action == "slow":
            await asyncio.sleep(3)
        if action == "garbage":
            return web.Response(text="<html>not json", content_type="application/json")
        if action == "empty":
            return web.json_response({"id": "x", "choices": [], "model": "fake-vlm"})
        if action in ("huge", "huge-chunked"):  # an answer far larger than any real one
            payload = json.dumps({"model": "fake-vlm", "choices": [{"index": 0, "message": {
                "content": "x" * 100_000}, "finish_reason": "stop"}]}).encode()
            if action == "huge":
                return web.Response(body=payload, content_type="application/json")
            response = web.StreamResponse(headers={"Content-Type": "application/json"})
            response.enable_chunked_encoding()
            await response.prepare(request)
            for start in range(0, len(payload), 8192):
                await response.write(payload[start:start + 8192])
            return response
        if action == "hostile":  # valid JSON, every field the wrong type
            return web.json_response({"id": 1, "model": ["fake"], "choices": [
                {"index": "0", "message": {"content": self.answer, "reasoning": 7}, "finish_reason": 3}],
                "usage": {"prompt_tokens": "many", "completion_tokens": True, "total_tokens": -1.5,
                          "completion_tokens_details": "none"}})
        if action == "hostile-stream":
            response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
            await response.prepare(request)
            # only fields beside the answer's path are of the wrong type: a wrong choices, choice, delta
            # or content is a protocol error (tests/test_runner_faults.py)
            for chunk in ({"model": {"x": 1}, "choices": [{"delta": None, "finish_reason": ["stop"]}]},
                          {"model": 7, "choices": [{"delta": {"role": 3, "content": None}}]},
                          {"choices": [{"delta": {"content": self.answer, "reasoning": ["r"]}, "finish_reason": 9}]},
                          {"choices": [], "usage": {"prompt_tokens": "many", "completion_tokens": None}}):
                await response.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
            await response.write(b"data: [DONE]\n\n")
            return response
        stream = body.get("stream") and self.stream_supported
        if body.get("stream") and not self.stream_supported:
            return web.json_response({"error": {"message": "stream is not supported"}}, status=400)
        reasoning = "Let me look at the image carefully. " * 3 if action == "reason" else None
        usage = {"prompt_tokens": 100, "completion_tokens": 12, "total_tokens": 112}
        extra = {"metrics": {"speculative_decoding": self.spec}} if self.spec else {}
        if not stream:
            message = {"role": "assistant", "content": self.answer}
            if reasoning:
                message["reasoning"] = reasoning
            payload = {"id": "x", "model": "fake-vlm", "choices": [{"index": 0, "message": message,
                                                                     "finish_reason": "stop"}]}
            if action != "nousage":
                payload["usage"] = usage
            return web.json_response(payload | extra)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)

        async def send(obj):
            await response.write(b"data: " + json.dumps(obj).encode() + b"\n\n")

        if reasoning:
            for word in reasoning.split(" "):
                await send({"model": "fake-vlm", "choices": [{"index": 0, "delta": {"reasoning": word + " "}}]})
        words = self.answer.split(" ")
        for k, word in enumerate(words):
            await send({"model": "fake-vlm", "choices": [{"index": 0, "delta": {"content": word + (" " if k < len(
                words) - 1 else "")}}]})
            if action == "cut" and k == 1:
                request.transport.close()  # the connection drops mid-answer
                return response
        await send({"model": "fake-vlm", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        if action != "nousage":
            await send({"model": "fake-vlm", "choices": [], "usage": usage} | extra)
        await response.write(b"data: [DONE]\n\n")
        return response

    def routes(self) -> list:
        return [web.get("/v1/models", self.models), web.post("/v1/chat/completions", self.chat),
                web.get("/metrics", self.metrics_page)]

    def __enter__(self):
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.add_routes(self.routes())
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def serve():
            asyncio.set_event_loop(self.loop)
            self.runner = web.AppRunner(app)
            self.loop.run_until_complete(self.runner.setup())
            self.loop.run_until_complete(web.TCPSite(self.runner, "127.0.0.1", self.port).start())
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        ready.wait(10)
        time.sleep(0.05)
        return self

    def __exit__(self, *exc):
        async def stop():
            await self.runner.cleanup()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

"""The only code that talks HTTP: chat completions (streaming or not), models, metrics.

Every failure becomes an Outcome with status 'error' and a one-line message; retries are bounded
and honour Retry-After. Nothing here invents an answer.
"""

from __future__ import annotations

import asyncio
import email.utils
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson
from yarl import URL

RETRY_STATUSES = {408, 409, 429, 500, 502, 503, 504}
MAX_BACKOFF_S = 30.0
MAX_ANSWER_BYTES = 64 * 1024 * 1024  # a chat answer is kilobytes; a server sending more is broken or hostile
MAX_ERROR_BYTES = 64 * 1024


@dataclass
class Outcome:
    status: str = "ok"
    http_status: int | None = None
    error: str | None = None
    content: str | None = None
    reasoning: str | None = None
    finish_reason: str | None = None
    usage: dict[str, Any] | None = None
    model: str | None = None
    attempts: int = 0
    latency_s: float | None = None
    ttft_s: float | None = None
    text_chunks: int = 0  # stream chunks that carried reasoning or content
    ttfc_s: float | None = None
    partial_content: str | None = None
    streamed: bool = True
    spec: dict[str, Any] | None = None  # per-answer speculative-decoding counts (vLLM), checked by _spec
    retry_after: float | None = field(default=None, repr=False)


class Unreachable(Exception):
    """The endpoint cannot be reached at all (connection refused, DNS, TLS)."""


def _retry_after(headers) -> float | None:
    value = headers.get("Retry-After")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value)
        return max(0.0, parsed.timestamp() - time.time()) if parsed else None


async def _read_capped(response: aiohttp.ClientResponse, limit: int) -> bytes:
    """The body, or ValueError past `limit` bytes: memory stays bounded whatever the server sends."""
    if response.content_length is not None:  # the common case: one read, refused up front when too big
        if response.content_length > limit:
            raise ValueError(f"response of {response.content_length} bytes is over the {limit}-byte limit")
        return await response.read()
    parts, size = [], 0
    async for chunk in response.content.iter_chunked(1 << 16):
        size += len(chunk)
        if size > limit:
            raise ValueError(f"response over the {limit}-byte limit; not read further")
        parts.append(chunk)
    return b"".join(parts)


def _error_text(payload: bytes, status: int) -> str:
    try:
        data = orjson.loads(payload)
        error = data.get("error") if isinstance(data, dict) else None
        message = error.get("message") if isinstance(error, dict) else (error or data.get("message"))
        if message:
            return f"HTTP {status}: {' '.join(str(message).split())[:300]}"
    except (orjson.JSONDecodeError, AttributeError):
        pass
    text = payload[:200].decode("utf-8", "replace").strip()
    return f"HTTP {status}: {' '.join(text.split()) or 'no body'}"


# A server's JSON is untrusted: a field of the wrong type is dropped (None), never fatal to the run.
def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _usage(data: dict) -> dict | None:
    usage = data.get("usage")
    if not isinstance(usage, dict):
        return None
    details = usage.get("completion_tokens_details")
    out = {k: _count(usage.get(k)) for k in ("prompt_tokens", "completion_tokens", "total_tokens")}
    out["reasoning_tokens"] = _count(details.get("reasoning_tokens")) if isinstance(details, dict) else None
    return out


MAX_SPEC_TOKENS = 64  # a longer draft is no real configuration: the histogram is refused rather than stored


def _spec(data: dict) -> dict | None:
    """vLLM's `metrics.speculative_decoding` reduced to its counts, kept only when they agree with each other
    (steps and accepted tokens are the histogram's sums, as vLLM computes them)."""
    metrics = data.get("metrics")
    spec = metrics.get("speculative_decoding") if isinstance(metrics, dict) else None
    if not isinstance(spec, dict):
        return None
    hist = spec.get("acceptance_histogram")
    k, steps = _count(spec.get("num_spec_tokens")), _count(spec.get("num_spec_steps"))
    drafted, accepted = _count(spec.get("num_draft_tokens")), _count(spec.get("num_accepted_draft_tokens"))
    if not isinstance(hist, list) or not 0 < len(hist) <= MAX_SPEC_TOKENS + 1 or None in (k, steps, drafted, accepted):
        return None
    counts = [_count(n) for n in hist]
    if None in counts or sum(counts) != steps or sum(j * n for j, n in enumerate(counts)) != accepted:
        return None
    return {"num_spec_tokens": k, "steps": steps, "draft_tokens": drafted, "accepted_tokens": accepted,
            "histogram": counts}


def _parse_completion(data: Any, outcome: Outcome) -> None:
    if not isinstance(data, dict):
        raise ValueError("response is not a JSON object")
    if "error" in data and not data.get("choices"):
        raise ValueError(f"server error: {str(data['error'])[:200]}")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices:
        raise ValueError("response has no choices")
    choice = choices[0] if isinstance(choices[0], dict) else {}
    message = choice.get("message") if isinstance(choice.get("message"), dict) else {}
    outcome.content = _text(message.get("content"))
    outcome.reasoning = _text(message.get("reasoning")) or _text(message.get("reasoning_content"))
    outcome.finish_reason = _text(choice.get("finish_reason"))
    outcome.usage = _usage(data)
    outcome.model = _text(data.get("model"))
    outcome.spec = _spec(data)


async def _read_stream(response: aiohttp.ClientResponse, outcome: Outcome, start: float) -> None:
    content: list[str] = []
    try:
        await _read_events(response, outcome, start, content)
    except aiohttp.ClientPayloadError:
        outcome.partial_content = "".join(content) or None
        raise ValueError("stream ended early: the connection was cut mid-answer") from None


async def _read_events(response, outcome: Outcome, start: float, content: list[str]) -> None:
    reasoning, chunks, done = [], 0, False
    async for raw in response.content:
        line = raw.strip()
        if not line or line.startswith(b":") or not line.startswith(b"data:"):
            continue
        data = line[5:].strip()
        if data == b"[DONE]":
            done = True
            break
        try:
            chunk = orjson.loads(data)
        except orjson.JSONDecodeError:
            raise ValueError(f"invalid JSON in stream chunk {chunks + 1}") from None
        chunks += 1
        if not isinstance(chunk, dict):
            raise ValueError(f"stream chunk {chunks} is not a JSON object")
        if "error" in chunk:
            raise ValueError(f"server error in stream: {str(chunk['error'])[:200]}")
        outcome.model = _text(chunk.get("model")) or outcome.model
        if chunk.get("usage"):
            outcome.usage = _usage(chunk)
        if chunk.get("metrics"):  # vLLM sends per-answer metrics on the final usage chunk
            outcome.spec = _spec(chunk) or outcome.spec
        choices = chunk.get("choices")
        for choice in choices if isinstance(choices, list) else ():
            if not isinstance(choice, dict):
                continue
            delta = choice.get("delta") if isinstance(choice.get("delta"), dict) else {}
            piece_r = _text(delta.get("reasoning")) or _text(delta.get("reasoning_content"))
            piece_c = _text(delta.get("content"))
            now = time.perf_counter() - start
            if piece_r or piece_c:
                outcome.text_chunks += 1
                outcome.ttft_s = now if outcome.ttft_s is None else outcome.ttft_s
            if piece_c and outcome.ttfc_s is None:
                outcome.ttfc_s = now
            if piece_r:
                reasoning.append(piece_r)
            if piece_c:
                content.append(piece_c)
            outcome.finish_reason = _text(choice.get("finish_reason")) or outcome.finish_reason
    outcome.content = "".join(content) if content else None
    outcome.reasoning = "".join(reasoning) if reasoning else None
    if not done and outcome.finish_reason is None:
        outcome.partial_content = outcome.content
        raise ValueError(f"stream ended early after {chunks} chunks, before [DONE]")


def _without_stream(body: bytes) -> bytes:
    return orjson.dumps({k: v for k, v in orjson.loads(body).items() if k not in ("stream", "stream_options")})


class Client:
    def __init__(self, base: str, api_key: str | None, *, concurrency: int, timeout: float, retries: int):
        url = URL(base)
        # user:password@ in the URL becomes Basic auth, unless an API key (Bearer) is given
        auth = aiohttp.BasicAuth(url.user or "", url.password or "") if url.user and not api_key else None
        self.base, self.timeout, self.retries = str(url.with_user(None)), timeout, retries
        headers = {"Content-Type": "application/json"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        self.session = aiohttp.ClientSession(
            headers=headers, auth=auth,
            connector=aiohttp.TCPConnector(limit=max(1, concurrency), ttl_dns_cache=300))
        self.stream_ok = True

    async def close(self) -> None:
        await self.session.close()

    async def get_json(self, path: str) -> Any:
        """GET base+path; raises Unreachable when no connection can be made."""
        url = self.base + path
        try:
            async with self.session.get(url, timeout=aiohttp.ClientTimeout(total=self.timeout)) as response:
                payload = await response.read()
                if response.status != 200:
                    raise ValueError(_error_text(payload, response.status))
                return orjson.loads(payload)
        except (aiohttp.ClientConnectorError, aiohttp.ClientOSError, aiohttp.InvalidURL) as exc:
            raise Unreachable(f"cannot reach {url}: {exc.__class__.__name__}: {exc}") from None
        except asyncio.TimeoutError:
            raise Unreachable(f"cannot reach {url}: no answer within {self.timeout:g} s") from None
        except orjson.JSONDecodeError:
            raise ValueError(f"{url} did not return JSON") from None

    async def get_text(self, url: str) -> str | None:
        try:
            async with self.session.get(url, timeout=aiohttp.ClientTimeout(total=min(self.timeout, 10))) as r:
                return (await r.text()) if r.status == 200 else None
        except (aiohttp.ClientError, asyncio.TimeoutError, UnicodeDecodeError):
            return None

    async def chat(self, body: bytes, stream: bool) -> Outcome:
        """POST /chat/completions with bounded retries; the Outcome of the last attempt."""
        attempt, streaming = 0, stream
        while True:
            if streaming and not self.stream_ok:  # another request learnt this server cannot stream
                body, streaming = _without_stream(body), False
            attempt += 1
            outcome = await self._attempt(body, streaming)
            outcome.attempts = attempt
            if outcome.status == "ok":
                return outcome
            if outcome.http_status == 400 and streaming and "stream" in (outcome.error or "").lower():
                self.stream_ok = False  # fall back to non-streaming for the rest of the run
                attempt -= 1  # not the server's fault: does not count as a retry
                continue
            retryable = outcome.http_status is None or outcome.http_status in RETRY_STATUSES
            if not retryable or attempt > self.retries:
                return outcome
            delay = outcome.retry_after if outcome.retry_after is not None else 0.5 * 2 ** (attempt - 1)
            await asyncio.sleep(min(delay, MAX_BACKOFF_S))

    async def _attempt(self, body: bytes, stream: bool) -> Outcome:
        outcome = Outcome(streamed=stream)
        start = time.perf_counter()
        try:
            async with self.session.post(self.base + "/chat/completions", data=body,
                                         timeout=aiohttp.ClientTimeout(total=self.timeout)) as response:
                outcome.http_status = response.status
                if response.status != 200:
                    outcome.status = "error"
                    outcome.error = _error_text(await response.content.read(MAX_ERROR_BYTES), response.status)
                    outcome.retry_after = _retry_after(response.headers)
                    return outcome
                if stream and response.content_type == "text/event-stream":
                    await _read_stream(response, outcome, start)
                else:
                    outcome.streamed = False
                    payload = await _read_capped(response, MAX_ANSWER_BYTES)
                    try:
                        data = orjson.loads(payload)
                    except orjson.JSONDecodeError:
                        raise ValueError(f"invalid JSON from server ({len(payload)} bytes)") from None
                    _parse_completion(data, outcome)
        except ValueError as exc:
            outcome.status, outcome.error = "error", str(exc)
            outcome.http_status = None if "ended early" in str(exc) else outcome.http_status
        except asyncio.TimeoutError:
            outcome.status, outcome.error, outcome.http_status = "error", f"timed out after {self.timeout:g} s", None
        except aiohttp.ClientPayloadError as exc:
            outcome.status, outcome.error, outcome.http_status = "error", f"response cut: {exc}", None
        except aiohttp.ClientError as exc:
            outcome.status, outcome.error, outcome.http_status = "error", f"{exc.__class__.__name__}: {exc}", None
        outcome.latency_s = time.perf_counter() - start
        return outcome

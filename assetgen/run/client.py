"""The only code that talks HTTP: chat completions (streaming or not), models, metrics.

Every failure becomes an Outcome with status 'error' and a one-line message; retries are bounded
and honour Retry-After. Nothing here invents an answer.
"""

from __future__ import annotations

import asyncio
import email.utils
import math
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import timezone
from typing import Any

import aiohttp
import orjson
from yarl import URL

from assetgen.run import toolcalls
from assetgen.run.endpoint import public_url, url_secrets
from assetgen.run.untrusted import Scrubber

RETRY_STATUSES = {408, 409, 429, 500, 502, 503, 504}
MAX_BACKOFF_S = 30.0
# a chat answer is kilobytes; a server sending more, in one body or over a stream, is broken or hostile
MAX_ANSWER_BYTES = 64 * 1024 * 1024
MAX_ERROR_BYTES = 64 * 1024
MAX_PAGE_BYTES = 16 * 1024 * 1024  # /models and /metrics
# how much of a server's string is kept: errors and model names are one line; answers are whole
ERROR_CHARS, MODEL_CHARS, FINISH_CHARS = 300, 200, 64


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
    text_chunks: int = 0  # stream chunks that carried reasoning, content or a tool call
    tool_calls: list[dict] | None = None  # message.tool_calls as {id, name, arguments}, see run/toolcalls
    ttfc_s: float | None = None
    partial_content: str | None = None
    streamed: bool = True
    spec: dict[str, Any] | None = None  # per-answer speculative-decoding counts (vLLM), checked by _spec
    retry_after: float | None = field(default=None, repr=False)


class Unreachable(Exception):
    """The endpoint cannot be reached at all (connection refused, DNS, TLS)."""


def _retry_after(headers) -> float | None:
    """Seconds a server asks to wait (a number or an HTTP date), within [0, MAX_BACKOFF_S]; None when
    absent or unreadable ('soon-ish', nan): the usual backoff applies then."""
    value = (headers.get("Retry-After") or "").strip()
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            parsed = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError, OverflowError):
            return None
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=timezone.utc)
        seconds = parsed.timestamp() - time.time()
    return min(max(0.0, seconds), MAX_BACKOFF_S) if math.isfinite(seconds) else None


async def _read_capped(response: aiohttp.ClientResponse, limit: int) -> bytes:
    """The body, or ValueError past `limit` bytes: memory stays bounded whatever the server sends.
    Counted after decompression, so a small gzip body that inflates to gigabytes is refused too."""
    if response.content_length is not None and response.content_length > limit:
        raise ValueError(f"response of {response.content_length} bytes is over the {limit}-byte limit")
    parts, size = [], 0
    async for chunk in response.content.iter_chunked(1 << 16):
        size += len(chunk)
        if size > limit:
            raise ValueError(f"response over the {limit}-byte limit; not read further")
        parts.append(chunk)
    return b"".join(parts)


def _message(error: Any) -> str:
    """The human part of an error object: {"message": ...} or whatever it is."""
    if isinstance(error, dict):
        inner = error.get("error", error)
        message = inner.get("message") if isinstance(inner, dict) else inner
        return str(message if message not in (None, "") else error)
    return str(error)


def redirect_error(status: int, location: str | None, scrub: Scrubber) -> str:
    """The one line for a redirect, which is never followed (by the runner, or by `eval --batch`): it names
    the target, without credentials, scrubbed and cut like any server string."""
    try:
        shown = public_url(location.strip()) if location and location.strip() else ""
    except ValueError:  # not even a URL (an unclosed '[', ...): shown as the text it is
        shown = location or ""
    target = f" to {scrub.line(shown, ERROR_CHARS)}" if shown else ""
    return f"HTTP {status}: a redirect{target}, not followed (it could take the request and its key elsewhere)"


def _error_text(payload: bytes, status: int, scrub: Scrubber, location: str | None = None) -> str:
    """'HTTP 500: <the server's message>', scrubbed before it is cut to one line."""
    if 300 <= status < 400:
        return redirect_error(status, location, scrub)
    try:
        data = orjson.loads(payload)
        message = _message(data) if isinstance(data, dict) else payload.decode("utf-8", "replace")
    except orjson.JSONDecodeError:
        message = payload.decode("utf-8", "replace")
    return f"HTTP {status}: {scrub.line(message, ERROR_CHARS) or 'no body'}"


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


# The answer's path -- choices, a choice, its message or delta, the content -- must have the protocol's
# types: if not, the server broke the protocol and the record is a transport error, streamed or not.
# Any other field of the wrong type (model, finish_reason, usage, reasoning) is dropped.
class ProtocolError(ValueError):
    """The server's answer does not follow the chat completions protocol."""


def _content(holder: dict, where: str) -> str | None:
    content = holder.get("content")
    if content is not None and not isinstance(content, str):
        raise ProtocolError(f"{where} content is not a string but {type(content).__name__}")
    return content


def parse_completion(data: Any, outcome: Outcome, scrub: Scrubber) -> None:
    """A non-streamed chat completion (a parsed JSON body) into `outcome`: content, reasoning, tool calls,
    finish_reason, usage, every server string scrubbed; a ProtocolError for a body no answer can be read from.
    The runner's client and `eval --batch` (each line of a batch's output) read answers through it."""
    if not isinstance(data, dict):
        raise ProtocolError("response is not a JSON object")
    if "error" in data and not data.get("choices"):
        raise ProtocolError(f"server error: {scrub.line(_message(data['error']), ERROR_CHARS)}")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices:
        raise ProtocolError("response has no choices")
    choice = choices[0]
    if not isinstance(choice, dict):
        raise ProtocolError("response choice is not an object")
    message = choice.get("message")
    if not isinstance(message, dict):
        raise ProtocolError(f"response message is not an object but {type(message).__name__}")
    outcome.content = _content(message, "response")
    outcome.reasoning = _text(message.get("reasoning")) or _text(message.get("reasoning_content"))
    outcome.tool_calls = toolcalls.from_message(message)
    outcome.finish_reason = _text(choice.get("finish_reason"))
    outcome.usage = _usage(data)
    outcome.model = _text(data.get("model"))
    outcome.spec = _spec(data)


async def _lines(response: aiohttp.ClientResponse, limit: int) -> AsyncIterator[bytes]:
    """The stream's lines (LF or CRLF), however long, with the whole stream capped at `limit` bytes:
    aiohttp's own readline fails on a line over 512 KiB, and nothing else bounds a stream's total."""
    buffer, total, scanned = bytearray(), 0, 0
    async for data in response.content.iter_any():
        total += len(data)
        if total > limit:
            raise ProtocolError(f"streamed answer over the {limit}-byte limit; not read further")
        buffer += data
        start = 0
        while (end := buffer.find(b"\n", scanned)) != -1:
            yield bytes(buffer[start:end])
            start = scanned = end + 1
        del buffer[:start]
        scanned = len(buffer)  # a long line arriving in pieces is searched once, not once per piece
    if buffer:
        yield bytes(buffer)


async def _read_stream(response: aiohttp.ClientResponse, outcome: Outcome, start: float, scrub: Scrubber) -> None:
    content: list[str] = []
    try:
        await _read_events(response, outcome, start, content, scrub)
    except aiohttp.ClientPayloadError:
        outcome.partial_content = "".join(content) or None
        raise ValueError("stream ended early: the connection was cut mid-answer") from None


async def _read_events(response, outcome: Outcome, start: float, content: list[str], scrub: Scrubber) -> None:
    reasoning, chunks, done, choices_seen = [], 0, False, 0
    calls = toolcalls.StreamedCalls()
    async for raw in _lines(response, MAX_ANSWER_BYTES):
        now = time.perf_counter() - start  # when the line arrived, before this client's own parsing of it
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
            raise ProtocolError(f"invalid JSON in stream chunk {chunks + 1}") from None
        chunks += 1
        if not isinstance(chunk, dict):
            raise ProtocolError(f"stream chunk {chunks} is not a JSON object")
        if "error" in chunk:
            raise ProtocolError(f"server error in stream: {scrub.line(_message(chunk['error']), ERROR_CHARS)}")
        outcome.model = _text(chunk.get("model")) or outcome.model
        if chunk.get("usage"):
            outcome.usage = _usage(chunk)
        if chunk.get("metrics"):  # vLLM sends per-answer metrics on the final usage chunk
            outcome.spec = _spec(chunk) or outcome.spec
        choices = chunk.get("choices")
        if choices is None:  # e.g. a usage-only event
            continue
        if not isinstance(choices, list):
            raise ProtocolError(f"stream chunk {chunks}: choices is not a list but {type(choices).__name__}")
        for choice in choices:
            if not isinstance(choice, dict):
                raise ProtocolError(f"stream chunk {chunks}: a choice is not an object")
            choices_seen += 1
            delta = choice.get("delta")
            delta = {} if delta is None else delta  # a last choice may carry only its finish_reason
            if not isinstance(delta, dict):
                raise ProtocolError(f"stream chunk {chunks}: delta is not an object but {type(delta).__name__}")
            piece_c = _content(delta, f"stream chunk {chunks}:")
            piece_r = _text(delta.get("reasoning")) or _text(delta.get("reasoning_content"))
            if calls.add(delta) or piece_r or piece_c:
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
    outcome.tool_calls = calls.result()
    if not done and outcome.finish_reason is None:
        outcome.partial_content = outcome.content
        raise ValueError(f"stream ended early after {chunks} chunks, before [DONE]")
    if not choices_seen:
        raise ProtocolError(f"stream of {chunks} chunks had no choices")


def _without_stream(body: bytes) -> bytes:
    return orjson.dumps({k: v for k, v in orjson.loads(body).items() if k not in ("stream", "stream_options")})


async def _on_headers_sent(session, context, params) -> None:
    """Marks when a request's headers are ready: its timings start there if no body chunk goes out."""
    holder = context.trace_request_ctx
    if isinstance(holder, dict):
        holder.setdefault("headers", time.perf_counter())


async def _on_body_sent(session, context, params) -> None:
    """Marks when a chat request goes on the wire (aiohttp calls this right before it writes the first body
    chunk, headers coalesced with it): its timings start there, not before the connection was made or while the
    client's loop prepared other requests (on Python < 3.12 aiohttp writes the body in a task of its own, so
    with 8 requests started together the headers-ready mark came 1-2 ms before the bytes left;
    benchmarks/measurement_fidelity.py)."""
    holder = context.trace_request_ctx
    if isinstance(holder, dict):
        holder.setdefault("sent", time.perf_counter())


class Client:
    """Everything it returns is scrubbed of the API key and the URL's secrets (see `untrusted`): an
    Outcome's text, its error, and the messages of the exceptions it raises."""

    def __init__(self, base: str, api_key: str | None, *, concurrency: int, timeout: float, retries: int):
        url = URL(base)
        # user:password@ in the URL becomes Basic auth, unless an API key (Bearer) is given
        auth = aiohttp.BasicAuth(url.user or "", url.password or "") if url.user and not api_key else None
        self.base, self.timeout, self.retries = str(url.with_user(None)), timeout, retries
        self.scrub = Scrubber([api_key, *url_secrets(base)])
        headers = {"Content-Type": "application/json"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        tracing = aiohttp.TraceConfig()
        tracing.on_request_headers_sent.append(_on_headers_sent)
        tracing.on_request_chunk_sent.append(_on_body_sent)
        self.session = aiohttp.ClientSession(
            headers=headers, auth=auth, trace_configs=[tracing],
            connector=aiohttp.TCPConnector(limit=max(1, concurrency), ttl_dns_cache=300))
        self.stream_ok = True

    async def close(self) -> None:
        await self.session.close()

    async def get_json(self, path: str) -> Any:
        """GET base+path; raises Unreachable when no connection can be made, ValueError on a bad answer."""
        url, shown = self.base + path, public_url(self.base + path)
        try:
            # redirects are not followed, here or anywhere: they could carry the key to another host
            async with self.session.get(url, timeout=aiohttp.ClientTimeout(total=self.timeout),
                                        allow_redirects=False) as response:
                if response.status != 200:
                    raise ValueError(_error_text(await response.content.read(MAX_ERROR_BYTES), response.status,
                                                 self.scrub, response.headers.get("Location")))
                return orjson.loads(await _read_capped(response, MAX_PAGE_BYTES))
        except (aiohttp.ClientConnectorError, aiohttp.ClientOSError, aiohttp.InvalidURL) as exc:
            raise Unreachable(f"cannot reach {shown}: {self.scrub.line(f'{exc.__class__.__name__}: {exc}', 300)}"
                              ) from None
        except asyncio.TimeoutError:
            raise Unreachable(f"cannot reach {shown}: no answer within {self.timeout:g} s") from None
        except orjson.JSONDecodeError:
            raise ValueError(f"{shown} did not return JSON") from None
        except aiohttp.ClientError as exc:
            raise ValueError(self.scrub.line(f"{exc.__class__.__name__}: {exc}", ERROR_CHARS)) from None

    async def get_text(self, url: str, limit: int = MAX_PAGE_BYTES) -> str | None:
        """A page's text (e.g. /metrics), or None; at most `limit` bytes are read."""
        try:
            async with self.session.get(url, timeout=aiohttp.ClientTimeout(total=min(self.timeout, 10)),
                                        allow_redirects=False) as r:
                return (await _read_capped(r, limit)).decode("utf-8", "replace") if r.status == 200 else None
        except (aiohttp.ClientError, asyncio.TimeoutError, ValueError):
            return None

    async def post_json(self, url: str, payload: bytes) -> Any:
        """POST a JSON body to `url` (e.g. vLLM's /tokenize), once; its JSON, or None on any failure."""
        try:
            async with self.session.post(url, data=payload, allow_redirects=False,
                                         timeout=aiohttp.ClientTimeout(total=self.timeout)) as r:
                return orjson.loads(await _read_capped(r, MAX_PAGE_BYTES)) if r.status == 200 else None
        except (aiohttp.ClientError, asyncio.TimeoutError, ValueError):
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
        sent: dict[str, float] = {}
        try:
            async with self.session.post(self.base + "/chat/completions", data=body, allow_redirects=False,
                                         timeout=aiohttp.ClientTimeout(total=self.timeout),
                                         trace_request_ctx=sent) as response:
                # latency, TTFT and the first content token count from when the request went out: opening a
                # connection, or waiting for the client's own loop, is not the server's time
                start = sent.get("sent", sent.get("headers", start))
                outcome.http_status = response.status
                if response.status != 200:
                    outcome.status = "error"
                    outcome.error = _error_text(await response.content.read(MAX_ERROR_BYTES), response.status,
                                                self.scrub, response.headers.get("Location"))
                    outcome.retry_after = _retry_after(response.headers)
                elif stream and response.content_type == "text/event-stream":
                    await _read_stream(response, outcome, start, self.scrub)
                else:
                    outcome.streamed = False
                    payload = await _read_capped(response, MAX_ANSWER_BYTES)
                    try:
                        data = orjson.loads(payload)
                    except orjson.JSONDecodeError:
                        raise ProtocolError(f"invalid JSON from server ({len(payload)} bytes)") from None
                    parse_completion(data, outcome, self.scrub)
        except ValueError as exc:
            outcome.status, outcome.error = "error", str(exc)
            outcome.http_status = None if "ended early" in str(exc) else outcome.http_status
        except asyncio.TimeoutError:
            outcome.status, outcome.error, outcome.http_status = "error", f"timed out after {self.timeout:g} s", None
        except aiohttp.ClientPayloadError as exc:
            outcome.status, outcome.error, outcome.http_status = "error", f"response cut: {exc}", None
        except aiohttp.ClientError as exc:
            outcome.status, outcome.error, outcome.http_status = "error", f"{exc.__class__.__name__}: {exc}", None
        except Exception as exc:  # whatever a server makes the parsing do, it is one record, not a crash
            outcome.status, outcome.error = "error", f"unexpected {exc.__class__.__name__}: {exc}"
        outcome.latency_s = time.perf_counter() - start
        return self._scrubbed(outcome)

    def _scrubbed(self, outcome: Outcome) -> Outcome:
        """Every string of the server's, scrubbed before it is cut; one-line fields to one printable line."""
        s = self.scrub
        if outcome.status == "error":  # a failed request keeps no answer, only what was cut short
            outcome.content = outcome.reasoning = outcome.tool_calls = None
        outcome.tool_calls = toolcalls.scrubbed(outcome.tool_calls, s)
        outcome.content, outcome.reasoning = s.optional(outcome.content), s.optional(outcome.reasoning)
        outcome.partial_content = s.optional(outcome.partial_content)
        outcome.error = s.line(outcome.error, 2 * ERROR_CHARS) if outcome.error else None  # room for 'HTTP 500: '
        outcome.model = s.line(outcome.model, MODEL_CHARS) if outcome.model else None
        outcome.finish_reason = s.line(outcome.finish_reason, FINISH_CHARS) if outcome.finish_reason else None
        return outcome

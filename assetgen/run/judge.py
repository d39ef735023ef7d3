"""Asking an optional judge (any OpenAI-compatible endpoint) about the rules' undecided answers.

Only the HTTP part lives here, through the runner's own `Client` (bounded timeouts and retries, redirects never
followed, every string of the server's scrubbed): the prompt and the reading of a reply are `graders.judge`'s.
Replies are kept in a JSONL cache (judge.jsonl in a run folder), so grading again does not ask again; a failed
request is kept as a record too, and asked again next time (never in a loop within one grading).
"""

from __future__ import annotations

import asyncio
import hashlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assetgen.run.client import Client, Unreachable
from assetgen.run.endpoint import JUDGE_KEY_VARIABLE, base_url, known_secrets, public_url
from assetgen.run.files import write_atomic
from assetgen.run.untrusted import Scrubber

KEY_VARIABLE = JUDGE_KEY_VARIABLE
"""The judge's API key is read from this variable only: never from an option, never written anywhere."""
JUDGE_FORMAT_VERSION = 1
MAX_REPLY_TOKENS = 512  # one READING line; room for a model that thinks aloud first
CACHE_NAME = "judge.jsonl"


class JudgeReply(BaseModel):
    """One line of judge.jsonl: a judge's reply to the fixed prompt about one answer (or why there is none)."""

    model_config = ConfigDict(extra="ignore")

    format_version: int = Field(JUDGE_FORMAT_VERSION, description="Record format version.")
    key: str = Field(description="sha256 of the judge model, the prompt version and the prompt's messages: the "
                     "same question to the same judge has the same key.")
    case_id: str = Field(description="The case whose answer was read.")
    judged_by: str = Field(description="'<model> @ <host>' of the judge (no credentials).")
    status: Literal["ok", "error"] = Field(description="'error' when no reply came back.")
    content: str | None = Field(None, description="The judge's reply (message.content), scrubbed of every key.")
    error: str | None = Field(None, description="One-line error for status 'error'.")
    http_status: int | None = Field(None, description="HTTP status of the last attempt, if any.")


@dataclass
class JudgeOptions:
    """`--judge URL [--judge-model M]`, with the request limits of the run's client."""

    url: str
    model: str | None = None
    timeout: float = 120.0
    retries: int = 1
    concurrency: int = 4

    @property
    def api_key(self) -> str | None:
        return os.environ.get(KEY_VARIABLE) or None


def request_key(model: str, messages: Sequence[dict[str, str]], version: int) -> str:
    """The cache key of one judge question."""
    payload = orjson.dumps({"model": model, "version": version, "messages": list(messages)})
    return hashlib.sha256(payload).hexdigest()


def host_of(url: str) -> str:
    """The judge's host (and port), without user:password@."""
    return urlsplit(public_url(url)).netloc or "?"


def read_cache(path: Path) -> dict[str, JudgeReply]:
    """The replies kept at `path` by key, the last one per key (an unreadable line is skipped)."""
    found: dict[str, JudgeReply] = {}
    if not path.is_file():
        return found
    for line in path.read_bytes().splitlines():
        try:
            reply = JudgeReply.model_validate(orjson.loads(line))
        except (orjson.JSONDecodeError, ValidationError, RecursionError, ValueError):
            continue
        found[reply.key] = reply
    return found


@dataclass
class Question:
    """One answer to ask the judge about."""

    case_id: str
    messages: list[dict[str, str]]


def ask(options: JudgeOptions, questions: Sequence[Question], cache: Path | None, version: int,
        notify: Callable[[str], None] = lambda _: None) -> tuple[str, list[JudgeReply]]:
    """The judge's name and its reply to every question, in order: kept replies from `cache`, the rest asked
    (failures become error replies). Every reply is written back to `cache`."""
    return asyncio.run(_ask(options, list(questions), cache, version, notify))


async def _ask(options: JudgeOptions, questions: list[Question], cache: Path | None, version: int,
               notify: Callable[[str], None]) -> tuple[str, list[JudgeReply]]:
    url = base_url(options.url)
    key = options.api_key
    client = Client(url, key, concurrency=options.concurrency, timeout=options.timeout, retries=options.retries)
    scrub = Scrubber([*known_secrets(key), *client.scrub.secrets])
    try:
        model, problem = await _model(client, options.model)
        by = f"{model or '?'} @ {host_of(url)}"[:200]
        kept = read_cache(cache) if cache else {}
        keys = [request_key(model or "", q.messages, version) for q in questions]
        todo = {k: q for k, q in zip(keys, questions, strict=True) if not (k in kept and kept[k].status == "ok")}
        if todo:
            notify(f"asking the judge {by} about {len(todo)} undecided answer(s)")
        semaphore = asyncio.Semaphore(max(1, options.concurrency))

        async def one(k: str, q: Question) -> JudgeReply:
            if model is None:
                return JudgeReply(key=k, case_id=q.case_id, judged_by=by, status="error", error=problem)
            async with semaphore:
                body = orjson.dumps({"model": model, "messages": q.messages, "temperature": 0,
                                     "max_tokens": MAX_REPLY_TOKENS, "stream": False})
                outcome = await client.chat(body, stream=False)
            content = scrub(outcome.content) if outcome.content is not None else None
            return JudgeReply(key=k, case_id=q.case_id, judged_by=by, status=outcome.status, content=content,
                              error=scrub(outcome.error) if outcome.error else None,
                              http_status=outcome.http_status)

        fresh = dict(zip(todo, await asyncio.gather(*(one(k, q) for k, q in todo.items())), strict=True))
    finally:
        await client.close()
    if cache is not None and fresh:
        everything = {**kept, **fresh}
        write_atomic(cache, b"".join(orjson.dumps(r.model_dump()) + b"\n" for r in everything.values()))
    return by, [fresh.get(k) or kept[k] for k in keys]


async def _model(client: Client, given: str | None) -> tuple[str | None, str | None]:
    """The judge model: `given`, else the first its /models lists; or None and why."""
    if given:
        return given, None
    try:
        data: Any = await client.get_json("/models")
    except (Unreachable, ValueError) as exc:
        return None, f"no judge model: {exc}; pass --judge-model"
    models = data.get("data") if isinstance(data, dict) else None
    first = models[0] if isinstance(models, list) and models else None
    if not isinstance(first, dict) or not isinstance(first.get("id"), str) or not first["id"].strip():
        return None, "no judge model: the judge's /models lists none; pass --judge-model"
    return client.scrub.line(first["id"], 200), None

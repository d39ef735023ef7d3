"""`assetgen eval --batch`: the suite through the OpenAI Batches API, into an ordinary run folder.

The `openai` SDK is used here, and only here, because it is the Batches API's reference client (multipart
file upload, batch objects, file content); the runner stays the only HTTP client of normal evals. The
requests are the runner's own bodies (as `assetgen export --format openai` writes them), one custom_id per
slot key; each output line becomes the responses.jsonl record the runner would have written, and a slot
the batch did not answer becomes an error record, so `assetgen report` grades the folder like any other.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from assetgen.dataset.golden import load_golden
from assetgen.dataset.records import CaseToSend
from assetgen.errors import AssetgenError, ConfigError
from assetgen.run import toolcalls
from assetgen.run.client import Outcome, parse_completion, redirect_error
from assetgen.run.endpoint import public_url, url_secrets
from assetgen.run.payload import SHARED_CACHE, build_body
from assetgen.run.records import RunInfo, utc_now, write_run_info
from assetgen.run.runner import (
    EndpointUnreachable,
    EvalOptions,
    new_run_dir,
    record_from,
    release_versions,
    select,
    slot_key,
    slots,
    versions,
)
from assetgen.run.untrusted import Scrubber

__all__ = ["BatchPolling", "run_batch"]

FINISHED = {"completed", "failed", "expired", "cancelled"}
MAX_OUTPUT_BYTES = 512 * 1024 * 1024  # an output file past this is refused, not read into memory


@dataclass
class BatchPolling:
    interval_s: float = 30.0
    max_polls: int = 2880  # 24 h at 30 s: the batch's completion window, then give up (the batch id is kept)


def _requests(opts: EvalOptions, cases: list[CaseToSend]) -> tuple[bytes, dict[str, tuple]]:
    lines, sent = [], {}
    opts.request.stream = False  # a batch answers whole bodies
    for case, repeat, thinking in slots(cases, opts.repeat, opts.thinking):
        flag = {"on": True, "off": False}.get(thinking)
        body, summary, frames = build_body(case, opts.golden, opts.request, flag, SHARED_CACHE)
        summary.stream = False
        key = slot_key(case.id, repeat, thinking)
        lines.append(b'{"custom_id":' + orjson.dumps(key) + b',"method":"POST","url":"/v1/chat/completions",'
                     b'"body":' + body + b"}\n")
        sent[key] = (case, repeat, thinking, summary, frames)
    return b"".join(lines), sent


def _outcome(line: Any, scrub: Scrubber) -> tuple[str | None, Outcome]:
    """(custom_id, Outcome) of one output or error line; an untrusted line that makes no sense is an error."""
    outcome = Outcome(attempts=1, streamed=False)
    if not isinstance(line, dict) or not isinstance(line.get("custom_id"), str):
        return None, outcome
    response = line.get("response") if isinstance(line.get("response"), dict) else {}
    status = response.get("status_code")
    outcome.http_status = status if isinstance(status, int) and not isinstance(status, bool) else None
    error = line.get("error")
    try:
        if error:
            message = error.get("message") if isinstance(error, dict) else error
            raise ValueError(f"batch error: {scrub.line(message, 300)}")
        if outcome.http_status != 200:
            body = response.get("body")
            message = body.get("error") if isinstance(body, dict) else body
            message = message.get("message") if isinstance(message, dict) else message
            raise ValueError(f"HTTP {outcome.http_status}: {scrub.line(message, 300)}")
        parse_completion(response.get("body"), outcome, scrub)
        outcome.tool_calls = toolcalls.scrubbed(outcome.tool_calls, scrub)  # the Client does this for its answers
    except ValueError as exc:
        outcome.status, outcome.error = "error", str(exc)
    return line["custom_id"], outcome


def _read_lines(text: bytes) -> list[Any]:
    out = []
    for raw in text.splitlines():
        try:
            out.append(orjson.loads(raw))
        except orjson.JSONDecodeError:
            out.append(None)
    return out


def _content(client, file_id: str | None) -> bytes:
    if not file_id:
        return b""
    data = client.files.content(file_id).read()
    if len(data) > MAX_OUTPUT_BYTES:
        raise AssetgenError(f"batch file {file_id} is over {MAX_OUTPUT_BYTES} bytes; not read")
    return data


def run_batch(opts: EvalOptions, polling: BatchPolling | None = None,
              notify: Callable[[str], None] = lambda _: None) -> Path:
    """Submit the suite as one batch at `opts.endpoint`, wait for it (bounded), write a run folder; its path."""
    import openai

    polling = polling or BatchPolling()
    if not opts.endpoint:
        raise ConfigError("--batch needs --endpoint (a server with the OpenAI Files and Batches APIs)")
    if not opts.model:
        raise ConfigError("--batch needs --model (a batch names its model in every request)")
    cases = select(load_golden(opts.golden, model=CaseToSend), opts.filters, opts.limit)
    golden_hash = hashlib.sha256((opts.golden / "manifest.json").read_bytes()).hexdigest()
    opts.request.model = opts.model
    payload, sent = _requests(opts, cases)
    scrub = Scrubber([opts.api_key, *url_secrets(opts.endpoint)])  # every server string, before any cut
    # the SDK follows redirects by default: a 307 would take the batch file of prompts (and, to the same host,
    # the key) elsewhere. Its own client class, so its other defaults stay; no call of the SDK sets it back.
    http = openai.DefaultHttpxClient(follow_redirects=False, timeout=opts.timeout)
    client = openai.OpenAI(base_url=opts.endpoint, api_key=opts.api_key or "none", timeout=opts.timeout,
                           max_retries=opts.retries, http_client=http)
    start = time.perf_counter()
    try:
        uploaded = client.files.create(file=("assetgen-batch.jsonl", payload, "application/jsonl"), purpose="batch")
        batch = client.batches.create(input_file_id=uploaded.id, endpoint="/v1/chat/completions",
                                      completion_window="24h", metadata={"source": "assetgen"})
        notify(f"batch {batch.id}: {len(sent)} requests submitted")
        for _ in range(polling.max_polls):
            if batch.status in FINISHED:
                break
            time.sleep(polling.interval_s)
            batch = client.batches.retrieve(batch.id)
        else:
            raise AssetgenError(f"batch {batch.id} is still {batch.status} after {polling.max_polls} polls; "
                                "its results stay on the server")
        if batch.status != "completed" and not batch.output_file_id:
            raise AssetgenError(f"batch {batch.id} ended {batch.status}" +
                                (f": {scrub.line(batch.errors, 300)}" if batch.errors else ""))
        lines = _read_lines(_content(client, batch.output_file_id)) + _read_lines(_content(client, batch.error_file_id))
    except openai.APIConnectionError as exc:
        raise EndpointUnreachable(scrub.line(f"{public_url(opts.endpoint)}: {exc}", 400)) from None
    except openai.APIStatusError as exc:
        if 300 <= exc.status_code < 400:  # refused as the runner refuses one, naming where it pointed
            where = exc.response.headers.get("location")
            raise AssetgenError(f"the Batches API answered {redirect_error(exc.status_code, where, scrub)}") from None
        raise AssetgenError(scrub.line(f"the Batches API answered HTTP {exc.status_code}: {exc.message}", 400)) \
            from None
    finally:
        client.close()
        http.close()
    outcomes: dict[str, Outcome] = {}
    for line in lines:
        key, outcome = _outcome(line, scrub)
        if key in sent and key not in outcomes:  # a custom_id we did not send, or a second answer, is ignored
            outcomes[key] = outcome
    run_dir = new_run_dir(opts.out, opts.model, golden_hash)
    info = RunInfo(run_id=run_dir.name, endpoint=public_url(opts.endpoint), model=opts.model,
                   options={**opts.public(), "batch_id": batch.id}, golden=str(opts.golden),
                   golden_sha256=golden_hash, case_count=len(cases), versions=versions(), **release_versions(),
                   started=utc_now(),
                   finished=utc_now(), wall_s=time.perf_counter() - start)
    with (run_dir / "responses.jsonl").open("wb") as sink:
        for key, (case, repeat, thinking, summary, frames) in sent.items():
            outcome = outcomes.get(key) or Outcome(status="error", error="the batch returned no line for this "
                                                   "request", attempts=1, streamed=False)
            record = record_from(outcome, case, repeat, thinking, summary, frames, opts.request.max_tokens,
                                 opts.request.video_mode)
            sink.write(record.model_dump_json().encode("utf-8") + b"\n")
    write_run_info(run_dir, info)
    return run_dir

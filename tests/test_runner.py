"""The runner over real HTTP on loopback, against a scriptable OpenAI-compatible server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_openai import FakeServer, free_port

from assetgen.app.report import write_reports
from assetgen.run.payload import RequestOptions
from assetgen.run.records import read_responses
from assetgen.run.runner import EvalOptions, run_eval

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden"


def run(server, tmp_path, **kw) -> Path:
    request = kw.pop("request", {})
    opts = EvalOptions(endpoint=server.url, golden=GOLDEN, out=tmp_path / "runs", timeout=kw.pop("timeout", 5.0),
                       retries=kw.pop("retries", 2), request=RequestOptions(model="", **request), **kw)
    return run_eval(opts)


def records(run_dir: Path):
    return read_responses(run_dir / "responses.jsonl")


def cli(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


def test_streaming_records_answer_usage_and_timings(tmp_path):
    with FakeServer() as server:
        run_dir = run(server, tmp_path, filters=("color_grid-s0-0000",))
    [record] = records(run_dir)
    assert record.status == "ok" and record.content == "The answer is 4." and record.finish_reason == "stop"
    assert record.usage.completion_tokens == 12 and record.model == "fake-vlm"
    assert record.timing.ttft_s is not None and record.timing.ttfc_s is not None and record.timing.latency_s > 0
    assert server.requests[0]["stream"] is True and server.requests[0]["stream_options"] == {"include_usage": True}
    assert record.request.stream and record.request.params["temperature"] == 0.0
    assert record.timing.decode_tps > 0  # four words, four chunks: tokens arrived over time


def test_an_answer_streamed_in_one_chunk_has_no_decode_rate(tmp_path):
    with FakeServer(answer="4") as server:
        [record] = records(run(server, tmp_path, filters=("color_grid-s0-0000",)))
    assert record.content == "4" and record.timing.ttft_s is not None and record.timing.decode_tps is None


def test_non_streaming_and_fallback_when_the_server_cannot_stream(tmp_path):
    with FakeServer() as server:
        [r] = records(run(server, tmp_path, filters=("color_grid-s0-0000",), request={"stream": False}))
    assert r.status == "ok" and r.timing.ttft_s is None and "stream" not in server.requests[0]
    with FakeServer(stream_supported=False) as server:
        rs = records(run(server, tmp_path, filters=("color_grid",), concurrency=1))
    assert all(r.status == "ok" and not r.request.stream for r in rs)
    assert [("stream" in b) for b in server.requests] == [True, False, False, False]  # learnt once


def test_multi_image_sends_every_image(tmp_path):
    with FakeServer() as server:
        run(server, tmp_path, filters=("shape_compare",))
    parts = server.requests[0]["messages"][0]["content"]
    assert [p["type"] for p in parts] == ["image_url", "image_url", "image_url", "text"]
    assert all(p["image_url"]["url"].startswith("data:image/png;base64,") for p in parts[:3])


@pytest.mark.parametrize(("mode", "num_frames", "parts", "shown"), [
    ("video_url", None, ["video_url", "text"], None),
    ("frames", 4, ["text"] + ["image_url"] * 4 + ["text"], 4),
    ("jpeg-sequence", 6, ["video_url", "text"], 6),
], ids=["video_url", "frames-4", "jpeg-sequence-6"])
def test_video_modes(tmp_path, mode, num_frames, parts, shown):
    with FakeServer() as server:
        [r] = records(run(server, tmp_path, filters=("flashing_light",),
                          request={"video_mode": mode, "num_frames": num_frames}))
    sent = server.requests[0]["messages"][0]["content"]
    assert [p["type"] for p in sent] == parts
    assert r.sent.video_mode == mode and r.sent.frames_shown == shown
    if mode == "video_url":
        assert sent[0]["video_url"]["url"].startswith("data:video/mp4;base64,")
    if mode == "jpeg-sequence":
        url = sent[0]["video_url"]["url"]
        assert url.startswith("data:video/jpeg;base64,") and url.count(",") == 6


def test_frames_mode_labels_each_clip_so_two_clips_stay_apart(tmp_path):
    """Frames sent as images say which clip they are (as the exported Inspect and lmms-eval tasks do)."""
    with FakeServer() as server:
        run(server, tmp_path, filters=("direction_compare", "flashing_light"),
            request={"video_mode": "frames", "num_frames": 4})
    texts = {tuple(p["text"] for p in r["messages"][0]["content"] if p["type"] == "text")[:-1]
             for r in server.requests}
    assert texts == {("The video (4 frames, in time order):",),
                     ("Video 1 (4 frames, in time order):", "Video 2 (4 frames, in time order):")}


def test_num_frames_with_video_url_asks_the_server(tmp_path):
    with FakeServer() as server:
        run(server, tmp_path, filters=("flashing_light",), request={"num_frames": 8})
    assert server.requests[0]["media_io_kwargs"] == {"video": {"num_frames": 8}}


def test_thinking_both_asks_twice_and_labels_records(tmp_path):
    with FakeServer(script=["reason"]) as server:
        rs = records(run(server, tmp_path, filters=("arithmetic",), thinking="both", concurrency=1))
    assert sorted(r.thinking_label for r in rs) == ["off", "on"]
    flags = sorted(b["chat_template_kwargs"]["enable_thinking"] for b in server.requests)
    assert flags == [False, True]
    assert any(r.reasoning for r in rs)


def test_retry_after_429_and_500_then_success(tmp_path):
    with FakeServer(script=["429", "500"]) as server:
        start = time.perf_counter()
        [r] = records(run(server, tmp_path, filters=("arithmetic",)))
        elapsed = time.perf_counter() - start
    assert r.status == "ok" and r.attempts == 3 and elapsed >= 0.2 + 1.0  # Retry-After 0.2 s, then backoff 1 s


def test_retries_are_bounded_and_failures_become_records(tmp_path):
    with FakeServer(script=["500"] * 10) as server:
        [r] = records(run(server, tmp_path, filters=("arithmetic",), retries=1))
    assert r.status == "error" and r.attempts == 2 and r.http_status == 500 and "boom" in r.error
    assert r.content is None and len(server.requests) == 2


@pytest.mark.parametrize(("action", "message"), [
    ("slow", "timed out after 1 s"),
    ("cut", "stream ended early"),
    ("garbage", "invalid JSON from server"),
    ("empty", "no choices"),
    ("400", "HTTP 400: bad request: too many images"),
], ids=["timeout", "cut-stream", "garbage-json", "empty-choices", "http-400"])
def test_bad_responses_become_error_records(tmp_path, action, message):
    with FakeServer(script=[action] * 5) as server:
        [r] = records(run(server, tmp_path, filters=("arithmetic",), retries=0, timeout=1.0))
    assert r.status == "error" and message in r.error and r.content is None
    if action == "cut":
        assert r.partial_content  # what arrived before the cut is kept, not graded


@pytest.mark.parametrize("action", ["hostile", "hostile-stream"])
def test_fields_of_the_wrong_type_are_dropped_not_fatal(tmp_path, action):
    with FakeServer(script=[action]) as server:
        [r] = records(run(server, tmp_path, filters=("arithmetic",)))
    assert r.status == "ok" and r.content == "The answer is 4."
    assert r.reasoning is None and r.finish_reason is None and r.model is None
    assert r.usage.prompt_tokens is None and r.usage.completion_tokens is None and r.usage.total_tokens is None


@pytest.mark.parametrize("action", ["huge", "huge-chunked"])
def test_an_oversized_answer_is_refused_not_buffered(tmp_path, monkeypatch, action):
    import assetgen.run.client

    monkeypatch.setattr(assetgen.run.client, "MAX_ANSWER_BYTES", 50_000)
    with FakeServer(script=[action]) as server:
        [r] = records(run(server, tmp_path, filters=("arithmetic",), retries=0, request={"stream": False}))
    assert r.status == "error" and "50000-byte limit" in r.error and r.content is None


def test_missing_usage_is_fine(tmp_path):
    with FakeServer(script=["nousage"]) as server:
        [r] = records(run(server, tmp_path, filters=("arithmetic",)))
    assert r.status == "ok" and r.usage is None and r.timing.decode_tps is None


def test_api_key_reaches_the_server_but_no_file(tmp_path):
    key = "sk-test-DO-NOT-WRITE-0123456789"
    with FakeServer(answer=f"I was given {key}") as server:
        url = server.url.replace("http://", "http://user:hunter2pass@")
        result = cli("eval", "--endpoint", url, "--filter", "arithmetic", "--out", str(tmp_path / "runs"),
                     "--api-key", key)
    assert result.returncode == 0, result.stderr
    assert server.headers[0]["Authorization"] == f"Bearer {key}"
    written = [p for p in (tmp_path / "runs").rglob("*") if p.is_file()]
    # not even the model's echo of it is written
    assert written and all(key.encode() not in p.read_bytes() for p in written)
    assert all(b"hunter2pass" not in p.read_bytes() for p in written)
    assert b"I was given ***" in (next((tmp_path / "runs").iterdir()) / "responses.jsonl").read_bytes()
    assert key not in result.stdout + result.stderr
    assert "Authorization" not in (tmp_path / "runs").joinpath(
        next((tmp_path / "runs").iterdir()).name, "run.json").read_text()


def test_error_text_from_the_server_is_scrubbed_of_the_key(tmp_path):
    key = "sk-test-ECHOED-0123456789"

    class Echo(FakeServer):
        async def chat(self, request):
            from aiohttp import web
            return web.json_response({"error": {"message": f"bad key {request.headers['Authorization']}"}},
                                     status=401)

    with Echo() as server:
        opts = EvalOptions(endpoint=server.url, golden=GOLDEN, out=tmp_path / "runs", api_key=key, retries=0,
                           filters=("arithmetic",), request=RequestOptions(model=""))
        [r] = records(run_eval(opts))
    assert r.status == "error" and "***" in r.error and key not in r.error


def test_unreachable_endpoint_exits_3_with_one_line(tmp_path):
    result = cli("eval", "--endpoint", f"http://127.0.0.1:{free_port()}/v1", "--out", str(tmp_path))
    assert result.returncode == 3 and result.stderr.startswith("assetgen: cannot reach")
    assert result.stderr.strip().count("\n") == 0


@pytest.mark.parametrize(("args", "message"), [
    (["--extra-body", "{nope"], "--extra-body is not JSON"),
    (["--filter", "no-such-thing"], "matches no case"),
    (["--fail-under", "2"], "between 0 and 1"),
    (["--endpoint", "ftp://x"], "is not an http(s) URL"),
    (["--endpoint", "http://[::1"], "is not a valid URL: Invalid IPv6 URL"),
    (["--endpoint", "http://127.0.0.1:99999/v1"], "is not a valid URL: Port out of range"),
], ids=["extra-body", "filter", "fail-under", "scheme", "ipv6", "port"])
def test_usage_errors_exit_2(tmp_path, args, message):
    with FakeServer() as server:
        base = [] if "--endpoint" in args else ["--endpoint", server.url]
        result = cli("eval", *base, *args, "--out", str(tmp_path))
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("run_json", [None, b'{"run_id": 5', b'{"run_id": "x"}'], ids=["missing", "torn", "fields"])
@pytest.mark.parametrize("command", ["report", "compare", "resume"])
def test_a_damaged_run_folder_is_one_line(tmp_path, run_json, command):
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    if run_json is not None:
        (run_dir / "run.json").write_bytes(run_json)
    args = {"report": ["report", str(run_dir)], "compare": ["compare", str(run_dir), str(run_dir)],
            "resume": ["eval", "--resume", str(run_dir)]}[command]
    result = cli(*args)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert ("no run.json" if run_json is None else "run.json is damaged") in result.stderr


def test_an_unwritable_run_folder_is_one_line(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    out = tmp_path / "file" / "runs"
    with FakeServer() as server:
        result = cli("eval", "--endpoint", server.url, "--filter", "arithmetic", "--out", str(out))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == f"assetgen: {out}: Not a directory"


def test_fail_under_gates_ci(tmp_path):
    with FakeServer(answer="7644") as server:
        ok = cli("eval", "--endpoint", server.url, "--filter", "arithmetic", "--out", str(tmp_path),
                 "--fail-under", "1.0")
        bad = cli("eval", "--endpoint", server.url, "--filter", "color_grid", "--out", str(tmp_path),
                  "--fail-under", "0.5")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert bad.returncode == 1 and "below --fail-under" in bad.stderr


def test_resume_after_kill_loses_and_duplicates_nothing(tmp_path):
    class Slow(FakeServer):
        async def chat(self, request):
            import asyncio
            await asyncio.sleep(0.15)
            return await super().chat(request)

    with Slow() as server:
        out = tmp_path / "runs"
        process = subprocess.Popen([sys.executable, str(ROOT / "cli.py"), "eval", "--endpoint", server.url,
                                    "--out", str(out), "--concurrency", "1", "--filter", "single_image",
                                    "--filter", "ocr", "--filter", "chart"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        run_dir = None
        while time.time() < deadline:
            dirs = list(out.glob("*")) if out.exists() else []
            if dirs and (dirs[0] / "responses.jsonl").exists() and \
                    (dirs[0] / "responses.jsonl").read_bytes().count(b"\n") >= 4:
                run_dir = dirs[0]
                break
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        assert run_dir is not None
        before = (run_dir / "responses.jsonl").read_bytes()
        with (run_dir / "responses.jsonl").open("ab") as handle:  # as if killed in the middle of a write
            handle.write(b'{"case_id": "torn", "key": "to')
        kept = [json.loads(line) for line in before.splitlines()]
        result = cli("eval", "--resume", str(run_dir))
        assert result.returncode == 0, result.stderr
    final = records(run_dir)
    keys = [r.key for r in final]
    assert len(keys) == len(set(keys)) == 11  # 5 single-image + 3 OCR + 3 chart, each once
    assert [r.key for r in final[: len(kept)]] == [k["key"] for k in kept]  # earlier answers untouched
    info = json.loads((run_dir / "run.json").read_text())
    assert info["resumed"] == 1 and info["finished"]


def test_resume_retries_errors_and_keeps_the_newer_answer(tmp_path):
    with FakeServer(script=["500"] * 3) as server:
        run_dir = run(server, tmp_path, filters=("arithmetic",), retries=0)
    with FakeServer() as server:
        opts = EvalOptions(endpoint=server.url, golden=GOLDEN, resume=run_dir, request=RequestOptions(model=""))
        run_eval(opts)
    rs = records(run_dir)
    assert [r.status for r in rs] == ["error", "ok"]
    report = write_reports(run_dir)
    assert [g.verdict for _, g in report.grades] != ["error"] and len(report.grades) == 1


def test_reports_escape_model_output_and_embed_media(tmp_path):
    with FakeServer(answer="<script>alert('x')</script> **4**") as server:
        run_dir = run(server, tmp_path, filters=("flashing_light", "arithmetic"))
    write_reports(run_dir)
    page = (run_dir / "report.html").read_text()
    assert "<script>alert" not in page and "&lt;script&gt;alert" in page
    assert "data:video/mp4;base64," in page and "data:image/jpeg;base64," in page
    assert (run_dir / "plots" / "accuracy.png").exists() and (run_dir / "plots" / "latency.png").exists()
    markdown = (run_dir / "report.md").read_text()
    assert "| Category | Tests | Perfect | Partial | Failed | Errors |" in markdown
    grades = [json.loads(line) for line in (run_dir / "grades.jsonl").read_text().splitlines()]
    assert len(grades) == 2 and all("verdict" in g["grade"] for g in grades)


def test_report_and_compare_commands(tmp_path):
    with FakeServer(answer="7644") as server:
        a = run(server, tmp_path, filters=("arithmetic", "color_grid"))
    with FakeServer(answer="3") as server:
        b = run(server, tmp_path, filters=("arithmetic", "color_grid"))
    rerender = cli("report", str(a))
    assert rerender.returncode == 0 and "Perfect" in rerender.stdout
    compared = cli("compare", str(a), str(b))
    assert compared.returncode == 0 and "math" in compared.stdout and "-100 pts" in compared.stdout
    table = (b / f"compare-{a.name}.md").read_text()
    assert "| math |" in table and "-100 pts" in table and (b / f"compare-{a.name}.html").exists()


def test_thinking_both_draws_the_comparison(tmp_path):
    with FakeServer() as server:
        run_dir = run(server, tmp_path, filters=("arithmetic",), thinking="both")
    write_reports(run_dir)
    assert (run_dir / "plots" / "thinking.png").exists()
    assert "Thinking on" in (run_dir / "report.md").read_text()


def test_timings_start_when_the_body_goes_out_not_when_the_headers_are_ready(monkeypatch):
    """aiohttp marks the headers ready, then (on Python < 3.12) writes the body from a task of its own: with
    several requests started together the loop prepares them all before the first byte leaves. A delay put
    between the two must not be counted as the server's (benchmarks/measurement_fidelity.py)."""
    import asyncio

    from aiohttp.client_reqrep import ClientRequest

    from assetgen.run.client import Client

    write_bytes = ClientRequest.write_bytes

    async def late_body(self, *args, **kwargs):
        await asyncio.sleep(0.5)  # the client busy elsewhere before its body leaves
        return await write_bytes(self, *args, **kwargs)

    monkeypatch.setattr(ClientRequest, "write_bytes", late_body)
    body = json.dumps({"model": "fake-vlm", "messages": [{"role": "user", "content": "hi"}], "stream": True,
                       "stream_options": {"include_usage": True}}).encode()

    async def ask(url: str):
        client = Client(url, None, concurrency=1, timeout=30, retries=0)
        try:
            return await client.chat(body, True)
        finally:
            await client.close()

    with FakeServer() as server:
        outcome = asyncio.run(ask(server.url))
    assert outcome.status == "ok" and outcome.ttft_s is not None
    assert outcome.latency_s < 0.5 and outcome.ttft_s < 0.5  # from the body's write: the 0.5 s is not in it

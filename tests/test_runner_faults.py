"""Issue 13, runner side: each finding against a hostile server (tests/faults.py), loopback only."""

from __future__ import annotations

import gzip
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from aiohttp import web
from fake_openai import FakeServer
from faults import ANSWER, KEY, NASTY, FaultServer, completion, leaks

import assetgen.run.client
from assetgen.app.report import write_reports
from assetgen.report.console import PROGRESS
from assetgen.run.client import _retry_after
from assetgen.run.payload import RequestOptions
from assetgen.run.records import read_responses
from assetgen.run.runner import EvalOptions, run_eval

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden"


def run(server, tmp_path, **kw) -> Path:
    request = kw.pop("request", {})
    kw.setdefault("filters", ("arithmetic",))
    opts = EvalOptions(endpoint=server.url, golden=GOLDEN, out=tmp_path / "runs", timeout=kw.pop("timeout", 5.0),
                       retries=kw.pop("retries", 0), request=RequestOptions(model="", **request), **kw)
    return run_eval(opts)


def only(run_dir: Path):
    [record] = read_responses(run_dir / "responses.jsonl")
    return record


def cli(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})}, cwd=ROOT)


def everything_written(folder: Path) -> list[tuple[str, bytes]]:
    """Every file (and every name) under `folder`, to be searched for the key."""
    return [(str(p.relative_to(folder)), p.read_bytes() if p.is_file() else b"") for p in sorted(folder.rglob("*"))]


# ---- an SSE line over 512 KiB crashed the whole eval (aiohttp LineTooLong) ----------------------------

def test_a_one_megabyte_sse_line_is_an_answer_not_a_crash(tmp_path):
    with FaultServer(plan=["long-line"], long_line=1_000_000) as server:
        record = only(run(server, tmp_path))
    assert record.status == "ok" and record.content == "a" * 1_000_000


# ---- a streamed answer was stored whole however large -------------------------------------------------

def test_a_streamed_answer_over_the_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(assetgen.run.client, "MAX_ANSWER_BYTES", 1 << 20)
    with FaultServer(plan=["stream-over-limit"], over_limit=1 << 20) as server:
        record = only(run(server, tmp_path))
    assert record.status == "error" and "over the 1048576-byte limit" in record.error and record.content is None
    assert (tmp_path / "runs").stat() and os.path.getsize(next((tmp_path / "runs").glob("*/responses.jsonl"))) < 10_000


def test_a_gzip_bomb_is_refused_by_its_inflated_size(tmp_path, monkeypatch):
    """Content-Length counts compressed bytes: 20 KB that inflate to 20 MB must not be read whole."""
    monkeypatch.setattr(assetgen.run.client, "MAX_ANSWER_BYTES", 1 << 20)
    bomb = gzip.compress(json.dumps(completion("z" * 20_000_000)).encode(), compresslevel=9)

    class Bomb(FakeServer):
        async def chat(self, request):
            await request.read()
            return web.Response(body=bomb, headers={"Content-Type": "application/json", "Content-Encoding": "gzip"})

    with Bomb() as server:
        record = only(run(server, tmp_path, request={"stream": False}))
    assert len(bomb) < 1 << 20
    assert record.status == "error" and "1048576-byte limit" in record.error and record.content is None


# ---- the API key reached disk --------------------------------------------------------------------------

def test_the_key_reaches_no_file_no_output_and_no_folder_name(tmp_path):
    """Echoed as the model id by /v1/models, in `model` and `finish_reason`, and where error text was cut
    at 200 and 300 characters (which left a 16-character prefix the scrubber no longer matched)."""
    plan = ["key-in-model-and-finish", "error-key-at-300", "text-key-at-200", "stream-error-event",
            "key-prefix-at-end", "echo-authorization", "huge-error-body", "huge-header", "nasty-text"]
    with FaultServer(plan=plan, models=[f"[/bold]\x1b[31m{KEY}"]) as server:
        result = cli("eval", "--endpoint", server.url, "--filter", "single_image", "--filter", "math",
                     "--filter", "chart", "--concurrency", "1", "--retries", "0", "--out", str(tmp_path / "runs"),
                     "--api-key", KEY)
    assert result.returncode == 0, result.stderr
    assert server.served[: len(plan)] == plan
    assert all(h["Authorization"] == f"Bearer {KEY}" for h in server.headers)  # it was sent, and used
    written = everything_written(tmp_path / "runs")
    assert len(written) > 8
    found = {name: leaks(name) + leaks(data) for name, data in written}
    assert not {name: pieces for name, pieces in found.items() if pieces}
    assert not leaks(result.stdout) and not leaks(result.stderr)
    assert not any(KEY[:12].lower() in name.lower() for name, _ in written)  # not even lower-cased by the slug
    records = read_responses(next((tmp_path / "runs").glob("*/responses.jsonl")))
    assert records[0].model == "[/bold]\\x1b[31m***" and records[0].finish_reason == "***\\x1b[0m"


def test_the_key_is_scrubbed_from_an_unreachable_or_refusing_models_page(tmp_path):
    class Refuses(FakeServer):
        async def models(self, request):
            key = request.headers["Authorization"].removeprefix("Bearer ")
            return web.json_response({"error": {"message": "e" * 284 + key}}, status=401)  # cut at 300: 16 left

    with Refuses() as server:
        result = cli("eval", "--endpoint", server.url, "--out", str(tmp_path), "--api-key", KEY)
    assert result.returncode == 3 and "HTTP 401" in result.stderr
    assert not leaks(result.stderr + result.stdout)


def test_the_urls_secrets_are_scrubbed_as_well():
    import asyncio

    from assetgen.run.client import Client

    async def scrubbed(text: str) -> str:
        client = Client("http://user:hunter2pass@127.0.0.1:9/v1?api_key=QUERYSECRET123&x=1", KEY, concurrency=1,
                        timeout=1, retries=0)
        try:
            return client.scrub(text)
        finally:
            await client.close()

    assert asyncio.run(scrubbed(f"{KEY} hunter2pass QUERYSECRET123 x=1")) == "*** *** *** x=1"


def test_hostile_metrics_names_are_not_kept(tmp_path):
    key = "skWordsOnly0123456789abcdefXYZ"  # what a Prometheus name can hold
    metrics = "\n".join([f"vllm:spec_decode_{key}_total 1",
                         *(f"vllm:spec_decode_junk_{k}_total {k}" for k in range(20_000)),
                         "vllm:spec_decode_num_drafts_total 10"])
    with FakeServer(metrics=metrics) as server:
        run_dir = run(server, tmp_path, api_key=key)
    info = json.loads((run_dir / "run.json").read_text())
    assert not leaks((run_dir / "run.json").read_text(), key)
    # names as spec_counters records them (without `_total`)
    assert len(info["metrics_before"]) <= 256 and info["metrics_before"]["vllm:spec_decode_num_drafts"] == 10


# ---- protocol faults were 'ok, no content' when streamed, transport errors when not ----------------------

@pytest.mark.parametrize(("fault", "stream", "message"), [
    ("stream-empty-choices", True, "had no choices"),
    ("stream-list-content", True, "content is not a string but list"),
    ("stream-list-delta", True, "delta is not an object but list"),
    ("stream-choices-not-list", True, "choices is not a list but dict"),
    ("json-empty-choices", False, "response has no choices"),
    ("json-list-content", False, "content is not a string but list"),
    ("json-message-not-object", False, "message is not an object but list"),
])
def test_a_broken_protocol_is_a_transport_error_streamed_or_not(tmp_path, fault, stream, message):
    with FaultServer(plan=[fault]) as server:
        run_dir = run(server, tmp_path, request={"stream": stream})
    record = only(run_dir)
    assert record.status == "error" and message in record.error and record.content is None
    [(_, grade)] = write_reports(run_dir).grades
    assert grade.verdict == "error" and grade.cause == "transport"


# ---- Retry-After: soon-ish was recorded as 'Invalid date value or format' --------------------------------

@pytest.mark.parametrize(("value", "expected"), [
    ("soon-ish", None), ("", None), ("nan", None), ("inf", None), ("1e400", None), ("Fri, 31 Dec 9999", None),
    ("-5", 0.0), ("2.5", 2.5), ("100000", 30.0), ("Wed, 21 Oct 2015 07:28:00 GMT", 0.0),
])
def test_retry_after_values(value, expected):
    assert _retry_after({"Retry-After": value}) == expected


def test_a_429_with_an_unreadable_retry_after_is_recorded_as_the_429(tmp_path):
    class Soon(FakeServer):
        async def chat(self, request):
            return web.json_response({"error": {"message": "slow down"}}, status=429,
                                     headers={"Retry-After": "soon-ish"})

    with Soon() as server:
        record = only(run(server, tmp_path))
    assert record.status == "error" and record.http_status == 429 and record.error == "HTTP 429: slow down"


def test_redirects_are_not_followed(tmp_path):
    with FaultServer(plan=["redirect"]) as server:
        record = only(run(server, tmp_path))
    assert server.elsewhere == 0
    assert record.status == "error" and record.http_status == 307 and "not followed" in record.error
    assert f"a redirect to http://127.0.0.1:{server.port}/v1/elsewhere, not followed" in record.error


def test_a_redirect_target_is_named_without_its_secrets():
    from assetgen.run.client import redirect_error
    from assetgen.run.untrusted import Scrubber

    line = redirect_error(302, f"http://user:pw@evil.test/{KEY}/\x1b[2J?token=t0k3n&q=1", Scrubber([KEY]))
    assert line.startswith("HTTP 302: a redirect to http://evil.test/***/\\x1b[2J?token=***&q=1, not followed")
    assert KEY not in line and "pw@" not in line and "\n" not in line and "\x1b" not in line
    assert redirect_error(301, None, Scrubber([])) == ("HTTP 301: a redirect, not followed (it could take the "
                                                        "request and its key elsewhere)")
    assert "http://[broken" in redirect_error(307, "http://[broken", Scrubber([]))


# ---- markup and escapes in the terminal report; links in report.md; NUL and U+202E in report.html --------

def test_markup_and_escapes_in_a_model_id_are_shown_not_acted_on(tmp_path):
    with FaultServer(models=["[/bold]\x1b[2J\x1b]0;pwned\x07evil"]) as server:
        result = cli("eval", "--endpoint", server.url, "--filter", "arithmetic", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout
    assert "[/bold]\\x1b[2J\\x1b]0;pwned\\x07evil" in result.stdout


def test_reports_defuse_model_made_links_images_and_controls(tmp_path):
    from markdown_it import MarkdownIt

    with FaultServer(plan=["links", "nasty-json"]) as server:
        run_dir = run(server, tmp_path, filters=("text_card-s0-0001", "bar_chart-s0-0001"), concurrency=1)
    write_reports(run_dir)
    markdown = (run_dir / "report.md").read_text()
    assert "said '!\\[b\\]" in markdown  # the grader quotes the answer: the links reach the report
    unescaped = markdown.replace("\\]", "").replace("\\[", "")  # what is left after the escaped brackets
    assert "](javascript:" not in unescaped and "![b](" not in unescaped
    rendered = MarkdownIt("gfm-like").render(markdown)  # as a renderer that links bare URLs shows it
    links = [tag for tag in ("<a ", "<script") if tag in rendered]
    images = [line for line in rendered.split("<img")[1:] if not line.startswith(' src="plots/')]
    assert not links and not images
    assert "[c](javascript:alert" in rendered  # the text is there, as text
    page = (run_dir / "report.html").read_text()
    assert "\x00" not in page and "\u202e" not in page and "\x1b" not in page
    assert "nul␀byte" in page and "⟨U+202E⟩evil" in page  # shown, not obeyed
    assert "<script>alert" not in page and "Content-Security-Policy" in page
    assert "\x1b" not in (run_dir / "summary.txt").read_text()


# ---- reports and grades were not written atomically ------------------------------------------------------

class FileStandIn:
    """An open file whose writes a test decides (a subclass's `write`); everything else is the real file's."""

    def __init__(self, handle):
        self.handle = handle

    def __getattr__(self, attr):
        return getattr(self.handle, attr)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.handle.close()


@pytest.mark.parametrize("name", ["grades.jsonl", "report.html", "report.md"])
def test_a_write_that_dies_midway_leaves_the_previous_file_whole(tmp_path, monkeypatch, name):
    with FaultServer() as server:
        run_dir = run(server, tmp_path, filters=("arithmetic", "color_grid"))
    write_reports(run_dir)
    before = (run_dir / name).read_bytes()
    real_open = io.open

    class DiesMidway(FileStandIn):
        """A file that takes half of what is written, then fails (a full disk; a kill leaves the same)."""

        def write(self, data):
            self.handle.write(data[: len(data) // 2])
            self.handle.flush()
            raise OSError(28, "No space left on device")

    def dying_open(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        return DiesMidway(handle) if "w" in mode and name in str(file) else handle

    monkeypatch.setattr(io, "open", dying_open)
    monkeypatch.setattr("builtins.open", dying_open)
    with pytest.raises(OSError):
        write_reports(run_dir)
    monkeypatch.undo()
    assert (run_dir / name).read_bytes() == before
    assert not list(run_dir.glob(".*.tmp"))


# ---- run time left out the time of killed parts -----------------------------------------------------------

def test_a_killed_part_keeps_its_time(tmp_path):
    class Slow(FakeServer):
        async def chat(self, request):
            import asyncio
            await asyncio.sleep(0.4)
            return await super().chat(request)

    with Slow() as server:
        out = tmp_path / "runs"
        process = subprocess.Popen([sys.executable, str(ROOT / "cli.py"), "eval", "--endpoint", server.url,
                                    "--out", str(out), "--concurrency", "1", "--filter", "single_image",
                                    "--filter", "ocr", "--filter", "chart"], cwd=ROOT,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        run_dir, started = None, None
        deadline = time.time() + 60
        while time.time() < deadline and started is None:
            found = list(out.glob("*/run.json")) if out.exists() else []
            if found:
                run_dir, started = found[0].parent, time.perf_counter()
            time.sleep(0.02)
        assert run_dir is not None
        time.sleep(2.6)  # about 6 answers of 11: the kill lands mid-run
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        asked = time.perf_counter() - started
        killed = json.loads((run_dir / "run.json").read_text())
        assert len(read_responses(run_dir / "responses.jsonl")) < 11
        result = cli("eval", "--resume", str(run_dir))
        assert result.returncode == 0, result.stderr
    info = json.loads((run_dir / "run.json").read_text())
    first, second = info["parts"]
    assert not first["finished"] and second["finished"]
    # the killed part's time is kept, up to its last heartbeat (1 s) before the kill
    assert asked - 1.0 - 0.5 <= first["wall_s"] <= asked + 0.3
    assert killed["parts"][0]["wall_s"] == first["wall_s"]
    assert info["wall_s"] == pytest.approx(first["wall_s"] + second["wall_s"])


# ---- --resume of a built-in endpoint run called the dead ephemeral port -----------------------------------

def test_resume_starts_the_built_in_endpoint_again_and_records_an_override(tmp_path):
    from assetgen.app.evaluate import evaluate

    def options(**kw):
        return EvalOptions(endpoint=None, golden=GOLDEN, out=tmp_path / "runs", retries=0,
                           request=RequestOptions(model=""), **kw)

    report = evaluate(options(filters=("arithmetic", "color_grid-s0-0000")))
    run_dir = report.run_dir
    info = json.loads((run_dir / "run.json").read_text())
    assert info["builtin_endpoint"] is True and info["parts"][0]["builtin_endpoint"] is True
    responses = run_dir / "responses.jsonl"
    lines = responses.read_bytes().splitlines(keepends=True)
    responses.write_bytes(lines[0])  # as if killed after the first answer
    evaluate(options(resume=run_dir))
    records = read_responses(responses)
    assert len(records) == 2 and all(r.status == "ok" for r in records)
    info = json.loads((run_dir / "run.json").read_text())
    assert info["builtin_endpoint"] is True and len(info["parts"]) == 2
    assert all(p["builtin_endpoint"] and p["finished"] for p in info["parts"])

    responses.write_bytes(lines[0])
    # an explicit endpoint (serving the same model) on resume overrides, and is recorded
    with FaultServer(models=["assetgen-reference"]) as server:
        evaluate(EvalOptions(endpoint=server.url, golden=GOLDEN, resume=run_dir, request=RequestOptions(model="")))
        assert len(server.served) == 1
    info = json.loads((run_dir / "run.json").read_text())
    assert info["endpoint"] == server.url and info["builtin_endpoint"] is False
    assert info["parts"][2] | {"started": 0, "ended": 0, "wall_s": 0} == {
        "started": 0, "ended": 0, "wall_s": 0, "finished": True, "endpoint": server.url, "builtin_endpoint": False,
        "models": ["assetgen-reference"]}


def test_resume_against_a_dead_endpoint_exits_3_and_records_nothing(tmp_path):
    with FaultServer() as server:
        run_dir = run(server, tmp_path, filters=("arithmetic", "color_grid-s0-0000"))
    responses = run_dir / "responses.jsonl"
    responses.write_bytes(responses.read_bytes().splitlines(keepends=True)[0])
    before = responses.read_bytes()
    result = cli("eval", "--resume", str(run_dir))  # the server is gone
    assert result.returncode == 3 and "cannot reach" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert responses.read_bytes() == before


# ---- a run where every request failed exited 0 in silence; --limit 0 ran everything ---------------------

def said(stderr: str) -> list[str]:
    """What eval said on stderr besides its piped progress lines."""
    return [line for line in stderr.strip().splitlines() if not line.startswith(PROGRESS)]


def test_a_run_where_every_request_failed_exits_3_with_one_line(tmp_path):
    with FaultServer(plan=["no-such-model"] * 10) as server:
        result = cli("eval", "--endpoint", server.url, "--model", "foo", "--filter", "color_grid",
                     "--retries", "0", "--out", str(tmp_path))
    assert result.returncode == 3, result.stderr
    [line] = said(result.stderr)
    assert line.startswith("assetgen: no request got an answer: all 3 failed (most often: HTTP 404: The model")
    assert (next(tmp_path.iterdir()) / "report.html").exists()  # the failures are still reported


def test_a_run_where_errors_dominate_warns(tmp_path):
    with FaultServer(plan=["json-garbage", "json-garbage", "ok"]) as server:
        result = cli("eval", "--endpoint", server.url, "--filter", "color_grid", "--concurrency", "1",
                     "--retries", "0", "--out", str(tmp_path))
    assert result.returncode == 0
    assert said(result.stderr) == ["assetgen: warning: 2 of 3 requests failed (most often: invalid JSON from "
                                   "server (14 bytes)); accuracy covers only the 1 answered"]


@pytest.mark.parametrize("limit", ["0", "-2"])
def test_limit_below_one_is_refused(tmp_path, limit):
    with FaultServer() as server:
        result = cli("eval", "--endpoint", server.url, "--limit", limit, "--out", str(tmp_path))
    assert result.returncode == 2 and f"--limit {limit} must be >= 1" in result.stderr
    assert server.served == []


def test_every_answer_keeps_its_text(tmp_path):
    """The hardening keeps ordinary answers whole: text split over events, the key masked in place."""
    with FaultServer(plan=["key-split-across-events", "sse-variants", "ok-json"]) as server:
        run_dir = run(server, tmp_path, filters=("color_grid",), concurrency=1, api_key=KEY)
    contents = [r.content for r in read_responses(run_dir / "responses.jsonl")]
    assert contents == [f"{ANSWER} ***", ANSWER, ANSWER]
    assert NASTY  # the catalogue's nasty text is exercised in the fault suite


# ---- issue 31: a full disk during eval (the writer or the heartbeat) -------------------------------------

FIVE = ("color_grid", "text_card", "arithmetic")  # 7 cases


class FillingDisk:
    """The disk fills after `room` appends to responses.jsonl: that write lands half (as a real short write
    does), then every write fails with ENOSPC, the heartbeat's run.json too."""

    def __init__(self, monkeypatch, room: int):
        import errno

        import assetgen.run.records as records
        import assetgen.run.runner as runner

        self.room, self.full, self.errno = room, False, errno.ENOSPC
        real_open, real_atomic = io.open, records.write_atomic  # run.json's writes (records.write_run_info)
        disk = self

        class Appends(FileStandIn):
            def write(self, data):
                if disk.room <= 0:
                    if not disk.full:  # the write that meets the end of the disk lands in part, as write(2) does
                        disk.full = True
                        return self.handle.write(bytes(data[: len(data) // 2]))
                    raise OSError(disk.errno, "No space left on device")
                disk.room -= 1
                return self.handle.write(data)

        def filling_open(file, mode="r", *args, **kwargs):
            handle = real_open(file, mode, *args, **kwargs)
            return Appends(handle) if "a" in mode and str(file).endswith("responses.jsonl") else handle

        def filling_atomic(path, data):
            if disk.full:
                raise OSError(disk.errno, "No space left on device")
            return real_atomic(path, data)

        monkeypatch.setattr(io, "open", filling_open)
        monkeypatch.setattr("builtins.open", filling_open)
        monkeypatch.setattr(records, "write_atomic", filling_atomic)
        monkeypatch.setattr(runner, "HEARTBEAT_S", 0.05)


def whole_lines(path: Path) -> list[dict]:
    data = path.read_bytes()
    assert data.endswith(b"\n"), data[-200:]
    return [json.loads(line) for line in data.splitlines()]


def test_a_full_disk_stops_the_run_with_one_line_and_no_torn_line(tmp_path, monkeypatch, caplog):
    """Issue 31: on a full disk, an OSError traceback from the heartbeat task ('Task exception was never
    retrieved') and a torn last line in responses.jsonl. Now: exit 4, one line, whole lines only."""
    import gc

    from click.testing import CliRunner

    import cli

    class Slow(FakeServer):
        async def chat(self, request):
            import asyncio
            await asyncio.sleep(0.1)
            return await super().chat(request)

    out = tmp_path / "runs"
    with Slow() as server:
        FillingDisk(monkeypatch, room=3)
        args = ["eval", "--endpoint", server.url, "--out", str(out), "--concurrency", "1", "--retries", "0",
                *[x for f in FIVE for x in ("--filter", f)]]
        result = CliRunner().invoke(cli.main, args)
        gc.collect()  # a task whose exception nobody retrieved says so when it is collected
        monkeypatch.undo()
        [run_dir] = out.iterdir()
        responses = run_dir / "responses.jsonl"
        assert result.exit_code == 4, result.output
        lines = [line for line in result.output.splitlines() if line.startswith("assetgen:")]
        assert lines == [f"assetgen: the run stopped: cannot write {responses}: No space left on device; the answers "
                         f"recorded so far are kept: make room, then: assetgen eval --resume {run_dir}"], result.output
        assert "Traceback" not in result.output
        assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]
        assert len(whole_lines(responses)) == 3  # the fourth, which met the end of the disk, left nothing
        assert not list(run_dir.glob(".*.tmp"))
        # an older version left a torn tail on a full disk: resume drops it and asks that case again
        with responses.open("ab") as handle:
            handle.write(b'{"case_id": "text_card-s0-0000", "key": "text_ca')
        result = CliRunner().invoke(cli.main, ["eval", "--resume", str(run_dir)])
    assert result.exit_code == 0, result.output
    keys = [r["key"] for r in whole_lines(responses)]
    assert len(keys) == len(set(keys)) == 7


def test_a_heartbeat_that_cannot_write_stops_the_run(tmp_path, monkeypatch, caplog):
    """The heartbeat's run.json is the first write to fail on a full disk: the run stops at once (it went on
    asking, then ended on the task's OSError), with the one line naming run.json."""
    import gc

    import assetgen.run.records as records
    import assetgen.run.runner as runner
    from assetgen.run.runner import RunStopped

    class Slow(FakeServer):
        async def chat(self, request):
            import asyncio
            await asyncio.sleep(0.15)
            return await super().chat(request)

    real_atomic, calls = records.write_atomic, []  # run.json's writes (records.write_run_info)

    def failing_atomic(path, data):
        calls.append(path)
        if len(calls) > 2:  # run.json before asking, one beat, then the disk is full
            raise OSError(28, "No space left on device")
        return real_atomic(path, data)

    monkeypatch.setattr(records, "write_atomic", failing_atomic)
    monkeypatch.setattr(runner, "HEARTBEAT_S", 0.05)
    with Slow() as server, pytest.raises(RunStopped) as stopped:
        run(server, tmp_path, filters=FIVE, concurrency=1)
    gc.collect()
    [run_dir] = (tmp_path / "runs").iterdir()
    assert str(stopped.value) == (f"the run stopped: cannot write {run_dir / 'run.json'}: No space left on device; "
                                  f"the answers recorded so far are kept: make room, then: assetgen eval --resume "
                                  f"{run_dir}")
    assert len(whole_lines(run_dir / "responses.jsonl")) < 7  # it stopped asking
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]


def test_a_line_sink_writes_a_line_whole_through_short_writes(tmp_path):
    from assetgen.run.files import LineSink

    class Short:
        """A file that takes at most 5 bytes a write, as a kernel may."""

        def __init__(self, handle):
            self.handle = handle

        def write(self, data):
            return self.handle.write(bytes(data[:5]))

        def __getattr__(self, attr):
            return getattr(self.handle, attr)

    path = tmp_path / "responses.jsonl"
    path.write_bytes(b'{"a": 1}\n')
    with LineSink(path) as sink:
        sink.handle = Short(sink.handle)
        sink.write(b'{"b": "a longer line than five bytes"}\n')
    assert path.read_bytes() == b'{"a": 1}\n{"b": "a longer line than five bytes"}\n'


# ---- issue 31: --resume dropped contradicting options silently, and mixed two models' answers -------------

def invoke(*args):
    from click.testing import CliRunner

    import cli

    return CliRunner().invoke(cli.main, [str(a) for a in args])


def one_line(result) -> str:
    lines = [line for line in result.output.splitlines() if line.startswith("assetgen:")]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


@pytest.fixture
def started(tmp_path):
    """A run of 3 cases (of --filter arithmetic --filter color_grid --limit 3) cut after its first answer."""
    with FakeServer() as server:
        result = invoke("eval", "--endpoint", server.url, "--out", tmp_path / "runs", "--filter", "arithmetic",
                        "--filter", "color_grid", "--limit", 3, "--max-tokens", 256)
    assert result.exit_code == 0, result.output
    [run_dir] = (tmp_path / "runs").iterdir()
    responses = run_dir / "responses.jsonl"
    responses.write_bytes(responses.read_bytes().splitlines(keepends=True)[0])
    return run_dir


@pytest.mark.parametrize(("args", "shown"), [
    (["--model", "another-vlm"], "--model another-vlm (the run has fake-vlm)"),
    (["--suite", "text"], "--suite text (the run has vision)"),
    (["--limit", 2], "--limit 2 (the run has 3)"),
    (["--filter", "shapes"], "--filter shapes (the run has arithmetic,color_grid)"),
    (["--filter", "arithmetic"], "--filter arithmetic (the run has arithmetic,color_grid)"),
    (["--max-tokens", 99], "--max-tokens 99 (the run has 256)"),
    (["--no-stream"], "--no-stream given (the run has streamed)"),
    (["--thinking", "on"], "--thinking on (the run has server-default)"),
    (["--golden", "OTHER"], "--golden OTHER (the run asked the suite"),
])
def test_resume_refuses_options_that_contradict_the_run(started, tmp_path, args, shown):
    other = tmp_path / "other-suite"
    other.mkdir()
    (other / "manifest.json").write_text("{}")
    args = [str(other) if a == "OTHER" else a for a in args]
    before = [(p.name, p.read_bytes()) for p in sorted(started.iterdir()) if p.is_file()]
    with FakeServer() as server:
        result = invoke("eval", "--resume", started, "--endpoint", server.url, *args)
        assert not server.requests  # refused before anything is asked
    assert result.exit_code == 2
    line = one_line(result)
    assert line.startswith("assetgen: --resume continues the run as it was started, so it cannot take ") and \
        line.endswith("drop them, or start a new run"), line
    assert shown.replace("OTHER", str(other)) in line, line
    assert [(p.name, p.read_bytes()) for p in sorted(started.iterdir()) if p.is_file()] == before  # nothing written


def test_resume_takes_options_that_agree_with_the_run(started):
    with FakeServer() as server:
        result = invoke("eval", "--resume", started, "--endpoint", server.url, "--model", "fake-vlm", "--golden",
                        GOLDEN, "--suite", "vision", "--filter", "color_grid", "--filter", "arithmetic", "--limit", 3,
                        "--max-tokens", 256, "--concurrency", 1, "--timeout", 30)  # the last two may differ
        assert len(server.requests) == 2
    assert result.exit_code == 0, result.output
    assert len(read_responses(started / "responses.jsonl")) == 3


def test_resume_refuses_an_endpoint_that_serves_another_model_unless_confirmed(started):
    class Other(FaultServer):
        async def chat(self, request):
            self.requests.append(await request.json())
            return await super().chat(request)

    with Other(models=["other-vlm"]) as server:
        refused = invoke("eval", "--resume", started, "--endpoint", server.url)
        asked_when_refused = len(server.requests)
        confirmed = invoke("eval", "--resume", started, "--endpoint", server.url, "--model", "fake-vlm")
        asked = [body["model"] for body in server.requests]
    assert refused.exit_code == 2 and asked_when_refused == 0
    assert one_line(refused) == ("assetgen: the endpoint now lists other-vlm, not fake-vlm, the model this run asked: "
                                 "resuming would mix answers of two models in one run; resume where fake-vlm is "
                                 "served, or give --model fake-vlm to go on anyway")
    assert confirmed.exit_code == 0, confirmed.output
    assert "warning: the endpoint lists other-vlm, not fake-vlm; going on asking for fake-vlm" in confirmed.output
    assert asked == ["fake-vlm", "fake-vlm"]
    parts = json.loads((started / "run.json").read_text())["parts"]
    assert [p["models"] for p in parts] == [["fake-vlm"], ["other-vlm"]]  # each part says what was served

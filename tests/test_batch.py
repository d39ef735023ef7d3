"""`assetgen eval --batch` against a loopback fake of the OpenAI Files and Batches APIs."""

from __future__ import annotations

import asyncio
import json
import re
import threading

import pytest
from aiohttp import web
from fake_openai import free_port
from run_folder import GOLDEN, right

from assetgen.app.evaluate import evaluate_batch
from assetgen.errors import AssetgenError
from assetgen.run.batch import BatchPolling, run_batch
from assetgen.run.payload import RequestOptions
from assetgen.run.records import read_responses, read_run_info
from assetgen.run.runner import EvalOptions

KEY = "sk-test-batch-secret-0123456789"


class FakeBatches:
    """/v1/files, /v1/batches, /v1/batches/{id}, /v1/files/{id}/content: a batch is 'validating' when created,
    'in_progress' at the first poll, then 'completed' (or `final`). Each request is answered with its case's
    truth, except the case ids in `error`, `http_400` (answered with an error) and `omit` (not answered)."""

    def __init__(self, *, error=(), http_400=(), omit=(), final="completed", polls_to_finish=2):
        self.error, self.http_400, self.omit, self.final = set(error), set(http_400), set(omit), final
        self.polls_to_finish = polls_to_finish
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, dict] = {}
        self.polls, self.auth, self.inputs = 0, set(), []
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/v1"

    def _file(self, data: bytes, purpose: str) -> dict:
        file_id = f"file-{len(self.files) + 1}"
        self.files[file_id] = data
        return {"id": file_id, "object": "file", "bytes": len(data), "created_at": 0, "filename": "f.jsonl",
                "purpose": purpose, "status": "processed"}

    async def upload(self, request):
        self.auth.add(request.headers.get("Authorization"))
        form = await request.post()
        assert form["purpose"] == "batch"
        return web.json_response(self._file(form["file"].file.read(), "batch"))

    def _answer(self, line: dict) -> dict | None:
        case_id = line["custom_id"].split("#")[0]
        self.inputs.append(line)
        if case_id in self.omit:
            return None
        if case_id in self.error:
            return {"id": "r", "custom_id": line["custom_id"], "response": None,
                    "error": {"code": "server_error", "message": "the model crashed"}}
        if case_id in self.http_400:
            return {"id": "r", "custom_id": line["custom_id"], "error": None,
                    "response": {"status_code": 400, "body": {"error": {"message": "image too large"}}}}
        body = {"model": line["body"]["model"], "choices": [{"index": 0, "finish_reason": "stop",
                "message": {"role": "assistant", "content": right(case_id)}}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13}}
        return {"id": "r", "custom_id": line["custom_id"], "error": None,
                "response": {"status_code": 200, "request_id": "q", "body": body}}

    async def create(self, request):
        self.auth.add(request.headers.get("Authorization"))
        spec = await request.json()
        lines = [json.loads(x) for x in self.files[spec["input_file_id"]].splitlines()]
        answers = [a for a in map(self._answer, lines) if a]
        good = [a for a in answers if a["error"] is None]
        bad = [a for a in answers if a["error"] is not None]
        batch = {"id": f"batch_{len(self.batches) + 1}", "object": "batch", "endpoint": spec["endpoint"],
                 "input_file_id": spec["input_file_id"], "completion_window": spec["completion_window"],
                 "status": "validating", "created_at": 0, "output_file_id": None, "error_file_id": None,
                 "_out": "".join(json.dumps(a) + "\n" for a in good).encode(),
                 "_err": "".join(json.dumps(a) + "\n" for a in bad).encode()}
        self.batches[batch["id"]] = batch
        return web.json_response({k: v for k, v in batch.items() if not k.startswith("_")})

    async def retrieve(self, request):
        batch = self.batches[request.match_info["id"]]
        self.polls += 1
        if self.polls >= self.polls_to_finish and batch["status"] != self.final:
            batch["status"] = self.final
            if self.final == "completed":
                batch["output_file_id"] = self._file(batch["_out"], "batch_output")["id"]
                if batch["_err"]:
                    batch["error_file_id"] = self._file(batch["_err"], "batch_output")["id"]
        elif batch["status"] == "validating":
            batch["status"] = "in_progress"
        return web.json_response({k: v for k, v in batch.items() if not k.startswith("_")})

    async def content(self, request):
        return web.Response(body=self.files[request.match_info["id"]], content_type="application/octet-stream")

    def __enter__(self):
        app = web.Application(client_max_size=256 * 1024 * 1024)
        app.add_routes([web.post("/v1/files", self.upload), web.post("/v1/batches", self.create),
                        web.get("/v1/batches/{id}", self.retrieve), web.get("/v1/files/{id}/content", self.content)])
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
        assert ready.wait(10)
        return self

    def __exit__(self, *exc):
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


CASES = ["arithmetic-s0-0000", "color_grid-s0-0001", "bar_chart-s0-0000", "text_card-s0-0001", "equation-s0-0000"]


def options(url, tmp_path, **kw) -> EvalOptions:
    return EvalOptions(endpoint=url, golden=GOLDEN, out=tmp_path / "runs", model="batch-model", api_key=KEY,
                       filters=tuple(CASES), retries=0, timeout=30,
                       request=RequestOptions(model="", max_tokens=256), **kw)


def test_a_batch_is_submitted_polled_collected_and_graded(tmp_path):
    with FakeBatches(error=[CASES[1]], http_400=[CASES[2]], omit=[CASES[3]]) as fake:
        report = evaluate_batch(options(fake.url, tmp_path), BatchPolling(interval_s=0.01))
    assert fake.auth == {f"Bearer {KEY}"} and fake.polls == 2
    assert sorted(x["custom_id"] for x in fake.inputs) == sorted(f"{c}#0#server-default" for c in CASES)
    assert all(x["body"]["model"] == "batch-model" and not x["body"].get("stream") for x in fake.inputs)
    records = {r.case_id: r for r in read_responses(report.run_dir / "responses.jsonl")}
    assert set(records) == set(CASES)
    assert records[CASES[0]].status == "ok" and records[CASES[0]].usage.completion_tokens == 3
    assert records[CASES[1]].error == "batch error: the model crashed"
    assert records[CASES[2]].http_status == 400 and records[CASES[2]].error == "HTTP 400: image too large"
    assert records[CASES[3]].error == "the batch returned no line for this request"
    verdicts = {r.case_id: g.verdict for r, g in report.grades}
    assert verdicts == {CASES[0]: "correct", CASES[1]: "error", CASES[2]: "error", CASES[3]: "error",
                        CASES[4]: "correct"}
    info = read_run_info(report.run_dir)
    assert info.options["batch_id"] == "batch_1" and info.model == "batch-model"
    assert KEY not in "".join(p.read_text(errors="replace") for p in report.run_dir.rglob("*") if p.is_file())


def test_polling_is_bounded(tmp_path):
    with FakeBatches(polls_to_finish=10**6) as fake, pytest.raises(AssetgenError, match="still in_progress after 3"):
        run_batch(options(fake.url, tmp_path), BatchPolling(interval_s=0.01, max_polls=3))
    assert fake.polls == 3 and not (tmp_path / "runs").exists()


def test_a_failed_batch_is_one_line(tmp_path):
    with FakeBatches(final="failed") as fake, pytest.raises(AssetgenError, match="batch batch_1 ended failed"):
        run_batch(options(fake.url, tmp_path), BatchPolling(interval_s=0.01))


def test_batch_needs_an_endpoint_and_a_model(tmp_path):
    with pytest.raises(AssetgenError, match="--endpoint"):
        run_batch(options(None, tmp_path))


def test_the_cli_runs_a_batch_and_refuses_one_without_an_endpoint(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import cli
    from assetgen.run import batch

    result = CliRunner().invoke(cli.main, ["eval", "--batch", "--model", "m", "--golden", str(GOLDEN)])
    assert result.exit_code == 2 and "--batch needs --endpoint" in result.output
    monkeypatch.setattr(batch, "BatchPolling", lambda: BatchPolling(interval_s=0.01))
    with FakeBatches() as fake:
        result = CliRunner().invoke(cli.main, ["eval", "--batch", "--endpoint", fake.url, "--model", "batch-model",
                                               "--golden", str(GOLDEN), "--out", str(tmp_path), "--limit", "3",
                                               "--api-key", KEY], env={"COLUMNS": None})
    assert result.exit_code == 0, result.output
    assert "batch batch_1: 3 requests submitted" in result.output
    assert re.search(r"\nTotal +3 +3 +0 +0 +0 +100%", result.output), result.output


class Listener:
    """A bare TCP listener on loopback that counts the connections made to it: the place a redirect points."""

    def __init__(self):
        import socket

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.1)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.stop = threading.Event()

    def _accept(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def __enter__(self):
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(5)
        self.sock.close()


@pytest.mark.parametrize("step", ["upload", "create", "retrieve", "content"])
def test_a_redirect_is_an_error_naming_its_target_never_followed(tmp_path, step):
    """Issue 31: the openai SDK follows redirects by default, so a 307 took the batch file of prompts to
    another server. Every call of the batch (upload, create, poll, download) must refuse one instead."""

    with Listener() as elsewhere:
        target = f"http://127.0.0.1:{elsewhere.port}/v1/stolen"

        class Redirecting(FakeBatches):
            async def _redirect(self, request):
                return web.Response(status=307, headers={"Location": target})

            async def upload(self, request):
                return await (self._redirect(request) if step == "upload" else super().upload(request))

            async def create(self, request):
                return await (self._redirect(request) if step == "create" else super().create(request))

            async def retrieve(self, request):
                return await (self._redirect(request) if step == "retrieve" else super().retrieve(request))

            async def content(self, request):
                return await (self._redirect(request) if step == "content" else super().content(request))

        with Redirecting() as fake, pytest.raises(AssetgenError) as raised:
            run_batch(options(fake.url, tmp_path), BatchPolling(interval_s=0.01))
    message = str(raised.value)
    assert elsewhere.connections == 0
    assert "HTTP 307" in message and "not followed" in message and target in message, message
    assert "\n" not in message and not (tmp_path / "runs").exists()

"""The reference endpoint: OpenAI protocol, behaviour knobs, isolation from the golden truth."""

from __future__ import annotations

import ast
import base64
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from assetgen.app.grading import grade_run
from assetgen.reference.server import Running, ServeOptions
from assetgen.run.payload import RequestOptions
from assetgen.run.records import read_responses
from assetgen.run.runner import EvalOptions, run_eval

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden"
PNG = base64.b64encode((GOLDEN / "assets/color_grid/color_grid-s0-0001.png").read_bytes()).decode()


def post(url: str, body) -> tuple[int, dict | str]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url + "/chat/completions", data=data,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, json.loads(text) if text.startswith("{") else text
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read().decode())


def ask(prompt: str, *, image=PNG, **extra) -> dict:
    parts = [{"type": "image_url", "image_url": {"url": f"data:image/png;base64,{image}"}}] if image else []
    return {"model": "assetgen-reference", "messages": [{"role": "user", "content": [*parts, {"type": "text",
                                                                                             "text": prompt}]}],
            **extra}


GRID_Q = ("This image shows a grid of colored squares with 6 rows and 6 columns. What color is the cell in row 5, "
          "column 1 (counting rows from the top and columns from the left, starting at 1)? Answer with one color name.")


def test_models_health_metrics_and_a_plain_answer():
    with Running() as url:
        models = json.loads(urllib.request.urlopen(url + "/models").read())
        assert models["data"][0]["id"] == "assetgen-reference"
        assert urllib.request.urlopen(url.rsplit("/v1", 1)[0] + "/health").status == 200
        status, body = post(url, ask(GRID_Q))
        metrics = urllib.request.urlopen(url.rsplit("/v1", 1)[0] + "/metrics").read().decode()
    assert status == 200 and body["choices"][0]["message"]["content"] == "The cell is blue."
    assert body["choices"][0]["finish_reason"] == "stop" and body["usage"]["completion_tokens"] > 0
    assert "assetgen_reference_requests_total 1" in metrics


@pytest.mark.parametrize(("body", "message"), [
    (b"{not json", "not valid JSON"),
    ({"model": "x"}, "'messages' must be a non-empty list"),
    (ask("hi", image="@@@notbase64"), "invalid base64"),
    ({"model": "x", "messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {
        "url": "http://example.com/a.png"}}]}]}, "only data: URLs"),
    (ask("hi", image=base64.b64encode(b"GIF89a not really").decode()), "not a decodable image"),
    (ask("hi", max_tokens=0), "max_tokens must be an integer >= 1"),
], ids=["bad-json", "no-messages", "bad-base64", "remote-url", "not-an-image", "bad-max-tokens"])
def test_malformed_requests_get_400_naming_the_problem(body, message):
    with Running() as url:
        status, answer = post(url, body)
    assert status == 400 and message in answer["error"]["message"]


def test_decompression_bomb_is_refused():
    from assetgen.reference.media import MediaLimits

    with Running(ServeOptions(limits=MediaLimits(image_pixels=1000))) as url:
        status, answer = post(url, ask(GRID_Q))
    assert status == 413 and "over 1000 pixels" in answer["error"]["message"]


def _run(tmp_path, options: ServeOptions, filters, **request):
    with Running(options) as url:
        opts = EvalOptions(endpoint=url, golden=GOLDEN, out=tmp_path, filters=filters, concurrency=4,
                           request=RequestOptions(model="", **request))
        run_dir = run_eval(opts)
    return run_dir, grade_run(run_dir)


def test_num_frames_4_gives_frame_sampling_and_the_estimate_finds_4(tmp_path):
    videos = ("flashing_light", "pulsing_circle", "color_cycle", "appearing_objects")
    _, full = _run(tmp_path / "all", ServeOptions(), videos)
    assert all(g.verdict == "correct" for _, g in full.grades), [g.explanation for _, g in full.grades]
    _, four = _run(tmp_path / "four", ServeOptions(num_frames=4), videos)
    causes = [g.cause for _, g in four.grades]
    assert causes.count("frame_sampling") >= 3, [g.explanation for _, g in four.grades]
    estimate = four.summaries["server-default"].frames
    assert estimate.supported and estimate.frames_low <= 4 <= estimate.frames_high < 30


def test_small_budget_with_thinking_exhausts_reasoning(tmp_path):
    _, report = _run(tmp_path, ServeOptions(think=True), ("color_grid-s0-0001",), max_tokens=10)
    [(record, grade)] = report.grades
    assert record.content is None and record.reasoning and record.finish_reason == "length"
    assert (grade.verdict, grade.cause) == ("no_answer", "reasoning_exhausted")


def test_thinking_in_content_is_stripped_before_grading(tmp_path):
    _, report = _run(tmp_path, ServeOptions(think=True, think_in_content=True), ("color_grid-s0-0001",))
    [(record, grade)] = report.grades
    assert record.content.startswith("<think>") and grade.verdict == "correct"


def test_small_budget_truncates_a_long_answer(tmp_path):
    # POLICY.md 6.6: a cut list is partial from about half of its items, no answer before
    _, report = _run(tmp_path / "a", ServeOptions(), ("color_grid-s0-0000",), max_tokens=6)
    [(record, grade)] = report.grades
    assert record.finish_reason == "length" and (grade.verdict, grade.cause) == ("no_answer", "truncation")
    _, report = _run(tmp_path / "b", ServeOptions(), ("color_grid-s0-0000",), max_tokens=12)
    [(record, grade)] = report.grades
    assert record.finish_reason == "length" and (grade.verdict, grade.cause) == ("partial", "truncation")


def test_degenerate_mode_is_recognised(tmp_path):
    _, report = _run(tmp_path, ServeOptions(degenerate=True), ("arithmetic",))
    assert [g.cause for _, g in report.grades] == ["degenerate_repetition"]


def test_injected_failures_are_retried_or_recorded(tmp_path):
    run_dir, _ = _run(tmp_path, ServeOptions(fail_rate=0.5, seed=3), ("color_grid", "shapes"))
    records = read_responses(run_dir / "responses.jsonl")
    assert len(records) == 5 and any(r.attempts > 1 for r in records)


REFERENCE = ROOT / "assetgen" / "reference"
# The reference endpoint may use pixel and codec helpers and itself, nothing that knows a case.
ALLOWED = ("assetgen.media", "assetgen.reference")


def test_reference_code_has_no_path_to_the_truth():
    """The server imports nothing that reads cases, scenes or truth, and opens no files."""
    for path in REFERENCE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not module.startswith(("assetgen", "graders")) or module.startswith(ALLOWED), \
                    f"{path.name} imports {module}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith(("assetgen", "graders")) or alias.name.startswith(ALLOWED), \
                        f"{path.name} imports {alias.name}"
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
                raise AssertionError(f"{path.name} opens a file")
            if isinstance(node, ast.Attribute) and node.attr in ("read_text", "read_bytes", "golden", "truth"):
                raise AssertionError(f"{path.name} uses .{node.attr}")


def test_reference_solves_the_golden_set_from_pixels():
    from assetgen.app.verify import verify

    result = verify(GOLDEN)
    assert result.rate >= 0.9, result.unsolved
    print({f: f"{ok}/{n}" for f, (ok, n) in result.solved.items()})


def test_reference_solves_a_fresh_suite_it_has_never_seen(tmp_path):
    """Another seed, every family: the solver reads pixels, it does not know these cases."""
    from assetgen.app.verify import verify
    from assetgen.generate.build import build

    build(tmp_path / "suite", suite="full", per_family=2, seed=20261130, workers=2)
    result = verify(tmp_path / "suite")
    assert result.rate >= 0.9, result.unsolved
    assert len(result.solved) >= 31


def test_redact_secrets_gives_safety_redaction(tmp_path):
    _, report = _run(tmp_path, ServeOptions(redact_secrets=True), ("text_card-s0-0000", "text_card-s0-0002"))
    causes = {record.case_id: (g.verdict, g.cause) for record, g in report.grades}
    # the second case asks for the key only: withheld, nothing was answered (graders/POLICY.md 6.5)
    assert causes == {"text_card-s0-0000": ("partial", "safety_redaction"),
                      "text_card-s0-0002": ("no_answer", "safety_redaction")}, [g.explanation for _, g in report.grades]


def test_small_budget_with_thinking_on_the_code_trace(tmp_path):
    _, report = _run(tmp_path, ServeOptions(think=True), ("code_reading-s0-0001",), max_tokens=40)
    [(_, grade)] = report.grades
    assert grade.cause in ("reasoning_exhausted", "truncation")
    # POLICY.md 6.6: a few trace steps before the cut are less than half of it; most of them are partial
    _, report = _run(tmp_path / "b", ServeOptions(), ("code_reading-s0-0001",), max_tokens=40)
    [(_, grade)] = report.grades
    assert (grade.verdict, grade.cause) == ("no_answer", "truncation"), grade.explanation
    assert "less than half" in grade.explanation
    _, report = _run(tmp_path / "c", ServeOptions(), ("code_reading-s0-0001",), max_tokens=90)
    [(_, grade)] = report.grades
    assert (grade.verdict, grade.cause) == ("partial", "truncation"), grade.explanation


def test_fps_samples_like_vllm_and_latency_shows_in_ttft(tmp_path):
    # the clip is 30 frames at 2 fps (15 s): sampling at 0.3 fps keeps 4 frames, so flashes are missed
    _, report = _run(tmp_path / "fps", ServeOptions(fps=0.3), ("flashing_light",))
    [(_, grade)] = report.grades
    assert grade.cause == "frame_sampling" and grade.frames_consistent[0] <= 4 <= grade.frames_consistent[1]
    _, report = _run(tmp_path / "slow", ServeOptions(latency=0.3, tokens_per_s=50), ("color_grid-s0-0001",))
    [(record, grade)] = report.grades
    assert grade.verdict == "correct" and record.timing.ttft_s >= 0.3
    assert record.timing.latency_s >= 0.3 + (record.usage.completion_tokens - 1) / 50


def test_oversized_requests_are_refused():
    with Running(ServeOptions(max_body=10_000)) as url:
        status, _ = post_raw(url, b"{" + b" " * 20_000 + b"}")
    assert status == 413


def post_raw(url: str, data: bytes) -> tuple[int, bytes]:
    request = urllib.request.Request(url + "/chat/completions", data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_assetgen_serve_runs_as_a_process_on_loopback():
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen([sys.executable, str(ROOT / "cli.py"), "serve", "--port", str(port), "--think"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        status, body = post(f"http://127.0.0.1:{port}/v1", ask(GRID_Q))
        assert status == 200 and body["choices"][0]["message"]["reasoning"]
        assert body["choices"][0]["message"]["content"] == "The cell is blue."
    finally:
        process.terminate()
        process.wait(10)


def test_chart_labels_read_as_one_ocr_line_are_split_between_their_bars():
    """OCR reads neighbouring axis labels as one line ('Apples Cherries'): each bar gets its own word."""
    from assetgen.reference.ocr import Line
    from assetgen.reference.solver import _labels_under

    lines = [Line("Apples Cherries", 91.0, 407.0, 231.0, 431.0), Line("Limes", 458.0, 407.0, 512.0, 431.0),
             Line("Units sold", 288.0, 29.0, 390.0, 54.0), Line("Ice cream", 300.0, 407.0, 380.0, 431.0)]
    assert _labels_under(lines, [118.0, 194.0, 340.0, 485.0], below=400) == ["Apples", "Cherries", "Ice cream",
                                                                               "Limes"]

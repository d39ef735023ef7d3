"""The fault suite: over a thousand mixed faults from a hostile server (tests/faults.py) through `assetgen
eval`, in four runs. Nothing crashes, no piece of the key reaches any file, folder name or output, and
every request is recorded with the cause its fault calls for. Loopback only, zero latency."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from faults import ANSWER, FAULTS, KEY, LINKS, NASTY, FaultServer, leaks

import assetgen.run.client
import cli
from assetgen.run.records import read_responses

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
IMAGES = ["single_image", "multi_image", "ocr", "chart", "math", "code", "visual_reasoning"]  # 20 cases
LONG_LINE, LIMIT = 600_000, 1 << 20

# what a record must say for each expected outcome of tests/faults.py
ERRORS = {
    "http-307": r"^HTTP 307: a redirect to http://127\.0\.0\.1:\d+/v1/elsewhere, not followed",
    "http-401": r"^HTTP 401: ", "http-404": r"^HTTP 404: ",
    "http-429": r"^HTTP 429: ", "http-500": r"^HTTP 500: ", "http-502": r"^HTTP 502: ", "http-503": r"^HTTP 503: ",
    "stream-error": r"^server error in stream: ",
    "cut": r"^stream ended early: the connection was cut mid-answer$",
    "ended-early": r"^stream ended early after \d+ chunks, before \[DONE\]$",
    "bad-json": r"^invalid JSON (in stream chunk \d+|from server \(\d+ bytes\))$",
    "no-choices": r"(^stream of \d+ chunks had no choices|^response has no choices)$",
    "bad-content": r"content is not a string but list$", "bad-delta": r"delta is not an object but list$",
    "bad-choices": r"choices is not a list but dict$", "bad-message": r"^response message is not an object",
    "not-object": r"^response is not a JSON object$", "over-limit": rf"over the {LIMIT}-byte limit; not read further$",
    "disconnected": r"^ServerDisconnectedError: ", "timeout": r"^timed out after 1 s$",
    "bad-http": r"^ClientResponseError: 400, message=.*Got more than \d+ bytes",
}
ANSWERS = {"ok": ANSWER, "ok:nasty": f"{NASTY} the key is *** ok", "ok:links": LINKS, "ok:long": "a" * LONG_LINE,
           "ok:key-split": f"{ANSWER} ***", "ok:escaped-controls": "a\x00b\x1b[2Jc\u202ed"}
assert {f.expect for f in FAULTS.values()} == set(ERRORS) | set(ANSWERS)  # every fault has its check

# four runs, 1,040 requests: each asks the 20 image cases; options vary the paths taken
RUNS = [
    dict(seed=1, repeat=13, args=[], models=[f"[/bold]\x1b[31m{KEY}"]),  # /models echoes the key, with markup
    dict(seed=2, repeat=13, args=["--video-mode", "frames"], models=["fake-vlm"]),
    dict(seed=3, repeat=7, args=["--thinking", "both", "--model", "asked-model"], models=["fake-vlm"]),  # 280
    dict(seed=4, repeat=12, args=["--max-tokens", "16"], models=[f"{KEY[:20]}\u202e"]),
]


def classify(record) -> str:
    if record.status == "ok":
        return next((name for name, text in ANSWERS.items() if record.content == text), f"ok? {record.content!r}")
    hits = [name for name, pattern in ERRORS.items() if re.search(pattern, record.error or "")]
    return hits[0] if len(hits) == 1 else f"error? {record.error!r}"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The four runs: (server, result, run folder) each; the answer limit is 1 MiB here, so that
    oversized answers stay quick."""
    patch = pytest.MonkeyPatch()
    patch.setattr(assetgen.run.client, "MAX_ANSWER_BYTES", LIMIT)
    out = tmp_path_factory.mktemp("fault-runs")
    done = []
    try:
        for spec in RUNS:
            requests = 20 * spec["repeat"] * (2 if "both" in spec["args"] else 1)
            with FaultServer(mix=spec["seed"], count=requests, models=spec["models"], long_line=LONG_LINE,
                             over_limit=LIMIT, slow_s=1.5) as server:
                filters = [arg for name in IMAGES for arg in ("--filter", name)]
                result = CliRunner().invoke(cli.main, [
                    "eval", "--endpoint", server.url, "--api-key", KEY, "--golden", str(GOLDEN),
                    "--out", str(out / f"run{spec['seed']}"), "--repeat", str(spec["repeat"]), "--concurrency", "8",
                    "--retries", "0", "--timeout", "1", *filters, *spec["args"]])
            folders = list((out / f"run{spec['seed']}").iterdir())
            done.append((server, result, folders[0] if len(folders) == 1 else None, requests))
    finally:
        patch.undo()
    return done


def test_over_a_thousand_faults_and_nothing_crashes(runs):
    served = Counter(name for server, *_ in runs for name in server.served)
    assert sum(served.values()) >= 1000
    assert len(served) == len(FAULTS)  # every kind of fault was served
    for server, result, run_dir, requests in runs:
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code == 0, result.stderr
        assert run_dir is not None and len(server.served) == requests
        assert all(line.startswith("assetgen: ") for line in result.stderr.splitlines())
        for name in ("run.json", "responses.jsonl", "grades.jsonl", "report.md", "report.html", "summary.txt"):
            assert (run_dir / name).stat().st_size > 0


def test_every_failure_is_recorded_with_its_cause(runs):
    import json

    for server, _, run_dir, requests in runs:
        records = read_responses(run_dir / "responses.jsonl")
        assert len(records) == requests == len({r.key for r in records})
        # each request is in the record its fault calls for: same counts, class by class
        assert Counter(classify(r) for r in records) == Counter(FAULTS[name].expect for name in server.served)
        grades = {g["key"]: g["grade"] for g in map(json.loads, (run_dir / "grades.jsonl").read_text().splitlines())}
        assert len(grades) == requests
        for record in records:
            grade = grades[record.key]
            if record.status == "error":
                assert grade["verdict"] == "error" and grade["cause"] == "transport"
                assert record.error and record.error[:40] in grade["explanation"]
            else:
                assert grade["verdict"] != "error"


def test_no_piece_of_the_key_anywhere(runs):
    for _, result, run_dir, _ in runs:
        found = {}
        for path in [run_dir, *sorted(run_dir.rglob("*"))]:
            name = str(path.relative_to(run_dir.parent))
            pieces = leaks(name) + leaks(name.lower(), KEY.lower()) + (leaks(path.read_bytes()) if path.is_file()
                                                                         else [])
            if pieces:
                found[name] = pieces
        assert not found
        assert not leaks(result.stdout) and not leaks(result.stderr)


def test_nothing_a_server_sends_acts_on_a_terminal_or_a_page(runs):
    for _, result, run_dir, _ in runs:
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u202e]", result.stdout + result.stderr)
        page = (run_dir / "report.html").read_text()
        assert not re.search(r"[\x00\x1b\u202e]", page) and "<script>alert" not in page
        markdown = (run_dir / "report.md").read_text()
        # a link needs an unescaped ']' before its '(' (CommonMark: '\]' is a literal bracket, no link)
        assert not re.search(r"(?<!\\)\]\(javascript:", markdown) and "![b](" not in markdown
        assert "\x1b" not in markdown

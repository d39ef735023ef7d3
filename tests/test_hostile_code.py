"""A hostile endpoint answers code cases with code that hunts for the evaluator's keys (issue 31): through
`assetgen eval` and `assetgen grade`, no key reaches any file of the run, and a grade the code forges
counts against it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fake_openai import FakeServer

import cli
from graders.sandbox import isolation

KEY = "sk-proj-HOSTILE0123456789abcdefghijKEY"
# the key can only be found by reading the grader's process (its environment and command line) or rebuilt
# from pieces, so the answer text itself holds no copy of it for the client's scrubber to catch
HUNT = """```python
import os, glob
def {function}(*args):
    found = []
    for path in glob.glob("/proc/*/environ") + glob.glob("/proc/*/cmdline") + ["/proc/%d/environ" % os.getppid()]:
        try:
            found.append(open(path, "rb").read().decode("latin-1"))
        except Exception:
            pass
    raise ValueError("sk-proj-" + "HOSTILE0123456789" + "abcdefghijKEY" + " | ".join(found))
```"""


@pytest.fixture(scope="module")
def code_suite(tmp_path_factory):
    out = tmp_path_factory.mktemp("suite") / "code"
    result = CliRunner().invoke(cli.main, ["build", "--suite", "full", "--family", "reasoning", "--per-family", "2",
                                           "--knob", "reasoning.task=coding", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _functions(suite: Path) -> list[str]:
    return [json.loads(line)["truth"]["value"]["function"] for line in (suite / "cases.jsonl").open()]


def test_no_key_reaches_any_file_of_a_hostile_run(code_suite, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ASSETGEN_API_KEY", KEY)
    answer = "\n".join(HUNT.format(function=f) for f in sorted(set(_functions(code_suite))))
    with FakeServer(answer=answer) as server:
        result = CliRunner().invoke(cli.main, ["eval", "--endpoint", server.url, "--model", "m", "--api-key", KEY,
                                               "--golden", str(code_suite), "--out", str(tmp_path / "runs")])
    assert result.exit_code in (0, 1), result.output
    files = [p for p in (tmp_path / "runs").rglob("*") if p.is_file()]
    assert any(p.name == "grades.jsonl" for p in files)
    for path in files:
        assert KEY not in path.read_bytes().decode("latin-1"), path
        assert KEY[:12] not in path.name
    grades = [json.loads(line)["grade"] for p in files if p.name == "grades.jsonl" for line in p.open()]
    assert grades and all(g["verdict"] == ("incorrect" if isolation().available else "error") for g in grades)
    # regrading the same answers elsewhere writes no key either
    responses = next(p for p in files if p.name == "responses.jsonl")
    regraded = tmp_path / "again.jsonl"
    done = CliRunner().invoke(cli.main, ["grade", str(responses), "--golden", str(code_suite), "--out", str(regraded)])
    assert done.exit_code in (0, 1), done.output
    assert regraded.is_file() and KEY not in regraded.read_text()


def test_code_not_run_is_said_once_in_every_report(code_suite, tmp_path, monkeypatch):
    import graders.sandbox as sandbox

    monkeypatch.setattr(sandbox, "isolation", lambda: sandbox.Isolation(False, "bwrap is not installed"))
    monkeypatch.delenv("ASSETGEN_ALLOW_UNISOLATED_CODE", raising=False)
    answer = "\n".join(f"```python\ndef {f}(*a):\n    return None\n```" for f in sorted(set(_functions(code_suite))))
    with FakeServer(answer=answer) as server:
        result = CliRunner().invoke(cli.main, ["eval", "--endpoint", server.url, "--model", "m",
                                               "--golden", str(code_suite), "--out", str(tmp_path / "runs")])
    assert result.exit_code in (0, 1), result.output
    run = next((tmp_path / "runs").iterdir())
    for name in ("report.md", "summary.txt", "report.html"):
        text = (run / name).read_text()
        assert text.count("code test(s) not run") == 1, name
        assert "bwrap is not installed" in text
    assert "code test(s) not run" in result.output

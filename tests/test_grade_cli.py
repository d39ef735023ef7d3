import json
import subprocess
import sys
from pathlib import Path

from assetgen import load_golden

ROOT = Path(__file__).resolve().parent.parent


def test_grade_cli_regrades_foreign_responses(tmp_path):
    cases = load_golden()
    grid = next(c for c in cases if c.id == "color_grid-s0-0001")
    lines = [
        json.dumps({"case_id": grid.id, "content": f"It is **{grid.truth.value}**.", "finish_reason": "stop",
                    "some_other_harness_field": 1}),
        json.dumps({"case_id": "arithmetic-s0-0000", "content": None, "reasoning": "let me think",
                    "finish_reason": "length"}),
        "{not json",
        json.dumps({"case_id": "no-such-case", "content": "x"}),
    ]
    responses = tmp_path / "responses.jsonl"
    responses.write_text("\n".join(lines) + "\n")
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "grade", str(responses)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    grades = [json.loads(line) for line in (tmp_path / "grades.jsonl").read_text().splitlines()]
    assert [(g["case_id"], g["verdict"], g["cause"]) for g in grades] == [
        (grid.id, "correct", None), ("arithmetic-s0-0000", "no_answer", "reasoning_exhausted")]
    assert "responses.jsonl:3: not JSON" in result.stderr and "'no-such-case' is not in the suite" in result.stderr
    assert "reasoning_exhausted 1" in result.stdout and "never started" in result.stdout


def test_a_line_nested_past_the_parsers_depth_is_skipped_not_fatal(tmp_path):
    from assetgen.app.regrade import grade_file

    cases = {c.id: c for c in load_golden()}
    responses = tmp_path / "responses.jsonl"
    responses.write_text('{"a":' * 100_000 + "\n" + "9" * 5000 + "\n" +
                         json.dumps({"case_id": "arithmetic-s0-0000", "content": "7644"}) + "\n")
    summary, problems = grade_file(responses, cases, tmp_path / "grades.jsonl")
    assert summary.total.perfect == 1
    assert [p.split(": ", 1)[1] for p in problems] == ["JSON too deeply nested or too large to read; skipped"] * 2

"""`assetgen grade RUN --diff`: the grades the installed graders would change, nothing written (issue #32)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from run_folder import Answer, make_run

import cli
from assetgen.app.report import write_reports


def test_a_run_graded_by_other_rules_lists_what_changes_and_writes_nothing(tmp_path):
    run_dir = make_run(tmp_path, "run", [Answer("arithmetic-s0-0000"), Answer("color_grid-s0-0001", "red")])
    write_reports(run_dir)
    grades = run_dir / "grades.jsonl"
    lines = [json.loads(line) for line in grades.read_text().splitlines()]
    unchanged = CliRunner().invoke(cli.main, ["grade", str(run_dir), "--diff"])
    assert unchanged.exit_code == 0, unchanged.output
    assert "0 of 2 grades change" in unchanged.output
    # as if older graders had read the arithmetic answer wrong
    for line in lines:
        if line["key"].startswith("arithmetic"):
            line["grade"].update(verdict="incorrect", cause="wrong", score=0.0, graders_version="1.0.0")
    grades.write_text("".join(json.dumps(line) + "\n" for line in lines))
    before = grades.read_bytes()
    result = CliRunner().invoke(cli.main, ["grade", str(run_dir / "responses.jsonl"), "--diff"])
    assert result.exit_code == 0, result.output
    assert "1 of 2 grades change" in result.output and "graded by graders 1.0.0" in result.output
    [change] = [line for line in result.output.splitlines() if line.startswith("arithmetic-s0-0000#")]
    assert "incorrect/wrong 0.00 -> correct 1.00" in change
    assert grades.read_bytes() == before  # --diff writes nothing


def test_another_harness_file_pairs_line_by_line(tmp_path):
    responses = tmp_path / "answers.jsonl"
    responses.write_text(json.dumps({"case_id": "arithmetic-s0-0000", "content": "7644"}) + "\n")
    assert CliRunner().invoke(cli.main, ["grade", str(responses)]).exit_code in (0, 1)
    graded = tmp_path / "answers.grades.jsonl"
    line = json.loads(graded.read_text())
    line.update(verdict="no_answer", cause="refusal", score=0.0)
    graded.write_text(json.dumps(line) + "\n")
    result = CliRunner().invoke(cli.main, ["grade", str(responses), "--diff"])
    assert "1 of 1 grades change" in result.output
    assert "arithmetic-s0-0000 (line 1): no_answer/refusal 0.00 -> correct 1.00" in result.output


def test_nothing_to_compare_with_is_one_line(tmp_path):
    responses = tmp_path / "answers.jsonl"
    responses.write_text(json.dumps({"case_id": "arithmetic-s0-0000", "content": "7644"}) + "\n")
    result = CliRunner().invoke(cli.main, ["grade", str(responses), "--diff"])
    assert result.exit_code == 2 and "no grades to compare with" in result.output

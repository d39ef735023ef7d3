"""The command line's surface: help for every option, `list --cases`, did-you-mean, grade's output name."""

import json

import click
import pytest
from click.testing import CliRunner

import cli
from assetgen import load_golden


def _commands():
    return sorted(cli.main.commands.items())


@pytest.mark.parametrize(("name", "command"), _commands())
def test_every_option_has_help(name, command):
    missing = [p.opts[0] for p in command.params if isinstance(p, click.Option) and not (p.help or "").strip()]
    assert not missing, f"assetgen {name}: options without help: {missing}"


def test_list_cases_names_every_case_of_the_suite():
    cases = load_golden(verify_files=False)
    result = CliRunner().invoke(cli.main, ["list", "--cases"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == [c.id for c in cases]
    assert lines[0].split()[1:] == [cases[0].family, cases[0].category, cases[0].modality]
    rows = json.loads(CliRunner().invoke(cli.main, ["list", "--cases", "--json"]).output)
    assert [r["id"] for r in rows] == [c.id for c in cases]


def test_unknown_case_id_suggests_the_nearest():
    result = CliRunner().invoke(cli.main, ["show", "color_grid-s0-0O01"])  # a letter O for a zero
    assert result.exit_code == 2
    assert "no case 'color_grid-s0-0O01'" in result.output and "did you mean color_grid-s0-0001" in result.output


def test_grade_writes_where_its_help_says(tmp_path):
    help_text = " ".join(CliRunner().invoke(cli.main, ["grade", "--help"], terminal_width=200).output.split())
    assert "grades.jsonl beside a file named responses.jsonl, else <name>.grades.jsonl" in help_text
    case = load_golden(verify_files=False)[0]
    line = json.dumps({"case_id": case.id, "content": "x"}) + "\n"
    for name, expected in (("responses.jsonl", "grades.jsonl"), ("my-responses.jsonl", "my-responses.grades.jsonl"),
                           ("answers.jsonl", "answers.grades.jsonl")):
        (tmp_path / name).write_text(line)
        result = CliRunner().invoke(cli.main, ["grade", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        assert f"grades written to {tmp_path / expected}" in result.output

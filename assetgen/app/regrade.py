"""`assetgen grade`: grade a responses JSONL file (ours or another harness's) against a suite, line by line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from assetgen.dataset.golden import default_golden, load_golden
from assetgen.errors import AssetgenError
from assetgen.report.grading import scrub_grade
from assetgen.run.endpoint import known_secrets
from assetgen.run.untrusted import Scrubber
from graders import Grade, Summary, grade, summarize
from graders.records import CaseSpec


def grade_file(responses: Path, cases: dict[str, CaseSpec], out: Path | None) -> tuple[Summary, list[str]]:
    """Grade every line; a broken line becomes an error grade and a warning, never a crash."""
    grades: list[Grade] = []
    problems: list[str] = []
    scrub = Scrubber(known_secrets())  # the model's text and code reach explanations: no key is written
    with responses.open("r", encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.append(f"{responses}:{number}: not JSON ({exc.msg}); skipped")
                continue
            except (RecursionError, ValueError):  # nested past the parser's depth, or an over-long number
                problems.append(f"{responses}:{number}: JSON too deeply nested or too large to read; skipped")
                continue
            case_id = record.get("case_id") if isinstance(record, dict) else None
            if case_id not in cases:
                problems.append(f"{responses}:{number}: case_id {case_id!r} is not in the suite; skipped")
                continue
            grades.append(scrub_grade(grade(cases[case_id], record), scrub))
    text = "".join(g.model_dump_json() + "\n" for g in grades)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
    return summarize(cases, grades), problems


def default_grades_path(responses: Path) -> Path:
    """grades.jsonl beside a responses.jsonl; <name>.grades.jsonl beside any other file (so the grades of
    responses-b.jsonl never overwrite those of a run's responses.jsonl)."""
    return responses.with_name("grades.jsonl" if responses.name == "responses.jsonl"
                               else responses.stem + ".grades.jsonl")


def regrade(responses: Path, golden: Path | None, out: Path | None) -> tuple[Summary, list[str], Path | None]:
    """Grade `responses` against the suite at `golden` (default: the golden set); write the grades to
    `out` (default: beside the responses; '-' for stdout). Returns the summary, warnings, and where."""
    if not responses.is_file():
        raise AssetgenError(f"no responses file at {responses}")
    cases = {c.id: c for c in load_golden(golden or default_golden())}
    target = out or default_grades_path(responses)
    to_stdout = str(target) == "-"
    summary, problems = grade_file(responses, cases, None if to_stdout else target)
    return summary, problems, None if to_stdout else target

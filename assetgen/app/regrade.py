"""`assetgen grade`: grade a responses JSONL file (ours or another harness's) against a suite, line by line; with
`--diff`, list the grades the installed graders would change, writing nothing."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assetgen.app.grading import scrub_grade
from assetgen.app.judging import Judge, judge_for
from assetgen.dataset.golden import default_golden, load_golden
from assetgen.errors import AssetgenError
from assetgen.run.endpoint import known_secrets
from assetgen.run.judge import JudgeOptions
from assetgen.run.records import latest, read_responses, read_run_info
from assetgen.run.untrusted import Scrubber
from graders import Grade, Summary, grade, summarize
from graders.records import CaseSpec


def grade_file(responses: Path, cases: dict[str, CaseSpec], out: Path | None,
               judge: Judge | None = None) -> tuple[Summary, list[str]]:
    """Grade every line; a broken line becomes an error grade and a warning, never a crash. With `judge`, the
    grades the rules leave undecided are judged (app/judging.py) before anything is written."""
    problems: list[str] = []
    pairs = list(_pairs(responses, cases, problems))
    grades = [g for _, g in pairs]
    if judge is not None:
        scrub = Scrubber(known_secrets())
        grades = [scrub_grade(g, scrub) for g in judge(cases, pairs)]
    text = "".join(g.model_dump_json() + "\n" for g in grades)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
    return summarize(cases, grades), problems


def _graded(responses: Path, cases: dict[str, CaseSpec], problems: list[str]) -> Iterator[Grade]:
    """The grade of every readable line whose case is in the suite, in file order; each other line a problem."""
    return (g for _, g in _pairs(responses, cases, problems))


def _pairs(responses: Path, cases: dict[str, CaseSpec], problems: list[str]) -> Iterator[tuple[dict, Grade]]:
    """_graded, each grade with the record it grades."""
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
            yield record, scrub_grade(grade(cases[case_id], record), scrub)


def default_grades_path(responses: Path) -> Path:
    """grades.jsonl beside a responses.jsonl; <name>.grades.jsonl beside any other file (so the grades of
    responses-b.jsonl never overwrite those of a run's responses.jsonl)."""
    return responses.with_name("grades.jsonl" if responses.name == "responses.jsonl"
                               else responses.stem + ".grades.jsonl")


def judge_cache_path(responses: Path) -> Path:
    """Where the judge's replies are kept: judge.jsonl in a run folder, <name>.judge.jsonl beside any other file."""
    return responses.with_name("judge.jsonl" if responses.name == "responses.jsonl"
                               else responses.stem + ".judge.jsonl")


def regrade(responses: Path, golden: Path | None, out: Path | None, judge: JudgeOptions | None = None,
            notify: Callable[[str], None] = lambda _: None) -> tuple[Summary, list[str], Path | None]:
    """Grade `responses` against the suite at `golden` (default: the golden set); write the grades to
    `out` (default: beside the responses; '-' for stdout). With `judge`, the rules' undecided grades are judged
    (only the judge is asked, never the model). Returns the summary, warnings, and where."""
    if not responses.is_file():
        raise AssetgenError(f"no responses file at {responses}")
    cases = {c.id: c for c in load_golden(golden or default_golden())}
    target = out or default_grades_path(responses)
    to_stdout = str(target) == "-"
    summary, problems = grade_file(responses, cases, None if to_stdout else target,
                                   judge_for(judge, judge_cache_path(responses), notify))
    return summary, problems, None if to_stdout else target


@dataclass
class Change:
    """One grade the installed graders would give otherwise than the recorded one."""

    key: str  # the run's slot (case#repeat#thinking), or the case id and line of another harness's file
    before: dict[str, Any]  # the recorded grade, as written
    after: Grade

    def line(self) -> str:
        def said(g: dict[str, Any]) -> str:
            cause = f"/{g['cause']}" if g.get("cause") else ""
            return f"{g.get('verdict')}{cause} {float(g.get('score') or 0):.2f}"

        return f"{self.key}: {said(self.before)} -> {said(self.after.model_dump())} ({self.after.explanation})"


@dataclass
class Diff:
    changes: list[Change]
    compared: int  # grades compared
    recorded: Path  # the grades file compared against
    versions: set[str] = field(default_factory=set)  # the graders versions the recorded grades name


def _changed(before: dict[str, Any], after: Grade) -> bool:
    return (before.get("verdict"), before.get("cause"), round(float(before.get("score") or 0), 6)) != (
        after.verdict, after.cause, round(after.score, 6))


def _read_grades(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise AssetgenError(f"no grades to compare with at {path}: grade once first (assetgen grade or report)")
    lines = []
    for number, text in enumerate(path.read_text("utf-8", errors="replace").splitlines(), 1):
        if text.strip():
            try:
                lines.append(json.loads(text))
            except ValueError:
                raise AssetgenError(f"{path}:{number}: not a grade line") from None
    return lines


def diff(responses: Path, golden: Path | None = None, grades: Path | None = None) -> Diff:
    """The grades the installed graders would change, against the grades recorded beside `responses` (or at
    `grades`); nothing is written. A run folder (or its responses.jsonl) is compared slot by slot, its latest
    answer each; another harness's file line by line with its <name>.grades.jsonl."""
    responses = responses / "responses.jsonl" if responses.is_dir() else responses
    if not responses.is_file():
        raise AssetgenError(f"no responses file at {responses}")
    recorded = grades or default_grades_path(responses)
    before = _read_grades(recorded)
    if (responses.parent / "run.json").is_file() and responses.name == "responses.jsonl":
        info = read_run_info(responses.parent)
        cases = {c.id: c for c in load_golden(golden or Path(info.golden))}
        old = {line.get("key"): line.get("grade") or {} for line in before if isinstance(line, dict)}
        scrub = Scrubber(known_secrets())
        pairs = [(r.key, old.get(r.key) or {}, scrub_grade(grade(cases[r.case_id], r), scrub))
                 for r in latest(read_responses(responses)).values() if r.case_id in cases]
    else:
        cases = {c.id: c for c in load_golden(golden or default_golden())}
        fresh = list(_graded(responses, cases, []))
        if len(fresh) != len(before):
            raise AssetgenError(f"{recorded} holds {len(before)} grades for {len(fresh)} gradable lines of "
                                f"{responses}: they do not pair; grade again without --diff")
        pairs = [(f"{g.case_id} (line {n})", b if isinstance(b, dict) else {}, g)
                 for n, (b, g) in enumerate(zip(before, fresh, strict=True), 1)]
    changes = [Change(key, b, g) for key, b, g in pairs if _changed(b, g)]
    versions = {str(b.get("graders_version") or "before 2.1.0") for _, b, _ in pairs}
    return Diff(changes, len(pairs), recorded, versions)

"""Grade a run: every latest answer against its case (`graders.grade`), without calling the model; writes
grades.jsonl and hands the grades to `report.run_report.assemble`, which makes the `RunReport` every report
renders. Every key known is scrubbed from the answers and grades kept."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson

from assetgen.dataset.golden import load_golden
from assetgen.report.run_report import RunReport, assemble
from assetgen.run.endpoint import known_secrets
from assetgen.run.files import write_atomic
from assetgen.run.records import ResponseRecord, RunGrade, latest, read_responses, read_run_info
from assetgen.run.untrusted import Scrubber
from graders import Grade, grade


def scrub_value(value: Any, scrub: Scrubber) -> Any:
    """A JSON value with every string passed through `scrub`."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, list):
        return [scrub_value(v, scrub) for v in value]
    if isinstance(value, dict):
        return {k: scrub_value(v, scrub) for k, v in value.items()}
    return value


def scrub_grade(g: Grade, scrub: Scrubber) -> Grade:
    """The grade with no known key in its explanation or extracted answer: the model's code, its errors and
    its answer reach them, and they are written to grades.jsonl and every report."""
    if not scrub:
        return g
    explanation, extracted = scrub(g.explanation), scrub_value(g.extracted, scrub)
    judged = {name: scrub(value) for name in ("judge_reading", "judge_error", "judged_by")
              if (value := getattr(g, name)) is not None and scrub(value) != value}
    if explanation == g.explanation and extracted == g.extracted and not judged:
        return g
    return g.model_copy(update={"explanation": explanation, "extracted": extracted, **judged})


def _scrub_record(r: ResponseRecord, scrub: Scrubber) -> ResponseRecord:
    fields = {name: scrub(getattr(r, name)) for name in ("content", "reasoning", "error") if getattr(r, name)}
    changed = {k: v for k, v in fields.items() if v != getattr(r, k)}
    return r.model_copy(update=changed) if changed else r


# an optional judge step (app/judging.py): the grades of (answer, grade) pairs, the undecided ones judged
JudgeStep = Callable[[Mapping[str, Any], Sequence[tuple[ResponseRecord, Grade]]], list[Grade]]


def grade_run(run_dir: Path, golden: Path | None = None, secrets: Iterable[str | None] = (),
              judge_step: JudgeStep | None = None) -> RunReport:
    """Grade every latest answer of a run (a separate pass: no model is called) and write grades.jsonl; with a
    `judge_step`, the grades the rules leave undecided go through it before anything is written.
    Every key in `secrets` or in the environment is scrubbed from the answers and grades it keeps."""
    info = read_run_info(run_dir)
    root = golden or Path(info.golden)
    cases = {c.id: c for c in load_golden(root)}
    scrub = Scrubber(known_secrets(*secrets))
    records = [r for r in latest(read_responses(run_dir / "responses.jsonl")).values() if r.case_id in cases]
    if scrub:  # the answers as kept (the run's client scrubbed them with its key: this one may differ)
        records = [_scrub_record(r, scrub) for r in records]
    every = [(r, scrub_grade(grade(cases[r.case_id], r), scrub)) for r in records]
    if judge_step is not None:
        every = [(r, scrub_grade(g, scrub)) for (r, _), g in zip(every, judge_step(cases, every), strict=True)]
    lines = [RunGrade(key=r.key, repeat=r.repeat, thinking_label=r.thinking_label, grade=g.model_dump()).model_dump()
             for r, g in every]
    write_atomic(run_dir / "grades.jsonl", b"".join(orjson.dumps(line) + b"\n" for line in lines))
    return assemble(info, cases, records, every, run_dir)

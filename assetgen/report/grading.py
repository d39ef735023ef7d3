"""Grade a run: every latest answer against its case, without calling the model; writes grades.jsonl."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from assetgen.dataset.golden import load_golden
from assetgen.dataset.records import Case
from assetgen.report.performance import Performance, performance
from assetgen.report.probe_cite import cite_probe
from assetgen.report.scale import SCALE_CATEGORIES, ScaleTables, scale_tables
from assetgen.report.speculative import Verdict, judge
from assetgen.run.endpoint import known_secrets
from assetgen.run.files import write_atomic
from assetgen.run.footprint import Footprint
from assetgen.run.footprint import load as load_footprint
from assetgen.run.metrics import SpecDecode, spec_decode, spec_from_answers
from assetgen.run.probe import FramesProbe
from assetgen.run.records import ResponseRecord, RunGrade, RunInfo, latest, read_responses, read_run_info
from assetgen.run.untrusted import Scrubber
from graders import Grade, Summary, grade, summarize
from graders.measured import is_measurement

LABEL_ORDER = ("on", "off", "server-default")


def label_key(label: str) -> tuple[int, str]:
    """Thinking ON before OFF in every table, as the seed article puts them; other labels after."""
    return (LABEL_ORDER.index(label), "") if label in LABEL_ORDER else (len(LABEL_ORDER), label)


@dataclass
class RunReport:
    info: RunInfo
    cases: dict[str, Case]
    records: list[ResponseRecord]
    grades: list[tuple[ResponseRecord, Grade]]
    summaries: dict[str, Summary]  # by thinking label
    perf: dict[str, Performance]
    spec: SpecDecode | None
    run_dir: Path | None = None  # the run folder the report was read from
    verdict: Verdict | None = None  # fast but broken? None when the run did no speculative decoding
    # measurement cases (latency, TTFT: graders/POLICY.md 8): graded, but kept out of `grades` and every accuracy
    measured: list[tuple[ResponseRecord, Grade]] = field(default_factory=list)
    scale: ScaleTables | None = None  # concurrency and context tables; those cases are not in `grades`
    probe: FramesProbe | None = None  # the frames probe of the run's endpoint (probe_cite), when one is attached
    footprint: Footprint | None = None  # the server's /metrics read during the run (report/footprint.py)

    def graded(self, label: str | None = None) -> list[tuple[ResponseRecord, Grade]]:
        """The graded answers of one thinking mode (all of them when `label` is None)."""
        return [(r, g) for r, g in self.grades if label is None or r.thinking_label == label]

    @property
    def accuracy(self) -> float:
        answered = [g for _, g in self.grades if g.verdict != "error"]
        return sum(g.verdict == "correct" for g in answered) / len(answered) if answered else 0.0


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
JudgeStep = Callable[[Mapping[str, Case], Sequence[tuple[ResponseRecord, Grade]]], list[Grade]]


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
    labels = sorted({r.thinking_label for r in records}, key=label_key) or ["server-default"]
    # the concurrency and context cases have their own tables: kept out of accuracy, speed and the case list
    scaled = [(r, g) for r, g in every if cases[r.case_id].category in SCALE_CATEGORIES]
    graded = [(r, g) for r, g in every if cases[r.case_id].category not in SCALE_CATEGORIES]
    # measurements (latency, TTFT) have no right answer: their own tables, not the accuracy nor its speed
    measured = [(r, g) for r, g in graded if is_measurement(cases[r.case_id])]
    graded = [(r, g) for r, g in graded if not is_measurement(cases[r.case_id])]
    asked = [r for r, _ in graded + measured]  # `records` keeps them all: whether anything was answered counts them
    summaries = {label: summarize(cases, [g for r, g in graded if r.thinking_label == label]) for label in labels}
    probe = cite_probe(summaries, run_dir)  # the frames probe of this endpoint, when the run has one attached
    # modes share one request pool, so the run's time is not split by mode on the clock: each gets an even share
    share = (info.wall_s or 0.0) / max(1, len(labels))
    whole = info.wall_s if len(labels) > 1 else None
    kept = [r for r, _ in graded] or [r for r, _ in measured]  # a run of measurements only: their speed
    perf = {label: performance([r for r in kept if r.thinking_label == label], share, whole) for label in labels}
    # the server's counters when it has them; else what it said about each answer
    spec = spec_decode(info.metrics_before, info.metrics_after) or spec_from_answers([r.spec for r in asked
                                                                                      if r.spec])
    return RunReport(info, cases, records, graded, summaries, perf, spec, run_dir, judge(spec, graded), measured,
                     scale_tables(scaled, cases, labels) if scaled else None, probe, load_footprint(run_dir))

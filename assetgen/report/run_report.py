"""The record every report is made from: a graded run (`RunReport`), assembled from its answers and their grades
(graded in `assetgen.app.grading`, not here) with speed, scale tables, the speculative-decoding verdict, the cited
frames probe and the server footprint."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from assetgen.dataset.records import Case
from assetgen.report.performance import Performance, performance
from assetgen.report.probe_cite import cite_probe
from assetgen.report.scale import SCALE_CATEGORIES, ScaleTables, scale_tables
from assetgen.report.speculative import Verdict, judge
from assetgen.run.footprint import Footprint
from assetgen.run.footprint import load as load_footprint
from assetgen.run.metrics import SpecDecode, spec_decode, spec_from_answers
from assetgen.run.probe import FramesProbe
from assetgen.run.records import ResponseRecord, RunInfo
from graders import Grade, Summary, summarize
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


def assemble(info: RunInfo, cases: dict[str, Case], records: list[ResponseRecord],
             every: list[tuple[ResponseRecord, Grade]], run_dir: Path | None = None) -> RunReport:
    """The report of a graded run (`app.grading.grade_run` grades it): its answers split into accuracy,
    measurements and scale cases, summarized per thinking mode, with speed, the speculative-decoding verdict,
    the cited frames probe and the server footprint. Nothing is graded here."""
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

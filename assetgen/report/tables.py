"""What every report shows beyond counts, computed once for the terminal, Markdown and HTML alike:
accuracies with 95% intervals, consistency over repeats, thinking ON next to OFF, paired flips, warnings."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import graders
from assetgen._version import __version__
from assetgen.report.dimensions import sections as dimensions
from assetgen.report.probe_cite import probe_warning
from assetgen.report.run_report import RunReport, label_key
from assetgen.report.section import Section
from assetgen.report.stats import cluster_bootstrap, mcnemar_exact, wilson
from assetgen.run.records import ResponseRecord
from assetgen.run.scale import SCALE_CATEGORIES
from assetgen.run.toolcalls import NO_PARSER_HINT, refused_for_no_parser
from graders import Grade, category_key
from graders.codetests import UNISOLATED
from graders.sandbox import NOT_RUN

Pair = tuple[ResponseRecord, Grade]
TOTAL = "total"
VERDICT_RANK = {"incorrect": 0, "no_answer": 0, "partial": 1, "error": 2, "correct": 3}
"""Failures first: wrong answers, then partial ones, then transport errors, then right ones."""
__all__ = ["TOTAL", "VERDICT_RANK", "Accuracy", "Consistency", "Paired", "Section", "Thinking", "accuracies",
           "accuracy", "category_key", "consistency", "dimensions", "label_key", "paired", "thinking", "warnings"]


@dataclass(frozen=True)
class Accuracy:
    """Perfect answers out of answered ones (transport errors left out), with a 95% interval."""

    right: int
    answered: int
    low: float
    high: float
    method: str  # "Wilson" (one answer per case) or "bootstrap" (cases resampled with their repeats)

    @property
    def value(self) -> float | None:
        return self.right / self.answered if self.answered else None

    @property
    def interval(self) -> str:
        """The 95% interval, e.g. '(57–100%)'."""
        return f"({self.low * 100:.0f}–{self.high:.0%})" if self.answered else ""

    def __str__(self) -> str:
        return f"{self.value:.0%} {self.interval}" if self.answered else "n/a"


def accuracy(pairs: Iterable[Pair]) -> Accuracy:
    """Accuracy of some answers; when a case was answered more than once (--repeat) the interval comes
    from a bootstrap over cases, since repeats of one case are not independent evidence."""
    by_case: dict[str, list[bool]] = {}
    for record, grade in pairs:
        if grade.verdict != "error":
            by_case.setdefault(record.case_id, []).append(grade.verdict == "correct")
    right = sum(sum(v) for v in by_case.values())
    answered = sum(len(v) for v in by_case.values())
    if any(len(v) > 1 for v in by_case.values()):
        low, high = cluster_bootstrap([(sum(v), len(v)) for v in by_case.values()])
        return Accuracy(right, answered, low, high, "bootstrap")
    return Accuracy(right, answered, *wilson(right, answered), "Wilson")


def _by_category(report: RunReport, pairs: list[Pair]) -> dict[str, list[Pair]]:
    groups: dict[str, list[Pair]] = {}
    for record, grade in pairs:
        groups.setdefault(report.cases[record.case_id].category, []).append((record, grade))
    return {c: groups[c] for c in sorted(groups, key=category_key)}


def accuracies(report: RunReport, label: str | None = None) -> dict[str, Accuracy]:
    """Accuracy per category (fixed order) and TOTAL, for one thinking mode."""
    pairs = report.graded(label)
    table = {category: accuracy(group) for category, group in _by_category(report, pairs).items()}
    table[TOTAL] = accuracy(pairs)
    return table


# --- consistency over --repeat ------------------------------------------------------------------------


@dataclass
class CaseConsistency:
    case_id: str
    category: str
    verdicts: list[str]  # by repeat index

    @property
    def right(self) -> int:
        return self.verdicts.count("correct")

    @property
    def answered(self) -> int:
        return sum(v != "error" for v in self.verdicts)

    @property
    def kind(self) -> str:
        """'all' right, 'some' (flaky), 'none', or 'unanswered' (every attempt a transport error)."""
        if not self.answered:
            return "unanswered"
        return "all" if self.right == self.answered else "some" if self.right else "none"

    @property
    def marks(self) -> str:
        return "".join({"correct": "✓", "error": "!"}.get(v, "✗") for v in self.verdicts)


@dataclass
class ConsistencyRow:
    category: str
    cases: int = 0
    all: int = 0
    some: int = 0
    none: int = 0

    @property
    def pass_all(self) -> float | None:
        """pass^k: the share of cases answered right every time."""
        return self.all / self.cases if self.cases else None

    @property
    def pass_any(self) -> float | None:
        """pass@k: the share of cases answered right at least once."""
        return (self.all + self.some) / self.cases if self.cases else None


@dataclass
class Consistency:
    repeats: int
    rows: list[ConsistencyRow]  # per category, then TOTAL
    flaky: list[CaseConsistency] = field(default_factory=list)  # right some of the time


def consistency(report: RunReport, label: str | None = None) -> Consistency | None:
    """Per case, how many of its N answers were right (None for a run without --repeat)."""
    pairs = report.graded(label)
    repeats = max((r.repeat for r, _ in pairs), default=0) + 1
    if repeats < 2:
        return None
    cases: dict[str, CaseConsistency] = {}
    for record, grade in sorted(pairs, key=lambda p: p[0].repeat):
        category = report.cases[record.case_id].category
        cases.setdefault(record.case_id, CaseConsistency(record.case_id, category, [])).verdicts.append(grade.verdict)
    rows: dict[str, ConsistencyRow] = {}
    total = ConsistencyRow(TOTAL)
    for case in cases.values():
        if case.kind == "unanswered":
            continue
        for row in (rows.setdefault(case.category, ConsistencyRow(case.category)), total):
            row.cases += 1
            setattr(row, case.kind, getattr(row, case.kind) + 1)
    ordered = [rows[c] for c in sorted(rows, key=category_key)]
    flaky = [c for c in cases.values() if c.kind == "some"]
    flaky.sort(key=lambda c: (category_key(c.category), c.case_id))
    return Consistency(repeats, [*ordered, total], flaky)


# --- paired answers: flips and McNemar ------------------------------------------------------------------


@dataclass
class Flip:
    case_id: str
    category: str
    repeat: int
    thinking: str
    before: Pair
    after: Pair


@dataclass
class Paired:
    """Answers of two sides to the same (case, repeat[, thinking]) slots; only slots both answered count."""

    pairs: int
    right_to_wrong: list[Flip]
    wrong_to_right: list[Flip]
    why_none: str | None = None  # with no pair: why the two runs' answers do not meet (compare.build says)

    @property
    def p_value(self) -> float:
        return mcnemar_exact(len(self.right_to_wrong), len(self.wrong_to_right))

    def verdict(self, alpha: float = 0.05) -> str:
        b, c = len(self.right_to_wrong), len(self.wrong_to_right)
        if not self.pairs:
            return "no case was answered by both" + (f" {self.why_none}" if self.why_none else "") \
                + ", so nothing can be said"
        if not b + c:
            return f"no case flipped among {self.pairs} paired answers: the accuracies are identical on them"
        word = "significant" if self.p_value < alpha else "not significant"
        return (f"{b} right→wrong, {c} wrong→right of {self.pairs} paired answers: exact McNemar "
                f"p = {self.p_value:.3g}, {word} at the {alpha:g} level")


def paired(before: Iterable[Pair], after: Iterable[Pair], key: Callable[[ResponseRecord], tuple],
           categories: dict[str, str]) -> Paired:
    """Match answers by `key`; a slot with a transport error on either side is left out."""
    left = {key(r): (r, g) for r, g in before if g.verdict != "error"}
    right = {key(r): (r, g) for r, g in after if g.verdict != "error"}
    common = [k for k in left if k in right]
    down, up = [], []
    for k in common:
        (ra, ga), (rb, gb) = left[k], right[k]
        a_ok, b_ok = ga.verdict == "correct", gb.verdict == "correct"
        if a_ok != b_ok:
            flip = Flip(ra.case_id, categories.get(ra.case_id, "unknown"), ra.repeat, ra.thinking_label,
                        (ra, ga), (rb, gb))
            (down if a_ok else up).append(flip)
    order = lambda f: (category_key(f.category), f.case_id, f.repeat, f.thinking)  # noqa: E731
    return Paired(len(common), sorted(down, key=order), sorted(up, key=order))


# --- thinking ON next to OFF ------------------------------------------------------------------------------


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


@dataclass
class ModeStats:
    accuracy: Accuracy
    latency: float | None  # mean seconds over answers that came back
    ttft: float | None
    ttfc: float | None  # time to first content token
    tokens: float | None  # mean output tokens per answer

    @classmethod
    def of(cls, pairs: list[Pair]) -> ModeStats:
        ok = [r for r, _ in pairs if r.status == "ok"]
        pick = lambda attr: [getattr(r.timing, attr) for r in ok if getattr(r.timing, attr) is not None]  # noqa: E731
        tokens = [r.usage.completion_tokens for r in ok if r.usage and r.usage.completion_tokens is not None]
        return cls(accuracy(pairs), _mean(pick("latency_s")), _mean(pick("ttft_s")), _mean(pick("ttfc_s")),
                   _mean(tokens))


METRICS = (("latency", "Latency", "s"), ("ttft", "TTFT", "s"), ("ttfc", "First content token", "s"),
           ("tokens", "Output tokens", ""))  # (field, name, unit)
SHORT = {"latency": "Latency", "ttft": "TTFT", "ttfc": "TTFC", "tokens": "Tokens"}  # for narrow terminals


@dataclass
class ThinkingRow:
    category: str
    on: ModeStats
    off: ModeStats

    def ratio(self, metric: str) -> float | None:
        on, off = getattr(self.on, metric), getattr(self.off, metric)
        return on / off if on is not None and off else None

    @property
    def delta(self) -> float | None:
        """Accuracy ON minus OFF, in points of a fraction."""
        a, b = self.on.accuracy.value, self.off.accuracy.value
        return a - b if a is not None and b is not None else None


@dataclass
class Thinking:
    rows: list[ThinkingRow]  # per category, then TOTAL
    paired: Paired  # ON vs OFF on the same case and repeat
    caveat: str | None = None  # why the times may not mean what they would for a model (REFERENCE_CAVEAT)


# the reference endpoint's model id (reference/server.py MODEL; not imported: it would load the server)
REFERENCE_MODEL = "assetgen-reference"
REFERENCE_CAVEAT = ("The reference endpoint does not think: its reasoning is one fixed paragraph, sent as fast as "
                    "the rest unless a pace is set (assetgen serve --token-time), so its ON and OFF times are both "
                    "the time it takes to read the pixels, with the load of the machine: a ratio below 1 here is "
                    "noise, not thinking making it faster.")


def thinking(report: RunReport) -> Thinking | None:
    """`--thinking both`: per category and overall, each measure with thinking ON next to OFF."""
    if not {"on", "off"} <= set(report.summaries) or not report.grades:  # measurements only: their own tables
        return None
    on, off = report.graded("on"), report.graded("off")
    groups_on, groups_off = _by_category(report, on), _by_category(report, off)
    rows = [ThinkingRow(c, ModeStats.of(groups_on.get(c, [])), ModeStats.of(groups_off.get(c, [])))
            for c in sorted({*groups_on, *groups_off}, key=category_key)]
    rows.append(ThinkingRow(TOTAL, ModeStats.of(on), ModeStats.of(off)))
    categories = {cid: case.category for cid, case in report.cases.items()}
    reference = report.info.builtin_endpoint or report.info.model == REFERENCE_MODEL
    return Thinking(rows, paired(off, on, lambda r: (r.case_id, r.repeat), categories),
                    REFERENCE_CAVEAT if reference else None)


def fmt_metric(value: float | None, unit: str) -> str:
    if value is None:
        return "n/a"
    return f"{value:.3g}{unit}" if unit else f"{value:.0f}"


def fmt_ratio(value: float | None) -> str:
    return f"{value:.2g}×" if value is not None else "n/a"


def fmt_delta(value: float | None) -> str:
    return f"{value * 100:+.0f} pts" if value is not None else "n/a"


# --- warnings at the top of every report ---------------------------------------------------------------


def warnings(report: RunReport) -> list[str]:
    """What a reader must see before any number: each becomes a line at the top of every report."""
    out = []
    for label, summary in report.summaries.items():
        exhausted = summary.causes.get("reasoning_exhausted")
        if exhausted:
            mode = f" (thinking {label})" if len(report.summaries) > 1 else ""
            out.append(f"{exhausted} answer(s){mode} never started: reasoning used the whole max_tokens budget. "
                       "Raise max_tokens or turn thinking off.")
    refused = sum(refused_for_no_parser(r.status, r.http_status, r.error) for r, _ in report.grades)
    if refused:
        out.append(f"{refused} tool-calling request(s) refused with HTTP 400: {NO_PARSER_HINT}.")
    not_run = [g for _, g in report.grades if g.verdict == "error" and g.explanation.startswith(NOT_RUN)]
    if not_run:  # once, with the reason: the same for every code case of the run
        out.append(f"{len(not_run)} code test(s) not run, left out of every accuracy: "
                   f"{not_run[0].explanation[len(NOT_RUN):].lstrip(': ')}")
    unisolated = sum(g.grader == "code_tests" and g.explanation.startswith(UNISOLATED) for _, g in report.grades)
    if unisolated:
        out.append(f"{unisolated} code test(s) ran the model's code WITHOUT OS isolation "
                   "(--allow-unisolated-code): it could read and send anything this user can.")
    errors = sum(g.verdict == "error" for _, g in report.grades) - len(not_run)
    if errors:
        out.append(f"{errors} request(s) got no answer (transport errors); they are left out of every accuracy.")
    if report.probe and report.probe.recommendation and not report.probe.recommendation.startswith("no setting"):
        out.append(probe_warning(report.probe))
    if report.verdict and report.verdict.flagged and report.spec:
        out.insert(0, headline(report))  # fast but broken: before anything else
    return out


def versions_line(report: RunReport) -> str:
    """Which assetgen made the run and which graders graded this report, for every report's header.

    A figure compares with another only when both were graded by the same graders (their rules decide what
    counts as right), and reports re-grade with the graders installed when they are written: so the graders
    named are this process's, and the ones the run was first graded by are added when they differ.
    """
    info = report.info
    made = info.assetgen_version or info.versions.get("assetgen", "?")
    line = f"assetgen {made} · graders {graders.__version__} (rules {graders.RULES})"
    if made != __version__:
        line += f" (reported by assetgen {__version__})"
    if info.graders_version and (info.graders_version, info.graders_rules or graders.RULES) != (
            graders.__version__, graders.RULES):
        rules = f", rules {info.graders_rules}" if info.graders_rules else ""
        line += f" (first graded by graders {info.graders_version}{rules})"
    return line


def cases_line(report: RunReport) -> str:
    """How many cases the run holds, split as its tables count them: a suite of measurements beside graded cases
    (`--suite article`) says both, so '81 cases' is not read against a summary of 55 graded ones."""
    total = report.info.case_count
    graded = {r.case_id for r, _ in report.grades}
    measured = {r.case_id for r, _ in report.measured}
    measured |= {r.case_id for r in report.records
                 if r.case_id in report.cases and report.cases[r.case_id].category in SCALE_CATEGORIES}
    if not measured:
        return f"{total} cases"
    line = f"{total} cases: {len(graded)} graded, {len(measured)} measured (speed, concurrency, context)"
    unanswered = total - len(graded) - len(measured)
    return line + (f", {unanswered} not asked yet" if unanswered > 0 else "")


def headline(report: RunReport) -> str | None:
    """The speculative-decoding verdict (fast but broken, or healthy) when the run did speculative decoding."""
    return report.verdict.line(report.spec) if report.verdict and report.spec else None


# --- the same tables as rows of strings, for Markdown, plain text and the terminal ----------------------

Grid = tuple[list[str], list[list[str]]]  # header, rows


def results_grid(report: RunReport, label: str) -> Grid:
    summary, acc = report.summaries[label], accuracies(report, label)
    header = ["Category", "Tests", "Perfect", "Partial", "Failed", "Errors", "Accuracy (95% CI)"]
    rows = []
    for row in [*summary.rows, summary.total]:
        a = acc[TOTAL if row is summary.total else row.category]
        rows.append([("Total" if row is summary.total else row.category), str(row.asked), str(row.perfect),
                     str(row.partial), str(row.failed), str(row.errors), str(a)])
    return header, rows


def interval_note(report: RunReport, label: str) -> str:
    method = accuracies(report, label)[TOTAL].method
    how = ("a clustered bootstrap over cases (their repeats resampled together)" if method == "bootstrap"
           else "Wilson's score interval")
    return f"Accuracy: perfect answers out of answered ones (Tests - Errors); 95% interval by {how}."


def consistency_grid(c: Consistency) -> Grid:
    k = c.repeats
    header = ["Category", "Cases", f"All {k} right", "Flaky", "None right", f"pass^{k}", f"pass@{k}"]
    pct = lambda v: f"{v:.0%}" if v is not None else "n/a"  # noqa: E731
    rows = [["Total" if r.category == TOTAL else r.category, str(r.cases), str(r.all), str(r.some), str(r.none),
             pct(r.pass_all), pct(r.pass_any)] for r in c.rows]
    return header, rows


def thinking_grid(t: Thinking) -> Grid:
    header = ["Category", "Accuracy ON", "OFF", "Δ"]
    for _, name, _ in METRICS:
        header += [f"{name} ON", "OFF", "ON/OFF"]
    rows = []
    for row in t.rows:
        cells = ["Total" if row.category == TOTAL else row.category, str(row.on.accuracy), str(row.off.accuracy),
                 fmt_delta(row.delta)]
        for key, _, unit in METRICS:
            cells += [fmt_metric(getattr(row.on, key), unit), fmt_metric(getattr(row.off, key), unit),
                      fmt_ratio(row.ratio(key))]
        rows.append(cells)
    return header, rows


def thinking_note(t: Thinking) -> str:
    return ("Means per answer (TTFC: time to first content token, after any reasoning); ON/OFF is their ratio. "
            f"Turning thinking on, paired on the same case and repeat: {t.paired.verdict()}."
            + (f" {t.caveat}" if t.caveat else ""))

"""Per-category Perfect / Partial / Failed counts and partial causes, as in a published benchmark."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from pydantic import BaseModel

from graders.frames import FrameEstimate, estimate_frames
from graders.records import CaseSpec, Grade

CATEGORY_ORDER: tuple[str, ...] = (
    "single_image", "multi_image", "ocr", "chart", "math", "code", "visual_reasoning",
    "video_description", "motion", "counting", "multi_video", "video_reasoning", "video_instructions",
    "reasoning", "tool_calling", "instruction_following",
    "latency", "ttft",
    "concurrency", "context",  # issue 15 dimensions 3 and 4: reported in their own tables, not in accuracy
)
"""Every report lists categories in this order (the seed article's: images, then videos), never in the order
answers arrived; a category not listed here follows, alphabetically."""


def category_key(category: str) -> tuple[int, str]:
    """Sort key giving CATEGORY_ORDER, then unknown categories alphabetically."""
    return (CATEGORY_ORDER.index(category), "") if category in CATEGORY_ORDER else (len(CATEGORY_ORDER), category)


class CategoryRow(BaseModel):
    category: str
    tests: int  # graded answers, transport errors excluded
    perfect: int
    partial: int
    failed: int  # incorrect or no answer
    errors: int  # transport errors, left out of accuracy
    score: float  # mean score over tests

    @property
    def asked(self) -> int:
        """Every graded request, transport errors included: perfect + partial + failed + errors (the tables'
        "Tests" column, so the columns beside it add up to it)."""
        return self.tests + self.errors


class Summary(BaseModel):
    rows: list[CategoryRow]
    total: CategoryRow
    causes: dict[str, int]  # cause -> count over partial and failed answers
    frames: FrameEstimate | None
    undecided: int = 0  # grades the rules left undecided (POLICY.md 10), judged or not
    judged: dict[str, int] = {}  # judge ('<model> @ <host>') -> grades it was asked about
    judge_errors: int = 0  # of those, grades the judge gave no usable reading for (the rules' grade kept)

    @property
    def accuracy(self) -> float:
        """Share of answered cases that are perfect (the CI gate's number)."""
        return self.total.perfect / self.total.tests if self.total.tests else 0.0


def _row(category: str, grades: list[Grade]) -> CategoryRow:
    verdicts = Counter(g.verdict for g in grades)
    answered = [g for g in grades if g.verdict != "error"]
    return CategoryRow(category=category, tests=len(answered), perfect=verdicts["correct"],
                       partial=verdicts["partial"], failed=verdicts["incorrect"] + verdicts["no_answer"],
                       errors=verdicts["error"],
                       score=sum(g.score for g in answered) / len(answered) if answered else 0.0)


def summarize(cases: Mapping[str, CaseSpec], grades: Iterable[Grade]) -> Summary:
    grades = list(grades)
    by_category: dict[str, list[Grade]] = {}
    for g in grades:
        category = cases[g.case_id].category if g.case_id in cases else "unknown"
        by_category.setdefault(category, []).append(g)
    rows = [_row(category, by_category[category]) for category in sorted(by_category, key=category_key)]
    causes = Counter(g.cause for g in grades if g.cause and g.verdict != "error")
    judged = Counter(g.judged_by for g in grades if g.judged_by)
    return Summary(rows=rows, total=_row("total", grades), causes=dict(causes.most_common()),
                   frames=estimate_frames(cases, grades), undecided=sum(g.undecided for g in grades),
                   judged=dict(judged.most_common()), judge_errors=sum(bool(g.judge_error) for g in grades))


def judged_line(summary: Summary) -> str | None:
    """One line on the judge, when one was asked: '3 grades judged by M @ host (rules undecided)'."""
    if not summary.judged:
        return None
    said = ", ".join(f"{n} grade{'s' if n != 1 else ''} judged by {by}" for by, n in summary.judged.items())
    failed = f"; {summary.judge_errors} without a usable reading kept the rules' grade" if summary.judge_errors \
        else ""
    return f"Judge: {said} (rules undecided){failed}"


def format_summary(summary: Summary) -> str:
    """A plain-text table for terminals and logs."""
    def pct(n: int, of: int) -> str:
        return f"{n} ({n / of:.0%})" if of else "0"

    lines = [f"{'Category':<22}{'Tests':>6}{'Perfect':>12}{'Partial':>12}{'Failed':>12}{'Errors':>8}"]
    for row in [*summary.rows, summary.total]:
        if row is summary.total:
            lines.append("-" * len(lines[0]))
        lines.append(f"{row.category:<22}{row.asked:>6}{pct(row.perfect, row.tests):>12}"
                     f"{pct(row.partial, row.tests):>12}{pct(row.failed, row.tests):>12}{row.errors:>8}")
    if summary.causes:
        lines.append("")
        lines.append("Causes of partial and failed answers: " +
                     ", ".join(f"{cause} {n}" for cause, n in summary.causes.items()))
    if summary.causes.get("reasoning_exhausted"):
        lines.append(f"!! {summary.causes['reasoning_exhausted']} answer(s) never started: reasoning used the whole "
                     "max_tokens budget. Raise max_tokens or turn thinking off.")
    if summary.frames:
        lines.append(f"Frames: {summary.frames.message}")
    if judged_line(summary):
        lines.append(judged_line(summary))
    return "\n".join(lines)

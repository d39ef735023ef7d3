"""Worst-case accuracy over variants (DynaMath): a case counts right only when every one of its variants
(same family, knobs and question template, another seed) was answered right.

Variants are recognised in any suite by what they share (`generate.variants.variant_key`): a suite built
without variants has no two such cases, and its reports show nothing of this. The suite of
`assetgen eval --variants K` is built by `app.variants.variant_suite` from the chosen cases."""

from __future__ import annotations

from dataclasses import dataclass

from assetgen.generate.variants import variant_key
from assetgen.report.run_report import RunReport
from assetgen.report.stats import cluster_bootstrap, wilson
from assetgen.report.tables import TOTAL, Accuracy
from graders import category_key

__all__ = ["WorstCase", "WorstRow", "worst_case", "worst_grid", "worst_note"]


@dataclass(frozen=True)
class WorstRow:
    category: str
    cases: int  # cases whose every variant was answered
    variants: int  # variants per case (the most any case has)
    average: Accuracy  # over every answer to every variant
    worst: Accuracy  # cases whose every variant was right


@dataclass(frozen=True)
class WorstCase:
    variants: int
    rows: list[WorstRow]  # per category, then TOTAL
    left_out: int  # cases with a variant that got no answer (transport error)

    @property
    def total(self) -> WorstRow:
        return self.rows[-1]


def worst_case(report: RunReport, label: str | None = None) -> WorstCase | None:
    """Average and worst-case accuracy per category; None when the suite holds no variants."""
    groups: dict[tuple, list[str]] = {}
    for cid, case in report.cases.items():
        # the same case asked in another language (issue #35) is no variant of it: the Languages section pairs those
        groups.setdefault((*variant_key(case.family, case.index, case.knobs), case.lang), []).append(cid)
    if not any(len(members) > 1 for members in groups.values()):
        return None
    verdicts: dict[str, list[str]] = {}
    for record, grade in report.graded(label):
        verdicts.setdefault(record.case_id, []).append(grade.verdict)
    by_category: dict[str, list[list[str]]] = {}
    size, left_out = 0, 0
    for members in groups.values():
        answers = [v for cid in members for v in verdicts.get(cid, [])]
        if not answers:
            continue  # not asked in this run (a --filter)
        if "error" in answers or any(cid not in verdicts for cid in members):
            left_out += 1
            continue
        size = max(size, len(members))
        by_category.setdefault(report.cases[members[0]].category, []).append(answers)
    rows = [_row(c, by_category[c], size) for c in sorted(by_category, key=category_key)]
    rows.append(_row(TOTAL, [g for gs in by_category.values() for g in gs], size))
    return WorstCase(size, rows, left_out)


def _row(category: str, groups: list[list[str]], size: int) -> WorstRow:
    clusters = [(sum(v == "correct" for v in g), len(g)) for g in groups]
    right, answered = sum(r for r, _ in clusters), sum(n for _, n in clusters)
    # a case's variants are not independent evidence: the average's interval resamples whole cases
    average = Accuracy(right, answered, *cluster_bootstrap(clusters), "bootstrap")
    whole = sum(r == n for r, n in clusters)
    worst = Accuracy(whole, len(groups), *wilson(whole, len(groups)), "Wilson")
    return WorstRow(category, len(groups), size, average, worst)


def worst_grid(w: WorstCase) -> tuple[list[str], list[list[str]]]:
    header = ["Category", "Cases", "Variants", "Average (95% CI)", f"Worst case: all {w.variants} right", "Drop"]
    rows = []
    for r in w.rows:
        drop = (f"{(r.average.value - r.worst.value) * 100:.0f} pts" if r.average.answered and r.worst.answered
                else "n/a")
        rows.append(["Total" if r.category == TOTAL else r.category, str(r.cases), str(r.variants), str(r.average),
                     str(r.worst), drop])
    return header, rows


def worst_note(w: WorstCase) -> str:
    t = w.total
    text = (f"Worst case over {w.variants} variants (same family, knobs and question, new seeds; variant 1 is the "
            f"case itself): {t.worst.right} of {t.cases} cases had every variant right, "
            f"{t.worst.value:.0%} against {t.average.value:.0%} on average." if t.cases else
            f"Worst case over {w.variants} variants: no case had every variant answered.")
    if w.left_out:
        text += f" {w.left_out} case(s) left out: a variant got no answer."
    return text

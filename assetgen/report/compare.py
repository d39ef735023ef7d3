"""`assetgen compare`: runs side by side — accuracy with intervals per category, which cases flipped between
the first run and each other one, whether the difference is significant (exact McNemar on paired answers),
and speed. Two runs or several (several models, as the second seed article lines them up): one table."""

from __future__ import annotations

import string
from dataclasses import dataclass
from urllib.parse import urlsplit

from assetgen.errors import AssetgenError
from assetgen.media.lang import LANGS
from assetgen.report import tables
from assetgen.report.languages import NAMES, by_language, category_accuracy
from assetgen.report.markdown import md_escape, md_table
from assetgen.report.performance import performance
from assetgen.report.run_report import RunReport
from assetgen.report.scale import SCALE_CATEGORIES, speed_grid
from assetgen.report.spec_compare import speculative_table
from assetgen.run.records import ResponseRecord
from graders import category_key

SNIPPET = 300  # characters of an answer in a Markdown or terminal flip table; the HTML page shows it whole


@dataclass
class Side:
    name: str  # A, B, C, ...
    report: RunReport
    accuracy: dict[str, tables.Accuracy]  # category (and TOTAL) -> accuracy over all the run's answers
    perf: list[tuple[str, str]]
    link: str | None = None  # relative path from the comparison's folder to the run's report.html
    label: str = ""  # the model, told apart from another side's of the same name (see _labels)


@dataclass
class LanguageTest:
    """Side `name` against the first side on the cases both asked in `lang` (same case id, repeat, mode)."""

    name: str
    lang: str
    paired: tables.Paired


@dataclass
class ByLanguage:
    """Runs that asked in several languages (issue #35), side by side per language: accuracy per category with
    intervals, and the exact paired test of each run against the first in each language both asked."""

    langs: list[str]
    rows: list[tuple[str, dict[tuple[str, str], tables.Accuracy]]]  # category -> (side, language) -> accuracy
    tests: list[LanguageTest]


@dataclass
class Comparison:
    sides: list[Side]
    categories: list[str]
    paired: list[tables.Paired]  # side k (k >= 1) against side 0: paired[k - 1]
    by_language: ByLanguage | None = None  # when the runs together asked in more than one language

    @property
    def baseline(self) -> Side:
        return self.sides[0]


def _pairing_key(a: RunReport, b: RunReport):
    """Slots match on case and repeat, and on thinking mode unless each run used one mode only (a thinking
    ON run against an OFF run is then compared case by case)."""
    single = len(a.summaries) == 1 and len(b.summaries) == 1

    def key(record: ResponseRecord) -> tuple:
        return (record.case_id, record.repeat) if single else (record.case_id, record.repeat, record.thinking_label)
    return key


def _name(k: int) -> str:
    letters = string.ascii_uppercase
    return letters[k] if k < len(letters) else f"R{k + 1}"


def build(reports: list[RunReport]) -> Comparison:
    if len(reports) < 2:
        raise AssetgenError("compare needs at least two run folders")
    sides = []
    for k, report in enumerate(reports):
        pooled = [r for r in report.records  # the concurrency and context cases have their own table (speed_table)
                  if r.case_id not in report.cases or report.cases[r.case_id].category not in SCALE_CATEGORIES]
        perf = performance(pooled, report.info.wall_s or 0.0).line_items()
        sides.append(Side(_name(k), report, tables.accuracies(report), perf))
    for side, label in zip(sides, _labels(reports), strict=True):
        side.label = label
    categories = sorted({c for s in sides for c in s.accuracy if c != tables.TOTAL}, key=category_key)
    base = reports[0]
    paired = []
    for report in reports[1:]:
        names = {**{cid: c.category for cid, c in base.cases.items()},
                 **{cid: c.category for cid, c in report.cases.items()}}
        paired.append(tables.paired(base.grades, report.grades, _pairing_key(base, report), names))
        if not paired[-1].pairs:
            paired[-1].why_none = _why_no_pairs(sides[0], sides[len(paired)])
    return Comparison(sides, categories, paired, _languages(sides, categories))


def _languages(sides: list[Side], categories: list[str]) -> ByLanguage | None:
    """The per-language comparison, or None when every run asked in one and the same language."""
    groups = [by_language(s.report) for s in sides]
    langs = [lang for lang in LANGS if any(lang in g for g in groups)]
    if len(langs) < 2:
        return None
    rows = []
    for category in [*categories, tables.TOTAL]:
        cells = {(side.name, lang): category_accuracy(side.report, group[lang], category)
                 for lang in langs for side, group in zip(sides, groups, strict=True) if lang in group}
        rows.append((category, cells))
    base, tests = sides[0], []
    for side, group in zip(sides[1:], groups[1:], strict=True):
        names = {**{cid: c.category for cid, c in base.report.cases.items()},
                 **{cid: c.category for cid, c in side.report.cases.items()}}
        for lang in langs:
            if lang in groups[0] and lang in group:
                pairs = tables.paired(groups[0][lang], group[lang], _pairing_key(base.report, side.report), names)
                tests.append(LanguageTest(side.name, lang, pairs))
    return ByLanguage(langs, rows, tests)


def language_grid(comparison: Comparison) -> tables.Grid | None:
    """Accuracy per category, a column per language and run (the runs of one language next to each other)."""
    table = comparison.by_language
    if table is None:
        return None
    columns = [(s.name, lang) for lang in table.langs for s in comparison.sides
               if any((s.name, lang) in cells for _, cells in table.rows)]
    header = ["Category", *(f"{NAMES.get(lang, lang)} ({lang}) · {name}" for name, lang in columns)]
    rows = [["Total" if category == tables.TOTAL else category, *(_cell(cells.get(c)) for c in columns)]
            for category, cells in table.rows]
    return header, rows


def language_lines(comparison: Comparison) -> list[str]:
    """One line per paired test of a run against the first in one language, and what the numbers are."""
    table = comparison.by_language
    if table is None:
        return []
    base = comparison.baseline.name
    lines = [f"{t.name} vs {base} in {NAMES.get(t.lang, t.lang)}: {t.paired.verdict()}." for t in table.tests]
    if not table.tests:
        lines.append(f"No language was asked both by {base} and by another run: no paired test.")
    lines.append("Perfect answers out of answered ones, 95% interval (Wilson; a bootstrap over cases with repeats); "
                 "paired test: exact McNemar on the cases (same id, repeat and thinking mode) both runs answered "
                 "in that language. Each run's own report pairs its languages with each other.")
    return lines


def _where(report: RunReport) -> str:
    info = report.info
    if info.builtin_endpoint:
        return "built-in endpoint"
    return urlsplit(info.endpoint).netloc or info.endpoint


def _labels(reports: list[RunReport]) -> list[str]:
    """Each run's model; where two runs name the same model (the reference endpoint, built in and served, is
    `assetgen-reference` both times), where it was asked, and if that too is alike, the run folder."""
    models = [r.info.model for r in reports]
    labels = [f"{r.info.model} ({_where(r)})" if models.count(r.info.model) > 1 else r.info.model for r in reports]
    return [f"{r.info.model} ({r.info.run_id})" if labels.count(label) > 1 else label
            for r, label in zip(reports, labels, strict=True)]


def _modes(report: RunReport) -> str:
    labels = list(report.summaries)
    return "the server's default" if labels == ["server-default"] else "thinking " + " and ".join(labels)


def _why_no_pairs(a: Side, b: Side) -> str | None:
    """A run asked in several thinking modes pairs with another only in a mode both asked: say so, and how."""
    modes_a, modes_b = set(a.report.summaries), set(b.report.summaries)
    if (len(modes_a) == 1 and len(modes_b) == 1) or modes_a & modes_b:
        return None
    return (f"in the same thinking mode ({a.name} asked {_modes(a.report)}, {b.name} {_modes(b.report)}: "
            "which mode the server's default is cannot be known); ask both with the same --thinking, or the "
            "single-mode run with --thinking on or off to pair it with that mode")


def _cell(a: tables.Accuracy | None) -> str:
    return f"{a.right}/{a.answered} {a}" if a and a.answered else "n/a"


def accuracy_grid(comparison: Comparison) -> tables.Grid:
    sides = comparison.sides
    header = ["Category", *[f"{s.name}: {s.label}" for s in sides]]
    header += [f"Δ {s.name}−{sides[0].name}" for s in sides[1:]]
    rows = []
    for category in [*comparison.categories, tables.TOTAL]:
        cells = [a.accuracy.get(category) for a in sides]
        base = cells[0].value if cells[0] else None
        deltas = [tables.fmt_delta(c.value - base if c and c.value is not None and base is not None else None)
                  for c in cells[1:]]
        rows.append(["Total" if category == tables.TOTAL else category, *[_cell(c) for c in cells], *deltas])
    return header, rows


def runs_grid(comparison: Comparison) -> tables.Grid:
    header = ["Run", "Model", "Run folder", "Answers", "Thinking", "Started"]
    rows = [[s.name, s.label, s.report.info.run_id, str(len(s.report.grades)),
             ", ".join(s.report.summaries), s.report.info.started] for s in comparison.sides]
    return header, rows


def perf_grid(comparison: Comparison) -> tables.Grid:
    sides = comparison.sides
    header = ["Metric", *[s.name for s in sides]]
    rows = [[name, *[dict(s.perf).get(name, "n/a") for s in sides]] for name, _ in sides[0].perf]
    return header, rows


def speed_table(comparison: Comparison) -> tables.Grid | None:
    """Single vs N-parallel tok/s, TTFT and context reach, the models as columns (the second seed article)."""
    return speed_grid([(f"{s.name}: {s.label}", s.report.scale) for s in comparison.sides])


def article_table(comparison: Comparison) -> tuple[tables.Grid, list[str]]:
    """The second seed article's table: one row per run, speed, quality and memory side by side (#34)."""
    from assetgen.report.article_table import article_grid, article_notes

    named = [(f"{s.name}: {s.label}", s.report) for s in comparison.sides]
    return article_grid(named), article_notes(named)


def significance_lines(comparison: Comparison) -> list[str]:
    base = comparison.baseline.name
    return [f"{side.name} vs {base}: {p.verdict()}." for side, p in zip(comparison.sides[1:], comparison.paired,
                                                                          strict=True)]


def answer_text(record: ResponseRecord) -> str:
    text = record.content if record.content is not None else (record.partial_content or "")
    return text if text.strip() else "(empty)"


def snippet(record: ResponseRecord) -> str:
    text = " ".join(answer_text(record).split())
    return text if len(text) <= SNIPPET else text[: SNIPPET - 1] + "…"


def flip_grid(flips: list[tables.Flip], before: str, after: str) -> tables.Grid:
    header = ["Case", "Category", "Slot", f"{before}'s answer", f"{after}'s answer", f"{after}: why"]
    rows = []
    for f in flips:
        (ra, ga), (rb, gb) = f.before, f.after
        slot = f"repeat {f.repeat + 1}" + (f", thinking {f.thinking}" if f.thinking != "server-default" else "")
        right = gb if gb.verdict != "correct" else ga
        rows.append([f.case_id, f.category, slot, f"{ga.verdict}: {snippet(ra)}", f"{gb.verdict}: {snippet(rb)}",
                     f"{right.cause or ''} {right.explanation}".strip()])
    return header, rows


def compare(*reports: RunReport) -> str:
    """Runs compared, as Markdown."""
    return compare_markdown(build(list(reports)))


def compare_markdown(comparison: Comparison) -> str:
    """The comparison as Markdown: runs, accuracy per category with intervals, significance, flips, speed."""
    article, notes = article_table(comparison)
    lines = ["# assetgen compare", "", *md_table(*runs_grid(comparison)), "",
             "## Side by side: speed, quality, memory", "", *md_table(*article), "",
             *(line for note in notes for line in (md_escape(note), "")),
             "## Accuracy by category", "", *md_table(*accuracy_grid(comparison)), "",
             "Perfect answers out of answered ones, with a 95% interval (Wilson; a clustered bootstrap over cases "
             "for runs with repeats).", "", "## Is the difference significant?", ""]
    lines += [f"- {line}" for line in significance_lines(comparison)] + [""]  # our own words: letters and numbers
    if (grid := language_grid(comparison)) is not None:
        lines += ["## By language", "", *md_table(*grid), "",
                  *(line for note in language_lines(comparison) for line in (md_escape(note), ""))]
    base = comparison.baseline.name
    for side, paired in zip(comparison.sides[1:], comparison.paired, strict=True):
        for title, flips in ((f"right with {base}, wrong with {side.name}", paired.right_to_wrong),
                             (f"wrong with {base}, right with {side.name}", paired.wrong_to_right)):
            lines += [f"## Flipped: {title} ({len(flips)})", ""]
            lines += [*md_table(*flip_grid(flips, base, side.name)), ""] if flips else ["None.", ""]
    lines += ["## Performance", "", *md_table(*perf_grid(comparison))]
    if (speed := speed_table(comparison)) is not None:
        lines += ["", "## Speed side by side", "", *md_table(*speed)]
    if len(comparison.sides) == 2:
        lines += speculative_table(comparison.sides[0].report, comparison.sides[1].report)
    return "\n".join(lines) + "\n"

"""The same cases asked in several languages (issue #35), side by side: computed once here for the terminal,
report.md, summary.txt and the viewer, its own section in each (kept apart from the other tables).

Accuracy per category per language with Wilson intervals (a bootstrap over cases with --repeat), the exact
paired test (McNemar) of each other language against English on the same cases (a ja case pairs with the
English case whose id it extends, same repeat and thinking mode), and how often the model answered in another
script than asked (CJK vs Latin: a simple detector; a bare number or option letter tells nothing, nor do words
copied from the question or the truth, such as a label or a text drawn into the image)."""

from __future__ import annotations

from dataclasses import dataclass

from assetgen.media.lang import LANGS, answered_in_other_language, paired_id
from assetgen.report.run_report import RunReport
from assetgen.report.tables import TOTAL, Accuracy, Grid, Pair, Paired, accuracy, category_key, paired

NAMES = {"en": "English", "ja": "Japanese", "zh": "Chinese"}


@dataclass
class OtherLanguage:
    """Answers of one language written in another script than asked, out of those with letters to tell by."""

    lang: str
    other: int
    judged: int  # answers with letters (numbers and option letters alone are language-neutral)
    examples: list[str]  # case ids, a few


@dataclass
class Languages:
    langs: list[str]
    rows: list[tuple[str, dict[str, Accuracy]]]  # category (TOTAL last) -> accuracy per language
    tests: dict[str, Paired]  # other language -> paired against the first (English when asked)
    other: list[OtherLanguage]


def _lang(report: RunReport, case_id: str) -> str:
    case = report.cases.get(case_id)
    return getattr(case, "lang", "en") if case is not None else "en"


def _copied(report: RunReport, case_id: str) -> str:
    """What an answer may copy without choosing a language: the question and the truth (a label or text drawn
    into the image, code, the JSON keys asked for)."""
    case = report.cases.get(case_id)
    if case is None:
        return ""
    truth = getattr(case, "truth", None)
    parts = [getattr(case, "prompt", "") or "", str(getattr(truth, "value", "") or "")]
    return "\n".join([*parts, *map(str, getattr(truth, "aliases", None) or ())])


def by_language(report: RunReport) -> dict[str, list[Pair]]:
    """The run's graded answers by the language their case was asked in, in LANGS order."""
    groups: dict[str, list[Pair]] = {}
    for record, grade in report.graded():
        groups.setdefault(_lang(report, record.case_id), []).append((record, grade))
    return {lang: groups[lang] for lang in LANGS if lang in groups}


def category_accuracy(report: RunReport, pairs: list[Pair], category: str) -> Accuracy:
    """Accuracy of `pairs` in one category (TOTAL: all of them)."""
    return accuracy([(r, g) for r, g in pairs if category == TOTAL
                     or (r.case_id in report.cases and report.cases[r.case_id].category == category)])


def languages(report: RunReport) -> Languages | None:
    """The per-language tables, or None when the run asked in one language only."""
    pairs = report.graded()
    by_lang = by_language(report)
    langs = list(by_lang)
    if len(langs) < 2:
        return None
    categories = sorted({report.cases[r.case_id].category for r, _ in pairs if r.case_id in report.cases},
                        key=category_key)
    rows = []
    for category in [*categories, TOTAL]:
        rows.append((category, {lang: category_accuracy(report, by_lang[lang], category) for lang in langs}))
    base = langs[0]
    names = {cid: c.category for cid, c in report.cases.items()}
    key = lambda r: (paired_id(r.case_id, _lang(report, r.case_id)), r.repeat, r.thinking_label)  # noqa: E731
    tests = {lang: paired(by_lang[base], by_lang[lang], key, names) for lang in langs[1:]}
    other = []
    for lang in langs:
        seen = [(r.case_id, answered_in_other_language(r.content or "", lang, _copied(report, r.case_id)))
                for r, g in by_lang[lang] if g.verdict != "error"]
        judged = [(cid, o) for cid, o in seen if o is not None]
        flagged = [cid for cid, o in judged if o]
        other.append(OtherLanguage(lang, len(flagged), len(judged), flagged[:5]))
    return Languages(langs, rows, tests, other)


def languages_grid(table: Languages) -> Grid:
    header = ["Category", *(f"{NAMES.get(lang, lang)} ({lang}) 95% CI" for lang in table.langs)]
    rows = [["Total" if category == TOTAL else category, *(str(cells[lang]) for lang in table.langs)]
            for category, cells in table.rows]
    return header, rows


def languages_notes(table: Languages) -> list[str]:
    """One line per paired test, one on answers in another language, one on what the intervals are."""
    base = table.langs[0]
    lines = [f"{NAMES.get(lang, lang)} vs {NAMES.get(base, base)} on the same cases: {test.verdict()}."
             .replace("right→wrong", f"right in {base}, wrong in {lang}")
             .replace("wrong→right", f"wrong in {base}, right in {lang}")
             for lang, test in table.tests.items()]
    parts = [f"{NAMES.get(o.lang, o.lang)} {o.other}/{o.judged}"
             + (f" (e.g. {', '.join(o.examples[:3])})" if o.examples else "") for o in table.other]
    lines.append("Answered in another language than asked, graded all the same (CJK vs Latin script; answers "
                 "with words of their own only, not a number, an option letter or words copied from the case): "
                 + ", ".join(parts) + ".")
    lines.append("Accuracy: perfect answers out of answered ones, 95% Wilson interval (a bootstrap over cases "
                 "with repeats); paired test: exact McNemar on the cases answered in both languages.")
    return lines

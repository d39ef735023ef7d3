"""report.html: one self-contained interactive page (no network, works from file://), rendered with Jinja2.

Autoescaping is on and every printed string first passes `visible` (control characters and bidi overrides
shown, not obeyed), so nothing a model or a suite says can become markup. Each case is one card holding
its media once, however many answers (repeats, thinking modes) it has.
"""

from __future__ import annotations

import base64
import mimetypes
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import numpy as np
import orjson
from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup
from PIL import Image

from assetgen.dataset.records import Case, FileRef
from assetgen.media.video import first_frame, jpeg_bytes
from assetgen.report import tables
from assetgen.report.run_report import RunReport
from assetgen.report.text import spec_line
from assetgen.report.variants import worst_case, worst_grid, worst_note
from assetgen.report.visible import visible
from assetgen.run.records import ResponseRecord
from assetgen.run.toolcalls import as_text as answer_text
from graders import CAUSES, Grade, category_key

if TYPE_CHECKING:
    from assetgen.report.compare import Comparison

_MEDIA_TYPE = re.compile(r"[a-z]+/[a-z0-9.+-]+")


def _finalize(value: Any) -> Any:
    """Applied to every {{ expression }} before autoescaping."""
    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    if isinstance(value, str):
        return visible(value)
    return value


def environment() -> Environment:
    env = Environment(loader=PackageLoader("assetgen.report", "templates"), autoescape=True, finalize=_finalize,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = lambda v: "n/a" if v is None else f"{v:.0%}"
    env.filters["metric"] = tables.fmt_metric
    env.filters["ratio"] = tables.fmt_ratio
    env.filters["delta"] = tables.fmt_delta
    env.filters["text"] = show_value
    return env


def show_value(value: Any) -> str:
    """A truth or extracted answer as a person reads it: text as is, lists comma-separated, dicts as JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        return ", ".join(str(v) for v in value)
    return orjson.dumps(value, option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS).decode()


def data_uri(media_type: str, data: bytes) -> Markup:
    """A data URI, marked safe: base64 and a checked media type need no escaping (and escaping megabytes is
    wasted work). A media type that is not plainly type/subtype (a suite's own text) is not trusted."""
    if not _MEDIA_TYPE.fullmatch(media_type):
        media_type = "application/octet-stream"
    return Markup(f"data:{media_type};base64,{base64.b64encode(data).decode('ascii')}")


@dataclass
class Media:
    kind: str  # image, sheet (a video's contact sheet, for people), video
    src: str  # a data URI, or a path relative to the page when the media are too large to embed
    name: str
    poster: Markup | None = None


def _inside(root: Path, relative: str) -> Path | None:
    """The file at `relative` under `root`, or None when it escapes the root or is missing."""
    base = root.resolve()
    path = (base / relative).resolve()
    return path if path.is_relative_to(base) and path.is_file() else None


EMBED_LIMIT = 96 * 1024 * 1024
"""Media of a run's cases up to this many bytes are embedded (the page is one file); beyond, they are linked
by relative path into the suite folder, so a report of thousands of clips stays openable."""


def _poster(data: bytes) -> Markup | None:
    try:
        frame = first_frame(data)
    except (ValueError, OSError):  # a clip we cannot decode still plays what it can
        return None
    image = Image.fromarray(frame)
    image.thumbnail((360, 360))  # the size it is shown at
    return data_uri("image/jpeg", jpeg_bytes(np.asarray(image), quality=80))


def _media(ref: FileRef, root: Path, page_dir: Path | None) -> Media | None:
    """One file of a case: embedded as a data URI, or (page_dir given) linked relative to the page."""
    path = _inside(root, ref.path)
    if path is None:
        return None
    name = Path(ref.path).name
    data = path.read_bytes() if page_dir is None or ref.media_type == "video/mp4" else b""
    media_type = mimetypes.guess_type(name)[0] or ref.media_type
    if page_dir is None:
        src = data_uri(media_type, data)
    else:
        src = Path(os.path.relpath(path, page_dir)).as_posix()
    if ref.media_type == "video/mp4":
        return Media("video", src, name, _poster(data))
    if ref.media_type.startswith("image/"):
        return Media("sheet" if ref.role == "preview" else "image", src, name)
    return None


@dataclass
class Attempt:
    record: ResponseRecord
    grade: Grade

    @property
    def rank(self) -> int:
        return tables.VERDICT_RANK.get(self.grade.verdict, 0)

    @property
    def answer(self) -> str:
        return answer_text(self.record)  # content, and any tool calls

    @property
    def read_as(self) -> str | None:
        """What the grader understood, when short and not simply the answer itself."""
        if self.grade.extracted is None:
            return None
        text = show_value(self.grade.extracted)
        if not text or len(text) > 240 or " ".join(text.split()) == " ".join(self.answer.split()):
            return None
        return text

    @property
    def timing(self) -> list[tuple[str, str]]:
        r, t = self.record, self.record.timing
        seconds = lambda v: f"{v:.3g}s" if v is not None else "n/a"  # noqa: E731
        items = [("latency", seconds(t.latency_s)), ("TTFT", seconds(t.ttft_s)),
                 ("first content token", seconds(t.ttfc_s))]
        if t.decode_tps is not None:
            items.append(("decode", f"{t.decode_tps:.1f} tok/s"))
        if r.usage:
            for name, value in (("prompt tokens", r.usage.prompt_tokens), ("output tokens", r.usage.completion_tokens),
                                ("reasoning tokens", r.usage.reasoning_tokens)):
                if value is not None:
                    items.append((name, str(value)))
        items.append(("finish", r.finish_reason or "n/a"))
        if r.attempts > 1:
            items.append(("HTTP attempts", str(r.attempts)))
        if r.http_status and r.http_status != 200:
            items.append(("HTTP status", str(r.http_status)))
        return items

    @property
    def sent(self) -> list[tuple[str, str]]:
        r, s = self.record, self.record.sent
        items = []
        if r.request.images:
            items.append(("images", str(r.request.images)))
        if r.request.videos:
            items.append(("videos", str(r.request.videos)))
        if s and s.video_mode and r.request.videos + r.request.images and s.video_mode != "video_url":
            items.append(("video as", s.video_mode))
        if s and (s.video_mode or r.request.videos):
            items.append(("frames sent", str(s.frames_shown) if s.frames_shown else "whole clip (server samples)"))
        if s and s.max_tokens is not None:
            items.append(("max_tokens", str(s.max_tokens)))
        if r.request.media_bytes:
            items.append(("media", f"{r.request.media_bytes / 1024:.0f} KiB"))
        return items


@dataclass
class CaseCard:
    case: Case
    index: int  # position in the suite
    attempts: list[Attempt] = field(default_factory=list)
    media: list[Media] = field(default_factory=list)

    @property
    def rank(self) -> int:
        return min((a.rank for a in self.attempts), default=3)

    @property
    def failing(self) -> bool:
        return self.rank < 3


def _cards(report: RunReport, root: Path, page_dir: Path | None) -> list[CaseCard]:
    order = {cid: k for k, cid in enumerate(report.cases)}
    cards: dict[str, CaseCard] = {}
    for record, grade in report.grades:
        case = report.cases[record.case_id]
        cards.setdefault(case.id, CaseCard(case, order[case.id])).attempts.append(Attempt(record, grade))
    labels = list(report.summaries)
    for card in cards.values():
        card.attempts.sort(key=lambda a: (labels.index(a.record.thinking_label)
                                          if a.record.thinking_label in labels else len(labels), a.record.repeat))
        card.media = [m for ref in card.case.files if (m := _media(ref, root, page_dir)) is not None]
    return sorted(cards.values(), key=lambda c: (c.rank, category_key(c.case.category), c.index))


# what the verdict filter says of each verdict (the values, in the address and the data attributes, stay as
# graders name them): read beside "not correct" and "failed (incorrect or no answer)", not as identifiers
VERDICT_LABELS = {"correct": "correct", "partial": "partial", "incorrect": "incorrect", "no_answer": "no answer",
                  "error": "error (no answer came back)"}


def _options(cards: list[CaseCard]) -> dict[str, list[str]]:
    """The values each filter offers: only those present in the run."""
    seen: dict[str, set] = {"verdict": set(), "cause": set(), "category": set(), "family": set(), "thinking": set(),
                            "repeat": set()}
    for card in cards:
        seen["category"].add(card.case.category)
        seen["family"].add(card.case.family)
        for a in card.attempts:
            seen["verdict"].add(a.grade.verdict)
            if a.grade.cause:
                seen["cause"].add(a.grade.cause)
            seen["thinking"].add(a.record.thinking_label)
            seen["repeat"].add(a.record.repeat + 1)
    verdicts = [v for v in ("correct", "partial", "incorrect", "no_answer", "error") if v in seen["verdict"]]
    return {
        "verdict": verdicts,
        "cause": [c for c in CAUSES if c in seen["cause"]],
        "category": sorted(seen["category"], key=category_key),
        "family": sorted(seen["family"]),
        "thinking": sorted(seen["thinking"], key=lambda x: (x != "on", x != "off", x)),
        "repeat": [str(n) for n in sorted(seen["repeat"])],
    }


def _plot_uri(run_dir: Path, plot: str) -> Markup | None:
    path = _inside(run_dir, plot)
    return data_uri("image/png", path.read_bytes()) if path else None


def link(**params: str | None) -> str:
    """A link to the case list with filters set (the viewer reads them from the hash)."""
    given = {k: v for k, v in params.items() if v}
    return "#cases?" + urlencode(given) if given else "#cases"


_SHOWN_OPTIONS = ("max_tokens", "thinking", "repeat", "video_mode", "num_frames", "temperature", "concurrency",
                  "filters", "limit")


def _run_options(options: dict[str, Any]) -> list[tuple[str, str]]:
    return [(name, show_value(options[name])) for name in _SHOWN_OPTIONS
            if options.get(name) not in (None, [], {}, "")]


def media_bytes(report: RunReport) -> int:
    return sum(f.size for cid in {r.case_id for r, _ in report.grades} for f in report.cases[cid].files)


def html_report(report: RunReport, run_dir: Path, plots: list[str], *, embed_limit: int = EMBED_LIMIT) -> str:
    root = Path(report.info.golden)
    size = media_bytes(report)
    linked = size > embed_limit
    cards = _cards(report, root, run_dir if linked else None)
    warnings = tables.warnings(report)
    if linked:
        warnings.append(f"The cases' media ({size / 2**20:.0f} MiB) are linked from the suite folder {root}, not "
                        "embedded: keep that folder where it is to see them.")
    labels = list(report.summaries)
    consistency = {label: tables.consistency(report, label) for label in labels}
    context = {
        "link": link,
        "run_options": _run_options(report.info.options),
        "failing_cases": sum(c.failing for c in cards),
        "show_thinking": len({a.record.thinking_label for c in cards for a in c.attempts}) > 1,
        "show_repeat": any(a.record.repeat for c in cards for a in c.attempts),
        "any_consistency": any(consistency.values()),
        "info": report.info,
        "verdict_labels": VERDICT_LABELS,
        "versions": tables.versions_line(report),
        "cases_line": tables.cases_line(report),
        "title": f"assetgen · {report.info.model} · {report.info.run_id}",
        "warnings": warnings,
        "labels": labels,
        "summaries": report.summaries,
        "accuracies": {label: tables.accuracies(report, label) for label in labels},
        "consistency": consistency,
        "worst": {label: (w, worst_grid(w), worst_note(w)) if (w := worst_case(report, label)) else None
                  for label in labels},
        "thinking": tables.thinking(report),
        "dimensions": tables.dimensions(report),
        "languages": _languages(report),
        "metrics": tables.METRICS,
        "perf": {label: report.perf[label].line_items() for label in labels},
        "spec": spec_line(report.spec) if report.spec else None,
        "plots": [(p, uri) for p in plots if (uri := _plot_uri(run_dir, p)) is not None],
        "cards": cards,
        "answers": sum(len(c.attempts) for c in cards),
        "options": _options(cards),
    }
    return environment().get_template("report.html.j2").render(context)



def _languages(report: RunReport) -> dict | None:
    """The per-language section (issue #35): its grid and notes, or None when one language was asked."""
    from assetgen.report.languages import languages, languages_grid, languages_notes

    table = languages(report)
    return {"grid": languages_grid(table), "notes": languages_notes(table)} if table else None


def compare_html(comparison: Comparison) -> str:
    """The comparison of runs as one self-contained page (flipped cases link into each run's report.html)."""
    from assetgen.report.compare import (
        answer_text,
        article_table,
        language_grid,
        language_lines,
        perf_grid,
        significance_lines,
        speed_table,
    )

    warnings = [f"{s.name}: {w}" for s in comparison.sides for w in tables.warnings(s.report)]
    context = {"c": comparison, "title": "assetgen compare · " + " vs ".join(s.report.info.model
                                                                           for s in comparison.sides),
               "warnings": warnings, "significance": significance_lines(comparison), "perf": perf_grid(comparison),
               "speed": speed_table(comparison), "answer": answer_text, "article": article_table(comparison),
               "languages": language_grid(comparison), "language_notes": language_lines(comparison)}
    return environment().get_template("compare.html.j2").render(context)

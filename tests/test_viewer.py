"""report.html as a viewer, read as text: escaping, media once per case with posters, failures first, truth in
<pre>; and the templates ship in the wheel. tests/test_viewer_browser.py drives it in Chromium."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from run_folder import CASES, ROOT, Answer, make_run

from assetgen.app.report import write_reports
from assetgen.report.console import print_report
from assetgen.report.html import _inside

HOSTILE = ("<script>alert(1)</script> | cell [click](http://evil.example) ![pixel](http://evil.example/p.png) "
           "<img src=x onerror=alert(2)> NUL\x00 bidi\u202etxt.exe ESC\x1b[31mred")


def _cards(page: str) -> list[str]:
    return re.findall(r'<article class="case" id="case-([^"]+)"', page)


def test_model_text_is_escaped_and_invisible_characters_shown_everywhere(tmp_path):
    run_dir = make_run(tmp_path, "hostile", [Answer("arithmetic-s0-0000", content=HOSTILE, reasoning=HOSTILE),
                                             Answer("color_grid-s0-0001")])
    report = write_reports(run_dir)
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page and "<img src=x" not in page and "&lt;script&gt;alert(1)" in page
    assert "\x00" not in page and "\u202e" not in page and "\x1b" not in page
    assert "NUL␀" in page and "bidi⟨U+202E⟩txt" in page and "ESC␛[31m" in page
    assert page.count("<script>") == 1  # the viewer's own
    markdown = (run_dir / "report.md").read_text(encoding="utf-8")
    assert "[click](" not in markdown and "![pixel](" not in markdown and "\\[click\\](http" in markdown
    assert "<script>" not in markdown and "\x00" not in markdown and "\u202e" not in markdown
    assert "\\| cell" in markdown  # a pipe cannot open a new table cell
    text = (run_dir / "summary.txt").read_text(encoding="utf-8")
    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    print_report(report, console)
    for shown in (text, console.file.getvalue()):
        assert "\x1b[31mred" not in shown and "\u202e" not in shown


def test_each_case_is_one_card_with_its_media_once_and_a_poster_per_video(tmp_path):
    answers = [Answer(case, repeat=r, thinking=t, content=None if case != "flashing_light-s0-0000" else "3")
               for case in ("flashing_light-s0-0000", "speed_compare-s0-0000", "color_grid-s0-0001")
               for r in (0, 1) for t in ("on", "off")]
    run_dir = make_run(tmp_path, "media", answers, repeat=2, thinking="both")
    write_reports(run_dir)
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    assert sorted(_cards(page)) == sorted({a.case_id for a in answers})  # one card per case, not per answer
    assert page.count('<section class="attempt') == 12
    clips = [f for a in ("flashing_light-s0-0000", "speed_compare-s0-0000") for f in CASES[a].files
             if f.media_type == "video/mp4"]
    assert page.count("data:video/mp4;base64,") == len(clips) == 3  # 12 answers, each clip embedded once
    videos = re.findall(r"<video [^>]*>", page)
    assert len(videos) == 3 and all('poster="data:image/jpeg;base64,' in v for v in videos)
    sheets = [f for a in ("flashing_light-s0-0000", "speed_compare-s0-0000") for f in CASES[a].files
              if f.role == "preview"]
    assert page.count('<figure class="sheet">') == len(sheets)  # full-size sheets, opened on click
    # failures first, and only they open: the flashing light (wrong) comes first, the rest are collapsed
    assert _cards(page)[0] == "flashing_light-s0-0000"
    opened = re.findall(r'<article class="case" id="case-([^"]+)"[^>]*>\s*<details( open)?>', page)
    assert [(cid, bool(flag)) for cid, flag in opened] == [("flashing_light-s0-0000", True),
                                                           ("color_grid-s0-0001", False),
                                                           ("speed_compare-s0-0000", False)]


def test_multi_line_truth_and_answers_keep_their_lines_in_pre(tmp_path):
    run_dir = make_run(tmp_path, "code", [Answer("code_reading-s0-0000")])
    write_reports(run_dir)
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    truth = CASES["code_reading-s0-0000"].truth.value
    assert "\n" in truth and f'<pre class="truth">{truth.replace(">", "&gt;").replace("<", "&lt;")}</pre>' in page


def test_the_warning_slot_opens_the_page(tmp_path):
    run_dir = make_run(tmp_path, "warn", [Answer("arithmetic-s0-0000", status="error"), Answer("color_grid-s0-0001")])
    write_reports(run_dir)
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    slot = page.index('<section id="warnings"')
    assert slot < page.index('<section id="results"')
    assert "1 request(s) got no answer" in page[slot:page.index("</section>", slot)]


def test_media_paths_stay_inside_the_suite(tmp_path):
    (tmp_path / "suite").mkdir()
    (tmp_path / "suite" / "a.png").write_bytes(b"x")
    (tmp_path / "secret.png").write_bytes(b"x")
    assert _inside(tmp_path / "suite", "a.png") is not None
    assert _inside(tmp_path / "suite", "../secret.png") is None and _inside(tmp_path / "suite", "/etc/passwd") is None


def test_templates_are_package_data():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["assetgen.report"]
    templates = ROOT / "assetgen" / "report" / "templates"
    files = [p.relative_to(templates.parent) for p in templates.rglob("*") if p.is_file()]
    assert files and all(any(Path(f).match(pattern) for pattern in patterns) for f in files)
    assert "jinja2" in " ".join(config["project"]["dependencies"]).lower()


def test_media_too_large_to_embed_are_linked_from_the_suite(tmp_path):
    from assetgen.app.grading import grade_run
    from assetgen.report.html import html_report

    run_dir = make_run(tmp_path, "big", [Answer("flashing_light-s0-0000"), Answer("color_grid-s0-0001")])
    page = html_report(grade_run(run_dir), run_dir, [], embed_limit=0)
    assert "data:video/mp4" not in page and "data:image/png" not in page
    links = re.findall(r'<(?:video|img class="zoom")[^>]* src="([^"]+)"', page)
    assert len(links) == 3 and all((run_dir / link).resolve().is_file() for link in links)
    assert "linked from the suite folder" in page
    assert 'poster="data:image/jpeg;base64,' in page  # the poster is made, not a file: still embedded


def test_a_suite_media_type_cannot_break_out_of_its_attribute():
    from assetgen.report.html import data_uri

    assert data_uri("image/png", b"x") == "data:image/png;base64,eA=="
    assert data_uri('image/png" onerror="alert(1)', b"x") == "data:application/octet-stream;base64,eA=="

"""report.html in a real headless Chromium (Debian's `chromium`, driven by Playwright): filters change what is
visible, links jump, videos report a duration, nothing is fetched and the console stays clean.

Skips where Playwright or a Chromium is missing; `.ci/run` installs both. ASSETGEN_CHROMIUM names another binary.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from run_folder import GOLDEN, Answer, make_run

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("ASSETGEN_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if not CHROMIUM:
    pytest.skip("no Chromium installed (apt-get install chromium)", allow_module_level=True)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CASES = ("color_grid-s0-0001", "shapes-s0-0000", "flashing_light", "pulsing_circle", "ball_across", "speed_compare")


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    """A real run: the reference endpoint seeing 4 frames per clip (frame_sampling failures), thinking both
    ways, each case twice."""
    from assetgen.app.report import write_reports
    from assetgen.reference.server import Running, ServeOptions
    from assetgen.run.payload import RequestOptions
    from assetgen.run.runner import EvalOptions, run_eval

    out = tmp_path_factory.mktemp("viewer")
    with Running(ServeOptions(num_frames=4, think=True)) as url:
        run = run_eval(EvalOptions(endpoint=url, golden=GOLDEN, out=out, filters=CASES, concurrency=4, repeat=2,
                                   thinking="both", request=RequestOptions(model="")))
    write_reports(run)
    return run


@pytest.fixture(scope="module")
def browser(run_dir):
    # Playwright's sync API holds an event loop while open, so the run (asyncio) is made before it starts
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


class Page:
    """A page with its console errors and every URL it asked for."""

    def __init__(self, browser, path: Path, fragment: str = ""):
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page = browser.new_page(viewport={"width": 1200, "height": 900})
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.goto(path.resolve().as_uri() + fragment)
        self.page.wait_for_load_state("load")

    def visible_cards(self) -> list[str]:
        return self.page.eval_on_selector_all("article.case:not([hidden])", "els => els.map(e => e.id)")

    def visible_attempts(self, field: str) -> list[str]:
        return self.page.eval_on_selector_all(
            "article.case:not([hidden]) section.attempt:not([hidden])", f"els => els.map(e => e.dataset.{field})")

    def choose(self, name: str, value: str) -> None:
        self.page.select_option(f"#filters select[name={name}]", value)


@pytest.fixture
def viewer(browser, run_dir):
    page = Page(browser, run_dir / "report.html")
    yield page
    page.page.close()


def test_loads_from_file_with_no_network_and_no_console_error(viewer):
    assert viewer.page.title().startswith("assetgen")
    assert viewer.errors == []
    assert viewer.requests and all(url.startswith(("file:", "data:")) for url in viewer.requests), viewer.requests


def test_failures_come_first_open_and_correct_cases_collapsed(viewer):
    script = ("els => els.map(e => [e.id, e.querySelector('details').open, Array.from("
              "e.querySelectorAll('section.attempt')).every(a => a.dataset.verdict === 'correct')])")
    state = viewer.page.eval_on_selector_all("article.case", script)
    ranks = [all_right for _, _, all_right in state]
    assert ranks == sorted(ranks) and not ranks[0] and ranks[-1]  # failing cards, then right ones
    assert all(opened != all_right for _, opened, all_right in state)  # failing open, right ones collapsed


def test_filters_change_what_is_visible(viewer):
    everything = viewer.visible_attempts("verdict")
    assert len(everything) == 2 * 2 * len(viewer.visible_cards())  # 2 repeats x 2 modes per case
    viewer.choose("verdict", "correct")
    assert set(viewer.visible_attempts("verdict")) == {"correct"}
    viewer.choose("verdict", "not-correct")
    assert viewer.visible_attempts("verdict") and "correct" not in viewer.visible_attempts("verdict")
    assert set(viewer.visible_attempts("cause")) == {"frame_sampling"}
    viewer.choose("verdict", "")
    viewer.choose("thinking", "off")
    assert set(viewer.visible_attempts("thinking")) == {"off"}
    viewer.choose("repeat", "2")
    assert set(viewer.visible_attempts("repeat")) == {"2"} and set(viewer.visible_attempts("thinking")) == {"off"}
    viewer.choose("category", "counting")
    assert viewer.visible_cards() == ["case-flashing_light-s0-0000"]
    viewer.page.click("#reset")
    viewer.choose("family", "ball_across")
    assert viewer.visible_cards() == ["case-ball_across-s0-0000"]
    viewer.choose("family", "")
    viewer.page.fill("#filters input[name=q]", "pulses")  # words of the pulsing circle's prompt
    assert viewer.visible_cards() == ["case-pulsing_circle-s0-0000"]
    assert "1 of 6 cases" in viewer.page.inner_text("#count")
    viewer.page.fill("#filters input[name=q]", "no such words anywhere")
    assert viewer.visible_cards() == [] and viewer.page.is_visible("#no-match")
    assert "#cases?q=" in viewer.page.evaluate("location.hash")  # the filters are in the address, to share
    viewer.choose("family", "ball_across")
    viewer.page.fill("#filters input[name=q]", "a&b=c #d")
    viewer.page.reload()
    assert viewer.page.input_value("#filters input[name=q]") == "a&b=c #d"
    assert viewer.page.input_value("#filters select[name=family]") == "ball_across"
    viewer.choose("family", "")
    viewer.page.click("#reset")
    assert len(viewer.visible_attempts("verdict")) == len(everything)
    assert viewer.errors == []


def test_summary_rows_link_to_their_cases_and_anchors_jump(viewer):
    viewer.page.click("#results table.summary >> nth=0 >> a:text-is('counting')")
    assert viewer.page.evaluate("location.hash") == "#cases?category=counting&thinking=on"
    assert viewer.page.input_value("#filters select[name=category]") == "counting"
    assert viewer.visible_cards() == ["case-flashing_light-s0-0000"]
    assert set(viewer.visible_attempts("thinking")) == {"on"}
    viewer.page.click("#results a.cause >> nth=0")  # a cause links to the answers it explains
    assert set(viewer.visible_attempts("cause")) == {"frame_sampling"}
    # a collapsed (right) case: its anchor opens it and brings it into view, whatever the filters hid
    target = "case-color_grid-s0-0001"
    assert not viewer.page.evaluate(f"document.getElementById('{target}').querySelector('details').open")
    viewer.page.evaluate(f"location.hash = '#{target}'")
    viewer.page.wait_for_function(f"document.getElementById('{target}').querySelector('details').open")
    assert target in viewer.visible_cards()
    box = viewer.page.locator(f"#{target}").bounding_box()
    assert 0 <= box["y"] < 900
    assert viewer.errors == []


def test_every_video_has_a_poster_and_reports_its_duration(viewer):
    viewer.page.click("#expand-all")
    videos = viewer.page.locator("video")
    count = videos.count()
    assert count == 5  # ball_across, flashing_light, pulsing_circle, speed_compare's two clips
    for k in range(count):
        assert videos.nth(k).get_attribute("poster").startswith("data:image/jpeg;base64,")
    viewer.page.wait_for_function("Array.from(document.querySelectorAll('video')).every(v => v.readyState >= 1)",
                                  timeout=30_000)
    durations = viewer.page.eval_on_selector_all("video", "els => els.map(v => v.duration)")
    assert all(abs(d - 15.0) < 0.1 for d in durations), durations  # 30 frames at 2 fps
    assert viewer.errors == []


def test_a_contact_sheet_opens_full_size(viewer):
    sheet = viewer.page.locator("#case-flashing_light-s0-0000 figure.sheet img")
    shown = sheet.bounding_box()["width"]
    sheet.click()
    assert viewer.page.is_visible("#lightbox")
    natural = viewer.page.evaluate("document.querySelector('#lightbox img').naturalWidth")
    width = viewer.page.locator("#lightbox img").bounding_box()["width"]
    assert natural == 1242 and width >= 1000 > shown * 2  # the frame labels readable
    viewer.page.locator("#lightbox img").click()
    assert not viewer.page.is_visible("#lightbox")


def test_hostile_answers_stay_text_in_the_browser(browser, tmp_path):
    hostile = ('<script>alert("x")</script><img src=x onerror="alert(1)"> NUL\x00 \u202eevil '
               '<a href="http://example.invalid">link</a>')
    run = make_run(tmp_path, "hostile", [Answer("arithmetic-s0-0000", content=hostile, reasoning=hostile)])
    from assetgen.app.report import write_reports

    write_reports(run)
    page = Page(browser, run / "report.html")
    assert page.dialogs == [] and page.errors == []
    assert page.page.evaluate("document.scripts.length") == 1
    assert page.page.locator("section.attempt img, section.attempt a").count() == 0
    answer = page.page.inner_text("#case-arithmetic-s0-0000 pre.answer")
    assert '<script>alert("x")</script>' in answer and "NUL␀" in answer and "⟨U+202E⟩evil" in answer
    assert all(url.startswith(("file:", "data:")) for url in page.requests)
    page.page.close()


def test_the_comparison_page_loads_cleanly(browser, run_dir, tmp_path):
    from assetgen.app.compare import compare_runs

    _, (_, html) = compare_runs([run_dir, run_dir], tmp_path / "compare.md")
    page = Page(browser, html)
    assert page.errors == [] and all(url.startswith(("file:", "data:")) for url in page.requests)
    assert "no case flipped" in page.page.inner_text("#significance")
    page.page.close()


def _sized(page, timeout_s: float = 10.0) -> None:
    """Wait until the lightbox has sized its image (polled from here: the page's CSP forbids eval, which
    Playwright's wait_for_function needs)."""
    import time

    end = time.monotonic() + timeout_s
    while page.eval_on_selector("#lightbox img", "i => i.style.width") == "":
        assert time.monotonic() < end, "the opened image was never sized"
        page.wait_for_timeout(50)


def test_a_phone_sized_window_scrolls_tables_not_the_page_and_opens_images_larger(browser, run_dir):
    page = browser.new_page(viewport={"width": 420, "height": 800})
    try:
        page.goto((run_dir / "report.html").resolve().as_uri())
        page.wait_for_load_state("load")
        assert page.evaluate("document.documentElement.scrollWidth") <= 420  # nothing runs off the page
        table = page.eval_on_selector("#results table.summary", "t => [t.scrollWidth, t.clientWidth]")
        assert table[0] > table[1]  # the results table scrolls within itself
        labels = page.eval_on_selector_all("#filters select[name=verdict] option", "els => els.map(e => e.text)")
        assert labels[0] == "all" and not any("_" in label for label in labels), labels
        thumb = page.locator("article.case details[open] img.zoom").first
        small = thumb.bounding_box()["width"]
        thumb.click()
        _sized(page)
        big = page.eval_on_selector("#lightbox img", "i => i.getBoundingClientRect().width")
        assert big > small * 1.05, (big, small)
    finally:
        page.close()


def test_an_opened_image_nearly_fills_a_large_window(browser, run_dir):
    page = browser.new_page(viewport={"width": 1600, "height": 1200})
    try:
        page.goto((run_dir / "report.html").resolve().as_uri())
        page.wait_for_load_state("load")
        thumb = page.locator("article.case details[open] img.zoom").first
        natural = thumb.evaluate("i => [i.naturalWidth, i.naturalHeight]")
        thumb.click()
        _sized(page)
        shown = page.eval_on_selector("#lightbox img", "i => i.getBoundingClientRect().width")
        room = min(1600 * 0.96 / natural[0], 1200 * 0.9 / natural[1])
        assert shown == pytest.approx(natural[0] * max(1, min(4, room)), abs=2)
    finally:
        page.close()

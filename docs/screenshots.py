"""Make the README's screenshots of the report viewer from real runs of the reference endpoint.

    python docs/screenshots.py                      # three runs (~10 min on 2 cores), then the screenshots
    python docs/screenshots.py --reuse A B C        # screenshots of existing run folders

A: the reference endpoint as is; B: seeing 4 frames per clip and thinking (so frame_sampling failures);
C: like B, asked with thinking on and off, each case twice. Needs Playwright and Debian's chromium.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def make_runs(out: Path) -> list[Path]:
    from assetgen.app.report import write_reports
    from assetgen.reference.server import Running, ServeOptions
    from assetgen.run.payload import RequestOptions
    from assetgen.run.runner import EvalOptions, run_eval

    runs = []
    for options, extra in ((ServeOptions(), {}), (ServeOptions(num_frames=4, think=True), {}),
                           (ServeOptions(num_frames=4, think=True), {"thinking": "both", "repeat": 2})):
        with Running(options) as url:
            run = run_eval(EvalOptions(endpoint=url, golden=ROOT / "golden", out=out, concurrency=4,
                                       request=RequestOptions(model=""), **extra))
        write_reports(run)
        runs.append(run)
    return runs


def save(png: bytes, path: Path) -> None:
    """A palette PNG: screenshots of text shrink several times and stay sharp."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    print(f"{path}: {image.width}x{image.height}, {path.stat().st_size // 1024} KiB")


def shoot(runs: list[Path], docs: Path) -> None:
    from playwright.sync_api import sync_playwright

    from assetgen.app.compare import compare_runs

    _, (_, compare_page) = compare_runs(runs[:2], Path(tempfile.mkdtemp()) / "compare.md")
    viewer = (runs[2] / "report.html").resolve().as_uri()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(viewer)
        save(page.screenshot(clip={"x": 0, "y": 0, "width": 1200, "height": 820}), docs / "viewer-summary.png")
        save(page.locator("#thinking").screenshot(), docs / "viewer-thinking.png")
        page.goto(viewer + "#cases?verdict=not-correct&thinking=on&category=counting")
        page.wait_for_timeout(300)
        save(page.screenshot(), docs / "viewer-cases.png")
        page.locator("article.case:not([hidden]) figure.sheet img").first.click()
        page.wait_for_timeout(300)
        save(page.screenshot(), docs / "viewer-sheet.png")
        page.goto(compare_page.resolve().as_uri() + "#accuracy")
        page.wait_for_timeout(300)
        save(page.screenshot(), docs / "compare.png")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reuse", nargs=3, type=Path, metavar=("A", "B", "C"), help="existing run folders")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "assetgen-screenshot-runs")
    args = parser.parse_args()
    runs = args.reuse or make_runs(args.out)
    if args.reuse:
        from assetgen.app.report import write_reports

        for run in runs:
            write_reports(run)
    shoot(runs, ROOT / "docs")


if __name__ == "__main__":
    main()

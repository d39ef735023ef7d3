"""`assetgen compare RUN…`: the second seed article's side-by-side table (issue #34) over two runs, drafting off
and on, with their footprints — in Markdown, the terminal and the viewer."""

from __future__ import annotations

import dataclasses
import io
import re

from fake_openai import FakeServer
from rich.console import Console
from test_footprint_report import page, with_footprint
from test_speculative import looping_run, run

from assetgen.app.compare import compare_runs
from assetgen.app.grading import grade_run
from assetgen.report.article_table import article_grid
from assetgen.report.compare import build, compare
from assetgen.report.console import print_comparison
from assetgen.run.records import Timing


def at(report, tps):
    return dataclasses.replace(report, records=[r.model_copy(update={"timing": Timing(decode_tps=tps)})
                                                for r in report.records])


def two_runs(tmp_path):
    with FakeServer(answer="7644", metrics=page(0, 0, 0, 0)) as server:
        raw_dir = run(server, tmp_path)
    fast_dir = looping_run(tmp_path)
    with_footprint(raw_dir, [("pool", page(0.0, 0, 0, 0)), ("pool", page(0.02, 4, 0, 0)), ("pool", page(0, 0, 0, 0))])
    with_footprint(fast_dir, [("pool", page(0.0, 0, 0, 7)), ("pool", page(0.5, 4, 3, 9)), ("pool", page(0, 0, 0, 9))])
    return raw_dir, fast_dir


def test_the_table_over_two_runs_drafting_off_and_on(tmp_path):
    raw_dir, fast_dir = two_runs(tmp_path)
    table = compare(at(grade_run(raw_dir), 12.13), at(grade_run(fast_dir), 29.38))
    assert "## Side by side: speed, quality, memory" in table
    header = next(line for line in table.splitlines() if line.startswith("| Run | Decode tok/s"))
    assert "Instruction following" in header and "KV peak used" in header and "Fast but broken" in header
    rows = [line for line in table.splitlines() if line.startswith(("| A: fake-vlm", "| B: fake-vlm"))]
    a, b = rows[:2]
    # A: no drafting, 2% of 2,097,152 tokens at peak, no preemptions; its accuracy 1 of 4
    assert "| 12.1* | n/a | off | — | 25% (1/4) | n/a | 2,097,152 tok (1.00 GiB) | 2.0% (41,943 tok) | 0 | — |" in a
    # B: drafting, 2.42x A's decode, the counters' acceptance and curve, fast but broken, 2 preemptions
    assert "| 29.4* | n/a | on, 2.42× vs A | 80% (81.0% → 76.2% → 71.4%, falling) | 0% (0/4) |" in b
    assert b.endswith("| 50.0% (1,048,576 tok) | 2 | YES |")
    assert re.search(r"Fast but broken: B: fake-vlm[^|\n]* — its speed is no result", table)


def test_terminal_and_viewer_show_it_and_a_run_without_footprint_says_na(tmp_path):
    raw_dir, fast_dir = two_runs(tmp_path)
    (raw_dir / "footprint.json").unlink()
    comparison, written = compare_runs([raw_dir, fast_dir])
    out = io.StringIO()
    print_comparison((comparison, written), Console(file=out, width=300))
    terminal = out.getvalue()
    assert "Side by side: speed, quality" in terminal and "Side by side: memory" in terminal
    assert "50.0% (1,048,576 tok)" in terminal and "YES" in terminal
    page_html = written[1].read_text()
    viewer = page_html.split('id="side-by-side"')[1].split("</section>")[0]
    assert "50.0% (1,048,576 tok)" in viewer and "Instruction following" in viewer
    sides = build([grade_run(raw_dir), grade_run(fast_dir)]).sides
    [a_row, b_row] = article_grid([(s.name, s.report) for s in sides])[1]
    assert a_row[7:10] == ["n/a", "n/a", "n/a"] and b_row[9] == "2"  # A has no footprint.json: its memory is n/a

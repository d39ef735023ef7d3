"""benchmarks/grading_agreement.py's two-reader lines and blind_reading.py's second-reading packets.

Synthetic readings only: the held-back rows' answers are not to be read by whoever changes the graders.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "data" / "grading"))

import blind_reading  # noqa: E402
import grading_agreement as ga  # noqa: E402


def test_two_readings_counts_unread_rows_against_the_publisher(monkeypatch, capsys):
    first = {"r1": "A", "r2": "B", "r3": None, "r4": "C"}
    second = {"r1": "A", "r2": "B", "r3": "D", "r4": "C"}
    monkeypatch.setattr(ga, "adjudicated", lambda name="": first if name.endswith("ted.jsonl") else second)
    rows = [  # (row id, grader, the row with the publisher's parse)
        ("r1", "A", {"reference": "B"}),  # read twice, readers alike, grader right
        ("r2", "C", {"reference": "B"}),  # readers alike, grader wrong: a miss, 'another letter'
        ("r3", "D", {"reference": "D"}),  # readers differ: the grader agrees with one of them
        ("r4", "C", {"reference": "C"}),  # a control
        ("r5", "A", {"reference": "A"}),  # not read, grader = publisher: counts as agreeing
        ("r6", None, {"reference": "B"}),  # not read, grader != publisher (a new disagreement): a miss until read
        # not read, the publisher's verdict 'incorrect' only: any option but the truth agrees with it, the truth not
        ("r7", "A", {"reference": None, "truth": "B", "publisher_verdict_only": True}),
        ("r8", "B", {"reference": None, "truth": "B", "publisher_verdict_only": True}),
    ]
    ga.two_readings("held-back", rows)
    out = capsys.readouterr().out
    assert "read blind twice (4:" in out and "the two readers agree on 3/4" in out
    assert "with at least one of them on 3/4" in out
    assert "another letter 1" in out and "none for a letter 0" in out
    assert "reader with reader 7/8" in out  # r3 differs; unread rows count as read alike
    # r2, r6 and r8 miss
    assert "with the readers (their reading where they agree, either where they differ) 5/8" in out


def test_reread_packets_hold_only_the_text_a_reader_needs(tmp_path):
    blind_reading.reread(tmp_path, "test-seed", 2)
    keys = json.loads((tmp_path / "keys.json").read_text("utf-8"))
    rows = [json.loads(line) for part in (1, 2) for line in (tmp_path / f"packet_{part}.jsonl").read_text("utf-8")
            .splitlines()]
    assert {r["key"] for r in rows} == set(keys)
    assert set(keys.values()) == set(ga.adjudicated())  # every row read once, and nothing else
    # no parse, truth or reading; only whether the options were shown without letters
    assert all(set(r) - {"letters_shown"} == {"key", "question", "options", "answer"} for r in rows)


def test_ratios_round_down_so_a_figure_short_of_a_goal_never_prints_as_it():
    from collections import Counter

    assert ga.ratio(Counter({True: 9786, False: 101})) == "9786/9887 = 98.9%"  # 98.98%, not 99.0%
    assert ga.ratio(Counter({True: 9789, False: 98})) == "9789/9887 = 99.0%"
    assert ga.ratio(Counter({True: 3})) == "3/3 = 100.0%" and ga.ratio(Counter()) == "0/0"

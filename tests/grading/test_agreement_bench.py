"""benchmarks/grading_agreement.py's two- and three-reader lines and blind_reading.py's later-reading packets.

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
    third = {"r3": None}  # the third reader sides with the first: the grader's D is a miss by two of three
    readings = {"real_mc_adjudicated.jsonl": first, "real_mc_adjudicated_2.jsonl": second,
                "real_mc_adjudicated_3.jsonl": third}
    monkeypatch.setattr(ga, "adjudicated", lambda name="": readings[name])
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
    assert "read the 1 rows the first two read differently and sided with one of them on 1" in out
    assert "elsewhere the first reading stands) 4/8" in out  # r3 too misses now


def test_two_of_three_readers_decide_only_where_the_first_two_differ():
    first = {"a": "A", "b": "B", "c": None, "d": "C"}
    second = {"a": "A", "b": "C", "c": "D", "d": "A"}
    third = {"a": "D", "b": "C", "c": "B"}  # 'a': the first two agree, a third reading changes nothing
    # 'b': the third sides with the second; 'c': with neither, so the first stands; 'd': unread, the first stands
    assert ga.majority(first, second, third) == {"a": "A", "b": "C", "c": None, "d": "C"}


def test_tiebreak_packet_holds_the_rows_read_differently_and_as_many_controls(tmp_path, monkeypatch):
    ids = sorted(ga.adjudicated())[:8]  # real row ids (their text goes to the packet only), synthetic readings
    first = dict.fromkeys(ids, "A")
    second = {**first, ids[0]: "B", ids[1]: None, ids[2]: "C"}  # three rows read differently
    third = {ids[2]: "C", ids[7]: "A"}  # ids[2] already broken; ids[7] a control read before
    readings = {"real_mc_adjudicated.jsonl": first, "real_mc_adjudicated_2.jsonl": second,
                "real_mc_adjudicated_3.jsonl": third}
    monkeypatch.setattr(ga, "adjudicated", lambda name="": readings[name])
    blind_reading.tiebreak(tmp_path, "test-seed", "held-back")
    keys = json.loads((tmp_path / "keys.json").read_text("utf-8"))
    rows = [json.loads(line) for line in (tmp_path / "packet.jsonl").read_text("utf-8").splitlines()]
    chosen = set(keys.values())
    assert {ids[0], ids[1]} <= chosen and ids[2] not in chosen and ids[7] not in chosen
    assert len(chosen) == len(rows) == 4  # two read differently, two controls read alike
    assert all(set(r) - {"letters_shown"} == {"key", "question", "options", "answer"} for r in rows)


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

#!/usr/bin/env python3
"""Prepare and merge a blind reading of held-back multiple-choice disagreements (see the data README).

    python tests/data/grading/blind_reading.py packet --out DIR [--seed S] [--part looked-at]
    python tests/data/grading/blind_reading.py merge --dir DIR --labels LABELS.jsonl [--into NAME]
    python tests/data/grading/blind_reading.py reread --out DIR --seed S [--parts N]
    python tests/data/grading/blind_reading.py tiebreak --out DIR --seed S [--part looked-at]

`packet` picks, from the held-back trusted rows of every real-MC draw not read before, those where the grader
and the publisher's parse disagree, and as many agreeing rows drawn at random as a control; it shuffles them under
opaque keys and writes DIR/packet.jsonl (key, question, options, answer: nothing else) and DIR/keys.json (key ->
row id, for `merge`). It prints counts only: whoever changes the graders must not see these rows.
`merge` appends the reader's labels (key, choice, sure, why) to real_mc_adjudicated.jsonl under their row ids.
`reread` makes the packet for a second reading of every row read once (disagreements and controls alike, under new
keys, shuffled, split into N parts for N readers): a reader who saw neither the first reading nor the graders, so
that two careful humans' agreement on the same rows is measured; `merge --into real_mc_adjudicated_2.jsonl`
appends those labels.
`tiebreak --part P` makes the packet for a third reader: the rows of part P the first two readers read differently
(and as many they read alike, as a control, under new keys, shuffled); `merge --into real_mc_adjudicated_3.jsonl`
(or real_mc_looked_3.jsonl) appends those labels, and the reading two of three readers give is the one that counts.
`packet --part looked-at` does the same for the looked-at rows (their disagreements and as many controls): readings
the graders' authors may read, to learn which looked-at disagreements are the grader's misses; merged --into
real_mc_looked_1.jsonl and real_mc_looked_2.jsonl (two readers of the same packet).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent
ROOT = DATA.parent.parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

import grading_agreement as ga  # noqa: E402

from graders import grade  # noqa: E402

# files `merge --into` may write
READINGS = tuple(name for part in ga.HALVES for name in (*ga.READINGS[part], ga.THIRD[part]))


def _rows_by_id() -> dict[str, dict]:
    return {f"{r['source']}/{r['model']}/{r['question_id']}": r for name in ga.REAL_MC for r in ga.real_mc_rows(name)}


def _write_packet(path: Path, keyed: list[tuple[str, str, dict]]) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for key, _, row in keyed:
            shown = {} if row.get("letters_shown", True) else {"letters_shown": False}  # options listed unlettered
            handle.write(json.dumps({"key": key, "question": row.get("question") or "", "options": row["options"],
                                     **shown, "answer": row["answer"]}, ensure_ascii=False) + "\n")


def _trusted(part: str) -> list[tuple[str, dict, bool]]:
    """The trusted rows of one part not read before, each with whether grader and publisher agree."""
    read = set(ga.adjudicated(ga.READINGS[part][0]))
    out = []
    for row in (r for name in ga.REAL_MC for r in ga.real_mc_rows(name)):
        row_id = f"{row['source']}/{row['model']}/{row['question_id']}"
        trusted = not (row.get("reference_defect") or row.get("publisher_parse_suspect")
                       or None in row["options"].values())
        if not trusted or ga.half(row_id) != part or row_id in read:
            continue
        g = grade(ga.mc_case(row), {"content": row["answer"], "finish_reason": "stop"})
        got = g.extracted if isinstance(g.extracted, str) and g.extracted in ga.LETTERS else None
        # a verdict-only parse names no option: such a row is always read, as a disagreement would be
        out.append((row_id, row, ga.publisher_agrees(row, got) and not row.get("publisher_verdict_only")))
    return out


def _keyed(seed: str, rows: list[tuple[str, dict]]) -> list[tuple[str, str, dict]]:
    """(opaque key, row id, row), shuffled by the key: the key is a hash of the seed and the row id."""
    return sorted(((hashlib.sha256(f"{seed}/{i}".encode()).hexdigest()[:10], i, r) for i, r in rows),
                  key=lambda keyed: keyed[:2])


def _write_packets(out_dir: Path, keyed: list[tuple[str, str, dict]], parts: int = 0) -> None:
    """DIR/packet.jsonl (or, in `parts` parts, DIR/packet_1.jsonl …) and DIR/keys.json, key -> row id."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if parts:
        for part in range(parts):
            _write_packet(out_dir / f"packet_{part + 1}.jsonl", keyed[part::parts])
    else:
        _write_packet(out_dir / "packet.jsonl", keyed)
    (out_dir / "keys.json").write_text(json.dumps({k: i for k, i, _ in keyed}, indent=0), "utf-8")


def packet(out_dir: Path, seed: str, part: str = "held-back") -> None:
    rows = _trusted(part)
    disagree = [(i, r) for i, r, same in rows if not same]
    agree = [(i, r) for i, r, same in rows if same]
    control = random.Random(seed).sample(agree, min(len(disagree), len(agree)))
    chosen = disagree + control
    keyed = _keyed(seed, chosen)
    _write_packets(out_dir, keyed)
    print(f"{len(keyed)} rows in {out_dir / 'packet.jsonl'}: {len(disagree)} disagreements, {len(control)} controls")


def reread(out_dir: Path, seed: str, parts: int) -> None:
    """Every row read once, for a second reader: the packet does not say which rows were disagreements."""
    rows = _rows_by_id()
    first = ga.adjudicated()
    keyed = _keyed(seed, [(i, rows[i]) for i in first])
    _write_packets(out_dir, keyed, parts)
    print(f"{len(keyed)} rows in {parts} packets under {out_dir}")


def tiebreak(out_dir: Path, seed: str, part: str) -> None:
    """A third reading of the rows the first two readers read differently and no third reader has read, with as
    many rows they read alike drawn at random as a control, shuffled under new keys: the packet does not say which
    is which."""
    first, second = (ga.adjudicated(name) for name in ga.READINGS[part])
    third = ga.adjudicated(ga.THIRD[part])
    twice = sorted(i for i in first.keys() & second.keys() if i not in third)
    split = [i for i in twice if first[i] != second[i]]
    alike = [i for i in twice if first[i] == second[i]]
    chosen = split + random.Random(seed).sample(alike, min(len(split), len(alike)))
    rows = _rows_by_id()
    keyed = _keyed(seed, [(i, rows[i]) for i in chosen])
    _write_packets(out_dir, keyed)
    print(f"{len(keyed)} rows in {out_dir / 'packet.jsonl'}: {len(split)} read differently, "
          f"{len(chosen) - len(split)} controls")


def merge(out_dir: Path, labels: Path, into: str = ga.READINGS["held-back"][0]) -> None:
    keys = json.loads((out_dir / "keys.json").read_text("utf-8"))
    target = DATA / into
    read = set(ga.adjudicated(into))
    rows = _rows_by_id()
    lines = []
    for label in map(json.loads, filter(None, labels.read_text("utf-8").splitlines())):
        row_id = keys[label["key"]]
        if row_id in read:
            continue
        choice = label.get("choice")
        if choice is not None and choice not in rows[row_id]["options"]:
            # checked before anything is written: a reading that names no option of its row is read again
            raise SystemExit(f"label {label['key']}: choice {choice!r} is none of the row's options or null")
        lines.append(json.dumps({"row_id": row_id, "choice": choice, "sure": bool(label.get("sure")),
                                 "why": str(label.get("why", ""))[:300]}, ensure_ascii=False))
    with target.open("a", encoding="utf-8") as handle:
        handle.writelines(line + "\n" for line in lines)
    print(f"{len(lines)} readings added to {target.name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("packet")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--seed", default="20261201-2")  # the second reading's seed
    p.add_argument("--part", choices=ga.HALVES, default="held-back")
    m = sub.add_parser("merge")
    m.add_argument("--dir", type=Path, required=True)
    m.add_argument("--labels", type=Path, required=True)
    m.add_argument("--into", choices=READINGS, default=ga.READINGS["held-back"][0])
    r = sub.add_parser("reread")
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--seed", required=True)
    r.add_argument("--parts", type=int, default=1)
    t = sub.add_parser("tiebreak")
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--seed", required=True)
    t.add_argument("--part", choices=ga.HALVES, default="held-back")
    args = parser.parse_args()
    if args.command == "packet":
        packet(args.out, args.seed, args.part)
    elif args.command == "reread":
        reread(args.out, args.seed, args.parts)
    elif args.command == "tiebreak":
        tiebreak(args.out, args.seed, args.part)
    else:
        merge(args.dir, args.labels, args.into)


if __name__ == "__main__":
    main()

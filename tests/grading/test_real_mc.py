"""real_mc.jsonl.gz and its later draws real_mc_2.jsonl.gz to real_mc_11.jsonl.gz are well formed and do not overlap.

Each row has consecutive option letters from A, a publisher reference that is one of them or none, a
truth that is one of them or none, and a row id (source/model/question_id) found in no other row of
any draw. Failures name row ids only: the held-back rows' answers are not to be read.
"""
from __future__ import annotations

import gzip
import hashlib
import itertools
import json
import re
from collections import Counter
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "grading"
DRAWS = ("real_mc.jsonl.gz", "real_mc_2.jsonl.gz", "real_mc_3.jsonl.gz", "real_mc_4.jsonl.gz", "real_mc_5.jsonl.gz",
         "real_mc_6.jsonl.gz", "real_mc_7.jsonl.gz", "real_mc_8.jsonl.gz", "real_mc_9.jsonl.gz", "real_mc_10.jsonl.gz",
         "real_mc_11.jsonl.gz", "real_mc_12.jsonl.gz", "real_mc_13.jsonl.gz", "real_mc_14.jsonl.gz",
         "real_mc_15.jsonl.gz", "real_mc_16.jsonl.gz", "real_mc_17.jsonl.gz", "real_mc_18.jsonl.gz",
         "real_mc_19.jsonl.gz", "real_mc_20.jsonl.gz", "real_mc_21.jsonl.gz", "real_mc_22.jsonl.gz",
         "real_mc_23.jsonl.gz")
LATER = DRAWS[1:10]  # the later draws from the first draw's releases; the eleventh is from others
SOURCES = {"MathVista", "LogicVista", "MMMU", "MMMU-Pro", "MATH-Vision", "BLINK"}
FIELDS = {"source", "source_repo", "source_path", "model", "question_id", "question", "options", "answer",
          "reference", "truth", "publisher_parse_raw", "publisher_parser"}
BARE = re.compile(r"\s*\(?([A-Za-z])\)?[.:]?\s*")


def _rows(name: str) -> list[dict]:
    with gzip.open(DATA / name, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _id(row: dict) -> str:
    return f"{row['source']}/{row['model']}/{row['question_id']}"


def _held_back(row_id: str) -> bool:
    """benchmarks/grading_agreement.py's split: one row id in three, by its sha256."""
    return int(hashlib.sha256(row_id.encode("utf-8")).hexdigest(), 16) % 3 == 0


ROWS = {name: _rows(name) for name in DRAWS}


@pytest.mark.parametrize("name", DRAWS)
def test_ids_unique_within_a_draw(name):
    ids = [_id(row) for row in ROWS[name]]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("earlier, later", itertools.combinations(DRAWS, 2))
def test_no_row_repeats_across_draws(earlier, later):
    assert not {_id(row) for row in ROWS[earlier]} & {_id(row) for row in ROWS[later]}


@pytest.mark.parametrize("name", DRAWS)
def test_rows_have_letters_and_references(name):
    bad = []
    for row in ROWS[name]:
        letters = list(row["options"])
        ok = (FIELDS <= set(row) and row["answer"].strip()
              and letters == [chr(ord("A") + i) for i in range(len(letters))] and len(letters) >= 2
              and (row["reference"] is None or row["reference"] in letters)
              and (row["truth"] is None or row["truth"] in letters))
        if not ok:
            bad.append(_id(row))
    assert not bad, bad[:10]


@pytest.mark.parametrize("name", LATER)
def test_later_draw_size_and_sources(name):
    rows = ROWS[name]
    per_source = Counter(row["source"].split(" (")[0] for row in rows)
    assert 1300 <= len(rows) <= 2000  # the later draws shrink as runs run out (RAN_OUT)
    assert set(per_source) == SOURCES
    # the draw is weighted to where the first draw's held-back misses were
    assert max(per_source, key=per_source.get) == "MathVista"


@pytest.mark.parametrize(("name", "kosmos_dsp", "cmmmu"), [("real_mc_11.jsonl.gz", 14, 200),
                                                           ("real_mc_12.jsonl.gz", 0, 200),
                                                           ("real_mc_13.jsonl.gz", 0, 186),
                                                           ("real_mc_14.jsonl.gz", 0, 0),
                                                           ("real_mc_15.jsonl.gz", 0, 0),
                                                           ("real_mc_17.jsonl.gz", 0, 0),
                                                           ("real_mc_18.jsonl.gz", 0, 0),
                                                           ("real_mc_19.jsonl.gz", 0, 0),
                                                           ("real_mc_20.jsonl.gz", 0, 0),
                                                           ("real_mc_21.jsonl.gz", 0, 0),
                                                           ("real_mc_23.jsonl.gz", 0, 0)])
def test_other_release_draws_take_every_group(name, kosmos_dsp, cmmmu):
    """build_other_releases.py: the same number from every (source, model) group, but Kosmos-2's dsp run, whose
    answers are mostly empty (the eleventh draw took all 14 that are not); CMMMU's one run gives 200 while it has
    them (the thirteenth draw took the 186 multiple-choice answers left; none are left for the fourteenth)."""
    per_group = Counter((row["source"], row["model"]) for row in ROWS[name])
    sizes: dict[str, set[int]] = {}
    for (source, model), n in per_group.items():
        if model != "Kosmos-2 [dsp]":
            sizes.setdefault(source, set()).add(n)
    assert sizes == {"M3CoT": {40}, "TempCompass": {90}, "PuzzleVQA": {25}, "A-OKVQA": {40},
                     **({"CMMMU": {cmmmu}} if cmmmu else {})}
    assert per_group["M3CoT", "Kosmos-2 [dsp]"] == kosmos_dsp
    # M3CoT: 9 VLMs, 24 of their prompt runs in the snapshot
    assert len(per_group) == 23 + bool(kosmos_dsp) + 3 + 3 + 7 + bool(cmmmu)


@pytest.mark.parametrize("name", ("real_mc_11.jsonl.gz", "real_mc_12.jsonl.gz", "real_mc_13.jsonl.gz",
                                  "real_mc_14.jsonl.gz", "real_mc_15.jsonl.gz", "real_mc_17.jsonl.gz",
                                  "real_mc_18.jsonl.gz", "real_mc_19.jsonl.gz", "real_mc_20.jsonl.gz",
                                  "real_mc_21.jsonl.gz", "real_mc_23.jsonl.gz"))
def test_other_release_draws_mark_how_each_release_asked_and_parsed(name):
    """Video rows are TempCompass's; unlettered options are A-OKVQA's; a verdict-only parse names no option,
    judged an answer other than the truth; no row is set apart as a publisher defect."""
    rows = ROWS[name]
    assert {r["source"] for r in rows if r.get("modality") == "video"} == {"TempCompass"}
    assert {r["source"] for r in rows if r.get("letters_shown") is False} == {"A-OKVQA"}
    assert {r["source"] for r in rows if r.get("question_lists_options")} == {"TempCompass", "A-OKVQA"}
    verdicts = [r for r in rows if r.get("publisher_verdict_only")]
    assert verdicts and all(r["reference"] is None and r["truth"] in r["options"] for r in verdicts)
    assert not any(r.get("reference_defect") or r["publisher_parse_suspect"] for r in rows)


@pytest.mark.parametrize("name", ("real_mc_3.jsonl.gz", "real_mc_4.jsonl.gz"))
def test_later_draw_takes_the_same_number_from_every_group(name):
    """Every run of a source gives the draw the same number of rows (none ran out of candidates)."""
    per_group = Counter((row["source"], row["model"]) for row in ROWS[name])
    sizes: dict[str, set[int]] = {}
    for (source, _), n in per_group.items():
        sizes.setdefault(source.split(" (")[0], set()).add(n)
    assert sizes == {"MathVista": {50}, "LogicVista": {40}, "MMMU": {60}, "MMMU-Pro": {30}, "MATH-Vision": {12},
                     "BLINK": {15}}


# runs with fewer answers left than a draw takes (of those the sampling rule may take: at most 60% not a bare
# letter), after the earlier draws. A run emptied stays empty: the first draw that got none of its rows
EMPTIED = {("MathVista", "InstructBLIP-Vicuna-13B"): 6, ("MathVista", "GPT-4 [text-only, zero-shot]"): 7,
           ("LogicVista", "InstructBLIP-Vicuna-7B"): 7, ("LogicVista", "MiniGPT-4 (Vicuna-7B)"): 7,
           ("MathVista", "GPT-4 [text-only, 2-shot CoT]"): 8, ("MathVista", "GPT-4 [2-shot CoT + OCR text]"): 8,
           ("LogicVista", "MiniGPT-4 (Vicuna-13B)"): 8, ("MathVista", "Claude-2 [text-only, 2-shot CoT]"): 9,
           ("MathVista", "LLaVAR"): 10}
SHORT = {5: {("MathVista", "InstructBLIP-Vicuna-13B"): 12},
         6: {("MathVista", "GPT-4 [text-only, zero-shot]"): 30, ("LogicVista", "InstructBLIP-Vicuna-7B"): 32,
             ("LogicVista", "MiniGPT-4 (Vicuna-7B)"): 25},
         7: {("MathVista", "GPT-4 [text-only, 2-shot CoT]"): 19, ("MathVista", "GPT-4 [2-shot CoT + OCR text]"): 40,
             ("LogicVista", "MiniGPT-4 (Vicuna-13B)"): 17},
         8: {("MathVista", "Claude-2 [text-only, 2-shot CoT]"): 46},
         9: {("MathVista", "LLaVAR"): 47},
         10: {("MathVista", "ChatGPT [2-shot CoT + OCR text]"): 37,
              ("MathVista", "ChatGPT [text-only, 2-shot CoT]"): 22,
              ("MathVista", "Claude-2 [2-shot CoT + OCR text]"): 2, ("MathVista", "IDEFICS-9B-Instruct"): 32,
              ("MathVista", "LLaMA-Adapter-V2"): 48, ("MathVista", "LLaVA-LLaMA-2-13B"): 43,
              ("MathVista", "MiniGPT-4-LLaMA-2"): 49, ("MathVista", "Multimodal Bard"): 38,
              ("MathVista", "mPLUG-Owl-7B"): 31, ("LogicVista", "Otter-9B"): 19}}
RAN_OUT = {f"real_mc_{n}.jsonl.gz": {**{run: 0 for run, first in EMPTIED.items() if first <= n}, **short}
           for n, short in SHORT.items()}


@pytest.mark.parametrize("name", sorted(RAN_OUT))
def test_late_draws_take_every_group_size_but_the_runs_that_ran_out(name):
    """Draws 5 to 10 take the fourth's group sizes, except from runs with fewer answers left than that."""
    per_group = Counter((row["source"].split(" (")[0], row["model"], row["source"]) for row in ROWS[name])
    drawn = Counter()
    for (source, model, _), n in per_group.items():
        drawn[source, model] += n
    assert {key: drawn[key] for key in RAN_OUT[name]} == RAN_OUT[name]
    sizes: dict[str, set[int]] = {}
    for (source, model, _), n in per_group.items():
        if (source, model) not in RAN_OUT[name]:
            sizes.setdefault(source, set()).add(n)
    assert sizes == {"MathVista": {50}, "LogicVista": {40}, "MMMU": {60}, "MMMU-Pro": {30}, "MATH-Vision": {12},
                     "BLINK": {15}}


def test_sixteenth_draw_takes_what_the_first_releases_have_left():
    """Draw 16 (after five draws from other releases) comes from the first draw's releases again: the tenth's group
    sizes, from the runs with answers left; no emptied run gives a row, and MathVista has only text-only runs left."""
    rows = ROWS["real_mc_16.jsonl.gz"]
    per_source = Counter(row["source"].split(" (")[0] for row in rows)
    assert per_source == {"BLINK": 285, "MATH-Vision": 156, "MMMU": 120, "MMMU-Pro": 120, "LogicVista": 102,
                          "MathVista": 93}
    runs = {(row["source"].split(" (")[0], row["model"]) for row in rows}
    assert not runs & set(EMPTIED)
    assert {model for source, model in runs if source == "MathVista"} == {"Claude-2 [text-only, zero-shot]",
                                                                         "ChatGPT [text-only, zero-shot]"}


def test_twenty_second_draw_takes_what_the_first_releases_have_left():
    """Draw 22 (after five more from other releases) comes from the first draw's releases again, as the sixteenth:
    LogicVista's runs and all but one of MathVista's have nothing left; MMMU-Pro's GPT-4o and MMMU's runs give most."""
    rows = ROWS["real_mc_22.jsonl.gz"]
    per_source = Counter(row["source"].split(" (")[0] for row in rows)
    assert per_source == {"BLINK": 285, "MATH-Vision": 156, "MMMU": 120, "MMMU-Pro": 120, "MathVista": 38}
    runs = {(row["source"].split(" (")[0], row["model"]) for row in rows}
    assert not runs & set(EMPTIED)
    assert {model for source, model in runs if source == "MathVista"} == {"Claude-2 [text-only, zero-shot]"}
    assert not {row_id for row_id in map(_id, rows)} & {_id(row) for name in DRAWS if name != "real_mc_22.jsonl.gz"
                                                             for row in ROWS[name]}


@pytest.mark.parametrize("name", (*LATER, "real_mc_16.jsonl.gz", "real_mc_22.jsonl.gz"))
def test_later_draw_suspect_flag_follows_the_audit_rule(name):
    """publisher_parse_suspect: the answer states exactly one option letter and the reference differs."""
    wrong = []
    for row in ROWS[name]:
        bare = BARE.fullmatch(row["answer"])
        stated = {bare.group(1).upper()} if bare else {
            x for x in re.findall(r"\(([A-Z])\)", row["answer"]) if x in row["options"]}
        expected = len(stated) == 1 and stated.pop() != row["reference"]
        if row.get("publisher_parse_suspect") is not expected:
            wrong.append(_id(row))
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("name", DRAWS)
def test_hand_checks_only_on_looked_at_rows(name):
    """A hand check reads the answer, so it is made on looked-at rows only."""
    held_back = [_id(row) for row in ROWS[name]
                 if row.get("reference_defect", "").startswith("hand-checked") and _held_back(_id(row))]
    assert not held_back, held_back[:10]



def _readings(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text("utf-8").splitlines() if line.strip()]


READINGS = {"real_mc_adjudicated.jsonl": True, "real_mc_adjudicated_2.jsonl": True,
            "real_mc_looked_1.jsonl": False, "real_mc_looked_2.jsonl": False}  # name -> of held-back rows


@pytest.mark.parametrize("name", READINGS)
def test_blind_readings_name_rows_of_their_part_with_their_letters(name):
    """Each reading names a row of its part once, with one of that row's letters or none; a second reading
    (blind_reading.py reread) only re-reads rows the first reading read."""
    if not (DATA / name).exists():
        pytest.skip(f"{name} not written yet")
    rows = {_id(row): row for draw in DRAWS for row in ROWS[draw]}
    readings = _readings(name)
    ids = [r["row_id"] for r in readings]
    assert len(ids) == len(set(ids))
    assert [i for i in ids if i not in rows or _held_back(i) != READINGS[name]] == []
    assert [r["row_id"] for r in readings
            if r["choice"] is not None and r["choice"] not in rows[r["row_id"]]["options"]] == []
    if name == "real_mc_adjudicated_2.jsonl":
        assert set(ids) <= {r["row_id"] for r in _readings("real_mc_adjudicated.jsonl")}
